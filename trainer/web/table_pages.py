"""The tables' pages: New table, the table itself (a seat's, or a spectator's), and the review after the game.

``/t/CODE`` is the page of :mod:`trainer.render.web.table_frame` (the same one as
``/play``'s) for the seat this browser holds, or for a spectator. A seat's
secret, and the host's, are kept in this browser's cookies (``HttpOnly``,
``SameSite=Strict``, for this table's addresses only), so closing the tab and
coming back resumes the seat, and the live stream (``/t/CODE/stream``: the
fragment, rendered for this viewer after every change) knows whom it is for.
Every action is a form posting to ``/t/CODE/...``: htmx swaps the fragment it
answers with; without scripts the answer is the whole page.
"""

from __future__ import annotations

import os
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from trainer.game.errors import LiteratureError
from trainer.game.variants import Variant
from trainer.play.limits import ACT, CHAT, CREATE, JOIN
from trainer.play.seat import ReplyKind
from trainer.play.table import BOT_KINDS, Options, Table, TableError
from trainer.render.web import render
from trainer.render.web.table_frame import context, line_of, links, refusal
from trainer.web.learners import current
from trainer.web.pages import csrf_token, error_page, not_found, page
from trainer.web.review import review_table
from trainer.web.table_api import client_key, hall, secret_of, streamed

MAX_AGE = 2 * 24 * 3600
"""How long a browser keeps a seat's or a host's cookie (a table expires after a day untouched)."""


def seat_cookie(code: str) -> str:
    """The cookie holding this browser's seat secret at table ``code``."""
    return f"lit_seat_{code}"


def host_cookie(code: str) -> str:
    """The cookie holding this browser's host secret of table ``code``."""
    return f"lit_host_{code}"


def _keep(response: Response, name: str, secret: str, code: str) -> None:
    response.set_cookie(name, secret, max_age=MAX_AGE, path=f"/t/{code}", httponly=True, samesite="strict")


def viewer_of(request: Request, table: Table) -> str | None:
    """The seat this browser holds at ``table`` (its cookie), or ``None``: a spectator, or the host without one."""
    try:
        return table.viewer(request.cookies.get(seat_cookie(table.code)))
    except TableError:
        return None


def _frame_of(request: Request, table: Table, viewer: str | None, **kwargs: Any) -> dict[str, Any]:
    base = f"/t/{table.code}"
    host = table.is_host(request.cookies.get(host_cookie(table.code)))
    kwargs.setdefault("reply", table.said.get(viewer or ""))  # (the coach's words stay until the seat's next move)
    if host and table.phase == "playing":
        kwargs["away"] = table.away(hall(request).clock())
    if table.ending is not None and viewer is not None and table.place(viewer).held:
        hall(request).end(table, viewer)  # (worked out at the end; once more after a restart)
    view = table.seat_view(viewer)
    return context(view, base, csrf=csrf_token(request), host=host, links=links(view), **kwargs)


def _answer(request: Request, table: Table, viewer: str | None, status: int = 200, **kwargs: Any) -> Response:
    """The fragment for an htmx request, else the whole page."""
    t = _frame_of(request, table, viewer, **kwargs)
    if request.headers.get("hx-request"):
        return HTMLResponse(render("table_frame.html", t=t, csrf_token=t["csrf"]), status_code=status,
                            headers={"cache-control": "no-store"})
    secret = request.cookies.get(seat_cookie(table.code)) if viewer is not None else None
    return page(request, "table.html", status=status, nav="tables", title=f"Table {table.code}",
                heading=f"Table {table.code}", t=t, paces=(), own_link=f"/t/{table.code}#seat={secret}"
                if secret else None)


def _tables(request: Request, status: int = 200, error: str | None = None) -> Response:
    return page(request, "tables.html", status=status, nav="tables", title="Tables",
                variants=[v.value for v in Variant], bots=[k.value for k in BOT_KINDS], error=error)


async def tables_page(request: Request) -> Response:
    """``/tables``: open a new table, or join one by its code (``?code=``)."""
    code = request.query_params.get("code", "").strip().lower()
    if code:
        return RedirectResponse(f"/t/{code[:8]}", status_code=303)
    return _tables(request)


