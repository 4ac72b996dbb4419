"""The ladder's rungs by name: a module of its own, so that puzzles' model reads them without the engine.

    >>> RUNGS[4]
    'hand counting'
"""

from __future__ import annotations

__all__ = ["RUNGS"]

RUNGS = {
    1: "elimination",
    2: "careful player",
    3: "ask history",
    4: "hand counting",
    5: "shared asks",
    6: "case analysis",
}
"""The ladder's rungs and their names, the one vocabulary of steps and puzzle levels
(:mod:`puzzles.ladder`, ``docs/techniques.md``): 1 what the table shows leaves one holder (nothing
derived); 2 the careful player's deductions, chained (only holder, an ask's only option now, a full
hand); 3 an ask read at the time it was made; 4 hand counting (as many places as candidates, asks that
fill a hand); 5 shared asks; 6 case analysis."""
