"""One puzzle at the prompt, as ``train`` and ``daily`` run it: show, converse, store.

:func:`quiz` shows the puzzle (or, in memory mode, plays its history one move
at a time), reads lines until the attempt ends, and stores it. Ctrl-C and end
of input end the attempt cleanly (it is stored as ``quit``, or as its first
answer if one was given). Where standard input is a terminal, the prompt has
line editing and a history of what was typed (stdlib ``readline``).
"""

from __future__ import annotations

import contextlib
import importlib
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from puzzles.model import Puzzle
from puzzles.quiz import Attempt, AttemptResult
from puzzles.store import Progress
from trainer.render.puzzle import (
    forget_event,
    memory_intro,
    show_event,
    show_history,
    show_last,
    show_line,
    show_position,
    show_puzzle,
    show_reply,
)

PROMPT = "answer> "


@dataclass(frozen=True)
class Memory:
    """Memory mode: the history is played one move at a time, ``pace`` seconds each (0: Enter for the next)."""

    pace: float = 3.0


def quiz(
    puzzle: Puzzle,
    store: Progress,
    *,
    number: int | None = None,
    total: int | None = None,
    daily: date | None = None,
    read: Callable[[str], str] = input,
    record: bool = True,
    practice: bool = False,
    memory: Memory | None = None,
) -> AttemptResult:
    """Show ``puzzle``, read lines until the attempt ends, store it (unless ``record`` is false)."""
    if memory is None:
        show_puzzle(puzzle, number, total)
    elif not play_history(puzzle, memory, read, number, total):
        attempt = Attempt(puzzle, memory=True)
        attempt.quit()
        assert attempt.result is not None
        return _store(attempt.result, store, daily, record, practice, memory)
    attempt = Attempt(puzzle, memory=memory is not None)
    show_line(attempt.usage(), "dim")
    converse(attempt, read)
    result = attempt.result
    assert result is not None
    return _store(result, store, daily, record, practice, memory)


def _store(
    result: AttemptResult, store: Progress, daily: date | None, record: bool, practice: bool, memory: Memory | None
) -> AttemptResult:
    if record:
        store.record(
            result.puzzle,
            answer=result.answer,
            outcome=result.outcome,
            correct=result.correct,
            hints=result.hints,
            seconds=result.seconds,
            daily=daily,
            mode="memory" if memory is not None else "normal",
            practice=practice,
        )
    return result


def converse(attempt: Attempt, read: Callable[[str], str]) -> None:
    """Read lines and answer them until the attempt ends (Ctrl-C and end of input quit it)."""
    puzzle = attempt.puzzle
    while not attempt.done:
        try:
            line = read(PROMPT)
        except (EOFError, KeyboardInterrupt):
            show_line("")
            show_reply(attempt.quit())
            break
        reply = attempt.respond(line)
        if reply.kind == "show":
            show_position(puzzle)
        elif reply.kind == "history":
            show_history(puzzle, reply.focus or "")
            show_position(puzzle)
        elif reply.kind == "last":
            show_last(puzzle)
        else:
            show_reply(reply)


def play_history(
    puzzle: Puzzle, memory: Memory, read: Callable[[str], str], number: int | None, total: int | None
) -> bool:
    """Memory mode: the deal, then each move alone (the previous one erased in a terminal), then the
    position and the question. ``False`` when the learner stops (Ctrl-C, end of input, ``q``)."""
    memory_intro(puzzle, number, total, memory.pace)
    events = len(puzzle.game.events)
    try:
        for move in range(1, events + 1):
            show_event(puzzle, move)
            if memory.pace > 0:
                time.sleep(memory.pace)
                forget_event(1)
            else:
                if read("").strip().lower() in ("q", "quit", "stop"):
                    return False
                forget_event(2)
    except (EOFError, KeyboardInterrupt):
        show_line("")
        show_line("Stopped.")
        return False
    show_position(puzzle)
    return True


def line_editing() -> None:
    """Arrow keys, Ctrl-A/E and the previous lines (up arrow) at the prompt, where stdin is a terminal."""
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):  # not on every platform (Windows); input() still works
            importlib.import_module("readline")


def pause(read: Callable[[str], str], coming: str) -> bool:
    """Wait for Enter before the next puzzle; ``False`` when the learner stops instead."""
    try:
        line = read(f"Press Enter for {coming} (q to stop) ")
    except (EOFError, KeyboardInterrupt):
        show_line("")
        return False
    return line.strip().lower() not in ("q", "quit", "stop", "exit")
