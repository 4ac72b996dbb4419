"""The factored pass's two inner loops, compiled (numba): residue arithmetic pair by pair.

A step of :class:`~trainer.engine.factored.Factored` combines every state
of a layer with every class of a set's table (a *pair*), for several counts at
once (*channels*) and modulo several primes. Written as whole-array numpy
operations, each channel of each step made four or five temporary arrays the
size of the pairs times the primes, and the time went into writing and reading
them. Compiled, a pair is read once and every channel is updated in place.

Residues are below ``m < 2^50`` (:data:`~trainer.engine.residues.WIDE`).
A product's remainder is found with one floating-point estimate of the
quotient, which is off by at most one (the quotient is below 2^50 and the
estimate's relative error below 2^-51), and the remainder itself in wrapping
64-bit arithmetic, exact because the true remainder is small; far quicker
than an integer division, and as quick as for primes below 2^31, with fewer
primes needed for the same counts:

    >>> m = 1125899906842597
    >>> int(mulmod(m - 1, m - 2, m, 1.0 / m)) == (m - 1) * (m - 2) % m
    True

Sums of residues are reduced as they go (:func:`addmod`): two fit 51 bits. A product that only
joins such a sum skips its last correction (:func:`mulmod_lazy`, below ``2m``).

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
Index = npt.NDArray[np.int32]
TOP = 1 << 62
PLACES = 1 << 16  # the most combinations of rooms numbered by their place rather than a hash table
F = TypeVar("F", bound=Callable[..., Any])

_inline = cast(Callable[[F], F], numba.njit(cache=True, inline="always"))


def _compiled(signature: str) -> Callable[[F], F]:
    """Compiled for one signature only (C-ordered int64 arrays): compiled once, at the first import."""
    return cast(Callable[[F], F], numba.njit(signature, cache=True, nogil=True))


# a step's pairs: sources, classes, targets, the rooms' combination, and the weight and factor tables
_STEP = "int32[::1], int32[::1], int32[::1], int32[::1], int64[:, :, ::1], int64[:, ::1], int32[:, ::1]"


@_inline
def mulmod_lazy(a: int, b: int, m: int, inverse: float) -> int:
    """``a * b`` modulo ``m`` within ``[0, 2m)``, for residues ``a, b < m < 2^50`` (``inverse`` is ``1 /
    m``): unsigned products wrap modulo 2^64 by definition, and ``a * b - q * m`` is within ``[-m, 2m)``.
    Enough for sums that :func:`addmod` keeps and a final remainder reduces; never a product's operand."""
    q = np.uint64(np.int64(float(a) * float(b) * inverse))
    r = np.int64(np.uint64(a) * np.uint64(b) - q * np.uint64(m))
    return int(r + ((r >> 63) & m))


@_inline
def mulmod_scaled(a: int, scaled: float, b: int, m: int) -> int:
    """:func:`mulmod_lazy` for an ``a`` used many times, with ``scaled = float(a) / m`` made once: one
    floating-point product fewer. The quotient's estimate is still off by at most one (three roundings
    of relative error 2^-53 on a quotient below 2^50)."""
    q = np.uint64(np.int64(scaled * float(b)))
    r = np.int64(np.uint64(a) * np.uint64(b) - q * np.uint64(m))
    return int(r + ((r >> 63) & m))


@_inline
def mulmod(a: int, b: int, m: int, inverse: float) -> int:
    """``a * b % m`` for residues ``a, b < m < 2^50``: :func:`mulmod_lazy` and one correction more."""
    r = np.int64(mulmod_lazy(a, b, m, inverse)) - m
    return int(r + ((r >> 63) & m))


