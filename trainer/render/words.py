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
from dataclasses import dataclass

from trainer.game.cards import Card, HalfSuit

Part = str | Card | HalfSuit
"""One part of a sentence: text, a card, or a set."""


@dataclass(frozen=True)
class Words:
    """A sentence as parts; ``str`` gives the plain text, ``+`` joins sentences and text."""

    parts: tuple[Part, ...] = ()

    @classmethod
    def of(cls, *parts: Part | Words) -> Words:
        """A sentence from parts and other sentences (empty text is dropped, neighbouring text is merged).

        >>> Words.of("a", "", "b", Words.of("c")).parts
        ('abc',)
        """
        flat: list[Part] = []
        for part in parts:
            for piece in part.parts if isinstance(part, Words) else (part,):
                if isinstance(piece, str):
                    if not piece:
                        continue
                    if flat and isinstance(flat[-1], str):
                        flat[-1] += piece
                        continue
                flat.append(piece)
        return cls(tuple(flat))

    @classmethod
    def join(cls, separator: str, items: Iterable[Part | Words]) -> Words:
        """The items with ``separator`` between them."""
        parts: list[Part | Words] = []
        for index, item in enumerate(items):
            if index:
                parts.append(separator)
            parts.append(item)
        return cls.of(*parts)

    def cards(self) -> tuple[Card, ...]:
        """The cards the sentence names, in order."""
        return tuple(p for p in self.parts if isinstance(p, Card))

    def __str__(self) -> str:
        return "".join(p if isinstance(p, str) else p.code for p in self.parts)

    def __add__(self, other: Part | Words) -> Words:
        return Words.of(self, other)

    def __radd__(self, other: Part | Words) -> Words:
        return Words.of(other, self)

    def __bool__(self) -> bool:
        return bool(self.parts)


def cards_words(cards: Iterable[Card]) -> Words:
    """Cards in order, separated by spaces.

    >>> from trainer.game.cards import parse_cards
    >>> str(cards_words(parse_cards("2D 3D")))
    '2D 3D'
    """
    return Words.join(" ", cards)
