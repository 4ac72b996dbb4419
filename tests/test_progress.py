"""The progress store: attempts, Glicko-2 rating, daily streak, repetition, concurrency, corruption."""

from __future__ import annotations

import itertools
import multiprocessing
import sqlite3
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from puzzles.files import load_puzzles
from puzzles.model import LEVELS, Difficulty, Puzzle, Question
from puzzles.rating import LEVEL_RD, MAX_CHANGE, Rating, glicko2_update, level_for, level_rating, rate_answer
from puzzles.store import Progress, ProgressError, default_path
from puzzles.streak import streak_of

DATA = Path(__file__).parent / "data" / "puzzles" / "six-diamonds.json"
PUZZLES = load_puzzles(DATA)
CLAIM = PUZZLES[0]


class Clock:
    """A settable clock for tests."""

    def __init__(self, when: datetime) -> None:
        self.now = when

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def at_level(level: int, n: int = 0) -> Puzzle:
    """A distinct puzzle (by id) of the given level."""
    return Puzzle.create(
        variant="classic", viewer="Ann", log=CLAIM.log,
        question=Question.locate(["6D"]), answer={"6D": "Cat"}, difficulty=Difficulty(level, "x", 1.0),
        techniques=["ask inference"] if n % 2 == 0 else ["hand counting"], id=f"p-level{level}-{n}",
    )


def test_default_path_honours_literature_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LITERATURE_HOME", str(tmp_path / "home"))
    assert default_path() == tmp_path / "home" / "progress.sqlite3"
    with Progress() as store:
        assert store.rating() == Rating()
    assert (tmp_path / "home" / "progress.sqlite3").exists()


def test_every_attempt_is_stored_and_only_the_first_is_rated(tmp_path: Path) -> None:
    clock = Clock(datetime(2025, 3, 1, 9, 0, tzinfo=UTC))
    with Progress(tmp_path / "p.db", clock=clock) as store:
        first = store.record(CLAIM, answer="Ann 2D 3D 4D 5D 6D, Cat 7D", outcome="cancelled", correct=False,
                             hints=1, seconds=30.0)
        assert first.rated and first.rating_after.rating < first.rating_before.rating
        clock.advance(minutes=5)
        again = store.record(CLAIM, answer="Ann 2D 3D 4D 5D 7D, Cat 6D", outcome="won", correct=True,
                             hints=0, seconds=8.0)
        assert not again.rated and again.rating_after == again.rating_before == first.rating_after
        skipped = store.record(PUZZLES[1], answer=None, outcome="skipped", correct=False, hints=0, seconds=2.0)
        assert not skipped.rated
        rows = store.attempts()
        assert [(r["puzzle_id"], r["outcome"], r["correct"], r["hints"], r["rated"]) for r in rows] == [
            (CLAIM.id, "cancelled", 0, 1, 1),
            (CLAIM.id, "won", 1, 0, 0),
            (PUZZLES[1].id, "skipped", 0, 0, 0),
        ]
        assert rows[0]["answer"] == "Ann 2D 3D 4D 5D 6D, Cat 7D" and rows[0]["seconds"] == 30.0
        assert rows[1]["at"] == "2025-03-01T09:05:00+00:00"
        summary = store.summary()
        counts = summary.counts
        assert (counts.tried, counts.solved, counts.attempts) == (1, 1, 2)
        # its first answer was wrong (what the rating counted): solved later, on another attempt
        assert (counts.first_answer, counts.later_try, counts.first_share) == (0, 1, 0.0)
        assert (counts.skipped, counts.quit) == (1, 0)
        level = summary.by_level[CLAIM.level]  # one puzzle, solved, in two attempts
        assert (level.tried, level.solved, level.attempts) == (1, 1, 2)


def test_a_first_answer_moves_the_rating_at_most_200_points() -> None:
    for level in LEVELS:
        for score in (0.0, 0.5, 1.0):
            after = rate_answer(Rating(), level, score)
            assert abs(after.rating - 1500) <= MAX_CHANGE
    assert rate_answer(Rating(), 6, 1.0).rating == 1700  # Glicko-2 alone would give 2097
    assert rate_answer(Rating(1500, 60), 4, 1.0) == glicko2_update(Rating(1500, 60), [(Rating(1700, LEVEL_RD), 1.0)])


