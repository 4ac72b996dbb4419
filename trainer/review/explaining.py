"""The explainer's steps behind the review's notes: why a set was certain, why an ask could not hit.

    >>> from trainer.game.notation import read_game
    >>> from trainer.review.game_review import review_game
    >>> review = review_game(read_game(EXAMPLES / "review/lost-claim.lit"))
    >>> [(note.kind.value, str(note_target(note))) for note, _ in explain_event(review, 6)]
    [('wasted-ask', '6D'), ('best-ask', 'JS')]
"""

from __future__ import annotations

import random

from trainer.engine.constraints import History
from trainer.engine.witness import Hands, draw, table_now
from trainer.explain.explanation import Explanation, explain
from trainer.game.cards import Card, HalfSuit
from trainer.game.errors import LiteratureError
from trainer.review.game_review import Review
from trainer.review.notes import Note, NoteKind


def note_target(note: Note) -> Card | HalfSuit:
    """What explains a note: the set for claims, the best ask's card for a best-ask, else the card asked for."""
    if note.half_suit is not None:
        return note.half_suit
    if note.kind is NoteKind.BEST_ASK and note.best:
        return note.best[0][1]
    assert note.card is not None
    return note.card


def explain_note(review: Review, note: Note) -> Explanation:
    """The explainer's steps behind a note, from the note's view just before its event."""
    events = review.game.events[: note.event - 1]
    return explain(review.game.setup, events, note.view, note_target(note))


def note_witness(review: Review, note: Note, found: Explanation, seed: int | None = None) -> Hands | None:
    """For a note whose card is not forced ("could you have known?": no), one deal that fits everything the
    note's viewer had seen and puts the card elsewhere than they might think: drawn uniformly
    (:mod:`trainer.engine.witness`), hands as at the table just before the event; ``None`` when forced.
    The seed is the note's event unless given, so ``review --explain`` and the web review show the same deal."""
    if found.unforced is None or not found.holders:
        return None
    events = review.game.events[: note.event - 1]
    setup = review.game.setup.seen_by(note.view)
    history = History.build(setup, events, note.view)
    return table_now(setup, events, draw(history, random.Random(note.event if seed is None else seed)))


def explain_event(review: Review, event: int) -> list[tuple[Note, Explanation]]:
    """Every note of event ``event`` (1-based) with its explanation."""
    n = len(review.game.events)
    if not 1 <= event <= n:
        raise LiteratureError(f"--explain {event} is out of range: the game has {n} event{'s' if n != 1 else ''} "
                              f"({'1' if n == 1 else f'1 to {n}'})",
                              path=review.game.path)
    return [(note, explain_note(review, note)) for note in review.notes_of(event)]
