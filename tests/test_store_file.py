"""The progress store adopts only a file it made, and changes nothing in a file it refuses (issue 28, item 3).

A store made by this version carries literature's application id; one made earlier (application id 0, schema
1 or 2) is literature's only if it holds exactly what that schema created. The older stores here are built
with the ``CREATE`` statements of those versions, copied from git history (``git log -p -- puzzles/store.py
puzzles/progress.py``), the way their code ran them. A refused file is compared byte for byte, and its folder
entry by entry (no ``-wal``, ``-shm`` or ``-journal`` left behind).
"""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
import tempfile
import threading
import time
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from puzzles import store as store_module
from puzzles.files import load_puzzles
from puzzles.store import Progress, ProgressError
from puzzles.store_file import APPLICATION_ID, SCHEMA_VERSION, examine, schema_of

from checked import checks_at_least
from command_line import run

DATA = Path(__file__).parent / "data" / "puzzles" / "six-diamonds.json"
PUZZLES = load_puzzles(DATA)
WHEN = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

# puzzles/progress.py at 9e6c769 (schema 1), verbatim.
SCHEMA_1 = """
CREATE TABLE IF NOT EXISTS learner (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    rating REAL NOT NULL, rd REAL NOT NULL, volatility REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS attempts (
    id INTEGER PRIMARY KEY,
    puzzle_id TEXT NOT NULL,
    at TEXT NOT NULL,                -- ISO 8601 with offset
    day TEXT NOT NULL,               -- the learner's local date, YYYY-MM-DD
    answer TEXT,                     -- as typed, NULL when skipped or revealed
    outcome TEXT NOT NULL,           -- won cancelled lost right wrong revealed skipped
    correct INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    seconds REAL NOT NULL,
    level INTEGER NOT NULL,
    kind TEXT NOT NULL,
    daily TEXT,                      -- the date whose daily puzzle this was
    rated INTEGER NOT NULL,          -- 1 for the first (rated) attempt at the puzzle
    rating REAL, rd REAL             -- the learner's rating after a rated attempt
);
CREATE INDEX IF NOT EXISTS attempts_puzzle ON attempts (puzzle_id);
CREATE TABLE IF NOT EXISTS attempt_techniques (
    attempt_id INTEGER NOT NULL REFERENCES attempts (id),
    technique TEXT NOT NULL,
    PRIMARY KEY (attempt_id, technique)
);
CREATE TABLE IF NOT EXISTS reviews (
    puzzle_id TEXT PRIMARY KEY,
    card TEXT NOT NULL,              -- FSRS card state (JSON)
    due TEXT NOT NULL,               -- ISO 8601, UTC
    record TEXT NOT NULL             -- the puzzle record (JSON), to offer it again
);
"""

# puzzles/store.py at 7e06386 (schema 2, memory mode and practice), verbatim; unchanged since.
SCHEMA_2 = """
CREATE TABLE IF NOT EXISTS learner (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    rating REAL NOT NULL, rd REAL NOT NULL, volatility REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS attempts (
    id INTEGER PRIMARY KEY,
    puzzle_id TEXT NOT NULL,
    at TEXT NOT NULL,                -- ISO 8601 with offset
    day TEXT NOT NULL,               -- the learner's local date, YYYY-MM-DD
    answer TEXT,                     -- as typed, NULL when skipped or revealed
    outcome TEXT NOT NULL,           -- won cancelled lost right wrong revealed skipped quit
    correct INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    seconds REAL NOT NULL,
    level INTEGER NOT NULL,
    kind TEXT NOT NULL,
    daily TEXT,                      -- the date whose daily puzzle this was
    rated INTEGER NOT NULL,          -- 1 for the first (rated) attempt at the puzzle
    rating REAL, rd REAL,            -- the learner's rating after a rated attempt
    mode TEXT NOT NULL DEFAULT 'normal',      -- normal, or memory (history shown one event at a time)
    practice INTEGER NOT NULL DEFAULT 0       -- 1: a replay (of a daily already answered): never rated
);
CREATE TABLE IF NOT EXISTS ratings (
    mode TEXT PRIMARY KEY,           -- a mode other than normal (whose rating is the learner row)
    rating REAL NOT NULL, rd REAL NOT NULL, volatility REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS attempts_puzzle ON attempts (puzzle_id);
CREATE TABLE IF NOT EXISTS attempt_techniques (
    attempt_id INTEGER NOT NULL REFERENCES attempts (id),
    technique TEXT NOT NULL,
    PRIMARY KEY (attempt_id, technique)
);
CREATE TABLE IF NOT EXISTS reviews (
    puzzle_id TEXT PRIMARY KEY,
    card TEXT NOT NULL,              -- FSRS card state (JSON)
    due TEXT NOT NULL,               -- ISO 8601, UTC
    record TEXT NOT NULL             -- the puzzle record (JSON), to offer it again
);
"""

