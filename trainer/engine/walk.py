"""Each set's cards for the players it names, drawn by walking the factored pass backwards.

The factored pass (:mod:`trainer.engine.factored`) counts deals over each
set's **special** players ``S`` only, the cards given to anyone else written as
``(sum over everyone - sum over S)`` and expanded: its classes have
coefficients of either sign, so they cannot be drawn one by one. Their sums
can. A set's **named class** (how many of its cards each special player got,
and how many went to "someone else", :func:`~trainer.engine.expansion.named`)
is a sum of the set's terms with known coefficients
(:func:`~trainer.engine.expansion.terms`), and the deals in which the set falls
in that named class, the later sets' named classes fixed, are

    sum over its terms v of  (coefficient in the class) * (sum over v's pairs of forward x factor x backward)

a whole number, never negative: it counts deals. So, last set first, one named
class is drawn in proportion to those numbers, the backward values are
carried one step back through that class's terms only, and so on to the first
set: about one pass forward and one back.

What that leaves is which of the others gets each card a set gave to "someone
else". Those cards of a set are now interchangeable (any player the set does
not name may hold them, nothing else is known), so what is left is a much
smaller problem: a set of ``m`` cards for the players it does not name per set,
the named players' rooms smaller. :func:`named_cards` returns it;
:mod:`trainer.engine.witness` draws the rest from it.

    >>> import random
    >>> from trainer.engine.problem import SetProblem
    >>> x = SetProblem(("X1", "X2"), ((0, 1, 2), (0, 1, 2)), ((0, (0, 1)),))  # A holds X1 or X2
    >>> left, holders, free = named_cards(Problem(("A", "B", "C"), (2, 1, 1), 2, (x,)), random.Random(0))
    >>> holders, left.capacity, left.sets  # A got X2; X1 went to B or C: a set of one card for them
    ({'X2': 0}, (1, 1, 1), (SetProblem(cards=('X1',), domains=((1, 2),), holds_one_of=()),))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from trainer.engine import compiled
from trainer.engine.expansion import Expanded, named, terms
from trainer.engine.factored import Factored
from trainer.engine.problem import Problem, SetProblem
from trainer.engine.residues import rebuild_all
from trainer.engine.solve import NoDealError
from trainer.engine.tables import BITS

Array = npt.NDArray[np.int64]


def named_cards(problem: Problem, rng: random.Random) -> tuple[Problem, dict[str, int], list[str]]:
    """Each set's cards for its special players drawn (each consistent deal counted once, so in
    proportion to the deals that agree), and what is left: the problem of the cards given to
    "someone else" (a set per set, of those cards, for the players it does not name), the cards
    drawn with their holders (dimensions), and the cards left for anyone at all (of a set that
    names nobody: they join the free cards). Raises :class:`~trainer.engine.solve.NoDealError`
    when no deal fits."""
    n = len(problem.players)
    counted = _pass(problem)
    if counted.total == 0:
        raise NoDealError((), 0)
    chosen = _walk(counted, rng) if counted.tables else {}
    for table in counted.fixed:  # a set of one class: its only named class
        chosen[table.cards] = 0
    holder: dict[str, int] = {}
    capacity = list(problem.capacity)
    sets: list[SetProblem] = []
    anyone: list[str] = []
    for s in problem.sets:
        local = named(s, n)
        row = _one_solution(s, n, chosen[s.cards], rng)
        given = [c for c, j in zip(s.cards, row, strict=True) if j == len(local.special)]
        for card, j in zip(s.cards, row, strict=True):
            if j < len(local.special):
                holder[card] = local.special[j]
                capacity[local.special[j]] -= 1
        if not given:
            continue
        if not local.special:
            anyone.extend(given)
            continue
        others = tuple(p for p in range(n) if p not in local.special)
        sets.append(SetProblem(tuple(given), (others,) * len(given), ()))
    left = Problem(problem.players, tuple(capacity), problem.free + len(anyone), tuple(sets))
    return left, holder, anyone


@lru_cache(maxsize=2)
def _pass(problem: Problem) -> Factored:
    """The factored pass forward, its tables keeping every class (kept for the next draws)."""
    return Factored(problem, per_card=False, every=True)


def _walk(counted: Factored, rng: random.Random) -> dict[tuple[str, ...], int]:
    """The named class of each combined set (by its cards), drawn last set first."""
    kernels = compiled.load()  # only where a problem needs the walk

    moduli, primes = counted.moduli[:, 0], counted.primes
    backward = counted.completions()  # state, prime
    sets = {s.cards: s for s in counted.inner.sets}
    n = counted.n
    chosen: dict[tuple[str, ...], int] = {}
    for k in range(len(counted.steps) - 1, -1, -1):
        step = counted.steps[k]
        table: Expanded = step.table
        forward = np.ascontiguousarray(counted.layers[k][1])
        sums = kernels.class_sums(
            forward, backward, step.states, step.classes, step.targets, step.combos, step.factors,
            len(table.coef), moduli,
        )  # fmt: skip
        coefficients = terms(named(sets[table.cards], n), table)  # named class, term
        residues = kernels.contract(sums, np.ascontiguousarray(coefficients.T), moduli)  # named class, prime
        weights = rebuild_all(residues[None, :, :], primes)[0]
        pick = _weighted(rng, weights)
        chosen[table.cards] = pick
        backward = kernels.pull(
            backward, step.states, step.classes, step.targets, step.combos,
            _restricted(coefficients[pick], step.factors, counted.moduli), len(forward), moduli,
        )  # fmt: skip
    return chosen


def _restricted(coefficients: Array, factors: Array, moduli: Array) -> Array:
    """A step's weights with only the drawn named class's terms: per class, combination of rooms and
    prime (``moduli``, a column), the class's coefficient in the named class times the combination's
    factor."""
    kernels = compiled.load()

    classes, (combinations, primes) = len(coefficients), factors.shape
    a = np.repeat((coefficients[None, :] % moduli)[:, :, None], combinations, axis=2)
    b = np.repeat(factors.T[:, None, :], classes, axis=1)
    products = kernels.products(a.reshape(primes, -1), np.ascontiguousarray(b.reshape(primes, -1)), moduli[:, 0])
    return np.ascontiguousarray(products.reshape(primes, classes, combinations).transpose(1, 2, 0))


def _weighted(rng: random.Random, weights: Sequence[int]) -> int:
    """An index chosen with probability ``weights[i] / sum`` (whole numbers, none negative)."""
    pick = rng.randrange(sum(weights))
    for i, weight in enumerate(weights):
        if pick < weight:
            return i
        pick -= weight
    raise AssertionError("unreachable: the weights add up to the total")


def _one_solution(problem: SetProblem, n: int, chosen: int, rng: random.Random) -> list[int]:
    """One of the set's solutions over its special players and "someone else" (their positions; the
    last, ``len(special)``, for the others) in the named class ``chosen``, each equally likely."""
    rows, classes = _solutions(problem, n)
    at = np.flatnonzero(classes == chosen)
    return [int(x) for x in rows[at[rng.randrange(len(at))]]]


@lru_cache(maxsize=256)
def _solutions(problem: SetProblem, n: int) -> tuple[Array, Array]:
    """Every solution of the set over its special players and "someone else" (a row each) and its
    named class (an index into :func:`~trainer.engine.expansion.named`'s table)."""
    local = named(problem, n)
    axes = [np.asarray(d, dtype=np.int64) for d in local.domains]
    rows = np.stack([a.ravel() for a in np.meshgrid(*axes, indexing="ij")], axis=1).reshape(-1, len(axes))
    for player, positions in local.holds:
        rows = rows[(rows[:, list(positions)] == player).any(axis=1)]
    keys = (np.int64(1) << (BITS * rows)).sum(axis=1)  # packed as solve_set packs its classes, in order
    width = local.table.vectors.shape[1]
    ordered = (local.table.vectors << (BITS * np.arange(width, dtype=np.int64))).sum(axis=1)
    return rows, np.searchsorted(ordered, keys)
