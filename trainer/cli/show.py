"""``literature show GAME.lit [--at N]``: a view of a game at event N."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from trainer.cli.app import GAME, command


@command("show", short_help="Show a game: seats, hand sizes, known hands and the history.")
def show(
    file: Annotated[Path, GAME()],
    at: Annotated[
        int | None,
        typer.Option("--at", metavar="N", help="Show the position after the first N events (default: all)."),
    ] = None,
) -> None:
    """Show a game: seats and teams, hand sizes, known hands, claimed sets, score, history, whose turn."""
    from trainer.engine.possible import check_possible, read_game
    from trainer.game.errors import LiteratureError
    from trainer.game.notation import Game
    from trainer.render.game import show_game

    game = read_game(file)
    if at is not None and not 0 <= at <= len(game.events):
        try:
            game.state(at)  # raises: out of range
        except LiteratureError as error:
            raise error.located(str(file)) from None
    shown = game if at is None else Game(game.setup, game.events[:at], game.lines[:at], game.path)
    check_possible(shown)
    show_game(game, at)
