"""``/play``: a game against bots in the browser, saved after every move exactly as ``literature play`` saves it.

The game is a :class:`~trainer.play.match.Match` seen through a
:class:`~trainer.play.seat.Seat`, the same pair the terminal's table uses
(:mod:`trainer.cli.table`): a click builds the line the person would type
(``Bob 6D``, ``claim LD: Ann 2D 3D, Cat 4D 5D 6D 7D``, ``pass Cat``, ``auto``)
and :meth:`Seat.respond` answers it. Bots move one request at a time
(``POST /play/game/NAME/bot``), so the page shows each move at the pace the
player sets. After every move the game is written with
:func:`trainer.play.saved.save` into the same ``games/`` folder, so
``literature games`` lists it and ``literature play --resume`` goes on with it,
and this page goes on with a game the terminal saved.

A game's address is an opaque id (:mod:`trainer.web.game_ids`), never its file
name: the name holds the seed, and the seed alone deals the game, so a page
that showed it would show every bot's hand. The seed and the file's name are
shown once the game is over.

A response for the seat is built from :meth:`Match.your_view`, the public
events and the coach's words, which work from the seat's view only: no other
hand is ever read here (``tests/test_web_play.py`` scans every response).

    >>> seating_of({"players": "8", "seed": "7"}).seed
    7
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from datetime import UTC
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from puzzles.session import queue_missed
from trainer import clock
from trainer.game.errors import LiteratureError
from trainer.game.events import Ask, Claim, Event, Pass
from trainer.game.state import SetStatus
from trainer.game.variants import PLAYER_COUNTS, Variant
from trainer.play.ending import decided, own_notes, verdict
from trainer.play.match import CoachLevel, Match, Seating
from trainer.play.protocol import LEVELS, BotKind
from trainer.play.recap import recap
from trainer.play.saved import load, save, saved_games
from trainer.play.seat import Reply, Seat
from trainer.play.view import Role
from trainer.render.notes import note_sentence
from trainer.render.phrases import event_words
from trainer.render.play import (
    alert_words,
    claim_announcement,
    moment_words,
    recap_lines,
    reply_words,
    turn_words,
    worst_first,
)
from trainer.render.web import render, words_html
from trainer.render.web.table import table_view
from trainer.review import Note
from trainer.web.game_ids import find_game, game_id
from trainer.web.learners import current, home
from trainer.web.pages import bad_request, csrf_token, games_folder, not_found, page, wants_json

MAX_SEED = 2**63 - 1
"""The largest seed (as ``literature play --seed`` allows)."""


@dataclass
class Sitting:
    """A game open in the browser: its seat, the file's stamp when last read or written, and its end."""

    seat: Seat
    stamp: tuple[int, int]
    lock: threading.Lock = field(default_factory=threading.Lock)
    ending: dict[str, Any] | None = None


class Tables:
    """The games open in the browser, by file; a file changed by another program (the terminal) is read again."""

    def __init__(self) -> None:
        self._open: dict[Path, Sitting] = {}
        self._lock = threading.Lock()

    def sitting(self, path: Path) -> Sitting:
        """The game saved at ``path``, read again when the file changed since (``LiteratureError`` if it
        cannot be read)."""
        stamp = _stamp(path)
        with self._lock:
            found = self._open.get(path)
            if found is not None and found.stamp == stamp:
                return found
        match = load(path)
        sitting = Sitting(Seat(match), _stamp(path))
        with self._lock:
            self._open[path] = sitting
        return sitting

    def saved(self, sitting: Sitting, path: Path) -> None:
        """Write the game as it stands (exactly as ``literature play`` does) and remember the file's stamp."""
        save(sitting.seat.match, path.parent)
        sitting.stamp = _stamp(path)


def _stamp(path: Path) -> tuple[int, int]:
    try:
        found = path.stat()
    except OSError:
        return (0, 0)
    return (found.st_mtime_ns, found.st_size)


TABLES = Tables()


# -- what the seat sees ---------------------------------------------------------------------


def event_html(number: int, event: Event, you: str, auto: tuple[int, ...] = ()) -> dict[str, Any]:
    """One public event for the page: its number, its words with the cards drawn, and whether it was yours."""
    actor = event.asker if isinstance(event, Ask) else event.claimer if isinstance(event, Claim) else (
        event.player if isinstance(event, Pass) else None)
    return {"n": number, "html": words_html(event_words(event)), "yours": actor == you, "auto": number in auto,
            "hit": isinstance(event, Ask) and event.hit}


