"""``literature pack``: the built-in puzzle pack as a standard puzzles.json, for any other tool."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from puzzles.packs import export_pack, histogram, load_pack
from trainer.cli.app import command, fail


@command("pack")
def pack(
    out: Annotated[Path, typer.Option("--out", help="File to write the pack to (schema 1 puzzles.json).")],
    force: Annotated[bool, typer.Option("--force", help="Replace the file if it exists.")] = False,
) -> None:
    """Export the built-in puzzle pack as a standard puzzles.json (for train --pack, grade or other tools)."""
    if out.is_dir():
        raise fail(f"{out}: is a folder; give a file name such as {out / 'pack.json'}")
    if out.exists() and not force:
        raise fail(f"{out}: exists; add --force to replace it")
    try:
        count = export_pack(out)
    except OSError as error:
        raise fail(f"{error.filename or out}: {error.strerror or error}") from None
    print(json.dumps({"file": str(out), "puzzles": count} | histogram(load_pack())))
