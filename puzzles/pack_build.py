"""Building the built-in pack (:mod:`puzzles.packs` reads it): ``python -m puzzles.pack_build``.

It mines simulated games of both variants, both table sizes and every pairing
of bots, plus the user-style logs in ``tests/data``, and keeps one puzzle per
game moment and set with no near-duplicates, at most :data:`PER_GAME` per game,
spread over levels (each at least :data:`MIN_SHARE` of the pack), kinds and
tables, short histories first (:func:`select`). A focused run
(``--players 8 --levels 6``) mines only the games and the part of them where a
rare level occurs, for ``--also``. How the shipped pack was built is in
``docs/puzzles.md``.

    >>> [(s.players, s.variant.value, s.levels) for s in (focus_spec(1, i, 8, (6,)) for i in (0, 1))]
    [(8, 'classic', (6,)), (8, 'fish54', (6,))]
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import functools
import hashlib
import json
import random
import sys
import time
import zipfile
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from puzzles.crosscheck import disagreement
from puzzles.difficulty import explain_again, explained_within, explanation_length, reading_effort, with_cited
from puzzles.executor import MAX_IN_FLIGHT, ordered_map
from puzzles.files import dump_puzzles, puzzles_from_json
from puzzles.generate import GameSpec, mine_played
from puzzles.ladder import NAMES, level_of
from puzzles.mining import FRESH_WINDOW, mine_game
from puzzles.model import KINDS, LEVELS, RECALL, RECALL_LEVEL, SCHEMA_VERSION, Difficulty, Puzzle
from puzzles.packs import FORMAT, FORMAT_VERSION, INDEX, PACK, expand, histogram, load_compact, load_pack, write_pack
from puzzles.variety import group_key, near_duplicates
from puzzles.verify import VERIFIED_LIST, record_hash, verify
from trainer.files import write_atomic
from trainer.game.errors import LiteratureError
from trainer.game.notation import Game, read_game, write_game
from trainer.game.variants import Variant
from trainer.play import BotKind

PER_GAME = 7
"""Puzzles kept from one game at most."""

MAX_EXPLANATION = 1500
"""Characters: a pack puzzle's explanation is shorter, or the puzzle is not kept ..."""

MAX_CASE_ANALYSIS = 3000
"""... except at level 6, where one supposition and its contradiction take this many at most, and in a claim,
which places up to six cards, each with its reason."""

MIN_SHARE = 0.08
"""Every level 1-6 is at least this share of the pack (:func:`balance`)."""

DEFAULT_LOGS = ("tests/data/complete-classic-6p.lit", "tests/data/personal-fish54-8p.lit")
"""User-style logs mined into the pack besides the simulated games."""


# -- storing --------------------------------------------------------------------------------


@dataclass(frozen=True)
class MinedGame:
    """One game's full log (every hand), the puzzles mined from it, and the CPU seconds it took."""

    log: str
    puzzles: tuple[Puzzle, ...]
    cpu: float = 0.0
    error: str = ""

    @property
    def game_id(self) -> str:
        """A name for the game from its content: ``g-`` and 10 hex digits."""
        return "g-" + hashlib.sha256(self.log.encode()).hexdigest()[:10]


def _split_log(log: str) -> dict[str, Any]:
    head: list[str] = []
    hands: dict[str, str] = {}
    events: list[str] = []
    for line in log.splitlines():
        if line.startswith("hand "):
            name, cards = line[5:].split(":", 1)
            hands[name.strip()] = cards.strip()
        elif not events and line.split(":", 1)[0] in ("variant", "players", "dealer"):
            head.append(line)
        elif line:
            events.append(line)
    return {"head": head, "hands": hands, "events": events}


def compact(mined: Sequence[MinedGame], chosen: Sequence[Puzzle], daily: Sequence[Sequence[str]]) -> dict[str, Any]:
    """The pack file's content: the games the ``chosen`` puzzles come from (once each), the
    puzzles without their logs, and the ``daily`` schedule.

    Every stored puzzle is checked to rebuild exactly its log (:func:`expand`).
    """
    by_id = {p.id: m for m in mined for p in m.puzzles}
    games: dict[str, Any] = {}
    entries = []
    for puzzle in chosen:
        game = by_id[puzzle.id]
        gid = game.game_id
        if gid not in games:
            games[gid] = _split_log(game.log)
        record = puzzle.to_json()
        del record["schema"], record["log"]
        entry = record | {"source": record["source"] | {"game_id": gid}, "game": gid,
                          "events": int(puzzle.source["event"])}
        if expand(entry, games)["log"] != puzzle.log:
            raise LiteratureError(f"puzzle {puzzle.id} does not rebuild from its game {gid}")
        entries.append(entry)
    return {"format": FORMAT, "version": FORMAT_VERSION, "schema": SCHEMA_VERSION,
            "games": games, "puzzles": entries, "daily": [list(day) for day in daily]}


# -- building -------------------------------------------------------------------------------

BOT_KINDS = (BotKind.HUMAN, BotKind.BASIC, BotKind.EXPERT, BotKind.RANDOM)
PAIRINGS = tuple((a, b) for i, a in enumerate(BOT_KINDS) for b in BOT_KINDS[i:])
"""Every pairing of bots (ten), ``human`` (people-like, imperfect play) first."""

PAIRINGS_8 = tuple(pair for pair in PAIRINGS if BotKind.EXPERT not in pair)
"""At 8 players an ``expert`` game takes up to a minute (docs/bots.md): the pairings without it."""

EXPERT_PAIRINGS = tuple(pair for pair in PAIRINGS if BotKind.EXPERT in pair)
"""The pairings with an ``expert``: played at 6 players only."""


PACK_WINDOW = 6
"""Events between two solved positions of a pack game (the generator's default is 3): half the cost."""

PACK_WINDOW_8 = 9
"""The same at 8 players, where each exact solve costs several times more."""


SHORT_SHARE = 0.45
"""Share of a game mined for the easier levels only."""