def table(seat: Seat) -> dict[str, Any]:
    """Everything the table shows the person: their hand, the hand sizes, the public events, what they may do.

    Built from the person's own view only (:meth:`Match.your_view`) and the public state.
    """
    match = seat.match
    view = match.your_view()
    state = view.state
    setup = match.setup
    you = match.you
    team = setup.team(you)
    actors = state.actors()
    over = match.over
    decider, role = match.decider() if not over else (None, None)
    mine = seat.your_move()
    players = [
        {"name": p, "team": setup.team(p), "size": state.sizes[p], "turn": p in actors and not over, "you": p == you,
         "mate": setup.team(p) == team, "decides": p == decider}
        for p in setup.players
    ]
    sets = [{"code": h.code, "name": h.name, "status": r.status.value,
             "ours": r.status is SetStatus.WON and r.team == team,
             "theirs": r.status is SetStatus.WON and r.team != team}
            for h, r in state.sets.items()]
    events = state.events
    shown = events if seat.open_book else events[-1:]
    first = len(events) - len(shown) + 1
    history = [event_html(n, e, you, match.seating.auto) for n, e in enumerate(shown, start=first)]
    moves: dict[str, Any] = {"asks": {}, "targets": [], "claim": [], "claimers": [], "passes": []}
    if mine and role is not None:
        player_view = match.table.view(you, role)
        asks: dict[str, list[str]] = {}
        for target, card in player_view.legal_asks():
            asks.setdefault(card.code, []).append(target)
        moves["asks"] = asks
        moves["targets"] = [p for p in player_view.opponents if state.sizes[p]]
        if role in (Role.PLAY, Role.PICK, Role.CLAIM):
            moves["claim"] = [{"code": h.code, "name": h.name, "cards": [c.code for c in h.cards]}
                              for h in player_view.live_sets()]
            moves["claimers"] = player_view.claimers()
        if role is Role.PASS:
            moves["passes"] = player_view.pass_targets() or sorted(actors, key=setup.players.index)
        elif role is Role.PICK:
            moves["passes"] = player_view.pass_targets()
        else:
            moves["passes"] = player_view.handover_targets()
    seating = match.seating
    summary = recap(setup, events, you)
    since = recap_lines(summary, state) if mine and seat.open_book and not summary.empty else ()
    return {
        "you": you, "team": team, "variant": setup.variant.value, "count": len(setup.players),
        "players": players, "sets": sets, "score": (state.score[team], state.score[3 - team]),
        "history": history, "events": len(events), "open_book": seat.open_book,
        "turn_words": turn_words(match), "your_move": mine, "role": role.value if role is not None else None,
        "moves": moves, "over": over, "coach": seating.coach.value, "partners": seating.partners.value,
        "opponents": seating.opponents.value, "seed": seating.seed if over else None,  # (the seed deals every hand)
        "alerts": [words_html(a) for a in alert_words(seat)] if mine else [],
        "pending": seat.pending is not None, "felt": table_view(state, you), "decider": decider,
        "recap": [words_html(line) for line in since],
        "dealer": setup.dealer, "deals": "you deal and ask first" if setup.dealer == you else
        f"{setup.dealer} deals and asks first",
    }


def ending(sitting: Sitting, request: Request) -> dict[str, Any]:
    """The end of a finished game, worked out once: the result, what decided it (the sets won and lost, the
    moments that mattered), the review of the person's own moves, and the positions they missed queued as
    puzzles for the learner (as the terminal's table does)."""
    if sitting.ending is not None:
        return sitting.ending
    match = sitting.seat.match
    state = match.state
    team = match.setup.team(match.you)
    what = decided(match)
    notes = own_notes(match)
    missed, added = queue_for_learner(request, match, notes)
    sitting.ending = {
        "verdict": verdict(match),
        "won": state.winner == team,
        "lost": state.winner is not None and state.winner != team,
        "sets_won": [str(r.half_suit) for r in what.won()],
        "sets_lost": [str(r.half_suit) for r in what.lost()],
        "sets_void": [str(r.half_suit) for r in what.sets if r.outcome == "cancelled"],
        "moments": [{"event": m.event, "html": words_html(moment_words(match, m))} for m in what.moments],
        "notes": [{"event": n.event, "kind": n.kind.value, "html": words_html(note_sentence(n))}
                  for n in worst_first(notes)],
        "missed": missed, "added": added,
    }
    return sitting.ending


def queue_for_learner(request: Request, match: Match, notes: list[Note]) -> tuple[int, int]:
    """Queue the missed positions for this browser's learner (:func:`puzzles.session.queue_missed`); a browser
    with no learner chosen queues nothing."""
    learner = current(request)
    if learner is None:
        return 0, 0
    return queue_missed(match, notes, learner.store)


# -- requests -------------------------------------------------------------------------------------




