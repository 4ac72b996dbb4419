"""``/train``: a session of puzzles near the learner's rating, mixed or on one technique, the review queue first.

It draws exactly as ``literature train`` does (:func:`puzzles.session.draw`
over :func:`puzzles.session.session_pool`, on one level of the ladder or one
technique if asked, as ``--level`` and ``--technique`` do): puzzles missed earlier and due
again come first, then unseen ones nearest the learner's level. Each puzzle
is shown on the puzzle page (its theme only after answering); the session
ends with the same summary as the command's: solved, rating before and
after, the technique to practise. One session per learner, kept in the
server's memory like the attempts (:mod:`trainer.web.attempts`).
"""

from __future__ import annotations

import functools
import random
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from puzzles.model import LEVEL_NAMES, LEVELS, Puzzle
from puzzles.packs import BUILT_IN, training_pool
from puzzles.quiz import AttemptResult
from puzzles.session import Session, draw, session_pool
from puzzles.store import Progress
from trainer.game.errors import LiteratureError
from trainer.render.stats import solved_text, split_text
from trainer.web.attempts import Served
from trainer.web.learners import Learner, choose_first, current
from trainer.web.pages import page
from trainer.web.puzzles import read_line, show, take_answer

_LOADING = threading.Lock()
COUNTS = (5, 10, 20)
"""The session lengths offered."""
MAX_SESSIONS = 5_000


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

    def summary(self) -> dict[str, Any]:
        """The session's summary, as ``literature train`` ends with it."""
        played: list[AttemptResult] = self.session.played()
        counts = self.session.counts()
        weakest = self.session.weakest()
        levels = {name: level for level, name in LEVEL_NAMES.items() if level}
        with Progress(self.store) as store:
            after = store.rating().rating
        return {
            "counts": counts, "solved_text": solved_text(counts), "split_text": split_text(counts),
            "minutes": (time.monotonic() - self.started) / 60, "rating_before": self.rating_before,
            "rating_after": after, "weakest": weakest,
            "weakest_level": levels.get(weakest) if weakest else None,
            "exhausted": self.exhausted,
            "results": [(r.puzzle.id, r.puzzle.difficulty.name, r.correct, r.solved, r.ending) for r in played],
        }


def sessions(request: Request) -> dict[str, Training]:
    """The sessions under way, by learner store."""
    state = request.app.state
    if not hasattr(state, "sessions"):
        state.sessions = {}
    found: dict[str, Training] = state.sessions
    return found


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


def focus_of(level: int | None, technique: str | None, review: bool) -> str:
    """A session's focus as its page names it.

    >>> focus_of(3, None, False), focus_of(None, "shared asks", False), focus_of(None, None, True)
    ('level 3 · ask history', 'shared asks', 'review')
    """
    parts = [f"level {level} · {LEVEL_NAMES[level]}"] if level is not None else []
    parts += [technique] if technique else []
    return " · ".join(parts) or ("review" if review else "")


def level_choice(text: str) -> int | None:
    """The level a form or address asks for (``None``: near the learner's rating).

    >>> level_choice("3"), level_choice(""), level_choice("7"), level_choice("x")
    (3, None, None, None)
    """
    return int(text) if text.isdigit() and int(text) in LEVELS else None


def _start(learner: Learner, count: int, level: int | None, technique: str | None, review: bool,
           seed: int | None) -> Training:
    ready()
    with Progress(learner.store) as store:
        due = store.due_reviews()
        rating = store.rating().rating
        seen = store.attempted_ids() - {p.id for p in due}
    pool = session_pool(due, review=review, level=level, technique=technique)
    if review and not pool:
        raise LiteratureError("no puzzle is due for review now: start a session of new ones")
    training = Training(count, technique, level, review, pool, due, seen, random.Random(seed), rating, learner.store)
    training.next()
    return training


def _options(store: Path) -> dict[str, Any]:
    ready()
    with Progress(store) as progress:
        due = len(progress.due_reviews())
        rating = progress.rating().rating
    return {"due": due, "rating": rating, "techniques": techniques(), "counts": COUNTS,
            "levels": [(level, LEVEL_NAMES[level]) for level in LEVELS]}


async def train(request: Request) -> Response:
    """``/train``: the puzzle under way, the summary of a session just ended, or the form to start one."""
    learner = current(request)
    if learner is None:
        return choose_first(request)
    training = sessions(request).get(str(learner.store))
    if training is not None and training.served is not None:
        served = training.served
        if request.method == "POST":
            line, for_puzzle = await read_line(request)
            await take_answer(request, served, learner, for_puzzle, line)
        last = training.number >= training.count
        return show(request, served, action="/train", nav="train", title="Train",
                    heading="Train", session={"number": training.number, "count": training.count,
                                              "focus": focus_of(training.level, training.technique, training.review)},
                    next_form="/train/next", next_label="See the summary" if last else "Next puzzle",
                    end_form="/train/end")
    if request.method == "POST":
        return RedirectResponse("/train", status_code=303)
    summary = await run_in_threadpool(training.summary) if training is not None else None
    options = await run_in_threadpool(_options, learner.store)
    return page(request, "train.html", nav="train", title="Train", summary=summary, reason="",
                chosen=level_choice(request.query_params.get("level", "")[:3]), **options)


async def start(request: Request) -> Response:
    """``POST /train/start``: a new session (``level``: 1-6, or empty for near the rating; ``technique``: one,
    or empty for mixed; ``count``; ``review``)."""
    learner = current(request)
    if learner is None:
        return choose_first(request)
    async with request.form(max_files=0, max_fields=20, max_part_size=4096) as form:
        technique = str(form.get("technique") or "").strip()[:60] or None
        level = level_choice(str(form.get("level") or "")[:3])
        count_text = str(form.get("count") or "10")
        review = str(form.get("review") or "") == "yes"
        seed_text = str(form.get("seed") or "")
    count = int(count_text) if count_text in {str(c) for c in COUNTS} else 10
    seed = int(seed_text) if seed_text.isdigit() and len(seed_text) < 19 else None
    try:
        training = await run_in_threadpool(_start, learner, count, level, technique, review, seed)
    except LiteratureError as error:
        options = await run_in_threadpool(_options, learner.store)
        return page(request, "train.html", status=400, nav="train", title="Train", summary=None,
                    reason=error.message, chosen=level, **options)
    found = sessions(request)
    found[str(learner.store)] = training
    while len(found) > MAX_SESSIONS:
        found.pop(next(iter(found)))
    return RedirectResponse("/train", status_code=303)


async def next_puzzle(request: Request) -> Response:
    """``POST /train/next``: on to the next puzzle of the session (once the shown one is answered)."""
    learner = current(request)
    if learner is None:
        return choose_first(request)
    training = sessions(request).get(str(learner.store))
    if training is not None:
        await run_in_threadpool(training.next)
    return RedirectResponse("/train", status_code=303)


async def end(request: Request) -> Response:
    """``POST /train/end``: stop the session and see its summary."""
    learner = current(request)
    if learner is None:
        return choose_first(request)
    training = sessions(request).get(str(learner.store))
    if training is not None:
        await run_in_threadpool(training.end)
    return RedirectResponse("/train", status_code=303)


def session_of(request: Request) -> Training | None:
    """The session under way of the browser's learner, if any (for the home page)."""
    learner = current(request)
    return sessions(request).get(str(learner.store)) if learner is not None else None


routes = [
    Route("/train", train, methods=["GET", "POST"]),
    Route("/train/start", start, methods=["POST"]),
    Route("/train/next", next_puzzle, methods=["POST"]),
    Route("/train/end", end, methods=["POST"]),
]
