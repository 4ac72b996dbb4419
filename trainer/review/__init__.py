"""The review of a game: what each move gave away, what each player could have known, missed or risked.

Data only: the sentences that say a note are in :mod:`trainer.render.notes`.

- :mod:`~trainer.review.judgement`: what a viewer knew just before one move (exact chances);
- :mod:`~trainer.review.trace`: one viewer's side of the game replayed once, every position counted once;
- :mod:`~trainer.review.notes`: the notes on a move (:class:`Note`, :class:`NoteKind`);
- :mod:`~trainer.review.giveaway`: what each ask let the table prove about the asker's hand, counted per player;
- :mod:`~trainer.review.summary`: each player's and team's totals;
- :mod:`~trainer.review.game_review`: the whole review (:func:`review_game`, :class:`Review`);
- :mod:`~trainer.review.own_moves`: the notes on one seat's own moves (``play``'s coach);
- :mod:`~trainer.review.explaining`: the explainer's steps behind a note.

    >>> from trainer.game.notation import read_game
    >>> review = review_game(read_game(EXAMPLES / "review/risky-claim.lit"))
    >>> [(n.kind.value, n.player, n.probability, n.outcome.value) for n in review.notes if n.outcome]
    [('risky-claim', 'Ann', Fraction(7, 9139), 'right')]
"""

from trainer.review.explaining import explain_event, explain_note, note_target
from trainer.review.game_review import MAX_EVENTS, Review, review_game, views_of
from trainer.review.judgement import Judgement, actor_of, claim_probability, count_with, judge, legal_asks
from trainer.review.notes import Note, NoteKind, NoteOutcome, severity
from trainer.review.own_moves import event_notes, seat_notes
from trainer.review.summary import PlayerSummary
from trainer.review.trace import ViewTrace, trace_view

__all__ = [
    "MAX_EVENTS",
    "Judgement",
    "Note",
    "NoteKind",
    "NoteOutcome",
    "PlayerSummary",
    "Review",
    "ViewTrace",
    "actor_of",
    "claim_probability",
    "count_with",
    "event_notes",
    "explain_event",
    "explain_note",
    "judge",
    "legal_asks",
    "note_target",
    "review_game",
    "seat_notes",
    "severity",
    "trace_view",
    "views_of",
]
