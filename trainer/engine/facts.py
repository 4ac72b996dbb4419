"""The facts a player can hold in mind about a position, read from the table, the history and their own hand.

Every movement of a card is public, so cards fall into two kinds:

* **seen** cards, whose whole path is known: a card in the viewer's dealt hand,
  a card that moved in a hit (the target of its first hit was dealt it), a card
  revealed by a claim. Where such a card was at any move is known, so an ask
  about it never tells anything new.
* **unseen** cards: in play, never moved, holder unknown. A card that never
  moved is still with the player who was dealt it, so a fact about where it was
  at move ``i`` ("Bob did not hold 6D when Cat asked him") is also a fact about
  where it is *now*. That is what makes facts about the deal and facts about
  the current position the same thing for these cards, and only for them.

An ask at move ``i`` therefore gives, about unseen cards only: the asker did
not hold the asked card, a miss says the target did not hold it, and the asker
held at least one *other* card of the half-suit: of those, the ones seen to be
elsewhere at move ``i`` are ruled out, and if one seen to be with the asker at
move ``i`` is among them, the ask tells nothing more.

    >>> from trainer.game.notation import read_game
    >>> game = read_game(EXAMPLES / "six-diamonds.lit")
    >>> board = Board.build(game.setup, game.events, "Ann")
    >>> board.one_of[0].player, [str(c) for c in board.one_of[0].cards]
    ('Cat', ['6D'])
    >>> board.one_of[0].ruled_out[0][1]
    'you hold 2D 4D 5D 7D'
    >>> board.free("Cat"), str(board.lacks[Card.parse("6D")]["Ann"].text)
    (8, '6D is not in your hand')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from trainer.game.cards import Card, HalfSuit, format_cards
from trainer.game.events import Ask, Claim, Event
from trainer.game.state import Setup, State


@dataclass(frozen=True)
class Holds:
    """``player`` holds ``card`` now.

    >>> str(Holds(Card.parse("6D"), "Cat")), Holds(Card.parse("6D"), "Cat").as_json()
    ('Cat holds 6D', {'card': '6D', 'holder': 'Cat'})
    """

    card: Card
    player: str

    def __str__(self) -> str:
        return f"{self.player} holds {self.card}"

    def as_json(self) -> dict[str, object]:
        """The structured form used by ``literature explain --json``."""
        return {"card": str(self.card), "holder": self.player}


@dataclass(frozen=True)
class Lacks:
    """``player`` does not hold ``card`` now (and, for an unseen card, was not dealt it)."""

    card: Card
    player: str

    def __str__(self) -> str:
        return f"{self.player} does not hold {self.card}"

    def as_json(self) -> dict[str, object]:
        """The structured form: one exclusion (grouped per card by the explanation)."""
        return {"card": str(self.card), "excluded": [self.player]}


Fact = Holds | Lacks


@dataclass(frozen=True)
class Given:
    """Why a fact is known straight from the table: a sentence, and the move it comes from."""

    text: str
    event: int | None = None


@dataclass(frozen=True)
class Sighting:
    """Where a seen card is now (or was when claimed), and how that is known."""

    player: str
    how: str  # "hand" (the viewer's own card), "hit" (moved face up), "claim" (revealed, out of play)
    event: int | None
    text: str


@dataclass(frozen=True)
class OneOf:
    """``player`` held at least one of ``cards`` (unseen cards of one half-suit) when asking at move ``event``.

    The cards never moved, so ``player`` still holds at least one of them.
    ``ruled_out`` gives, for the other cards of the half-suit, why each one
    could not be the asker's card at that moment.
    """

    player: str
    cards: tuple[Card, ...]
    event: int
    ask: Ask
    ruled_out: tuple[tuple[tuple[Card, ...], str], ...]

    @property
    def half_suit(self) -> HalfSuit:
        """The half-suit of the asked card."""
        return self.ask.card.half_suit


def kind_of(half: HalfSuit) -> str:
    """A card of the half-suit, in words: ``low diamond``.

    >>> kind_of(HalfSuit.parse("LD")), kind_of(HalfSuit.parse("8J"))
    ('low diamond', 'card of 8J')
    """
    return half.name[:-1] if half.code != "8J" else "card of 8J"


@dataclass(frozen=True)
class Board:
    """Everything a viewer can read from the table: seen cards, exclusions, ask constraints, hand sizes.

    ``lacks`` holds the given exclusions of unseen cards, each with its reason;
    ``one_of`` the ask constraints still open (not explained by a seen card).
    """

    setup: Setup
    viewer: str | None
    events: tuple[Event, ...]
    sizes: Mapping[str, int]
    seen: Mapping[Card, Sighting]
    claimed: Mapping[Card, Sighting]
    unseen: tuple[Card, ...]
    lacks: Mapping[Card, Mapping[str, Given]]
    one_of: tuple[OneOf, ...]

    @property
    def players(self) -> tuple[str, ...]:
        """The seats, in order."""
        return self.setup.players

    def free(self, player: str) -> int:
        """How many of ``player``'s cards are unseen (hand size minus cards seen with them)."""
        return self.sizes[player] - sum(1 for s in self.seen.values() if s.player == player)

    def seen_with(self, player: str) -> tuple[Card, ...]:
        """The seen cards ``player`` holds now."""
        return tuple(sorted(c for c, s in self.seen.items() if s.player == player))

    def event_text(self, number: int) -> str:
        """The event at move ``number`` (1-based), as written in a ``.lit`` file."""
        return str(self.events[number - 1])

    def name(self, player: str) -> str:
        """``you`` for the viewer, the player's name otherwise."""
        return "you" if player == self.viewer else player

    @classmethod
    def build(cls, setup: Setup, events: Sequence[Event], viewer: str | None) -> Board:
        """Read the facts of ``events`` from ``viewer``'s side (``None``: the public).

        Only the viewer's hand is used, even when ``setup`` lists more.
        """
        view = setup.seen_by(viewer)
        return _Reader(view, tuple(events), viewer).read()


