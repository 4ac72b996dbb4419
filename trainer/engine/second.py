"""The second solver: "is there a deal that fits the history and ...?" asked of python-constraint.

The exact engine (:mod:`trainer.engine.solve`) reads a history into facts
(:mod:`trainer.engine.constraints`) and counts the deals that fit them. This
module answers a narrower question by a different road, so that the two can
check each other: it reads the events again itself, straight from the rules,
and asks python-constraint for **one** deal that fits, with extra conditions
on where some cards are now. A puzzle's answer is forced exactly when no deal
fits the history and puts an answered card anywhere else
(:func:`contradiction`).

The formulation: one variable per card whose dealt holder is neither known
(the viewer's hand, a card seen in a hit before it moved, a claim) nor free
(a card of a set no fact mentions, which may have gone to anyone); its domain
is the players the history allows; each ask adds "the asker was dealt one of
these cards of the set" (the cards not moved before it, :class:`constraint.SomeInSetConstraint`),
and each player's hand size is an upper bound on the cards of the variables
they get (:class:`_Room`): the free cards then fill every hand exactly, as they
number exactly the room left.

    >>> from trainer.game.notation import read_game
    >>> game = read_game(EXAMPLES / "six-diamonds.lit")
    >>> from trainer.game.cards import Card, HalfSuit
    >>> six = Card.parse("6D")
    >>> contradiction(game.setup, game.events, "Ann", {six: "Cat"}) is None  # 6D is with Cat in every deal
    True
    >>> deal = find_deal(game.setup, game.events, "Ann", {six: frozenset({"Cat"})})
    >>> deal is not None and deal[six]
    'Cat'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from trainer.game.cards import Card, HalfSuit
from trainer.game.events import Ask, Claim, Event
from trainer.game.state import Setup

Deal = dict[Card, str]
"""The dealt holder of every card."""


def _room_constraint(room: Sequence[int], free: int) -> Any:
    """Each player gets at most ``room[p]`` of the sets' cards and the ``free`` cards fill up the rest: a
    python-constraint constraint over the sets' variables (whose values are vectors of cards per
    player), checked on partial assignments. With forward checking it hides the vectors of the
    unassigned sets that no longer fit, and fails when the room the sets still to come cannot fill
    is more than the free cards."""
    import constraint

    class Room(constraint.Constraint):  # type: ignore[misc]
        def __call__(self, variables: Any, domains: Any, assignments: Any, forwardcheck: bool = False,
                     _unassigned: Any = constraint.Unassigned) -> bool:
            left = list(room)
            unassigned = []
            for name in variables:
                vector = assignments.get(name, _unassigned)
                if vector is _unassigned:
                    unassigned.append(name)
                    continue
                for p, x in enumerate(vector):
                    left[p] -= x
                    if left[p] < 0:
                        return False
            if forwardcheck:
                return _narrow([domains[name] for name in unassigned], left, free)
            return True

    return Room()


def _narrow(domains: list[Any], left: list[int], free: int) -> bool:
    """Bounds consistency on the room left: hide each vector that gives a player more than the room left
    them once the other sets give their least, or (the free cards being too few to fill it) leaves more
    room than the others' most and the free cards can fill; ``False`` when a domain empties."""
    changed = True
    while changed:
        changed = False
        least = [list(map(min, zip(*d, strict=False))) for d in domains]
        most = [list(map(max, zip(*d, strict=False))) for d in domains]
        low = [sum(column) for column in zip(*least, strict=False)] or [0] * len(left)
        high = [sum(column) for column in zip(*most, strict=False)] or [0] * len(left)
        if any(lo > r for lo, r in zip(low, left, strict=True)):
            return False
        if sum(max(0, r - h) for r, h in zip(left, high, strict=True)) > free:
            return False
        for domain, lo_k, hi_k in zip(domains, least, most, strict=True):
            for vector in domain[:]:
                over = any(x + lo - a > r for x, lo, a, r in zip(vector, low, lo_k, left, strict=True))
                short = sum(max(0, r - (x + h - b)) for x, h, b, r in zip(vector, high, hi_k, left, strict=True))
                if over or short > free:
                    domain.hideValue(vector)
                    changed = True
            if not domain:
                return False
    return True


class _Reading:
    """What the events say about the deal, read from the rules alone: known dealt holders, players
    ruled out of a card, and "was dealt one of these" facts."""

    def __init__(self, setup: Setup, events: Sequence[Event], viewer: str | None):
        self.setup = setup
        self.known: Deal = {}
        self.ruled_out: dict[Card, set[str]] = {}
        self.one_of: list[tuple[str, tuple[Card, ...]]] = []
        self.now: dict[Card, str] = {}  # cards that moved face up, where they are now
        self.claimed: set[Card] = set()
        if viewer is not None:
            mine = setup.hands.get(viewer, frozenset())
            for card in setup.variant.cards:
                if card in mine:
                    self.known[card] = viewer
                else:
                    self.ruled_out.setdefault(card, set()).add(viewer)
        for event in events:
            if isinstance(event, Ask):
                self._ask(event)
            elif isinstance(event, Claim):
                for card, holder in event.holders().items():
                    if card not in self.now:
                        self.known.setdefault(card, holder)
                        if self.known[card] != holder:
                            self.ruled_out.setdefault(card, set()).update(setup.players)
                    self.claimed.add(card)
                    self.now.pop(card, None)

    def _ask(self, ask: Ask) -> None:
        card, asker = ask.card, ask.asker
        others = [c for c in card.half_suit.cards if c is not card and c not in self.claimed]
        if not any(self.now.get(c) == asker for c in others):
            self.one_of.append((asker, tuple(c for c in others if c not in self.now)))
        if card not in self.now:
            self.ruled_out.setdefault(card, set()).add(asker)
            if ask.hit:
                self.ruled_out[card].update(p for p in self.setup.players if p != ask.target)
            else:
                self.ruled_out[card].add(ask.target)
        if ask.hit:
            self.now[card] = asker


