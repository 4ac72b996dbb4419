"""The class set as data (puzzles/classes.py), without a server: picking from the pack, answers, the file.

Property tests draw the teacher's settings and the students' answers; the known-answer tests check one set.
"""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles.classes import ClassError, ClassSet, Settings, judge, pick
from puzzles.marking import format_answer
from puzzles.model import KINDS, is_recall
from puzzles.packs import training_pool
from puzzles.variety import compatible, game_key, moment
from trainer.game.variants import Variant

POOL = training_pool()

wanted = st.builds(
    Settings,
    levels=st.lists(st.integers(1, 6), min_size=1, max_size=3, unique=True).map(lambda xs: tuple(sorted(xs))),
    count=st.integers(1, 40),
    kinds=st.lists(st.sampled_from(KINDS), min_size=1, max_size=3, unique=True).map(
        lambda ks: tuple(k for k in KINDS if k in ks)),
    variant=st.sampled_from(list(Variant)),
    players=st.sampled_from([6, 8]),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(asked=wanted, seed=st.integers(0, 2**32))
def test_a_set_fits_what_was_asked_one_puzzle_a_game_easiest_first(asked: Settings, seed: int) -> None:
    try:
        chosen = pick(asked, POOL, seed)
    except ClassError as error:
        assert error.status == 409 and "ask for fewer" in error.message
        fit = [p for p in POOL if p.variant is asked.variant and len(p.players) == asked.players
               and p.level in asked.levels and p.question.kind in asked.kinds and not is_recall(p)
               and (p.level > 2 or moment(p) <= 60)]
        assert len({game_key(p) for p in fit}) < asked.count  # (one puzzle a game: the pack has too few games)
        return
    assert len(chosen) == asked.count and len({p.id for p in chosen}) == asked.count
    for k, puzzle in enumerate(chosen):
        assert puzzle.variant is asked.variant and len(puzzle.players) == asked.players
        assert puzzle.level in asked.levels and puzzle.question.kind in asked.kinds
        assert puzzle.level > 2 or moment(puzzle) <= 60  # a beginner's history, as on a sheet
        assert compatible(puzzle, chosen[:k] + chosen[k + 1:])
    assert [p.level for p in chosen] == sorted(p.level for p in chosen)
    assert [p.id for p in pick(asked, POOL, seed)] == [p.id for p in chosen]  # (the same seed, the same set)


def test_a_set_of_two_levels_holds_both_and_every_kind() -> None:
    chosen = pick(Settings(levels=(3, 4), count=6), POOL, 1)
    assert {(p.level, p.question.kind) for p in chosen} == {(n, k) for n in (3, 4) for k in KINDS}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(order=st.lists(st.tuples(st.sampled_from(["Xia", "Yan", "Zoe"]), st.integers(1, 3), st.booleans()),
                      max_size=12))
def test_only_the_first_answer_counts_and_the_file_keeps_everything(order: list[tuple[str, int, bool]]) -> None:
    puzzles = pick(Settings(levels=(3,), count=3), POOL, 7)
    made = ClassSet.new("abcd2345", Settings(levels=(3,), count=3), "t", [p.id for p in puzzles], now=0.0)
    secrets = {name: made.join(name, now=0.0) for name in ("Xia", "Yan", "Zoe")}
    firsts: dict[tuple[str, int], bool] = {}
    tries: dict[tuple[str, int], int] = {}
    for clock, (name, n, right) in enumerate(order, start=1):
        puzzle = puzzles[n - 1]
        text = format_answer(puzzle.expected) if right else "none" if puzzle.question.kind == "certain" else \
            format_answer({c: puzzle.viewer if puzzle.question.kind != "claim" else puzzle.team[-1]
                           for c in puzzle.expected})
        reply = made.answer(secrets[name], n, text, puzzle, now=float(clock))
        if reply.kind in ("wrong", "verdict"):
            firsts.setdefault((name, n), reply.kind == "verdict")
            tries[(name, n)] = tries.get((name, n), 0) + 1
    results = made.results()
    for student in results["students"]:
        for row in student["answers"]:
            key = (student["name"], row["puzzle"])
            assert row["first"] == ("none" if key not in firsts else "right" if firsts[key] else "wrong")
            assert row["tries"] == tries.get(key, 0)
    for item in results["puzzles"]:
        done = [firsts[k] for k in firsts if k[1] == item["puzzle"]]
        assert item["answered"] == len(done)
        assert item["right_share"] == (round(sum(done) / len(done), 3) if done else None)
        assert sum(w["count"] for w in item["wrong_answers"]) <= len(done) - sum(done)
    assert ClassSet.load(made.text()).results() == results


def test_an_answer_is_read_as_the_trainer_reads_it() -> None:
    puzzle = pick(Settings(levels=(3,), count=1, kinds=("claim",)), POOL, 3)[0]
    text = format_answer(puzzle.expected)
    reply, written = judge(puzzle, text.lower().replace(",", ";"))
    assert reply.kind == "verdict" and written == text
    for line in ("", "   ", "hint", "reveal", "skip", "help", 42):
        assert judge(puzzle, line)[0].kind == "empty"
    assert judge(puzzle, "Zed 2C")[0].kind == "invalid"


def test_settings_name_the_field_that_is_wrong() -> None:
    today = date(2026, 12, 1)
    assert Settings.read({}, today) == Settings()
    assert Settings.read({"levels": 5, "closes": "2027-01-30"}, today).closes == date(2027, 1, 30)
    for body, field in [({"levels": [0]}, "levels"), ({"levels": [True]}, "levels"), ({"count": 0}, "count"),
                        ({"count": 2.5}, "count"), ({"kinds": "claim"}, "kinds"), ({"variant": "fish"}, "variant"),
                        ({"players": "6"}, "players"), ({"hints": 1}, "hints"), ({"closes": "2027-01-31"}, "closes"),
                        ({"title": ["x"]}, "title"), ({"seed": 1}, "seed")]:
        with pytest.raises(ClassError, match=f"^{field}"):
            Settings.read(body, today)
