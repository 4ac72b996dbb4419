"""``/``: the home page: today's daily, the streak and rating, training to continue, recent games, links."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from puzzles.counts import kind_of
from puzzles.course import course_of
from puzzles.daily import checked_daily
from puzzles.progress import learner_summary
from puzzles.store import Progress
from trainer.play.saved import saved_games
from trainer.render.course import course_page
from trainer.render.quiz import question_words
from trainer.render.stats import DAILY_VERDICTS, figures
from trainer.render.web.attempt import long_date
from trainer.web.learners import current
from trainer.web.pages import games_folder, page
from trainer.web.pages import home as data_folder
from trainer.web.table_api import hall
from trainer.web.train import session_of

RECENT_GAMES = 5


def _home(store: Path | None, games: Path) -> dict[str, Any]:
    context: dict[str, Any] = {"progress": None, "course": course_page(course_of(store))}
    recent = list(reversed(saved_games(games)))[:RECENT_GAMES]
    context["games"] = recent
    if store is None:
        from trainer.clock import today

        day = today()
        daily = checked_daily(day)
        context.update(day=day, day_text=long_date(day), daily=daily, question=question_words(daily), answered=None)
        return context
    summary = learner_summary(store, games, calendar_days=7)
    with Progress(store) as progress:
        day = progress.clock().date()
        answered = progress.daily_answered(day)
    verdict = DAILY_VERDICTS[kind_of(answered)] if answered else None
    daily = checked_daily(day)
    context.update(day=day, day_text=long_date(day), daily=daily, question=question_words(daily), answered=answered,
                   progress=summary, figures=figures(summary), verdict=verdict)
    return context


async def home(request: Request) -> Response:
    """The home page (a browser with no learner yet sees it too, with a link to choose one)."""
    learner = current(request)
    context = await run_in_threadpool(_home, learner.store if learner else None, games_folder(request))
    context["ids"] = {g.path: hall(request).ids.game_id(data_folder(request), g.path) for g in context["games"]}
    training = session_of(request)
    if training is not None and not training.over:
        context["training"] = {"number": training.number, "count": training.count}
    else:
        context["training"] = None
    return page(request, "home.html", nav="home", title="Home", **context)


routes = [Route("/", home, methods=["GET"])]
