"""Answers the tests type: the right one, and a wrong one shaped like it (the example answer is another set's
cards, so the puzzle's reader refuses it rather than marking it).

    >>> from puzzles.examples import example_claim, example_certain
    >>> wrong_answer(example_claim()), wrong_answer(example_certain())
    ('Cat 2D 6D, Ann 3D 4D 5D 7D', 'none')
"""

from __future__ import annotations

from puzzles.marking import format_answer
from puzzles.model import Puzzle


def right_answer(puzzle: Puzzle) -> str:
    """The puzzle's answer in the notation's words."""
    return format_answer(puzzle.answer)


def wrong_answer(puzzle: Puzzle) -> str:
    """A wrong answer the reader accepts: one card given to another plausible holder (a claim: a teammate), or,
    for a certain question, one certain card left out (or, with none certain, an asked card named)."""
    truth = dict(puzzle.expected)
    kind = puzzle.question.kind
    if kind == "certain":
        if truth:
            truth.pop(sorted(truth)[0])
            return format_answer(truth) or "none"
        card = sorted(puzzle.asked)[0]
        return format_answer({card: next(p for p in puzzle.players if p != puzzle.viewer)})
    card = sorted(truth)[0]
    pool = puzzle.team if kind == "claim" else [p for p in puzzle.players if p != puzzle.viewer]
    truth[card] = next(p for p in pool if p != truth[card])
    return format_answer(truth)