def pack_spec(seed: int, index: int) -> GameSpec:
    """The ``index``-th simulated game of a pack build.

    Every 8th game has 8 players; the variants alternate. The pairings come in
    turn: every 10th 6-player game pairs an ``expert`` (whose games cost 5 to 15
    times more to play), the others the cheaper bots; 8-player games never pair
    an ``expert`` (up to a minute a game). One seat is mined, every
    :data:`PACK_WINDOW` events (8 players: :data:`PACK_WINDOW_8`), memory claims
    included: every other 6-player game for every level, the others for levels
    1, 2, 3 and 5 in the first :data:`SHORT_SHARE` of the game (where the short histories are).

    >>> [(s.players, s.variant.value, s.team1.value, s.team2.value) for s in (pack_spec(1, i) for i in (0, 4, 7))]
    [(6, 'classic', 'human', 'human'), (6, 'classic', 'human', 'expert'), (8, 'classic', 'human', 'human')]
    """
    eight = index % 8 == 7
    variant = (Variant.CLASSIC, Variant.FISH54)[(index // 8 if eight else index // 2) % 2]
    if eight:
        team1, team2 = PAIRINGS_8[(index // 16) % len(PAIRINGS_8)]
    elif index % 10 == 4:
        team1, team2 = EXPERT_PAIRINGS[(index // 10) % len(EXPERT_PAIRINGS)]
    else:
        team1, team2 = PAIRINGS_8[(index // 4) % len(PAIRINGS_8)]
    short = not eight and index % 2 == 1
    return GameSpec(seed, index, variant, 8 if eight else 6, team1, team2, KINDS,
                    (1, 2, 3, 5) if short else tuple(LEVELS), per_level=10**6, per_moment=None, recall=True,
                    viewers=1, window=PACK_WINDOW_8 if eight else PACK_WINDOW,
                    share=SHORT_SHARE if short else 1.0)


def mine_pack_game(spec: GameSpec) -> MinedGame:
    """Play and mine one game of a pack build (runs in a worker): every candidate (explanations of
    any length: :func:`select` filters, after they are optionally explained again). An 8-player game is also searched
    for first steps where they occur, its first events.

    A game the engine fails on is kept with no puzzle and the error (a build of hundreds of games
    goes on; the error is printed for the engine's maintainers)."""
    started = time.process_time()
    game = spec.play()
    try:
        found = mine_played(spec, game)
        if spec.players == 8 and 1 in spec.levels:
            early = dataclasses.replace(spec, levels=(1,), window=FRESH_WINDOW, share=1.0)
            ids = {p.id for p in found}
            found.extend(p for p in mine_played(early, game) if p.id not in ids)  # a first step found twice
    except (ArithmeticError, LookupError, ValueError, AssertionError) as error:
        return MinedGame(write_game(game), (), round(time.process_time() - started, 3),
                         f"game {spec.index}: {type(error).__name__}: {error}")
    return MinedGame(write_game(game), tuple(found), round(time.process_time() - started, 3))


RARE_FIRST = (6, 4, 1)
"""Levels a group is represented by first when it has a puzzle of them (the rarest first)."""


def is_counted(puzzle: Puzzle) -> bool:
    """Whether the explanation rests on counting every deal (a case-analysis step that cites no move:
    the explainer found no contradiction a person would follow) rather than on an argument."""
    return any(step.technique == "case analysis" and not step.events for step in puzzle.explanation)


def one_per_group(puzzles: Sequence[Puzzle]) -> list[Puzzle]:
    """One puzzle per group (:func:`puzzles.variety.group_key`): of a rare level when the group has
    one (6, 4, then 1), then of the kind the group's key picks among those it has (so every kind
    stays), an argued explanation before one that rests on counting every deal (:func:`is_counted`),
    the shortest among them; in order."""
    groups: dict[str, list[Puzzle]] = {}
    for puzzle in puzzles:
        groups.setdefault(group_key(puzzle), []).append(puzzle)
    best = set()
    for key, found in groups.items():
        rare = [level for level in RARE_FIRST if any(p.level == level for p in found)]
        members = [p for p in found if p.level == rare[0]] if rare else found
        kinds = sorted({p.question.kind for p in members})
        kind = kinds[int(hashlib.sha256(key.encode()).hexdigest(), 16) % len(kinds)]
        best.add(min((p for p in members if p.question.kind == kind),
                     key=lambda p: (is_counted(p), explanation_length(p))).id)
    return [p for p in puzzles if p.id in best]


def mine_log(path: Path) -> MinedGame:
    """Mine a user's game log for the pack (every listed hand is a viewer)."""
    game = read_game(path)
    source = {"kind": "file", "file": path.name}
    found = list(mine_game(game, source=source, recall=True))
    return MinedGame(write_game(Game(game.setup, game.events)), tuple(found))


FOCUS_VIEWERS = 2
"""Seats mined in each game of a focused run."""


def focus_spec(seed: int, index: int, players: int, levels: Sequence[int], viewers: int = FOCUS_VIEWERS,
               kinds: Sequence[str] = KINDS) -> GameSpec:
    """The ``index``-th game of a run focused on rare ``levels`` at ``players`` (for ``--also``): the
    variants alternate, the pairings without an ``expert`` come in turn, and :data:`FOCUS_VIEWERS`
    seats are mined every :data:`~puzzles.mining.FRESH_WINDOW` events, only where those levels
    occur (:func:`puzzles.mining.search_range`), for questions of ``kinds``."""
    variant = (Variant.CLASSIC, Variant.FISH54)[index % 2]
    team1, team2 = PAIRINGS_8[(index // 2) % len(PAIRINGS_8)]
    return GameSpec(seed, index, variant, players, team1, team2, tuple(kinds), tuple(levels), per_level=10**6,
                    per_moment=None, viewers=viewers, window=FRESH_WINDOW)


def mine(games: int, seed: int, *, workers: int = 1, executor: Executor | None = None,
         first: int = 0, spec: Callable[[int, int], GameSpec] = pack_spec) -> Iterator[MinedGame]:
    """The mined games of a pack build, in order (``workers`` processes, or ``executor``); ``spec``
    gives the ``index``-th game of a ``seed`` (:func:`pack_spec`, or a focused run's)."""
    specs = (spec(seed, i) for i in range(first, games))
    yield from ordered_map(mine_pack_game, specs, workers=workers, executor=executor, ahead=MAX_IN_FLIGHT)


SHORT_LEVELS = (1,)
SHORT_HISTORY = 40
"""At level 1 the pack's median history is at most this many events: the easiest puzzles read quickly."""


def _short_enough(puzzles: Sequence[Puzzle]) -> list[Puzzle]:
    """Every puzzle of at most :data:`SHORT_HISTORY` events, and fewer longer ones (the shortest), so
    that the median stays at most :data:`SHORT_HISTORY`."""
    ordered = sorted(puzzles, key=lambda p: (int(p.source.get("event", 0)), p.id))
    short = sum(1 for p in ordered if int(p.source.get("event", 0)) <= SHORT_HISTORY)
    return ordered[: max(0, 2 * short - 1)]


def longest(puzzle: Puzzle, max_explanation: int | None = MAX_EXPLANATION) -> int | None:
    """The longest explanation kept for ``puzzle`` (characters; ``None``: any): :data:`MAX_CASE_ANALYSIS` at
    level 6 and for a claim, else ``max_explanation``.

    >>> from puzzles.examples import example_claim
    >>> longest(example_claim()), longest(example_claim(), None)
    (3000, None)
    """
    if max_explanation is None:
        return None
    if puzzle.level == 6 or puzzle.question.kind == "claim":
        return max(max_explanation, MAX_CASE_ANALYSIS)
    return max_explanation


def select(mined: Sequence[MinedGame], size: int, per_game: int = PER_GAME, seed: int = 0,
           max_explanation: int | None = MAX_EXPLANATION) -> list[Puzzle]:
    """The pack: at most ``size`` puzzles, at most ``per_game`` from a game, one per id and group
    (:func:`one_per_group`) and no near-duplicates (:func:`puzzles.variety.near_duplicates`: one
    puzzle per game and set within 12 events, no answer containing another's of the same game),
    every explanation under :data:`MAX_EXPLANATION` characters (:data:`MAX_CASE_ANALYSIS` at level 6 and in a claim)
    and an argument a person can follow (none resting on counting every deal, :func:`is_counted`),
    and at level 1 histories short enough that their median is at most :data:`SHORT_HISTORY` events.

    Levels are taken in turn (so rare levels are all kept), and within a level
    the (kind, variant, table) buckets in turn, shortest history first; then :func:`balance`
    keeps every level at least :data:`MIN_SHARE` of the pack.
    """
    rng = random.Random(seed)
    queues: dict[int, list[list[Puzzle]]] = {}
    seen: set[str] = set()
    kept = {m.game_id: one_per_group([p for p in m.puzzles if not is_counted(p)
                                      and ((limit := longest(p, max_explanation)) is None
                                           or explanation_length(p) < limit)])
            for m in mined}
    order = (RECALL_LEVEL, *LEVELS)
    for level in order:
        buckets: dict[tuple[str, str, int], list[Puzzle]] = {}
        candidates = [p for game in mined for p in kept[game.game_id] if p.level == level]
        if level in SHORT_LEVELS:
            candidates = _short_enough(candidates)
        for puzzle in candidates:
            key = (puzzle.question.kind, puzzle.variant.value, len(puzzle.players))
            buckets.setdefault(key, []).append(puzzle)
        keys = sorted(buckets)
        rng.shuffle(keys)
        queues[level] = [sorted(buckets[k], key=lambda p: (int(p.source.get("event", 0)), p.id)) for k in keys]
    per: dict[str, list[Puzzle]] = {}
    game_of = {p.id: m.game_id for m in mined for p in m.puzzles}
    chosen: list[Puzzle] = []
    turn = dict.fromkeys(order, 0)
    while len(chosen) < size and any(any(q) for q in queues.values()):
        for level in order:
            buckets_left = [q for q in queues[level] if q]
            if not buckets_left or len(chosen) >= size:
                continue
            queue = buckets_left[turn[level] % len(buckets_left)]
            turn[level] += 1
            while queue:
                puzzle = queue.pop(0)
                same = per.setdefault(game_of[puzzle.id], [])
                if puzzle.id in seen or len(same) >= per_game or any(near_duplicates(puzzle, p) for p in same):
                    continue
                seen.add(puzzle.id)
                same.append(puzzle)
                chosen.append(puzzle)
                break
    return balance(chosen)


def balance(chosen: Sequence[Puzzle], share: float = MIN_SHARE) -> list[Puzzle]:
    """``chosen`` without the last-chosen puzzles of the most common levels, until every level 1-6
    that has puzzles is at least ``share`` of them (a level with none is left to fail the tests).

    >>> from dataclasses import replace
    >>> from puzzles.examples import example_claim
    >>> one = example_claim()
    >>> many = [replace(one, id=f"p-{i}", difficulty=replace(one.difficulty, level=1 + (i > 0))) for i in range(20)]
    >>> [p.level for p in balance(many, 0.25)]
    [1, 2, 2, 2]
    """
    kept = list(chosen)
    counts = Counter(p.level for p in kept if p.level in LEVELS)
    while counts and min(counts.values()) < share * len(kept):
        most = max(counts, key=lambda level: (counts[level], level))
        last = max(i for i, p in enumerate(kept) if p.level == most)
        del kept[last]
        counts[most] -= 1
    return kept


MIN_CLAIMS = 0.05
"""Claim puzzles are at least this share of every level 1-6 (:func:`holes`, :func:`extend`)."""

TABLES = (("classic", 6), ("fish54", 6), ("classic", 8), ("fish54", 8))
"""The four tables (variant, players) the pack is balanced over."""


def table_of(puzzle: Puzzle) -> tuple[str, int]:
    """The puzzle's table: its variant and number of players."""
    return puzzle.variant.value, len(puzzle.players)


@dataclass(frozen=True)
class Hole:
    """Where a pack is thin, as values: ``level`` with ``count`` of ``total`` puzzles, either of a table
    (``table``: its variant and player count) or, with ``table`` ``None``, the level's claim puzzles.

    >>> print(Hole(2, 1, 51, ("classic", 6)), Hole(1, 0, 10), sep="; ")
    classic 6p: level 2 is 1 of 51 puzzles; level 1: 0 claim puzzles of 10
    """

    level: int
    count: int
    total: int
    table: tuple[str, int] | None = None

    def __str__(self) -> str:
        if self.table is None:
            return f"level {self.level}: {self.count} claim puzzles of {self.total}"
        variant, players = self.table
        return f"{variant} {players}p: level {self.level} is {self.count} of {self.total} puzzles"


def thin_spots(pack: Sequence[Puzzle], share: float = MIN_SHARE, claims: float = MIN_CLAIMS) -> list[Hole]:
    """Where ``pack`` is thin: a level 1-6 under ``share`` of a table's puzzles, claim puzzles under ``claims`` of
    a level's (empty: none).

    >>> from dataclasses import replace
    >>> from puzzles.examples import example_claim
    >>> thin_spots([replace(example_claim(), difficulty=replace(example_claim().difficulty, level=3))])[0]
    Hole(level=1, count=0, total=1, table=('classic', 6))
    """
    found = []
    for variant, players in TABLES:
        table = [p for p in pack if table_of(p) == (variant, players)]
        levels = Counter(p.level for p in table)
        found += [Hole(level, levels[level], len(table), (variant, players))
                  for level in LEVELS if levels[level] < share * len(table)]
    for level in LEVELS:
        at = [p for p in pack if p.level == level]
        count = sum(p.question.kind == "claim" for p in at)
        if count < claims * len(at):
            found.append(Hole(level, count, len(at)))
    return found


def holes(pack: Sequence[Puzzle], share: float = MIN_SHARE, claims: float = MIN_CLAIMS) -> list[str]:
    """Where ``pack`` is thin, in words (:func:`thin_spots`, for the script's report).

    >>> from dataclasses import replace
    >>> from puzzles.examples import example_claim
    >>> holes([replace(example_claim(), difficulty=replace(example_claim().difficulty, level=3))])[:2]
    ['classic 6p: level 1 is 0 of 1 puzzles', 'classic 6p: level 2 is 0 of 1 puzzles']
    """
    return [str(hole) for hole in thin_spots(pack, share, claims)]


def _long(puzzle: Puzzle) -> bool:
    """Whether the puzzle's history is longer than :data:`SHORT_HISTORY` events."""
    return int(puzzle.source.get("event", 0)) > SHORT_HISTORY


def extend(pack: Sequence[Puzzle], mined: Sequence[MinedGame], size: int, *, share: float = MIN_SHARE,
           claims: float = MIN_CLAIMS, per_game: int = PER_GAME,
           max_explanation: int | None = MAX_EXPLANATION) -> list[Puzzle]:
    """``pack``, every puzzle kept in its order, with puzzles of ``mined`` (games the pack does not hold) added
    until it holds ``size`` or no candidate is left: each time the one that fills a hole (:func:`holes`), claims
    of a level first, then a level of a table; else one of the table furthest below its share of ``pack``,
    at the level furthest below its share of that table in ``pack``; the shortest history first. A candidate
    keeps the rules of :func:`select` (explanation limits, an argument, at most ``per_game`` a game, no
    near-duplicates, at level 1 fewer histories over :data:`SHORT_HISTORY` events than not, so that the median
    stays at most that). No addition opens a hole
    that the candidates left are too few to fill.

    >>> from puzzles.examples import example_claim
    >>> [p.id for p in extend([example_claim()], [], 10)] == [example_claim().id]
    True
    """
    held = {p.id for p in pack}
    games = {g for p in pack if isinstance(g := p.source.get("game_id"), str)}
    candidates: dict[tuple[tuple[str, int], int, bool], list[tuple[Puzzle, str]]] = {}
    for game in mined:
        if game.game_id in games:
            continue
        for puzzle in game.puzzles:
            limit = longest(puzzle, max_explanation)
            if (puzzle.id in held or puzzle.level not in LEVELS or is_counted(puzzle)
                    or (limit is not None and explanation_length(puzzle) >= limit)):
                continue
            key = (table_of(puzzle), puzzle.level, puzzle.question.kind == "claim")
            candidates.setdefault(key, []).append((puzzle, game.game_id))
    for queue in candidates.values():
        queue.sort(key=lambda pair: (int(pair[0].source.get("event", 0)), pair[0].id), reverse=True)
    table_share = Counter(table_of(p) for p in pack)
    level_share = Counter((table_of(p), p.level) for p in pack)
    chosen = list(pack)
    tables = Counter(table_of(p) for p in chosen)
    cells = Counter((table_of(p), p.level) for p in chosen)
    levels = Counter(p.level for p in chosen)
    claimed = Counter(p.level for p in chosen if p.question.kind == "claim")
    long = Counter(p.level for p in chosen if p.level in SHORT_LEVELS and _long(p))
    per: dict[str, list[Puzzle]] = {}

    def left(table: tuple[str, int] | None, level: int, claim: bool | None) -> int:
        """Candidates left of ``level`` (at ``table``, of claims or not; ``None``: any)."""
        return sum(len(queue) for (t, lv, c), queue in candidates.items()
                   if lv == level and (table is None or t == table) and (claim is None or c == claim))

    def allowed(table: tuple[str, int], level: int, claim: bool) -> bool:
        """Whether, after one such puzzle more, the candidates left could still fill every hole it opens."""
        for other in LEVELS:
            if other != level and cells[table, other] + left(table, other, None) < share * (tables[table] + 1):
                return False
        short = claimed[level] < claims * levels[level]  # a hole already: more claims come first, others may too
        return claim or short or claimed[level] + left(None, level, True) >= claims * (levels[level] + 1)

    def priority(key: tuple[tuple[str, int], int, bool]) -> tuple[float, ...]:
        table, level, claim = key
        claim_hole = claim and claimed[level] < claims * (levels[level] + 1)
        level_hole = cells[table, level] < share * (tables[table] + 1)
        behind = table_share[table] / max(1, len(pack)) - tables[table] / len(chosen)
        mix = level_share[table, level] / max(1, table_share[table]) - cells[table, level] / max(1, tables[table])
        return (float(claim_hole), float(level_hole), behind, mix)

    while len(chosen) < size:
        keys = sorted((key for key, queue in candidates.items() if queue and allowed(*key)), key=priority)
        if not keys:
            break
        table, level, claim = key = keys[-1]
        puzzle, gid = candidates[key].pop()
        same = per.setdefault(gid, [])
        if len(same) >= per_game or any(near_duplicates(puzzle, p) or group_key(puzzle) == group_key(p)
                                         for p in same):
            continue
        if level in SHORT_LEVELS and _long(puzzle) and 2 * (long[level] + 1) >= levels[level] + 1:
            continue  # the level's median history would pass SHORT_HISTORY
        long[level] += level in SHORT_LEVELS and _long(puzzle)
        same.append(puzzle)
        chosen.append(puzzle)
        tables[table] += 1
        cells[table, level] += 1
        levels[level] += 1
        claimed[level] += claim
    return _trim(chosen, len(pack), share, claims)


def _trim(chosen: Sequence[Puzzle], kept: int, share: float, claims: float) -> list[Puzzle]:
    """``chosen`` without the last added puzzles (never one of the first ``kept``) that leave a hole the pack
    did not have: a table's commonest other level while a level of it is under ``share``, a level's
    non-claims while its claims are under ``claims`` (the candidates left looked like enough, and were not)."""
    grown = list(chosen)
    before = {hole.level for hole in thin_spots(grown[:kept], share, claims) if hole.table is None}
    while True:
        for variant, players in TABLES:
            table = [p for p in grown if table_of(p) == (variant, players)]
            counts = Counter(p.level for p in table)
            thin = [level for level in LEVELS if counts[level] < share * len(table)]
            if thin:
                cut = [i for i in range(kept, len(grown)) if table_of(grown[i]) == (variant, players)
                       and grown[i].level not in thin and grown[i].level != RECALL_LEVEL]
                if cut:
                    del grown[max(cut, key=lambda i: (counts[grown[i].level], i))]
                    break
        else:
            opened = [hole.level for hole in thin_spots(grown, share, claims)
                      if hole.table is None and hole.level not in before]
            cut = [i for i in range(kept, len(grown)) if grown[i].level in opened
                   and grown[i].question.kind != "claim"]
            if not cut:
                return grown
            del grown[cut[-1]]


def _explain_record_again(data: dict[str, Any]) -> dict[str, Any] | None:
    puzzle = explain_again(Puzzle.from_json(data))
    return None if puzzle is None else puzzle.to_json()


def explain_candidates_again(mined: Sequence[MinedGame], *, workers: int = 1,
                             executor: Executor | None = None) -> list[MinedGame]:
    """The games with every candidate explained and graded again by the current explainer and ladder
    (:func:`puzzles.difficulty.explain_again`: steps that list every move they cite, the level of
    :mod:`puzzles.ladder`); a candidate the explainer no longer reaches is dropped."""
    every = [p for m in mined for p in m.puzzles]
    done = ordered_map(_explain_record_again, (p.to_json() for p in every), workers=workers, executor=executor,
                       ahead=MAX_IN_FLIGHT)
    fresh = {p.id: data for p, data in zip(every, done, strict=True)}
    return [MinedGame(m.log, tuple(Puzzle.from_json(data) for p in m.puzzles if (data := fresh[p.id]) is not None),
                      m.cpu, m.error)
            for m in mined]


def relevel(puzzle: Puzzle) -> Puzzle:
    """``puzzle`` graded again on the ladder (:func:`puzzles.ladder.level_of`), its steps listing every move
    their text names, without explaining it again: for candidates mined by the current explainer before
    the ladder (the score keeps the explainer's effort, with the reading effort of the moves now listed)."""
    if puzzle.difficulty.name == RECALL:
        return puzzle
    game = puzzle.game
    steps = tuple(with_cited(step) for step in puzzle.explanation)
    history = len(game.events)
    old = reading_effort(history, len({n for step in puzzle.explanation for n in step.events}))
    new = reading_effort(history, len({n for step in steps for n in step.events}))
    level = level_of(game.setup, game.events, puzzle.viewer, puzzle.answer)
    difficulty = Difficulty(level, NAMES[level], round(puzzle.difficulty.score - old + new, 2))
    return dataclasses.replace(puzzle, difficulty=difficulty, explanation=steps)


def relevel_candidates(mined: Sequence[MinedGame]) -> list[MinedGame]:
    """:func:`relevel` on every candidate."""
    return [dataclasses.replace(m, puzzles=tuple(relevel(p) for p in m.puzzles)) for m in mined]


def relevel_pack(content: dict[str, Any]) -> tuple[dict[str, Any], list[tuple[str, int, int]]]:
    """The pack's stored ``content`` (:func:`puzzles.packs.load_compact`) with every puzzle graded again on the
    current ladder (:func:`relevel`) and the daily schedule drawn again: the same puzzles, for a change of the
    ladder that leaves the selection alone (``--relevel-pack``). Also returns each moved puzzle as
    ``(id, old level, new level)``."""
    from puzzles.daily import schedule

    entries = []
    moved = []
    puzzles = []
    for entry in content["puzzles"]:
        puzzle = Puzzle.from_json(expand(entry, content["games"]))
        again = relevel(puzzle)
        if again.level != puzzle.level:
            moved.append((puzzle.id, puzzle.level, again.level))
        record = again.to_json()
        entries.append(entry | {"difficulty": record["difficulty"], "explanation": record["explanation"]})
        puzzles.append(again)
    return content | {"puzzles": entries, "daily": schedule(puzzles)}, moved


def read_stored(path: Path) -> dict[str, Any]:
    """A pack file's content as :func:`puzzles.packs.load_compact` gives it, of any format version (for
    ``--explain-pack``, which rewrites an older pack in the current format)."""
    with zipfile.ZipFile(path) as archive:
        index = json.loads(archive.read(INDEX))
        parts = [json.loads(archive.read(name)) for name in sorted(archive.namelist()) if name.startswith("part-")]
    games: dict[str, Any] = {}
    entries: dict[str, Any] = {}
    for part in parts:
        games.update(part["games"])
        entries.update((entry["id"], entry) for entry in part["puzzles"])
    return {"games": games, "puzzles": [entries[pid] for pid, _ in index["puzzles"]], "daily": index["daily"]}


def _explain_entry_again(data: dict[str, Any]) -> dict[str, Any] | None:
    puzzle = explain_again(Puzzle.from_json(data))
    return None if puzzle is None or not keeps(puzzle) else puzzle.to_json()


def keeps(puzzle: Puzzle) -> bool:
    """Whether a puzzle explained again stays in the pack: explained within its level (rungs up to it, one of
    it), short enough for its level, and argued (not resting on counting every deal)."""
    return explained_within(puzzle) and explanation_length(puzzle) < (longest(puzzle) or 0) \
        and not is_counted(puzzle)


def explain_pack(content: dict[str, Any], *, workers: int = 1, executor: Executor | None = None,
                 ) -> tuple[dict[str, Any], list[tuple[str, int, int]], list[str]]:
    """The pack's stored ``content`` with every puzzle explained again (:func:`puzzles.difficulty.explain_again`:
    its level on the ladder, explained with that level's rungs) and the daily schedule drawn again
    (``--explain-pack``). A puzzle the explainer cannot explain within its level, or only at more length than
    the level allows (:func:`keeps`), is dropped. Also returns
    each moved puzzle as ``(id, old level, new level)`` and the ids dropped."""
    from puzzles.daily import schedule

    records = [expand(entry, content["games"]) for entry in content["puzzles"]]
    done = ordered_map(_explain_entry_again, iter(records), workers=workers, executor=executor, ahead=MAX_IN_FLIGHT)
    entries, moved, dropped, puzzles = [], [], [], []
    for entry, data in zip(content["puzzles"], done, strict=True):
        if data is None:
            dropped.append(entry["id"])
            continue
        again = Puzzle.from_json(data)
        if again.level != entry["difficulty"]["level"]:
            moved.append((again.id, entry["difficulty"]["level"], again.level))
        entries.append(entry | {k: data[k] for k in ("difficulty", "techniques", "explanation")})
        puzzles.append(again)
    used = {e["game"] for e in entries}
    games = {gid: game for gid, game in content["games"].items() if gid in used}
    return content | {"games": games, "puzzles": entries, "daily": schedule(puzzles)}, moved, dropped



def _argued_alike(stored: dict[str, Any], again: dict[str, Any]) -> bool:
    """Whether two records of a puzzle differ in their words only: the same level, techniques and steps (each
    step's facts and rungs), whatever the steps' text, nudge and clue say; a step may now cite more moves than it
    did (a fact's move it rested on without citing it: "4H was with Ann then (taken on move 34)"). The stored
    difficulty is kept (its score, which the daily schedule is drawn by, too)."""
    def argument(record: dict[str, Any]) -> list[dict[str, Any]]:
        return [{k: v for k, v in step.items() if k not in ("text", "nudge", "clue", "events")}
                for step in record["explanation"]]

    def level(record: dict[str, Any]) -> tuple[Any, ...]:
        return tuple(v for k, v in sorted(record["difficulty"].items()) if k != "score")

    cited = all(set(old.get("events", ())) <= set(new.get("events", ()))
                for old, new in zip(stored["explanation"], again["explanation"], strict=False))
    return (level(stored) == level(again) and stored["techniques"] == again["techniques"]
            and argument(stored) == argument(again) and cited)


def reword_pack(content: dict[str, Any], *, workers: int = 1, executor: Executor | None = None,
                ) -> tuple[dict[str, Any], list[str], list[str]]:
    """The pack's stored ``content`` with each puzzle's explanation in the current explainer's words where only
    the words changed (``--reword-pack``); the puzzles, their levels and the daily schedule stay as they are.
    Also returns the ids reworded, and those kept as stored because the explainer would now argue them
    otherwise (another level, technique or step: ``--explain-pack``'s work)."""
    records = [expand(entry, content["games"]) for entry in content["puzzles"]]
    done = ordered_map(_explain_entry_again, iter(records), workers=workers, executor=executor, ahead=MAX_IN_FLIGHT)
    entries, reworded, kept = [], [], []
    for entry, data in zip(content["puzzles"], done, strict=True):
        if data is not None and data["explanation"] == entry["explanation"]:
            entries.append(entry)
        elif data is not None and _argued_alike(entry, data):
            entries.append(entry | {"explanation": data["explanation"]})
            reworded.append(entry["id"])
        else:
            entries.append(entry)
            kept.append(entry["id"])
    return content | {"puzzles": entries}, reworded, kept


def read_pack_games(path: Path) -> list[MinedGame]:
    """The games of a pack file (``pack.zip``) with the puzzles it holds of each, as candidates of
    another build (``--from-pack``): each game's full log rebuilt from what the pack stores."""
    with zipfile.ZipFile(path) as archive:
        parts = [json.loads(archive.read(name)) for name in sorted(archive.namelist()) if name.startswith("part-")]
    games: dict[str, Any] = {}
    entries: dict[str, list[Puzzle]] = {}
    for part in parts:
        games.update(part["games"])
        for entry in part["puzzles"]:
            entries.setdefault(entry["game"], []).append(Puzzle.from_json(expand(entry, part["games"])))
    found = []
    for gid, game in games.items():
        lines = [*game["head"], *(f"hand {name}: {cards}" for name, cards in game["hands"].items()), *game["events"]]
        found.append(MinedGame("\n".join(lines) + "\n", tuple(entries.get(gid, ()))))
    return found


def _disagreement(data: dict[str, Any]) -> str | None:
    return disagreement(Puzzle.from_json(data))


def both_agree(puzzles: Sequence[Puzzle], *, workers: int = 1, executor: Executor | None = None) -> list[Puzzle]:
    """The puzzles whose answer the second solver (:func:`puzzles.crosscheck.disagreement`, python-constraint)
    also finds forced: the exact engine found every one, so a puzzle is kept only when both agree. Each
    one dropped is named on standard error.

    >>> from puzzles.examples import example_claim
    >>> [p.id for p in both_agree([example_claim()])] == [example_claim().id]
    True
    """
    found = ordered_map(_disagreement, (p.to_json() for p in puzzles), workers=workers, executor=executor)
    kept: list[Puzzle] = []
    for puzzle, why in zip(puzzles, found, strict=True):
        if why is None:
            kept.append(puzzle)
        else:
            print(f"dropped {puzzle.id}: the solvers disagree: {why}", file=sys.stderr, flush=True)
    return kept


def _verified_hash(data: dict[str, Any]) -> str:
    puzzle = Puzzle.from_json(data)
    verify(puzzle)  # raises, naming what is wrong, on a bad record
    return record_hash(puzzle)


def write_verified(pack: Sequence[Puzzle], out: Path, *, workers: int = 1, executor: Executor | None = None) -> None:
    """Verify every record of ``pack`` with the engine (in ``workers`` processes) and write their content
    hashes to ``out`` (``pack.verified``: what lets ``literature daily`` serve a shipped record without
    solving it). A record whose hash ``out`` already lists (verified by an earlier build) is not verified again."""
    known = set(out.read_text(encoding="utf-8").split()) if out.exists() else set()
    done = [h for p in pack if (h := record_hash(p)) in known]
    todo = [p for p in pack if record_hash(p) not in known]
    hashes = done + list(ordered_map(_verified_hash, (p.to_json() for p in todo), workers=workers, executor=executor))
    write_atomic(out, "".join(h + "\n" for h in sorted(hashes)), force=True)


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m puzzles.pack_build``: mine games and write the built-in pack (see ``docs/puzzles.md``);
    ``--verify`` only verifies the current pack and rewrites ``pack.verified`` beside it; ``--players``
    and ``--levels`` only mine games for those (into ``--cache``, to be chosen from with ``--also``)."""
    parser = argparse.ArgumentParser(description="Rebuild the built-in puzzle pack.")
    parser.add_argument("--games", type=int, default=660, help="simulated games to mine")
    parser.add_argument("--size", type=int, default=3300, help="puzzles to keep at most")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1, help="worker processes")
    parser.add_argument("--logs", type=Path, nargs="*", default=[Path(p) for p in DEFAULT_LOGS])
    parser.add_argument("--cache", type=Path, help="folder keeping each mined game (a rerun resumes)")
    parser.add_argument("--also", type=Path, nargs="*", default=[],
                        help="more cache folders to choose from (games mined by another run, another --seed)")
    parser.add_argument("--regrade", action="store_true",
                        help="explain and grade again every candidate, with the current explainer and ladder "
                             "(kept in CACHE/regraded, for --also)")
    parser.add_argument("--relevel", type=Path, nargs="*", default=[],
                        help="more cache folders whose candidates the current explainer mined before the ladder: "
                             "graded again on it without explaining them again")
    parser.add_argument("--from-pack", type=Path, nargs="*", default=[],
                        help="pack files (pack.zip) whose games and puzzles are candidates too")
    parser.add_argument("--dask", metavar="ADDRESS",
                        help="run the games on the Dask cluster whose scheduler is at ADDRESS "
                             "(tcp://host:8786; needs the 'cluster' extra) instead of --workers processes")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "data" / PACK)
    parser.add_argument("--verify", action="store_true", help="only verify the pack and rewrite pack.verified")
    parser.add_argument("--relevel-pack", action="store_true",
                        help="only grade the shipped pack's puzzles again on the current ladder, draw the daily "
                             "schedule again and rewrite the pack and pack.verified (the same puzzles)")
    parser.add_argument("--explain-pack", action="store_true",
                        help="only explain the shipped pack's puzzles again (each with its level's rungs), grade "
                             "them on the current ladder, draw the daily schedule again and rewrite the pack and "
                             "pack.verified (a puzzle that cannot be explained within its level is dropped)")
    parser.add_argument("--reword-pack", action="store_true",
                        help="only put the shipped pack's explanations in the current explainer's words where "
                             "nothing but the words changed (the same puzzles, levels and daily schedule), and "
                             "rewrite the pack and pack.verified")
    parser.add_argument("--extend", action="store_true",
                        help="keep every puzzle of the pack at --out and its daily schedule, and add puzzles of the "
                             "--also folders up to --size, filling the holes first (a level under 8%% of a table, "
                             "claims under 5%% of a level)")
    parser.add_argument("--mine-only", action="store_true",
                        help="only mine the games into --cache (no pack written; for --also)")
    parser.add_argument("--players", type=int, choices=(6, 8),
                        help="a focused run: only games at this table, mined into --cache (no pack written)")
    parser.add_argument("--levels", type=int, nargs="+", choices=list(LEVELS),
                        help="a focused run: only these levels, searched where they occur")
    parser.add_argument("--kinds", nargs="+", choices=list(KINDS), default=list(KINDS),
                        help="a focused run: only questions of these kinds (claim puzzles are rare at some levels)")
    parser.add_argument("--viewers", type=int, default=FOCUS_VIEWERS,
                        help="a focused run: seats mined in each game (one gives fewer near-duplicates a game)")
    args = parser.parse_args(argv)
    focused = args.players is not None or args.levels is not None
    spec: Callable[[int, int], GameSpec] = pack_spec
    if (focused or args.mine_only) and args.cache is None:
        parser.error("a run that only mines (--players, --levels, --mine-only) needs --cache")
    if focused:
        spec = functools.partial(focus_spec, players=args.players or 8, levels=tuple(args.levels or (6,)),
                                 viewers=args.viewers, kinds=tuple(args.kinds))
        args.logs = []
    verified_path = args.out.with_name(VERIFIED_LIST)
    with contextlib.ExitStack() as stack:
        executor = stack.enter_context(_dask_executor(parser, args.dask)) if args.dask else None
        _build(args, spec, focused, verified_path, executor)


def _build(args: argparse.Namespace, spec: Callable[[int, int], GameSpec], focused: bool, verified_path: Path,
           executor: Executor | None) -> None:
    from puzzles.daily import schedule

    if args.verify:
        write_verified(load_pack(), verified_path, workers=args.workers, executor=executor)
        return
    if args.explain_pack:
        started = time.perf_counter()
        content, moved, dropped = explain_pack(read_stored(args.out), workers=args.workers, executor=executor)
        write_pack(content, args.out)
        stored = [Puzzle.from_json(expand(e, content["games"])) for e in content["puzzles"]]
        write_verified(stored, verified_path, workers=args.workers, executor=executor)
        print(json.dumps({"seconds": round(time.perf_counter() - started), "dropped": dropped,
                          "moved": [f"{pid} {old}->{new}" for pid, old, new in moved]} | histogram(stored)),
              flush=True)
        return
    if args.reword_pack:
        content, reworded, kept = reword_pack(read_stored(args.out), workers=args.workers, executor=executor)
        write_pack(content, args.out)
        stored = [Puzzle.from_json(expand(e, content["games"])) for e in content["puzzles"]]
        write_verified(stored, verified_path, workers=args.workers, executor=executor)
        print(json.dumps({"reworded": len(reworded), "argued otherwise now, kept as stored": kept}), flush=True)
        return
    if args.relevel_pack:
        content, moved = relevel_pack(load_compact())
        write_pack(content, args.out)
        stored = [Puzzle.from_json(expand(e, content["games"])) for e in content["puzzles"]]
        write_verified(stored, verified_path, workers=args.workers, executor=executor)
        print(json.dumps({"moved": [f"{pid} {old}->{new}" for pid, old, new in moved]} | histogram(stored)),
              flush=True)
        return
    if args.extend:
        _extend(args, verified_path, executor)
        return
    started = time.perf_counter()
    mined = [_cached(args.cache, f"log-{path.stem}", functools.partial(mine_log, path)) for path in args.logs]
    cached = _read_cache(args.cache)
    mined.extend(cached)
    games = mine(args.games, args.seed, workers=args.workers, executor=executor, first=len(cached), spec=spec)
    for index, game in enumerate(games, start=len(cached) + 1):
        mined.append(game)
        _write_cache(args.cache, index, game)
        if game.error:
            print(f"skipped {game.error}", file=sys.stderr, flush=True)
        total = sum(len(m.puzzles) for m in mined)
        print(f"game {index}/{args.games}: {total} candidates, {time.perf_counter() - started:.0f} s",
              file=sys.stderr, flush=True)
    if focused or args.mine_only:
        found = [p for m in mined for p in m.puzzles]
        print(json.dumps({"games": len(mined), "candidates": len(found)} | histogram(found)), flush=True)
        return
    for folder in args.also:
        mined.extend(_read_cache(folder))
    for pack in args.from_pack:
        mined.extend(read_pack_games(pack))
    for folder in args.relevel:
        mined.extend(relevel_candidates(_read_cache(folder)))
    if args.regrade:
        mined = explain_candidates_again(mined, workers=args.workers, executor=executor)
        for index, game in enumerate(mined, start=1):
            _write_cache(args.cache / "regraded" if args.cache else None, index, game)
        if args.cache is not None and args.games == 0 and not args.logs:
            print(json.dumps({"regraded": len(mined)} | histogram([p for m in mined for p in m.puzzles])), flush=True)
            return  # only regraded into CACHE/regraded, for --also
    chosen = select(mined, args.size, seed=args.seed)
    chosen = both_agree(chosen, workers=args.workers)
    daily = schedule(chosen)
    content = compact(mined, chosen, daily)
    write_pack(content, args.out)
    stored = [Puzzle.from_json(expand(e, content["games"])) for e in content["puzzles"]]
    write_verified(stored, verified_path, workers=args.workers, executor=executor)
    report = {"puzzles": len(chosen), "games": len({group_key(p).split("@")[0] for p in chosen}),
              "bytes": args.out.stat().st_size} | histogram(chosen)
    print(json.dumps(report), flush=True)


def _extend(args: argparse.Namespace, verified_path: Path, executor: Executor | None) -> None:
    """``--extend``: the pack at ``--out`` with puzzles of the ``--also`` folders added (:func:`extend`), the
    additions checked by the second solver, the daily schedule kept, ``pack.verified`` extended."""
    content = read_stored(args.out)
    pack = [Puzzle.from_json(expand(entry, content["games"])) for entry in content["puzzles"]]
    mined = [game for folder in args.also for game in _read_cache(folder)]
    grown = extend(pack, mined, args.size)
    added = both_agree(grown[len(pack):], workers=args.workers, executor=executor)
    chosen = pack + added
    games = read_pack_games(args.out) + mined
    write_pack(compact(games, chosen, content["daily"]), args.out)
    written = read_stored(args.out)
    stored = [Puzzle.from_json(expand(e, written["games"])) for e in written["puzzles"]]
    write_verified(stored, verified_path, workers=args.workers, executor=executor)
    print(json.dumps({"puzzles": len(chosen), "added": len(added), "holes": holes(chosen)} | histogram(chosen)),
          flush=True)


DASK_TIMEOUT = 30
"""Seconds to wait for a Dask scheduler to answer."""


@contextlib.contextmanager
def _dask_executor(parser: argparse.ArgumentParser, address: str) -> Iterator[Executor]:
    """The ``concurrent.futures`` executor of the Dask cluster whose scheduler is at ``address``
    (``distributed.Client.get_executor()``: :func:`puzzles.executor.ordered_map` hands it the games);
    the client is closed after the block."""
    try:
        from distributed import Client
    except ImportError:
        parser.error("--dask needs Dask: pip install 'literature[cluster]'")
    try:
        client = Client(address, timeout=DASK_TIMEOUT)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as error:
        parser.error(f"--dask: no Dask scheduler at {address}: {error}")
    try:
        executor: Executor = client.get_executor()  # type: ignore[no-untyped-call]
        yield executor
    finally:
        client.close()  # type: ignore[no-untyped-call]


def _cached(folder: Path | None, name: str, work: Callable[[], MinedGame]) -> MinedGame:
    path = folder / f"{name}.json" if folder is not None else None
    if path is not None and path.exists():
        return _read_game(path)
    game = work()
    if path is not None:
        write_atomic(path, json.dumps({"log": game.log, "puzzles": json.loads(dump_puzzles(game.puzzles)),
                                       "cpu": game.cpu}))
    return game


def _read_game(path: Path) -> MinedGame:
    data = json.loads(path.read_text(encoding="utf-8"))
    found = puzzles_from_json(data["puzzles"], str(path)) if data["puzzles"]["puzzles"] else []
    return MinedGame(data["log"], tuple(found), data.get("cpu", 0.0), data.get("error", ""))


def _read_cache(folder: Path | None) -> list[MinedGame]:
    if folder is None or not folder.exists():
        return []
    return [_read_game(path) for path in sorted(folder.glob("game-*.json"))]


def _write_cache(folder: Path | None, index: int, game: MinedGame) -> None:
    if folder is not None:
        data = {"log": game.log, "puzzles": json.loads(dump_puzzles(game.puzzles)), "cpu": game.cpu,
                "error": game.error}
        write_atomic(folder / f"game-{index:05d}.json", json.dumps(data), force=True)


if __name__ == "__main__":
    main()
