"""``/play``: a game against bots in the browser, saved after every move exactly as ``literature play`` saves it.

The game is a one-person table of the hall (:class:`trainer.play.hall.Hall`), as the terminal's ``play``
and ``/t/CODE`` are, and its page is the same fragment (:mod:`trainer.render.web.table_frame`): a click posts
the line the person would type (``Bob 6D``, ``claim LD: ...``, ``pass Cat``, ``auto``) and the seat answers
it. Bots move one request at a time (``POST /play/game/ID/bot``, which the fragment sends itself after the pace
the person chose: every request sends it, a cookie keeps it). After every move the hall writes the game into
the ``games/`` folder, so ``literature games`` lists it and ``literature play --resume`` goes on with it.

A game's address is an opaque id (:mod:`trainer.play.game_ids`), never its file name: the name holds the seed,
and the seed alone deals the game, so a page that showed it would show every bot's hand. The seed and the
file's name are shown once the game is over.

    >>> seating_from_form({"players": "8", "seed": "7"}).seed
    7
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from puzzles.session import queue_missed
from trainer.game.errors import LiteratureError
from trainer.game.events import Event
from trainer.game.variants import PLAYER_COUNTS, Variant
from trainer.play.match import CoachLevel, Match, seating_from_form
from trainer.play.protocol import LEVELS
from trainer.play.saved import saved_games
from trainer.play.seat import Reply, ReplyKind
from trainer.play.table import Table, TableError
from trainer.render.web import render
from trainer.render.web.table_frame import PACES, context, line_of, pace_of
from trainer.web.learners import current, home
from trainer.web.pages import bad_request, csrf_token, games_folder, not_found, page
from trainer.web.table_api import hall

SHOWN_ALWAYS = (ReplyKind.HAND, ReplyKind.TABLE, ReplyKind.HISTORY, ReplyKind.QUIT)
"""Replies a page needs not show: it shows the hand, the table and the history all the time, and saves each move."""


def ending(table: Table, request: Request) -> None:
    """Work out the end of a finished game once (the hall's one end: :meth:`trainer.play.hall.Hall.end`, which
    the seat's view then holds), the positions the person missed queued as puzzles for this browser's learner
    (none without a learner)."""
    learner = current(request)
    queue = None if learner is None else functools.partial(queue_missed, store_path=learner.store)
    hall(request).end(table, _match(table).you, queue)


def _match(table: Table) -> Match:
    assert table.match is not None
    return table.match


async def play_home(request: Request) -> Response:
    """``GET /play``: start a game, or go on with one saved (by this page or by ``literature play``)."""
    return page(request, "play.html", nav="play", title="Play", games=_games(request), error=None, form=_defaults(),
                choices=_choices())


def _games(request: Request) -> list[dict[str, Any]]:
    found = []
    folder = games_folder(request)
    for game in reversed(saved_games(folder)):
        found.append({"name": hall(request).ids.game_id(home(request), game.path), "file": game.path.name,
                      "started": game.started[:16].replace("T", " "),
                      "table": f"{game.variant} {game.players}p v {game.opponents}" if game.variant else "",
                      "result": game.result, "events": game.events, "over": game.over,
                      "score": f"{game.score[0]}-{game.score[1]}", "readable": bool(game.variant)})
    return found


def _defaults() -> dict[str, str]:
    return {"variant": "classic", "players": "6", "seat": "", "partners": "medium", "opponents": "medium",
            "coach": "alert", "seed": "", "open_book": ""}


def _choices() -> dict[str, list[str]]:
    return {"variant": [v.value for v in Variant], "players": [str(n) for n in PLAYER_COUNTS],
            "bots": [b.value for b in LEVELS], "coach": [c.value for c in CoachLevel]}


async def play_new(request: Request) -> Response:
    """``POST /play/new``: deal a new game, save it, and go to its table."""
    async with request.form(max_files=0, max_fields=50) as raw:
        form = {k: v for k, v in raw.items() if isinstance(v, str)}
    try:
        match = Match.new(seating_from_form(form))
        table = await run_in_threadpool(hall(request).new_game, match, games_folder(request))
        path = Path(_match(table).path or "")
    except (LiteratureError, OSError) as error:
        message = str(error) if isinstance(error, LiteratureError) else f"cannot save the game ({error})"
        return page(request, "play.html", status=400, nav="play", title="Play", games=_games(request),
                    error=message, form={**_defaults(), **form}, choices=_choices())
    return RedirectResponse(f"/play/game/{hall(request).ids.game_id(home(request), path)}", status_code=303)


def _open(request: Request) -> tuple[Table, Path] | Response:
    name = request.path_params["name"]
    path = hall(request).ids.find_game(home(request), games_folder(request), name)
    if path is None or not path.is_file():
        return not_found(request, f"No saved game has the id {name[:80]!r}: the games are listed at /play.")
    try:
        return hall(request).game(path), path
    except LiteratureError as error:
        return bad_request(request, str(error))


def _answer(request: Request, table: Table, path: Path, reply: Reply | None = None, pace: str = "",
            picked: str = "", claiming: str = "", moved: Sequence[Event] = ()) -> Response:
    """The table for the person: the fragment for htmx, else the whole page (the pace: the module's docstring)."""
    match = _match(table)
    name = hall(request).ids.game_id(home(request), path)
    chosen = pace_of(pace or request.cookies.get("pace"))
    if match.over:
        ending(table, request)
    t = context(table.seat_view(match.you), f"/play/game/{name}", reply=reply, picked=picked, claiming=claiming,
                moved=moved, csrf=csrf_token(request), solo=True, pace=chosen, file=path.name if match.over else None,
                links=[("Review the whole game", f"/review/game/{name}"), ("New game", "/play")])
    started = match.seating.started[:16].replace("T", " ") or "a saved game"
    if request.headers.get("hx-request"):
        response: Response = HTMLResponse(render("table_frame.html", t=t, csrf_token=t["csrf"]),
                                          headers={"cache-control": "no-store"})
    else:
        response = page(request, "table.html", nav="play", title=f"Game of {started}", heading=f"Game of {started}",
                        t=t, paces=PACES, own_link=None)
    if pace == chosen:
        response.set_cookie("pace", chosen, max_age=400 * 86400, path="/play", samesite="strict", httponly=True)
    return response


async def play_game(request: Request) -> Response:
    """``GET /play/game/ID``: the table of a saved game, from the person's seat (``?card=``, ``?claim=``: a card
    or a set picked)."""
    found = _open(request)
    if isinstance(found, Response):
        return found
    table, path = found
    query = request.query_params
    return await run_in_threadpool(_answer, request, table, path, None, query.get("pace", ""),
                                   query.get("card", "")[:3], query.get("claim", "")[:2])


async def play_act(request: Request) -> Response:
    """``POST /play/game/ID/act``: one line, as typed at ``literature play``'s prompt (a click sends the same)."""
    found = _open(request)
    if isinstance(found, Response):
        return found
    table, path = found
    async with request.form(max_files=0, max_fields=30) as form:
        fields = {k: v for k, v in form.items() if isinstance(v, str)}
    return await run_in_threadpool(_act, request, table, path, line_of(fields), fields.get("pace", ""))


def _act(request: Request, table: Table, path: Path, line: str, pace: str) -> Response:
    if _match(table).over:
        return _answer(request, table, path, pace=pace)
    try:
        reply = hall(request).respond(table, _match(table).you, line)
    except TableError as error:
        return bad_request(request, error.message)
    shown = reply.kind not in SHOWN_ALWAYS
    return _answer(request, table, path, reply if shown else None, pace)


async def play_bot(request: Request) -> Response:
    """``POST /play/game/ID/bot``: the bot whose move it is makes it (``all=1``: every bot until the person's
    move, for a page without scripts); ``pace``: how long the page waits before the next."""
    found = _open(request)
    if isinstance(found, Response):
        return found
    table, path = found
    async with request.form(max_files=0, max_fields=20) as form:
        every, pace = form.get("all") == "1", form.get("pace")
    return await run_in_threadpool(_bots, request, table, path, every, str(pace or ""))


def _bots(request: Request, table: Table, path: Path, every: bool, pace: str) -> Response:
    try:
        moved = hall(request).bot_moves(table, None if every else 1)
    except TableError as error:
        return bad_request(request, error.message)
    return _answer(request, table, path, pace=pace, moved=moved)


routes = [
    Route("/play", play_home, methods=["GET"]),
    Route("/play/new", play_new, methods=["POST"]),
    Route("/play/game/{name}", play_game, methods=["GET"]),
    Route("/play/game/{name}/frame", play_game, methods=["GET"]),
    Route("/play/game/{name}/act", play_act, methods=["POST"]),
    Route("/play/game/{name}/bot", play_bot, methods=["POST"]),
]