async def new_table(request: Request) -> Response:
    """``POST /tables/new``: a new table from the form; this browser is its host (a cookie)."""
    tables = hall(request)
    async with request.form(max_files=0, max_fields=20) as raw:
        form = {k: v for k, v in raw.items() if isinstance(v, str) and k != "csrf"}
    try:
        hall(request).limits.check("create:" + client_key(request), CREATE)
        body: dict[str, Any] = {**form, "players": int(form["players"]) if form.get("players", "").isdigit()
                                else form.get("players", 6)}
        options = Options.read(body, int.from_bytes(os.urandom(7), "big"))
        table, host = await tables.create(options, client_key(request))
    except LiteratureError as error:
        return _tables(request, error.status if isinstance(error, TableError) else 400, error.message)
    response = RedirectResponse(f"/t/{table.code}", status_code=303)
    _keep(response, host_cookie(table.code), host, table.code)
    return response


async def _table(request: Request) -> Table | Response:
    try:
        return await hall(request).steady(request.path_params["code"])
    except LiteratureError as error:
        return _missing(request, error)


def _missing(request: Request, error: LiteratureError) -> Response:
    """The page for a table that is not there: none with that code (404), or its file is damaged (410)."""
    if isinstance(error, TableError) and error.status == 410:
        return error_page(request, 410, "Table damaged", error.message)
    return not_found(request, error.message)


async def table_page(request: Request) -> Response:
    """``/t/CODE``: the table, as the seat this browser holds sees it (or as a spectator); ``?card=`` or
    ``?claim=`` with a card or a set picked."""
    table = await _table(request)
    if isinstance(table, Response):
        return table
    viewer = viewer_of(request, table)
    if viewer is not None:
        table.place(viewer).seen = hall(request).clock()
    return _answer(request, table, viewer, picked=request.query_params.get("card", "")[:3],
                   claiming=request.query_params.get("claim", "")[:2])


async def act(request: Request) -> Response:
    """``POST /t/CODE/ACTION``, this browser's doing at the table: ``act`` (``line``: one line of the ``play``
    prompt for its seat; a click sends one), ``sit`` (``seat``, ``name``: take a free seat; its secret goes in a
    cookie), ``start`` (the host begins), ``back`` (take one's seat back from the bot), ``away`` (``seat``: the
    host hands the seat of a person gone for minutes to a bot), ``late`` (``seat``, ``name``: a friend takes a
    bot's seat, the host is shown its link), ``chat`` (``text``), ``mute`` (``seat``, ``on``: by the host)."""
    action = request.url.path.rsplit("/", 1)[1]
    table = await _table(request)
    if isinstance(table, Response):
        return table
    tables = hall(request)
    code = table.code
    async with request.form(max_files=0, max_fields=30) as raw:
        form = {k: v for k, v in raw.items() if isinstance(v, str)}
    seat_secret = request.cookies.get(seat_cookie(code))
    host_secret = request.cookies.get(host_cookie(code))
    clock = tables.clock
    response_cookie: str | None = None
    reply = None
    try:
        hall(request).limits.check("act:" + (seat_secret or client_key(request)), ACT)
        if action == "sit":
            hall(request).limits.check("join:" + client_key(request), JOIN)
            learner = current(request)
            key = learner.key if learner is not None else None
            response_cookie = await tables.change(
                code, lambda t: t.take(form.get("seat", ""), form.get("name", ""), clock(), key))
        elif action == "start":
            await tables.change(code, lambda t: t.start(host_secret, clock()))
        elif action == "away":
            name = form.get("seat", "")
            await tables.change(code, lambda t: t.hand_to_bot(host_secret, name, clock()))
        elif action == "late":
            hall(request).limits.check("join:" + client_key(request), JOIN)
            name = form.get("seat", "")
            late = await tables.change(code, lambda t: t.late(host_secret, name, form.get("name", ""), clock()))
            return _answer(request, tables.get(code), viewer_of(request, table), late=(name, late))
        elif action == "chat":
            hall(request).limits.check("chat:" + (seat_secret or client_key(request)), CHAT)
            await tables.change(code, lambda t: t.say(seat_secret, form.get("text", ""), clock()))
            return _answer(request, tables.get(code), viewer_of(request, table), chat_sent=True)
        elif action == "mute":
            name, on = form.get("seat", ""), form.get("on") != "0"
            await tables.change(code, lambda t: t.mute(host_secret, name, clock(), on))
        elif action == "back":
            await tables.change(code, lambda t: t.take_back(seat_secret, clock()))
        else:
            line = line_of(form)
            reply = await tables.change(code, lambda t: t.act(seat_secret, line, clock()))
    except LiteratureError as error:
        table = tables.get(code)
        said = error.message
        return _refused(request, table, viewer_of(request, table), said,
                        error.status if isinstance(error, TableError) else 400)
    table = tables.get(code)
    viewer = table.viewer(response_cookie) if response_cookie else viewer_of(request, table)
    if reply is not None and reply.kind is ReplyKind.INVALID:
        return _refused(request, table, viewer, refusal(reply), 200)
    response = _answer(request, table, viewer, reply=reply) if reply is not None else _answer(request, table, viewer)
    if response_cookie:
        _keep(response, seat_cookie(code), response_cookie, code)
        response.headers["hx-refresh"] = "true"  # (the page's live stream opens again, for the seat now)
    return response


