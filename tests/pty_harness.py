"""``literature`` in a pseudo-terminal, read as it prints: the one harness of the terminal tests.

The pseudo-terminal is the child's controlling terminal (a new session), so Ctrl-C typed into it
(``b"\\x03"``) is a real SIGINT from the line discipline, as at a keyboard, and readline edits the
line as it would for a person. The terminal is 80x24 unless a test asks for another size: the
window size is set on the terminal itself and in ``COLUMNS``/``LINES``. The environment is the
test's own (``LITERATURE_NOW`` included) with ``LITERATURE_HOME`` set to ``home``, plus ``env``;
it is a colour terminal (``TERM=xterm``) whatever the developer's ``NO_COLOR``/``FORCE_COLOR``:
pass ``env={"NO_COLOR": "1"}`` for one without colours.

A test waits for what the program prints before it types, never for a fixed time; the only time
limit, :data:`HANG`, is a guard against a hang, never a measure of a slow machine::

    with Terminal(tmp_path / "home", "train", "--pack", pack, "--count", "1") as term:
        term.read_until(b"answer> ")
        term.type(b"quit\\n")
        term.read_until(b"Session")
        assert term.exit_code() == 0
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from collections.abc import Mapping
from pathlib import Path

HANG = 120.0
"""Seconds after which a wait gives up: a hang, never a slow machine."""


class Terminal:
    """``python -m trainer *args`` running in a pseudo-terminal; ``seen`` is all it printed so far.

    Use it as a context manager (or call :meth:`close`): leaving kills the program if it still runs,
    and, when the test body raised nothing, checks that it printed no traceback.
    """

    def __init__(
        self, home: Path, *args: str, columns: int = 80, lines: int = 24, env: Mapping[str, str] | None = None
    ) -> None:
        inherited = {name: value for name, value in os.environ.items() if name not in ("NO_COLOR", "FORCE_COLOR")}
        environment = inherited | {
            "LITERATURE_HOME": str(home), "COLUMNS": str(columns), "LINES": str(lines), "TERM": "xterm"
        } | dict(env or {})
        argv = [sys.executable, "-m", "trainer", *args]
        self.seen = b""
        self.position = 0
        """Where the next wait starts looking in ``seen``: just after the last marker found."""
        self.pid, self.leader = pty.fork()
        if self.pid == 0:  # the child: its own session, whose controlling terminal is the pty
            try:
                signal.signal(signal.SIGINT, signal.SIG_DFL)  # a suite run in the background ignores Ctrl-C
                fcntl.ioctl(pty.STDIN_FILENO, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
                os.execve(sys.executable, argv, environment)
            finally:
                os._exit(127)  # never back into the test runner, whatever happened

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        self.close()
        if kind is None:
            assert b"Traceback" not in self.seen, self.text()

    def text(self) -> str:
        """All the program printed, as text."""
        return self.seen.decode(errors="replace")

    def _read(self, wait: float) -> bool:
        """Add to ``seen`` what the program prints within ``wait`` seconds; False once it can print no more."""
        ready, _, _ = select.select([self.leader], [], [], wait)
        if not ready:
            return True
        try:
            chunk = os.read(self.leader, 65536)
        except OSError:  # EIO: the program's side of the terminal is closed and all it printed was read
            return False
        self.seen += chunk
        return bool(chunk)

    def expect(self, *markers: bytes, timeout: float = HANG) -> bytes:
        """Wait for the first of ``markers`` to appear after the last one found; return the one that did."""
        end = time.monotonic() + timeout
        while True:
            found = [(at, marker) for marker in markers if (at := self.seen.find(marker, self.position)) >= 0]
            if found:
                at, marker = min(found)
                self.position = at + len(marker)
                return marker
            if time.monotonic() >= end or not self._read(0.2):
                break
        waited = " or ".join(repr(marker) for marker in markers)
        raise AssertionError(f"no {waited} (waited up to {timeout} s); the program printed:\n{self.text()[-4000:]}")

    def read_until(self, marker: bytes, timeout: float = HANG) -> bytes:
        """Wait for ``marker``; return what was printed between the last marker found and it."""
        start = self.position
        self.expect(marker, timeout=timeout)
        return self.seen[start : self.position - len(marker)]

    def type(self, keys: bytes) -> None:
        """Type ``keys`` at the terminal (``b"\\x03"`` is Ctrl-C, ``b"\\x04"`` Ctrl-D at the start of a line)."""
        os.write(self.leader, keys)

    def exit_code(self, timeout: float = HANG) -> int:
        """Wait for the program to end, reading all it still prints, and return its exit code."""
        end = time.monotonic() + timeout
        status: int | None = None
        while time.monotonic() < end:
            if status is None:
                done, status_now = os.waitpid(self.pid, os.WNOHANG)
                if done:
                    self.pid, status = 0, status_now
            if not self._read(0.2):
                if status is not None:
                    return os.waitstatus_to_exitcode(status)
                time.sleep(0.05)  # it closed the terminal but has not ended yet: poll its end, not the pty
        raise AssertionError(f"still running after {timeout} s; it printed:\n{self.text()[-4000:]}")

    def close(self) -> None:
        """Kill the program if it still runs, and close the terminal."""
        if self.pid:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            self.pid = 0
        if self.leader >= 0:
            os.close(self.leader)
            self.leader = -1