# The upgrade of a schema-1 store at 7e06386 (_upgrade), before SCHEMA_2's statements ran.
UPGRADE_1_TO_2 = (
    "ALTER TABLE attempts ADD COLUMN mode TEXT NOT NULL DEFAULT 'normal'",
    "ALTER TABLE attempts ADD COLUMN practice INTEGER NOT NULL DEFAULT 0",
)
AN_ATTEMPT = (
    "INSERT INTO attempts (puzzle_id, at, day, answer, outcome, correct, hints, seconds, level, kind, daily, rated,"
    " rating, rd) VALUES ('p-old', '2026-03-01T09:00:00+00:00', '2026-03-01', 'Cat 6D', 'right', 1, 0, 3.0, 3,"
    " 'locate', NULL, 1, 1620.5, 290.0)"
)


def _statements(text: str) -> list[str]:
    return [s for s in text.split(";") if s.strip()]


def old_store(path: Path, version: int, *, upgraded: bool = False) -> Path:
    """A store as literature of schema ``version`` left it (WAL, its tables, the learner's row, one attempt), as
    its ``_connect`` made it: a file SQLite creates, WAL switched on, the schema in one ``BEGIN IMMEDIATE``.
    ``upgraded``: a schema-1 store that a schema-2 literature upgraded in place."""
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("BEGIN IMMEDIATE")
        for statement in _statements(SCHEMA_1 if version == 1 or upgraded else SCHEMA_2):
            db.execute(statement)
        db.execute("INSERT OR IGNORE INTO learner (id, rating, rd, volatility) VALUES (1, 1620.5, 290.0, 0.06)")
        db.execute(AN_ATTEMPT)
        db.execute(f"PRAGMA user_version = {1 if upgraded else version}")
        db.execute("COMMIT")
        if upgraded:
            db.execute("BEGIN IMMEDIATE")
            for statement in [*UPGRADE_1_TO_2, *_statements(SCHEMA_2)]:
                db.execute(statement)
            db.execute("PRAGMA user_version = 2")
            db.execute("COMMIT")
    return path


def sqlite_file(path: Path, statements: list[str], *, version: int = 0, application: int = 0,
                journal: str = "delete", page_size: int = 4096) -> Path:
    """An SQLite file of someone else's: its statements, its pragmas."""
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute(f"PRAGMA page_size = {page_size}")
        db.execute(f"PRAGMA journal_mode = {journal}")
        db.execute("PRAGMA synchronous = OFF")  # not kept in the file: only spares the test its disk waits
        db.execute("BEGIN")
        for statement in statements:
            db.execute(statement)
        db.execute(f"PRAGMA user_version = {version}")
        db.execute(f"PRAGMA application_id = {application}")
        db.execute("COMMIT")
    return path


def folder_state(folder: Path) -> dict[str, str]:
    """Every entry of a folder and a hash of its bytes (or its kind, for what is not a regular file)."""
    state = {}
    for entry in sorted(folder.iterdir()):
        if entry.is_symlink():
            state[entry.name] = f"link to {os.readlink(entry)}"
        elif entry.is_file():
            state[entry.name] = hashlib.sha256(entry.read_bytes()).hexdigest()
        else:
            state[entry.name] = "not a regular file"
    return state


def refused(path: Path, folder: Path | None = None) -> str:
    """Open the store at ``path``: it must be refused and leave the folder exactly as it was; the message."""
    folder = folder or path.parent
    before = folder_state(folder)
    with pytest.raises(ProgressError) as caught:
        Progress(path).rating()
    assert folder_state(folder) == before
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and "\n" not in message
    return message.removeprefix(f"{path}: ")


