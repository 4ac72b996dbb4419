"""One half-suit's local problem solved by writing down every assignment of its cards at once.

A set has at most six unknown cards, each allowed to a few of at most nine
dimensions (players), so its assignments number at most 8^6, about a quarter
of a million: few enough to hold as one array, keep the rows that satisfy every
"holds one of" fact, and group them by **class** (how many of the set's cards
each player got) with one sort. A constraint search over the same problem
(the reference, :func:`trainer.engine.counting.search_table`) spent most of
the engine's time on exactly this.

    >>> solved = solve_set(domains=((0, 1), (0, 1)), holds_one_of=((1, (0, 1)),), n=2)
    >>> solved.vectors.tolist(), solved.solutions.tolist()  # player 1 holds X or Y or both
    ([[1, 1], [0, 2]], [2, 1])
    >>> solved.cells.tolist()  # per class, per card, per player: the solutions giving the card there
    [[[1, 1], [1, 1]], [[0, 1], [0, 1]]]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from trainer.engine.packing import PYTHON

Array = npt.NDArray[np.int64]
BITS = PYTHON.bits  # the class order: by the vector packed as the plain pass packs it (its keys, Python integers)


@dataclass(frozen=True)
class SolvedSet:
    """The solutions of a set's problem by class, classes in increasing packed order.

    ``vectors[k]`` is class ``k``'s count vector, ``solutions[k]`` its number of
    solutions, ``cells[k, i, p]`` how many of them give card ``i`` to player ``p``.
    """

    vectors: Array
    solutions: Array
    cells: Array


def solve_set(domains: Sequence[Sequence[int]], holds_one_of: Sequence[tuple[int, Sequence[int]]], n: int) -> SolvedSet:
    """Every assignment of the cards to their allowed players (``n``, at most eight) that satisfies
    each fact ``(player, card positions)`` (the player got one of those cards), grouped by class."""
    if n > 64 // BITS:
        raise ValueError(f"at most {64 // BITS} players, not {n}")
    k = len(domains)
    if any(len(d) == 0 for d in domains):
        return SolvedSet(np.zeros((0, n), np.int64), np.zeros(0, np.int64), np.zeros((0, k, n), np.int64))
    if k == 0:
        holders = np.zeros((1, 0), np.int64)
    else:
        axes = [np.asarray(d, dtype=np.int64) for d in domains]
        holders = np.stack([a.ravel() for a in np.meshgrid(*axes, indexing="ij")], axis=1)
    for player, positions in holds_one_of:
        holders = holders[(holders[:, list(positions)] == player).any(axis=1)]
    keys = (np.int64(1) << (BITS * holders)).sum(axis=1)
    classes, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    inverse = inverse.reshape(-1)
    solutions = np.bincount(inverse, minlength=len(classes)).astype(np.int64)
    flat = (inverse[:, None] * k + np.arange(k)) * n + holders
    cells = np.bincount(flat.ravel(), minlength=len(classes) * k * n).astype(np.int64).reshape(len(classes), k, n)
    vectors = (keys[first][:, None] >> (BITS * np.arange(n, dtype=np.int64))) & ((1 << BITS) - 1)
    return SolvedSet(vectors, solutions, cells)
