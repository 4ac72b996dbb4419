"""The progress store never adopts a file that is not its own, explains every damaged value, and keeps an
answer it cannot save until the next start saves it."""

from __future__ import annotations

import re
import sqlite3
import sys
import types
from datetime import UTC, datetime
from pathlib import Path

import pytest

from puzzles import store as store_module
from puzzles.files import load_puzzles
from puzzles.store import Progress, ProgressError
from trainer import start

DATA = Path(__file__).parent / "data" / "puzzles" / "six-diamonds.json"
PUZZLES = load_puzzles(DATA)
WHEN = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def clock() -> datetime:
    return WHEN


def solve_one(store: Progress, n: int = 0, correct: bool = True) -> None:
    saved = store.record(PUZZLES[n], answer="Cat 6D", outcome="right" if correct else "wrong", correct=correct,
                         hints=0, seconds=3.0)
    assert saved.kept is None


def made(tmp_path: Path) -> Path:
    path = tmp_path / "progress.sqlite3"
    with Progress(path, clock=clock) as store:
        solve_one(store)
        solve_one(store, 1, correct=False)
    return path


def test_an_empty_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"")
    with pytest.raises(ProgressError) as caught:
        Progress(path).rating()
    assert str(caught.value) == (f"{path}: is an empty file (0 bytes), not a progress database; delete it to start "
                                 "afresh (it holds nothing), or set LITERATURE_HOME to another folder")
    assert path.read_bytes() == b""


def test_a_foreign_sqlite_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    with sqlite3.connect(path) as other:
        other.execute("CREATE TABLE recipes (name TEXT)")
        other.execute("INSERT INTO recipes VALUES ('soup')")
    before = path.read_bytes()
    with pytest.raises(ProgressError, match=r"is not a literature progress database \(an SQLite file of something"):
        Progress(path).rating()
    assert path.read_bytes() == before


def test_a_new_store_is_made_whole_and_then_linked_into_place(tmp_path: Path) -> None:
    path = tmp_path / "home" / "progress.sqlite3"
    with Progress(path, clock=clock) as store:
        assert store.rating().rating == 1500
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == store_module.SCHEMA_VERSION
    assert sorted(p.name for p in path.parent.iterdir() if p.name.endswith(".new")) == []


@pytest.mark.parametrize(
    ("damage", "call", "message"),
    [
        ("DELETE FROM learner", "rating",
         "the learner's rating is missing (the row of the 'learner' table was deleted)"),
        ("UPDATE learner SET rating = 'lots'", "rating",
         "the learner's normal rating is damaged (rating, deviation, volatility: ('lots', "),
        ("UPDATE attempts SET day = 'yesterday', daily = 'yesterday'", "streak",
         "an attempt's day is not a date ('yesterday')"),
        ("UPDATE reviews SET record = '{not json'", "due_reviews", "the stored record of puzzle "),
        ("UPDATE reviews SET due = 'soon'", "review_due", "the review date of puzzle "),
        ("UPDATE attempts SET rating = 'high' WHERE rated = 1", "summary", "a rated attempt is damaged"),
    ],
)
def test_a_damaged_value_names_the_file_and_what_to_do(tmp_path: Path, damage: str, call: str, message: str) -> None:
    path = made(tmp_path)
    with sqlite3.connect(path) as db:
        db.execute(damage)
    later = lambda: datetime(2026, 4, 1, tzinfo=UTC)  # noqa: E731  (every review is due by then)
    with Progress(path, clock=later) as store, pytest.raises(ProgressError) as caught:
        getattr(store, call)(*([PUZZLES[1].id] if call == "review_due" else []))
    text = str(caught.value)
    assert text.startswith(f"{path}: {message}"), text
    assert text.endswith(f"restore a backup of the file, or move it aside (mv '{path}' '{path}.broken') to start "
                         "afresh") and "\n" not in text


