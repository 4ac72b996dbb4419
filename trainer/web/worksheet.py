"""``/worksheet``: a teacher's exercise set, built in the browser, printed, or downloaded.

The form asks what ``literature generate`` asks (how many, which levels,
variant, table size, seed, title); the puzzles come from the same
:func:`puzzles.generate.generate`, and every file is what
``literature generate --format md|html|json`` writes (made by
:func:`trainer.render.worksheet.export` itself): the printable worksheet at
``/worksheet/sheet``, its answer key at ``/worksheet/answers``, each with its
own print style, and the downloads at ``/worksheet/file/NAME``. A request is
its address (``?count=6&level=1&level=2&seed=4``): the same address always
gives the same puzzles, and a set made once is kept while the server runs.

    >>> form_request({"count": ["4"], "level": ["2", "3"], "variant": ["fish54"], "players": ["8"]})[0].describe()
    'puzzles of levels 2-3'
    >>> form_request({"count": ["0"]})
    Traceback (most recent call last):
    ...
    trainer.game.errors.LiteratureError: count: a whole number from 1 to 40, not '0'
"""

from __future__ import annotations

import asyncio
import logging
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from puzzles.generate import Request as Wanted
from puzzles.generate import generate_within
from puzzles.model import KINDS, LEVELS, Puzzle
from trainer.game.errors import LiteratureError
from trainer.game.variants import Variant
from trainer.render.worksheet import FILES, export
from trainer.web.background import start
from trainer.web.pages import bad_request, not_found, page

log = logging.getLogger("literature.web")

MAX_COUNT = 40
"""The most puzzles one worksheet may ask for here (``literature generate --count`` allows more, in a terminal)."""
MAX_SEED = 2**63 - 1
MAX_TITLE = 100
DEFAULT_TITLE = "Literature puzzles"
DEFAULT_LEVELS = ("1", "2", "3")
"""The levels asked for when none is chosen (the quick ones; the form starts with them ticked)."""
DEFAULT_PLAYERS = "6"
"""The table size asked for when none is chosen: 6 players (a set of 6 puzzles of levels 1-3 is made in about a
second; with 8-player games too it took 30 s)."""
TYPES = {".md": "text/markdown; charset=utf-8", ".html": "text/html; charset=utf-8",
         ".json": "application/json"}


def form_request(query: Mapping[str, Sequence[str]]) -> tuple[Wanted, str]:
    """The generator's request and the title a form (or an address) asks for; ``LiteratureError`` naming the
    field that is wrong."""

    def one(name: str, default: str) -> str:
        values = query.get(name) or [default]
        return (values[0] or default).strip()

    count = one("count", "6")
    if not count.isdigit() or not 1 <= int(count) <= MAX_COUNT:
        raise LiteratureError(f"count: a whole number from 1 to {MAX_COUNT}, not {count[:20]!r}")
    levels = []
    for text in query.get("level") or DEFAULT_LEVELS:
        if not text.strip().isdigit() or int(text) not in LEVELS:
            raise LiteratureError(f"level: from 1 to 6, not {text[:20]!r}")
        levels.append(int(text))
    variant = one("variant", "both")
    variants: tuple[Variant, ...]
    if variant == "both":
        variants = (Variant.CLASSIC, Variant.FISH54)
    elif variant in {v.value for v in Variant}:
        variants = (Variant(variant),)
    else:
        raise LiteratureError(f"variant: both, classic or fish54, not {variant[:20]!r}")
    players = one("players", DEFAULT_PLAYERS)
    if players not in ("both", "6", "8"):
        raise LiteratureError(f"players: both, 6 or 8, not {players[:20]!r}")
    seed = one("seed", "0")
    if not seed.isdigit() or int(seed) > MAX_SEED:
        raise LiteratureError(f"seed: a whole number from 0 to {MAX_SEED}, not {seed[:30]!r}")
    title = " ".join(one("title", DEFAULT_TITLE).split())[:MAX_TITLE] or DEFAULT_TITLE
    wanted = Wanted(count=int(count), seed=int(seed), levels=tuple(sorted(set(levels))), kinds=KINDS,
                    variants=variants, players=(6, 8) if players == "both" else (int(players),), max_games=None)
    return wanted, title


def address(wanted: Wanted, title: str) -> str:
    """The query string that asks for ``wanted`` again."""
    variant = "both" if len(wanted.variants) > 1 else wanted.variants[0].value
    players = "both" if len(wanted.players) > 1 else str(wanted.players[0])
    pairs = [("count", str(wanted.count)), *(("level", str(n)) for n in wanted.levels), ("variant", variant),
             ("players", players), ("seed", str(wanted.seed)), ("title", title)]
    return urlencode(pairs)


WORKSHEET_SECONDS = 120.0
"""The most time one set may take to make (the generator stops after it, and the page says so)."""
MAX_WAITING = 2
"""The most sets being made or waiting to be made at once; a request for another is told to come back."""
MAX_KEPT = 16
"""Sets kept made (the latest asked for)."""


