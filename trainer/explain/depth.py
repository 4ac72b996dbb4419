"""How much an explanation (or a hint) gives away: a module of its own, so that a quiz names a hint's depth
without the engine.

    >>> Depth("clue") is Depth.CLUE
    True
"""

from __future__ import annotations

from enum import Enum

__all__ = ["Depth"]


class Depth(str, Enum):
    """How much an explanation gives away: a nudge (where to look), a clue (what to ask), the full steps."""

    NUDGE = "nudge"
    CLUE = "clue"
    FULL = "full"
