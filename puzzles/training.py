"""A training session served in a browser: what ``/train`` draws, one puzzle at a time, and its summary's figures.

It draws exactly as ``literature train`` does (:func:`puzzles.session.draw`
over :func:`puzzles.session.session_pool`, on one level of the ladder or one
technique if asked, as ``--level`` and ``--technique`` do): puzzles missed
earlier and due again come first, then unseen ones nearest the learner's
level. A :class:`Training` is kept in the server's memory like the attempts
(:mod:`puzzles.attempts`), one per learner; :mod:`trainer.render.web.attempt`
words its summary.

    >>> level_choice("3"), level_choice(""), level_choice("7"), level_choice("x")
    (3, None, None, None)
"""

from __future__ import annotations

import functools
import random
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from puzzles.attempts import Served
from puzzles.counts import Counts
from puzzles.model import LEVEL_NAMES, LEVELS, Puzzle
from puzzles.packs import BUILT_IN, training_pool
from puzzles.session import Session, draw, session_pool
from puzzles.store import Progress
from trainer.game.errors import LiteratureError

_LOADING = threading.Lock()
COUNTS = (5, 10, 20)
"""The session lengths offered."""


@dataclass(frozen=True)
class SessionSummary:
    """The figures of a session just ended, as ``literature train`` ends with them."""

    counts: Counts
    minutes: float
    rating_before: float
    rating_after: float
    weakest: str | None
    exhausted: bool
    results: list[tuple[str, str, bool, bool, str]]


@dataclass
class Training:
    """One learner's session under way: its focus, what it drew, the puzzle now shown."""

    count: int
    technique: str | None
    level: int | None
    review: bool
    pool: list[Puzzle]
    due: list[Puzzle]
    seen: set[str]
    rng: random.Random
    rating_before: float
    store: Path
    session: Session = field(default_factory=Session)
    served: Served | None = None
    number: int = 0
    over: bool = False
    exhausted: bool = False
    started: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def next(self) -> None:
        """Keep the shown puzzle's result and draw the next one (or end the session)."""
        with self.lock:
            if self.served is not None:
                if not self.served.done:
                    return
                result = self.served.attempt.result
                assert result is not None
                self.session.results.append(result)
                self.served = None
            if self.number >= self.count:
                self.over = True
                return
            with Progress(self.store) as store:
                rating = store.rating().rating
            drawn = [r.puzzle for r in self.session.results]
            puzzle = draw(self.pool, rating, self.seen, self.due, self.rng, drawn,
                          lambda p: str(self.store) if p in self.due else BUILT_IN, level=self.level,
                          technique=self.technique)
            if puzzle is None:
                self.over = self.exhausted = True
                return
            self.number += 1
            self.served = Served(puzzle)

    def end(self) -> None:
        """Stop here (the shown puzzle, if answered, counts)."""
        with self.lock:
            if self.served is not None and self.served.done and self.served.attempt.result is not None:
                self.session.results.append(self.served.attempt.result)
            self.served = None
            self.over = True

    def summary(self) -> SessionSummary:
        """The session's figures, as ``literature train`` ends with them."""
        with Progress(self.store) as store:
            after = store.rating().rating
        return SessionSummary(self.session.counts(), (time.monotonic() - self.started) / 60, self.rating_before, after,
                       self.session.weakest(), self.exhausted,
                       [(r.puzzle.id, r.puzzle.difficulty.name, r.correct, r.solved, r.ending)
                        for r in self.session.played()])


def ready() -> None:
    """Read the built-in pack (about a second) once, however many sessions start at the same moment: the
    others wait for the first instead of each reading it too. ``literature serve`` calls it as it starts."""
    with _LOADING:
        training_pool()
        techniques()


@functools.cache
def techniques() -> list[str]:
    """The techniques a session can focus on: those of the built-in training pool."""
    return sorted({t for p in training_pool() for t in p.techniques})


def level_choice(text: str) -> int | None:
    """The level a form or address asks for (``None``: near the learner's rating)."""
    return int(text) if text.isdigit() and int(text) in LEVELS else None


def start(store: Path, count: int, level: int | None, technique: str | None, review: bool,
          seed: int | None) -> Training:
    """A new session for the learner of ``store``, its first puzzle drawn; ``LiteratureError`` when ``review``
    asks for puzzles due and none is."""
    ready()
    with Progress(store) as progress:
        due = progress.due_reviews()
        rating = progress.rating().rating
        seen = progress.attempted_ids() - {p.id for p in due}
    pool = session_pool(due, review=review, level=level, technique=technique)
    if review and not pool:
        raise LiteratureError("no puzzle is due for review now: start a session of new ones")
    training = Training(count, technique, level, review, pool, due, seen, random.Random(seed), rating, store)
    training.next()
    return training


def options(store: Path) -> dict[str, Any]:
    """What the form to start a session offers: the puzzles due, the rating, the techniques, lengths and levels."""
    ready()
    with Progress(store) as progress:
        due = len(progress.due_reviews())
        rating = progress.rating().rating
    return {"due": due, "rating": rating, "techniques": techniques(), "counts": COUNTS,
            "levels": [(level, LEVEL_NAMES[level]) for level in LEVELS]}
