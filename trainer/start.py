"""The ``literature`` console command's entry point, kept tiny so that Ctrl-C is clean from the first instant.

Importing the commands (Typer, Rich, the engine) takes a moment; a Ctrl-C
then, or at any later moment a command does not handle itself, ends the
program with ``interrupted`` and exit code 130, never a traceback.
``daily --json``, which scripts call, is answered without them
(:mod:`trainer.quick`).
"""

from __future__ import annotations

import sys


def main() -> None:
    """Run the ``literature`` command."""
    try:
        from trainer.quick import run

        if run(sys.argv[1:]):
            return
        from trainer.cli import app

        app(prog_name="literature")
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        raise SystemExit(130) from None
