"""The puzzle pages: ``/daily``, ``/daily/YYYY-MM-DD`` and ``/p/PUZZLE-ID``, answered by clicking or typing.

Each page shows the position as a card table, the history and the question;
the learner answers with the same words ``literature train`` reads (a
few lines of script write them from clicks: a card, then a player). The
page's forms (the answer; Hint, Reveal, Skip) post to the page's own address,
which feeds the line to the attempt (:mod:`puzzles.attempts`); htmx then
swaps in the reply fragment (``puzzle_reply.html``), and a browser without it
is sent back to the page (so that reloading never answers twice). What a page
draws is :mod:`trainer.render.web.attempt`'s: nothing of the answer before
the attempt ends. A daily puzzle is stored as ``literature daily`` stores it
(:func:`puzzles.attempts.served_daily`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from puzzles.attempts import Attempts, Key, Served, answer, find_puzzle, served_daily
from puzzles.daily import parse_day
from trainer.clock import EARLIEST, LATEST, WINDOW
from trainer.game.errors import LiteratureError
from trainer.render.web.attempt import long_date, puzzle_context
from trainer.web.learners import choose_first, current
from trainer.web.pages import not_found, page

MAX_LINE = 2000
"""The longest answer line read (the rest is cut off)."""
PRESSED = {"hint": "hint", "reveal": "reveal", "skip": "skip", "none": "none"}
"""The buttons of the page and the line each stands for."""


def attempts(request: Request) -> Attempts:
    """The app's attempts under way (made on first use)."""
    state = request.app.state
    if not hasattr(state, "attempts"):
        state.attempts = Attempts()
    found: Attempts = state.attempts
    return found


async def answered(request: Request, served: Served, *, action: str, heading: str, nav: str, title: str,
                   **extra: Any) -> Response:
    """The page of an attempt, its forms posting to ``action``. A post's line (or button: Hint, Reveal, Skip,
    None is certain) is fed to ``served`` when it is for its puzzle; then htmx gets the reply fragment (the
    question, the replies and the forms; the theme too once the attempt is over), a plain form is sent back to
    the page, and htmx posting from a stale page (another puzzle) loads the page whole."""
    if request.method != "POST":
        return page(request, "puzzle.html", nav=nav, title=title, heading=heading, action=action,
                    **puzzle_context(served), **extra)
    async with request.form(max_files=0, max_fields=20, max_part_size=64 * 1024) as form:
        line = PRESSED.get(str(form.get("do") or "")) or str(form.get("line") or "")
        stale = str(form.get("puzzle") or "") != served.puzzle.id
    learner = current(request)
    if not stale and learner is not None:
        await run_in_threadpool(answer, served, line[:MAX_LINE], learner.store)
    if request.headers.get("hx-request") != "true":
        return RedirectResponse(action + "#reply", status_code=303)
    if stale:
        return Response(status_code=204, headers={"HX-Redirect": action})
    return page(request, "puzzle_reply.html", nav=nav, action=action, oob=True, **puzzle_context(served), **extra)


async def _served(request: Request, key: Key, make: Callable[[], Served | None], again: bool = False
                  ) -> Served | None:
    """The attempt under ``key``, made (in a thread) when there is none, or made again when ``again`` and it
    ended; ``None`` when ``make`` finds no puzzle."""
    found = attempts(request).get(key)
    if found is not None and not (again and found.done):
        return found
    made = await run_in_threadpool(make)
    if made is None:
        return None
    return attempts(request).replace(key, made) if found is not None else attempts(request).open(key, lambda: made)


def daily_of(text: str) -> date | None:
    """The date of ``/daily/TEXT``, or ``None`` when it is not a date of the window.

    >>> daily_of("2026-06-10"), daily_of("2026-02-30"), daily_of("9999-01-01")
    (datetime.date(2026, 6, 10), None, None)
    """
    try:
        return parse_day(text) if len(text) == 10 else None
    except LiteratureError:
        return None


async def daily(request: Request) -> Response:
    """``/daily``: today's daily puzzle; ``/daily/YYYY-MM-DD``: that date's; ``POST /daily/YYYY-MM-DD/again``:
    replay a daily that was answered (practice)."""
    text = str(request.path_params.get("day", ""))
    when = daily_of(text) if text else await run_in_threadpool(parse_day, None)
    if when is None:
        shown = text if len(text) <= 40 else text[:30] + "…"
        return not_found(request, f"There is no daily puzzle for {shown!r}: the address takes a date as YYYY-MM-DD, "
                                  f"{WINDOW}.")
    learner = current(request)
    if learner is None:
        return choose_first(request)
    action, again = f"/daily/{when.isoformat()}", request.url.path.endswith("/again")
    served = await _served(request, (str(learner.store), f"daily:{when.isoformat()}", ""),
                           lambda: served_daily(when, learner.store), again)
    assert served is not None
    if again:
        return RedirectResponse(action, status_code=303)
    before, after = when - timedelta(days=1), when + timedelta(days=1)
    return await answered(request, served, action=action, nav="daily", title=f"Daily puzzle {when.isoformat()}",
                          heading=f"Daily puzzle · {long_date(when)}",
                          before=before.isoformat() if before >= EARLIEST else None,
                          after=after.isoformat() if after <= LATEST else None, again=f"{action}/again")


async def by_id(request: Request) -> Response:
    """``/p/PUZZLE-ID``: any puzzle of the built-in pack (or of the learner's review queue); ``POST
    /p/PUZZLE-ID/again``: try it again after its attempt ended."""
    learner = current(request)
    if learner is None:
        return choose_first(request)
    puzzle_id = str(request.path_params["puzzle_id"])
    again = request.url.path.endswith("/again")

    def make() -> Served | None:
        puzzle = find_puzzle(puzzle_id, learner.store)
        return Served(puzzle) if puzzle is not None else None

    served = await _served(request, (str(learner.store), "p", puzzle_id), make, again)
    if served is None:
        shown = puzzle_id if len(puzzle_id) <= 40 else puzzle_id[:30] + "…"
        return not_found(request, f"There is no puzzle {shown!r} in the built-in pack or your review queue.")
    action = f"/p/{puzzle_id}"
    if again:
        return RedirectResponse(action, status_code=303)
    return await answered(request, served, action=action, nav="", title=f"Puzzle {puzzle_id}",
                          heading=f"Puzzle {puzzle_id}", again=f"{action}/again")


routes = [
    Route("/daily", daily, methods=["GET", "POST"]),
    Route("/daily/{day}", daily, methods=["GET", "POST"]),
    Route("/daily/{day}/again", daily, methods=["POST"]),
    Route("/p/{puzzle_id}", by_id, methods=["GET", "POST"]),
    Route("/p/{puzzle_id}/again", by_id, methods=["POST"]),
]
