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
from trainer.engine.problem import SET_CACHE, SetProblem, special_players
from trainer.engine.tables import SolvedSet, solve_set

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


@dataclass(frozen=True)
class Named:
    """A set's solutions over its special players and "someone else": ``special`` as in
    :class:`Expanded`; ``table``'s classes have a column per special player and, when some player is
    not special, a last one for the cards given to the others (:func:`~trainer.engine.tables.solve_set`
    over the set's cards with every other player as one). Each such class is a *named class*."""

    special: tuple[int, ...]
    others: bool
    domains: tuple[tuple[int, ...], ...]
    holds: tuple[tuple[int, tuple[int, ...]], ...]
    table: SolvedSet


@lru_cache(maxsize=256)
def named(problem: SetProblem, n: int) -> Named:
    """The set's problem over its special players and "someone else" (cached: a witness's walk reads the
    same sets' again; a count reads it only through :func:`expanded`, itself cached, so a few hundred
    entries are enough: at 4,096 it held 27 MB in a long run and was never hit by a count).

    >>> x = named(SetProblem(("X1", "X2"), ((1, 2), (0, 1, 2)), ()), 3)  # X1 not with player 0
    >>> x.special, x.table.vectors.tolist(), x.table.solutions.tolist()  # [player 0, the others]
    ((0,), [[1, 1], [0, 2]], [1, 1])
    """
    special = tuple(sorted(special_players(problem, n)))
    s = len(special)
    position = {p: j for j, p in enumerate(special)}
    domains = tuple(tuple(sorted({position.get(p, s) for p in domain})) for domain in problem.domains)
    holds = tuple((position[p], cards) for p, cards in problem.holds_one_of)
    others = s < n
    return Named(special, others, domains, holds, solve_set(domains, holds, s + others))


@lru_cache(maxsize=SET_CACHE)
def expanded(problem: SetProblem, n: int, every: bool = False) -> Expanded:
    """The set's table over its special players (cached: an event changes one set's problem). A
    class whose coefficients all cancel out is dropped, unless ``every`` (a walk backwards through
    the factored pass needs each named class's terms, :func:`terms`).

    >>> e = expanded(SetProblem(("X",), ((1, 2),), ()), 3)  # X with player 1 or 2: player 0 is special
    >>> e.special, e.vectors.tolist(), e.coef.tolist()  # x_1 + x_2 = (x_0 + x_1 + x_2) - x_0
    ((0,), [[0], [1]], [1, -1])
    """
    k = len(problem.cards)
    if any(p < 0 or p >= n for p, _ in problem.holds_one_of):
        special = tuple(p for p in sorted(special_players(problem, n)) if 0 <= p < n)
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
    local = named(problem, n)
    special, others, table = local.special, local.others, local.table
    s = len(special)
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
    keys = _keys(vectors)
    unique, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    summed = np.zeros((len(unique), rows.shape[1]), np.int64)
    np.add.at(summed, inverse.reshape(-1), rows)
    kept = np.ones(len(summed), bool) if every else summed.any(axis=1)  # a class whose every coefficient cancels
    summed = summed[kept]  # out counts for nothing: dropped
    return Expanded(
        problem.cards,
        special,
        vectors[first][kept],
        summed[:, 0],
        summed[:, 1:width].reshape(len(summed), k, s),
        summed[:, width:],
        True,
    )


def _keys(vectors: Array) -> Array:
    """Vectors over the special players packed into one number each (a field per player)."""
    keys: Array = (vectors << (NUMPY.bits * np.arange(vectors.shape[1], dtype=np.int64))).sum(axis=1)
    return keys


def terms(local: Named, table: Expanded) -> Array:
    """Per named class of ``local`` (rows), its coefficient in each class of ``table`` (columns, the
    set's table made with ``every``): the class's solutions times its expansion, so the table's
    coefficients are the columns' sums.

    >>> x = SetProblem(("X1", "X2"), ((1, 2), (0, 1, 2)), ())  # X2 with player 0: x_0 (S - x_0)
    >>> a = terms(named(x, 3), expanded(x, 3, every=True))  # columns: x_0^0, x_0^1, x_0^2
    >>> a.tolist(), a.sum(axis=0).tolist() == expanded(x, 3, every=True).coef.tolist()
    ([[0, 1, -1], [1, -2, 1]], True)
    """
    s = len(local.special)
    index = {key: i for i, key in enumerate(_keys(table.vectors).tolist())}
    out = np.zeros((len(local.table.solutions), len(table.coef)), np.int64)
    for i, (vector, solutions) in enumerate(zip(local.table.vectors, local.table.solutions, strict=True)):
        ws, factors = _spread(s, int(vector[s]) if local.others else 0)
        for key, factor in zip(_keys(vector[:s][None, :] + ws).tolist(), factors.tolist(), strict=True):
            out[i, index[key]] += int(solutions) * factor
    return out


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
