"""What the puzzle and training pages draw: an attempt (:class:`puzzles.attempts.Served`) as a template's values.

Before the attempt ends a page is given only what the viewer may know: not
the holders, not the explanation, not the puzzle's theme. Every sentence is
:mod:`trainer.render.quiz`'s, as Words.

    >>> long_date(date(2026, 6, 10))
    'Wednesday 10 June 2026'
    >>> focus_of(3, None, False), focus_of(None, "shared asks", False), focus_of(None, None, True)
    ('level 3 · ask history', 'shared asks', 'review')
"""

from __future__ import annotations

from datetime import date
from typing import Any

from puzzles.attempts import Served
from puzzles.marking import example_answer
from puzzles.model import LEVEL_NAMES, Puzzle
from puzzles.quiz import BEGINNER_FOLD, BEGINNER_LEVELS, QuizReply, cited_by, cited_moves
from puzzles.rating import is_provisional, level_for
from puzzles.training import SessionSummary
from trainer.render.course import lesson_said
from trainer.render.quiz import deal_heading, question_words, said, step_words, usage
from trainer.render.stats import solved_text, split_text
from trainer.render.web.table import HistoryRow, history_rows, table_view


def long_date(day: date) -> str:
    """A date in words: ``Wednesday 10 June 2026``."""
    return f"{day:%A} {day.day} {day:%B %Y}"


def focus_of(level: int | None, technique: str | None, review: bool) -> str:
    """A training session's focus as its page names it."""
    parts = [f"level {level} · {LEVEL_NAMES[level]}"] if level is not None else []
    parts += [technique] if technique else []
    return " · ".join(parts) or ("review" if review else "")


def daily_note(served: Served) -> str:
    """The line above a daily puzzle that is not recorded as one: a date still to come, or a replay.

    >>> from puzzles.examples import example_claim
    >>> daily_note(Served(example_claim(), record=False, daily=date(2026, 6, 10)))
    'The daily puzzle of Wednesday 10 June 2026 is still to come: try it if you like, nothing is recorded.'
    >>> daily_note(Served(example_claim()))
    ''
    """
    if served.daily is not None and not served.record:
        return (f"The daily puzzle of {long_date(served.daily)} is still to come: try it if you like, "
                "nothing is recorded.")
    if served.first is not None:
        how = "solved it" if served.first["correct"] else "did not solve it"
        return (f"You answered this daily on {served.first['day']} and {how}: this replay is practice "
                "(not rated, not streaked).")
    return ""


def reply_view(reply: QuizReply, puzzle: Puzzle, *, current: bool = True) -> dict[str, Any]:
    """What the page draws of one reply: its kind, the sentences before and after a refuting deal (Words),
    the deal (a value, drawn as hands) and its heading, the theme once it is over; the explanation is drawn
    step by step instead. What it offers to do next (Try again, Hint, Skip...) only while it is ``current``
    (the last reply of an attempt still open), when the page has those buttons.

    >>> from puzzles.examples import example_certain
    >>> from puzzles.quiz import Attempt
    >>> puzzle = example_certain()
    >>> view = reply_view(Attempt(puzzle).respond("Bob 6D"), puzzle)
    >>> view["kind"], view["deal"] is None, [str(line) for line in view["head"]]  # doctest: +NORMALIZE_WHITESPACE
    ('wrong', True,
     ['Wrong: 1 card with the wrong holder.', '  6D: Bob cannot hold it in any deal that fits what you saw.',
      '    What rules Bob out: move 1: Cat asks Bob for 3D: no.'])
    >>> view["head"][1].cards(), str(view["tail"][0])
    ((Card.parse('6D'),), 'Try again, or Reveal the answer and why; Hint helps, Skip moves on.')
    """
    told = said(reply, puzzle, buttons=True)
    theme = told.why[:1]  # the theme's line; the steps are drawn below, with their moves
    offer = told.offer if current else ()
    return {"kind": reply.kind.value, "head": told.head, "tail": told.tail + offer + theme, "deal": told.deal,
            "heading": deal_heading(told.deal) if told.deal is not None else None}


def lit_moves(served: Served) -> frozenset[int]:
    """The history rows the page lights: the moves the hints and replies so far point at
    (:func:`puzzles.quiz.cited_by`); none once the attempt is over, when each step of the explanation marks its
    own moves as it is chosen (``puzzle_reply.html``).

    >>> from puzzles.examples import example_claim
    >>> served = Served(example_claim())
    >>> lit_moves(served)
    frozenset()
    >>> served.replies.append(served.attempt.respond("hint"))
    >>> lit_moves(served)
    frozenset({1})
    """
    puzzle = served.puzzle
    lit: set[int] = set()
    if served.done:
        return frozenset()
    for reply in served.replies:
        lit |= cited_by(reply, puzzle)
    return frozenset(lit)


