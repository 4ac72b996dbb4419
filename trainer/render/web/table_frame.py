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

from trainer.game.events import Claim, Event
from trainer.game.state import Setup, State
from trainer.play.ending import SeatEnding
from trainer.play.seat import Reply, ReplyKind
from trainer.play.seat_view import Phase, SeatView
from trainer.render.notes import note_sentence
from trainer.render.play import (
    alert_sentence,
    claim_announcement,
    giveaway_words,
    moment_words,
    quiet_review,
    recap_lines,
    reply_words,
    result_words,
    view_turn,
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


def said_words(view: SeatView, reply: Reply | None, moved: Sequence[Event] = ()) -> list[Words | str]:
    """What the viewer was just told: each claim just made announced (theirs, or a bot's in ``moved``), then the
    reply's words (the coach's advice), which the end of the game clears: its announcement is all that stays."""
    if view.position is None:
        return []
    events = [*moved, *(reply.events if reply is not None else ())]
    claims = [claim_announcement(view.position, e, view.viewer or "") for e in events if isinstance(e, Claim)]
    advice = reply_words(reply) if reply is not None and not view.over else ()
    return [*claims, *advice]


def _recap(view: SeatView) -> list[Any]:
    if view.recap is None or view.recap.empty or view.position is None:
        return []
    return list(recap_lines(view.recap, view.position))


CHAT_SHOWN = 20
"""The latest lines of the table's talk a page or a state shows."""


def state_json(view: SeatView) -> dict[str, Any]:
    """The view of ``/api/tables`` (:meth:`SeatView.as_json`) with the words of the coach and of the recap, as
    text."""
    out = view.as_json()
    out["chat"] = [{"seat": said.seat, "person": said.person, "text": said.text} for said in view.chat[-CHAT_SHOWN:]]
    if view.coach is not None and view.position is not None:
        question = view.question
        out["coach"] = {"level": view.coach.value,
                        "alerts": [str(alert_sentence(a)) for a in view.alerts],
                        "question": str(reply_words(question)[0]) if question is not None else None,
                        "notes": [str(w) for w in said_words(view, view.said)]}
        out["recap"] = [str(line) for line in _recap(view)]
        if view.over and view.viewer is not None and view.ending is not None:
            out["verdict"] = result_words(view.ending.result)
    return out


def refusal(reply: Reply) -> str:
    """The one line an ``invalid`` reply says."""
    words = reply_words(reply)
    return str(words[0]) if words else "that is not a move here"


def context(view: SeatView, base: str, *, reply: Reply | None = None, picked: str = "", claiming: str = "",
            moved: Sequence[Event] = (), refused: str = "", **door: Any) -> dict[str, Any]:
    """Everything ``table_frame.html`` shows the viewer of ``view`` at ``base`` (the door's address: ``/t/CODE``
    or ``/play/game/ID``): what ``reply`` said (and each claim among the bots' ``moved`` events), or the one line
    of a request ``refused``; the card ``picked`` to ask for, the set it is ``claiming``; ``door``: what the
    door adds (``solo``, ``pace``, ``end``, ``host``, ``links``, ``csrf`` …). It reads only the view."""
    viewer = view.viewer
    out: dict[str, Any] = {
        "view": view, "viewer": viewer, "base": base, "phase": view.phase.value, "said": [], "said_kind": "",
        "felt": None, "history": [], "mine": False, "options": {}, "picked": None, "targets": [], "claiming": None,
        "question": None, "alerts": [], "recap": [], "turn": "", "auto": (), "coach": None,
        "open": view.history_open, "solo": False, "pace": PACE, "end": None, "host": False,
        "bot_due": view.bot_due, "seed": None, "away": [], "late": None, "offered": None, "chat_sent": False,
        "chat": view.chat[-CHAT_SHOWN:], "persons": {p.name: p for p in view.places},
        "claim_example": claim_example(view),
        **door,
    }
    out["free"] = [p.name for p in view.places if not p.held] if out["host"] and view.phase is Phase.PLAYING else []
    if out["end"] is None and view.ending is not None and view.setup is not None:
        out["end"] = ending_view(view.ending, view.setup, view.position)
    if viewer is not None:
        out["coach"] = view.coach.value if view.coach is not None else None
    out["said"] = [refused] if refused else said_words(view, reply, moved)
    kind = (ReplyKind.INVALID if refused else reply.kind if reply is not None
            else ReplyKind.INFO if out["said"] else None)
    out["said_kind"] = kind.value if kind is not None else ""
    out["answered"] = bool(refused) or (reply is not None and reply.kind is not ReplyKind.MOVED)  # (read first)
    position, setup = view.position, view.setup
    if position is None or setup is None:
        return out
    felt = table_view(position, viewer or setup.players[0])
    if viewer is None:
        felt = replace(felt, viewer="", hand=(), mates=(), seats=tuple(
            replace(s, you=False, ours=s.team == 1) for s in felt.seats))
    felt = replace(felt, seats=tuple(replace(s, turn=s.name == view.decider) for s in felt.seats))
    rows = history_rows(view.events)
    if not view.history_open and rows:  # the last event only, numbered as in the game
        rows = [replace(rows[0], number=view.event_count)]
    out.update(felt=felt, history=rows, turn=view_turn(view), auto=view.auto, events=view.event_count, seed=view.seed)
    if not view.to_move or view.choices is None:
        return out
    choices = view.choices
    assert viewer is not None
    options = choices.as_json()
    out.update(mine=True, options=options, alerts=[alert_sentence(a) for a in view.alerts], recap=_recap(view),
               offered=f"{view.offered.target} {view.offered.card}" if view.offered is not None else None,
               question=reply_words(view.question)[0] if view.question is not None else None)
    askable = sorted({c for cards in choices.asks.values() for c in cards})
    out["askable"] = askable
    if picked:
        out["picked"] = next((c for c in askable if c.code == picked), None)
        out["targets"] = [t for t, cards in choices.asks.items() if any(c.code == picked for c in cards)]
    half = next((h for h in choices.claims if h.code == claiming), None)
    if half is not None:
        claimers = list(choices.claimers) or [viewer]
        out["claiming"] = {"half": half, "claimers": claimers, "cards": [
            (card, viewer if card in view.hand else next((p for p in claimers if p != viewer), viewer))
            for card in half.cards]}
    return out


def claim_example(view: SeatView) -> str:
    """How a claim is typed, shown in the seat's own terms: a set it holds cards of, those cards with the seat,
    the rest with a teammate (the form of a claim, not a deduction: the coach says which claims are sure); no card
    of another's hand is named but those of a set the seat holds, which every claim names."""
    mates = [p for p in view.setup.members(view.setup.team(view.viewer))] if view.setup and view.viewer else []
    mate = next((p for p in mates if p != view.viewer), view.viewer or "NAME")
    half = min((c.half_suit for c in view.hand), default=None)
    if half is None or view.viewer is None:
        return "claim SET: NAME CARDS, NAME CARDS"
    mine = [c for c in half.cards if c in view.hand]
    rest = [c for c in half.cards if c not in view.hand]
    parts = [f"{view.viewer} {' '.join(map(str, mine))}"] + ([f"{mate} {' '.join(map(str, rest))}"] if rest else [])
    return f"claim {half}: {', '.join(parts)}"


def links(view: SeatView) -> list[tuple[str, str]]:
    """What a finished table's page links to: its review, its log, the tables."""
    if view.phase is not Phase.OVER:
        return []
    base = f"/t/{view.code}"
    return [("The review", f"{base}/review"), ("The game's log", f"/api/tables/{view.code}/log"),
            ("Tables", "/tables")]


def frame(view: SeatView, base: str, **kwargs: Any) -> str:
    """The fragment ``table_frame.html`` for the viewer of ``view`` (see :func:`context`)."""
    return render("table_frame.html", t=context(view, base, **kwargs), csrf_token=kwargs.get("csrf", ""))


def ending_view(end: SeatEnding, setup: Setup, position: State | None) -> dict[str, Any]:
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
        "moments": [(m.event, moment_words(m, position)) for m in end.decided.moments],
        "notes": [(n.event, n.kind.value, note_sentence(n)) for n in end.notes],
        "quiet": quiet_review(end.result.lost, end.own_moves, end.moves),
        "given": giveaway_words(end, setup),
        "missed": missed, "added": added,
    }
