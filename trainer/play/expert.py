"""The ``expert`` bot: exact knowledge from its own seat, used greedily.

It solves its view exactly (:func:`trainer.engine.solve` with its own hand
and the public history) and then:

- in ``fish54``, claims every set whose six holders are forced onto its team,
  except one it keeps in reserve (the stalemate breaker): it claims it when no
  ask can hit, which lets its team pick who plays instead of handing the turn
  over;
- in ``classic`` it keeps every such set (:attr:`Tact.hoard`: the other team
  holds none of its cards, so nothing can take it away) and claims one
  whenever a teammate has a better ask than its own (by its own exact view of
  what that teammate can ask), then passes the turn to that teammate;
- with partners of its kind, keeps their signal and reads theirs (and the
  other team's, when it keeps one): :mod:`trainer.play.signals`;
- otherwise asks for the card and target with the best exact chance of a
  hit, a hit that would make a set certain for its team counting twice, and
  in ``classic`` a hit worth half a hit more per unit of the best chance of
  the ask after it (:class:`Tact`), never an ask that cannot hit, and never takes a card from
  the same player a third time while it can ask anything else; among equals,
  a set the table already knows it holds (the ask tells the other team
  nothing new), then the set it holds most of. ``benchmarks/bots.py --tact``
  measured weighing what an ask gives away against its chance to hit: it lost
  to the expert that does not, so the default :class:`Tact` does not weigh it;
- when no ask can hit and nothing is certain, it asks anyway rather than make a
  claim that can be wrong; in the endgame, or when it must claim, it claims a
  certain set if it has one, else the set whose likeliest placement is most
  probable.

``ExpertBot(rng, discreet=False)`` is the expert as it was before issue 31 (the
best chance alone, ping-pong allowed, a guess rather than a hopeless ask):
``benchmarks/bots.py --levels`` and ``--tact`` play the two head to head.
``ExpertBot(rng, tact=None)`` is the expert of issue 31 before it kept its
certain sets (asks close to the best chance weighed by what they give away,
:meth:`ExpertBot.weighed`).

    >>> import random
    >>> from trainer.game.notation import read_game
    >>> game = read_game(EXAMPLES / "six-diamonds.lit")
    >>> bot = ExpertBot(random.Random(0))
    >>> move = bot.decide(View.of(game.setup, game.events, "Ann"))
    >>> move.half_suit, dict(move.declared)[Card.parse("6D")]
    (HalfSuit.parse('LD'), 'Cat')
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass
from fractions import Fraction

from trainer.engine import Knowledge, solve
from trainer.game.cards import Card, HalfSuit
from trainer.game.errors import LiteratureError
from trainer.game.events import Ask, Event
from trainer.play import signals
from trainer.play.memory import Memory
from trainer.play.protocol import BotKind, most_cards
from trainer.play.view import AskFor, ClaimSet, Move, PassTo, Role, View

CLEARLY_BETTER = Fraction(1, 4)  # a teammate's best ask beats the seat's own by this much: hand the turn over
CLOSE = Fraction(1, 10)  # asks this close to the best chance are weighed (:meth:`ExpertBot.weighed`)
COMPLETES = Fraction(1, 2)  # a hit that makes a set certain for the team is worth this much more
DISRUPTS = Fraction(0)  # a hit on a set the other team is close to proving is worth this much more
DISRUPT_AT = 4  # close: this many of the set's other cards forced onto the other team
WEIGHED = 3  # at most this many cards are weighed by what they give away (two exact solves of the public view each)
GIVEAWAY = Fraction(1, 1000)  # what one card of the hand the table can then prove costs: a tie-break only
GIVEAWAY_PLAYERS = 6  # weighed at 6 players only: at 8 the public view's solves cost too much to make on every move


@dataclass(frozen=True)
class Tact:
    """How the expert weighs an ask beyond its chance to hit (each in hits: 1 is one card won, the turn kept).

    The default is the one ``benchmarks/bots.py --tact`` found to beat the expert before issue 31:

    >>> Tact().hoard, Tact().completes, Tact().miss
    (True, Fraction(1, 1), Fraction(0, 1))
    """

    miss: Fraction = Fraction(0)
    """Per ask the target could then surely make against the team (a card the table has seen move to it, of a set
    the target may hold a card of), weighted by the chance of a miss: a miss hands the target the turn."""
    completes: Fraction = Fraction(1)
    """A hit that makes its set certain for the team (every other card of it forced onto the team)."""
    empties: Fraction = Fraction(0)
    """A hit that takes the target's last card (it can never ask again)."""
    reveal: Fraction = Fraction(0)
    """Per opponent who may hold a card of the set, a hit that shows the table the card (it can be asked back),
    unless the hit makes the set certain."""
    window: Fraction | None = None
    """Only asks this close to the best chance are weighed (``None``: all of them)."""
    ahead: Fraction = Fraction(1, 2)
    """A hit is worth this much more per unit of the best chance of the ask after it (the seat's exact view after
    the hit: one more solve per ask weighed, the :data:`WEIGHED` best only); in ``classic`` only unless
    :attr:`ahead_fish54`. With the signal, against the expert before it at classic 6p: 71% and 69% of the decided
    games on two seeds, against 65% and 64% without (``fish54`` 6p: 68% against 71%)."""
    ahead_fish54: bool = False
    """Weigh :attr:`ahead` in ``fish54`` too."""
    hoard: bool = True
    """``classic``: keep every certain set (the other team holds none of its cards, so nothing can take it away)
    and claim one only to hand the turn to a teammate with a better ask, or when nothing else can be done."""
    handover: Fraction = Fraction(1, 100)
    """A teammate's best ask beats the seat's own by this much: claim a kept set and hand the turn over."""
    pass_best: bool = False
    """A seat that passes (no cards, or ``fish54``'s pick) hands the turn to the teammate with the best ask (as far
    as the seat can tell), not the one with most cards."""
    pick_handover: bool = False
    """``fish54``: when the team picks who plays, a teammate with a better ask plays."""
    tell: bool = False
    """Among asks of equal worth, a set the table does not yet know the seat holds (partners learn it), rather
    than one it knows."""
    safe: bool = False
    """Among asks of equal worth (and for an ask that cannot hit), the target who could then surely take least
    from the team (cards the table has seen move to the team, of sets the target may hold): a miss hands it the
    turn."""
    disrupts: Fraction = Fraction(0)
    """A hit on a set the other team would otherwise hold whole (every other card of it forced onto them)."""
    secures: Fraction = Fraction(0)
    """A hit after which the other team certainly holds no card of its set (it can never ask for one again),
    unless it makes the set certain (:attr:`completes`)."""
    target: int = 0
    """Among asks of equal worth: 1 the target with most cards, -1 the one with fewest (the miss hands it the
    turn), 0 no preference."""


