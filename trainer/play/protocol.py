"""What every bot shares: the kinds, the :class:`Bot` protocol, and whom to hand the turn to.

Both :mod:`trainer.play.bots` and :mod:`trainer.play.expert` build on this
module, so neither needs the other.

The kinds a player chooses from in ``literature play`` are the four
:data:`LEVELS`; ``random``, ``basic`` and ``human`` are the simulator's older
bots (corpora, puzzles), and at a ``play`` table ``basic`` and ``human`` are
the old names of ``medium`` and ``easy`` (:func:`table_level`).

    >>> BotKind("expert"), [kind.value for kind in BotKind]
    (<BotKind.EXPERT: 'expert'>, ['random', 'basic', 'human', 'easy', 'medium', 'hard', 'expert'])
    >>> table_level("basic"), table_level("hard")
    (<BotKind.MEDIUM: 'medium'>, <BotKind.HARD: 'hard'>)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from fractions import Fraction
from typing import Protocol

from trainer.game.cards import Card
from trainer.play.view import Move, View


class BotKind(str, Enum):
    """The kinds of bot, as named on the command line."""

    RANDOM = "random"
    BASIC = "basic"
    HUMAN = "human"
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"


LEVELS = (BotKind.EASY, BotKind.MEDIUM, BotKind.HARD, BotKind.EXPERT)
"""The levels a player chooses from, weakest first (``benchmarks/bots.py --levels`` measures them)."""

OLD_NAMES = {BotKind.BASIC: BotKind.MEDIUM, BotKind.HUMAN: BotKind.EASY}
"""At a ``play`` table (saved games, ``--partners``/``--opponents``) the old names stand for these levels."""


def table_level(kind: BotKind | str) -> BotKind:
    """The kind of bot seated at a ``play`` table for ``kind`` (an old name gives its level)."""
    kind = BotKind(kind)
    return OLD_NAMES.get(kind, kind)


class Bot(Protocol):
    """A player: given what its seat may see, the next move."""

    kind: BotKind

    def decide(self, view: View) -> Move:
        """The next move for ``view.seat`` in ``view.role``."""
        ...


def most_cards(view: View, players: list[str]) -> str:
    """The player with the most cards (seat order after ``view.seat`` breaks ties)."""
    order = view.setup.players
    start = order.index(view.seat)
    return max(players, key=lambda p: (view.state.sizes[p], -((order.index(p) - start) % len(order))))


def retakes(
    view: View, moved: Mapping[Card, tuple[str, str]], holder: Mapping[Card, str | None]
) -> Callable[[str, Card], bool]:
    """Whether asking ``target`` for ``card`` would take back a card that ``target`` took from the seat's team
    (``moved``: each card's last move, giver and taker) without making its set certain for the team (``holder``:
    the cards placed for sure). Such an ask tells nothing new, and the other team can ask the card back: good
    players leave it until it completes the set.

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Bob
    ... hand Ann: 2D 3D 4D 9S JS KH QH AH
    ... Bob asks Ann for 2D: yes''')
    >>> view = View.of(game.setup, game.events, "Ann")
    >>> moved = {Card.parse("2D"): ("Ann", "Bob")}
    >>> back = retakes(view, moved, {})
    >>> back("Bob", Card.parse("2D")), back("Dan", Card.parse("2D")), back("Bob", Card.parse("5D"))
    (True, False, False)
    >>> retakes(view, moved, {Card.parse(c): "Cat" for c in "3D 4D 5D 6D 7D".split()})("Bob", Card.parse("2D"))
    False
    """
    members = set(view.setup.members(view.team))

    def back(target: str, card: Card) -> bool:
        giver, taker = moved.get(card, ("", ""))
        if taker != target or giver not in members:
            return False
        return not all(holder.get(c) in members for c in card.half_suit.cards if c != card)

    return back


def fresh(
    asks: Sequence[tuple[str, Card]], back: Callable[[str, Card], bool], chance: Callable[[Card, str], Fraction]
) -> list[tuple[str, Card]]:
    """``asks`` less those that take a card back (``back``, see :func:`retakes`), unless nothing else can hit
    (by ``chance``: of a card being with a player).

    >>> ask = [("Bob", Card.parse("2D")), ("Dan", Card.parse("5D"))]
    >>> fresh(ask, lambda t, c: t == "Bob", lambda c, p: Fraction(1, 2))
    [('Dan', Card.parse('5D'))]
    >>> fresh(ask, lambda t, c: t == "Bob", lambda c, p: Fraction(p == "Bob"))
    [('Bob', Card.parse('2D')), ('Dan', Card.parse('5D'))]
    """
    rest = [(t, c) for t, c in asks if not back(t, c)]
    if len(rest) == len(asks) or not any(chance(c, t) for t, c in rest):
        return list(asks)
    return rest
