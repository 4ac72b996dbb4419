"""What one seat (or a spectator) may see of a table, as one immutable value built after each change.

The hall builds a :class:`SeatView` per listener (:func:`seat_view`); the faces
draw only from it (:mod:`trainer.render.web.table_frame` for the pages,
:func:`trainer.render.web.table_frame.state_json` for the JSON API): nothing
calls back into the live table or the engine while drawing. Everything the
coach works out for the seat (its alerts, the ask offered as the example) is
worked out here, once, from the seat's own view. A spectator's view holds no
hand at all: its position is the public one (no hand listed), never a seat's
with the hand taken off.

    >>> from trainer.play.table import Options, Table
    >>> table = Table.new("abcd2345", Options(seed=3), "host", now=0.0)
    >>> _ = table.take("Dan", "Zoe", now=0.0); table.start("host", now=1.0)
    >>> dan, watching = seat_view(table, "Dan"), seat_view(table, None)
    >>> len(dan.hand), dan.to_move, dan.phase, watching.hand, watching.to_move
    (8, True, <Phase.PLAYING: 'playing'>, frozenset(), False)
    >>> watching.position is not None and watching.position.hands
    {}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING

from trainer.game.cards import Card, HalfSuit
from trainer.game.events import Ask, Event
from trainer.game.state import SetStatus, Setup, State
from trainer.play.ending import SeatEnding
from trainer.play.match import CoachLevel
from trainer.play.recap import Recap, recap
from trainer.play.seat import Alert, Reply
from trainer.play.view import AskFor, Role

if TYPE_CHECKING:
    from trainer.play.table import ChatLine, Table


class Phase(str, Enum):
    """Where a table is: its lobby, its game, or after it."""

    WAITING = "waiting"
    PLAYING = "playing"
    OVER = "over"


@dataclass(frozen=True)
class PlaceView:
    """One seat of the table as everyone may see it: who sits there, whether a bot plays it, whether its person
    has the table open, and when they were last seen."""

    name: str
    team: int
    person: str
    held: bool
    bot: bool
    connected: bool
    seen: float


@dataclass(frozen=True)
class Choices:
    """What the seat may do now, from its own view: whom it may ask for which cards, the sets it may claim (with
    their cards) and who may claim them, whom it may pass the turn to."""

    asks: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)
    claims: Mapping[HalfSuit, tuple[Card, ...]] = field(default_factory=dict)
    claimers: tuple[str, ...] = ()
    passes: tuple[str, ...] = ()

    def as_json(self) -> dict[str, object]:
        """The ``options`` of the JSON API (the pages build their buttons from the same values)."""
        return {"asks": {t: [str(c) for c in cards] for t, cards in self.asks.items()},
                "claims": {str(h): [str(c) for c in cards] for h, cards in self.claims.items()},
                "claimers": list(self.claimers), "passes": list(self.passes)}


@dataclass(frozen=True)
class SeatView:
    """Everything a face may show one viewer (a seat's name, or ``None``: a spectator) after one change."""

    code: str
    phase: Phase
    variant: str
    players: int
    bots: str
    coach_allowed: tuple[CoachLevel, ...]
    version: int
    viewer: str | None
    places: tuple[PlaceView, ...]
    chat: tuple[ChatLine, ...]
    muted: frozenset[str]
    partners: str = ""
    """The level of the bots on the viewer's team in a one-person game (at a friends' table: :attr:`bots`)."""
    setup: Setup | None = None
    """The table's players, teams and dealer once the game has begun (no hand listed)."""
    hand: frozenset[Card] = frozenset()
    position: State | None = None
    """The position as the viewer knows it: their own hand only (a spectator: none), every size, the claimed
    sets, whose turn it is."""
    events: tuple[Event, ...] = ()
    """The public events the viewer is shown: all of them with :attr:`history_open`, else the last one."""
    event_count: int = 0
    history_open: bool = False
    decider: str | None = None
    role: Role | None = None
    over: bool = False
    winner: int | None = None
    coach: CoachLevel | None = None
    to_move: bool = False
    bot_due: bool = False
    choices: Choices | None = None
    offered: AskFor | None = None
    """The ask offered as the example: one that can hit, from the seat's own view (``None``: none can)."""
    alerts: tuple[Alert, ...] = ()
    question: Reply | None = None
    said: Reply | None = None
    """What the seat was told after its last move (the coach's notes), kept until its next."""
    recap: Recap | None = None
    handover: bool = False
    """The rules let the seat hand the turn to a teammate now (classic, after a claim)."""
    auto: tuple[int, ...] = ()
    seed: int | None = None
    """The deal's seed, once the game is over (it deals every hand: never before)."""
    ending: SeatEnding | None = None

    @property
    def score(self) -> tuple[int, int]:
        """Sets won by team 1 and team 2."""
        if self.position is None:
            return (0, 0)
        return (self.position.score[1], self.position.score[2])

    def as_json(self) -> dict[str, object]:
        """The view's values as the JSON API sends them (no words: render adds those)."""
        out: dict[str, object] = {
            "table": self.code, "phase": self.phase.value, "variant": self.variant, "bots": self.bots,
            "coach_allowed": [c.value for c in self.coach_allowed], "version": self.version,
        }
        if self.viewer is not None:
            out["you"] = self.viewer
            out["hand"] = [str(c) for c in sorted(self.hand)]
        out["seats"] = [{"name": p.name, "team": p.team, "person": p.person, "held": p.held, "bot": p.bot,
                         "connected": p.connected, "seen": p.seen} for p in self.places]
        position = self.position
        if position is None or self.setup is None:
            out.update(hand_sizes={}, events=[], event_count=0, turn=None, role=None, over=False, score=[0, 0],
                       sets={}, winner=None)
            return out
        out.update(
            hand_sizes=dict(position.sizes), events=[str(e) for e in self.events], event_count=self.event_count,
            turn=self.decider, role=self.role.value if self.role else None, over=self.over,
            score=list(self.score), winner=self.winner, dealer=self.setup.dealer,
            sets={str(h): ("in play" if r.status is SetStatus.IN_PLAY else
                          "cancelled" if r.status is SetStatus.CANCELLED else f"team {r.team}")
                  for h, r in position.sets.items()},
        )
        if self.coach is not None:
            out["coach"] = {"level": self.coach.value}
            out["options"] = self.choices.as_json() if self.choices is not None else {}
        return out


def seat_view(table: Table, viewer: str | None) -> SeatView:
    """The view of ``table`` for ``viewer`` (a seat's name, or ``None`` for a spectator), as it is now."""
    options = table.options
    places = tuple(PlaceView(p.name, 1 + i % 2, p.person, p.held, (not p.held or p.bot) and table.match is not None,
                             table.connected[p.name] > 0, p.seen) for i, p in enumerate(table.places))
    base = SeatView(table.code, Phase(table.phase), options.variant.value, options.players, options.bots.value,
                    options.coach, table.version, viewer, places, tuple(table.chat), frozenset(table.muted))
    match = table.match
    if match is None:
        return base
    state = match.state
    position = match.table.seats[viewer].copy() if viewer is not None else table.public_position()
    decider, role = match.decider() if not state.over else (None, None)
    lines = tuple(state.events)
    opened = table.history_open(viewer)
    seat = table.seats.get(viewer) if viewer is not None else None
    to_move = table.to_move(viewer)
    view = replace(
        base,
        partners=match.seating.partners.value if not table.code else options.bots.value,
        setup=match.setup.public(), hand=frozenset(position.hands.get(viewer, ())) if viewer else frozenset(),
        position=position, events=lines if opened else lines[-1:], event_count=len(lines), history_open=opened,
        decider=decider, role=role, over=state.over, winner=state.winner,
        coach=seat.level if seat is not None else None, to_move=to_move, bot_due=table.bot_due(),
        auto=match.seating.auto, seed=match.seating.seed if state.over else None,
        ending=table.endings.get(viewer) if viewer is not None else None,
        said=table.said.get(viewer) if viewer is not None else None,
    )
    if seat is None or not to_move or viewer is None:
        return view
    found = choices(table, viewer)
    return replace(view, choices=found, offered=offered(table, viewer, found), alerts=seat.alerts(),
                   question=table.questions.get(viewer), handover=bool(state.handover_targets()),
                   recap=recap(match.setup, state.events, viewer) if opened else None)


def choices(table: Table, viewer: str) -> Choices:
    """What the seat may do now, from its own view (the rules' answer, never a page's): whom it may ask for
    which cards, the sets it may claim and who may claim them, whom it may pass the turn to."""
    match = table.match
    assert match is not None
    role = match.decider()[1]
    view = match.table.view(viewer, role)
    asks: dict[str, tuple[Card, ...]] = {}
    for target, card in view.legal_asks():
        asks[target] = (*asks.get(target, ()), card)
    passes = view.pass_targets() if role in (Role.PASS, Role.PICK) else view.handover_targets()
    if role is Role.PASS and not passes:
        passes = sorted(match.state.actors())
    claims = {h: h.cards for h in view.live_sets()} if role is not Role.PASS else {}
    return Choices(asks, claims, tuple(view.claimers()) if claims else (), tuple(passes))


def offered(table: Table, viewer: str, choices: Choices) -> AskFor | None:
    """The ask a face offers as its example: with a coach, the likeliest from the seat's exact view (``None``
    when it proves that none can hit); without one, the first not answered "no" since the card last moved (no
    more than the seat remembers)."""
    match = table.match
    assert match is not None
    asks = [(target, card) for target, cards in choices.asks.items() for card in cards]
    if not asks:
        return None
    events = match.state.events
    seat = table.seats.get(viewer)
    if seat is not None and seat.level is not CoachLevel.OFF:
        known = seat.coach.knowledge(events)
        target, card = max(asks, key=lambda ask: known.holders(ask[1]).get(ask[0], Fraction(0)))
        return AskFor(target, card) if known.holders(card).get(target) else None
    denied: set[tuple[str, Card]] = set()
    for event in events:
        if isinstance(event, Ask):
            if event.hit:
                denied = {(t, c) for t, c in denied if c != event.card}
            else:
                denied.add((event.target, event.card))
    target, card = next((ask for ask in asks if ask not in denied), asks[0])
    return AskFor(target, card)
