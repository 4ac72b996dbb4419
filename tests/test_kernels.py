"""The compiled inner loops of the factored pass against plain Python on small random inputs."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.knowledge.kernels import back, combine, contract, dot, mulmod, products
from trainer.knowledge.residues import PRIMES, WIDE, factorials

PRIME = st.sampled_from(WIDE + PRIMES)


@settings(deadline=None)  # the first call may load the compiled code
@given(PRIME, st.data())
def test_mulmod_is_the_remainder_of_the_product(m: int, data: st.DataObject) -> None:
    residue = st.one_of(st.integers(0, m - 1), st.sampled_from([0, 1, m - 1, m - 2, m // 2, m // 2 + 1]))
    a, b = data.draw(residue), data.draw(residue)
    assert mulmod(a, b, m, 1.0 / m) == a * b % m


def test_mulmod_at_the_edges_of_the_largest_primes() -> None:
    for m in (PRIMES[0], WIDE[0], WIDE[-1]):
        for a in (m - 1, m - 2, m // 2, m // 2 + 1, 2**30, 46341, 2**49 % m, 1, 0):
            for b in (m - 1, m - 3, m // 2, 2**30 + 1, 46340, 2**25, 1, 0):
                assert mulmod(a, b, m, 1.0 / m) == a * b % m


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 3), st.integers(0, 30), st.integers(0, 5))
def test_products_dot_and_contract_against_python(seed: int, primes: int, width: int, columns: int) -> None:
    rng = np.random.default_rng(seed)
    chosen = WIDE[:primes]
    moduli = np.array(chosen, np.int64)
    a = rng.integers(0, moduli[:, None], (primes, width)).astype(np.int64)
    b = rng.integers(0, moduli[:, None], (primes, width)).astype(np.int64)
    cells = rng.integers(-5000, 5000, (width, columns)).astype(np.int64)
    assert products(a, b, moduli).tolist() == [[int(x) * int(y) % m for x, y in zip(a[r], b[r], strict=True)]
                                              for r, m in enumerate(chosen)]  # fmt: skip
    assert dot(a, b, moduli).tolist() == [sum(int(x) * int(y) for x, y in zip(a[r], b[r], strict=True)) % m
                                          for r, m in enumerate(chosen)]  # fmt: skip
    expected = [[sum(int(a[r, k]) * int(cells[k, x]) for k in range(width)) % m for r, m in enumerate(chosen)]
                for x in range(columns)]  # fmt: skip
    assert contract(a, cells, moduli).tolist() == expected


def _random_step(rng: np.random.Generator, primes: tuple[int, ...], before: int, classes: int, pairs: int) -> dict:  # type: ignore[type-arg]
    moduli = np.array(primes, np.int64)
    return {
        "moduli": moduli,
        "states": np.sort(rng.integers(0, before, pairs)).astype(np.int64),
        "classes": rng.integers(0, classes, pairs).astype(np.int64),
        "targets": rng.integers(0, 5, pairs).astype(np.int64),
        "coef": rng.integers(0, moduli[:, None], (len(primes), classes)).astype(np.int64),
        "inverse": np.array([factorials(p, 64)[1] for p in primes], np.int64),
        "rooms": rng.integers(0, 8, (int(rng.integers(0, 3)), pairs)).astype(np.int64),
    }


def _tables(step: dict, primes: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:  # type: ignore[type-arg]
    """The pairs' combinations and weight and factor tables, each pair its own combination (the
    kernels must read them by the pair's combination and class)."""
    pairs = len(step["states"])
    factors = np.ones((len(primes), max(pairs, 1)), np.int64)
    for r, m in enumerate(primes):
        for j in range(pairs):
            for row in step["rooms"]:
                factors[r, j] = int(factors[r, j]) * int(step["inverse"][r, row[j]]) % m
    weights = np.array([[[int(c) * int(f) % m for f in factors[r]] for c in step["coef"][r]]
                        for r, m in enumerate(primes)], np.int64)  # fmt: skip
    return np.arange(pairs, dtype=np.int64), weights, factors


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 3), st.integers(0, 40), st.booleans())
def test_combine_sums_each_pair_into_its_target(seed: int, primes: int, pairs: int, channels: bool) -> None:
    rng = np.random.default_rng(seed)
    chosen = WIDE[:primes]
    step = _random_step(rng, chosen, 6, 4, pairs)
    given_channels = int(rng.integers(1, 4))
    values = rng.integers(0, step["moduli"][:, None, None], (primes, 6, given_channels)).astype(np.int64)
    out = combine(values, step["states"], step["classes"], step["targets"], *_tables(step, chosen),
                  step["rooms"], channels, 5, step["moduli"])  # fmt: skip
    extra = len(step["rooms"]) if channels else 0
    expected = np.zeros((primes, 5, given_channels + extra), dtype=object)
    for r, m in enumerate(chosen):
        for j in range(pairs):
            s, k, t = step["states"][j], step["classes"][j], step["targets"][j]
            w = int(step["coef"][r, k])
            for row in step["rooms"]:
                w = w * int(step["inverse"][r, row[j]]) % m
            for c in range(1 if channels else 0, given_channels):  # channel 0 is the caller's with channels
                expected[r, t, c] += int(values[r, s, c]) * w
            for e in range(extra):
                expected[r, t, given_channels + e] += int(values[r, s, 0]) * w * int(step["rooms"][e, j])
        expected[r] %= m
    assert out.tolist() == expected.tolist()


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 3), st.integers(0, 40))
def test_back_sums_by_class_and_by_state(seed: int, primes: int, pairs: int) -> None:
    rng = np.random.default_rng(seed)
    chosen = WIDE[:primes]
    step = _random_step(rng, chosen, 6, 4, pairs)
    moduli = step["moduli"]
    forward = rng.integers(0, moduli[:, None, None], (primes, 6, 3)).astype(np.int64)
    backward = rng.integers(0, moduli[:, None, None], (primes, 5, 4)).astype(np.int64)
    wanted = np.array([(0, 0), (2, 1), (0, 3)], np.int64)
    rooms = step["rooms"]
    needed = rng.integers(0, 1 << (4 + len(rooms)), 6).astype(np.int64)  # the channels to sum, per state
    weights, earlier = back(forward, backward, step["states"], step["classes"], step["targets"],
                            *_tables(step, chosen), step["rooms"], wanted, needed, moduli)  # fmt: skip
    expected_weights = np.zeros((primes, 4, len(wanted)), dtype=object)
    expected_earlier = np.zeros((primes, 6, 4 + len(rooms)), dtype=object)
    for r, m in enumerate(chosen):
        for j in range(pairs):
            s, k, t = step["states"][j], step["classes"][j], step["targets"][j]
            factor = 1
            for row in rooms:
                factor = factor * int(step["inverse"][r, row[j]]) % m
            through = [int(backward[r, t, b]) * factor for b in range(4)]
            for q, (a, b) in enumerate(wanted):
                expected_weights[r, k, q] += int(forward[r, s, a]) * through[b]
            for b in range(4):
                expected_earlier[r, s, b] += through[b] * int(step["coef"][r, k]) * (int(needed[s]) >> b & 1)
            for e, row in enumerate(rooms):
                chosen = int(needed[s]) >> (4 + e) & 1
                expected_earlier[r, s, 4 + e] += through[1] * int(step["coef"][r, k]) * int(row[j]) * chosen
        expected_weights[r] %= m
        expected_earlier[r] %= m
    assert weights.tolist() == expected_weights.tolist()
    assert earlier.tolist() == expected_earlier.tolist()
