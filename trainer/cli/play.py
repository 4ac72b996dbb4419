"""``literature play``: a whole game at a table of bots, with a coach; ``literature games`` lists them.

The game is saved after every move (atomically, as a complete ``.lit`` log)
in ``games/`` under the data directory; Ctrl-C, ``quit`` or the end of the
input keep it, and ``--resume`` goes on with it. When standard input is not a
terminal the prompt reads it line by line, so a session can be scripted.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer

from trainer.cli.app import GAME, MAX_SEED, command, fail, switch
from trainer.cli.choices import BotChoice, CoachChoice, VariantChoice, to


@command("play", short_help="Play a game against bots, with a coach; saved after every move.")
def play(
    variant: Annotated[VariantChoice, typer.Option(help="Rule variant.")] = VariantChoice.CLASSIC,
    players: Annotated[int, typer.Option(metavar="6|8", help="Players at the table: 6 or 8.")] = 6,
    as_name: Annotated[
        str | None,
        typer.Option("--as", metavar="NAME", help="Your seat (Ann, Bob, ...) or your name in seat 1.",
                     show_default="Ann, seat 1"),
    ] = None,
    partners: Annotated[BotChoice, typer.Option(
        help="The bots on your team: easy, medium, hard or expert (basic, human: old names of medium, easy).")] = (
        BotChoice.MEDIUM),
    opponents: Annotated[BotChoice, typer.Option(help="The bots on the other team (the same levels).")] = (
        BotChoice.MEDIUM),
    coach: Annotated[CoachChoice, typer.Option(help="off: only the game; alert: warnings; full: odds and notes.")] = (
        CoachChoice.ALERT
    ),
    seed: Annotated[int | None, typer.Option(metavar="S", min=0, max=MAX_SEED, show_default=False,
                                             help="Seed of the deal and the bots (default: a new one).")] = None,
    fast: Annotated[bool, switch("--fast", "No pause between the bots' moves (--pace 0).")] = False,
    pace: Annotated[float, typer.Option(metavar="SECONDS", min=0, max=5,
                                        help="Pause between two bots' moves on a terminal.")] = 0.4,
    open_book: Annotated[bool, switch("--open-book", "With --coach off, still allow the history.")] = False,
    resume: Annotated[
        bool, switch("--resume", "Go on with a saved game: GAME.lit, or the latest one not finished.")
    ] = False,
    file: Annotated[Path | None, GAME("The saved game --resume goes on with (default: the latest).")] = None,
) -> None:
    """Play a whole game against bots, with a coach; saved after every move."""
    from puzzles.store import games_path
    from trainer.cli.table import TerminalGame
    from trainer.game.variants import PLAYER_COUNTS, Variant
    from trainer.play.hall import Hall
    from trainer.play.match import CoachLevel, Match, Seating
    from trainer.play.protocol import BotKind
    from trainer.play.saved import latest_unfinished, load, save

    folder = games_path()
    if file is not None and not resume:
        raise fail(f"{file}: to go on with a saved game, use --resume {file}")
    if resume:
        path = file or latest_unfinished(folder)
        if path is None:
            raise fail(f"no unfinished game to resume in {folder}; start one with 'literature play'")
        match = load(path)
        if match.over:
            raise fail(f"{path}: this game is over (literature review {path} looks back at it)")
    else:
        if players not in PLAYER_COUNTS:
            raise fail(f"--players must be 6 or 8, not {players}")
        chosen = seed if seed is not None else int.from_bytes(os.urandom(3), "big")
        started = datetime.now(UTC).replace(microsecond=0).isoformat()
        seating = Seating(chosen, to(Variant, variant), players, as_name, to(BotKind, partners),
                          to(BotKind, opponents), to(CoachLevel, coach), open_book, started)
        match = Match.new(seating)
    try:
        path = save(match, folder)
    except OSError as error:
        raise fail(f"{error.filename or folder}: cannot save the game ({error.strerror or error})") from None
    TerminalGame(Hall(folder.parent), match, path, fast, pace).run()



@command("games", short_help="List the games you played: date, table, score, file.")
def games(as_json: Annotated[bool, switch("--json", "Print the list as JSON.")] = False) -> None:
    """List the games you played with 'literature play': date, table, result, file."""
    import json

    from puzzles.store import games_path
    from trainer.play.saved import saved_games
    from trainer.render.play import show_games

    found = saved_games(games_path())
    if as_json:
        print(json.dumps({"folder": str(games_path()), "games": [g.as_json() for g in found]}))
        return
    show_games(found)
