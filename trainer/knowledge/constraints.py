"""What a history says about the deal, as constraints on each card's dealt holder.

Every movement of a card is public, so the only unknown is the deal. Replaying
the history from a viewer's side leaves three kinds of constraint, each about
the cards of one half-suit:

* **pinned**: the dealt holder is known (the viewer's own hand; a hit or a
  claim on a card that had not moved yet);
* **excluded**: players who cannot have been dealt a card (a miss, the asker
  of a card that had not moved, the viewer for every card not in their hand);
* **holds one of**: an asker held at least one other card of the set at the
  moment of the ask; when no card that had moved to them already explains it,
  they were dealt one of the cards that had not moved.

Hand sizes tie the half-suits together; :mod:`trainer.knowledge.counting`
combines them.

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Cat
    ... hand Ann: 2D 3D 4D 5D 7D 9S JS KH
    ... Cat asks Bob for 3D: no''')
    >>> history = History.build(game.setup, game.events, "Ann")
    >>> [(h.player, [str(c) for c in h.cards]) for h in history.holds_one_of]
    [('Cat', ['2D', '4D', '5D', '6D', '7D'])]
    >>> history.excluded[Card.parse("6D")] == {"Ann"}, history.pinned[Card.parse("2D")]
    (True, 'Ann')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from trainer.game.cards import Card, HalfSuit
from trainer.game.errors import ImpossibleHistoryError, LiteratureError
from trainer.game.events import Ask, Claim, Event
from trainer.game.state import Setup, State


@dataclass(frozen=True)
class HoldsOneOf:
    """``player`` was dealt at least one of ``cards`` (all of one half-suit); from event ``event``."""

    player: str
    cards: tuple[Card, ...]
    event: int

    @property
    def half_suit(self) -> HalfSuit:
        """The half-suit the constraint is about."""
        return self.cards[0].half_suit


@dataclass
class History:
    """The constraints a history puts on the deal, from one viewer's side."""

    setup: Setup
    viewer: str | None
    state: State
    pinned: dict[Card, str] = field(default_factory=dict)
    pinned_at: dict[Card, int] = field(default_factory=dict)
    excluded: dict[Card, set[str]] = field(default_factory=dict)
    holds_one_of: list[HoldsOneOf] = field(default_factory=list)

    @classmethod
    def build(cls, setup: Setup, events: Sequence[Event], viewer: str | None) -> History:
        """Replay ``events`` on the viewer's view of ``setup`` and collect the constraints.

        Raises :class:`ImpossibleHistoryError` (with ``event`` set to the event's
        1-based index) when an event contradicts what is public at its moment.
        """
        view = setup.seen_by(viewer)
        state = State(view)
        history = cls(view, viewer, state)
        if viewer is not None:
            for card in view.hands[viewer]:
                history.pin(card, viewer, 0)
            for card in view.variant.cards:
                if card not in view.hands[viewer]:
                    history.exclude(card, viewer)
        for index, event in enumerate(events, start=1):
            try:
                history.observe(event, index)
            except LiteratureError as error:
                if error.event is None:
                    error.event = index
                raise
        return history

    def pin(self, card: Card, player: str, index: int) -> None:
        """Record that ``card`` was dealt to ``player``."""
        known = self.pinned.get(card)
        if known is not None and known != player:
            raise ImpossibleHistoryError(f"{card} was dealt to {known}, it cannot have been dealt to {player}")
        if player in self.excluded.get(card, ()):
            raise ImpossibleHistoryError(f"{card} cannot have been dealt to {player}")
        if known is None:
            self.pinned[card] = player
            self.pinned_at[card] = index

    def exclude(self, card: Card, player: str) -> None:
        """Record that ``card`` was not dealt to ``player``."""
        if self.pinned.get(card) == player:
            raise ImpossibleHistoryError(f"{card} was dealt to {player}, yet {player} cannot hold it")
        self.excluded.setdefault(card, set()).add(player)

    def observe(self, event: Event, index: int) -> None:
        """Add the facts one event makes public, then play it."""
        state = self.state
        if isinstance(event, Ask):
            moved = state.located
            card, asker = event.card, event.asker
            if card not in moved:
                if event.hit:
                    self.pin(card, event.target, index)
                else:
                    self.exclude(card, event.target)
                self.exclude(card, asker)
            others = [c for c in card.half_suit.cards if c is not card]
            if not any(moved.get(c) == asker for c in others):
                candidates = tuple(c for c in others if c not in moved)
                if not candidates:
                    raise ImpossibleHistoryError(
                        f"{asker} cannot ask for {card}: {asker} holds no other card of {card.half_suit}"
                    )
                self.holds_one_of.append(HoldsOneOf(asker, candidates, index))
        elif isinstance(event, Claim):
            for card, player in event.holders().items():
                if card not in state.located:
                    self.pin(card, player, index)
        state.apply(event)
