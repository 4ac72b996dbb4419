"""What each event proves about the deal: the one reading of the history's rules.

Every movement of a card is public, so the only unknown is the deal. An event,
read against the cards that had moved before it (and where they went), proves:

* an **ask** of a card that had not moved: the asker was not dealt it; a hit,
  that the target was dealt it; a miss, that the target was not;
* an **ask** also proves the asker held another card of the set: unless a card
  of the set that had moved to the asker explains it, the asker was dealt one
  of the set's other cards that had not moved;
* a **claim** shows every card of the set: each one that had not moved was
  dealt to the player the claim puts it with.

:func:`prove` gives this as data, no sentence. Both readers of the history
build on it: :class:`~trainer.engine.constraints.History` (the constraints the
counting passes solve) and :class:`~trainer.engine.facts.Board` (the facts the
explanations reason with). A change to the rules is made here, once.

    >>> from trainer.game.cards import Card
    >>> from trainer.game.events import Ask
    >>> proof = prove(Ask("Cat", "Bob", Card.parse("3D"), False), {Card.parse("2D"): "Ann"})
    >>> [(str(c), p) for c, p in proof.not_dealt]  # a miss: neither Bob nor Cat was dealt 3D
    [('3D', 'Bob'), ('3D', 'Cat')]
    >>> [str(c) for c in proof.held_one_of or ()]  # Cat held one of them (2D, with Ann, is not Cat's)
    ['4D', '5D', '6D', '7D']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import NamedTuple

from trainer.game.cards import Card
from trainer.game.events import Ask, Claim, Event

Placed = tuple[tuple[Card, str], ...]
"""Cards and players: ``(card, player)`` pairs."""


class Proof(NamedTuple):
    """What one event proves about the deal.

    ``dealt``: each card was dealt to its player. ``not_dealt``: each card was not
    dealt to its player (for an ask, the target first when they missed, then the
    asker). ``held_one_of``: for an ask not explained by a card that had moved to
    the asker, the set's other cards that had not moved, the asker dealt at least
    one of them (empty: the ask was impossible); ``None`` otherwise.

    A named tuple, quick to make: :func:`trainer.engine.solve.solve` replays the whole history each
    time, a proof an event.
    """

    dealt: Placed = ()
    not_dealt: Placed = ()
    held_one_of: tuple[Card, ...] | None = None


def prove(event: Event, moved: Mapping[Card, str]) -> Proof:
    """What ``event`` proves, ``moved`` giving where each card that had moved (in a hit) was then.

    >>> from trainer.game.cards import Card
    >>> from trainer.game.events import Ask
    >>> prove(Ask("Cat", "Bob", Card.parse("3D"), True), {Card.parse("2D"): "Cat"})  # 2D explains it
    Proof(dealt=((Card.parse('3D'), 'Bob'),), not_dealt=((Card.parse('3D'), 'Cat'),), held_one_of=None)
    """
    if isinstance(event, Ask):
        card, asker, target = event.card, event.asker, event.target
        dealt: Placed
        not_dealt: Placed
        if card in moved:
            dealt = not_dealt = ()
        elif event.hit:
            dealt, not_dealt = ((card, target),), ((card, asker),)
        else:
            dealt, not_dealt = (), ((card, target), (card, asker))
        unmoved: list[Card] = []
        for other in card.half_suit.cards:
            if other is card:
                continue
            holder = moved.get(other)
            if holder is None:
                unmoved.append(other)
            elif holder == asker:
                return Proof(dealt, not_dealt)  # a card that moved to the asker explains the ask
        return Proof(dealt, not_dealt, tuple(unmoved))
    if isinstance(event, Claim):
        return Proof(dealt=tuple((c, p) for c, p in event.holders().items() if c not in moved))
    return NOTHING


NOTHING = Proof()
"""What a pass proves."""


def read(events: Sequence[Event]) -> Iterator[tuple[int, Event, Proof]]:
    """Each event (numbered from 1) with what it proves, the moved cards followed as the position does
    (a hit moves the card to the asker, a claim takes its cards out), the rules of play not checked.

    >>> from trainer.game.cards import Card
    >>> from trainer.game.events import Ask
    >>> asks = [Ask("Cat", "Bob", Card.parse("3D"), True), Ask("Cat", "Dan", Card.parse("2D"), False)]
    >>> [(n, p.held_one_of) for n, _, p in read(asks)][1]  # Cat's 3D, moved to Cat, explains the second ask
    (2, None)
    """
    moved: dict[Card, str] = {}
    for number, event in enumerate(events, start=1):
        yield number, event, prove(event, moved)
        if isinstance(event, Ask) and event.hit:
            moved[event.card] = event.asker
        elif isinstance(event, Claim):
            for card in event.holders():
                moved.pop(card, None)
