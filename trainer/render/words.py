"""A sentence for people as parts: text, cards, sets. Written once in ``render/``, drawn for the terminal and HTML.

The render layer words a value (a verdict, a hint, a coach's note, a recap)
as :class:`Words`: plain text with the cards and sets kept as values. The
terminal prints :func:`shown` (cards with their suit symbols, as every view
draws them); a page draws each card with :func:`trainer.render.web.card_html`
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

import re
import shutil
import sys
import textwrap
from collections.abc import Iterable, Sequence

from trainer.explain.said import Part, Said
from trainer.game.cards import Card

__all__ = ["Part", "Said", "Words", "cards_words", "fit", "print_plain", "shown"]

Words = Said
"""Render's sentences are the explainer's :class:`~trainer.explain.said.Said`: one type from the step to the page."""


def cards_words(cards: Iterable[Card]) -> Words:
    """Cards in order, separated by spaces.

    >>> from trainer.game.cards import parse_cards
    >>> str(cards_words(parse_cards("2D 3D")))
    '2D 3D'
    """
    return Words.join(" ", cards)


def shown(words: Words | str) -> str:
    """A sentence as a person reads it on any face: each card with its suit symbol (``A♣``, ``10♦``), as the
    history, the hands and the pages draw cards. ``str(words)`` keeps the notation's codes (what is typed, and
    what a file or a test compares).

    >>> from trainer.game.cards import Card, HalfSuit
    >>> shown(Words.of("Who holds ", Card.parse("AC"), " of ", HalfSuit.parse("HC"), "?"))
    'Who holds A♣ of HC?'
    """
    return words if isinstance(words, str) else words.symbols()


def fit(line: str, width: int) -> list[str]:
    """``line`` wrapped at spaces to ``width`` columns, never inside a word (a path) nor a quoted command.

    >>> fit("Saved: g.lit ('literature play --resume' goes on with it).", 30)
    ['Saved: g.lit', "('literature play --resume'", 'goes on with it).']
    """
    kept = re.sub(r"'literature [^']*'", lambda m: m.group().replace(" ", "\xa0"), line)
    parts = textwrap.wrap(kept, width, break_long_words=False, break_on_hyphens=False)
    return [part.replace("\xa0", " ") for part in parts] or [""]


def print_plain(lines: Sequence[str]) -> None:
    """Print plain lines (a script's output): on a terminal wrapped at spaces to its width (:func:`fit`), else
    each line whole."""
    width = shutil.get_terminal_size().columns if sys.stdout.isatty() else 0
    for line in lines:
        for part in fit(line, width) if width else [line]:
            print(part)