TACT = Tact()


@dataclass(frozen=True)
class ExpertWhy:
    """Why the expert's move is not the ask with the best chance to hit (the coach says it, issue 44).

    ``reason``: ``keep`` (``classic``: it keeps the certain set ``half_suit``, which nothing can take away, to hand
    the turn on later, and asks), ``handover`` (it claims a kept set, or passes, to hand the turn to ``mate``,
    whose best ask hits with ``better``), ``completes`` (a hit makes ``half_suit`` certain for the team),
    ``fair`` (the best chance takes a card from the same player a third time)
    ``signals`` (the signals it reads, :mod:`trainer.play.signals`, make it the likeliest: it hits with
    ``better`` by them, ``chance`` by the rules alone, against ``best``, the best by the rules alone) or
    ``weighs`` (it weighs the ask beyond its chance). ``chance``: the chance the expert's ask hits; ``best``: the
    best chance among the asks.
    """

    reason: str
    chance: Fraction = Fraction(0)
    best: Fraction = Fraction(0)
    half_suit: HalfSuit | None = None
    mate: str | None = None
    better: Fraction = Fraction(0)


class ExpertBot:
    """Exact knowledge, best-chance asks, certain claims, one set kept in reserve as a stalemate breaker."""

    kind = BotKind.EXPERT

    def __init__(
        self, rng: random.Random, stalemate_breaker: bool = True, discreet: bool = True, tact: Tact | None = TACT,
        partners: Collection[str] = (), keeps: bool = True, rivals: Collection[str] = (),
    ) -> None:
        """``partners``: the teammates who keep the signal (:mod:`trainer.play.signals`); the bot reads theirs,
        and with ``keeps`` keeps it too (``False``: the person's seat, whose asks nobody reads). ``rivals``: the
        opponents who keep it among themselves, whose asks the bot reads too (the convention is no secret).
        ``stalemate_breaker=False`` plays ``classic`` as before the breaker: no reserve, never a handover
        (``benchmarks/bots.py`` measures what the breaker is worth against that). ``discreet=False`` plays as
        the expert did before issue 31: the best chance alone, ping-pong allowed, a guessed claim rather than an
        ask that cannot hit (``benchmarks/bots.py --discreet`` plays the two against each other)."""
        self.rng = rng
        self.partners = frozenset(partners)
        self.keeps = keeps and bool(self.partners)
        self.read = self.partners | frozenset(rivals)
        self.breaker = stalemate_breaker
        self.discreet = discreet
        self.tact = tact if discreet else None
        self._cached: tuple[tuple[str, int], Knowledge] | None = None
        self._public: tuple[int, frozenset[Card]] | None = None

    def knowledge(self, view: View) -> Knowledge:
        """The exact knowledge of the seat (cached for the last position seen)."""
        key = (view.seat, len(view.events))
        if self._cached is None or self._cached[0] != key:
            self._cached = (key, signals.knowledge(view, self.read))
        return self._cached[1]

    def legal(self, view: View) -> list[tuple[str, Card]]:
        """The asks the bot may make: the legal ones, only those that keep the signal when it has partners."""
        asks = view.legal_asks()
        return signals.signalling(view.hand, asks) if self.keeps else asks

    def decide(self, view: View) -> Move:
        """The expert's move (see the module documentation)."""
        if view.role is Role.PASS or (view.role is Role.PICK and not view.hand):
            return PassTo(self.pass_to(view))
        if (view.role is Role.PICK and self.tact is not None and self.tact.pick_handover and view.pass_targets()
                and not view.stalled):
            k = self.knowledge(view)
            mate = self.better_teammate(view, k, self.asks(view, k))
            if mate is not None:
                return PassTo(mate)
        classic_breaker = self.breaker and view.setup.variant.pass_after_claim
        hoard = classic_breaker and self.tact is not None and self.tact.hoard
        if classic_breaker and view.handover_targets() and not view.stalled:
            k = self.knowledge(view)
            mate = self.better_teammate(view, k, self.asks(view, k))
            if mate is not None:
                return PassTo(mate)
        if view.role is not Role.CLAIM and not view.stalled:
            quick = self.quick(view, hoard)
            if quick is not None:
                return quick
        k = self.knowledge(view)
        claimable = k.claimable(view.team)
        if view.role is Role.CLAIM or view.stalled:
            return self.claim(view, k, claimable)
        asks = self.asks(view, k)
        if view.role is Role.PICK and not asks and view.pass_targets() and not claimable:
            return PassTo(self.pass_to(view))
        reserve = self.reserve(view, claimable)
        for half, holders in claimable.items():
            if half is not reserve and not hoard:
                return ClaimSet.of(half, holders)
        if hoard and claimable and self.better_teammate(view, k, asks):
            half = min(claimable, key=lambda h: (sum(p != view.seat for p in claimable[h].values()), h.index))
            return ClaimSet.of(half, claimable[half])  # a kept set claimed to hand the turn on
        if reserve is not None and classic_breaker and self.better_teammate(view, k, asks):
            return ClaimSet.of(reserve, claimable[reserve])  # the stalemate breaker: claim, then hand the turn on
        if asks:
            return self.best_ask(view, asks)
        if self.discreet and not claimable and self.legal(view):
            return self.hopeless_ask(view)  # never a claim that can be wrong while a question can be asked
        return self.claim(view, k, claimable)  # stalemate: use the reserve, or the surest set in hand

    def why(self, view: View, move: Move) -> ExpertWhy | None:
        """Why ``move`` (this bot's move in ``view``) is not the ask with the best chance to hit, if it is not
        (``None``: it is, or it is a certain claim or a pass the coach would advise too)."""
        if view.role not in (Role.PLAY, Role.PICK) or not view.hand:
            return None
        k = self.knowledge(view)
        legal = self.legal(view)
        chances = {(t, c): k.holders(c).get(t, Fraction(0)) for t, c in legal}
        best = max(chances.values(), default=Fraction(0))
        claimable = k.claimable(view.team)
        if isinstance(move, PassTo) or (isinstance(move, ClaimSet) and move.half_suit in claimable
                                        and view.setup.variant.pass_after_claim and legal and not view.stalled):
            mate = move.to if isinstance(move, PassTo) else self.better_teammate(view, k, self.asks(view, k))
            if mate is None:
                return None
            return ExpertWhy("handover", best=best, mate=mate, better=self.teammate_chance(view, k, mate))
        if not isinstance(move, AskFor):
            return None
        chance = chances.get((move.target, move.card), Fraction(0))
        if claimable and view.setup.variant.pass_after_claim:
            half = min(claimable, key=lambda h: h.index)
            return ExpertWhy("keep", chance=chance, best=best, half_suit=half)
        if chance >= best:
            return self.signalled(view, move, legal, chance)
        team = set(view.setup.members(view.team))
        half = move.card.half_suit
        if all(k.forced(c) in team for c in half.cards if c != move.card):
            return ExpertWhy("completes", chance=chance, best=best, half_suit=half)
        top = [a for a, p in chances.items() if p == best]
        fair = set(view.fair(legal))
        if not any(a in fair for a in top):
            return ExpertWhy("fair", chance=chance, best=best)
        return ExpertWhy("weighs", chance=chance, best=best)

    def signalled(self, view: View, move: AskFor, legal: list[tuple[str, Card]], chance: Fraction) -> ExpertWhy | None:
        """``signals`` when the ask, the best by the bot's view, is not the best by the rules alone: the signals it
        reads made it so (``chance`` and ``best`` by the rules alone, ``better`` by the bot's view)."""
        if not self.read:
            return None
        plain = solve(view.setup, view.events, view.seat)
        chances = {(t, c): plain.holders(c).get(t, Fraction(0)) for t, c in legal}
        best = max(chances.values(), default=Fraction(0))
        alone = chances.get((move.target, move.card), Fraction(0))
        return ExpertWhy("signals", chance=alone, best=best, better=chance) if alone < best else None

    def pass_to(self, view: View) -> str:
        """The teammate handed the turn: the one with most cards, or (:attr:`Tact.pass_best`) the best ask."""
        targets = view.pass_targets()
        if self.tact is None or not self.tact.pass_best or len(targets) < 2:
            return most_cards(view, targets)
        k = self.knowledge(view)
        chance = {mate: self.teammate_chance(view, k, mate) for mate in targets}
        best = max(chance.values())
        return most_cards(view, [mate for mate in targets if chance[mate] == best])

    def quick(self, view: View, hoard: bool = False) -> Move | None:
        """A move the exact engine would also make, found without it: a sure hit, or a sure claim.

        A card seen to move to an opponent is there for certain (chance 1, the
        best there is); a set a careful memory places on the team is claimable.
        """
        memory = Memory(view)
        if view.setup.variant.pass_after_claim and not hoard:  # classic: claim at once all but one (the reserve)
            certain = memory.certain_sets(view.team)
            if len(certain) > (1 if self.breaker else 0):
                return ClaimSet.of(certain[0], {c: memory.holder[c] for c in certain[0].cards})
        asks = view.fair(self.legal(view)) if self.discreet else self.legal(view)
        sure = [(Fraction(1), t, c) for t, c in asks if memory.holder.get(c) == t]
        return self.best_ask(view, sure) if sure else None

    def reserve(self, view: View, claimable: dict[HalfSuit, dict[Card, str]]) -> HalfSuit | None:
        """The certain set kept back as a stalemate breaker: the one with most cards away from the seat."""
        if not claimable or (view.setup.variant.pass_after_claim and not self.breaker):
            return None
        return max(claimable, key=lambda h: (sum(p != view.seat for p in claimable[h].values()), -h.index))

    def better_teammate(self, view: View, k: Knowledge, asks: list[tuple[Fraction, str, Card]]) -> str | None:
        """A teammate whose best ask (as far as the seat can tell) is clearly better than the seat's own best.

        What a teammate can ask is judged from the seat's exact view: a set the
        teammate certainly holds a card of, a card of it the teammate certainly
        lacks, the chance an opponent with cards holds it. The teammate knows
        at least that much, so the chance is one they can see too.
        """
        own = max((chance for chance, _, _ in asks), default=Fraction(0))
        best: tuple[Fraction, str] | None = None
        for mate in view.teammates:
            if not view.state.sizes[mate]:
                continue
            chance = self.teammate_chance(view, k, mate)
            margin = CLEARLY_BETTER if self.tact is None else self.tact.handover
            if chance >= own + margin and (best is None or chance > best[0]):
                best = (chance, mate)
        return None if best is None else best[1]

    def teammate_chance(self, view: View, k: Knowledge, mate: str) -> Fraction:
        """The best chance of a hit among the asks ``mate`` can certainly make (seen from the seat)."""
        opponents = [p for p in view.opponents if view.state.sizes[p]]
        best = Fraction(0)
        for half in view.live_sets():
            if not any(k.forced(c) == mate for c in half.cards):
                continue
            for card in half.cards:
                if k.count(card, mate):
                    continue  # the teammate may hold it: not an ask they can surely make
                if mate in self.partners and not any(k.forced(c) == mate for c in signals.neighbours(card)):
                    continue  # a partner keeps the signal: only a card next to one they surely hold
                chances = k.holders(card)
                best = max([best, *(chances.get(p, Fraction(0)) for p in opponents)])
        return best

    def asks(self, view: View, k: Knowledge) -> list[tuple[Fraction, str, Card]]:
        """Every legal ask that can hit, with its exact chance."""
        asks = self.legal(view)
        if self.discreet:  # no card taken from one player a third time, unless nothing else can be asked
            asks = view.fair(asks)
        found = []
        for target, card in asks:
            chance = k.holders(card).get(target, Fraction(0))
            if chance > 0:
                found.append((chance, target, card))
        return found

    def best_ask(self, view: View, asks: list[tuple[Fraction, str, Card]]) -> AskFor:
        """The best chance, less what the ask gives away (when discreet); among equals, the ask that tells
        the other team least."""
        if self.tact is not None and len(asks) > 1:
            asks = self.tactful(view, asks, self.tact)
        elif self.discreet and len({c for _, _, c in asks}) > 1:
            asks = self.weighed(view, asks)
        best = max(chance for chance, _, _ in asks)
        top = [(target, card) for chance, target, card in asks if chance == best]
        shown = self.shown_sets(view)
        hand = view.hand

        lean = 0 if self.tact is None else self.tact.target
        tell = self.tact is not None and self.tact.tell
        sizes = view.state.sizes
        danger = self.danger(view, {t for t, _ in top}) if self.tact is not None and self.tact.safe else {}

        def quietness(ask: tuple[str, Card]) -> tuple[Fraction, bool, int, int]:
            half = ask[1].half_suit
            return (-danger.get(ask[0], Fraction(0)), (half in shown) != tell, sum(c.half_suit is half for c in hand),
                    lean * sizes[ask[0]])

        quietest = max(quietness(a) for a in top)
        target, card = self.rng.choice([a for a in top if quietness(a) == quietest])
        return AskFor(target, card)

    def danger(self, view: View, targets: set[str]) -> dict[str, Fraction]:
        """For each of ``targets``: the asks it could then surely make against the team, as far as the seat can
        tell (each card the table has seen move to the team, weighted by the chance the target holds another card
        of its set)."""
        if len(targets) < 2:
            return {}
        k = self.knowledge(view)
        team = set(view.setup.members(view.team))
        state = view.state
        shown = [c for c, p in state.located.items() if p in team and state.in_play(c)]
        found = {}
        for target in targets:
            total = Fraction(0)
            for card in shown:
                lacks = Fraction(1)
                for c in card.half_suit.cards:
                    if c != card:
                        lacks *= 1 - k.holders(c).get(target, Fraction(0))
                total += 1 - lacks
            found[target] = total
        return found

    def shown_sets(self, view: View) -> set[HalfSuit]:
        """Sets the table already knows the seat holds a card of (it asked for one, or took one)."""
        shown = {c.half_suit for c, p in view.state.located.items() if p == view.seat}
        for event in view.events:
            if isinstance(event, Ask) and event.asker == view.seat:
                shown.add(event.card.half_suit)
        return {h for h in shown if view.state.in_play(h.cards[0])}

    def hopeless_ask(self, view: View) -> AskFor:
        """An ask that cannot hit, made rather than a claim that can be wrong: the quietest one."""
        asks = view.fair(self.legal(view))
        return self.best_ask(view, [(Fraction(0), target, card) for target, card in asks])

    def proven(self, view: View, events: tuple[Event, ...]) -> frozenset[Card]:
        """The seat's cards that anyone at the table can prove it holds after ``events`` (the public view)."""
        try:
            return solve(view.setup.public(), events, None).certain(view.seat)
        except LiteratureError:  # cannot happen for a real position; give nothing away rather than fail
            return frozenset()

    def weighed(self, view: View, asks: list[tuple[Fraction, str, Card]]) -> list[tuple[Fraction, str, Card]]:
        """The asks close to the best chance (:data:`CLOSE`), scored by what a hit is worth and, among the best,
        by what the ask gives away.

        A hit is worth its chance, :data:`COMPLETES` more when it would make
        its set certain for the team (every other card of it forced onto the
        team). Among the asks worth most, what an ask gives away decides: the
        cards of the seat's hand that the table can prove it holds afterwards
        and could not before (beyond the card taken, which every hit shows), on
        a hit and on a miss, weighted by their chances. ``benchmarks/bots.py``
        measured a heavier weight (a fifth or a tenth of a hit per card, traded
        against the chance to hit): it lost to the expert that ignores it, so
        it only breaks ties, and only at :data:`GIVEAWAY_PLAYERS` players.
        """
        best = max(chance for chance, _, _ in asks)
        close = [a for a in asks if a[0] >= best - CLOSE]
        k = self.knowledge(view)
        team = set(view.setup.members(view.team))
        worth: dict[Card, tuple[Fraction, Fraction, str]] = {}
        for chance, target, card in close:
            others = [k.forced(c) for c in card.half_suit.cards if c != card]
            completes = all(p in team for p in others)
            disrupts = sum(p is not None and p not in team for p in others) >= DISRUPT_AT
            value = chance * (1 + COMPLETES * completes + DISRUPTS * disrupts)
            if card not in worth or (value, chance) > worth[card][:2]:
                worth[card] = (value, chance, target)
        top = max(value for value, _, _ in worth.values())
        cards = sorted(c for c, w in worth.items() if w[0] == top)
        if len(cards) < 2 or len(view.setup.players) > GIVEAWAY_PLAYERS:
            return [(worth[c][0], target, c) for chance, target, c in close if c in cards and chance == worth[c][1]]
        key = len(view.events)
        if self._public is None or self._public[0] != key:
            self._public = (key, self.proven(view, view.events))
        before = self._public[1]
        hand = view.hand
        scored: list[tuple[Fraction, str, Card]] = []
        for card in cards[:WEIGHED]:
            _, chance, target = worth[card]
            cost = Fraction(0)
            for hit, weight in ((True, chance), (False, 1 - chance)):
                if weight:
                    after = self.proven(view, (*view.events, Ask(view.seat, target, card, hit)))
                    cost += weight * len((after - before - {card}) & hand)
            scored.append((top - GIVEAWAY * cost, target, card))
        return scored

    def tactful(
        self, view: View, asks: list[tuple[Fraction, str, Card]], tact: Tact
    ) -> list[tuple[Fraction, str, Card]]:
        """Each ask scored by its chance to hit and what a hit or a miss leads to (:class:`Tact`)."""
        if max(chance for chance, _, _ in asks) == 0:
            return asks
        k = self.knowledge(view)
        team = set(view.setup.members(view.team))
        state = view.state
        shown = [c for c, p in state.located.items() if p in team and state.in_play(c)]

        def may_hold(player: str, half: HalfSuit, but: Card | None = None) -> Fraction:
            lacks = Fraction(1)
            for c in half.cards:
                if c != but:
                    lacks *= 1 - k.holders(c).get(player, Fraction(0))
            return 1 - lacks

        danger: dict[str, Fraction] = {}
        for target in {t for _, t, _ in asks}:
            danger[target] = sum((may_hold(target, c.half_suit, c) for c in shown), Fraction(0))
        best = max(chance for chance, _, _ in asks)
        chance_of = {(t, c): chance for chance, t, c in asks}
        scored = []
        for chance, target, card in asks:
            if tact.window is not None and chance < best - tact.window:
                continue
            others = [k.forced(c) for c in card.half_suit.cards if c != card]
            completes = all(p in team for p in others)
            value = 1 + tact.completes * completes + tact.empties * (state.sizes[target] == 1)
            if tact.disrupts and all(p is not None and p not in team for p in others):
                value += tact.disrupts
            if tact.secures and not completes and not any(
                    k.holders(c).get(o) for c in card.half_suit.cards if c != card for o in view.opponents):
                value += tact.secures
            if tact.reveal and not completes:
                value -= tact.reveal * sum(
                    (may_hold(o, card.half_suit, card) for o in view.opponents if state.sizes[o] and o != target),
                    Fraction(0),
                )
            scored.append((chance * value - (1 - chance) * tact.miss * danger[target], target, card))
        ahead = tact.ahead if view.setup.variant.pass_after_claim or tact.ahead_fish54 else Fraction(0)
        if ahead:
            scored.sort(key=lambda a: a[0], reverse=True)
            scored = [(v + chance_of[(t, c)] * ahead * self.next_chance(view, t, c), t, c)
                      for v, t, c in scored[:WEIGHED]]
        return scored

    def next_chance(self, view: View, target: str, card: Card) -> Fraction:
        """The best chance of the seat's next ask after ``target`` gives it ``card``."""
        hit = Ask(view.seat, target, card, True)
        state = view.state.copy()
        state.apply(hit)
        after = View(view.seat, view.setup, (*view.events, hit), Role.PLAY, state=state)
        try:
            k = solve(view.setup, after.events, view.seat)
        except LiteratureError:
            return Fraction(0)
        return max((chance for chance, _, _ in self.asks(after, k)), default=Fraction(0))

    def claim(self, view: View, k: Knowledge, claimable: dict[HalfSuit, dict[Card, str]]) -> ClaimSet:
        """A certain set if any; else the set whose likeliest placement on the team is most probable."""
        if claimable:
            half = next(iter(claimable))
            return ClaimSet.of(half, claimable[half])
        among = view.claimers() or list(view.setup.members(view.team))
        hand_sets = {c.half_suit for c in view.hand}

        def placement(half: HalfSuit) -> tuple[Fraction, bool, int]:
            sure = Fraction(1)
            for card in half.cards:
                sure *= max((k.holders(card).get(p, Fraction(0)) for p in among), default=Fraction(0))
            return sure, half in hand_sets, -half.index

        half = max(view.live_sets(), key=placement)
        return ClaimSet.of(half, {card: likeliest(k, card, among) for card in half.cards})


def likeliest(k: Knowledge, card: Card, among: list[str]) -> str:
    """The likeliest holder of ``card`` among ``among`` (seat order breaks ties)."""
    chances = k.holders(card)
    return max(among, key=lambda p: (chances.get(p, Fraction(0)), -among.index(p)))
