"""One moment of a reviewed game, as values: where every card is for a viewer, and why a note holds.

A review page steps through a game; at each moment it shows a viewer's
:class:`Position` (every card in play with each player's exact chance of
holding it now, the forced holders, the sets the viewer's team could claim
with certainty: what ``literature solve --at N`` prints) and the review's
notes on the move, each with its :class:`Why` (the explainer's steps from
what the note's player knew just before the move, and, when the card was not
forced, a deal that fits all they had seen: what ``literature review
--explain`` adds). Values only: :mod:`trainer.render.review_page` words them.

    >>> from trainer.game.notation import read_game
    >>> game = read_game(EXAMPLES / "review/lost-claim.lit")
    >>> seen = position(game, 4, "Ann")
    >>> seen.deals, seen.players[0], [(h.code, len(cards)) for h, cards in seen.claimable]
    (435184986819501353184750, 'Ann', [('LD', 6)])
    >>> row = next(r for r in seen.rows if r.card == Card.parse("2D"))
    >>> row.card, row.forced, row.chances[0]
    (Card.parse('2D'), 'Ann', Fraction(1, 1))
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from trainer.engine.possible import check_possible, read_game
from trainer.engine.solve import solve_game
from trainer.engine.witness import Hands
from trainer.explain.said import Said
from trainer.game.cards import Card, HalfSuit
from trainer.game.errors import LiteratureError
from trainer.game.notation import Game
from trainer.review.explaining import explain_note, note_witness
from trainer.review.game_review import Review
from trainer.review.notes import Note

log = logging.getLogger("literature.review")


@dataclass(frozen=True)
class CardChances:
    """One card in play: each player's exact chance of holding it now (seat order; 0 where they cannot)."""

    card: Card
    first: bool
    """Whether it is the first card of its set in the grid (a new set starts)."""
    forced: str | None
    chances: tuple[Fraction, ...]


@dataclass(frozen=True)
class Position:
    """The game after ``event`` events as ``viewer`` (``None``: the public) can know it."""

    viewer: str | None
    event: int
    deals: int
    players: tuple[str, ...]
    teams: tuple[int, ...]
    sizes: tuple[int, ...]
    score: tuple[int, int]
    rows: tuple[CardChances, ...]
    claimable: tuple[tuple[HalfSuit, tuple[tuple[Card, str], ...]], ...]
    """The sets the viewer's team (every set, for the public) could claim with certainty, and where each card is."""


def position(game: Game, event: int, viewer: str | None) -> Position:
    """Where every card is after ``event`` events, seen by ``viewer`` (see the module's example)."""
    knowledge = solve_game(game, viewer, event)
    setup, state = knowledge.setup, knowledge.state
    rows = []
    previous: Card | None = None
    for card in knowledge.cards:
        holders = knowledge.holders(card)
        chances = tuple(holders.get(p, Fraction(0)) for p in setup.players)
        first = previous is None or card.half_suit is not previous.half_suit
        rows.append(CardChances(card, first, knowledge.forced(card), chances))
        previous = card
    claimable = tuple((half, tuple(sorted(assignment.items())))
                      for half, assignment in knowledge.claimable_for_viewer().items())
    return Position(viewer, event, knowledge.deals, setup.players, tuple(setup.team(p) for p in setup.players),
                    tuple(state.sizes[p] for p in setup.players), (state.score[1], state.score[2]), tuple(rows),
                    claimable)


@dataclass(frozen=True)
class NoteStep:
    """One step of the explainer: its sentence (the explainer's own wording, its cards kept as values), the
    ladder's name of its rung, the moves it cites."""

    text: Said
    technique: str
    events: tuple[int, ...]


@dataclass(frozen=True)
class Why:
    """Why a note holds: the explainer's steps from the note's view just before its move; where its card was not
    forced, a deal that fits all that view had seen (hands just before the move) with the card marked."""

    note: Note
    steps: tuple[NoteStep, ...] = ()
    deal: Hands | None = None
    card: Card | None = None


def why(review: Review, note: Note) -> Why:
    """The :class:`Why` of ``note``; with no steps when the explainer cannot say (a defect of it is logged, and
    the note still stands).

    >>> from trainer.game.notation import read_game
    >>> from trainer.review.game_review import review_game
    >>> review = review_game(read_game(EXAMPLES / "review/lost-claim.lit"))
    >>> found = why(review, review.notes_of(6)[0])
    >>> found.note.kind.value, found.steps[0].technique, found.deal is None
    ('wasted-ask', 'careful player', True)
    """
    try:
        found = explain_note(review, note)
        deal = note_witness(review, note, found)
    except LiteratureError:
        return Why(note)
    except Exception as error:  # a defect of the explainer: the note is still shown, without its why
        log.error("explaining a note at event %d failed", note.event, exc_info=error)
        return Why(note)
    steps = tuple(NoteStep(text, step.rung_name, found.events(step))
                  for step, text in zip(found.steps, found.texts(), strict=True))
    return Why(note, steps, deal, found.unforced if deal is not None else None)


def read_log(path: Path) -> Game:
    """A game log read as ``literature check`` reads it (the first line that stops making sense is blamed)."""
    return read_game(path)


def checked_log(path: Path) -> Game:
    """A game log read and checked as ``literature check`` checks it: an impossible one is a located error."""
    game = read_game(path)
    check_possible(game)
    return game
