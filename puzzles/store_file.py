"""The progress store's file: what it holds (the schema), and whether a file at its path is one.

The store adopts only a file it made. Every store this version makes carries
literature's application id (SQLite's ``PRAGMA application_id``, the four
bytes ``LitT`` at offset 68 of the file's header). Stores made before there was
one have application id 0 and schema 1 or 2; such a file is literature's only
if its tables, columns and indexes are exactly those that schema created
(``schema_of`` compares them with the historical ``CREATE`` statements, kept
below). Everything else is refused, and refused untouched: :func:`examine`
decides from the file's type, its 100-byte header and its schema read through
an immutable read-only connection, which takes no lock and writes nothing (no
journal mode switched, no ``-wal`` or ``-shm`` file made). A FIFO, a device or
a socket at the path is never opened.

    >>> import sqlite3, tempfile
    >>> from pathlib import Path
    >>> folder = Path(tempfile.mkdtemp())
    >>> examine(folder / "progress.sqlite3") is None  # nothing there yet: the store will make one
    True
    >>> with sqlite3.connect(folder / "recipes.db") as other:
    ...     _ = other.execute("CREATE TABLE recipes (name TEXT)")
    ...     _ = other.execute("PRAGMA user_version = 1")
    >>> try:
    ...     examine(folder / "recipes.db")
    ... except ProgressError as error:
    ...     print(error.message.split(": ")[1].split(";")[0])
    no literature application id, and its tables (recipes) are not a literature store's)
"""

from __future__ import annotations

import os
import sqlite3
import stat
import time
from contextlib import closing
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from puzzles.rating import START_RATING, START_RD, START_VOLATILITY
from trainer.game.errors import LiteratureError

APPLICATION_ID = int.from_bytes(b"LitT", "big")
"""Literature's mark in every store it makes (``PRAGMA application_id``, 0x4c697454)."""
SCHEMA_VERSION = 4
"""2: attempts gained ``mode`` (normal or memory) and ``practice``; memory mode has its own rating.
3: attempts gained ``ending`` (solved, revealed, skipped, quit): a puzzle solved on a later try is known.
4: the course (``literature learn``): ``lessons`` (opened, done) and ``lesson_attempts`` (practice attempts)."""
HEADER = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""


class ProgressError(LiteratureError):
    """The progress database cannot be used; the message says which file and what to do."""


SCHEMA = """
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
    practice INTEGER NOT NULL DEFAULT 0,      -- 1: a replay (of a daily already answered): never rated
    ending TEXT                      -- solved (at some try) revealed skipped quit, NULL: not known
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
CREATE TABLE IF NOT EXISTS lessons (
    number INTEGER PRIMARY KEY,      -- the course's lesson (puzzles.course)
    opened TEXT NOT NULL,            -- ISO 8601: when the learner first opened it
    done TEXT                        -- ISO 8601: when practice reached mastery, NULL: not yet
);
CREATE TABLE IF NOT EXISTS lesson_attempts (
    attempt_id INTEGER PRIMARY KEY REFERENCES attempts (id),
    lesson INTEGER NOT NULL          -- the lesson whose practice this attempt was
);
"""

SCHEMA_1 = """
CREATE TABLE learner (id INTEGER PRIMARY KEY CHECK (id = 1), rating REAL NOT NULL, rd REAL NOT NULL,
    volatility REAL NOT NULL);
CREATE TABLE attempts (id INTEGER PRIMARY KEY, puzzle_id TEXT NOT NULL, at TEXT NOT NULL, day TEXT NOT NULL,
    answer TEXT, outcome TEXT NOT NULL, correct INTEGER NOT NULL, hints INTEGER NOT NULL, seconds REAL NOT NULL,
    level INTEGER NOT NULL, kind TEXT NOT NULL, daily TEXT, rated INTEGER NOT NULL, rating REAL, rd REAL);
CREATE INDEX attempts_puzzle ON attempts (puzzle_id);
CREATE TABLE attempt_techniques (attempt_id INTEGER NOT NULL REFERENCES attempts (id), technique TEXT NOT NULL,
    PRIMARY KEY (attempt_id, technique));
CREATE TABLE reviews (puzzle_id TEXT PRIMARY KEY, card TEXT NOT NULL, due TEXT NOT NULL, record TEXT NOT NULL);
"""
"""What schema 1 (literature before modes and practice, until the commit that added them) created."""

