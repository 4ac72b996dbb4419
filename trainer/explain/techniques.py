"""Named, human-sized deduction techniques: one small function each, cheapest first.

A :class:`Mind` holds what a player has worked out so far on top of a
:class:`~trainer.engine.facts.Board`: derived holders and exclusions, each
with the step that found it. A technique looks at the mind and returns the
next :class:`Step` it can take (a new fact, with its reasons), or ``None``:

1. :func:`seen`: the card moved in a hit or is in your own hand;
2. :func:`elimination`: every player but one is ruled out for a card;
3. :func:`ask_inference`: an asker held another card of the set, and only one is left for them;
4. :func:`hand_counting`: a hand is full with known cards, or has exactly as many places as candidates;
   :func:`shared_asks` (same rung): k askers each need one of the same k cards, so nobody else has them;
5. :func:`chains`: techniques 2 to 4 again, now allowed to use derived facts (shallowest first);
6. :func:`case_analysis`: "suppose Eve held 9C ..." (or "suppose Bob did not hold 9C ...", one
   contradiction for every other candidate) until a contradiction, for what the exact engine proves and
   nothing above reaches.

Techniques 2 to 4 take a ``limit``: the deepest derived fact they may use
(0: only what the table shows). A step's ``depth`` is one more than the deepest
fact it uses, and a step of depth 2 or more counts as a chain.

    >>> from trainer.game.notation import read_game
    >>> from trainer.engine.facts import Board
    >>> game = read_game(EXAMPLES / "six-diamonds.lit")
    >>> mind = Mind(Board.build(game.setup, game.events, "Ann"))
    >>> step = ask_inference(mind)
    >>> step.technique.label, [str(f) for f in step.facts], step.events
    ('ask inference', ['Cat holds 6D'], (1,))
    >>> step.text
    'Cat asked Bob for 3D on move 1, so Cat held another low diamond; you hold 2D 4D 5D 7D, so it is 6D.'
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from enum import Enum
from typing import NamedTuple, Protocol

from trainer.engine.facts import Board, Fact, Holds, Lacks, OneOf
from trainer.explain.sightings import elsewhere, given, kind_of, sighting
from trainer.explain.wording import gather
from trainer.game.cards import Card, format_cards

DEEP = 1_000_000  # a limit that lets a technique use every derived fact


class Technique(Enum):
    """The ladder of techniques, each on its rung (1 = easiest).

    A rung is the explainer's own scale; a puzzle's *level* (:mod:`puzzles.difficulty`) is made from it.
    """

    SEEN = (1, "seen")
    ELIMINATION = (2, "elimination")
    ASK_INFERENCE = (3, "ask inference")
    HAND_COUNTING = (4, "hand counting")
    SHARED_ASKS = (4, "shared asks")
    CHAINS = (5, "chains")
    CASE_ANALYSIS = (6, "case analysis")

    @property
    def rung(self) -> int:
        """1 (seen) to 6 (case analysis)."""
        return self.value[0]

    @property
    def label(self) -> str:
        """The technique's name in words."""
        return self.value[1]

    @classmethod
    def of_rung(cls, rung: int) -> Technique:
        """The technique on a rung.

        >>> Technique.of_rung(5).label
        'chains'
        """
        return next(t for t in cls if t.rung == rung)


@dataclass(frozen=True)
class Why:
    """The reason a fact is known: a sentence, the moves and steps it comes from, and its depth (0: given)."""

    text: str
    events: frozenset[int] = frozenset()
    steps: frozenset[int] = frozenset()
    depth: int = 0


def ref(step_id: int) -> str:
    """A reference to a step inside a text, turned into ``step 3`` or ``(b)`` when rendered."""
    return f"⟨{step_id}⟩"


_REF = re.compile(r"⟨(\d+)⟩")


def render_refs(text: str, labels: dict[int, str]) -> str:
    """Replace step references with their labels.

    >>> render_refs("Cat holds 6D (⟨12⟩)", {12: "step 1"})
    'Cat holds 6D (step 1)'
    """
    return _REF.sub(lambda m: labels.get(int(m.group(1)), "an earlier step"), text)


