"""The console a command prints to: a terminal as Rich draws it; a pipe or a file without trailing spaces.

Rich pads a table's cells to the width it lays them out at, and a pipe or a file gets those spaces at the end
of its lines. Printed to anything but a terminal, the lines are written without them (no colour codes are
written there either, so nothing else is touched).

    >>> import io
    >>> out = io.StringIO()
    >>> _Trimmed(out).write("a   \\nb  \\nc  ")
    12
    >>> out.getvalue()
    'a\\nb\\nc  '
"""

from __future__ import annotations

import io
import sys
from typing import TextIO

from rich.console import Console


class _Trimmed(io.TextIOBase):
    """A text stream that writes each complete line without its trailing spaces (Rich writes whole lines)."""

    def __init__(self, out: TextIO) -> None:
        self.out = out

    def write(self, text: str) -> int:
        lines = text.split("\n")
        self.out.write("\n".join([line.rstrip(" ") for line in lines[:-1]] + lines[-1:]))
        return len(text)

    def flush(self) -> None:
        self.out.flush()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.out, "encoding", None) or "utf-8"


def stdout_console(**options: object) -> Console:
    """A Rich console on the standard output as it is now (``options``: Rich's), trimmed unless a terminal."""
    out = sys.stdout
    if out.isatty():
        return Console(**options)  # type: ignore[arg-type]
    return Console(file=_Trimmed(out), **options)  # type: ignore[arg-type]
