"""A game to review on a page: where it came from, the record its reviewer may see, the views it offers.

The review pages (``/review``, ``/t/CODE/review``) show a game from one of
three places: a game ``literature play`` saved, an uploaded log, or a finished
table; each is opened into an :class:`Opened`. A finished table's game is
named as the hall names it (:func:`review_source`), so its page reads the
hall's one review of it.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.game.notation import Game


def review_source(code: str, game: Game) -> tuple[str, tuple[int, int]]:
    """What the review pages call a finished table's game, and its stamp (:class:`trainer.review.kept.Reviews`).

    >>> from trainer.game.notation import read_game
    >>> review_source("abcd2345", read_game(EXAMPLES / "six-diamonds.lit"))[0]
    'table:abcd2345'
    """
    return f"table:{code}", (len(game.events), 0)


@dataclass(frozen=True)
class Opened:
    """A game to review: its address, the record (only the hands its reviewer may see), the views offered.

    ``public``: the notes judge every move from the public view (each claim from its claimer's), as a table's
    spectator sees them; ``only``: the notes shown are this player's only (a table's seat sees its own);
    ``table``: the game of a table (its review says whom it is shown as).
    """

    address: str
    source: str
    title: str
    game: Game
    views: tuple[str | None, ...]
    default: str | None
    stamp: tuple[int, int]
    remark: str = ""
    public: bool = False
    only: str | None = None
    table: bool = False
    links: tuple[tuple[str, str], ...] = ()


def open_table(code: str, game: Game, seat: str | None, remark: str = "") -> Opened:
    """The finished game of table ``code`` (every hand: the game is over), seen by ``seat`` (its own notes, the
    chances from its seat or the public's; ``remark``: what its page says first, such as its missed moments
    queued for training) or, for ``None``, by a spectator (the public view and its notes).

    >>> from trainer.game.notation import read_game
    >>> opened = open_table("abcd2345", read_game(EXAMPLES / "six-diamonds.lit"), "Ann")
    >>> opened.source, opened.views, opened.only
    ('table:abcd2345', ('Ann', None), 'Ann')
    """
    links = (("the table", f"/t/{code}"), ("download the game (.lit)", f"/api/tables/{code}/log"))
    source, stamp = review_source(code, game)  # (the hall's one review of the table, kept under this name)
    address, title = f"/t/{code}/review", f"Review of table {code}"
    if seat is None:
        return Opened(address, source, title, game, (None,), None, stamp, public=True, table=True, links=links)
    return Opened(address, source, title, game, (seat, None), seat, stamp, remark, only=seat,
                  table=True, links=links)
