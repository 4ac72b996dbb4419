"""The Typer application and what every command shares: error handling, switches, ``--version``.

Commands stay thin: they parse options, call the library, and hand the result
to :mod:`trainer.render`; each imports what it calls inside its function, so
that ``literature --help`` (which imports every command module) stays quick.
A :class:`~trainer.game.errors.LiteratureError` (a ``ValueError``) becomes one line on standard
error and exit code 2, never a traceback; so does every usage error (an
unknown option, a missing argument, a value out of range), with a second line
naming the command's ``--help``:

    >>> from typer.testing import CliRunner
    >>> result = CliRunner().invoke(app, ["solve", "--variant", "classic"])
    >>> result.exit_code, result.output.splitlines()
    (2, ['literature solve: no such option --variant', "Try 'literature solve --help'."])

Help is plain text (no boxes), as wide as the terminal.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import typer
from typer import _click as click
from typer._click import exceptions as errors  # the click that typer carries (typer>=0.29)
from typer.core import TyperGroup

F = TypeVar("F", bound=Callable[..., Any])

PROGRAM = "literature"
"""The command's name, in usage lines and errors (also when run as ``python -m trainer``)."""
EXIT_BAD_INPUT = 2
TIME_LIMIT = 50.0
"""Seconds before ``review`` (of its analysis) and ``generate --from`` (from its start) stop (``--time-limit``),
so that with reading the input and writing the output the command stays under a minute."""
MAX_TIME_LIMIT = 86_400
"""The largest ``--time-limit`` (a day, in seconds); 0 means no limit."""
MAX_SEED = 2**63 - 1
"""The largest ``--seed`` (seeds are whole numbers from 0: a game's seed is written in its log and file name)."""
MAX_WORKERS = 64
"""The most worker processes ``--workers`` may ask for (each is a whole Python process)."""
MAX_PACE = 300
"""The longest ``train --memory --pace``, in seconds per move (five minutes)."""
MAX_TRAIN = 1_000
"""The most puzzles one ``train`` session may ask for (``--count``)."""
MAX_GENERATE = 10_000
"""The most puzzles one ``generate`` may ask for (``--count``)."""
MAX_GAMES = 100_000
"""The most games one ``simulate`` may ask for (``--games``)."""


def usage_error(error: errors.UsageError) -> str:
    """The two lines a usage error prints: the command and what is wrong with what was typed, then where help is.

    >>> print(usage_error(errors.UsageError("No such command 'solv'. Did you mean 'solve'?")))
    literature: no such command 'solv'. Did you mean 'solve'?
    Try 'literature --help'.
    """
    where = error.ctx.command_path if error.ctx is not None else PROGRAM
    return f"{where}: {_what(error)}\nTry '{where} --help'."


def _what(error: errors.UsageError) -> str:
    """What is wrong, in one line without a final full stop: the option or argument first, when there is one."""
    message = " ".join(error.message.split()).removeprefix("Value error, ").rstrip(".")
    if message[:1].isupper() and not message[1:2].isupper():
        message = message[0].lower() + message[1:]
    if isinstance(error, errors.NoSuchOption):
        return f"no such option {error.option_name}"
    if isinstance(error, errors.BadParameter) and error.param is not None:
        param = error.param
        names = [o for o in param.opts if o.startswith("--")] or list(param.opts)
        name = names[0] if param.param_type_name == "option" else (param.metavar or (param.name or "").upper())
        if isinstance(error, errors.MissingParameter):
            return f"missing {'option' if param.param_type_name == 'option' else 'argument'} {name}"
        return f"{name}: {message}"
    return message


class Commands(TyperGroup):
    """The command group, with every usage error one line (and a hint) on standard error, exit code 2."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            code = super().main(args, prog_name or PROGRAM, complete_var, False, windows_expand_args, **extra)
        except errors.NoArgsIsHelpError as error:
            print(error.message)
            code = 0
        except errors.UsageError as error:
            print(usage_error(error), file=sys.stderr)
            code = EXIT_BAD_INPUT
        except errors.ClickException as error:
            print(f"{PROGRAM}: {error.format_message()}", file=sys.stderr)
            code = error.exit_code
        except typer.Abort:
            print("interrupted", file=sys.stderr)
            code = 130
        if not standalone_mode:
            return code
        sys.exit(code if isinstance(code, int) else 0)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command, its plain options converted without pydantic (:mod:`trainer.cli.coerce`), its usage
        errors naming it (the parser leaves some without their command)."""
        found = super().get_command(ctx, cmd_name)
        if found is not None:
            from trainer.cli.coerce import install

            install(found, ctx)
            found.parse_args = _naming(found.parse_args)  # type: ignore[method-assign,assignment]
        return found

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """The group's own options (``--version``, ``--help``), converted without pydantic too."""
        from trainer.cli.coerce import install

        install(self, ctx)
        return _naming(super().parse_args)(ctx, args)


def _naming(parse: Callable[[click.Context, list[str]], list[str]]) -> Callable[[click.Context, list[str]], list[str]]:
    """``parse``, its usage errors given the context (the command) they arose in when they have none."""
    if getattr(parse, "names_errors", False):
        return parse

    def named(ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return parse(ctx, args)
        except errors.UsageError as error:
            if error.ctx is None:
                error.ctx = ctx
            raise

    named.names_errors = True  # type: ignore[attr-defined]
    return named


app = typer.Typer(
    name=PROGRAM,
    cls=Commands,
    help="Exact deduction trainer and puzzle generator for the card game Literature (Fish).",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["--help", "-h"], "max_content_width": 100},
)


def switch(name: str, help: str) -> Any:
    """A boolean option that is a plain switch: ``--json`` turns it on, and help shows no ``<bool>``.

    >>> switch("--json", "Print JSON.").metavar
    ''
    """
    return typer.Option(name, help=help, metavar="")


def GAME(help: str = "A game log (.lit).") -> Any:
    """A positional argument that is one game log, shown as ``GAME.lit`` (as in docs/commands.md)."""
    return typer.Argument(metavar="GAME.lit", help=help, show_default=False)


def GAMES(help: str) -> Any:
    """A positional argument of one or more game logs, shown as ``GAME.lit`` (``{GAME.lit}...`` in the usage line)."""
    return typer.Argument(metavar="GAME.lit", help=help, show_default=False)


def version_text() -> str:
    """The distribution's name and version, as ``--version`` prints them (``literature-trainer 0.1.0``).

    The installed distribution's metadata when it is installed under its name;
    else (a checkout on ``PYTHONPATH``, an install under an older name) the
    constants of :mod:`trainer`, which equal ``pyproject.toml``'s.

    >>> version_text().split()[0]
    'literature-trainer'
    """
    from importlib import metadata

    import trainer

    try:
        version = metadata.version(trainer.__distribution__)
    except metadata.PackageNotFoundError:
        version = trainer.__version__
    return f"{trainer.__distribution__} {version}"


def _show_version(value: bool) -> None:
    if value:
        print(version_text())
        raise typer.Exit(0)


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", metavar="", is_eager=True, callback=_show_version,
        help="Print the distribution's name and version, and exit.",
    ),
) -> None:
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
            except ValueError as error:
                from trainer.game.errors import LiteratureError

                if not isinstance(error, LiteratureError):
                    raise
                raise fail(str(error)) from None
            except KeyboardInterrupt:
                print("interrupted", file=sys.stderr)
                raise typer.Exit(130) from None
            except BrokenPipeError:
                raise typer.Exit(0) from None

        app.command(*args, **kwargs)(guarded)
        return function

    return wrap
