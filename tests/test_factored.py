"""The engine over special players (:mod:`trainer.engine.factored`): the same exact counts as the
plain Python pass, as brute force over all deals, and as the polynomial it expands."""

from __future__ import annotations

import random
from math import prod
from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from trainer.engine import compiled, passes
from trainer.engine import problem as problem_module
from trainer.engine.constraints import History
from trainer.engine.counting import Counter, set_table
from trainer.engine.expansion import expanded
from trainer.engine.factored import Factored
from trainer.engine.packing import NUMPY, PYTHON
from trainer.engine.passes import full_pass
from trainer.engine.plan import plan
from trainer.engine.problem import Problem, SetProblem
from trainer.engine.solve import counting_model
from trainer.engine.sweep import Sweep, sweep_work
from trainer.engine.tables import solve_set
from trainer.game.notation import read_game
from trainer.game.randomplay import random_game

from brute_force import assert_matches_brute_force
from checked import checks_at_least
from positions import TABLES, reference_pair


@st.composite
def set_problems(draw: st.DrawFn, n: int) -> SetProblem:
    cards = draw(st.integers(1, 3 if n > 5 else 4))
    domains = tuple(tuple(sorted(draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=n)))) for _ in range(cards))
    facts = draw(st.lists(st.tuples(st.integers(0, n - 1), st.sets(st.integers(0, cards - 1), min_size=1)), max_size=2))
    holds = tuple(sorted({(p, tuple(sorted(ps))) for p, ps in facts}))
    return SetProblem(tuple(f"C{i}" for i in range(cards)), domains, holds)


@st.composite
def problems(draw: st.DrawFn) -> Problem:
    """Small random problems: a few sets, capacities that add up to the cards (or not, sometimes)."""
    n = draw(st.integers(1, 6))
    drawn = draw(st.lists(set_problems(n), max_size=4))
    sets = tuple(SetProblem(tuple(f"S{j}{c}" for c in s.cards), s.domains, s.holds_one_of) for j, s in enumerate(drawn))
    free = draw(st.integers(0, 5))
    cards = sum(len(s.cards) for s in sets) + free
    cuts = sorted(draw(st.lists(st.integers(0, cards), min_size=n - 1, max_size=n - 1)))
    capacity = tuple(b - a for a, b in zip([0, *cuts], [*cuts, cards], strict=True))
    if draw(st.booleans()) and n > 1:  # a capacity too small or too large: no deal, or the wrong total
        capacity = (capacity[0] + draw(st.integers(-1, 1)), *capacity[1:])
    return Problem(tuple("ABCDEFGH"[:n]), capacity, free, sets)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(problems())
def test_factored_equals_the_python_pass_on_random_problems(problem: Problem) -> None:
    reference = Counter(problem)
    factored = Factored(problem)
    assert factored.total == reference.total
    assert factored.counts() == reference.counts()
    assert factored.steps == [] and factored.layers == []  # their memory is freed once the counts are taken
    assert factored.counts() == reference.counts()  # and the counts are kept


@settings(max_examples=60, deadline=None)
@given(problems(), st.integers(0, 7))
def test_one_set_combined_last_has_its_counts_from_one_backward_step(problem: Problem, which: int) -> None:
    # what a witness draws a card from: the set made last, the backward pass stopped once it has its cards
    reference = Counter(problem)
    cards = problem.sets[which % len(problem.sets)].cards if problem.sets else ()
    factored = Factored(problem, final=cards)
    assert factored.total == reference.total
    if cards in [t.cards for t in getattr(factored, "tables", [])]:  # not folded, nor impossible
        assert factored.tables[-1].cards == cards
    counts, expected = factored.counts(cards), reference.counts()
    assert counts.total == expected.total
    if expected.total:
        assert {c: counts.per_card[c] for c in cards} == {c: expected.per_card[c] for c in cards}


