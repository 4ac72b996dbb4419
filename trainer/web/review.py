"""``/review``: step through a game, event by event, with every card's exact holder chances and the review's notes.

A game comes from the games ``literature play`` saved, or from a ``.lit`` log
uploaded or pasted. A log is checked as ``literature check`` checks it
(:func:`trainer.engine.possible.read_game` and
:func:`~trainer.engine.possible.check_possible`), so a malformed one gets the
same one-line error, naming its line; a good one is kept in ``uploads/`` in
the data folder under a name made from its content, so a link to it lasts.

At event ``N`` (the position after the first ``N`` events) the page shows, for
the chosen seat or the public view, the grid of :func:`trainer.engine.solve.solve_game`
(what ``literature solve --at N`` prints) and the review's notes on event ``N``
(:func:`trainer.review.review_game`, what ``literature review`` prints), worked
out once per game in the background. Each moment has its own address:
``/review/game/NAME?event=12&view=Bob``.

A game still being played is reviewed from the person's seat only (its other
hands are dropped before anything is worked out), so the review never shows a
bot's hand while the game goes on; nor its seed, which deals every hand: a saved
game is addressed by its opaque id (:mod:`trainer.web.game_ids`), and its file's
name (which holds the seed) is shown only once the game is over.

    >>> upload_name("my game (2).lit"), upload_name("../../x"), upload_name(""), upload_name("..")
    ('my game (2).lit', 'x', 'upload.lit', 'upload.lit')
"""

from __future__ import annotations

import hashlib
import logging
import re
import tempfile
import threading
from collections import OrderedDict
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from trainer.engine.possible import check_possible, read_game
from trainer.engine.solve import solve_game
from trainer.explain.phrases import percent
from trainer.files import write_atomic
from trainer.game.errors import LiteratureError
from trainer.game.notation import Game
from trainer.play.saved import load, saved_games
from trainer.render.phrases import event_words, placement_words
from trainer.render.review import noted_lines
from trainer.render.web import cards_in_text, words_html
from trainer.review import Review, review_game
from trainer.review.explaining import explain_note, note_witness
from trainer.review.notes import Note
from trainer.web.background import start
from trainer.web.game_ids import find_game, game_id
from trainer.web.pages import bad_request, games_folder, home, not_found, page

log = logging.getLogger("literature.web")

REVIEW_SECONDS = 50.0
"""The review's time limit (``literature review --time-limit``'s default)."""
UPLOADS = "uploads"
_KEY = re.compile(r"[0-9a-f]{24}")


def upload_name(name: str) -> str:
    """The name a log is called by in its errors: the uploaded file's own name, made safe."""
    base = re.split(r"[\\/]", name)[-1].strip()
    safe = re.sub(r"[\x00-\x1f\x7f]", "_", base).lstrip(".")[:120]
    return safe or "upload.lit"


@dataclass(frozen=True)
class Opened:
    """A game to review: its address, the record (only the hands its reviewer may see), the views offered."""

    address: str
    source: str
    title: str
    game: Game
    views: tuple[str | None, ...]
    default: str | None
    stamp: tuple[int, int]
    remark: str = ""


class Reviews:
    """The reviews being worked out, or done, by game (one at a time, in the background), and the grids asked
    for recently."""

    def __init__(self) -> None:
        self._jobs: OrderedDict[tuple[str, tuple[int, int]], Future[Review]] = OrderedDict()
        self._grids: OrderedDict[tuple[str, tuple[int, int], int, str | None], dict[str, Any]] = OrderedDict()
        self._events: OrderedDict[tuple[str, tuple[int, int]], list[dict[str, Any]]] = OrderedDict()
        self._lock = threading.Lock()

    def review(self, opened: Opened) -> Future[Review]:
        """The review of ``opened`` (started now if it was not yet)."""
        key = (opened.source, opened.stamp)
        with self._lock:
            job = self._jobs.get(key)
            if job is None:
                job = start("review", review_game, opened.game, None, None, 1, REVIEW_SECONDS)
                self._jobs[key] = job
                while len(self._jobs) > 8:
                    self._jobs.popitem(last=False)
            return job

    def events(self, opened: Opened) -> list[dict[str, Any]]:
        """The game's events as the page lists them (worked out once per game)."""
        key = (opened.source, opened.stamp)
        with self._lock:
            found = self._events.get(key)
        if found is None:
            found = [{"n": n, "html": words_html(event_words(e))} for n, e in enumerate(opened.game.events, start=1)]
            with self._lock:
                self._events[key] = found
                while len(self._events) > 8:
                    self._events.popitem(last=False)
        return found

    def grid(self, opened: Opened, event: int, view: str | None) -> dict[str, Any]:
        """Every card's holder chances after ``event`` events, seen by ``view`` (cached)."""
        key = (opened.source, opened.stamp, event, view)
        with self._lock:
            found = self._grids.get(key)
        if found is not None:
            return found
        made = grid(opened.game, event, view)
        with self._lock:
            self._grids[key] = made
            while len(self._grids) > 400:
                self._grids.popitem(last=False)
        return made


