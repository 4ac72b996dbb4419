"""Ctrl-C and end of input at every moment of a training session, in a real pseudo-terminal.

The pseudo-terminal is the session's controlling terminal, so Ctrl-C is a real
SIGINT from the line discipline, as at a keyboard. Each test waits for what the
program prints before it types; the only time limit is a guard against a hang.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import puzzles.quiz as drawing_module  # train draws with it (imported when the command runs)
import trainer.cli.quizzing as quiz_module
from puzzles.progress import Progress
from trainer.cli import app
from trainer.cli.prompt import interrupts_held

from pty_harness import HANG, Terminal

DATA = Path(__file__).parent / "data" / "puzzles" / "six-diamonds.json"
TRAIN = ["train", "--pack", str(DATA), "--kind", "locate", "--count", "2", "--seed", "1", "--no-pause"]


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    with Terminal(tmp_path / "home", *TRAIN, columns=100) as session:
        yield session


def outcomes(home: Path) -> list[object]:
    with Progress(home / "progress.sqlite3") as store:
        return [a["outcome"] for a in store.attempts()]


def ends_cleanly(terminal: Terminal) -> None:
    """The session stopped, printed its summary, exited 0, without a traceback."""
    terminal.read_until(b"Stopped.")
    terminal.read_until(b"Session")
    assert terminal.exit_code() == 0
    assert b"Traceback" not in terminal.seen and b"interrupted" not in terminal.seen


@pytest.mark.slow
@pytest.mark.parametrize("stop", [b"\x04", b"\x03"], ids=["ctrl-d", "ctrl-c"])
def test_stop_at_the_prompt(terminal: Terminal, tmp_path: Path, stop: bytes) -> None:
    terminal.read_until(b"answer> ")
    terminal.type(b"Cat 6D\n")
    terminal.read_until(b"Correct.")
    terminal.read_until(b"Puzzle 2/2")
    terminal.read_until(b"answer> ")
    terminal.type(stop)
    ends_cleanly(terminal)
    assert outcomes(tmp_path / "home") == ["right", "quit"]  # a quit is recorded (never rated)


@pytest.mark.slow
def test_enter_between_puzzles_in_a_terminal(tmp_path: Path) -> None:
    with Terminal(tmp_path / "home", *TRAIN[:-1], columns=100) as pausing:  # without --no-pause
        pausing.read_until(b"answer> ")
        pausing.type(b"Cat 6D\n")
        pausing.read_until(b"Correct.")
        pausing.read_until(b"Press Enter for puzzle 2/2 (q to stop)")
        assert b"Puzzle 2/2" not in pausing.seen
        pausing.type(b"\n")
        pausing.read_until(b"Puzzle 2/2")
        pausing.read_until(b"answer> ")
        pausing.type(b"\x04")
        ends_cleanly(pausing)


@pytest.mark.slow
def test_ctrl_c_while_the_first_puzzle_is_drawn(terminal: Terminal, tmp_path: Path) -> None:
    terminal.read_until(b"Puzzle 1/2")  # the puzzle's table is still being drawn
    terminal.type(b"\x03")
    ends_cleanly(terminal)
    assert outcomes(tmp_path / "home") in ([], ["quit"])  # ["quit"]: drawn already, stopped at the prompt


@pytest.mark.slow
def test_ctrl_c_while_the_verdict_shows_and_the_next_is_drawn(terminal: Terminal, tmp_path: Path) -> None:
    terminal.read_until(b"answer> ")
    terminal.type(b"Cat 6D\n")
    terminal.read_until(b"Correct.")  # graded; now explaining it and drawing puzzle 2
    terminal.type(b"\x03")
    ends_cleanly(terminal)
    # an answer graded is saved whole; on a quick machine the Ctrl-C may land at the next prompt: a quit
    assert outcomes(tmp_path / "home") in (["right"], ["right", "quit"])


@pytest.mark.slow
def test_ctrl_c_typed_with_the_answer(terminal: Terminal, tmp_path: Path) -> None:
    """Ctrl-C right behind the answer lands while it is read or graded (or discards it, as a terminal
    does with a line not yet read): either way the session ends cleanly and nothing is half saved."""
    terminal.read_until(b"answer> ")
    terminal.type(b"Cat 6D\n")
    terminal.type(b"\x03")
    ends_cleanly(terminal)
    assert outcomes(tmp_path / "home") in ([], ["right"], ["quit"])  # ["quit"]: the line was discarded


def test_ctrl_c_that_lands_before_the_read_begins_still_stops() -> None:
    """CPython acts on a Ctrl-C only when a blocking read is interrupted; one that arrives just before
    the read starts (here: delivered to another thread, so the read is never interrupted) used to wait
    for the next key. read_line must stop all the same."""
    script = textwrap.dedent("""
        import os, signal, threading, time
        from trainer.cli.prompt import read_line

        def press_ctrl_c():  # this thread takes the Ctrl-C and leaves the timer's ticks to the reader
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
            time.sleep(0.5)  # the main thread is in its read by now (if not, it stops at once anyway)
            os.kill(os.getpid(), signal.SIGINT)

        signal.signal(signal.SIGINT, signal.default_int_handler)  # a suite run in the background ignores it
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})  # only the other thread can take it
        threading.Thread(target=press_ctrl_c, daemon=True).start()
        try:
            read_line("answer> ")
        except KeyboardInterrupt:
            print("stopped")
    """)
    reader, writer = os.pipe()  # standard input that never brings a line, nor ends
    try:
        done = subprocess.run([sys.executable, "-c", script], stdin=reader, capture_output=True, text=True,
                              timeout=HANG)
    finally:
        os.close(reader)
        os.close(writer)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("stopped")


# -- the same moments in-process, where the interruption is placed exactly -------------------------

def interrupt(*_: object, **__: object) -> None:
    raise KeyboardInterrupt


@pytest.mark.parametrize(("module", "where"), [(quiz_module, "show_puzzle"), (drawing_module, "next_puzzle")])
def test_ctrl_c_while_drawing_ends_with_the_summary(
    monkeypatch: pytest.MonkeyPatch, module: object, where: str
) -> None:
    monkeypatch.setattr(module, where, interrupt)
    result = CliRunner().invoke(app, TRAIN)
    assert result.exit_code == 0, result.output
    assert "Stopped." in result.output and "Session" in result.output


def ctrl_c_during(monkeypatch: pytest.MonkeyPatch, owner: type, name: str) -> None:
    """Make ``owner.name`` receive a real SIGINT as it starts, then do its work."""
    real = getattr(owner, name)

    def under_ctrl_c(self: object, *args: object, **kwargs: object) -> object:
        os.kill(os.getpid(), signal.SIGINT)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(owner, name, under_ctrl_c)


@pytest.mark.parametrize(("owner", "name"), [(quiz_module.Attempt, "respond"), (Progress, "record")],
                         ids=["grading", "saving"])
def test_ctrl_c_while_an_answer_is_graded_or_saved(monkeypatch: pytest.MonkeyPatch, owner: type, name: str) -> None:
    """The answer typed is graded, shown and saved whole; then the session stops with its summary."""
    ctrl_c_during(monkeypatch, owner, name)
    result = CliRunner().invoke(app, TRAIN, input="Cat 6D\nCat 6D\n")
    assert result.exit_code == 0, result.output
    assert "Correct." in result.output and "Stopped." in result.output and "Session" in result.output
    assert "Puzzle 2/2" not in result.output
    with Progress() as store:
        assert [a["outcome"] for a in store.attempts()] == ["right"]


def test_ctrl_c_while_a_hint_is_given_stops_without_saving(monkeypatch: pytest.MonkeyPatch) -> None:
    ctrl_c_during(monkeypatch, quiz_module.Attempt, "respond")
    result = CliRunner().invoke(app, TRAIN, input="hint\nCat 6D\n")
    assert result.exit_code == 0, result.output
    assert "Nudge" in result.output and "Stopped." in result.output and "Session" in result.output
    with Progress() as store:
        assert store.attempts() == []


def test_interrupts_held_notes_a_ctrl_c_and_restores_the_handler() -> None:
    before = signal.getsignal(signal.SIGINT)
    with interrupts_held() as held:
        os.kill(os.getpid(), signal.SIGINT)
    assert held.caught
    assert signal.getsignal(signal.SIGINT) is before
