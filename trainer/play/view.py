"""What one seat may see: its own hand and the public history, never another hand.

A bot is handed a :class:`View` and returns a :data:`Move`. The view is built
from ``setup.only(seat)``, so the other hands are not in it at all: a bot
cannot look at them, by construction.

    >>> from trainer.game.notation import read_game
    >>> game = read_game(EXAMPLES / "complete-classic-6p.lit")
    >>> view = View.of(game.setup, game.events[:3], "Cat")
    >>> sorted(view.setup.hands)
    ['Cat']
    >>> view.role, len(view.hand)
    (<Role.PLAY: 'play'>, 11)
    >>> View(seat="Cat", setup=game.setup, events=())
    Traceback (most recent call last):
    ...
    ValueError: a view may list Cat's hand only, not Ann, Bob, Dan, Eve, Fay
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from trainer.game.cards import Card, HalfSuit
from trainer.game.events import Ask, Event
from trainer.game.randomplay import legal_asks
from trainer.game.state import SetStatus, Setup, State

PING_PONG = 2
"""Times a bot takes the same card from the same player in a game, unless nothing else can be asked."""


class Role(str, Enum):
    """What the seat is asked to do."""

    PLAY = "play"  # the turn is yours and you hold cards: ask or claim (classic, just after your claim: or pass)
    PASS = "pass"  # the turn is yours but your hand is empty: pass to a teammate with cards
    PICK = "pick"  # fish54: your team won the set and picks who plays: play yourself or pass
    CLAIM = "claim"  # questions are over: your team holds every card left, claim a set


@dataclass(frozen=True, slots=True)
class AskFor:
    """Ask ``target`` for ``card`` (the simulator fills in the answer)."""

    target: str
    card: Card


@dataclass(frozen=True, slots=True)
class ClaimSet:
    """Claim ``half_suit``, naming a teammate for each card (the simulator fills in ``actual:``)."""

    half_suit: HalfSuit
    declared: tuple[tuple[Card, str], ...]

    @classmethod
    def of(cls, half_suit: HalfSuit, declared: Mapping[Card, str]) -> ClaimSet:
        """Build a claim from a card -> teammate mapping."""
        return cls(half_suit, tuple(sorted(declared.items())))


@dataclass(frozen=True, slots=True)
class PassTo:
    """Hand the turn to teammate ``to``."""

    to: str


Move = AskFor | ClaimSet | PassTo


@dataclass(frozen=True)
class View:
    """One seat's view of the game: its listed hand, the public events, its role."""

    seat: str
    setup: Setup
    events: tuple[Event, ...]
    role: Role = Role.PLAY
    stalled: bool = False  # set by the simulator after a long time without a claim: claim now
    state: State = field(default=None, compare=False, repr=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        others = sorted(p for p in self.setup.hands if p != self.seat)
        if others:
            raise ValueError(f"a view may list {self.seat}'s hand only, not {', '.join(others)}")
        if self.seat not in self.setup.hands:
            raise ValueError(f"a view needs {self.seat}'s hand")
        if self.state is None:
            state = State(self.setup)
            for event in self.events:
                state.apply(event)
            object.__setattr__(self, "state", state)
        elif self.state.setup != self.setup or len(self.state.events) != len(self.events):
            raise ValueError("the state does not match the view's setup and events")

    @classmethod
    def of(
        cls,
        setup: Setup,
        events: Iterable[Event],
        seat: str,
        role: Role = Role.PLAY,
        stalled: bool = False,
    ) -> View:
        """The view of ``seat``: every other hand in ``setup`` is dropped."""
        return cls(seat, setup.only(seat), tuple(events), role, stalled)

    # -- the seat ---------------------------------------------------------------------

    @property
    def team(self) -> int:
        """The seat's team (1 or 2)."""
        return self.setup.team(self.seat)

    @property
    def hand(self) -> frozenset[Card]:
        """The cards the seat holds now."""
        return frozenset(self.state.hands[self.seat])

    @property
    def teammates(self) -> tuple[str, ...]:
        """The other members of the seat's team, in seat order."""
        return tuple(p for p in self.setup.members(self.team) if p != self.seat)

    @property
    def opponents(self) -> tuple[str, ...]:
        """The members of the other team, in seat order."""
        return self.setup.members(3 - self.team)

    # -- what the seat may do ------------------------------------------------------------

    def legal_asks(self) -> list[tuple[str, Card]]:
        """Every (target, card) the seat may ask now."""
        if self.role not in (Role.PLAY, Role.PICK) or self.state.endgame:
            return []
        return list(legal_asks(self.state, self.seat))

    def taken_from(self) -> Counter[tuple[Card, str]]:
        """How many times each card came to the seat from each player (``(card, player)``: the seat's hits)."""
        return Counter(
            (e.card, e.target) for e in self.events if isinstance(e, Ask) and e.hit and e.asker == self.seat
        )

    def fair(self, asks: Sequence[tuple[str, Card]]) -> list[tuple[str, Card]]:
        """``asks`` less those that would bring a card from its target to the seat a third time (no ping-pong:
        :data:`PING_PONG` times each way at most); all of ``asks`` when every one of them would.

        >>> from trainer.game.notation import parse_game
        >>> game = parse_game('''variant: classic
        ... players: Ann Bob Cat Dan Eve Fay
        ... dealer: Ann
        ... hand Ann: 2D 3D 4D 5D 7D 9S JS KH
        ... Ann asks Bob for 6D: yes
        ... Ann asks Bob for 10S: no
        ... Bob asks Ann for 6D: yes
        ... Bob asks Cat for 10S: no
        ... Cat asks Bob for KS: no
        ... Bob asks Ann for 10S: no
        ... Ann asks Bob for 6D: yes''')
        >>> view = View.of(game.setup, game.events, "Ann")
        >>> view.fair([("Bob", Card.parse("6D")), ("Dan", Card.parse("6D"))])
        [('Dan', Card.parse('6D'))]
        >>> view.fair([("Bob", Card.parse("6D"))])
        [('Bob', Card.parse('6D'))]
        """
        taken = self.taken_from()
        fair = [(target, card) for target, card in asks if taken[(card, target)] < PING_PONG]
        return fair or list(asks)

    def pass_targets(self) -> list[str]:
        """Teammates with cards, who may be handed the turn."""
        return [p for p in self.teammates if self.state.sizes[p]]

    def handover_targets(self) -> list[str]:
        """``classic``, just after the seat's claim: the teammates it may pass the turn to (the stalemate breaker)."""
        if self.role is not Role.PLAY:
            return []
        return sorted(self.state.handover_targets(), key=self.setup.players.index)

    def live_sets(self) -> list[HalfSuit]:
        """The sets not yet claimed."""
        return [h for h, r in self.state.sets.items() if r.status is SetStatus.IN_PLAY]

    def claimers(self) -> list[str]:
        """Teammates (and the seat) who may be named in a claim: those with cards."""
        return [p for p in self.setup.members(self.team) if self.state.sizes[p]]


def ping_pongs(setup: Setup, events: Iterable[Event]) -> tuple[int, int]:
    """In a game: the asks that took a card from the same player more than :data:`PING_PONG` times, and how many
    of them were made while the asker had another legal ask that would not have (those break the bots' rule).

    >>> from trainer.game.notation import read_game
    >>> game = read_game(EXAMPLES / "complete-classic-6p.lit")
    >>> ping_pongs(game.setup, game.events)
    (0, 0)
    """
    state = State(setup)
    taken: Counter[tuple[str, str, Card]] = Counter()
    excess = avoidable = 0
    for event in events:
        if isinstance(event, Ask) and event.hit:
            key = (event.target, event.asker, event.card)
            if taken[key] >= PING_PONG:
                excess += 1
                avoidable += any(taken[(t, event.asker, c)] < PING_PONG for t, c in legal_asks(state, event.asker))
            taken[key] += 1
        state.apply(event)
    return excess, avoidable