@dataclass(frozen=True)
class Step:
    """One deduction: its technique, the facts it adds, why (texts at three depths), and its premises."""

    technique: Technique
    facts: tuple[Fact, ...]
    text: str
    clue: str
    nudge: str
    events: tuple[int, ...] = ()
    uses: tuple[int, ...] = ()
    depth: int = 1
    id: int = 0
    impossible: bool = False
    cases: tuple[Step, ...] = ()
    counted: bool = False  # case analysis settled by counting every deal (no human contradiction found)

    @property
    def rung(self) -> int:
        """The step's rung: its technique's, or 5 (chains) when it rests on a derived fact."""
        if self.technique in (Technique.SEEN, Technique.CASE_ANALYSIS, Technique.CHAINS):
            return self.technique.rung
        return Technique.CHAINS.rung if self.depth >= 2 else self.technique.rung

    @property
    def weight(self) -> float:
        """The effort of the step: its rung over 6, plus the effort of its cases."""
        return self.rung / 6 + sum(case.weight for case in self.cases)


class Premises(NamedTuple):
    """The moves and earlier steps a step rests on, and its depth."""

    events: tuple[int, ...]
    uses: tuple[int, ...]
    depth: int


def _premises(whys: Iterable[Why], events: Iterable[int] = ()) -> Premises:
    found = list(whys)
    return Premises(
        tuple(sorted(set(events).union(*(w.events for w in found)))),
        tuple(sorted(set[int]().union(*(w.steps for w in found)))),
        1 + max((w.depth for w in found), default=0),
    )


def _step(
    technique: Technique,
    facts: tuple[Fact, ...],
    premises: Premises,
    *,
    text: str,
    clue: str,
    nudge: str,
    impossible: bool = False,
) -> Step:
    return Step(technique, facts, _sentences(text), _sentences(clue), _sentences(nudge), premises.events,
                premises.uses, premises.depth, impossible=impossible)


