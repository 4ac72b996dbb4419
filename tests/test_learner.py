"""The learner's experience through the real CLI: the daily counted once, stats labelled, reviews
announced, memory mode, long histories fitted to the screen, the prompt's commands."""

from __future__ import annotations

import json
import re
import sqlite3
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from answers import wrong_answer

from puzzles.daily import daily_puzzle
from puzzles.files import dump_puzzles, load_puzzles
from puzzles.marking import format_answer
from puzzles.model import LEVEL_NAMES, Puzzle
from puzzles.packs import load_pack
from puzzles.store import Progress
from puzzles.store_file import SCHEMA_VERSION
from trainer.clock import now, today
from trainer.render.quiz import question_words

import command_line
from pty_harness import Terminal

DATA = Path(__file__).parent / "data" / "puzzles" / "six-diamonds.json"
PUZZLES = load_puzzles(DATA)
LOCATE = next(p for p in PUZZLES if p.question.kind == "locate" and p.variant.value == "classic")


def run(*args: str, input: str = "", env: dict[str, str] | None = None) -> tuple[int, str]:
    result = command_line.invoke(*args, input=input, env=env or {"COLUMNS": "200"})
    return result.exit_code, result.output  # standard output and error as a terminal shows them


def right(puzzle: Puzzle) -> str:
    return format_answer(puzzle.answer) + "\n"


def wrong(puzzle: Puzzle) -> str:
    return wrong_answer(puzzle) + "\n"


# -- the daily counts once ------------------------------------------------------------


def test_the_daily_counts_once_a_replay_is_practice() -> None:
    day = date(2026, 6, 4)
    puzzle = daily_puzzle(day)
    code, out = run("daily", "--date", day.isoformat(), input=wrong(puzzle) + "reveal\n")
    assert code == 0, out
    assert "Wrong" in out and "The answer:" in out
    code, out = run("daily", "--date", day.isoformat(), input=wrong(puzzle) + right(puzzle))  # wrong, then right...
    assert code == 0, out
    assert "this replay is practice (not rated, not streaked)" in out and "Correct, on try 2." in out
    assert "(rated on your first answer)" not in out
    with Progress() as store:
        first, replay = store.attempts()
        assert (first["rated"], first["practice"], replay["rated"], replay["practice"]) == (1, 0, 0, 1)
        assert not store.solved_today(day)  # ...does not make the daily solved
        assert store.rating().rating < 1500


def test_a_future_daily_can_be_tried_but_is_never_recorded() -> None:
    day = today() + timedelta(days=400)
    puzzle = daily_puzzle(day)
    code, out = run("daily", "--date", day.isoformat(), input=right(puzzle))
    assert code == 0, out
    assert f"The daily puzzle of {day} is still to come" in out and "Correct" in out
    with Progress() as store:
        assert store.attempts() == []


def test_after_todays_daily_the_streak_best_streak_and_a_next_step() -> None:
    puzzle = daily_puzzle(today())
    code, out = run("daily", input=right(puzzle))
    assert code == 0, out
    assert "Daily streak: 1 day (best 1; done today)." in out
    assert "Next: 'literature train' for puzzles near your rating (level" in out


def test_a_wrong_answer_to_todays_daily_is_missed_not_open() -> None:
    """Answered wrongly today, the daily can no longer count: the streak ends and every face says "missed"."""
    puzzle = daily_puzzle(today())
    code, out = run("daily", input=wrong(puzzle) + "reveal\n")
    assert code == 0, out
    assert "Daily streak: 0 days (best 0; today's first answer missed)." in out
    assert "still open" not in out
    code, out = run("stats")
    assert code == 0, out
    assert "today's first answer missed" in out and "still open" not in out
    data = json.loads(run("stats", "--json")[1])
    assert (data["streak"], data["today_done"], data["today_missed"]) == (0, False, True)


def test_a_daily_left_unanswered_stays_open() -> None:
    code, out = run("daily", "--date", "2026-06-04", input="hint\n")
    assert code == 0, out
    assert "The daily is still open" in out
    with Progress() as store:
        (attempt,) = store.attempts()
        assert attempt["outcome"] == "quit"
        assert store.daily_answered(date(2026, 6, 4)) is None


# -- stats -----------------------------------------------------------------------


def test_stats_with_no_data_show_dashes_and_a_provisional_rating() -> None:
    code, out = run("stats", env={"COLUMNS": "100"})
    assert code == 0, out
    assert "1500? ± 350 (provisional" in out
    assert re.search(r"First answer\s+—", out) and re.search(r"Puzzles\s+—", out) and re.search(r"Attempts\s+—", out)
    assert "0%" not in out
    data = json.loads(run("stats", "--json")[1])
    assert data["first_try_accuracy"] is None and data["rating_provisional"] is True
    assert data["rating_deviation"] == 350.0  # the same ± as on screen
    assert data["memory_rating"] is None


