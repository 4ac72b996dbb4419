"""``literature check GAME.lit…``: validate game logs, one summary line each."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from trainer.cli.app import EXIT_BAD_INPUT, GAMES, command


@command("check", short_help="Validate game logs: one summary line per file, or the first error.")
def check(files: Annotated[list[Path], GAMES("Game logs to validate.")]) -> None:
    """Validate game logs: print one summary line per file, or the first error (exit 2).

    Besides the rules, a log must fit some deal of the cards with every hand
    it lists: the first event after which none does is the error.
    """
    from trainer.engine.possible import check_possible, read_game
    from trainer.game.errors import LiteratureError
    from trainer.render.game import summary_line

    ok = True
    for path in files:
        try:
            game = read_game(path)
            check_possible(game)
        except LiteratureError as error:
            print(str(error), file=sys.stderr)
            ok = False
            continue
        print(summary_line(game))
    if not ok:
        raise typer.Exit(EXIT_BAD_INPUT)
