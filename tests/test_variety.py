"""One moment, one puzzle per sitting: groups, games, and no puzzle giving another's answer away."""

from __future__ import annotations

import dataclasses
import itertools
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from puzzles.executor import ordered_map
from puzzles.generate import Request, generate, generate_from_game
from puzzles.mining import mine_game
from puzzles.model import LEVELS, Puzzle, is_recall
from puzzles.packs import load_pack, training_pool
from puzzles.quiz import matching, next_puzzle
from puzzles.variety import (
    compatible,
    game_key,
    gives_away,
    group_key,
    moment,
    near_duplicates,
    one_per_group,
    spread,
)
from trainer.game.notation import read_game

SIX = read_game("tests/data/six-diamonds.lit")


def six_puzzles() -> list[Puzzle]:
    found = list(mine_game(SIX, source={"kind": "file", "file": "six-diamonds.lit"}, window=1))
    assert {p.question.kind for p in found} == {"locate", "claim"}
    return found


def test_one_moment_and_set_is_one_group() -> None:
    locate, claim = sorted(six_puzzles(), key=lambda p: p.question.kind, reverse=True)
    assert group_key(locate) == group_key(claim) and game_key(locate) == game_key(claim)
    assert moment(locate) == 1
    assert one_per_group([locate, claim]) == [locate]
    # the claim's explanation places 6D: it gives the locate puzzle's answer away, and the other way round
    assert gives_away(claim, locate) and gives_away(locate, claim)
    assert not compatible(claim, [locate], same_game=True)


def test_puzzles_of_other_games_never_give_each_other_away() -> None:
    pack = load_pack()
    rng = random.Random(3)
    for one, two in (rng.sample(pack, 2) for _ in range(200)):
        if game_key(one) != game_key(two):
            assert not gives_away(one, two)


def test_spread_keeps_one_per_game_by_default() -> None:
    pack = load_pack()
    chosen = spread(pack, 40)
    assert len(chosen) == 40
    assert len({game_key(p) for p in chosen}) == 40
    together = spread(pack, 200, same_game=True)
    for one, two in itertools.combinations(together, 2):
        assert group_key(one) != group_key(two)
        assert not gives_away(one, two)


def test_compatible_is_its_definition_on_puzzles_of_one_game_and_of_others() -> None:
    """No near-duplicate and no shared group; another game, or with ``same_game`` nothing given away."""
    pack = load_pack()
    by_game: dict[str, list[Puzzle]] = {}
    for p in pack:
        by_game.setdefault(game_key(p), []).append(p)
    rng = random.Random(5)
    games = [g for g in by_game.values() if len(g) >= 4]
    outcomes = set()
    for _ in range(300):
        chosen = rng.sample(rng.choice(games), 3) + rng.sample(pack, 2)
        puzzle = rng.choice(rng.choice(games) if rng.random() < 0.5 else by_game[game_key(chosen[0])])
        for same_game in (False, True):
            meant = all(group_key(o) != group_key(puzzle) and not near_duplicates(puzzle, o)
                        and (game_key(o) != game_key(puzzle)
                             or (same_game and not gives_away(puzzle, o) and not gives_away(o, puzzle)))
                        for o in chosen)
            assert compatible(puzzle, chosen, same_game=same_game) == meant
            outcomes.add((same_game, meant))
    assert outcomes == {(False, False), (False, True), (True, False), (True, True)}


@pytest.mark.slow
@pytest.mark.parametrize("level", [None, *LEVELS])
def test_training_sessions_draw_one_puzzle_per_game_and_leak_nothing(level: int | None) -> None:
    pool = matching(training_pool(), level=level)
    games = len({game_key(p) for p in pool})
    for seed in range(12):
        rng = random.Random(seed)
        drawn: list[Puzzle] = []
        for _ in range(8):
            puzzle = next_puzzle(pool, 1500, {p.id for p in drawn}, rng=rng, drawn=drawn)
            if puzzle is None:
                break
            drawn.append(puzzle)
        if games >= 8:  # while another game is left, no two puzzles of one game
            assert len(drawn) == 8 and len({game_key(p) for p in drawn}) == 8
        for one, two in itertools.permutations(drawn, 2):
            assert group_key(one) != group_key(two)
            assert not gives_away(one, two)
            assert not near_duplicates(one, two)