class _Reader:
    """Two passes over the history: first who was dealt each seen card, then the facts of each event."""

    def __init__(self, setup: Setup, events: tuple[Event, ...], viewer: str | None):
        self.setup = setup
        self.events = events
        self.viewer = viewer
        self.dealt: dict[Card, str] = {}
        self.dealt_how: dict[Card, str] = {}
        self.first_hit: dict[Card, int] = {}
        self.claim_of: dict[Card, int] = {}
        self.ever_moved: set[Card] = set()

    def read(self) -> Board:
        self._dealt_holders()
        state = State(self.setup)
        where = dict(self.dealt)  # where each seen card is, move by move
        moved_at: dict[Card, int] = {}
        lacks: dict[Card, dict[str, Given]] = {}
        one_of: list[OneOf] = []
        claimed: dict[Card, Sighting] = {}
        for number, event in enumerate(self.events, start=1):
            if isinstance(event, Ask):
                one = self._ask(event, number, where, moved_at, lacks)
                if one is not None:
                    one_of.append(one)
                if event.hit:
                    where[event.card] = event.asker
                    moved_at[event.card] = number
            elif isinstance(event, Claim):
                for card, player in event.holders().items():
                    shown = f"{player} held {card}: {event.claimer}'s claim on move {number} showed it"
                    claimed[card] = Sighting(player, "claim", number, shown)
                    where.pop(card, None)
            state.apply(event)
        seen: dict[Card, Sighting] = {}
        unseen: list[Card] = []
        for card in self.setup.variant.cards:
            if not state.in_play(card):
                continue
            if card in where:
                seen[card] = self._sighting(card, where[card], moved_at.get(card))
            else:
                unseen.append(card)
        unseen_set = set(unseen)
        for player in self.setup.players:
            if state.sizes[player] == 0:
                for card in unseen:
                    lacks.setdefault(card, {}).setdefault(player, Given(f"{player} has no cards left"))
        if self.viewer is not None:
            for card in unseen:
                lacks.setdefault(card, {})[self.viewer] = Given(f"{card} is not in your hand")
        return Board(
            setup=self.setup,
            viewer=self.viewer,
            events=self.events,
            sizes=dict(state.sizes),
            seen=seen,
            claimed=claimed,
            unseen=tuple(unseen),
            lacks={c: dict(v) for c, v in lacks.items() if c in unseen_set},
            one_of=tuple(one_of),
        )

    def _dealt_holders(self) -> None:
        """Seen cards: the viewer's hand, the target of a card's first hit, the holder a claim shows."""
        if self.viewer is not None:
            for card in self.setup.hands[self.viewer]:
                self.dealt[card] = self.viewer
                self.dealt_how[card] = "hand"
        moved: set[Card] = set()
        for number, event in enumerate(self.events, start=1):
            if isinstance(event, Ask) and event.hit:
                if event.card not in moved and event.card not in self.dealt:
                    self.dealt[event.card] = event.target
                    self.dealt_how[event.card] = "hit"
                    self.first_hit[event.card] = number
                moved.add(event.card)
                self.ever_moved.add(event.card)
            elif isinstance(event, Claim):
                for card, player in event.holders().items():
                    if card not in moved and card not in self.dealt:
                        self.dealt[card] = player
                        self.dealt_how[card] = "claim"
                        self.claim_of[card] = number

    def _sighting(self, card: Card, player: str, moved: int | None) -> Sighting:
        if moved is not None:
            event = self.events[moved - 1]
            assert isinstance(event, Ask)
            who = "you" if player == self.viewer else player
            return Sighting(player, "hit", moved, f"{who} took {card} from {event.target} on move {moved}")
        return Sighting(player, "hand", None, f"{card} is in your hand")

    def _then(self, card: Card, holder: str, number: int) -> str:
        """Why a seen card was with ``holder`` at move ``number``."""
        if self.dealt.get(card) == holder and self.dealt_how.get(card) == "hit" and self.first_hit[card] > number:
            return f"{holder} still had {card} then (gave it up on move {self.first_hit[card]})"
        if self.dealt_how.get(card) == "claim" and self.dealt.get(card) == holder:
            return f"{holder} had {card} (shown by the claim on move {self.claim_of[card]})"
        return f"{card} was with {holder} then"

    def _ask(
        self,
        ask: Ask,
        number: int,
        where: dict[Card, str],
        moved_at: dict[Card, int],
        lacks: dict[Card, dict[str, Given]],
    ) -> OneOf | None:
        card, asker = ask.card, ask.asker
        if card not in where:
            lacks.setdefault(card, {}).setdefault(
                asker, Given(f"{asker} asked for {card} on move {number}, so did not hold it", number)
            )
            if not ask.hit:
                lacks[card].setdefault(ask.target, Given(f"{ask.target} said no to {card} on move {number}", number))
        others = [c for c in card.half_suit.cards if c is not card]
        if any(where.get(c) == asker for c in others):
            return None
        yours: list[Card] = []
        reasons: list[tuple[tuple[Card, ...], str]] = []
        for other in others:
            if other not in where:
                continue
            holder = where[other]
            if holder == self.viewer and other not in moved_at and self.dealt_how.get(other) == "hand":
                yours.append(other)
            else:
                reasons.append(((other,), self._then(other, holder, number)))
        if yours:
            verb = "held" if any(c in self.ever_moved for c in yours) else "hold"
            reasons.insert(0, (tuple(yours), f"you {verb} {format_cards(yours)}"))
        candidates = tuple(c for c in others if c not in where)
        return OneOf(asker, candidates, number, ask, tuple(reasons))
