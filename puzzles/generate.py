"""Mine puzzles with one provable answer from real game states.

A puzzle is a **moment** of a game seen by one **viewer**: a position where a
deduction has *just* become possible (the viewer could not make it
:data:`FRESH_WINDOW` events before) and the answer is not simply seen. Each
candidate passes three named predicates before it is graded:

- :func:`is_unique_answer`: the exact engine's integer counts put every answered
  card with exactly one player (and, for ``certain``, no other card of the set
  is forced), so no second answer exists;
- :func:`needs_deduction`: the answer is not simply seen (a card in the
  viewer's hand or one that moved face up in a hit is not a puzzle);
- :func:`is_fresh`: some answered card was not known a few events before.

The grade and explanation come from the explainer (:func:`grade_question`,
the one place that calls it). Duplicates are found by a canonical form under
renaming the players (seats counted from the viewer) and permuting the suits
(:func:`canonical_form`), which also gives the puzzle its ``id``.

    >>> from trainer.game.notation import read_game
    >>> game = read_game(EXAMPLES / "six-diamonds.lit")
    >>> found = list(mine_game(game, source={"kind": "file"}, window=1))
    >>> sorted((p.question.kind, p.level) for p in found)
    [('claim', 3), ('locate', 1)]
    >>> found[0].answer[Card.parse("6D")]
    'Cat'

Generation is deterministic for a seed: games are simulated from
``(seed, index)`` and mined in order, whatever the number of workers.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from puzzles.executor import MAX_IN_FLIGHT, ordered_map
from puzzles.model import KINDS, LEVELS, RECALL, Difficulty, Puzzle, Question, Step
from puzzles.variety import compatible, group_key
from trainer.engine import Knowledge, solve
from trainer.engine.constraints import History
from trainer.engine.counting import full_pass
from trainer.engine.deadline import Deadline, TimeLimitError
from trainer.engine.facts import Board
from trainer.engine.solve import counting_model
from trainer.explain.explanation import Explanation, backtrack, derive, explain, final_step, grade
from trainer.game.cards import SUITS, Card, HalfSuit
from trainer.game.errors import LiteratureError
from trainer.game.events import Ask, Claim, Event, Pass
from trainer.game.notation import Game, write_game
from trainer.game.state import Setup, State
from trainer.game.variants import Variant
from trainer.play import BotKind
from trainer.play.simulate import GameJob, new_table

FRESH_WINDOW = 3
"""A deduction is fresh when the viewer could not make it this many events before."""

EIGHT_PLAYER_START = 36
"""Events after which 8-player games are mined (see :func:`first_probe`)."""

BOT_PAIRS: tuple[tuple[BotKind, BotKind], ...] = (
    (BotKind.HUMAN, BotKind.BASIC),
    (BotKind.BASIC, BotKind.HUMAN),
    (BotKind.HUMAN, BotKind.HUMAN),
    (BotKind.BASIC, BotKind.BASIC),
)
"""Who plays the simulated games: bots that ask and claim like people do."""


RARE_LEVELS = {4: "hand counting", 6: "case analysis"}
"""Levels the mined games rarely give (few hands fill up; most forced cards have a human chain)."""

LATE_LEVELS = frozenset({4, 6})
"""Levels found late in a game (hands nearly known): searched from :data:`LATE_START` of the game on."""

LATE_START = 0.4
"""Share of a game's events before which hand counting and case analysis almost never occur."""

FIRST_STEP_EVENTS = 30
"""A level-1 *first step* is one step of elimination or ask inference in a history of at most this many
events ..."""

FIRST_STEP_CITED = 3
"""... resting on at most this many events."""

class GenerationError(LiteratureError):
    """A request the generator could not meet (it never answers with other puzzles instead)."""


# -- the acceptance rule ----------------------------------------------------------------


def is_unique_answer(knowledge: Knowledge, question: Question, answer: Mapping[Card, str]) -> bool:
    """Whether ``answer`` is the only answer to ``question`` the viewer can prove.

    Decided on exact integer counts: a card is placed only when every one of the
    ``knowledge.deals`` consistent deals puts it with that player and no deal
    puts it anywhere else. A ``claim`` must name only the viewer's team; a
    ``certain`` answer must name exactly the forced cards of the set.

    >>> from trainer.game.notation import read_game
    >>> k = solve(read_game(EXAMPLES / "six-diamonds.lit").setup.only("Ann"), read_game(
    ...     EXAMPLES / "six-diamonds.lit").events, "Ann")
    >>> is_unique_answer(k, Question.locate(["6D"]), {Card.parse("6D"): "Cat"})
    True
    >>> is_unique_answer(k, Question.locate(["6D"]), {Card.parse("6D"): "Eve"})
    False
    >>> is_unique_answer(k, Question.locate(["9C"]), {Card.parse("9C"): "Bob"})
    False
    """
    total = knowledge.deals
    if total <= 0 or knowledge.viewer is None:
        return False
    players = knowledge.setup.players
    in_play = set(knowledge.cards)
    scope = question.scope
    if any(card not in in_play for card in scope):
        return False

    def only(card: Card) -> str | None:
        counts = {p: knowledge.count(card, p) for p in players}
        if sum(counts.values()) != total:
            return None
        holders = [p for p, n in counts.items() if n]
        return holders[0] if len(holders) == 1 and counts[holders[0]] == total else None

    if question.kind == "certain":
        expected = {card: holder for card in scope if (holder := only(card)) is not None}
        return bool(expected) and dict(answer) == expected
    if set(answer) != set(scope):
        return False
    if any(only(card) != player for card, player in answer.items()):
        return False
    if question.kind == "claim":
        team = set(knowledge.setup.members(knowledge.setup.team(knowledge.viewer)))
        return all(player in team for player in answer.values())
    return question.kind == "locate"