def _sentences(text: str) -> str:
    """Start every sentence with a capital ("... move 119. You took ...").

    >>> _sentences("you hold 2D. you took 10C from Bob.")
    'You hold 2D. You took 10C from Bob.'
    """
    return re.sub(r"(^|[.!?]\s+)([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)


def _join(texts: Iterable[str]) -> str:
    return "; ".join(gather(texts))


class Mind:
    """What a player has worked out: derived holders and exclusions of unseen cards, step by step."""

    def __init__(self, board: Board, ids: Iterator[int] | None = None):
        self.board = board
        self.steps: dict[int, Step] = {}
        self.held: dict[Card, tuple[str, Why]] = {}
        self.lacked: dict[Card, dict[str, Why]] = {}
        self.stated: set[Card] = set()
        self.supposed: Fact | None = None
        self.contradiction: Step | None = None
        self.max_depth = 0
        self._ids = ids if ids is not None else itertools.count(1)

    def suppose(self, fact: Fact) -> Mind:
        """A copy of this mind that also assumes ``fact`` (steps taken in it get fresh ids).

        ``Holds``: "suppose Eve held 9C"; ``Lacks``: "suppose Bob did not hold 9C".
        """
        other = Mind(self.board, self._ids)
        other.steps = dict(self.steps)
        other.held = dict(self.held)
        other.lacked = {c: dict(v) for c, v in self.lacked.items()}
        other.stated = set(self.stated)
        other.max_depth = self.max_depth
        other.supposed = fact
        if isinstance(fact, Holds):
            other.held[fact.card] = (fact.player, Why(f"{fact.player} holds {fact.card} (the supposition)"))
        else:
            other.lacked.setdefault(fact.card, {})[fact.player] = Why(
                f"{fact.player} does not hold {fact.card} (the supposition)")
        return other

    def holder(self, card: Card, limit: int = DEEP) -> tuple[str, Why] | None:
        """Who holds ``card`` now, if known from facts no deeper than ``limit``."""
        seen = self.board.seen.get(card)
        if seen is not None:
            text = sighting(card, seen, self.board.viewer)
            return seen.player, Why(text, frozenset({seen.event} if seen.event else ()))
        found = self.held.get(card)
        if found is not None and found[1].depth <= limit:
            return found
        return None

    def why_lacks(self, card: Card, player: str, limit: int = DEEP) -> Why | None:
        """Why ``player`` cannot hold ``card`` (from facts no deeper than ``limit``), or ``None``."""
        fact = self.board.lacks.get(card, {}).get(player)
        if fact is not None:
            return Why(given(fact), frozenset({fact.event} if fact.event else ()))
        derived = self.lacked.get(card, {}).get(player)
        if derived is not None and derived.depth <= limit:
            return derived
        held = self.holder(card, limit)
        if held is not None and held[0] != player:
            return held[1]
        return None

    def candidates(self, card: Card, limit: int = DEEP) -> list[str]:
        """The players not ruled out for ``card``."""
        return [p for p in self.board.players if self.why_lacks(card, p, limit) is None]

    def knows(self, fact: Fact) -> bool:
        """Whether the fact is already known (at any depth)."""
        if isinstance(fact, Holds):
            held = self.holder(fact.card)
            return held is not None and held[0] == fact.player
        return self.why_lacks(fact.card, fact.player) is not None

    def open_cards(self, limit: int = DEEP) -> list[Card]:
        """Unseen cards whose holder is not known (from facts no deeper than ``limit``)."""
        return [c for c in self.board.unseen if self.holder(c, limit) is None]

    def apply(self, step: Step) -> Step:
        """Record a step (giving it an id) and the facts it adds."""
        clash = None if step.impossible else self._clash(step)
        if clash is not None:
            # two lines of reasoning disagree (only possible under a supposition): that is the contradiction
            step = replace(
                step,
                text=f"{step.text[:-1]}, but {clash.text}. Impossible.",
                events=tuple(sorted(set(step.events) | clash.events)),
                uses=tuple(sorted(set(step.uses) | clash.steps)),
                impossible=True,
            )
        step = replace(step, id=next(self._ids))
        self.steps[step.id] = step
        if step.impossible:
            self.contradiction = step
            return step
        self.max_depth = max(self.max_depth, step.depth)
        for fact in step.facts:
            if isinstance(fact, Holds):
                if fact.card in self.board.seen:
                    self.stated.add(fact.card)
                    continue
                why = Why(f"{fact.player} holds {fact.card} ({ref(step.id)})", steps=frozenset({step.id}),
                          depth=step.depth)
                self.held.setdefault(fact.card, (fact.player, why))
            else:
                why = Why(f"{fact.player} does not hold {fact.card} ({ref(step.id)})", steps=frozenset({step.id}),
                          depth=step.depth)
                self.lacked.setdefault(fact.card, {}).setdefault(fact.player, why)
        return step

    def _clash(self, step: Step) -> Why | None:
        """The reason for an already known fact that contradicts one of ``step``'s facts."""
        for fact in step.facts:
            if isinstance(fact, Holds):
                held = self.holder(fact.card)
                if held is not None and held[0] != fact.player:
                    return held[1]
                lacks = self.why_lacks(fact.card, fact.player)
                if lacks is not None:
                    return lacks
            else:
                held = self.holder(fact.card)
                if held is not None and held[0] == fact.player:
                    return held[1]
        return None


# -- 1. seen ---------------------------------------------------------------------


def seen(mind: Mind) -> Step | None:
    """A seen card not yet stated: it moved in a hit, or it is in your hand.

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game("variant: classic\\nplayers: A B C D E F\\nA asks B for 2S: yes")
    >>> seen(Mind(Board.build(game.setup, game.events, None))).text
    'A took 2S from B on move 1.'
    """
    for card, seen_card in mind.board.seen.items():
        if card in mind.stated:
            continue
        events = (seen_card.event,) if seen_card.event else ()
        where = f"move {seen_card.event}" if seen_card.event else "your hand"
        return Step(
            Technique.SEEN,
            (Holds(card, seen_card.player),),
            text=f"{sighting(card, seen_card, mind.board.viewer)}.",
            clue=f"{card} has been seen.",
            nudge=f"Look at {where}.",
            events=events,
            depth=0,
        )
    return None


# -- 2. elimination --------------------------------------------------------------


def elimination(mind: Mind, limit: int = 0) -> Step | None:
    """A card that only one player can still hold (or, under a supposition, none).

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... hand Ann: 2D 3D 4D 5D 6D 9S JS KH
    ... Ann asks Bob for 7D: no
    ... Bob asks Cat for 7D: no
    ... Cat asks Dan for 7D: no
    ... Dan asks Eve for 7D: no''')
    >>> elimination(Mind(Board.build(game.setup, game.events, "Ann"))).text
    'Only Fay can hold 7D: 7D is not in your hand; Bob, Cat, Dan and Eve said no to 7D (moves 1, 2, 3, 4).'
    """
    players = mind.board.players
    for card in mind.board.unseen:
        if mind.holder(card) is not None:
            continue
        whys: list[Why] = []
        ruled: list[str] = []
        left: list[str] = []
        for player in players:
            why = mind.why_lacks(card, player, limit)
            if why is None:
                left.append(player)
            else:
                whys.append(why)
                ruled.append(mind.board.name(player))
        if len(left) > 1:
            continue
        reasons = _join(w.text for w in whys)
        nudge = f"Look at who could still hold {card}."
        if not left:
            return _step(Technique.ELIMINATION, (), _premises(whys), text=f"Then nobody can hold {card}: {reasons}. "
                         "Impossible.", clue=f"Nobody is left for {card}.", nudge=nudge, impossible=True)
        holder = left[0]
        return _step(Technique.ELIMINATION, (Holds(card, holder),), _premises(whys),
                     text=f"Only {holder} can hold {card}: {reasons}.",
                     clue=f"{card} cannot be with {', '.join(ruled)}.", nudge=nudge)
    return None


# -- 3. ask inference ------------------------------------------------------------


def ask_inference(mind: Mind, limit: int = 0) -> Step | None:
    """An asker held another card of the set: when only one is left for them, it is theirs."""
    board = mind.board
    for one in board.one_of:
        asker = one.player
        remaining: list[Card] = []
        whys: list[Why] = []
        for card in one.cards:
            why = mind.why_lacks(card, asker, limit)
            if why is None:
                remaining.append(card)
            else:
                whys.append(why)
        if len(remaining) > 1:
            continue
        if remaining and mind.knows(Holds(remaining[0], asker)):
            continue
        ask = one.ask
        kind = kind_of(one.half_suit)
        start = f"{asker} asked {ask.target} for {ask.card} on move {one.event}, so {asker} held another {kind}"
        reasons = _join([elsewhere(reason) for reason in one.ruled_out] + [w.text for w in whys])
        nudge = f"Look at {asker}'s ask on move {one.event}."
        clue = f"{asker} must hold another {kind}."
        premises = _premises(whys, [one.event])
        if not remaining:
            return _step(Technique.ASK_INFERENCE, (), premises, text=f"{start}, but none is left: {reasons}. "
                         "Impossible.", clue=clue, nudge=nudge, impossible=True)
        card = remaining[0]
        text = f"{start}; {reasons}, so it is {card}" if reasons else f"{start}, and it can only be {card}"
        if one.event < len(board.events):
            text += f"; {card} has not moved since, so {asker} still holds it"
        return _step(Technique.ASK_INFERENCE, (Holds(card, asker),), premises, text=text + ".", clue=clue,
                     nudge=nudge)
    return None


# -- 4. hand counting ------------------------------------------------------------


def _accounted(mind: Mind, player: str, limit: int) -> tuple[list[str], list[Why]]:
    """The cards known to be with ``player``, as short texts, and the reasons for the derived ones."""
    parts: list[str] = []
    whys: list[Why] = []
    for card in mind.board.seen_with(player):
        seen_card = mind.board.seen[card]
        parts.append(f"{card} (move {seen_card.event})" if seen_card.event else f"{card} (dealt)")
    for card in mind.board.unseen:
        held = mind.holder(card, limit)
        if held is not None and held[0] == player:
            steps = held[1].steps
            parts.append(f"{card} ({ref(min(steps))})" if steps else f"{card} (supposed)")
            whys.append(held[1])
    return parts, whys


def _packing(mind: Mind, player: str, limit: int) -> list[tuple[OneOf, tuple[Card, ...]]]:
    """Asks by ``player`` not yet explained by a known card, whose possible cards do not overlap."""
    found: list[tuple[OneOf, tuple[Card, ...]]] = []
    for one in mind.board.one_of:
        if one.player != player:
            continue
        if any((h := mind.holder(c, limit)) is not None and h[0] == player for c in one.cards):
            continue
        possible = tuple(c for c in one.cards if mind.why_lacks(c, player, limit) is None)
        found.append((one, possible))
    found.sort(key=lambda item: len(item[1]))
    chosen: list[tuple[OneOf, tuple[Card, ...]]] = []
    used: set[Card] = set()
    for one, possible in found:
        if not used.intersection(possible):
            chosen.append((one, possible))
            used.update(possible)
    return chosen


def _one_of(cards: Iterable[Card]) -> str:
    listed = list(cards)
    return format_cards(listed) if len(listed) == 1 else f"one of {format_cards(listed)}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def hand_counting(mind: Mind, limit: int = 0) -> Step | None:
    """A hand whose size is reached by known cards (or by separate asks), or equals its candidates."""
    board = mind.board
    for player in board.players:
        size = board.sizes[player]
        if size == 0:
            continue
        parts, mine = _accounted(mind, player, limit)
        left = size - len(parts)
        held_by = {c: mind.holder(c, limit) for c in board.unseen}
        possible = [c for c in board.unseen if held_by[c] is None and mind.why_lacks(c, player, limit) is None]
        nudge = f"Count {player}'s cards."
        have = f"{player} holds {_plural(size, 'card')}"
        known = f": {', '.join(parts)}" if parts else ""
        more = f"{have}{known}, so {left} more" if parts else have
        if left < 0:
            return _step(Technique.HAND_COUNTING, (), _premises(mine), text=f"Then {have} but {len(parts)} are "
                         f"known{known}. Impossible.", clue=f"{player}'s hand overflows.", nudge=nudge, impossible=True)
        if left == 0:
            new = [c for c in possible if not mind.knows(Lacks(c, player))]
            if new:
                return _step(Technique.HAND_COUNTING, tuple(Lacks(c, player) for c in new), _premises(mine),
                             text=f"{have}, all known{known}; so {player} holds none of {format_cards(new)}.",
                             clue=f"Every card of {player}'s is accounted for.", nudge=nudge)
            continue
        others = [c for c in board.unseen if c not in possible and (held_by[c] is None or held_by[c][0] != player)]  # type: ignore[index]
        other_whys = [w for c in others if (w := mind.why_lacks(c, player, limit)) is not None]
        if len(possible) < left:
            return _step(Technique.HAND_COUNTING, (), _premises(mine + other_whys),
                         text=f"Then {have}{known}, and only {_plural(len(possible), 'other card')} can still be "
                         f"{player}'s, not {left}. Impossible.",
                         clue=f"{player}'s hand cannot be filled.", nudge=nudge, impossible=True)
        if len(possible) == left:
            facts = tuple(Holds(c, player) for c in possible)
            if all(mind.knows(f) for f in facts):
                continue
            return _step(Technique.HAND_COUNTING, facts, _premises(mine + other_whys),
                         text=f"{more}; every other unseen card is ruled out for {player} "
                         f"({_join(w.text for w in other_whys)}), so {player} holds {format_cards(possible)}.",
                         clue=f"Only {_plural(left, 'card')} can still be {player}'s.", nudge=nudge)
        packs = _packing(mind, player, limit)
        if len(packs) < left:
            continue
        asks = _names(f"{_one_of(cs)} (ask on move {one.event})" for one, cs in packs)
        pack_whys = [w for one, cs in packs for c in one.cards if c not in cs
                     if (w := mind.why_lacks(c, player, limit)) is not None]
        premises = _premises(mine + pack_whys, [one.event for one, _ in packs])
        if len(packs) > left:
            return _step(Technique.HAND_COUNTING, (), premises,
                         text=f"Then {more}, yet {player} must hold {asks}. Impossible.",
                         clue=f"{player}'s asks need more cards than {player} has.", nudge=nudge, impossible=True)
        inside = {c for _, cs in packs for c in cs}
        new = [c for c in possible if c not in inside and not mind.knows(Lacks(c, player))]
        if not new:
            continue
        return _step(Technique.HAND_COUNTING, tuple(Lacks(c, player) for c in new), premises,
                     text=f"{more}, and {player} must hold {asks}: that fills the hand, "
                     f"so {player} holds none of {format_cards(new)}.",
                     clue=f"{player}'s asks account for the rest of {player}'s hand.", nudge=nudge)
    return None


def _open_asks(mind: Mind, limit: int) -> dict[str, list[tuple[OneOf, tuple[Card, ...], list[Why]]]]:
    """Per player, the asks not yet explained by a card known to be theirs, with the cards still possible."""
    found: dict[str, list[tuple[OneOf, tuple[Card, ...], list[Why]]]] = {}
    seen_sets: set[tuple[str, tuple[Card, ...]]] = set()
    for one in mind.board.one_of:
        player = one.player
        if any((h := mind.holder(c, limit)) is not None and h[0] == player for c in one.cards):
            continue
        whys: list[Why] = []
        possible: list[Card] = []
        for card in one.cards:
            why = mind.why_lacks(card, player, limit)
            if why is None:
                possible.append(card)
            else:
                whys.append(why)
        key = (player, tuple(possible))
        if key in seen_sets:
            continue
        seen_sets.add(key)
        found.setdefault(player, []).append((one, tuple(possible), whys))
    return found


def _ruled_out(ones: Iterable[OneOf]) -> list[str]:
    """The reasons several asks' other cards were ruled out, your own cards gathered in one clause."""
    yours: set[Card] = set()
    verb = "hold"
    texts: list[str] = []
    for one in ones:
        for reason in one.ruled_out:
            if reason.how == "yours":
                yours.update(reason.cards)
                verb = "held" if reason.moved else verb
            else:
                texts.append(elsewhere(reason))
    return ([f"you {verb} {format_cards(yours)}"] if yours else []) + texts


def _names(players: Iterable[str]) -> str:
    names = list(players)
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]


