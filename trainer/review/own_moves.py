"""The review's notes on one seat's own moves only, from that seat's view: what ``play``'s coach says.

One view is replayed instead of every player's, so this is cheaper than
:func:`trainer.review.game_review.review_game` when one player's moves are
all that is wanted (after a game, and after each move with the full coach).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from trainer.engine.constraints import History
from trainer.engine.passes import count_total
from trainer.engine.solve import Knowledge, counting_model
from trainer.game.events import Event
from trainer.game.notation import Game
from trainer.game.state import Setup
from trainer.review.judgement import actor_of, judge
from trainer.review.notes import Note, game_notes, move_notes
from trainer.review.trace import trace_view


def seat_notes(game: Game, seat: str, progress: Callable[[], None] | None = None) -> list[Note]:
    """The review's notes on ``seat``'s own moves only, from ``seat``'s view (one view replayed).

    The same notes a whole review gives that player:

    >>> from trainer.game.notation import read_game
    >>> from trainer.review.game_review import review_game
    >>> game = read_game(EXAMPLES / "review/wrong-claim.lit")
    >>> seat = game.events[-1].claimer
    >>> [n.kind.value for n in seat_notes(game, seat)] == [
    ...     n.kind.value for n in review_game(game).notes if n.player == seat]
    True
    """
    setup = game.setup.seen_by(seat)
    events = game.events
    judged = frozenset(i for i, e in enumerate(events, start=1) if actor_of(e) == seat)
    states = list(game.states())
    trace = trace_view(setup, events, seat, judged.__contains__, states, progress)
    views: dict[str, str | None] = {p: (seat if p == seat else None) for p in setup.players}
    return game_notes(setup, events, states, views, {seat: trace})


def event_notes(setup: Setup, events: Sequence[Event], index: int, viewer: str) -> list[Note]:
    """The review's notes on ``viewer``'s own event ``index`` (1-based), from their side just before it.

    The same notes as a whole review gives that event, except that a set
    that could be claimed is a ``safe-claim`` (what became of it is not known yet).

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Cat
    ... hand Ann: 2D 3D 4D 5D 7D 9S JS KH
    ... Cat asks Bob for 3D: no
    ... Bob asks Ann for QS: no
    ... Ann asks Bob for 6D: no''')
    >>> [(n.kind.value, n.half_suit or n.card) for n in event_notes(game.setup, game.events, 3, "Ann")]
    [('safe-claim', HalfSuit.parse('LD')), ('wasted-ask', Card.parse('6D')), ('best-ask', Card.parse('6D'))]
    """
    history = History.build(setup, events[: index - 1], viewer)
    model = counting_model(history)
    total = count_total(model.problem) * model.plain_ways
    event = events[index - 1]
    actor = actor_of(event)
    if total == 0 or actor != viewer:
        return []
    found = judge(Knowledge(history, model, total), history, history.state, event, actor)
    after = history.state.copy()
    after.apply(event)
    return move_notes(setup, index, event, actor, viewer, found, None, {}, after)
