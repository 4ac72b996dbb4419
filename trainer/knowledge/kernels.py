"""The factored pass's two inner loops, compiled (numba): residue arithmetic pair by pair.

A step of :class:`~trainer.knowledge.factored.Factored` combines every state
of a layer with every class of a set's table (a *pair*), for several counts at
once (*channels*) and modulo several primes. Written as whole-array numpy
operations, each channel of each step made four or five temporary arrays the
size of the pairs times the primes, and the time went into writing and reading
them. Compiled, a pair is read once and every channel is updated in place.

Residues are below ``m < 2^31``, so a product of two fits 62 bits; its
remainder is found with one floating-point division estimate and a
correction, far quicker than an integer division:

    >>> import numpy as np
    >>> m = 2147483647
    >>> int(mulmod(m - 1, m - 2, m, 1.0 / m)) == (m - 1) * (m - 2) % m
    True

The compiled code is cached beside this file, so only the first use on a
machine pays for compiling (a few seconds).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.int64]
F = TypeVar("F", bound=Callable[..., Any])

_inline = cast(Callable[[F], F], numba.njit(cache=True, inline="always"))


def _compiled(signature: str) -> Callable[[F], F]:
    """Compiled for one signature only (C-ordered int64 arrays): compiled once, at the first import."""
    return cast(Callable[[F], F], numba.njit(signature, cache=True, nogil=True))


_STEP = "int64[::1], int64[::1], int64[::1], int64[:, ::1], int64[:, ::1], int64[:, ::1]"  # a step's pairs


@_inline
def mulmod(a: int, b: int, m: int, inverse: float) -> int:
    """``a * b % m`` for residues ``a, b < m < 2^31`` (``inverse`` is ``1 / m``)."""
    q = int(float(a) * float(b) * inverse)
    r = a * b - q * m
    if r < 0:
        r += m
    elif r >= m:
        r -= m
    return r


@_inline
def weight(coef: Array, inverse: Array, rooms: Array, r: int, k: int, j: int, m: int, reciprocal: float) -> int:
    """A pair's weight: its class's coefficient times ``1 / room!`` for each player retiring at the step."""
    w = int(coef[r, k])
    for e in range(rooms.shape[0]):
        w = mulmod(w, inverse[r, rooms[e, j]], m, reciprocal)
    return w


@_compiled(f"int64[:, :, ::1](int64[:, :, ::1], {_STEP}, boolean, int64, int64[::1])")
def combine(
    values: Array,
    states: Array,
    classes: Array,
    targets: Array,
    coef: Array,
    inverse: Array,
    rooms: Array,
    channels: bool,
    size: int,
    moduli: Array,
) -> Array:
    """One step forward, every channel at once (arrays are indexed by prime, state, channel).

    A pair ``j`` (state ``states[j]``, class ``classes[j]``, target ``targets[j]``) has the weight
    ``coef[r, classes[j]] * prod_e inverse[r, rooms[e, j]]`` modulo ``moduli[r]``;
    ``out[r, t, c]`` sums ``values[r, states[j], c] * weight`` over the pairs with target ``t``,
    and if ``channels``, one more channel per row ``e`` of ``rooms`` sums
    ``values[r, states[j], 0] * weight * rooms[e, j]``.
    """
    primes, given = values.shape[0], values.shape[2]
    extra = rooms.shape[0] if channels else 0
    out = np.zeros((primes, size, given + extra), np.int64)
    for r in range(primes):
        m = moduli[r]
        reciprocal = 1.0 / m
        for j in range(states.shape[0]):
            s, t = states[j], targets[j]
            w = weight(coef, inverse, rooms, r, classes[j], j, m, reciprocal)
            for c in range(given):
                out[r, t, c] += mulmod(values[r, s, c], w, m, reciprocal)  # terms below 2^31: no overflow
            if extra:
                base = mulmod(values[r, s, 0], w, m, reciprocal)
                for e in range(extra):
                    out[r, t, given + e] += mulmod(base, rooms[e, j], m, reciprocal)
        out[r] %= m
    return out


@_compiled(
    "Tuple((int64[:, :, ::1], int64[:, :, ::1]))"
    f"(int64[:, :, ::1], int64[:, :, ::1], {_STEP}, int64[:, ::1], int64, int64[::1])"
)
def back(
    forward: Array,
    backward: Array,
    states: Array,
    classes: Array,
    targets: Array,
    coef: Array,
    inverse: Array,
    rooms: Array,
    pairs: Array,
    size: int,
    moduli: Array,
) -> tuple[Array, Array]:
    """One step backward, every channel at once (arrays are indexed by prime, state or class, channel).

    With a pair's factor ``f = prod_e inverse[r, rooms[e, j]]`` and ``through[b] = backward[r,
    targets[j], b] * f``, returns

    * ``weights[r, k, q]``: per class ``k``, the sum over its pairs of
      ``forward[r, states[j], pairs[q, 0]] * through[pairs[q, 1]]``;
    * ``earlier[r, s, b]``: per state, the sum over its pairs of ``through[b] * coef[r, classes[j]]``,
      and after the given channels one per row ``e`` of ``rooms``: the same of
      ``through[1] * coef * rooms[e, j]``.
    """
    primes, channels = backward.shape[0], backward.shape[2]
    count, extra = pairs.shape[0], rooms.shape[0]
    weights = np.zeros((primes, coef.shape[1], count), np.int64)
    earlier = np.zeros((primes, size, channels + extra), np.int64)
    for r in range(primes):
        m = moduli[r]
        reciprocal = 1.0 / m
        for j in range(states.shape[0]):
            s, t, k = states[j], targets[j], classes[j]
            factor = 1
            for e in range(extra):
                factor = mulmod(factor, inverse[r, rooms[e, j]], m, reciprocal)
            for q in range(count):
                x = mulmod(forward[r, s, pairs[q, 0]], backward[r, t, pairs[q, 1]], m, reciprocal)
                weights[r, k, q] += mulmod(x, factor, m, reciprocal) if extra else x  # below 2^31 each
            w = mulmod(coef[r, k], factor, m, reciprocal) if extra else coef[r, k]
            for b in range(channels):
                earlier[r, s, b] += mulmod(backward[r, t, b], w, m, reciprocal)
            if extra:
                base = mulmod(backward[r, t, 1], w, m, reciprocal)
                for e in range(extra):
                    earlier[r, s, channels + e] += mulmod(base, rooms[e, j], m, reciprocal)
        weights[r] %= m
        earlier[r] %= m
    return weights, earlier
