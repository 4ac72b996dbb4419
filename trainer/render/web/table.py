"""A position as the web pages draw it: seats around a card table, your hand by set, claimed sets, the history.

:func:`table_view` reads a :class:`~trainer.game.state.State` from one seat:
it holds only what that seat may see (its own hand, every hand's size, the
claimed sets, whose turn it is), never another hand, whatever the state
knows. The seats go round an oval, the viewer at the bottom, in seat order
(the teams alternate); ``left``/``top`` are percentages of the table's box.

    >>> from puzzles.examples import example_claim
    >>> puzzle = example_claim()
    >>> view = table_view(puzzle.state, puzzle.viewer)
    >>> [(s.name, s.size, s.ours, s.you) for s in view.seats][:2]
    [('Ann', 8, True, True), ('Bob', 8, False, False)]
    >>> view.seats[0].top > 80
    True
    >>> history_rows(puzzle.game.events)[0].text
    'Cat asks Bob for 3D: no'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from trainer.game.cards import Card, HalfSuit
from trainer.game.events import Ask, Claim, Event
from trainer.game.state import SetStatus, State
from trainer.render.web import by_set
from trainer.render.words import Words


@dataclass(frozen=True)
class FeltSeat:
    """One seat: its player, team (1 or 2), hand size, whether it is the viewer's team, the viewer, to move."""

    name: str
    team: int
    size: int
    ours: bool
    you: bool
    turn: bool
    left: float
    top: float


@dataclass(frozen=True)
class ClaimedSet:
    """A set no longer in play: won by ``ours`` or the opponents, or ``cancelled``."""

    half: HalfSuit
    status: str
    ours: bool


@dataclass(frozen=True)
class TableView:
    """What a seat sees of the table."""

    viewer: str
    seats: tuple[FeltSeat, ...]
    hand: tuple[tuple[HalfSuit, tuple[Card, ...]], ...]
    claimed: tuple[ClaimedSet, ...]
    score_ours: int
    score_theirs: int
    mates: tuple[str, ...]
    variant: str
    dealer: str

    @property
    def hand_cards(self) -> tuple[Card, ...]:
        """The viewer's cards, in order."""
        return tuple(card for _, cards in self.hand for card in cards)


@dataclass(frozen=True)
class HistoryRow:
    """One move: its number, kind (``ask``, ``claim``, ``pass``), the players and card, and its words."""

    number: int
    kind: Literal["ask", "claim", "pass"]
    actor: str
    other: str
    card: Card | None
    half: HalfSuit | None
    hit: bool
    text: str
    detail: Words


def seat_places(count: int) -> list[tuple[float, float]]:
    """Where ``count`` seats sit round an oval, the first at the bottom, as (left %, top %).

    >>> [(round(x), round(y)) for x, y in seat_places(4)]
    [(50, 88), (10, 50), (50, 12), (90, 50)]
    """
    places = []
    for index in range(count):
        angle = math.pi / 2 + 2 * math.pi * index / max(count, 1)
        places.append((50 + 40 * math.cos(angle), 50 + 38 * math.sin(angle)))
    return places


def table_view(state: State, viewer: str) -> TableView:
    """The table as ``viewer`` sees it (see the module's docstring)."""
    setup = state.setup
    players = list(setup.players)
    start = players.index(viewer)
    order = players[start:] + players[:start]
    team = setup.team(viewer)
    sizes = state.sizes
    turn = state.turn
    seats = tuple(
        FeltSeat(p, setup.team(p), sizes[p], setup.team(p) == team, p == viewer, p == turn, round(x, 1), round(y, 1))
        for p, (x, y) in zip(order, seat_places(len(order)), strict=True)
    )
    hand = tuple((half, tuple(cards)) for half, cards in by_set(state.hands.get(viewer, ())))
    claimed = tuple(
        ClaimedSet(half, result.status.value, result.team == team)
        for half, result in sorted(state.sets.items(), key=lambda item: item[0])
        if result.status is not SetStatus.IN_PLAY
    )
    score = state.score
    mates = tuple(p for p in setup.members(team) if p != viewer)
    return TableView(viewer, seats, hand, claimed, score[team], score[3 - team], mates, setup.variant.value,
                     setup.dealer)


def history_rows(events: Sequence[Event]) -> list[HistoryRow]:
    """Every move of the history, numbered from 1."""
    rows = []
    for number, event in enumerate(events, start=1):
        if isinstance(event, Ask):
            rows.append(HistoryRow(number, "ask", event.asker, event.target, event.card, event.card.half_suit,
                                   event.hit, str(event), Words()))
        elif isinstance(event, Claim):
            verdict = Words.of("right") if event.correct else Words.of("wrong: ", Words.join(
                ", ", (Words.of(c, " ", p) for c, p in event.actual)))
            if event.out_of_turn:
                verdict = "out of turn, " + verdict
            rows.append(HistoryRow(number, "claim", event.claimer, "", None, event.half_suit, event.correct,
                                   str(event), verdict))
        else:
            rows.append(HistoryRow(number, "pass", event.player or "", event.to, None, None, False, str(event),
                                   Words()))
    return rows
