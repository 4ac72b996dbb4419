"""The full counting pass with array arithmetic: every state and every class of a step at once.

:class:`~trainer.engine.counting.Counter` combines the half-suits one by
one, keeping for each vector of "cards given to each player so far" the number
of partial deals that lead there. :class:`Sweep` runs the same two passes
(forward for the total, backward for the per-card counts) with numpy arrays:

* a state is a **packed vector** (seven bits a player, the top bit of each
  field a guard: :mod:`trainer.engine.packing`), so adding a class to every state is one array addition and
  the capacity and lower-bound tests are two masks;
* the same vector also has a **grid index** (mixed radix over the capacities),
  used to find equal states without sorting;
* counts are **residues** modulo a few primes below 2^31
  (:mod:`trainer.engine.residues`), as many as the largest possible count
  needs, rebuilt exactly at the end: nothing is rounded.

    >>> s = Sweep(Problem(players=("A", "B"), capacity=(2, 1), free=3, sets=()))
    >>> s.total, s.counts().free_per_player
    (3, (2, 1))
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import factorial, prod

import numpy as np
import numpy.typing as npt

from trainer.engine.boxes import box_sums
from trainer.engine.packing import NUMPY
from trainer.engine.problem import SET_CACHE, DealCounts, Problem, SetProblem, shape, solved
from trainer.engine.residues import factorials, primes_for, rebuild, rebuild_all

Array = npt.NDArray[np.int64]

BITS, HALF, FIELD = NUMPY.bits, NUMPY.half, NUMPY.field  # keys are int64 arrays (:mod:`trainer.engine.packing`)
CHUNK = 1 << 18  # state-class pairs per array operation: bounds the memory a step takes
KEEP = 1 << 22  # state-class pairs the forward pass keeps for the backward pass (48 MB)


@dataclass(frozen=True)
class TableArrays:
    """A set's table as arrays: ``digits[k]`` the class vector, ``solutions[k]`` its count and
    ``rows[k, i * n + p]`` the solutions of the class giving card ``i`` to player ``p``."""

    cards: tuple[str, ...]
    digits: Array
    solutions: Array
    rows: Array


@lru_cache(maxsize=SET_CACHE)
def table_arrays(problem: SetProblem, n: int) -> TableArrays:
    """A set's solved problem (:func:`~trainer.engine.problem.solved`) in the form the sweep uses."""
    table = solved(problem, n)
    rows = table.cells.reshape(len(table.solutions), len(problem.cards) * n)
    return TableArrays(problem.cards, table.vectors, table.solutions, rows)


def _ordered(problem: Problem) -> list[TableArrays]:
    """The sets' tables in the order the sweep combines them: fewest solutions first."""
    return sorted((table_arrays(s, len(problem.players)) for s in problem.sets), key=lambda t: len(t.solutions))


def _lowers(problem: Problem, most: Sequence[Sequence[int]]) -> list[list[int]]:
    """Per table (``most[k]``: at most how many of its cards each player gets), the least each player
    must have once it is combined, to fill their hand with what the later tables and the free cards
    can give."""
    room = [problem.free] * len(problem.players)
    lowers: list[list[int]] = []
    for row in reversed(most):
        lowers.append([max(0, c - r) for c, r in zip(problem.capacity, room, strict=True)])
        room = [r + int(m) for r, m in zip(room, row, strict=True)]
    lowers.reverse()
    return lowers


def sweep_work(problem: Problem) -> int:
    """An upper bound on the state-class pairs :class:`Sweep` tries, without running it (nor solving a
    large set: its :func:`~trainer.engine.problem.shape` bounds its classes and what it gives each
    player): per table, in the sweep's order, the classes times the vectors its layer can hold (each
    player between the lower bound and what the tables so far can give, within capacity, the cards so
    far in all: :func:`~trainer.engine.boxes.box_sums`, in floating point, an estimate to choose a
    pass by).

    >>> x = SetProblem(("X1", "X2"), ((0, 1), (0, 1)), ())  # two cards with A or B
    >>> sweep_work(Problem(("A", "B"), (1, 1), 0, (x,)))  # one layer before X (the empty one): 3 classes
    3
    """
    shapes = sorted(((shape(s, len(problem.players)), len(s.cards)) for s in problem.sets), key=lambda x: x[0].classes)
    if not shapes or any(classes == 0 for (classes, _), _ in shapes):
        return 0
    most = np.array([m for (_, m), _ in shapes], np.int64)  # per table and player
    reach = np.minimum(np.cumsum(most, axis=0), np.array(problem.capacity, np.int64))
    cards = np.cumsum([c for _, c in shapes])
    poly = box_sums(np.array(_lowers(problem, most.tolist()), np.int64), reach, int(cards[-1]))
    states = np.concatenate([[1.0], poly[np.arange(len(shapes)), cards][:-1]])
    return int(states @ np.array([classes for (classes, _), _ in shapes], np.float64))


@dataclass
class _Layer:
    """The states after some tables: packed keys, grid indices and residues (one row per prime)."""

    keys: Array
    grid: Array
    values: Array


