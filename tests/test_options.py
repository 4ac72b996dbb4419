"""Every number and date an option takes, and ``LITERATURE_NOW``, is accepted only within what the program
can handle: otherwise one line (and the usage hint) and exit code 2, before any work; never a traceback, and
an answer is never lost to a date."""

from __future__ import annotations

import json
import math
import re
import sqlite3
import time
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles.examples import example_claim
from puzzles.store import Progress
from puzzles.streak import streak_of
from trainer.cli.app import MAX_PACE
from trainer.clock import EARLIEST, LATEST

from command_line import run

GAME = "tests/data/six-diamonds.lit"
PUZZLES = "tests/data/puzzles/six-diamonds.json"
WINDOW = "from 1970-01-01 to 9899-12-31"


def refused(code: int, out: str, err: str) -> str:
    """The one line of a refusal (a usage error may add its ``Try ... --help`` hint), checked."""
    lines = err.splitlines()
    assert code == 2, (code, out, err)
    assert "Traceback" not in err and 1 <= len(lines) <= 2, err
    if len(lines) == 2:
        assert lines[1].startswith("Try 'literature "), err
    return lines[0]


@pytest.mark.parametrize(("args", "line"), [
    (["daily", "--week", "--date", "9999-12-31"], f"--date must be a date {WINDOW}, not '9999-12-31'"),
    (["daily", "--week", "--date", "9899-12-31x"], "--date must be YYYY-MM-DD, not '9899-12-31x'"),
    (["daily", "--date", "0001-01-01"], f"--date must be a date {WINDOW}, not '0001-01-01'"),
    (["daily", "--json", "--date", "1969-12-31"], f"--date must be a date {WINDOW}, not '1969-12-31'"),
    (["train", "--memory", "--pace", "1e308"], "literature train: --pace: must be at most 300, not 1e+308"),
    (["train", "--memory", "--pace", "nan"], "literature train: --pace: 'nan' is not a finite number"),
    (["train", "--memory", "--pace", "-inf"], "literature train: --pace: '-inf' is not a finite number"),
    (["train", "--count", "1" + "0" * 400],
     "literature train: --count: must be at most 1000, not 10000000000000000000… (401 digits)"),
    (["train", "--count", "9" * 5000], "literature train: --count: '99999999999999999999…' (5000 characters)"
                                       " is not a whole number of at most 4300 digits"),
    (["train", "--seed", "-1"], "literature train: --seed: must be at least 0, not -1"),
    (["play", "--seed", str(2**63)],
     "literature play: --seed: must be at most 9223372036854775807, not 9223372036854775808"),
    (["simulate", "--workers", "65"], "literature simulate: --workers: must be at most 64, not 65"),
    (["simulate", "--games", "100001"], "literature simulate: --games: must be at most 100000, not 100001"),
    (["generate", "--out", "x", "--count", "10001"], "literature generate: --count: must be at most 10000, not 10001"),
    (["generate", "--out", "x", "--time-limit", "inf"],
     "literature generate: --time-limit: 'inf' is not a finite number"),
    (["review", GAME, "--time-limit", "86401"], "literature review: --time-limit: must be at most 86400, not 86401"),
    (["review", GAME, "--workers", "1e3"], "literature review: --workers: '1e3' is not a whole number"),
])
def test_an_option_out_of_its_range_is_one_line_and_exit_2(args: list[str], line: str) -> None:
    assert refused(*run(*args, input="")) == line


def test_daily_json_answered_without_typer_refuses_a_date_out_of_the_window(capsys: pytest.CaptureFixture[str]) -> None:
    from trainer.quick import run as quick

    with pytest.raises(SystemExit) as stop:
        quick(["daily", "--json", "--date", "9999-12-31"])
    assert stop.value.code == 2
    assert capsys.readouterr().err == f"--date must be a date {WINDOW}, not '9999-12-31'\n"


