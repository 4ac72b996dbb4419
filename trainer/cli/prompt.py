"""Reading answers at the terminal so that Ctrl-C always stops, whenever it comes.

CPython turns Ctrl-C (SIGINT) into ``KeyboardInterrupt`` only when it next runs
Python code, or when a blocking read is interrupted. A Ctrl-C that lands after
``input`` has written its prompt but before the read has begun is therefore
held until the next key press: the learner presses Ctrl-C and nothing happens.
On a busy machine that window is wide. :func:`read_line` closes it: while the
prompt waits, an interval timer interrupts the read ten times a second, and
each interruption lets Python act on a pending Ctrl-C.

Work that must not be cut in half, such as saving an answer, runs inside
:func:`interrupts_held`: a Ctrl-C during it is noted and acted on afterwards.

    >>> with interrupts_held() as held:
    ...     pass
    >>> held.caught
    False
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType

TICK = 0.1
"""Seconds between the timer's interruptions of a waiting prompt."""


MAX_ANSWER = 10_000
"""Characters a line typed on standard input may have: a longer one (``< /dev/zero``) is refused as soon as it
passes this, before it fills memory."""


def read_line(prompt: str) -> str:
    """``input(prompt)``, but a Ctrl-C at any moment raises ``KeyboardInterrupt`` within a tick, and a line
    from standard input that is not a terminal longer than :data:`MAX_ANSWER` is refused (one line, exit 2).

    Line editing (``readline``, when loaded) works as with ``input``.
    """
    with _ticking(), _typed_ahead_kept():
        if sys.stdin is None or sys.stdin.isatty():
            return input(prompt)
        print(prompt, end="", flush=True)
        line = sys.stdin.readline(MAX_ANSWER + 1)
        if not line:
            raise EOFError
        if len(line.removesuffix("\n")) > MAX_ANSWER:
            from trainer.game.errors import LiteratureError

            raise LiteratureError(f"a line of more than {MAX_ANSWER:,} characters; no answer is that long",
                                  path="standard input")
        return line.removesuffix("\n")


@dataclass
class Held:
    """Whether a Ctrl-C came while interrupts were held."""

    caught: bool = False


@contextmanager
def interrupts_held() -> Iterator[Held]:
    """Hold Ctrl-C until the block ends; the caller decides what a caught one means.

    Outside the main thread (where no signal handler can be set) it holds nothing.
    """
    held = Held()
    if not _in_main_thread():
        yield held
        return

    def note(signum: int, frame: FrameType | None) -> None:
        held.caught = True

    previous = signal.signal(signal.SIGINT, note)
    try:
        yield held
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def _ticking() -> Iterator[None]:
    if not hasattr(signal, "setitimer") or not _in_main_thread():
        yield
        return
    previous = signal.signal(signal.SIGALRM, _tick)
    signal.setitimer(signal.ITIMER_REAL, TICK, TICK)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def _typed_ahead_kept() -> Iterator[None]:
    """A terminal drops unread input on Ctrl-C; keep it (NOFLSH) while the prompt waits.

    ``readline`` reads a key after ``select`` says one is there; a Ctrl-C that
    drops the key in between would leave that read waiting for the next key,
    where no timer can reach it. With the key kept, the read returns.
    """
    try:
        import termios

        fd = sys.stdin.fileno()
        if not os.isatty(fd):
            raise OSError
        before = termios.tcgetattr(fd)
    except (ImportError, OSError, ValueError, AttributeError):
        yield
        return
    kept = list(before)
    kept[3] |= termios.NOFLSH
    termios.tcsetattr(fd, termios.TCSANOW, kept)
    try:
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, before)


def _tick(signum: int, frame: FrameType | None) -> None:
    """Nothing to do: the interruption itself is the point."""


def _in_main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()