SCHEMA_2 = """
CREATE TABLE learner (id INTEGER PRIMARY KEY CHECK (id = 1), rating REAL NOT NULL, rd REAL NOT NULL,
    volatility REAL NOT NULL);
CREATE TABLE attempts (id INTEGER PRIMARY KEY, puzzle_id TEXT NOT NULL, at TEXT NOT NULL, day TEXT NOT NULL,
    answer TEXT, outcome TEXT NOT NULL, correct INTEGER NOT NULL, hints INTEGER NOT NULL, seconds REAL NOT NULL,
    level INTEGER NOT NULL, kind TEXT NOT NULL, daily TEXT, rated INTEGER NOT NULL, rating REAL, rd REAL,
    mode TEXT NOT NULL DEFAULT 'normal', practice INTEGER NOT NULL DEFAULT 0);
CREATE TABLE ratings (mode TEXT PRIMARY KEY, rating REAL NOT NULL, rd REAL NOT NULL, volatility REAL NOT NULL);
CREATE INDEX attempts_puzzle ON attempts (puzzle_id);
CREATE TABLE attempt_techniques (attempt_id INTEGER NOT NULL REFERENCES attempts (id), technique TEXT NOT NULL,
    PRIMARY KEY (attempt_id, technique));
CREATE TABLE reviews (puzzle_id TEXT PRIMARY KEY, card TEXT NOT NULL, due TEXT NOT NULL, record TEXT NOT NULL);
"""
"""What schema 2 (before ``ending``) created."""


def create_schema(db: sqlite3.Connection) -> None:
    """Make the tables and indexes that are missing, the learner's starting rating unless there is one, and
    stamp literature's application id and the schema version (inside the caller's transaction). A new store
    and an upgraded one both end here.

        >>> with closing(sqlite3.connect(":memory:")) as db:
        ...     create_schema(db)
        ...     mark = db.execute("PRAGMA application_id").fetchone()[0]
        ...     mark == APPLICATION_ID, schema_of(db) == known_schemas()[SCHEMA_VERSION]
        (True, True)
    """
    for statement in SCHEMA.split(";"):
        if statement.strip():
            db.execute(statement)
    db.execute(
        "INSERT OR IGNORE INTO learner (id, rating, rd, volatility) VALUES (1, ?, ?, ?)",
        (START_RATING, START_RD, START_VOLATILITY),
    )
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def upgrade(db: sqlite3.Connection) -> None:
    """Bring a schema-1, -2 or -3 database up to date (inside the caller's transaction): the columns it lacks
    (the tables it lacks, such as schema 4's lessons, are made by :func:`create_schema` after it).
    An older attempt's ``ending`` is filled where its row tells it (right at the first answer: ``solved``;
    revealed, skipped or quit before any answer); one answered wrong first keeps ``NULL`` (not known).

        >>> with closing(sqlite3.connect(":memory:")) as db:
        ...     db.executescript(SCHEMA_1).close()
        ...     upgrade(db)
        ...     [row[1] for row in db.execute("PRAGMA table_info(attempts)")][-3:]
        ['mode', 'practice', 'ending']
    """
    columns = {row[1] for row in db.execute("PRAGMA table_info(attempts)")}
    if columns and "mode" not in columns:
        db.execute("ALTER TABLE attempts ADD COLUMN mode TEXT NOT NULL DEFAULT 'normal'")
    if columns and "practice" not in columns:
        db.execute("ALTER TABLE attempts ADD COLUMN practice INTEGER NOT NULL DEFAULT 0")
    if columns and "ending" not in columns:
        db.execute("ALTER TABLE attempts ADD COLUMN ending TEXT")
        db.execute("UPDATE attempts SET ending = CASE WHEN correct = 1 THEN 'solved' WHEN outcome IN"
                   " ('revealed', 'skipped', 'quit') THEN outcome END")


Schema = tuple[tuple[str, str, str, tuple[tuple[object, ...], ...]], ...]
"""Every table and index: (type, name, table, its columns (and for a table, its indexes)), sorted."""


