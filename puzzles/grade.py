"""Reading a learner's answer in the notation's words, and grading it like the game.

An answer names players and the cards they hold: ``Cat 6D`` for a locate
question, ``Ann 2D 3D 4D 5D 7D, Cat 6D`` for a claim. Reading is lenient about
case, unicode suits, ``T``/``10``, and commas, semicolons or colons between
groups; it is strict about meaning, with one :class:`AnswerError` subclass
per mistake::

    >>> from puzzles.model import Puzzle
    >>> puzzle = example_claim()
    >>> sorted((str(c), p) for c, p in parse_answer("ann 2d 3♦ 4D 5D 7D; CAT 6d", puzzle).items())[:2]
    [('2D', 'Ann'), ('3D', 'Ann')]
    >>> parse_answer("Ann 2D 3D 4D 5D 7D", puzzle)
    Traceback (most recent call last):
    ...
    puzzles.grade.MissingCardsError: name a holder for 6D too

A claim is graded as the game scores it (see :func:`claim_outcome`)::

    >>> grade_text(puzzle, "Ann 2D 3D 4D 5D 7D, Cat 6D").outcome
    <Outcome.WON: 'won'>
    >>> result = grade_text(puzzle, "Ann 2D 3D 4D 5D 6D, Cat 7D")
    >>> result.outcome, result.to_json()["wrong"]["7D"]
    (<Outcome.CANCELLED: 'cancelled'>, {'said': 'Cat', 'actual': 'Ann'})
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from puzzles.model import Difficulty, Puzzle, Question
from trainer.game.cards import Card
from trainer.game.errors import LiteratureError, NotationError
from trainer.game.variants import Variant


class AnswerError(LiteratureError):
    """An answer that cannot be graded; the message says what to fix."""


class EmptyAnswerError(AnswerError):
    """Nothing was named."""


class UnknownCardError(AnswerError):
    """A word that looks like a card but is not one."""


class UnknownPlayerError(AnswerError):
    """A name that is not a player at the table."""


class NoPlayerError(AnswerError):
    """Cards named before any player."""


class OutsideQuestionError(AnswerError):
    """A card the question does not ask about."""


class DuplicateCardError(AnswerError):
    """A card named twice."""


class MissingCardsError(AnswerError):
    """Some asked cards were given no holder."""


class OpponentNamedError(AnswerError):
    """A claim that names an opponent: a claim may only name the claimer's team."""


class Outcome(str, Enum):
    """What became of the answer: a claim's fate, or right/wrong."""

    WON = "won"
    CANCELLED = "cancelled"
    LOST = "lost"
    RIGHT = "right"
    WRONG = "wrong"


@dataclass(frozen=True)
class Miss:
    """A card placed wrongly: who the answer said, who actually holds it (``None``: nobody certain)."""

    said: str | None
    actual: str | None


@dataclass(frozen=True)
class Grade:
    """The verdict on one answer."""

    correct: bool
    outcome: Outcome
    wrong: Mapping[Card, Miss] = field(default_factory=dict)
    kind: str = "locate"

    def to_json(self) -> dict[str, Any]:
        """``{"correct", "outcome", "wrong": {card: {"said", "actual"}}}``."""
        return {
            "correct": self.correct,
            "outcome": self.outcome.value,
            "wrong": {str(c): {"said": m.said, "actual": m.actual} for c, m in sorted(self.wrong.items())},
        }

    def verdict(self) -> str:
        """One line starting with ``Correct`` or ``Wrong`` (for a claim, then what happened to the set).

        >>> Grade(False, Outcome.CANCELLED, {}, "claim").verdict()
        'Wrong: the claim is cancelled (all six cards are with your team, but not where you said).'
        """
        head = "Correct" if self.correct else "Wrong"
        if self.kind == "claim":
            return f"{head}: {_CLAIM_FATE[self.outcome]}"
        if self.correct:
            return "Correct."
        n = len(self.wrong)
        return f"Wrong: {n} card{'s' if n != 1 else ''} misplaced."

    def misses(self) -> list[str]:
        """One line per wrong card: ``7D: you said Ann, it is with Eve``."""
        lines = []
        for card, miss in sorted(self.wrong.items()):
            said = f"you said {miss.said}" if miss.said else "you did not name it"
            actual = f"it is with {miss.actual}" if miss.actual else "its holder is not certain"
            lines.append(f"{card}: {said}, {actual}")
        return lines


_CLAIM_FATE = {
    Outcome.WON: "the set is won.",
    Outcome.CANCELLED: "the claim is cancelled (all six cards are with your team, but not where you said).",
    Outcome.LOST: "the set is lost to the other team.",
}


# -- parsing ----------------------------------------------------------------------

_SPLIT = re.compile(r"[\s,;:]+")
_CARDISH = re.compile(r"^(10|[0-9TJQKARB])[0-9]?[A-Z♠♥♦♣]?$", re.IGNORECASE)


def parse_answer(text: str, puzzle: Puzzle) -> dict[Card, str]:
    """Read ``Player CARD CARD..., Player CARD...`` into card -> player, checking it against the question."""
    question = puzzle.question
    complete = question.kind in ("locate", "claim")
    team = puzzle.team if question.kind == "claim" else None
    return read_holders(text, puzzle.players, question.scope, _example(puzzle), _scope_words(question),
                        complete=complete, team=team)


