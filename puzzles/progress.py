"""The learner's progress in one import: the store, the rating, the streak and the review schedule.

Each idea has its own module; this one only gathers their public names for
callers (and scripts) that want them together:

- :mod:`puzzles.store`: the SQLite store of attempts (:class:`Progress`);
- :mod:`puzzles.store_file`: the store's schema, and whether a file is one (:func:`examine`);
- :mod:`puzzles.rating`: Glicko-2 against puzzle levels (:class:`Rating`);
- :mod:`puzzles.streak`: the daily streak (:class:`Streak`);
- :mod:`puzzles.schedule`: when a failed puzzle comes back (:func:`next_review`).

    >>> from puzzles import store
    >>> Progress is store.Progress
    True
"""

from __future__ import annotations

from puzzles.rating import (
    FAILED_OUTCOMES,
    LEVEL_RD,
    OUTCOMES,
    SOLVED_OUTCOMES,
    START_RATING,
    START_RD,
    START_VOLATILITY,
    TAU,
    Rating,
    glicko2_update,
    level_for,
    level_rating,
    score_of,
)
from puzzles.schedule import next_review
from puzzles.store import (
    BUSY_TIMEOUT_MS,
    DB_NAME,
    Progress,
    Recorded,
    Summary,
    TechniqueStats,
    default_path,
    home_dir,
)
from puzzles.store_file import APPLICATION_ID, SCHEMA_VERSION, ProgressError
from puzzles.streak import Streak, streak_of

__all__ = [
    "APPLICATION_ID",
    "BUSY_TIMEOUT_MS",
    "DB_NAME",
    "FAILED_OUTCOMES",
    "LEVEL_RD",
    "OUTCOMES",
    "SCHEMA_VERSION",
    "SOLVED_OUTCOMES",
    "START_RATING",
    "START_RD",
    "START_VOLATILITY",
    "TAU",
    "Progress",
    "ProgressError",
    "Rating",
    "Recorded",
    "Streak",
    "Summary",
    "TechniqueStats",
    "default_path",
    "glicko2_update",
    "home_dir",
    "level_for",
    "level_rating",
    "next_review",
    "score_of",
    "streak_of",
]
