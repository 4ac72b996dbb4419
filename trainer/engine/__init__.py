"""The exact engine: what a history proves about the deal, by exact counting.

The one entry point most callers need is :func:`solve`; see :mod:`trainer.engine.solve`.
"""

from trainer.engine.solve import Knowledge, count, solve, solve_game

__all__ = ["Knowledge", "count", "solve", "solve_game"]
