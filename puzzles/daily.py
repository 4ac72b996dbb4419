"""The daily puzzle: the same one for everyone on a date, never the same twice in a year,
easiest on Monday and hardest on Sunday.

The daily puzzles are a fixed part of the built-in pack (:func:`schedule`):
one puzzle per game, never a recall drill, in seven bands by level, Monday's
level 1 to Sunday's level 6 (:data:`DAY_LEVELS`); each band is shuffled by a
constant seed. A date takes its weekday's band and, in it, the entry of its
week since :data:`EPOCH`. So a year of dates never repeats a puzzle (every
band holds more than 52), no two dailies share a game, and the week climbs
by level. Nothing depends on the clock but the date asked.

    >>> one = daily_puzzle(date(2026, 1, 1))
    >>> one.id == daily_puzzle(date(2026, 1, 1)).id != daily_puzzle(date(2026, 1, 2)).id
    True
    >>> [d.strftime("%a") for d, _ in week(date(2026, 3, 4))]
    ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Sequence
from datetime import date, timedelta

from puzzles.files import puzzles_from_json
from puzzles.model import Puzzle, is_recall
from puzzles.packs import daily_schedule, record
from puzzles.variety import game_key
from trainer.clock import WINDOW, in_window, today
from trainer.game.errors import LiteratureError

EPOCH = date(2026, 1, 5)
"""A Monday: week 0 of the schedule."""

DAYS = 7
_ORDER_SEED = "literature-daily-v2"


DAY_LEVELS = (1, 2, 3, 4, 5, 5, 6)
"""The level of each weekday's puzzle, Monday to Sunday: it never goes down, and a week meets six levels
(Friday and Saturday share level 5, Saturday's the harder half by score)."""

BAND = 60
"""Puzzles a weekday draws from at most (one a week: distinct for more than a year)."""


def schedule(puzzles: Sequence[Puzzle]) -> list[list[str]]:
    """The daily puzzles of ``puzzles`` as seven lists of ids, Monday's (easiest) to Sunday's (hardest).

    Each weekday draws from its level (:data:`DAY_LEVELS`; the nearest level that has puzzles when its own
    has none), at most :data:`BAND` puzzles, one per game over the whole schedule (the rarest levels choose
    their games first), never a recall drill. With fewer than seven such puzzles, every day draws from all.

    >>> from puzzles.examples import example_claim
    >>> schedule([example_claim()]) == [[example_claim().id]] * 7
    True
    """
    eligible = sorted((p for p in puzzles if not is_recall(p)), key=_draw)
    if not eligible:
        raise LiteratureError("there is no puzzle but recall drills to choose the daily one from")
    if len({game_key(p) for p in eligible}) < DAYS:
        chosen = sorted({game_key(p): p for p in reversed(eligible)}.values(), key=lambda p: (p.level, p.id))
        return [[p.id for p in chosen] for _ in range(DAYS)]
    levels = sorted({p.level for p in eligible})
    wanted = [min(levels, key=lambda level: (abs(level - want), level)) for want in DAY_LEVELS]
    supply = {level: sum(1 for p in eligible if p.level == level) for level in levels}
    used: set[str] = set()
    bands: dict[int, list[Puzzle]] = {}
    for level in sorted(set(wanted), key=lambda level: (supply[level], level)):
        days = [day for day, want in enumerate(wanted) if want == level]
        taken: list[Puzzle] = []
        for puzzle in eligible:
            if puzzle.level == level and game_key(puzzle) not in used and len(taken) < BAND * len(days):
                used.add(game_key(puzzle))
                taken.append(puzzle)
        taken.sort(key=lambda p: (p.difficulty.score, p.id))
        for n, day in enumerate(days):
            bands[day] = taken[n * len(taken) // len(days): (n + 1) * len(taken) // len(days)]
    rng = random.Random(_ORDER_SEED)
    out = []
    for day in range(DAYS):
        band = [p.id for p in sorted(bands[day], key=lambda p: p.id)]
        rng.shuffle(band)
        out.append(band)
    return out


def _draw(puzzle: Puzzle) -> str:
    """A fixed pseudo-random rank of a puzzle (its id hashed with the schedule's seed)."""
    return hashlib.sha256(f"{_ORDER_SEED}:{puzzle.id}".encode()).hexdigest()


def daily_id(day: date, bands: Sequence[Sequence[str]]) -> str:
    """The id of ``day``'s puzzle in a schedule: its weekday's band, its week's entry.

    >>> daily_id(date(2026, 1, 5), [["a", "b"]] + [["x"]] * 6), daily_id(date(2026, 1, 12), [["a", "b"]] + [["x"]] * 6)
    ('a', 'b')
    """
    band = bands[day.weekday()]
    return band[((day - EPOCH).days // DAYS) % len(band)]


def daily_puzzle(day: date, puzzles: Sequence[Puzzle] | None = None) -> Puzzle:
    """The puzzle of ``day`` (from the built-in pack unless ``puzzles`` is given).

    Only the chosen record of the built-in pack is read into a :class:`Puzzle`,
    so the answer comes fast.

    >>> from puzzles.examples import example_claim
    >>> daily_puzzle(date(1999, 12, 31), [example_claim()]).id == example_claim().id
    True
    """
    if puzzles is not None:
        chosen = daily_id(day, schedule(puzzles))
        return next(p for p in puzzles if p.id == chosen)
    chosen = daily_id(day, daily_schedule())
    data = record(chosen)
    if data is None:
        raise LiteratureError(f"the built-in pack's daily schedule names {chosen}, which it does not hold")
    return puzzles_from_json(data, f"built-in pack, puzzle {chosen}")[0]


def checked_daily(day: date) -> Puzzle:
    """The built-in pack's puzzle of ``day``, checked before it is served (:func:`puzzles.verify.verified`).

    ``literature daily --json`` prints its record, with or without Typer (:mod:`trainer.quick`).
    """
    from puzzles.packs import BUILT_IN
    from puzzles.verify import verified

    return verified(daily_puzzle(day), BUILT_IN)


def week(day: date, puzzles: Sequence[Puzzle] | None = None) -> list[tuple[date, Puzzle]]:
    """The daily puzzles of the week (Monday to Sunday) that holds ``day``."""
    monday = day - timedelta(days=day.weekday())
    return [(d, daily_puzzle(d, puzzles)) for d in (monday + timedelta(days=i) for i in range(DAYS))]


def parse_day(text: str | None) -> date:
    """``YYYY-MM-DD`` (default: today, in local time), from 1970-01-01 to 9899-12-31
    (:func:`trainer.clock.in_window`: every date computed from it, a week, a streak or a review later, exists).

    >>> parse_day("2026-03-01")
    datetime.date(2026, 3, 1)
    >>> parse_day("March 1")
    Traceback (most recent call last):
    ...
    trainer.game.errors.LiteratureError: --date must be YYYY-MM-DD, not 'March 1'
    >>> parse_day("2026-02-30")
    Traceback (most recent call last):
    ...
    trainer.game.errors.LiteratureError: --date '2026-02-30' is not a day of the calendar
    >>> parse_day("9999-12-31")
    Traceback (most recent call last):
    ...
    trainer.game.errors.LiteratureError: --date must be a date from 1970-01-01 to 9899-12-31, not '9999-12-31'
    """
    if text is None:
        return today()
    shown = text if len(text) <= 40 else text[:20] + f"… ({len(text)} characters)"
    try:
        day = date.fromisoformat(text.strip())
    except ValueError:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text.strip()):
            raise LiteratureError(f"--date {shown!r} is not a day of the calendar") from None
        raise LiteratureError(f"--date must be YYYY-MM-DD, not {shown!r}") from None
    if not in_window(day):
        raise LiteratureError(f"--date must be a date {WINDOW}, not {shown!r}")
    return day
