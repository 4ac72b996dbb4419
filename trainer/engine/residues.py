"""Exact whole numbers carried as residues modulo a few primes, so array arithmetic can hold them.

Counts of deals reach 10^44, far past a machine integer. Every count the
engine keeps is a sum of products of non-negative whole numbers, so it can be
carried modulo several primes and rebuilt exactly at the end by the Chinese
remainder theorem, provided the primes' product exceeds every number to
rebuild. The primes are below 2^31 (:data:`PRIMES`: a product of two residues
fits a 64-bit integer) or, for the compiled factored pass, below 2^50
(:data:`WIDE`: fewer primes for the same count; see
:mod:`trainer.engine.kernels` for the products).

    >>> primes = primes_for(10**20)
    >>> len(primes)
    3
    >>> rebuild([10**20 % p for p in primes], primes)
    100000000000000000000
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import prod

import numpy as np
import numpy.typing as npt

# the twelve largest primes below 2^31 (tests/test_sweep.py checks they are prime)
PRIMES = (
    2147483647, 2147483629, 2147483587, 2147483579, 2147483563, 2147483549,
    2147483543, 2147483497, 2147483489, 2147483477, 2147483423, 2147483399,
)  # fmt: skip

# the eight largest primes below 2^50 (tests/test_sweep.py checks they are prime)
WIDE = (
    1125899906842597, 1125899906842589, 1125899906842573, 1125899906842553,
    1125899906842511, 1125899906842507, 1125899906842493, 1125899906842463,
)  # fmt: skip


def primes_for(bound: int, pool: tuple[int, ...] = PRIMES) -> tuple[int, ...]:
    """The fewest primes of ``pool`` whose product exceeds ``bound`` (numbers from 0 to ``bound`` rebuild exactly).

    >>> primes_for(1), primes_for(2**31)
    ((2147483647,), (2147483647, 2147483629))
    >>> len(primes_for(10**44)), len(primes_for(10**44, WIDE))
    (5, 3)
    """
    modulus = 1
    for count, p in enumerate(pool, start=1):
        modulus *= p
        if modulus > bound:
            return pool[:count]
    raise ValueError(f"{bound} is too large for {len(pool)} primes")


@lru_cache(maxsize=16)
def _basis(primes: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """The CRT basis: ``e[j] = 1 (mod primes[j])`` and ``0`` modulo the others, and the product."""
    modulus = prod(primes)
    basis = tuple((modulus // p) * pow(modulus // p, -1, p) for p in primes)
    return basis, modulus


def rebuild(residues: Sequence[int], primes: tuple[int, ...]) -> int:
    """The number in ``[0, product of primes)`` with these residues.

    >>> rebuild([5 % p for p in PRIMES[:2]], PRIMES[:2])
    5
    """
    basis, modulus = _basis(primes)
    return sum(int(r) * e for r, e in zip(residues, basis, strict=True)) % modulus


def rebuild_all(residues: npt.NDArray[np.int64], primes: tuple[int, ...]) -> list[list[int]]:
    """:func:`rebuild` for a table of numbers at once: ``residues[i, j, r]`` modulo ``primes[r]``; rows of
    whole numbers (Python integers, exact), one per ``i``.

    >>> rebuild_all(np.array([[[5 % p for p in PRIMES[:2]], [0, 0]]]), PRIMES[:2])
    [[5, 0]]
    """
    basis, modulus = _basis(primes)
    numbers = (residues.astype(object) * np.array(basis, dtype=object)).sum(axis=-1) % modulus
    rows: list[list[int]] = numbers.tolist()
    return rows


@lru_cache(maxsize=16)
def factorials(p: int, up_to: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``i!`` and ``1 / i!`` modulo ``p`` for ``i`` from 0 to ``up_to`` (``up_to < p``).

    >>> f, inv = factorials(7, 4)
    >>> f, [a * b % 7 for a, b in zip(f, inv)]
    ((1, 1, 2, 6, 3), [1, 1, 1, 1, 1])
    """
    fact = [1] * (up_to + 1)
    for i in range(1, up_to + 1):
        fact[i] = fact[i - 1] * i % p
    inverse = [pow(f, -1, p) for f in fact]
    return tuple(fact), tuple(inverse)
