"""Reading a learner's answer in the notation's words, and marking it as the game scores it.

An answer names players and the cards they hold: ``Cat 6D`` for a locate
question, ``Ann 2D 3D 4D 5D 7D, Cat 6D`` for a claim. Reading is lenient about
case, unicode suits, ``T``/``10``, and commas, semicolons or colons between
groups; it is strict about meaning, with one :class:`AnswerError` subclass
per mistake (:mod:`trainer.game.holders` reads the words)::

    >>> from puzzles.examples import example_claim
    >>> puzzle = example_claim()
    >>> sorted((str(c), p) for c, p in parse_answer("ann 2d 3♦ 4D 5D 7D; CAT 6d", puzzle).items())[:2]
    [('2D', 'Ann'), ('3D', 'Ann')]
    >>> parse_answer("Ann 2D 3D 4D 5D 7D", puzzle)
    Traceback (most recent call last):
    ...
    trainer.game.holders.MissingCardsError: name a holder for 6D too

A claim is marked as the game scores it (see :func:`claim_outcome`)::

    >>> mark_text(puzzle, "Ann 2D 3D 4D 5D 7D, Cat 6D").outcome
    <Outcome.WON: 'won'>
    >>> result = mark_text(puzzle, "Ann 2D 3D 4D 5D 6D, Cat 7D")
    >>> result.outcome, result.to_json()["wrong"]["7D"]
    (<Outcome.CANCELLED: 'cancelled'>, {'said': 'Cat', 'actual': 'Ann', 'mistake': 'wrong holder'})
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from puzzles.model import Puzzle, Question
from trainer.game.cards import Card
from trainer.game.holders import SPLIT, read_holders
from trainer.game.variants import Variant


class Outcome(str, Enum):
    """What became of the answer: a claim's fate, or right/wrong."""

    WON = "won"
    CANCELLED = "cancelled"
    LOST = "lost"
    RIGHT = "right"
    WRONG = "wrong"


@dataclass(frozen=True)
class Miss:
    """One mistake about one card: who the answer said (``None``: left out) and who
    actually holds it (``None``: nobody can be sure).

    >>> Miss("Ann", "Cat").kind, Miss(None, "Cat").kind, Miss("Bob", None).kind
    ('wrong holder', 'left out', 'not certain')
    """

    said: str | None
    actual: str | None

    @property
    def kind(self) -> str:
        """``wrong holder``, ``left out`` (a certain card not named) or ``not certain`` (named, but unsure)."""
        if self.said is None:
            return "left out"
        if self.actual is None:
            return "not certain"
        return "wrong holder"


