"""The levels a player chooses from at a ``play`` table: ``easy``, ``medium``, ``hard`` (and ``expert``).

Each level plays like a person of that strength, and all of them like good
people: they never take the same card from the same player a third time
while anything else can be asked (:meth:`~trainer.play.view.View.fair`),
never make a claim that can be wrong while a certain claim or a question is
available, and in the endgame claim the sets they are surest of first. No
level gives up a sure hit on a card whose holder it knows (issue 54: until
then they left a card the other team took from theirs, and lost for it to
play that takes every sure hit); games stay of human length by what the
lower levels forget: ``easy`` and ``medium`` lose track of a card once it has
changed hands twice (:attr:`Level.track`), as a person does in a flurry of
back and forth, so a contested card does not go back and forth for ever.

Since issue 44 every level claims as a careful player who counts everything
would (:attr:`Level.exact_claims`): a set its seat can prove is its team's
(by its exact view, :func:`trainer.engine.solve`) is claimed at once, and a
claim it must make names the likeliest placement by the exact chances, never
one it could know is wrong. Before, a level claimed by its memory: it left
sets it could have proved unclaimed, and in the endgame guessed, some
guesses wrong where its seat could have known better.

- ``easy``: remembers the last :data:`EASY_SPAN` events only, counts no
  hands and loses track of a card that has changed hands twice;
- ``medium``: remembers everything a careful player can keep track of
  (:class:`~trainer.play.memory.Memory`) but a card that has changed hands
  twice, and asks where the card is likeliest,
  never where its seat could know the card is not (:attr:`Level.sure_misses`),
  and among the asks its memory finds equally likely makes the one with the
  best exact chance (:attr:`Level.exact_ties`);
- ``hard``: the medium player, keeping track of every card, who, with ``hard`` partners, keeps the expert
  partners' signal and reads theirs (:attr:`Level.signals`,
  :mod:`trainer.play.signals`: its exact view, and so its claims, count what
  its partners' asks tell), and plays the exact expert's move one time in ten
  (:attr:`Level.engine`; on those moves it keeps a certain set in ``classic``
  as the expert does, :attr:`Level.claims_first`);
- ``expert``: the exact expert (:class:`~trainer.play.expert.ExpertBot`).

``benchmarks/bots.py --levels`` plays them against each other, ``--frozen``
against the levels as they were before issue 44, and ``--length`` measures
their games' length (docs/bots.md has the tables).

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
from collections.abc import Collection
from dataclasses import dataclass, replace
from fractions import Fraction

from trainer.game.cards import Card, HalfSuit
from trainer.play.expert import TACT, ExpertBot
from trainer.play.memory import Memory
from trainer.play.protocol import BotKind, most_cards
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
    track: int | None = None
    """A card that has changed hands more than this many times is lost track of (``None``: never): the level's
    memory no longer places it (:class:`~trainer.play.memory.Memory`)."""
    careless: float = 0.0
    """Share of asks made at random among the legal ones."""
    engine: float = 0.0
    """Share of moves the exact expert makes."""
    exact_claims: bool = True
    """Claims by what the seat can know exactly (issue 44): a set provably the team's is claimed at once, and a
    claim that must be made names the likeliest placement by the exact chances, never one it could know is
    wrong. (``False``: by the level's memory, as before issue 44.)"""
    claims_first: bool = True
    """A provable set is claimed before the expert's move is drawn (``False``: the expert's moves keep certain
    sets in ``classic``, as the expert does)."""
    sure_misses: bool = False
    """Never ask where the seat could know the card is not (its exact chance is 0) while another ask can hit."""
    exact_ties: bool = False
    """Among the asks its memory finds likeliest, the one with the best exact chance."""
    wary: Fraction = Fraction(0)
    """An ask that can miss is worth its chance less this much per card the table has seen move to the seat's
    team whose set its target may hold a card of (:meth:`LevelBot.exposed`), weighted by the chance of a miss:
    a miss hands the target the turn, and it would take those cards back. A sure hit is never weighed."""
    signals: bool = False
    """With partners of its level, keeps the expert partners' signal and reads theirs
    (:mod:`trainer.play.signals`): every ask is for a card next to one it holds, and its exact view (claims,
    the expert's moves, the exact chances it uses) counts its partners' asks as signals."""


LEVEL_TACT = replace(TACT, ahead=Fraction(0))
"""The expert's moves of a level weigh no ask after a hit (:attr:`~trainer.play.expert.Tact.ahead`): ``hard`` as
measured in issue 44."""

LEVEL = {
    BotKind.EASY: Level(BotKind.EASY, span=EASY_SPAN, hand_counting=False, track=1),
    BotKind.MEDIUM: Level(BotKind.MEDIUM, sure_misses=True, exact_ties=True, track=1),
    BotKind.HARD: Level(BotKind.HARD, engine=0.1, sure_misses=True, claims_first=False, exact_ties=True,
                        signals=True),
}
"""The levels played by :class:`LevelBot` (``expert`` is :class:`~trainer.play.expert.ExpertBot`)."""


class LevelBot:
    """A player of one :class:`Level`."""

    def __init__(
        self, level: Level, rng: random.Random, partners: Collection[str] = (), rivals: Collection[str] = ()
    ) -> None:
        """``partners``: the teammates that are bots of the same level from the start; ``rivals``: the
        opponents that keep the signal among themselves (both read with :attr:`Level.signals`)."""
        self.level = level
        self.kind = level.kind
        self.rng = rng
        self.partners = frozenset(partners) if level.signals else frozenset()
        rivals = rivals if level.signals else ()
        self.expert = (ExpertBot(rng, partners=self.partners, rivals=rivals, tact=LEVEL_TACT)
                       if level.engine or level.exact_claims else None)

    def decide(self, view: View) -> Move:
        """Pass to the teammate with most cards; claim what is certain; else the likeliest fair ask."""
        if view.role is Role.PASS or (view.role is Role.PICK and not view.hand):
            return PassTo(most_cards(view, view.pass_targets()))
        memory = Memory(view, self.level.span, self.level.hand_counting, self.level.track)
        expert = self.expert is not None and self.level.engine and self.rng.random() < self.level.engine
        if expert and not self.level.claims_first:
            assert self.expert is not None
            return self.expert.decide(view)
        claim = self.exact_claim(view, memory) if self.level.exact_claims else None
        if claim is not None:
            return claim
        if expert:
            assert self.expert is not None
            return self.expert.decide(view)
        if view.role is Role.CLAIM or view.stalled:
            return surest_claim(view, memory)
        certain = memory.certain_sets(view.team)
        if certain:
            return ClaimSet.of(certain[0], {c: memory.holder[c] for c in certain[0].cards})
        asks = self.legal(view)
        if not asks:  # every set in hand is complete (fish54 picks aside): claim the surest
            return surest_claim(view, memory)
        return self.ask(view, memory, asks)

    def ask(self, view: View, memory: Memory, asks: list[tuple[str, Card]]) -> AskFor:
        """The level's own ask among the legal ``asks``: the likeliest fair one by its ``memory`` (the best exact
        chance among those, :attr:`Level.exact_ties`)."""
        if self.level.careless and self.rng.random() < self.level.careless:
            target, card = self.rng.choice(view.fair(asks))
            return AskFor(target, card)
        fair = view.fair(asks)
        if self.level.sure_misses and self.expert is not None:
            k = self.expert.knowledge(view)
            can = [(t, c) for t, c in fair if k.holders(c).get(t)]
            fair = can or fair
        scored: dict[tuple[str, Card], Fraction] = {a: memory.chance(a[1], a[0]) for a in fair}
        if self.level.wary:
            exposed = {t: self.exposed(view, memory, t) for t in {t for t, _ in fair}}
            scored = {a: p - self.level.wary * (1 - p) * exposed[a[0]] if p < 1 else p for a, p in scored.items()}
        best = max(scored.values())
        top = [a for a in fair if scored[a] == best]
        if self.level.exact_ties and self.expert is not None and len(top) > 1:
            k = self.expert.knowledge(view)
            exact = {a: k.holders(a[1]).get(a[0], Fraction(0)) for a in top}
            most = max(exact.values())
            top = [a for a in top if exact[a] == most]
        target, card = self.rng.choice(top)
        return AskFor(target, card)

    @staticmethod
    def exposed(view: View, memory: Memory, target: str) -> int:
        """The cards the table has seen move to the seat's team (still in play) of sets ``target`` may hold a card
        of, by ``memory``: what ``target`` could surely take from the team if a miss handed it the turn."""
        state = view.state
        team = set(view.setup.members(view.team))
        shown = [c for c, p in state.located.items() if p in team and state.in_play(c)]
        may = {h for h in memory.halves if h in memory.some[target]
               or any(target in memory.candidates.get(c, ()) or memory.holder.get(c) == target for c in h.cards)}
        return sum(c.half_suit in may for c in shown)

    def exact_claim(self, view: View, memory: Memory) -> ClaimSet | None:
        """A set the seat can prove is its team's (by its exact view; one its ``memory`` places first); when it
        must claim or can ask nothing, the likeliest placement of the surest set by the exact chances."""
        assert self.expert is not None
        k = self.expert.knowledge(view)
        claimable = k.claimable(view.team)
        if claimable:
            known = set(memory.certain_sets(view.team))
            half = min(claimable, key=lambda h: (h not in known, h.index))
            return ClaimSet.of(half, claimable[half])
        if view.role is Role.CLAIM or view.stalled or not view.legal_asks():
            return self.expert.claim(view, k, claimable)
        return None

    def legal(self, view: View) -> list[tuple[str, Card]]:
        """The asks the bot may make: the legal ones, only those that keep the signal when it has partners (as
        its expert's: :meth:`~trainer.play.expert.ExpertBot.legal`)."""
        return self.expert.legal(view) if self.expert is not None else view.legal_asks()


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
