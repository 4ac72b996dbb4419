"""The two rule variants: ``classic`` (48 cards) and ``fish54`` (54 cards).

    >>> Variant.CLASSIC.hand_sizes(6, dealer=0)
    (8, 8, 8, 8, 8, 8)
    >>> Variant.FISH54.hand_sizes(8, dealer=5)
    (7, 7, 7, 7, 6, 6, 7, 7)
    >>> len(Variant.FISH54.cards), len(Variant.CLASSIC.half_suits)
    (54, 8)
"""

from __future__ import annotations

from enum import Enum

from trainer.game.cards import ALL_CARDS, ALL_HALF_SUITS, Card, HalfSuit
from trainer.game.errors import NotationError

PLAYER_COUNTS = (6, 8)


class Variant(str, Enum):
    """A rule variant, named as in the ``variant:`` header."""

    CLASSIC = "classic"
    FISH54 = "fish54"

    @classmethod
    def parse(cls, text: str) -> Variant:
        """Read a variant name (case-insensitive).

        >>> Variant.parse("Fish54")
        <Variant.FISH54: 'fish54'>
        """
        key = text.strip().lower()
        for variant in cls:
            if variant.value == key:
                return variant
        names = ", ".join(v.value for v in cls)
        raise NotationError(f"unknown variant {text.strip()!r} (expected one of: {names})")

    @property
    def half_suits(self) -> tuple[HalfSuit, ...]:
        """The sets in play: 8 in ``classic``, 9 (with ``8J``) in ``fish54``."""
        return ALL_HALF_SUITS if self is Variant.FISH54 else ALL_HALF_SUITS[:8]

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck, in canonical order."""
        return ALL_CARDS if self is Variant.FISH54 else ALL_CARDS[:48]

    @property
    def misclaim_cancels(self) -> bool:
        """``classic``: a misplaced claim kept within the team is cancelled."""
        return self is Variant.CLASSIC

    @property
    def winner_picks_next(self) -> bool:
        """``fish54``: after a claim, the team that won the set picks who plays."""
        return self is Variant.FISH54

    @property
    def pass_after_claim(self) -> bool:
        """``classic``: after any claim the claimer may pass the turn to a teammate (the stalemate breaker)."""
        return self is Variant.CLASSIC

    @property
    def out_of_turn_claims(self) -> bool:
        """``classic``: a claim made out of turn is a penalty (cancelled, or the other team's), not an error."""
        return self is Variant.CLASSIC

    def has(self, card: Card) -> bool:
        """Whether the card is in this variant's deck."""
        return self is Variant.FISH54 or card.half_suit.index < 8

    def hand_sizes(self, players: int, dealer: int) -> tuple[int, ...]:
        """Cards dealt to each seat, dealt singly starting at the dealer's left."""
        if players not in PLAYER_COUNTS:
            raise NotationError(f"a game has 6 or 8 players, not {players}")
        base, extra = divmod(len(self.cards), players)
        sizes = [base] * players
        for k in range(extra):
            sizes[(dealer + 1 + k) % players] += 1
        return tuple(sizes)
