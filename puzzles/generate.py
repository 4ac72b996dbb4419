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
    >>> game = read_game("tests/data/six-diamonds.lit")
    >>> found = list(mine_game(game, source={"kind": "file"}, window=1))
    >>> sorted((p.question.kind, p.level) for p in found)
    [('claim', 3), ('locate', 3)]
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
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from puzzles.model import KINDS, LEVELS, Difficulty, Puzzle, Question, Step
from trainer.game.cards import SUITS, Card, HalfSuit
from trainer.game.errors import LiteratureError
from trainer.game.events import Ask, Claim, Event, Pass
from trainer.game.notation import Game, write_game
from trainer.game.state import Setup, State
from trainer.game.variants import Variant
from trainer.knowledge import Knowledge, solve
from trainer.knowledge.explain import Explanation, backtrack, derive, explain, final_step, grade
from trainer.knowledge.facts import Board
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


RARE_LEVELS = {1: "memory claims", 4: "hand counting", 6: "case analysis"}
"""Levels the mined games rarely give (bots claim as soon as a set is seen; few hands fill up)."""


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
    >>> k = solve(read_game("tests/data/six-diamonds.lit").setup.only("Ann"), read_game(
    ...     "tests/data/six-diamonds.lit").events, "Ann")
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


# -- grading and explaining (the one place that calls the explainer) ------------------------


@dataclass(frozen=True)
class Graded:
    """What the explainer says about a puzzle's answer."""

    difficulty: Difficulty
    techniques: tuple[str, ...]
    explanation: tuple[Step, ...]


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


def moments(game: Game, viewer: str, window: int = FRESH_WINDOW) -> Iterator[Moment]:
    """Every ``window``-th position of ``game`` from ``viewer``'s side (one exact solve each).

    The probes are shared: a moment's ``before`` is the previous probe.
    """
    setup = game.setup.only(viewer)
    n = len(game.events)
    start = first_probe(game)
    at = max(0, start - window)
    before: Knowledge | None = None
    while True:
        now = solve(setup, game.events[:at], viewer)
        if at > start and not now.state.over:
            yield Moment(setup, game.events[:at], viewer, at, now, before)
        if at >= n:
            return
        before = now
        at = min(n, at + window)


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
) -> Iterator[Puzzle]:
    """Puzzles of one game, viewer by viewer (default: every listed hand), moment by moment.

    ``per_moment`` keeps at most that many puzzles of one moment (chosen with
    ``rng``), so a set of puzzles does not repeat one position.
    """
    wanted_kinds = set(kinds)
    wanted_levels = set(levels)
    for viewer in viewers if viewers is not None else [p for p in game.setup.players if p in game.setup.hands]:
        for moment in moments(game, viewer, window):
            found = list(_puzzles_at(moment, wanted_kinds, wanted_levels, source))
            if per_moment is not None and len(found) > per_moment:
                found = (rng or random.Random(0)).sample(found, per_moment)
            yield from found


def _puzzles_at(moment: Moment, kinds: set[str], levels: set[int], source: Mapping[str, Any]) -> Iterator[Puzzle]:
    k, viewer = moment.now, moment.viewer
    setup, events = k.setup, moment.events
    seen: set[str] = set()
    for question, answer in questions_at(moment):
        if question.kind not in kinds:
            continue
        if not (is_unique_answer(k, question, answer) and needs_deduction(k.state, viewer, question, answer)
                and is_fresh(moment.before, answer)):
            continue
        form = canonical_form(setup, events, viewer, question, answer)
        if form in seen:
            continue
        seen.add(form)
        graded = grade_question(setup, events, viewer, question, answer, k)
        if graded is None or graded.difficulty.level not in levels:
            continue
        yield Puzzle.create(
            variant=setup.variant,
            viewer=viewer,
            log=write_game(Game(setup, events)),
            question=question,
            answer=answer,
            difficulty=graded.difficulty,
            techniques=graded.techniques,
            explanation=graded.explanation,
            source=dict(source) | {"event": moment.at},
            id=canonical_id(form),
        )


# -- requests -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Request:
    """What to generate. ``levels``, ``kinds``, ``variants`` and ``players`` are the allowed values."""

    count: int = 20
    seed: int = 0
    levels: tuple[int, ...] = tuple(LEVELS)
    kinds: tuple[str, ...] = KINDS
    variants: tuple[Variant, ...] = (Variant.CLASSIC, Variant.FISH54)
    players: tuple[int, ...] = (6, 8)
    per_game: int | None = 10
    per_moment: int | None = None
    max_games: int | None = None

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

    @property
    def game_budget(self) -> int:
        """How many games to mine before giving up."""
        if self.max_games is not None:
            return self.max_games
        rare = 40 if set(self.levels) <= set(RARE_LEVELS) else 4
        return max(40, self.count * rare)

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
    """One simulated game of a request: everything that decides it and what to mine."""

    seed: int
    index: int
    variant: Variant
    players: int
    team1: BotKind
    team2: BotKind
    kinds: tuple[str, ...]
    levels: tuple[int, ...]
    per_game: int | None
    per_moment: int | None

    @classmethod
    def of(cls, request: Request, index: int) -> GameSpec:
        """The ``index``-th game of ``request`` (chosen from the seed and index only)."""
        rng = random.Random(f"generate:{request.seed}:{index}")
        variant = rng.choice(request.variants)
        players = rng.choice(request.players)
        team1, team2 = rng.choice(BOT_PAIRS)
        return cls(request.seed, index, variant, players, team1, team2, request.kinds, request.levels,
                   request.per_game, request.per_moment)

    def source(self) -> dict[str, Any]:
        """The record's ``source``: how to play this game again."""
        return {"kind": "simulated", "seed": self.seed, "game": self.index, "variant": self.variant.value,
                "players": self.players, "bots": [self.team1.value, self.team2.value]}


