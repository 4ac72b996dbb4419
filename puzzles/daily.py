"""The daily puzzle: the same one for everyone on a date, a different one each day.

The built-in pack is put in one fixed order (its ids sorted, then shuffled by
a constant seed) and day ``d`` gets the puzzle at ``(d - EPOCH) mod size``.
So two consecutive days never share a puzzle, and the cycle repeats only after
as many days as the pack holds. Nothing depends on the clock but the date asked.

    >>> one = daily_puzzle(date(2026, 1, 1))
    >>> one.id == daily_puzzle(date(2026, 1, 1)).id != daily_puzzle(date(2026, 1, 2)).id
    True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import date
from functools import lru_cache

from puzzles.model import Puzzle
from puzzles.packs import load_pack
from trainer.game.errors import LiteratureError

EPOCH = date(2026, 1, 1)
"""Day 0 of the cycle."""

_ORDER_SEED = "literature-daily-v1"


def daily_order(puzzles: Sequence[Puzzle]) -> list[Puzzle]:
    """The pack in daily order: sorted by id, then shuffled by a constant seed."""
    ordered = sorted(puzzles, key=lambda p: p.id)
    random.Random(_ORDER_SEED).shuffle(ordered)
    return ordered


@lru_cache(maxsize=1)
def _builtin_order() -> tuple[Puzzle, ...]:
    return tuple(daily_order(load_pack()))


def daily_puzzle(day: date, puzzles: Sequence[Puzzle] | None = None) -> Puzzle:
    """The puzzle of ``day`` (from the built-in pack unless ``puzzles`` is given).

    >>> from puzzles.grade import example_claim
    >>> daily_puzzle(date(1999, 12, 31), [example_claim()]).id == example_claim().id
    True
    """
    order = _builtin_order() if puzzles is None else tuple(daily_order(puzzles))
    if not order:
        raise LiteratureError("there is no puzzle to choose the daily one from")
    return order[(day - EPOCH).days % len(order)]


def parse_day(text: str | None) -> date:
    """``YYYY-MM-DD`` (default: today, in local time).

    >>> parse_day("2026-03-01")
    datetime.date(2026, 3, 1)
    >>> parse_day("March 1")
    Traceback (most recent call last):
    ...
    trainer.game.errors.LiteratureError: --date must be YYYY-MM-DD, not 'March 1'
    """
    if text is None:
        return date.today()
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise LiteratureError(f"--date must be YYYY-MM-DD, not {text!r}") from None
