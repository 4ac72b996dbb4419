"""The tables' pages: New table, the table itself (a seat's, or a spectator's), and the review after the game.

The pages are shells that ``table.js`` fills from the JSON API
(:mod:`trainer.web.table_api`) and keeps live from its stream: a seat's secret
stays in the browser (its ``localStorage``, and the seat's own link, whose
``#seat=`` part never reaches the server), so closing the tab and coming back
resumes the seat.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from trainer.game.errors import LiteratureError
from trainer.game.variants import Variant
from trainer.web.pages import error_page, not_found, page
from trainer.web.review import review_table
from trainer.web.table_api import hall, secret_of
from trainer.web.tables import BOT_KINDS, LEVELS


async def tables_page(request: Request) -> Response:
    """``/tables``: open a new table, or join one by its code."""
    return page(request, "tables.html", nav="tables", title="Tables", variants=[v.value for v in Variant],
                bots=[k.value for k in BOT_KINDS], levels=[c.value for c in LEVELS])


async def table_page(request: Request) -> Response:
    """``/t/CODE``: the table, as the seat this browser holds sees it (or as a spectator)."""
    code = request.path_params["code"]
    try:
        table = hall(request).get(code)
    except LiteratureError as error:
        return not_found(request, error.message)
    return page(request, "table.html", nav="tables", title=f"Table {table.code}", table=table.view(None))


async def review_page(request: Request) -> Response:
    """``/t/CODE/review``: after the game, the review page of its game (:func:`trainer.web.review.review_table`),
    as the seat this browser holds (its secret: the seat's cookie, or the ``Bearer`` header) or as a spectator."""
    code = request.path_params["code"]
    try:
        table = hall(request).get(code)
    except LiteratureError as error:
        return not_found(request, error.message)
    try:
        seat = table.viewer(request.cookies.get(f"lit_seat_{table.code}") or secret_of(request))
    except LiteratureError:  # a secret of no seat here: a spectator
        seat = None
    if table.phase != "over" or table.match is None:
        return error_page(request, 409, "Not over yet", f"The game is not over yet: its review is here once it is over "
                          f"(the table: /t/{table.code}).")
    queued = (table.ending or {}).get("queued", {}).get(seat) if seat is not None else None
    return await review_table(request, table.code, table.match.game(), seat, queued)


routes = [
    Route("/tables", tables_page, methods=["GET"]),
    Route("/t/{code}", table_page, methods=["GET"]),
    Route("/t/{code}/review", review_page, methods=["GET"]),
]
