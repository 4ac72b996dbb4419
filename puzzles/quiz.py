r"""One attempt at a puzzle, driven by the lines a learner types. Pure logic: no terminal, no words.

Each line is an answer in the notation's words or a command (``help``, ``show``,
``history [SET or PLAYER]`` (``a``: all of it), ``last``, ``hint``, ``reveal``, ``skip``, ``quit``).
A malformed answer gets the reader's one-line message and the attempt goes on. A
wrong answer is marked (:class:`~puzzles.marking.Mark`) and the learner may try
again (the attempt is rated on the first answer, as lichess does) or ``reveal``.
Hints climb from a nudge to a clue, neither of which names an answer card's
holder; the third is the full explanation and asks to be confirmed first.

Every :class:`QuizReply` is a value (a kind, the mark, the hint, the refuting deal);
:mod:`trainer.render.quiz` words it, once for the terminal and once for the pages::

    >>> from puzzles.examples import example_claim
    >>> attempt = Attempt(example_claim(), clock=iter(range(100)).__next__)
    >>> attempt.respond("Ann 2D 3D").message
    'name a holder for 4D 5D 6D 7D too'
    >>> hint = attempt.respond("hint").hint
    >>> hint.depth.value, hint.moves
    ('nudge', ((1, Ask(asker='Cat', target='Bob', card=Card.parse('3D'), hit=False)),))
    >>> reply = attempt.respond("Ann 2D 3D 4D 5D 6D, Cat 7D")
    >>> reply.kind.value, reply.done, reply.mark.outcome.value, sorted(str(c) for c in reply.mark.wrong)
    ('wrong', False, 'cancelled', ['6D', '7D'])
    >>> reply = attempt.respond("Ann 2D 3D 4D 5D 7D, Cat 6D")
    >>> reply.kind.value, reply.mark.correct, reply.tries
    ('verdict', True, 2)
    >>> result = attempt.result
    >>> result.outcome, result.correct, result.solved, result.tries, result.hints, result.seconds
    ('cancelled', False, True, 2, 1, 1.0)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, assert_never

from puzzles.marking import Mark, format_answer, mark, parse_answer
from puzzles.model import KINDS, LEVELS, Puzzle, Step
from puzzles.rating import level_for
from puzzles.variety import compatible
from trainer.explain.depth import Depth
from trainer.explain.said import Said
from trainer.game.cards import Card, HalfSuit
from trainer.game.errors import LiteratureError, NotationError
from trainer.game.events import Ask, Claim, Event
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
ALL_WORDS = frozenset({"a", "all"})
"""One key for the whole history, where a screen shows it folded."""
BEGINNER_LEVELS = frozenset({1, 2})
"""Levels whose history a screen folds to what matters even when it could hold all of it."""
BEGINNER_FOLD = 12
"""A beginner's history longer than this many moves is folded: the moves of the question's set(s), the claims
and the moves a step rests on (:func:`cited_moves`) stay; the rest is one key (``a``) or one click away."""
YES_WORDS = frozenset({"y", "yes", *HINT_WORDS, *REVEAL_WORDS})


@dataclass(frozen=True)
class Hint:
    """A hint as values: ``depth`` (:class:`~trainer.explain.depth.Depth`: a nudge or a clue) and what it
    points at.

    ``written``: the explainer's own words for it (used when they are safe and fit
    :data:`HINT_WIDTH`); else a nudge points at ``moves`` (each move's number and its
    event, ``None`` where naming the event would give an answer card's holder away),
    or at ``technique``; a clue asks ``technique``'s question about ``card``, or names
    the ``techniques`` needed (``level``: the puzzle's difficulty, when it has none).
    ``step``: the number (from 1) of the explanation's step the hint leads to, when it has one.
    """

    depth: Depth
    written: Said = field(default_factory=Said)
    moves: tuple[tuple[int, Event | None], ...] = ()
    technique: str = ""
    card: Card | None = None
    techniques: tuple[str, ...] = ()
    level: str = ""
    step: int | None = None


@dataclass(frozen=True)
class Ruling:
    """Why ``said`` cannot hold ``card``: the explanation's ``step`` (its number, from 1; ``None`` when no step
    speaks of it) that rules ``said`` out, whether that step may be shown while the puzzle is open (``safe``: it
    places no answer card outside the viewer's hand, nor do the steps it rests on), and the ``moves`` to look at
    meanwhile (each with its event, ``None`` where the event would place an answer card).
    """

    card: Card
    said: str
    step: int | None
    safe: bool = False
    moves: tuple[tuple[int, Event | None], ...] = ()


class QuizReplyKind(str, Enum):
    """What came of a line typed at a puzzle (see :class:`QuizReply`)."""

    INVALID = "invalid"
    EMPTY = "empty"
    HELP = "help"
    SHOW = "show"
    HISTORY = "history"
    LAST = "last"
    HINT = "hint"
    CONFIRM = "confirm"
    WRONG = "wrong"
    VERDICT = "verdict"
    REVEALED = "revealed"
    SKIPPED = "skipped"
    QUIT = "quit"


@dataclass(frozen=True)
class QuizReply:
    """What comes of one line, as values, and whether the attempt is over.

    ``kind``: ``invalid`` (bad answer, try again: ``message`` is the reader's line,
    else ``refused`` says what was refused: ``memory`` (no history in memory mode)
    or ``focus`` (``focus`` is neither a set nor a player)), ``empty``, ``help``,
    ``show`` (reprint the position), ``history`` (reprint the history; ``focus`` is a
    set code, a player, or ``""`` for all of it), ``last`` (the last event), ``hint``
    (``hint``), ``confirm`` (the next hint ends the puzzle: say it again to see it),
    ``wrong`` (``mark``, and ``deal``: after a card named that is not certain, a deal
    that refutes it), ``verdict`` (solved: ``mark``, on try ``tries``), ``revealed``,
    ``skipped`` (``last``: the last answer, when it was wrong), ``quit``.
    ``memory``: the attempt is in memory mode (its help differs); ``rated``: its first answer is rated (not a
    replay, nor an attempt that is not stored). ``ruled``: for each card given a holder who
    cannot hold it (in ``mark``, or ``last``), the step that rules that holder out (:func:`rulings`).
    """

    kind: QuizReplyKind
    done: bool = False
    mark: Mark | None = None
    focus: str | None = None
    deal: Refutation | None = None
    hint: Hint | None = None
    message: str = ""
    refused: str = ""
    tries: int = 0
    last: Mark | None = None
    memory: bool = False
    ruled: tuple[Ruling, ...] = ()
    rated: bool = True


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
    the end. ``memory``: the history may not be shown again (only its last event). ``rated``: whether its first
    answer is rated when it is stored (not for a replay), as the verdict says.
    """

    def __init__(self, puzzle: Puzzle, *, clock: Callable[[], float] = time.monotonic, memory: bool = False,
                 rated: bool = True):
        self.puzzle = puzzle
        self.clock = clock
        self.memory = memory
        self.rated = rated
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

    def respond(self, line: str) -> QuizReply:
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
            return QuizReply(QuizReplyKind.EMPTY)
        if word in HELP_WORDS:
            return QuizReply(QuizReplyKind.HELP, memory=self.memory)
        if word in SHOW_WORDS:
            return QuizReply(QuizReplyKind.SHOW)
        if word in LAST_WORDS:
            return QuizReply(QuizReplyKind.LAST)
        first, _, rest = word.partition(" ")
        if first == "history":
            return self._history(rest)
        if word in ALL_WORDS:
            return self._history("")
        if word in HINT_WORDS:
            return self.hint()
        if word in REVEAL_WORDS:
            return self.reveal()
        if word in SKIP_WORDS:
            return self.skip()
        if word in QUIT_WORDS:
            return self.quit()
        try:
            answer = parse_answer(text, self.puzzle)
        except AnswerError as error:
            return QuizReply(QuizReplyKind.INVALID, message=error.message)
        result = mark(self.puzzle, answer)
        self.tries += 1
        self.last = result
        if self.first is None:
            self.first, self.first_answer = result, format_answer(answer) if answer else "none"
        if not result.correct:
            return QuizReply(QuizReplyKind.WRONG, mark=result, deal=_refuting(self.puzzle, result), tries=self.tries,
                         ruled=rulings(self.puzzle, result), memory=self.memory)
        self._finish(solved=True)
        return QuizReply(QuizReplyKind.VERDICT, True, result, tries=self.tries, rated=self.rated)

    def hint(self) -> QuizReply:
        """The next hint: a nudge, then a clue; the third is the full explanation, after a confirmation."""
        if self.hints >= 2:
            self.confirming = True
            return QuizReply(QuizReplyKind.CONFIRM)
        depth = (Depth.NUDGE, Depth.CLUE)[self.hints]
        self.hints += 1
        return QuizReply(QuizReplyKind.HINT, hint=hint_for(self.puzzle, depth))

    def reveal(self) -> QuizReply:
        """Show the answer and the explanation; the attempt ends unsolved."""
        return self._end("revealed")

    def skip(self) -> QuizReply:
        """On to the next puzzle: the answer and the explanation are shown; the attempt ends unsolved."""
        return self._end("skipped")

    def quit(self) -> QuizReply:
        """Leave (also for Ctrl-C and end of input). The attempt is kept as ``quit`` (or as its first answer)."""
        if not self.done:
            self._finish(solved=False, ending="quit")
        return QuizReply(QuizReplyKind.QUIT, True)

    def _history(self, rest: str) -> QuizReply:
        if self.memory:
            return QuizReply(QuizReplyKind.INVALID, refused="memory")
        focus = rest.strip()
        if not focus or focus == "all":
            return QuizReply(QuizReplyKind.HISTORY, focus="")
        for player in self.puzzle.players:
            if player.lower() == focus:
                return QuizReply(QuizReplyKind.HISTORY, focus=player)
        try:
            half = HalfSuit.parse(focus)
        except NotationError:
            return QuizReply(QuizReplyKind.INVALID, refused="focus", focus=focus)
        return QuizReply(QuizReplyKind.HISTORY, focus=half.code)

    def _end(self, ending: str) -> QuizReply:
        self._finish(solved=False, ending=ending)
        last = self.last if self.last is not None and not self.last.correct else None
        ruled = rulings(self.puzzle, last) if last is not None else ()
        return QuizReply(QuizReplyKind(ending), True, last=last, tries=self.tries, ruled=ruled)

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


# -- why a holder is wrong ---------------------------------------------------------------


def rulings(puzzle: Puzzle, result: Mark) -> tuple[Ruling, ...]:
    """For each card of ``result`` given a holder who cannot hold it, the step that rules that holder out
    (:func:`ruling`).

    >>> from puzzles.examples import example_certain
    >>> from puzzles.marking import mark_text
    >>> [(str(r.card), r.said, r.step, r.safe) for r in rulings(example_certain(), mark_text(example_certain(),
    ...                                                                                         "Bob 6D"))]
    [('6D', 'Bob', 1, False)]
    """
    return tuple(ruling(puzzle, card, miss.said) for card, miss in sorted(result.wrong.items())
                 if miss.kind == "wrong holder" and miss.said is not None)


def ruling(puzzle: Puzzle, card: Card, said: str) -> Ruling:
    """The step of ``puzzle``'s explanation that rules ``said`` out as ``card``'s holder: the first whose facts
    exclude ``said`` for it, else the first that places it with someone else (read from the steps' facts, not
    their words). While the puzzle is open it may be shown only when it is ``safe``; else the learner is pointed
    at every move the step rests on (its ``events``: each move its facts rest on; those that would place an
    answer card given by number only).

    >>> from puzzles.examples import example_claim
    >>> found = ruling(example_claim(), Card.parse("6D"), "Bob")
    >>> found.step, found.safe, [n for n, _ in found.moves]
    (1, False, [1])
    """
    steps = puzzle.explanation
    excluding = [i for i, step in enumerate(steps, start=1)
                 if any(_fact_card(f) == card and said in (f.get("excluded") or ()) for f in step.facts)]
    placing = [i for i, step in enumerate(steps, start=1)
               if any(_fact_card(f) == card and f.get("holder") not in (None, said) for f in step.facts)]
    if not excluding and not placing:
        return Ruling(card, said, None)
    number = (excluding or placing)[0]
    step = steps[number - 1]
    safe = not _places_answer(puzzle, number)
    events = [(n, _event(puzzle, n)) for n in step.events]
    moves = tuple((n, None if e is None or _places(e, puzzle) else e) for n, e in events)
    if _eliminates([e for _, e in moves if e is not None], puzzle):  # together they would place an answer card
        moves = tuple((n, None) for n, _ in moves)
    return Ruling(card, said, number, safe, moves)


def _fact_card(fact: Mapping[str, Any]) -> Card | None:
    try:
        return Card.parse(str(fact.get("card")))
    except NotationError:
        return None


def _places_answer(puzzle: Puzzle, number: int, seen: frozenset[int] = frozenset()) -> bool:
    """Whether step ``number`` (or a step it rests on) places an answer card outside the viewer's hand."""
    if number in seen or not 0 < number <= len(puzzle.explanation):
        return False
    step = puzzle.explanation[number - 1]
    hidden = {c for c in puzzle.expected if c not in puzzle.own_cards}
    if any(_fact_card(f) in hidden and f.get("holder") is not None for f in step.facts):
        return True
    return any(_places_answer(puzzle, used, seen | {number}) for used in step.uses_steps)


# -- hints --------------------------------------------------------------------------

def hint_for(puzzle: Puzzle, depth: Depth | str) -> Hint:
    """The hint at ``depth`` (a nudge or a clue: the full explanation is no hint, it comes with the answer); it
    never names an answer card's holder.

    The hints follow the first step of the explanation that takes thought (not
    a card simply seen) about a card of the question's set(s) (:func:`key_step`).
    The explainer's own nudge and clue are used when they are safe (:func:`gives_away`)
    and fit one line of :data:`HINT_WIDTH` columns; else the nudge points at the step's moves (up to three; a move that
    would place an answer card is given by its number only) and the clue asks the
    technique's question.

    >>> from puzzles.examples import example_claim
    >>> hint = hint_for(example_claim(), Depth.CLUE)
    >>> hint.depth.value, hint.technique, hint.card
    ('clue', 'ask inference', Card.parse('6D'))
    """
    depth = Depth(depth)
    if depth is Depth.FULL:
        raise ValueError("the full explanation is no hint: it is shown with the answer")
    number = key_step(puzzle)
    step = puzzle.explanation[number - 1] if number is not None else None
    written = _written(step, depth)
    technique = (step.technique if step else "") or (puzzle.techniques[0] if puzzle.techniques else "")
    level = puzzle.difficulty.name
    if written and not gives_away(written, puzzle) and len(f"{depth.value}: {written}") <= HINT_WIDTH:
        return Hint(depth, written=written, step=number)
    if depth is Depth.NUDGE:
        numbers = step.events[:3] if step else ()
        moves = tuple((n, None if (e := _event(puzzle, n)) is None or _places(e, puzzle) or _outside(e, puzzle)
                       else e) for n in numbers)
        if _eliminates([e for _, e in moves if e is not None], puzzle):  # together they leave one holder
            moves = tuple((n, None) for n, _ in moves)
        return Hint(depth, moves=moves, technique=technique, step=number)
    return Hint(depth, technique=technique, card=_focus_card(puzzle, step), techniques=tuple(puzzle.techniques),
                level=level, step=number)


def _written(step: Step | None, depth: Depth) -> Said | None:
    """The explainer's own words for a step at ``depth`` (``None``: it has none)."""
    if step is None:
        return None
    match depth:
        case Depth.NUDGE:
            return step.nudge_said
        case Depth.CLUE:
            return step.clue_said
        case Depth.FULL:
            return step.said
        case _:
            assert_never(depth)


def cited_moves(puzzle: Puzzle) -> frozenset[int]:
    """The moves a hint or a step of the explanation cites (a wrong holder's reason is a step's too): a history
    folded to fit a screen never folds these.

    >>> from puzzles.examples import example_claim
    >>> cited_moves(example_claim())
    frozenset({1})
    """
    cited = {n for step in puzzle.explanation for n in step.events}
    for depth in (Depth.NUDGE, Depth.CLUE):
        cited |= {n for n, _ in hint_for(puzzle, depth).moves}
    return frozenset(n for n in cited if 0 < n <= len(puzzle.game.events))


def cited_by(reply: QuizReply, puzzle: Puzzle) -> frozenset[int]:
    """The moves a reply points at: a hint's moves (or, when it is the explainer's own words, those of the step
    it leads to), and for each wrong holder the moves that rule it out (the step's own, when it is shown).

    >>> from puzzles.examples import example_claim
    >>> attempt = Attempt(example_claim())
    >>> cited_by(attempt.respond("hint"), example_claim()), cited_by(attempt.respond("help"), example_claim())
    (frozenset({1}), frozenset())
    """
    cited: set[int] = set()
    hint = reply.hint
    if hint is not None:
        cited |= {n for n, _ in hint.moves}
        if not hint.moves and hint.step is not None:
            cited |= set(puzzle.explanation[hint.step - 1].events)
    for ruled in reply.ruled:
        cited |= {n for n, _ in ruled.moves}
        if ruled.safe and ruled.step is not None:
            cited |= set(puzzle.explanation[ruled.step - 1].events)
    return frozenset(cited)


def gives_away(text: Said, puzzle: Puzzle) -> bool:
    """Whether a hint's words could tell an answer card's place: they name a card of the answer outside the
    viewer's hand (read from the sentence's card values, never its letters). A hint that names no such card
    cannot place one; one that does is replaced by a hint that points at moves or asks the technique's question.

    >>> from puzzles.examples import example_claim
    >>> gives_away(Said.of(Card.parse("6D"), " cannot be with Ann, Bob, Dan, Eve, Fay."), example_claim())
    True
    >>> gives_away(Said.of("Cat must hold another card of ", Card.parse("6D").half_suit, "."), example_claim())
    False
    """
    return bool(set(text.cards()) & {c for c in puzzle.expected if c not in puzzle.own_cards})


def _eliminates(events: Sequence[Event], puzzle: Puzzle) -> bool:
    """Whether ``events`` shown together name an answer card (outside the viewer's hand) and, among their players,
    its holder or every player but its holder and the viewer: read as a list, they could place it.

    >>> from puzzles.examples import example_claim
    >>> from trainer.game.events import Ask
    >>> c = Card.parse("6D")
    >>> _eliminates([Ask("Bob", "Dan", c, False), Ask("Eve", "Fay", c, False)], example_claim())
    True
    >>> _eliminates([Ask("Bob", "Dan", c, False)], example_claim()), _eliminates([Ask("Bob", "Cat", c, True)],
    ...                                                                          example_claim())
    (False, True)
    """
    named = {p for e in events for p in _players(e)}
    cards = {e.card for e in events if isinstance(e, Ask)} | {c for e in events if isinstance(e, Claim)
                                                             for c, _ in e.declared}
    return any(card in cards and (holder in named or set(puzzle.players) - {holder, puzzle.viewer} <= named)
               for card, holder in puzzle.expected.items() if card not in puzzle.own_cards)


def _players(event: Event) -> set[str]:
    if isinstance(event, Ask):
        return {event.asker, event.target}
    if isinstance(event, Claim):
        return {event.claimer, *(p for _, p in (*event.declared, *event.actual))}
    return {p for p in (event.player, event.to) if p}


def _places(event: Event, puzzle: Puzzle) -> bool:
    """Whether ``event`` names an answer card (outside the viewer's hand) beside the player who holds it.

    >>> from puzzles.examples import example_claim
    >>> from trainer.game.events import Ask
    >>> claim = example_claim()
    >>> no, yes = Ask("Cat", "Bob", Card.parse("3D"), False), Ask("Cat", "Ann", Card.parse("6D"), True)
    >>> _places(no, claim), _places(yes, claim)
    (False, True)
    """
    if isinstance(event, Ask):
        cards, players = {event.card}, {event.asker, event.target}
    elif isinstance(event, Claim):
        cards = {c for c, _ in (*event.declared, *event.actual)}
        players = {event.claimer, *(p for _, p in (*event.declared, *event.actual))}
    else:
        cards, players = set(), {p for p in (event.player, event.to) if p}
    return any(card in cards and holder in players
               for card, holder in puzzle.expected.items() if card not in puzzle.own_cards)


def key_step(puzzle: Puzzle) -> int | None:
    """The number (from 1) of the step the hints lead to: the first that takes thought (not a card simply seen)
    and whose facts are about a card of the question's set(s); else the first seen card of those sets; else the
    first step that takes thought (``None``: no explanation). A step about another set may come first in the
    explanation, as a premise; a first hint must lead into the question, not away from it.

    >>> from puzzles.examples import example_claim
    >>> key_step(example_claim())
    1
    """
    sets = {card.half_suit for card in puzzle.question.scope}
    steps = list(enumerate(puzzle.explanation, start=1))
    named = [(n, s) for n, s in steps if s.technique]
    about = [(n, s) for n, s in named if any((c := _fact_card(f)) is not None and c.half_suit in sets
                                             for f in s.facts)]
    thought = {n for n, s in named if s.technique != "seen" and s.kind != "seen"}
    for chosen in ([n for n, _ in about if n in thought], [n for n, _ in about],
                   [n for n, _ in named if n in thought], [n for n, _ in named], [n for n, _ in steps]):
        if chosen:
            return chosen[0]
    return None


def _outside(event: Event, puzzle: Puzzle) -> bool:
    """Whether ``event`` names a card of a set outside the question (a hint then gives its number only).

    >>> from puzzles.examples import example_claim
    >>> from trainer.game.events import Ask
    >>> _outside(Ask("Cat", "Bob", Card.parse("3D"), False), example_claim())
    False
    >>> _outside(Ask("Cat", "Bob", Card.parse("4H"), False), example_claim())
    True
    """
    halves = {card.half_suit for card in puzzle.question.scope}
    if isinstance(event, Ask):
        return event.card.half_suit not in halves
    if isinstance(event, Claim):
        return event.half_suit not in halves
    return False


def _focus_card(puzzle: Puzzle, step: Step | None) -> Card | None:
    cards = [c for c in puzzle.expected if c not in puzzle.own_cards]
    if step is not None:
        for fact in step.facts:
            for card in cards:
                if str(fact.get("card")) == str(card):
                    return card
    return cards[0] if cards else None


def _event(puzzle: Puzzle, number: int) -> Event | None:
    """Move ``number`` of the puzzle's history (``None`` when the history cannot be read or has no such move)."""
    try:
        events = puzzle.game.events
    except LiteratureError:
        return None
    return events[number - 1] if 0 < number <= len(events) else None


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