def shared_asks(mind: Mind, limit: int = 0) -> Step | None:
    """Several askers each need one of the same few cards: with as many cards as askers, nobody else has them.

    Two to four players, one ask each, in one half-suit.
    """
    asks = _open_asks(mind, limit)
    by_half: dict[object, dict[str, list[tuple[OneOf, tuple[Card, ...], list[Why]]]]] = {}
    for player, options in asks.items():
        for option in options:
            if 2 <= len(option[1]) <= 4:
                by_half.setdefault(option[0].half_suit, {}).setdefault(player, []).append(option)
    for per_player in by_half.values():
        players = sorted(per_player, key=mind.board.players.index)
        for k in range(2, min(4, len(players)) + 1):
            for group in itertools.combinations(players, k):
                for combo in itertools.product(*(per_player[p] for p in group)):
                    choice = sorted(combo, key=lambda option: option[0].event)
                    group = tuple(option[0].player for option in choice)
                    union = sorted({c for _, cs, _ in choice for c in cs})
                    if len(union) > k:
                        continue
                    whys = [w for _, _, ws in choice for w in ws]
                    premises = _premises(whys, [one.event for one, _, _ in choice])
                    moves = ", ".join(str(one.event) for one, _, _ in choice)
                    kind = kind_of(choice[0][0].half_suit)
                    need = f"{_names(group)} each held another {kind} (asks on moves {moves})"
                    reasons = _join(_ruled_out([one for one, _, _ in choice]) + [w.text for w in whys])
                    nudge = f"Compare the asks on moves {moves}."
                    if len(union) < k:
                        return _step(Technique.SHARED_ASKS, (), premises,
                                     text=f"Then {need}, but only {format_cards(union) or 'no card'} "
                                     f"{'is' if len(union) == 1 else 'are'} left for them ({reasons}). Impossible.",
                                     clue=f"{_names(group)} need more cards than are left.", nudge=nudge,
                                     impossible=True)
                    others = [p for p in mind.board.players if p not in group]
                    new = tuple(Lacks(c, p) for c in union for p in others if not mind.knows(Lacks(c, p)))
                    if not new:
                        continue
                    ruled = _names(sorted({f.player for f in new}, key=mind.board.players.index))
                    return _step(Technique.SHARED_ASKS, new, premises,
                                 text=f"{need}; only {format_cards(union)} are left for them ({reasons}), so "
                                 f"these {k} cards are theirs, one each, and {ruled} hold none of them.",
                                 clue=f"{_names(group)} share {format_cards(union)} between them.", nudge=nudge)
    return None


