"""The one clock the program reads: the local time, or a fixed moment from ``LITERATURE_NOW``.

Everything that depends on the date (the daily puzzle, streaks, review
schedules) asks :func:`now` or :func:`today`, so setting ``LITERATURE_NOW`` to
an ISO date and time replays any day exactly (tests do; so can a bug report).

    >>> import os
    >>> os.environ["LITERATURE_NOW"] = "2026-11-30T09:15:00+01:00"
    >>> now().isoformat(), today().isoformat()
    ('2026-11-30T09:15:00+01:00', '2026-11-30')
    >>> del os.environ["LITERATURE_NOW"]

A fixed moment, and every date a command is given (``daily --date``), must
fall in the window from :data:`EARLIEST` to :data:`LATEST`: every date computed
from one (the week around it, the streak calendar's four weeks before it, a
review due up to a hundred years after it, a moment in UTC a day either side)
then stays within the calendar Python can count (years 1 to 9999), and the
machine's local time needs no date before 1970 (:func:`in_window`).
"""

from __future__ import annotations

import os
from datetime import date, datetime

from trainer.game.errors import LiteratureError

VARIABLE = "LITERATURE_NOW"
EARLIEST = date(1970, 1, 1)
"""The first date the program accepts (``LITERATURE_NOW``, ``daily --date``)."""
LATEST = date(9899, 12, 31)
"""The last date the program accepts: a hundred years (the longest review interval, 36,500 days) and more
before the end of the calendar."""
WINDOW = f"from {EARLIEST.isoformat()} to {LATEST.isoformat()}"
"""The window in words, for error messages and help."""


def in_window(day: date) -> bool:
    """Whether ``day`` is a date the program can handle (from :data:`EARLIEST` to :data:`LATEST`).

    >>> in_window(date(2026, 7, 4)), in_window(date(9999, 12, 31)), in_window(date(1, 1, 1))
    (True, False, False)
    """
    return EARLIEST <= day <= LATEST


def now() -> datetime:
    """The current moment, timezone-aware (``LITERATURE_NOW`` when set).

    A fixed moment without a UTC offset is taken in the machine's local time;
    one that is not an ISO time, or whose date is outside the window
    (:func:`in_window`), is refused with one line.

    >>> import os
    >>> os.environ["LITERATURE_NOW"] = "soon"
    >>> now()
    Traceback (most recent call last):
    ...
    trainer.game.errors.LiteratureError: LITERATURE_NOW must be an ISO time like 2026-11-30T09:00+00:00, not 'soon'
    >>> os.environ["LITERATURE_NOW"] = "9999-12-31"
    >>> now()
    Traceback (most recent call last):
    ...
    trainer.game.errors.LiteratureError: LITERATURE_NOW must be a moment from 1970-01-01 to 9899-12-31, not '9999-12-31'
    >>> del os.environ["LITERATURE_NOW"]
    """
    fixed = os.environ.get(VARIABLE, "").strip()
    if not fixed:
        return datetime.now().astimezone()
    shown = fixed if len(fixed) <= 60 else fixed[:40] + f"… ({len(fixed)} characters)"
    try:
        moment = datetime.fromisoformat(fixed)
    except ValueError:
        raise LiteratureError(f"{VARIABLE} must be an ISO time like 2026-11-30T09:00+00:00, not {shown!r}") from None
    if not in_window(moment.date()):
        raise LiteratureError(f"{VARIABLE} must be a moment {WINDOW}, not {shown!r}")
    if moment.tzinfo:
        return moment
    try:
        return moment.astimezone()
    except (ValueError, OverflowError, OSError):  # the platform's local time does not reach it
        raise LiteratureError(
            f"{VARIABLE}: {shown!r} cannot be read in this machine's local time; give its UTC offset "
            "(as in 2026-11-30T09:00+00:00)"
        ) from None


def today() -> date:
    """The current date where the learner is (the date of :func:`now`)."""
    return now().date()
