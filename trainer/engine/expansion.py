"""A half-suit's table over its special players only, expanded by inclusion-exclusion.

The idea (stated in full in :mod:`trainer.engine.factored`, the pass that
combines these tables): a set's facts name few players, its **special** ones;
the others are interchangeable, and writing "one of the others" as "anyone
less the special ones" leaves terms ``c * x^v * (sum over everyone)^J`` with
``v`` a vector over the special players only. This module makes those terms
(:func:`expanded`) and the small summaries the factored pass and its plan read
(:func:`least`, :func:`placements`).

    >>> e = expanded(SetProblem(("X",), ((1, 2),), ()), 3)  # X with player 1 or 2: player 0 is special
    >>> e.special, e.vectors.tolist(), e.coef.tolist()  # x_1 + x_2 = (x_0 + x_1 + x_2) - x_0
    ((0,), [[0], [1]], [1, -1])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import factorial, prod

import numpy as np
import numpy.typing as npt

from trainer.engine.packing import NUMPY
from trainer.engine.problem import SetProblem, special_players
from trainer.engine.tables import solve_set

Array = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Expanded:
    """A set's table over its special players, expanded by inclusion-exclusion.

    ``vectors[k]`` is a class (cards given to each special player, in the order of
    ``special``), ``coef[k]`` its coefficient in the table, ``cells[k, i, j]`` its
    coefficient in the table restricted to card ``i`` going to ``special[j]``, and
    ``star[k, i]`` its coefficient in the table with card ``i`` given to one
    particular other player (whose ``x`` factor is left out).
    """

    cards: tuple[str, ...]
    special: tuple[int, ...]
    vectors: Array
    coef: Array
    cells: Array
    star: Array
    possible: bool


@lru_cache(maxsize=64)
def _spread(s: int, m: int) -> tuple[Array, Array]:
    """Every ``w`` over ``s`` players with ``|w| <= m`` and the coefficient of ``x^w (sum)^(m-|w|)`` in
    ``(sum over everyone - sum over the s)^m``: ``m! / ((m - |w|)! prod w!) * (-1)^|w|``."""
    found: list[tuple[int, ...]] = [()]
    for _ in range(s):
        found = [(*w, x) for w in found for x in range(m + 1 - sum(w))]
    ws = np.array(found, dtype=np.int64).reshape(len(found), s)
    factors = [(-1) ** sum(w) * factorial(m) // (factorial(m - sum(w)) * prod(factorial(x) for x in w)) for w in found]
    return ws, np.array(factors, dtype=np.int64)


def _expand(plain: Array, stars: Array, values: Array, s: int) -> tuple[Array, Array]:
    """Rows ``values`` standing for ``x^plain * (sum over the others)^stars``, expanded into rows for
    ``x^v * (sum over everyone)^J``: the vectors ``v`` and their rows."""
    vectors: list[Array] = [np.zeros((0, s), np.int64)]
    rows: list[Array] = [np.zeros((0, values.shape[1]), np.int64)]
    for m in np.unique(stars).tolist():
        chosen = stars == m
        ws, factors = _spread(s, int(m))
        size = int(chosen.sum()) * len(ws)
        vectors.append((plain[chosen][:, None, :] + ws[None, :, :]).reshape(size, s))
        rows.append((values[chosen][:, None, :] * factors[None, :, None]).reshape(size, values.shape[1]))
    return np.concatenate(vectors), np.concatenate(rows)


@lru_cache(maxsize=4096)
def expanded(problem: SetProblem, n: int) -> Expanded:
    """The set's table over its special players (cached: an event changes one set's problem).

    >>> e = expanded(SetProblem(("X",), ((1, 2),), ()), 3)  # X with player 1 or 2: player 0 is special
    >>> e.special, e.vectors.tolist(), e.coef.tolist()  # x_1 + x_2 = (x_0 + x_1 + x_2) - x_0
    ((0,), [[0], [1]], [1, -1])
    """
    k = len(problem.cards)
    special = tuple(sorted(special_players(problem, n)))
    s = len(special)
    others = s < n
    if any(p < 0 or p >= n for p, _ in problem.holds_one_of):
        special = tuple(p for p in special if 0 <= p < n)
        empty = np.zeros((0, len(special)), np.int64)
        return Expanded(
            problem.cards,
            special,
            empty,
            np.zeros(0, np.int64),
            np.zeros((0, k, len(special)), np.int64),
            np.zeros((0, k), np.int64),
            False,
        )
    position = {p: j for j, p in enumerate(special)}
    domains = tuple(tuple(sorted({position.get(p, s) for p in domain})) for domain in problem.domains)
    holds = tuple((position[p], cards) for p, cards in problem.holds_one_of)
    table = solve_set(domains, holds, s + others)
    if len(table.solutions) == 0:
        return Expanded(
            problem.cards,
            special,
            np.zeros((0, s), np.int64),
            np.zeros(0, np.int64),
            np.zeros((0, k, s), np.int64),
            np.zeros((0, k), np.int64),
            False,
        )
    plain = table.vectors[:, :s]
    stars = table.vectors[:, s] if others else np.zeros(len(table.solutions), np.int64)
    width = 1 + k * s
    main = np.concatenate(
        [table.solutions[:, None], table.cells[:, :, :s].reshape(len(table.solutions), k * s)], axis=1
    )
    vectors, rows = _expand(plain, stars, np.pad(main, ((0, 0), (0, k))), s)
    if others:
        starred = stars > 0
        star_rows = np.pad(table.cells[starred, :, s], ((0, 0), (width, 0)))
        more_vectors, more_rows = _expand(plain[starred], stars[starred] - 1, star_rows, s)
        vectors, rows = np.concatenate([vectors, more_vectors]), np.concatenate([rows, more_rows])
    keys = (vectors << (NUMPY.bits * np.arange(s, dtype=np.int64))).sum(axis=1)
    unique, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    summed = np.zeros((len(unique), rows.shape[1]), np.int64)
    np.add.at(summed, inverse.reshape(-1), rows)
    kept = summed.any(axis=1)  # a class whose every coefficient cancels out counts for nothing: dropped
    summed = summed[kept]
    return Expanded(
        problem.cards,
        special,
        vectors[first][kept],
        summed[:, 0],
        summed[:, 1:width].reshape(len(summed), k, s),
        summed[:, width:],
        True,
    )


def least(table: Expanded, n: int) -> Array:
    """The least a set's table gives each of ``n`` players (its least class in their column; 0 for a
    player it does not name), and, last, the least it gives them all together (``G``).

    >>> least(expanded(SetProblem(("X1", "X2"), ((0, 1, 2),) * 2, ((0, (0, 1)),)), 3), 3).tolist()
    [1, 0, 0, 1]
    """
    least = np.zeros(n + 1, np.int64)
    least[list(table.special)] = table.vectors.min(axis=0)
    least[n] = table.vectors.sum(axis=1).min()
    return least


def placements(table: Expanded, n: int) -> int:
    """The ways to place a set's cards as its facts allow, hand sizes aside: its table at ``x = 1``,
    each class's coefficient times ``n`` per card given to anyone.

    >>> placements(expanded(SetProblem(("X1", "X2"), ((0, 1), (0, 1, 2)), ()), 3), 3)  # 2 times 3
    6
    """
    return int((table.coef * n ** (len(table.cards) - table.vectors.sum(axis=1))).sum())
