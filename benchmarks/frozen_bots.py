"""A frozen copy of the bots' levels as they were before issue 44 (``easy``, ``medium``, ``hard``, ``expert``).

``benchmarks/bots.py --frozen`` plays today's levels against these, seats swapped. The code is the code of
``trainer/play/memory.py``, ``protocol.py`` (``most_cards``, ``retakes``, ``fresh``), ``expert.py`` and
``levels.py`` at the commit before issue 44 was worked on, in one module, its doctests left out. It is not part
of the game: nothing in ``trainer`` imports it. Do not change it (except to follow a rename elsewhere).
"""

# ruff: noqa
from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from trainer.engine import Knowledge, solve
from trainer.game.cards import Card, HalfSuit
from trainer.game.errors import LiteratureError
from trainer.game.events import Ask, Claim, Event
from trainer.game.state import SetStatus
from trainer.play.protocol import BotKind
from trainer.play.view import AskFor, ClaimSet, Move, PassTo, Role, View


# -- trainer/play/memory.py -------------------------------------------------------------------------------------


class Memory:
    """The facts one seat remembers and the deductions a careful human makes from them."""

    def __init__(self, view: View, span: int | None = None, hand_counting: bool = True) -> None:
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
        for event in events:
            if isinstance(event, Ask):
                half = event.card.half_suit
                some[event.asker].add(half)
                if event.hit:
                    holder[event.card] = event.asker
                    moved[event.card] = (event.target, event.asker)
                    not_with.pop(event.card, None)
                    some[event.target].discard(half)  # it may have been their only card of the set
                else:
                    not_with.setdefault(event.card, set()).update((event.asker, event.target))
            elif isinstance(event, Claim):
                for card in event.half_suit.cards:
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
        known = self.known_counts()
        weights = {p: self._weight(card, p, known) for p in possible}
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


# -- trainer/play/protocol.py (most_cards, retakes, fresh) ---------------------------------------------


def most_cards(view: View, players: list[str]) -> str:
    """The player with the most cards (seat order after ``view.seat`` breaks ties)."""
    order = view.setup.players
    start = order.index(view.seat)
    return max(players, key=lambda p: (view.state.sizes[p], -((order.index(p) - start) % len(order))))


def retakes(
    view: View, moved: Mapping[Card, tuple[str, str]], holder: Mapping[Card, str | None]
) -> Callable[[str, Card], bool]:
    """Whether asking ``target`` for ``card`` would take back a card that ``target`` took from the seat's team
    (``moved``: each card's last move, giver and taker) without making its set certain for the team (``holder``:
    the cards placed for sure). Such an ask tells nothing new, and the other team can ask the card back: good
    players leave it until it completes the set.

    """
    members = set(view.setup.members(view.team))

    def back(target: str, card: Card) -> bool:
        giver, taker = moved.get(card, ("", ""))
        if taker != target or giver not in members:
            return False
        return not all(holder.get(c) in members for c in card.half_suit.cards if c != card)

    return back


def fresh(
    asks: Sequence[tuple[str, Card]], back: Callable[[str, Card], bool], chance: Callable[[Card, str], Fraction]
) -> list[tuple[str, Card]]:
    """``asks`` less those that take a card back (``back``, see :func:`retakes`), unless nothing else can hit
    (by ``chance``: of a card being with a player).

    """
    rest = [(t, c) for t, c in asks if not back(t, c)]
    if len(rest) == len(asks) or not any(chance(c, t) for t, c in rest):
        return list(asks)
    return rest



# -- trainer/play/expert.py -------------------------------------------------------------------------------------


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
    ahead: Fraction = Fraction(0)
    """A hit is worth this much more per unit of the best chance of the ask after it (the seat's exact view after
    the hit: one more solve per ask weighed, the :data:`WEIGHED` best only)."""
    hoard: bool = True
    """``classic``: keep every certain set (the other team holds none of its cards, so nothing can take it away)
    and claim one only to hand the turn to a teammate with a better ask, or when nothing else can be done."""
    handover: Fraction = Fraction(1, 100)
    """A teammate's best ask beats the seat's own by this much: claim a kept set and hand the turn over."""


TACT = Tact()