def pragmas(path: Path) -> tuple[int, int, str]:
    with closing(sqlite3.connect(path)) as db:
        return (db.execute("PRAGMA application_id").fetchone()[0], db.execute("PRAGMA user_version").fetchone()[0],
                db.execute("PRAGMA journal_mode").fetchone()[0])


RECIPES = ["CREATE TABLE recipes (name TEXT PRIMARY KEY, steps TEXT)", "INSERT INTO recipes VALUES ('soup', 'boil')"]
FOREIGN = "is not a literature progress database (an SQLite file of something else: "
NOT_OURS = "no literature application id, and its tables ({}) are not a literature store's"


@pytest.mark.parametrize(
    ("statements", "version", "application", "journal", "why"),
    [
        (RECIPES, 0, 0, "delete", "no literature application id, and schema version 0"),
        (RECIPES, 1, 0, "delete", NOT_OURS.format("recipes")),  # was adopted: our tables added beside its own
        (RECIPES, 2, 0, "delete", NOT_OURS.format("recipes")),  # was switched to WAL, then refused
        (RECIPES, 2, 0, "wal", NOT_OURS.format("recipes")),
        (RECIPES, 99, 0, "delete", "no literature application id, and schema version 99"),
        (RECIPES, 1, 0x4C697455, "delete", "its application id is 0x4c697455, literature's is 0x4c697454"),
        ([*_statements(SCHEMA_1), *RECIPES], 1, 0, "wal",
         NOT_OURS.format("attempt_techniques, attempts, learner, recipes, reviews")),
        (_statements(SCHEMA_2), 1, 0, "wal",  # schema 2's tables, version 1
         NOT_OURS.format("attempt_techniques, attempts, learner, ratings, reviews")),
        (_statements(SCHEMA_1), 2, 0, "wal", NOT_OURS.format("attempt_techniques, attempts, learner, reviews")),
        ([*_statements(SCHEMA_2), "DROP INDEX attempts_puzzle"], 2, 0, "wal",
         NOT_OURS.format("attempt_techniques, attempts, learner, ratings, reviews")),
        ([*_statements(SCHEMA_2), "ALTER TABLE reviews ADD COLUMN extra TEXT"], 2, 0, "wal",
         NOT_OURS.format("attempt_techniques, attempts, learner, ratings, reviews")),
        (_statements(SCHEMA_2), 2, -1, "wal", "its application id is 0xffffffff, literature's is 0x4c697454"),
        (['CREATE TABLE "a\nb" (x)', *(f"CREATE TABLE t{i} (x)" for i in range(8))], 1, 0, "delete",
         NOT_OURS.format("'a\\nb', t0, t1, t2, t3, t4 and 3 more")),  # one line, whatever the names
    ],
)
def test_a_foreign_sqlite_file_is_refused_untouched(
    tmp_path: Path, statements: list[str], version: int, application: int, journal: str, why: str
) -> None:
    path = sqlite_file(tmp_path / "progress.sqlite3", statements, version=version, application=application,
                       journal=journal)
    header = path.read_bytes()[:100]
    message = refused(path)
    assert message == f"{FOREIGN}{why}); set LITERATURE_HOME to another folder, or move the file aside to start afresh"
    assert path.read_bytes()[:100] == header  # journal mode (bytes 18-19), version and id as they were


@pytest.mark.parametrize(("version", "upgraded"), [(1, False), (2, False), (2, True)])
def test_a_store_an_older_literature_made_is_upgraded_and_marked(tmp_path: Path, version: int, upgraded: bool) -> None:
    path = old_store(tmp_path / "progress.sqlite3", version, upgraded=upgraded)
    assert pragmas(path)[:2] == (0, 1 if version == 1 else 2)
    with Progress(path, clock=lambda: WHEN) as store:
        assert [(a["puzzle_id"], a["mode"], a["practice"]) for a in store.attempts()] == [("p-old", "normal", 0)]
        assert store.rating().rating == 1620.5
        saved = store.record(PUZZLES[0], answer="Cat 6D", outcome="right", correct=True, hints=0, seconds=3.0)
        assert saved.kept is None
    assert pragmas(path) == (APPLICATION_ID, SCHEMA_VERSION, "wal")
    fresh = tmp_path / "fresh.sqlite3"
    with Progress(fresh) as store:
        store.rating()
    with closing(sqlite3.connect(path)) as old, closing(sqlite3.connect(fresh)) as new:
        assert schema_of(old) == schema_of(new)