# -- 5. chains -------------------------------------------------------------------

DIRECT: tuple[Callable[[Mind, int], Step | None], ...] = (elimination, ask_inference, hand_counting, shared_asks)


def chains(mind: Mind) -> Step | None:
    """Elimination, ask inference, hand counting or shared asks resting on derived facts, shallowest first."""
    for limit in range(1, mind.max_depth + 1):
        for technique in DIRECT:
            step = technique(mind, limit)
            if step is not None:
                return step
    return None


def chain_depth(mind: Mind, step: Step) -> int:
    """How many derived steps lead to ``step`` at most (1: it rests on the table only)."""
    below = [chain_depth(mind, mind.steps[i]) for i in step.uses if i in mind.steps]
    return 1 + max(below, default=0)


# -- the ladder ------------------------------------------------------------------

LADDER: tuple[Callable[[Mind], Step | None], ...] = (
    seen, elimination, ask_inference, hand_counting, shared_asks, chains
)
HUMAN: tuple[Callable[[Mind], Step | None], ...] = LADDER[1:]


class Referee(Protocol):
    """What case analysis needs from the exact engine: deal counts per card and player."""

    def count(self, card: Card, player: str) -> int: ...


def saturate(
    mind: Mind,
    ladder: tuple[Callable[[Mind], Step | None], ...] = LADDER,
    referee: Referee | None = None,
    done: Callable[[Mind], bool] | None = None,
    focus: frozenset[Card] = frozenset(),
) -> Mind:
    """Apply techniques cheapest first, restarting from the cheapest after each step, until nothing follows.

    With a ``referee``, case analysis is the last resort. ``done`` stops early.
    """
    while mind.contradiction is None and not (done is not None and done(mind)):
        for technique in ladder:
            step = technique(mind)
            if step is not None:
                mind.apply(step)
                break
        else:
            step = case_analysis(mind, referee, focus) if referee is not None else None
            if step is None:
                return mind
            mind.apply(step)
    return mind