def test_near_duplicates_are_one_game_and_set_within_12_events_or_a_contained_answer() -> None:
    locate, claim = sorted(six_puzzles(), key=lambda p: p.question.kind, reverse=True)
    assert near_duplicates(locate, claim)  # the claim's answer contains the locate's (6D with Cat)
    later = dataclasses.replace(claim, id="p-later", source=claim.source | {"event": 13})
    latest = dataclasses.replace(claim, id="p-latest", source=claim.source | {"event": 14})
    assert near_duplicates(claim, later) and not near_duplicates(locate, dataclasses.replace(
        latest, answer={c: h for c, h in latest.answer.items() if str(c) != "6D"}))  # 13 events apart, nothing shared
    assert not compatible(later, [claim], same_game=True)
    other_game = dataclasses.replace(claim, id="p-other", source={"game_id": "g-elsewhere"})
    assert not near_duplicates(claim, other_game)


def test_a_year_of_dailies_and_a_worksheet_from_one_log_hold_no_near_duplicates() -> None:
    game = read_game("tests/data/complete-classic-6p.lit")
    puzzles = generate_from_game(game, Request(count=6, seed=0, levels=(2, 3)), "complete-classic-6p.lit")
    assert not any(near_duplicates(one, two) for one, two in itertools.combinations(puzzles, 2))
    from puzzles.packs import daily_schedule

    by_id = {p.id: p for p in load_pack()}
    dailies = [by_id[i] for day in daily_schedule() for i in day]  # every daily of the schedule, a year and more
    assert not any(near_duplicates(one, two) for one, two in itertools.combinations(dailies, 2))


def test_a_session_on_one_game_never_shows_a_puzzle_that_gives_another_away() -> None:
    found = six_puzzles()
    first = next_puzzle(found, 1500, set(), rng=random.Random(1))
    assert first is not None
    assert next_puzzle(found, 1500, {first.id}, rng=random.Random(1), drawn=[first]) is None


def test_training_pool_has_every_level() -> None:
    assert {p.level for p in training_pool()} == set(LEVELS)


def test_training_pool_leaves_out_the_dailies_and_the_recall_drills() -> None:
    from puzzles.packs import daily_schedule

    daily = {i for day in daily_schedule() for i in day}
    pool = training_pool()
    assert pool and not daily & {p.id for p in pool}
    assert not any(is_recall(p) for p in pool)


@pytest.mark.slow
def test_worksheets_from_simulated_games_take_one_puzzle_per_game() -> None:
    for seed in (1, 2):
        puzzles = generate(Request(count=3, seed=seed, levels=(2, 3), players=(6,)))
        assert len({game_key(p) for p in puzzles}) == 3
        for one, two in itertools.permutations(puzzles, 2):
            assert not gives_away(one, two)


def test_worksheet_from_one_log_keeps_one_per_moment_and_no_leak() -> None:
    game = read_game("tests/data/complete-classic-6p.lit")
    puzzles = generate_from_game(game, Request(count=6, seed=0, levels=(2, 3)), "complete-classic-6p.lit")
    assert len({group_key(p) for p in puzzles}) == 6
    for one, two in itertools.permutations(puzzles, 2):
        assert not gives_away(one, two)


@pytest.mark.slow
def test_the_executor_interface_gives_the_same_results_anywhere() -> None:
    items = list(range(30))
    with ThreadPoolExecutor(2) as pool:
        assert list(ordered_map(str, iter(items), executor=pool)) == [str(i) for i in items]
    request = Request(count=2, seed=4, levels=(2, 3), players=(6,))
    with ThreadPoolExecutor(2) as pool:
        assert [p.id for p in generate(request, executor=pool)] == [p.id for p in generate(request)]


@pytest.mark.parametrize("kinds", [("claim",), ("locate", "claim", "certain")])
def test_a_beginners_sheet_draws_only_histories_of_at_most_60_moves(kinds: tuple[str, ...]) -> None:
    """Levels 1 and 2 (claims too, which the pack mostly holds long) are drawn from histories of at most 60
    moves, for every seed tried; the other kinds fill in where too few claims are that short."""
    from puzzles.generate import Request
    from puzzles.pick import BEGINNER_MOVES, pick
    from puzzles.variety import moment

    for seed in range(4):
        picked = pick(Request(count=10, levels=(1, 2), kinds=kinds, seed=seed))
        assert len(picked.puzzles) == 10
        assert all(moment(p) <= BEGINNER_MOVES == 60 for p in picked.puzzles), [moment(p) for p in picked.puzzles]
