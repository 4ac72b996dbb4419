"""``/stats``: the learner's progress: rating over time (an SVG chart), accuracy by level (a puzzle counts
under the name of the technique that decides its level), the daily calendar, and the puzzles due for review
and when. The numbers are ``literature stats``'s
(:meth:`puzzles.store.Progress.summary`); only the drawing is the web's."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from puzzles.model import LEVEL_NAMES
from puzzles.rating import is_provisional, level_for
from puzzles.store import Progress
from trainer.play.saved import saved_games
from trainer.render.web.chart import rating_chart
from trainer.web.learners import choose_first, current
from trainer.web.pages import games_folder, page

CALENDAR_DAYS = 35
"""Five weeks of the daily calendar."""


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


def by_level(by_technique: dict[str, Any]) -> list[tuple[int | None, str, Any]]:
    """Accuracy rows ``(level, name, stats)``, weakest first: ``Summary.by_technique`` is keyed by the name of
    the level that decided each puzzle (:data:`puzzles.model.LEVEL_NAMES`; 0 is the recall drill).

    >>> from puzzles.store import TechniqueStats
    >>> [(lvl, name) for lvl, name, _ in by_level({"ask history": TechniqueStats(2, 1, 3),
    ...                                            "elimination": TechniqueStats(1, 1, 1)})]
    [(3, 'ask history'), (1, 'elimination')]
    """
    levels = {name: level for level, name in LEVEL_NAMES.items()}
    return [(levels.get(name), name, row)
            for name, row in sorted(by_technique.items(), key=lambda item: (item[1].accuracy, levels.get(item[0], 9)))]


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


def _stats(store: Path, games: Path) -> dict[str, Any]:
    with Progress(store) as progress:
        summary = progress.summary(calendar_days=CALENDAR_DAYS)
        scheduled = progress.scheduled(limit=30)
        now = progress.clock()
    finished = [g for g in saved_games(games) if g.over]
    return {
        "summary": summary,
        "chart": rating_chart(summary.history),
        "provisional": is_provisional(summary.rating),
        "level": level_for(summary.rating.rating),
        "levels": by_level(summary.by_technique),
        "next_reviews": next_reviews(summary.reviews_next),
        "weeks": calendar_weeks(summary.calendar, now.date()),
        "scheduled": [(p.id, when_due(due, now)) for p, due in scheduled],
        "games_played": len(finished),
        "games_won": sum(g.won for g in finished),
    }


async def stats(request: Request) -> Response:
    """The stats page."""
    learner = current(request)
    if learner is None:
        return choose_first(request)
    context = await run_in_threadpool(_stats, learner.store, games_folder(request))
    return page(request, "stats.html", nav="stats", title="Stats", **context)


routes = [Route("/stats", stats, methods=["GET"])]
