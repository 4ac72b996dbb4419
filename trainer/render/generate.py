"""The Rich view of ``literature generate``: a progress bar while puzzles are mined, then a summary."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.table import Table

from puzzles.model import Puzzle
from puzzles.pick import Shortfall
from trainer.render.progress import Bar
from trainer.render.screen import stdout_console
from trainer.render.worksheet import shortfall_text


class GenerationProgress(Bar):
    """A progress bar on standard error, advanced once per kept puzzle (silent when disabled)."""

    def __init__(self, count: int, label: str, enabled: bool = True) -> None:
        super().__init__(label, count, enabled=enabled, counters=("games",))

    def update(self, kept: int, games: int) -> None:
        """``kept`` puzzles so far, from ``games`` games."""
        self.show(kept, games=games)


SOURCES = {"pack": "from the built-in pack", "fresh": "mined from new games", "file": "mined from the game"}
"""Where ``literature generate`` took its puzzles, in words (by the ``source`` its ``--json`` reports)."""


def summary_table(puzzles: Sequence[Puzzle], files: Sequence[Path], seconds: float,
                  short: Sequence[Shortfall] = (), source: str = "pack") -> Table:
    """What was written: puzzles by level and kind (and the kinds the pack had too few of), the files, the time.

    >>> from puzzles.examples import example_claim
    >>> summary_table([example_claim()], [Path("out/puzzles.json")], 1.0).row_count
    4
    >>> summary_table([example_claim()], [], 1.0, [Shortfall("claim", 2, (5,))]).row_count
    5
    """
    levels: dict[int, int] = {}
    kinds: dict[str, int] = {}
    for puzzle in puzzles:
        levels[puzzle.level] = levels.get(puzzle.level, 0) + 1
        kinds[puzzle.question.kind] = kinds.get(puzzle.question.kind, 0) + 1
    title = f"{len(puzzles)} puzzles {SOURCES[source]} in {seconds:.1f} s"
    table = Table(title=title, title_justify="left")
    table.add_column("")
    table.add_column("value", overflow="fold")  # a long path wraps, never cut
    table.add_row("by level", ", ".join(f"level {lv}: {n}" for lv, n in sorted(levels.items())))
    table.add_row("by kind", ", ".join(f"{k}: {n}" for k, n in sorted(kinds.items())))
    if short:
        table.add_row("short", shortfall_text(short))
    table.add_row("files", "\n".join(str(f) for f in files))
    table.add_row("rate", f"{len(puzzles) / seconds:.1f} puzzles/s" if seconds > 0 else "-")
    return table


def show_summary(puzzles: Sequence[Puzzle], files: Sequence[Path], seconds: float,
                 short: Sequence[Shortfall] = (), source: str = "pack") -> None:
    """Print the summary table."""
    stdout_console().print(summary_table(puzzles, files, seconds, short, source))