def test_a_new_store_carries_literatures_application_id(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    with Progress(path) as store:
        store.rating()
    assert pragmas(path) == (APPLICATION_ID, SCHEMA_VERSION, "wal")
    assert path.read_bytes()[68:72] == b"LitT"


def test_an_upgrade_that_fails_half_way_leaves_the_old_store_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The new columns, the new table, the version and the application id are one transaction."""
    path = old_store(tmp_path / "progress.sqlite3", 1)
    with closing(sqlite3.connect(path)) as db:
        before = schema_of(db)

    def failing(db: sqlite3.Connection) -> None:
        db.execute("CREATE TABLE IF NOT EXISTS ratings (mode TEXT PRIMARY KEY)")
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store_module, "create_schema", failing)
    with pytest.raises(ProgressError, match=r"cannot be read \(disk I/O error\)"):
        Progress(path).rating()
    with closing(sqlite3.connect(path)) as db:
        assert schema_of(db) == before
    assert pragmas(path) == (0, 1, "wal")
    monkeypatch.undo()
    with Progress(path) as store:  # and the next start upgrades it
        assert store.rating().rating == 1620.5
    assert pragmas(path) == (APPLICATION_ID, SCHEMA_VERSION, "wal")


def test_a_newer_store_of_literatures_is_refused_untouched(tmp_path: Path) -> None:
    newer = SCHEMA_VERSION + 1
    path = sqlite_file(tmp_path / "progress.sqlite3", _statements(SCHEMA_2), version=newer, application=APPLICATION_ID)
    assert refused(path).startswith(f"the progress database has schema {newer}, newer than this version of "
                                    f"literature reads ({SCHEMA_VERSION}); upgrade literature")


def test_a_fifo_is_refused_without_being_opened(tmp_path: Path) -> None:
    """Opening a FIFO for reading blocks until someone writes: the store must not even open it."""
    path = tmp_path / "progress.sqlite3"
    os.mkfifo(path)
    result: list[str] = []

    def attempt() -> None:
        result.append(refused(path))

    worker = threading.Thread(target=attempt, daemon=True)
    worker.start()
    worker.join(20)
    assert not worker.is_alive(), "the store opened the FIFO (and waits for a writer)"
    assert result == ["is a FIFO (named pipe), not a regular file, so not a progress database; set LITERATURE_HOME "
                      "to another folder"]


def test_a_device_a_directory_and_links_at_the_store_path(tmp_path: Path) -> None:
    device = tmp_path / "device" / "progress.sqlite3"
    device.parent.mkdir()
    device.symlink_to(os.devnull)
    assert refused(device).startswith("is a character device, not a regular file, so not a progress database")

    folder = tmp_path / "folder" / "progress.sqlite3"
    folder.mkdir(parents=True)
    assert refused(folder) == "is a directory, not a progress database"

    dangling = tmp_path / "dangling" / "progress.sqlite3"
    dangling.parent.mkdir()
    dangling.symlink_to(tmp_path / "nowhere.sqlite3")
    assert refused(dangling).startswith(f"is a symbolic link to a missing file ({tmp_path / 'nowhere.sqlite3'}); "
                                        "the progress database is not made through a link")
    assert not (tmp_path / "nowhere.sqlite3").exists()

    (tmp_path / "elsewhere").mkdir()
    stranger = sqlite_file(tmp_path / "elsewhere" / "recipes.db", RECIPES, version=1)
    linked = tmp_path / "linked" / "progress.sqlite3"
    linked.parent.mkdir()
    linked.symlink_to(stranger)
    before = folder_state(stranger.parent)
    assert refused(linked).startswith(FOREIGN)
    assert folder_state(stranger.parent) == before

    ours = tmp_path / "ours.sqlite3"
    with Progress(ours, clock=lambda: WHEN) as store:
        store.record(PUZZLES[0], answer="Cat 6D", outcome="right", correct=True, hints=0, seconds=3.0)
    to_ours = tmp_path / "to-ours" / "progress.sqlite3"
    to_ours.parent.mkdir()
    to_ours.symlink_to(ours)
    with Progress(to_ours) as store:  # a link to a store of literature's is followed (a store kept elsewhere)
        assert store.summary().counts.attempts == 1


def test_a_file_that_is_not_sqlite_or_empty_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"SQLite format 3\x00 but cut short")
    assert refused(path).startswith("the progress database cannot be read (file is not a database)")
    path.write_bytes(b"")
    assert refused(path).startswith("is an empty file (0 bytes), not a progress database")


def test_the_command_line_says_one_line_and_exits_2(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    path = sqlite_file(home / "progress.sqlite3", RECIPES, version=1)
    before = folder_state(home)
    code, out, err = run("stats", env={"LITERATURE_HOME": str(home)})
    assert (code, out) == (2, "")
    assert err == f"{path}: {FOREIGN}{NOT_OURS.format('recipes')}); set LITERATURE_HOME to another folder, or move " \
                  "the file aside to start afresh\n"
    assert folder_state(home) == before


# -- a busy store: the message says how long it was waited on ------------------------------------------------


def test_a_busy_store_says_how_long_it_was_waited_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saving waits SAVE_TRIES times BUSY_TIMEOUT_MS for a store another connection holds, and says so (it said
    '30 s' after two waits of 30 s); reading does not wait (WAL); the measured wait and the message agree."""
    path = tmp_path / "progress.sqlite3"
    with Progress(path) as store:
        store.rating()
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_MS", 300)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with Progress(path, clock=lambda: WHEN) as store:
            store.rating()
            started = time.monotonic()
            saved = store.record(PUZZLES[0], answer="Cat 6D", outcome="right", correct=True, hints=0, seconds=3.0)
            waited = time.monotonic() - started
            said = re.fullmatch(r"the progress database stayed busy for (\d+\.\d) s \(another literature is "
                                r"writing\?\)", saved.problem or "")
            assert said is not None, saved.problem
            # Two waits of 0.3 s: the message says at least that, and never more than the test saw go by.
            assert 0.6 <= float(said[1]) <= round(waited, 1) + 0.05, (said[1], waited)

            started = time.monotonic()
            with pytest.raises(ProgressError) as caught:
                store.queue([PUZZLES[1]])
            refused_after = time.monotonic() - started
            said = re.search(r"stayed busy for (\d+\.\d) s", str(caught.value))
            assert said is not None and 0.3 <= float(said[1]) <= round(refused_after, 1) + 0.05, caught.value

            started = time.monotonic()
            assert store.rating().rating == 1500  # a reader does not wait for the writer...
            read = time.monotonic() - started
            assert read < refused_after / 2, (read, refused_after)  # ...measured against a wait in the same run
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_a_start_waits_briefly_for_a_busy_store_to_save_kept_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "progress.sqlite3"
    with Progress(path) as store:
        store.rating()
    kept = path.with_name(path.name + ".kept")
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_MS", 2000)
    monkeypatch.setattr(store_module, "KEPT_WAIT_MS", 100)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with Progress(path, clock=lambda: WHEN) as store:
            store._keep({"answer": "kept"})  # what a busy save leaves (read only once the store is free)
            started = time.monotonic()
        with Progress(path, clock=lambda: WHEN) as store:
            store.rating()
            # 0.1 s for the kept answers: waiting for the busy store instead would take its whole 2 s at least
            assert time.monotonic() - started < store_module.BUSY_TIMEOUT_MS / 1000
        assert kept.read_text() == '{"answer": "kept"}\n'  # still there for the next start
    finally:
        other.execute("ROLLBACK")
        other.close()


# -- random SQLite files --------------------------------------------------------------------------------------

OURS_1 = _statements(SCHEMA_1)
OURS_2 = _statements(SCHEMA_2)
NAMES = st.sampled_from(["learner", "attempts", "ratings", "reviews", "notes", "recipes", "t", "sqlite_x1"])
COLUMNS = st.lists(st.sampled_from(["id INTEGER PRIMARY KEY", "name TEXT", "rating REAL NOT NULL", "x",
                                    "mode TEXT NOT NULL DEFAULT 'normal'", "n INTEGER"]), min_size=1, max_size=4,
                   unique=True)


@st.composite
def sqlite_files(draw: st.DrawFn) -> tuple[list[str], int, int, str, int, bool]:
    """Statements, user_version, application_id, journal mode, page size, and whether the file is literature's."""
    base = draw(st.sampled_from([None, 1, 2]))
    statements = list(OURS_1 if base == 1 else OURS_2 if base == 2 else [])
    if statements and draw(st.integers(0, 3)) == 0:
        del statements[draw(st.integers(0, len(statements) - 1))]
        if not any("EXISTS attempts " in t for t in statements):  # its index goes with it
            statements = [t for t in statements if " ON attempts " not in t]
        base = None
    extras = draw(st.lists(st.tuples(NAMES, COLUMNS), max_size=2, unique_by=lambda t: t[0]) if draw(st.booleans())
                  else st.just([]))
    for name, columns in extras:
        if not any(f"EXISTS {name} " in s for s in statements) and not name.startswith("sqlite_"):
            statements.append(f"CREATE TABLE {name} ({', '.join(columns)})")
            base = None
    version = draw(st.sampled_from([base or 0, base or 1, 0, 1, 2, 3, 99]) | st.integers(-(2**31), 2**31 - 1))
    application = draw(st.one_of(st.just(0), st.just(0), st.just(APPLICATION_ID), st.integers(-(2**31), 2**31 - 1)))
    event(f"application id {'0' if application == 0 else 'ours' if application == APPLICATION_ID else 'other'}, "
          f"{'ours' if application == APPLICATION_ID or (application == 0 and version == base) else 'foreign'}")
    journal = draw(st.sampled_from(["delete", "wal", "truncate", "persist"]))
    page_size = draw(st.sampled_from([512, 1024, 4096, 65536]))
    ours = application == APPLICATION_ID or (application == 0 and base is not None and version == base)
    return statements, version, application, journal, page_size, ours


@checks_at_least(25)
@settings(max_examples=30, deadline=None, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sqlite_files())
def test_a_random_sqlite_file_is_refused_untouched_unless_it_is_literatures(
    tmp_path: Path, drawn: tuple[list[str], int, int, str, int, bool]
) -> None:
    statements, version, application, journal, page_size, ours = drawn
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    path = sqlite_file(folder / "progress.sqlite3", statements, version=version, application=application,
                       journal=journal, page_size=page_size)
    before = folder_state(folder)
    try:
        examine(path)
    except ProgressError as error:
        assert folder_state(folder) == before, error  # refused: nothing changed, not even the journal mode
        assert not ours or (application == APPLICATION_ID and version > 2), error  # literature's only if newer
        with pytest.raises(ProgressError):
            Progress(path).rating()
        assert folder_state(folder) == before, error
        return
    assert folder_state(folder) == before  # examining changes nothing, whatever it finds
    assert ours, "accepted a file that is not literature's"
    try:
        with Progress(path, clock=lambda: WHEN) as store:
            store.rating()
    except ProgressError as error:  # literature's, yet damaged (say, marked but holding a stranger's tables)
        assert "\n" not in str(error)
        return
    assert pragmas(path)[:2] == (APPLICATION_ID, SCHEMA_VERSION)


def test_an_upgrade_tells_how_older_attempts_ended_where_their_row_says_it(tmp_path: Path) -> None:
    """Schema 3 keeps how an attempt ended; a schema-2 row tells it unless its first answer was wrong."""
    path = old_store(tmp_path / "progress.sqlite3", 2)
    rows = [("p-skip", "skipped", 0), ("p-shown", "revealed", 0), ("p-wrong", "wrong", 0), ("p-won", "won", 1)]
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        for puzzle_id, outcome, correct in rows:
            db.execute(AN_ATTEMPT.replace("'p-old'", f"'{puzzle_id}'").replace("'right', 1", f"'{outcome}', {correct}"))
    with Progress(path, clock=lambda: WHEN) as store:
        endings = {a["puzzle_id"]: a["ending"] for a in store.attempts()}
        counts = store.summary().counts
    assert endings == {"p-old": "solved", "p-skip": "skipped", "p-shown": "revealed", "p-wrong": None,
                       "p-won": "solved"}
    assert (counts.tried, counts.solved, counts.revealed, counts.missed, counts.skipped) == (4, 2, 1, 1, 1)
