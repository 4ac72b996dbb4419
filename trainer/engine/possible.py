"""Whether any deal fits a game with every hand it lists, and if not, after which event none does.

``literature check`` uses it: the reader already refuses what the rules
forbid; this finds the histories that break no rule one event at a time and
yet fit no deal, such as a player asking for a card of a set whose other cards
a listed hand holds.

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Cat
    ... hand Ann: 2D 3D 4D 5D 6D 7D 9S JS
    ... Cat asks Bob for 3D: no''', "ann.lit")
    >>> try:
    ...     check_possible(game)
    ... except ImpossibleHistoryError as error:
    ...     print(error)
    ann.lit:5: Cat cannot ask for 3D: Cat can have been dealt none of 2D 4D 5D 6D 7D
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from trainer.engine.constraints import History
from trainer.engine.solve import NoDealError, deals_of, first_empty_prefix
from trainer.game.errors import ImpossibleHistoryError
from trainer.game.events import Event
from trainer.game.notation import Game, read_prefix
from trainer.game.state import Setup


def deals(table: Setup, events: Sequence[Event]) -> int:
    """The number of deals that fit ``events`` and every hand ``table`` lists (0: none).

    >>> from trainer.game.state import Setup
    >>> deals(Setup.create("classic", "A B C D E F".split()), ()) > 10**30
    True
    """
    try:
        history = History.replay(table, events)
    except ImpossibleHistoryError:
        return 0
    return deals_of(history)


def first_impossible(table: Setup, events: Sequence[Event]) -> ImpossibleHistoryError | None:
    """The error for the first event after which no deal fits (``event`` 0: the hands alone), or ``None``."""
    try:
        history = History.replay(table, events)
    except ImpossibleHistoryError as error:
        at = error.event or 0
        if at == 0 or deals(table, events[: at - 1]):
            return error
        return _bisect(table, events, at - 1)
    if deals_of(history):
        return None
    return _bisect(table, events, len(events))


def _bisect(table: Setup, events: Sequence[Event], hi: int) -> ImpossibleHistoryError:
    """The first prefix of ``events[:hi]`` (itself impossible) that no deal fits, replaying the events once."""
    error = NoDealError(events, first_empty_prefix(History.replay(table, ()), events, hi))
    error.event = error.first  # 0 for the hands alone: check names no line then
    return error


def check_possible(game: Game) -> None:
    """Raise the located :class:`ImpossibleHistoryError` when no deal fits ``game``."""
    error = first_impossible(game.setup, game.events)
    if error is None:
        return
    line = game.line_of(error.event) if error.event else None
    if error.event == 0:
        line = None
    raise error.located(game.path, line)


def read_game(path: str | Path) -> Game:
    """Read a game log as :func:`trainer.game.notation.read_game` does, but blaming the first line at which
    the log stops making sense: a line refused (a rule broken, a line unreadable) after an event that no deal
    fits gives that event's error instead. A log read whole is returned as it is, its deals not counted.

    >>> import tempfile, pathlib
    >>> log = pathlib.Path(tempfile.mkdtemp()) / "g.lit"
    >>> _ = log.write_text('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Cat
    ... hand Ann: 2D 3D 4D 5D 6D 7D 9S JS
    ... Cat asks Bob for 3D: no
    ... Bob asks Dan for 9S: no''')
    >>> try:
    ...     read_game(log)
    ... except ImpossibleHistoryError as error:
    ...     print(error.line, error.message)
    5 Cat cannot ask for 3D: Cat can have been dealt none of 2D 4D 5D 6D 7D
    """
    game, error = read_prefix(path)
    if error is None:
        assert game is not None
        return game
    if game is not None:
        impossible = first_impossible(game.setup, game.events)
        if impossible is not None:
            line = game.line_of(impossible.event) if impossible.event else None
            raise impossible.located(game.path, line)
    raise error
