"""Cards, suits and half-suits, with a parse/print round trip.

A card is printed as rank then suit (``10S``, ``6D``) and jokers as ``RJ`` and
``BJ``. Parsing is lenient about case, unicode suits and ``T`` for ten::

    >>> Card.parse("T♠")
    Card.parse('10S')
    >>> str(Card.parse("6d")), Card.parse("rj").half_suit
    ('6D', HalfSuit.parse('8J'))
    >>> HalfSuit.parse("low diamonds").cards[:3]
    (Card.parse('2D'), Card.parse('3D'), Card.parse('4D'))

Each card and half-suit exists once (``Card.parse("6D") is Card.parse("6d")``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import ClassVar

from trainer.game.errors import NotationError

SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
LOW_RANKS = RANKS[:6]
HIGH_RANKS = RANKS[7:]
JOKERS = ("RJ", "BJ")


class Card:
    """One playing card; compare, hash and sort it like a value."""

    __slots__ = ("code", "index", "rank", "suit")
    _all: ClassVar[dict[str, Card]] = {}

    code: str
    rank: str
    suit: str | None
    index: int

    def __init__(self) -> None:  # pragma: no cover - use Card.parse
        raise TypeError("use Card.parse()")

    @classmethod
    def _make(cls, rank: str, suit: str | None, index: int) -> Card:
        card = object.__new__(cls)
        code = rank + (suit or "")
        object.__setattr__(card, "code", code)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", index)
        cls._all[code] = card
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card such as ``10S``, ``T♠``, ``6d`` or ``RJ``.

        >>> Card.parse("qh").code
        'QH'
        >>> Card.parse("1S")
        Traceback (most recent call last):
        ...
        trainer.game.errors.NotationError: unknown card '1S'
        """
        raw = text.strip()
        key = raw.upper()
        if key in cls._all:
            return cls._all[key]
        if key and key[-1] in _SYMBOL_TO_SUIT:
            key = key[:-1] + _SYMBOL_TO_SUIT[key[-1]]
        if key.startswith("T"):
            key = "10" + key[1:]
        card = cls._all.get(key)
        if card is None:
            raise NotationError(f"unknown card {raw!r}")
        return card

    @property
    def half_suit(self) -> HalfSuit:
        """The half-suit (set) this card belongs to."""
        return _HALF_SUIT_OF[self]

    @property
    def symbol(self) -> str:
        """The card with a unicode suit, for display: ``10♠``."""
        return self.rank + SUIT_SYMBOLS[self.suit] if self.suit else self.code

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (self.code,))

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"


class HalfSuit:
    """One of the nine sets of six cards: ``LS HS LH HH LD HD LC HC 8J``."""

    __slots__ = ("cards", "code", "index", "name")
    _all: ClassVar[dict[str, HalfSuit]] = {}

    code: str
    name: str
    cards: tuple[Card, ...]
    index: int

    def __init__(self) -> None:  # pragma: no cover - use HalfSuit.parse
        raise TypeError("use HalfSuit.parse()")

    @classmethod
    def _make(cls, code: str, name: str, cards: tuple[Card, ...], index: int) -> HalfSuit:
        half = object.__new__(cls)
        for attr, value in (("code", code), ("name", name), ("cards", cards), ("index", index)):
            object.__setattr__(half, attr, value)
        cls._all[code] = half
        return half

    @classmethod
    def parse(cls, text: str) -> HalfSuit:
        """Read a half-suit: a code (``LD``, ``8j``) or a long name (``low diamonds``).

        >>> HalfSuit.parse("High Spades").code
        'HS'
        >>> HalfSuit.parse("eights").code
        '8J'
        """
        raw = text.strip()
        key = " ".join(raw.lower().split())
        for half in cls._all.values():
            if key in (half.code.lower(), half.name, half.name.rstrip("s")):
                return half
        if key in ("eights", "eights and jokers", "8s", "8s and jokers", "jokers"):
            return cls._all["8J"]
        raise NotationError(f"unknown set {raw!r}")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("HalfSuit is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (HalfSuit.parse, (self.code,))

    def __lt__(self, other: HalfSuit) -> bool:
        return self.index < other.index

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"HalfSuit.parse({self.code!r})"


def _build() -> tuple[tuple[Card, ...], tuple[HalfSuit, ...], dict[Card, HalfSuit]]:
    cards: list[Card] = []
    halves: list[HalfSuit] = []
    owner: dict[Card, HalfSuit] = {}
    groups: list[tuple[str, str, list[tuple[str, str | None]]]] = []
    for suit in SUITS:
        name = SUIT_NAMES[suit]
        groups.append((f"L{suit}", f"low {name}", [(r, suit) for r in LOW_RANKS]))
        groups.append((f"H{suit}", f"high {name}", [(r, suit) for r in HIGH_RANKS]))
    groups.append(("8J", "eights and jokers", [("8", s) for s in SUITS] + [("RJ", None), ("BJ", None)]))
    for index, (code, name, members) in enumerate(groups):
        made = tuple(Card._make(rank, suit, len(cards) + i) for i, (rank, suit) in enumerate(members))
        cards.extend(made)
        half = HalfSuit._make(code, name, made, index)
        halves.append(half)
        owner.update(dict.fromkeys(made, half))
    return tuple(cards), tuple(halves), owner


ALL_CARDS, ALL_HALF_SUITS, _HALF_SUIT_OF = _build()

_CARD_LIST = re.compile(r"[\s,;]+")


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces, commas or semicolons.

    >>> [str(c) for c in parse_cards("2D, 3d T♠")]
    ['2D', '3D', '10S']
    """
    return [Card.parse(token) for token in _CARD_LIST.split(text.strip()) if token]


def format_cards(cards: Iterable[Card]) -> str:
    """Print cards in canonical order, separated by spaces.

    >>> format_cards({Card.parse("KH"), Card.parse("2D")})
    'KH 2D'
    """
    return " ".join(str(c) for c in sorted(cards))
