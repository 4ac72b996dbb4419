"""What a history proves: constraints on the deal, exact counting, and (beside it) human-style explanations."""

from trainer.knowledge.solve import Knowledge, count, solve, solve_game

__all__ = ["Knowledge", "count", "solve", "solve_game"]
