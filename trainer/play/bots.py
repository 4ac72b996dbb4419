"""The bots: ``random``, ``basic``, ``human``, the levels ``easy``, ``medium``, ``hard`` and ``expert``.

A bot is anything with a ``decide(view) -> Move`` method (:class:`Bot`). It
sees only a :class:`~trainer.play.view.View`: its own hand and the public
history. Every bot is deterministic given its :class:`random.Random`.

- ``random`` makes any legal ask and claims only sets its team provably holds
  (cards it sees in its hand or saw move); in the endgame it guesses holders.
- ``basic`` tracks what a careful human tracks (:class:`~trainer.play.memory.Memory`)
  and asks where the card can still be, preferring the likeliest place; it
  claims when its memory makes a set certain.
- ``human`` is ``basic`` with a short memory (only the last events), no hand
  counting, an occasional careless ask and an occasional claim made too early.
- ``expert`` uses the exact engine (:func:`trainer.engine.solve`), see
  :mod:`trainer.play.expert`.
- ``easy``, ``medium`` and ``hard``: the levels a player chooses from, see
  :mod:`trainer.play.levels`.

    >>> import random
    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Cat
    ... hand Ann: 2D 3D 4D 5D 7D 9S JS KH
    ... Cat asks Bob for 3D: no
    ... Bob asks Ann for KD: no''')
    >>> bot = make_bot("basic", random.Random(1))
    >>> bot.decide(View.of(game.setup, game.events, "Ann"))
    ClaimSet(half_suit=HalfSuit.parse('LD'), declared=(...))
"""

from __future__ import annotations

import random
from collections.abc import Collection
from fractions import Fraction

from trainer.game.cards import Card, HalfSuit
from trainer.play.expert import ExpertBot
from trainer.play.levels import LEVEL, LevelBot
from trainer.play.memory import Memory
from trainer.play.protocol import Bot, BotKind, most_cards
from trainer.play.view import AskFor, ClaimSet, Move, PassTo, Role, View

__all__ = ["BasicBot", "Bot", "BotKind", "ExpertBot", "HumanBot", "RandomBot", "make_bot"]


def keeps_signal(kind: BotKind) -> bool:
    """Whether bots of ``kind`` with partners of their kind keep the signal (:mod:`trainer.play.signals`).

    >>> keeps_signal(BotKind.EXPERT), keeps_signal(BotKind.HARD), keeps_signal(BotKind.MEDIUM)
    (True, True, False)
    """
    return kind is BotKind.EXPERT or (kind in LEVEL and LEVEL[kind].signals)


def make_bot(kind: BotKind | str, rng: random.Random, partners: Collection[str] = (),
             rivals: Collection[str] = ()) -> Bot:
    """A new bot of ``kind`` drawing its choices from ``rng``; ``partners``: the teammates that are bots of the
    same kind from the start (``expert`` and ``hard`` partners signal to each other, :mod:`trainer.play.signals`);
    ``rivals``: the opponents that keep the signal among themselves (the ``expert`` reads them too)."""
    kind = BotKind(kind)
    if kind is BotKind.RANDOM:
        return RandomBot(rng)
    if kind is BotKind.BASIC:
        return BasicBot(rng)
    if kind is BotKind.HUMAN:
        return HumanBot(rng)
    if kind in LEVEL:
        return LevelBot(LEVEL[kind], rng, partners, rivals)
    return ExpertBot(rng, partners=partners, rivals=rivals)


def guessed_claim(view: View, memory: Memory, half: HalfSuit) -> ClaimSet:
    """Claim ``half`` naming, for each card, the likeliest teammate by ``memory``."""
    among = view.claimers() or list(view.setup.members(view.team))
    return ClaimSet.of(half, {card: memory.guess(card, among) for card in half.cards})


def best_guess_claim(view: View, memory: Memory) -> ClaimSet:
    """A claim for a seat that must claim: a certain set if any, else the set most surely on the team."""
    certain = memory.certain_sets(view.team)
    if certain:
        half = certain[0]
        return ClaimSet.of(half, {c: memory.holder[c] for c in half.cards})
    sets = view.live_sets()
    half = max(sets, key=lambda h: (memory.on_team(h, view.team), -h.index))
    return guessed_claim(view, memory, half)


