"""``literature daily --json`` answered without Typer, Rich or the engine: the one command scripts call often.

A script (a chat bot posting the day's puzzle, a widget) runs ``daily --json``
and wants the record at once, but importing Typer alone takes about a fifth of
a second. :func:`run` recognises exactly ``daily --json`` with at most one
``--date`` (``--date D`` or ``--date=D``, in any order) and prints what the
Typer command prints, through the same function (:func:`print_daily_json`):
the record of the built-in pack that ``puzzles.daily`` schedules for the date,
read from the pack's index and one part of it, served as verified by the
pack's build (``pack.verified``). Anything else (``--help``, ``--week``, a
typo) it declines, and Typer answers as usual. A bad date is one line on
standard error and exit code 2, as from every command. It lives beside
:mod:`trainer.start`, not in ``trainer.cli``, whose package registers (imports)
every command.

    >>> parse(["daily", "--json", "--date=2026-12-09"])
    DailyJson(day='2026-12-09')
    >>> parse(["daily", "--json"]), parse(["daily", "--week", "--json"]), parse(["daily", "--json", "--help"])
    (DailyJson(day=None), None, None)
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from datetime import date

EXIT_BAD_INPUT = 2


@dataclass(frozen=True)
class DailyJson:
    """``daily --json``, for the date ``--date`` gives (as typed; ``None``: today)."""

    day: str | None


def parse(args: Sequence[str]) -> DailyJson | None:
    """The ``daily --json`` request ``args`` make, or ``None`` when they ask anything else (or say it
    in a way only Typer should judge, as ``--date --json``)."""
    if not args or args[0] != "daily":
        return None
    as_json = False
    day: str | None = None
    dated = False
    rest = list(args[1:])
    while rest:
        arg = rest.pop(0)
        if arg == "--json" and not as_json:
            as_json = True
        elif arg.startswith("--date=") and not dated:
            day, dated = arg.removeprefix("--date="), True
        elif arg == "--date" and not dated and rest and not rest[0].startswith("-"):
            day, dated = rest.pop(0), True
        else:
            return None
    return DailyJson(day) if as_json else None


def print_daily_json(day: date) -> None:
    """Print the daily puzzle of ``day`` as its JSON record (one line)."""
    import json

    from puzzles.daily import checked_daily  # here, not at the top: every command passes through this module

    print(json.dumps(checked_daily(day).to_json(), ensure_ascii=False))


def run(args: Sequence[str]) -> bool:
    """Answer ``args`` here if they are a ``daily --json`` request (then ``True``); else ``False``."""
    request = parse(args)
    if request is None:
        return False
    from puzzles.daily import parse_day
    from trainer.clock import now
    from trainer.game.errors import LiteratureError

    try:
        now()  # as the Typer command does: a LITERATURE_NOW outside its window is refused, whatever --date says
        print_daily_json(parse_day(request.day))
        sys.stdout.flush()
    except LiteratureError as error:
        print(error, file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT) from None
    except BrokenPipeError:  # the reader went away (``| head``): nothing more to say, no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(0) from None
    return True
