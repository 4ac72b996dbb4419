"""The table's facts in words: why a card is seen, why a player cannot hold it, why an asker's card was not it.

The engine reads them as data (:mod:`trainer.engine.facts`); the explanations
say them with these clauses (cards kept as values), which
:mod:`trainer.explain.wording` then gathers.

    >>> from trainer.engine.facts import Board
    >>> from trainer.game.cards import Card
    >>> from trainer.game.notation import read_game
    >>> board = Board.build(*(lambda g: (g.setup, g.events))(read_game(EXAMPLES / "six-diamonds.lit")), "Ann")
    >>> str(said(elsewhere(board.one_of[0].ruled_out[0])))
    'you hold 2D 4D 5D 7D'
    >>> str(said(given(board.lacks[Card.parse("6D")]["Ann"])))
    '6D is not in your hand'
"""

from __future__ import annotations

from trainer.engine.facts import Elsewhere, Given, Sighting
from trainer.explain.said import Move, Said, cards_said
from trainer.explain.wording import Clause, Reason, said
from trainer.game.cards import Card, HalfSuit


def _move(event: int | None) -> Move | str:
    return Move(event) if event else "?"


def given(fact: Given) -> Clause:
    """Why a player cannot hold a card, straight from the table.

    >>> from trainer.engine.facts import Given
    >>> given(Given("said no", Card.parse("3C"), "Bob", 44))
    Reason(kind='no', player='Bob', card=Card.parse('3C'), note=Move(number=44))
    """
    if fact.how == "asked":
        return Reason("asked", fact.player, fact.card, _move(fact.event))
    if fact.how == "said no":
        return Reason("no", fact.player, fact.card, _move(fact.event))
    if fact.how == "no cards":
        return Said.of(f"{fact.player} has no cards left")
    return Reason("hand", "hand", fact.card)


def sighting(card: Card, seen: Sighting, viewer: str | None) -> Said:
    """Where a seen card is (or was, when claimed), and how that is known.

    >>> from trainer.engine.facts import Sighting
    >>> str(sighting(Card.parse("2S"), Sighting("A", "hit", 1, "B"), None))
    'A took 2S from B on move 1'
    >>> str(sighting(Card.parse("2S"), Sighting("A", "hit", 1, "B"), "B"))
    'A took 2S from you on move 1'
    """
    if seen.how == "claim":
        return Said.of(f"{seen.player} held ", card, f": {seen.source}'s claim on move ", _move(seen.event),
                       " showed it")
    if seen.how == "hit":
        who = "you" if seen.player == viewer else seen.player
        source = "you" if seen.source == viewer else seen.source
        return Said.of(f"{who} took ", card, f" from {source} on move ", _move(seen.event))
    return Said.of(card, " is in your hand")


def elsewhere(reason: Elsewhere) -> Clause:
    """Why other cards of an ask's set were not the asker's card then (the viewer's own are all ``yours``:
    :class:`~trainer.engine.facts.Elsewhere`)."""
    if reason.how == "yours":
        return Said.of(f"you {'held' if reason.moved else 'hold'} ", cards_said(reason.cards))
    card, holder = reason.cards[0], reason.player
    if reason.how == "still had":
        return Reason("still", holder, card, _move(reason.event))
    if reason.how == "claimed":
        return Said.of(f"{holder} had ", card, " (shown by the claim on move ", _move(reason.event), ")")
    return Reason("with", holder, card, _move(reason.event) if reason.event else "")


def kind_of(half: HalfSuit) -> str:
    """A card of the half-suit, in words: ``low diamond``.

    >>> kind_of(HalfSuit.parse("LD")), kind_of(HalfSuit.parse("8J"))
    ('low diamond', 'card of 8J')
    """
    return half.name[:-1] if half.code != "8J" else "card of 8J"


__all__ = ["elsewhere", "given", "kind_of", "said", "sighting"]
