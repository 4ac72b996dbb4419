"""Writing files so that nothing a user saved is ever half-written.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_atomic(folder / "out" / "a.txt", "hello\\n")
    >>> (folder / "out" / "a.txt").read_text()
    'hello\\n'
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, text: str, create_folder: bool = True) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename: readers see the old
    file or the new one, never a part; the folder is created unless ``create_folder`` is false."""
    folder = path.parent if str(path.parent) else Path(".")
    if create_folder:
        folder.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.fchmod(fd, 0o644)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