@settings(max_examples=100, deadline=None)
@given(problems())
def test_the_bound_on_the_sweeps_work_holds(problem: Problem) -> None:
    # every layer's states lie in the box the bound counts: it is never below the pairs tried
    assert sweep_work(problem) >= Sweep(problem).tried


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 8).flatmap(lambda n: st.tuples(st.just(n), set_problems(n))),
    st.lists(st.integers(-3, 3), min_size=8, max_size=8),
)
def test_expanded_table_is_the_same_polynomial(case: tuple[int, SetProblem], point: list[int]) -> None:
    # sum of coef * x^v * (sum of x)^J over the expanded classes equals the table's sum of solutions * x^class
    n, problem = case
    x = point[:n]
    table = set_table(problem, n)
    direct = sum(
        count * prod(x[p] ** c for p, c in enumerate(PYTHON.unpack(key, n))) for key, count, _ in table.classes
    )
    e = expanded(problem, n)
    cards = len(problem.cards)
    total = sum(x)
    folded = sum(
        int(coef)
        * prod(x[p] ** int(c) for p, c in zip(e.special, vector, strict=True))
        * total ** (cards - int(sum(vector)))
        for vector, coef in zip(e.vectors, e.coef, strict=True)
    )
    assert folded == direct
    assert e.possible == (table.solutions > 0)


def test_known_answer_a_special_player_and_two_others() -> None:
    # X may go to B or C (A was missed for it); A holds Y for sure; two free cards; room A 2, B 1, C 1
    problem = Problem(("A", "B", "C"), (2, 1, 1), 2, (SetProblem(("X", "Y"), ((1, 2), (0,)), ()),))
    f = Factored(problem)
    # Y with A; X with B (the free cards: one to A, one to C, 2 ways) or with C (2 ways): 4 deals
    assert f.total == 4
    counts = f.counts()
    assert counts.per_card == {"X": (0, 2, 2), "Y": (4, 0, 0)}
    # A gets one of the two free cards in every deal, one particular free card in half of them
    assert counts.free_per_player == (2, 1, 1)


def test_the_counts_of_a_group_left_out_are_the_total_less_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    # each step leaves one group of the players its set does not name out of its sums; their
    # counts are the total less the others' (split by capacity among never-named players)
    made: list = []  # per problem, what each step sums (its group left out among it)
    real = Factored._sums
    monkeypatch.setattr(Factored, "_sums", lambda self, ahead: made.append(real(self, ahead)) or made[-1])
    everyone = (0, 1, 2, 3, 4, 5)
    not_a, not_b = tuple(p for p in everyone if p != 0), tuple(p for p in everyone if p != 1)
    x, y = SetProblem(("X1", "X2"), (not_a, not_a), ()), SetProblem(("Y1", "Y2", "Y3"), (not_a, not_a, not_a), ())
    z = SetProblem(("Z1", "Z2", "Z3"), (not_b, not_b, everyone), ())
    for sets, capacity in (((x, y), (0, 1, 2, 1, 3, 1)), ((x, z), (1, 0, 2, 2, 1, 2))):
        problem = Problem(tuple("ABCDEF"), capacity, 3, sets)
        assert Factored(problem).counts() == Counter(problem).counts()
    # only A is named by X and Y: B to F, never named, are one group, left out at both steps
    assert [s.derived for s in made[0]] == [(1, 2, 3, 4, 5)] * 2
    assert all(s.derived and s.wanted == [(0, 0)] for s in made[0])
    assert all(s.derived for s in made[1])  # X names A, Z names B: a group left out at each step too


def test_the_primes_cover_the_placements_when_they_are_fewer_than_the_deals() -> None:
    # 40 cards into four hands of ten: 4.7e21 deals, two primes; but each set's six cards may go to
    # two players only and four cards are free: at most 64^6 * 4^4 = 2^44 placements, one prime
    sets = tuple(
        SetProblem(tuple(f"S{j}C{i}" for i in range(6)), ((j % 4, (j + 1) % 4),) * 6, ()) for j in range(6)
    )
    problem = Problem(tuple("ABCD"), (10, 10, 10, 10), 4, sets)
    factored, reference = Factored(problem), Counter(problem)
    assert len(factored.primes) == 1 and factored.total == reference.total > 0
    assert factored.counts() == reference.counts()


