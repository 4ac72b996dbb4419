"""How many whole-number vectors lie in a box, by their sum: the estimates that choose a counting pass and
an order of the sets (:func:`trainer.knowledge.factored.plan`, :func:`trainer.knowledge.sweep.sweep_work`).

A box ``low <= x <= high`` over some dimensions holds, with sum ``t``, the coefficient of ``t`` in the
product of ``t^low + ... + t^high`` over the dimensions; each factor is a window of running sums.

    >>> box_sums(np.array([[0, 1]]), np.array([[1, 2]]), 3).tolist()  # (1 + t)(t + t^2)
    [[0.0, 1.0, 2.0, 1.0]]
"""

from __future__ import annotations

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
