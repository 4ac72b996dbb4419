"""Random deals and random legal games, for tests and as the bots' move list.

    >>> import random
    >>> game = random_game(random.Random(7), "classic", 6)
    >>> game.state().over
    True
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from trainer.game.cards import Card, HalfSuit
from trainer.game.errors import IllegalEventError
from trainer.game.events import Ask, Claim, Event, Pass
from trainer.game.notation import Game
from trainer.game.state import Setup, State
from trainer.game.variants import Variant

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def deal(rng: random.Random, variant: Variant, players: tuple[str, ...], dealer: str) -> dict[str, frozenset[Card]]:
    """Shuffle the deck and deal it singly from the dealer's left."""
    deck = list(variant.cards)
    rng.shuffle(deck)
    start = players.index(dealer) + 1
    hands: dict[str, list[Card]] = {p: [] for p in players}
    for i, card in enumerate(deck):
        hands[players[(start + i) % len(players)]].append(card)
    return {p: frozenset(h) for p, h in hands.items()}


def legal_asks(state: State, asker: str) -> Iterator[tuple[str, Card]]:
    """Every (target, card) ``asker`` may ask now, given ``asker``'s listed hand."""
    if state.endgame or asker not in state.actors():
        return
    hand = state.hands[asker]
    halves = sorted({c.half_suit for c in hand})
    targets = [p for p in state.setup.members(3 - state.setup.team(asker)) if state.sizes[p]]
    for half in halves:
        for card in half.cards:
            if card not in hand:
                for target in targets:
                    yield target, card


def true_holders(state: State, half: HalfSuit) -> dict[Card, str]:
    """Who holds each card of a set now (every hand must be listed)."""
    return {card: next(p for p, h in state.hands.items() if card in h) for card in half.cards}


def claim_event(
    state: State, claimer: str, half: HalfSuit, declared: dict[Card, str], *, out_of_turn: bool = False
) -> Claim:
    """The claim of ``half`` with ``declared`` holders, its ``actual:`` filled in; a set claimed already is
    refused as the rules refuse it (:class:`IllegalEventError`), never looked for in the hands.

    >>> over = random_game(random.Random(7), "classic", 6).state()  # every set claimed
    >>> claim_event(over, "Ann", HalfSuit.parse("LS"), {})
    Traceback (most recent call last):
    ...
    trainer.game.errors.IllegalEventError: LS has already been claimed
    """
    if not state.in_play(half.cards[0]):
        raise IllegalEventError(f"{half} has already been claimed")
    holders = true_holders(state, half)
    actual = {c: p for c, p in holders.items() if declared[c] != p}
    return Claim.of(claimer, half, declared, actual, out_of_turn=out_of_turn)


def team_sets(state: State, team: int) -> list[HalfSuit]:
    """The sets in play whose six cards are all on ``team`` (every hand listed)."""
    members = set(state.setup.members(team))
    return [
        half
        for half, result in state.sets.items()
        if result.status.value == "in_play" and set(true_holders(state, half).values()) <= members
    ]


def random_event(rng: random.Random, state: State, accuracy: float = 0.9, out_of_turn: float = 0.005) -> Event:
    """A random legal event; claims are right with probability ``accuracy``.

    In ``classic`` a claimer sometimes hands the turn to a teammate (the
    stalemate breaker), and now and then (``out_of_turn``) a player whose turn
    it is not blurts out a claim.
    """
    setup = state.setup
    actors = sorted(state.actors())
    handover = sorted(state.handover_targets())
    if handover and rng.random() < 0.3:
        return Pass(state.turn, rng.choice(handover))
    if setup.variant.out_of_turn_claims and rng.random() < out_of_turn:
        bystanders = [p for p in setup.players if p not in actors]
        if bystanders:
            return blurted_claim(rng, state, rng.choice(bystanders))
    choosing = state.picking_team is not None and rng.random() < 0.3
    if state.turn not in actors or choosing:
        chosen = rng.choice(actors)
        if chosen != state.turn:
            # a teammate, or (a team out of cards) an opponent, is passed the turn by name;
            # a fish54 pick by the other team is written ``turn: X``
            handing = setup.team(state.turn) == setup.team(chosen) or state.endgame
            giver = state.turn if handing else None
            return Pass(giver, chosen)
    actor = state.turn if state.turn in actors else rng.choice(actors)
    team = setup.team(actor)
    ready = team_sets(state, team)
    asks = [] if state.endgame else list(legal_asks(state, actor))
    if not asks or (ready and rng.random() < 0.5):
        half = rng.choice(ready)
        holders = true_holders(state, half)
        declared = dict(holders)
        if rng.random() > accuracy:
            card = rng.choice(half.cards)
            declared[card] = rng.choice(setup.members(team))
        return claim_event(state, actor, half, declared)
    target, card = rng.choice(asks)
    return Ask(actor, target, card, card in state.hands[target])


def blurted_claim(rng: random.Random, state: State, claimer: str) -> Claim:
    """An out-of-turn claim by ``claimer`` of a random live set (teammates named at random where unknown)."""
    members = state.setup.members(state.setup.team(claimer))
    half = rng.choice([h for h, r in state.sets.items() if r.status.value == "in_play"])
    holders = true_holders(state, half)
    declared = {c: p if p in members else rng.choice(members) for c, p in holders.items()}
    return claim_event(state, claimer, half, declared, out_of_turn=True)


def random_game(
    rng: random.Random,
    variant: Variant | str = Variant.CLASSIC,
    players: int = 6,
    accuracy: float = 0.9,
    max_events: int = 2000,
) -> Game:
    """A complete random legal game with every hand listed."""
    names = NAMES[:players]
    dealer = rng.choice(names)
    setup = Setup.create(variant, names, dealer, deal(rng, Variant(variant), names, dealer))
    state = State(setup)
    while not state.over:
        if len(state.events) >= max_events:
            accuracy = 1.0  # stop stalling: only sure claims from here on
        event = random_event(rng, state, accuracy)
        state.apply(event)
    return Game(setup, tuple(state.events))
