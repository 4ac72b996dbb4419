"""The daily puzzle: stable per date, different across dates, fast, quizzed or printed as JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

import puzzles.daily as daily_module
import puzzles.packs as packs
import trainer.quick as quick
from puzzles.daily import daily_puzzle, schedule, week
from puzzles.marking import format_answer
from puzzles.model import LEVELS, Puzzle, is_recall
from puzzles.packs import daily_schedule, load_pack
from puzzles.store import Progress
from puzzles.variety import game_key, group_key
from trainer.cli import app

runner = CliRunner()


@pytest.mark.slow
def test_same_puzzle_for_a_date_and_a_different_one_every_day_of_a_year() -> None:
    start = date(2026, 12, 7)  # a Monday
    weeks = 53  # a year and a day
    days = [start + timedelta(days=i) for i in range(7 * weeks)]
    puzzles = [daily_puzzle(d) for d in days]
    assert len({p.id for p in puzzles}) == len(days)
    assert len({group_key(p) for p in puzzles}) == len(days)
    assert len({game_key(p) for p in puzzles}) == len(days)  # no two dailies share a game
    assert [daily_puzzle(d).id for d in days[:20]] == [p.id for p in puzzles[:20]]  # the same on a second asking
    assert all(p.level in LEVELS and not is_recall(p) for p in puzzles)


@pytest.mark.slow
def test_every_week_of_a_year_climbs_by_level() -> None:
    start = date(2026, 12, 7)  # a Monday
    for n in range(53):
        days = week(start + timedelta(weeks=n))
        levels = [p.level for _, p in days]
        assert levels == sorted(levels), (n, levels)  # the level never goes down through a week
        assert len(set(levels)) >= 4, (n, levels)
        assert levels[0] == 1 and levels[-1] == 6  # Monday the easiest level, Sunday the hardest
        assert not any(is_recall(p) for _, p in days)


KEPT = 2770
"""Puzzles of the pack the schedule was drawn for (issue 40's); ``pack_build --extend`` added the rest."""


def test_schedule_is_one_per_game_and_independent_of_pack_order() -> None:
    pack = load_pack()
    assert schedule(list(reversed(pack))) == schedule(pack)
    # the shipped schedule is the one drawn for the pack before it grew (issue 41: the first 2,770 puzzles,
    # kept in order), so no date's puzzle changed
    assert schedule(pack[:KEPT]) == daily_schedule()
    ids = [i for day in daily_schedule() for i in day]
    assert len(ids) == len(set(ids)) and min(len(day) for day in daily_schedule()) > 52
    by_id = {p.id: p for p in pack}
    assert len({game_key(by_id[i]) for i in ids}) == len(ids)


def test_daily_week_command() -> None:
    result = runner.invoke(app, ["daily", "--week", "--date", "2026-12-09"])
    assert result.exit_code == 0, result.output
    for name in ("Mon 2026-12-07", "Wed 2026-12-09", "Sun 2026-12-13"):
        assert name in result.output
    listed = runner.invoke(app, ["daily", "--week", "--date", "2026-12-09", "--json"])
    rows = json.loads(listed.stdout)
    assert rows[0]["date"] == "2026-12-07" and len(rows) == 7
    assert [r["id"] for r in rows] == [daily_puzzle(date(2026, 12, 7) + timedelta(days=i)).id for i in range(7)]
    assert [r["level"] for r in rows] == sorted(r["level"] for r in rows)


def test_daily_json_is_the_record_and_stable() -> None:
    one = runner.invoke(app, ["daily", "--date", "2026-07-04", "--json"])
    two = runner.invoke(app, ["daily", "--date", "2026-07-04", "--json"])
    other = runner.invoke(app, ["daily", "--date", "2026-07-05", "--json"])
    assert one.exit_code == 0, one.output
    assert one.stdout == two.stdout != other.stdout
    record = Puzzle.from_json(json.loads(one.stdout))
    assert record.id == daily_puzzle(date(2026, 7, 4)).id


def test_daily_bad_date() -> None:
    result = runner.invoke(app, ["daily", "--date", "4 July"])
    assert result.exit_code == 2
    assert "--date must be YYYY-MM-DD" in result.output
    result = runner.invoke(app, ["daily", "--date", "2026-02-30"])  # the form is right, the day does not exist
    assert result.exit_code == 2
    assert "--date '2026-02-30' is not a day of the calendar" in result.output


def test_daily_quiz_records_a_solved_daily(_literature_home: Path) -> None:
    day = date(2026, 6, 4)  # a past day (the fixed clock says 10 June)
    puzzle = daily_puzzle(day)
    result = runner.invoke(app, ["daily", "--date", day.isoformat()], input=format_answer(puzzle.answer) + "\n")
    assert result.exit_code == 0, result.output
    assert "Correct" in result.output
    with Progress() as store:
        assert store.solved_today(day)


@pytest.mark.slow
def test_daily_without_a_terminal_or_input_ends_cleanly(_literature_home: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "trainer", "daily", "--date", "2026-07-04"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "no answer given" in done.stdout


def test_daily_reads_only_the_record_it_serves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Why `daily --json` is fast (benchmarks/generate.py times it): one record becomes a Puzzle, not the pack."""
    built: list[str] = []
    real = daily_module.puzzles_from_json

    def counting(record: dict[str, object], where: str) -> list[Puzzle]:
        built.append(where)
        return real(record, where)

    monkeypatch.setattr(daily_module, "puzzles_from_json", counting)
    puzzle = daily_puzzle(date(2026, 7, 4))
    assert len(built) == 1 and puzzle.id in built[0]


def test_daily_without_a_date_is_todays(today: datetime) -> None:
    """Today is the learner's local date, on any day of the week or year."""
    plain = runner.invoke(app, ["daily", "--json"])
    dated = runner.invoke(app, ["daily", "--date", today.date().isoformat(), "--json"])
    assert plain.exit_code == dated.exit_code == 0, plain.output
    assert plain.stdout == dated.stdout
    yesterday = runner.invoke(app, ["daily", "--date", (today.date() - timedelta(days=1)).isoformat(), "--json"])
    assert yesterday.stdout != plain.stdout


def test_solving_todays_daily_counts_for_today(today: datetime) -> None:
    puzzle = daily_puzzle(today.date())
    result = runner.invoke(app, ["daily"], input=format_answer(puzzle.answer) + "\n")
    assert result.exit_code == 0, result.output
    with Progress() as store:
        assert store.solved_today(today.date())
        streak = store.streak()
    assert (streak.current, streak.today_done) == (1, True)


HEAVY = ("typer", "click", "rich", "pydantic", "numpy", "constraint", "trainer.engine", "trainer.render",
         "trainer.play", "trainer.cli", "puzzles.generate", "puzzles.store")
"""What `daily --json` must not import: the command line, the engine, the explainer (why it is fast;
benchmarks/daily.py times it)."""


def _literature(*args: str) -> subprocess.CompletedProcess[str]:
    """``literature ARGS`` in a fresh process, then the names of every module it imported (on stderr)."""
    code = ("import sys; sys.argv = ['literature', *sys.argv[1:]]\n"
            "from trainer.start import main\n"
            "try:\n    main()\n"
            "finally:\n    print('MODULES', *sorted(sys.modules), file=sys.stderr)\n")
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120)


def _modules(done: subprocess.CompletedProcess[str]) -> list[str]:
    line = next(line for line in done.stderr.splitlines() if line.startswith("MODULES "))
    return line.split()[1:]


@pytest.mark.slow
def test_daily_json_loads_no_command_line_nor_engine() -> None:
    done = _literature("daily", "--json", "--date", "2026-07-04")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["id"] == daily_puzzle(date(2026, 7, 4)).id
    heavy = [m for m in _modules(done) if m.split(".")[0] in HEAVY or m.startswith(HEAVY)]
    assert not heavy
    week_ = _literature("daily", "--week", "--json", "--date", "2026-07-04")  # anything else: Typer answers
    assert week_.returncode == 0, week_.stderr
    assert "typer" in _modules(week_) and len(json.loads(week_.stdout)) == 7


def test_daily_json_without_typer_prints_what_the_typer_command_prints() -> None:
    for args in (["--json", "--date", "2026-07-04"], ["--date=2026-12-13", "--json"], ["--json"]):
        quick = subprocess.run([sys.executable, "-m", "trainer", "daily", *args], capture_output=True, text=True,
                               timeout=120)
        typer_ = runner.invoke(app, ["daily", *args])
        assert quick.returncode == typer_.exit_code == 0, quick.stderr
        assert quick.stdout == typer_.stdout and json.loads(quick.stdout)["schema"] == 1


def test_daily_json_bad_date_is_one_line_and_exit_2_without_typer() -> None:
    done = _literature("daily", "--json", "--date", "2026-02-30")
    assert done.returncode == 2 and done.stdout == ""
    said = [line for line in done.stderr.splitlines() if not line.startswith("MODULES ")]
    assert said == ["--date '2026-02-30' is not a day of the calendar"]
    assert "typer" not in _modules(done)


def test_only_plain_daily_json_requests_skip_typer() -> None:
    assert quick.parse(["daily", "--json"]) == quick.DailyJson(None)
    assert quick.parse(["daily", "--date", "2026-01-01", "--json"]) == quick.DailyJson("2026-01-01")
    assert quick.parse(["daily", "--json", "--date=x"]) == quick.DailyJson("x")  # parse_day says what is wrong
    for args in ([], ["daily"], ["daily", "--date", "2026-01-01"], ["train", "--json"], ["daily", "--json", "--week"],
                 ["daily", "--json", "--help"], ["daily", "--json", "--json"], ["daily", "--date", "--json"],
                 ["daily", "--json", "--date"], ["daily", "--json", "--date", "a", "--date", "b"],
                 ["--help"], ["daily", "--json", "extra"]):
        assert quick.parse(args) is None, args


def test_daily_reads_the_index_and_one_part_of_the_pack(monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[str] = []
    real = packs._read

    def counting(*names: str) -> list[dict[str, object]]:
        read.extend(names)
        return real(*names)

    monkeypatch.setattr(packs, "_read", counting)
    packs._index.cache_clear()
    try:
        puzzle = daily_puzzle(date(2026, 7, 4))
    finally:
        packs._index.cache_clear()
    assert read[0] == packs.INDEX and len(read) == 2 and read[1].startswith("part-")
    assert puzzle.id in daily_schedule()[date(2026, 7, 4).weekday()]