async def play_home(request: Request) -> Response:
    """``GET /play``: start a game, or go on with one saved (by this page or by ``literature play``)."""
    return page(request, "play.html", nav="play", title="Play", games=_games(request), error=None, form=_defaults(),
                choices=_choices())


def _games(request: Request) -> list[dict[str, Any]]:
    found = []
    folder = games_folder(request)
    for game in reversed(saved_games(folder)):
        found.append({"name": game_id(home(request), game.path), "file": game.path.name,
                      "started": game.started[:16].replace("T", " "),
                      "table": f"{game.variant} {game.players}p v {game.opponents}" if game.variant else "",
                      "result": game.result, "events": game.events, "over": game.over,
                      "score": f"{game.score[0]}-{game.score[1]}", "readable": bool(game.variant)})
    return found


def _defaults() -> dict[str, str]:
    return {"variant": "classic", "players": "6", "seat": "", "partners": "medium", "opponents": "medium",
            "coach": "alert", "seed": "", "open_book": ""}


def _choices() -> dict[str, list[str]]:
    return {"variant": [v.value for v in Variant], "players": [str(n) for n in PLAYER_COUNTS],
            "bots": [b.value for b in LEVELS], "coach": [c.value for c in CoachLevel]}


def seating_of(form: dict[str, str]) -> Seating:
    """The seating a new-game form asks for; ``LiteratureError`` naming the field that is wrong.

    >>> seating_of({"variant": "fish54", "players": "8", "seed": "7", "coach": "full"}).players
    8
    >>> old = seating_of({"partners": "basic", "opponents": "human"})  # the old names stand for levels
    >>> old.partners.value, old.opponents.value
    ('medium', 'easy')
    >>> seating_of({"players": "7"})
    Traceback (most recent call last):
    ...
    trainer.game.errors.LiteratureError: players: a game has 6 or 8 players, not 7
    """

    def choice(name: str, kind: Any, default: str) -> Any:
        value = form.get(name) or default
        try:
            return kind(value)
        except ValueError:
            allowed = ", ".join(str(v.value) for v in kind)
            raise LiteratureError(f"{name}: {value[:40]!r} is not one of {allowed}") from None

    text = (form.get("players") or "6").strip()
    if text not in [str(n) for n in PLAYER_COUNTS]:
        raise LiteratureError(f"players: a game has 6 or 8 players, not {text[:20]}")
    seed_text = (form.get("seed") or "").strip()
    if seed_text:
        if not seed_text.isdigit() or int(seed_text) > MAX_SEED:
            raise LiteratureError(f"seed: a whole number from 0 to {MAX_SEED}, not {seed_text[:30]!r}")
        seed = int(seed_text)
    else:
        seed = int.from_bytes(os.urandom(3), "big")
    you = (form.get("seat") or "").strip() or None
    started = clock.now().astimezone(UTC).replace(microsecond=0).isoformat()
    seating = Seating(seed, choice("variant", Variant, "classic"), int(text), you,
                      choice("partners", BotKind, "medium"), choice("opponents", BotKind, "medium"),
                      choice("coach", CoachLevel, "alert"),
                      form.get("open_book") in ("1", "on", "yes", "true"), started)
    try:
        seating.names()
    except LiteratureError as error:
        raise LiteratureError(f"seat: {error.message}") from None
    return seating


async def play_new(request: Request) -> Response:
    """``POST /play/new``: deal a new game, save it, and go to its table."""
    async with request.form(max_files=0, max_fields=50) as raw:
        form = {k: v for k, v in raw.items() if isinstance(v, str)}
    try:
        match = Match.new(seating_of(form))
        path = await run_in_threadpool(save, match, games_folder(request))
    except (LiteratureError, OSError) as error:
        message = str(error) if isinstance(error, LiteratureError) else f"cannot save the game ({error})"
        return page(request, "play.html", status=400, nav="play", title="Play", games=_games(request),
                    error=message, form={**_defaults(), **form}, choices=_choices())
    return RedirectResponse(f"/play/game/{game_id(home(request), path)}", status_code=303)


def _open(request: Request) -> tuple[Sitting, Path] | Response:
    name = request.path_params["name"]
    path = find_game(home(request), games_folder(request), name)
    if path is None or not path.is_file():
        return not_found(request, f"No saved game has the id {name[:80]!r}: the games are listed at /play.")
    try:
        return TABLES.sitting(path), path
    except LiteratureError as error:
        return bad_request(request, str(error))


