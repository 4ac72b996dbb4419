"""The daily streak: days in a row with that day's daily puzzle solved on that day.

A day counts when that day's daily puzzle is solved on that day at the first
answer (a replay is practice); the streak is the run of counted days ending
today, or yesterday while today is still open (not answered yet). A wrong
first answer today ends it. It is recomputed from the attempts, so the best
streak is always kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta


@dataclass(frozen=True)
class Streak:
    """Days in a row with the daily puzzle solved: now, at best, whether today is done, and whether today's daily
    was answered wrongly (missed: it can no longer count)."""

    current: int
    best: int
    today_done: bool
    today_missed: bool = False


def streak_of(days: set[date], today: date, missed: bool = False) -> Streak:
    """The streak from the set of counted days; ``missed``: today's daily was answered wrongly, so the run ends.

    >>> d = date(2025, 3, 10)
    >>> streak_of({d, d - timedelta(1), d - timedelta(2), d - timedelta(5)}, d)
    Streak(current=3, best=3, today_done=True, today_missed=False)
    >>> streak_of({d - timedelta(1)}, d)  # today is still open: the run lives on
    Streak(current=1, best=1, today_done=False, today_missed=False)
    >>> streak_of({d - timedelta(2)}, d)
    Streak(current=0, best=1, today_done=False, today_missed=False)
    >>> streak_of({d - timedelta(1)}, d, missed=True)  # today answered wrongly: the run is over
    Streak(current=0, best=1, today_done=False, today_missed=True)
    >>> streak_of({date.min, date.min + timedelta(1)}, date.min + timedelta(1))  # the calendar's first days
    Streak(current=2, best=2, today_done=True, today_missed=False)
    """
    best = run = 0
    previous: date | None = None
    for day in sorted(days):
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    current = 0
    missed = missed and today not in days
    day = today if today in days or today == date.min or missed else today - timedelta(days=1)
    while day in days:  # back to the first day of the calendar at most (whatever dates a store holds)
        current += 1
        if day == date.min:
            break
        day -= timedelta(days=1)
    return Streak(current, best, today in days, missed)