def mine_spec(spec: GameSpec) -> list[Puzzle]:
    """Simulate one game and mine it (runs in a worker process); at most ``per_game`` puzzles."""
    job = GameJob(spec.index, spec.seed, spec.variant, spec.players, spec.team1, spec.team2)
    game = new_table(job).play()
    rng = random.Random(f"mine:{spec.seed}:{spec.index}")
    viewers = list(game.setup.players)
    rng.shuffle(viewers)
    found: list[Puzzle] = []
    ids: set[str] = set()
    mined = mine_game(game, source=spec.source(), viewers=viewers, kinds=spec.kinds, levels=spec.levels,
                      per_moment=spec.per_moment, rng=rng)
    for puzzle in mined:
        if puzzle.id not in ids:
            ids.add(puzzle.id)
            found.append(puzzle)
            if spec.per_game is not None and len(found) >= spec.per_game:
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
    """Exactly ``request.count`` unique puzzles, or :class:`GenerationError` saying what was found.

    Games are mined in index order and their puzzles kept in that order, so the
    result depends only on the request (not on ``workers``).
    """
    tally = tally if tally is not None else Tally()
    kept: list[Puzzle] = []
    ids: set[str] = set()
    for found in mine_games(request, workers=workers, executor=executor):
        tally.games += 1
        for puzzle in found:
            tally.found += 1
            if puzzle.id in ids:
                tally.duplicates += 1
                continue
            ids.add(puzzle.id)
            kept.append(puzzle)
            tally.kept += 1
            tally.levels[puzzle.level] = tally.levels.get(puzzle.level, 0) + 1
            if on_puzzle is not None:
                on_puzzle(puzzle, tally)
            if len(kept) == request.count:
                return kept
    raise GenerationError(
        f"found only {len(kept)} of {request.count} {request.describe()} in {tally.games} simulated games; "
        + _rarity_hint(request)
    )


def _rarity_hint(request: Request) -> str:
    rare = sorted(set(request.levels) & set(RARE_LEVELS))
    if rare and len(request.levels) <= 2:
        names = ", ".join(f"{level} ({RARE_LEVELS[level]})" for level in rare)
        return f"level {names} puzzles are rare: ask for fewer, or widen --min-level/--max-level"
    return "ask for fewer puzzles, or widen the levels or kinds"


def generate_from_game(game: Game, request: Request, path: str | None = None) -> list[Puzzle]:
    """Exactly ``request.count`` puzzles from one game (a user's log; every listed hand is a viewer)."""
    viewers = [p for p in game.setup.players if p in game.setup.hands]
    if not viewers:
        raise GenerationError("the game lists no hand, so there is no viewer to mine it for", path=path)
    source = {"kind": "file", "file": os.path.basename(path) if path else "game"}
    kept: list[Puzzle] = []
    ids: set[str] = set()
    rng = random.Random(f"from:{request.seed}")
    for puzzle in mine_game(game, source=source, viewers=viewers, kinds=request.kinds, levels=request.levels,
                            per_moment=request.per_moment, rng=rng):
        if puzzle.id in ids:
            continue
        ids.add(puzzle.id)
        kept.append(puzzle)
        if len(kept) == request.count:
            return kept
    raise GenerationError(
        f"found only {len(kept)} of {request.count} {request.describe()} in this game "
        f"(seen as {', '.join(viewers)}); ask for --count {len(kept)} or fewer" if kept else
        f"found no {request.describe()} in this game (seen as {', '.join(viewers)})",
        path=path,
    )


def mine_games(
    request: Request, *, workers: int = 1, executor: Executor | None = None, first: int = 0
) -> Iterator[list[Puzzle]]:
    """The puzzles of each game of ``request`` in index order (up to its game budget), mined in
    ``workers`` processes when asked; the same lists whatever the number of workers."""
    specs = (GameSpec.of(request, i) for i in range(first, request.game_budget))
    yield from _map(mine_spec, specs, workers, executor)


def _map(
    work: Callable[[GameSpec], list[Puzzle]], specs: Iterator[GameSpec], workers: int, executor: Executor | None
) -> Iterator[list[Puzzle]]:
    """``map`` in order, in worker processes when asked (a bounded window of games in flight)."""
    if executor is None and workers <= 1:
        yield from map(work, specs)
        return
    own = executor is None
    pool = executor or ProcessPoolExecutor(max_workers=workers)
    width = 2 * (workers if own else (os.cpu_count() or 2))
    try:
        pending = [pool.submit(work, spec) for spec in itertools.islice(specs, width)]
        while pending:
            result = pending.pop(0).result()
            pending.extend(pool.submit(work, spec) for spec in itertools.islice(specs, 1))
            yield result
    finally:
        if own:
            pool.shutdown(cancel_futures=True)
