"""Checking a puzzle record before it is served: nothing a file says is taken on trust.

A record read from JSON has passed the schema checks of :mod:`puzzles.model`;
:func:`verify` also replays it and asks the exact engine:

- its ``id`` matches its content (an edited record must not keep the id its
  progress is filed under);
- the log replays, lists the viewer's hand, and fits some deal;
- the question is answerable (its cards are in play, the game is not over) and
  takes more than a glance (not a card in the viewer's own hand);
- the answer is the one the engine proves: every card placed is forced there,
  a claim names only the viewer's team, and a ``certain`` answer names exactly
  the forced cards of the set (at least one);
- the second solver agrees (:mod:`puzzles.crosscheck`: python-constraint finds
  no deal that fits the history and contradicts the answer).

What a record says of itself beyond that (its ``difficulty``, ``techniques``
and ``explanation``: the level the rating is moved by, the steps shown after
the verdict) is not checked but **derived again** (:func:`rederived`): the
record served is the one the explainer writes, whatever the file said.

Verifying costs one exact solve (a fraction of a second, seconds for a long
8-player history) and one explanation (a few hundredths of a second), so
records are verified when served, one at a time, and each only once per
process (:func:`verified`). The built-in pack ships the hash of every record
verified when it was built (``puzzles/data/pack.verified``, rewritten by
``python -m puzzles.pack_build --verify``), a hash of the whole record
(:func:`record_hash`: the difficulty, techniques and explanation too): a
record whose hash is listed there is served at once as it is, one that was
edited in any field is verified and derived again.

    >>> from puzzles.examples import example_claim
    >>> verified(example_claim(), "example").id == example_claim().id
    True
    >>> from puzzles.model import Question
    >>> right = example_claim()
    >>> wrong = Puzzle.create(variant=right.variant, viewer="Ann", log=right.log, question=Question.locate(["6D"]),
    ...                       answer={"6D": "Eve"}, difficulty=right.difficulty)
    >>> verify(wrong)
    Traceback (most recent call last):
    ...
    puzzles.model.PuzzleFormatError: the answer gives 6D to Eve, but the history proves it is with Cat
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING

from puzzles.model import Puzzle, PuzzleFormatError, content_id
from trainer.game.cards import Card
from trainer.game.errors import LiteratureError

if TYPE_CHECKING:
    from trainer.engine.solve import Knowledge

VERIFIED_LIST = "pack.verified"
"""The content hashes of the built-in pack's verified records, one per line (package data)."""

_VERIFIED: dict[str, Puzzle] = {}
"""The records verified in this process, by the hash of the record read: each as it is served."""


def verify(puzzle: Puzzle) -> None:
    """Raise :class:`PuzzleFormatError` with the reason when ``puzzle`` does not hold together."""
    _solved(puzzle)


def _solved(puzzle: Puzzle) -> Knowledge:
    """:func:`verify`, giving what the exact engine knows of the position (for :func:`rederived`)."""
    # the engine is imported here, not above: serving a record already verified (the built-in
    # pack's, listed in pack.verified) needs none of it, and the daily puzzle comes the faster
    from puzzles.acceptance import is_only_answer, needs_deduction
    from puzzles.ids import canonical_id, canonical_key
    from trainer.engine.solve import solve

    try:
        puzzle.validate()
        game = puzzle.game
        if puzzle.id not in (content_id(puzzle.variant, puzzle.viewer, puzzle.log, puzzle.question, puzzle.answer),
                             canonical_id(canonical_key(puzzle))):
            raise PuzzleFormatError(
                f"its id {puzzle.id} does not match its content (was the record edited?); "
                "remove the 'id' field to give it the id of what it now says"
            )
        state = game.state()
        if state.over:
            raise PuzzleFormatError("the game in its log is over: there is nothing left to ask")
        for card in puzzle.question.scope:
            if not state.in_play(card):
                raise PuzzleFormatError(f"the question asks about {card}, whose set has been claimed")
        if puzzle.answer and not needs_deduction(state, puzzle.viewer, puzzle.question, puzzle.answer):
            raise PuzzleFormatError(f"the answer can be read off {puzzle.viewer}'s own hand and the moves seen")
        knowledge = solve(game.setup, game.events, puzzle.viewer)
    except PuzzleFormatError:
        raise
    except LiteratureError as error:
        raise PuzzleFormatError(f"its log: {error}") from None
    if not is_only_answer(knowledge, puzzle.question, puzzle.answer):
        raise PuzzleFormatError(_why_not(knowledge, puzzle))
    from puzzles.crosscheck import disagreement

    second = disagreement(puzzle)  # the second solver (python-constraint) must agree
    if second is not None:
        raise PuzzleFormatError(f"the two solvers disagree: the exact engine proves the answer, but {second}")
    return knowledge


