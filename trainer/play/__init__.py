"""Self-play: bots that see only their own seat, and a simulator that records their games.

>>> import random
>>> from trainer.play import BotKind, make_bot
>>> make_bot(BotKind.RANDOM, random.Random(0)).kind
<BotKind.RANDOM: 'random'>
"""

from __future__ import annotations

from trainer.play.bots import Bot, BotKind, make_bot
from trainer.play.protocol import LEVELS, table_level
from trainer.play.simulate import GameJob, GameResult, RunSummary, play, simulate
from trainer.play.view import AskFor, ClaimSet, Move, PassTo, Role, View

__all__ = [
    "LEVELS",
    "AskFor",
    "Bot",
    "BotKind",
    "ClaimSet",
    "GameJob",
    "GameResult",
    "Move",
    "PassTo",
    "Role",
    "RunSummary",
    "View",
    "make_bot",
    "play",
    "simulate",
    "table_level",
]