def schema_of(db: sqlite3.Connection) -> Schema:
    """The tables, columns and indexes of a database, read without changing anything.

        >>> with closing(sqlite3.connect(":memory:")) as db:
        ...     _ = db.execute("CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT NOT NULL DEFAULT 'x')")
        ...     schema_of(db)
        (('table', 't', 't', ((0, 'a', 'INTEGER', 0, None, 1), (1, 'b', 'TEXT', 1, "'x'", 0))),)
    """
    found = []
    for kind, name, table in db.execute("SELECT type, name, tbl_name FROM sqlite_master ORDER BY type, name"):
        if kind == "table":
            parts = [tuple(row) for row in db.execute("SELECT * FROM pragma_table_info(?)", (name,))]
            parts += [("index", *row[1:]) for row in db.execute("SELECT * FROM pragma_index_list(?)", (name,))]
        elif kind == "index":
            parts = [tuple(row) for row in db.execute("SELECT * FROM pragma_index_xinfo(?)", (name,))]
        else:
            parts = []
        found.append((str(kind), str(name), str(table), tuple(sorted(parts, key=repr))))
    return tuple(found)


@cache
def known_schemas() -> dict[int, Schema]:
    """What each schema version's stores hold, by version (an older one upgraded holds the same as a new one).

        >>> sorted(name for kind, name, _, _ in known_schemas()[1] if kind == "table")
        ['attempt_techniques', 'attempts', 'learner', 'reviews']
    """
    known = {}
    for version, text in ((1, SCHEMA_1), (2, SCHEMA_2), (SCHEMA_VERSION, SCHEMA)):
        with closing(sqlite3.connect(":memory:")) as db:
            db.executescript(text)
            known[version] = schema_of(db)
    return known


def is_literatures(db: sqlite3.Connection) -> str | None:
    """``None`` if the database is a literature store (of this or an older schema), else why it is not.

    Any version is accepted with literature's application id (a newer one is the caller's to refuse); without
    it, only schema 1 or 2 holding exactly what that schema created.

        >>> with closing(sqlite3.connect(":memory:")) as db:
        ...     db.executescript(SCHEMA_1 + "PRAGMA user_version = 1;").close()
        ...     print(is_literatures(db))
        ...     db.executescript("CREATE TABLE recipes (name TEXT);").close()
        ...     print(is_literatures(db).split(" are ")[0])
        None
        no literature application id, and its tables (attempt_techniques, attempts, learner, recipes, reviews)
    """
    application = db.execute("PRAGMA application_id").fetchone()[0]
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if application == APPLICATION_ID:
        return None
    if application != 0:
        return f"its application id is {application & 0xFFFFFFFF:#010x}, literature's is {APPLICATION_ID:#010x}"
    if version not in known_schemas():
        return f"no literature application id, and schema version {version}"
    known = known_schemas()[version]
    objects = db.execute("SELECT type, name FROM sqlite_master").fetchall()
    if sorted(objects) == sorted((kind, name) for kind, name, _, _ in known) and schema_of(db) == known:
        return None  # the columns are compared only when the names are the same (a stranger's may have many)
    names = sorted({str(name) for kind, name in objects if kind == "table"})
    shown = ", ".join(map(_shown, names[:6])) + (f" and {len(names) - 6} more" if len(names) > 6 else "")
    return f"no literature application id, and its tables ({shown or 'none'}) are not a literature store's"


def _shown(name: str) -> str:
    """A stranger's table name as said in one line: quoted if it holds what cannot be printed, and cut short.

        >>> _shown("recipes"), chr(10) in _shown("two" + chr(10) + "lines"), _shown("x" * 50)[-3:]
        ('recipes', False, 'xx…')
    """
    cut = name[:40] + ("…" if len(name) > 40 else "")
    return cut if cut.isprintable() else repr(cut)


@dataclass(frozen=True)
class Found:
    """A literature store found at the path: its schema version, and whether it must be upgraded (or marked)."""

    version: int
    marked: bool
    """Whether it carries literature's application id (a store made before there was one does not)."""

    @property
    def to_upgrade(self) -> bool:
        """Whether opening it changes it: an older schema, or literature's mark still to set."""
        return self.version < SCHEMA_VERSION or not self.marked


_KINDS = {
    stat.S_IFIFO: "a FIFO (named pipe)",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
}


def _refusal(path: Path, what: str) -> ProgressError:
    return ProgressError(what, path=str(path))


def foreign(path: Path, why: str) -> ProgressError:
    """Not literature's store, and why: refused, never adopted.

        >>> foreign(Path("x.db"), "its application id is 0x00000001, literature's is 0x4c697454").message[:53]
        'is not a literature progress database (an SQLite file'
    """
    return _refusal(
        path,
        f"is not a literature progress database (an SQLite file of something else: {why}); set LITERATURE_HOME "
        "to another folder, or move the file aside to start afresh",
    )


