"""The Rich view of ``literature stats``: rating with a small chart, streak calendar, accuracy per technique."""

from __future__ import annotations

from datetime import date

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from puzzles.rating import level_for
from puzzles.store import Summary

_BARS = "▁▂▃▄▅▆▇█"


def sparkline(values: list[float], width: int = 40) -> str:
    """A one-line chart of the last ``width`` values.

    >>> sparkline([1500, 1550, 1600, 1580])
    '▁▅█▇'
    >>> sparkline([])
    ''
    """
    points = values[-width:]
    if not points:
        return ""
    low, high = min(points), max(points)
    span = high - low or 1.0
    return "".join(_BARS[round((v - low) / span * (len(_BARS) - 1))] for v in points)


def calendar_text(calendar: dict[str, bool]) -> Text:
    """The last weeks as a row of squares, one per day: filled when the daily puzzle was solved."""
    text = Text()
    for index, (day, done) in enumerate(calendar.items()):
        if index and date.fromisoformat(day).weekday() == 0:
            text.append(" ")
        text.append("■" if done else "□", style="bold green" if done else "dim")
    return text


def stats_view(summary: Summary) -> Panel:
    """Everything about the learner's progress in one panel."""
    rating = summary.rating
    top = Table.grid(padding=(0, 2))
    spread = f"{rating.rating:.0f} ± {2 * rating.rd:.0f} (95%)"
    top.add_row("Rating", f"{spread}  (puzzles of level {level_for(rating.rating)})")
    chart = sparkline([r for _, r in summary.history])
    if chart:
        top.add_row("", Text(chart, style="cyan"))
    top.add_row("Puzzles", f"{summary.solved} solved of {summary.attempted} tried ({summary.attempts} attempts)")
    top.add_row("First try", f"{summary.first_try_accuracy:.0%} right")
    streak = summary.streak
    today = "done today" if streak.today_done else "today's daily still open"
    days = f"{streak.current} day{'s' if streak.current != 1 else ''}"
    top.add_row("Daily streak", f"{days} (best {streak.best}; {today})")
    if summary.calendar:
        top.add_row("", calendar_text(summary.calendar))
    if summary.reviews_due:
        due = summary.reviews_due
        top.add_row("To review", f"{due} puzzle{'s' if due != 1 else ''} failed earlier, due again")
    parts: list[Table | Text] = [top]
    if summary.by_technique:
        table = Table(title="By technique", title_justify="left", show_edge=False)
        table.add_column("technique")
        table.add_column("solved", justify="right")
        table.add_column("tried", justify="right")
        table.add_column("accuracy", justify="right")
        for name, row in sorted(summary.by_technique.items(), key=lambda item: item[1].accuracy):
            table.add_row(name, str(row.solved), str(row.attempted), f"{row.accuracy:.0%}")
        parts.append(table)
    if not summary.attempts:
        parts.append(Text("No puzzles tried yet: run 'literature daily' or 'literature train'.", style="dim"))
    return Panel(Group(*parts), title="Your progress", expand=False)


def show_stats(summary: Summary) -> None:
    """Print the progress view."""
    Console().print(stats_view(summary))
