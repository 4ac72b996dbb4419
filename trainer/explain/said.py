"""A sentence of the explainer as parts: text, with the cards, sets and moves it names kept as values.

The explainer words its steps (the design lets it) but never flattens a card
into letters: a :class:`Said` is a tuple of parts, each a string, a
:class:`~trainer.game.cards.Card` or a :class:`~trainer.game.cards.HalfSuit`.
``render`` turns it into its own :class:`~trainer.render.words.Words`, a pack
stores it as JSON (:meth:`Said.to_json`), and nothing ever searches the
letters of a sentence for a card. A move of the history a sentence names is a
:class:`Move`, so the moves a step cites are read from its parts
(:meth:`Said.moves`), never from its letters.

    >>> from trainer.game.cards import Card, HalfSuit
    >>> said = Said.of("Cat asked for ", Card.parse("3D"), ", a card of ", HalfSuit.parse("LD"), ".")
    >>> str(said), said.cards(), said.half_suits()
    ('Cat asked for 3D, a card of LD.', (Card.parse('3D'),), (HalfSuit.parse('LD'),))
    >>> said.to_json()
    ['Cat asked for ', {'card': '3D'}, ', a card of ', {'set': 'LD'}, '.']
    >>> Said.from_json(said.to_json()) == said
    True
    >>> told = Said.of("Bob said no on move ", Move(4), " and ", Move(9), ".")
    >>> str(told), told.moves(), told.to_json()[1]
    ('Bob said no on move 4 and 9.', (4, 9), {'move': 4})
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from trainer.game.cards import Card, HalfSuit
from trainer.game.errors import NotationError


@dataclass(frozen=True, order=True)
class Move:
    """A move of the history named in a sentence, by its number (from 1): printed as the number.

    >>> str(Move(41)), Move(4) < Move(41)
    ('41', True)
    """

    number: int

    def __str__(self) -> str:
        return str(self.number)


Part = str | Card | HalfSuit | Move
"""One part of a sentence: text, a card, a set, or a move's number."""


@dataclass(frozen=True)
class Said:
    """A sentence as parts; ``str`` gives the plain text (cards as their codes), ``+`` joins."""

    parts: tuple[Part, ...] = ()

    @classmethod
    def of(cls, *parts: Part | Said) -> Said:
        """A sentence from parts and other sentences (empty text dropped, neighbouring text merged).

        >>> Said.of("a", "", "b", Said.of("c")).parts
        ('abc',)
        """
        flat: list[Part] = []
        for part in parts:
            for piece in part.parts if isinstance(part, Said) else (part,):
                if isinstance(piece, str):
                    if not piece:
                        continue
                    if flat and isinstance(flat[-1], str):
                        flat[-1] += piece
                        continue
                flat.append(piece)
        return cls(tuple(flat))

    @classmethod
    def join(cls, separator: str, items: Iterable[Part | Said]) -> Said:
        """The items with ``separator`` between them.

        >>> str(Said.join("; ", ["a", Said.of("b")]))
        'a; b'
        """
        parts: list[Part | Said] = []
        for index, item in enumerate(items):
            if index:
                parts.append(separator)
            parts.append(item)
        return cls.of(*parts)

    def cards(self) -> tuple[Card, ...]:
        """The cards the sentence names, in order."""
        return tuple(p for p in self.parts if isinstance(p, Card))

    def half_suits(self) -> tuple[HalfSuit, ...]:
        """The sets the sentence names, in order."""
        return tuple(p for p in self.parts if isinstance(p, HalfSuit))

    def moves(self) -> tuple[int, ...]:
        """The numbers of the moves the sentence names, in order."""
        return tuple(p.number for p in self.parts if isinstance(p, Move))

    def map_text(self, change: Callable[[str], str]) -> Said:
        """The sentence with ``change`` applied to each text part (cards and sets kept).

        >>> str(Said.of("a ", Card.parse("2D"), " b").map_text(str.upper))
        'A 2D B'
        """
        return Said.of(*(change(p) if isinstance(p, str) else p for p in self.parts))

    def without_stop(self) -> Said:
        """The sentence without its closing full stop.

        >>> str(Said.of("Bob holds ", Card.parse("2D"), ".").without_stop())
        'Bob holds 2D'
        """
        if self.parts and isinstance(self.parts[-1], str) and self.parts[-1].endswith("."):
            return Said.of(*self.parts[:-1], self.parts[-1][:-1])
        return self

    def to_json(self) -> list[str | dict[str, str | int]]:
        """The parts as JSON: strings, ``{"card": "4S"}``, ``{"set": "LS"}`` and ``{"move": 41}``."""
        return [_part_json(p) for p in self.parts]

    @classmethod
    def from_json(cls, data: object) -> Said:
        """Read :meth:`to_json`'s list (a bare string is one text part: no card is looked for in it).

        >>> Said.from_json("Cat holds 6D.").parts
        ('Cat holds 6D.',)
        >>> Said.from_json([{"card": "XX"}])
        Traceback (most recent call last):
        ...
        trainer.game.errors.NotationError: a sentence part names no card, set or move: {'card': 'XX'}
        """
        if isinstance(data, str):
            return cls.of(data)
        if not isinstance(data, list):
            raise NotationError("a sentence must be a string or a list of parts")
        parts: list[Part] = []
        for item in data:
            if isinstance(item, str):
                parts.append(item)
                continue
            try:
                if isinstance(item, dict) and set(item) == {"card"} and isinstance(item["card"], str):
                    parts.append(Card.parse(item["card"]))
                    continue
                if isinstance(item, dict) and set(item) == {"set"} and isinstance(item["set"], str):
                    parts.append(HalfSuit.parse(item["set"]))
                    continue
                if isinstance(item, dict) and set(item) == {"move"} and type(item["move"]) is int \
                        and item["move"] > 0:
                    parts.append(Move(item["move"]))
                    continue
            except NotationError:
                pass
            raise NotationError(f"a sentence part names no card, set or move: {item!r}")
        return cls.of(*parts)

    def symbols(self) -> str:
        """The plain text as a person reads it: cards with their suit symbols (``str`` gives their codes).

        >>> Said.of("Cat holds ", Card.parse("10D"), ".").symbols()
        'Cat holds 10♦.'
        """
        return "".join(p if isinstance(p, str) else p.symbol if isinstance(p, Card) else str(p) if isinstance(p, Move)
                       else p.code for p in self.parts)

    def __str__(self) -> str:
        return "".join(p if isinstance(p, str) else str(p) if isinstance(p, Move) else p.code for p in self.parts)

    def __add__(self, other: Part | Said) -> Said:
        return Said.of(self, other)

    def __radd__(self, other: Part | Said) -> Said:
        return Said.of(other, self)

    def __bool__(self) -> bool:
        return bool(self.parts)


