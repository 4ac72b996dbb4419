"""``literature play``: a whole game at a table of bots, with a coach; ``literature games`` lists them.

The game is saved after every move (atomically, as a complete ``.lit`` log)
in ``games/`` under the data directory; Ctrl-C, ``quit`` or the end of the
input keep it, and ``--resume`` goes on with it. When standard input is not a
terminal the prompt reads it line by line, so a session can be scripted.
"""

from __future__ import annotations

import json
import os
import select
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer

from puzzles.missed import missed_puzzles
from puzzles.store import Progress, games_path
from trainer.cli.app import command, fail
from trainer.cli.prompt import read_line
from trainer.cli.quizzing import line_editing
from trainer.game.variants import PLAYER_COUNTS, Variant
from trainer.play.bots import BotKind
from trainer.play.match import CoachLevel, Match, Seating
from trainer.play.saved import latest_unfinished, load, save, saved_games
from trainer.play.seat import Reply, Seat
from trainer.render.play import (
    reply_lines,
    show_events,
    show_games,
    show_hand,
    show_history,
    show_lines,
    show_result,
    show_review,
    show_table,
)
from trainer.review import seat_notes

PROMPT = "your move> "
PAUSE = 0.8
"""Seconds between two bots' moves on a terminal (``--fast``, or Enter, skips it)."""


@command("play")
def play(
    variant: Annotated[Variant, typer.Option(help="Rule variant.")] = Variant.CLASSIC,
    players: Annotated[int, typer.Option(help="Players at the table: 6 or 8.")] = 6,
    as_name: Annotated[
        str | None,
        typer.Option("--as", help="Your seat (Ann, Bob, ...) or your name in seat 1.", show_default="Ann, seat 1"),
    ] = None,
    partners: Annotated[BotKind, typer.Option(help="The bots on your team.")] = BotKind.BASIC,
    opponents: Annotated[BotKind, typer.Option(help="The bots on the other team.")] = BotKind.EXPERT,
    coach: Annotated[CoachLevel, typer.Option(help="off: only the game; alert: warnings; full: odds and notes.")] = (
        CoachLevel.ALERT
    ),
    seed: Annotated[int | None, typer.Option(help="Seed of the deal and the bots (default: a new one).",
                                             show_default=False)] = None,
    fast: Annotated[bool, typer.Option("--fast", help="No pause between the bots' moves.")] = False,
    open_book: Annotated[bool, typer.Option("--open-book", help="With --coach off, still allow the history.")] = False,
    resume: Annotated[
        bool, typer.Option("--resume", help="Go on with a saved game: FILE, or the latest one not finished.")
    ] = False,
    file: Annotated[
        Path | None, typer.Argument(metavar="[FILE]", help="The saved game --resume goes on with.", show_default=False)
    ] = None,
) -> None:
    """Play a whole game against bots, with a coach; saved after every move."""
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
        seating = Seating(chosen, variant, players, as_name, partners, opponents, coach, open_book, started)
        match = Match.new(seating)
    try:
        path = save(match, folder)
    except OSError as error:
        raise fail(f"{error.filename or folder}: cannot save the game ({error.strerror or error})") from None
    Game(match, path, fast).run()


class Game:
    """The terminal loop of one game: the screen, the prompt, the bots' pace, saving."""

    def __init__(self, match: Match, path: Path, fast: bool) -> None:
        self.match = match
        self.seat = Seat(match)
        self.path = path
        self.typing = sys.stdin.isatty()
        self.pace = 0.0 if fast or not sys.stdout.isatty() else PAUSE
        self.pause = self.pace
        self.typed_ahead: str | None = None

    def run(self) -> None:
        """Play to the end (or until the person leaves), then the result and the review."""
        match = self.match
        line_editing()
        show_lines((f"Game {self.path} (seed {match.seating.seed}).",), "dim")
        try:
            shown = -1
            while not match.over:
                if self.seat.your_move():
                    if shown != len(match.state.events):
                        show_table(match, self.seat.open_book)
                        show_lines(self.seat.alerts(), "bold yellow")
                        shown = len(match.state.events)
                    if not self.turn():
                        return
                else:
                    events = match.bot_move()
                    self.save()
                    show_events(events, match.you)
                    self.wait()
        except KeyboardInterrupt:
            self.save()
            show_lines(("", f"Saved: {self.path} ('literature play --resume' goes on with it)."))
            raise typer.Exit(130) from None
        self.finish()

    def turn(self) -> bool:
        """Read and answer one line; ``False`` when the person leaves."""
        self.pause = self.pace
        try:
            if self.typed_ahead is not None:
                line, self.typed_ahead = self.typed_ahead, None
                print(PROMPT + line)
            else:
                line = read_line(PROMPT)  # Ctrl-C stops it at any moment, even before the read begins
        except EOFError:
            line = "quit"
            print()
        else:
            if not self.typing:
                print(line)  # a scripted session reads like a typed one
        reply = self.seat.respond(line)
        self.show(reply)
        if reply.kind == "quit":
            self.save()
            show_lines((f"Saved: {self.path} ('literature play --resume' goes on with it).",))
            return False
        if reply.events:
            self.save()
        return True

    def show(self, reply: Reply) -> None:
        """Show what a reply says."""
        match = self.match
        if reply.kind == "hand":
            show_hand(match)
        elif reply.kind == "table":
            show_table(match, self.seat.open_book)
        elif reply.kind == "history":
            show_history(match, reply.half_suit)
        if reply.events:
            show_events(reply.events, match.you, reply.auto)
        style = {"invalid": "red", "confirm": "bold yellow"}.get(reply.kind, "yellow" if reply.events else "")
        show_lines(reply_lines(reply), style)

    def save(self) -> None:
        """Write the game as it stands."""
        save(self.match, self.path.parent)

    def wait(self) -> None:
        """Pause between bots' moves; a line typed meanwhile (Enter will do) skips the pauses until your move."""
        if not self.pause:
            return
        if self.typing:
            ready, _, _ = select.select([sys.stdin], [], [], self.pause)
            if ready:  # a line typed during the bots' moves: no more pauses, and it is your next input
                line = sys.stdin.readline()
                self.pause = 0.0
                if line.strip():
                    self.typed_ahead = line.rstrip("\n")
        else:
            time.sleep(self.pause)

    def finish(self) -> None:
        """The result, the review of the person's moves, and the missed positions queued as puzzles."""
        match = self.match
        self.save()
        show_result(match, str(self.path))
        game = match.game()
        notes = [n for n in seat_notes(game, match.you) if n.event not in match.seating.auto]
        show_review(notes)
        puzzles = missed_puzzles(game, match.you, notes)
        if puzzles:
            with Progress() as store:
                added = store.queue(puzzles)
            show_lines((f"{len(puzzles)} position{'s' if len(puzzles) != 1 else ''} you missed "
                        f"{'are' if len(puzzles) != 1 else 'is'} now in your training queue ({added} new): "
                        "'literature train' brings them back.",), "bold")


@command("games")
def games(as_json: Annotated[bool, typer.Option("--json", help="Print the list as JSON.")] = False) -> None:
    """List the games you played with 'literature play': date, table, result, file."""
    found = saved_games(games_path())
    if as_json:
        print(json.dumps({"folder": str(games_path()), "games": [g.as_json() for g in found]}))
        return
    show_games(found)