def test_daily_json_answered_without_typer_refuses_literature_now_out_of_the_window(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from trainer.quick import run as quick

    monkeypatch.setenv("LITERATURE_NOW", "0001-01-01T00:00")
    with pytest.raises(SystemExit) as stop:
        quick(["daily", "--json", "--date", "2026-07-04"])
    assert stop.value.code == 2
    assert capsys.readouterr() == ("", f"LITERATURE_NOW must be a moment {WINDOW}, not '0001-01-01T00:00'\n")


def test_the_edges_of_the_window_are_served_a_week_each() -> None:
    for day, first, last in ((EARLIEST, "1969-12-29", "1970-01-04"), (LATEST, "9899-12-25", "9899-12-31")):
        code, out, err = run("daily", "--week", "--json", "--date", day.isoformat())
        assert code == 0, err
        week = json.loads(out)
        assert (week[0]["date"], week[-1]["date"], len(week)) == (first, last, 7)


@pytest.mark.parametrize("moment", ["9999-12-31T23:00", "0001-01-01T00:00", "0001-01-01T00:00+05:00",
                                    "9900-01-01T00:00+00:00", "1969-12-31T23:59:59+00:00"])
@pytest.mark.parametrize("args", [["stats"], ["stats", "--json"], ["train", "--count", "1"], ["daily"],
                                  ["daily", "--week"], ["daily", "--date", "2026-07-04"]])
def test_literature_now_out_of_the_window_is_refused_before_anything_is_shown_or_stored(
    moment: str, args: list[str], tmp_path: Path
) -> None:
    home = tmp_path / "home"
    code, out, err = run(*args, input="Cat 6D\n", env={"LITERATURE_NOW": moment, "LITERATURE_HOME": str(home)})
    assert refused(code, out, err) == f"LITERATURE_NOW must be a moment {WINDOW}, not {moment!r}"
    assert out == "" and not home.exists()  # no puzzle shown, no store opened


@pytest.mark.parametrize("moment", ["9899-12-31T23:59:59-23:59", "1970-01-01T00:00:00+23:59", "1970-01-01T00:00"])
def test_at_the_edges_of_the_window_an_answer_is_saved_and_scheduled(moment: str, tmp_path: Path) -> None:
    env = {"LITERATURE_NOW": moment, "LITERATURE_HOME": str(tmp_path / "home")}
    code, out, err = run("train", "--count", "1", "--seed", "1", "--pack", PUZZLES, "--no-pause",
                         input="reveal\n", env=env)
    assert code == 0, err
    assert "could not be saved" not in out
    code, out, err = run("stats", "--json", env=env)
    assert code == 0, err
    summary = json.loads(out)
    assert summary["attempts"] == 1 and summary["reviews_due"] == 0


def test_a_review_state_out_of_range_keeps_the_answer_aside(tmp_path: Path) -> None:
    """An infinite FSRS stability made the schedule overflow (a traceback, the answer lost): now the store
    calls the review state damaged and keeps the answer to save later."""
    moment = datetime(2026, 6, 10, 14, tzinfo=UTC)
    path = tmp_path / "p.sqlite3"
    puzzle = example_claim()
    with Progress(path, clock=lambda: moment) as store:
        first = store.record(puzzle, answer="Cat 6D", outcome="wrong", correct=False, hints=0, seconds=3)
        assert first.review_due is not None and first.kept is None
    db = sqlite3.connect(path)
    (card,) = db.execute("SELECT card FROM reviews").fetchone()
    with db:
        db.execute("UPDATE reviews SET card = ?", (json.dumps(json.loads(card) | {"stability": math.inf}),))
    db.close()
    with Progress(path, clock=lambda: moment) as store:
        later = store.record(puzzle, answer="Ann 6D", outcome="right", correct=True, hints=0, seconds=3)
    assert later.kept is not None and later.kept.exists()
    assert "review state of puzzle p-c2f1bfd96f8c is damaged" in later.problem


def test_the_streak_stops_at_the_first_day_of_the_calendar() -> None:
    days = {date.min, date.fromordinal(2), date.fromordinal(3)}
    assert streak_of(days, date.fromordinal(3)).current == 3
    assert streak_of(set(), date.min).current == 0


def long_number_file(tmp_path: Path) -> tuple[Path, int]:
    """The example puzzle file with its level a whole number of 5000 digits; the line it is on."""
    text = Path(PUZZLES).read_text(encoding="utf-8")
    edited = re.sub(r'"level": \d+', '"level": ' + "7" * 5000, text, count=1)
    path = tmp_path / "big.json"
    path.write_text(edited, encoding="utf-8")
    return path, edited[:edited.index("7" * 5000)].count("\n") + 1


@pytest.mark.parametrize("args", [["grade", "{file}", "--answer", "Cat 6D"],
                                  ["train", "--pack", "{file}", "--count", "1"]])
def test_a_json_number_over_the_digit_limit_is_one_line_naming_the_file_and_line(
    args: list[str], tmp_path: Path
) -> None:
    path, line = long_number_file(tmp_path)
    code, out, err = run(*[a.format(file=path) for a in args], input="")
    assert refused(code, out, err) == f"{path}:{line}: a number has 5000 digits; no puzzle file needs more than 4300"


# -- the fuzzer ------------------------------------------------------------------------------------------------

TEXT = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), max_size=12)
"""Odd text a shell can pass (no NUL, no lone surrogate)."""
ODD = st.one_of(
    st.sampled_from(["nan", "inf", "-inf", "1e308", "-1e308", "1e400", "-0", "0", "1", "-1", "", " ", "0x10",
                     "1_000", "+5", "٣", "1.5", "2**64", "9" * 30, "9" * 5000, "-" + "9" * 4400,
                     "9223372036854775807", "9223372036854775808", "64", "65", "300", "300.0001", "86400",
                     "1000", "1001", "10000", "100000", "100001", "1e-320"]),
    st.integers(min_value=-(10**25), max_value=10**25).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    TEXT,
)
DATES = st.one_of(
    st.sampled_from(["9999-12-31", "0001-01-01", "1969-12-31", "1970-01-01", "9899-12-31", "9900-01-01",
                     "2026-02-30", "2026-13-01", "20260704", "2026-W27-1", "2026-07-04T00:00", "", " "]),
    st.dates().map(date.isoformat),
    TEXT,
)
NOWS = st.one_of(
    st.sampled_from(["9999-12-31T23:59:59", "0001-01-01T00:00", "9899-12-31T23:59:59-23:59", "soon", "",
                     "1970-01-01T00:00:00+23:59", "2026-06-10", "2026-06-10T25:00", "2026-06-10T12:00+24:00"]),
    st.datetimes(timezones=st.none() | st.timezones()).map(datetime.isoformat),
    TEXT,
)
# (command line before the value, the option): each runs fast whatever it is given (a tiny game, a missing
# --out folder's parent, the example pack, ``quit`` typed at once).
NUMERIC = [
    (["train", "--pack", PUZZLES, "--no-pause", "--memory"], "--pace"),
    (["train", "--pack", PUZZLES, "--no-pause"], "--count"),
    (["train", "--pack", PUZZLES, "--no-pause"], "--seed"),
    (["train", "--pack", PUZZLES, "--no-pause"], "--level"),
    (["generate", "--from", GAME, "--out", "{tmp}/out", "--force"], "--count"),
    (["generate", "--from", GAME, "--out", "{tmp}/out", "--force"], "--seed"),
    (["generate", "--from", GAME, "--out", "{tmp}/out", "--force"], "--time-limit"),
    (["generate", "--from", GAME, "--out", "{tmp}/out", "--force"], "--workers"),
    (["generate", "--from", GAME, "--out", "{tmp}/out", "--force"], "--level"),
    (["generate", "--from", GAME, "--out", "{tmp}/out", "--force"], "--players"),
    (["simulate", "--out", GAME], "--games"),
    (["simulate", "--out", GAME], "--seed"),
    (["simulate", "--out", GAME], "--workers"),
    (["simulate", "--out", GAME], "--players"),
    (["review", GAME], "--workers"),
    (["review", GAME], "--time-limit"),
    (["review", GAME], "--explain"),
    (["solve", GAME], "--at"),
    (["explain", GAME, "6D"], "--at"),
    (["show", GAME], "--at"),
    (["play", "--fast"], "--seed"),
    (["play", "--fast"], "--players"),
]