class Sweep:
    """The forward pass runs at once and gives :attr:`total`; :meth:`counts` runs the backward pass.

    The same numbers as ``Counter(problem)``, exactly.
    """

    def __init__(self, problem: Problem, budget: int | None = None):
        self.problem = problem
        n = self.n = len(problem.players)
        capacity = problem.capacity
        self.total = 0
        self._counts: DealCounts | None = None
        self.tables: list[TableArrays] = []
        self.layers: list[_Layer] = []
        self.kept: list[tuple[npt.NDArray[np.int32], ...] | None] = []  # per table, the forward's pairs
        self.tried = 0  # state-class pairs tried by the forward pass
        self.finished = True
        if any(c >= HALF - 6 for c in capacity):
            raise ValueError(f"capacities up to {HALF - 7} fit a packed field, not {max(capacity)}")
        if any(c < 0 for c in capacity):
            return
        tables = _ordered(problem)
        if any(len(t.solutions) == 0 for t in tables):
            return
        dealt = sum(len(t.cards) for t in tables) + problem.free
        if dealt != sum(capacity):
            return
        self.tables = tables
        # no count can exceed the number of ways to deal the unknown cards into the capacities
        self.primes = primes_for(factorial(dealt) // prod(factorial(c) for c in capacity))
        self.moduli = np.array(self.primes, dtype=np.int64)[:, None]
        self.shifts = np.array([1 << (BITS * p) for p in range(n)], dtype=np.int64)
        self.strides = np.array([prod(c + 1 for c in capacity[:p]) for p in range(n)], dtype=np.int64)
        size = prod(c + 1 for c in capacity)
        self.seen = np.zeros(size, dtype=bool)
        self.index = np.zeros(size, dtype=np.int64)
        self.bounds = self._bounds(tables)
        self.layers = [_Layer(np.zeros(1, np.int64), np.zeros(1, np.int64), np.ones((len(self.primes), 1), np.int64))]
        self.finished = self._advance(budget)

    def _advance(self, budget: int | None) -> bool:
        """Combine the tables not combined yet; stop (``False``) before a step that would take the
        state-class pairs tried past ``budget``."""
        while len(self.layers) <= len(self.tables):
            k, layer = len(self.layers) - 1, self.layers[-1]
            cost = len(layer.keys) * len(self.tables[k].solutions)
            if budget is not None and self.tried + cost > budget:
                return False
            self.tried += cost
            layer = self._forward(layer, self.tables[k], self.bounds[k])
            self.layers.append(layer)
            if len(layer.keys) == 0:
                return True  # no deal: the total stays 0
        layer = self.layers[-1]
        self.rest = self.problem.capacity - self._digits(layer.keys)
        self.end = self._ways(self.rest, None)
        self.total = self._rebuild((layer.values * self.end % self.moduli).sum(axis=1) % self.moduli[:, 0])
        return True

    def _bounds(self, tables: Sequence[TableArrays]) -> list[tuple[int, int, int]]:
        """Per table, the masks testing ``state + class <= capacity`` and ``>=`` the lower bound (the
        least a player must have by then to fill their hand with what the later tables can give)."""
        high = NUMPY.pack([HALF] * self.n)
        over = NUMPY.pack([HALF - 1 - c for c in self.problem.capacity])
        most = [t.digits.max(axis=0).tolist() for t in tables]
        return [(over, NUMPY.pack([HALF - lo for lo in lower]), high) for lower in _lowers(self.problem, most)]

    def _digits(self, keys: Array) -> Array:
        """The vectors of packed keys, one row each."""
        return (keys[:, None] >> (BITS * np.arange(self.n, dtype=np.int64))) & FIELD

    def _pairs(self, layer: _Layer, table: TableArrays, bounds: tuple[int, int, int]) -> Iterator[tuple[Array, ...]]:
        """The (state, class) pairs that stay within the bounds, in chunks: state positions, class
        positions, packed sums and grid indices of the sums."""
        over, under, high = bounds
        class_keys = table.digits @ self.shifts
        class_grid = table.digits @ self.strides
        step = max(1, CHUNK // len(class_keys))
        for start in range(0, len(layer.keys), step):
            sums = layer.keys[start : start + step, None] + class_keys[None, :]
            ok = ((sums + over) & high) == 0
            ok &= ((sums + under) & high) == high
            states, classes = np.nonzero(ok)
            packed = sums[states, classes]
            states += start
            yield states, classes, packed, layer.grid[states] + class_grid[classes]

    def _forward(self, layer: _Layer, table: TableArrays, bounds: tuple[int, int, int]) -> _Layer:
        """The states after one more table, and their counts."""
        r = len(self.primes)
        seen, index = self.seen, self.index
        keys: list[Array] = []
        grids: list[Array] = []
        found = 0
        # the pairs are kept for the backward pass while they fit the budget
        budget = KEEP - sum(len(p[0]) for p in self.kept if p is not None)
        pairs: list[tuple[Array, Array, Array]] | None = []
        capacity = 1024
        values = np.zeros((r, capacity), np.int64)
        for states, classes, packed, grid in self._pairs(layer, table, bounds):
            new = ~seen[grid]
            if new.any():
                fresh, first = np.unique(grid[new], return_index=True)
                seen[fresh] = True
                index[fresh] = np.arange(found, found + len(fresh))
                keys.append(packed[new][first])
                grids.append(fresh)
                found += len(fresh)
                if found > capacity:
                    capacity = max(found, 2 * capacity)
                    grown = np.zeros((r, capacity), np.int64)
                    grown[:, : values.shape[1]] = values
                    values = grown
            where = index[grid]
            if pairs is not None:
                budget -= len(states)
                if budget < 0:
                    pairs = None
                else:
                    pairs.append((states, classes, where))
            terms = layer.values[:, states] * table.solutions[classes]
            for j in range(r):
                np.add.at(values[j], where, terms[j])
        grid_all = np.concatenate(grids) if grids else np.zeros(0, np.int64)
        seen[grid_all] = False
        if pairs:
            self.kept.append(tuple(np.concatenate(column).astype(np.int32) for column in zip(*pairs, strict=True)))
        else:
            self.kept.append(None)
        return _Layer(
            np.concatenate(keys) if keys else np.zeros(0, np.int64),
            grid_all,
            values[:, :found] % self.moduli,
        )

    def _ways(self, rest: Array, without: int | None) -> Array:
        """Residues of the ways to deal the free cards so each player gets ``rest`` of them
        (one fewer for player ``without``, counting one particular free card given to them)."""
        free = self.problem.free
        ways = np.zeros((len(self.primes), len(rest)), np.int64)
        for j, p in enumerate(self.primes):
            fact, inverse = factorials(p, max(free, 1))
            inv = np.array(inverse, dtype=np.int64)
            acc = np.full(len(rest), fact[free] if without is None else fact[free - 1], dtype=np.int64)
            for d in range(self.n):
                acc = acc * inv[rest[:, d]] % p
            if without is not None:
                acc = acc * rest[:, without] % p
            ways[j] = acc
        return ways

    def _rebuild(self, residues: Array) -> int:
        return rebuild([int(x) for x in residues], self.primes)

    def counts(self) -> DealCounts:
        """Per card and player, the number of consistent deals giving the card to the player."""
        if self._counts is None:
            self._counts = self._backward()
        return self._counts

    def _kept_pairs(self, k: int) -> Iterator[tuple[npt.NDArray[np.integer], ...]]:
        """The forward pass's pairs for table ``k`` (state, class, position of the sum), found again
        if they were not kept."""
        kept = self.kept[k]
        if kept is not None:
            for start in range(0, len(kept[0]), CHUNK):
                yield kept[0][start : start + CHUNK], kept[1][start : start + CHUNK], kept[2][start : start + CHUNK]
            return
        after = self.layers[k + 1]
        self.index[after.grid] = np.arange(len(after.grid))
        for states, classes, _, grid in self._pairs(self.layers[k], self.tables[k], self.bounds[k]):
            yield states, classes, self.index[grid]

    def _backward(self) -> DealCounts:
        n = self.n
        if self.total == 0:
            return DealCounts(0, {}, (0,) * n)
        # every count now is at most the total: fewer primes may do
        primes = primes_for(self.total)
        r = len(primes)
        moduli = self.moduli[:r]
        back = self.end[:r]
        per_card: dict[str, tuple[int, ...]] = {}
        for k in range(len(self.tables) - 1, -1, -1):
            table, before = self.tables[k], self.layers[k]
            earlier = np.zeros((r, len(before.keys)), np.int64)
            weight = np.zeros((r, len(table.solutions)), np.int64)
            for states, classes, where in self._kept_pairs(k):
                if len(states) == 0:
                    continue
                onward = back[:, where]
                # sums of fewer than 2^22 residues: exact in floating point
                joined = (before.values[:r, states] * onward % moduli).astype(np.float64)
                for j in range(r):
                    weight[j] += np.bincount(classes, joined[j], len(table.solutions)).astype(np.int64) % moduli[j]
                # the states come in increasing order: add up each state's run
                starts = np.flatnonzero(np.concatenate(([True], states[1:] != states[:-1])))
                runs = np.add.reduceat(onward * table.solutions[classes], starts, axis=1)
                earlier[:, states[starts]] += runs % moduli
            back = earlier % moduli
            weight %= moduli
            cells = (weight @ table.rows) % moduli
            rows = rebuild_all(cells.T.reshape(len(table.cards), n, r), primes)
            per_card.update((code, tuple(row)) for code, row in zip(table.cards, rows, strict=True))
        free_per_player = [0] * n
        if self.problem.free:
            last = self.layers[-1].values[:r]
            for p in range(n):
                ways = self._ways(self.rest, p)[:r]
                free_per_player[p] = rebuild(((last * ways % moduli).sum(axis=1) % moduli[:, 0]).tolist(), primes)
        return DealCounts(self.total, per_card, tuple(free_per_player))

