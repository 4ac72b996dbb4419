r"""One attempt at a puzzle, driven by the lines a learner types. Pure logic: no terminal.

Each line is an answer in the notation's words, or ``hint``, ``skip`` or
``quit``. A malformed answer gets a short message and the attempt goes on; a
well-formed one ends it with a verdict. Hints go three levels deep (nudge,
clue, full explanation); the full explanation reveals the answer and ends
the attempt::

    >>> from puzzles.grade import example_claim
    >>> attempt = Attempt(example_claim(), clock=iter(range(100)).__next__)
    >>> attempt.respond("Ann 2D 3D").lines
    ('name a holder for 4D 5D 6D 7D too',)
    >>> attempt.respond("hint").lines
    ('Nudge: look at move 1: Cat asks Bob for 3D: no.',)
    >>> reply = attempt.respond("Ann 2D 3D 4D 5D 6D, Cat 7D")
    >>> print("\n".join(reply.lines[:3]))
    Wrong: the claim is cancelled (all six cards are with your team, but not where you said).
    6D: you said Ann, it is with Cat
    7D: you said Cat, it is with Ann
    >>> result = attempt.result
    >>> result.outcome, result.correct, result.hints, result.seconds
    ('cancelled', False, 1, 1.0)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from puzzles.grade import AnswerError, Grade, format_answer, grade, parse_answer
from puzzles.model import KINDS, LEVELS, Puzzle
from puzzles.rating import level_for
from puzzles.variety import compatible
from trainer.game.errors import LiteratureError

HINT_WORDS = frozenset({"hint", "h", "?", "help me"})
SKIP_WORDS = frozenset({"skip", "next", "pass"})
QUIT_WORDS = frozenset({"quit", "q", "exit", "stop"})
DEPTHS = ("nudge", "clue", "full")
USAGE = "Type your answer (for example {example}), or 'hint', 'skip' or 'quit'."


@dataclass(frozen=True)
class Reply:
    """What to show after one line, and whether the attempt is over.

    ``kind``: ``invalid`` (bad answer, try again), ``empty``, ``hint``,
    ``verdict`` (graded), ``revealed`` (full explanation), ``skipped``, ``quit``.
    """

    kind: str
    lines: tuple[str, ...]
    done: bool
    grade: Grade | None = None


@dataclass(frozen=True)
class AttemptResult:
    """A finished attempt, ready to store: ``outcome`` is a grade outcome, ``revealed``, ``skipped`` or ``quit``."""

    puzzle: Puzzle
    outcome: str
    correct: bool
    answer: str | None
    hints: int
    seconds: float
    grade: Grade | None

    @property
    def recordable(self) -> bool:
        """Whether to store it: a quit (Ctrl-C, end of input, ``quit``) leaves nothing behind."""
        return self.outcome != "quit"


class Attempt:
    """One attempt at ``puzzle``; feed it lines with :meth:`respond` until ``done``.

    ``clock`` gives seconds (monotonic); the attempt's time runs from creation to the end.
    """

    def __init__(self, puzzle: Puzzle, *, clock: Callable[[], float] = time.monotonic):
        self.puzzle = puzzle
        self.clock = clock
        self.started = clock()
        self.hints = 0
        self.result: AttemptResult | None = None

    @property
    def done(self) -> bool:
        """Whether the attempt has ended."""
        return self.result is not None

    def usage(self) -> str:
        """The one-line reminder of what can be typed."""
        return USAGE.format(example=_example_answer(self.puzzle))

    def respond(self, line: str) -> Reply:
        """Take one line of input and say what happens."""
        if self.done:
            raise RuntimeError("the attempt is over")
        text = " ".join(line.strip().split())
        word = text.lower()
        if not word:
            return Reply("empty", (self.usage(),), False)
        if word in HINT_WORDS:
            return self.hint()
        if word in SKIP_WORDS:
            self._finish("skipped", False, None, None)
            return Reply("skipped", (f"Skipped. The answer was: {format_answer(self.puzzle.answer)}.",), True)
        if word in QUIT_WORDS:
            return self.quit()
        try:
            answer = parse_answer(text, self.puzzle)
        except AnswerError as error:
            return Reply("invalid", (error.message,), False)
        result = grade(self.puzzle, answer)
        self._finish(result.outcome.value, result.correct, format_answer(answer), result)
        lines = [result.verdict(), *result.misses()]
        if not result.correct:
            lines.append(f"The answer: {format_answer(self.puzzle.answer)}.")
        lines.extend(explanation_lines(self.puzzle))
        return Reply("verdict", tuple(lines), True, result)

    def hint(self) -> Reply:
        """The next depth of the explanation; the last one reveals the answer and ends the attempt."""
        depth = DEPTHS[min(self.hints, len(DEPTHS) - 1)]
        self.hints += 1
        if depth == "full":
            self._finish("revealed", False, None, None)
            lines = (*explanation_lines(self.puzzle), f"The answer: {format_answer(self.puzzle.answer)}.")
            return Reply("revealed", lines, True)
        return Reply("hint", (hint_text(self.puzzle, depth),), False)

    def quit(self) -> Reply:
        """Leave without an answer (also for Ctrl-C and end of input): nothing is recorded."""
        if not self.done:
            self._finish("quit", False, None, None)
        return Reply("quit", ("Stopped.",), True)

    def _finish(self, outcome: str, correct: bool, answer: str | None, result: Grade | None) -> None:
        seconds = round(max(0.0, float(self.clock() - self.started)), 1)
        self.result = AttemptResult(self.puzzle, outcome, correct, answer, self.hints, seconds, result)


def hint_text(puzzle: Puzzle, depth: str) -> str:
    """The hint at ``depth`` (``nudge`` or ``clue``), from the explanation steps.

    A step's own ``nudge``/``clue`` is used when the explainer wrote one; else the
    nudge points at the events the first step rests on, and the clue is the
    first step's sentence.
    """
    steps = puzzle.explanation
    if depth == "nudge":
        written = [s.nudge for s in steps if s.nudge]
        if written:
            return "Nudge: " + written[0]
        events = next((s.events for s in steps if s.events), ())
        if events:
            return "Nudge: look at " + "; ".join(_move(puzzle, n) for n in events[:3]) + "."
        technique = next((s.technique for s in steps if s.technique), None) or (
            puzzle.techniques[0] if puzzle.techniques else None
        )
        if technique:
            return f"Nudge: think of {technique}."
        return "Nudge: what does each ask for a card of this set tell you about the asker?"
    written = [s.clue for s in steps if s.clue]
    if written:
        return "Clue: " + written[0]
    if steps:
        return "Clue: " + steps[0].text
    return "Clue: techniques needed: " + (", ".join(puzzle.techniques) or puzzle.difficulty.name) + "."


def explanation_lines(puzzle: Puzzle) -> list[str]:
    """The full explanation, one numbered line per step."""
    if not puzzle.explanation:
        return []
    lines = ["Why:"]
    for number, step in enumerate(puzzle.explanation, start=1):
        technique = f" ({step.technique})" if step.technique else ""
        lines.append(f"{number}. {step.text}{technique}")
    return lines


def _move(puzzle: Puzzle, number: int) -> str:
    try:
        events = puzzle.game.events
    except LiteratureError:
        return f"move {number}"
    if 0 < number <= len(events):
        return f"move {number}: {events[number - 1]}"
    return f"move {number}"


def _example_answer(puzzle: Puzzle) -> str:
    question = puzzle.question
    mate = puzzle.team[1]
    if question.kind == "locate":
        return f"'{mate} {' '.join(str(c) for c in question.cards)}'"
    cards = [str(c) for c in question.scope]
    return f"'{puzzle.viewer} {' '.join(cards[:4])}, {mate} {' '.join(cards[4:])}'"


# -- choosing puzzles for a session ----------------------------------------------------


def matching(
    pool: Sequence[Puzzle], *, level: int | None = None, technique: str | None = None, kind: str | None = None
) -> list[Puzzle]:
    """The puzzles that fit the session's focus (technique names match case-insensitively).

    Raises :class:`LiteratureError` naming what is available when nothing fits.

    >>> from puzzles.grade import example_claim
    >>> len(matching([example_claim()], technique="Ask Inference", kind="claim"))
    1
    >>> matching([example_claim()], technique="chains")
    Traceback (most recent call last):
    ...
    trainer.game.errors.LiteratureError: no puzzle uses the technique 'chains' (there are: ask inference)
    """
    chosen = list(pool)
    if kind is not None:
        if kind not in KINDS:
            raise LiteratureError(f"unknown kind {kind!r} (kinds: {', '.join(KINDS)})")
        chosen = [p for p in chosen if p.question.kind == kind]
        if not chosen:
            raise LiteratureError(f"no puzzle of kind {kind!r} is available")
    if technique is not None:
        want = technique.strip().lower()
        names = sorted({t for p in chosen for t in p.techniques})
        chosen = [p for p in chosen if want in (t.lower() for t in p.techniques) or p.difficulty.name.lower() == want]
        if not chosen:
            raise LiteratureError(f"no puzzle uses the technique {technique!r} (there are: {', '.join(names)})")
    if level is not None:
        if level not in LEVELS:
            raise LiteratureError(f"--level must be from 1 to 6, not {level}")
        levels = sorted({p.level for p in chosen})
        chosen = [p for p in chosen if p.level == level]
        if not chosen:
            there = ", ".join(map(str, levels))
            raise LiteratureError(f"no puzzle of level {level} fits (levels available: {there})")
    return chosen


def next_puzzle(
    pool: Sequence[Puzzle],
    rating: float,
    seen: Collection[str],
    due: Sequence[Puzzle] = (),
    rng: random.Random | None = None,
    drawn: Sequence[Puzzle] = (),
) -> Puzzle | None:
    """The next puzzle of an adaptive session.

    A failed puzzle that is due again comes first; then an unseen puzzle whose
    level is nearest the learner's (:func:`puzzles.rating.level_for`), at random
    among equals. ``None`` when every puzzle of the pool has been seen.

    ``drawn`` are the puzzles already shown this session: the next one is from
    another game moment and set, and from another game while one is left
    (:mod:`puzzles.variety`); a puzzle of a drawn game comes only when neither
    gives the other's answer away.

    >>> from puzzles.grade import example_claim
    >>> p = example_claim()
    >>> next_puzzle([p], 1500, seen=set()) is p, next_puzzle([p], 1500, seen={p.id})
    (True, None)
    """
    ids = {p.id for p in pool}
    for puzzle in due:
        if puzzle.id in ids and puzzle.id not in seen and compatible(puzzle, drawn, same_game=True):
            return puzzle
    fresh = [p for p in pool if p.id not in seen]
    if drawn:
        other_games = [p for p in fresh if compatible(p, drawn)]
        fresh = other_games or [p for p in fresh if compatible(p, drawn, same_game=True)]
    if not fresh:
        return None
    target = level_for(rating)
    best = min(abs(p.level - target) for p in fresh)
    nearest = [p for p in fresh if abs(p.level - target) == best]
    return (rng or random.Random()).choice(nearest)
