"""The Rich view of ``literature stats``: rating with a small chart, streak calendar, accuracy per technique."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, timedelta
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from puzzles.counts import Counts
from puzzles.model import LEVEL_NAMES, Puzzle
from puzzles.rating import Rating, is_provisional, level_for
from puzzles.store import Summary
from puzzles.streak import Streak
from trainer.render.screen import stdout_console
from trainer.render.words import Words

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


def solved_text(counts: Counts) -> str:
    """The puzzles solved and tried, in the words every face uses ("—" when none was tried).

    >>> solved_text(Counts(first_answer=2, later_try=1, revealed=1, missed=1, attempts=6)), solved_text(Counts())
    ('3 solved of 5 tried', '—')
    """
    return f"{counts.solved} solved of {counts.tried} tried" if counts.tried else "—"


def split_lines(counts: Counts) -> tuple[str, ...]:
    """How the puzzles tried went, each counted once: the solved, then the others (as a terminal's rows).

    >>> split_lines(Counts(first_answer=2, later_try=1, revealed=1, missed=1, attempts=6))
    ('2 at the first answer, 1 on a later try', '1 revealed, 1 missed')
    >>> split_lines(Counts(first_answer=1, attempts=1)), split_lines(Counts())
    (('1 at the first answer',), ())
    """
    if not counts.tried:
        return ()
    solved = [f"{counts.first_answer} at the first answer"]
    solved += [f"{counts.later_try} on a later try"] if counts.later_try else []
    others = [f"{counts.revealed} revealed"] if counts.revealed else []
    others += [f"{counts.missed} missed"] if counts.missed else []
    return (", ".join(solved), ", ".join(others)) if others else (", ".join(solved),)


def split_text(counts: Counts) -> str:
    """How the puzzles tried went, in one line ("" when none was tried).

    >>> split_text(Counts(first_answer=2, later_try=1, revealed=1, missed=1, attempts=6))
    '2 at the first answer, 1 on a later try, 1 revealed, 1 missed'
    """
    return ", ".join(split_lines(counts))


def share_text(counts: Counts) -> str:
    """The share of the puzzles tried right at the first answer, as a table cell under "first answer" ("—"
    when none was tried).

    >>> share_text(Counts(first_answer=1, missed=2)), share_text(Counts())
    ('33%', '—')
    """
    share = counts.first_share
    return f"{share:.0%}" if share is not None else "—"


def first_answer_text(counts: Counts) -> str:
    """The share of the puzzles tried right at the first answer, said ("—" when none was tried).

    >>> first_answer_text(Counts(first_answer=1, missed=2)), first_answer_text(Counts())
    ('33% right', '—')
    """
    return f"{share_text(counts)} right" if counts.tried else "—"


def attempts_text(counts: Counts) -> str:
    """The attempts, with those skipped or left before any answer.

    >>> attempts_text(Counts(first_answer=1, attempts=2, skipped=1)), attempts_text(Counts(quit=1))
    ('2 attempts (also 1 skipped)', '— (also 1 quit)')
    """
    others = [f"{counts.skipped} skipped"] if counts.skipped else []
    others += [f"{counts.quit} quit"] if counts.quit else []
    attempts = _plural(counts.attempts, "attempt") if counts.attempts else "—"
    return attempts + (f" (also {', '.join(others)})" if others else "")


def streak_detail(streak: Streak) -> str:
    """The best streak, and whether today's daily is done.

    >>> streak_detail(Streak(2, 5, False)), streak_detail(Streak(0, 5, False, today_missed=True))
    ("best 5; today's daily still open", "best 5; today's first answer missed")
    """
    today = ("done today" if streak.today_done else "today's first answer missed" if streak.today_missed
             else "today's daily still open")
    return f"best {streak.best}; {today}"


def streak_text(streak: Streak) -> str:
    """The daily streak, the best one, and whether today's daily is done.

    >>> streak_text(Streak(2, 5, False))
    "2 days (best 5; today's daily still open)"
    """
    return f"{_plural(streak.current, 'day')} ({streak_detail(streak)})"


def games_text(played: int, won: int) -> str:
    """The games against bots finished and won.

    >>> games_text(3, 1), games_text(0, 0)
    ("1 won of 3 played ('literature games' lists them)", '—')
    """
    return f"{won} won of {played} played ('literature games' lists them)" if played else "—"


def level_rows(summary: Summary) -> list[tuple[int, str, Counts]]:
    """The counts per level ``(level, name of the technique that decides it, counts)``, weakest first (the
    lowest share right at the first answer); 0 is the recall drill.

    >>> from puzzles.rating import Rating
    >>> s = Summary(Counts(), Streak(0, 0, False), Rating(), by_level={2: Counts(first_answer=1),
    ...             3: Counts(missed=1)})
    >>> [(level, name) for level, name, _ in level_rows(s)]
    [(3, 'ask history'), (2, 'careful player')]
    """
    return [(level, LEVEL_NAMES.get(level, f"level {level}"), c)
            for level, c in sorted(summary.by_level.items(), key=lambda item: (item[1].first_share or 0, item[0]))]


def stats_view(summary: Summary) -> Panel:
    """Everything about the learner's progress in one panel (with the games played against bots);
    "—" where there is no data yet."""
    rating = summary.rating
    counts = summary.counts
    top = Table.grid(padding=(0, 2))
    top.add_row("Rating", f"{rating_text(rating)}, level {summary.level} puzzles")
    chart = sparkline([r for _, r in summary.history])
    if chart:
        top.add_row("", Text(chart, style="cyan"))
    memory = summary.memory_rating
    top.add_row("Memory rating", rating_text(memory) if memory is not None else "— (try 'literature train --memory')")
    top.add_row("Puzzles", solved_text(counts))
    for line in split_lines(counts):
        top.add_row("", line)
    top.add_row("First answer", first_answer_text(counts))
    top.add_row("Attempts", attempts_text(counts))
    top.add_row("Daily streak", streak_text(summary.streak))
    if summary.calendar:
        top.add_row("", calendar_text(summary.calendar))
    top.add_row("To review", review_text(summary.reviews_due, summary.reviews_next))
    top.add_row("Games", games_text(summary.games_played, summary.games_won))
    parts: list[Table | Text] = [top]
    if summary.by_level:
        table = Table(title="By level (puzzles, not attempts)", title_justify="left", show_edge=False)
        table.add_column("level")
        table.add_column("tried", justify="right")
        table.add_column("solved", justify="right")
        table.add_column("first answer", justify="right")
        table.add_column("attempts", justify="right")
        for level, name, row in level_rows(summary):
            table.add_row(f"{level} {name}", str(row.tried), str(row.solved), share_text(row), str(row.attempts))
        parts.append(table)
    if not counts.attempts:
        parts.append(Text("No puzzles tried yet: run 'literature daily' or 'literature train'.", style="dim"))
    return Panel(Group(*parts), title="Your progress", expand=False)


def after_daily_view(summary: Summary, *, counted: bool) -> Text:
    """After the first answer to a daily: the streak, the best streak and a next step.

    ``counted``: the daily was today's (a past date's daily is rated but never streaked).
    """
    streak = summary.streak
    text = Text()
    if counted:
        text.append(f"Daily streak: {streak_text(streak)}.", style="bold")
    else:
        text.append(f"A past daily counts for your rating, not your streak (daily streak: {streak_text(streak)}).",
                    style="bold")
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
    stdout_console().print(after_daily_view(summary, counted=counted))


def show_stats(summary: Summary) -> None:
    """Print the progress view."""
    stdout_console().print(stats_view(summary))


# -- the pages (/ and /stats): the same figures, in the same words ------------------------------------------------

def when_due(due: datetime, now: datetime) -> str:
    """When a review is due, in words.

    >>> from datetime import timezone
    >>> at = datetime(2026, 6, 10, 14, 0, tzinfo=timezone.utc)
    >>> when_due(at, at), when_due(at + timedelta(hours=5), at), when_due(at + timedelta(days=3), at)
    ('now', 'in 5 hours', 'in 3 days (Sat 13 Jun)')
    """
    wait = due - now
    if wait <= timedelta(0):
        return "now"
    if wait < timedelta(hours=1):
        return f"in {max(1, round(wait.total_seconds() / 60))} minutes"
    if wait < timedelta(days=1):
        hours = round(wait.total_seconds() / 3600)
        return f"in {hours} hour{'s' if hours != 1 else ''}"
    days = round(wait.total_seconds() / 86400)
    local = due.astimezone(now.tzinfo)
    return f"in {days} day{'s' if days != 1 else ''} ({local:%a} {local.day} {local:%b})"


def next_reviews(upcoming: tuple[str, int] | None) -> str | None:
    """When the next reviews fall due after now (``Summary.reviews_next``), in words; ``None``: none are.

    >>> next_reviews(("2026-06-13", 2)), next_reviews(("2026-06-11", 1)), next_reviews(None)
    ('2 puzzles on Sat 13 Jun 2026', '1 puzzle on Thu 11 Jun 2026', None)
    """
    if upcoming is None:
        return None
    day, count = upcoming
    when = date.fromisoformat(day)
    return f"{count} puzzle{'s' if count != 1 else ''} on {when:%a} {when.day} {when:%b %Y}"


def calendar_weeks(days: dict[str, bool], today: date) -> list[list[tuple[str, int, bool, bool] | None]]:
    """The calendar as weeks (Monday first) of ``(ISO date, day of month, solved, is today)``, blank before the first.

    >>> weeks = calendar_weeks({"2026-06-09": False, "2026-06-10": True}, date(2026, 6, 10))
    >>> weeks[0][:3]
    [None, ('2026-06-09', 9, False, False), ('2026-06-10', 10, True, True)]
    """
    ordered = sorted(days.items())
    if not ordered:
        return []
    first = date.fromisoformat(ordered[0][0])
    cells: list[tuple[str, int, bool, bool] | None] = [None] * first.weekday()
    cells += [(d, date.fromisoformat(d).day, solved, date.fromisoformat(d) == today) for d, solved in ordered]
    cells += [None] * (-len(cells) % 7)
    return [cells[i:i + 7] for i in range(0, len(cells), 7)]


def figures(summary: Summary) -> dict[str, str]:
    """Each figure about the learner in the words the terminal uses, for the pages (the home page and
    ``/stats`` show these, as ``literature stats`` does).

    >>> from puzzles.rating import Rating
    >>> f = figures(Summary(Counts(first_answer=1, revealed=1, attempts=2), Streak(1, 1, True), Rating()))
    >>> f["solved"], f["split"], f["first_answer"], f["streak"], f["rating"]
    ('1 solved of 2 tried', '1 at the first answer, 1 revealed', '50% right', '1 day (best 1; done today)', '1500?')
    >>> f["memory"], figures(Summary(Counts(), Streak(0, 0, False), Rating(), memory_rating=Rating(1642, 60)))["memory"]
    ('— (train in memory mode for one)', '1642 ± 60')
    """
    counts = summary.counts
    memory = summary.memory_rating
    return {
        "memory": rating_text(memory) if memory is not None else "— (train in memory mode for one)",
        "rating": f"{summary.rating.rating:.0f}{'?' if summary.provisional else ''}",
        "deviation": f"± {summary.rating.rd:.0f}",
        "level": f"level {summary.level} puzzles",
        "solved": solved_text(counts),
        "split": split_text(counts),
        "first_answer": first_answer_text(counts),
        "attempts": attempts_text(counts),
        "streak": streak_text(summary.streak),
        "streak_days": _plural(summary.streak.current, "day"),
        "streak_detail": streak_detail(summary.streak),
        "games": f"{summary.games_won} won of {summary.games_played} played" if summary.games_played else "—",
    }


DAILY_VERDICTS = {
    "first": ("good", "Solved today at the first answer: the streak goes on."),
    "later": ("good", "Solved today, on a later try (the streak counts a daily right at the first answer)."),
    "revealed": ("bad", "Revealed today: tomorrow brings a new one."),
    "missed": ("bad", "Not solved today: tomorrow brings a new one."),
}
"""How today's daily went (:func:`puzzles.counts.kind_of`), as the home page says it: a style and a sentence."""


