"""Which learner a browser is: the command line's on this computer, or one picked on the first-visit page.

Progress lives where the commands keep it. The command line's learner is the
store in the data folder itself (``progress.sqlite3``, what ``literature
train`` uses); every other learner has a folder of its own,
``learners/NAME/progress.sqlite3``, so a classroom can share one machine. A
browser names its learner in a cookie (``lit_learner``). A browser on this
computer (a loopback address) without the cookie is the command line's
learner; one from elsewhere is sent to ``/learner`` to pick or create one.

    >>> check_name("Ann"), check_name("  Room 4b ")
    ('Ann', 'Room 4b')
    >>> check_name("../etc")
    Traceback (most recent call last):
    ...
    trainer.game.errors.LiteratureError: a name is a letter, then up to 29 letters, digits, spaces, - or _, not '../etc'
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from puzzles.store import DB_NAME
from trainer.game.errors import LiteratureError
from trainer.render.web import render

COOKIE = "lit_learner"
FOLDER = "learners"
CLI = ""
"""The key of the command line's learner (the store in the data folder itself)."""
CLI_LABEL = "this computer's learner"
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9 _-]{0,29}")
MAX_LEARNERS = 500


@dataclass(frozen=True)
class Learner:
    """A learner: ``key`` (``""`` for the command line's), the ``label`` shown, the ``store`` file."""

    key: str
    label: str
    store: Path


def check_name(text: str) -> str:
    """A new learner's name, trimmed, or :class:`LiteratureError` saying what a name may be."""
    name = " ".join(text.split())
    if not _NAME.fullmatch(name):
        shown = name if len(name) <= 40 else name[:30] + "…"
        raise LiteratureError(f"a name is a letter, then up to 29 letters, digits, spaces, - or _, "
                              f"not {shown!r}")
    return name


def cli_learner(folder: Path) -> Learner:
    """The command line's learner of the data folder ``folder``."""
    return Learner(CLI, CLI_LABEL, folder / DB_NAME)


def named(folder: Path, name: str) -> Learner | None:
    """The learner called ``name`` (``""``: the command line's), if there is one."""
    if name == CLI:
        return cli_learner(folder)
    if not _NAME.fullmatch(name):
        return None
    store = folder / FOLDER / name / DB_NAME
    return Learner(name, name, store) if store.parent.is_dir() else None


def everyone(folder: Path) -> list[Learner]:
    """The command line's learner, then the others by name."""
    found = [cli_learner(folder)]
    try:
        names = sorted((p.name for p in (folder / FOLDER).iterdir() if p.is_dir() and _NAME.fullmatch(p.name)),
                       key=str.lower)
    except OSError:
        names = []
    found.extend(Learner(n, n, folder / FOLDER / n / DB_NAME) for n in names[:MAX_LEARNERS])
    return found


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
            chosen = check_name(new)
            taken = [learner for learner in everyone(folder)[1:] if learner.key.lower() == chosen.lower()]
            if taken:
                learner = taken[0]
            elif len(everyone(folder)) > MAX_LEARNERS:
                raise LiteratureError(f"this computer has {MAX_LEARNERS} learners already: pick one")
            else:
                (folder / FOLDER / chosen).mkdir(parents=True, exist_ok=True)
                learner = Learner(chosen, chosen, folder / FOLDER / chosen / DB_NAME)
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
