"""Puzzles from the moments a player missed in their own game.

The review of a game (:func:`trainer.review.seat_notes`) says where
a player could have known more than they used. Two kinds of miss become
puzzles, posed at the moment the knowledge was there, from the player's view:

- a **certain claim** not made (``safe-claim``/``lost-claim``): "claim this
  set", at the first move it could have been claimed;
- a **forced card** missed: an ask for a card whose holder was forced
  elsewhere (``wasted-ask``), or an ask taken when a card was surely with an
  opponent (a ``best-ask`` whose best chance was certain): "who holds it?".

Each candidate passes the generator's own acceptance rule
(:func:`puzzles.acceptance.is_only_answer` and
:func:`puzzles.acceptance.needs_deduction`) and is explained by the explainer;
a position the explainer cannot reach is rated as case analysis.

    >>> from trainer.game.notation import parse_game
    >>> from trainer.review import seat_notes
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Cat
    ... hand Ann: 2D 3D 4D 5D 7D 9S JS KH
    ... Cat asks Bob for 3D: no
    ... Bob asks Ann for QS: no
    ... Ann asks Bob for 6D: no''')
    >>> found = missed_puzzles(game, "Ann", seat_notes(game, "Ann"))
    >>> [(p.question.kind, p.source["missed"]) for p in found]
    [('claim', 'safe-claim'), ('locate', 'wasted-ask')]
    >>> found[1].answer
    {Card.parse('6D'): 'Cat'}
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzles.acceptance import is_only_answer, needs_deduction
from puzzles.difficulty import explain_leveled
from puzzles.ids import canonical_form, canonical_id
from puzzles.model import Difficulty, Puzzle, Question
from trainer.engine import solve
from trainer.game.cards import Card
from trainer.game.notation import Game, write_game
from trainer.review import Note, NoteKind

CASE_ANALYSIS = Difficulty(6, "case analysis", 6.0)
"""The difficulty of a position the explainer's human steps do not reach."""


def missed_question(note: Note) -> tuple[Question, dict[Card, str], int] | None:
    """The question a note poses, its expected answer, and the move before which to pose it."""
    if note.kind in (NoteKind.SAFE_CLAIM, NoteKind.LOST_CLAIM) and note.half_suit is not None:
        return Question.claim(note.half_suit), dict(note.holders), note.since or note.event
    if note.kind is NoteKind.WASTED_ASK and note.card is not None:
        return Question.locate([note.card]), {}, note.event
    if note.kind is NoteKind.BEST_ASK and note.best_probability == 1 and note.best:
        target, card = note.best[0]
        return Question.locate([card]), {card: target}, note.event
    return None


def missed_puzzles(game: Game, seat: str, notes: Sequence[Note]) -> list[Puzzle]:
    """The puzzles of ``seat``'s missed moments (one per position and question, in game order)."""
    setup = game.setup.seen_by(seat)
    puzzles: dict[str, Puzzle] = {}
    for note in sorted(notes, key=lambda n: n.event):
        if note.player != seat:
            continue
        found = missed_question(note)
        if found is None:
            continue
        question, answer, at = found
        events = game.events[: at - 1]
        knowledge = solve(setup, events, seat)
        if not answer:  # a wasted ask: a puzzle only when the card's holder was forced
            card = question.cards[0]
            holder = knowledge.forced(card)
            if holder is None:
                continue
            answer = {card: holder}
        if not is_only_answer(knowledge, question, answer) or not needs_deduction(
            knowledge.state, seat, question, answer
        ):
            continue
        form = canonical_form(setup, events, seat, question, answer)
        pid = canonical_id(form)
        if pid in puzzles:
            continue
        leveled = explain_leveled(setup, events, seat, question, answer, knowledge)  # with its level's rungs
        explained, difficulty = leveled if leveled else (None, CASE_ANALYSIS)
        puzzles[pid] = Puzzle.create(
            variant=setup.variant,
            viewer=seat,
            log=write_game(Game(setup, events)),
            question=question,
            answer=answer,
            difficulty=difficulty,
            techniques=explained.techniques if explained else (CASE_ANALYSIS.name,),
            explanation=explained.explanation if explained else (),
            source={"kind": "play", "file": game.path, "event": at - 1, "missed": note.kind.value},
            id=pid,
        )
    return list(puzzles.values())
