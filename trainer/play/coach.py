"""The coach: what the person's seat can know exactly, said when it matters.

It works from the seat's own view only (its dealt hand and the public
history), through the exact engine, so it never tells more than the player
could have worked out at the table:

- which sets the team can claim with certainty;
- the exact chance of an ask (0: it cannot hit) and of a claim being right;
- the exact chance of each possible holder of a card (``odds``);
- after a move, the review's notes on it (:func:`trainer.review.event_notes`).

    >>> from trainer.game.notation import read_game
    >>> game = read_game(EXAMPLES / "six-diamonds.lit")
    >>> coach = Coach(game.setup, "Ann")
    >>> sorted(coach.claimable(game.events))
    [HalfSuit.parse('LD')]
    >>> coach.ask_chance(game.events, "Bob", Card.parse("6D"))
    Fraction(0, 1)
    >>> coach.odds(game.events, Card.parse("6D"))
    {'Cat': Fraction(1, 1)}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from trainer.engine import Knowledge, solve
from trainer.engine.constraints import History
from trainer.game.cards import Card, HalfSuit
from trainer.game.events import Claim, Event
from trainer.game.state import Setup
from trainer.review import Note, claim_probability, event_notes


class Coach:
    """Exact knowledge of one seat, computed once per position."""

    def __init__(self, setup: Setup, seat: str) -> None:
        self.setup = setup.seen_by(seat)
        self.seat = seat
        self.team = setup.team(seat)
        self._known: tuple[int, Knowledge] | None = None

    def forget(self) -> None:
        """Drop the knowledge kept for the last position (a game over needs none: it is a megabyte or two)."""
        self._known = None

    def knowledge(self, events: Sequence[Event]) -> Knowledge:
        """The seat's exact knowledge after ``events`` (cached for the last position asked about)."""
        if self._known is None or self._known[0] != len(events):
            self._known = (len(events), solve(self.setup, events, self.seat))
        return self._known[1]

    def claimable(self, events: Sequence[Event]) -> dict[HalfSuit, dict[Card, str]]:
        """The sets the seat's team can claim with certainty now, with each card's holder."""
        return self.knowledge(events).claimable(self.team)

    def ask_chance(self, events: Sequence[Event], target: str, card: Card) -> Fraction:
        """The exact chance that ``target`` holds ``card`` now."""
        return self.knowledge(events).holders(card).get(target, Fraction(0))

    def odds(self, events: Sequence[Event], card: Card) -> dict[str, Fraction]:
        """Each possible holder of ``card`` now with its exact chance, likeliest first."""
        holders = self.knowledge(events).holders(card)
        return dict(sorted(holders.items(), key=lambda item: (-item[1], self.setup.players.index(item[0]))))

    def claim_chance(self, events: Sequence[Event], half: HalfSuit, declared: Mapping[Card, str]) -> Fraction:
        """The exact chance that every card of ``half`` is where ``declared`` puts it."""
        history = History.build(self.setup, events, self.seat)
        return claim_probability(history, Claim.of(self.seat, half, dict(declared)))

    def best_asks(
        self, events: Sequence[Event], asks: Sequence[tuple[str, Card]]
    ) -> tuple[Fraction, list[tuple[str, Card]]]:
        """Among legal ``asks``, the best exact chance of a hit and the asks that have it."""
        knowledge = self.knowledge(events)
        chances = {ask: knowledge.holders(ask[1]).get(ask[0], Fraction(0)) for ask in asks}
        best = max(chances.values(), default=Fraction(0))
        return best, [ask for ask, chance in chances.items() if chance == best]

    def notes(self, events: Sequence[Event], index: int) -> list[Note]:
        """The review's notes on the seat's event ``index`` (1-based) of ``events``."""
        return event_notes(self.setup, events, index, self.seat)
