"""The ladder of puzzle levels: each level adds one mode of reasoning the level below lacks.

A puzzle's **level** is the lowest rung whose techniques, repeated until
nothing changes, place every card of its answer (Simon Tatham's rule for his
puzzle collection: a harder level needs a technique an easier one does not
have). How long a chain is, or how much history must be read, does not raise
the level; it raises the score within it (:mod:`puzzles.difficulty`).

1. **elimination**: what the table shows leaves one player for the card (its
   "no"s, the asker never holds the card asked for, your hand, empty hands),
   one look, nothing derived;
2. **careful player**: the three deductions of the ``basic`` bot's memory
   (:class:`trainer.play.memory.Memory`), repeated to a fixpoint: a card only
   one player can hold is there; a player who must hold a card of a set and can
   hold only one of its missing cards holds it; a full hand holds nothing else
   (not the memory's fourth, a hand with as many free places as possible cards
   holds them all: that is hand counting);
3. **ask history**: an ask read at the time it was made: the asker held
   another card of the set *then*, when some cards were elsewhere (before a
   hit moved them), and that card has not moved since;
4. **hand counting**: a hand with as many free places as cards it can still
   hold holds them all, and asks that fill a hand (a player with two cards left
   who must hold one card of each of two sets holds nothing else);
5. **shared asks**: k players who each need one of the same k cards hold them
   all between them, so nobody else holds any;
6. **case analysis**: a supposition and its contradiction ("suppose Dan held
   10H ... impossible"), for what the exact engine proves and nothing above reaches.

:func:`solves` is the technique-limited solver of one level; :func:`level_of`
climbs until one solves the answer. Levels 1 and 2 are the careful player's;
from level 3 on, the explainer's own techniques (:mod:`trainer.explain.techniques`)
are limited to the level's.

    >>> from trainer.game.notation import read_game
    >>> from trainer.game.cards import Card
    >>> game = read_game(EXAMPLES / "six-diamonds.lit")
    >>> answer = {Card.parse("6D"): "Cat"}
    >>> [solves(k, game.setup, game.events, "Ann", answer) for k in (1, 2)]
    [False, True]
    >>> level_of(game.setup, game.events, "Ann", answer), NAMES[2]
    (2, 'careful player')
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence

from puzzles.model import LEVEL_NAMES
from trainer.engine.facts import Board
from trainer.explain import techniques as tech
from trainer.explain.mind import Deduction, Mind
from trainer.game.cards import Card
from trainer.game.events import Event
from trainer.game.state import Setup
from trainer.play.memory import Memory
from trainer.play.view import View

NAMES = {level: name for level, name in LEVEL_NAMES.items() if level}
"""Each level's name: the mode of reasoning it adds."""

TOP = 6
"""Case analysis: whatever the exact engine proves (every puzzle's answer is forced)."""

_Technique = Callable[[Mind], Deduction | None]



class _OneLook(Memory):
    """The careful player's first look: a card with one possible holder, nothing chained."""

    def _rules(self, hand_counting: bool) -> tuple[Callable[[], bool], ...]:
        return (self._only_holder,)


class _Careful(Memory):
    """The careful player: the memory's deductions to a fixpoint, a full hand holding nothing else, but no
    hand that fills up with every card it can still hold (the memory's fourth deduction, hand counting)."""

    def _rules(self, hand_counting: bool) -> tuple[Callable[[], bool], ...]:
        return (self._only_holder, self._only_option, self._full_hands)


def careful_player(setup: Setup, events: Sequence[Event], viewer: str) -> dict[Card, str]:
    """Every card the careful player places (:class:`~trainer.play.memory.Memory`'s first three deductions,
    to a fixpoint)."""
    return dict(_Careful(View.of(setup, events, viewer)).holder)


def solves(level: int, setup: Setup, events: Sequence[Event], viewer: str, answer: Mapping[Card, str]) -> bool:
    """Whether the techniques of ``level`` and below place every card of ``answer`` with its holder."""
    if level >= TOP:
        return True
    if level <= 2:
        memory = (_OneLook if level == 1 else _Careful)(View.of(setup, events, viewer))
        return all(memory.holder.get(card) == player for card, player in answer.items())
    board = Board.build(setup, events, viewer)
    mind = _saturated(level, board)
    for card, player in answer.items():
        if card in board.seen:
            if board.seen[card].player != player:
                return False
            continue
        held = mind.holder(card)
        if held is None or held[0] != player:
            return False
    return True


_minds: dict[tuple[int, int], tuple[Board, Mind]] = {}
_minds_lock = threading.Lock()
MINDS = 32  # saturated minds kept (a level and a board each): a moment's candidates share them


def _saturated(level: int, board: Board) -> Mind:
    """The techniques of ``level`` applied to ``board`` until nothing more follows, kept for the next
    candidate of the same moment (:meth:`Board.build` hands out the same board for the same position;
    the mind is only read)."""
    key = (level, id(board))
    kept = _minds.get(key)
    if kept is not None and kept[0] is board:
        return kept[1]
    mind = tech.saturate(Mind(board), tech.ladder_of(level))
    with _minds_lock:  # the server may grade in several threads
        _minds[key] = (board, mind)
        while len(_minds) > MINDS:
            del _minds[next(iter(_minds))]
    return mind


def level_of(setup: Setup, events: Sequence[Event], viewer: str, answer: Mapping[Card, str]) -> int:
    """The lowest level whose techniques place the whole ``answer`` (6 when only case analysis does)."""
    return next(k for k in range(1, TOP + 1) if solves(k, setup, events, viewer, answer))
