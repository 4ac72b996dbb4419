"""``/stats``: the learner's progress: every figure of ``literature stats`` (:func:`puzzles.progress.learner_summary`,
in the words of :mod:`trainer.render.stats`), the rating over time as an SVG chart, the puzzles per level, the
daily calendar, and the puzzles due for review and when. Only the route is the web's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from puzzles.progress import learner_summary
from puzzles.store import Progress
from trainer.render.stats import stats_page
from trainer.web.learners import choose_first, current
from trainer.web.pages import games_folder, page

CALENDAR_DAYS = 35
"""Five weeks of the daily calendar."""


def _stats(store: Path, games: Path) -> dict[str, Any]:
    summary = learner_summary(store, games, calendar_days=CALENDAR_DAYS)
    with Progress(store) as progress:
        scheduled = progress.scheduled(limit=30)
        now = progress.clock()
    return stats_page(summary, scheduled, now)


async def stats(request: Request) -> Response:
    """The stats page."""
    learner = current(request)
    if learner is None:
        return choose_first(request)
    context = await run_in_threadpool(_stats, learner.store, games_folder(request))
    return page(request, "stats.html", nav="stats", title="Stats", **context)


routes = [Route("/stats", stats, methods=["GET"])]