def find_deal(
    setup: Setup, events: Sequence[Event], viewer: str | None, where: Mapping[Card, frozenset[str]] | None = None
) -> Deal | None:
    """A deal that fits ``events`` seen by ``viewer`` (``None``: the public) in which each card of
    ``where`` is now with one of the players given for it, or ``None`` when there is none."""
    return _find(_Reading(setup, events, viewer), viewer, where)


def _find(reading: _Reading, viewer: str | None, where: Mapping[Card, frozenset[str]] | None) -> Deal | None:
    """:func:`find_deal` on a history already read."""
    setup = reading.setup
    players = setup.players
    domains: dict[Card, set[str]] = {}
    for card in setup.variant.cards:
        allowed = set(players) - reading.ruled_out.get(card, set())
        if card in reading.known:
            allowed &= {reading.known[card]}
        wanted = (where or {}).get(card)
        if wanted is not None:
            if card in reading.now or card in reading.claimed:
                holder = reading.now.get(card)
                if holder not in wanted:
                    return None
            else:
                allowed &= wanted
        if not allowed:
            return None
        domains[card] = allowed
    facts = [(p, cards) for p, cards in reading.one_of]
    mentioned = {c for _, cards in facts for c in cards}
    room = dict(setup.dealt_sizes)
    fixed: Deal = {}
    free: list[Card] = []
    for card, allowed in domains.items():
        if len(allowed) == 1:
            fixed[card] = next(iter(allowed))
            room[fixed[card]] -= 1
        elif card not in mentioned and allowed == set(players) - {viewer}:
            free.append(card)
    if any(r < 0 for r in room.values()):
        return None
    import constraint  # here, not at the top: commands that do not use the second solver start without it

    if any(not named for _, named in facts):
        return None  # an ask when every other card of the set had moved elsewhere
    by_set: dict[HalfSuit, list[Card]] = {}
    for card in domains:
        if card not in fixed and card not in free:
            by_set.setdefault(card.half_suit, []).append(card)
    search = constraint.Problem(constraint.BacktrackingSolver())
    choices: dict[str, Mapping[tuple[int, ...], Mapping[str, str]]] = {}
    for half, cards in by_set.items():
        variables = tuple((card.code, tuple(sorted(domains[card]))) for card in cards)
        asks = []
        for player, named in facts:
            if named and named[0].half_suit is half and not any(fixed.get(c) == player for c in named):
                open_cards = tuple(c.code for c in named if c not in fixed and player in domains[c])
                if not open_cards:
                    return None
                asks.append((player, open_cards))
        vectors = _vectors(players, variables, tuple(asks))
        if not vectors:
            return None
        choices[half.code] = vectors
        search.addVariable(half.code, list(vectors))
    for player, named in facts:  # a fact whose cards are all known: met, or no deal
        if named and named[0].half_suit not in by_set and not any(fixed.get(c) == player for c in named):
            return None
    if choices:
        search.addConstraint(_room_constraint([room[p] for p in players], len(free)), list(choices))
        solution = search.getSolution()
        if solution is None:
            return None
    else:
        solution = {}
    deal = dict(fixed)
    for code, vector in solution.items():
        for card_code, player in choices[code][vector].items():
            deal[Card.parse(card_code)] = player
            room[player] -= 1
    for card in free:  # no fact names them: any player with room left may have been dealt them
        player = next(p for p, r in room.items() if r > 0)
        deal[card] = player
        room[player] -= 1
    return deal


@lru_cache(maxsize=256)
def _vectors(
    players: tuple[str, ...], variables: tuple[tuple[str, tuple[str, ...]], ...],
    asks: tuple[tuple[str, tuple[str, ...]], ...],
) -> Mapping[tuple[int, ...], Mapping[str, str]]:
    """The ways one set's open cards (``variables``: each card's code and the players it may be with) can
    be dealt so that each asker of ``asks`` was dealt one of their named cards: every count of cards per
    player (in the order of ``players``), with one assignment that gives it. Kept for the next question
    about the same history: only the set of the card asked about changes between them."""
    import constraint

    local = constraint.Problem()
    for code, allowed in variables:
        local.addVariable(code, list(allowed))
    for player, named in asks:
        local.addConstraint(constraint.SomeInSetConstraint({player}), list(named))
    index = {p: i for i, p in enumerate(players)}
    vectors: dict[tuple[int, ...], Mapping[str, str]] = {}
    for solution in local.getSolutionIter():
        vector = [0] * len(players)
        for player in solution.values():
            vector[index[player]] += 1
        vectors.setdefault(tuple(vector), solution)
    return vectors


def contradiction(setup: Setup, events: Sequence[Event], viewer: str | None, answer: Mapping[Card, str]) -> Deal | None:
    """A deal that fits the history and puts some card of ``answer`` somewhere other than the player
    given for it now, or ``None``: then the answer is forced."""
    reading = _Reading(setup, events, viewer)
    for card, player in sorted(answer.items()):
        deal = _find(reading, viewer, {card: frozenset(setup.players) - {player}})
        if deal is not None:
            return deal
    return None


Check = Callable[[Setup, Sequence[Event], str | None, Mapping[Card, str]], Deal | None]
