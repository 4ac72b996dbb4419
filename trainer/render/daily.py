"""The Rich view of a week of daily puzzles (``literature daily --week``)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from rich.table import Table
from rich.text import Text

from puzzles.model import Puzzle
from trainer.render.quiz import question_words
from trainer.render.screen import stdout_console


def week_table(days: Sequence[tuple[date, Puzzle]], today: date) -> Table:
    """One row per day: the date, the level and its name, the question (no answer); today in bold."""
    table = Table(title="Daily puzzles of the week: easiest on Monday, hardest on Sunday", title_justify="left",
                  header_style="bold", expand=False)
    table.add_column("day")
    table.add_column("level", justify="right")
    table.add_column("technique")
    table.add_column("question", overflow="fold")
    for day, puzzle in days:
        style = "bold" if day == today else ""
        label = Text(f"{day:%a %Y-%m-%d}" + (" (today)" if day == today else ""), style=style)
        question = Text(str(question_words(puzzle, short=True)), style=style)
        table.add_row(label, str(puzzle.level), puzzle.difficulty.name, question)
    return table


def show_week(days: Sequence[tuple[date, Puzzle]], today: date) -> None:
    """Print the week's daily puzzles."""
    stdout_console().print(week_table(days, today))