def is_seen(state: State, viewer: str, card: Card) -> bool:
    """Whether ``viewer`` simply sees where ``card`` is: in their own hand, or moved face up in a hit."""
    return card in state.located or card in state.hands.get(viewer, ())


def needs_deduction(state: State, viewer: str, question: Question, answer: Mapping[Card, str]) -> bool:
    """Whether the answer takes more than a glance.

    ``locate``: no asked card is seen. ``certain``: some certain card is not seen.
    ``claim``: some card is not seen, or (a level-1 *memory* claim) at least one of
    the six moved to a teammate in a hit, so the claim rests on remembering the history.
    """
    hidden = [card for card in answer if not is_seen(state, viewer, card)]
    if question.kind == "locate":
        return len(hidden) == len(answer) > 0
    if question.kind == "certain":
        return bool(hidden)
    if hidden:
        return True
    teammates = [c for c, p in answer.items() if p != viewer and c in state.located]
    return len(teammates) >= 1


def is_fresh(before: Knowledge | None, answer: Mapping[Card, str]) -> bool:
    """Whether some answered card was not known (forced, or seen) in the position a few events before."""
    if before is None:
        return True
    in_play = set(before.cards)
    return any(card not in in_play or before.forced(card) != player for card, player in answer.items())


def is_readable(state: State, viewer: str) -> bool:
    """Whether the position does not give every answer away for a reason the question hides:
    at least two players besides the viewer still hold cards (with one left, every unseen card is theirs)."""
    others = [p for p in state.setup.players if p != viewer and state.sizes[p] > 0]
    return len(others) >= 2


# -- grading and explaining (the one place that calls the explainer) ------------------------


@dataclass(frozen=True)
class Graded:
    """What the explainer says about a puzzle's answer."""

    difficulty: Difficulty
    techniques: tuple[str, ...]
    explanation: tuple[Step, ...]


def reading_effort(history: int, cited: int) -> float:
    """What reading the position costs, added to the explainer's score: a hundredth per event of
    the history, a twentieth per event the explanation rests on.

    >>> reading_effort(40, 3), reading_effort(200, 10)
    (0.55, 2.5)
    """
    return round(history / 100 + cited / 20, 2)


def rate(graded: Graded, history: int) -> Difficulty:
    """The puzzle's difficulty from the explainer's grade and the reading effort.

    The level is the explainer's (its hardest technique), with two changes for
    puzzles: a single step of elimination or ask inference resting on at most
    :data:`FIRST_STEP_CITED` events of a history of at most :data:`FIRST_STEP_EVENTS`
    is level 1, *first step* (the easiest reading there is); a claim of
    six seen cards (a memory claim) is a **recall** drill, not a deduction, rated by
    how much history there is to remember (level 2 up to 40 events, 3 up to 120, else 4).
    The score adds :func:`reading_effort`.

    >>> step = Step("elimination", "Only Fay can hold 7D.", events=(1, 2))
    >>> rate(Graded(Difficulty(2, "elimination", 2.33), ("elimination",), (step,)), 12)
    Difficulty(level=1, name='first step', score=2.55)
    >>> rate(Graded(Difficulty(1, "seen", 1.17), ("seen",), (step,)), 150)
    Difficulty(level=4, name='recall', score=2.77)
    """
    base = graded.difficulty
    cited = {n for step in graded.explanation for n in step.events}
    score = round(base.score + reading_effort(history, len(cited)), 2)
    if base.level == 1:
        return Difficulty(2 if history <= 40 else 3 if history <= 120 else 4, RECALL, score)
    techniques = [s.technique for s in graded.explanation if s.technique]
    if (base.level in (2, 3) and len(techniques) == 1 and history <= FIRST_STEP_EVENTS
            and len(cited) <= FIRST_STEP_CITED):
        return Difficulty(1, "first step", score)
    return Difficulty(base.level, base.name, score)


def explanation_length(puzzle: Puzzle) -> int:
    """Characters of the explanation as a learner reads it (its steps' sentences)."""
    return sum(len(step.text) + 1 for step in puzzle.explanation)


