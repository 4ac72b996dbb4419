"""Generating a set of puzzles to a request: simulated games, mined until every level has its share.

A :class:`Request` says how many puzzles, of which levels, kinds, variants and
table sizes. :func:`generate` plays games between bots (:class:`GameSpec`, one
per game, decided by the seed and the game's index) and mines them
(:mod:`puzzles.mining`), keeping at most ``per_game`` puzzles from one game and
none that repeats another (:mod:`puzzles.variety`); :func:`generate_from_game`
mines one game a user gives instead.

    >>> Request(count=10).quotas()
    {1: 2, 2: 2, 3: 2, 4: 1, 5: 2, 6: 1}

Generation is deterministic for a seed: games are simulated from
``(seed, index)`` and mined in order, whatever the number of workers.
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from puzzles.executor import MAX_IN_FLIGHT, ordered_map
from puzzles.mining import EIGHT_PLAYER_START, FRESH_WINDOW, mine_game
from puzzles.model import KINDS, Puzzle
from puzzles.request import RARE_LEVELS as RARE_LEVELS
from puzzles.request import GenerationError as GenerationError
from puzzles.request import Request as Request
from puzzles.variety import compatible, group_key, near_duplicates
from trainer.engine.deadline import Deadline, TimeLimitError
from trainer.game.notation import Game
from trainer.game.variants import Variant
from trainer.play import BotKind
from trainer.play.simulate import GameJob, new_table

BOT_PAIRS: tuple[tuple[BotKind, BotKind], ...] = (
    (BotKind.HUMAN, BotKind.BASIC),
    (BotKind.BASIC, BotKind.HUMAN),
    (BotKind.HUMAN, BotKind.HUMAN),
    (BotKind.BASIC, BotKind.BASIC),
)
"""Who plays the simulated games: bots that ask and claim like people do."""

SHORT_EVENTS = 45
"""In the first half of its game budget :func:`generate` searches only the first this many events of a
game (8 players: after the first :data:`~puzzles.mining.EIGHT_PLAYER_START`): short positions, quick to read."""

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
    until: int | None = None

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
    taken = Counter[int]()  # puzzles kept by level, recall drills (level 0) too
    for viewer in viewers:
        wanted = [level for level in spec.levels if taken[level] < spec.per_level]
        if not wanted:
            break
        mined = mine_game(game, source=spec.source(), viewers=[viewer], kinds=spec.kinds, levels=wanted,
                          window=spec.window, per_moment=spec.per_moment, rng=rng, recall=spec.recall,
                          max_explanation=spec.max_explanation, share=spec.share, until=spec.until)
        for puzzle in mined:
            if puzzle.id in ids or taken[puzzle.level] >= spec.per_level:
                continue
            ids.add(puzzle.id)
            found.append(puzzle)
            taken[puzzle.level] += 1
            if all(taken[level] >= spec.per_level for level in spec.levels):
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
    deadline: Deadline | None = None,
) -> list[Puzzle]:
    """Exactly ``request.count`` unique puzzles, spread over the levels (:meth:`Request.quotas`),
    at most ``per_game`` from one game and one per game moment and set; or
    :class:`GenerationError` saying what was found.

    Generation is stratified: each game is handed out to find one level still
    missing (in turn over the missing puzzles, as known
    :data:`~puzzles.executor.MAX_IN_FLIGHT` games earlier, so the result depends
    only on the request, not on ``workers``) and searched only where that level
    occurs. The puzzles come sorted by level, easiest first.

    Once ``deadline`` has passed no further game is started: a :class:`TimeLimitError` says how far it got
    (a server bounds the work one request may start this way).

    >>> ticks = iter(range(100))
    >>> generate(Request(count=3, levels=(1,)), deadline=Deadline.after(0.5, clock=lambda: next(ticks)))
    Traceback (most recent call last):
    ...
    trainer.engine.deadline.TimeLimitError: the generator stopped at its time limit of 0.5 s after 0 games, \
with 0 of 3 level-1 puzzles found: ask for fewer puzzles, or lower levels
    """
    tally = tally if tally is not None else Tally()
    quotas = request.quotas()
    kept: list[Puzzle] = []
    ids: set[str] = set()
    groups: set[str] = set()
    wanted_after: list[tuple[int, ...]] = [_wanted(quotas)]
    kinds_left = request.kind_quotas()
    kinds_after: list[tuple[str, ...]] = [_wanted_kinds(kinds_left)]
    mixed = request.game_budget // 2  # games handed out for a kind still missing; then any kind

    def specs() -> Iterator[GameSpec]:
        for index in range(request.game_budget):
            if deadline is not None and deadline.passed():
                raise TimeLimitError(
                    f"the generator stopped at its time limit of {deadline.seconds:g} s after {tally.games} games, "
                    f"with {len(kept)} of {request.count} {request.describe()} found: ask for fewer puzzles, "
                    "or lower levels")
            wanted = wanted_after[max(0, index - MAX_IN_FLIGHT)]
            if wanted:
                spec = GameSpec.of(request, index, (wanted[index % len(wanted)],))
                kinds = kinds_after[max(0, index - MAX_IN_FLIGHT)]
                if index < mixed and kinds:
                    spec = dataclasses.replace(spec, kinds=(kinds[index % len(kinds)],))
                if index < mixed:  # short positions first: a worksheet's histories stay short
                    start = EIGHT_PLAYER_START if spec.players == 8 else 0
                    spec = dataclasses.replace(spec, until=start + SHORT_EVENTS)
                yield spec

    for found in ordered_map(mine_spec, specs(), workers=workers, executor=executor):
        tally.games += 1
        from_game = 0
        for puzzle in found:
            tally.found += 1
            group = group_key(puzzle)
            if puzzle.id in ids or group in groups or any(near_duplicates(puzzle, p) for p in kept):
                tally.duplicates += 1
                continue
            if quotas.get(puzzle.level, 0) <= 0 or from_game >= request.per_game:
                continue
            kind = puzzle.question.kind
            if tally.games <= mixed and kinds_left.get(kind, 0) <= 0:
                continue
            kinds_left[kind] = kinds_left.get(kind, 0) - 1
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
        kinds_after.append(_wanted_kinds(kinds_left))
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


def _wanted_kinds(left: Mapping[str, int]) -> tuple[str, ...]:
    """The kinds still missing, once per missing puzzle (in the order of :data:`~puzzles.model.KINDS`).

    >>> _wanted_kinds({"locate": 2, "claim": 0, "certain": 1})
    ('locate', 'locate', 'certain')
    """
    return tuple(kind for kind in KINDS if kind in left for _ in range(max(0, left[kind])))


def _rarity_hint(request: Request) -> str:
    rare = sorted(set(request.levels) & set(RARE_LEVELS))
    if rare and len(request.levels) <= 2:
        names = ", ".join(f"{level} ({RARE_LEVELS[level]})" for level in rare)
        return f"level {names} puzzles are rare: ask for fewer, or widen --min-level/--max-level"
    return "ask for fewer puzzles, or widen the levels or kinds"


def generate_within(request: Request, *, seconds: float) -> list[Puzzle]:
    """:func:`generate` with a time limit of ``seconds`` from now (what a server's worksheet asks for)."""
    return generate(request, deadline=Deadline.after(seconds))


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


