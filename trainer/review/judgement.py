"""Judging one move: what the actor's viewer knew just before it, exactly.

Before an ask, the exact chance it hits and the best chances of the asks the
viewer knows to be legal; before a claim, the exact chance every card is
where declared; before any move, the sets the actor's team could claim with
certainty. Every chance is a :class:`~fractions.Fraction` of the deals the
viewer cannot rule out.

    >>> from trainer.game.notation import parse_game
    >>> from trainer.engine.solve import solve
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Cat
    ... hand Ann: 2D 3D 4D 5D 7D 9S JS KH
    ... Cat asks Bob for 3D: no
    ... Bob asks Ann for QS: no
    ... Ann asks Bob for 6D: no''')
    >>> before = game.events[:2]
    >>> history = History.build(game.setup, before, "Ann")
    >>> found = judge(solve(game.setup, before, "Ann"), history, history.state, game.events[2], "Ann")
    >>> sorted(found.claimable), found.ask[0], found.ask[2]
    ([HalfSuit.parse('LD')], Fraction(0, 1), Fraction(222, 547))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from trainer.engine.constraints import History
from trainer.engine.solve import Knowledge, deals_of
from trainer.game.cards import Card, HalfSuit
from trainer.game.errors import ImpossibleHistoryError
from trainer.game.events import Ask, Claim, Event
from trainer.game.state import SetStatus, State


def actor_of(event: Event) -> str | None:
    """The player who made the event (``None`` for ``turn: X``).

    >>> from trainer.game.events import Pass
    >>> actor_of(Pass(None, "Eve")) is None, actor_of(Pass("Cat", "Eve"))
    (True, 'Cat')
    """
    if isinstance(event, Ask):
        return event.asker
    if isinstance(event, Claim):
        return event.claimer
    return event.player


# -- exact counts with extra pins ------------------------------------------------


def count_with(history: History, holders: dict[Card, str]) -> int:
    """The deals consistent with ``history`` that put each card of ``holders`` with that player **now**.

    A card that moved in a hit is where it moved; a card that has not moved is
    still with the player dealt it, so the placement pins its dealt holder.

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Cat
    ... hand Ann: 2D 3D 4D 5D 7D 9S JS KH
    ... Cat asks Bob for 3D: no''')
    >>> history = History.build(game.setup, game.events, "Ann")
    >>> total = deals_of(history)
    >>> Fraction(count_with(history, {Card.parse("6D"): "Cat"}), total)
    Fraction(1, 1)
    >>> Fraction(count_with(history, {Card.parse("9C"): "Cat", Card.parse("10C"): "Cat"}), total)
    Fraction(7, 247)
    """
    located = history.state.located
    pins: dict[Card, str] = {}
    for card, player in holders.items():
        if card in located:
            if located[card] != player:
                return 0
        else:
            pins[card] = player
    if not pins:
        return deals_of(history)
    hypothesis = History(
        history.setup,
        history.viewer,
        history.state,
        dict(history.pinned),
        dict(history.pinned_at),
        {c: set(s) for c, s in history.excluded.items()},
        list(history.holds_one_of),
    )
    try:
        for card, player in pins.items():
            hypothesis.pin(card, player, 0)
    except ImpossibleHistoryError:
        return 0
    dealt = history.setup.dealt_sizes
    for player in set(pins.values()):
        if sum(1 for p in hypothesis.pinned.values() if p == player) > dealt[player]:
            return 0  # more cards placed with the player than they were dealt
    return deals_of(hypothesis)


def claim_probability(history: History, claim: Claim) -> Fraction:
    """The exact chance, from the history's viewer, that every card of ``claim`` is where it was declared."""
    total = deals_of(history)
    if total == 0:
        return Fraction(0)
    return Fraction(count_with(history, dict(claim.declared)), total)


# -- what a viewer knew before one move ----------------------------------------------


@dataclass
class Judgement:
    """What a viewer knew just before an event whose actor they judge."""

    claimable: dict[HalfSuit, dict[Card, str]]
    ask: tuple[Fraction, list[tuple[str, Card]], Fraction] | None = None  # chance taken, best asks, best chance
    claim: Fraction | None = None


def legal_asks(knowledge: Knowledge, state: State, asker: str) -> list[tuple[str, Card]]:
    """The asks the viewer knows to be legal for ``asker`` now: an opponent with cards, a card
    ``asker`` certainly does not hold, of a set ``asker`` certainly holds another card of."""
    setup = state.setup
    targets = [p for p in setup.players if setup.team(p) != setup.team(asker) and state.sizes[p]]
    asks: list[tuple[str, Card]] = []
    for half, result in state.sets.items():
        if result.status is not SetStatus.IN_PLAY:
            continue
        mine = [c for c in half.cards if knowledge.forced(c) == asker]
        if not mine:
            continue
        for card in half.cards:
            if knowledge.count(card, asker) == 0:
                asks.extend((t, card) for t in targets)
    return asks


@dataclass
class Looks:
    """What a viewer's knowledge says that does not depend on the event judged: the sets each team could
    claim, the chance of each ask each player knows to be legal. Shared by consecutive positions with the
    same counting problem and the same cards in the same places (only misses between them)."""

    knowledge: Knowledge
    claimable: dict[int, dict[HalfSuit, dict[Card, str]]] = field(default_factory=dict)
    chances: dict[str, dict[tuple[str, Card], Fraction]] = field(default_factory=dict)


def judge(
    knowledge: Knowledge, history: History, state: State, event: Event, actor: str, looks: Looks | None = None
) -> Judgement:
    """The viewer's judgement of ``actor`` just before ``event`` (``state`` is the true position);
    ``looks`` keeps what the knowledge says for later positions that share it."""
    looks = looks if looks is not None else Looks(knowledge)
    team = state.setup.team(actor)
    claimable: dict[HalfSuit, dict[Card, str]] = {}
    if actor in state.actors():
        if team not in looks.claimable:
            looks.claimable[team] = knowledge.claimable(team)
        claimable = looks.claimable[team]
    found = Judgement(claimable)
    if isinstance(event, Ask):
        deals = knowledge.deals
        taken = Fraction(knowledge.count(event.card, event.target), deals)
        chances = looks.chances.get(actor)
        if chances is None:
            chances = looks.chances[actor] = {
                ask: Fraction(knowledge.count(ask[1], ask[0]), deals) for ask in legal_asks(knowledge, state, actor)
            }
        best = max(chances.values(), default=taken)
        best = max(best, taken)
        found.ask = (taken, [a for a, p in chances.items() if p == best], best)
    elif isinstance(event, Claim):
        found.claim = claim_probability(history, event)
    return found
