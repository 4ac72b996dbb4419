"""The time limit of ``literature review`` and ``generate --from``: where it stops, what it says, that 0 lifts it,
that work inside it is unchanged, with workers too. The clock is injected (``clocks.Ticks``: one second per
reading), so no test waits or depends on the machine's load."""

from __future__ import annotations

import json
import multiprocessing
import re
from pathlib import Path

import pytest

from puzzles.generate import Request, generate_from_game
from trainer.cli.app import TIME_LIMIT
from trainer.engine import deadline
from trainer.engine.deadline import Deadline, TimeLimitError
from trainer.game.notation import read_game
from trainer.render.review_json import review_json
from trainer.review import review_game

from clocks import Ticks
from command_line import run

DATA = Path(__file__).parent / "data"
REVIEW = DATA / "review"
LOST = REVIEW / "lost-claim.lit"  # Ann's personal log, 8 events: the public view, then Ann's (16 readings)
HINT = "give --time-limit more seconds, or 0 for none (see docs/review.md)"


@pytest.fixture
def ticks(monkeypatch: pytest.MonkeyPatch) -> Ticks:
    """The clock every deadline reads, for the commands run in this test."""
    clock = Ticks()
    monkeypatch.setattr(deadline, "CLOCK", clock)
    return clock


def test_a_deadline_passes_once_the_clock_reads_past_it() -> None:
    clock = Ticks(100.0)
    limit = Deadline.after(2.5, clock)  # read 100: the deadline is 102.5
    assert limit.at == 102.5 and limit.seconds == 2.5
    assert [limit.passed() for _ in range(4)] == [False, False, True, True]  # reads 101, 102, 103, 104


# -- where it stops: the clock is read once to set the deadline, then once before each event of each view ----------


@pytest.mark.slow
@pytest.mark.parametrize("limit", range(1, 18))
def test_the_limit_stops_at_the_event_the_clock_passes_it(limit: int) -> None:
    game = read_game(LOST)
    n, views = 8, ["the public view", "Ann's view"]
    if limit >= 2 * n:  # 16 readings: both views finish inside the limit
        assert review_json(review_game(game, time_limit=limit, clock=Ticks())) == review_json(review_game(game))
        return
    view, event = divmod(limit, n)  # reading limit + 1 is past the deadline: view `view`, event `event + 1`
    clock = Ticks()
    with pytest.raises(TimeLimitError) as stopped:
        review_game(game, time_limit=limit, clock=clock)
    assert stopped.value.event == event + 1 and clock.readings == limit + 2  # no reading after the one past it
    assert str(stopped.value) == (
        f"{LOST}: the review stopped at its time limit of {limit} s, at event {event + 1} of 8 in {views[view]} "
        f"(view {view + 1} of 2); {HINT}"
    )


def test_a_complete_record_names_the_seat_whose_view_was_being_replayed() -> None:
    game = read_game(DATA / "complete-classic-6p.lit")  # 271 events, six views in seat order
    with pytest.raises(TimeLimitError, match=r"at event 30 of 271 in Bob's view \(view 2 of 6\);"):
        review_game(game, time_limit=300, clock=Ticks())  # Ann's view reads 271 times, Bob's 29 more


@pytest.mark.parametrize("limit", [30, 32, 35])
def test_a_complete_record_then_counts_what_the_asks_proved(limit: int) -> None:
    """A complete record has no public view to work the give-away out from: one more replay, after the six
    views (30 readings for 5 events), reading the clock before each event too."""
    game = read_game(DATA / "classic-rules.lit")
    if limit >= 35:
        assert review_json(review_game(game, time_limit=limit, clock=Ticks())) == review_json(review_game(game))
        return
    clock = Ticks()
    with pytest.raises(TimeLimitError) as stopped:
        review_game(game, time_limit=limit, clock=clock)
    assert stopped.value.event == limit - 29 and clock.readings == limit + 2
    assert str(stopped.value) == (
        f"{DATA / 'classic-rules.lit'}: the review stopped at its time limit of {limit} s, at event {limit - 29} "
        f"of 5 in counting what each player's asks proved, after the views; {HINT}"
    )


def test_a_personal_log_reviewed_as_one_player() -> None:
    game = read_game(DATA / "complete-classic-6p.lit")
    with pytest.raises(TimeLimitError, match=r"at event 11 of 271 in the public view \(view 1 of 2\);"):
        review_game(game, as_player="Cat", time_limit=10, clock=Ticks())


def test_no_limit_and_a_limit_of_zero_never_read_the_clock() -> None:
    game = read_game(LOST)
    for limit in (None, 0):
        clock = Ticks()
        review_game(game, time_limit=limit, clock=clock)
        assert clock.readings == 0


# -- with workers: each worker checks the same deadline on its copy of the clock ------------------------------------


def test_workers_stop_at_the_same_deadline_and_leave_no_process_running() -> None:
    game = read_game(DATA / "complete-classic-6p.lit")  # six views, two workers: four views never start
    with pytest.raises(TimeLimitError) as stopped:
        review_game(game, workers=2, time_limit=20, clock=Ticks())
    assert stopped.value.event == 21  # every worker's copy reads 1, 2, ... from the first event of its view
    assert re.fullmatch(
        rf"{DATA}/complete-classic-6p\.lit: the review stopped at its time limit of 20 s, at event 21 of 271 in "
        rf"(Ann|Bob)'s view \(view [12] of 6\); {re.escape(HINT)}",
        str(stopped.value),
    )
    assert multiprocessing.active_children() == []