# -- 6. case analysis ------------------------------------------------------------


def _needed(mind: Mind, final: Step, since: Mind) -> list[Step]:
    """The steps of ``mind`` after ``since`` that ``final`` rests on, in order, ending with ``final``."""
    want: set[int] = set()
    todo = [final.id]
    while todo:
        i = todo.pop()
        if i in want or i in since.steps:
            continue
        want.add(i)
        todo.extend(mind.steps[i].uses)
    return [mind.steps[i] for i in sorted(want)]


def refute(mind: Mind, fact: Fact, splits: int = 0) -> list[Step] | None:
    """Steps showing ``fact`` is impossible (the last one states the contradiction), or ``None``.

    With ``splits`` > 0, a supposition that leads nowhere is split on a card with few candidates,
    and every branch must be refuted in turn.
    """
    sub = saturate(mind.suppose(fact), HUMAN)
    if sub.contradiction is not None:
        return _needed(sub, sub.contradiction, mind)
    if splits <= 0:
        return None
    options = sorted(
        ((len(c), card, c) for card in sub.open_cards() if len(c := sub.candidates(card)) >= 2),
        key=lambda item: (item[0], item[1]),
    )
    for _, card, players in options[:3]:
        branches: list[Step] = []
        for player in players:
            found = refute(sub, Holds(card, player), splits - 1)
            if found is None:
                break
            branches.append(_case_step(Holds(card, player), found, sub))
        else:
            whys = [w for p in sub.board.players if (w := sub.why_lacks(card, p)) is not None]
            reasons = f" ({_join(w.text for w in whys)})" if whys else ""
            premises = _premises(whys)
            split = sub.apply(
                Step(
                    Technique.CASE_ANALYSIS, (),
                    text=f"Then {card} is with {' or '.join(players)}{reasons}, and each case is impossible.",
                    clue=f"Try each place {card} could be.", nudge=f"Where could {card} be?",
                    events=premises.events, uses=tuple(sorted(set(premises.uses).union(*(b.uses for b in branches)))),
                    depth=premises.depth, impossible=True, cases=tuple(branches),
                )
            )
            return _needed(sub, split, mind)
    return None