def _state(request: Request, sitting: Sitting, path: Path, reply: Reply | None = None,
           events: list[Event] | None = None) -> dict[str, Any]:
    seat = sitting.seat
    data = table(seat)
    data["name"] = game_id(home(request), path)
    data["file"] = path.name if seat.match.over else None  # (the name holds the seed)
    data["started"] = seat.match.seating.started[:16].replace("T", " ")
    data["end"] = ending(sitting, request) if seat.match.over else None
    match = seat.match
    claims = [claim_announcement(match.state, e, match.you) for e in events or () if isinstance(e, Claim)]
    said = [*claims, *(reply_words(reply) if reply is not None else ())]
    data["said"] = [words_html(line) for line in said]
    data["said_kind"] = reply.kind if reply is not None else "info" if claims else ""
    return data


def _answer(request: Request, sitting: Sitting, path: Path, reply: Reply | None = None,
            events: list[Event] | None = None, auto: bool = False) -> Response:
    data = _state(request, sitting, path, reply, events)
    if wants_json(request):
        you = sitting.seat.match.you
        first = len(sitting.seat.match.state.events) - len(events or []) + 1
        moved = [event_html(n, e, you, sitting.seat.match.seating.auto) for n, e in enumerate(events or [], first)]
        return JSONResponse({
            "table": render("play_table.html", t=data, csrf_token=csrf_token(request)),
            "moved": [{"n": m["n"], "html": str(m["html"]), "yours": m["yours"], "auto": m["auto"]} for m in moved],
            "said": [str(s) for s in data["said"]], "said_kind": data["said_kind"],
            "your_move": data["your_move"], "over": data["over"], "events": data["events"],
        })
    return page(request, "play_game.html", nav="play", title=f"Game of {data['started'] or 'a saved game'}", t=data)


async def play_game(request: Request) -> Response:
    """``GET /play/game/NAME``: the table of a saved game, from the person's seat."""
    found = _open(request)
    if isinstance(found, Response):
        return found
    sitting, path = found
    return await run_in_threadpool(_answer, request, sitting, path)


async def play_say(request: Request) -> Response:
    """``POST /play/game/NAME/say``: one line, as typed at ``literature play``'s prompt (a click sends the same)."""
    found = _open(request)
    if isinstance(found, Response):
        return found
    sitting, path = found
    async with request.form(max_files=0, max_fields=20) as form:
        fields = {k: v for k, v in form.items() if isinstance(v, str)}
    text = fields.get("line", "")
    if not text.strip() and fields.get("card") and fields.get("target"):  # the ask form of a page without scripts
        text = f"{fields['target']} {fields['card']}"
    return await run_in_threadpool(_say, request, sitting, path, text)


def _say(request: Request, sitting: Sitting, path: Path, line: str) -> Response:
    with sitting.lock:
        seat = sitting.seat
        if seat.match.over:
            return _answer(request, sitting, path, Reply("invalid", "The game is over."))
        if line.strip().lower() in ("quit", "q", "exit", "stop"):
            reply = Reply("info", "Saved: the game goes on whenever you come back (or: literature play --resume).")
            return _answer(request, sitting, path, reply)
        reply = seat.respond(line)
        if reply.kind in ("hand", "table"):
            reply = Reply("info", "Your hand and the table are shown above.")
        elif reply.kind == "history":
            reply = Reply("info", "The whole history is shown under the table.")
        if reply.events:
            try:
                TABLES.saved(sitting, path)
            except OSError as error:
                reply = Reply("invalid", _unsaved(error, path))
        return _answer(request, sitting, path, reply, list(reply.events), reply.auto)


async def play_bot(request: Request) -> Response:
    """``POST /play/game/NAME/bot``: the bot whose move it is makes it (``all=1``: every bot until the person's
    move, for a page without scripts)."""
    found = _open(request)
    if isinstance(found, Response):
        return found
    sitting, path = found
    async with request.form(max_files=0, max_fields=20) as form:
        every = form.get("all") == "1"
    return await run_in_threadpool(_bots, request, sitting, path, every)


def _bots(request: Request, sitting: Sitting, path: Path, every: bool) -> Response:
    with sitting.lock:
        seat = sitting.seat
        match = seat.match
        events: list[Event] = []
        while not match.over and not seat.your_move():
            events += match.bot_move()
            try:
                TABLES.saved(sitting, path)
            except OSError as error:
                reply = Reply("invalid", _unsaved(error, path))
                return _answer(request, sitting, path, reply, events)
            if not every:
                break
        return _answer(request, sitting, path, None, events)


def _unsaved(error: OSError, path: Path) -> str:
    return f"{error.filename or path}: cannot save the game ({error.strerror or error})"


routes = [
    Route("/play", play_home, methods=["GET"]),
    Route("/play/new", play_new, methods=["POST"]),
    Route("/play/game/{name}", play_game, methods=["GET"]),
    Route("/play/game/{name}/say", play_say, methods=["POST"]),
    Route("/play/game/{name}/bot", play_bot, methods=["POST"]),
]
