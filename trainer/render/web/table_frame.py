"""The table as the pages show it: one fragment, rendered per viewer, behind ``/play`` and ``/t/CODE`` alike.

:func:`frame` renders ``table_frame.html`` for one viewer of a
:class:`~trainer.play.table.Table` (a seat's name, or ``None`` for a
spectator): the felt with the seats and teams, the viewer's hand, whose turn
it is, the coach's words, the history, and the viewer's moves as forms that
post one line of the ``play`` prompt to the door's ``act`` address (htmx swaps
the fragment the answer brings; without scripts the same forms load the page).
Asking is "a card, then a seat": the cards the seat may ask for are links
(``?card=6D``), and with one picked the opponents who may be asked for it
become buttons at the table; which asks are legal is the table's own answer
(:meth:`~trainer.play.table.Table.options_of`), never the page's.

The sentences come from :mod:`trainer.render.play` and are drawn with the
``words`` filter; :func:`state_json` adds the same words, as text, to the JSON
view of ``/api/tables``.

    >>> line_of({"line": " Bob 6D "}), line_of({"card": "6D", "target": "Bob"})
    ('Bob 6D', 'Bob 6D')
    >>> line_of({"claim": "LD", "c_2D": "Ann", "c_3D": "Ann", "c_4D": "Cat", "c_5D": "Cat", "c_6D": "Cat",
    ...          "c_7D": "Ann"})
    'claim LD: Ann 2D 3D 7D, Cat 4D 5D 6D'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from trainer.game.cards import Card, HalfSuit
from trainer.game.events import Claim, Event
from trainer.play.ending import SeatEnding, result
from trainer.play.match import Match
from trainer.play.recap import recap
from trainer.play.seat import Reply, ReplyKind
from trainer.play.table import Table
from trainer.render.notes import note_sentence
from trainer.render.play import (
    alert_words,
    claim_announcement,
    giveaway_words,
    moment_words,
    quiet_review,
    recap_lines,
    reply_words,
    result_words,
    turn_words,
)
from trainer.render.web import render
from trainer.render.web.table import history_rows, table_view
from trainer.render.words import Words

PACES = (("0", "instant"), ("300", "fast"), ("800", "normal"), ("1600", "slow"), ("3000", "very slow"),
         ("step", "one at a time"))
"""The bots' paces a person may choose at ``/play`` (milliseconds between two bots' moves)."""
PACE = "800"


def pace_of(value: object) -> str:
    """A pace the page sent, or the default.

    >>> pace_of("300"), pace_of("step"), pace_of("9999"), pace_of(None)
    ('300', 'step', '800', '800')
    """
    return value if isinstance(value, str) and value in dict(PACES) else PACE


def line_of(form: dict[str, str]) -> str:
    """The prompt's line a form sends: typed (``line``), an ask (``card``, ``target``) or a claim (``claim``
    and ``c_CARD``: who holds each card)."""
    line = form.get("line", "").strip()
    if line:
        return line
    if form.get("card") and form.get("target"):
        return f"{form['target']} {form['card']}"
    if form.get("claim"):
        holders: dict[str, list[str]] = {}
        for key, who in form.items():
            if key.startswith("c_") and who:
                holders.setdefault(who, []).append(key[2:])
        parts = ", ".join(f"{who} {' '.join(cards)}" for who, cards in holders.items())
        return f"claim {form['claim']}: {parts}"
    return ""


def said_words(table: Table, viewer: str, reply: Reply | None, moved: Sequence[Event] = ()) -> list[Words | str]:
    """What the viewer was just told: each claim just made announced (theirs, or a bot's in ``moved``), then the
    reply's words (the coach's advice), which the end of the game clears: its announcement is all that stays."""
    if table.match is None:
        return []
    state = table.match.state
    events = [*moved, *(reply.events if reply is not None else ())]
    claims = [claim_announcement(state, e, viewer) for e in events if isinstance(e, Claim)]
    advice = reply_words(reply) if reply is not None and not table.match.over else ()
    return [*claims, *advice]


def _recap(table: Table, viewer: str) -> list[Any]:
    match = table.match
    assert match is not None
    if not (table.to_move(viewer) and table.history_open(viewer)):
        return []
    summary = recap(match.setup, match.state.events, viewer)
    return [] if summary.empty else list(recap_lines(summary, match.state))


def _turn(table: Table, viewer: str | None, offered: str | None) -> Any:
    match = table.match
    assert match is not None
    if match.over:
        return "Game over."
    decider = match.decider()[0]
    seen_by = viewer if viewer is not None else next(p for p in match.setup.players if p != decider)
    return turn_words(table.seat_match(seen_by), offered)


CHAT_SHOWN = 20
"""The latest lines of the table's talk a page or a state shows."""


