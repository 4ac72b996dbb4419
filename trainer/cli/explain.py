"""``literature explain GAME.lit TARGET``: why a card (or every card of a set) is where it is, in human steps;
``literature explain --puzzle ID``: a built-in puzzle's explanation, step by step with its rungs."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from trainer.cli.app import GAME, command, switch
from trainer.cli.choices import DepthChoice, to

if TYPE_CHECKING:
    from trainer.game.cards import Card
    from trainer.game.notation import Game


@command("explain", short_help="Explain a deduction step by step, with its techniques and grade.")
def explain(
    file: Annotated[Path | None, GAME()] = None,
    target: Annotated[str | None, typer.Argument(metavar="TARGET", help="A card (6D) or a set (LD) to explain.",
                                                 show_default=False)] = None,
    puzzle: Annotated[str | None, typer.Option("--puzzle", metavar="ID", help="Instead of a game: a puzzle of the "
                                               "built-in pack, its explanation step by step.")] = None,
    as_player: Annotated[
        str | None,
        typer.Option("--as", metavar="PLAYER", help="See the game as this player (their hand must be listed)."),
    ] = None,
    public: Annotated[bool, switch("--public", "See the game as an onlooker: no hand known.")] = False,
    at: Annotated[int | None, typer.Option("--at", metavar="N", help="Only the first N events (default: all).")] = None,
    depth: Annotated[DepthChoice, typer.Option("--depth", help="How much to give away.")] = DepthChoice.FULL,
    as_json: Annotated[bool, switch("--json", "Print JSON instead of the Rich view.")] = False,
    ladder: Annotated[bool, switch("--ladder", "Also give the puzzle level: the lowest rung of the ladder whose "
                                               "techniques place the target (needs a player's view).")] = False,
) -> None:
    """Explain a deduction step by step (nudge, clue or full), with its grade; or, when not forced, the odds."""
    import json

    from trainer.engine.possible import read_game
    from trainer.engine.solve import default_viewer
    from trainer.explain.depth import Depth
    from trainer.explain.explanation import explain_game
    from trainer.game.errors import LiteratureError

    if puzzle is not None:
        _puzzle(puzzle, as_json)
        return
    if file is None or target is None:  # the usage error Typer gives a missing argument
        from typer._click import exceptions as errors  # the click that typer carries, as trainer.cli.app
        from typer._click.globals import get_current_context

        context = get_current_context()
        missing = "file" if file is None else "target"
        raise errors.MissingParameter(ctx=context, param=next(p for p in context.command.params if p.name == missing))  # type: ignore[arg-type]
    game = read_game(file)
    try:
        viewer = default_viewer(game.setup, as_player, public)
    except LiteratureError as error:
        raise error.located(str(file)) from None
    if ladder and viewer is None:
        raise LiteratureError("--ladder needs a player's view (--as PLAYER): the careful player has a hand")
    found = explain_game(game, viewer, target, at)
    level = _level(game, viewer, at, found.assignment) if ladder and viewer is not None else None
    open_card = next(iter(found.assignment), None) if not found.is_set and found.holder is None else None
    deal = None
    if open_card is not None and open_card in found.holders:  # not forced: show a deal where it is elsewhere
        from trainer.engine.witness import table_now
        from trainer.explain.refusal import witnesses

        events = game.events[: len(game.events) if at is None else at]
        deal = table_now(game.setup, events, witnesses(game, viewer, at, 1, [], seed=0)[0])
    if as_json:
        data = found.as_json(to(Depth, depth))
        if ladder:
            data["ladder"] = None if level is None else {"level": level[0], "name": level[1]}
        if deal is not None:
            data["witness"] = {"hands_now": {p: [c.code for c in cards] for p, cards in deal.items()}}
        print(json.dumps(data, ensure_ascii=False))
    else:
        from trainer.render.explain import show_explanation

        show_explanation(found, to(Depth, depth))
        if deal is not None:
            from trainer.render.witness import show_deal

            show_deal(deal, "One deal that fits everything seen, drawn at random (hands now; "
                      f"{open_card.symbol if open_card else ''} marked):", open_card)
        if ladder:
            print("Level: not forced, no level." if level is None else
                  f"Level {level[0]} ({level[1]}): the lowest rung of the ladder whose techniques place it.")


def _puzzle(puzzle_id: str, as_json: bool) -> None:
    """Print a built-in puzzle's stored explanation (JSON: id, level, steps with rung, technique, text, moves)."""
    import json

    from puzzles.difficulty import explanation_json
    from puzzles.model import Puzzle
    from puzzles.packs import BUILT_IN, record
    from trainer.game.errors import LiteratureError

    data = record(puzzle_id)
    if data is None:
        raise LiteratureError(f"{BUILT_IN}: no puzzle {puzzle_id!r} (an id is as 'literature daily --json' "
                             "prints it; 'literature pack --out FILE' writes them all)")
    found = Puzzle.from_json(data)
    if as_json:
        print(json.dumps(explanation_json(found), ensure_ascii=False))
        return
    from trainer.render.explain import show_puzzle_explanation

    show_puzzle_explanation(found)


def _level(game: Game, viewer: str, at: int | None, assignment: Mapping[Card, str | None]) -> tuple[int, str] | None:
    """The ladder level of the explained target (``None`` when a card of it is not forced)."""
    from puzzles.ladder import NAMES, level_of

    if any(holder is None for holder in assignment.values()):
        return None
    events = game.events[:at] if at is not None else game.events
    answer = {card: holder for card, holder in assignment.items() if holder is not None}
    level = level_of(game.setup.only(viewer), events, viewer, answer)
    return level, NAMES[level]
