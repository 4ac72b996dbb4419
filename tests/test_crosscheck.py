"""The second solver (trainer/engine/second.py, python-constraint) against the exact engine."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from puzzles.crosscheck import disagreement
from puzzles.examples import example_claim
from puzzles.model import Puzzle, PuzzleFormatError, Question
from puzzles.verify import verify
from trainer.engine.second import contradiction, find_deal
from trainer.engine.solve import solve
from trainer.game.cards import Card
from trainer.game.notation import read_game
from trainer.game.randomplay import random_game

SIX = "tests/data/six-diamonds.lit"


def test_known_answers_on_the_six_diamonds() -> None:
    game = read_game(SIX)
    six, nine = Card.parse("6D"), Card.parse("9C")
    assert contradiction(game.setup, game.events, "Ann", {six: "Cat"}) is None
    deal = contradiction(game.setup, game.events, "Ann", {nine: "Bob"})
    assert deal is not None and deal[nine] != "Bob"
    assert find_deal(game.setup, game.events, "Ann", {six: frozenset({"Eve"})}) is None
    assert find_deal(game.setup, game.events, "Ann", {Card.parse("2D"): frozenset({"Bob"})}) is None


def test_a_wrong_answer_is_caught() -> None:
    right = example_claim()
    assert disagreement(right) is None
    wrong = replace(right, answer={**right.answer, Card.parse("6D"): "Eve"})
    assert disagreement(wrong) == "a deal fits the history and puts 6D with Cat, not Eve"
    loose = Puzzle.create(variant=right.variant, viewer="Ann", log=right.log, question=Question.locate(["9C"]),
                          answer={Card.parse("9C"): "Bob"}, difficulty=right.difficulty)
    assert disagreement(loose) is not None and "9C" in disagreement(loose)  # type: ignore[operator]


@pytest.mark.parametrize("seed", range(6))
def test_the_second_solver_finds_a_deal_exactly_where_the_engine_counts_one(seed: int) -> None:
    variant, players = [("classic", 6), ("fish54", 8), ("fish54", 6), ("classic", 8)][seed % 4]
    game = random_game(random.Random(seed), variant, players)
    n = random.Random(seed).randrange(len(game.events) + 1)
    viewer = game.setup.players[seed % players] if seed % 3 else None
    view = game.setup.seen_by(viewer)
    events = game.events[:n]
    knowledge = solve(view, events, viewer)
    rng = random.Random(seed)
    for card in rng.sample(list(knowledge.cards), 4):
        for player in game.setup.players:
            found = find_deal(view, events, viewer, {card: frozenset({player})})
            assert (found is not None) == (knowledge.count(card, player) > 0), (card, player)


def test_verifying_a_puzzle_runs_the_second_solver_and_a_disagreement_refuses_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """verify() asks python-constraint about every puzzle: the whole shipped pack goes through both solvers in
    tests/test_shipped_pack.py (benchmarks/witness.py times the second solver alone over it)."""
    import puzzles.crosscheck

    puzzle = example_claim()
    asked: list[str] = []

    def second(p: Puzzle) -> str | None:
        asked.append(p.id)
        return "a deal fits the history and puts 6D with Eve, not Cat"

    verify(puzzle)
    monkeypatch.setattr(puzzles.crosscheck, "disagreement", second)
    with pytest.raises(PuzzleFormatError, match="the two solvers disagree: the exact engine proves the answer, "
                                                "but a deal fits the history and puts 6D with Eve, not Cat"):
        verify(puzzle)
    assert asked == [puzzle.id]
