"""What a careful human remembers at the table, and what follows from it.

:class:`Memory` reads a :class:`~trainer.play.view.View` (one seat's hand and
the public history, optionally only its most recent events) and keeps the
facts a player at the table would: the cards they saw move (hits), the cards
that are not with a player (misses, and the asker never holds the card it asks
for), the sets a player must hold a card of (they asked for one), their own
hand and everyone's hand size. A few human-sized deductions follow:

- a card that only one player can still hold is with that player;
- a player who must hold a card of a set and can hold only one of its
  missing cards holds that one (the worked example of the notation spec);
- hand counting (optional): a player whose known cards fill their hand holds
  nothing else, and a player with as many free slots as possible cards holds
  them all.

A memory may also lose track of a card that has changed hands more than
``track`` times (issue 54, the lower levels): it no longer places it, and
knows only that the player it last left does not hold it.

Every fact is true (a forgetful memory knows less, never something false), so
a set the memory places entirely on one team is certain.

    >>> from trainer.game.notation import parse_game
    >>> from trainer.play.view import View
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Cat
    ... hand Ann: 2D 3D 4D 5D 7D 9S JS KH
    ... Cat asks Bob for 3D: no''')
    >>> memory = Memory(View.of(game.setup, game.events, "Ann"))
    >>> memory.holder[Card.parse("6D")]
    'Cat'
    >>> [str(h) for h in memory.certain_sets(1)]
    ['LD']
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from trainer.game.cards import Card, HalfSuit
from trainer.game.events import Ask, Claim
from trainer.game.state import SetStatus
from trainer.play.view import View


class Memory:
    """The facts one seat remembers and the deductions a careful human makes from them."""

    def __init__(self, view: View, span: int | None = None, hand_counting: bool = True,
                 track: int | None = None) -> None:
        state = view.state
        setup = view.setup
        self.view = view
        self.players = setup.players
        self.sizes = dict(state.sizes)
        self.halves = [h for h, r in state.sets.items() if r.status is SetStatus.IN_PLAY]
        self.cards = [c for h in self.halves for c in h.cards]
        events = view.events if span is None else view.events[max(0, len(view.events) - span) :]
        holder: dict[Card, str] = {}
        not_with: dict[Card, set[str]] = {}
        some: dict[str, set[HalfSuit]] = {p: set() for p in self.players}
        moved: dict[Card, tuple[str, str]] = {}
        changes: dict[Card, int] = {}
        for event in events:
            if isinstance(event, Ask):
                half = event.card.half_suit
                some[event.asker].add(half)
                if event.hit:
                    changes[event.card] = changes.get(event.card, 0) + 1
                    if track is not None and changes[event.card] > track:  # lost track of it: somewhere else
                        holder.pop(event.card, None)
                        not_with[event.card] = {event.target}
                        continue
                    holder[event.card] = event.asker
                    moved[event.card] = (event.target, event.asker)
                    not_with.pop(event.card, None)
                    some[event.target].discard(half)  # it may have been their only card of the set
                else:
                    not_with.setdefault(event.card, set()).update((event.asker, event.target))
            elif isinstance(event, Claim):
                for card in event.half_suit.cards:
                    changes.pop(card, None)
                    holder.pop(card, None)
                    moved.pop(card, None)
                    not_with.pop(card, None)
                for player in self.players:
                    some[player].discard(event.half_suit)
        self.moved = moved
        """Each card's last move remembered: (who gave it, who took it)."""
        seat = view.seat
        hand = view.hand
        empty = {p for p in self.players if not self.sizes[p]}
        self.holder: dict[Card, str] = {}
        self.candidates: dict[Card, set[str]] = {}
        for card in self.cards:
            if card in hand:
                self.holder[card] = seat
            elif card in holder and holder[card] != seat:
                self.holder[card] = holder[card]
            else:
                possible = set(self.players) - not_with.get(card, set()) - empty - {seat}
                self.candidates[card] = possible or set(self.players) - empty - {seat}
        self.some = {p: {h for h in halves if h in self.halves} for p, halves in some.items()}
        self._deduce(hand_counting)
        self._weights: dict[Card, dict[str, int]] = {}  # chance()'s weights, a card's made once

    # -- deductions ----------------------------------------------------------------

    def _place(self, card: Card, player: str) -> None:
        self.holder[card] = player
        self.candidates.pop(card, None)

    def _deduce(self, hand_counting: bool) -> None:
        rules = self._rules(hand_counting)
        while any([rule() for rule in rules]):  # every rule each round, until a round changes nothing
            pass

    def _rules(self, hand_counting: bool) -> tuple[Callable[[], bool], ...]:
        """The deductions this memory makes, each returning whether it learnt something: a card only one
        player can hold is there; a player who must hold a card of a set and can hold only one of its
        missing cards holds it; with ``hand_counting``, a full hand holds nothing else, and a hand with as
        many free places as cards it can still hold holds them all."""
        careful = (self._only_holder, self._only_option)
        return (*careful, self._full_hands, self._filled_hands) if hand_counting else careful

    def _only_holder(self) -> bool:
        changed = False
        for card, possible in list(self.candidates.items()):
            if len(possible) == 1:
                self._place(card, next(iter(possible)))
                changed = True
        return changed

    def _only_option(self) -> bool:
        changed = False
        for player, halves in self.some.items():
            for half in halves:
                if any(self.holder.get(c) == player for c in half.cards):
                    continue
                options = [c for c in half.cards if player in self.candidates.get(c, ())]
                if len(options) == 1:
                    self._place(options[0], player)
                    changed = True
        return changed

    def _full_hands(self) -> bool:
        changed = False
        known = self.known_counts()
        for player in self.players:
            if self.sizes[player] > known[player]:
                continue
            for possible in self.candidates.values():
                if player in possible:
                    possible.discard(player)
                    changed = True
        return changed

    def _filled_hands(self) -> bool:
        changed = False
        known = self.known_counts()
        for player in self.players:
            options = [c for c, possible in self.candidates.items() if player in possible]
            if options and self.sizes[player] - known[player] == len(options):
                for card in options:
                    self._place(card, player)
                changed = True
        return changed

    # -- questions -------------------------------------------------------------------

    def known_counts(self) -> dict[str, int]:
        """How many cards each player is known to hold now."""
        counts = dict.fromkeys(self.players, 0)
        for player in self.holder.values():
            counts[player] += 1
        return counts

    def certain_sets(self, team: int) -> list[HalfSuit]:
        """Sets in play whose six holders are all known and all on ``team``."""
        members = set(self.view.setup.members(team))
        return [h for h in self.halves if all(self.holder.get(c) in members for c in h.cards)]

    def on_team(self, half: HalfSuit, team: int) -> int:
        """How many cards of ``half`` are known to be on ``team``."""
        members = set(self.view.setup.members(team))
        return sum(self.holder.get(c) in members for c in half.cards)

    def chance(self, card: Card, player: str) -> Fraction:
        """A human estimate of the chance that ``player`` holds ``card`` now.

        Known cards give 0 or 1; otherwise each possible holder is weighted by
        their unknown cards, doubled for a player who must hold some card of
        the set and has none placed.
        """
        if card in self.holder:
            return Fraction(int(self.holder[card] == player))
        possible = self.candidates.get(card, set())
        if player not in possible:
            return Fraction(0)
        weights = self._weights.get(card)
        if weights is None:  # the memory is complete once made: a card's weights serve every ask for it
            known = self.known_counts()
            weights = self._weights[card] = {p: self._weight(card, p, known) for p in possible}
        total = sum(weights.values())
        return Fraction(weights[player], total) if total else Fraction(1, len(possible))

    def _weight(self, card: Card, player: str, known: dict[str, int]) -> int:
        free = max(self.sizes[player] - known[player], 1)
        half = card.half_suit
        if half in self.some[player] and not any(self.holder.get(c) == player for c in half.cards):
            free *= 2
        return free

    def guess(self, card: Card, among: list[str]) -> str:
        """The likeliest holder of ``card`` among ``among`` (seat order breaks ties)."""
        if self.holder.get(card) in among:
            return self.holder[card]
        return max(among, key=lambda p: (self.chance(card, p), -self.players.index(p)))