def test_workers_inside_the_limit_give_the_same_review() -> None:
    game = read_game(LOST)
    assert review_json(review_game(game, workers=2, time_limit=9, clock=Ticks())) == review_json(review_game(game))


# -- through the command: one line, exit 2, whatever the output asked for ----------------------------------------------


@pytest.mark.parametrize("output", [[], ["--json"], ["--only-notes"], ["--explain", "4"], ["--as", "Ann"]])
def test_the_command_stops_with_one_line_and_exit_2(ticks: Ticks, output: list[str]) -> None:
    code, out, err = run("review", str(LOST), "--time-limit", "12", *output)
    assert (code, out) == (2, "")
    assert err == (f"{LOST}: the review stopped at its time limit of 12 s, at event 5 of 8 in Ann's view "
                   f"(view 2 of 2); {HINT}\n")


def test_with_workers_each_view_stops_at_the_same_event(ticks: Ticks) -> None:
    code, out, err = run("review", str(LOST), "--time-limit", "3", "--workers", "2")
    assert (code, out) == (2, "")
    assert re.fullmatch(rf"{LOST}: the review stopped at its time limit of 3 s, at event 4 of 8 in (the public "
                        rf"view \(view 1|Ann's view \(view 2) of 2\); {re.escape(HINT)}\n", err)
    assert multiprocessing.active_children() == []


def test_an_html_report_is_not_written_when_the_review_stops(ticks: Ticks, tmp_path: Path) -> None:
    page = tmp_path / "review.html"
    code, out, err = run("review", str(LOST), "--time-limit", "1", "--html", str(page))
    assert (code, out) == (2, "") and "at event 2 of 8 in the public view" in err
    assert not page.exists() and list(tmp_path.iterdir()) == []


def test_a_limit_of_zero_lifts_it(ticks: Ticks) -> None:
    code, out, err = run("review", str(LOST), "--time-limit", "0", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["summary"]["players"]["Ann"]["wasted_asks"] == 1
    assert ticks.readings == 0


def test_a_review_inside_the_default_limit_is_unchanged(ticks: Ticks) -> None:
    code, limited, err = run("review", str(LOST), "--json")  # 16 readings of the default 50 s
    assert (code, err) == (0, "") and ticks.readings == 17
    assert limited == run("review", str(LOST), "--json", "--time-limit", "0")[1]


def test_a_negative_limit_is_refused(ticks: Ticks) -> None:
    code, out, err = run("review", str(LOST), "--time-limit", "-1")
    assert code == 2 and out == "" and "--time-limit" in err


def test_the_default_and_the_option_are_documented() -> None:
    docs = Path(__file__).parent.parent / "docs"
    assert TIME_LIMIT == 50 and "stops after **50 seconds**" in (docs / "review.md").read_text()
    assert "--time-limit SECONDS" in (docs / "commands.md").read_text()
    code, out, _ = run("review", "--help")
    assert code == 0 and "--time-limit" in out


# -- generate --from: the same limit on mining a log --------------------------------------------------------------


COMPLETE = DATA / "complete-classic-6p.lit"  # 271 events, every hand listed: six viewers to mine


@pytest.mark.slow
@pytest.mark.parametrize("limit", [1, 7, 30, 200])
def test_mining_stops_at_the_first_check_past_the_limit(limit: int) -> None:
    game = read_game(COMPLETE)
    clock = Ticks()
    with pytest.raises(TimeLimitError) as stopped:
        generate_from_game(game, Request(count=10), game.path, Deadline.after(limit, clock))
    assert clock.readings == limit + 2  # one reading sets the deadline, the last is the first past it
    message = str(stopped.value)
    found = re.fullmatch(
        rf"{COMPLETE}: the mining stopped at its time limit of {limit} s, at event (\d+) of 271 as (\w+) "
        r"\(viewer (\d) of 6\), with (\d+) of 10 puzzles found; give --time-limit more seconds, or 0 for none "
        r"\(see docs/commands\.md\)",
        message,
    )
    assert found is not None, message
    event, viewer, number, kept = found.groups()
    assert int(event) == stopped.value.event and game.setup.players[int(number) - 1] == viewer
    assert int(kept) < 10


@pytest.mark.slow
def test_mining_inside_the_limit_finds_the_same_puzzles() -> None:
    game = read_game(COMPLETE)
    clock = Ticks()
    limited = generate_from_game(game, Request(count=5), game.path, Deadline.after(1000, clock))
    assert 0 < clock.readings < 1000
    assert [p.id for p in limited] == [p.id for p in generate_from_game(game, Request(count=5), game.path)]


def test_generate_from_stops_with_one_line_and_writes_nothing(ticks: Ticks, tmp_path: Path) -> None:
    out = tmp_path / "out"
    code, stdout, err = run("generate", "--from", str(COMPLETE), "--out", str(out), "--count", "10",
                            "--time-limit", "7")
    assert (code, stdout) == (2, "") and err.count("\n") == 1
    assert err.startswith(f"{COMPLETE}: the mining stopped at its time limit of 7 s, at event ")
    assert not out.exists() or list(out.iterdir()) == []


def test_generate_from_with_no_limit(ticks: Ticks, tmp_path: Path) -> None:
    code, stdout, err = run("generate", "--from", str(COMPLETE), "--out", str(tmp_path), "--count", "5",
                            "--time-limit", "0", "--json")
    assert (code, err) == (0, "") and json.loads(stdout)["puzzles"] == 5 and ticks.readings == 0
