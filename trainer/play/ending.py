"""What a finished game at the table says about the person's own play.

At the end of ``literature play`` the person sees the review's notes on their
own moves, not on the moves the ``expert`` bot made for them (``auto``), and
the positions they missed are queued as puzzles
(:func:`puzzles.session.queue_missed`).

    >>> from trainer.play.match import Match, Seating
    >>> own_notes(Match.new(Seating(3)))
    []
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trainer.review import seat_notes

if TYPE_CHECKING:
    from trainer.play.match import Match
    from trainer.review import Note


def own_notes(match: Match) -> list[Note]:
    """The review's notes on the moves the person made themselves (those made with ``auto`` left out)."""
    return [n for n in seat_notes(match.game(), match.you) if n.event not in match.seating.auto]