def stats_page(summary: Summary, scheduled: Sequence[tuple[Puzzle, datetime]], now: datetime) -> dict[str, Any]:
    """What ``/stats`` shows: the figures, the rating chart, the rows per level, the calendar as weeks, the
    reviews scheduled (``(puzzle, when due)``: each by its level and question) as said from ``now``."""
    from trainer.render.web.chart import rating_chart

    return {
        "summary": summary,
        "figures": figures(summary),
        "chart": rating_chart(summary.history),
        "levels": [(level, name, c, share_text(c), round(100 * (c.first_share or 0)))
                   for level, name, c in level_rows(summary)],
        "next_reviews": next_reviews(summary.reviews_next),
        "weeks": calendar_weeks(summary.calendar, now.date()),
        "scheduled": [(puzzle.id, when_due(due, now), review_label(puzzle)) for puzzle, due in scheduled],
    }


def review_label(puzzle: Puzzle) -> Words:
    """What a puzzle due for review is, in a line: its level and its question.

    >>> from puzzles.examples import example_claim
    >>> review_label(example_claim()).symbols()
    'Level 3: Claim low diamonds (LD): name the holder of each of its six cards.'
    """
    from trainer.render.quiz import question_words

    return Words.of(f"Level {puzzle.level}: ", question_words(puzzle))
