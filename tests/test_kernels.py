"""The compiled inner loops of the factored pass against plain Python on small random inputs."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine import compiled, kernels
from trainer.engine.constraints import History
from trainer.engine.factored import Factored
from trainer.engine.kernels import (
    back,
    combinations,
    combine,
    contract,
    dot,
    gather,
    mulmod,
    mulmod_lazy,
    mulmod_scaled,
    pairs,
    products,
    shifts,
)
from trainer.engine.residues import PRIMES, WIDE, factorials
from trainer.engine.solve import counting_model
from trainer.game.randomplay import random_game

PRIME = st.sampled_from(WIDE + PRIMES)


@settings(deadline=None)  # the first call may load the compiled code
@given(PRIME, st.data())
def test_mulmod_is_the_remainder_of_the_product(m: int, data: st.DataObject) -> None:
    residue = st.one_of(st.integers(0, m - 1), st.sampled_from([0, 1, m - 1, m - 2, m // 2, m // 2 + 1]))
    a, b = data.draw(residue), data.draw(residue)
    assert mulmod(a, b, m, 1.0 / m) == a * b % m
    lazy = mulmod_lazy(a, b, m, 1.0 / m)  # for sums only: the same residue, below 2m
    assert 0 <= lazy < 2 * m and lazy % m == a * b % m
    scaled = mulmod_scaled(a, float(a) * (1.0 / m), b, m)  # a's scale made once, as the kernels do
    assert 0 <= scaled < 2 * m and scaled % m == a * b % m


def test_mulmod_at_the_edges_of_the_largest_primes() -> None:
    for m in (PRIMES[0], WIDE[0], WIDE[-1]):
        for a in (m - 1, m - 2, m // 2, m // 2 + 1, 2**30, 46341, 2**49 % m, 1, 0):
            for b in (m - 1, m - 3, m // 2, 2**30 + 1, 46340, 2**25, 1, 0):
                assert mulmod(a, b, m, 1.0 / m) == a * b % m
                assert mulmod_lazy(a, b, m, 1.0 / m) in (a * b % m, a * b % m + m)
                assert mulmod_scaled(a, float(a) * (1.0 / m), b, m) in (a * b % m, a * b % m + m)


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
        "states": np.sort(rng.integers(0, before, pairs)).astype(np.int32),
        "classes": rng.integers(0, classes, pairs).astype(np.int32),
        "targets": rng.integers(0, 5, pairs).astype(np.int32),
        "coef": rng.integers(0, moduli[:, None], (len(primes), classes)).astype(np.int64),
        "inverse": np.array([factorials(p, 64)[1] for p in primes], np.int64),
        "rooms": rng.integers(0, 8, (int(rng.integers(0, 3)), pairs)).astype(np.int32),
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
    # the kernels read them by class, combination and prime (a prime's residues side by side)
    return np.arange(pairs, dtype=np.int32), weights.transpose(1, 2, 0).copy(), factors.T.copy()


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 3), st.integers(0, 40), st.booleans(), st.integers(0, 1))
def test_combine_sums_each_pair_into_its_target(seed: int, primes: int, pairs: int, channels: bool, spare: int) -> None:
    rng = np.random.default_rng(seed)
    chosen = WIDE[:primes]
    step = _random_step(rng, chosen, 6, 4, pairs)
    values = rng.integers(0, step["moduli"][None, :, None], (6, primes, 4)).astype(np.int64)
    read = [int(c) for c in rng.permutation(4)[: int(rng.integers(1, 4))]]  # the channels combined, in order
    out = combine(values, np.array(read, np.int64), step["states"], step["classes"], step["targets"],
                  *_tables(step, chosen), step["rooms"], channels, 5, spare, step["moduli"])  # fmt: skip
    extra = len(step["rooms"]) if channels else 0
    expected = np.zeros((5, primes, len(read) + extra + spare), dtype=object)  # the spare channel: zero
    for r, m in enumerate(chosen):
        for j in range(pairs):
            s, k, t = step["states"][j], step["classes"][j], step["targets"][j]
            w = int(step["coef"][r, k])
            for row in step["rooms"]:
                w = w * int(step["inverse"][r, row[j]]) % m
            for c, channel in enumerate(read):
                expected[t, r, c] += int(values[s, r, channel]) * w
            for e in range(extra):
                expected[t, r, len(read) + e] += int(values[s, r, read[0]]) * w * int(step["rooms"][e, j])
        expected[:, r] %= m
    assert out.tolist() == expected.tolist()


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 3), st.integers(0, 40))
def test_back_sums_by_class_and_by_state(seed: int, primes: int, pairs: int) -> None:
    rng = np.random.default_rng(seed)
    chosen = WIDE[:primes]
    step = _random_step(rng, chosen, 6, 4, pairs)
    moduli = step["moduli"]
    forward = rng.integers(0, moduli[None, :, None], (6, primes, 3)).astype(np.int64)
    backward = rng.integers(0, moduli[None, :, None], (5, primes, 4)).astype(np.int64)
    wanted = np.array([(0, 0), (2, 1), (0, 3)], np.int64)
    rooms = step["rooms"]
    needed = rng.integers(0, 1 << (4 + len(rooms)), 6).astype(np.int64)  # the channels to sum, per state
    starred = rng.integers(0, 2, 4).astype(np.bool_)  # the classes whose later channel pairs are wanted
    wide = np.ascontiguousarray(np.concatenate([forward, forward[:, :1] + 1], axis=1))  # a prime more: unread
    weights, earlier = back(wide, backward, step["states"], step["classes"], step["targets"],
                            *_tables(step, chosen), step["rooms"], wanted, starred, needed, moduli)  # fmt: skip
    expected_weights = np.zeros((primes, 4, len(wanted)), dtype=object)
    expected_earlier = np.zeros((6, primes, 4 + len(rooms)), dtype=object)
    for r, m in enumerate(chosen):
        for j in range(pairs):
            s, k, t = step["states"][j], step["classes"][j], step["targets"][j]
            factor = 1
            for row in rooms:
                factor = factor * int(step["inverse"][r, row[j]]) % m
            through = [int(backward[t, r, b]) * factor for b in range(4)]
            for q, (a, b) in enumerate(wanted):
                expected_weights[r, k, q] += int(forward[s, r, a]) * through[b] * (q == 0 or bool(starred[k]))
            for b in range(4):
                expected_earlier[s, r, b] += through[b] * int(step["coef"][r, k]) * (int(needed[s]) >> b & 1)
            for e, row in enumerate(rooms):
                chosen = int(needed[s]) >> (4 + e) & 1
                expected_earlier[s, r, 4 + e] += through[1] * int(step["coef"][r, k]) * int(row[j]) * chosen
        expected_weights[r] %= m
        expected_earlier[:, r] %= m
    assert weights.tolist() == expected_weights.tolist()
    assert earlier.tolist() == expected_earlier.tolist()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(0, 9), min_size=3, max_size=3), max_size=60), st.booleans())
def test_combinations_number_the_distinct_columns_in_order(columns: list[list[int]], placed: bool) -> None:
    rooms = np.array(columns, np.int32).reshape(len(columns), 3).T.copy()
    # the rooms' limits: small, combinations are numbered by their place; large, by a hash table
    limits = np.array([9, 9, 9] if placed else [63, 63, 63], np.int64)
    ids, distinct = combinations(rooms, limits)
    expected = sorted(set(map(tuple, columns)))
    assert [tuple(row) for row in distinct.tolist()] == expected
    assert [expected[i] for i in ids.tolist()] == [tuple(c) for c in columns]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=3, max_size=3), st.lists(st.integers(0, 40), max_size=50), st.booleans())
def test_pairs_are_the_sums_within_capacity_and_their_targets(capacity: list[int], picks: list[int], box: bool) -> None:
    # states and classes are vectors over three 7-bit fields; player 2 retires
    keys = np.array(sorted({(p % 7) | (p // 7 % 3) << 7 for p in picks}), np.int64)
    vectors = [(a, b, c) for a in range(3) for b in range(2) for c in range(3)]
    class_keys = np.array([a | b << 7 | c << 14 for a, b, c in vectors], np.int64)
    over = sum((63 - c) << (7 * i) for i, c in enumerate(capacity))
    high = sum(64 << (7 * i) for i in range(3))
    states, classes, targets, rooms, unique = pairs(
        keys, class_keys, over, high, np.array([14], np.int64), np.array([capacity[2]], np.int64), ~(127 << 14),
        3, 1 << 20 if box else 0,  # targets by their place in a box, or by a hash table
    )
    def within(total: int) -> bool:
        return all((total >> (7 * i) & 127) <= capacity[i] for i in range(3))

    expected = [(s, k) for s in range(len(keys)) for k in range(len(class_keys))
                if within(int(keys[s]) + int(class_keys[k]))]  # fmt: skip
    assert list(zip(states.tolist(), classes.tolist(), strict=True)) == expected
    sums = [int(keys[s]) + int(class_keys[k]) for s, k in expected]
    assert unique.tolist() == sorted({x & ~(127 << 14) for x in sums})
    assert [int(unique[t]) for t in targets] == [x & ~(127 << 14) for x in sums]
    assert rooms[0].tolist() == [capacity[2] - (x >> 14 & 127) for x in sums]


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(0, 200), max_size=40), st.integers(1, 3), st.integers(0, 6))
def test_shifts_find_the_shifted_states_and_gather_reads_them(picks: set[int], delta: int, limit: int) -> None:
    keys = np.array(sorted(picks), np.int64)
    # label 0 is summed everywhere; label 1 shifts by delta (field: the low three bits, at most limit)
    needed, at = shifts(keys, np.array([0, delta], np.int64), np.array([0, 0], np.int64),
                        np.array([0, limit], np.int64), 40, 1)  # fmt: skip
    index = {int(k): i for i, k in enumerate(keys)}
    for s, key in enumerate(keys.tolist()):
        within = key & 127 < limit
        assert at[0, s] == -1 and needed[s] & 1
        assert at[1, s] == (index.get(key + delta, -1) if within else -1)
        assert bool(needed[s] >> 1 & 1) == (within and key + delta not in index)
    values = np.arange(2 * len(keys) * 3, dtype=np.int64).reshape(len(keys), 2, 3)  # state, prime, channel
    before = values.copy()
    gather(values, at)
    for s in range(len(keys)):
        if at[1, s] >= 0:
            assert values[s, :, 1].tolist() == before[at[1, s], :, 0].tolist()
        else:
            assert values[s, :, 1].tolist() == before[s, :, 1].tolist()


def test_the_loops_built_ahead_of_time_count_as_the_run_time_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where ``make`` built the loops ahead of time (:mod:`trainer.engine.compiled`), the factored pass runs
    them: every count is the same as with numba's run-time loops, on the early public positions of random
    eight-player games (the factored pass's hardest)."""
    if not compiled.built():
        pytest.skip("the loops are not built ahead of time here (make builds them)")
    assert compiled.load().__name__.endswith(compiled.module_name())
    for seed, variant, at in ((1, "classic", 30), (2, "fish54", 24), (3, "fish54", 60)):
        game = random_game(random.Random(seed), variant, 8)
        problem = counting_model(History.build(game.setup, game.events[:at], None)).problem
        ahead = Factored(problem)
        with monkeypatch.context() as patch:
            patch.setattr(compiled, "load", lambda: kernels)
            run_time = Factored(problem)
        assert ahead.total == run_time.total and ahead.counts() == run_time.counts()


def test_a_build_is_named_after_the_source_so_a_stale_one_is_never_loaded(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    source = tmp_path / "kernels.py"
    source.write_text("a = 1\n")
    monkeypatch.setattr(compiled, "SOURCE", source)
    compiled.module_name.cache_clear()
    try:
        first = compiled.module_name()
        source.write_text("a = 2\n")
        compiled.module_name.cache_clear()
        assert compiled.module_name() != first and compiled.module_name().startswith("_loops_")
    finally:
        monkeypatch.undo()
        compiled.module_name.cache_clear()