REVIEWS = Reviews()


def grid(game: Game, event: int, view: str | None) -> dict[str, Any]:
    """What ``literature solve --at EVENT`` shows, as data for the page: per card in play each player's exact
    chance, the forced holder, the sets that can be claimed with certainty."""
    knowledge = solve_game(game, view, event)
    setup, state = knowledge.setup, knowledge.state
    rows = []
    previous = None
    for card in knowledge.cards:
        holders = knowledge.holders(card)
        forced = knowledge.forced(card)
        rows.append({
            "card": card.code, "first": previous is None or card.half_suit is not previous.half_suit,
            "forced": forced,
            "cells": [{"player": p, "chance": percent(holders[p]) if p in holders else "",
                       "weight": round(float(holders.get(p, 0)), 3), "forced": p == forced} for p in setup.players],
        })
        previous = card
    claimable = [{"set": half.code, "name": half.name, "claim": words_html(placement_words(assignment.items()))}
                 for half, assignment in knowledge.claimable_for_viewer().items()]
    return {"rows": rows, "deals": f"{knowledge.deals:,}", "claimable": claimable,
            "sizes": [(p, state.sizes[p], setup.team(p)) for p in setup.players],
            "score": (state.score[1], state.score[2])}


# -- where a game comes from ------------------------------------------------------------------------


def _stamp(path: Path) -> tuple[int, int]:
    try:
        found = path.stat()
    except OSError:
        return (0, 0)
    return (found.st_mtime_ns, found.st_size)


def open_saved(request: Request, name: str) -> Opened | Response:
    """A game ``literature play`` saved: over, every hand; still going, the person's seat only."""
    path = find_game(home(request), games_folder(request), name)
    if path is None or not path.is_file():
        return not_found(request, f"No saved game has the id {name[:80]!r}: the games are listed at /review.")
    match = load(path)
    you = match.you
    address = f"/review/game/{game_id(home(request), path)}"
    if match.over:
        views = (you, *_others(match.game(), you), None)
        return Opened(address, str(path), f"Game {path.stem}", match.game(), views, you, _stamp(path))
    started = match.seating.started[:16].replace("T", " ") or "a saved game"
    game = Game(match.setup.only(you), tuple(match.state.events))  # (no path: the file's name holds the seed)
    return Opened(address, str(path), f"Game of {started}", game, (you, None), you, _stamp(path),
                  "The game is still being played: it is reviewed from your seat only, so no other hand shows.")


def _others(game: Game, you: str) -> tuple[str, ...]:
    return tuple(p for p in game.setup.players if p != you and p in game.setup.hands)


def open_log(request: Request, key: str) -> Opened | Response:
    """A log uploaded or pasted earlier (kept under its content's name)."""
    path = home(request) / UPLOADS / f"{key}.lit"
    if not _KEY.fullmatch(key) or not path.is_file():
        return not_found(request, f"No uploaded log is called {key[:40]!r}: upload it again at /review.")
    game = read_game(path)
    listed = tuple(p for p in game.setup.players if p in game.setup.hands)
    default = listed[0] if len(listed) == 1 else None
    views = (*listed, None)
    return Opened(f"/review/log/{key}", str(path), f"Uploaded log {key[:8]}", game, views, default, _stamp(path))


def check_log(data: bytes, name: str) -> Game:
    """Check a log as ``literature check NAME`` would; the error names ``name`` and the line."""
    with tempfile.TemporaryDirectory(prefix="literature-upload-") as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        try:
            game = read_game(path)
            check_possible(game)
        except LiteratureError as error:
            if error.path is not None and error.path == str(path):
                error.path = name
            raise
    return game


def keep_log(request: Request, data: bytes) -> str:
    """Keep a checked log under its content's name (nothing is ever written over) and return that name."""
    key = hashlib.sha256(data).hexdigest()[:24]
    path = home(request) / UPLOADS / f"{key}.lit"
    if not path.exists():
        write_atomic(path, data.decode("utf-8-sig"))
    return key


# -- requests ----------------------------------------------------------------------------------------


def _home_page(request: Request, error: str = "", status: int = 200, text: str = "") -> Response:
    games = [{"name": game_id(home(request), g.path), "started": g.started[:16].replace("T", " "), "result": g.result,
              "table": f"{g.variant} {g.players}p v {g.opponents}", "events": g.events, "over": g.over}
             for g in reversed(saved_games(games_folder(request))) if g.variant]
    return page(request, "review.html", status=status, nav="review", title="Review", games=games, error=error,
                text=text)


async def review_home(request: Request) -> Response:
    """``GET /review``: choose a saved game, or upload or paste a log."""
    return _home_page(request)