def test_glicko2_matches_the_paper_and_moves_the_right_way() -> None:
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    new = glicko2_update(Rating(1500, 200, 0.06), games)
    assert abs(new.rating - 1464.06) < 0.02 and abs(new.rd - 151.52) < 0.01 and abs(new.volatility - 0.05999) < 1e-5
    me = Rating(1500, 100)
    easy, hard = Rating(level_rating(1), 60), Rating(level_rating(6), 60)
    assert glicko2_update(me, [(hard, 1.0)]).rating - 1500 > glicko2_update(me, [(easy, 1.0)]).rating - 1500 > 0
    assert glicko2_update(me, [(easy, 0.0)]).rating < glicko2_update(me, [(hard, 0.0)]).rating < 1500
    assert glicko2_update(me, [(Rating(1500, 60), 0.5)]).rating == pytest.approx(1500)
    assert glicko2_update(me, []).rd > 100
    assert [level_for(level_rating(n)) for n in range(1, 7)] == [1, 2, 3, 4, 5, 6]


def test_rating_climbs_with_solves_and_hints_count_half(tmp_path: Path) -> None:
    clock = Clock(datetime(2025, 3, 1, 9, tzinfo=UTC))
    with Progress(tmp_path / "a.db", clock=clock) as solver, Progress(tmp_path / "b.db", clock=clock) as hinted:
        for n in range(6):
            solver.record(at_level(4, n), answer="Cat 6D", outcome="right", correct=True, hints=0, seconds=5)
            hinted.record(at_level(4, n), answer="Cat 6D", outcome="right", correct=True, hints=2, seconds=5)
        assert solver.rating().rating > hinted.rating().rating
        assert solver.rating().rd < 350
        history = solver.summary().history
        assert len(history) == 6 and all(a[1] < b[1] for a, b in itertools.pairwise(history))


def test_streak_across_days_with_a_fixed_clock(tmp_path: Path) -> None:
    clock = Clock(datetime(2025, 3, 1, 20, 0, tzinfo=UTC))
    with Progress(tmp_path / "s.db", clock=clock) as store:

        def daily(solved: bool, outcome: str | None = None, practice: bool = False) -> None:
            outcome = outcome or ("right" if solved else "wrong")
            store.record(at_level(2, clock.now.day), answer="Cat 6D", outcome=outcome, correct=solved, hints=0,
                         seconds=3, daily=clock.now.date(), practice=practice)

        for _ in range(3):  # 1, 2, 3 March solved
            daily(True)
            clock.advance(days=1)
        assert store.streak().current == 3 and not store.streak().today_done  # 4 March still open
        daily(False, "quit")  # a quit without an answer leaves the daily open...
        daily(True)  # ...so solving it afterwards counts
        assert (store.streak().current, store.streak().best, store.streak().today_done) == (4, 4, True)
        clock.advance(days=1)
        daily(False)  # 5 March: a wrong first answer...
        daily(True)  # ...is not mended by answering again, even unmarked
        daily(True, practice=True)
        assert (store.streak().current, store.streak().best, store.streak().today_done) == (0, 4, False)
        assert store.streak().today_missed  # not open: "today's daily missed", not "still open"
        assert not store.solved_today(date(2025, 3, 5))
        first = store.daily_answered(date(2025, 3, 5))
        assert first is not None and first["outcome"] == "wrong"
        clock.advance(days=1)  # 6 March
        assert store.streak().current == 0 and store.streak().best == 4
        daily(True)
        # an old daily solved today does not count for today
        store.record(at_level(2, 99), answer="Cat 6D", outcome="right", correct=True, hints=0, seconds=3,
                     daily=date(2025, 2, 27))
        summary = store.summary(calendar_days=7)
        assert (summary.streak.current, summary.streak.best) == (1, 4)
        assert list(summary.calendar.values()) == [False, True, True, True, True, False, True]
        assert summary.to_json()["streak"] == 1 and summary.to_json()["best_streak"] == 4
        assert store.solved_today(date(2025, 3, 6))


def test_streak_function() -> None:
    day = date(2025, 1, 31)
    assert streak_of(set(), day).current == 0
    run = {day - timedelta(days=k) for k in range(10)} | {day - timedelta(days=20 + k) for k in range(12)}
    assert streak_of(run, day).current == 10 and streak_of(run, day).best == 12