def grade_question(
    setup: Setup, events: Sequence[Event], viewer: str, question: Question, answer: Mapping[Card, str],
    knowledge: Knowledge,
) -> Graded | None:
    """Grade and explain ``answer`` with the explainer; ``None`` if its human steps do not reach it.

    The explainer is checked against the exact answer: a chain that places a
    card elsewhere is rejected, never emitted.
    """
    cards = sorted(answer)
    found: Explanation | None
    if question.kind == "claim" and question.half_suit is not None:
        found = explain(setup, events, viewer, question.half_suit, knowledge)
    elif len(cards) == 1:
        found = explain(setup, events, viewer, cards[0], knowledge)
    else:
        found = _explain_cards(setup, events, viewer, cards, knowledge)
    if found is None or found.grade is None:
        return None
    if any(found.assignment.get(card) != player for card, player in answer.items()):
        return None
    records: Any = found.as_json()["steps"]
    steps = [
        Step.from_json(data | {"nudge": found.text(step, "nudge"), "clue": found.text(step, "clue")})
        for step, data in zip(found.steps, records, strict=True)
    ]
    if question.kind == "certain":
        steps.extend(_uncertain_notes(question, answer, knowledge))
    techniques = sorted({s.technique for s in found.steps}, key=lambda t: (t.level, t.label))
    return Graded(
        Difficulty(found.grade.level, found.grade.name, found.grade.score),
        tuple(t.label for t in techniques),
        tuple(steps),
    )


def _explain_cards(
    setup: Setup, events: Sequence[Event], viewer: str, cards: Sequence[Card], knowledge: Knowledge
) -> Explanation | None:
    """One explanation for several cards (the steps all of them rest on)."""
    board = Board.build(setup, events, viewer)
    mind = derive(board, knowledge, list(cards))
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
    return Explanation(" ".join(str(c) for c in cards), board, steps, grade(steps), assignment)


def _uncertain_notes(question: Question, answer: Mapping[Card, str], knowledge: Knowledge) -> list[Step]:
    """A closing step for a ``certain`` question: why the other cards of the set are not certain."""
    open_cards = [c for c in question.scope if c not in answer]
    if not open_cards:
        return []
    parts = []
    for card in open_cards:
        odds = knowledge.holders(card)
        names = sorted(odds, key=lambda p: (-odds[p], p))
        parts.append(f"{card} could be with " + ", ".join(f"{p} ({_percent(odds[p])})" for p in names))
    text = "The other cards are not certain: " + "; ".join(parts) + "."
    listed = " ".join(str(c) for c in open_cards)
    return [Step("", text, nudge="Not every card of the set can be placed.",
                 clue=f"{listed}: more than one player is still possible.")]


def _percent(value: Fraction) -> str:
    return f"{float(value) * 100:.0f}%"


def regrade(puzzle: Puzzle) -> Puzzle | None:
    """The puzzle graded and explained again by the current explainer (same id and answer);
    ``None`` when the explainer's steps no longer reach the answer."""
    game = puzzle.game
    knowledge = solve(game.setup, game.events, puzzle.viewer)
    graded = grade_question(game.setup, game.events, puzzle.viewer, puzzle.question, puzzle.answer, knowledge)
    if graded is None:
        return None
    return Puzzle.create(variant=puzzle.variant, viewer=puzzle.viewer, log=puzzle.log, question=puzzle.question,
                         answer=puzzle.answer, difficulty=rate(graded, len(game.events)),
                         techniques=graded.techniques, explanation=graded.explanation, source=puzzle.source,
                         id=puzzle.id)


# -- canonical form -----------------------------------------------------------------------


_SUIT_ORDERS = tuple(itertools.permutations(SUITS))