def test_a_deleted_learner_row_is_never_silently_restarted(tmp_path: Path) -> None:
    path = made(tmp_path)
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM learner")
    with Progress(path, clock=clock) as store:
        saved = store.record(PUZZLES[2], answer="x", outcome="wrong", correct=False, hints=0, seconds=1.0)
        with pytest.raises(ProgressError, match="rating is missing"):
            store.rating()
    assert saved.kept is not None and (saved.problem or "").startswith("the learner's rating is missing")
    assert sqlite3.connect(path).execute("SELECT COUNT(*) FROM learner").fetchone()[0] == 0


def test_an_answer_the_busy_store_cannot_take_is_kept_then_saved_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = made(tmp_path)
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_MS", 50)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another writer holds the lock
    with Progress(path, clock=clock) as store:
        saved = store.record(PUZZLES[2], answer="Ann 2D", outcome="wrong", correct=False, hints=1, seconds=9.5,
                             ending="solved")  # right on a later try: kept so, and counted so
    assert saved.kept == path.with_name("progress.sqlite3.kept") and saved.kept.exists()
    assert re.fullmatch(r"the progress database stayed busy for 0\.[1-9] s \(another literature is writing\?\)",
                        saved.problem or ""), saved.problem  # two waits of 50 ms, and what the test itself takes
    other.execute("ROLLBACK")
    other.close()
    with Progress(path, clock=clock) as store:
        attempts = store.attempts()
    assert [(a["puzzle_id"], a["answer"], a["hints"], a["seconds"], a["ending"]) for a in attempts][-1] == (
        PUZZLES[2].id, "Ann 2D", 1, 9.5, "solved")
    assert len(attempts) == 3 and not saved.kept.exists()


def test_an_answer_the_store_cannot_write_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = made(tmp_path)

    def refuse(self: Progress) -> None:
        raise ProgressError("cannot write the progress database (attempt to write a readonly database)")

    with Progress(path, clock=clock) as store:
        monkeypatch.setattr(Progress, "_write", refuse)
        saved = store.record(PUZZLES[3], answer="Cat 6D", outcome="right", correct=True, hints=0, seconds=2.0)
        monkeypatch.undo()
    assert saved.kept is not None and "readonly" in (saved.problem or "")
    with Progress(path, clock=clock) as store:
        assert PUZZLES[3].id in store.attempted_ids()


def test_a_damaged_kept_file_is_reported_not_dropped(tmp_path: Path) -> None:
    path = made(tmp_path)
    kept = path.with_name(path.name + ".kept")
    kept.write_text("{half a line\n")
    with pytest.raises(ProgressError, match=r"the answers kept from an earlier start cannot be read"):
        Progress(path).rating()
    assert kept.read_text() == "{half a line\n"


def test_ctrl_c_while_starting_exits_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Interrupted(types.ModuleType):
        def __getattr__(self, name: str) -> object:
            raise KeyboardInterrupt

    monkeypatch.setitem(sys.modules, "trainer.cli", Interrupted("trainer.cli"))
    with pytest.raises(SystemExit) as stopped:
        start.main()
    assert stopped.value.code == 130
    assert capsys.readouterr().err == "interrupted\n"


def test_a_write_that_fails_half_way_is_rolled_back_whole_and_the_answer_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The attempt row is written, then the review schedule fails with an SQLite error: nothing of the
    attempt stays in the store (one transaction), the error is said as a ProgressError, the answer is kept."""
    path = made(tmp_path)
    with Progress(path, clock=clock) as store:
        before = (store.attempts(), store.rating())

    def failing(*_: object, **__: object) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store_module, "next_review", failing)
    with Progress(path, clock=clock) as store:
        saved = store.record(PUZZLES[2], answer="Ann 2D", outcome="wrong", correct=False, hints=0, seconds=3.0)
        assert saved.kept is not None and "disk I/O error" in (saved.problem or "")
        assert (store.attempts(), store.rating()) == before
    monkeypatch.undo()
    with Progress(path, clock=clock) as store:  # the next start saves the kept answer
        assert [a["answer"] for a in store.attempts()] == [*(a["answer"] for a in before[0]), "Ann 2D"]
