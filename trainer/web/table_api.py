"""The tables' JSON API, for other clients than the pages (a bot, a test, a scoreboard), and its live stream.

A seat's secret goes in an ``Authorization: Bearer SECRET`` header (the host's
secret the same way, for the host's actions). Every answer is JSON; every
refusal is a 4xx (or 503) with one line, ``{"error": "..."}``:

- ``POST /api/tables`` ``{"variant", "players", "bots", "coach"}`` →
  ``{"table": CODE, "host": SECRET, "seats": [NAMES]}``
- ``POST /api/tables/CODE/seats/NAME`` ``{"name": "Zoe"}`` → ``{"secret": SECRET}`` (409 if held)
- ``POST /api/tables/CODE/start`` (the host) → the public state
- ``GET /api/tables/CODE/state`` → the seat's state (a spectator's without ``you`` and ``hand``)
- ``POST /api/tables/CODE/moves`` ``{"move": "Bob 6D"}`` → the new state (and ``reply``: the lines said)
- ``GET /api/tables/CODE/events``: the live stream; ``GET /api/tables/CODE/log``: the ``.lit`` once over
- also ``POST .../seats/NAME/bot`` (the host hands an away seat to a bot), ``POST .../seats/NAME/back``
  (its person takes it back), ``POST .../coach`` ``{"level"}``, ``GET .../review``.

    >>> [route.path for route in routes][:3]
    ['/api/tables', '/api/tables/{code}/seats/{name}', '/api/tables/{code}/seats/{name}/bot']
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from puzzles.session import queue_missed
from trainer.files import read_json
from trainer.game.errors import LiteratureError
from trainer.play.hall import Hall, Listener, Queue
from trainer.play.limits import ACT, CHAT, CREATE, JOIN, READ
from trainer.play.seat import ReplyKind
from trainer.play.seat_view import SeatView
from trainer.play.table import Options, Table, TableError
from trainer.render.notes import note_json
from trainer.render.play import reply_words
from trainer.render.web.table_frame import frame, links, refusal, state_json
from trainer.web.learners import current, named

MAX_JSON = 4096
"""The largest body the API reads (a claim is under 100 bytes)."""
FIXED_SEEDS = "LITERATURE_TABLE_SEEDS"
"""The environment variable that lets ``POST /api/tables`` take a ``seed`` (``1``: tests and benchmarks replay a
deal); otherwise the server draws it and no client ever sees it before the game is over (the seed deals every
hand)."""
KEEPALIVE = 15.0
"""Seconds between two comments on a quiet live stream (so proxies and browsers keep it open)."""


def hall(request: Request) -> Hall:
    """The app's hall: every table and game of its data folder (made at the first request that needs it)."""
    state = request.app.state
    found: Hall | None = getattr(state, "table_hall", None)
    if found is None:
        home: Path = state.home
        pace = float(os.environ.get("LITERATURE_TABLE_PACE", "1.0"))

        def learner_queue(key: str) -> Queue | None:
            learner = named(home, key)
            return None if learner is None else functools.partial(queue_missed, store_path=learner.store)

        found = Hall(home, pace=pace, learner_queue=learner_queue, shown=shown)
        state.table_hall = found
    return found


def shown(view: SeatView, listener: Listener, sent: float, made: float) -> str:
    """One message of a table's live stream for ``listener``, from its viewer's view: a page's fragment, or the
    API's JSON (with when the table last changed, ``made``, before it was saved, and when it was ``sent``)."""
    if listener.html is not None:
        return frame(view, f"/t/{view.code}", csrf=listener.html, links=links(view), reply=view.said,
                     host=listener.host)
    return json.dumps({**state_json(view), "made": made, "sent": sent}, separators=(",", ":"))


def close_streams(app: Any) -> None:
    """The server is stopping: end the live streams of every table at once (:meth:`Hall.close`), so that
    stopping never waits for them (or cancels them with an error)."""
    found: Hall | None = getattr(app.state, "table_hall", None)
    if found is not None:
        found.close()