def newer_schema(path: Path, version: int) -> ProgressError:
    """A store of a newer literature's: refused, untouched.

        >>> str(newer_schema(Path("x.db"), 3))[:56]
        'x.db: the progress database has schema 3, newer than thi'
    """
    return _refusal(path, f"the progress database has schema {version}, newer than this version of literature "
                    f"reads ({SCHEMA_VERSION}); upgrade literature, or move the file aside to start afresh")


def unreadable(path: Path, error: object) -> ProgressError:
    """The store cannot be read (damaged, or not an SQLite file): say how to keep what it may hold.

        >>> unreadable(Path("x.db"), "file is not a database").message[:61]
        'the progress database cannot be read (file is not a database)'
    """
    return _refusal(
        path,
        f"the progress database cannot be read ({error}). Your progress is not lost yet: move the file aside "
        f"(mv '{path}' '{path}.broken') to start afresh, or restore a backup of it",
    )


def _header(path: Path) -> bytes:
    """The first 100 bytes of a regular file, opened so that a FIFO swapped in meanwhile cannot block."""
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise _refusal(path, "is not a regular file, so not a progress database; set LITERATURE_HOME to "
                           "another folder")
        return os.read(handle, 100)
    finally:
        os.close(handle)


def examine(path: Path) -> Found | None:
    """What is at the store's path, found without changing anything: ``None`` if nothing is (the store will
    make itself), a :class:`Found` if it is a literature store, else a :class:`ProgressError` saying why not.

        >>> import tempfile
        >>> folder = Path(tempfile.mkdtemp())
        >>> with closing(sqlite3.connect(folder / "old.sqlite3")) as db:  # a store from before the application id
        ...     db.executescript(SCHEMA_2 + "PRAGMA user_version = 2;").close()
        >>> examine(folder / "old.sqlite3")
        Found(version=2, marked=False)
        >>> examine(folder / "old.sqlite3").to_upgrade
        True
        >>> os.mkfifo(folder / "pipe")
        >>> try:
        ...     examine(folder / "pipe")
        ... except ProgressError as error:
        ...     print(error.message.split(",")[0])
        is a FIFO (named pipe)
    """
    try:
        info = path.stat()
    except FileNotFoundError:
        if path.is_symlink():
            raise _refusal(path, f"is a symbolic link to a missing file ({os.readlink(path)}); the progress "
                           "database is not made through a link: remove the link or set LITERATURE_HOME to "
                           "another folder") from None
        return None
    except OSError as error:
        raise _refusal(path, f"cannot be read ({error.strerror}); check its permissions or set "
                       "LITERATURE_HOME") from None
    if stat.S_ISDIR(info.st_mode):
        raise _refusal(path, "is a directory, not a progress database")
    if not stat.S_ISREG(info.st_mode):
        kind = _KINDS.get(stat.S_IFMT(info.st_mode), "not a regular file")
        raise _refusal(path, f"is {kind}, not a regular file, so not a progress database; set LITERATURE_HOME "
                       "to another folder")
    if info.st_size == 0:
        raise _refusal(path, "is an empty file (0 bytes), not a progress database; delete it to start afresh "
                       "(it holds nothing), or set LITERATURE_HOME to another folder")
    try:
        header = _header(path)
    except OSError as error:
        raise _refusal(path, f"cannot be read ({error.strerror}); check its permissions or set "
                       "LITERATURE_HOME") from None
    if len(header) < 100 or not header.startswith(HEADER):
        raise unreadable(path, "file is not a database")
    version = int.from_bytes(header[60:64], "big", signed=True)
    marked = int.from_bytes(header[68:72], "big") == APPLICATION_ID
    if not marked:
        _check_unmarked(path)
    elif version > SCHEMA_VERSION:
        raise newer_schema(path, version)
    return Found(version, marked)


def _check_unmarked(path: Path) -> None:
    """Refuse a file without literature's mark unless it is a store an older version made.

    It is read through an immutable connection: no lock, no journal, no ``-wal`` or ``-shm`` file. Should a
    writer be changing it at that moment, the read may fail: it is tried again once.
    """
    uri = f"{path.absolute().as_uri()}?mode=ro&immutable=1"
    why = None
    for attempt in range(2):
        try:
            with closing(sqlite3.connect(uri, uri=True, isolation_level=None)) as db:
                why = is_literatures(db)
            break
        except sqlite3.Error as error:
            if attempt:
                raise unreadable(path, error) from None
            time.sleep(0.1)
    if why is not None:
        raise foreign(path, why)
