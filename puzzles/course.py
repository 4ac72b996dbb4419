"""The course: one lesson per rung of the ladder, and one for playing from memory (``literature learn``, ``/learn``).

A lesson is values only (its words are :mod:`trainer.render.course`'s): the rung it teaches
(:data:`puzzles.model.LEVEL_NAMES`; the memory lesson is the recall drill, level 0), a worked example and
a guided puzzle from the built-in pack, and the technique the explanation names for that rung. After the
guided puzzle comes practice at the lesson's level until **mastery**: :data:`MASTERY_RIGHT` of the last
:data:`MASTERY_OF` practice puzzles right at the first answer. Mastery marks the lesson done in the
learner's store (:meth:`puzzles.store.Progress.record` with ``lesson``, in the transaction that stores the
attempt) and the next lesson becomes the one to do; any lesson may be opened at any time.

Every face reads the same standing (:func:`standings`, from :meth:`puzzles.store.Progress.lessons`): the
terminal's ``learn`` and ``learn --json``, ``/learn`` and the home page.

    >>> [lesson.rung for lesson in LESSONS]
    [1, 2, 3, 4, 5, 6, 0]
    >>> mastered([True, False, True, True, True]), mastered([True, True, True, False, False, True])
    (True, False)
    >>> course = standings({1: LessonProgress(1, "2026-01-01T09:00:00+00:00", None, (True, True))})
    >>> [s.status for s in course][:3], next_number(course)
    (['started', 'new', 'new'], 1)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from puzzles.lessons import MASTERY_OF, MASTERY_RIGHT, LessonProgress, mastered
from puzzles.model import LEVEL_NAMES, RECALL_LEVEL, Puzzle
from puzzles.store import Progress
from trainer.game.errors import LiteratureError

STATUSES = ("done", "started", "new")
"""A lesson's status for a learner: mastered; opened but not mastered; never opened."""


@dataclass(frozen=True)
class Lesson:
    """One lesson: its ``number``, the ``rung`` it teaches (0: playing from memory), the puzzles of its
    worked ``example`` and of its ``guided`` try (ids in the built-in pack), the ``technique`` its steps are
    named by in the explanations, and whether its practice is played from ``memory``."""

    number: int
    rung: int
    example: str
    guided: str
    technique: str
    memory: bool = False

    @property
    def name(self) -> str:
        """The rung's name, as the ladder says it (``elimination`` ... ``case analysis``, ``recall``)."""
        return LEVEL_NAMES[self.rung]


LESSONS = (
    Lesson(1, 1, "p-2c315bd1bae4", "p-07184a252918", "elimination"),
    Lesson(2, 2, "p-140a10ea8815", "p-915b5e330042", "ask inference"),
    Lesson(3, 3, "p-0114541968d8", "p-08aacc7d4a95", "ask inference"),
    Lesson(4, 4, "p-8d737a324148", "p-c81d23659b85", "hand counting"),
    Lesson(5, 5, "p-180bfdcaa6fb", "p-25599c977c38", "shared asks"),
    Lesson(6, 6, "p-150bf2a5ce6c", "p-322595e7ac91", "case analysis"),
    Lesson(7, RECALL_LEVEL, "p-fe29d563e58a", "p-bf6704aa45b8", "seen", memory=True),
)
"""The course, in order: the six rungs of the ladder, then playing from memory."""


@dataclass(frozen=True)
class Standing:
    """A lesson as one learner stands with it: its ``status`` (:data:`STATUSES`) and its progress."""

    lesson: Lesson
    status: str
    progress: LessonProgress | None

    @property
    def recent(self) -> tuple[bool, ...]:
        """The first answers of the last :data:`MASTERY_OF` practice puzzles, oldest first."""
        return self.progress.recent[-MASTERY_OF:] if self.progress else ()

    @property
    def right(self) -> int:
        """How many of :attr:`recent` were right at the first answer."""
        return sum(self.recent)


def lesson(number: int) -> Lesson:
    """Lesson ``number``; :class:`LiteratureError` naming the lessons there are when there is none.

    >>> lesson(3).name
    'ask history'
    >>> lesson(9)
    Traceback (most recent call last):
    ...
    trainer.game.errors.LiteratureError: there is no lesson 9: the lessons are 1 to 7
    """
    for found in LESSONS:
        if found.number == number:
            return found
    raise LiteratureError(f"there is no lesson {number}: the lessons are 1 to {len(LESSONS)}")