def canonical_form(
    setup: Setup, events: Sequence[Event], viewer: str, question: Question, answer: Mapping[Card, str]
) -> str:
    """A text that is the same for two puzzles exactly when one is the other with players renamed
    (seats counted clockwise from the viewer) and suits permuted.

    >>> from trainer.game.notation import parse_game
    >>> one = parse_game("variant: classic\\nplayers: Ann Bob Cat Dan Eve Fay\\nhand Ann: 2D 3D 4D 5D 7D 9S JS KH\\n"
    ...                  "Ann asks Bob for 6D: no")
    >>> two = parse_game("variant: classic\\nplayers: Zoe Ann Yan Xi Wu Vic\\ndealer: Zoe\\n"
    ...                  "hand Zoe: 2H 3H 4H 5H 7H 9C JC KS\\nZoe asks Ann for 6H: no")
    >>> canonical_form(one.setup, one.events, "Ann", Question.locate(["6D"]), {Card.parse("6D"): "Cat"}) == \\
    ...     canonical_form(two.setup, two.events, "Zoe", Question.locate(["6H"]), {Card.parse("6H"): "Yan"})
    True
    """
    seats = setup.players
    start = seats.index(viewer)
    seat = {p: str((i - start) % len(seats)) for i, p in enumerate(seats)}
    hand = sorted(setup.hands.get(viewer, ()))
    forms = []
    for order in _SUIT_ORDERS:
        swap = dict(zip(SUITS, order, strict=True))

        def card(c: Card, swap: dict[str, str] = swap) -> str:
            return c.code if c.suit is None else c.rank + swap[c.suit]

        def half(h: HalfSuit, swap: dict[str, str] = swap) -> str:
            return h.code if h.code == "8J" else h.code[0] + swap[h.code[1]]

        parts = [setup.variant.value, str(len(seats)), seat[setup.dealer], " ".join(sorted(card(c) for c in hand))]
        for event in events:
            if isinstance(event, Ask):
                parts.append(f"a{seat[event.asker]},{seat[event.target]},{card(event.card)},{int(event.hit)}")
            elif isinstance(event, Claim):
                declared = " ".join(sorted(f"{card(c)}={seat[p]}" for c, p in event.declared))
                actual = " ".join(sorted(f"{card(c)}={seat[p]}" for c, p in event.actual))
                kind = "o" if event.out_of_turn else "c"  # an out-of-turn claim scores differently
                parts.append(f"{kind}{seat[event.claimer]},{half(event.half_suit)},{declared},{actual}")
            elif isinstance(event, Pass):
                parts.append(f"p{'' if event.player is None else seat[event.player]},{seat[event.to]}")
        if question.half_suit is not None:
            parts.append(f"{question.kind}:{half(question.half_suit)}")
        else:
            parts.append(f"{question.kind}:" + " ".join(sorted(card(c) for c in question.cards)))
        parts.append(" ".join(sorted(f"{card(c)}={seat[p]}" for c, p in answer.items())))
        forms.append("|".join(parts))
    return min(forms)


def canonical_id(form: str) -> str:
    """The puzzle id derived from a canonical form: ``p-`` and 12 hex digits."""
    return "p-" + hashlib.sha256(form.encode()).hexdigest()[:12]


def canonical_key(puzzle: Puzzle) -> str:
    """The canonical form of a stored puzzle (replays its log)."""
    game = puzzle.game
    return canonical_form(game.setup, game.events, puzzle.viewer, puzzle.question, puzzle.answer)


# -- mining ---------------------------------------------------------------------------------


@dataclass
class Moment:
    """A position seen by one viewer, with the exact knowledge now and a few events before."""

    setup: Setup
    events: tuple[Event, ...]
    viewer: str
    at: int
    now: Knowledge
    before: Knowledge | None


def questions_at(moment: Moment) -> Iterator[tuple[Question, dict[Card, str]]]:
    """The candidate questions of a moment, with their answers (not yet checked or graded).

    For each set with a card that just became certain: each such card alone
    (``locate``), those cards together when there are several, then either the
    claim (all six on the viewer's team) or which cards of the set are certain.
    Then claims that just became possible from cards seen in hits (memory claims).
    """
    k, before, viewer = moment.now, moment.before, moment.viewer
    state = k.state
    team = k.setup.team(viewer)
    claimable = k.claimable(team)
    fresh: dict[HalfSuit, list[Card]] = {}
    for card in k.cards:
        holder = k.forced(card)
        if holder is None or is_seen(state, viewer, card):
            continue
        if before is not None and before.forced(card) == holder:
            continue
        fresh.setdefault(card.half_suit, []).append(card)
    for half in sorted(fresh):
        cards = fresh[half]
        for card in cards:
            yield Question.locate([card]), {card: k.forced(card) or ""}
        if len(cards) > 1:
            chosen = cards[:3]
            yield Question.locate(chosen), {c: k.forced(c) or "" for c in chosen}
        if half in claimable:
            yield Question.claim(half), dict(claimable[half])
        else:
            certain = {c: h for c in half.cards if (h := k.forced(c)) is not None}
            yield Question.certain(half), certain
    for half in sorted(claimable):
        if half not in fresh and is_fresh(before, claimable[half]):
            yield Question.claim(half), dict(claimable[half])


def first_probe(game: Game) -> int:
    """The first event worth solving at: in 8-player games, exact counting is slow (seconds per
    position) while few cards are known, and almost nothing can be forced yet, so mining starts later.

    >>> from trainer.game.state import Setup
    >>> first_probe(Game(Setup.create("classic", "A B C D E F".split()))), first_probe(
    ...     Game(Setup.create("classic", "A B C D E F G H".split())))
    (0, 36)
    """
    return EIGHT_PLAYER_START if len(game.setup.players) == 8 else 0


def search_range(levels: Iterable[int], game: Game) -> tuple[int, int]:
    """The events of ``game`` where puzzles of ``levels`` occur: first steps only in the first
    :data:`FIRST_STEP_EVENTS`; hand counting and case analysis only from :data:`LATE_START` of
    the game on; else from :func:`first_probe`. Searching where a level occurs is what makes
    rare levels cheap.

    >>> from trainer.game.notation import read_game
    >>> game = read_game(EXAMPLES / "complete-classic-6p.lit")
    >>> len(game.events), search_range([1], game), search_range([4, 6], game), search_range([2, 6], game)
    (271, (0, 30), (108, 271), (0, 271))
    """
    wanted = set(levels)
    length = len(game.events)
    if wanted == {1}:
        return 0, FIRST_STEP_EVENTS
    start = int(length * LATE_START) if wanted and wanted <= LATE_LEVELS else 0
    return max(start, first_probe(game)), length


