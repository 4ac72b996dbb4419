"""The terminal side of ``literature play``: the screen, the prompt, the bots' pace, saving.

The game itself is a one-person table of the play layer's hall
(:class:`trainer.play.hall.Hall`, which serves ``/play`` and ``/t/CODE`` too:
it answers a typed line, drives the bots and saves after every move, and its
one end of a game, :meth:`~trainer.play.hall.Hall.end`, says what ``/play``
and a friends' table say). This loop only reads lines, shows what happened and
paces the bots.

While the bots move, the terminal takes keys one at a time without showing
them (:class:`Keys`): Enter skips the pauses until the person's turn, and any
other key is dropped, never played; when the turn comes, whatever was typed is
thrown away (``termios.tcflush``) and the screen says so.
"""

from __future__ import annotations

import contextlib
import os
import select
import sys
import time
from pathlib import Path
from typing import Any, assert_never

import typer

from puzzles.session import queue_missed
from trainer.cli.app import fail
from trainer.cli.prompt import read_line
from trainer.cli.quizzing import line_editing
from trainer.game.events import Event
from trainer.play.hall import Hall
from trainer.play.match import Match
from trainer.play.seat import Reply, ReplyKind
from trainer.play.table import TableError
from trainer.render.play import (
    alert_lines,
    reply_lines,
    show_ending,
    show_events,
    show_hand,
    show_history,
    show_lines,
    show_table,
)

PROMPT = "your move> "
PACE = 0.4
"""Seconds between two bots' moves on a terminal by default (``--pace``; ``--fast`` or Enter skips them)."""

DISCARDED = "(What you typed while the bots moved was discarded, not played: type your move now.)"


class Keys:
    """The terminal while the bots move: keys read one at a time, unseen; Enter skips the pauses, other keys
    are counted and dropped. :meth:`release` gives the terminal back as it was and drops what is left."""

    def __init__(self) -> None:
        self.fd = -1
        self.saved: list[Any] | None = None
        self.dropped = 0
        self.skip = False
        try:
            fd = sys.stdin.fileno()
            if os.isatty(fd):
                self.fd = fd
        except (AttributeError, OSError, ValueError):
            pass

    @property
    def terminal(self) -> bool:
        """Whether standard input is a terminal."""
        return self.fd >= 0

    def hold(self) -> None:
        """Take keys one at a time, without echo (from the first bot move on)."""
        if not self.terminal or self.saved is not None:
            return
        import termios

        self.saved = termios.tcgetattr(self.fd)
        quiet = termios.tcgetattr(self.fd)
        quiet[3] &= ~(termios.ICANON | termios.ECHO)
        quiet[6][termios.VMIN] = 0
        quiet[6][termios.VTIME] = 0
        termios.tcsetattr(self.fd, termios.TCSANOW, quiet)

    def take(self, wait: float) -> None:
        """Read what is typed within ``wait`` seconds: Enter skips the pauses, anything else is dropped."""
        if not self.terminal:
            return
        ready, _, _ = select.select([self.fd], [], [], wait)
        if not ready:
            return
        typed = os.read(self.fd, 1024)
        if b"\n" in typed or b"\r" in typed:
            self.skip = True
        self.dropped += len(typed.replace(b"\n", b"").replace(b"\r", b""))

    def release(self) -> int:
        """Give the terminal back as it was, throw away whatever was typed, and return how many keys were
        dropped since the last release."""
        if not self.terminal:
            return 0
        import termios

        if self.saved is not None:
            self.take(0)
            termios.tcsetattr(self.fd, termios.TCSANOW, self.saved)
            self.saved = None
        termios.tcflush(self.fd, termios.TCIFLUSH)
        dropped, self.dropped, self.skip = self.dropped, 0, False
        return dropped


