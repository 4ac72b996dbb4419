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
move ``i`` is among them, the ask tells nothing more. What each event proves is
read once, by :func:`trainer.engine.reading.prove` (as the counting's
constraints read it); this module adds which cards are seen, and why.

    >>> from trainer.game.notation import read_game
    >>> game = read_game(EXAMPLES / "six-diamonds.lit")
    >>> board = Board.build(game.setup, game.events, "Ann")
    >>> board.one_of[0].player, [str(c) for c in board.one_of[0].cards]
    ('Cat', ['6D'])
    >>> mine = board.one_of[0].ruled_out[0]  # your cards: 6D is the only one Cat can have held
    >>> mine.how, [str(c) for c in mine.cards]
    ('yours', ['2D', '4D', '5D', '7D'])
    >>> board.free("Cat"), board.lacks[Card.parse("6D")]["Ann"].how
    (8, 'not yours')

The facts are data; the explanations word them (:mod:`trainer.explain.sightings`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from trainer.engine.reading import Proof, prove, read
from trainer.game.cards import Card, HalfSuit
from trainer.game.events import Ask, Claim, Event
from trainer.game.state import Setup, State
from trainer.game.variants import Variant


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
    """Why "``player`` does not hold ``card``" is known straight from the table, and the move it comes from.

    ``how``: ``"asked"`` (the player asked for the card), ``"said no"`` (asked for it, the player said
    no), ``"no cards"`` (the player has no cards left) or ``"not yours"`` (it is not in the viewer's
    hand). The explanations word it (:mod:`trainer.explain.sightings`).
    """

    how: str
    card: Card
    player: str
    event: int | None = None


@dataclass(frozen=True)
class Sighting:
    """Where a seen card is now (or was when claimed), and how that is known.

    ``how``: ``"hand"`` (the viewer's own card), ``"hit"`` (moved face up at move ``event``, taken
    from ``source``), ``"claim"`` (revealed by ``source``'s claim at move ``event``, out of play).
    """

    player: str
    how: str
    event: int | None
    source: str | None = None


@dataclass(frozen=True)
class Elsewhere:
    """Why some other cards of an ask's set could not be the asker's card when they asked.

    ``how``: ``"yours"`` (with the viewer then: in their hand, or taken before the ask; ``moved``: one of them
    moved), ``"still had"``
    (``player`` was dealt it and gave it up at move ``event``, after the ask), ``"claimed"``
    (``player`` was dealt it, as the claim at move ``event`` showed) or ``"with"`` (it was with
    ``player`` then, having reached them with the hit at move ``event``).
    """

    cards: tuple[Card, ...]
    how: str
    player: str
    event: int | None = None
    moved: bool = False


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
    ruled_out: tuple[Elsewhere, ...]

    @property
    def half_suit(self) -> HalfSuit:
        """The half-suit of the asked card."""
        return self.ask.card.half_suit


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

    @cached_property
    def given_up(self) -> Mapping[tuple[str, HalfSuit], int]:
        """For each player and set, the index (0-based) of the last event in which an ask took a card of
        the set from them.

        >>> from trainer.game.notation import read_game
        >>> game = read_game("tests/data/complete-classic-6p.lit")  # Cat took 3D from Bob, AS from Dan...
        >>> board = Board.build(game.setup, game.events[:7], "Ann")
        >>> sorted((player, str(half), i) for (player, half), i in board.given_up.items())
        [('Ann', 'HD', 6), ('Bob', 'LD', 0), ('Dan', 'HS', 1), ('Fay', 'LD', 2)]
        """
        last: dict[tuple[str, HalfSuit], int] = {}
        for index, event in enumerate(self.events):
            if isinstance(event, Ask) and event.hit:
                last[event.target, event.card.half_suit] = index
        return last

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
        hands = tuple(sorted((p, tuple(sorted(h))) for p, h in view.hands.items()))
        return _built(view.variant, view.players, view.dealer, hands, tuple(events), viewer)


@lru_cache(maxsize=16)
def _built(
    variant: Variant, players: tuple[str, ...], dealer: str, hands: tuple[tuple[str, tuple[Card, ...]], ...],
    events: tuple[Event, ...], viewer: str | None,
) -> Board:
    """:meth:`Board.build`, cached: a puzzle's explanation and its grading (one board per level tried) read
    the same position several times, and a board is never changed once read."""
    return _FactReader(Setup.create(variant, players, dealer, dict(hands)), events, viewer).read()


class _FactReader:
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
                one = self._ask(event, number, prove(event, state.located), state.located, lacks, moved_at)
                if one is not None:
                    one_of.append(one)
                if event.hit:
                    where[event.card] = event.asker
                    moved_at[event.card] = number
            elif isinstance(event, Claim):
                for card, player in event.holders().items():
                    claimed[card] = Sighting(player, "claim", number, event.claimer)
                    where.pop(card, None)
            state.apply(event)
        seen: dict[Card, Sighting] = {}
        unseen: list[Card] = []
        for card in self.setup.variant.cards:
            if not state.in_play(card):
                continue
            if card in where:
                seen[card] = self._sighting(where[card], moved_at.get(card))
            else:
                unseen.append(card)
        unseen_set = set(unseen)
        for player in self.setup.players:
            if state.sizes[player] == 0:
                for card in unseen:
                    lacks.setdefault(card, {}).setdefault(player, Given("no cards", card, player))
        if self.viewer is not None:
            for card in unseen:
                lacks.setdefault(card, {})[self.viewer] = Given("not yours", card, self.viewer)
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
        for number, event, proof in read(self.events):
            for card, player in proof.dealt:
                if card in self.dealt:
                    continue
                self.dealt[card] = player
                if isinstance(event, Ask):
                    self.dealt_how[card] = "hit"
                    self.first_hit[card] = number
                else:
                    self.dealt_how[card] = "claim"
                    self.claim_of[card] = number
            if isinstance(event, Ask) and event.hit:
                self.ever_moved.add(event.card)

    def _sighting(self, player: str, moved: int | None) -> Sighting:
        if moved is not None:
            event = self.events[moved - 1]
            assert isinstance(event, Ask)
            return Sighting(player, "hit", moved, event.target)
        return Sighting(player, "hand", None)

    def _then(self, card: Card, holder: str, number: int, reached: int | None) -> Elsewhere:
        """Why a seen card was with ``holder`` at move ``number`` (``reached``: the hit that had brought it there,
        if one had)."""
        if self.dealt.get(card) == holder and self.dealt_how.get(card) == "hit" and self.first_hit[card] > number:
            return Elsewhere((card,), "still had", holder, self.first_hit[card])
        if self.dealt_how.get(card) == "claim" and self.dealt.get(card) == holder:
            return Elsewhere((card,), "claimed", holder, self.claim_of[card])
        return Elsewhere((card,), "with", holder, reached)

    def _ask(
        self,
        ask: Ask,
        number: int,
        proof: Proof,
        moved: Mapping[Card, str],
        lacks: dict[Card, dict[str, Given]],
        moved_at: Mapping[Card, int],
    ) -> OneOf | None:
        """The facts an ask gives (:func:`~trainer.engine.reading.prove`) about unseen cards, with reasons."""
        card, asker = ask.card, ask.asker
        for lacking, player in sorted(proof.not_dealt, key=lambda placed: placed[1] != asker):  # the asker first
            given = Given("asked" if player == asker else "said no", lacking, player, number)
            lacks.setdefault(lacking, {}).setdefault(player, given)
        if proof.held_one_of is None or any(self.dealt.get(c) == asker for c in proof.held_one_of):
            return None  # a card with the asker then explains the ask
        then = {c: moved[c] for c in card.half_suit.cards if c in moved and c is not card}  # where they went
        then |= {c: self.dealt[c] for c in proof.held_one_of if c in self.dealt}  # dealt, seen later
        yours: list[Card] = []
        reasons: list[Elsewhere] = []
        for other in card.half_suit.cards:
            if other not in then:
                continue
            holder = then[other]
            if holder == self.viewer and other not in moved and self.dealt_how.get(other) == "hand":
                yours.append(other)
                continue
            why = self._then(other, holder, number, moved_at.get(other) if other in moved else None)
            if holder == self.viewer and why.how == "with":  # it had reached the viewer: "you held" it too
                yours.append(other)
            else:
                reasons.append(why)
        if yours:
            later = any(c in self.ever_moved for c in yours)
            reasons.insert(0, Elsewhere(tuple(yours), "yours", self.viewer or "", moved=later))
        candidates = tuple(c for c in proof.held_one_of if c not in self.dealt)
        return OneOf(asker, candidates, number, ask, tuple(reasons))