def moments(game: Game, viewer: str, window: int = FRESH_WINDOW, start: int | None = None,
            stop: int | None = None, deadline: Deadline | None = None) -> Iterator[Moment]:
    """Every ``window``-th position of ``game`` from ``viewer``'s side (one exact solve each), from
    event ``start`` to ``stop`` (:func:`search_range` chooses them for the levels wanted).

    The probes are shared: a moment's ``before`` is the previous probe. Raises
    :class:`TimeLimitError` (``event`` set) before a probe once ``deadline`` has passed.
    """
    setup = game.setup.only(viewer)
    n = len(game.events) if stop is None else min(stop, len(game.events))
    start = first_probe(game) if start is None else start
    at = max(0, start - window)
    before: Knowledge | None = None
    history: History | None = None  # replayed once, up to ``at``: each probe costs its position, not its length
    facts, last = (-1, -1, -1), at
    while True:
        _check(deadline, at, game)
        history = _replayed(setup, game.events, viewer, history, at)
        quiet = all(isinstance(e, Ask) and not e.hit for e in game.events[last:at])
        if before is not None and quiet and history.facts == facts:
            now = before  # no fact and no card moved since the last probe: nothing new is certain, no puzzle
        else:
            facts = history.facts
            now = _knowledge(history.copy(), setup, game.events[:at], viewer)
            if at > start and not now.state.over:
                yield Moment(setup, game.events[:at], viewer, at, now, before)
        if at >= n:
            return
        before, last = now, at
        at = min(n, at + window)


def _check(deadline: Deadline | None, at: int, game: Game) -> None:
    """Stop with a :class:`TimeLimitError` saying how far the work got, once ``deadline`` has passed."""
    if deadline is not None and deadline.passed():
        raise TimeLimitError(f"at event {at:,} of {len(game.events):,}", event=at)


def _replayed(setup: Setup, events: Sequence[Event], viewer: str, history: History | None, at: int) -> History:
    """``history`` (``None``: none yet) taken on to ``events[:at]``; an impossible history is reported as
    :func:`trainer.engine.solve` reports it (the first event after which no deal fits)."""
    try:
        if history is None:
            history = History.build(setup, (), viewer)
        for index in range(len(history.state.events) + 1, at + 1):
            history.observe(events[index - 1], index)
    except LiteratureError:
        solve(setup, events[:at], viewer)  # raises, naming the first impossible event
        raise
    return history


def _knowledge(history: History, setup: Setup, events: Sequence[Event], viewer: str) -> Knowledge:
    """What ``history`` proves: the same as ``solve(setup, events, viewer)`` on the history already replayed."""
    model = counting_model(history)
    passes = full_pass(model.problem)
    deals = passes.total * model.plain_ways
    if deals == 0:
        return solve(setup, events, viewer)  # raises, naming the first impossible event
    return Knowledge(history, model, deals, passes)


@dataclass(frozen=True)
class Filters:
    """What a mined puzzle must be besides right: its kinds and levels, whether memory claims (the
    recall drill) are wanted, and the longest explanation kept (characters; ``None``: any)."""

    kinds: frozenset[str] = frozenset(KINDS)
    levels: frozenset[int] = frozenset(LEVELS)
    recall: bool = False
    max_explanation: int | None = None


def mine_game(
    game: Game,
    *,
    source: Mapping[str, Any],
    viewers: Sequence[str] | None = None,
    kinds: Iterable[str] = KINDS,
    levels: Iterable[int] = LEVELS,
    window: int = FRESH_WINDOW,
    per_moment: int | None = None,
    rng: random.Random | None = None,
    recall: bool = False,
    max_explanation: int | None = None,
    share: float = 1.0,
    deadline: Deadline | None = None,
) -> Iterator[Puzzle]:
    """Puzzles of one game, viewer by viewer (default: every listed hand), moment by moment, in the
    part of the game where the wanted ``levels`` occur (:func:`search_range`) and in its first ``share``.

    ``per_moment`` keeps at most that many puzzles of one moment (chosen with
    ``rng``), so a set of puzzles does not repeat one position. Memory claims
    come only with ``recall``; explanations longer than ``max_explanation`` are dropped.
    Raises :class:`TimeLimitError` once ``deadline`` has passed (checked before each
    probe and each question), saying how far it got.
    """
    filters = Filters(frozenset(kinds), frozenset(levels), recall, max_explanation)
    start, stop = search_range(filters.levels, game)
    stop = min(stop, round(len(game.events) * share))
    seats = viewers if viewers is not None else [p for p in game.setup.players if p in game.setup.hands]
    for number, viewer in enumerate(seats, start=1):
        try:
            for moment in moments(game, viewer, window, start, stop, deadline):
                found = list(_puzzles_at(moment, filters, source, game, deadline))
                if per_moment is not None and len(found) > per_moment:
                    found = (rng or random.Random(0)).sample(found, per_moment)
                yield from found
        except TimeLimitError as error:
            raise TimeLimitError(f"{error.message} as {viewer} (viewer {number} of {len(seats)})",
                                 event=error.event) from None