def history_groups(puzzle: Puzzle) -> list[tuple[HistoryRow | None, list[HistoryRow]]]:
    """The history as the page lists it: ``(row, [])`` for each move shown, ``(None, rows)`` for a run of moves
    folded into one line a click opens. At levels 1 and 2 (:data:`~puzzles.quiz.BEGINNER_LEVELS`), a
    history longer than :data:`~puzzles.quiz.BEGINNER_FOLD` moves folds those that no step rests on and
    that do not touch the question's set(s) (claims stay); other levels show every move.

    >>> from puzzles.examples import example_claim
    >>> [(row.number, folded) for row, folded in history_groups(example_claim())]
    [(1, [])]
    """
    rows = history_rows(puzzle.game.events)
    if puzzle.level not in BEGINNER_LEVELS or len(rows) <= BEGINNER_FOLD:
        return [(row, []) for row in rows]
    sets = {card.half_suit for card in puzzle.question.scope}
    keep = cited_moves(puzzle)
    groups: list[tuple[HistoryRow | None, list[HistoryRow]]] = []
    for row in rows:
        if row.number in keep or row.kind == "claim" or (row.card is not None and row.half in sets):
            groups.append((row, []))
        elif groups and groups[-1][0] is None:
            groups[-1][1].append(row)
        else:
            groups.append((None, [row]))
    return groups


SHOWN = frozenset({"show", "history", "last"})
"""Replies the page has nothing to say for (it always shows the position and the history)."""


def puzzle_context(served: Served) -> dict[str, Any]:
    """What ``puzzle.html`` draws of an attempt: before the end only what the viewer may know.

    >>> from puzzles.examples import example_claim
    >>> context = puzzle_context(Served(example_claim()))
    >>> context["done"], "steps" in context, "theme" in context
    (False, False, False)
    """
    puzzle = served.puzzle
    attempt = served.attempt
    focus = {card.half_suit for card in puzzle.question.scope}
    own = puzzle.own_cards
    groups = history_groups(puzzle)
    said = [r for r in served.replies if r.kind not in SHOWN]
    said = [r for i, r in enumerate(said) if r.kind != "invalid" or i == len(said) - 1]  # a typing slip, once read
    context: dict[str, Any] = {
        "puzzle": puzzle,
        "table": table_view(puzzle.state, puzzle.viewer),
        "history": groups,
        "folds": any(row is None for row, _ in groups),
        "moves": len(puzzle.game.events),
        "lit": lit_moves(served),
        "relight": served.done or bool(served.replies and cited_by(served.replies[-1], puzzle)),
        "focus": sorted(focus),
        "focus_codes": " ".join(sorted(h.code for h in focus)),
        "question": question_words(puzzle),
        "kind": puzzle.question.kind,
        "level": puzzle.level,
        "places": [(card, card in own) for card in puzzle.asked],
        "team": list(puzzle.team) if puzzle.question.kind == "claim" else list(puzzle.players),
        "usage": usage(puzzle, buttons=True),
        "example": example_answer(puzzle).strip("'"),
        "replies": [reply_view(r, puzzle, current=not served.done and r is served.replies[-1])
                    for r in said],
        "hints": attempt.hints,
        "confirming": attempt.confirming,
        "tries": attempt.tries,
        "done": served.done,
        "note": daily_note(served),
        "recorded": served.recorded,
        "record": served.record,
        "streak": served.streak,
        "daily": served.daily,
        "lesson_said": lesson_said(served.lesson, served.recorded) if served.lesson is not None else "",
    }
    if served.done:
        result = attempt.result
        assert result is not None
        context.update(
            theme=puzzle.difficulty.name,
            techniques=list(puzzle.techniques),
            steps=[(step_words(step, puzzle), step.technique, list(step.events)) for step in puzzle.explanation],
            ending=result.ending,
            correct=result.correct,
            solved=result.solved,
            seconds=result.seconds,
        )
        recorded = served.recorded
        if recorded is not None and recorded.kept is None:
            context.update(rating_before=recorded.rating_before.rating, rating_after=recorded.rating_after.rating,
                           rated=recorded.rated, provisional=is_provisional(recorded.rating_after),
                           new_level=level_for(recorded.rating_after.rating),
                           unrated="practice" if served.practice else (
                               "rated on your first attempt at it" if result.answered or result.ending == "revealed"
                               else "not answered"))
    return context


def summary_view(summary: SessionSummary) -> dict[str, Any]:
    """What ``train.html`` draws of a session's summary: its figures, and the words of the counts."""
    levels = {name: level for level, name in LEVEL_NAMES.items() if level}
    return {**vars(summary), "solved_text": solved_text(summary.counts), "split_text": split_text(summary.counts),
            "weakest_level": levels.get(summary.weakest) if summary.weakest else None}
