"""The Typer application and what every command shares: error handling and options.

Commands stay thin: they parse options, call the library, and hand the result
to :mod:`trainer.render`. A :class:`~trainer.game.errors.LiteratureError`
becomes one line on standard error and exit code 2, never a traceback.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import typer

from trainer.game.errors import LiteratureError

F = TypeVar("F", bound=Callable[..., Any])

app = typer.Typer(
    name="literature",
    help="Exact deduction trainer and puzzle generator for the card game Literature (Fish).",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)

EXIT_BAD_INPUT = 2
TIME_LIMIT = 50.0
"""Seconds before ``review`` (of its analysis) and ``generate --from`` (from its start) stop (``--time-limit``),
so that with reading the input and writing the output the command stays under a minute."""


@app.callback()
def _root() -> None:
    """Exact deduction trainer and puzzle generator for the card game Literature (Fish)."""


def fail(message: str) -> typer.Exit:
    """Print ``message`` as one line on standard error; return the exit to raise."""
    print(message, file=sys.stderr)
    return typer.Exit(EXIT_BAD_INPUT)


def command(*args: Any, **kwargs: Any) -> Callable[[F], F]:
    """Register a command whose bad input ends in one clear line and exit code 2."""

    def wrap(function: F) -> F:
        @functools.wraps(function)
        def guarded(*a: Any, **k: Any) -> Any:
            try:
                return function(*a, **k)
            except LiteratureError as error:
                raise fail(str(error)) from None
            except KeyboardInterrupt:
                print("interrupted", file=sys.stderr)
                raise typer.Exit(130) from None
            except BrokenPipeError:
                raise typer.Exit(0) from None

        app.command(*args, **kwargs)(guarded)
        return function

    return wrap
