"""``literature daily``: today's puzzle (the same for everyone on a date), quizzed, or as JSON.

The daily counts once: the first answer to a date's puzzle is the one rated
and streaked; a replay is practice. A future date can be looked at and tried,
never recorded. After the first answer: the streak, the best streak and what
to do next.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from trainer.cli.app import command, switch

if TYPE_CHECKING:
    from datetime import date

    from puzzles.model import Puzzle


@command("daily", short_help="Today's daily puzzle (or --date's): solve it, or print it as JSON.")
def daily(
    day: Annotated[
        str | None, typer.Option("--date", help="The day, YYYY-MM-DD, 1970-01-01 to 9899-12-31 (default: today).",
                                  show_default=False)
    ] = None,
    as_json: Annotated[bool, switch("--json", "Print the puzzle record as JSON; no quiz.")] = False,
    show_week_: Annotated[
        bool, switch("--week", "List the week's daily puzzles, Monday (easiest) to Sunday (hardest).")
    ] = False,
) -> None:
    """The daily puzzle: solve it here (hints, skip, quit), or print it with --json."""
    import json

    from puzzles.daily import checked_daily, parse_day, week
    from trainer.clock import now
    from trainer.render.quiz import question_words

    now()  # a LITERATURE_NOW outside the window is refused before any puzzle is shown (or answer given)
    when = parse_day(day)
    if show_week_:
        days = week(when)
        if as_json:
            print(json.dumps([{"date": d.isoformat(), "weekday": f"{d:%A}", "id": p.id, "level": p.level,
                               "technique": p.difficulty.name, "score": p.difficulty.score,
                               "question": str(question_words(p, short=True))} for d, p in days], ensure_ascii=False))
        else:
            from trainer.clock import today as local_today
            from trainer.render.daily import show_week

            show_week(days, local_today())
        return
    if as_json:
        print(json.dumps(checked_daily(when).to_json(), ensure_ascii=False))  # also answered by trainer.quick
        return
    puzzle = checked_daily(when)
    if not sys.stdin.isatty() and _no_input():
        from trainer.render.puzzle import show_line, show_puzzle

        show_puzzle(puzzle)
        show_line("(no answer given: run 'literature daily' in a terminal to solve it)", "dim")
        return
    _answer(puzzle, when)


def _answer(puzzle: Puzzle, when: date) -> None:
    """Quiz the daily puzzle of ``when`` at the prompt, then the streak (see the module's docstring)."""
    from puzzles.store import Progress
    from trainer.cli.quizzing import line_editing, quiz
    from trainer.render.puzzle import show_line
    from trainer.render.stats import show_after_daily

    line_editing()
    with Progress() as store:
        today = store.clock().date()
        if when > today:
            show_line(f"The daily puzzle of {when} is still to come: try it if you like, nothing is recorded.", "bold")
            quiz(puzzle, store, record=False)
            return
        first = store.daily_answered(when)
        if first is not None:
            how = "solved it" if first["correct"] else "did not solve it"
            show_line(f"You answered this daily on {first['day']} and {how}: this replay is practice "
                      "(not rated, not streaked).", "bold")
            quiz(puzzle, store, daily=when, practice=True)
            return
        result = quiz(puzzle, store, daily=when)
        if result.ending == "quit" and not result.answered:
            show_line("The daily is still open: 'literature daily' to come back to it.", "dim")
            return
        show_after_daily(store.summary(), counted=when == today)


def _no_input() -> bool:
    """Whether standard input is closed or empty (then there is nothing to answer with)."""
    try:
        peek = getattr(sys.stdin, "buffer", None)
        if peek is not None and hasattr(peek, "peek"):
            return not peek.peek(1)
    except (OSError, ValueError):
        return True
    return False
