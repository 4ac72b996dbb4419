"""What every page module shares: render a template with the common context, find the data folder.

A page is ``page(request, "name.html", nav="daily", title=..., ...)``: the
template gets ``csrf_token`` (for its forms' hidden ``csrf`` input), the
``learner`` (a :class:`puzzles.learners.Learner` or ``None``), ``nav`` (the
nav entry to highlight) and what the page passes. :func:`not_found` and
:func:`bad_request` are the error pages, with one plain line saying what is wrong
(for a script that reads JSON, the same line as ``{"error": ..., "status": ...}``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from trainer.render.web import render
from trainer.web.learners import current, home

__all__ = ["bad_request", "csrf_token", "error_page", "games_folder", "home", "not_found", "page", "wants_json"]


def games_folder(request: Request) -> Path:
    """Where games are saved: the folder ``literature play`` saves to and ``literature games`` lists."""
    return home(request) / "games"


def csrf_token(request: Request) -> str:
    """The browser's form token (:mod:`trainer.web.security` put it in the request's state)."""
    return str(getattr(request.state, "csrf_token", ""))


def page(request: Request, template: str, *, status: int = 200, nav: str = "", **context: Any) -> HTMLResponse:
    """``template`` rendered with the common context (see the module's docstring) and ``context``."""
    if "learner" not in context:
        context["learner"] = current(request)
    html = render(template, csrf_token=csrf_token(request), nav=nav, **context)
    return HTMLResponse(html, status_code=status, headers={"cache-control": "no-store"})


def wants_json(request: Request) -> bool:
    """Whether the request is a script's that reads JSON (an address under ``/api/``, or ``Accept`` naming JSON
    before HTML): its errors are then ``{"error": ..., "status": ...}`` instead of a page."""
    accept = request.headers.get("accept", "")
    json_at, html_at = accept.find("application/json"), accept.find("text/html")
    return request.url.path.startswith("/api/") or (json_at >= 0 and (html_at < 0 or json_at < html_at))


def error_page(request: Request, status: int, title: str, message: str) -> Response:
    """The error page: a title and one line saying what is wrong (JSON for a script, :func:`wants_json`)."""
    if wants_json(request):
        return JSONResponse({"error": message, "status": status}, status_code=status,
                            headers={"cache-control": "no-store"})
    try:
        learner = current(request)
    except Exception:  # (the error page must render even when the learners cannot be read)
        learner = None
    html = render("error.html", status=status, title=title, message=message, csrf_token=csrf_token(request),
                  nav="", learner=learner)
    return HTMLResponse(html, status_code=status, headers={"cache-control": "no-store"})


def not_found(request: Request, message: str) -> Response:
    """A 404 page saying what was not found."""
    return error_page(request, 404, "Not found", message)


def bad_request(request: Request, message: str) -> Response:
    """A 400 page saying what is wrong with what was sent."""
    return error_page(request, 400, "Cannot do that", message)