def test_stats_count_puzzles_and_attempts_apart_with_skips_and_quits() -> None:
    when = datetime(2026, 3, 2, 12, tzinfo=UTC)
    with Progress(clock=lambda: when) as store:
        store.record(LOCATE, answer="Eve 6D", outcome="wrong", correct=False, hints=0, seconds=5)
        store.record(LOCATE, answer="Cat 6D", outcome="right", correct=True, hints=0, seconds=5)
        store.record(PUZZLES[0], answer=None, outcome="skipped", correct=False, hints=0, seconds=1)
        store.record(PUZZLES[1], answer=None, outcome="quit", correct=False, hints=0, seconds=1)
    data = json.loads(run("stats", "--json")[1])
    assert (data["attempted"], data["solved"], data["attempts"], data["skipped"], data["quit"]) == (1, 1, 2, 1, 1)
    # one puzzle, counted once, under the technique that decided its level (not under every technique it used)
    level = data["by_level"][str(LOCATE.level)]
    assert level["name"] == LEVEL_NAMES[LOCATE.level]
    assert (level["tried"], level["solved"], level["later_try"], level["attempts"]) == (1, 1, 1, 2)
    assert list(data["by_level"]) == [str(LOCATE.level)]
    _, out = run("stats", env={"COLUMNS": "100"})
    assert re.search(r"Puzzles\s+1 solved of 1 tried.*\n.*0 at the first answer, 1 on a later try", out)
    assert re.search(r"Attempts\s+2 attempts \(also 1 skipped, 1 quit\)", out)
    assert "By level (puzzles, not attempts)" in out


# -- reviews -----------------------------------------------------------------------


def test_reviews_due_are_announced_and_train_review_runs_only_them() -> None:
    code, out = run("train", "--pack", str(DATA), "--review")
    assert code == 0 and "No puzzle is due for review now" in out
    past = now() - timedelta(days=3)
    with Progress(clock=lambda: past) as store:
        store.record(LOCATE, answer="Eve 6D", outcome="wrong", correct=False, hints=0, seconds=5)
    code, out = run("stats", env={"COLUMNS": "120"})
    assert re.search(r"To review\s+1 puzzle missed earlier, due now: 'literature train --review'", out)
    code, out = run("train", "--review", "--count", "3", input="Cat 6D\n")
    assert code == 0, out
    assert "1 puzzle you missed earlier is due for review; here they are." in out
    assert "Puzzle 1/3" in out and "Puzzle 2/3" not in out  # only the one due
    assert LOCATE.id in out and "Correct." in out
    code, out = run("train", "--pack", str(DATA), "--count", "1", input="quit\n")
    assert code == 0
    assert "You have tried every puzzle" not in out
    with Progress() as store:
        assert store.due_reviews() == []  # solved: not due today any more


# -- memory mode --------------------------------------------------------------------


def test_memory_mode_through_the_cli_is_rated_on_its_own() -> None:
    code, out = run("train", "--pack", str(DATA), "--memory", "--pace", "0", "--kind", "locate", "--count", "1",
                    "--seed", "1", input="\nhistory\nlast\nCat 6D\n")
    assert code == 0, out
    assert "Memory puzzle 1/1" in out and "Your hand at the deal:" in out
    assert "In memory mode the history is not shown again" in out
    assert out.count("Move 1 of 1: Cat asks Bob for 3♦: no") == 2  # played once, then 'last'
    assert "Correct." in out and "Session (memory mode)" in out
    with Progress() as store:
        (attempt,) = store.attempts()
        assert attempt["mode"] == "memory" and attempt["rated"] == 1
        assert store.rating("memory").rating > 1500 and store.rating().rating == 1500
    data = json.loads(run("stats", "--json")[1])
    assert data["memory_rating"]["rating"] > 1500 and data["rating"] == 1500


@pytest.mark.slow
def test_memory_mode_shows_one_move_at_a_time_in_a_terminal(tmp_path: Path) -> None:
    """In a pseudo-terminal with --pace 0: each move waits for Enter, and the question comes only after the last."""
    short = sorted((p for p in load_pack() if 3 <= len(p.game.events) <= 6), key=lambda p: p.id)[0]
    pack = tmp_path / "one.json"
    pack.write_text(dump_puzzles([short]))
    moves = len(short.game.events)
    with Terminal(tmp_path / "home", "train", "--pack", str(pack), "--memory", "--pace", "0", "--count", "1") as term:
        for move in range(1, moves + 1):
            shown = term.read_until(f"Move {move} of {moves}:".encode())
            assert f"Move {move + 1} of".encode() not in shown and b"answer> " not in shown
            term.type(b"\n")
        term.read_until(b"answer> ")
        term.type(b"history\n")
        term.read_until(b"In memory mode the history is not shown again")
        term.type(b"quit\n")
        term.read_until(b"Session (memory mode)")
        assert term.exit_code() == 0


