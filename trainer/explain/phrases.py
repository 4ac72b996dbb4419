"""Phrases every sentence about a position shares: a chance as a percentage, where cards are.

The review's notes (:mod:`trainer.render.notes`), ``solve``'s grid
(:mod:`trainer.render.solve`) and ``play``'s coach (:mod:`trainer.play.seat`)
all say chances and placements these same ways.

    >>> from fractions import Fraction
    >>> from trainer.game.cards import Card
    >>> percent(Fraction(1, 3)), placement([(Card.parse("6D"), "Cat"), (Card.parse("2D"), "Ann")])
    ('33%', 'Ann 2D, Cat 6D')
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from trainer.game.cards import Card


def percent(chance: Fraction | None) -> str:
    """A chance as a short percentage: ``0%`` and ``100%`` only when exact, ``<1%`` and ``>99%`` next to them.

    >>> percent(Fraction(1, 1000)), percent(Fraction(999, 1000)), percent(Fraction(1, 3)), percent(Fraction(1))
    ('<1%', '>99%', '33%', '100%')
    >>> percent(Fraction(0)), percent(None)
    ('0%', '?')
    """
    if chance is None:
        return "?"
    if 0 < chance < Fraction(1, 100):
        return "<1%"
    if Fraction(99, 100) < chance < 1:
        return ">99%"
    return f"{float(chance):.0%}"


def placement(holders: Iterable[tuple[Card, str]]) -> str:
    """Where cards are, grouped by player in card order: ``Ann 2D 3D, Cat 6D``.

    >>> placement({Card.parse("3D"): "Ann", Card.parse("6D"): "Cat", Card.parse("2D"): "Ann"}.items())
    'Ann 2D 3D, Cat 6D'
    """
    by_player: dict[str, list[Card]] = {}
    for card, player in sorted(holders):
        by_player.setdefault(player, []).append(card)
    return ", ".join(f"{p} {' '.join(map(str, cs))}" for p, cs in by_player.items())
