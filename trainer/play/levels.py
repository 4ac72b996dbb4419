"""The levels a player chooses from at a ``play`` table: ``easy``, ``medium``, ``hard`` (and ``expert``).

Each level plays like a person of that strength, and all of them like good
people: they never take the same card from the same player a third time
while anything else can be asked (:meth:`~trainer.play.view.View.fair`), never
take back a card the other team took from theirs (its last move they
remember) while anything else can hit, unless taking it back makes the set
certain for their team (:func:`~trainer.play.protocol.retakes`: the table
knows where it is, and the other team would only ask it back), never make a
claim that can be wrong while a certain claim or a question is available,
and in the endgame claim the sets they are surest of first.

- ``easy``: remembers the last :data:`EASY_SPAN` events only and counts no
  hands;
- ``medium``: remembers everything a careful player can keep track of
  (:class:`~trainer.play.memory.Memory`) and asks where the card is likeliest;
- ``hard``: plays the exact expert's move three times in eight
  (:attr:`Level.engine`), the careful player's otherwise;
- ``expert``: the exact expert (:class:`~trainer.play.expert.ExpertBot`).

``benchmarks/bots.py --levels`` plays them against each other and
``--length`` measures their games' length; the span and share below were
chosen so that each level beats the one below it in 60 to 80% of games
(docs/bots.md has the tables).

    >>> import random
    >>> from trainer.game.notation import read_game
    >>> game = read_game(EXAMPLES / "six-diamonds.lit")
    >>> bot = LevelBot(LEVEL[BotKind.MEDIUM], random.Random(0))
    >>> move = bot.decide(View.of(game.setup, game.events, "Ann"))
    >>> move.half_suit, dict(move.declared)[Card.parse("6D")]
    (HalfSuit.parse('LD'), 'Cat')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from trainer.game.cards import Card, HalfSuit
from trainer.play.expert import ExpertBot
from trainer.play.memory import Memory
from trainer.play.protocol import BotKind, fresh, most_cards, retakes
from trainer.play.view import AskFor, ClaimSet, Move, PassTo, Role, View

EASY_SPAN = 30
"""Events an ``easy`` bot remembers."""


@dataclass(frozen=True)
class Level:
    """How one level plays."""

    kind: BotKind
    span: int | None = None
    """Events remembered (``None``: all of them)."""
    hand_counting: bool = True
    """Whether a hand filled by known cards is known to hold nothing else."""
    careless: float = 0.0
    """Share of asks made at random among the legal ones."""
    engine: float = 0.0
    """Share of moves the exact expert makes."""


LEVEL = {
    BotKind.EASY: Level(BotKind.EASY, span=EASY_SPAN, hand_counting=False),
    BotKind.MEDIUM: Level(BotKind.MEDIUM),
    BotKind.HARD: Level(BotKind.HARD, engine=0.375),
}
"""The levels played by :class:`LevelBot` (``expert`` is :class:`~trainer.play.expert.ExpertBot`)."""


class LevelBot:
    """A player of one :class:`Level`."""

    def __init__(self, level: Level, rng: random.Random) -> None:
        self.level = level
        self.kind = level.kind
        self.rng = rng
        self.expert = ExpertBot(rng) if level.engine else None

    def decide(self, view: View) -> Move:
        """Pass to the teammate with most cards; claim what is certain; else the likeliest fair ask."""
        if view.role is Role.PASS or (view.role is Role.PICK and not view.hand):
            return PassTo(most_cards(view, view.pass_targets()))
        if self.expert is not None and self.rng.random() < self.level.engine:
            return self.expert.decide(view)
        memory = Memory(view, self.level.span, self.level.hand_counting)
        if view.role is Role.CLAIM or view.stalled:
            return surest_claim(view, memory)
        certain = memory.certain_sets(view.team)
        if certain:
            return ClaimSet.of(certain[0], {c: memory.holder[c] for c in certain[0].cards})
        asks = view.legal_asks()
        if not asks:  # every set in hand is complete (fish54 picks aside): claim the surest
            return surest_claim(view, memory)
        if self.level.careless and self.rng.random() < self.level.careless:
            target, card = self.rng.choice(view.fair(asks))
            return AskFor(target, card)
        fair = fresh(view.fair(asks), retakes(view, memory.moved, memory.holder), memory.chance)
        scored: dict[tuple[str, Card], Fraction] = {a: memory.chance(a[1], a[0]) for a in fair}
        best = max(scored.values())
        target, card = self.rng.choice([a for a in fair if scored[a] == best])
        return AskFor(target, card)


def surest_claim(view: View, memory: Memory) -> ClaimSet:
    """The claim a seat that must claim makes: a certain set if any, else the set it is surest of.

    How sure a claim is, by ``memory``: the product of each card's chance of
    being with the teammate named for it.
    """
    certain = memory.certain_sets(view.team)
    if certain:
        return ClaimSet.of(certain[0], {c: memory.holder[c] for c in certain[0].cards})
    among = view.claimers() or list(view.setup.members(view.team))

    def sureness(half: HalfSuit) -> tuple[Fraction, int]:
        sure = Fraction(1)
        for card in half.cards:
            sure *= memory.chance(card, memory.guess(card, among))
        return sure, -half.index

    half = max(view.live_sets(), key=sureness)
    return ClaimSet.of(half, {card: memory.guess(card, among) for card in half.cards})
