"""A sentence for people as parts: text, cards, sets. Written once in ``render/``, drawn for the terminal and HTML.

The render layer words a value (a verdict, a hint, a coach's note, a recap)
as :class:`Words`: plain text with the cards and sets kept as values. The
terminal prints ``str(words)`` (cards as their codes, as every terminal view
prints them); a page draws each card with :func:`trainer.render.web.card_html`
through the ``words`` filter. So no page ever searches a sentence for a card:
the card is there as a value.

    >>> from trainer.game.cards import Card, HalfSuit
    >>> said = Words.of("Who holds ", Card.parse("6S"), " of ", HalfSuit.parse("LS"), "?")
    >>> str(said)
    'Who holds 6S of LS?'
    >>> said.cards()
    (Card.parse('6S'),)
    >>> str("Coach: " + said + " (certain)")
    'Coach: Who holds 6S of LS? (certain)'
    >>> str(Words.join(", ", [Words.of("Ann ", Card.parse("2D")), Words.of("Bob ", Card.parse("3D"))]))
    'Ann 2D, Bob 3D'
"""

from __future__ import annotations

from collections.abc import Iterable

from trainer.explain.said import Part, Said
from trainer.game.cards import Card

__all__ = ["Part", "Said", "Words", "cards_words"]

Words = Said
"""Render's sentences are the explainer's :class:`~trainer.explain.said.Said`: one type from the step to the page."""


def cards_words(cards: Iterable[Card]) -> Words:
    """Cards in order, separated by spaces.

    >>> from trainer.game.cards import parse_cards
    >>> str(cards_words(parse_cards("2D 3D")))
    '2D 3D'
    """
    return Words.join(" ", cards)
