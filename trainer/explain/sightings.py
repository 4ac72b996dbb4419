"""The table's facts in words: why a card is seen, why a player cannot hold it, why an asker's card was not it.

The engine reads them as data (:mod:`trainer.engine.facts`); the explanations
say them with these sentences, which :mod:`trainer.explain.wording` then
gathers.

    >>> from trainer.engine.facts import Board
    >>> from trainer.game.cards import Card
    >>> from trainer.game.notation import read_game
    >>> board = Board.build(*(lambda g: (g.setup, g.events))(read_game(EXAMPLES / "six-diamonds.lit")), "Ann")
    >>> elsewhere(board.one_of[0].ruled_out[0])
    'you hold 2D 4D 5D 7D'
    >>> given(board.lacks[Card.parse("6D")]["Ann"])
    '6D is not in your hand'
"""

from __future__ import annotations

from trainer.engine.facts import Elsewhere, Given, Sighting
from trainer.game.cards import Card, HalfSuit, format_cards


def given(fact: Given) -> str:
    """Why a player cannot hold a card, straight from the table.

    >>> from trainer.engine.facts import Given
    >>> given(Given("said no", Card.parse("3C"), "Bob", 44))
    'Bob said no to 3C on move 44'
    """
    if fact.how == "asked":
        return f"{fact.player} asked for {fact.card} on move {fact.event}, so did not hold it"
    if fact.how == "said no":
        return f"{fact.player} said no to {fact.card} on move {fact.event}"
    if fact.how == "no cards":
        return f"{fact.player} has no cards left"
    return f"{fact.card} is not in your hand"


def sighting(card: Card, seen: Sighting, viewer: str | None) -> str:
    """Where a seen card is (or was, when claimed), and how that is known.

    >>> from trainer.engine.facts import Sighting
    >>> sighting(Card.parse("2S"), Sighting("A", "hit", 1, "B"), None)
    'A took 2S from B on move 1'
    """
    if seen.how == "claim":
        return f"{seen.player} held {card}: {seen.source}'s claim on move {seen.event} showed it"
    if seen.how == "hit":
        who = "you" if seen.player == viewer else seen.player
        return f"{who} took {card} from {seen.source} on move {seen.event}"
    return f"{card} is in your hand"


def elsewhere(reason: Elsewhere) -> str:
    """Why other cards of an ask's set were not the asker's card then."""
    if reason.how == "yours":
        return f"you {'held' if reason.moved else 'hold'} {format_cards(reason.cards)}"
    card, holder = reason.cards[0], reason.player
    if reason.how == "still had":
        return f"{holder} still had {card} then (gave it up on move {reason.event})"
    if reason.how == "claimed":
        return f"{holder} had {card} (shown by the claim on move {reason.event})"
    return f"{card} was with {holder} then"


def kind_of(half: HalfSuit) -> str:
    """A card of the half-suit, in words: ``low diamond``.

    >>> kind_of(HalfSuit.parse("LD")), kind_of(HalfSuit.parse("8J"))
    ('low diamond', 'card of 8J')
    """
    return half.name[:-1] if half.code != "8J" else "card of 8J"
