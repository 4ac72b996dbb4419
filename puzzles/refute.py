"""The deal that refutes an answer that is not provable: shown to a learner who named a card's holder
when the history leaves it open.

An answer "Bob holds 9D" to a ``certain`` question is marked "not certain" when
some deal that fits every event the learner saw puts 9D elsewhere. The most
convincing reply is such a deal, drawn uniformly among those that put 9D
elsewhere (:mod:`trainer.engine.witness`), shown with the hands as they are at
the table now, in plain card symbols. While the puzzle is still open, the other
cards it asks about are left out of the hands shown (a deal puts every forced
card where it must be, so showing them would give the rest of the answer away);
the line under the hands says so.

    >>> from puzzles.examples import example_certain
    >>> from trainer.game.cards import Card
    >>> lines = refutation(example_certain(), Card.parse("9C"), "Bob", seed=1)
    >>> lines[0]
    'A deal that fits all 1 event(s) you saw and your own hand, with 9C not at Bob (hands now):'
    >>> [line.split()[0] for line in lines[1:]]
    ['Ann', 'Bob', 'Cat', 'Dan', 'Eve', 'Fay']
    >>> "9♣" in next(line for line in lines if line.startswith("Bob"))
    False
    >>> from puzzles.examples import example_claim
    >>> claim = example_claim()
    >>> card = claim.asked[0]
    >>> said = next(p for p in claim.players if p != claim.expected[card])
    >>> shown = refutation(claim, card, said, seed=1, open_puzzle=True)
    >>> shown == [] or (shown[-1].startswith("Not shown:") and
    ...                 not any(c.symbol in " ".join(shown[1:-1]) for c in claim.asked if c != card))
    True
"""

from __future__ import annotations

import random

from puzzles.model import Puzzle
from trainer.engine.constraints import History
from trainer.engine.solve import solve
from trainer.engine.witness import draw, table_now, with_holders
from trainer.game.cards import Card


def refutation(puzzle: Puzzle, card: Card, said: str, seed: int | None = None, *,
               open_puzzle: bool = False) -> list[str]:
    """Lines showing a deal that fits the puzzle's history, seen by its viewer, with ``card`` not at
    ``said`` now; none when every deal puts it there. With ``open_puzzle`` (the learner may try again), the
    puzzle's other asked cards are left out and a last line names them."""
    game = puzzle.game
    knowledge = solve(game.setup, game.events, puzzle.viewer)
    others = [(p, n) for p in game.setup.players if p != said and (n := knowledge.count(card, p))]
    if not others:
        return []
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
    width = max(len(p) for p in hands)
    head = (f"A deal that fits all {len(game.events)} event(s) you saw and your own hand, "
            f"with {card} not at {said} (hands now):")
    hidden = frozenset(c for c in puzzle.asked if c != card) if open_puzzle else frozenset()
    lines = [head, *(f"{p.ljust(width)}  " + (" ".join(c.symbol for c in cards if c not in hidden) or "—")
                     for p, cards in hands.items())]
    if hidden:
        lines.append("Not shown: " + " ".join(c.symbol for c in sorted(hidden)) + " (still yours to place).")
    return lines
