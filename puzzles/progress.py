"""The learner's progress in one import: the store, the rating, the streak and the review schedule.

Each idea has its own module; this one only gathers their public names for
callers (and scripts) that want them together:

- :mod:`puzzles.store`: the SQLite store of attempts (:class:`Progress`);
- :mod:`puzzles.store_file`: the store's schema, and whether a file is one (:func:`examine`);
- :mod:`puzzles.rating`: Glicko-2 against puzzle levels (:class:`Rating`);
- :mod:`puzzles.streak`: the daily streak (:class:`Streak`);
- :mod:`puzzles.schedule`: when a failed puzzle comes back (:func:`next_review`);
- :mod:`puzzles.counts`: puzzles tried, solved, right at the first answer (:class:`Counts`).

:func:`learner_summary` is every figure about a learner, the games won too: ``literature stats``, the web's
home page and ``/stats`` all show it.

    >>> from puzzles import store
    >>> Progress is store.Progress
    True
"""

from __future__ import annotations

from pathlib import Path

from puzzles.counts import Attempted, Counts, count
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
    "Attempted",
    "Counts",
    "Progress",
    "ProgressError",
    "Rating",
    "Recorded",
    "Streak",
    "Summary",
    "count",
    "default_path",
    "glicko2_update",
    "home_dir",
    "learner_summary",
    "level_for",
    "level_rating",
    "next_review",
    "score_of",
    "streak_of",
]


def learner_summary(store: Path | None = None, games: Path | None = None, *, calendar_days: int = 28) -> Summary:
    """Every figure about the learner of ``store`` (by default the command line's): :meth:`Progress.summary`,
    with the games finished and won among those saved in ``games`` (by default the command line's folder).

        >>> import tempfile
        >>> home = Path(tempfile.mkdtemp())
        >>> s = learner_summary(home / "p.sqlite3", home / "games")
        >>> s.counts.tried, s.games_played, s.rating.rating
        (0, 0, 1500.0)
    """
    from dataclasses import replace

    from puzzles.store import games_path
    from trainer.play.saved import saved_games

    with Progress(store) as progress:
        summary = progress.summary(calendar_days)
    finished = [g for g in saved_games(games if games is not None else games_path()) if g.over]
    return replace(summary, games_played=len(finished), games_won=sum(g.won for g in finished))
