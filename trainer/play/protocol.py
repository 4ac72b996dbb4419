"""What every bot shares: the kinds, the :class:`Bot` protocol, and whom to hand the turn to.

Both :mod:`trainer.play.bots` and :mod:`trainer.play.expert` build on this
module, so neither needs the other.

    >>> BotKind("expert"), [kind.value for kind in BotKind]
    (<BotKind.EXPERT: 'expert'>, ['random', 'basic', 'human', 'expert'])
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
    EXPERT = "expert"


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
