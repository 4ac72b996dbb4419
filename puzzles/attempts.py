"""Attempts under way in the browsers: one :class:`~puzzles.quiz.Attempt` per learner, page and puzzle, and the
puzzles a page serves (:func:`find_puzzle`, :func:`served_daily`).

A web page cannot hold an attempt between two requests, so the server does:
:class:`Attempts` keeps each one (its hints, tries and time) under a key (the
learner's store, the page's context such as ``daily:2026-06-10``, the
puzzle), and :func:`answer` feeds it the learner's line exactly as the
prompt of ``literature train`` does, storing the finished attempt in the
learner's store in one transaction (``Progress.record``). The replies are kept
with it, so that the page shows them after its redirect.

The attempts live in this process's memory, at most :data:`LIMIT` of them
(the oldest unused are forgotten first; an unfinished one forgotten is as if
the learner had left the prompt). A server of several processes would keep
them in the shared store instead: see ``docs/web.md``.

    >>> from puzzles.examples import example_claim
    >>> import tempfile, pathlib
    >>> store = pathlib.Path(tempfile.mkdtemp()) / "p.sqlite3"
    >>> attempts = Attempts()
    >>> served = attempts.open((str(store), "p", "x"), lambda: Served(example_claim()))
    >>> answer(served, "hint", store).kind.value
    'hint'
    >>> answer(served, "Ann 2D 3D 4D 5D 7D, Cat 6D", store).kind.value, served.recorded is not None
    ('verdict', True)
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from puzzles.daily import checked_daily
from puzzles.files import puzzles_from_json
from puzzles.model import Puzzle
from puzzles.packs import BUILT_IN, record
from puzzles.quiz import Attempt, QuizReply, QuizReplyKind
from puzzles.store import Progress, Recorded
from puzzles.streak import Streak
from puzzles.verify import verified

LIMIT = 5_000
"""The most attempts kept at once (each holds its puzzle, a few to a few tens of kB): a class of 30 learners
with a hundred puzzles each under way."""

Key = tuple[str, str, str]


@dataclass
class Served:
    """A puzzle served to one learner on one page, and what has come of it.

    ``record``: store the attempt when it ends (not for a daily still to
    come); ``daily``: the date it is the daily puzzle of; ``practice``: a
    replay (stored, never rated nor streaked); ``first``: the attempt that
    counted for this daily, when this one is its replay; ``lesson``: the
    lesson (:mod:`puzzles.course`) whose practice this is; ``memory``: played
    from memory (the history is not shown again; rated in memory mode).
    """

    puzzle: Puzzle
    record: bool = True
    daily: date | None = None
    practice: bool = False
    first: dict[str, object] | None = None
    lesson: int | None = None
    memory: bool = False
    attempt: Attempt = field(init=False)
    replies: list[QuizReply] = field(default_factory=list)
    recorded: Recorded | None = None
    streak: Streak | None = None
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def __post_init__(self) -> None:
        self.attempt = Attempt(self.puzzle, memory=self.memory, rated=self.record and not self.practice)

    @property
    def done(self) -> bool:
        """Whether the attempt has ended."""
        return self.attempt.done


class Attempts:
    """The attempts under way, by key, the least recently used forgotten beyond ``limit``."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self._served: OrderedDict[Key, Served] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Key) -> Served | None:
        """The attempt under ``key``, if there is one."""
        with self._lock:
            served = self._served.get(key)
            if served is not None:
                self._served.move_to_end(key)
            return served

    def open(self, key: Key, make: Callable[[], Served]) -> Served:
        """The attempt under ``key``, made with ``make`` when there is none."""
        with self._lock:
            served = self._served.get(key)
            if served is None:
                served = self._served[key] = make()
                while len(self._served) > self.limit:
                    self._served.popitem(last=False)
            else:
                self._served.move_to_end(key)
            return served

    def replace(self, key: Key, served: Served) -> Served:
        """Start again under ``key`` with ``served`` (a replay after the attempt ended)."""
        with self._lock:
            self._served[key] = served
            self._served.move_to_end(key)
            while len(self._served) > self.limit:
                self._served.popitem(last=False)
            return served

    def __len__(self) -> int:
        return len(self._served)


def answer(served: Served, line: str, store: Path) -> QuizReply:
    """Feed ``line`` to the attempt; when that ends it, store it in the learner's ``store`` (unless
    ``served.record`` is false). A line after the end is answered with the end again, changing nothing."""
    with served.lock:
        if served.done:
            return served.replies[-1] if served.replies else QuizReply(QuizReplyKind.QUIT, True)
        reply = served.attempt.respond(line[:2000])
        served.replies.append(reply)
        result = served.attempt.result
        if result is not None and served.record:
            with Progress(store) as progress:
                served.recorded = progress.record(
                    result.puzzle, answer=result.answer, outcome=result.outcome, correct=result.correct,
                    hints=result.hints, seconds=result.seconds, daily=served.daily, practice=served.practice,
                    ending=result.ending, lesson=served.lesson, mode="memory" if served.memory else "normal",
                )
                if served.daily is not None:
                    served.streak = progress.streak()
        return reply


_ID = re.compile(r"[A-Za-z0-9_.-]{1,100}")


def find_puzzle(puzzle_id: str, store: Path) -> Puzzle | None:
    """The puzzle ``puzzle_id``: from the built-in pack, else from the learner's review queue (a position
    missed in a game), checked before it is served; ``None`` when neither has it.

    >>> import tempfile, pathlib
    >>> find_puzzle("../x", pathlib.Path(tempfile.mkdtemp()) / "p.sqlite3") is None
    True
    """
    if not _ID.fullmatch(puzzle_id):
        return None
    data = record(puzzle_id)
    if data is not None:
        return verified(puzzles_from_json(data, f"{BUILT_IN}, puzzle {puzzle_id}")[0], BUILT_IN)
    if not store.exists():
        return None
    with Progress(store) as progress:
        found = progress.review_puzzle(puzzle_id)
    return verified(found, str(store)) if found is not None else None


def served_daily(when: date, store: Path) -> Served:
    """The daily puzzle of ``when`` served to the learner of ``store``, stored as ``literature daily`` stores
    it: a date still to come is practice that is not recorded, a daily answered before is replayed as practice
    (``first``: the answer that counted).

    >>> import tempfile, pathlib
    >>> store = pathlib.Path(tempfile.mkdtemp()) / "p.sqlite3"
    >>> served = served_daily(date(2026, 6, 10), store)
    >>> served.daily, served.practice, served.first
    (datetime.date(2026, 6, 10), False, None)
    """
    puzzle = checked_daily(when)
    with Progress(store) as progress:
        if when > progress.clock().date():
            return Served(puzzle, record=False, daily=when)
        first = progress.daily_answered(when)
    return Served(puzzle, daily=when, practice=first is not None, first=first)
