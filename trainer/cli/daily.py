"""``literature daily``: today's puzzle (the same for everyone on a date), quizzed, or as JSON."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer

from puzzles.daily import daily_puzzle, parse_day, week
from puzzles.store import Progress
from trainer.cli.app import command
from trainer.cli.train import quiz
from trainer.clock import today
from trainer.render.daily import show_week
from trainer.render.puzzle import show_line, show_puzzle


@command("daily")
def daily(
    day: Annotated[
        str | None, typer.Option("--date", help="The day, YYYY-MM-DD (default: today).", show_default=False)
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the puzzle record as JSON; no quiz.")] = False,
    show_week_: Annotated[
        bool, typer.Option("--week", help="List the week's daily puzzles, Monday (easiest) to Sunday (hardest).")
    ] = False,
) -> None:
    """The daily puzzle: solve it here (hints, skip, quit), or print it with --json."""
    when = parse_day(day)
    if show_week_:
        days = week(when)
        if as_json:
            print(json.dumps([{"date": d.isoformat(), "weekday": f"{d:%A}", "id": p.id, "level": p.level,
                               "technique": p.difficulty.name, "score": p.difficulty.score,
                               "question": p.question.text()} for d, p in days], ensure_ascii=False))
        else:
            show_week(days, today())
        return
    puzzle = daily_puzzle(when)
    if as_json:
        print(json.dumps(puzzle.to_json(), ensure_ascii=False))
        return
    if not sys.stdin.isatty() and _no_input():
        show_puzzle(puzzle)
        show_line("(no answer given: run 'literature daily' in a terminal to solve it)", "dim")
        return
    with Progress() as store:
        quiz(puzzle, store, daily=when)


def _no_input() -> bool:
    """Whether standard input is closed or empty (then there is nothing to answer with)."""
    try:
        peek = getattr(sys.stdin, "buffer", None)
        if peek is not None and hasattr(peek, "peek"):
            return not peek.peek(1)
    except (OSError, ValueError):
        return True
    return False
