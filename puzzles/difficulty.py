"""A puzzle's difficulty: the explainer's steps to its answer, and how hard they are to read.

:func:`explain_answer` is the one place that asks the explainer
(:mod:`trainer.explain.explanation`) for a puzzle's steps; the explainer puts
them on a rung of the technique ladder (1 seen … 6 case analysis).
:func:`grade` gives the puzzle its **level** on the ladder of
:mod:`puzzles.ladder` (1 elimination … 6 case analysis; memory claims are recall
drills, level 0, outside it) and adds the effort of reading the position to the score.

    >>> from trainer.game.notation import read_game
    >>> from trainer.engine import solve
    >>> from trainer.game.cards import Card
    >>> game = read_game(EXAMPLES / "six-diamonds.lit")
    >>> setup = game.setup.only("Ann")
    >>> explained = explain_answer(setup, game.events, "Ann", Question.locate(["6D"]), {Card.parse("6D"): "Cat"},
    ...                            solve(setup, game.events, "Ann"))
    >>> explained.rung, explained.name, grade(explained, setup, game.events, "Ann", {Card.parse("6D"): "Cat"})
    (2, 'careful player', Difficulty(level=2, name='careful player', score=2.39))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from puzzles.ladder import NAMES, level_of
from puzzles.model import RECALL, RECALL_LEVEL, Difficulty, Puzzle, Question, Step, is_recall
from trainer.engine import Knowledge, solve
from trainer.engine.facts import Board
from trainer.explain.explanation import (
    Explanation,
    backtrack,
    derive,
    difficulty_of,
    explain,
    facts_json,
    final_step,
)
from trainer.explain.mind import Technique
from trainer.explain.said import Said
from trainer.game.cards import Card
from trainer.game.events import Event
from trainer.game.state import Setup

FIRST_STEP_EVENTS = 30
"""Events at the start of a game where the shortest level-1 puzzles are searched (:mod:`puzzles.mining`)."""


@dataclass(frozen=True)
class Explained:
    """What the explainer says about a puzzle's answer: the rung of the technique ladder its hardest
    step is on (1 seen … 6 case analysis), that rung's name, its score, the techniques and the steps.

    The rung is not yet the puzzle's level: :func:`rate` makes one from the other.
    """

    rung: int
    name: str
    score: float
    techniques: tuple[str, ...]
    explanation: tuple[Step, ...]


def reading_effort(history: int, cited: int) -> float:
    """What reading the position costs, added to the explainer's score: a hundredth per event of
    the history, a twentieth per event the explanation rests on.

    >>> reading_effort(40, 3), reading_effort(200, 10)
    (0.55, 2.5)
    """
    return round(history / 100 + cited / 20, 2)


def rate(explained: Explained, history: int, level: int) -> Difficulty:
    """The puzzle's difficulty: its ``level`` on the ladder (:func:`puzzles.ladder.level_of`), named for
    the mode of reasoning that decided it, and a score that adds :func:`reading_effort` to the
    explainer's (longer chains and longer histories score higher within a level; they never raise it).
    A claim of six seen cards (a memory claim) is a **recall** drill, outside the levels (level 0).

    >>> step = Step("elimination", "Only Fay can hold 7D.", events=(1, 2))
    >>> rate(Explained(2, "elimination", 2.33, ("elimination",), (step,)), 12, 1)
    Difficulty(level=1, name='elimination', score=2.55)
    >>> rate(Explained(0, "recall", 1.17, ("elimination",), (step,)), 150, 1)
    Difficulty(level=0, name='recall', score=2.77)
    """
    cited = {n for step in explained.explanation for n in step.events}
    score = round(explained.score + reading_effort(history, len(cited)), 2)
    if explained.rung == 0:
        return Difficulty(0, RECALL, score)
    return Difficulty(level, NAMES[level], score)


def grade(explained: Explained, setup: Setup, events: Sequence[Event], viewer: str,
          answer: Mapping[Card, str]) -> Difficulty:
    """:func:`rate` with the level the ladder's technique-limited solvers give the answer."""
    level = 1 if explained.rung == 0 else level_of(setup, events, viewer, answer)
    return rate(explained, len(events), level)