class ExpertBot:
    """Exact knowledge, best-chance asks, certain claims, one set kept in reserve as a stalemate breaker."""

    kind = BotKind.EXPERT

    def __init__(
        self, rng: random.Random, stalemate_breaker: bool = True, discreet: bool = True, tact: Tact | None = TACT
    ) -> None:
        """``stalemate_breaker=False`` plays ``classic`` as before the breaker: no reserve, never a handover
        (``benchmarks/bots.py`` measures what the breaker is worth against that). ``discreet=False`` plays as
        the expert did before issue 31: the best chance alone, ping-pong allowed, a guessed claim rather than
        an ask that cannot hit (``benchmarks/bots.py --discreet`` plays the two against each other)."""
        self.rng = rng
        self.breaker = stalemate_breaker
        self.discreet = discreet
        self.tact = tact if discreet else None
        self._cached: tuple[tuple[str, int], Knowledge] | None = None
        self._public: tuple[int, frozenset[Card]] | None = None

    def knowledge(self, view: View) -> Knowledge:
        """The exact knowledge of the seat (cached for the last position seen)."""
        key = (view.seat, len(view.events))
        if self._cached is None or self._cached[0] != key:
            self._cached = (key, solve(view.setup, view.events, view.seat))
        return self._cached[1]

    def decide(self, view: View) -> Move:
        """The expert's move (see the module documentation)."""
        if view.role is Role.PASS or (view.role is Role.PICK and not view.hand):
            return PassTo(most_cards(view, view.pass_targets()))
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
            return PassTo(most_cards(view, view.pass_targets()))
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
        if self.discreet and not claimable and view.legal_asks():
            return self.hopeless_ask(view)  # never a claim that can be wrong while a question can be asked
        return self.claim(view, k, claimable)  # stalemate: use the reserve, or the surest set in hand

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
        asks = view.fair(view.legal_asks()) if self.discreet else view.legal_asks()
        back = self.retakes(view, memory.moved, memory.holder)
        sure = [(Fraction(1), t, c) for t, c in asks if memory.holder.get(c) == t and not back(t, c)]
        return self.best_ask(view, sure) if sure else None

    def retakes(
        self, view: View, moved: Mapping[Card, tuple[str, str]], holder: Mapping[Card, str | None]
    ) -> Callable[[str, Card], bool]:
        """Which asks would take back a card the other team took from the seat's team without making its set
        certain (:func:`~trainer.play.protocol.retakes`): left while anything else can hit."""
        if not self.discreet:
            return lambda target, card: False
        return retakes(view, moved, holder)

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
        back = self.retakes(view, Memory(view).moved, {c: k.forced(c) for h in view.live_sets() for c in h.cards})
        best = Fraction(0)
        for half in view.live_sets():
            if not any(k.forced(c) == mate for c in half.cards):
                continue
            for card in half.cards:
                if k.count(card, mate):
                    continue  # the teammate may hold it: not an ask they can surely make
                chances = k.holders(card)
                best = max([best, *(chances.get(p, Fraction(0)) for p in opponents if not back(p, card))])
        return best

    def asks(self, view: View, k: Knowledge) -> list[tuple[Fraction, str, Card]]:
        """Every legal ask that can hit, with its exact chance."""
        asks = view.legal_asks()
        if self.discreet:  # no card taken from one player a third time, unless nothing else can be asked
            asks = view.fair(asks)
            forced = {c: k.forced(c) for h in view.live_sets() for c in h.cards}
            back = self.retakes(view, Memory(view).moved, forced)
            asks = fresh(asks, back, lambda card, target: k.holders(card).get(target, Fraction(0)))
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

        def quietness(ask: tuple[str, Card]) -> tuple[bool, int]:
            half = ask[1].half_suit
            return half in shown, sum(c.half_suit is half for c in hand)

        quietest = max(quietness(a) for a in top)
        target, card = self.rng.choice([a for a in top if quietness(a) == quietest])
        return AskFor(target, card)

    def shown_sets(self, view: View) -> set[HalfSuit]:
        """Sets the table already knows the seat holds a card of (it asked for one, or took one)."""
        shown = {c.half_suit for c, p in view.state.located.items() if p == view.seat}
        for event in view.events:
            if isinstance(event, Ask) and event.asker == view.seat:
                shown.add(event.card.half_suit)
        return {h for h in shown if view.state.in_play(h.cards[0])}

    def hopeless_ask(self, view: View) -> AskFor:
        """An ask that cannot hit, made rather than a claim that can be wrong: the quietest one."""
        asks = view.fair(view.legal_asks())
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
            if tact.reveal and not completes:
                value -= tact.reveal * sum(
                    (may_hold(o, card.half_suit, card) for o in view.opponents if state.sizes[o] and o != target),
                    Fraction(0),
                )
            scored.append((chance * value - (1 - chance) * tact.miss * danger[target], target, card))
        if tact.ahead:
            scored.sort(key=lambda a: a[0], reverse=True)
            scored = [(v + chance_of[(t, c)] * tact.ahead * self.next_chance(view, t, c), t, c)
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


# -- trainer/play/levels.py -------------------------------------------------------------------------------------


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


def frozen_bot(kind: BotKind | str, rng: random.Random) -> ExpertBot | LevelBot:
    """Today's (before issue 44) bot of level ``kind`` (``easy``, ``medium``, ``hard`` or ``expert``)."""
    kind = BotKind(kind)
    return LevelBot(LEVEL[kind], rng) if kind in LEVEL else ExpertBot(rng)
