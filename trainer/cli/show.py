"""``literature show GAME.lit [--at N]``: a Rich view of a game at event N."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from trainer.cli.app import command
from trainer.game.errors import LiteratureError
from trainer.game.notation import read_game
from trainer.render.game import show_game


@command("show")
def show(
    file: Annotated[Path, typer.Argument(help="A game log (.lit).")],
    at: Annotated[
        int | None, typer.Option("--at", help="Show the position after the first N events (default: all).")
    ] = None,
) -> None:
    """Show a game: seats and teams, hand sizes, known hands, claimed sets, score, history, whose turn."""
    game = read_game(file)
    if at is not None and not 0 <= at <= len(game.events):
        total = len(game.events)
        raise LiteratureError(f"--at {at} is out of range: the game has {total} events (0 to {total})", path=str(file))
    show_game(game, at)