def standings(progress: Mapping[int, LessonProgress]) -> list[Standing]:
    """Every lesson with the learner's status in it, from the store's :meth:`~puzzles.store.Progress.lessons`."""
    found = []
    for each in LESSONS:
        held = progress.get(each.number)
        status = "new" if held is None else "done" if held.done else "started"
        found.append(Standing(each, status, held))
    return found


def next_number(course: Sequence[Standing]) -> int | None:
    """The lesson to do next: the first not done (``None`` when every lesson is done)."""
    return next((s.lesson.number for s in course if s.status != "done"), None)


def puzzle(puzzle_id: str) -> Puzzle:
    """A lesson's puzzle from the built-in pack, checked as every served puzzle is.

    >>> puzzle(LESSONS[0].example).level
    1
    """
    from puzzles.files import puzzles_from_json
    from puzzles.packs import BUILT_IN, record
    from puzzles.verify import verified

    data = record(puzzle_id)
    if data is None:
        raise LiteratureError(f"the course's puzzle {puzzle_id} is not in the {BUILT_IN}")
    return verified(puzzles_from_json(data, f"{BUILT_IN}, puzzle {puzzle_id}")[0], BUILT_IN)


def practice_pool(chosen: Lesson) -> list[Puzzle]:
    """The puzzles a lesson's practice draws from: the training pool's puzzles of its level (the pack's recall
    drills for the memory lesson), none from the moment of its example or guided puzzle; shortest history
    first (a beginner reads less), and one puzzle of each game moment before a second of any.

    >>> pool = practice_pool(LESSONS[0])
    >>> len({p.log for p in pool[:20]}), pool[0].level
    (20, 1)
    """
    from puzzles.model import is_recall
    from puzzles.packs import load_pack, training_pool

    shown = {puzzle(chosen.example).log, puzzle(chosen.guided).log}
    drawn = [p for p in load_pack() if is_recall(p)] if chosen.rung == RECALL_LEVEL else training_pool()
    pool = sorted((p for p in drawn if p.level == chosen.rung and p.log not in shown), key=lambda p: p.id)
    again: dict[str, int] = {}
    order = {}
    for p in pool:
        order[p.id] = again.get(p.log, 0)
        again[p.log] = order[p.id] + 1
    return sorted(pool, key=lambda p: (order[p.id], len(p.log), p.id))


def next_practice(chosen: Lesson, tried: Collection[str], pool: Sequence[Puzzle] | None = None) -> Puzzle | None:
    """The next practice puzzle: the first of the pool not tried yet (else the first, when all were).

    >>> first = next_practice(LESSONS[0], set())
    >>> first.level, next_practice(LESSONS[0], {first.id}).id != first.id
    (1, True)
    """
    found = practice_pool(chosen) if pool is None else pool
    return next((p for p in found if p.id not in tried), found[0] if found else None)


def course_of(store: Path | None) -> list[Standing]:
    """The course as the learner of ``store`` stands with it (every lesson new without a learner).

    >>> import tempfile
    >>> store = Path(tempfile.mkdtemp()) / "p.sqlite3"
    >>> open_lesson(store, 2)
    >>> [s.status for s in course_of(store)][:3], next_number(course_of(None))
    (['new', 'started', 'new'], 1)
    """
    if store is None:
        return standings({})
    with Progress(store) as progress:
        return standings(progress.lessons())


def open_lesson(store: Path, number: int) -> None:
    """Note in ``store`` that its learner opened lesson ``number`` (the first time counts)."""
    with Progress(store) as progress:
        progress.open_lesson(lesson(number).number)


def practice_for(store: Path, chosen: Lesson) -> Puzzle | None:
    """The next practice puzzle of ``chosen`` for the learner of ``store`` (:func:`next_practice`)."""
    with Progress(store) as progress:
        tried = progress.attempted_ids()
    return next_practice(chosen, tried)


__all__ = ["LESSONS", "MASTERY_OF", "MASTERY_RIGHT", "STATUSES", "Lesson", "LessonProgress", "Standing", "course_of",
           "lesson", "mastered", "next_number", "next_practice", "open_lesson", "practice_for", "practice_pool",
           "puzzle", "standings"]
