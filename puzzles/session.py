"""A training session's logic, without the prompt: which puzzles it draws from, what it did, what it queues.

``literature train`` (:mod:`trainer.cli.train`) draws from :func:`session_pool`,
asks each puzzle at the prompt and keeps the attempts in a :class:`Session`,
whose :meth:`Session.weakest` names what to practise next. Puzzles missed
earlier and due again come first; ``--review`` draws only them; ``--memory``
only short histories (:func:`memory_pool`). ``literature play`` queues the
positions a player missed (:func:`queue_missed`).

    >>> Session().played(), Session().weakest(), Session().counts().tried
    ([], None, 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from puzzles.counts import Attempted, Counts, count
from puzzles.files import load_puzzles
from puzzles.model import Puzzle
from puzzles.quiz import AttemptResult, matching
from trainer.game.errors import LiteratureError

if TYPE_CHECKING:
    from trainer.play.match import Match
    from trainer.review import Note

MEMORY_MOVES = 40
"""Memory mode draws puzzles whose history has at most this many moves."""


@dataclass
class Session:
    """What a training session did, for its summary."""

    results: list[AttemptResult] = field(default_factory=list)
    interrupted: bool = False

    def played(self) -> list[AttemptResult]:
        """Attempts that count: answered or revealed (not skipped or quit unanswered)."""
        return [r for r in self.results if r.answered or r.ending == "revealed"]

    def counts(self) -> Counts:
        """The session's puzzles tried, solved at the first answer or on a later try, revealed, skipped: counted
        as ``literature stats`` counts every attempt (:func:`puzzles.counts.count`)."""
        return count(Attempted(r.puzzle.id, r.puzzle.level, r.correct, r.ending, r.answered) for r in self.results)

    def weakest(self) -> str | None:
        """The hardest technique of the puzzles missed, the one with the lowest accuracy this session
        (``None`` if nothing was missed). A puzzle counts for the technique that rates it."""
        tally: dict[str, list[int]] = {}
        for result in self.played():
            counts = tally.setdefault(result.puzzle.difficulty.name, [0, 0])
            counts[0] += 1
            counts[1] += result.correct
        missed = {t: s / n for t, (n, s) in tally.items() if s < n}
        if not missed:
            return None
        return min(sorted(missed), key=lambda t: (missed[t], -tally[t][0]))


def load_pool(pack: Path | None) -> list[Puzzle]:
    """Puzzles from ``--pack FILE``, else from the built-in pack's training pool
    (:func:`puzzles.packs.training_pool`: all but the daily puzzles and the recall drills)."""
    if pack is not None:
        return load_puzzles(pack)
    from puzzles.packs import training_pool

    return training_pool()


def session_pool(
    due: Sequence[Puzzle],
    *,
    review: bool = False,
    pack: Path | None = None,
    memory: bool = False,
    level: int | None = None,
    technique: str | None = None,
    kind: str | None = None,
) -> list[Puzzle]:
    """The puzzles a session draws from: with ``review``, the ``due`` ones that fit (maybe none); else the
    pack's and the ``due`` ones (positions missed in ``literature play`` are in no pack) that fit, only
    short ones with ``memory``. Raises :class:`LiteratureError` when nothing fits the focus.

    >>> session_pool([], review=True)
    []
    """
    if review:
        return matching(due, level=level, technique=technique, kind=kind) if due else []
    pool = load_pool(pack)
    known = {p.id for p in pool}
    pool = matching(pool + [p for p in due if p.id not in known], level=level, technique=technique, kind=kind)
    return memory_pool(pool) if memory else pool


def memory_pool(pool: Sequence[Puzzle]) -> list[Puzzle]:
    """The puzzles short enough to hold in one's head (at most :data:`MEMORY_MOVES` moves)."""
    short = [p for p in pool if moves(p) <= MEMORY_MOVES]
    if not short:
        raise LiteratureError(f"no puzzle that fits has a history of {MEMORY_MOVES} moves or fewer for --memory")
    return short


def moves(puzzle: Puzzle) -> int:
    """How many moves (asks, claims, passes) the puzzle's history has."""
    return sum(1 for line in puzzle.log.splitlines() if " asks " in line or " claims " in line or " passes " in line)


def queue_missed(match: Match, notes: Sequence[Note], store_path: Path | None = None) -> tuple[int, int]:
    """Queue, as puzzles for ``train``, the positions of ``match`` where the person missed a certain claim
    or a forced card (from the review's ``notes`` on their moves): how many, and how many were new.
    The learner's store (``store_path``, by default the command line's) is opened only when there is something
    to queue."""
    from puzzles.missed import missed_puzzles
    from puzzles.store import Progress

    puzzles = missed_puzzles(match.game(), match.you, notes)
    if not puzzles:
        return 0, 0
    with Progress(store_path) as store:
        return len(puzzles), store.queue(puzzles)


def draw(
    pool: Sequence[Puzzle],
    rating: float,
    seen: set[str],
    due: Sequence[Puzzle],
    rng: random.Random,
    drawn: Sequence[Puzzle],
    where: Callable[[Puzzle], str],
    *,
    level: int | None = None,
    technique: str | None = None,
    kind: str | None = None,
) -> Puzzle | None:
    """The next puzzle of a session, checked before it is served (:func:`puzzles.verify.verified`, its
    file named by ``where``); one whose level or techniques, worked out again, leave the focus is passed
    over. Each puzzle looked at joins ``seen``. ``None`` when every puzzle that fits has been tried.
    ``literature train`` and the web's ``/train`` draw with it.

    >>> from puzzles.examples import example_claim
    >>> seen: set[str] = set()
    >>> p = draw([example_claim()], 1500, seen, [], random.Random(1), [], lambda p: "examples")
    >>> p.id == example_claim().id, draw([example_claim()], 1500, seen, [], random.Random(1), [], str)
    (True, None)
    """
    from puzzles.quiz import next_puzzle
    from puzzles.verify import verified

    while True:
        puzzle = next_puzzle(pool, rating, seen, due, rng, drawn)
        if puzzle is None:
            return None
        seen.add(puzzle.id)
        puzzle = verified(puzzle, where(puzzle))
        if fits(puzzle, level=level, technique=technique, kind=kind):
            return puzzle


def fits(puzzle: Puzzle, *, level: int | None = None, technique: str | None = None, kind: str | None = None) -> bool:
    """Whether ``puzzle`` fits a session's focus: asked again of a puzzle as served, whose level and
    techniques were worked out again (:func:`puzzles.verify.verified`), not taken from its file.

    >>> from puzzles.examples import example_claim
    >>> fits(example_claim(), kind="claim"), fits(example_claim(), kind="locate")
    (True, False)
    """
    try:
        return bool(matching([puzzle], level=level, technique=technique, kind=kind))
    except LiteratureError:
        return False

