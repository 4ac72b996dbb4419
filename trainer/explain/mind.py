"""What a player has worked out: the words every technique speaks, and the mind that keeps the steps.

A :class:`Mind` holds what a player has worked out so far on top of a
:class:`~trainer.engine.facts.Board`: derived holders and exclusions of unseen
cards, each with the :class:`Deduction` that found it. A step names its
:class:`Technique` (its rung on the ladder), the facts it adds, its texts at
three depths (full, clue, nudge) and its :class:`Premises`: the moves and
earlier steps it rests on. Every known fact carries its reason (:class:`Because`);
a text points at an earlier step with :func:`ref`, and :func:`render_refs`
turns the pointers into labels once an explanation is numbered.

The techniques that take steps are in :mod:`trainer.explain.techniques` (1 to 5)
and :mod:`trainer.explain.cases` (6, case analysis).

    >>> from trainer.engine.facts import Board, Holds
    >>> from trainer.game.cards import Card
    >>> from trainer.game.notation import read_game
    >>> game = read_game("tests/data/six-diamonds.lit")
    >>> mind = Mind(Board.build(game.setup, game.events, "Ann"))
    >>> six = Card.parse("6D")
    >>> mind.candidates(six)
    ['Bob', 'Cat', 'Dan', 'Eve', 'Fay']
    >>> step = mind.apply(Deduction(Technique.ASK_INFERENCE, (Holds(six, "Cat"),), Said.of("Cat held ", six, "."),
    ...                        Said(), Said()))
    >>> player, why = mind.holder(six)
    >>> player, str(render_refs(said(why.text), {step.id: "step 1"})), mind.candidates(six)
    ('Cat', 'Cat holds 6D (step 1)', ['Cat'])
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from enum import Enum
from typing import NamedTuple

from trainer.engine.facts import Board, Fact, Holds
from trainer.explain.rungs import RUNGS
from trainer.explain.said import Said
from trainer.explain.sightings import given, sighting
from trainer.explain.wording import Clause, Reason, said
from trainer.game.cards import Card

DEEP = 1_000_000  # a limit that lets a technique use every derived fact




class Technique(Enum):
    """The explainer's techniques (what a step does); the rung a step stands on (:data:`RUNGS`) is decided by
    the step itself (:attr:`Step.rung`): an elimination resting on a derived fact is the careful player's,
    an ask inference that reads the ask at its time is ask history.
    """

    SEEN = (1, "seen")
    ELIMINATION = (2, "elimination")
    ASK_INFERENCE = (3, "ask inference")
    HAND_COUNTING = (4, "hand counting")
    SHARED_ASKS = (4, "shared asks")
    CHAINS = (5, "chains")
    CASE_ANALYSIS = (6, "case analysis")

    @property
    def label(self) -> str:
        """The technique's name in words."""
        return self.value[1]


_LOWEST = {Technique.SEEN: 1, Technique.ELIMINATION: 1, Technique.ASK_INFERENCE: 2, Technique.HAND_COUNTING: 2,
           Technique.SHARED_ASKS: 5, Technique.CHAINS: 2, Technique.CASE_ANALYSIS: 6}


@dataclass(frozen=True)
class Because:
    """The reason a fact is known: a clause, the moves and steps it comes from, and its depth (0: given)."""

    text: Clause
    events: frozenset[int] = frozenset()
    steps: frozenset[int] = frozenset()
    depth: int = 0


def ref(step_id: int) -> str:
    """A reference to a step inside a text, turned into ``step 3`` or ``(b)`` when rendered."""
    return f"⟨{step_id}⟩"


_REF = re.compile(r"⟨(\d+)⟩")


def render_refs(text: Said, labels: dict[int, str]) -> Said:
    """Replace step references (in the text parts: a reference is never a card) with their labels.

    >>> str(render_refs(Said.of("Cat holds 6D (⟨12⟩)"), {12: "step 1"}))
    'Cat holds 6D (step 1)'
    """
    return text.map_text(lambda part: _REF.sub(lambda m: labels.get(int(m.group(1)), "an earlier step"), part))


@dataclass(frozen=True)
class Deduction:
    """One deduction: its technique, the facts it adds, why (texts at three depths), and its premises."""

    technique: Technique
    facts: tuple[Fact, ...]
    text: Said
    clue: Said
    nudge: Said
    events: tuple[int, ...] = ()
    uses: tuple[int, ...] = ()
    depth: int = 1
    id: int = 0
    impossible: bool = False
    cases: tuple[Deduction, ...] = ()
    counted: bool = False  # case analysis settled by counting every deal (no human contradiction found)
    level: int = 0  # the rung on the ladder (RUNGS), 0: the technique's lowest

    def __post_init__(self) -> None:
        # the step rests on every move its sentences name (each a Move value): it cites them all
        named = {*self.text.moves(), *self.clue.moves(), *self.nudge.moves()}
        if not named <= set(self.events):
            object.__setattr__(self, "events", tuple(sorted({*self.events, *named})))

    @property
    def rung(self) -> int:
        """The step's rung on the ladder (:data:`RUNGS`): 1 elimination … 6 case analysis."""
        return self.level or _LOWEST[self.technique]

    @property
    def rung_name(self) -> str:
        """The ladder's name of the step's rung."""
        return RUNGS[self.rung]

    @property
    def weight(self) -> float:
        """The effort of the step: its rung over 6, plus the effort of its cases."""
        return self.rung / 6 + sum(case.weight for case in self.cases)