def answered(code: int, out: str, err: str) -> None:
    """Exit 0, or exit 2 with one line (and the usage hint)."""
    if code != 0:
        refused(code, out, err)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzzed_option_values_never_give_a_traceback(
    data: st.DataObject, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    slept: list[float] = []

    def sleep(seconds: float) -> None:  # memory mode's pace, without the wait
        assert math.isfinite(seconds) and 0 <= seconds <= MAX_PACE, seconds
        slept.append(seconds)

    monkeypatch.setattr(time, "sleep", sleep)
    kind = data.draw(st.sampled_from(["number", "date", "now"]))
    if kind == "number":
        before, option = data.draw(st.sampled_from(NUMERIC))
        args = [*(a.format(tmp=tmp_path) for a in before), option, data.draw(ODD)]
        answered(*run(*args, input="quit\n"))
    elif kind == "date":
        args = ["daily", *data.draw(st.sampled_from([[], ["--week"], ["--json"], ["--week", "--json"]])),
                "--date", data.draw(DATES)]
        answered(*run(*args, input=""))
    else:
        args = data.draw(st.sampled_from([["stats", "--json"], ["daily", "--week"], ["daily"],
                                          ["train", "--pack", PUZZLES, "--count", "1", "--no-pause"]]))
        answered(*run(*args, input="reveal\n", env={"LITERATURE_NOW": data.draw(NOWS)}))


@settings(max_examples=200, deadline=None)
@given(value=ODD)
def test_fuzzed_numbers_are_converted_or_refused_with_a_value_error(value: str) -> None:
    from trainer.cli.coerce import Plain

    for plain in (Plain(int, low=0, high=2**63 - 1), Plain(int, low=1, high=64), Plain(float, low=0, high=300)):
        try:
            result = plain.convert(value)
        except ValueError as error:
            assert "\n" not in str(error) and len(str(error)) < 200
        else:
            assert plain.low is not None and plain.high is not None
            assert plain.low <= result <= plain.high and math.isfinite(result)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moment=NOWS)
def test_fuzzed_literature_now_is_a_moment_in_the_window_or_one_line(
    moment: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trainer.clock import now
    from trainer.game.errors import LiteratureError

    monkeypatch.setenv("LITERATURE_NOW", moment)
    try:
        found = now()
    except LiteratureError as error:
        assert "\n" not in str(error)
    else:
        if moment.strip():
            assert EARLIEST <= found.date() <= LATEST and found.tzinfo is not None
