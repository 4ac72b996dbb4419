"""`literature stats` and `literature grade` through the CLI."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from puzzles.files import load_puzzles
from puzzles.store import Progress, default_path
from trainer.render.stats import calendar_text

from command_line import run

DATA = Path(__file__).parent / "data" / "puzzles" / "six-diamonds.json"
PUZZLES = load_puzzles(DATA)
BY = {(p.variant.value, p.question.kind): p for p in PUZZLES}
CLAIM = BY[("classic", "claim")]


def test_stats_json_for_a_new_learner() -> None:
    code, out, _ = run("stats", "--json")
    assert code == 0
    data = json.loads(out)
    assert {"tried", "solved", "first_answer", "later_try", "streak", "best_streak", "rating", "by_level"} <= set(data)
    assert (data["tried"], data["solved"], data["streak"], data["best_streak"]) == (0, 0, 0, 0)
    assert data["rating"] == 1500.0 and data["by_level"] == {} and data["first_answer_share"] is None


def test_stats_after_some_days_of_practice(today: datetime) -> None:
    start = today - timedelta(days=2)
    for day in range(3):
        when = start + timedelta(days=day)
        with Progress(clock=lambda when=when: when) as store:
            store.record(PUZZLES[day], answer="a", outcome="right", correct=True, hints=0, seconds=9,
                         daily=when.date())
            store.record(PUZZLES[3 + day % 2], answer="b", outcome="wrong", correct=False, hints=1, seconds=20)
    code, out, _ = run("stats", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["attempted"] == 5 and data["solved"] == 3  # two puzzles only ever answered wrong
    assert data["streak"] == 3 and data["best_streak"] == 3
    rows = data["by_level"].values()  # each puzzle once, under the level (technique) that decides it
    assert sum(r["attempts"] for r in rows) == 6 and sum(r["tried"] for r in rows) == 5
    assert len(data["rating_history"]) == 5

    code, out, _ = run("stats")
    assert code == 0
    assert "Your progress" in out and "Daily streak" in out and "3 days (best 3; done today)" in out
    assert "By level" in out and all(r["name"] in out for r in rows)
    (calendar,) = [line for line in out.splitlines() if "□" in line]
    squares = "".join(c for c in calendar if c in "■□")
    assert squares.endswith("□■■■") and squares.count("■") == 3  # the calendar's last three days


@pytest.mark.parametrize(
    ("last_day", "expected"),
    [
        (date(2026, 11, 30), "□ □□□□□□□ □□□□□■■ ■"),  # a Monday: the week breaks before the last square
        (date(2026, 12, 6), "□ □□□□□□□ □□□□■■■"),  # a Sunday: the week ends with the last square
        (date(2026, 12, 31), "□□□□□□ □□□□□□□ □■■■"),  # a Thursday, New Year's Eve
    ],
)
def test_calendar_breaks_rows_at_mondays(last_day: date, expected: str) -> None:
    days = [last_day - timedelta(days=k) for k in range(len(expected.replace(" ", "")) - 1, -1, -1)]
    calendar = {d.isoformat(): d > last_day - timedelta(days=3) for d in days}
    assert calendar_text(calendar).plain == expected


def test_stats_on_a_corrupt_database_is_one_clear_line() -> None:
    path = default_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"garbage " * 1000)
    code, out, err = run("stats")
    assert code == 2
    assert err.startswith(f"{path}: the progress database cannot be read")
    assert "move the file aside" in err and "Traceback" not in err + out
    assert path.read_bytes() == b"garbage " * 1000


def test_grade_json_outcomes() -> None:
    code, out, _ = run("grade", str(DATA), "--id", CLAIM.id, "--answer", "Ann 2D 3D 4D 5D 7D, Cat 6D", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["correct"], data["outcome"], data["wrong"]) == (True, "won", {})
    # the steps the explainer derives, not the record's own: first the hand, then Cat's ask
    assert [(step["technique"], step["kind"]) for step in data["explanation"]] == [
        ("elimination", "seen"), ("careful player", "ask inference")]

    fish = BY[("fish54", "claim")]
    code, out, _ = run("grade", str(DATA), "--id", fish.id, "--answer", "ann 2d 3d 4d 5d 6d; eve 7♦", "--json")
    data = json.loads(out)
    assert (data["correct"], data["outcome"]) == (False, "lost")
    assert data["wrong"] == {
        "6D": {"said": "Ann", "actual": "Cat", "mistake": "wrong holder"},
        "7D": {"said": "Eve", "actual": "Ann", "mistake": "wrong holder"},
    }


def test_grade_single_record_and_plain_output(tmp_path: Path) -> None:
    one = tmp_path / "one.json"
    one.write_text(json.dumps(CLAIM.to_json()))
    code, out, _ = run("grade", str(one), "-a", "Ann 2D 3D 4D 5D 6D, Cat 7D")
    assert code == 0
    assert out.splitlines()[0].startswith("Wrong: the claim is cancelled")
    assert "  6♦: you said Ann, it is with Cat" in out
    assert "2. Cat asked Bob for 3♦ on move 1" in out


def test_grade_bad_input_is_one_line_exit_2(tmp_path: Path) -> None:
    code, _, err = run("grade", str(DATA), "--id", CLAIM.id, "--answer", "Ann 2D 3D 4D 5D 7D, Bob 6D")
    assert code == 2 and err.strip() == (
        "Bob is an opponent: a claim names only your team (Ann Cat Eve), not 6D's holder"
    )
    code, _, err = run("grade", str(DATA), "--answer", "Cat 6D")
    assert code == 2 and "holds 5 puzzles: choose one with --id" in err
    broken = tmp_path / "broken.json"
    broken.write_text('{"schema": 1, "puzzles": [{"variant": "classic"}]}')
    code, _, err = run("grade", str(broken), "--answer", "Cat 6D")
    assert code == 2 and err.strip() == f"{broken}: puzzle 1: missing field 'viewer'"
