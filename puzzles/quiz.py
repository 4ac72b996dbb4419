r"""One attempt at a puzzle, driven by the lines a learner types. Pure logic: no terminal.

Each line is an answer in the notation's words or a command (``help``, ``show``,
``history [SET or PLAYER]``, ``last``, ``hint``, ``reveal``, ``skip``, ``quit``).
A malformed answer gets a short message and the attempt goes on. A wrong answer
says what kind of mistake it was, without naming a holder, and the learner may
try again (the attempt is rated on the first answer, as lichess does) or
``reveal``. Hints climb from a nudge to a clue, neither of which names an
answer card's holder; the third is the full explanation and asks to be
confirmed first::

    >>> from puzzles.examples import example_claim
    >>> attempt = Attempt(example_claim(), clock=iter(range(100)).__next__)
    >>> attempt.respond("Ann 2D 3D").lines
    ('name a holder for 4D 5D 6D 7D too',)
    >>> attempt.respond("hint").lines
    ('Nudge: look at move 1: Cat asks Bob for 3D: no.',)
    >>> reply = attempt.respond("Ann 2D 3D 4D 5D 6D, Cat 7D")
    >>> reply.kind, reply.done, reply.lines[0]
    ('wrong', False, 'Wrong: the claim is cancelled (all six cards are with your team, but not where you said).')
    >>> reply = attempt.respond("Ann 2D 3D 4D 5D 7D, Cat 6D")
    >>> reply.lines[0]
    'Correct: the set is won, on try 2 (rated on your first answer).'
    >>> result = attempt.result
    >>> result.outcome, result.correct, result.solved, result.tries, result.hints, result.seconds
    ('cancelled', False, True, 2, 1, 1.0)
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from puzzles.marking import Mark, example_answer, format_answer, mark, parse_answer
from puzzles.model import KINDS, LEVELS, Puzzle, Step
from puzzles.rating import level_for
from puzzles.variety import compatible
from trainer.game.cards import HalfSuit
from trainer.game.errors import LiteratureError, NotationError
from trainer.game.holders import AnswerError

if TYPE_CHECKING:  # the deal is drawn by the engine: imported where a wrong answer needs it
    from puzzles.refute import Refutation

HELP_WORDS = frozenset({"help", "?", "commands"})
HINT_WORDS = frozenset({"hint", "h"})
HINT_WIDTH = 80
"""Columns a hint fits in: one line of an 80-column terminal."""
REVEAL_WORDS = frozenset({"reveal", "solution", "give up"})
SKIP_WORDS = frozenset({"skip", "next", "pass"})
QUIT_WORDS = frozenset({"quit", "q", "exit", "stop"})
SHOW_WORDS = frozenset({"show", "position"})
LAST_WORDS = frozenset({"last", "repeat"})
YES_WORDS = frozenset({"y", "yes", *HINT_WORDS, *REVEAL_WORDS})
USAGE = "Your answer, for example {example} ('help' for the commands)."


@dataclass(frozen=True)
class Reply:
    """What to show after one line, and whether the attempt is over.

    ``kind``: ``invalid`` (bad answer, try again), ``empty``, ``help``, ``show``
    (reprint the position), ``history`` (reprint the history; ``focus`` is a set
    code, a player, or ``""`` for all of it), ``last`` (the last event), ``hint``,
    ``confirm`` (the next hint ends the puzzle: say it again to see it),
    ``wrong`` (marked wrong, try again), ``verdict`` (solved), ``revealed``,
    ``skipped``, ``quit``.
    """

    kind: str
    lines: tuple[str, ...]
    done: bool
    mark: Mark | None = None
    focus: str | None = None
    deal: Refutation | None = None  # after a card named that is not certain, the deal that refutes it (in lines)


@dataclass(frozen=True)
class AttemptResult:
    """A finished attempt, ready to store.

    ``outcome`` is the first answer's outcome, else ``revealed``,
    ``skipped`` or ``quit``; ``correct`` says whether the first answer was right
    (what the rating counts); ``solved`` whether an answer was right in the end;
    ``tries`` how many answers were marked; ``ending`` how it ended:
    ``solved``, ``revealed``, ``skipped`` or ``quit``.
    """

    puzzle: Puzzle
    outcome: str
    correct: bool
    answer: str | None
    hints: int
    seconds: float
    mark: Mark | None
    tries: int = 0
    solved: bool = False
    ending: str = "solved"

    @property
    def answered(self) -> bool:
        """Whether an answer was marked (a skip or quit after a wrong answer still counts it)."""
        return self.tries > 0


class Attempt:
    """One attempt at ``puzzle``; feed it lines with :meth:`respond` until ``done``.

    ``clock`` gives seconds (monotonic); the attempt's time runs from creation to
    the end. ``memory``: the history may not be shown again (only its last event).
    """

    def __init__(self, puzzle: Puzzle, *, clock: Callable[[], float] = time.monotonic, memory: bool = False):
        self.puzzle = puzzle
        self.clock = clock
        self.memory = memory
        self.started = clock()
        self.hints = 0
        self.tries = 0
        self.first: Mark | None = None
        self.first_answer: str | None = None
        self.last: Mark | None = None
        self.confirming = False
        self.result: AttemptResult | None = None

    @property
    def done(self) -> bool:
        """Whether the attempt has ended."""
        return self.result is not None

    def usage(self) -> str:
        """The one-line reminder of what can be typed."""
        return USAGE.format(example=example_answer(self.puzzle))

    def respond(self, line: str) -> Reply:
        """Take one line of input and say what happens."""
        if self.done:
            raise RuntimeError("the attempt is over")
        text = " ".join(line.strip().split())
        word = text.lower()
        if self.confirming:
            self.confirming = False
            if word in YES_WORDS:
                self.hints += 1
                return self.reveal()
        if not word:
            return Reply("empty", (self.usage(),), False)
        if word in HELP_WORDS:
            return Reply("help", help_lines(self.puzzle, memory=self.memory), False)
        if word in SHOW_WORDS:
            return Reply("show", (), False)
        if word in LAST_WORDS:
            return Reply("last", (), False)
        first, _, rest = word.partition(" ")
        if first == "history":
            return self._history(rest)
        if word in HINT_WORDS:
            return self.hint()
        if word in REVEAL_WORDS:
            return self.reveal()
        if word in SKIP_WORDS:
            return self._end("skipped", "Skipped.")
        if word in QUIT_WORDS:
            return self.quit()
        try:
            answer = parse_answer(text, self.puzzle)
        except AnswerError as error:
            return Reply("invalid", (error.message,), False)
        result = mark(self.puzzle, answer)
        self.tries += 1
        self.last = result
        if self.first is None:
            self.first, self.first_answer = result, format_answer(answer) if answer else "none"
        if not result.correct:
            advice = "Try again, or 'reveal' the answer and why; 'hint' helps, 'skip' moves on."
            deal = _refuting(self.puzzle, result)
            shown = deal.lines() if deal is not None else []
            return Reply("wrong", (result.verdict(), *shown, advice), False, result, deal=deal)
        verdict = result.verdict()
        if self.tries > 1:
            verdict = verdict.rstrip(".") + f", on try {self.tries} (rated on your first answer)."
        self._finish(solved=True)
        return Reply("verdict", (verdict, *explanation_lines(self.puzzle)), True, result)

    def hint(self) -> Reply:
        """The next hint: a nudge, then a clue; the third is the full explanation, after a confirmation."""
        if self.hints >= 2:
            self.confirming = True
            return Reply(
                "confirm",
                ("The next hint shows the answer and ends this puzzle as not solved.",
                 "Type 'hint' again to see it, or go on solving."),
                False,
            )
        depth = ("nudge", "clue")[self.hints]
        self.hints += 1
        return Reply("hint", (hint_text(self.puzzle, depth),), False)

    def reveal(self) -> Reply:
        """Show the answer and the explanation; the attempt ends unsolved."""
        return self._end("revealed", "")

    def quit(self) -> Reply:
        """Leave (also for Ctrl-C and end of input). The attempt is kept as ``quit`` (or as its first answer)."""
        if not self.done:
            self._finish(solved=False, ending="quit")
        return Reply("quit", ("Stopped.",), True)

    def _history(self, rest: str) -> Reply:
        if self.memory:
            return Reply("invalid", ("In memory mode the history is not shown again; 'last' repeats the last event.",),
                         False)
        focus = rest.strip()
        if not focus or focus == "all":
            return Reply("history", (), False, focus="")
        for player in self.puzzle.players:
            if player.lower() == focus:
                return Reply("history", (), False, focus=player)
        try:
            half = HalfSuit.parse(focus)
        except NotationError:
            sets = " ".join(h.code for h in self.puzzle.variant.half_suits)
            return Reply("invalid", (f"{focus!r} is neither a set ({sets}) nor a player "
                                     f"({' '.join(self.puzzle.players)})",), False)
        return Reply("history", (), False, focus=half.code)

    def _end(self, ending: str, head: str) -> Reply:
        self._finish(solved=False, ending=ending)
        lines: list[str] = [head] if head else []
        if self.last is not None and not self.last.correct:
            lines.append("Your last answer:")
            lines.extend("  " + miss for miss in self.last.misses())
        lines.append(f"The answer: {format_answer(self.puzzle.expected) or 'none is certain'}.")
        lines.extend(explanation_lines(self.puzzle))
        return Reply(ending, tuple(lines), True)

    def _finish(self, *, solved: bool, ending: str = "") -> None:
        seconds = round(max(0.0, float(self.clock() - self.started)), 1)
        if self.first is not None:
            outcome, correct = self.first.outcome.value, self.first.correct
        else:
            outcome, correct = ending, False
        self.result = AttemptResult(
            self.puzzle, outcome, correct, self.first_answer, self.hints, seconds, self.first, self.tries, solved,
            "solved" if solved else ending,
        )


def _refuting(puzzle: Puzzle, result: Mark) -> Refutation | None:
    """After a card named that is not certain, the deal that refutes it (:func:`puzzles.refute.refuting_deal`)."""
    import zlib

    from puzzles.refute import refuting_deal

    for card, miss in sorted(result.wrong.items()):
        if miss.kind == "not certain" and miss.said is not None:  # the same deal for the same answer
            seed = zlib.crc32(f"{puzzle.id} {card} {miss.said}".encode())
            return refuting_deal(puzzle, card, miss.said, seed=seed, open_puzzle=True)
    return None


def help_lines(puzzle: Puzzle, *, memory: bool = False) -> tuple[str, ...]:
    """What can be typed at the prompt (each line fits 80 columns)."""
    lines = [
        f"Answer in the notation's words, for example {example_answer(puzzle)}.",
        "  show          your hand, the hand sizes, the score and the question",
    ]
    if memory:
        lines.append("  last          the last move (the only one the game lets you hear again)")
    else:
        lines += [
            "  history       all moves; 'history LD' one set, 'history Ann' one player",
            "  last          the last move",
        ]
    lines += [
        "  hint          a nudge, then a clue, then (asked first) the full explanation",
        "  reveal        the answer and why (the puzzle counts as not solved)",
        "  skip, quit    on to the next puzzle; stop here",
    ]
    return tuple(lines)


# -- hints --------------------------------------------------------------------------

_GENERIC_CLUES = {
    "seen": "some of these cards moved face up in a hit: who took each one last?",
    "elimination": "for {card}, which ask or 'no' rules out each player in turn?",
    "ask inference": "an asker held another card of that set; which one can it be?",
    "hand counting": "count a hand: known cards and cards its asks require may fill it.",
    "shared asks": "several askers each needed a card of it: count what is left.",
    "case analysis": "try each player {card} could be with: all but one fail.",
}


def hint_text(puzzle: Puzzle, depth: str) -> str:
    """The hint at ``depth`` (``nudge`` or ``clue``); it never names an answer card's holder.

    The hints follow the first step of the explanation that takes thought (not
    a card simply seen). The explainer's own nudge and clue are used when they
    are safe (:func:`gives_away`) and fit one line of :data:`HINT_WIDTH`
    columns; else the nudge points at the step's moves (as many as fit, up to
    three) and the clue asks the technique's question.

    >>> from puzzles.examples import example_claim
    >>> hint_text(example_claim(), "clue")
    'Clue: ask inference: an asker held another card of that set; which one can it be?'
    """
    step = _key_step(puzzle)
    written = getattr(step, depth, None) if step else None
    if written and not gives_away(written, puzzle) and len(f"{depth}: {written}") <= HINT_WIDTH:
        return f"{depth.capitalize()}: {written}"
    if depth == "nudge":
        events = step.events if step else ()
        if events:
            moves: list[str] = []
            for number in events[:3]:
                move = _move(puzzle, number)
                if _places(move, puzzle):  # "Bob asks Eve for 10C: yes" would be the answer itself
                    move = f"move {number}"
                if len("Nudge: look at " + "; ".join([*moves, move]) + ".") > HINT_WIDTH:
                    moves = moves or [f"move {number}"]  # a long claim: its number only
                    break
                moves.append(move)
            return "Nudge: look at " + "; ".join(moves) + "."
        technique = (step.technique if step else "") or (puzzle.techniques[0] if puzzle.techniques else "")
        if technique:
            return f"Nudge: think of {technique}."
        return "Nudge: what does each ask for a card of this set tell you about the asker?"
    technique = (step.technique if step else "") or (puzzle.techniques[0] if puzzle.techniques else "")
    generic = _GENERIC_CLUES.get(technique)
    if generic:
        card = _focus_card(puzzle, step)
        return f"Clue: {technique}: " + generic.format(card=card)
    return "Clue: techniques needed: " + (", ".join(puzzle.techniques) or puzzle.difficulty.name) + "."


def gives_away(text: str, puzzle: Puzzle) -> bool:
    """Whether a hint would tell an answer card's place: it names a card of the answer
    (outside the viewer's hand) and, anywhere in the same text, a player or "you".

    >>> from puzzles.examples import example_claim
    >>> gives_away("6D cannot be with Ann, Bob, Dan, Eve, Fay.", example_claim())
    True
    >>> gives_away("Cat must hold another low diamond.", example_claim())
    False
    """
    words = set(re.findall(r"[A-Za-z0-9]+", text))
    cards = {str(c) for c in puzzle.expected if c not in puzzle.own_cards}
    if not words & cards:
        return False
    return bool(words & ({*puzzle.players, "you", "You", "your", "Your"}))


def _places(text: str, puzzle: Puzzle) -> bool:
    """Whether ``text`` names an answer card (outside the viewer's hand) beside the player who holds it.

    >>> from puzzles.examples import example_claim
    >>> claim = example_claim()
    >>> _places("move 1: Cat asks Bob for 3D: no", claim), _places("Cat asks Ann for 6D: yes", claim)
    (False, True)
    """
    words = set(re.findall(r"[A-Za-z0-9]+", text))
    return any(str(card) in words and holder in words
               for card, holder in puzzle.expected.items() if card not in puzzle.own_cards)


def _key_step(puzzle: Puzzle) -> Step | None:
    steps = [s for s in puzzle.explanation if s.technique]
    thought = [s for s in steps if s.technique != "seen"]
    chosen = thought or steps or list(puzzle.explanation)
    return chosen[0] if chosen else None


def _focus_card(puzzle: Puzzle, step: Step | None) -> str:
    cards = [c for c in puzzle.expected if c not in puzzle.own_cards]
    if step is not None:
        for fact in step.facts:
            if str(fact.get("card")) in {str(c) for c in cards}:
                return str(fact["card"])
    return str(cards[0]) if cards else "each card"


def explanation_lines(puzzle: Puzzle) -> list[str]:
    """The theme (the level and the mode of reasoning that decides it: shown only once the puzzle is
    answered, as lichess shows its themes), then the full explanation, one numbered line per step."""
    lines = [f"Theme: level {puzzle.level}, {puzzle.difficulty.name}."]
    if not puzzle.explanation:
        return lines
    lines.append("Why:")
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


# -- choosing puzzles for a session ----------------------------------------------------


def matching(
    pool: Sequence[Puzzle], *, level: int | None = None, technique: str | None = None, kind: str | None = None
) -> list[Puzzle]:
    """The puzzles that fit the session's focus (technique names match case-insensitively).

    Raises :class:`LiteratureError` naming what is available when nothing fits.

    >>> from puzzles.examples import example_claim
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

    >>> from puzzles.examples import example_claim
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
