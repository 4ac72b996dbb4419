"""The array engine: exact residues, and the same counts as the Python full pass and brute force."""

from __future__ import annotations

import random
from math import prod

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from trainer.engine import sweep as sweep_module
from trainer.engine.constraints import History
from trainer.engine.counting import Counter, search_table, set_table
from trainer.engine.problem import Problem, SetProblem
from trainer.engine.residues import PRIMES, WIDE, factorials, primes_for, rebuild
from trainer.engine.solve import counting_model
from trainer.engine.sweep import Sweep
from trainer.game.randomplay import random_game

from checked import checks_at_least
from positions import TABLES, reference_pair


def test_the_primes_are_prime_and_below_two_to_the_31() -> None:
    for p in PRIMES:
        assert p < 2**31
        assert all(p % d for d in [2, *range(3, int(p**0.5) + 1, 2)])


def _strong_probable_prime(n: int, a: int) -> bool:
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    x = pow(a, d, n)
    if x in (1, n - 1):
        return True
    for _ in range(s - 1):
        x = x * x % n
        if x == n - 1:
            return True
    return False


def test_the_wide_primes_are_prime_below_two_to_the_50_and_the_largest() -> None:
    # Miller-Rabin with the first twelve primes as bases proves primality below 3.3 * 10^24
    bases = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)
    assert all(all(_strong_probable_prime(p, a) for a in bases) for p in WIDE)
    assert list(WIDE) == sorted(WIDE, reverse=True) and WIDE[0] < 2**50
    composites = [n for n in range(WIDE[-1], 2**50) if n not in WIDE]
    assert not any(all(_strong_probable_prime(n, a) for a in bases) for n in composites if n % 2)


@given(st.integers(0, 10**60))
def test_residues_rebuild_the_number(value: int) -> None:
    primes = primes_for(value)
    assert prod(primes) > value
    assert rebuild([value % p for p in primes], primes) == value


def test_primes_for_takes_the_fewest() -> None:
    assert primes_for(PRIMES[0] - 1) == PRIMES[:1]
    assert primes_for(PRIMES[0]) == PRIMES[:2]
    with pytest.raises(ValueError):
        primes_for(prod(PRIMES))


def test_factorials_modulo_a_prime() -> None:
    fact, inverse = factorials(PRIMES[1], 54)
    assert fact[20] == 2432902008176640000 % PRIMES[1]
    assert all(f * i % PRIMES[1] == 1 for f, i in zip(fact, inverse, strict=True))


@st.composite
def set_problems(draw: st.DrawFn) -> tuple[SetProblem, int]:
    n = draw(st.integers(2, 8))  # at most eight players
    cards = draw(st.integers(1, 4 if n > 6 else 6))  # the model never builds a set with no unknown card
    domains = tuple(
        tuple(sorted(draw(st.sets(st.integers(0, n - 1), max_size=n))))
        for i in range(cards)
    )
    facts = draw(st.lists(st.tuples(st.integers(-1, n - 1), st.sets(st.integers(0, max(cards - 1, 0)), min_size=1)),
                          max_size=3))
    holds = tuple(sorted({(p, tuple(sorted(ps))) for p, ps in facts}))
    return SetProblem(tuple(f"C{i}" for i in range(cards)), domains, holds), n


@settings(max_examples=60, deadline=None)
@given(set_problems())
def test_array_table_equals_the_constraint_search(case: tuple[SetProblem, int]) -> None:
    problem, n = case
    assert set_table(problem, n) == search_table(problem, n)


def test_a_card_nobody_may_hold_leaves_no_solution() -> None:
    assert set_table(SetProblem(("X", "Y"), ((), (0, 1)), ()), 2).solutions == 0


def test_known_answer_one_set_two_players() -> None:
    # a two-card set whose first card only A may hold, two free cards, room for two cards each
    problem = Problem(
        players=("A", "B"),
        capacity=(2, 2),
        free=2,
        sets=(SetProblem(("X1", "X2"), ((0,), (0, 1)), ()),),
    )
    # X1 with A; X2 with A (then both free cards to B: 1 way) or with B (the free cards split 1-1: 2 ways)
    sweep = Sweep(problem)
    assert sweep.total == 3
    counts = sweep.counts()
    assert counts.per_card == {"X1": (3, 0), "X2": (1, 2)}
    assert counts.free_per_player == (1, 2)  # one particular free card: with A only in the split deals
    assert counts == Counter(problem).counts()


def test_impossible_problems_count_nothing() -> None:
    too_many = Problem(players=("A", "B"), capacity=(1, 1), free=3, sets=())
    assert Sweep(too_many).total == 0
    holds = SetProblem(("X1", "X2"), ((1,), (1,)), ((0, (0, 1)),))  # A holds one of them, but only B may
    assert Sweep(Problem(("A", "B"), (2, 2), 2, (holds,))).total == 0
    assert Sweep(too_many).counts().per_card == {}
    assert Sweep(Problem(("A", "B"), (-1, 3), 2, ())).total == 0  # more cards pinned on A than A was dealt
    with pytest.raises(ValueError):
        Sweep(Problem(("A", "B"), (60, 0), 60, ()))  # no table has 60 cards


@checks_at_least(12)  # positions too large for the reference are drawn again
@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    table=st.sampled_from(TABLES),
    public=st.booleans(),
    share=st.floats(0.0, 1.0),
)
def test_sweep_equals_the_full_python_pass(seed: int, table: tuple[str, int], public: bool, share: float) -> None:
    pair = reference_pair(seed, table, public, share, budget=400_000)
    assume(pair is not None)
    assert pair is not None
    problem, reference = pair
    sweep = Sweep(problem)
    assert sweep.total == reference.total
    assert sweep.counts() == reference.counts()


def test_backward_pass_finds_the_pairs_again_when_they_were_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    game = random_game(random.Random(0), "classic", 8)
    problem = counting_model(History.build(game.setup, game.events[:30], "Ann")).problem
    expected = Sweep(problem).counts()
    monkeypatch.setattr(sweep_module, "KEEP", 0)
    monkeypatch.setattr(sweep_module, "CHUNK", 64)  # many small chunks, some with no pair in bounds
    again = Sweep(problem)
    assert all(kept is None for kept in again.kept)
    assert again.counts() == expected == Counter(problem).counts()