def _tree(steps: Iterable[Step]) -> Iterator[Step]:
    """Every step of a proof, with the steps of its cases, depth first."""
    for step in steps:
        yield step
        yield from _tree(step.cases)


_AWAY_NUDGE = "Suppose {card} were not where the moves point: what would break?"
_AWAY_CLUE = "Take {card} away from the one player the moves point to, and look for a contradiction."


def _case_step(supposed: Fact, proof: list[Step], mind: Mind) -> Step:
    """The opposite of ``supposed`` holds: supposing it leads to the contradiction ``proof`` ends with.

    "Suppose Eve held 9C" rules Eve out for 9C; "suppose Bob did not hold 9C"
    puts 9C with Bob in one argument, however many other players were left.
    The step rests on the steps of ``mind`` the proof uses, and on every move the proof cites.
    """
    every = list(_tree(proof))
    inner = {s.id for s in every}
    outer = sorted({u for s in every for u in s.uses if u not in inner and u in mind.steps})
    card, player = supposed.card, supposed.player
    if isinstance(supposed, Holds):
        fact: Fact = Lacks(card, player)
        text, clue, nudge = (f"Suppose {player} held {card}.", f"What if {player} held {card}?",
                             f"Try putting {card} with {player}.")
    else:
        fact = Holds(card, player)
        # the supposition names the card's true holder: the hints must not (they come before the answer)
        text, clue, nudge = (f"Suppose {player} did not hold {card}.", _AWAY_CLUE.format(card=card),
                             _AWAY_NUDGE.format(card=card))
    return Step(
        Technique.CASE_ANALYSIS,
        (fact,),
        text=text,
        clue=clue,
        nudge=nudge,
        events=tuple(sorted({e for s in every for e in s.events})),
        uses=tuple(outer),
        depth=1 + max((mind.steps[u].depth for u in outer), default=0),
        id=next(mind._ids),
        cases=tuple(proof),
    )