async def review_upload(request: Request) -> Response:
    """``POST /review/upload``: a log uploaded (``log``) or pasted (``text``), checked, kept, then opened."""
    async with request.form(max_files=1, max_fields=10) as form:
        upload = form.get("log")
        pasted = form.get("text")
        data, name = b"", ""
        if isinstance(upload, UploadFile) and upload.filename:
            data, name = await upload.read(), upload_name(upload.filename)
        elif isinstance(pasted, str) and pasted.strip():
            data, name = pasted.encode("utf-8"), "pasted.lit"
    if not name:
        return _home_page(request, "Choose a .lit file to upload, or paste a game log.", 400)
    try:
        await run_in_threadpool(check_log, data, name)
        key = keep_log(request, data)
    except LiteratureError as error:
        return _home_page(request, str(error), 400, pasted if isinstance(pasted, str) else "")
    except (OSError, UnicodeDecodeError) as error:
        return _home_page(request, f"{name}: cannot keep the log ({error})", 400)
    return RedirectResponse(f"/review/log/{key}", status_code=303)


def _moment(request: Request, opened: Opened) -> tuple[int, str | None] | str:
    """The event and view the address asks for, or what is wrong with them."""
    total = len(opened.game.events)
    text = request.query_params.get("event", "0").strip()
    if not text.isdigit() or int(text) > total:
        return f"event must be a whole number from 0 to {total} (the game has {total} events), not {text[:20]!r}"
    views = {("public" if v is None else v): v for v in opened.views}
    wanted = request.query_params.get("view", "public" if opened.default is None else opened.default)
    if wanted not in views:
        return f"view must be one of {', '.join(views)}, not {wanted[:30]!r}"
    return int(text), views[wanted]


def _step(opened: Opened, event: int, view: str | None) -> dict[str, Any]:
    game = opened.game
    job = REVIEWS.review(opened)
    notes: list[dict[str, Any]] = []
    noted: list[int] = []
    status, problem = "working", ""
    if job.done():
        try:
            found = job.result()
        except LiteratureError as error:
            status, problem = "failed", str(error)
        except Exception as error:  # a defect of the review: said on the page and logged, never a 500
            log.error("the review of %s failed", opened.source, exc_info=error)
            status, problem = "failed", f"the review could not be finished ({error.__class__.__name__}): a defect"
        else:
            status = "ready"
            notes = [{"label": label, "kind": kind.value, "html": cards_in_text(text), **_why(found, note)}
                     for note, label, kind, text in noted_lines(found.notes_of(event))] if event else []
            noted = sorted({n.event for n in found.notes})
    events = REVIEWS.events(opened)
    return {
        "title": opened.title, "address": opened.address, "remark": opened.remark, "event": event,
        "total": len(game.events), "view": "public" if view is None else view, "viewer": view,
        "views": ["public" if v is None else v for v in opened.views], "events": events,
        "current": events[event - 1] if event else None, "line": game.line_of(event) if event else None,
        "grid": REVIEWS.grid(opened, event, view), "players": game.setup.players,
        "teams": {p: game.setup.team(p) for p in game.setup.players},
        "variant": game.setup.variant.value, "status": status, "problem": problem, "notes": notes, "noted": noted,
    }


def _why(found: Review, note: Note) -> dict[str, Any]:
    """What ``literature review --explain`` adds to a note: the explainer's steps from what the note's
    player knew just before the move, and where the card was not forced, a deal that fits all they had
    seen (hands just before the move, the card marked): "could they have known? No"."""
    nothing: dict[str, Any] = {"steps": [], "deal": None, "card": None}
    try:
        why = explain_note(found, note)
        deal = note_witness(found, note, why)
    except LiteratureError:
        return nothing
    except Exception as error:  # a defect of the explainer: the note is still shown, without its why; logged
        log.error("explaining a note of %s at event %d failed", found.game.path, note.event, exc_info=error)
        return nothing
    texts = why.texts()
    steps = [(text, step.technique.label) for step, text in zip(why.steps, texts, strict=True)]
    card = why.unforced if deal is not None else None
    return {"steps": steps, "deal": deal, "card": card, "who": note.view or "the public", "before": note.event}


async def _show(request: Request, opened: Opened | Response) -> Response:
    if isinstance(opened, Response):
        return opened
    moment = _moment(request, opened)
    if isinstance(moment, str):
        return bad_request(request, moment)
    event, view = moment
    try:
        data = await run_in_threadpool(_step, opened, event, view)
    except LiteratureError as error:
        return bad_request(request, str(error))
    template = "review_step.html" if request.query_params.get("fragment") == "1" else "review_game.html"
    return page(request, template, nav="review", title=opened.title, r=data)


async def review_saved(request: Request) -> Response:
    """``GET /review/game/NAME?event=N&view=V``: a game ``literature play`` saved, at one moment."""
    opened = await run_in_threadpool(open_saved, request, request.path_params["name"])
    return await _show(request, opened)


async def review_log(request: Request) -> Response:
    """``GET /review/log/KEY?event=N&view=V``: an uploaded or pasted log, at one moment."""
    opened = await run_in_threadpool(open_log, request, request.path_params["key"])
    return await _show(request, opened)


routes = [
    Route("/review", review_home, methods=["GET"]),
    Route("/review/upload", review_upload, methods=["POST"]),
    Route("/review/game/{name}", review_saved, methods=["GET"]),
    Route("/review/log/{key}", review_log, methods=["GET"]),
]
