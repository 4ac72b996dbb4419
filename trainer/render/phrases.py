"""The game's small phrases as :class:`~trainer.render.words.Words`: a move, where cards are, a chance.

Each keeps its cards as values, and its ``str`` is the notation's own text, so the
terminal prints what it always printed and a page draws the cards:

    >>> from trainer.game.cards import Card
    >>> from trainer.game.events import Ask
    >>> said = event_words(Ask("Cat", "Bob", Card.parse("3D"), False))
    >>> str(said), said.cards()
    ('Cat asks Bob for 3D: no', (Card.parse('3D'),))
    >>> str(placement_words({Card.parse("6D"): "Cat", Card.parse("2D"): "Ann", Card.parse("3D"): "Ann"}.items()))
    'Ann 2D 3D, Cat 6D'
"""

from __future__ import annotations

from collections.abc import Iterable

from trainer.game.cards import Card
from trainer.game.events import Ask, Claim, Event
from trainer.render.words import Words, cards_words


def placement_words(holders: Iterable[tuple[Card, str]]) -> Words:
    """Where cards are, grouped by player in card order (as :func:`trainer.explain.phrases.placement` says it)."""
    by_player: dict[str, list[Card]] = {}
    for card, player in sorted(holders):
        by_player.setdefault(player, []).append(card)
    return Words.join(", ", (Words.of(f"{p} ", cards_words(cs)) for p, cs in by_player.items()))


def event_words(event: Event) -> Words:
    """One event in the notation's words (``str(event)``), its cards kept as values.

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game("variant: classic\\nplayers: Ann Bob Cat Dan Eve Fay\\ndealer: Ann\\n"
    ...                   "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D")
    >>> said = event_words(game.events[0])
    >>> str(said) == str(game.events[0]), len(said.cards())
    (True, 6)
    """
    if isinstance(event, Ask):
        return Words.of(f"{event.asker} asks {event.target} for ", event.card, ": yes" if event.hit else ": no")
    if isinstance(event, Claim):
        when = " out of turn" if event.out_of_turn else ""
        said = Words.of(f"{event.claimer} claims ", event.half_suit, f"{when}: ", placement_words(event.declared))
        if event.actual:
            said += Words.of(" (actual: ", placement_words(event.actual), ")")
        return said
    return Words.of(str(event))


def names(players: Iterable[str]) -> str:
    """Players listed with commas and a last ``and``.

    >>> names(["Ann"]), names(["Ann", "Bob", "Cat"])
    ('Ann', 'Ann, Bob and Cat')
    """
    listed = list(players)
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]