class _Option(NamedTuple):
    """A supposition case analysis may refute, and its refutation (``None``: none found)."""

    supposed: Fact
    proof: list[Step] | None

    @property
    def cost(self) -> float:
        return sum(s.weight for s in self.proof) if self.proof is not None else float("inf")


def _settle(mind: Mind, card: Card, holders: list[str], ruled: list[str]) -> tuple[float, _Option] | None:
    """The best way to rule players out for ``card`` by contradiction, with its cost per player ruled out.

    When the exact engine puts the card with one candidate and two or more others are left, one
    contradiction ("suppose Bob did not hold 2H") settles it: that is taken unless separate cases
    ("suppose Cat held 2H", "suppose Dan held 2H", ...) cost less in all; never one case per
    alternative that repeats one argument.
    """
    pairs = [_Option(Holds(card, p), refute(mind, Holds(card, p))) for p in ruled]
    found = [o for o in pairs if o.proof is not None]
    if len(holders) == 1 and len(ruled) >= 2:
        supposed = Lacks(card, holders[0])
        negation = _Option(supposed, refute(mind, supposed))
        if negation.proof is None and len(found) == len(pairs):
            # separate cases are possible; one contradiction with a split may still say it in fewer words
            negation = _Option(supposed, refute(mind, supposed, splits=1))
        if negation.proof is not None and (len(found) < len(pairs) or negation.cost <= sum(o.cost for o in pairs)):
            return negation.cost / len(ruled), negation
    if not found:
        return None
    cheapest = min(found, key=lambda o: o.cost)
    return cheapest.cost, cheapest


def case_analysis(mind: Mind, referee: Referee | None, focus: frozenset[Card] = frozenset()) -> Step | None:
    """Rule a player out for a card by supposing they hold it and reaching a contradiction, or place a card
    by supposing its holder did not hold it (one contradiction for all the other candidates).

    Only suppositions the exact engine (``referee``) already knows to be impossible are tried; the
    cheapest refutation per player it rules out wins; with none, one level of splitting is tried
    (``focus`` cards first); as a last resort the step rests on the exact count alone (``counted``).
    """
    if referee is None:
        return None
    cards: list[tuple[Card, list[str], list[str]]] = []
    for card in sorted(mind.open_cards(), key=lambda c: (c not in focus, c)):
        candidates = mind.candidates(card)
        ruled = [p for p in candidates if referee.count(card, p) == 0]
        if ruled:
            cards.append((card, [p for p in candidates if p not in ruled], ruled))
    if not cards:
        return None
    best: tuple[float, _Option] | None = None
    for group in ([c for c in cards if c[0] in focus], [c for c in cards if c[0] not in focus]):
        for card, holders, ruled in group:
            found = _settle(mind, card, holders, ruled)
            if found is not None and (best is None or found[0] < best[0]):
                best = found
        if best is not None:
            break
    if best is None:
        negations: list[Fact] = [Lacks(c, hs[0]) for c, hs, ruled in cards if len(hs) == 1 and len(ruled) >= 2]
        pairs: list[Fact] = [Holds(c, p) for c, _, ruled in cards for p in ruled]
        for supposed in [*negations[:3], *pairs[:6]]:
            proof = refute(mind, supposed, splits=1)
            if proof is not None:
                best = (0.0, _Option(supposed, proof))
                break
    if best is not None and best[1].proof is not None:
        return _case_step(best[1].supposed, best[1].proof, mind)
    card, holders, ruled = cards[0]
    if len(holders) == 1:
        return Step(
            Technique.CASE_ANALYSIS,
            (Holds(card, holders[0]),),
            text=f"Suppose {holders[0]} did not hold {card}: then no deal fits every ask and hand size together "
            f"(every deal was counted, and each puts {card} with {holders[0]}).",
            clue=_AWAY_CLUE.format(card=card),
            nudge=_AWAY_NUDGE.format(card=card),
            counted=True,
        )
    player = ruled[0]
    return Step(
        Technique.CASE_ANALYSIS,
        (Lacks(card, player),),
        text=f"Suppose {player} held {card}: then no deal fits every ask and hand size together "
        f"(every deal was counted, and none puts {card} with {player}).",
        clue=f"What if {player} held {card}?",
        nudge=f"Try putting {card} with {player}.",
        counted=True,
    )