def secret_of(request: Request) -> str | None:
    """The secret in the ``Authorization: Bearer`` header, if any."""
    value = request.headers.get("authorization", "")
    scheme, _, token = value.partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and 0 < len(token) <= 100 else None


def client_key(request: Request) -> str:
    """The client's address (what limits count per client)."""
    return request.client.host if request.client else "?"


async def body_of(request: Request) -> dict[str, Any]:
    """The JSON object sent (400 when it is not one, or larger than :data:`MAX_JSON`)."""
    raw = await request.body()
    if len(raw) > MAX_JSON:
        raise TableError(f"the request is larger than {MAX_JSON} bytes", 413)
    if not raw.strip():
        return {}
    try:
        data = read_json(raw)
    except ValueError as error:
        raise TableError(f"the request is not JSON this server reads ({error})") from None
    if not isinstance(data, dict):
        raise TableError("the request is not a JSON object")
    return data


def refused(error: LiteratureError) -> JSONResponse:
    """A refusal: its status and one line."""
    status = error.status if isinstance(error, TableError) else 400
    return JSONResponse({"error": error.message}, status_code=status, headers={"cache-control": "no-store"})


def answer(data: Any, status: int = 200) -> JSONResponse:
    """A JSON answer that no cache keeps."""
    return JSONResponse(data, status_code=status, headers={"cache-control": "no-store"})


def api(handler: Any) -> Any:
    """Wrap a handler so that every :class:`LiteratureError` is a one-line JSON refusal."""

    async def wrapped(request: Request) -> Response:
        try:
            response: Response = await handler(request)
            return response
        except LiteratureError as error:
            return refused(error)

    wrapped.__name__ = handler.__name__
    wrapped.__doc__ = handler.__doc__
    return wrapped


def _acting(request: Request) -> tuple[Hall, str | None]:
    """The hall and the secret of a request that acts on a table, once it is within the rate of actions."""
    tables = hall(request)
    secret = secret_of(request)
    hall(request).limits.check("act:" + (secret or client_key(request)), ACT)
    return tables, secret


def _seat_view(table: Table, request: Request) -> dict[str, Any]:
    secret = secret_of(request)
    viewer = table.viewer(secret)
    if viewer is not None:
        table.place(viewer).seen = hall(request).clock()
    return state_json(table.seat_view(viewer))


@api
async def create(request: Request) -> Response:
    """``POST /api/tables``: a new table, its code, the host's secret, its seats."""
    tables = hall(request)
    hall(request).limits.check("create:" + client_key(request), CREATE)
    body = await body_of(request)
    if "seed" in body and os.environ.get(FIXED_SEEDS) != "1":
        raise TableError("seed: a table's deal is the server's own secret, never a client's (a server started "
                         f"with {FIXED_SEEDS}=1 takes a fixed seed, for tests and benchmarks)")
    options = Options.read(body, int.from_bytes(os.urandom(7), "big"))
    table, host = await tables.create(options, client_key(request))
    return answer({"table": table.code, "host": host, "seats": table.names(), "link": f"/t/{table.code}"}, 201)


@api
async def take(request: Request) -> Response:
    """``POST /api/tables/CODE/seats/NAME`` ``{"name"}``: take a free seat; its secret."""
    tables = hall(request)
    hall(request).limits.check("join:" + client_key(request), JOIN)
    body = await body_of(request)
    code, name = request.path_params["code"], request.path_params["name"]
    learner = current(request)
    key = learner.key if learner is not None else None
    secret = await tables.change(code, lambda t: t.take(name, body.get("name"), tables.clock(), key))
    return answer({"secret": secret, "seat": name, "link": f"/t/{code}#seat={secret}"}, 201)


@api
async def late(request: Request) -> Response:
    """``POST /api/tables/CODE/seats/NAME/late`` ``{"name"}``, by the host: a friend takes a bot's seat; its secret."""
    tables, secret = _acting(request)  # (the host's, within the rate of actions)
    body = await body_of(request)
    code, name = request.path_params["code"], request.path_params["name"]
    seat = await tables.change(code, lambda t: t.late(secret, name, body.get("name"), tables.clock()))
    return answer({"secret": seat, "seat": name, "link": f"/t/{code}#seat={seat}"}, 201)


