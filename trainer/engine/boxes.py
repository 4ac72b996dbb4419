"""How many whole-number vectors lie in a box, by their sum: the estimates that choose a counting pass and
an order of the sets (:func:`trainer.engine.plan.plan`, :func:`trainer.engine.sweep.sweep_work`).

A box ``low <= x <= high`` over some dimensions holds, with sum ``t``, the coefficient of ``t`` in the
product of ``t^low + ... + t^high`` over the dimensions; each factor is a window of running sums.

    >>> box_sums(np.array([[0, 1]]), np.array([[1, 2]]), 3).tolist()  # (1 + t)(t + t^2)
    [[0.0, 1.0, 2.0, 1.0]]

From zero, with every sum up to a limit at once, there is a closed form (:func:`box_counts`), quicker
for many boxes of few dimensions each.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

import numpy as np
import numpy.typing as npt


def box_sums(low: npt.NDArray[np.int64], high: npt.NDArray[np.int64], top: int) -> npt.NDArray[np.float64]:
    """Per row of ``low`` and ``high`` (a column per dimension), how many vectors of the box have each
    sum from 0 to ``top`` (in floating point: the counts only weigh one choice against another). A box
    with ``low > high`` somewhere is empty.

    >>> box_sums(np.array([[0, 0], [2, 0]]), np.array([[2, 1], [1, 1]]), 2).tolist()
    [[1.0, 2.0, 2.0], [0.0, 0.0, 0.0]]
    """
    rows = low.shape[0]
    degrees = np.arange(top + 1)[None, :]
    poly = np.zeros((rows, top + 1))
    poly[:, 0] = 1
    for d in range(low.shape[1]):
        running = np.concatenate([np.zeros((rows, 1)), np.cumsum(poly, axis=1)], axis=1)
        upper = np.clip(degrees - low[:, d : d + 1] + 1, 0, top + 1)
        lower = np.minimum(np.clip(degrees - high[:, d : d + 1], 0, top + 1), upper)
        poly = np.take_along_axis(running, upper, axis=1) - np.take_along_axis(running, lower, axis=1)
    return poly


def box_counts(high: npt.NDArray[np.int64], limit: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
    """Per row of ``high`` (a column per dimension), how many vectors ``0 <= x <= high`` have a sum of at
    most ``limit[row]``: the sum of :func:`box_sums` from zero up to the limit, exactly.

    Each dimension's factor ``1 + t + ... + t^h`` is ``(1 - t^(h + 1)) / (1 - t)``, and summing up to the
    limit is one more ``1 / (1 - t)``: with ``D`` dimensions of ``h > 0`` (the others are 1), the count
    is the sum over subsets ``T`` of them of ``(-1)^|T| C(limit - W_T + D, D)``, ``W_T`` the sum of
    their ``h + 1``, for ``W_T <= limit``. Whole numbers throughout, one row per box at once.

    >>> box_counts(np.array([[2, 1], [0, 0], [3, 3]]), np.array([2, 5, 1])).tolist()
    [5.0, 1.0, 3.0]
    """
    rows = high.shape[0]
    active = high > 0
    dimensions = active.sum(axis=1)
    width = int(dimensions.max(initial=0))
    top = int(limit.max(initial=0))
    # each row's windows, its dimensions of h > 0 first; the rest a window no term reaches
    windows = np.sort(np.where(active, high + 1, top + 1), axis=1)[:, :width]
    subsets = (np.arange(1 << width)[:, None] >> np.arange(width)) & 1
    left = limit[:, None] - windows @ subsets.T  # limit - W_T, per row and subset
    signs = 1 - 2 * (subsets.sum(axis=1) % 2)
    terms = np.where(left >= 0, _binomials(width, top)[dimensions[:, None], np.maximum(left, 0)], 0)
    counts: npt.NDArray[np.float64] = (terms @ signs).astype(np.float64).reshape(rows)
    return counts


@lru_cache(maxsize=16)
def _binomials(width: int, top: int) -> npt.NDArray[np.int64]:
    """``C(x + d, d)`` at ``[d, x]``, for ``d <= width`` and ``x <= top``."""
    return np.array([[comb(x + d, d) for x in range(top + 1)] for d in range(width + 1)], np.int64)
