"""A mined puzzle's id: the same for two puzzles exactly when one is the other in disguise.

Two puzzles are the same when one is the other with the players renamed
(seats counted clockwise from the viewer) and the suits permuted.
:func:`canonical_form` writes a puzzle in a form that disguise cannot change
(the least of its forms under every suit order); :func:`canonical_id` hashes it
into the ``id`` a mined puzzle is given, so duplicates are found by id.

    >>> from puzzles.examples import example_claim
    >>> canonical_id(canonical_key(example_claim()))
    'p-f0ee97602653'
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Mapping, Sequence

from puzzles.model import Puzzle, Question
from trainer.game.cards import SUITS, Card, HalfSuit
from trainer.game.events import Ask, Claim, Event, Pass
from trainer.game.state import Setup

_SUIT_ORDERS = tuple(itertools.permutations(SUITS))


def canonical_form(
    setup: Setup, events: Sequence[Event], viewer: str, question: Question, answer: Mapping[Card, str]
) -> str:
    """A text that is the same for two puzzles exactly when one is the other with players renamed
    (seats counted clockwise from the viewer) and suits permuted.

    >>> from trainer.game.notation import parse_game
    >>> one = parse_game("variant: classic\\nplayers: Ann Bob Cat Dan Eve Fay\\nhand Ann: 2D 3D 4D 5D 7D 9S JS KH\\n"
    ...                  "Ann asks Bob for 6D: no")
    >>> two = parse_game("variant: classic\\nplayers: Zoe Ann Yan Xi Wu Vic\\ndealer: Zoe\\n"
    ...                  "hand Zoe: 2H 3H 4H 5H 7H 9C JC KS\\nZoe asks Ann for 6H: no")
    >>> canonical_form(one.setup, one.events, "Ann", Question.locate(["6D"]), {Card.parse("6D"): "Cat"}) == \\
    ...     canonical_form(two.setup, two.events, "Zoe", Question.locate(["6H"]), {Card.parse("6H"): "Yan"})
    True
    """
    hand = sorted(setup.hands.get(viewer, ()))
    # every form starts with the same table, then the hand, whose text has the same length whatever the
    # suit order (only suit letters change): where the hands' texts differ, they decide the least form
    hands = {order: _hand_text(hand, dict(zip(SUITS, order, strict=True))) for order in _SUIT_ORDERS}
    least = min(hands.values())
    return min(_form(setup, events, viewer, question, answer, order) for order in _SUIT_ORDERS
               if hands[order] == least)


def _hand_text(hand: Sequence[Card], swap: Mapping[str, str]) -> str:
    return " ".join(sorted(c.code if c.suit is None else c.rank + swap[c.suit] for c in hand))


def _form(
    setup: Setup, events: Sequence[Event], viewer: str, question: Question, answer: Mapping[Card, str],
    order: tuple[str, ...],
) -> str:
    """The puzzle written with the suits renamed by ``order`` (:func:`canonical_form` takes the least)."""
    seats = setup.players
    start = seats.index(viewer)
    seat = {p: str((i - start) % len(seats)) for i, p in enumerate(seats)}
    swap = dict(zip(SUITS, order, strict=True))

    def card(c: Card) -> str:
        return c.code if c.suit is None else c.rank + swap[c.suit]

    def half(h: HalfSuit) -> str:
        return h.code if h.code == "8J" else h.code[0] + swap[h.code[1]]

    hand = sorted(setup.hands.get(viewer, ()))
    parts = [setup.variant.value, str(len(seats)), seat[setup.dealer], _hand_text(hand, swap)]
    for event in events:
        if isinstance(event, Ask):
            parts.append(f"a{seat[event.asker]},{seat[event.target]},{card(event.card)},{int(event.hit)}")
        elif isinstance(event, Claim):
            declared = " ".join(sorted(f"{card(c)}={seat[p]}" for c, p in event.declared))
            actual = " ".join(sorted(f"{card(c)}={seat[p]}" for c, p in event.actual))
            kind = "o" if event.out_of_turn else "c"  # an out-of-turn claim scores differently
            parts.append(f"{kind}{seat[event.claimer]},{half(event.half_suit)},{declared},{actual}")
        elif isinstance(event, Pass):
            parts.append(f"p{'' if event.player is None else seat[event.player]},{seat[event.to]}")
    if question.half_suit is not None:
        parts.append(f"{question.kind}:{half(question.half_suit)}")
    else:
        parts.append(f"{question.kind}:" + " ".join(sorted(card(c) for c in question.cards)))
    parts.append(" ".join(sorted(f"{card(c)}={seat[p]}" for c, p in answer.items())))
    return "|".join(parts)


def canonical_id(form: str) -> str:
    """The puzzle id derived from a canonical form: ``p-`` and 12 hex digits."""
    return "p-" + hashlib.sha256(form.encode()).hexdigest()[:12]


def canonical_key(puzzle: Puzzle) -> str:
    """The canonical form of a stored puzzle (replays its log)."""
    game = puzzle.game
    return canonical_form(game.setup, game.events, puzzle.viewer, puzzle.question, puzzle.answer)

