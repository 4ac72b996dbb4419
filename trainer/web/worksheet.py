"""``/worksheet``: a teacher's exercise set, built in the browser, printed, or downloaded.

The form asks what ``literature generate`` asks (how many, which levels,
variant, table size, seed, title); the puzzles come from the same
:func:`puzzles.generate.generate`, and every file is what
``literature generate --format md|html|json`` writes (made by
:func:`trainer.render.worksheet.export` itself): the printable worksheet at
``/worksheet/sheet``, its answer key at ``/worksheet/answers``, each with its
own print style, and the downloads at ``/worksheet/file/NAME``. The form is
read and the sets are made by :mod:`puzzles.sheets`.
"""

from __future__ import annotations

import asyncio
import logging
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from puzzles import sheets
from puzzles.model import LEVELS
from puzzles.pick import Picked
from puzzles.request import Request as Wanted
from puzzles.sheets import DEFAULT_LEVELS, DEFAULT_PLAYERS, DEFAULT_TITLE, MAX_COUNT, address, form_request
from trainer.game.errors import LiteratureError
from trainer.render.worksheet import FILES, export, shortfall_text
from trainer.web.pages import bad_request, not_found, page

log = logging.getLogger("literature.web")

TYPES = {".md": "text/markdown; charset=utf-8", ".html": "text/html; charset=utf-8",
         ".json": "application/json"}
PREPARING_REFRESH = 2
"""Seconds before a page showing a set being made asks again (a ``<meta http-equiv="refresh">``: no script)."""


def _sets(request: Request) -> sheets.Sets:
    """The sets this server is making or made (made at the first request that needs them)."""
    found: sheets.Sets | None = getattr(request.app.state, "sheet_sets", None)
    if found is None:
        found = request.app.state.sheet_sets = sheets.Sets()
    return found


async def _made(request: Request, form: bool = False) -> tuple[Wanted, str, Picked] | Response:
    """The set the address asks for, or the page to answer with instead, at once: the form with its error
    (400), the set being made (202, the page refreshes itself), the form (a request with no ``count``)."""
    query = request.query_params
    if not form and "count" not in query:  # nothing asked for: the form, which asks (never a set made unasked)
        return RedirectResponse("/worksheet", status_code=303)
    try:
        wanted, title = form_request({k: query.getlist(k) for k in query})
    except LiteratureError as error:
        return _form(request, str(error), 400)
    job = _sets(request).puzzles(wanted)
    if job is None or not job.done():
        return _preparing(request, wanted, title, busy=job is None, form=form)
    try:
        found = job.result()
    except LiteratureError as error:
        return _form(request, str(error), 400)
    except Exception as error:  # a defect of the generator: said on the page and logged, never a 500
        log.error("the worksheet %s could not be made", address(wanted, title), exc_info=error)
        return _form(request, f"the worksheet could not be made ({error.__class__.__name__}): a defect", 400)
    return wanted, title, found


def _preparing(request: Request, wanted: Wanted, title: str, busy: bool, form: bool) -> Response:
    """The page saying the set is being made (or waits its turn); it asks again by itself every few seconds."""
    if form:
        return _form(request, status=202, preparing={"busy": busy, "describe": wanted.describe(),
                                                     "count": wanted.count, "title": title})
    return page(request, "worksheet_wait.html", status=202, nav="worksheet", title="Worksheet",
                refresh=PREPARING_REFRESH, busy=busy, describe=wanted.describe(), count=wanted.count,
                sheet_title=title, query=address(wanted, title))


def _form(request: Request, error: str = "", status: int = 200, made: dict[str, Any] | None = None,
          preparing: dict[str, Any] | None = None) -> Response:
    query = request.query_params
    chosen = {
        "count": query.get("count", "6"), "levels": query.getlist("level") or list(DEFAULT_LEVELS),
        "variant": query.get("variant", "both"), "players": query.get("players", DEFAULT_PLAYERS),
        "seed": query.get("seed", "0"), "title": query.get("title", DEFAULT_TITLE),
    }
    return page(request, "worksheet.html", status=status, nav="worksheet", title="Worksheet", error=error,
                chosen=chosen, made=made, levels=LEVELS, max_count=MAX_COUNT, preparing=preparing,
                refresh=PREPARING_REFRESH if preparing else None)