@pytest.mark.slow
def test_memory_playback_at_a_pace_steps_on_with_enter_and_takes_nothing_typed_as_an_answer(tmp_path: Path) -> None:
    """With a pace far longer than the test, Enter shows the next move at once; a line typed during the playback
    ('Ann 2D', Enter) is a step, never an answer, and the question then waits for a real one."""
    short = sorted((p for p in load_pack() if 3 <= len(p.game.events) <= 6), key=lambda p: p.id)[0]
    pack = tmp_path / "one.json"
    pack.write_text(dump_puzzles([short]))
    moves = len(short.game.events)
    with Terminal(tmp_path / "home", "train", "--pack", str(pack), "--memory", "--pace", "300", "--count", "1") as term:
        for move in range(1, moves + 1):
            term.read_until(f"Move {move} of {moves}:".encode())
            term.type(b"Ann 2D\n" if move == 1 else b"\n")
        term.read_until(b"answer> ")
        term.type(b"quit\n")
        term.read_until(b"Session (memory mode)")
        assert term.exit_code() == 0
    with Progress(tmp_path / "home" / "progress.sqlite3") as store:
        assert [a["answer"] for a in store.attempts()] in ([], [None])  # quit: no answer was taken


@pytest.mark.slow
def test_line_editing_at_the_prompt_in_a_terminal(tmp_path: Path) -> None:
    """Arrow keys edit the line (readline) instead of printing ^[[D; the up arrow recalls a line."""
    with Terminal(tmp_path / "home", "train", "--pack", str(DATA), "--kind", "locate", "--count", "2", "--seed", "1",
                  "--no-pause") as term:
        term.read_until(b"answer> ")
        term.type(b"Cat D\x1b[D6\n")  # typed 'Cat D', left arrow, '6': the line read is 'Cat 6D'
        term.read_until(b"Correct.")
        term.read_until(b"answer> ")
        term.type(b"\x1b[A\n")  # up arrow: 'Cat 6D' again, right for puzzle 2 too
        term.read_until(b"Correct.")
        term.read_until(b"Session")
        assert term.exit_code() == 0
        assert b"^[[" not in term.seen
    with Progress(tmp_path / "home" / "progress.sqlite3") as store:
        assert [a["answer"] for a in store.attempts()] == ["Cat 6D", "Cat 6D"]


# -- long histories fit the screen -------------------------------------------------------


def _long_puzzle() -> Puzzle:
    """The longest history of the pack among puzzles resting on at most 8 moves (the moves a step or hint cites
    are always shown, issue 40: a claim resting on 18 moves of a 588-move game takes more than 24 lines)."""
    from puzzles.quiz import cited_moves

    return max((p for p in load_pack() if len(cited_moves(p)) <= 8), key=lambda p: (len(p.game.events), p.id))


@pytest.mark.slow
def test_a_long_history_is_folded_to_fit_80x24_and_120x40(tmp_path: Path) -> None:
    puzzle = _long_puzzle()
    assert len(puzzle.game.events) > 40  # longer than either screen holds
    pack = tmp_path / "long.json"
    pack.write_text(dump_puzzles([puzzle]))
    for columns, lines in ((80, 24), (120, 40)):
        code, out = run("train", "--pack", str(pack), "--count", "1", input="",
                        env={"COLUMNS": str(columns), "LINES": str(lines), "NO_COLOR": "1"})
        assert code == 0, out
        screen = out[: out.index("answer> ") + len("answer> ")].splitlines()
        assert len(screen) <= lines, "\n".join(screen)
        assert max(len(line) for line in screen) <= columns
        tail = "\n".join(screen[-7:])  # hand, sizes, score and question just above the prompt
        assert "Your hand (" in tail and "Hand sizes:" in tail and "Score:" in tail
        assert "History:" in out and "('a' shows all)" in out and "others" in out


