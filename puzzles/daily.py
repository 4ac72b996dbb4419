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

from puzzles.model import Puzzle, puzzles_from_json
from puzzles.packs import load_records
from trainer.clock import today
from trainer.game.errors import LiteratureError

EPOCH = date(2026, 1, 1)
"""Day 0 of the cycle."""

_ORDER_SEED = "literature-daily-v1"


def daily_order(puzzles: Sequence[Puzzle]) -> list[Puzzle]:
    """Puzzles in daily order: by id, sorted, then shuffled by a constant seed."""
    by_id = {p.id: p for p in puzzles}
    return [by_id[i] for i in order_ids(list(by_id))]


def order_ids(ids: Sequence[str]) -> list[str]:
    """Ids in daily order: sorted, then shuffled by a constant seed."""
    ordered = sorted(ids)
    random.Random(_ORDER_SEED).shuffle(ordered)
    return ordered


def daily_puzzle(day: date, puzzles: Sequence[Puzzle] | None = None) -> Puzzle:
    """The puzzle of ``day`` (from the built-in pack unless ``puzzles`` is given).

    Only the chosen record of the built-in pack is read into a :class:`Puzzle`,
    so the answer comes fast.

    >>> from puzzles.grade import example_claim
    >>> daily_puzzle(date(1999, 12, 31), [example_claim()]).id == example_claim().id
    True
    """
    if puzzles is not None:
        order = daily_order(puzzles)
        if not order:
            raise LiteratureError("there is no puzzle to choose the daily one from")
        return order[(day - EPOCH).days % len(order)]
    records = {r["id"]: r for r in load_records()["puzzles"]}
    ids = order_ids(list(records))
    if not ids:
        raise LiteratureError("the built-in pack holds no puzzle")
    chosen = ids[(day - EPOCH).days % len(ids)]
    return puzzles_from_json(records[chosen], f"built-in pack, puzzle {chosen}")[0]


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
        return today()
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise LiteratureError(f"--date must be YYYY-MM-DD, not {text!r}") from None
