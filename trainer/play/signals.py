"""The ``expert`` and ``hard`` bots' signal: partners ask only for a card next to one they hold, and read each
other so.

Every ask tells the whole table that the asker holds another card of the set.
Expert partners agree on a little more. A set's six cards form a ring in their
order (``2 3 4 5 6 7``: 7's neighbours are 6 and 2; the ``8J`` set's order is
``8S 8H 8D 8C RJ BJ``), and an ``expert`` (or ``hard``) bot whose partners are
bots of its level asks only for a card with one of its two neighbours in its
hand. So each ask also
tells its partners "I hold the card below this one, or the card above it": a
"holds one of" fact about two cards instead of five, which their exact view
(:func:`knowledge`) counts like any other fact. There is always such an ask:
a seat that holds some but not all of a set holds a card next to one it lacks.

The convention is no secret (``docs/bots.md`` says it, and a player may read
it too): the expert (and ``hard``) reads the other team's asks so too when
that team keeps it, and the expert in a person's seat (``auto``, the coach)
reads every seat that keeps it. ``benchmarks/bots.py`` measured it: it is
what makes today's expert beat the expert before it.

    >>> from trainer.game.cards import Card
    >>> [str(c) for c in neighbours(Card.parse("7D"))]
    ['6D', '2D']
    >>> signals(frozenset({Card.parse("2D")}), Card.parse("7D"))
    True
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from contextlib import suppress

from trainer.engine import Knowledge, solve
from trainer.engine.constraints import History
from trainer.engine.solve import knowing
from trainer.game.cards import Card
from trainer.game.errors import ImpossibleHistoryError
from trainer.game.events import Ask
from trainer.play.view import View


def neighbours(card: Card) -> tuple[Card, Card]:
    """The cards just below and just above ``card`` in its set (a ring: the lowest's below is the highest)."""
    cards = card.half_suit.cards
    at = cards.index(card)
    return cards[at - 1], cards[(at + 1) % len(cards)]


def signals(hand: Collection[Card], card: Card) -> bool:
    """Whether an ask for ``card`` keeps the signal for a seat holding ``hand``: a neighbour is in it."""
    return any(c in hand for c in neighbours(card))


def signalling(hand: Collection[Card], asks: Iterable[tuple[str, Card]]) -> list[tuple[str, Card]]:
    """The ``(target, card)`` asks of ``asks`` that keep the signal."""
    return [(target, card) for target, card in asks if signals(hand, card)]


def knowledge(view: View, partners: Collection[str]) -> Knowledge:
    """The seat's exact knowledge, each ask of a player in ``partners`` (the seats it reads: teammates, and
    opponents that keep the signal) read as a signal too.

    A fact no deal can meet (a player who did not keep the signal) is left out, and if the facts together
    leave no deal, the plain exact view is returned: a signal never makes the bot believe something false
    about a position it can see.
    """
    if not partners:
        return solve(view.setup, view.events, view.seat)
    try:
        history = History.replay(view.setup, (), view.seat)
        for index, event in enumerate(view.events, start=1):
            history.observe(event, index)  # (a true event refused here can only be a false signal's doing)
            if isinstance(event, Ask) and event.asker in partners:
                with suppress(ImpossibleHistoryError):
                    history.held_one_of(event.asker, neighbours(event.card), index, event.card)
        return knowing(history)
    except ImpossibleHistoryError:
        return solve(view.setup, view.events, view.seat)
