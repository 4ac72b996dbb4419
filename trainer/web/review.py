"""``/review``: step through a game, event by event, with every card's exact holder chances and the review's notes.

A game comes from the games ``literature play`` saved, from a ``.lit`` log
uploaded or pasted, or from a finished table (``/t/CODE/review``, see
:func:`review_table`). A log is checked as ``literature check`` checks it
(:func:`trainer.review.kept.check_log`), so a malformed one gets the same
one-line error, naming its line; a good one is kept in ``uploads/`` in the
data folder under a name made from its content, so a link to it lasts.

At event ``N`` (the position after the first ``N`` events) the page shows, for
the chosen seat or the public view, the position of
:func:`trainer.review.moment.position` (what ``literature solve --at N``
prints) and the review's notes on event ``N`` with their Why
(:func:`trainer.review.review_game` and :func:`trainer.review.moment.why`,
what ``literature review --explain`` prints), worked out once per game in the
background and kept (:mod:`trainer.review.kept`); :mod:`trainer.render.review_page` words them. Each moment has its
own address (``/review/game/NAME?event=12&view=Bob``); stepping asks for the
moment's fragment with htmx, which then shows that address.

A game still being played is reviewed from the person's seat only (its other
hands are dropped before anything is worked out), so the review never shows a
bot's hand while the game goes on; nor its seed, which deals every hand: a saved
game is addressed by its opaque id (:mod:`trainer.play.game_ids`), and its file's
name (which holds the seed) is shown only once the game is over.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from trainer.game.errors import LiteratureError
from trainer.game.notation import Game
from trainer.play.saved import load, saved_games
from trainer.render.review_page import moment_view, queued_words
from trainer.review.kept import UPLOAD_RATE, Reviews, check_log, keep_log, stamp, upload_name, uploaded
from trainer.review.moment import Why, read_log, why
from trainer.review.opened import Opened, open_table
from trainer.web.pages import bad_request, games_folder, home, not_found, page
from trainer.web.table_api import client_key, hall

log = logging.getLogger("literature.web")


# -- where a game comes from ------------------------------------------------------------------------


def open_saved(request: Request, name: str) -> Opened | Response:
    """A game ``literature play`` saved: over, every hand; still going, the person's seat only."""
    path = hall(request).ids.find_game(home(request), games_folder(request), name)
    if path is None or not path.is_file():
        return not_found(request, f"No saved game has the id {name[:80]!r}: the games are listed at /review.")
    match = load(path)
    you = match.you
    address = f"/review/game/{hall(request).ids.game_id(home(request), path)}"
    if match.over:
        views = (you, *_others(match.game(), you), None)
        return Opened(address, str(path), f"Game {path.stem}", match.game(), views, you, stamp(path))
    started = match.seating.started[:16].replace("T", " ") or "a saved game"
    game = Game(match.setup.only(you), tuple(match.state.events))  # (no path: the file's name holds the seed)
    return Opened(address, str(path), f"Game of {started}", game, (you, None), you, stamp(path),
                  "The game is still being played: it is reviewed from your seat only, so no other hand shows.")


def _others(game: Game, you: str) -> tuple[str, ...]:
    return tuple(p for p in game.setup.players if p != you and p in game.setup.hands)


def open_log(request: Request, key: str) -> Opened | Response:
    """A log uploaded or pasted earlier (kept under its content's name)."""
    path = uploaded(home(request), key)
    if path is None:
        return not_found(request, f"No uploaded log is called {key[:40]!r}: upload it again at /review.")
    game = read_log(path)
    listed = tuple(p for p in game.setup.players if p in game.setup.hands)
    default = listed[0] if len(listed) == 1 else None
    views = (*listed, None)
    return Opened(f"/review/log/{key}", str(path), f"Uploaded log {key[:8]}", game, views, default, stamp(path))


# -- requests ----------------------------------------------------------------------------------------


def _home_page(request: Request, error: str = "", status: int = 200, text: str = "") -> Response:
    ids, folder = hall(request).ids, home(request)
    games = [{"name": ids.game_id(folder, g.path), "started": g.started[:16].replace("T", " "), "result": g.result,
              "table": f"{g.variant} {g.players}p v {g.opponents}", "events": g.events, "over": g.over}
             for g in reversed(saved_games(games_folder(request))) if g.variant]
    return page(request, "review.html", status=status, nav="review", title="Review", games=games, error=error,
                text=text)


async def review_home(request: Request) -> Response:
    """``GET /review``: choose a saved game, or upload or paste a log."""
    return _home_page(request)


