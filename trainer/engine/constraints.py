"""What a history says about the deal, as constraints on each card's dealt holder.

Every movement of a card is public, so the only unknown is the deal. Replaying
the history from a viewer's side (each event read by
:func:`trainer.engine.reading.prove`) leaves three kinds of constraint, each
about the cards of one half-suit:

* **pinned**: the dealt holder is known (the viewer's own hand; a hit or a
  claim on a card that had not moved yet);
* **excluded**: players who cannot have been dealt a card (a miss, the asker
  of a card that had not moved, the viewer for every card not in their hand);
* **holds one of**: an asker held at least one other card of the set at the
  moment of the ask; when no card that had moved to them already explains it,
  they were dealt one of the cards that had not moved.

Hand sizes tie the half-suits together; :mod:`trainer.engine.counting`
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

from trainer.engine.reading import prove
from trainer.game.cards import Card, HalfSuit
from trainer.game.errors import ImpossibleHistoryError, LiteratureError
from trainer.game.events import Ask, Event
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


_Fact = tuple[str, tuple[Card, ...]]


@dataclass
class History:
    """The constraints a history puts on the deal, from one viewer's side.

    Facts that no deal can meet are refused the moment they arise, with an
    :class:`ImpossibleHistoryError`: a card every player is ruled out of, a
    card pinned to two players or to one ruled out of it, and an ask by a
    player who can have been dealt none of the other cards of the set.
    (Hand sizes that cannot be met need the count: :mod:`trainer.engine.solve`.)

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Cat
    ... hand Ann: 2D 3D 4D 5D 6D 7D 9S JS
    ... Cat asks Bob for 3D: no''')
    >>> History.build(game.setup, game.events, "Ann")
    Traceback (most recent call last):
    ...
    trainer.game.errors.ImpossibleHistoryError: Cat cannot ask for 3D: Cat can have been dealt none of 2D 4D 5D 6D 7D
    """

    setup: Setup
    viewer: str | None
    state: State
    pinned: dict[Card, str] = field(default_factory=dict)
    pinned_at: dict[Card, int] = field(default_factory=dict)
    excluded: dict[Card, set[str]] = field(default_factory=dict)
    holds_one_of: list[HoldsOneOf] = field(default_factory=list)
    _open: dict[HalfSuit, dict[_Fact, tuple[int, Card]]] = field(default_factory=dict, repr=False, compare=False)
    """Per set, the distinct "holds one of" facts no pinned card meets yet, with their event and asked card."""
    _known: set[_Fact] = field(default_factory=set, repr=False, compare=False)
    """Every distinct "holds one of" fact so far: a repeated ask adds nothing, so the facts stay few."""
    _event: int = field(default=0, repr=False, compare=False)
    """The event being observed."""

    @classmethod
    def build(cls, setup: Setup, events: Sequence[Event], viewer: str | None) -> History:
        """Replay ``events`` on the viewer's view of ``setup`` and collect the constraints.

        Raises :class:`ImpossibleHistoryError` (with ``event`` set to the event's
        1-based index) when an event contradicts what is public at its moment.
        """
        return cls.replay(setup.seen_by(viewer), events, viewer)

    @classmethod
    def replay(cls, view: Setup, events: Sequence[Event], viewer: str | None = None) -> History:
        """Like :meth:`build` on a table as given: every hand ``view`` lists is known.

        ``literature check`` replays with all the listed hands, so that what
        they prove together is checked.
        """
        state = State(view)
        history = cls(view, viewer, state)
        try:
            for player, hand in view.hands.items():
                for card in hand:
                    history.pin(card, player, 0)
            for player, hand in view.hands.items():
                for card in view.variant.cards:
                    if card not in hand:
                        history.exclude(card, player)
        except LiteratureError as error:
            error.event = 0
            raise
        for index, event in enumerate(events, start=1):
            try:
                history.observe(event, index)
            except LiteratureError as error:
                if error.event is None:
                    error.event = index
                raise
        return history

    @property
    def facts(self) -> tuple[int, int, int]:
        """How many facts the history holds (pinned cards, exclusions, "holds one of"). Facts are only
        ever added, so an unchanged tuple means the same counting problem: the event added none."""
        return len(self.pinned), sum(map(len, self.excluded.values())), len(self.holds_one_of)

    def copy(self) -> History:
        """An independent copy: observing more events on either leaves the other as it was.

        Costs the facts and the position, not the events: a long game replayed once can hand out
        the history at many points (see :func:`puzzles.mining.moments`).

        >>> from trainer.game.notation import parse_game
        >>> game = parse_game("variant: classic\\nplayers: A B C D E F\\nA asks B for 3D: no\\nB asks C for 3D: no")
        >>> history = History.build(game.setup, game.events[:1], None)
        >>> other = history.copy()
        >>> other.observe(game.events[1], 2)
        >>> sorted(history.excluded[Card.parse("3D")]), sorted(other.excluded[Card.parse("3D")])
        (['A', 'B'], ['A', 'B', 'C'])
        """
        return History(
            self.setup,
            self.viewer,
            self.state.copy(),
            dict(self.pinned),
            dict(self.pinned_at),
            {c: set(s) for c, s in self.excluded.items()},
            list(self.holds_one_of),
            {h: dict(facts) for h, facts in self._open.items()},
            set(self._known),
            self._event,
        )

    def pin(self, card: Card, player: str, index: int) -> None:
        """Record that ``card`` was dealt to ``player``."""
        known = self.pinned.get(card)
        if known is not None and known != player:
            raise ImpossibleHistoryError(f"{card} was dealt to {known}, it cannot have been dealt to {player}")
        if player in self.excluded.get(card, ()):
            raise ImpossibleHistoryError(
                f"{card} cannot have been dealt to {player}: an earlier fact rules {player} out of it"
            )
        if known is None:
            self.pinned[card] = player
            self.pinned_at[card] = index
            self._check_open(card.half_suit)

    def exclude(self, card: Card, player: str) -> None:
        """Record that ``card`` was not dealt to ``player``."""
        ruled_out = self.excluded.get(card)
        if ruled_out is not None and player in ruled_out:
            return
        if self.pinned.get(card) == player:
            raise ImpossibleHistoryError(f"{card} was dealt to {player}, yet {player} cannot hold it")
        if ruled_out is None:
            ruled_out = self.excluded[card] = set()
        ruled_out.add(player)
        if card not in self.pinned and len(ruled_out) == len(self.setup.players):
            raise ImpossibleHistoryError(f"no player can have been dealt {card}: every player is ruled out of it")
        self._check_open(card.half_suit)

    def _check_open(self, half: HalfSuit) -> None:
        """Drop the facts of ``half`` a pinned card now meets; refuse one no card can meet any more."""
        facts = self._open.get(half)
        if not facts:
            return
        for key in list(facts):
            self._check_fact(key, facts)

    def _check_fact(self, key: _Fact, facts: dict[_Fact, tuple[int, Card]]) -> None:
        player, cards = key
        if any(self.pinned.get(c) == player for c in cards):
            del facts[key]
        elif all(c in self.pinned or player in self.excluded.get(c, ()) for c in cards):
            at, asked = facts[key]
            none = f"{player} can have been dealt none of {' '.join(map(str, cards))}"
            if at == self._event:
                raise ImpossibleHistoryError(f"{player} cannot ask for {asked}: {none}")
            raise ImpossibleHistoryError(f"{player} asked for {asked} at event {at}, yet now {none}")

    def observe(self, event: Event, index: int) -> None:
        """Add the facts one event makes public (:func:`~trainer.engine.reading.prove`), then play it."""
        self._event = index
        proof = prove(event, self.state.located)
        for card, player in proof.dealt:
            self.pin(card, player, index)
        for card, player in proof.not_dealt:
            self.exclude(card, player)
        if isinstance(event, Ask) and proof.held_one_of is not None:
            card, asker = event.card, event.asker
            if not proof.held_one_of:
                raise ImpossibleHistoryError(
                    f"{asker} cannot ask for {card}: {asker} holds no other card of {card.half_suit}"
                )
            self._add_fact(asker, proof.held_one_of, index, card)
        self.state.apply(event)

    def held_one_of(self, player: str, cards: Sequence[Card], index: int, asked: Card) -> None:
        """Record that ``player`` held one of ``cards`` (of ``asked``'s set) just after event ``index``, their
        ask for ``asked``: a fact from outside the rules, such as the ``expert`` bots' signal
        (:mod:`trainer.play.signals`). Nothing new when one of them was seen to move to them; refused
        (:class:`ImpossibleHistoryError`) when none can be theirs.

        >>> from trainer.game.cards import parse_cards
        >>> from trainer.game.notation import parse_game
        >>> game = parse_game("variant: classic\\nplayers: A B C D E F\\nA asks B for 3D: no")
        >>> history = History.build(game.setup, game.events, None)
        >>> history.held_one_of("A", parse_cards("2D 4D"), 1, Card.parse("3D"))
        >>> [(h.player, [str(c) for c in h.cards]) for h in history.holds_one_of]
        [('A', ['2D', '4D', '5D', '6D', '7D']), ('A', ['2D', '4D'])]
        """
        located = self.state.located
        if any((located[c] if c in located else self.pinned.get(c)) == player for c in cards):
            return
        unseen = tuple(c for c in cards if c not in located and c not in self.pinned
                       and player not in self.excluded.get(c, ()))
        if not unseen:
            raise ImpossibleHistoryError(f"{player} can have held none of {' '.join(map(str, cards))}")
        if len(unseen) == 1:
            self.pin(unseen[0], player, index)
        else:
            self._add_fact(player, unseen, index, asked)

    def _add_fact(self, player: str, cards: tuple[Card, ...], index: int, asked: Card) -> None:
        """A "holds one of" fact about ``player`` from their ask for ``asked`` at event ``index``."""
        key = (player, cards)
        if key not in self._known:
            self._known.add(key)
            self.holds_one_of.append(HoldsOneOf(player, cards, index))
            facts = self._open.setdefault(asked.half_suit, {})
            facts[key] = (index, asked)
            self._check_fact(key, facts)
