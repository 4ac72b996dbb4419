"""The terminal side of ``literature play``: the screen, the prompt, the bots' pace, saving.

The game itself is :class:`trainer.play.match.Match` (whose turn, the bots'
moves, the rules) seen through a :class:`trainer.play.seat.Seat` (what a typed
line means); what the end says about the person's play is
:func:`trainer.play.ending.own_notes` and :func:`puzzles.session.queue_missed`.
This loop only reads lines, shows what happened and saves after every move.
"""

from __future__ import annotations

import select
import sys
import time
from pathlib import Path

import typer

from puzzles.session import queue_missed
from trainer.cli.app import fail
from trainer.cli.prompt import read_line
from trainer.cli.quizzing import line_editing
from trainer.play.ending import own_notes
from trainer.play.match import Match
from trainer.play.saved import save
from trainer.play.seat import Reply, Seat
from trainer.render.play import (
    reply_lines,
    show_events,
    show_hand,
    show_history,
    show_lines,
    show_result,
    show_review,
    show_table,
)

PROMPT = "your move> "
PAUSE = 0.8
"""Seconds between two bots' moves on a terminal (``--fast``, or Enter, skips it)."""


class Table:
    """One game at the terminal: the person's prompt, the bots' moves at a readable pace, saved as it goes."""

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
        """Write the game as it stands; a file that can no longer be written (a link or a device put in
        its place, a full disk) ends the game in one line, the moves so far in the last save."""
        try:
            save(self.match, self.path.parent)
        except OSError as error:
            raise fail(f"{error.filename or self.path}: cannot save the game ({error.strerror or error})") from None

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
        self.save()
        show_result(self.match, str(self.path))
        notes = own_notes(self.match)
        show_review(notes)
        missed, added = queue_missed(self.match, notes)
        if missed:
            show_lines((f"{missed} position{'s' if missed != 1 else ''} you missed "
                        f"{'are' if missed != 1 else 'is'} now in your training queue ({added} new): "
                        "'literature train' brings them back.",), "bold")