def forced_claim(view: View) -> ClaimSet:
    """The claim the simulator makes for a stalled bot (from the seat's own view only)."""
    return best_guess_claim(view, Memory(view))


class RandomBot:
    """Any legal ask; claims only what its team provably holds; guesses in the endgame."""

    kind = BotKind.RANDOM

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: View) -> Move:
        """A random legal move."""
        state = view.state
        if view.role is Role.PASS or (view.role is Role.PICK and not view.hand):
            return PassTo(self.rng.choice(view.pass_targets()))
        members = set(view.setup.members(view.team))
        for half in view.live_sets():
            holders = {c: state.known_holder(c) for c in half.cards}
            if all(h in members for h in holders.values()):
                return ClaimSet.of(half, {c: h for c, h in holders.items() if h is not None})
        asks = view.legal_asks()
        if asks and not view.stalled:
            target, card = self.rng.choice(asks)
            return AskFor(target, card)
        half = self.rng.choice(view.live_sets())
        among = view.claimers() or sorted(members)
        declared = {c: state.known_holder(c) or self.rng.choice(among) for c in half.cards}
        return ClaimSet.of(half, {c: h if h in members else self.rng.choice(among) for c, h in declared.items()})


class BasicBot:
    """Remembers everything a careful human would and asks where the card is likeliest."""

    kind = BotKind.BASIC
    span: int | None = None
    hand_counting = True

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def memory(self, view: View) -> Memory:
        """What this bot remembers of the game."""
        return Memory(view, self.span, self.hand_counting)

    def decide(self, view: View) -> Move:
        """Pass to the teammate with most cards; claim what is certain; else the likeliest ask."""
        if view.role is Role.PASS or (view.role is Role.PICK and not view.hand):
            return PassTo(most_cards(view, view.pass_targets()))
        memory = self.memory(view)
        if view.role is Role.CLAIM or view.stalled:
            return best_guess_claim(view, memory)
        certain = memory.certain_sets(view.team)
        if certain:
            half = certain[0]
            return ClaimSet.of(half, {c: memory.holder[c] for c in half.cards})
        early = self.claim_early(view, memory)
        if early is not None:
            return early
        return self.ask(view, memory)

    def claim_early(self, view: View, memory: Memory) -> ClaimSet | None:
        """A claim made before it is certain (never, for a careful player)."""
        return None

    def ask(self, view: View, memory: Memory) -> AskFor | ClaimSet:
        """The ask with the best chance by ``memory`` (random among equals)."""
        asks = view.legal_asks()
        if not asks:  # every set in hand is complete: claim one
            return best_guess_claim(view, memory)
        scored: dict[tuple[str, Card], Fraction] = {a: memory.chance(a[1], a[0]) for a in asks}
        best = max(scored.values())
        target, card = self.rng.choice([a for a, p in scored.items() if p == best])
        return AskFor(target, card)


class HumanBot(BasicBot):
    """A realistic, imperfect player: short memory, sometimes careless, sometimes hasty."""

    kind = BotKind.HUMAN
    span: int | None = 24
    hand_counting = False
    careless = 0.15
    hasty = 0.2

    def claim_early(self, view: View, memory: Memory) -> ClaimSet | None:
        """Sometimes claim a set when five of its cards are known on the team."""
        ready = [h for h in view.live_sets() if memory.on_team(h, view.team) >= 5]
        if ready and self.rng.random() < self.hasty:
            return guessed_claim(view, memory, ready[0])
        return None

    def ask(self, view: View, memory: Memory) -> AskFor | ClaimSet:
        """Usually the likeliest ask by a short memory; now and then any legal ask."""
        if view.legal_asks() and self.rng.random() < self.careless:
            target, card = self.rng.choice(view.legal_asks())
            return AskFor(target, card)
        return super().ask(view, memory)
