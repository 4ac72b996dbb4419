"""One puzzle at the prompt, as ``train`` and ``daily`` run it: show, converse, store.

:func:`quiz` shows the puzzle (or, in memory mode, plays its history one move
at a time), reads lines until the attempt ends, and stores it. Ctrl-C and end
of input at the prompt end the attempt cleanly (it is stored as ``quit``, or as
its first answer if one was given). An answer, once typed, is graded and stored
whole: a Ctrl-C meanwhile is acted on after the verdict is shown
(:class:`StoppedAfter`). Where standard input is a terminal, the prompt has
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
from trainer.cli.prompt import interrupts_held, read_line
from trainer.render.puzzle import (
    event_line,
    forget_event,
    memory_intro,
    show_event,
    show_history,
    show_last,
    show_line,
    show_position,
    show_puzzle,
    show_reply,
    show_usage,
)

PROMPT = "answer> "


class StoppedAfter(KeyboardInterrupt):
    """Ctrl-C came while ``result`` was being saved: it was saved whole, then the session stops."""

    def __init__(self, result: AttemptResult) -> None:
        super().__init__()
        self.result = result


@dataclass(frozen=True)
class Playback:
    """Memory mode: the history is played one move at a time, ``pace`` seconds each (0: Enter for the next)."""

    pace: float = 3.0


def quiz(
    puzzle: Puzzle,
    store: Progress,
    *,
    number: int | None = None,
    total: int | None = None,
    daily: date | None = None,
    read: Callable[[str], str] = read_line,
    record: bool = True,
    practice: bool = False,
    memory: Playback | None = None,
    lesson: int | None = None,
) -> AttemptResult:
    """Show ``puzzle``, read lines until the attempt ends, store it (unless ``record`` is false; ``lesson``:
    as that lesson's practice, :mod:`puzzles.course`)."""
    attempt = Attempt(puzzle, memory=memory is not None, rated=record and not practice)

    def save(result: AttemptResult) -> None:
        if record:
            saved = store.record(
                result.puzzle,
                answer=result.answer,
                outcome=result.outcome,
                correct=result.correct,
                hints=result.hints,
                seconds=result.seconds,
                daily=daily,
                mode="memory" if memory is not None else "normal",
                practice=practice,
                ending=result.ending,
                lesson=lesson,
            )
            if saved.kept is not None:
                show_line(
                    f"Your answer could not be saved ({saved.problem}). It is kept in {saved.kept} and will be "
                    "saved the next time literature starts.",
                    "bold",
                )

    if memory is None:
        show_puzzle(puzzle, number, total)
    elif not play_history(puzzle, memory, read, number, total):
        with interrupts_held():
            attempt.quit()
            assert attempt.result is not None
            save(attempt.result)
        return attempt.result
    show_usage(puzzle)
    converse(attempt, read, save)
    assert attempt.result is not None
    return attempt.result


def converse(attempt: Attempt, read: Callable[[str], str], save: Callable[[AttemptResult], None]) -> None:
    """Read lines and answer them until the attempt ends, then ``save`` it.

    Ctrl-C and end of input at the prompt quit the attempt; a Ctrl-C while a
    line is answered is held until the reply is shown (and the attempt saved).
    """
    puzzle = attempt.puzzle
    while not attempt.done:
        try:
            line = read(PROMPT)
        except (EOFError, KeyboardInterrupt):
            with interrupts_held():
                show_line("")
                reply = attempt.quit()
                assert attempt.result is not None
                save(attempt.result)
            show_reply(reply, puzzle)
            break
        with interrupts_held() as held:
            reply = attempt.respond(line)
            if attempt.result is not None:
                save(attempt.result)
        if reply.kind == "show":
            show_position(puzzle)
        elif reply.kind == "history":
            show_history(puzzle, reply.focus or "")
            show_position(puzzle)
        elif reply.kind == "last":
            show_last(puzzle)
        else:
            show_reply(reply, puzzle)
        if held.caught:
            raise StoppedAfter(attempt.result) if attempt.result is not None else KeyboardInterrupt


def play_history(
    puzzle: Puzzle, memory: Playback, read: Callable[[str], str], number: int | None, total: int | None
) -> bool:
    """Memory mode: the deal, then each move alone (the previous one erased in a terminal), then the
    position and the question. ``False`` when the learner stops (Ctrl-C, end of input, ``q``)."""
    memory_intro(puzzle, number, total, memory.pace)
    events = len(puzzle.game.events)
    try:
        terminal = sys.stdin.isatty()
        for move in range(1, events + 1):
            if memory.pace > 0:
                show_event(puzzle, move)
                typed = _typed_within(memory.pace) if terminal else None
                if not terminal:
                    time.sleep(memory.pace)
                forget_event(1 if typed is None else 2)  # the move, and the line Enter echoed
                if typed is not None and typed.strip().lower() in ("q", "quit", "stop"):
                    return False
                continue
            if terminal:  # the move is the prompt: Enter ends its line, which is then erased
                typed = read(event_line(puzzle, move) + "  ")
                forget_event(1)
            else:
                show_event(puzzle, move)
                typed = read("")
            if typed.strip().lower() in ("q", "quit", "stop"):
                return False
    except (EOFError, KeyboardInterrupt):
        show_line("")
        show_line("Stopped.")
        return False
    if terminal:
        _drop_typed()
    show_position(puzzle)
    return True


def _typed_within(seconds: float) -> str | None:
    """Wait up to ``seconds`` for a line typed at the terminal (Enter steps to the next move at once): the line,
    or ``None``. A line typed during the playback is taken here, never later as an answer."""
    import select

    ready, _, _ = select.select([sys.stdin], [], [], seconds)
    return sys.stdin.readline() if ready else None


def _drop_typed() -> None:
    """Forget anything typed but not yet entered when the playback ends (it is no answer)."""
    with contextlib.suppress(ImportError, OSError, ValueError):
        import termios

        termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)


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
