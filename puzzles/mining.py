"""Mining a game for puzzles: the moments where a deduction has *just* become possible.

A puzzle is a **moment** of a game seen by one **viewer**: a position where a
deduction has just become possible (the viewer could not make it
:data:`FRESH_WINDOW` events before). :func:`moments` walks a game from a
viewer's side, solving every few events; :func:`questions_at` proposes the
questions of a moment; each candidate must pass the acceptance rule
(:func:`puzzles.acceptance.is_acceptable`: the only answer, not simply seen,
new), is explained and rated (:mod:`puzzles.difficulty`) and takes its id from
its canonical form (:mod:`puzzles.ids`), so a duplicate is found by id.

    >>> from trainer.game.notation import read_game
    >>> from trainer.game.cards import Card
    >>> game = read_game(EXAMPLES / "six-diamonds.lit")
    >>> found = list(mine_game(game, source={"kind": "file"}, window=1))
    >>> sorted((p.question.kind, p.level) for p in found)
    [('claim', 2), ('locate', 2)]
    >>> found[0].answer[Card.parse("6D")]
    'Cat'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from puzzles.acceptance import is_acceptable, is_fresh, is_readable, is_seen
from puzzles.difficulty import FIRST_STEP_EVENTS, explain_leveled, explanation_length
from puzzles.ids import canonical_form, canonical_id
from puzzles.ladder import solves
from puzzles.model import KINDS, LEVELS, RECALL, Puzzle, Question
from trainer.engine import Knowledge, solve
from trainer.engine.constraints import History
from trainer.engine.deadline import Deadline, TimeLimitError
from trainer.engine.passes import full_pass
from trainer.engine.solve import counting_model
from trainer.game.cards import Card, HalfSuit
from trainer.game.errors import LiteratureError
from trainer.game.events import Ask, Event
from trainer.game.notation import Game, write_game
from trainer.game.state import Setup

FRESH_WINDOW = 3
"""A deduction is fresh when the viewer could not make it this many events before."""

EIGHT_PLAYER_START = 36
"""Events after which 8-player games are mined (see :func:`first_probe`)."""

LATE_LEVELS = frozenset({4, 6})
"""Levels found late in a game (hands nearly known): searched from :data:`LATE_START` of the game on."""

LATE_START = 0.4
"""Share of a game's events before which hand counting and case analysis almost never occur."""


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
    """The candidate questions of a moment, with their answers (not yet checked or explained).

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
    until: int | None = None,
) -> Iterator[Puzzle]:
    """Puzzles of one game, viewer by viewer (default: every listed hand), moment by moment, in the
    part of the game where the wanted ``levels`` occur (:func:`search_range`), in its first ``share`` and
    its first ``until`` events.

    ``per_moment`` keeps at most that many puzzles of one moment (chosen with
    ``rng``), so a set of puzzles does not repeat one position. Memory claims
    come only with ``recall``; explanations longer than ``max_explanation`` are dropped.
    Raises :class:`TimeLimitError` once ``deadline`` has passed (checked before each
    probe and each question), saying how far it got.
    """
    filters = Filters(frozenset(kinds), frozenset(levels), recall, max_explanation)
    start, stop = search_range(filters.levels, game)
    stop = min(stop, round(len(game.events) * share), len(game.events) if until is None else until)
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


def _below(filters: Filters, setup: Setup, events: Sequence[Event], viewer: str, answer: dict[Card, str]) -> bool:
    """Whether the answer is certainly of a level below every level wanted (no memory claim wanted): the
    techniques of the level just below the lowest wanted place it, so its level is at most that one (the
    careful player's and level 3's, quicker, are tried first: most answers fall to them). A run focused on
    level 6 skips explaining and grading most candidates.

    >>> from trainer.game.notation import read_game
    >>> game = read_game(EXAMPLES / "six-diamonds.lit")
    >>> answer = {Card.parse("6D"): "Cat"}
    >>> _below(Filters(levels=frozenset({6})), game.setup, game.events, "Ann", answer)  # a level-2 answer
    True
    >>> _below(Filters(levels=frozenset({2, 6})), game.setup, game.events, "Ann", answer)
    False
    """
    lowest = min(filters.levels, default=1)
    if filters.recall or lowest <= 1:
        return False
    tries = sorted({min(2, lowest - 1), min(3, lowest - 1), lowest - 1})  # most answers fall to the cheap ones
    return any(solves(level, setup, events, viewer, answer) for level in tries)


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
        if not is_acceptable(k, moment.before, question, answer):
            continue
        if _below(filters, setup, events, viewer, answer):
            continue
        form = canonical_form(setup, events, viewer, question, answer)
        if form in seen:
            continue
        seen.add(form)
        found = explain_leveled(setup, events, viewer, question, answer, k)  # explained with its level's rungs
        if found is None:
            continue
        explained, difficulty = found
        if not filters.recall if difficulty.name == RECALL else difficulty.level not in filters.levels:
            continue
        puzzle = Puzzle.create(
            variant=setup.variant,
            viewer=viewer,
            log=write_game(Game(setup, events)),
            question=question,
            answer=answer,
            difficulty=difficulty,
            techniques=explained.techniques,
            explanation=explained.explanation,
            source=dict(source) | {"event": moment.at},
            id=canonical_id(form),
        )
        if filters.max_explanation is None or explanation_length(puzzle) < filters.max_explanation:
            yield puzzle

