"""The game itself: cards, variants, events, positions and the ``.lit`` notation."""

from trainer.game.cards import ALL_CARDS, ALL_HALF_SUITS, Card, HalfSuit, parse_cards
from trainer.game.errors import (
    IllegalEventError,
    ImpossibleHistoryError,
    LiteratureError,
    NotationError,
)
from trainer.game.events import Ask, Claim, Event, Pass
from trainer.game.state import SetResult, SetStatus, Setup, State
from trainer.game.variants import Variant

__all__ = [
    "ALL_CARDS",
    "ALL_HALF_SUITS",
    "Ask",
    "Card",
    "Claim",
    "Event",
    "HalfSuit",
    "IllegalEventError",
    "ImpossibleHistoryError",
    "LiteratureError",
    "NotationError",
    "Pass",
    "SetResult",
    "SetStatus",
    "Setup",
    "State",
    "Variant",
    "parse_cards",
]