class TerminalGame:
    """One game at the terminal: the person's prompt, the bots' moves at a readable pace, saved as it goes."""

    def __init__(self, hall: Hall, match: Match, path: Path, fast: bool = False, pace: float = PACE) -> None:
        """``pace``: seconds between two bots' moves on a terminal (``fast``: none)."""
        self.hall = hall
        self.match = match
        self.table = hall.new_game(match, path.parent)
        self.seat = self.table.seats[match.you]
        self.path = path
        self.typing = sys.stdin.isatty()
        self.pace = pace if sys.stdout.isatty() and not fast else 0.0
        self.keys = Keys()

    def run(self) -> None:
        """Play to the end (or until the person leaves), then the result and the review."""
        match = self.match
        line_editing()
        dealer = match.setup.dealer
        deals = "you deal and ask first" if dealer == match.you else f"{dealer} deals and asks first"
        show_lines((f"Game {self.path} (seed {match.seating.seed}): {deals}.",), "dim")
        if self.pace and self.typing:
            show_lines((f"The bots move every {self.pace:g} s: Enter skips to your turn (--pace 0: no pauses).",),
                       "dim")
        try:
            shown = -1
            while not match.over:
                if self.seat.your_move():
                    if self.keys.release():
                        show_lines((DISCARDED,), "yellow")
                    if shown != len(match.state.events):
                        view = self.table.seat_view(match.you)
                        show_table(view)
                        show_lines(alert_lines(view.alerts), "bold yellow")
                        shown = len(match.state.events)
                    if not self.turn():
                        return
                else:
                    self.keys.hold()
                    self.hall.bot_moves(self.table, None, after=self.moved)
        except TableError as error:  # a game that can no longer be saved, a fault of ours: one line
            raise fail(f"{self.path}: {error.message}") from None
        except KeyboardInterrupt:
            self.keys.release()
            show_lines(("", f"Saved: {self.path} ('literature play --resume' goes on with it)."))
            raise typer.Exit(130) from None
        finally:
            with contextlib.suppress(Exception):
                self.keys.release()
        self.finish()

    def moved(self, events: list[Event]) -> None:
        """A bot's move, saved: shown, then the pause before the next."""
        show_events(events, self.match.you, state=self.match.state)
        if self.table.bot_due():
            self.wait()

    def turn(self) -> bool:
        """Read and answer one line; ``False`` when the person leaves."""
        try:
            line = read_line(PROMPT)  # Ctrl-C stops it at any moment, even before the read begins
        except EOFError:
            line = "quit"
            print()
        else:
            if not self.typing:
                print(line)  # a scripted session reads like a typed one
        reply = self.hall.respond(self.table, self.match.you, line)
        self.show(reply)
        if reply.kind is ReplyKind.QUIT:
            show_lines((f"Saved: {self.path} ('literature play --resume' goes on with it).",))
            return False
        return True

    def show(self, reply: Reply) -> None:
        """Show what a reply says."""
        kind = reply.kind
        match kind:
            case ReplyKind.HAND:
                show_hand(self.table.seat_view(self.match.you))
            case ReplyKind.TABLE:
                show_table(self.table.seat_view(self.match.you))
            case ReplyKind.HISTORY:
                show_history(self.table.seat_view(self.match.you), reply.half_suit)
            case ReplyKind.INVALID | ReplyKind.INFO | ReplyKind.CONFIRM | ReplyKind.MOVED | ReplyKind.QUIT:
                pass
            case _:
                assert_never(kind)
        if reply.events:
            show_events(reply.events, self.match.you, reply.auto, state=self.match.state)
        style = {ReplyKind.INVALID: "red", ReplyKind.CONFIRM: "bold yellow"}.get(kind, "yellow" if reply.events else "")
        show_lines(reply_lines(reply), style)

    def wait(self) -> None:
        """Pause between bots' moves (Enter skips the pauses until the person's turn); keys typed meanwhile
        are read and dropped."""
        if not self.pace or self.keys.skip:
            self.keys.take(0)
            return
        if self.keys.terminal:
            end = time.monotonic() + self.pace
            while not self.keys.skip and (left := end - time.monotonic()) > 0:
                self.keys.take(left)
        else:
            time.sleep(self.pace)

    def finish(self) -> None:
        """The end of the game, as every face says it (:meth:`trainer.play.hall.Hall.end`): the result, what
        decided it, the give-away, the review of the person's moves, the missed positions queued."""
        show_ending(self.hall.end(self.table, self.match.you, queue_missed), self.match, str(self.path))