def state_json(table: Table, viewer: str | None) -> dict[str, Any]:
    """The view of ``/api/tables`` (:meth:`Table.view`) with the words of the coach and of the recap, as text."""
    out = table.view(viewer)
    out["chat"] = [{"seat": said.seat, "person": said.person, "text": said.text} for said in table.chat[-CHAT_SHOWN:]]
    if viewer is not None and viewer in table.seats and table.match is not None:
        seat = table.seats[viewer]
        question = table.questions.get(viewer)
        out["coach"] = {"level": seat.level.value,
                        "alerts": [str(w) for w in alert_words(seat)] if table.to_move(viewer) else [],
                        "question": str(reply_words(question)[0]) if question is not None else None,
                        "notes": [str(w) for w in said_words(table, viewer, table.said.get(viewer))]}
        out["recap"] = [str(line) for line in _recap(table, viewer)]
        if table.match.over:
            out["verdict"] = result_words(result(table.seat_match(viewer)))
    return out


def refusal(reply: Reply) -> str:
    """The one line an ``invalid`` reply says."""
    words = reply_words(reply)
    return str(words[0]) if words else "that is not a move here"


def context(table: Table, viewer: str | None, base: str, *, reply: Reply | None = None, picked: str = "",
            claiming: str = "", moved: Sequence[Event] = (), refused: str = "", **door: Any) -> dict[str, Any]:
    """Everything ``table_frame.html`` shows ``viewer`` (``None``: a spectator) at ``base`` (the door's address:
    ``/t/CODE`` or ``/play/game/ID``): what ``reply`` said (and each claim among the bots' ``moved`` events), or
    the one line of a request ``refused``; the card ``picked`` to ask for, the set it is ``claiming``; ``door``:
    what the door adds (``solo``, ``pace``, ``end``, ``host``, ``links``, ``csrf`` …)."""
    match = table.match
    out: dict[str, Any] = {
        "table": table, "viewer": viewer, "base": base, "phase": table.phase, "said": [], "said_kind": "",
        "felt": None, "history": [], "mine": False, "options": {}, "picked": None, "targets": [], "claiming": None,
        "question": None, "alerts": [], "recap": [], "turn": "", "auto": (), "coach": None,
        "open": table.history_open(viewer), "solo": False, "pace": PACE, "end": None, "host": False,
        "bot_due": table.bot_due(), "seed": None, "away": [], "late": None, "offered": None, "chat_sent": False,
        "chat": table.chat[-CHAT_SHOWN:],
        **door,
    }
    out["free"] = [p.name for p in table.places if not p.held] if out["host"] and table.phase == "playing" else []
    if out["end"] is None and viewer in table.endings and match is not None:  # (a friends' table: the hall's end)
        out["end"] = ending_view(table.endings[viewer], match)
    if viewer is not None:
        out["coach"] = table.place(viewer).coach.value
    out["said"] = [refused] if refused else said_words(table, viewer or "", reply, moved)
    kind = (ReplyKind.INVALID if refused else reply.kind if reply is not None
            else ReplyKind.INFO if out["said"] else None)
    out["said_kind"] = kind.value if kind is not None else ""
    out["answered"] = kind is not None and kind is not ReplyKind.MOVED  # the bots wait till it is read
    if match is None:
        return out
    state = (match.table.seats[viewer] if viewer is not None else match.table.seats[match.setup.players[0]])
    felt = table_view(state, viewer or match.setup.players[0])
    if viewer is None:
        felt = replace(felt, viewer="", hand=(), mates=(), seats=tuple(
            replace(s, you=False, ours=s.team == 1) for s in felt.seats))
    decider = match.decider()[0] if not match.over else None
    felt = replace(felt, seats=tuple(replace(s, turn=s.name == decider) for s in felt.seats))
    rows = history_rows(match.state.events)
    offered = table.offered_ask(viewer) if viewer in table.seats and table.to_move(viewer) else None
    out.update(felt=felt, history=rows if out["open"] else rows[-1:], turn=_turn(table, viewer, offered),
               auto=match.seating.auto, events=len(rows), seed=match.seating.seed if match.over else None)
    if viewer is None or viewer not in table.seats:
        return out
    mine = table.to_move(viewer)
    out["mine"] = mine
    if not mine:
        return out
    seat = table.seats[viewer]
    options = table.options_of(viewer)
    question = table.questions.get(viewer)
    out.update(options=options, alerts=list(alert_words(seat)), recap=_recap(table, viewer),
               offered=offered,
               question=reply_words(question)[0] if question is not None else None)
    askable = sorted({Card.parse(c) for cards in options["asks"].values() for c in cards})
    out["askable"] = askable
    if picked:
        out["picked"] = next((c for c in askable if c.code == picked), None)
        out["targets"] = [t for t, cards in options["asks"].items() if picked in cards]
    if claiming in options["claims"]:
        half = HalfSuit.parse(claiming)
        own = match.table.seats[viewer].hands[viewer]
        claimers = options["claimers"] or [viewer]
        out["claiming"] = {"half": half, "claimers": claimers, "cards": [
            (card, viewer if card in own else next((p for p in claimers if p != viewer), viewer))
            for card in half.cards]}
    return out