def _part_json(part: Part) -> str | dict[str, str | int]:
    if isinstance(part, str):
        return part
    if isinstance(part, Move):
        return {"move": part.number}
    return {"card": part.code} if isinstance(part, Card) else {"set": part.code}


def moves_said(numbers: Iterable[int | Move]) -> Said:
    """Move numbers as a sentence names them: ``move 4``, ``moves 4, 9``, each number a :class:`Move`.

    >>> said = moves_said([4, 9])
    >>> str(said), said.moves()
    ('moves 4, 9', (4, 9))
    """
    listed = [n if isinstance(n, Move) else Move(n) for n in numbers]
    return Said.of("move " if len(listed) == 1 else "moves ", Said.join(", ", listed))


def cards_said(cards: Iterable[Card]) -> Said:
    """Cards in canonical order, separated by spaces (what :func:`~trainer.game.cards.format_cards` prints).

    >>> cards_said([Card.parse("KH"), Card.parse("2D")]).parts
    (Card.parse('KH'), ' ', Card.parse('2D'))
    """
    return Said.join(" ", sorted(cards))


def names(players: Iterable[str]) -> str:
    """Players (or anything named) in a list a person would say (each name once).

    >>> names(["Bob"]), names(["Bob", "Dan"]), names(["Bob", "Cat", "Dan", "Bob"])
    ('Bob', 'Bob and Dan', 'Bob, Cat and Dan')
    """
    listed = list(dict.fromkeys(players))
    return ", ".join(listed[:-1]) + f" and {listed[-1]}" if len(listed) > 1 else listed[0]


def agree(players: Iterable[str], one: str, many: str) -> str:
    """The players and the verb that agrees with them: ``Dan holds``, ``Bob and Dan hold``.

    >>> agree(["Dan"], "holds", "hold"), agree(["Bob", "Dan"], "holds", "hold"), agree(["Ann", "Ann"], "does", "do")
    ('Dan holds', 'Bob and Dan hold', 'Ann does')
    """
    listed = list(dict.fromkeys(players))
    return f"{names(listed)} {one if len(listed) == 1 else many}"