@api
async def chat(request: Request) -> Response:
    """``POST /api/tables/CODE/chat`` ``{"text"}``, by a seat: a line said at the table (429 when too many)."""
    tables, secret = _acting(request)
    hall(request).limits.check("chat:" + (secret or client_key(request)), CHAT)
    body = await body_of(request)
    said = await tables.change(request.path_params["code"], lambda t: t.say(secret, body.get("text"), tables.clock()))
    return answer({"seat": said.seat, "person": said.person, "text": said.text}, 201)


@api
async def mute(request: Request) -> Response:
    """``POST /api/tables/CODE/seats/NAME/mute`` ``{"on": true}``, by the host: mute a seat (``false``: unmute)."""
    tables, secret = _acting(request)
    body = await body_of(request)
    code, name = request.path_params["code"], request.path_params["name"]
    await tables.change(code, lambda t: t.mute(secret, name, tables.clock(), body.get("on", True) is not False))
    return answer({"muted": sorted(tables.get(code).muted)})


@api
async def start(request: Request) -> Response:
    """``POST /api/tables/CODE/start``: the host begins the game."""
    tables, secret = _acting(request)
    code = request.path_params["code"]
    await tables.change(code, lambda t: t.start(secret, tables.clock()))
    return answer(tables.get(code).view(None))


@api
async def state(request: Request) -> Response:
    """``GET /api/tables/CODE/state``: what the seat (or a spectator) sees now."""
    tables = hall(request)
    secret = secret_of(request)
    hall(request).limits.check("read:" + (secret or client_key(request)), READ)
    return answer(_seat_view(await tables.steady(request.path_params["code"]), request))


@api
async def move(request: Request) -> Response:
    """``POST /api/tables/CODE/moves`` ``{"move"}``: a line of the ``play`` prompt, for the seat."""
    tables, secret = _acting(request)
    body = await body_of(request)
    code = request.path_params["code"]
    reply = await tables.change(code, lambda t: t.act(secret, body.get("move"), tables.clock()))
    if reply.kind is ReplyKind.INVALID:
        raise TableError(refusal(reply))
    table = tables.get(code)
    out = state_json(table.seat_view(table.viewer(secret)))
    out["reply"] = out["events"] if reply.kind is ReplyKind.HISTORY else [str(w) for w in reply_words(reply)]
    out["moved"] = reply.kind is ReplyKind.MOVED
    return answer(out)


@api
async def hand_to_bot(request: Request) -> Response:
    """``POST /api/tables/CODE/seats/NAME/bot``: the host hands an away person's seat to a bot."""
    tables, secret = _acting(request)
    code, name = request.path_params["code"], request.path_params["name"]
    await tables.change(code, lambda t: t.hand_to_bot(secret, name, tables.clock()))
    return answer(tables.get(code).view(None))


@api
async def take_back(request: Request) -> Response:
    """``POST /api/tables/CODE/seats/NAME/back``: the seat's person plays it again."""
    tables, secret = _acting(request)
    code, name = request.path_params["code"], request.path_params["name"]
    table = tables.get(code)
    if table.holder(secret).name != name:
        raise TableError(f"this secret is not {name[:20]}'s", 403)
    await tables.change(code, lambda t: t.take_back(secret, tables.clock()))
    return answer(state_json(tables.get(code).seat_view(name)))


@api
async def coach(request: Request) -> Response:
    """``POST /api/tables/CODE/coach`` ``{"level"}``: the seat's coach, among the levels the table allows."""
    tables, secret = _acting(request)
    body = await body_of(request)
    code = request.path_params["code"]
    await tables.change(code, lambda t: t.set_coach(secret, body.get("level"), tables.clock()))
    table = tables.get(code)
    return answer(state_json(table.seat_view(table.viewer(secret))))


