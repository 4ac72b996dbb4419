"""What a learner did with puzzles, counted one way for every face: a session's summary, ``literature stats``
(and ``--json``), the web's home page and ``/stats`` all show a :class:`Counts` made by :func:`count`.

Each attempt ends one way (its ``ending``): ``solved`` (an answer was right, at the first answer or on a
later try), ``revealed`` (the answer was shown), ``skipped`` or ``quit``. Puzzles, not attempts, are counted:
a puzzle tried on two days is one puzzle, in exactly one of

- *first answer*: the first answer given to it was right (the answer the rating counts);
- *later try*: solved, but not at that first answer (a later try, or another attempt another day);
- *revealed*: never solved, the answer shown;
- *missed*: never solved nor revealed (answered wrong, then skipped or left).

``tried`` is their sum (the puzzles answered or revealed) and ``solved`` the first two. A puzzle only ever
skipped or left before any answer is not tried: those attempts are ``skipped`` and ``quit``. The attempts are
taken oldest first.

    >>> rows = [Attempted("a", 2, True, "solved"), Attempted("b", 2, False, "solved"),
    ...         Attempted("c", 3, False, "revealed"), Attempted("d", 3, False, "skipped", answered=False)]
    >>> c = count(rows)
    >>> c.tried, c.solved, c.first_answer, c.later_try, c.revealed, c.missed, c.skipped, c.attempts
    (3, 2, 1, 1, 1, 0, 1, 3)
    >>> again = count(rows + [Attempted("c", 3, True, "solved")])  # c, answered right another day
    >>> again.first_answer, again.later_try, again.revealed
    (1, 2, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

ENDINGS = ("solved", "revealed", "skipped", "quit")
"""How an attempt ends."""

_RANK = {"first": 3, "later": 2, "revealed": 1, "missed": 0}


@dataclass(frozen=True)
class Attempted:
    """One attempt as counted: the puzzle, its level, whether the first answer was right, how it ended, and
    whether any answer was given (a skip after a wrong answer was answered; an older store's attempt whose
    ending is unknown has ``ending`` ``None`` and counts as solved only if its first answer was right)."""

    puzzle_id: str
    level: int
    correct: bool
    ending: str | None
    answered: bool = True

    @property
    def played(self) -> bool:
        """Whether it counts as tried: an answer given, or the answer revealed."""
        return self.answered or self.ending == "revealed"

    @property
    def kind(self) -> str:
        """``first``, ``later``, ``revealed`` or ``missed`` (for a played attempt)."""
        if self.correct:
            return "first"
        if self.ending == "solved":
            return "later"
        return "revealed" if self.ending == "revealed" else "missed"


@dataclass(frozen=True)
class Counts:
    """Puzzles tried, split by their best attempt, and the attempts (see the module)."""

    first_answer: int = 0
    later_try: int = 0
    revealed: int = 0
    missed: int = 0
    attempts: int = 0
    """Attempts answered or revealed (a puzzle tried twice is two)."""
    skipped: int = 0
    """Attempts skipped before any answer."""
    quit: int = 0
    """Attempts left before any answer."""

    @property
    def tried(self) -> int:
        """Puzzles answered or revealed."""
        return self.first_answer + self.later_try + self.revealed + self.missed

    @property
    def solved(self) -> int:
        """Puzzles right in the end: at the first answer or on a later try."""
        return self.first_answer + self.later_try

    @property
    def first_share(self) -> float | None:
        """The share of the puzzles tried that were right at the first answer (``None``: none tried).

        >>> Counts(first_answer=3, later_try=1).first_share, Counts().first_share
        (0.75, None)
        """
        return self.first_answer / self.tried if self.tried else None

    def to_json(self) -> dict[str, object]:
        """The numbers by name (``stats --json``).

        >>> Counts(first_answer=1, revealed=1, attempts=2)
        Counts(first_answer=1, later_try=0, revealed=1, missed=0, attempts=2, skipped=0, quit=0)
        >>> Counts(first_answer=1, revealed=1, attempts=2).to_json()["tried"]
        2
        """
        share = self.first_share
        return {"tried": self.tried, "solved": self.solved, "first_answer": self.first_answer,
                "later_try": self.later_try, "revealed": self.revealed, "missed": self.missed,
                "first_answer_share": round(share, 4) if share is not None else None,
                "attempts": self.attempts, "skipped": self.skipped, "quit": self.quit}


def count(attempts: Iterable[Attempted]) -> Counts:
    """The :class:`Counts` of some attempts, oldest first (a session's, or every stored one)."""
    kinds: dict[str, str] = {}
    played = skipped = quits = 0
    for attempt in attempts:
        if not attempt.played:
            skipped += attempt.ending == "skipped"
            quits += attempt.ending == "quit"
            continue
        played += 1
        kind = attempt.kind
        before = kinds.get(attempt.puzzle_id)
        if before is None:
            kinds[attempt.puzzle_id] = kind
        elif before != "first":  # a first answer is the first attempt's; later ones can only solve or reveal
            better = "later" if kind in ("first", "later") else kind
            kinds[attempt.puzzle_id] = max(before, better, key=_RANK.__getitem__)
    found = list(kinds.values())
    return Counts(found.count("first"), found.count("later"), found.count("revealed"), found.count("missed"),
                  played, skipped, quits)


def by_level(attempts: Iterable[Attempted]) -> dict[int, Counts]:
    """:func:`count` for each level with a puzzle tried (a puzzle counts under the level, so the technique, that
    decides it).

    >>> levels = by_level([Attempted("a", 2, True, "solved"), Attempted("b", 3, False, "revealed"),
    ...                    Attempted("c", 4, False, "skipped", answered=False)])
    >>> sorted(levels), levels[3].revealed
    ([2, 3], 1)
    """
    levels: dict[int, list[Attempted]] = {}
    for attempt in attempts:
        levels.setdefault(attempt.level, []).append(attempt)
    counted = {level: count(rows) for level, rows in sorted(levels.items())}
    return {level: counts for level, counts in counted.items() if counts.tried}


def attempted(puzzle_id: str, level: int, correct: object, ending: str | None, outcome: str) -> Attempted:
    """An attempt as stored (its ``outcome`` is its first answer's, else how it ended without one).

    >>> attempted("a", 2, 0, "revealed", "wrong").kind, attempted("a", 2, 0, "revealed", "revealed").answered
    ('revealed', False)
    """
    return Attempted(puzzle_id, int(level), bool(correct), ending, answered=outcome not in _UNANSWERED)


def kind_of(row: Mapping[str, object]) -> str:
    """How a stored attempt (a row of :meth:`puzzles.store.Progress.attempts` or ``daily_answered``) went:
    ``first``, ``later``, ``revealed`` or ``missed`` (skipped or left before any answer is ``missed`` too).

    >>> kind_of({"puzzle_id": "a", "level": 2, "correct": 0, "ending": "solved", "outcome": "wrong"})
    'later'
    """
    ending = row["ending"]
    return attempted(str(row["puzzle_id"]), int(str(row["level"])), bool(row["correct"]),
                     ending if isinstance(ending, str) else None, str(row["outcome"])).kind


def ending_of(outcome: str, correct: bool, ending: str | None = None) -> str | None:
    """How an attempt ended, when its caller did not say: right at the first answer is ``solved``; revealed,
    skipped or quit before any answer is that; else not known (``None``).

    >>> ending_of("won", True), ending_of("skipped", False), ending_of("lost", False), ending_of("lost", 0, "solved")
    ('solved', 'skipped', None, 'solved')
    """
    if ending is not None:
        return ending
    if correct:
        return "solved"
    return outcome if outcome in _UNANSWERED else None


_UNANSWERED = ("revealed", "skipped", "quit")
