"""The one clock the program reads: the local time, or a fixed moment from ``LITERATURE_NOW``.

Everything that depends on the date (the daily puzzle, streaks, review
schedules) asks :func:`now` or :func:`today`, so setting ``LITERATURE_NOW`` to
an ISO date and time replays any day exactly (tests do; so can a bug report).

    >>> import os
    >>> os.environ["LITERATURE_NOW"] = "2026-11-30T09:15:00+01:00"
    >>> now().isoformat(), today().isoformat()
    ('2026-11-30T09:15:00+01:00', '2026-11-30')
    >>> del os.environ["LITERATURE_NOW"]
"""

from __future__ import annotations

import os
from datetime import date, datetime

from trainer.game.errors import LiteratureError

VARIABLE = "LITERATURE_NOW"


def now() -> datetime:
    """The current moment, timezone-aware (``LITERATURE_NOW`` when set).

    A fixed moment without a UTC offset is taken in the machine's local time.

    >>> import os
    >>> os.environ["LITERATURE_NOW"] = "soon"
    >>> now()
    Traceback (most recent call last):
    ...
    trainer.game.errors.LiteratureError: LITERATURE_NOW must be an ISO time like 2026-11-30T09:00+00:00, not 'soon'
    >>> del os.environ["LITERATURE_NOW"]
    """
    fixed = os.environ.get(VARIABLE, "").strip()
    if not fixed:
        return datetime.now().astimezone()
    try:
        moment = datetime.fromisoformat(fixed)
    except ValueError:
        raise LiteratureError(
            f"{VARIABLE} must be an ISO time like 2026-11-30T09:00+00:00, not {fixed!r}"
        ) from None
    return moment if moment.tzinfo else moment.astimezone()


def today() -> date:
    """The current date where the learner is (the date of :func:`now`)."""
    return now().date()