def test_failed_puzzles_come_back_later(tmp_path: Path) -> None:
    clock = Clock(datetime(2025, 3, 1, 9, tzinfo=UTC))
    with Progress(tmp_path / "r.db", clock=clock) as store:
        store.record(PUZZLES[1], answer="Cat 6D", outcome="right", correct=True, hints=0, seconds=4)
        failed = store.record(CLAIM, answer="x", outcome="lost", correct=False, hints=0, seconds=4)
        assert failed.review_due is not None
        assert store.due_reviews() == [] and store.review_due(PUZZLES[1].id) is None
        clock.advance(days=1, minutes=1)
        assert [p.id for p in store.due_reviews()] == [CLAIM.id]
        assert store.summary().reviews_due == 1
        solved = store.record(CLAIM, answer="y", outcome="won", correct=True, hints=0, seconds=4)
        assert solved.review_due is not None
        first_gap = solved.review_due - clock.now
        assert first_gap >= timedelta(days=1) and store.due_reviews() == []
        clock.now = solved.review_due + timedelta(minutes=1)
        assert [p.id for p in store.due_reviews()] == [CLAIM.id]
        later = store.record(CLAIM, answer="y", outcome="won", correct=True, hints=0, seconds=4)
        assert later.review_due is not None and later.review_due - clock.now > first_gap  # intervals grow
        clock.now = later.review_due + timedelta(minutes=1)
        relapse = store.record(CLAIM, answer="z", outcome="lost", correct=False, hints=0, seconds=4)
        assert relapse.review_due is not None and relapse.review_due - clock.now <= timedelta(days=1)


def _hammer(path: str, worker: int, count: int) -> None:
    clock = Clock(datetime(2025, 3, 1, 9, tzinfo=UTC))
    with Progress(path, clock=clock) as store:
        for n in range(count):
            store.record(at_level(3, 1000 * worker + n), answer="Cat 6D", outcome="right", correct=True,
                         hints=0, seconds=1)


def test_two_processes_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    path = str(tmp_path / "shared.db")
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_hammer, args=(path, w, 40)) for w in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(600)  # a guard against a hang only: a busy machine may take its time
        assert w.exitcode == 0
    with Progress(path) as store:
        summary = store.summary()
        assert summary.counts.attempts == 80 and summary.counts.tried == 80
        assert len(summary.history) == 80  # every rated attempt updated the one rating, in turn
        assert store.rating().rating == pytest.approx(summary.history[-1][1])
    check = sqlite3.connect(path).execute("PRAGMA integrity_check").fetchone()[0]
    assert check == "ok"


def test_corrupt_database_gives_a_clear_error_and_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"this is not a database at all, just some text " * 100)
    before = path.read_bytes()
    with pytest.raises(ProgressError) as caught:
        Progress(path).rating()
    message = str(caught.value)
    assert message.startswith(f"{path}: the progress database cannot be read")
    assert f"mv '{path}' '{path}.broken'" in message
    assert path.read_bytes() == before  # never silently started over


def test_damaged_pages_and_newer_schema(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    with Progress(path) as store:
        for n in range(30):
            store.record(at_level(3, n), answer="Cat 6D", outcome="right", correct=True, hints=0, seconds=1)
    sqlite3.connect(path).execute("PRAGMA wal_checkpoint(TRUNCATE)").close()
    data = bytearray(path.read_bytes())
    for page in range(4096, len(data), 4096):  # smash every b-tree page header after the first
        data[page : page + 12] = b"\x55" * 12
    path.write_bytes(bytes(data))
    with pytest.raises(ProgressError, match="cannot be read"):
        Progress(path).summary()

    newer = tmp_path / "newer.db"
    with Progress(newer) as store:  # a store of literature's that a newer literature brought to schema 99
        store.rating()
    sqlite3.connect(newer).execute("PRAGMA user_version = 99").close()
    with pytest.raises(ProgressError, match="schema 99, newer than this version"):
        Progress(newer).rating()


def test_unwritable_home_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(ProgressError, match="cannot create the data directory"):
        Progress(blocker / "sub" / "p.db").rating()
    with pytest.raises(ProgressError, match="is a directory"):
        Progress(tmp_path).rating()