@_inline
def addmod(a: int, b: int, m: int) -> int:
    """``a + b``, less a multiple of ``m`` once past 2^62 (so the sum of a remainder and a residue never
    overflows and the test is nearly always false): reduce modulo ``m`` when done."""
    c = a + b
    return c - (TOP // m) * m if c >= TOP else c


@_compiled(f"int64[:, :, ::1](int64[:, :, ::1], int64[::1], {_STEP}, boolean, int64, int64, int64[::1])")
def combine(
    values: Array,
    chosen: Array,
    states: Index,
    classes: Index,
    targets: Index,
    combos: Index,
    table: Array,
    factors: Array,
    rooms: Index,
    channels: bool,
    size: int,
    spare: int,
    moduli: Array,
) -> Array:
    """One step forward, every channel at once (arrays are indexed by state, prime, channel: a state's
    residues side by side, read and written together), for the channels ``chosen`` of ``values``
    (their order is the output's; no copy of the others), with ``spare`` channels more at the end,
    left at zero for the caller.

    A pair ``j`` (state ``states[j]``, class ``classes[j]``, target ``targets[j]``) has the weight
    ``table[classes[j], combos[j], r]`` modulo ``moduli[r]`` (its class's coefficient times ``1 /
    room!`` for each player retiring at the step, whose rooms are ``rooms[:, j]``: ``combos[j]`` names
    that combination of rooms, so the products are made once a step, not once a pair);
    ``out[t, r, c]`` sums ``values[states[j], r, chosen[c]] * weight`` over the pairs with target ``t``,
    and if ``channels``, one more channel per row ``e`` of ``rooms`` sums
    ``values[states[j], r, chosen[0]] * weight * rooms[e, j]`` (the count's product made once for
    both).
    ``factors`` is not read.
    """
    primes, given = values.shape[1], chosen.shape[0]
    extra = rooms.shape[0] if channels else 0
    out = np.zeros((size, primes, given + extra + spare), np.int64)
    reciprocals = 1.0 / moduli.astype(np.float64)
    for j in range(states.shape[0]):  # a pair at a time, every prime: its indices are read once
        s, t, k, combo = states[j], targets[j], classes[j], combos[j]
        for r in range(primes):
            m = moduli[r]
            w = table[k, combo, r]
            if w == 0:  # a class whose coefficients cancel out (kept for the per-card counts)
                continue
            if channels:  # the count's product serves the count and the new channels
                base = mulmod(values[s, r, chosen[0]], w, m, reciprocals[r])
                out[t, r, 0] = addmod(out[t, r, 0], base, m)
                for e in range(extra):  # a room is below 64: the product fits without a remainder
                    out[t, r, given + e] = addmod(out[t, r, given + e], base * rooms[e, j], m)
            for c in range(1 if channels else 0, given):
                x = mulmod_lazy(values[s, r, chosen[c]], w, m, reciprocals[r])
                out[t, r, c] = addmod(out[t, r, c], x, m)
    for t in range(size):
        for r in range(primes):
            for c in range(given + extra):
                out[t, r, c] %= moduli[r]
    return out


@_compiled(
    "Tuple((int64[:, :, ::1], int64[:, :, ::1]))"
    f"(int64[:, :, ::1], int64[:, :, ::1], {_STEP}, int64[:, ::1], boolean[::1], int64[::1], int64[::1])"
)
def back(
    forward: Array,
    backward: Array,
    states: Index,
    classes: Index,
    targets: Index,
    combos: Index,
    table: Array,
    factors: Array,
    rooms: Index,
    pairs: Array,
    starred: npt.NDArray[np.bool_],
    needed: Array,
    moduli: Array,
) -> tuple[Array, Array]:
    """One step backward, every channel at once (``forward``, ``backward`` and ``earlier`` are indexed by
    state, prime, channel; ``weights`` by prime, class, channel pair).

    With a pair's factor ``f = factors[combos[j], r]`` (``1 / room!`` for each retiring player) and
    its weight ``table[classes[j], combos[j], r]`` (the same times the class's coefficient), returns

    * ``weights[r, k, q]``: per class ``k``, the sum over its pairs of
      ``forward[states[j], r, pairs[q, 0]] * backward[targets[j], r, pairs[q, 1]] * f``; the
      products are summed per class and combination of rooms first, and each such sum is
      multiplied by its factor once, at the end, instead of once a pair; the channel pairs after the
      first only for the classes ``starred`` marks (the others' are not read: left at zero);
    * ``earlier[s, r, b]``: per state, the sum over its pairs of ``backward[targets[j], r, b] * weight``,
      and after the given channels one per row ``e`` of ``rooms``: the same of
      ``backward[targets[j], r, 1] * weight * rooms[e, j]``;

    ``earlier`` has a row per entry of ``needed``, and channel ``b`` of state ``s`` is summed only where
    bit ``b`` of ``needed[s]`` is set (zero elsewhere: the caller has it another way). ``forward`` may
    hold more primes than ``backward``: its first ones are read (no copy of the rest). The pairs come
    state by state: a state's channels to sum are listed once, its forward values read once with
    their quotients' scale, and its sums kept aside until its pairs end.
    """
    primes, channels = backward.shape[1], backward.shape[2]
    count, extra = pairs.shape[0], rooms.shape[0]
    combinations = factors.shape[0]
    sums = np.zeros((table.shape[0], combinations, primes, count), np.int64)
    earlier = np.zeros((needed.shape[0], primes, channels + extra), np.int64)
    summed = np.empty(channels, np.int64)  # the channels the current state sums, and the rooms' rows
    rows = np.empty(max(extra, 1), np.int64)
    total = np.zeros((primes, channels + extra), np.int64)  # the current state's sums
    ahead = np.zeros((primes, count), np.int64)  # its forward values, and each over its prime
    scaled = np.zeros((primes, count), np.float64)
    reciprocals = 1.0 / moduli.astype(np.float64)
    current, many, more = -1, 0, 0
    for j in range(states.shape[0] + 1):
        s = states[j] if j < states.shape[0] else -1
        if s != current or s < 0:
            if current >= 0:
                for r in range(primes):
                    for i in range(many):
                        earlier[current, r, summed[i]] = total[r, summed[i]] % moduli[r]
                    for i in range(more):
                        earlier[current, r, channels + rows[i]] = total[r, channels + rows[i]] % moduli[r]
            if s < 0:
                break
            current, many, more = s, 0, 0
            bits = needed[s]
            for b in range(channels):
                if (bits >> b) & 1:
                    summed[many] = b
                    many += 1
            for e in range(extra):
                if (bits >> (channels + e)) & 1:
                    rows[more] = e
                    more += 1
            for r in range(primes):
                for q in range(count):
                    ahead[r, q] = forward[s, r, pairs[q, 0]]
                    scaled[r, q] = float(ahead[r, q]) * reciprocals[r]
                for b in range(channels + extra):
                    total[r, b] = 0
        t, k, combo = targets[j], classes[j], combos[j]
        wanted = count if starred[k] else 1
        for r in range(primes):
            m = moduli[r]
            for q in range(wanted):
                x = mulmod_scaled(ahead[r, q], scaled[r, q], backward[t, r, pairs[q, 1]], m)
                sums[k, combo, r, q] = addmod(sums[k, combo, r, q], x, m)
            w = table[k, combo, r]
            if w == 0:
                continue
            w_scaled = float(w) * reciprocals[r]
            for i in range(many):
                b = summed[i]
                total[r, b] = addmod(total[r, b], mulmod_scaled(w, w_scaled, backward[t, r, b], m), m)
            if more:
                base = mulmod(backward[t, r, 1], w, m, reciprocals[r])
                for i in range(more):
                    e = channels + rows[i]
                    total[r, e] = addmod(total[r, e], base * rooms[rows[i], j], m)
    weights = np.zeros((primes, table.shape[0], count), np.int64)
    for r in range(primes):
        m = moduli[r]
        for k in range(table.shape[0]):
            for c in range(combinations):
                f = factors[c, r]
                for q in range(count):
                    x = mulmod_lazy(sums[k, c, r, q] % m, f, m, reciprocals[r])
                    weights[r, k, q] = addmod(weights[r, k, q], x, m)
        weights[r] %= m
    return weights, earlier


@_compiled("int64[:, ::1](int64[:, ::1], int64[:, ::1], int64[::1])")
def products(a: Array, b: Array, moduli: Array) -> Array:
    """``a * b`` element by element, row ``r`` modulo ``moduli[r]``."""
    out = np.empty_like(a)
    for r in range(a.shape[0]):
        m = moduli[r]
        reciprocal = 1.0 / m
        for i in range(a.shape[1]):
            out[r, i] = mulmod(a[r, i], b[r, i], m, reciprocal)
    return out


@_compiled("int64[::1](int64[:, ::1], int64[:, ::1], int64[::1])")
def dot(a: Array, b: Array, moduli: Array) -> Array:
    """Per row ``r``, the sum of ``a[r] * b[r]`` modulo ``moduli[r]``."""
    out = np.zeros(a.shape[0], np.int64)
    for r in range(a.shape[0]):
        m = moduli[r]
        reciprocal = 1.0 / m
        for i in range(a.shape[1]):
            out[r] = addmod(out[r], mulmod(a[r, i], b[r, i], m, reciprocal), m)
        out[r] %= m
    return out


@_compiled("int64[:, ::1](int64[:, ::1], int64[:, ::1], int64[::1])")
def contract(weights: Array, cells: Array, moduli: Array) -> Array:
    """``out[x, r]``: the sum over ``k`` of ``weights[r, k] * cells[k, x]`` modulo ``moduli[r]`` (``cells``
    small whole numbers of either sign)."""
    out = np.zeros((cells.shape[1], weights.shape[0]), np.int64)
    for r in range(weights.shape[0]):
        m = moduli[r]
        reciprocal = 1.0 / m
        for k in range(cells.shape[0]):
            w = weights[r, k]
            for x in range(cells.shape[1]):
                c = cells[k, x] % m
                out[x, r] = addmod(out[x, r], mulmod(w, c, m, reciprocal), m)
        out[:, r] %= m
    return out


_GOLDEN = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing: multiply, keep the top bits


_PAIRS = "int32[::1], int32[::1], int32[::1], int32[::1]"  # a step's sources, classes, targets and combinations


@_compiled(f"int64[:, ::1](int64[:, ::1], int64[:, ::1], {_PAIRS}, int64[:, ::1], int64, int64[::1])")
def class_sums(
    forward: Array,
    backward: Array,
    states: Index,
    classes: Index,
    targets: Index,
    combos: Index,
    factors: Array,
    count: int,
    moduli: Array,
) -> Array:
    """Per prime ``r`` and class ``k`` of a step (``count`` of them), the sum over its pairs ``j`` of
    ``forward[states[j], r] * backward[targets[j], r] * factors[combos[j], r]`` modulo ``moduli[r]``:
    the deals through the class, its coefficient left out. The products are summed per class and
    combination of rooms first, and multiplied by the combination's factor once, at the end."""
    primes, combinations = forward.shape[1], factors.shape[0]
    sums = np.zeros((count, combinations, primes), np.int64)
    reciprocals = 1.0 / moduli.astype(np.float64)
    for j in range(states.shape[0]):
        s, t, k, combo = states[j], targets[j], classes[j], combos[j]
        for r in range(primes):
            m = moduli[r]
            x = mulmod_lazy(forward[s, r], backward[t, r], m, reciprocals[r])
            sums[k, combo, r] = addmod(sums[k, combo, r], x, m)
    out = np.zeros((primes, count), np.int64)
    for r in range(primes):
        m = moduli[r]
        for k in range(count):
            for c in range(combinations):
                out[r, k] = addmod(out[r, k], mulmod_lazy(sums[k, c, r] % m, factors[c, r], m, reciprocals[r]), m)
            out[r, k] %= m
    return out


@_compiled(f"int64[:, ::1](int64[:, ::1], {_PAIRS}, int64[:, :, ::1], int64, int64[::1])")
def pull(
    backward: Array,
    states: Index,
    classes: Index,
    targets: Index,
    combos: Index,
    table: Array,
    size: int,
    moduli: Array,
) -> Array:
    """One step backward, one channel: ``out[s, r]`` sums ``backward[targets[j], r] * table[classes[j],
    combos[j], r]`` over the pairs ``j`` of state ``s`` (``size`` states), modulo ``moduli[r]``; a
    class whose weight is zero is passed over."""
    primes = backward.shape[1]
    out = np.zeros((size, primes), np.int64)
    reciprocals = 1.0 / moduli.astype(np.float64)
    for j in range(states.shape[0]):
        s, t, k, combo = states[j], targets[j], classes[j], combos[j]
        for r in range(primes):
            w = table[k, combo, r]
            if w != 0:
                m = moduli[r]
                out[s, r] = addmod(out[s, r], mulmod_lazy(backward[t, r], w, m, reciprocals[r]), m)
    for s in range(size):
        for r in range(primes):
            out[s, r] %= moduli[r]
    return out


@_inline
def _slot(key: int, bits: int) -> np.int64:
    """The hash table slot of ``key`` in a table of ``2^bits`` (signed: numba would widen a mix to float)."""
    return np.int64((np.uint64(key) * _GOLDEN) >> np.uint64(64 - bits))


@_inline
def _rehash(found: Array, unique: int, bits: int) -> Array:
    """A table of ``2^bits`` slots holding the first ``unique`` keys of ``found`` and their indices."""
    table = np.full((1 << bits, 2), -1, np.int64)
    for u in range(unique):
        slot = int(_slot(found[u], bits))
        while table[slot, 0] >= 0:
            slot = (slot + 1) & ((1 << bits) - 1)
        table[slot, 0] = found[u]
        table[slot, 1] = u
    return table


@_inline
def _box(keys: Array, class_keys: Array, over: int, mask: int, fields: int) -> tuple[Array, Array]:
    """Per 7-bit field, the least value a target's field can take and how many values it spans (within
    the field's limit, read from ``over``): a target's sum of a state's and a class's cleared fields."""
    low = np.zeros(fields, np.int64)
    span = np.ones(fields, np.int64)
    for f in range(fields):
        shift = 7 * f
        if (mask >> shift) & 127 == 0:
            continue
        a_low, a_high, b_low, b_high = 127, 0, 127, 0
        for s in range(keys.shape[0]):
            x = (keys[s] >> shift) & 127
            a_low, a_high = min(a_low, x), max(a_high, x)
        for k in range(class_keys.shape[0]):
            x = (class_keys[k] >> shift) & 127
            b_low, b_high = min(b_low, x), max(b_high, x)
        low[f] = a_low + b_low
        span[f] = max(min(a_high + b_high, 63 - ((over >> shift) & 127)) - low[f] + 1, 1)
    return low, span


@_inline
def _places(keys: Array, fields: int, mask: int, low: Array, span: Array, offset: bool) -> Array:
    """Each key's place in the box (``low`` and ``span`` per field): its cleared fields, less ``low`` if
    ``offset``, times the spans of the fields below them. Fields do not carry, so a state's place plus
    a class's (its ``low`` taken off once) is their target's place, and places keep the keys' order."""
    places = np.zeros(keys.shape[0], np.int64)
    for i in range(keys.shape[0]):
        cleared = keys[i] & mask
        stride = 1
        for f in range(fields):
            places[i] += (((cleared >> (7 * f)) & 127) - (low[f] if offset else 0)) * stride
            stride *= span[f]
    return places


@_inline
def _by_place(places: Array, low: Array, span: Array, cells: int) -> tuple[Index, Array]:
    """The targets numbered by one scan of the box, in order, and their keys rebuilt from their places."""
    box = np.zeros(cells, np.int32)
    for j in range(places.shape[0]):
        box[places[j]] = 1
    found = np.empty(min(places.shape[0], cells), np.int64)
    unique = 0
    for place in range(cells):
        if box[place]:  # a target: number it, and rebuild its key from its place
            box[place] = unique
            key, rest = 0, place
            for f in range(low.shape[0]):
                key |= (rest % span[f] + low[f]) << (7 * f)
                rest //= span[f]
            found[unique] = key
            unique += 1
    ids = np.empty(places.shape[0], np.int32)
    for j in range(places.shape[0]):
        ids[j] = box[places[j]]
    return ids, found[:unique]


@_inline
def _by_hash(targets: Array) -> tuple[Index, Array]:
    """The targets' keys numbered through a hash table (grown as targets are found: a table sized to
    the pairs would not stay in the cache), then renumbered in the keys' order."""
    bits = 10
    # a slot holds a key (-1: empty; keys are not negative) and its index into found, side by side
    table = np.full((1 << bits, 2), -1, np.int64)
    found = np.empty(max(targets.shape[0], 1), np.int64)
    ids = np.empty(targets.shape[0], np.int32)
    unique = 0
    for j in range(targets.shape[0]):
        key = targets[j]
        slot = int(_slot(key, bits))
        while table[slot, 0] != key and table[slot, 0] >= 0:
            slot = (slot + 1) & ((1 << bits) - 1)
        if table[slot, 0] < 0:  # a new target
            table[slot, 0] = key
            table[slot, 1] = unique
            found[unique] = key
            unique += 1
        ids[j] = table[slot, 1]
        if 2 * unique > (1 << bits):  # keep the table at most half full
            bits += 1
            table = _rehash(found, unique, bits)
    order = np.argsort(found[:unique])
    rank = np.empty(unique, np.int64)
    rank[order] = np.arange(unique)
    for j in range(targets.shape[0]):
        ids[j] = rank[ids[j]]
    return ids, found[:unique][order]


@_compiled("Tuple((int32[::1], int32[::1], int32[::1], int32[:, ::1], int64[::1]))"
           "(int64[::1], int64[::1], int64, int64, int64[::1], int64[::1], int64, int64, int64)")  # fmt: skip
def pairs(
    keys: Array,
    class_keys: Array,
    over: int,
    high: int,
    shifts: Array,
    capacity: Array,
    mask: int,
    fields: int,
    largest: int,
) -> tuple[Index, Index, Index, Index, Array]:
    """A step's pairs: every state ``keys[s]`` with every class ``class_keys[k]`` whose packed sum stays
    within capacity (``(sum + over) & high == 0``), and their targets.

    For each retiring player ``e`` (their field at bit ``shifts[e]``), ``rooms[e, j]`` is
    ``capacity[e]`` less their field in pair ``j``'s sum; ``mask`` clears those fields, which leaves the
    target's key. Returns ``states, classes, targets, rooms`` and the targets' keys, sorted
    (``targets`` index them), as ``numpy.unique`` of the cleared sums would.

    Keys have ``fields`` fields of 7 bits. Where the box the targets' fields span has at most
    ``largest`` cells (and at most 16 a pair), a target is found by its place in that box, the
    state's place plus the class's; elsewhere by its key (the cleared keys' sum) in a hash table.
    """
    count = 0
    for s in range(keys.shape[0]):
        for k in range(class_keys.shape[0]):
            if ((keys[s] + class_keys[k] + over) & high) == 0:
                count += 1
    states = np.empty(count, np.int32)  # indices and rooms in 32 bits: half the memory the steps stream
    classes = np.empty(count, np.int32)
    rooms = np.empty((shifts.shape[0], count), np.int32)
    low, span = _box(keys, class_keys, over, mask, fields)
    cells = 1
    for f in range(fields):
        cells = min(cells * span[f], largest + 1)
    placed = cells <= largest and cells <= 16 * count + 4096
    if placed:
        state_at = _places(keys, fields, mask, low, span, False)
        class_at = _places(class_keys, fields, mask, low, span, True)
    else:  # a place that is the key itself: the cleared keys add up to the target's
        state_at, class_at = keys & mask, class_keys & mask
    targets = np.empty(count, np.int64)
    j = 0
    for s in range(keys.shape[0]):
        for k in range(class_keys.shape[0]):
            total = keys[s] + class_keys[k]
            if ((total + over) & high) != 0:
                continue
            for e in range(shifts.shape[0]):
                rooms[e, j] = capacity[e] - ((total >> shifts[e]) & 127)
            targets[j] = state_at[s] + class_at[k]
            states[j] = s
            classes[j] = k
            j += 1
    ids, found = _by_place(targets, low, span, cells) if placed else _by_hash(targets)
    return states, classes, ids, rooms, found


@_compiled("Tuple((int64[::1], int64[:, ::1]))(int64[::1], int64[::1], int64[::1], int64[::1], int64, int64)")
def shifts(keys: Array, deltas: Array, fields: Array, limits: Array, total: int, room: int) -> tuple[Array, Array]:
    """For each label ``b`` with ``deltas[b] > 0`` and each state ``keys[s]`` (sorted), the index of the
    state ``keys[s] + deltas[b]`` (``at[b, s]``), found by walking both in order; -1 where it is not a
    state, or where the field at bit ``fields[b]`` is at ``limits[b]`` already or the field at bit
    ``total`` at ``room``. Bit ``b`` of ``needed[s]`` is set where the shifted state is within those
    limits but missing, and for every state if ``deltas[b]`` is 0.
    """
    size, labels = keys.shape[0], deltas.shape[0]
    needed = np.zeros(size, np.int64)
    at = np.full((labels, size), -1, np.int64)
    for b in range(labels):
        if deltas[b] == 0:
            for s in range(size):
                needed[s] |= 1 << b
            continue
        i = 0
        for s in range(size):
            if ((keys[s] >> fields[b]) & 127) >= limits[b] or ((keys[s] >> total) & 127) >= room:
                continue
            wanted = keys[s] + deltas[b]
            while i < size and keys[i] < wanted:
                i += 1
            if i < size and keys[i] == wanted:
                at[b, s] = i
            else:
                needed[s] |= 1 << b
    return needed, at


@_compiled("void(int64[:, :, ::1], int64[:, ::1])")
def gather(values: Array, at: Array) -> None:
    """``values[s, r, b] = values[at[b, s], r, 0]`` wherever ``at[b, s] >= 0``."""
    for b in range(at.shape[0]):
        for s in range(at.shape[1]):
            if at[b, s] >= 0:
                for r in range(values.shape[1]):
                    values[s, r, b] = values[at[b, s], r, 0]


@_inline
def _combinations_placed(rooms: Index, limits: Array, cells: int) -> tuple[Index, Array]:
    """:func:`combinations` by places in the box of the rooms' values: a column's place is its digits
    in mixed radix (the first the most significant), so the places keep the order."""
    digits, count = rooms.shape
    stride = np.ones(digits, np.int64)
    for e in range(digits - 2, -1, -1):
        stride[e] = stride[e + 1] * (limits[e + 1] + 1)
    ids = np.zeros(count, np.int32)
    box = np.zeros(cells, np.int32)
    for j in range(count):
        place = 0
        for e in range(digits):
            place += rooms[e, j] * stride[e]
        box[place] = 1
        ids[j] = place
    distinct = np.empty((min(cells, count), digits), np.int64)
    unique = 0
    for place in range(cells):
        if box[place]:  # a combination: number it, and read its digits back from its place
            box[place] = unique
            rest = place
            for e in range(digits - 1, -1, -1):
                distinct[unique, e] = rest % (limits[e] + 1)
                rest //= limits[e] + 1
            unique += 1
    for j in range(count):
        ids[j] = box[ids[j]]
    return ids, distinct[:unique]


@_compiled("Tuple((int32[::1], int64[:, ::1]))(int32[:, ::1], int64[::1])")
def combinations(rooms: Index, limits: Array) -> tuple[Index, Array]:
    """The distinct columns of ``rooms`` (small whole numbers, at most ``limits`` row by row, below 64),
    in increasing order read as digits, as rows of ``distinct``, and for each column the index of its
    row (``ids``). By places in a box where the limits allow few combinations, else by a hash table."""
    digits, count = rooms.shape
    cells = 1
    for e in range(digits):
        cells = min(cells * (limits[e] + 1), PLACES + 1)
    if cells <= PLACES:
        return _combinations_placed(rooms, limits, cells)
    ids = np.empty(count, np.int32)
    bits = 4
    table = np.full((1 << bits, 2), -1, np.int64)
    found = np.empty(max(count, 1), np.int64)
    unique = 0
    for j in range(count):
        key = 0
        for e in range(digits):
            key = (key << 6) | rooms[e, j]
        slot = int(_slot(key, bits))
        while table[slot, 0] != key and table[slot, 0] >= 0:
            slot = (slot + 1) & ((1 << bits) - 1)
        if table[slot, 0] < 0:
            table[slot, 0] = key
            table[slot, 1] = unique
            found[unique] = key
            unique += 1
        ids[j] = table[slot, 1]
        if 2 * unique > (1 << bits):
            bits += 1
            table = _rehash(found, unique, bits)
    order = np.argsort(found[:unique])
    rank = np.empty(unique, np.int64)
    rank[order] = np.arange(unique)
    for j in range(count):
        ids[j] = rank[ids[j]]
    distinct = np.empty((unique, digits), np.int64)
    for u in range(unique):
        key = found[order[u]]
        for e in range(digits - 1, -1, -1):
            distinct[u, e] = key & 63
            key >>= 6
    return ids, distinct
