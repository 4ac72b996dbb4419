"""The Rich view of ``literature stats``: rating with a small chart, streak calendar, accuracy per technique."""

from __future__ import annotations

from datetime import date

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from puzzles.rating import Rating, is_provisional, level_for
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


def rating_text(rating: Rating) -> str:
    """``1642 ± 60``, or ``1500? ± 350 (provisional)`` while the deviation is high (as lichess does): the
    deviation, the same number as ``stats --json`` gives (``rating_deviation``).

    >>> rating_text(Rating()), rating_text(Rating(1642.4, 60.0))
    ('1500? ± 350 (provisional)', '1642 ± 60')
    """
    if is_provisional(rating):
        return f"{rating.rating:.0f}? ± {rating.rd:.0f} (provisional)"
    return f"{rating.rating:.0f} ± {rating.rd:.0f}"


def review_text(due: int, upcoming: tuple[str, int] | None) -> str:
    """What is due for review now, and when the next ones fall due.

    >>> review_text(0, ("2026-12-03", 4))
    'none due now; next: 4 puzzles on 2026-12-03'
    >>> review_text(2, None)
    "2 puzzles missed earlier, due now: 'literature train --review'"
    """
    now = f"{_plural(due, 'puzzle')} missed earlier, due now: 'literature train --review'" if due else "none due now"
    if upcoming is None:
        return now if due else "— (nothing missed to review)"
    day, count = upcoming
    return f"{now}; next: {_plural(count, 'puzzle')} on {day}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def stats_view(summary: Summary, games_played: int = 0, games_won: int = 0) -> Panel:
    """Everything about the learner's progress in one panel (with the games played against bots);
    "—" where there is no data yet."""
    rating = summary.rating
    top = Table.grid(padding=(0, 2))
    top.add_row("Rating", f"{rating_text(rating)}, level {level_for(rating.rating)} puzzles")
    chart = sparkline([r for _, r in summary.history])
    if chart:
        top.add_row("", Text(chart, style="cyan"))
    memory = summary.memory_rating
    top.add_row("Memory rating", rating_text(memory) if memory is not None else "— (try 'literature train --memory')")
    puzzles = f"{summary.solved} solved of {summary.attempted} tried" if summary.attempted else "—"
    top.add_row("Puzzles", puzzles)
    attempts = _plural(summary.attempts, "attempt") if summary.attempts else "—"
    others = [f"{summary.skipped} skipped"] if summary.skipped else []
    others += [f"{summary.quit} quit"] if summary.quit else []
    top.add_row("Attempts", attempts + (f" (also {', '.join(others)})" if others else ""))
    first = summary.first_try_accuracy
    top.add_row("First try", f"{first:.0%} right" if first is not None else "—")
    streak = summary.streak
    today = "done today" if streak.today_done else "today's daily still open"
    top.add_row("Daily streak", f"{_plural(streak.current, 'day')} (best {streak.best}; {today})")
    if summary.calendar:
        top.add_row("", calendar_text(summary.calendar))
    top.add_row("To review", review_text(summary.reviews_due, summary.reviews_next))
    games = f"{games_won} won of {games_played} played ('literature games' lists them)" if games_played else "—"
    top.add_row("Games", games)
    parts: list[Table | Text] = [top]
    if summary.by_technique:
        table = Table(title="By deciding technique (puzzles, not attempts)", title_justify="left", show_edge=False)
        table.add_column("technique")
        table.add_column("puzzles", justify="right")
        table.add_column("solved", justify="right")
        table.add_column("accuracy", justify="right")
        table.add_column("attempts", justify="right")
        for name, row in sorted(summary.by_technique.items(), key=lambda item: (item[1].accuracy, item[0])):
            table.add_row(name, str(row.puzzles), str(row.solved), f"{row.accuracy:.0%}", str(row.attempts))
        parts.append(table)
    if not summary.attempts:
        parts.append(Text("No puzzles tried yet: run 'literature daily' or 'literature train'.", style="dim"))
    return Panel(Group(*parts), title="Your progress", expand=False)


def after_daily_view(summary: Summary, *, counted: bool) -> Text:
    """After the first answer to a daily: the streak, the best streak and a next step.

    ``counted``: the daily was today's (a past date's daily is rated but never streaked).
    """
    streak = summary.streak
    text = Text()
    if counted:
        days = _plural(streak.current, "day")
        text.append(f"Daily streak: {days} (best {streak.best}).", style="bold")
    else:
        text.append(f"A past daily counts for your rating, not your streak (streak: {streak.current}, "
                    f"best {streak.best}).", style="bold")
    due = summary.reviews_due
    if due:
        text.append(f"\nNext: {_plural(due, 'puzzle')} you missed earlier {'is' if due == 1 else 'are'} due again: "
                    "'literature train --review'.")
    else:
        level = level_for(summary.rating.rating)
        text.append(f"\nNext: 'literature train' for puzzles near your rating (level {level}).")
    return text


def show_after_daily(summary: Summary, *, counted: bool) -> None:
    """Print what follows the first answer to a daily."""
    Console().print(after_daily_view(summary, counted=counted))


def show_stats(summary: Summary, games_played: int = 0, games_won: int = 0) -> None:
    """Print the progress view."""
    Console().print(stats_view(summary, games_played, games_won))