def with_cited(step: Step) -> Step:
    """``step`` listing every move its sentence names (its :class:`~trainer.explain.said.Move` parts), besides
    those it already lists."""
    events = tuple(sorted(set(step.events) | set(step.said.moves())))
    return step if events == step.events else dataclasses.replace(step, events=events)


def explanation_length(puzzle: Puzzle) -> int:
    """Characters of the explanation as a learner reads it (its steps' sentences)."""
    return sum(len(step.text) + 1 for step in puzzle.explanation)


def explain_answer(
    setup: Setup, events: Sequence[Event], viewer: str, question: Question, answer: Mapping[Card, str],
    knowledge: Knowledge, level: int | None = None,
) -> Explained | None:
    """Explain ``answer`` with the explainer (the one place that calls it), with the techniques of the rungs
    up to ``level`` only when given; ``None`` if its human steps do not reach it. An explanation of seen
    cards only is a recall drill's (rung 0).

    The explainer is checked against the exact answer: a chain that places a
    card elsewhere is rejected, never emitted. A hint (a step's nudge or clue) that names a card or a set
    outside the question is left out: the quiz then asks the rung's own question instead.
    """
    cards = sorted(answer)
    found: Explanation | None
    if question.kind == "claim" and question.half_suit is not None:
        found = explain(setup, events, viewer, question.half_suit, knowledge, level)
    elif len(cards) == 1:
        found = explain(setup, events, viewer, cards[0], knowledge, level)
    else:
        found = _explain_cards(setup, events, viewer, cards, knowledge, level)
    if found is None or found.difficulty is None:
        return None
    if any(found.assignment.get(card) != player for card, player in answer.items()):
        return None
    numbers = {s.id: n for n, s in enumerate(found.steps, start=1)}
    steps = [
        Step(step.rung_name, found.text(step), tuple(facts_json(step)), found.events(step),
             tuple(numbers[u] for u in step.uses if u in numbers),
             _within(found.text(step, "nudge"), question), _within(found.text(step, "clue"), question),
             rung=step.rung, kind=step.technique.label)
        for step in found.steps
    ]
    if question.kind == "certain":
        steps.extend(_uncertain_notes(question, answer, knowledge))
    rungs = sorted({s.rung for s in found.steps})
    hardest = found.difficulty
    rung = 0 if all(s.technique is Technique.SEEN for s in found.steps) else hardest.rung
    return Explained(rung, RECALL if rung == 0 else hardest.name, hardest.score, tuple(NAMES[r] for r in rungs),
                     tuple(steps))


def _within(hint: Said, question: Question) -> Said | None:
    """The hint, if every card and set it names is of the question (``None``: it names another).

    >>> from trainer.game.cards import HalfSuit
    >>> question = Question.locate(["6D"])
    >>> _within(Said.of("Look at ", Card.parse("2D"), "."), question) is not None
    True
    >>> _within(Said.of("Look at ", Card.parse("4H"), "."), question), _within(Said.of(HalfSuit.parse("LS")), question)
    (None, None)
    """
    halves = {c.half_suit for c in question.scope}
    if all(c.half_suit in halves for c in hint.cards()) and all(h in halves for h in hint.half_suits()):
        return hint
    return None


def explain_leveled(
    setup: Setup, events: Sequence[Event], viewer: str, question: Question, answer: Mapping[Card, str],
    knowledge: Knowledge,
) -> tuple[Explained, Difficulty] | None:
    """The answer's level on the ladder (:func:`puzzles.ladder.level_of`) and its explanation with the
    techniques of that level's rungs only (so it has a step of that rung, and none above), graded. When the
    explainer needs a higher rung than the ladder's level, the explanation at the lowest rung that reaches
    the answer, graded at the ladder's level (:func:`explained_within` tells them apart); ``None`` when no
    human steps reach it.
    """
    level = level_of(setup, events, viewer, answer)
    for rung in range(level, 7):
        explained = explain_answer(setup, events, viewer, question, answer, knowledge, rung)
        if explained is not None:
            return explained, rate(explained, len(events), level)
    return None