def _puzzles_at(
    moment: Moment, filters: Filters, source: Mapping[str, Any], game: Game, deadline: Deadline | None
) -> Iterator[Puzzle]:
    k, viewer = moment.now, moment.viewer
    setup, events = k.setup, moment.events
    if not is_readable(k.state, viewer):
        return
    seen: set[str] = set()
    for question, answer in questions_at(moment):
        if question.kind not in filters.kinds:
            continue
        _check(deadline, moment.at, game)
        if not (is_unique_answer(k, question, answer) and needs_deduction(k.state, viewer, question, answer)
                and is_fresh(moment.before, answer)):
            continue
        form = canonical_form(setup, events, viewer, question, answer)
        if form in seen:
            continue
        seen.add(form)
        graded = grade_question(setup, events, viewer, question, answer, k)
        if graded is None:
            continue
        difficulty = rate(graded, len(events))
        if difficulty.level not in filters.levels or (difficulty.name == RECALL and not filters.recall):
            continue
        puzzle = Puzzle.create(
            variant=setup.variant,
            viewer=viewer,
            log=write_game(Game(setup, events)),
            question=question,
            answer=answer,
            difficulty=difficulty,
            techniques=graded.techniques,
            explanation=graded.explanation,
            source=dict(source) | {"event": moment.at},
            id=canonical_id(form),
        )
        if filters.max_explanation is None or explanation_length(puzzle) < filters.max_explanation:
            yield puzzle


