"""The trainer's holders syntax: ``Player CARD CARD..., Player CARD...`` read into card -> player.

Answers to puzzles (:mod:`puzzles.marking`) and claims typed at a table
(``literature play``) use the same words. Reading is lenient about case,
unicode suits, ``T``/``10``, and commas, semicolons or colons between groups;
it is strict about meaning, with one :class:`AnswerError` subclass per
mistake::

    >>> from trainer.game.cards import HalfSuit
    >>> read_holders("Ann 2D", ["Ann", "Bob"], HalfSuit.parse("LD").cards, "'Ann 2D'", "LD")
    Traceback (most recent call last):
    ...
    trainer.game.holders.MissingCardsError: name a holder for 3D 4D 5D 6D 7D too
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from trainer.game.cards import Card
from trainer.game.errors import LiteratureError, NotationError

SPLIT = re.compile(r"[\s,;:]+")  # between words and groups of an answer
_CARDISH = re.compile(r"^(10|[0-9TJQKARB])[0-9]?[A-Z♠♥♦♣]?$", re.IGNORECASE)


class AnswerError(LiteratureError):
    """An answer that cannot be graded; the message says what to fix."""


class EmptyAnswerError(AnswerError):
    """Nothing was named."""


class UnknownCardError(AnswerError):
    """A word that looks like a card but is not one."""


class UnknownPlayerError(AnswerError):
    """A name that is not a player at the table."""


class NoPlayerError(AnswerError):
    """Cards named before any player."""


class OutsideQuestionError(AnswerError):
    """A card the question does not ask about."""


class DuplicateCardError(AnswerError):
    """A card named twice."""


class MissingCardsError(AnswerError):
    """Some asked cards were given no holder."""


class OpponentNamedError(AnswerError):
    """A claim that names an opponent: a claim may only name the claimer's team."""


def read_holders(
    text: str,
    players: Sequence[str],
    scope: Sequence[Card],
    example: str,
    scope_words: str,
    *,
    complete: bool = True,
    team: Sequence[str] | None = None,
) -> dict[Card, str]:
    """Read ``Player CARD CARD..., Player CARD...`` into card -> player (the trainer's answer syntax).

    Every card must be in ``scope`` (``scope_words`` says what that is); with
    ``complete`` every card of ``scope`` must be named; with ``team`` only its
    players may be. ``example`` shows a well-formed answer in the messages.
    ``literature play`` reads claims with it too.

    >>> from trainer.game.cards import HalfSuit
    >>> cards = HalfSuit.parse("LD").cards
    >>> read_holders("ann 2d 3d; cat 4D 5D 6D 7D", ["Ann", "Bob", "Cat"], cards, "'Ann 2D'", "LD",
    ...              team=["Ann", "Cat"])[Card.parse("6D")]
    'Cat'
    """
    by_name = {p.lower(): p for p in players}
    answer: dict[Card, str] = {}
    current: str | None = None
    tokens = [t for t in SPLIT.split(text.strip()) if t]
    if not tokens:
        raise EmptyAnswerError("type an answer such as " + example)
    for token in tokens:
        name = by_name.get(token.lower())
        if name is not None:
            current = name
            continue
        try:
            card = Card.parse(token)
        except NotationError:
            if _CARDISH.match(token):
                raise UnknownCardError(f"{token!r} is not a card (cards look like 6D, 10S, QH)") from None
            raise UnknownPlayerError(f"{token!r} is not at the table (players: {' '.join(players)})") from None
        if current is None:
            raise NoPlayerError(f"name the player before the cards, as in {example}")
        if card not in scope:
            raise OutsideQuestionError(f"{card} is not part of the question ({scope_words})")
        if card in answer:
            raise DuplicateCardError(f"{card} is named twice")
        answer[card] = current
    if current is not None and not answer:
        raise EmptyAnswerError(f"name the cards {current} holds, as in {example}")
    if complete:
        missing = [c for c in scope if c not in answer]
        if missing:
            raise MissingCardsError(f"name a holder for {' '.join(str(c) for c in missing)} too")
    if team is not None:
        for card, player in answer.items():
            if player not in team:
                raise OpponentNamedError(
                    f"{player} is an opponent: a claim names only your team ({' '.join(team)}), not {card}'s holder"
                )
    return answer