async def worksheet_home(request: Request) -> Response:
    """``GET /worksheet``: the form; with a request in the address (``?count=...``), the set made, with its links."""
    if "count" not in request.query_params:
        return _form(request)
    found = await _made(request, form=True)
    if isinstance(found, Response):
        return found
    wanted, title, picked = found
    levels = sorted(Counter(puzzle.level for puzzle in picked.puzzles).items())
    made = {"query": address(wanted, title), "count": len(picked.puzzles), "levels": levels, "title": title,
            "files": [name for names in FILES.values() for name in names], "describe": wanted.describe(),
            "short": shortfall_text(picked.short)}
    return _form(request, made=made)


def _file(picked: Picked, title: str, name: str) -> str:
    """The text of one file as ``literature generate`` writes it (written by :func:`export`, then read)."""
    fmt = next(f for f, names in FILES.items() if name in names)
    with tempfile.TemporaryDirectory(prefix="literature-worksheet-") as folder:
        export(picked.puzzles, Path(folder), [fmt], title, short=picked.short)
        return (Path(folder) / name).read_text(encoding="utf-8")


TOOLS = (
    '<link rel="stylesheet" href="/static/worksheet.css">\n'
    '<script src="/static/worksheet.js" defer></script>\n'
)


def _printable(text: str, query: str, other: str, label: str) -> str:
    """The file's HTML with a bar of links on top, which does not print."""
    bar = (f'<nav class="sheet-tools" aria-label="worksheet"><a href="/worksheet?{query}">← Worksheet</a> '
           f'<a href="/worksheet/{other}?{query}">{label}</a> '
           '<button type="button" id="print">Print</button></nav>')
    return text.replace("</head>", TOOLS + "</head>", 1).replace("<body>", "<body>\n" + bar, 1)


PRINTABLE = {"sheet": ("worksheet.html", "answers", "Answer key"), "answers": ("answers.html", "sheet", "Worksheet")}
"""The printable pages: the file each shows, and the other one its bar links to."""


async def worksheet_printable(request: Request) -> Response:
    """``GET /worksheet/sheet?...``: the printable worksheet (``worksheet.html``); ``GET /worksheet/answers?...``:
    its answer key (``answers.html``)."""
    name, other, label = PRINTABLE[request.url.path.rsplit("/", 1)[-1]]
    found = await _made(request)
    if isinstance(found, Response):
        return found
    wanted, title, picked = found
    text = await asyncio.to_thread(_file, picked, title, name)
    return HTMLResponse(_printable(text, address(wanted, title), other, label))


async def worksheet_file(request: Request) -> Response:
    """``GET /worksheet/file/NAME?...``: one of the files ``generate`` writes, as a download."""
    name = request.path_params["name"]
    if name not in {n for names in FILES.values() for n in names}:
        return not_found(request, f"No worksheet file is called {name[:40]!r}: worksheet.md, answers.md, "
                         "worksheet.html, answers.html or puzzles.json.")
    found = await _made(request)
    if isinstance(found, Response):
        return found
    _, title, picked = found
    try:
        text = await asyncio.to_thread(_file, picked, title, name)
    except OSError as error:
        return bad_request(request, f"cannot make {name} ({error.strerror})")  # (never the server's paths)
    kind = TYPES[Path(name).suffix]
    return Response(text, media_type=kind, headers={"content-disposition": f'attachment; filename="{name}"'})


routes = [
    Route("/worksheet", worksheet_home, methods=["GET"]),
    Route("/worksheet/sheet", worksheet_printable, methods=["GET"]),
    Route("/worksheet/answers", worksheet_printable, methods=["GET"]),
    Route("/worksheet/file/{name}", worksheet_file, methods=["GET"]),
]
