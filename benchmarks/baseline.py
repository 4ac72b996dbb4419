"""The formulation a user would write first, kept as the benchmark's baseline.

One python-constraint problem over every card whose dealt holder is not known
from the viewer's hand, with the history replayed as constraints straight from
the events and one hand-size constraint per player; a card-player pair is
possible when the problem with that pair added has a solution.
"""

from __future__ import annotations

from collections.abc import Sequence

import constraint

from trainer.game.cards import Card
from trainer.game.events import Ask, Claim, Event
from trainer.game.state import Setup


def _problem(
    setup: Setup, events: Sequence[Event], viewer: str | None, pair: tuple[Card, str] | None = None
) -> tuple[constraint.Problem, list[Card]]:
    problem = constraint.Problem()
    mine = setup.hands.get(viewer, frozenset()) if viewer else frozenset()
    others = [p for p in setup.players if p != viewer]
    cards = [c for c in setup.variant.cards if c not in mine]
    for card in cards:
        problem.addVariable(card.code, [pair[1]] if pair and pair[0] is card else list(others))
    holder: dict[Card, str] = {}  # cards that have moved publicly
    claimed: set[Card] = set()
    for event in events:
        if isinstance(event, Ask):
            card, asker = event.card, event.asker
            rest = [c for c in card.half_suit.cards if c is not card and c not in claimed]
            moved_to_asker = any(holder.get(c) == asker for c in rest)
            unmoved = [c for c in rest if c not in holder and c not in mine]
            if asker != viewer and not moved_to_asker and unmoved:
                problem.addConstraint(constraint.SomeInSetConstraint({asker}), [c.code for c in unmoved])
            if card not in holder and card not in mine:
                problem.addConstraint(constraint.NotInSetConstraint({asker}), [card.code])
                if event.hit:
                    problem.addConstraint(constraint.InSetConstraint({event.target}), [card.code])
                else:
                    problem.addConstraint(constraint.NotInSetConstraint({event.target}), [card.code])
            if event.hit:
                holder[card] = asker
        elif isinstance(event, Claim):
            for card, who in event.holders().items():
                if card not in holder and card not in mine:
                    problem.addConstraint(constraint.InSetConstraint({who}), [card.code])
                claimed.add(card)
                holder.pop(card, None)
    sizes = setup.dealt_sizes
    codes = [c.code for c in cards]
    for player in others:
        problem.addConstraint(_hand_size(player, sizes[player]), codes)
    return problem, cards


def _hand_size(player: str, size: int) -> constraint.FunctionConstraint:
    def fits(*values: object) -> bool:
        assigned = sum(1 for v in values if v == player)
        open_ = sum(1 for v in values if v is constraint.Unassigned)
        return assigned <= size <= assigned + open_

    return constraint.FunctionConstraint(fits, assigned=False)


def possible_holders(setup: Setup, events: Sequence[Event], viewer: str | None) -> dict[str, set[str]]:
    """For each unknown card, the players who may have been dealt it (one solve per pair)."""
    _, cards = _problem(setup, events, viewer)
    result: dict[str, set[str]] = {}
    for card in cards:
        result[card.code] = set()
        for player in setup.players:
            if player != viewer and _problem(setup, events, viewer, (card, player))[0].getSolution() is not None:
                result[card.code].add(player)
    return result