@api
async def game_log(request: Request) -> Response:
    """``GET /api/tables/CODE/log``: the complete ``.lit``, for everyone, once the game is over."""
    table = await hall(request).steady(request.path_params["code"])
    return PlainTextResponse(table.log(), headers={
        "content-disposition": f'attachment; filename="table-{table.code}.lit"', "cache-control": "no-store"})


@api
async def review(request: Request) -> Response:
    """``GET /api/tables/CODE/review``: the public notes, and the seat's own (with its secret)."""
    table = await hall(request).steady(request.path_params["code"])
    viewer = table.viewer(secret_of(request))
    if table.phase != "over":
        raise TableError("the review is there once the game is over", 409)
    if table.ending is None:
        raise TableError("the review is being worked out: try again in a moment", 409)
    found = await asyncio.to_thread(hall(request).review, table)
    out: dict[str, Any] = {"events": table.view(None)["events"],
                           "public": [{**note_json(n), "event": n.event} for n in found.public.notes]}
    if viewer is not None:
        out["you"] = viewer
        out["own"] = [{**note_json(n), "event": n.event} for n in found.complete.notes if n.player == viewer]
        out["auto"] = [n for n in table.auto_moves()]
        out["queued"] = table.ending["queued"].get(viewer)
    return answer(out)


def streamed(tables: Hall, code: str, listener: Listener, event: str = "") -> StreamingResponse:
    """A listener's live stream as Server-Sent Events: each message as ``data:`` lines (named ``event`` when
    given, as htmx's extension wants), a comment every :data:`KEEPALIVE` seconds, until it is dropped or the page
    goes; then it is unsubscribed."""
    named = f"event: {event}\n" if event else ""

    async def lines() -> AsyncIterator[str]:
        try:
            yield "retry: 1000\n\n"
            while not listener.dropped:
                try:
                    data = await asyncio.wait_for(listener.queue.get(), KEEPALIVE)
                except TimeoutError:
                    yield ": still here\n\n"
                    continue
                if not data:
                    break
                yield named + "".join(f"data: {line}\n" for line in data.splitlines()) + "\n"
        finally:
            tables.unsubscribe(code, listener)

    return StreamingResponse(lines(), media_type="text/event-stream", headers={
        "cache-control": "no-store", "x-accel-buffering": "no"})


@api
async def events(request: Request) -> Response:
    """``GET /api/tables/CODE/events``: the live stream of the seat's (or a spectator's) view, one
    ``data:`` line of JSON per change, the current view first."""
    tables, secret = _acting(request)
    code = request.path_params["code"]
    table = await tables.steady(code)
    viewer = table.viewer(secret)
    listener = tables.subscribe(code, viewer, address=client_key(request))

    return streamed(tables, code, listener)


routes = [
    Route("/api/tables", create, methods=["POST"]),
    Route("/api/tables/{code}/seats/{name}", take, methods=["POST"]),
    Route("/api/tables/{code}/seats/{name}/bot", hand_to_bot, methods=["POST"]),
    Route("/api/tables/{code}/seats/{name}/back", take_back, methods=["POST"]),
    Route("/api/tables/{code}/seats/{name}/late", late, methods=["POST"]),
    Route("/api/tables/{code}/seats/{name}/mute", mute, methods=["POST"]),
    Route("/api/tables/{code}/chat", chat, methods=["POST"]),
    Route("/api/tables/{code}/start", start, methods=["POST"]),
    Route("/api/tables/{code}/state", state, methods=["GET"]),
    Route("/api/tables/{code}/moves", move, methods=["POST"]),
    Route("/api/tables/{code}/coach", coach, methods=["POST"]),
    Route("/api/tables/{code}/events", events, methods=["GET"]),
    Route("/api/tables/{code}/log", game_log, methods=["GET"]),
    Route("/api/tables/{code}/review", review, methods=["GET"]),
]

__all__ = ["close_streams", "hall", "routes", "shown"]