class Sets:
    """The puzzle sets made so far, or being made: one made at a time in the background
    (:func:`trainer.web.background.start`), at most :data:`MAX_WAITING` waiting, the latest few kept.

    A request never waits for a set: it is told whether the set is ready, and comes back
    (the page refreshes itself) until it is.
    """

    def __init__(self) -> None:
        self._made: OrderedDict[Wanted, Future[list[Puzzle]]] = OrderedDict()
        self._lock = threading.Lock()
        self.seconds = WORKSHEET_SECONDS

    def puzzles(self, wanted: Wanted) -> Future[list[Puzzle]] | None:
        """The puzzles of ``wanted``: made, being made (started now if they were not asked for yet), or
        ``None`` when :data:`MAX_WAITING` other sets are being made already."""
        with self._lock:
            job = self._made.get(wanted)
            if job is not None:
                self._made.move_to_end(wanted)
                return job
            if sum(not other.done() for other in self._made.values()) >= MAX_WAITING:
                return None
            job = start("worksheet", _generate, wanted, self.seconds)
            self._made[wanted] = job
            while len(self._made) > MAX_KEPT:
                _, old = self._made.popitem(last=False)
                old.cancel()  # (one still waiting to start never starts)
            return job


def _generate(wanted: Wanted, seconds: float) -> list[Puzzle]:
    """The set, made in the background with its time limit (counted from when it starts)."""
    return generate_within(wanted, seconds=seconds)


SETS = Sets()

PREPARING_REFRESH = 2
"""Seconds before a page showing a set being made asks again (a ``<meta http-equiv="refresh">``: no script)."""


async def _made(request: Request, form: bool = False) -> tuple[Wanted, str, list[Puzzle]] | Response:
    """The set the address asks for, or the page to answer with instead, at once: the form with its error
    (400), the set being made (202, the page refreshes itself), the form (a request with no ``count``)."""
    query = request.query_params
    if not form and "count" not in query:  # nothing asked for: the form, which asks (never a set made unasked)
        return RedirectResponse("/worksheet", status_code=303)
    try:
        wanted, title = form_request({k: query.getlist(k) for k in query})
    except LiteratureError as error:
        return _form(request, str(error), 400)
    job = SETS.puzzles(wanted)
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
    wanted, title, puzzles = found
    query = address(wanted, title)
    levels: dict[int, int] = {}
    for puzzle in puzzles:
        levels[puzzle.level] = levels.get(puzzle.level, 0) + 1
    made = {"query": query, "count": len(puzzles), "levels": sorted(levels.items()), "title": title,
            "files": [name for names in FILES.values() for name in names], "describe": wanted.describe()}
    return _form(request, made=made)


def _file(puzzles: list[Puzzle], title: str, name: str) -> str:
    """The text of one file as ``literature generate`` writes it (written by :func:`export`, then read)."""
    fmt = next(f for f, names in FILES.items() if name in names)
    with tempfile.TemporaryDirectory(prefix="literature-worksheet-") as folder:
        export(puzzles, Path(folder), [fmt], title)
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


async def worksheet_sheet(request: Request) -> Response:
    """``GET /worksheet/sheet?...``: the printable worksheet (``worksheet.html``)."""
    found = await _made(request)
    if isinstance(found, Response):
        return found
    wanted, title, puzzles = found
    text = await asyncio.to_thread(_file, puzzles, title, "worksheet.html")
    return HTMLResponse(_printable(text, address(wanted, title), "answers", "Answer key"))


async def worksheet_answers(request: Request) -> Response:
    """``GET /worksheet/answers?...``: its answer key (``answers.html``)."""
    found = await _made(request)
    if isinstance(found, Response):
        return found
    wanted, title, puzzles = found
    text = await asyncio.to_thread(_file, puzzles, title, "answers.html")
    return HTMLResponse(_printable(text, address(wanted, title), "sheet", "Worksheet"))


async def worksheet_file(request: Request) -> Response:
    """``GET /worksheet/file/NAME?...``: one of the files ``generate`` writes, as a download."""
    name = request.path_params["name"]
    if name not in {n for names in FILES.values() for n in names}:
        return not_found(request, f"No worksheet file is called {name[:40]!r}: worksheet.md, answers.md, "
                         "worksheet.html, answers.html or puzzles.json.")
    found = await _made(request)
    if isinstance(found, Response):
        return found
    _, title, puzzles = found
    try:
        text = await asyncio.to_thread(_file, puzzles, title, name)
    except OSError as error:
        return bad_request(request, f"cannot make {name} ({error.strerror})")  # (never the server's paths)
    kind = TYPES[Path(name).suffix]
    return Response(text, media_type=kind, headers={"content-disposition": f'attachment; filename="{name}"'})


routes = [
    Route("/worksheet", worksheet_home, methods=["GET"]),
    Route("/worksheet/sheet", worksheet_sheet, methods=["GET"]),
    Route("/worksheet/answers", worksheet_answers, methods=["GET"]),
    Route("/worksheet/file/{name}", worksheet_file, methods=["GET"]),
]