def verified(puzzle: Puzzle, where: str) -> Puzzle:
    """The puzzle to serve once :func:`verify` passes: ``puzzle`` itself when the built-in pack lists
    its hash, else ``puzzle`` with the difficulty, techniques and explanation derived again
    (:func:`rederived`). When it fails, the error names ``where`` (the file) and the puzzle.

    >>> from dataclasses import replace
    >>> from puzzles.examples import example_claim
    >>> from puzzles.model import Difficulty
    >>> edited = replace(example_claim(), difficulty=Difficulty(6, "case analysis", 99.0))
    >>> verified(edited, "edited.json").difficulty
    Difficulty(level=2, name='careful player', score=2.56)
    """
    key = record_hash(puzzle)
    if key in shipped_hashes():
        return puzzle
    served = _VERIFIED.get(key)
    if served is None:
        try:
            served = rederived(puzzle, _solved(puzzle))
        except PuzzleFormatError as error:
            raise PuzzleFormatError(f"puzzle {puzzle.id}: {error.message}", path=where) from None
        _VERIFIED[key] = served
    return served


def rederived(puzzle: Puzzle, knowledge: Knowledge | None = None) -> Puzzle:
    """``puzzle`` with its difficulty, techniques and explanation as the explainer derives them now
    (:func:`puzzles.difficulty.explain_answer` and :func:`~puzzles.difficulty.grade`), whatever the
    record said; the id, question, answer and source are kept. A position the explainer's human
    steps do not reach is case analysis (level 6), with no explanation, as
    :mod:`puzzles.missed` rates it. ``knowledge`` is the exact engine's (solved when not given);
    the record is assumed verified.

    >>> from dataclasses import replace
    >>> from puzzles.examples import example_claim
    >>> puzzle = example_claim()
    >>> lying = replace(puzzle, explanation=(), techniques=("case analysis",))
    >>> again = rederived(lying)
    >>> again.techniques, again.explanation[-1].text.endswith("so it is 6D.")
    (('elimination', 'careful player'), True)
    """
    from puzzles.difficulty import explain_leveled
    from trainer.engine.solve import solve

    game = puzzle.game
    if knowledge is None:
        knowledge = solve(game.setup, game.events, puzzle.viewer)
    found = explain_leveled(game.setup, game.events, puzzle.viewer, puzzle.question, puzzle.answer, knowledge)
    if found is None:
        from puzzles.missed import CASE_ANALYSIS

        return replace(puzzle, difficulty=CASE_ANALYSIS, techniques=(CASE_ANALYSIS.name,), explanation=())
    explained, difficulty = found
    return replace(puzzle, difficulty=difficulty, techniques=explained.techniques,
                   explanation=explained.explanation)


def record_hash(puzzle: Puzzle) -> str:
    """The SHA-256 of the record's JSON (keys sorted): an edit of any field it keeps changes it
    (the difficulty, techniques and explanation as much as the log and answer).

    >>> from puzzles.examples import example_claim
    >>> len(record_hash(example_claim()))
    64
    """
    text = json.dumps(puzzle.to_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


@lru_cache(maxsize=1)
def shipped_hashes() -> frozenset[str]:
    """The hashes listed in ``puzzles/data/pack.verified`` (none when it is missing)."""
    try:
        text = (resources.files("puzzles") / "data" / VERIFIED_LIST).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError, UnicodeDecodeError):
        return frozenset()
    return frozenset(line.strip() for line in text.splitlines() if len(line.strip()) == 64)


def _why_not(knowledge: Knowledge, puzzle: Puzzle) -> str:
    """The first thing wrong with an answer the engine does not prove."""
    question, answer = puzzle.question, puzzle.answer
    forced: dict[Card, str | None] = {card: knowledge.forced(card) for card in question.scope}
    for card, player in answer.items():
        holder = forced[card]
        if holder is None:
            possible = " ".join(sorted(knowledge.holders(card)))
            return f"the answer gives {card} to {player}, but the history does not prove it (it may be with {possible})"
        if holder != player:
            return f"the answer gives {card} to {player}, but the history proves it is with {holder}"
    if question.kind == "certain":
        missing = _listed({c: h for c, h in forced.items() if h is not None and c not in answer})
        if not answer and not missing:
            return "a 'certain' question needs at least one card that can be placed, and none of this set can"
        return f"the answer leaves out cards the history places for certain: {missing}"
    if question.kind == "claim":
        return f"the claim must name only {puzzle.viewer}'s team, and the history does not put the set there"
    return "the answer is not the one the history proves"


def _listed(holders: Mapping[Card, str | None]) -> str:
    return ", ".join(f"{card} {player}" for card, player in sorted(holders.items()))