# -- requests -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Request:
    """What to generate. ``levels``, ``kinds``, ``variants`` and ``players`` are the allowed values.

    ``count`` is spread evenly over ``levels`` (:meth:`quotas`); ``per_game`` puzzles
    at most come from one game (default 1: no two puzzles of a set share a game,
    so none can give another's answer away).

    >>> Request(count=10).quotas()
    {1: 2, 2: 2, 3: 2, 4: 1, 5: 2, 6: 1}
    >>> Request(count=3, levels=(3,)).quotas()
    {3: 3}
    """

    count: int = 20
    seed: int = 0
    levels: tuple[int, ...] = tuple(LEVELS)
    kinds: tuple[str, ...] = KINDS
    variants: tuple[Variant, ...] = (Variant.CLASSIC, Variant.FISH54)
    players: tuple[int, ...] = (6, 8)
    per_game: int = 1
    per_moment: int | None = None
    max_games: int | None = None
    recall: bool = False
    max_explanation: int | None = None

    def __post_init__(self) -> None:
        if self.count < 1:
            raise GenerationError(f"--count must be at least 1, not {self.count}")
        bad = [level for level in self.levels if level not in LEVELS]
        if bad or not self.levels:
            raise GenerationError(f"levels must be from 1 to 6, not {bad or 'none'}")
        unknown = [kind for kind in self.kinds if kind not in KINDS]
        if unknown or not self.kinds:
            raise GenerationError(f"unknown kind {unknown[0] if unknown else 'none'!r} (kinds: {', '.join(KINDS)})")
        if not self.players or any(n not in (6, 8) for n in self.players):
            raise GenerationError("a game has 6 or 8 players")
        if self.per_game < 1:
            raise GenerationError(f"at least one puzzle per game, not {self.per_game}")

    def quotas(self) -> dict[int, int]:
        """How many puzzles of each level: ``count`` spread evenly, the odd ones to common levels first."""
        order = sorted(set(self.levels), key=lambda level: (level in RARE_LEVELS, level))
        base, extra = divmod(self.count, len(order))
        return {level: base + (i < extra) for i, level in sorted(enumerate(order), key=lambda x: x[1])}

    @property
    def game_budget(self) -> int:
        """How many games to mine before giving up."""
        if self.max_games is not None:
            return self.max_games
        games = -(-self.count // self.per_game)
        rare = 12 if set(self.levels) <= set(RARE_LEVELS) else 6
        return max(40, games * rare)

    def describe(self) -> str:
        """The request in words, for messages."""
        levels = sorted(self.levels)
        if levels == list(LEVELS):
            what = "puzzles"
        elif len(levels) == 1:
            what = f"level-{levels[0]} puzzles"
        else:
            what = f"puzzles of levels {levels[0]}-{levels[-1]}" if levels == list(range(levels[0], levels[-1] + 1)) \
                else f"puzzles of levels {', '.join(map(str, levels))}"
        if tuple(self.kinds) != KINDS:
            what += f" ({'/'.join(self.kinds)})"
        return what


@dataclass(frozen=True)
class GameSpec:
    """One simulated game of a request: everything that decides it and what to mine from it.

    ``levels`` are the levels still wanted when the game was handed out; the game
    gives at most ``per_level`` puzzles of each, searched where they occur, from
    ``viewers`` seats at most, every ``window`` events, in the first ``share`` of the game.
    """

    seed: int
    index: int
    variant: Variant
    players: int
    team1: BotKind
    team2: BotKind
    kinds: tuple[str, ...]
    levels: tuple[int, ...]
    per_level: int
    per_moment: int | None
    recall: bool = False
    max_explanation: int | None = None
    viewers: int | None = None
    window: int = FRESH_WINDOW
    share: float = 1.0

    @classmethod
    def of(cls, request: Request, index: int, levels: Iterable[int] | None = None) -> GameSpec:
        """The ``index``-th game of ``request`` (chosen from the seed and index only), mined for ``levels``."""
        rng = random.Random(f"generate:{request.seed}:{index}")
        variant = rng.choice(request.variants)
        players = rng.choice(request.players)
        team1, team2 = rng.choice(BOT_PAIRS)
        wanted = tuple(sorted(request.levels if levels is None else levels))
        return cls(request.seed, index, variant, players, team1, team2, request.kinds, wanted,
                   request.per_game, request.per_moment, request.recall, request.max_explanation)

    def source(self) -> dict[str, Any]:
        """The record's ``source``: how to play this game again."""
        return {"kind": "simulated", "seed": self.seed, "game": self.index, "variant": self.variant.value,
                "players": self.players, "bots": [self.team1.value, self.team2.value]}

    def play(self) -> Game:
        """The simulated game (the same for the same spec)."""
        return new_table(GameJob(self.index, self.seed, self.variant, self.players, self.team1, self.team2)).play()


def mine_spec(spec: GameSpec) -> list[Puzzle]:
    """Simulate one game and mine it (runs in a worker process): at most ``per_level`` puzzles of each
    of ``spec.levels``, viewer after viewer (in an order drawn from the seed), each searched only in
    the part of the game where the levels still wanted occur."""
    return mine_played(spec, spec.play())


def mine_played(spec: GameSpec, game: Game) -> list[Puzzle]:
    """:func:`mine_spec` on a game already played."""
    rng = random.Random(f"mine:{spec.seed}:{spec.index}")
    viewers = list(game.setup.players)
    rng.shuffle(viewers)
    if spec.viewers is not None:
        viewers = viewers[: spec.viewers]
    found: list[Puzzle] = []
    ids: set[str] = set()
    taken = dict.fromkeys(spec.levels, 0)
    for viewer in viewers:
        wanted = [level for level, n in taken.items() if n < spec.per_level]
        if not wanted:
            break
        mined = mine_game(game, source=spec.source(), viewers=[viewer], kinds=spec.kinds, levels=wanted,
                          window=spec.window, per_moment=spec.per_moment, rng=rng, recall=spec.recall,
                          max_explanation=spec.max_explanation, share=spec.share)
        for puzzle in mined:
            if puzzle.id in ids or taken[puzzle.level] >= spec.per_level:
                continue
            ids.add(puzzle.id)
            found.append(puzzle)
            taken[puzzle.level] += 1
            if all(n >= spec.per_level for n in taken.values()):
                break
    return found


@dataclass
class Tally:
    """What a run did: games mined, candidates found, puzzles kept (for progress and benchmarks)."""

    games: int = 0
    found: int = 0
    duplicates: int = 0
    kept: int = 0
    levels: dict[int, int] = field(default_factory=dict)


def generate(
    request: Request,
    *,
    workers: int = 1,
    executor: Executor | None = None,
    on_puzzle: Callable[[Puzzle, Tally], None] | None = None,
    tally: Tally | None = None,
) -> list[Puzzle]:
    """Exactly ``request.count`` unique puzzles, spread over the levels (:meth:`Request.quotas`),
    at most ``per_game`` from one game and one per game moment and set; or
    :class:`GenerationError` saying what was found.

    Generation is stratified: each game is handed out to find one level still
    missing (in turn over the missing puzzles, as known
    :data:`~puzzles.executor.MAX_IN_FLIGHT` games earlier, so the result depends
    only on the request, not on ``workers``) and searched only where that level
    occurs. The puzzles come sorted by level, easiest first.
    """
    tally = tally if tally is not None else Tally()
    quotas = request.quotas()
    kept: list[Puzzle] = []
    ids: set[str] = set()
    groups: set[str] = set()
    wanted_after: list[tuple[int, ...]] = [_wanted(quotas)]

    def specs() -> Iterator[GameSpec]:
        for index in range(request.game_budget):
            wanted = wanted_after[max(0, index - MAX_IN_FLIGHT)]
            if wanted:
                yield GameSpec.of(request, index, (wanted[index % len(wanted)],))

    for found in ordered_map(mine_spec, specs(), workers=workers, executor=executor):
        tally.games += 1
        from_game = 0
        for puzzle in found:
            tally.found += 1
            group = group_key(puzzle)
            if puzzle.id in ids or group in groups:
                tally.duplicates += 1
                continue
            if quotas[puzzle.level] <= 0 or from_game >= request.per_game:
                continue
            ids.add(puzzle.id)
            groups.add(group)
            quotas[puzzle.level] -= 1
            from_game += 1
            kept.append(puzzle)
            tally.kept += 1
            tally.levels[puzzle.level] = tally.levels.get(puzzle.level, 0) + 1
            if on_puzzle is not None:
                on_puzzle(puzzle, tally)
        if len(kept) == request.count:
            return sorted(kept, key=lambda p: p.level)
        wanted_after.append(_wanted(quotas))
    missing = ", ".join(f"level {level}: {n}" for level, n in sorted(quotas.items()) if n > 0)
    raise GenerationError(
        f"found only {len(kept)} of {request.count} {request.describe()} in {tally.games} simulated games "
        f"(still missing {missing}); " + _rarity_hint(request)
    )


def _wanted(quotas: Mapping[int, int]) -> tuple[int, ...]:
    """Each missing puzzle's level, once per puzzle: the target of game ``i`` is entry ``i`` modulo the length.

    >>> _wanted({1: 2, 3: 0, 6: 1})
    (1, 1, 6)
    """
    return tuple(level for level, n in sorted(quotas.items()) for _ in range(max(0, n)))


def _rarity_hint(request: Request) -> str:
    rare = sorted(set(request.levels) & set(RARE_LEVELS))
    if rare and len(request.levels) <= 2:
        names = ", ".join(f"{level} ({RARE_LEVELS[level]})" for level in rare)
        return f"level {names} puzzles are rare: ask for fewer, or widen --min-level/--max-level"
    return "ask for fewer puzzles, or widen the levels or kinds"


def generate_from_game(
    game: Game, request: Request, path: str | None = None, deadline: Deadline | None = None
) -> list[Puzzle]:
    """Exactly ``request.count`` puzzles from one game (a user's log; every listed hand is a viewer):
    one per game moment and set, and none whose answer or explanation gives another's answer away.

    Once ``deadline`` has passed the mining stops with a :class:`TimeLimitError` saying how far it got:

    >>> from trainer.game.notation import read_game
    >>> ticks = iter(range(1000))  # a clock that moves one second each time it is read
    >>> game = read_game(EXAMPLES / "complete-classic-6p.lit")
    >>> deadline = Deadline.after(30, clock=lambda: next(ticks))
    >>> generate_from_game(game, Request(count=50), game.path, deadline)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    trainer.engine.deadline.TimeLimitError: .../complete-classic-6p.lit: the mining stopped at its time \
limit of 30 s, at event 66 of 271 as Ann (viewer 1 of 6), with 1 of 50 puzzles found; give --time-limit more \
seconds, or 0 for none (see docs/commands.md)
    """
    viewers = [p for p in game.setup.players if p in game.setup.hands]
    if not viewers:
        raise GenerationError("the game lists no hand, so there is no viewer to mine it for", path=path)
    source = {"kind": "file", "file": os.path.basename(path) if path else "game"}
    kept: list[Puzzle] = []
    rng = random.Random(f"from:{request.seed}")
    mined = mine_game(game, source=source, viewers=viewers, kinds=request.kinds, levels=request.levels,
                      per_moment=request.per_moment, rng=rng, recall=request.recall,
                      max_explanation=request.max_explanation, deadline=deadline)
    try:
        for puzzle in mined:
            if any(p.id == puzzle.id for p in kept) or not compatible(puzzle, kept, same_game=True):
                continue
            kept.append(puzzle)
            if len(kept) == request.count:
                return sorted(kept, key=lambda p: p.level)
    except TimeLimitError as error:
        assert deadline is not None
        raise TimeLimitError(
            f"the mining stopped at its time limit of {deadline.seconds:g} s, {error.message}, with {len(kept)} of "
            f"{request.count} puzzles found; give --time-limit more seconds, or 0 for none (see docs/commands.md)",
            path=path,
            event=error.event,
        ) from None
    raise GenerationError(
        f"found only {len(kept)} of {request.count} {request.describe()} in this game "
        f"(seen as {', '.join(viewers)}, one per moment and set, none giving another away); "
        f"ask for --count {len(kept)} or fewer" if kept else
        f"found no {request.describe()} in this game (seen as {', '.join(viewers)})",
        path=path,
    )


def mine_games(
    request: Request, *, workers: int = 1, executor: Executor | None = None, first: int = 0
) -> Iterator[list[Puzzle]]:
    """The puzzles of each game of ``request`` in index order (up to its game budget), mined in
    ``workers`` processes (or ``executor``) when asked; the same lists whatever the number of workers."""
    specs = (GameSpec.of(request, i) for i in range(first, request.game_budget))
    yield from ordered_map(mine_spec, specs, workers=workers, executor=executor)
