"""Ctrl-C and end of input at every moment of a training session, in a real pseudo-terminal.

The pseudo-terminal is the session's controlling terminal, so Ctrl-C is a real
SIGINT from the line discipline, as at a keyboard. Each test waits for what the
program prints before it types; the only time limit is a guard against a hang.
"""

from __future__ import annotations

import contextlib
import os
import pty
import select
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import trainer.cli.quizzing as quiz_module
import trainer.cli.train as train_module
from puzzles.progress import Progress
from trainer.cli import app
from trainer.cli.prompt import interrupts_held

DATA = Path(__file__).parent / "data" / "puzzles" / "six-diamonds.json"
TRAIN = ["train", "--pack", str(DATA), "--kind", "locate", "--count", "2", "--seed", "1", "--no-pause"]
HANG = 120.0
"""Seconds after which a test gives up waiting: a hang, never a slow machine."""


class Terminal:
    """``literature`` running in a pseudo-terminal, read as it prints."""

    def __init__(self, home: Path, *args: str) -> None:
        env = os.environ | {"LITERATURE_HOME": str(home), "COLUMNS": "100", "TERM": "xterm"}
        argv = [sys.executable, "-m", "trainer", *args]
        self.pid, self.leader = pty.fork()
        if self.pid == 0:  # the child: a new session whose controlling terminal is the pty
            signal.signal(signal.SIGINT, signal.SIG_DFL)  # a suite run in the background ignores it
            os.execve(sys.executable, argv, env)
        self.seen = b""
        self.position = 0

    def read_until(self, marker: bytes) -> None:
        """Read until ``marker`` appears after what was already matched."""
        end = time.monotonic() + HANG
        while marker not in self.seen[self.position:] and time.monotonic() < end:
            ready, _, _ = select.select([self.leader], [], [], 0.2)
            if ready:
                try:
                    self.seen += os.read(self.leader, 4096)
                except OSError:
                    break
        found = self.seen.find(marker, self.position)
        assert found >= 0, f"no {marker!r} in:\n{self.seen.decode(errors='replace')}"
        self.position = found + len(marker)

    def type(self, keys: bytes) -> None:
        os.write(self.leader, keys)

    def exit_code(self) -> int:
        """Wait for the program to end (reading what it still prints) and return its exit code."""
        end = time.monotonic() + HANG
        while time.monotonic() < end:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.pid = 0
                return os.waitstatus_to_exitcode(status)
            ready, _, _ = select.select([self.leader], [], [], 0.2)
            if ready:
                with contextlib.suppress(OSError):
                    self.seen += os.read(self.leader, 4096)
        raise AssertionError(f"still running after {HANG} s:\n{self.seen.decode(errors='replace')}")

    def close(self) -> None:
        if self.pid:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.leader)


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    session = Terminal(tmp_path / "home", *TRAIN)
    yield session
    session.close()


def outcomes(home: Path) -> list[object]:
    with Progress(home / "progress.sqlite3") as store:
        return [a["outcome"] for a in store.attempts()]


def ends_cleanly(terminal: Terminal) -> None:
    """The session stopped, printed its summary, exited 0, without a traceback."""
    terminal.read_until(b"Stopped.")
    terminal.read_until(b"Session")
    assert terminal.exit_code() == 0
    assert b"Traceback" not in terminal.seen and b"interrupted" not in terminal.seen


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


def test_enter_between_puzzles_in_a_terminal(tmp_path: Path) -> None:
    pausing = Terminal(tmp_path / "home", *TRAIN[:-1])  # without --no-pause
    try:
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
    finally:
        pausing.close()


def test_ctrl_c_while_the_first_puzzle_is_drawn(terminal: Terminal, tmp_path: Path) -> None:
    terminal.read_until(b"Puzzle 1/2")  # the puzzle's table is still being drawn
    terminal.type(b"\x03")
    ends_cleanly(terminal)
    assert outcomes(tmp_path / "home") in ([], ["quit"])  # ["quit"]: drawn already, stopped at the prompt


def test_ctrl_c_while_the_verdict_shows_and_the_next_is_drawn(terminal: Terminal, tmp_path: Path) -> None:
    terminal.read_until(b"answer> ")
    terminal.type(b"Cat 6D\n")
    terminal.read_until(b"Correct.")  # graded; now explaining it and drawing puzzle 2
    terminal.type(b"\x03")
    ends_cleanly(terminal)
    # an answer graded is saved whole; on a quick machine the Ctrl-C may land at the next prompt: a quit
    assert outcomes(tmp_path / "home") in (["right"], ["right", "quit"])


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


@pytest.mark.parametrize(("module", "where"), [(quiz_module, "show_puzzle"), (train_module, "next_puzzle")])
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
