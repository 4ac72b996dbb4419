"""The web pages' HTML: a Jinja2 environment over ``templates/``, with filters that draw cards.

Every page of ``literature serve`` (:mod:`trainer.web`) is one template here,
extending ``base.html`` (its block ``content``); the stylesheet and the little
plain JavaScript the pages use are in ``static/``. Text is escaped unless a
filter marks it safe; cards are drawn as the terminal views draw them, with
their unicode suit, hearts and diamonds red:

    >>> from trainer.game.cards import Card
    >>> str(card_html(Card.parse("10H")))
    '<span class="card red" data-card="10H">10♥</span>'
    >>> render("error.html", status=404, title="Not found", message="No puzzle p-x <here>.", csrf_token="t",
    ...        learner=None, nav="").count("&lt;here&gt;")
    1
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from trainer.game.cards import Card, HalfSuit
from trainer.render.words import Words

TEMPLATES = Path(__file__).parent / "templates"
"""The pages' Jinja2 templates."""
STATIC = Path(__file__).parent / "static"
"""The stylesheets, scripts and icons, served under ``/static``."""
RED_SUITS = frozenset({"H", "D"})


def card_html(card: Card | str) -> Markup:
    """One card as HTML: its rank and suit symbol, red for hearts and diamonds, its code in ``data-card``."""
    if not isinstance(card, Card):
        card = Card.parse(card)
    colour = "red" if card.suit in RED_SUITS else ("joker" if card.suit is None else "black")
    return Markup('<span class="card {}" data-card="{}">{}</span>').format(colour, card.code, card.symbol)


def cards_html(cards: Iterable[Card | str]) -> Markup:
    """Several cards, sorted, separated by spaces.

    >>> from trainer.game.cards import parse_cards
    >>> str(cards_html(parse_cards("2D KS"))).count('class="card')
    2
    """
    parsed = sorted(c if isinstance(c, Card) else Card.parse(c) for c in cards)
    return Markup(" ").join(card_html(c) for c in parsed)


def by_set(cards: Iterable[Card]) -> list[tuple[HalfSuit, list[Card]]]:
    """Cards grouped by set (half-suit), sets in the notation's order, cards sorted within each.

    >>> from trainer.game.cards import parse_cards
    >>> [(h.code, [c.code for c in cs]) for h, cs in by_set(parse_cards("KS 2D 9S 3D"))]
    [('HS', ['9S', 'KS']), ('LD', ['2D', '3D'])]
    """
    groups: dict[HalfSuit, list[Card]] = {}
    for card in sorted(cards):
        groups.setdefault(card.half_suit, []).append(card)
    return sorted(groups.items(), key=lambda item: item[0])


def words_html(words: Words | str) -> Markup:
    """A sentence of :mod:`trainer.render.words` as HTML: text escaped, each card drawn by :func:`card_html`,
    each set by :func:`set_html` (plain text is escaped as it is: no card is looked for in it).

    >>> str(words_html(Words.of("Ann holds ", Card.parse("6D"), " <b>")))
    'Ann holds <span class="card red" data-card="6D">6♦</span> &lt;b&gt;'
    >>> str(words_html("6D"))
    '6D'
    """
    if isinstance(words, str):
        return escape(words)
    out = Markup("")
    for part in words.parts:
        out += card_html(part) if isinstance(part, Card) else set_html(part) if isinstance(part, HalfSuit) else (
            escape(part))
    return out


def set_html(half: HalfSuit | str) -> Markup:
    """A set's code, with its full name as a tooltip: ``<abbr title="low diamonds">LD</abbr>``."""
    if not isinstance(half, HalfSuit):
        half = HalfSuit.parse(half)
    return Markup('<abbr class="set" title="{}">{}</abbr>').format(half.name, half.code)


def signed(number: float) -> str:
    """A change with its sign: ``+12``, ``-3``, ``±0``.

    >>> signed(12.4), signed(-3.0), signed(0.2)
    ('+12', '-3', '±0')
    """
    rounded = round(number)
    return "±0" if rounded == 0 else f"{rounded:+d}"


@functools.cache
def environment() -> Environment:
    """The one Jinja2 environment of the pages (autoescaped; an undefined name is an error, not blank)."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html", "svg", "xml"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters.update(card=card_html, cards=cards_html, by_set=by_set, set=set_html,
                       signed=signed, words=words_html)
    return env


def render(template: str, **context: Any) -> str:
    """The page ``template`` filled with ``context``."""
    return environment().get_template(template).render(**context)


__all__ = ["STATIC", "TEMPLATES", "by_set", "card_html", "cards_html", "environment", "escape",
           "render", "set_html", "words_html"]