@pytest.mark.slow
def test_one_retired_players_channel_is_the_count_times_the_rooms_less_the_others(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the retired players' rooms add up to what a state fixes: where all their channels are kept,
    # one of them is found from the others; the counts stay those of the plain Python pass
    made = []
    real = Factored._rest
    monkeypatch.setattr(Factored, "_rest", lambda self, *args: made.append(args[2]) or real(self, *args))
    compared = 0
    for seed in range(12):
        pair = reference_pair(seed, ("classic", 8), True, 0.15, budget=300_000)
        if pair is not None:
            problem, reference = pair
            assert Factored(problem).counts() == reference.counts()
            compared += 1
    assert compared >= 3 and made  # some layers had a channel found that way
    assert all(len(retired) >= 1 for retired in made)


def test_a_set_of_one_class_is_folded_into_the_capacities() -> None:
    # each of A, B, C, D holds one of W X Y Z: 24 matchings, one card each, whatever else happens
    matched = SetProblem(tuple("WXYZ"), ((0, 1, 2, 3),) * 4, tuple((p, (0, 1, 2, 3)) for p in range(4)))
    problem = Problem(tuple("ABCD"), (2, 1, 1, 2), 2, (matched,))
    f = Factored(problem)
    assert [t.cards for t in f.fixed] == [tuple("WXYZ")] and f.tables == [] and f.scale == 24
    assert f.inner.capacity == (1, 0, 0, 1)
    # then the two free cards go one to A and one to D: 2 ways
    assert f.total == 48
    counts = f.counts()
    assert counts.per_card["W"] == (12, 12, 12, 12)
    assert counts.free_per_player == (24, 0, 0, 24)
    assert counts == Counter(problem).counts()
    # B and C hold one each of U V (two ways), beside a set of several classes that stays in the pass
    pair = SetProblem(("U", "V"), ((0, 1, 2, 3),) * 2, ((1, (0, 1)), (2, (0, 1))))
    other = SetProblem(("Q", "R"), ((1, 2), (0, 2, 3)), ((3, (1,)),))
    problem = Problem(tuple("ABCD"), (4, 2, 3, 2), 3, (pair, other, matched))
    f = Factored(problem)
    assert sorted(t.cards for t in f.fixed) == [("U", "V"), tuple("WXYZ")] and len(f.tables) == 1
    assert f.scale == 48 and f.total == Counter(problem).total == 48  # Q with C, R with D, the free cards with A
    assert f.counts() == Counter(problem).counts()


def test_impossible_problems_count_nothing() -> None:
    assert Factored(Problem(("A", "B"), (1, 1), 3, ())).total == 0
    holds = SetProblem(("X1", "X2"), ((1,), (1,)), ((0, (0, 1)),))  # A holds one of them, but only B may
    assert Factored(Problem(("A", "B"), (2, 2), 2, (holds,))).total == 0
    assert Factored(Problem(("A", "B"), (-1, 3), 2, ())).counts().per_card == {}
    nobody = SetProblem(("X",), ((0,),), ((-1, (0,)),))  # the model's mark for a fact about a full hand
    assert Factored(Problem(("A", "B"), (1, 1), 1, (nobody,))).total == 0


@pytest.mark.slow
@checks_at_least(16)  # a quarter of the positions are too large for the reference: they are drawn again
@settings(max_examples=16, deadline=None)
@given(seed=st.integers(0, 10_000), table=st.sampled_from(TABLES), public=st.booleans(), share=st.floats(0.0, 0.5))
def test_factored_equals_the_python_pass_on_games(
    seed: int, table: tuple[str, int], public: bool, share: float
) -> None:
    pair = reference_pair(seed, table, public, share, budget=300_000)
    assume(pair is not None)
    assert pair is not None
    problem, reference = pair
    factored = Factored(problem)
    assert factored.total == reference.total
    assert factored.counts() == reference.counts()


@st.composite
def wide_sets(draw: st.DrawFn) -> tuple[SetProblem, int]:
    """Sets of up to five cards among up to eight players: past :data:`problem_module.EXACT` assignments too."""
    n = draw(st.integers(1, 8))
    problem = draw(set_problems(n))
    cards = draw(st.integers(len(problem.cards), 5))
    holders = st.sets(st.integers(0, n - 1), min_size=1, max_size=n)
    domains = problem.domains + tuple(tuple(sorted(draw(holders))) for _ in range(cards - len(problem.cards)))
    return SetProblem(tuple(f"C{i}" for i in range(cards)), domains, problem.holds_one_of), n


@settings(max_examples=100, deadline=None)
@given(wide_sets())
def test_a_sets_shape_bounds_its_classes_and_cards_exactly_for_few_assignments(drawn: tuple[SetProblem, int]) -> None:
    problem, n = drawn
    table = problem_module.solved(problem, n)
    most = table.vectors.max(axis=0).tolist() if len(table.solutions) else [0] * n
    bound = problem_module.shape(problem, n)
    assert bound.classes >= len(table.solutions)
    assert all(b >= m for b, m in zip(bound.most, most, strict=True))
    if prod(len(d) for d in problem.domains) <= problem_module.EXACT:
        assert bound == (len(table.solutions), tuple(most))  # solved
    elif not problem.holds_one_of and len(set(problem.domains)) == 1:
        assert bound == (len(table.solutions), tuple(most))  # every card with the same holders: the bounds are met


EARLY_DEALS = 13570736045112685305270197965355184
"""The deals that fit the first 8 events of random game 1 at eight players (public view), as the plain Python
pass counts them (in over a minute). The slow test below checks it by the sweep, a pass independent of the
factored one (6 s)."""


def early_at_eight_players() -> Problem:
    """The counting problem after the first 8 events of random game 1 at eight players, seen by the public."""
    game = random_game(random.Random(1), "classic", 8)
    return counting_model(History.build(game.setup, game.events[:8], None)).problem


@pytest.mark.slow
def test_the_sweep_counts_the_early_position_at_eight_players() -> None:
    assert Sweep(early_at_eight_players()).total == EARLY_DEALS


def test_choosing_a_pass_early_at_eight_players_solves_no_large_set(monkeypatch: pytest.MonkeyPatch) -> None:
    """Early on, every player may hold most cards: solving a set among all eight players (8^6
    assignments) took longer than the factored pass itself, only to choose that pass; so did the
    sweep's estimate once the hands are small enough for the sweep to be weighed."""
    problem = early_at_eight_players()
    assert prod(c + 1 for c in problem.capacity) > passes.SWEEP_GRID
    assert max(prod(len(d) for d in s.domains) for s in problem.sets) > 8**5
    solved: list[int] = []

    def recording(domains: tuple[tuple[int, ...], ...], holds: object, n: int) -> object:
        solved.append(prod(len(d) for d in domains))
        return solve_set(domains, holds, n)  # type: ignore[arg-type]

    monkeypatch.setattr(problem_module, "solve_set", recording)
    monkeypatch.setattr(passes, "KERNELS", "sys")  # the compiled code loaded: no sweep tried on a budget
    problem_module.solved.cache_clear()
    result = full_pass(problem)
    assert isinstance(result, Factored) and max(solved, default=0) <= problem_module.EXACT
    assert sweep_work(problem) > 0 and max(solved, default=0) <= problem_module.EXACT  # weighed with small hands
    assert result.total == EARLY_DEALS  # what the plain Python pass counts


def test_layers_keep_no_state_past_what_the_sets_still_to_come_must_give(monkeypatch: pytest.MonkeyPatch) -> None:
    """A player who asked about a set holds one of its cards: a state that has already filled their hand
    has no completion. Dropping such states (half of them early on, at 8 players) changes no count."""
    game = random_game(random.Random(1), "classic", 8)
    problem = counting_model(History.build(game.setup, game.events[:44], None)).problem
    pruned = Factored(problem)
    limits = pruned.limits
    assert any(limit < capacity for layer in limits for limit, capacity in zip(layer, limits[-1], strict=True))
    for k, (keys, _) in enumerate(pruned.layers):
        fields = (keys[:, None] >> (NUMPY.bits * np.arange(len(limits[k])))) & NUMPY.field
        assert (fields <= np.array(limits[k])).all()

    def capacities(self: Factored) -> list[list[int]]:  # every layer's limits the capacities: nothing dropped
        return [[*self.inner.capacity, sum(self.inner.capacity)]] * (len(self.tables) + 1)

    monkeypatch.setattr(Factored, "_limits", capacities)
    unpruned = Factored(problem)
    assert pruned.pairs < 0.7 * unpruned.pairs
    assert pruned.total == unpruned.total and pruned.counts() == unpruned.counts()


def test_full_pass_picks_python_for_small_the_sweep_late_and_factored_early(monkeypatch: pytest.MonkeyPatch) -> None:
    game = random_game(random.Random(1), "classic", 6)
    problems = [counting_model(History.build(game.setup, game.events[:n], None)).problem for n in (8, 60, 250)]
    monkeypatch.setattr(passes, "KERNELS", "compiled.code.not.loaded")  # a fresh process
    monkeypatch.setattr(compiled, "built", lambda: False)  # with no loops built ahead of time
    monkeypatch.setattr(passes, "SWEEP_GRID", 0)  # as with many players
    early, middle, late = (full_pass(p) for p in problems)
    assert isinstance(early, Factored)  # sets treat two to four players specially: few classes, few states
    assert isinstance(middle, Sweep)  # most players special in most sets, hand sizes prune the sweep
    assert isinstance(late, Counter)
    assert passes.count_total(problems[0]) == Counter(problems[0]).total
    monkeypatch.setattr(passes, "KERNELS", "sys")  # once the compiled code is loaded: the factored pass
    early, middle, late = (full_pass(p) for p in problems)
    assert isinstance(early, Factored) and isinstance(middle, Factored) and isinstance(late, Counter)
    assert middle.counts() == Counter(problems[1]).counts()
    # with few hand-size vectors, the choice is by the bound on the sweep's work against the factored
    # pass's estimate (which, with the layers' limits, is nearly always the smaller)
    monkeypatch.setattr(passes, "SWEEP_GRID", 10**6)
    bounds = [sweep_work(p) / plan(p)[1] for p in problems[:2]]
    assert bounds[0] > bounds[1] >= passes.SWEEP_RATIO
    assert isinstance(full_pass(problems[0]), Factored) and isinstance(full_pass(problems[1]), Factored)
    monkeypatch.setattr(passes, "SWEEP_RATIO", bounds[1] * 2)
    assert isinstance(full_pass(problems[0]), Factored) and isinstance(full_pass(problems[1]), Sweep)
    # for the total alone the factored pass's forward half is cheap: no sweep is tried
    monkeypatch.setattr(passes, "Sweep", None)
    assert passes.count_total(problems[1]) == Counter(problems[1]).total


def test_a_fresh_process_spends_a_bounded_allowance_of_sweeps_before_loading_the_compiled_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = read_game(Path(__file__).parent / "data" / "complete-classic-6p.lit")
    problem = counting_model(History.build(game.setup.public(), game.events[:21], None)).problem
    monkeypatch.setattr(passes, "KERNELS", "compiled.code.not.loaded")  # a fresh process
    monkeypatch.setattr(compiled, "built", lambda: False)  # with no loops built ahead of time
    monkeypatch.setattr(passes._before_kernels, "spent", 0)
    first = full_pass(problem)  # six players: few hand sizes, worth more than the short attempt
    assert isinstance(first, Sweep) and passes.SWEEP_QUICK < first.tried <= passes.SWEEP_QUICK_FEW
    assert passes._before_kernels.spent == first.tried
    monkeypatch.setattr(passes._before_kernels, "spent", passes.SWEEP_QUICK_FEW)  # the allowance spent
    again = full_pass(problem)  # only the short attempt, then the factored pass
    assert isinstance(again, Factored) and again.counts() == first.counts()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("seed", "variant", "players", "viewer", "n"),
    [
        (12, "fish54", 6, "Ann", 101),
        (12, "fish54", 6, None, 101),
        (18, "classic", 6, "Ann", 197),
        (33, "classic", 6, None, 152),
    ],
)
def test_factored_agrees_with_brute_force(
    monkeypatch: pytest.MonkeyPatch, seed: int, variant: str, players: int, viewer: str | None, n: int
) -> None:
    monkeypatch.setattr(passes, "SMALL", -1)  # no problem is that small
    monkeypatch.setattr(passes, "SWEEP_QUICK", 0)  # nor cheap enough for the sweep: the factored pass always
    monkeypatch.setattr(passes, "SWEEP_GRID", 0)
    game = random_game(random.Random(seed), variant, players)
    events = game.events[: min(n, len(game.events))]
    problem = counting_model(History.build(game.setup, events, viewer)).problem
    assert isinstance(full_pass(problem), Factored) or not problem.sets  # (nothing to combine: any pass)
    assert assert_matches_brute_force(game, len(events), viewer) > 0


def test_a_pass_for_the_total_alone_makes_no_channels_and_gives_no_counts() -> None:
    x = SetProblem(("X1", "X2", "X3"), ((0, 1), (0, 1, 2), (1, 2)), ((0, (0, 1)),))
    y = SetProblem(("Y1", "Y2", "Y3"), ((0, 2), (1, 2), (0, 1, 2)), ((2, (0, 2)),))
    problem = Problem(("A", "B", "C"), (3, 2, 3), 2, (x, y))
    alone, full = Factored(problem, per_card=False), Factored(problem)
    assert alone.total == full.total == Counter(problem).total > 0
    assert len(alone.channels) == 1 and len(full.channels) == len(full.tables) + 1  # layer 0's only
    with pytest.raises(ValueError, match="total only"):
        alone.counts()
    assert full.counts() == Counter(problem).counts()
