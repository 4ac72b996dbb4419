"""``literature solve GAME.lit…``: what the history proves about every card, exactly."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from trainer.cli.app import GAMES, command, switch

if TYPE_CHECKING:
    from trainer.game.notation import Game


@command("solve", short_help="Exact chances of every card's holder, forced cards and sets.")
def solve(
    files: Annotated[list[Path], GAMES("Game logs to analyse.")],
    as_player: Annotated[
        str | None,
        typer.Option("--as", metavar="PLAYER", help="See the game as this player (their hand must be listed)."),
    ] = None,
    public: Annotated[bool, switch("--public", "See the game as an onlooker: no hand known.")] = False,
    at: Annotated[int | None, typer.Option("--at", metavar="N", help="Only the first N events (default: all).")] = None,
    as_json: Annotated[bool, switch("--json", "One JSON object per file, one per line.")] = False,
    witness: Annotated[
        int | None,
        typer.Option("--witness", metavar="K", min=1, max=1000,
                     help="Instead, K deals that fit, drawn at random in proportion to how many there are."),
    ] = None,
    where: Annotated[
        list[str] | None,
        typer.Option("--where", metavar="CARD=PLAYER", help="With --witness: only deals with CARD at PLAYER now."),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", metavar="S", help="With --witness: draw reproducibly.")] = None,
) -> None:
    """Exact holder probabilities of every card in play, forced cards and certain claims.

    The viewer is the player whose hand the file lists (when it lists one),
    the public when it lists none; with several, choose --as PLAYER or --public.
    With --witness K, K deals that fit the history from that view instead (every
    hand as dealt); --where 6D=Eve keeps those with Eve holding 6D now (none: exit 1).
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
        if witness is not None or where:
            _witnesses(game, viewer, at, witness or 1, where or [], seed, as_json)
            continue
        knowledge = solve_game(game, viewer, at)
        if as_json:
            print(json.dumps({"file": str(path), **knowledge.as_json()}, ensure_ascii=False), flush=True)
        else:
            from trainer.render.solve import show_knowledge

            show_knowledge(knowledge, str(path))


def _witnesses(game: Game, viewer: str | None, at: int | None, count: int, where: list[str], seed: int | None,
               as_json: bool) -> None:
    """``--witness``: the deals drawn, or one line and exit 1 when none fits ``--where``."""
    import json
    import sys

    from trainer.explain.refusal import NoWitness, witnesses

    try:
        deals = witnesses(game, viewer, at, count, where, seed)
    except NoWitness as error:
        print(f"{game.path}: {error}", file=sys.stderr)
        raise typer.Exit(1) from None
    if as_json:
        hands = [{"hands": {p: [c.code for c in cards] for p, cards in deal.items()}} for deal in deals]
        print(json.dumps({"file": str(game.path), "witnesses": hands}, ensure_ascii=False), flush=True)
        return
    from trainer.render.witness import show_witnesses

    show_witnesses(deals, str(game.path), viewer, len(game.events) if at is None else at)
