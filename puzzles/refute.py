"""The deal that refutes an answer that is not provable: shown to a learner who named a card's holder
when the history leaves it open.

An answer "Bob holds 9D" to a ``certain`` question is marked "not certain" when
some deal that fits every event the learner saw puts 9D elsewhere. The most
convincing reply is such a deal, drawn uniformly among those that put 9D
elsewhere (:mod:`trainer.engine.witness`), shown with the hands as they are at
the table now. While the puzzle is still open, the other
cards it asks about are left out of the hands shown (a deal puts every forced
card where it must be, so showing them would give the rest of the answer away);
:mod:`trainer.render.quiz` words it for the terminal, and the page draws its hands.

    >>> from puzzles.examples import example_certain
    >>> from trainer.game.cards import Card
    >>> deal = refuting_deal(example_certain(), Card.parse("9C"), "Bob", seed=1)
    >>> deal.events, list(deal.hands), deal.holder != "Bob", Card.parse("9C") in deal.hands["Bob"]
    (1, ['Ann', 'Bob', 'Cat', 'Dan', 'Eve', 'Fay'], True, False)
    >>> from puzzles.examples import example_claim
    >>> claim = example_claim()
    >>> card = claim.asked[0]
    >>> said = next(p for p in claim.players if p != claim.expected[card])
    >>> shown = refuting_deal(claim, card, said, seed=1, open_puzzle=True)
    >>> shown is None or not any(c in cards for cards in shown.shown().values() for c in shown.hidden)
    True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from puzzles.model import Puzzle
from trainer.engine.constraints import History
from trainer.engine.solve import solve
from trainer.engine.witness import draw, table_now, with_holders
from trainer.game.cards import Card


@dataclass(frozen=True)
class Refutation:
    """A deal that fits a puzzle's history with ``card`` not at ``said``: the hands as they are now, the
    cards to leave out of them while the puzzle is open (``hidden``, its other asked cards), and how
    many events it fits. The terminal and the page show the same hands (:meth:`shown`), every card once the
    puzzle is over."""

    card: Card
    said: str
    events: int
    hands: dict[str, tuple[Card, ...]]
    hidden: tuple[Card, ...]

    @property
    def holder(self) -> str:
        """Who holds the card in this deal."""
        return next(p for p, cards in self.hands.items() if self.card in cards)

    def shown(self, over: bool = False) -> dict[str, tuple[Card, ...]]:
        """The hands as shown: without the hidden cards unless the puzzle is ``over``."""
        if over:
            return self.hands
        return {p: tuple(c for c in cards if c not in self.hidden) for p, cards in self.hands.items()}


def refuting_deal(puzzle: Puzzle, card: Card, said: str, seed: int | None = None, *,
                  open_puzzle: bool = False) -> Refutation | None:
    """A deal that fits the puzzle's history, seen by its viewer, with ``card`` not at ``said`` now, drawn
    uniformly among all such deals; ``None`` when every deal puts it there. With ``open_puzzle`` (the
    learner may try again), the puzzle's other asked cards are left out."""
    game = puzzle.game
    knowledge = solve(game.setup, game.events, puzzle.viewer)
    others = [(p, n) for p in game.setup.players if p != said and (n := knowledge.count(card, p))]
    if not others:
        return None
    rng = random.Random(seed)
    pick = rng.randrange(sum(n for _, n in others))
    holder = others[-1][0]
    for player, n in others:  # the holder in proportion to its deals: the deal is uniform among them all
        if pick < n:
            holder = player
            break
        pick -= n
    history = with_holders(History.build(game.setup, game.events, puzzle.viewer), {card: holder})
    hands = table_now(game.setup, game.events, draw(history, rng))
    hidden = tuple(sorted(c for c in puzzle.asked if c != card)) if open_puzzle else ()
    return Refutation(card, said, len(game.events), hands, hidden)

