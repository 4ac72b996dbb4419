"""The web application: every page module's routes, the static files, the guard, the error pages.

:func:`create_app` builds it for one data folder. Each page module exposes
``routes`` (a list of Starlette routes); a later page module adds its import
and its ``routes`` below, nothing else. Every error is a page with one plain
line: an unknown address is a 404, a library error (bad input the commands
would refuse too) a 400, a busy or damaged store a 503; an unexpected error
is still a page (500), and the fuzz test (``tests/test_web_fuzz.py``) proves
no request reaches it.

    >>> from starlette.testclient import TestClient
    >>> import tempfile, pathlib
    >>> client = TestClient(create_app(pathlib.Path(tempfile.mkdtemp())))
    >>> client.get("/no-such-page").status_code
    404
"""

from __future__ import annotations

import logging
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from puzzles.store import home_dir
from puzzles.store_file import ProgressError
from trainer.game.errors import LiteratureError
from trainer.render.web import STATIC
from trainer.web import classes as class_pages
from trainer.web import home as home_pages
from trainer.web import learn as learn_pages
from trainer.web import learners as learner_pages
from trainer.web import play as play_pages
from trainer.web import puzzles as puzzle_pages
from trainer.web import review as review_pages
from trainer.web import stats as stats_pages
from trainer.web import table_api as table_api_routes
from trainer.web import table_pages as table_pages_routes
from trainer.web import train as train_pages
from trainer.web import worksheet as worksheet_pages
from trainer.web.pages import error_page
from trainer.web.security import MAX_BODY, Guard

log = logging.getLogger("literature.web")

TITLES = {400: "Cannot do that", 403: "Refused", 404: "Not found", 405: "Not allowed here", 413: "Too large"}


def page_routes() -> list[BaseRoute]:
    """Every page module's routes, then the static files."""
    routes: list[BaseRoute] = []
    routes += home_pages.routes
    routes += learner_pages.routes
    routes += puzzle_pages.routes
    routes += train_pages.routes
    routes += learn_pages.routes
    routes += stats_pages.routes
    routes += play_pages.routes
    routes += review_pages.routes
    routes += worksheet_pages.routes
    routes += table_api_routes.routes + table_pages_routes.routes
    routes += class_pages.routes
    routes.append(Route("/api/openapi.json", _openapi, methods=["GET"]))
    routes.append(Mount("/static", app=StaticFiles(directory=STATIC), name="static"))
    return routes


async def _openapi(request: Request) -> Response:  # (the JSON API described as OpenAPI 3: web/openapi.json)
    return Response((Path(__file__).parent / "openapi.json").read_bytes(), media_type="application/json")


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    status = error.status_code
    message = {404: f"There is no page at {request.url.path[:200]}.",
               405: f"{request.method} is not how this page is used."}.get(status, str(error.detail))
    return error_page(request, status, TITLES.get(status, "Error"), message)


async def _library_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, LiteratureError)
    home = str(request.app.state.home)  # (a file of the data folder is named, never its path: that is the log's)
    shown = str(error).replace(error.path or home, Path(error.path or home).name).replace(home, "the data folder")
    if isinstance(error, ProgressError):
        log.error("%s %s: %s", request.method, request.url.path, error)
        return error_page(request, 503, "Progress unavailable", f"{shown} (the server's log names the file)")
    return error_page(request, 400, "Cannot do that", shown)


async def _unexpected(request: Request, error: Exception) -> Response:
    log.error("unexpected error on %s %s", request.method, request.url.path, exc_info=error)
    return error_page(request, 500, "Something went wrong",
                      "This is a defect in literature, not something you did; the server's log has the details.")


def create_app(home: Path | None = None, *, allowed_hosts: list[str] | None = None, max_body: int = MAX_BODY,
               debug: bool = False) -> Starlette:
    """The app serving the data folder ``home`` (default: ``LITERATURE_HOME`` or the user data folder).

    ``allowed_hosts``: the ``Host`` names accepted (``None``: any). A server on
    localhost accepts only local names, so that no other site can reach it by
    renaming itself (DNS rebinding). ``max_body``: the largest request body.
    """
    hosts = None if allowed_hosts is None else frozenset(h.lower() for h in allowed_hosts)
    middleware = [Middleware(Guard, max_body=max_body, hosts=hosts)]
    app = Starlette(
        debug=debug,
        routes=page_routes(),
        middleware=middleware,
        exception_handlers={HTTPException: _http_error, LiteratureError: _library_error, Exception: _unexpected},
    )
    app.state.home = Path(home) if home is not None else home_dir()
    return app
