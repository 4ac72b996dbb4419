"""The acceptance rule: a candidate becomes a puzzle only when its answer is the only one.

A candidate is a question asked at a moment of a game, seen by one viewer,
with the answer the exact engine gives. It is accepted (:func:`is_acceptable`)
when three named predicates hold:

- :func:`is_only_answer`: the exact engine's integer counts put every answered
  card with exactly one player (and, for ``certain``, no other card of the set
  is forced), so no second answer exists;
- :func:`needs_deduction`: the answer is not simply seen (a card in the
  viewer's hand or one that moved face up in a hit is not a puzzle);
- :func:`is_fresh`: some answered card was not known a few events before.

:func:`is_readable` rules out whole positions before any question is asked.

    >>> from trainer.engine import solve
    >>> from trainer.game.notation import read_game
    >>> game = read_game(EXAMPLES / "six-diamonds.lit")
    >>> now = solve(game.setup.only("Ann"), game.events, "Ann")
    >>> is_acceptable(now, None, Question.locate(["6D"]), {Card.parse("6D"): "Cat"})
    True
"""

from __future__ import annotations

from collections.abc import Mapping

from puzzles.model import Question
from trainer.engine import Knowledge
from trainer.game.cards import Card
from trainer.game.state import State


def is_acceptable(now: Knowledge, before: Knowledge | None, question: Question, answer: Mapping[Card, str]) -> bool:
    """Whether ``answer`` to ``question`` makes a puzzle for the viewer of ``now``: it is the only
    answer (:func:`is_only_answer`), it needs a deduction (:func:`needs_deduction`) and it is new
    since ``before``, the position a few events earlier (:func:`is_fresh`; ``None``: no earlier one).
    """
    viewer = now.viewer
    return (viewer is not None and is_only_answer(now, question, answer)
            and needs_deduction(now.state, viewer, question, answer) and is_fresh(before, answer))


def is_only_answer(knowledge: Knowledge, question: Question, answer: Mapping[Card, str]) -> bool:
    """Whether ``answer`` is the only answer to ``question`` the viewer can prove.

    Decided on exact integer counts: a card is placed only when every one of the
    ``knowledge.deals`` consistent deals puts it with that player and no deal
    puts it anywhere else. A ``claim`` must name only the viewer's team; a
    ``certain`` answer must name exactly the forced cards of the set.

    >>> from trainer.engine import solve
    >>> from trainer.game.notation import read_game
    >>> k = solve(read_game(EXAMPLES / "six-diamonds.lit").setup.only("Ann"), read_game(
    ...     EXAMPLES / "six-diamonds.lit").events, "Ann")
    >>> is_only_answer(k, Question.locate(["6D"]), {Card.parse("6D"): "Cat"})
    True
    >>> is_only_answer(k, Question.locate(["6D"]), {Card.parse("6D"): "Eve"})
    False
    >>> is_only_answer(k, Question.locate(["9C"]), {Card.parse("9C"): "Bob"})
    False
    """
    total = knowledge.deals
    if total <= 0 or knowledge.viewer is None:
        return False
    players = knowledge.setup.players
    in_play = set(knowledge.cards)
    scope = question.scope
    if any(card not in in_play for card in scope):
        return False

    def only(card: Card) -> str | None:
        counts = {p: knowledge.count(card, p) for p in players}
        if sum(counts.values()) != total:
            return None
        holders = [p for p, n in counts.items() if n]
        return holders[0] if len(holders) == 1 and counts[holders[0]] == total else None

    if question.kind == "certain":
        expected = {card: holder for card in scope if (holder := only(card)) is not None}
        return bool(expected) and dict(answer) == expected
    if set(answer) != set(scope):
        return False
    if any(only(card) != player for card, player in answer.items()):
        return False
    if question.kind == "claim":
        team = set(knowledge.setup.members(knowledge.setup.team(knowledge.viewer)))
        return all(player in team for player in answer.values())
    return question.kind == "locate"


def is_seen(state: State, viewer: str, card: Card) -> bool:
    """Whether ``viewer`` simply sees where ``card`` is: in their own hand, or moved face up in a hit."""
    return card in state.located or card in state.hands.get(viewer, ())


def needs_deduction(state: State, viewer: str, question: Question, answer: Mapping[Card, str]) -> bool:
    """Whether the answer takes more than a glance.

    ``locate``: no asked card is seen. ``certain``: some certain card is not seen.
    ``claim``: some card is not seen, or (a level-1 *memory* claim) at least one of
    the six moved to a teammate in a hit, so the claim rests on remembering the history.
    """
    hidden = [card for card in answer if not is_seen(state, viewer, card)]
    if question.kind == "locate":
        return len(hidden) == len(answer) > 0
    if question.kind == "certain":
        return bool(hidden)
    if hidden:
        return True
    teammates = [c for c, p in answer.items() if p != viewer and c in state.located]
    return len(teammates) >= 1


def is_fresh(before: Knowledge | None, answer: Mapping[Card, str]) -> bool:
    """Whether some answered card was not known (forced, or seen) in the position a few events before."""
    if before is None:
        return True
    in_play = set(before.cards)
    return any(card not in in_play or before.forced(card) != player for card, player in answer.items())


def is_readable(state: State, viewer: str) -> bool:
    """Whether the position does not give every answer away for a reason the question hides:
    at least two players besides the viewer still hold cards (with one left, every unseen card is theirs)."""
    others = [p for p in state.setup.players if p != viewer and state.sizes[p] > 0]
    return len(others) >= 2