@pytest.mark.slow
def test_history_and_show_at_the_prompt(tmp_path: Path) -> None:
    puzzle = _long_puzzle()
    pack = tmp_path / "long.json"
    pack.write_text(dump_puzzles([puzzle]))
    asked = next(iter(puzzle.question.scope)).half_suit.code
    player = puzzle.players[1]
    code, out = run("train", "--pack", str(pack), "--count", "1", input=f"history\nhistory {asked}\n"
                    f"history {player}\nshow\nhelp\n", env={"COLUMNS": "100", "LINES": "40", "NO_COLOR": "1"})
    assert code == 0, out
    full = out.split("answer> ")[1]  # 'history': every move
    assert f"\n{len(puzzle.game.events)} │" in full
    assert f"History: {asked} and claims (all: 'history')" in out
    assert f"History: {player} (all: 'history')" in out
    assert out.count(str(question_words(puzzle)).split("?")[0]) >= 4  # the question again after each reprint
    assert "'history LD' one set, 'history Ann' one player" in out


def _schema_1_file(path: Path) -> Path:
    """A progress file as schema 1 wrote it (its tables, before modes and practice), with one rated attempt."""
    db = sqlite3.connect(path)
    db.executescript(
        "CREATE TABLE learner (id INTEGER PRIMARY KEY CHECK (id = 1), rating REAL NOT NULL, rd REAL NOT NULL,"
        " volatility REAL NOT NULL);"
        "INSERT INTO learner VALUES (1, 1600, 200, 0.06);"
        "CREATE TABLE attempts (id INTEGER PRIMARY KEY, puzzle_id TEXT NOT NULL, at TEXT NOT NULL, day TEXT NOT NULL,"
        " answer TEXT, outcome TEXT NOT NULL, correct INTEGER NOT NULL, hints INTEGER NOT NULL, seconds REAL NOT NULL,"
        " level INTEGER NOT NULL, kind TEXT NOT NULL, daily TEXT, rated INTEGER NOT NULL, rating REAL, rd REAL);"
        "CREATE INDEX attempts_puzzle ON attempts (puzzle_id);"
        "CREATE TABLE attempt_techniques (attempt_id INTEGER NOT NULL REFERENCES attempts (id),"
        " technique TEXT NOT NULL, PRIMARY KEY (attempt_id, technique));"
        "CREATE TABLE reviews (puzzle_id TEXT PRIMARY KEY, card TEXT NOT NULL, due TEXT NOT NULL,"
        " record TEXT NOT NULL);"
        "INSERT INTO attempts VALUES (1, 'p-x', '2026-01-01T09:00:00+00:00', '2026-01-01', 'Cat 6D', 'right', 1, 0,"
        " 3.0, 3, 'locate', '2026-01-01', 1, 1600, 200);"
        "PRAGMA user_version = 1;"
    )
    db.commit()
    db.close()
    return path


def _schema_of(path: Path) -> tuple[dict[str, list[tuple[object, ...]]], dict[str, list[str]], int]:
    """Every table's columns (name, type, not null, default, key), every index's columns, and the version."""
    db = sqlite3.connect(path)
    try:
        names = {kind: [row[0] for row in db.execute(
            "SELECT name FROM sqlite_master WHERE type = ? ORDER BY name", (kind,))] for kind in ("table", "index")}
        tables = {t: [tuple(row[1:]) for row in db.execute(f"PRAGMA table_info({t})")] for t in names["table"]}
        indexes = {i: [row[2] for row in db.execute(f"PRAGMA index_info({i})")] for i in names["index"]}
        return tables, indexes, db.execute("PRAGMA user_version").fetchone()[0]
    finally:
        db.close()


def test_old_progress_files_are_upgraded_in_place(tmp_path: Path) -> None:
    """A schema-1 file (before modes and practice) keeps its attempts and gains the new columns."""
    path = _schema_1_file(tmp_path / "old.sqlite3")
    with Progress(path, clock=lambda: datetime(2026, 1, 1, 10, tzinfo=UTC)) as store:
        (attempt,) = store.attempts()
        assert (attempt["mode"], attempt["practice"]) == ("normal", 0)
        assert store.rating().rating == 1600 and store.streak().today_done
        store.record(LOCATE, answer="Cat 6D", outcome="right", correct=True, hints=0, seconds=2, mode="memory")
        assert store.rating("memory").rating > 1500 and store.rating().rating == 1600


def test_an_upgraded_store_has_the_schema_of_a_new_one(tmp_path: Path) -> None:
    """Upgrading and creating share one schema: same tables, columns, defaults, indexes and version."""
    old = _schema_1_file(tmp_path / "old.sqlite3")
    new = tmp_path / "new.sqlite3"
    for path in (old, new):
        with Progress(path, clock=lambda: datetime(2026, 1, 1, 10, tzinfo=UTC)) as store:
            store.rating()
    tables, indexes, version = _schema_of(new)
    assert _schema_of(old) == (tables, indexes, version)
    assert version == SCHEMA_VERSION and {"learner", "attempts", "ratings", "reviews"} <= set(tables)
    assert [column[0] for column in tables["attempts"]][-3:] == ["mode", "practice", "ending"]
