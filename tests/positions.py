"""Counting problems from random legal games, for the tests that compare one pass with another.

    >>> problem = reference_pair(3, ("classic", 6), public=True, share=0.2, budget=400_000)
    >>> problem is None or problem[1].total > 0
    True
"""

from __future__ import annotations

import random

from trainer.engine.constraints import History
from trainer.engine.counting import Counter, OverBudget
from trainer.engine.problem import Problem
from trainer.engine.solve import counting_model
from trainer.game.randomplay import random_game

TABLES = [("classic", 6), ("classic", 8), ("fish54", 6), ("fish54", 8)]


def reference_pair(
    seed: int, table: tuple[str, int], public: bool, share: float, budget: int
) -> tuple[Problem, Counter] | None:
    """The counting problem after ``share`` of a random legal game (seeded), seen by the public or
    by a random player, with the plain Python pass over it; ``None`` when that pass needs more than
    ``budget`` steps (too slow to be the reference)."""
    rng = random.Random(seed)
    game = random_game(rng, *table)
    viewer = None if public else rng.choice(game.setup.players)
    n = round(share * len(game.events))
    problem = counting_model(History.build(game.setup, game.events[:n], viewer)).problem
    try:
        return problem, Counter(problem, budget=budget)
    except OverBudget:
        return None