class Premises(NamedTuple):
    """The moves and earlier steps a step rests on, and its depth."""

    events: tuple[int, ...]
    uses: tuple[int, ...]
    depth: int

    @classmethod
    def of(cls, whys: Iterable[Because], events: Iterable[int] = ()) -> Premises:
        """The premises of a step resting on facts known for ``whys`` (and on moves ``events``).

        >>> Premises.of([Because(Said.of("Bob said no to 3C on move 44"), frozenset({44})),
        ...              Because(Said.of("Cat holds 6D (⟨1⟩)"), steps=frozenset({1}), depth=1)], [1])
        Premises(events=(1, 44), uses=(1,), depth=2)
        """
        found = list(whys)
        return cls(
            tuple(sorted(set(events).union(*(w.events for w in found)))),
            tuple(sorted(set[int]().union(*(w.steps for w in found)))),
            1 + max((w.depth for w in found), default=0),
        )


class Mind:
    """What a player has worked out: derived holders and exclusions of unseen cards, step by step."""

    def __init__(self, board: Board, ids: Iterator[int] | None = None):
        self.board = board
        self.steps: dict[int, Deduction] = {}
        self.held: dict[Card, tuple[str, Because]] = {}
        self.lacked: dict[Card, dict[str, Because]] = {}
        self.stated: set[Card] = set()
        self.supposed: Fact | None = None
        self.contradiction: Deduction | None = None
        self.max_depth = 0
        self._ids = ids if ids is not None else itertools.count(1)

    def new_id(self) -> int:
        """A fresh step id, shared with every supposition made from this mind.

        >>> from trainer.engine.facts import Board, Holds
        >>> from trainer.game.cards import Card
        >>> from trainer.game.notation import read_game
        >>> game = read_game("tests/data/six-diamonds.lit")
        >>> mind = Mind(Board.build(game.setup, game.events, "Ann"))
        >>> mind.new_id(), mind.suppose(Holds(Card.parse("6D"), "Bob")).new_id(), mind.new_id()
        (1, 2, 3)
        """
        return next(self._ids)

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
            other.held[fact.card] = (fact.player, Because(Reason("holds", fact.player, fact.card, "the supposition")))
        else:
            other.lacked.setdefault(fact.card, {})[fact.player] = Because(
                Reason("lacks", fact.player, fact.card, "the supposition"))
        return other

    def holder(self, card: Card, limit: int = DEEP) -> tuple[str, Because] | None:
        """Who holds ``card`` now, if known from facts no deeper than ``limit``."""
        seen = self.board.seen.get(card)
        if seen is not None:
            text = sighting(card, seen, self.board.viewer)
            return seen.player, Because(text, frozenset({seen.event} if seen.event else ()))
        found = self.held.get(card)
        if found is not None and found[1].depth <= limit:
            return found
        return None

    def why_lacks(self, card: Card, player: str, limit: int = DEEP) -> Because | None:
        """Why ``player`` cannot hold ``card`` (from facts no deeper than ``limit``), or ``None``."""
        fact = self.board.lacks.get(card, {}).get(player)
        if fact is not None:
            return Because(given(fact), frozenset({fact.event} if fact.event else ()))
        derived = self.lacked.get(card, {}).get(player)
        if derived is not None and derived.depth <= limit:
            return derived
        held = self.holder(card, limit)
        if held is not None and held[0] != player:
            return held[1]
        return None

    def split(self, cards: Iterable[Card], player: str, limit: int = DEEP) -> tuple[list[Card], list[Because]]:
        """Of ``cards``, those ``player`` may still hold, and the reasons that rule out the others."""
        possible: list[Card] = []
        whys: list[Because] = []
        for card in cards:
            why = self.why_lacks(card, player, limit)
            if why is None:
                possible.append(card)
            else:
                whys.append(why)
        return possible, whys

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

    def apply(self, step: Deduction) -> Deduction:
        """Record a step (giving it an id) and the facts it adds."""
        clash = None if step.impossible else self._clash(step)
        if clash is not None:
            # two lines of reasoning disagree (only possible under a supposition): that is the contradiction
            step = replace(
                step,
                text=Said.of(step.text.without_stop(), ", but ", said(clash.text), ". Impossible."),
                events=tuple(sorted(set(step.events) | clash.events)),
                uses=tuple(sorted(set(step.uses) | clash.steps)),
                impossible=True,
            )
        step = replace(step, id=self.new_id())
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
                why = Because(Reason("holds", fact.player, fact.card, ref(step.id)), steps=frozenset({step.id}),
                          depth=step.depth)
                self.held.setdefault(fact.card, (fact.player, why))
            else:
                why = Because(Reason("lacks", fact.player, fact.card, ref(step.id)), steps=frozenset({step.id}),
                          depth=step.depth)
                self.lacked.setdefault(fact.card, {}).setdefault(fact.player, why)
        return step

    def _clash(self, step: Deduction) -> Because | None:
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
