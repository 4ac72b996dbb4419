"""A worksheet's puzzles picked from the built-in pack: short to print, the kinds mixed, the same for a seed.

``literature generate`` (and a worksheet asked for in a browser) takes its
puzzles from the pack (:func:`pick`) instead of mining fresh games: the pack
already holds thousands of checked puzzles of every level, and picking from
it takes a second where mining a level-6 set took minutes.

A sheet prints each history with the moves no step needs folded away
(:func:`folded`): every move about the asked set(s), every move a step of the
explanation cites and every claim stay; runs of other asks fold into one line.
:func:`printed_lines` estimates how tall a puzzle prints, and :func:`pick`
takes, for each level and kind, only puzzles short enough for a sheet (the
shortest :data:`SHORTLIST` when few are), shuffled by the seed, one per game.
The kinds are mixed as :meth:`~puzzles.generate.Request.kind_quotas` asks
(about 4 locate, 3 claim, 3 certain in 10); where the pack has too few of a
kind the others fill in, and :attr:`Picked.short` says where.

    >>> from puzzles.request import Request
    >>> picked = pick(Request(count=10, levels=(3,), seed=1))
    >>> len(picked.puzzles), picked.kinds(), picked.short
    (10, {'locate': 4, 'claim': 3, 'certain': 3}, ())
    >>> pick(Request(count=10, levels=(3,), seed=1)).puzzles == picked.puzzles  # the same seed, the same sheet
    True
    >>> pick(Request(count=10, levels=(3,), seed=2)).puzzles == picked.puzzles
    False
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from puzzles.model import KINDS, RECALL, SCHEMA_VERSION, Puzzle, is_recall
from puzzles.request import GenerationError, Request
from puzzles.variety import compatible, moment
from trainer.game.events import Ask

FOLD_AFTER = 24
"""A history longer than this many events folds the moves no step needs (:func:`folded`) ..."""

FOLD_RUN = 2
"""... in runs of at least this many moves (one line each)."""

TWO_COLUMNS = 24
"""A printed history longer than this many rows is printed in two columns."""

BRIEF_LINES = 14
"""What a puzzle prints besides its history, in history rows: heading, who you are, hand, hand sizes, question,
room for the answer."""

MAX_LINES = 48
"""The tallest puzzle a sheet takes (in history rows, :func:`printed_lines`) while enough shorter ones are left:
ten of them fill at most five pages."""

SHEET_LINES = 36
"""What a sheet's puzzles may print on average (in history rows, :func:`printed_lines`): the tallest are swapped
for shorter ones of their level and kind until they fit, so that ten print in at most six pages (A4 or Letter;
about 70 rows a page, a puzzle's break kept off the page)."""

SHORTLIST = 12
"""When fewer puzzles of a level and kind are short enough, the shortest this many are the choice."""

MEASURED = 64
"""How many puzzles of a level and kind are measured (:func:`printed_lines`, which reads their histories): the
shortest histories first (a long history rarely folds short, and reading them all would take seconds)."""
BEGINNER_MOVES = 60
"""A sheet's puzzle of level 1 or 2 has a history of at most this many moves (a beginner reads it all)."""


def needed_moves(puzzle: Puzzle) -> set[int]:
    """The moves a step of the explanation cites: its move list (the pack checks it holds every move named)."""
    return {n for step in puzzle.explanation for n in step.events}


def folded(puzzle: Puzzle) -> list[int | tuple[int, int]]:
    """The history as a sheet prints it: event numbers, and ``(first, last)`` for a run of at least
    :data:`FOLD_RUN` moves folded into one line.

    Only a history longer than :data:`FOLD_AFTER` folds, and only asks about other sets than the
    question's that no step of the explanation cites: every move the explanation rests on is listed,
    so the puzzle stays solvable from what is shown (its explanation still holds), and every move about
    the asked set(s) is shown too, so what is shown does not point at the moves that matter.

    >>> from puzzles.examples import example_claim
    >>> folded(example_claim()) == list(range(1, len(example_claim().game.events) + 1))  # a short history
    True
    """
    events = puzzle.game.events
    if len(events) <= FOLD_AFTER or not puzzle.explanation:
        return list(range(1, len(events) + 1))
    needed = needed_moves(puzzle)
    asked = {card.half_suit for card in puzzle.question.scope}
    out: list[int | tuple[int, int]] = []
    run: list[int] = []
    for number, event in enumerate(events, start=1):
        if isinstance(event, Ask) and number not in needed and event.card.half_suit not in asked:
            run.append(number)
            continue
        out.extend([(run[0], run[-1])] if len(run) >= FOLD_RUN else run)
        run = []
        out.append(number)
    out.extend([(run[0], run[-1])] if len(run) >= FOLD_RUN else run)
    return out


@lru_cache(maxsize=16384)
def printed_lines(puzzle: Puzzle) -> int:
    """How tall the puzzle prints on a sheet, in history rows: its brief and answer room
    (:data:`BRIEF_LINES`) and its folded history, in two columns when long.

    >>> from puzzles.examples import example_claim
    >>> printed_lines(example_claim()) == BRIEF_LINES + 1 + len(example_claim().game.events)
    True
    """
    rows = len(folded(puzzle))
    return BRIEF_LINES + 1 + (rows if rows <= TWO_COLUMNS else -(-rows // 2))


@dataclass(frozen=True)
class Shortfall:
    """Fewer puzzles of ``kind`` than asked (``missing`` of them): at ``levels`` the pack has too few with the
    request's variants and table sizes; other kinds took their place."""

    kind: str
    missing: int
    levels: tuple[int, ...]


@dataclass(frozen=True)
class Picked:
    """The puzzles of a sheet (by level, the kinds mixed within each) and where a kind fell short."""

    puzzles: tuple[Puzzle, ...]
    short: tuple[Shortfall, ...] = ()

    def kinds(self) -> dict[str, int]:
        """How many puzzles of each kind (in the order of :data:`~puzzles.model.KINDS`)."""
        counts = Counter(p.question.kind for p in self.puzzles)
        return {kind: counts[kind] for kind in KINDS if counts[kind]}


def fits(puzzle: Puzzle, request: Request) -> bool:
    """Whether a pack puzzle is one ``request`` allows (its level, kind, variant, table size; recall drills
    only when asked for, explanations no longer than asked; at levels 1 and 2 a history of at most
    :data:`BEGINNER_MOVES` moves)."""
    return (puzzle.level in request.levels and puzzle.question.kind in request.kinds
            and puzzle.variant in request.variants and len(puzzle.players) in request.players
            and (request.recall or not is_recall(puzzle))
            and (request.max_explanation is None or len(puzzle.explanation) <= request.max_explanation)
            and (puzzle.level > 2 or moment(puzzle) <= BEGINNER_MOVES))


def pack_pool(request: Request) -> list[Puzzle]:
    """The pack's puzzles ``request`` allows (:func:`fits`), the :data:`MEASURED` shortest histories of each
    level and kind: only those are read (reading the whole pack takes a second or more).

    >>> from puzzles.request import Request
    >>> pool = pack_pool(Request(count=1, levels=(6,), kinds=("claim",), players=(8,)))
    >>> 0 < len(pool) <= MEASURED and all(p.level == 6 and len(p.players) == 8 for p in pool)
    True
    """
    from puzzles.files import puzzles_from_json
    from puzzles.packs import BUILT_IN, expand, load_compact

    data = load_compact()
    games = data["games"]
    variants = {v.value for v in request.variants}
    groups: dict[tuple[int, str], list[dict[str, Any]]] = {}
    for entry in data["puzzles"]:
        try:
            level, kind = entry["difficulty"]["level"], entry["question"]["kind"]
            seats = next(line for line in games[entry["game"]]["head"] if line.startswith("players:")).split()[1:]
            recall = entry["difficulty"]["name"] == RECALL
        except (KeyError, TypeError, StopIteration):
            continue  # (a damaged entry: reading it says so, should it be picked)
        if (level in request.levels and kind in request.kinds and entry.get("variant") in variants
                and len(seats) in request.players and (request.recall or not recall)
                and (request.max_explanation is None or len(entry.get("explanation", ())) <= request.max_explanation)):
            groups.setdefault((level, kind), []).append(entry)
    need = max(request.quotas().values())
    chosen = [entry for group in groups.values()
              for entry in sorted(group, key=lambda e: (e.get("events", 0), e["id"]))[: max(MEASURED, need)]]
    return puzzles_from_json({"schema": SCHEMA_VERSION, "puzzles": [expand(e, games) for e in chosen]}, BUILT_IN)


def shortlist(puzzles: Sequence[Puzzle], need: int) -> list[Puzzle]:
    """The puzzles a sheet may take of one level and kind: those at most :data:`MAX_LINES` tall, or the
    shortest :data:`SHORTLIST` (and at least ``need``) when fewer are."""
    measured = sorted(puzzles, key=lambda p: (moment(p), p.id))[:max(MEASURED, need)]
    sized = sorted(((printed_lines(p), p.id, p) for p in measured), key=lambda item: item[:2])
    short = [p for lines, _, p in sized if lines <= MAX_LINES]
    if len(short) >= max(need, SHORTLIST):
        return short
    return [p for _, _, p in sized[: max(need, SHORTLIST)]]


def pick(request: Request, pool: Sequence[Puzzle] | None = None) -> Picked:
    """``request.count`` puzzles from the pack (or ``pool``): the levels as :meth:`Request.quotas` spreads
    them, the kinds as :meth:`Request.kind_quotas` mixes them, one per game, short enough to print; the
    same for the same seed. Where a level has too few of a kind, the other kinds fill in
    (:attr:`Picked.short`); where it has too few puzzles at all, :class:`GenerationError`.
    """
    if pool is None:
        pool = pack_pool(request)
    by_level_kind: dict[tuple[int, str], list[Puzzle]] = {}
    for puzzle in pool:
        if fits(puzzle, request):
            by_level_kind.setdefault((puzzle.level, puzzle.question.kind), []).append(puzzle)
    quotas = request.quotas()
    kinds_left = request.kind_quotas()
    order = [kind for kind in KINDS if kind in kinds_left]
    chosen: list[Puzzle] = []
    lacking: dict[str, list[int]] = {}
    spare: dict[tuple[int, str], list[Puzzle]] = {}
    for level, count in sorted(quotas.items()):
        queues: dict[str, list[Puzzle]] = {}
        for kind in order:
            candidates = shortlist(by_level_kind.get((level, kind), []), count)
            random.Random(f"sheet:{request.seed}:{level}:{kind}").shuffle(candidates)
            queues[kind] = spare[level, kind] = candidates
        wanted = _kinds_for(count, kinds_left, order)
        taken: list[Puzzle] = []
        missing: list[str] = []
        for kind in wanted:
            found = _next(queues[kind], [*chosen, *taken])
            if found is None:
                missing.append(kind)
            else:
                taken.append(found)
        more = True
        while len(taken) < count and more:  # the other kinds fill in, in turn
            more = False
            for kind in order:
                if len(taken) < count and (found := _next(queues[kind], [*chosen, *taken])) is not None:
                    taken.append(found)
                    more = True
        missing_at = set(missing)
        if len(taken) < count:
            raise GenerationError(
                f"the pack holds only {len(taken)} {_describe(request, level, len(taken))} for one set (one per game), "
                f"not {count}: ask for fewer, widen the variants or table sizes, or pass --fresh to mine new ones")
        for kind in sorted(missing_at, key=order.index):
            lacking.setdefault(kind, []).append(level)
        for puzzle in taken:
            kind = puzzle.question.kind
            kinds_left[kind] = kinds_left.get(kind, 0) - 1
        chosen.extend(taken)
    _fit(chosen, spare, SHEET_LINES * len(chosen))
    got = Counter(p.question.kind for p in chosen)
    short = tuple(Shortfall(kind, n - got[kind], tuple(lacking.get(kind, ())))
                  for kind, n in request.kind_quotas().items() if got[kind] < n)
    return Picked(tuple(chosen), short)


def _fit(chosen: list[Puzzle], spare: dict[tuple[int, str], list[Puzzle]], lines: int) -> None:
    """Swap the tallest of ``chosen`` for shorter ones of their level and kind (the first of ``spare`` that may
    join) until they print in at most ``lines`` rows, or no swap is left."""
    tall = sorted(range(len(chosen)), key=lambda i: (-printed_lines(chosen[i]), chosen[i].id))
    for i in tall:
        if sum(printed_lines(p) for p in chosen) <= lines:
            return
        old = chosen[i]
        others = chosen[:i] + chosen[i + 1:]
        queue = spare[old.level, old.question.kind]
        better = next((p for p in queue if printed_lines(p) < printed_lines(old) and compatible(p, others)), None)
        if better is not None:
            queue.remove(better)
            chosen[i] = better


def _kinds_for(count: int, left: dict[str, int], order: Sequence[str]) -> list[str]:
    """The kinds of a level's ``count`` puzzles: each time the kind most still wanted (ties in ``order``).

    >>> _kinds_for(4, {"locate": 4, "claim": 3, "certain": 3}, KINDS)
    ['locate', 'claim', 'certain', 'locate']
    """
    left = dict(left)
    kinds: list[str] = []
    for _ in range(count):
        kind = max(order, key=lambda k: (left.get(k, 0), -kinds.count(k), -order.index(k)))
        kinds.append(kind)
        left[kind] = left.get(kind, 0) - 1
    return kinds


def _next(queue: list[Puzzle], chosen: Sequence[Puzzle]) -> Puzzle | None:
    """The first puzzle of ``queue`` that may join ``chosen`` (taken off the queue), or ``None``."""
    while queue:
        puzzle = queue.pop(0)
        if compatible(puzzle, chosen):
            return puzzle
    return None


def _describe(request: Request, level: int, count: int) -> str:
    what = f"level-{level} puzzle" + ("" if count == 1 else "s")
    if tuple(request.kinds) != KINDS:
        what += f" ({'/'.join(request.kinds)})"
    if len(request.variants) == 1:
        what += f" of {request.variants[0].value}"
    if len(request.players) == 1:
        what += f" at {request.players[0]} players"
    return what
