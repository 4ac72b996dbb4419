"""What every bot shares: the kinds, the :class:`Bot` protocol, and whom to hand the turn to.

Both :mod:`trainer.play.bots` and :mod:`trainer.play.expert` build on this
module, so neither needs the other.

The kinds a player chooses from in ``literature play`` are the four
:data:`LEVELS`; ``random``, ``basic`` and ``human`` are the simulator's older
bots (corpora, puzzles), and at a ``play`` table ``basic`` and ``human`` are
the old names of ``medium`` and ``easy`` (:func:`table_level`).

    >>> BotKind("expert"), [kind.value for kind in BotKind]
    (<BotKind.EXPERT: 'expert'>, ['random', 'basic', 'human', 'easy', 'medium', 'hard', 'expert'])
    >>> table_level("basic"), table_level("hard")
    (<BotKind.MEDIUM: 'medium'>, <BotKind.HARD: 'hard'>)
"""

from __future__ import annotations

from enum import Enum
from typing import Protocol

from trainer.play.view import Move, View


class BotKind(str, Enum):
    """The kinds of bot, as named on the command line."""

    RANDOM = "random"
    BASIC = "basic"
    HUMAN = "human"
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"


LEVELS = (BotKind.EASY, BotKind.MEDIUM, BotKind.HARD, BotKind.EXPERT)
"""The levels a player chooses from, weakest first (``benchmarks/bots.py --levels`` measures them)."""

OLD_NAMES = {BotKind.BASIC: BotKind.MEDIUM, BotKind.HUMAN: BotKind.EASY}
"""At a ``play`` table (saved games, ``--partners``/``--opponents``) the old names stand for these levels."""


def table_level(kind: BotKind | str) -> BotKind:
    """The kind of bot seated at a ``play`` table for ``kind`` (an old name gives its level)."""
    kind = BotKind(kind)
    return OLD_NAMES.get(kind, kind)


class Bot(Protocol):
    """A player: given what its seat may see, the next move."""

    kind: BotKind

    def decide(self, view: View) -> Move:
        """The next move for ``view.seat`` in ``view.role``."""
        ...


def most_cards(view: View, players: list[str]) -> str:
    """The player with the most cards (seat order after ``view.seat`` breaks ties)."""
    order = view.setup.players
    start = order.index(view.seat)
    return max(players, key=lambda p: (view.state.sizes[p], -((order.index(p) - start) % len(order))))