async def review_upload(request: Request) -> Response:
    """``POST /review/upload``: a log uploaded (``log``) or pasted (``text``), checked, kept, then opened."""
    async with request.form(max_files=1, max_fields=10) as form:
        upload = form.get("log")
        pasted = form.get("text")
        data, name = b"", ""
        if isinstance(upload, UploadFile) and upload.filename:
            data, name = await upload.read(), upload_name(upload.filename)
        elif isinstance(pasted, str) and pasted.strip():
            data, name = pasted.encode("utf-8"), "pasted.lit"
    if not name:
        return _home_page(request, "Choose a .lit file to upload, or paste a game log.", 400)
    try:
        hall(request).limits.check("upload:" + client_key(request), UPLOAD_RATE)
        await run_in_threadpool(check_log, data, name)
        key = keep_log(home(request), data)
    except LiteratureError as error:
        return _home_page(request, str(error), 400, pasted if isinstance(pasted, str) else "")
    except (OSError, UnicodeDecodeError) as error:  # (the reason, never the server's paths)
        reason = error.strerror if isinstance(error, OSError) else "not UTF-8 text"
        return _home_page(request, f"{name}: cannot keep the log ({reason})", 400)
    return RedirectResponse(f"/review/log/{key}", status_code=303)


def _moment(request: Request, opened: Opened) -> tuple[int, str | None] | str:
    """The event and view the address asks for, or what is wrong with them."""
    total = len(opened.game.events)
    text = request.query_params.get("event", "0").strip()
    if not text.isdigit() or int(text) > total:
        events = "event" if total == 1 else "events"
        return f"event must be a whole number from 0 to {total} (the game has {total} {events}), not {text[:20]!r}"
    views = {("public" if v is None else v): v for v in opened.views}
    wanted = request.query_params.get("view", "public" if opened.default is None else opened.default)
    if wanted not in views:
        return f"view must be one of {', '.join(views)}, not {wanted[:30]!r}"
    return int(text), views[wanted]


def _notes(reviews: Reviews, opened: Opened, event: int) -> tuple[list[Why] | str | None, list[int]]:
    """The notes on ``event`` shown with their Why (a failure's line; ``None`` while being worked out), and the
    events that have notes."""
    job = reviews.review(opened.source, opened.stamp, opened.game, opened.public)
    if not job.done():
        return None, []
    try:
        found = job.result()
    except LiteratureError as error:
        return str(error), []
    except Exception as error:  # a defect of the review: said on the page and logged, never a 500
        log.error("the review of %s failed", opened.source, exc_info=error)
        return f"the review could not be finished ({error.__class__.__name__}): a defect", []
    shown = [n for n in found.notes if opened.only is None or n.player == opened.only]
    return [why(found, n) for n in shown if n.event == event], sorted({n.event for n in shown})


def _step(reviews: Reviews, opened: Opened, event: int, view: str | None) -> dict[str, Any]:
    notes, noted = _notes(reviews, opened, event)
    chances = reviews.position(opened.source, opened.stamp, opened.game, event, view)
    return moment_view(opened.game, event, view, chances, notes, noted,
                       title=opened.title, address=opened.address, views=opened.views, table=opened.table,
                       only=opened.only, remark=opened.remark, links=opened.links)


async def show(request: Request, opened: Opened | Response) -> Response:
    """The moment the address asks for: the whole page, or for htmx (or ``fragment=1``) the moment's fragment,
    the browser then showing the moment's own address."""
    if isinstance(opened, Response):
        return opened
    moment = _moment(request, opened)
    if isinstance(moment, str):
        return bad_request(request, moment)
    event, view = moment
    try:
        data = await run_in_threadpool(_step, hall(request).reviews, opened, event, view)
    except LiteratureError as error:
        return bad_request(request, str(error))
    if request.headers.get("hx-request") or request.query_params.get("fragment") == "1":
        response = page(request, "review_step.html", nav="review", r=data)
        response.headers["hx-replace-url"] = data["here"]
        return response
    return page(request, "review_game.html", nav="tables" if opened.table else "review", title=opened.title, r=data)


async def review_saved(request: Request) -> Response:
    """``GET /review/game/NAME?event=N&view=V``: a game ``literature play`` saved, at one moment."""
    opened = await run_in_threadpool(open_saved, request, request.path_params["name"])
    return await show(request, opened)


async def review_log(request: Request) -> Response:
    """``GET /review/log/KEY?event=N&view=V``: an uploaded or pasted log, at one moment."""
    opened = await run_in_threadpool(open_log, request, request.path_params["key"])
    return await show(request, opened)


async def review_table(request: Request, code: str, game: Game, seat: str | None,
                       queued: Sequence[int] | None = None) -> Response:
    """``GET /t/CODE/review?event=N&view=V``: a finished table's game on this page, seen by ``seat`` (the seat
    this browser holds; ``queued``: its missed moments queued for training) or by a spectator (``None``)."""
    return await show(request, open_table(code, game, seat, queued_words(queued)))


routes = [
    Route("/review", review_home, methods=["GET"]),
    Route("/review/upload", review_upload, methods=["POST"]),
    Route("/review/game/{name}", review_saved, methods=["GET"]),
    Route("/review/log/{key}", review_log, methods=["GET"]),
]
