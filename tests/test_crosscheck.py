"""The second solver (trainer/engine/second.py, python-constraint) against the exact engine."""

from __future__ import annotations

import os
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

import pytest

from puzzles.crosscheck import disagreement
from puzzles.examples import example_claim
from puzzles.model import Puzzle, Question
from puzzles.packs import load_pack
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


def _check(ids: list[str]) -> tuple[int, list[tuple[str, str]]]:
    """How many puzzles were checked, and the disagreements found."""
    pack = {p.id: p for p in load_pack()}
    found = [(i, why) for i in ids if (why := disagreement(pack[i])) is not None]
    return len(ids), found


@pytest.mark.slow
def test_the_whole_shipped_pack_is_verified_by_the_second_solver() -> None:
    """Every puzzle of the shipped pack: python-constraint finds no deal that contradicts its answer
    (benchmarks/crosscheck.py times the same run)."""
    ids = [p.id for p in load_pack()]
    assert len(ids) >= 5000  # 5,181 since issue 41 (2,770 of issue 40 kept)
    workers = min(2, os.cpu_count() or 1)
    chunks = [ids[i::workers] for i in range(workers)]
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(_check, chunks))
    assert sum(checked for checked, _ in results) == len(ids)  # every puzzle went through the second solver
    assert [d for _, found in results for d in found] == []
