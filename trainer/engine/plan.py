"""The order in which the factored pass combines the sets: the one with the least estimated work.

A layer's states depend only on which sets it combined, not on their order,
so the best order is found by dynamic programming over subsets of the sets
(:func:`plan`), each subset's states estimated by counting the vectors its
bounds allow (:func:`_estimates`). :mod:`trainer.engine.passes` also reads the
estimate, to choose between the factored pass and the sweep.

    >>> from trainer.engine.problem import SetProblem
    >>> x = SetProblem(("X1", "X2"), ((0, 1), (0, 1)), ())  # two cards with A or B: nobody special
    >>> tables, work = plan(Problem(("A", "B"), (1, 1), 0, (x,)))
    >>> [t.cards for t in tables], work
    ([('X1', 'X2')], 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from trainer.engine.boxes import box_counts
from trainer.engine.expansion import Expanded, expanded, least
from trainer.engine.problem import Problem


@lru_cache(maxsize=64)
def plan(problem: Problem, final: int | None = None, every: bool = False) -> tuple[list[Expanded], int]:
    """The sets' tables in the order with the least estimated work, and that work (the states before a
    set times its classes, summed): dynamic programming over the subsets of sets combined so far, since
    a layer's states depend only on which sets it combined, not on their order. A subset's best cost
    is the least, over its sets ``k``, of the best cost without ``k`` plus that layer's states times
    ``k``'s classes; subsets of one size at a time, every subset and set at once. With ``final``, the
    set of that index is combined last (the best order of the others before it): a backward pass
    wanting only its cards' counts stops after one step. With ``every``, the tables keep every class
    (:func:`~trainer.engine.expansion.expanded`).

    >>> from trainer.engine.problem import SetProblem
    >>> x = SetProblem(("X1", "X2"), ((0, 1), (0, 1)), ((0, (0, 1)),))  # A holds X1 or X2
    >>> y = SetProblem(("Y1",), ((0, 1),), ())
    >>> [t.cards for t in plan(Problem(("A", "B"), (2, 1), 0, (x, y)), final=0)[0]]
    [('Y1',), ('X1', 'X2')]
    """
    tables = [expanded(s, len(problem.players), every) for s in problem.sets]
    if not all(t.possible for t in tables):
        return tables, 0
    estimate = _estimates(tables, problem.capacity)
    count = len(tables)
    classes = np.array([len(t.coef) for t in tables], np.float64)
    bits = 1 << np.arange(count)
    subsets = np.arange(1 << count)
    sizes = ((subsets[:, None] & bits) > 0).sum(axis=1)
    cost = np.zeros(1 << count)
    last = np.zeros(1 << count, np.int64)  # the set a subset's best order ends with
    for size in range(1, count + 1):
        chosen = subsets[sizes == size]
        before = chosen[:, None] ^ bits[None, :]
        options = np.where(chosen[:, None] & bits, cost[before] + estimate[before] * classes, np.inf)
        if final is not None and size == count:
            options[:, np.arange(count) != final] = np.inf
        last[chosen] = options.argmin(axis=1)
        cost[chosen] = options.min(axis=1)
    order: list[int] = []
    left = (1 << count) - 1
    while left:
        order.append(int(last[left]))
        left ^= 1 << order[-1]
    return [tables[k] for k in reversed(order)], int(cost[-1])


def _estimates(tables: Sequence[Expanded], capacity: Sequence[int]) -> npt.NDArray[np.float64]:
    """For every subset of the sets (a bit each), how many states a layer may have once they are
    combined: the vectors over the players still active, each between the least those sets give them
    and the most they can, within their limit (as :meth:`~trainer.engine.factored.Factored._limits`
    bounds them: their capacity less the least the other sets give them), and the count of the
    retired players' cards, likewise; their sum is at most the cards combined and ``G``'s limit.
    Counted exactly, a subset per row: the coefficients of the product of ``t^low + ... + t^high``
    over those dimensions, up to ``t^limit``.

    >>> from trainer.engine.problem import SetProblem
    >>> x = expanded(SetProblem(("X1", "X2"), ((0, 1, 2),) * 2, ((0, (0, 1)),)), 3)  # A holds one
    >>> y = expanded(SetProblem(("Y1", "Y2"), ((0, 1, 2),) * 2, ((0, (0, 1)), (1, (0, 1)))), 3)  # A and B
    >>> _estimates([x, y], (2, 2, 0)).tolist()  # none; x (A has 1-1: y gives A one); y (A 1-1, B 1-1); both
    [1.0, 1.0, 1.0, 1.0]
    """
    k, n = len(tables), len(capacity)
    special = np.zeros((k, n), np.int64)
    most = np.zeros((k, n), np.int64)
    fewest = np.array([least(t, n) for t in tables], np.int64).reshape(k, n + 1)
    for j, t in enumerate(tables):
        special[j, list(t.special)] = 1
        most[j, list(t.special)] = t.vectors.max(axis=0)
    chosen = (np.arange(1 << k)[:, None] >> np.arange(k)) & 1
    inside = (chosen @ special) > 0
    active = inside & (((1 - chosen) @ special) > 0)
    low = chosen @ fewest
    bounds = np.array([*capacity, sum(capacity)], np.int64) - (1 - chosen) @ fewest
    reach = np.minimum(chosen @ most, bounds[:, :n])
    limit = np.minimum(chosen @ np.array([len(t.cards) for t in tables], np.int64), bounds[:, n])
    retired = np.where(inside & ~active, reach, 0).sum(axis=1)
    retired_low = np.where(inside & ~active, low[:, :n], 0).sum(axis=1)
    lows = np.concatenate([np.where(active, low[:, :n], 0), retired_low[:, None]], axis=1)
    highs = np.concatenate([np.where(active, reach, 0), np.minimum(retired, limit)[:, None]], axis=1)
    empty = (highs < lows).any(axis=1) | (lows.sum(axis=1) > limit)
    counts = box_counts(np.maximum(highs - lows, 0), np.maximum(limit - lows.sum(axis=1), 0))
    return np.where(empty, 0.0, counts)
