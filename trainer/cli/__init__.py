"""The ``literature`` command line: one thin module per command.

Importing this package registers every command, and so runs at every start
(``--help`` too): a command module imports only Typer and
:mod:`trainer.cli.app` at its top, and what its command calls inside the
command's function.
"""

from __future__ import annotations

from trainer.cli import check as _check  # noqa: F401  (registers the command)
from trainer.cli import daily as _daily  # noqa: F401
from trainer.cli import explain as _explain  # noqa: F401
from trainer.cli import generate as _generate  # noqa: F401
from trainer.cli import grade as _grade  # noqa: F401
from trainer.cli import learn as _learn  # noqa: F401
from trainer.cli import pack as _pack  # noqa: F401
from trainer.cli import play as _play  # noqa: F401
from trainer.cli import review as _review  # noqa: F401
from trainer.cli import serve as _serve  # noqa: F401
from trainer.cli import show as _show  # noqa: F401
from trainer.cli import simulate as _simulate  # noqa: F401
from trainer.cli import solve as _solve  # noqa: F401
from trainer.cli import stats as _stats  # noqa: F401
from trainer.cli import train as _train  # noqa: F401
from trainer.cli.app import app


def main() -> None:
    """Entry point of the ``literature`` console command."""
    app()


__all__ = ["app", "main"]
