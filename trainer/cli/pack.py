"""``literature pack --out FILE``: the built-in puzzle pack as a standard puzzles.json, for any other tool."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated

import typer

from trainer.cli.app import command, fail, switch


@command("pack", short_help="Export the built-in puzzle pack as a puzzles.json file.")
def pack(
    out_text: Annotated[
        str, typer.Option("--out", metavar="FILE", help="File to write the pack to (schema 1 puzzles.json).")
    ],
    force: Annotated[bool, switch("--force", "Replace the file if it exists (a regular file only).")] = False,
    as_json: Annotated[bool, switch("--json", "Print the summary (file, puzzles, counts) as JSON.")] = False,
) -> None:
    """Export the built-in puzzle pack as a standard puzzles.json (for train --pack, grade or other tools)."""
    import json

    from puzzles.packs import export_pack, histogram, load_pack

    if not out_text.strip():
        raise fail("--out needs a file name, not an empty path")
    out = Path(out_text)
    if out.is_dir() and not out.is_symlink():
        raise fail(f"{out}: is a folder; give a file name such as {out / 'pack.json'}")
    try:
        count = export_pack(out, force=force)
    except OSError as error:
        raise fail(f"{error.filename or out}: {error.strerror or error}") from None
    counts = histogram(load_pack())
    if as_json:
        print(json.dumps({"file": str(out), "puzzles": count} | counts))
        return
    for line in summary_lines(str(out), count, counts):
        print(line)


def summary_lines(file: str, puzzles: int, counts: Mapping[str, Mapping[str, int]]) -> list[str]:
    """What ``pack`` prints: the file on a line of its own (to copy whole), then the counts, one line each.

    >>> for line in summary_lines("pack.json", 3, {"level": {"1": 2, "4": 1}, "variant": {"classic": 3}}):
    ...     print(line)
    Wrote 3 puzzles to:
      pack.json
    level    1: 2, 4: 1
    variant  classic: 3
    """
    lines = [f"Wrote {puzzles} puzzle{'s' if puzzles != 1 else ''} to:", f"  {file}"]
    width = max((len(name) for name in counts), default=0)
    for name, by_value in counts.items():
        lines.append(f"{name:<{width}}  " + ", ".join(f"{value}: {n}" for value, n in by_value.items()))
    return lines