def _refused(request: Request, table: Table, viewer: str | None, said: str, status: int) -> Response:
    """The table again, with the one line saying why (an htmx swap needs a 200 to show it)."""
    if not request.headers.get("hx-request") and viewer is None and status >= 400:
        return error_page(request, status, "Cannot do that", said)
    return _answer(request, table, viewer, status=200 if request.headers.get("hx-request") else status,
                   refused=said)


async def resume(request: Request) -> Response:
    """``POST /t/CODE/resume`` ``secret``: a seat's own link opened in another browser (``/t/CODE#seat=SECRET``,
    sent by ``seat.js``): this browser keeps the secret (a cookie) and holds the seat."""
    table = await _table(request)
    if isinstance(table, Response):
        return table
    async with request.form(max_files=0, max_fields=5) as raw:
        secret = str(raw.get("secret", ""))[:100]
    try:
        hall(request).limits.check("join:" + client_key(request), JOIN)
        table.holder(secret)
    except TableError as error:
        return error_page(request, error.status, "Cannot do that", error.message)
    response = RedirectResponse(f"/t/{table.code}", status_code=303)
    _keep(response, seat_cookie(table.code), secret, table.code)
    return response


async def stream(request: Request) -> Response:
    """``GET /t/CODE/stream``: the live stream of this browser's table, the fragment rendered for its viewer
    after every change (``event: table``), the current one first."""
    table = await _table(request)
    if isinstance(table, Response):
        return table
    tables = hall(request)
    code = table.code
    viewer = viewer_of(request, table)
    try:
        hall(request).limits.check("act:" + (request.cookies.get(seat_cookie(code)) or client_key(request)), ACT)
        since = request.query_params.get("since", "")
        listener = tables.subscribe(code, viewer, html=csrf_token(request), since=int(since) if since.isdigit() else -1,
                                    host=table.is_host(request.cookies.get(host_cookie(code))),
                                    address=client_key(request))
    except TableError as error:
        return error_page(request, error.status, "Cannot do that", error.message)

    return streamed(tables, code, listener, "table")


async def review_page(request: Request) -> Response:
    """``/t/CODE/review``: after the game, the review page of its game (:func:`trainer.web.review.review_table`),
    as the seat this browser holds (its secret: the seat's cookie, or the ``Bearer`` header) or as a spectator."""
    code = request.path_params["code"]
    try:
        table = hall(request).get(code)
    except LiteratureError as error:
        return _missing(request, error)
    seat = viewer_of(request, table)
    if seat is None:
        try:
            seat = table.viewer(secret_of(request))
        except LiteratureError:  # a secret of no seat here: a spectator
            seat = None
    if table.phase != "over" or table.match is None:
        return error_page(request, 409, "Not over yet", f"The game is not over yet: its review is here once it is over "
                          f"(the table: /t/{table.code}).")
    queued = (table.ending or {}).get("queued", {}).get(seat) if seat is not None else None
    return await review_table(request, table.code, table.match.game(), seat, queued)


routes = [
    Route("/tables", tables_page, methods=["GET"]),
    Route("/tables/new", new_table, methods=["POST"]),
    Route("/t/{code}", table_page, methods=["GET"]),
    Route("/t/{code}/frame", table_page, methods=["GET"]),
    Route("/t/{code}/resume", resume, methods=["POST"]),
    Route("/t/{code}/stream", stream, methods=["GET"]),
    Route("/t/{code}/review", review_page, methods=["GET"]),
    *(Route(f"/t/{{code}}/{action}", act, methods=["POST"])
      for action in ("act", "sit", "start", "back", "away", "late", "chat", "mute")),
]
