"""A lesson's progress as the store holds it, and the rule of mastery (the course is :mod:`puzzles.course`).

    >>> mastered([True, False, True, True, True]), mastered([True, True, True, False, False, True])
    (True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

MASTERY_RIGHT = 4
"""Practice puzzles right at the first answer, among the last :data:`MASTERY_OF`, that master a lesson."""
MASTERY_OF = 5
"""How many of the latest practice puzzles mastery looks at."""


@dataclass(frozen=True)
class LessonProgress:
    """What the store holds of one lesson: when it was ``opened`` and ``done`` (ISO 8601, ``None``: not yet),
    and the first answers of its practice puzzles, oldest first (``True``: right at the first answer)."""

    number: int
    opened: str
    done: str | None
    recent: tuple[bool, ...] = ()


def mastered(recent: Sequence[bool]) -> bool:
    """Whether practice has reached mastery: at least :data:`MASTERY_RIGHT` of the last :data:`MASTERY_OF`
    first answers right."""
    return sum(recent[-MASTERY_OF:]) >= MASTERY_RIGHT