@dataclass(frozen=True)
class Mark:
    """The verdict on one answer: ``wrong`` its mistakes card by card, ``right`` the cards it placed with their
    true holder (what a partly right answer got right).

    >>> from puzzles.examples import example_claim
    >>> result = mark_text(example_claim(), "Ann 2D 3D 4D 5D 6D, Cat 7D")
    >>> sorted(str(c) for c in result.right), sorted(str(c) for c in result.wrong)
    (['2D', '3D', '4D', '5D'], ['6D', '7D'])
    """

    correct: bool
    outcome: Outcome
    wrong: Mapping[Card, Miss] = field(default_factory=dict)
    kind: str = "locate"
    viewer: str | None = None
    right: Mapping[Card, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """``{"correct", "outcome", "wrong": {card: {"said", "actual", "mistake"}}}``."""
        return {
            "correct": self.correct,
            "outcome": self.outcome.value,
            "wrong": {
                str(c): {"said": m.said, "actual": m.actual, "mistake": m.kind} for c, m in sorted(self.wrong.items())
            },
        }

    def counts(self) -> dict[str, int]:
        """How many mistakes of each kind (:attr:`Miss.kind`), in the order wrong holder, left out, not certain.

        >>> Mark(False, Outcome.WRONG, {Card.parse("6D"): Miss(None, "Cat"), Card.parse("7D"): Miss("Bob", None),
        ...       Card.parse("2D"): Miss("Bob", None)}, "certain").counts()
        {'left out': 1, 'not certain': 2}
        """
        found = [miss.kind for miss in self.wrong.values()]
        return {kind: found.count(kind) for kind in MISS_KINDS if kind in found}

    def of_kind(self, kind: str) -> tuple[Card, ...]:
        """The cards of one kind of mistake, in card order.

        >>> Mark(False, Outcome.WRONG, {Card.parse("7D"): Miss(None, "Cat"), Card.parse("6D"): Miss(None, "Ann")}
        ...      ).of_kind("left out")
        (Card.parse('6D'), Card.parse('7D'))
        """
        return tuple(sorted(c for c, m in self.wrong.items() if m.kind == kind))


MISS_KINDS = ("wrong holder", "left out", "not certain")
"""The kinds of :class:`Miss`, in the order a verdict counts them."""


# -- parsing ----------------------------------------------------------------------



def parse_answer(text: str, puzzle: Puzzle) -> dict[Card, str]:
    """Read ``Player CARD CARD..., Player CARD...`` into card -> player, checking it against the question."""
    question = puzzle.question
    tokens = [t.lower() for t in SPLIT.split(text.strip()) if t]
    if question.kind == "certain" and tokens in (["none"], ["nothing"]):
        return {}
    complete = question.kind in ("locate", "claim")
    team = puzzle.team if question.kind == "claim" else None
    return read_holders(text, puzzle.players, question.scope, example_answer(puzzle), _scope_words(question),
                        complete=complete, team=team)


def example_answer(puzzle: Puzzle) -> str:
    """An example answer shaped like a real one, quoted, that gives nothing away: the same number of cards split
    among plausible, distinct players as the answer would be, but the cards are another set's (each asked card's
    rank in another suit, or its place in another set), so it shares no card-holder pair with the answer and says
    nothing about where the asked cards are. The set and the split are drawn from the puzzle's id.

    A claim splits six cards among two or three of the viewer's team; a locate question gives each card a holder
    other than the viewer; a certain question names one or two cards with players other than the viewer.

    >>> from puzzles.examples import example_certain, example_claim
    >>> example_claim().question.half_suit.code, example_answer(example_claim())
    ('LD', "'Cat 2C 4C 6C 7C, Eve 3C 5C'")
    >>> example_answer(example_certain())
    "'Bob 6S'"
    """
    rng = random.Random(puzzle.id)
    kind = puzzle.question.kind
    sizes = puzzle.state.sizes
    stand_in = _stand_in(puzzle, rng)
    cards = [stand_in[c] for c in puzzle.asked]
    seats = [p for p in puzzle.players if sizes[p] > 0]
    others = [p for p in seats if p != puzzle.viewer]
    if len(others) < 2:
        others = [p for p in puzzle.players if p != puzzle.viewer]
    answer: dict[Card, str]
    if kind == "claim":
        team = [p for p in puzzle.team if p in seats] or list(puzzle.team)
        groups = rng.randint(2, min(3, len(team))) if len(team) > 1 else 1
        players = rng.sample(team, groups)
        shuffled = rng.sample(cards, len(cards))
        cuts = sorted(rng.sample(range(1, len(shuffled)), groups - 1))
        answer = {}
        for player, start, end in zip(players, [0, *cuts], [*cuts, len(shuffled)], strict=True):
            answer.update({c: player for c in shuffled[start:end]})
    elif kind == "certain":
        chosen = rng.sample(cards, min(len(cards), len(others), rng.randint(1, 2)))
        answer = dict(zip(chosen, rng.sample(others, len(chosen)), strict=True))
    else:
        answer = {c: rng.choice(others) for c in cards}
    return f"'{format_answer(answer)}'"


def _stand_in(puzzle: Puzzle, rng: random.Random) -> dict[Card, Card]:
    """Each asked card's stand-in from a set no asked card belongs to: the same rank in another suit when the
    variant has it, else the card at the same place in another set (the set of 8s and jokers is used last).

    >>> from puzzles.examples import example_claim
    >>> sorted((str(a), str(b)) for a, b in _stand_in(example_claim(), random.Random(1)).items())[:2]
    [('2D', '2S'), ('3D', '3S')]
    """
    asked = {c.half_suit for c in puzzle.question.scope}
    spare = [h for h in puzzle.variant.half_suits if h not in asked]
    plain = [h for h in spare if h.code != "8J"]
    stand_in: dict[Card, Card] = {}
    for half in sorted(asked):
        same_kind = [h for h in plain if h.code[0] == half.code[0]]
        other = rng.choice(same_kind or plain or spare)
        spare = [h for h in spare if h != other]
        plain = [h for h in plain if h != other]
        stand_in |= dict(zip(half.cards, other.cards, strict=True))
    return stand_in


def _scope_words(question: Question) -> str:
    if question.half_suit is not None:
        return f"the set {question.half_suit.code}: {' '.join(str(c) for c in question.half_suit.cards)}"
    return "asked: " + " ".join(str(c) for c in question.cards)


# -- marking ----------------------------------------------------------------------


def claim_outcome(
    variant: Variant,
    team_of: Callable[[str], int],
    claimer: str,
    declared: Mapping[Card, str],
    actual: Mapping[Card, str],
) -> Outcome:
    """How the game scores a claim: every card right -> won; any card with an
    opponent -> lost; all six with the team but misplaced -> cancelled in
    ``classic``, lost in ``fish54``.

    >>> team = {"Ann": 1, "Cat": 1, "Eve": 1, "Bob": 2}.__getitem__
    >>> said = {Card.parse("6D"): "Cat"}
    >>> [claim_outcome(v, team, "Ann", said, {Card.parse("6D"): who}).value
    ...  for v in Variant for who in ("Cat", "Eve", "Bob")]
    ['won', 'cancelled', 'lost', 'won', 'lost', 'lost']
    """
    if all(actual[c] == p for c, p in declared.items()) and set(declared) == set(actual):
        return Outcome.WON
    team = team_of(claimer)
    if any(team_of(p) != team for p in actual.values()) or not variant.misclaim_cancels:
        return Outcome.LOST
    return Outcome.CANCELLED


def mark(puzzle: Puzzle, answer: Mapping[Card, str]) -> Mark:
    """Mark a parsed answer against the record's answer, with the variant's rules.

    A ``certain`` answer is judged on the cards outside the viewer's hand
    (:attr:`Puzzle.asked`); naming one's own card is fine, giving it to someone
    else is a wrong holder.

    >>> from puzzles.examples import example_certain
    >>> puzzle = example_certain()
    >>> mark_text(puzzle, "Cat 6D").correct, mark_text(puzzle, "Cat 6D, Ann 2D").correct
    (True, True)
    >>> mark_text(puzzle, "none").wrong
    {Card.parse('6D'): Miss(said=None, actual='Cat')}
    """
    kind = puzzle.question.kind
    truth = dict(puzzle.expected)
    if kind == "certain":
        own = puzzle.own_cards
        truth |= {c: puzzle.viewer for c, p in answer.items() if c in own and p != puzzle.viewer}
        answer = {c: p for c, p in answer.items() if c not in own or p != puzzle.viewer}
    wrong: dict[Card, Miss] = {}
    for card in sorted(set(answer) | set(truth)):
        said, actual = answer.get(card), truth.get(card)
        if said != actual:
            wrong[card] = Miss(said, actual)
    right = {c: p for c, p in sorted(answer.items()) if truth.get(c) == p}
    if kind == "claim":
        players = puzzle.players
        outcome = claim_outcome(
            puzzle.variant, lambda p: players.index(p) % 2, puzzle.viewer, answer, puzzle.answer
        )
        return Mark(outcome is Outcome.WON, outcome, wrong, kind, puzzle.viewer, right)
    return Mark(not wrong, Outcome.RIGHT if not wrong else Outcome.WRONG, wrong, kind, puzzle.viewer, right)


def format_answer(answer: Mapping[Card, str]) -> str:
    """An answer in the notation's words, grouped by player in card order.

    >>> from puzzles.examples import example_claim
    >>> format_answer(example_claim().answer)
    'Ann 2D 3D 4D 5D 7D, Cat 6D'
    """
    by_player: dict[str, list[Card]] = {}
    for card, player in sorted(answer.items()):
        by_player.setdefault(player, []).append(card)
    return ", ".join(f"{p} " + " ".join(str(c) for c in cards) for p, cards in by_player.items())


def mark_text(puzzle: Puzzle, text: str) -> Mark:
    """Parse and mark an answer typed in the notation's words."""
    return mark(puzzle, parse_answer(text, puzzle))
