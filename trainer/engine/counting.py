"""Exact counting of the deals consistent with a history.

The problem splits as the design notes say:

1. **One constraint problem per half-suit.** Its variables are the dealt
   holders of the set's cards that are not pinned; its constraints are the
   exclusions and the "holds one of" facts about that set. python-constraint
   enumerates the solutions, which are summarised by how many cards each
   player got (a *class*), with, per class, how often each card went to each
   player. Tables are cached: an event changes only one set's problem.
2. **Hand sizes tie the sets together.** A dynamic programme over the sets,
   whose state is the vector of cards given to each player so far, combines
   the tables; the cards of untouched sets (every player but the viewer still
   possible, no other fact) are interchangeable and are counted at the end
   with one multinomial coefficient. A backward pass gives, for every card
   and player, the exact number of deals that put the card there.

Vectors are packed into integers, eight bits per player, so adding two
vectors is one integer addition and checking bounds is one mask.

    >>> from math import comb
    >>> c = count_deals(Problem(players=("A", "B"), capacity=(1, 1), free=2, sets=()))
    >>> c.total
    2
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb, factorial, prod
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from trainer.engine.boxes import box_sums
from trainer.engine.tables import SolvedSet, solve_set

if TYPE_CHECKING:
    from trainer.engine.factored import Factored
    from trainer.engine.sweep import Sweep

BITS = 8
FIELD = (1 << BITS) - 1
HALF = 1 << (BITS - 1)


@dataclass(frozen=True)
class SetProblem:
    """One half-suit's local problem: card codes, the allowed players of each
    (as indices into the problem's players) and "holds one of" facts
    (player index, card positions)."""

    cards: tuple[str, ...]
    domains: tuple[tuple[int, ...], ...]
    holds_one_of: tuple[tuple[int, tuple[int, ...]], ...]


@dataclass(frozen=True)
class SetTable:
    """The solutions of a :class:`SetProblem`, grouped by class.

    ``classes`` holds ``(packed vector, solutions, per_card)`` where
    ``per_card[i][p]`` counts the solutions of the class giving card ``i`` to
    player ``p``.
    """

    cards: tuple[str, ...]
    classes: tuple[tuple[int, int, tuple[tuple[int, ...], ...]], ...]
    solutions: int


@dataclass(frozen=True)
class Problem:
    """The whole deal: players (the dimensions), how many unknown cards each
    still has room for, the number of interchangeable free cards, and one
    local problem per constrained set."""

    players: tuple[str, ...]
    capacity: tuple[int, ...]
    free: int
    sets: tuple[SetProblem, ...]


@dataclass(frozen=True)
class Counts:
    """Exact counts: ``total`` consistent deals; ``per_card[code][p]`` of them
    deal the card to player index ``p``; ``free_per_player[p]`` the same for
    any one free card."""

    total: int
    per_card: dict[str, tuple[int, ...]]
    free_per_player: tuple[int, ...]


def pack(vector: Sequence[int]) -> int:
    """Pack a small non-negative vector, eight bits per entry.

    >>> unpack(pack([3, 0, 7]), 3)
    (3, 0, 7)
    """
    value = 0
    for i, x in enumerate(vector):
        value |= x << (BITS * i)
    return value


def unpack(value: int, n: int) -> tuple[int, ...]:
    """The inverse of :func:`pack`."""
    return tuple((value >> (BITS * i)) & FIELD for i in range(n))


@lru_cache(maxsize=4096)
def solved(problem: SetProblem, n: int) -> SolvedSet:
    """A set's local problem solved with arrays (:mod:`trainer.engine.tables`), cached: an event
    changes only one set's problem, so consecutive positions share the others."""
    return solve_set(problem.domains, problem.holds_one_of, n)


@lru_cache(maxsize=4096)
def set_table(problem: SetProblem, n: int) -> SetTable:
    """A set's local problem solved and grouped by class, as Python integers.

    >>> set_table(SetProblem(("X", "Y"), ((0, 1), (1,)), ()), 2).classes  # X with player 0 or 1, Y with 1
    ((257, 1, ((1, 0), (0, 1))), (512, 1, ((0, 1), (0, 1))))

    A card no player can hold (an empty domain) leaves no solution:

    >>> set_table(SetProblem(("2H", "3H"), ((0, 1), ()), ()), 2).solutions
    0
    """
    table = solved(problem, n)
    classes = tuple(
        (pack(vector), int(count), tuple(tuple(int(x) for x in row) for row in cells))
        for vector, count, cells in zip(table.vectors.tolist(), table.solutions, table.cells, strict=True)
    )
    return SetTable(problem.cards, classes, int(table.solutions.sum()))


def search_table(problem: SetProblem, n: int) -> SetTable:
    """:func:`set_table` by a constraint search (python-constraint): the slow reference the tests compare with."""
    import constraint  # here, not at the top: only the tests' reference search needs python-constraint

    names = problem.cards
    if not all(problem.domains):
        return SetTable(names, (), 0)
    solver = constraint.Problem()
    for name, domain in zip(names, problem.domains, strict=True):
        solver.addVariable(name, list(domain))
    for player, positions in problem.holds_one_of:
        solver.addConstraint(constraint.SomeInSetConstraint({player}), [names[i] for i in positions])
    classes: dict[int, list[int]] = {}
    per_card: dict[int, list[list[int]]] = {}
    total = 0
    shifts = [1 << (BITS * p) for p in range(n)]
    for solution in solver.getSolutionIter():
        holders = [solution[name] for name in names]
        key = sum(shifts[p] for p in holders)
        entry = classes.get(key)
        if entry is None:
            entry = classes[key] = [0]
            per_card[key] = [[0] * n for _ in names]
        entry[0] += 1
        rows = per_card[key]
        for i, p in enumerate(holders):
            rows[i][p] += 1
        total += 1
    packed = tuple(
        (key, classes[key][0], tuple(tuple(row) for row in per_card[key])) for key in sorted(classes)
    )
    return SetTable(names, packed, total)


def _bounds(capacity: Sequence[int], lower: Sequence[int]) -> tuple[int, int, int]:
    """Masks testing ``u <= capacity`` (``(u + over) & high == 0``) and then, for such
    ``u``, ``lower <= u`` (``(u + under) & high == high``) on packed vectors."""
    over = pack([HALF - 1 - c for c in capacity])
    under = pack([HALF - lo for lo in lower])
    high = pack([HALF] * len(capacity))
    return over, under, high


def _ways(rest: Sequence[int], fact: Sequence[int], without: int | None = None) -> int:
    """Ways to deal the free cards so each player gets ``rest[p]`` of them (one fewer for
    ``without``, whose count is for one particular free card going to that player)."""
    ways = fact[sum(rest) - (without is not None)]
    for p, r in enumerate(rest):
        ways //= fact[r - 1] if p == without else fact[r]
    return ways


def _back_step(states: Iterable[int], pairs: Sequence[tuple[int, int]], after: dict[int, int]) -> dict[int, int]:
    """One step of the backward pass: completions of each state through one table."""
    before: dict[int, int] = {}
    for u in states:
        acc = 0
        for v, tv in pairs:
            b = after.get(u + v)
            if b:
                acc += tv * b
        if acc:
            before[u] = acc
    return before


def count_deals(problem: Problem) -> Counts:
    """Count the consistent deals exactly, and the deals per card and player."""
    return Counter(problem).counts()


SMALL = 10_000  # forward state-class pairs up to which the plain Python pass is the quicker (measured)
EXACT = 1024  # assignments of a set's cards up to which choosing a pass solves the set for its classes


def _small(problem: Problem) -> bool:
    """Whether an upper bound on the plain Python pass's work is at most :data:`SMALL` state-class pairs
    (each layer has at most the product of the class counts before it, each at most
    :func:`shape` says)."""
    work, states = 0, 1
    for classes in sorted(shape(s, len(problem.players)).classes for s in problem.sets):
        work += states * classes
        states *= classes
        if work > SMALL:
            break
    return work <= SMALL


class Shape(NamedTuple):
    """At most how many classes a set's table has, and at most how many of its cards each player gets."""

    classes: int
    most: tuple[int, ...]


@lru_cache(maxsize=4096)
def shape(problem: SetProblem, n: int) -> Shape:
    """A set's :class:`Shape`, to choose a pass by: exact (the set :func:`solved`) where its cards have at
    most :data:`EXACT` assignments; else bounds that need no solving (early on, with every player
    possible, solving one set of six cards among eight players, 8^6 assignments, takes longer than
    many a whole pass): a player gets at most the cards they may hold, and at least one if they hold
    one of some; the classes (how many each gets) are at most the vectors within those bounds that
    share out all the cards (:func:`~trainer.engine.boxes.box_sums`), and at most the assignments.

    >>> everyone = SetProblem(tuple("ABCDEF"), ((0, 1, 2, 3, 4, 5, 6, 7),) * 6, ())
    >>> shape(everyone, 8).classes  # 8^6 assignments; C(13, 6) ways to share six cards among eight
    1716
    >>> # players 0 and 1 hold one of two of them: at least one each, C(11, 4) ways to share the rest
    >>> shape(SetProblem(everyone.cards, everyone.domains, ((0, (0, 1)), (1, (2, 3)))), 8).classes
    330
    >>> shape(SetProblem(("X", "Y"), ((0, 1), (1,)), ()), 2)  # solved: X with 0 or 1, Y with 1
    Shape(classes=2, most=(1, 2))
    """
    assignments = prod(len(domain) for domain in problem.domains)
    if assignments <= EXACT:
        table = solved(problem, n)
        most = table.vectors.max(axis=0).tolist() if len(table.solutions) else [0] * n
        return Shape(len(table.solutions), tuple(most))
    k = len(problem.cards)
    most = [sum(p in domain for domain in problem.domains) for p in range(n)]
    least = [int(any(p == q for q, _ in problem.holds_one_of)) for p in range(n)]
    vectors = box_sums(np.array([least], np.int64), np.array([most], np.int64), k)[0, k]
    return Shape(min(assignments, round(vectors)), tuple(most))


SWEEP_QUICK = 300_000  # state-class pairs the sweep may try (about 20 ms) while the compiled code is not loaded
SWEEP_GRID = 1_000_000  # hand-size vectors up to which the sweep's states stay few (6 players; 8 late on)
SWEEP_RATIO = 0.5  # there, the sweep runs if its work's bound is below this share of the factored pass's estimate
KERNELS = "trainer.engine.kernels"  # the factored pass's compiled code: half a second to load, once a process


def full_pass(problem: Problem) -> Counter | Sweep | Factored:
    """The exact counts of ``problem``, by the pass likely to be the quickest.

    The Python :class:`Counter` for a small problem (no array overhead); else the
    :class:`~trainer.engine.factored.Factored` pass, whose work grows with the players a set
    names, not with all of them, unless :class:`~trainer.engine.sweep.Sweep` is likely the
    quicker: where there are at most :data:`SWEEP_GRID` vectors of hand sizes (few players, or
    small hands: hand sizes prune the sweep's states) and a bound on the sweep's work
    (:func:`~trainer.engine.sweep.sweep_work`) is below :data:`SWEEP_RATIO` times the factored
    pass's estimated work; or if it finishes within :data:`SWEEP_QUICK` state-class pairs while the
    factored pass's compiled code is not loaded (half a second, once a process: a one-off command
    on a late position does not pay it). Each gives ``total`` at once and ``counts()`` on demand.

    >>> full_pass(Problem(players=("A", "B"), capacity=(1, 1), free=2, sets=())).total
    2
    """
    return _pass(problem, per_card=True)


def _pass(problem: Problem, per_card: bool) -> Counter | Sweep | Factored:
    """:func:`full_pass`; without ``per_card`` only the total is wanted, the factored pass's forward
    half (a third of its work or less), so the sweep is only tried while the compiled code is not loaded."""
    if _small(problem):
        return Counter(problem)
    from trainer.engine.factored import Factored, plan  # they import this module
    from trainer.engine.sweep import Sweep, sweep_work

    few = prod(c + 1 for c in problem.capacity) <= SWEEP_GRID
    if per_card and few and sweep_work(problem) < SWEEP_RATIO * plan(problem)[1]:
        return Sweep(problem)  # its work is at most that bound: no budget needed
    if KERNELS not in sys.modules:
        sweep = Sweep(problem, budget=SWEEP_QUICK)
        if sweep.finished:
            return sweep
    return Factored(problem, per_card)


class OverBudget(Exception):
    """A :class:`Counter` given a budget needed more steps than that."""


class Counter:
    """The forward pass runs at once and gives :attr:`total`; the per-card
    counts (a backward pass) are computed only when :meth:`counts` is called.
    With a ``budget``, the forward pass stops with :class:`OverBudget` after
    about that many steps."""

    def __init__(self, problem: Problem, budget: int | None = None):
        self.problem = problem
        n = self.n = len(problem.players)
        self.total = 0
        self.tables: list[SetTable] = []
        self.layers: list[dict[int, int]] = []
        self.end: dict[int, int] = {}
        self._counts: Counts | None = None
        capacity = problem.capacity
        if any(c < 0 or c >= HALF - 6 for c in capacity):
            return
        tables = sorted((set_table(s, n) for s in problem.sets), key=lambda t: len(t.classes))
        if any(t.solutions == 0 for t in tables):
            return
        self.tables = tables
        # most each player can still receive after table k: prunes states that cannot fill up
        room_after: list[list[int]] = [[0] * n for _ in range(len(tables) + 1)]
        room_after[len(tables)] = [problem.free] * n
        for k in range(len(tables) - 1, -1, -1):
            best = [0] * n
            for key, _, _ in tables[k].classes:
                for p, x in enumerate(unpack(key, n)):
                    best[p] = max(best[p], x)
            room_after[k] = [a + b for a, b in zip(room_after[k + 1], best, strict=True)]
        layers: list[dict[int, int]] = [{0: 1}]
        for k, table in enumerate(tables):
            lower = [max(0, c - r) for c, r in zip(capacity, room_after[k + 1], strict=True)]
            over, under, high = _bounds(capacity, lower)
            following: dict[int, int] = {}
            get = following.get
            pairs = [(v, tv) for v, tv, _ in table.classes]
            if budget is not None:
                budget -= len(layers[-1]) * len(pairs)
                if budget < 0:
                    raise OverBudget
            for u, fu in layers[-1].items():
                for v, tv in pairs:
                    w = u + v
                    if (w + over) & high or (w + under) & high != high:
                        continue
                    following[w] = get(w, 0) + fu * tv
            layers.append(following)
            if not following:
                return
        self.layers = layers
        free = problem.free
        self.fact = fact = [factorial(i) for i in range(free + 1)]
        for u in layers[-1]:
            rest = self.remaining(u)
            if sum(rest) == free and min(rest, default=0) >= 0:
                self.end[u] = _ways(rest, fact)
        self.total = sum(layers[-1][u] * w for u, w in self.end.items())

    def remaining(self, u: int) -> tuple[int, ...]:
        """Room each player has left for free cards after the partial deal ``u``."""
        return unpack(pack(self.problem.capacity) - u, self.n)

    def counts(self) -> Counts:
        """Per card and player, the number of consistent deals giving the card to the player."""
        if self._counts is None:
            self._counts = self._marginals()
        return self._counts

    def _marginals(self) -> Counts:
        n, tables, layers = self.n, self.tables, self.layers
        if self.total == 0:
            return Counts(0, {}, (0,) * n)
        # backward pass: back[k][u] = completions of a partial deal u after k tables
        back: list[dict[int, int]] = [{} for _ in layers]
        back[-1] = self.end
        for k in range(len(tables) - 1, -1, -1):
            back[k] = _back_step(layers[k], [(v, tv) for v, tv, _ in tables[k].classes], back[k + 1])
        per_card: dict[str, tuple[int, ...]] = {}
        for k, table in enumerate(tables):
            nxt = back[k + 1]
            start = [(u, fu) for u, fu in layers[k].items() if u in back[k]]
            totals = [[0] * n for _ in table.cards]
            for v, _, rows in table.classes:
                weight = 0
                for u, fu in start:
                    b = nxt.get(u + v)
                    if b:
                        weight += fu * b
                if weight:
                    for i, row in enumerate(rows):
                        acc = totals[i]
                        for p, x in enumerate(row):
                            if x:
                                acc[p] += weight * x
            for name, acc in zip(table.cards, totals, strict=True):
                per_card[name] = tuple(acc)
        free, fact = self.problem.free, self.fact
        free_per_player = [0] * n
        if free:
            for u in self.end:
                rest = self.remaining(u)
                for p, r in enumerate(rest):
                    if r:
                        free_per_player[p] += layers[-1][u] * _ways(rest, fact, without=p)
        return Counts(self.total, per_card, tuple(free_per_player))


def special_players(problem: SetProblem, n: int) -> frozenset[int]:
    """The dimensions a set's problem does not treat like every other: missing from
    some card's domain, or named by a "holds one of" fact."""
    special = {p for p in range(n) for domain in problem.domains if p not in domain}
    special |= {p for p, _ in problem.holds_one_of}
    return frozenset(special)


def count_total(problem: Problem) -> int:
    """Only the number of consistent deals: the same as ``Counter(problem).total``, faster.

    A small problem takes the :class:`Retiring` pass: players are *retired* as
    soon as no set still to be combined treats them specially, merged into one
    dimension (a bucket), the state's weight taking the binomial coefficient of
    the split. A larger one takes the forward half of an array pass, chosen as
    :func:`full_pass` chooses, but for the total alone.

    >>> count_total(Problem(players=("A", "B", "C"), capacity=(2, 1, 1), free=4, sets=()))
    12
    """
    if _small(problem):
        return Retiring(problem).total
    return _pass(problem, per_card=False).total  # the forward half of either array pass


class Retiring:
    """The forward pass with retired players merged into a bucket; players in ``keep``
    are never retired, so :meth:`column` can give their exact per-card counts. With a
    ``budget``, it stops with :class:`OverBudget` once it has tried more state-class pairs."""

    def __init__(self, problem: Problem, keep: frozenset[int] = frozenset(), budget: int | None = None):
        self.problem = problem
        n = self.n = len(problem.players)
        capacity = list(problem.capacity)
        self.total = 0
        # steps: ("table", table, pairs, layer before) or ("merge", d, bucket, capacity before, layer before)
        self.steps: list[tuple[object, ...]] = []
        self.layer: dict[int, int] = {}
        self.capacity = capacity
        self.work = 0  # state-class pairs tried by the forward pass
        if any(c < 0 or c >= HALF - 6 for c in capacity):
            return
        pending = [(set_table(s, n), special_players(s, n)) for s in problem.sets]
        if any(t.solutions == 0 for t, _ in pending):
            return
        bucket = next((d for d in range(n) if d not in keep and not any(d in sp for _, sp in pending)), None)
        retired: set[int] = set() if bucket is None else {bucket}
        layer: dict[int, int] = {0: 1}
        while pending:
            uses = [sum(d in sp for _, sp in pending) for d in range(n)]
            pick = max(
                range(len(pending)),
                key=lambda i: (sum(uses[d] == 1 for d in pending[i][1]), -len(pending[i][0].classes)),
            )
            table, _ = pending.pop(pick)
            over, _, high = _bounds(capacity, [0] * n)
            mask = pack([0 if d not in retired or d == bucket else FIELD for d in range(n)])
            pairs = [(v, tv) for v, tv, _ in table.classes if not v & mask]
            following: dict[int, int] = {}
            get = following.get
            self.work += len(layer) * len(pairs)
            if budget is not None and self.work > budget:
                raise OverBudget
            for u, fu in layer.items():
                for v, tv in pairs:
                    w = u + v
                    if (w + over) & high:
                        continue
                    following[w] = get(w, 0) + fu * tv
            self.steps.append(("table", table, pairs, layer))
            layer = following
            if not layer:
                return
            leaving = [
                d for d in range(n) if d not in retired and d not in keep and not any(d in sp for _, sp in pending)
            ]
            for d in leaving:
                if bucket is None:
                    bucket = d
                    retired.add(d)
                    continue
                self.steps.append(("merge", d, bucket, tuple(capacity), layer))
                layer = _merge(layer, d, bucket, capacity)
                capacity[bucket] += capacity[d]
                capacity[d] = 0
                retired.add(d)
        self.layer = layer
        free = problem.free
        self.fact = fact = [factorial(i) for i in range(free + 1)]
        cap_packed = pack(capacity)
        self.end: dict[int, int] = {}
        for u in layer:
            rest = unpack(cap_packed - u, n)
            if sum(rest) == free:
                self.end[u] = _ways(rest, fact)
        self.total = sum(layer[u] * w for u, w in self.end.items())

    def column(self, player: int) -> tuple[dict[str, int], int]:
        """Per card of the constrained sets, the deals giving it to ``player`` (who must
        have been kept), and the same for any one free card."""
        n = self.n
        per_card: dict[str, int] = {}
        if self.total == 0:
            return per_card, 0
        back = self.end
        for step in reversed(self.steps):
            if step[0] == "merge":
                _, d, bucket, capacity, before = step
                assert isinstance(d, int) and isinstance(bucket, int) and isinstance(capacity, tuple)
                assert isinstance(before, dict)
                shift_d, shift_b = BITS * d, BITS * bucket
                earlier: dict[int, int] = {}
                for u in before:
                    ud = (u >> shift_d) & FIELD
                    ub = (u >> shift_b) & FIELD
                    b = back.get(u - (ud << shift_d) + (ud << shift_b))
                    if b:
                        earlier[u] = b * comb(capacity[d] - ud + capacity[bucket] - ub, capacity[d] - ud)
                back = earlier
                continue
            _, table, pairs, before = step
            assert isinstance(table, SetTable) and isinstance(pairs, list) and isinstance(before, dict)
            totals = [0] * len(table.cards)
            for v, _, rows in table.classes:
                if not any(row[player] for row in rows):
                    continue
                weight = 0
                for u, fu in before.items():
                    b = back.get(u + v)
                    if b:
                        weight += fu * b
                if weight:
                    for i, row in enumerate(rows):
                        totals[i] += weight * row[player]
            per_card.update(zip(table.cards, totals, strict=True))
            back = _back_step(before, pairs, back)
        free = self.problem.free
        free_count = 0
        if free:
            cap_packed = pack(self.capacity)
            for u in self.end:
                rest = unpack(cap_packed - u, n)
                if rest[player]:
                    free_count += self.layer[u] * _ways(rest, self.fact, without=player)
        return per_card, free_count


def marginals(problem: Problem) -> Counts:
    """The same as ``Counter(problem).counts()``: one retiring pass per player kept active
    when players retire early enough to pay for it, else the full pass of :class:`Counter`."""
    n = len(problem.players)
    probe = Retiring(problem)
    try:
        return Counter(problem, budget=n * probe.work + 1000).counts()
    except OverBudget:
        return retiring_marginals(problem)


def retiring_marginals(problem: Problem) -> Counts:
    """Per-card counts from one :class:`Retiring` pass per player, that player kept active."""
    n = len(problem.players)
    per_card: dict[str, list[int]] = {}
    free_per_player = [0] * n
    total = count_total(problem)
    for player in range(n):
        run = Retiring(problem, keep=frozenset([player]))
        total = run.total
        if total == 0:
            return Counts(0, {}, (0,) * n)
        column, free_count = run.column(player)
        for code, count in column.items():
            per_card.setdefault(code, [0] * n)[player] = count
        free_per_player[player] = free_count
    return Counts(total, {c: tuple(v) for c, v in per_card.items()}, tuple(free_per_player))


def _merge(layer: dict[int, int], d: int, bucket: int, capacity: list[int]) -> dict[int, int]:
    """Fold dimension ``d`` into ``bucket``: counts add, the weight takes the ways to split the room."""
    shift_d, shift_b = BITS * d, BITS * bucket
    merged: dict[int, int] = {}
    for u, fu in layer.items():
        ud = (u >> shift_d) & FIELD
        ub = (u >> shift_b) & FIELD
        rd, rb = capacity[d] - ud, capacity[bucket] - ub
        key = u - (ud << shift_d) + (ud << shift_b)
        merged[key] = merged.get(key, 0) + fu * comb(rd + rb, rd)
    return merged
