"""Which learner a browser is: the command line's on this computer, or one picked on the first-visit page.

The learners themselves are :mod:`puzzles.learners`'. A browser names its
learner in a cookie (``lit_learner``). A browser on this computer (a loopback
address) without the cookie is the command line's learner; one from
elsewhere is sent to ``/learner`` to pick or create one.
"""

from __future__ import annotations

import ipaddress
from pathlib import Path
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from puzzles.learners import Learner, cli_learner, create, everyone
from puzzles.learners import named as named
from trainer.game.errors import LiteratureError
from trainer.render.web import render

COOKIE = "lit_learner"


def home(request: Request) -> Path:
    """The data folder the app serves."""
    folder: Path = request.app.state.home
    return folder


def is_local(request: Request) -> bool:
    """Whether the browser is on this computer (its address is a loopback one)."""
    host = request.client.host if request.client else ""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def current(request: Request) -> Learner | None:
    """The browser's learner: its cookie's, else the command line's for a browser on this computer."""
    if "learner" in request.state._state:
        cached: Learner | None = request.state.learner
        return cached
    folder = home(request)
    chosen = request.cookies.get(COOKIE)
    learner = named(folder, chosen) if chosen is not None else None
    if learner is None and is_local(request):
        learner = cli_learner(folder)
    request.state.learner = learner
    return learner


def choose_first(request: Request) -> Response:
    """Where a page that needs a learner sends a browser that has none: the first-visit page, and back."""
    target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    return RedirectResponse("/learner?next=" + quote(target, safe=""), status_code=303)


def safe_next(value: str | None) -> str:
    """A page of this site to go back to (never another site): ``value`` if it is a local path, else ``/``.

    >>> safe_next("/daily?x=1"), safe_next("//evil.example/"), safe_next("https://evil.example/"), safe_next(None)
    ('/daily?x=1', '/', '/', '/')
    """
    if not value or not value.startswith("/") or value.startswith("//") or "\\" in value or len(value) > 500:
        return "/"
    return value


def _page(request: Request, target: str, reason: str = "", status: int = 200) -> HTMLResponse:
    html = render("learner.html", title="Who is learning?", learners=everyone(home(request)),
                  chosen=current(request), next=target, reason=reason, local=is_local(request),
                  learner=current(request), nav="", csrf_token=str(getattr(request.state, "csrf_token", "")))
    return HTMLResponse(html, status_code=status, headers={"cache-control": "no-store"})


async def learner_page(request: Request) -> Response:
    """``/learner``: who is learning here: pick a learner or create one."""
    return _page(request, safe_next(request.query_params.get("next")))


async def choose(request: Request) -> Response:
    """``POST /learner``: pick (``name``) or create (``new``) a learner; the cookie remembers it."""
    folder = home(request)
    async with request.form(max_files=0, max_fields=20) as form:
        new, name, target = (str(form.get(k) or "") for k in ("new", "name", "next"))
    target = safe_next(target)
    if new.strip():
        try:
            learner = create(folder, new)
        except (LiteratureError, OSError) as error:
            reason = error.message if isinstance(error, LiteratureError) else f"cannot create it ({error.strerror})"
            return _page(request, target, reason, 400)
    else:
        found = named(folder, name)
        if found is None:
            return _page(request, target, f"There is no learner called {name[:40]!r}: create it below.", 400)
        learner = found
    response = RedirectResponse(target, status_code=303)
    response.set_cookie(COOKIE, learner.key, max_age=400 * 86400, samesite="strict", httponly=True)
    return response


routes = [Route("/learner", learner_page, methods=["GET"]), Route("/learner", choose, methods=["POST"])]
