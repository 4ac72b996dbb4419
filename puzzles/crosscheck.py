"""A puzzle's answer checked by the second solver (python-constraint), apart from the exact engine.

The exact engine proves an answer by counting: every consistent deal puts the
card there. :func:`disagreement` asks the other way round, with
:mod:`trainer.engine.second`, which reads the events again itself: *is there a
deal that fits the history and contradicts the answer?* For a ``certain``
question it also asks, for each card of the set the answer leaves out, for two
deals that put it with different players (else it was forced, and the answer
should have named it). A puzzle is kept in the pack only when this finds
nothing (``python -m puzzles.pack_build``), and ``tests/test_crosscheck.py``
runs it over the whole shipped pack.

    >>> from puzzles.examples import example_claim
    >>> disagreement(example_claim()) is None
    True
    >>> from dataclasses import replace
    >>> from trainer.game.cards import Card
    >>> wrong = replace(example_claim(), answer={**example_claim().answer, Card.parse("6D"): "Eve"})
    >>> print(disagreement(wrong))
    a deal fits the history and puts 6D with Cat, not Eve
"""

from __future__ import annotations

from puzzles.model import Puzzle
from trainer.engine.second import contradiction, find_deal


def disagreement(puzzle: Puzzle) -> str | None:
    """Why the second solver does not accept ``puzzle``'s answer, or ``None`` when it does."""
    game = puzzle.game
    setup, events, viewer = game.setup, game.events, puzzle.viewer
    state = game.state()
    players = frozenset(setup.players)
    deal = contradiction(setup, events, viewer, puzzle.answer)
    if deal is not None:
        for card, player in sorted(puzzle.answer.items()):
            holder = state.located.get(card, deal[card])
            if holder != player:
                return f"a deal fits the history and puts {card} with {holder}, not {player}"
    if puzzle.question.kind == "certain":
        if not puzzle.answer:
            return "a 'certain' answer names no card"
        one = find_deal(setup, events, viewer)
        if one is None:
            return "no deal fits the history"
        for card in puzzle.question.scope:
            if card in puzzle.answer or not state.in_play(card):
                continue
            holder = state.located.get(card, one[card])
            if find_deal(setup, events, viewer, {card: players - {holder}}) is None:
                return f"the answer leaves out {card}, which every deal puts with {holder}"
    if puzzle.question.kind == "claim" and viewer is not None:
        team = set(setup.members(setup.team(viewer)))
        if any(player not in team for player in puzzle.answer.values()):
            return "the claim names a player of the other team"
    return None