def explained_within(puzzle: Puzzle) -> bool:
    """Whether a puzzle's explanation teaches its level: every step of a rung no higher than the puzzle's
    level, and (unless it is a recall drill) at least one of that rung.

    >>> from puzzles.examples import example_claim
    >>> explained_within(example_claim())
    False
    """
    rungs = [s.rung for s in puzzle.explanation if s.rung is not None]
    if puzzle.level == RECALL_LEVEL:
        return all(r == 1 for r in rungs)
    return bool(rungs) and max(rungs) == puzzle.level


def _explain_cards(
    setup: Setup, events: Sequence[Event], viewer: str, cards: Sequence[Card], knowledge: Knowledge,
    level: int | None = None,
) -> Explanation | None:
    """One explanation for several cards (the steps all of them rest on)."""
    board = Board.build(setup, events, viewer)
    mind = derive(board, knowledge, list(cards), level)
    finals: list[int] = []
    assignment: dict[Card, str | None] = {}
    for card in cards:
        step = final_step(mind, card)
        held = mind.holder(card)
        if step is None or held is None:
            return None
        finals.append(step.id)
        assignment[card] = held[0]
    steps = tuple(backtrack(mind, finals))
    return Explanation(" ".join(str(c) for c in cards), board, steps, difficulty_of(steps), assignment)


def _uncertain_notes(question: Question, answer: Mapping[Card, str], knowledge: Knowledge) -> list[Step]:
    """A closing step for a ``certain`` question: why the other cards of the set are not certain."""
    open_cards = [c for c in question.scope if c not in answer]
    if not open_cards:
        return []
    parts = []
    for card in open_cards:
        odds = knowledge.holders(card)
        names = sorted(odds, key=lambda p: (-odds[p], p))
        parts.append(Said.of(card, " could be with " + ", ".join(f"{p} ({_percent(odds[p])})" for p in names)))
    text = Said.of("The other cards are not certain: ", Said.join("; ", parts), ".")
    return [Step("", text, nudge_said=Said.of("Not every card of the set can be placed."),
                 clue_said=Said.of(Said.join(" ", open_cards), ": more than one player is still possible."))]


def _percent(value: Fraction) -> str:
    return f"{float(value) * 100:.0f}%"


def explanation_json(puzzle: Puzzle) -> dict[str, Any]:
    """A puzzle's stored explanation as ``literature explain --puzzle ID --json`` prints it: its id, its level,
    each step's rung on the ladder, the rung's name, its sentence and the moves it rests on, and the closing
    notes that stand on no rung in a list of their own (``notes``: their sentences). A recall drill (a card
    simply seen) says so (``"drill": "recall"``) and gives its real level, the rung of its steps.

    >>> from puzzles.examples import example_claim
    >>> data = explanation_json(explain_again(example_claim()))
    >>> data["level"], [(s["rung"], s["technique"], s["moves"]) for s in data["steps"]], data["notes"]
    (2, [(1, 'elimination', []), (2, 'careful player', [1])], [])
    >>> data["steps"][1]["text"]
    'Cat asked Bob for 3D on move 1, so Cat held another low diamond; you hold 2D 4D 5D 7D, so it is 6D.'

    """
    steps = [s for s in puzzle.explanation if s.rung is not None]
    out: dict[str, Any] = {"id": puzzle.id, "level": puzzle.level}
    if is_recall(puzzle):
        out |= {"level": max((s.rung for s in steps if s.rung is not None), default=1), "drill": RECALL}
    return out | {"steps": [{"rung": step.rung, "technique": step.technique, "text": step.text,
                             "moves": list(step.events)} for step in steps],
                  "notes": [step.text for step in puzzle.explanation if step.rung is None]}


def explain_again(puzzle: Puzzle) -> Puzzle | None:
    """The puzzle explained and rated again by the current explainer (same id and answer);
    ``None`` when the explainer's steps no longer reach the answer."""
    game = puzzle.game
    knowledge = solve(game.setup, game.events, puzzle.viewer)
    found = explain_leveled(game.setup, game.events, puzzle.viewer, puzzle.question, puzzle.answer, knowledge)
    if found is None:
        return None
    explained, difficulty = found
    return Puzzle.create(variant=puzzle.variant, viewer=puzzle.viewer, log=puzzle.log, question=puzzle.question,
                         answer=puzzle.answer, difficulty=difficulty,
                         techniques=explained.techniques, explanation=explained.explanation, source=puzzle.source,
                         id=puzzle.id)
