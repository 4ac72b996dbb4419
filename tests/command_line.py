"""The command line run inside the test's process, as a user runs ``literature ARGS`` in a shell.

Every failure must be an exit (a usage error, or one clear line and exit code 2), never a traceback:
both helpers check that before they return.

    >>> code, out, err = run("--help")
    >>> code, "Usage" in out, err
    (0, True, '')
"""

from __future__ import annotations

from collections.abc import Mapping

from typer.testing import CliRunner, Result

from trainer.cli import app


def invoke(*args: str, input: str | None = None, env: Mapping[str, str] | None = None) -> Result:
    """The result of ``literature ARGS`` (``input`` typed on standard input, ``env`` added to the environment)."""
    result = CliRunner().invoke(app, list(args), input=input, env=env)
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), result.exception  # never a traceback
    return result


def run(*args: str, input: str | None = None, env: Mapping[str, str] | None = None) -> tuple[int, str, str]:
    """The exit code, standard output and standard error of ``literature ARGS``."""
    result = invoke(*args, input=input, env=env)
    return result.exit_code, result.stdout, result.stderr