def read_holders(
    text: str,
    players: Sequence[str],
    scope: Sequence[Card],
    example: str,
    scope_words: str,
    *,
    complete: bool = True,
    team: Sequence[str] | None = None,
) -> dict[Card, str]:
    """Read ``Player CARD CARD..., Player CARD...`` into card -> player (the trainer's answer syntax).

    Every card must be in ``scope`` (``scope_words`` says what that is); with
    ``complete`` every card of ``scope`` must be named; with ``team`` only its
    players may be. ``example`` shows a well-formed answer in the messages.

    >>> from trainer.game.cards import HalfSuit
    >>> cards = HalfSuit.parse("LD").cards
    >>> read_holders("ann 2d 3d; cat 4D 5D 6D 7D", ["Ann", "Bob", "Cat"], cards, "'Ann 2D'", "LD",
    ...              team=["Ann", "Cat"])[Card.parse("6D")]
    'Cat'
    """
    by_name = {p.lower(): p for p in players}
    answer: dict[Card, str] = {}
    current: str | None = None
    tokens = [t for t in _SPLIT.split(text.strip()) if t]
    if not tokens:
        raise EmptyAnswerError("type an answer such as " + example)
    for token in tokens:
        name = by_name.get(token.lower())
        if name is not None:
            current = name
            continue
        try:
            card = Card.parse(token)
        except NotationError:
            if _CARDISH.match(token):
                raise UnknownCardError(f"{token!r} is not a card (cards look like 6D, 10S, QH)") from None
            raise UnknownPlayerError(f"{token!r} is not at the table (players: {' '.join(players)})") from None
        if current is None:
            raise NoPlayerError(f"name the player before the cards, as in {example}")
        if card not in scope:
            raise OutsideQuestionError(f"{card} is not part of the question ({scope_words})")
        if card in answer:
            raise DuplicateCardError(f"{card} is named twice")
        answer[card] = current
    if current is not None and not answer:
        raise EmptyAnswerError(f"name the cards {current} holds, as in {example}")
    if complete:
        missing = [c for c in scope if c not in answer]
        if missing:
            raise MissingCardsError(f"name a holder for {' '.join(str(c) for c in missing)} too")
    if team is not None:
        for card, player in answer.items():
            if player not in team:
                raise OpponentNamedError(
                    f"{player} is an opponent: a claim names only your team ({' '.join(team)}), not {card}'s holder"
                )
    return answer


def _example(puzzle: Puzzle) -> str:
    question = puzzle.question
    someone = puzzle.team[1] if len(puzzle.team) > 1 else puzzle.viewer
    if question.kind == "locate":
        return f"'{someone} {question.cards[0]}'"
    cards = question.scope
    return f"'{puzzle.viewer} {' '.join(str(c) for c in cards[:3])}, {someone} {' '.join(str(c) for c in cards[3:])}'"


def _scope_words(question: Question) -> str:
    if question.half_suit is not None:
        return f"the set {question.half_suit.code}: {' '.join(str(c) for c in question.half_suit.cards)}"
    return "asked: " + " ".join(str(c) for c in question.cards)


# -- grading ----------------------------------------------------------------------


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


def grade(puzzle: Puzzle, answer: Mapping[Card, str]) -> Grade:
    """Grade a parsed answer against the record's answer, with the variant's rules."""
    truth = puzzle.answer
    wrong: dict[Card, Miss] = {}
    for card in sorted(set(answer) | set(truth)):
        said, actual = answer.get(card), truth.get(card)
        if said != actual:
            wrong[card] = Miss(said, actual)
    kind = puzzle.question.kind
    if kind == "claim":
        players = puzzle.players
        outcome = claim_outcome(
            puzzle.variant, lambda p: players.index(p) % 2, puzzle.viewer, answer, truth
        )
        return Grade(outcome is Outcome.WON, outcome, wrong, kind)
    return Grade(not wrong, Outcome.RIGHT if not wrong else Outcome.WRONG, wrong, kind)


def format_answer(answer: Mapping[Card, str]) -> str:
    """An answer in the notation's words, grouped by player in card order.

    >>> format_answer(example_claim().answer)
    'Ann 2D 3D 4D 5D 7D, Cat 6D'
    """
    by_player: dict[str, list[Card]] = {}
    for card, player in sorted(answer.items()):
        by_player.setdefault(player, []).append(card)
    return ", ".join(f"{p} " + " ".join(str(c) for c in cards) for p, cards in by_player.items())


def grade_text(puzzle: Puzzle, text: str) -> Grade:
    """Parse and grade an answer typed in the notation's words."""
    return grade(puzzle, parse_answer(text, puzzle))


def example_claim() -> Puzzle:
    """The six-diamonds puzzle of the notation spec (classic, as Ann): claim LD.

    >>> example_claim().answer[Card.parse("6D")]
    'Cat'
    """
    return Puzzle.create(
        variant="classic",
        viewer="Ann",
        log=(
            "variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\ndealer: Cat\n"
            "hand Ann: 2D 3D 4D 5D 7D 9S JS KH\nCat asks Bob for 3D: no\n"
        ),
        question=Question.claim("LD"),
        answer={**{c: "Ann" for c in ("2D", "3D", "4D", "5D", "7D")}, "6D": "Cat"},
        difficulty=Difficulty(3, "ask inference", 3.5),
        techniques=["ask inference"],
        explanation=[
            {
                "technique": "ask inference",
                "text": "Cat asked Bob for 3D on move 1, so Cat held another low diamond; "
                "you hold 2D 3D 4D 5D 7D, so it is 6D.",
                "facts": [{"card": "6D", "holder": "Cat"}],
                "events": [1],
                "uses_steps": [],
            }
        ],
        source={"kind": "hand-made", "from": "notation spec, worked example"},
    )