def links(table: Table) -> list[tuple[str, str]]:
    """What a finished table's page links to: its review, its log, the tables."""
    if table.phase != "over":
        return []
    base = f"/t/{table.code}"
    return [("The review", f"{base}/review"), ("The game's log", f"/api/tables/{table.code}/log"),
            ("Tables", "/tables")]


def frame(table: Table, viewer: str | None, base: str, **kwargs: Any) -> str:
    """The fragment ``table_frame.html`` for ``viewer`` (see :func:`context`)."""
    return render("table_frame.html", t=context(table, viewer, base, **kwargs), csrf_token=kwargs.get("csrf", ""))


def ending_view(end: SeatEnding, match: Match) -> dict[str, Any]:
    """The end of a game for one seat's page (:class:`~trainer.play.ending.SeatEnding`: the same as the terminal
    says, :func:`trainer.render.play.show_ending`): the result, what decided it, what each player's asks gave
    away, the review of the person's own moves and what was queued for training."""
    missed, added = end.queued or (0, 0)
    return {
        "verdict": result_words(end.result),
        "won": end.result.won is True,
        "lost": end.result.lost,
        "sets_won": [r.half_suit for r in end.decided.won()],
        "sets_lost": [r.half_suit for r in end.decided.lost()],
        "sets_void": [r.half_suit for r in end.decided.cancelled()],
        "moments": [(m.event, moment_words(match, m)) for m in end.decided.moments],
        "notes": [(n.event, n.kind.value, note_sentence(n)) for n in end.notes],
        "quiet": quiet_review(end.result.lost, end.own_moves),
        "given": giveaway_words(end, match.setup),
        "missed": missed, "added": added,
    }
