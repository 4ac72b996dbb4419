"""``literature solve GAME.lit…``: what the history proves about every card, exactly."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from trainer.cli.app import GAMES, command, switch


@command("solve")
def solve(
    files: Annotated[list[Path], GAMES("Game logs to analyse.")],
    as_player: Annotated[
        str | None,
        typer.Option("--as", metavar="PLAYER", help="See the game as this player (their hand must be listed)."),
    ] = None,
    public: Annotated[bool, switch("--public", "See the game as an onlooker: no hand known.")] = False,
    at: Annotated[int | None, typer.Option("--at", metavar="N", help="Only the first N events (default: all).")] = None,
    as_json: Annotated[bool, switch("--json", "One JSON object per file, one per line.")] = False,
) -> None:
    """Exact holder probabilities of every card in play, forced cards and certain claims.

    The viewer is the player whose hand the file lists (when it lists one),
    the public when it lists none; with several, choose --as PLAYER or --public.
    """
    import json

    from trainer.engine.possible import read_game
    from trainer.engine.solve import default_viewer, solve_game
    from trainer.game.errors import LiteratureError

    for path in files:
        game = read_game(path)
        try:
            viewer = default_viewer(game.setup, as_player, public)
        except LiteratureError as error:
            raise error.located(str(path)) from None
        knowledge = solve_game(game, viewer, at)
        if as_json:
            print(json.dumps({"file": str(path), **knowledge.as_json()}, ensure_ascii=False), flush=True)
        else:
            from trainer.render.solve import show_knowledge

            show_knowledge(knowledge, str(path))
