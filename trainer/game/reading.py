"""Reading input files with a bound on memory that holds before the whole input is read.

Any path a user names may be a regular file, a device (``/dev/zero``), a pipe
or a FIFO that never ends: a regular file larger than the limit is refused
unread, and any other input as soon as it passes the limit, a line as soon as
it passes its own. Nothing here reads more than the limit plus a small buffer,
nor waits longer than :data:`READ_SECONDS` for an input that is not a regular
file (a pipe that trickles, a FIFO nobody writes to: opened without waiting for
a writer, it reads as empty).

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.lit"
    >>> _ = path.write_text("one\\r\\ntwo\\n")
    >>> list(bounded_lines(path, max_bytes=100, max_line=10, kind="game log"))
    ['one\\n', 'two\\n']
    >>> _ = path.write_text("x" * 11)
    >>> list(bounded_lines(path, max_bytes=100, max_line=10, kind="game log"))
    Traceback (most recent call last):
    ...
    trainer.game.errors.LiteratureError: ...a.lit:1: this line is longer than 10 characters; no line of a ...
"""

from __future__ import annotations

import io
import os
import select
import stat
import time
from collections.abc import Generator
from pathlib import Path

from trainer.game.errors import LiteratureError

READ_SECONDS = 50.0
"""The longest a device, a pipe or a FIFO may take to give all it gives (a regular file is not timed)."""


class _Source:
    """An open input: its descriptor, and for anything but a regular file the moment reading must end by."""

    def __init__(self, fd: int, name: str, mode: int, error: type[LiteratureError]) -> None:
        self.fd, self.name, self.error = fd, name, error
        self.deadline = None if stat.S_ISREG(mode) else time.monotonic() + READ_SECONDS
        self.awaiting_writer = stat.S_ISFIFO(mode)  # until its first byte: its end may be "no writer yet"

    def read(self, size: int) -> bytes:
        """Up to ``size`` bytes (``b""`` at the end); ``error`` once the input has taken too long.

        The descriptor does not block: a FIFO is waited for until a writer gives its first byte, and an
        input with nothing to give yet until there is, all within the deadline."""
        while True:
            if self.deadline is not None and time.monotonic() > self.deadline:
                raise self._too_slow()
            try:
                data = os.read(self.fd, size)
                if data or not self.awaiting_writer:
                    self.awaiting_writer = False
                    return data
                time.sleep(0.05)  # a FIFO no writer has opened yet reads as its end: look again
            except BlockingIOError:
                assert self.deadline is not None  # a regular file never makes a read wait
                ready, _, _ = select.select([self.fd], [], [], max(0.0, self.deadline - time.monotonic()))
                if not ready:
                    raise self._too_slow() from None
            except OSError as problem:
                raise self.error(f"cannot be read ({problem.strerror or problem})", path=self.name) from None

    def _too_slow(self) -> LiteratureError:
        return self.error(f"gave no end within {READ_SECONDS:.0f} s; no input is read for longer", path=self.name)


def megabytes(size: int) -> str:
    """A byte limit as users read it.

    >>> megabytes(8 * 2**20)
    '8 MB'
    """
    return f"{size // 2**20} MB"


class _Counted(io.RawIOBase):
    """A raw stream that raises ``error`` once more than ``limit`` bytes have come through it."""

    def __init__(self, source: _Source, limit: int, error: LiteratureError) -> None:
        super().__init__()
        self.source, self.limit, self.error, self.seen = source, limit, error, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        want = min(len(buffer), self.limit + 1 - self.seen)
        data = self.source.read(max(want, 1))
        self.seen += len(data)
        if self.seen > self.limit:
            raise self.error
        buffer[: len(data)] = data
        return len(data)


def _open(path: str | Path, max_bytes: int, kind: str, error: type[LiteratureError]) -> _Source:
    """Open ``path`` for reading (a regular file over ``max_bytes`` is refused unread; a FIFO is opened
    without waiting for a writer)."""
    name = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO: no waiting for a writer
    except FileNotFoundError:
        raise error("no such file", path=name) from None
    except IsADirectoryError:
        raise error(f"is a directory, not a {kind}", path=name) from None
    except PermissionError:
        raise error("permission denied", path=name) from None
    except OSError as problem:
        raise error(f"cannot be read ({problem.strerror or problem})", path=name) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise error(f"is a directory, not a {kind}", path=name)
        if stat.S_ISREG(info.st_mode) and info.st_size > max_bytes:
            raise _too_large(name, max_bytes, kind, error)
    except BaseException:
        os.close(fd)
        raise
    return _Source(fd, name, info.st_mode, error)


def _too_large(name: str, max_bytes: int, kind: str, error: type[LiteratureError]) -> LiteratureError:
    return error(f"is larger than the {megabytes(max_bytes)} a {kind} may be", path=name)


def bounded_lines(
    path: str | Path, *, max_bytes: int, max_line: int, kind: str, error: type[LiteratureError] = LiteratureError
) -> Generator[str]:
    """The lines of a UTF-8 text file (universal newlines; a leading byte order mark skipped), each ending
    in ``\\n`` but perhaps the last; a line longer than ``max_line`` characters (its end not counted) or an
    input longer than ``max_bytes`` bytes stops it with ``error`` naming the file (and the line).

    Text that is not UTF-8 is ``error`` too ("this is a binary file"), naming no line.
    """
    source = _open(path, max_bytes, kind, error)
    fd, name = source.fd, source.name
    raw = _Counted(source, max_bytes, _too_large(name, max_bytes, kind, error))
    with io.TextIOWrapper(io.BufferedReader(raw, 65536), encoding="utf-8-sig", newline=None) as text:
        try:
            number = 0
            while True:
                try:
                    line = text.readline(max_line + 2)
                except UnicodeDecodeError:
                    raise error(f"this is a binary file, not a {kind} (not UTF-8 text)", path=name) from None
                except LiteratureError as passed:  # the size limit, passed in line number + 1
                    raise passed.located(name, number + 1) from None
                if not line:
                    return
                number += 1
                if len(line.removesuffix("\n")) > max_line:
                    if "\x00" in line:
                        raise error(f"this is a binary file, not a {kind}", path=name, line=number)
                    raise error(f"this line is longer than {max_line:,} characters; no line of a {kind} is that long",
                                path=name, line=number)
                yield line
        finally:
            os.close(fd)


def read_bounded(
    path: str | Path, *, max_bytes: int, kind: str, error: type[LiteratureError] = LiteratureError
) -> bytes:
    """The bytes of a file of at most ``max_bytes`` (else ``error`` naming the file, before reading the
    rest: a regular file too large is not read at all, a device or a pipe is read no further).

    >>> read_bounded("/dev/zero", max_bytes=2**20, kind="puzzle file")
    Traceback (most recent call last):
    ...
    trainer.game.errors.LiteratureError: /dev/zero: is larger than the 1 MB a puzzle file may be
    """
    source = _open(path, max_bytes, kind, error)
    fd, name = source.fd, source.name
    try:
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = source.read(min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                return b"".join(chunks)
            size += len(chunk)
            if size > max_bytes:
                raise _too_large(name, max_bytes, kind, error)
            chunks.append(chunk)
    finally:
        os.close(fd)
