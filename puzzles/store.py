"""The learner's progress store: attempts, rating, streak and reviews in one SQLite file.

The file is ``progress.sqlite3`` in the user data directory
(``platformdirs.user_data_dir("literature")``), or in ``$LITERATURE_HOME`` when
that is set. Two terminals may train at once:

- every write is one ``BEGIN IMMEDIATE`` transaction (the rating is read and
  written inside it, so no update is lost), the journal is in WAL mode, and a
  busy database is waited on (``busy_timeout``) rather than failed;
- a database that is corrupt, unreadable or from a newer version raises
  :class:`ProgressError` naming the file and how to recover; it is never
  silently replaced;
- only a file literature made is ever opened for writing: what is at the path
  is examined first, without changing it (:func:`puzzles.store_file.examine`:
  literature's application id, or an older store's exact tables); anything
  else is refused untouched. The schema lives there too.

The maths lives elsewhere: the rating in :mod:`puzzles.rating`, the streak in
:mod:`puzzles.streak`, the review schedule in :mod:`puzzles.schedule`.

Why this module is longer than most (about 770 lines): it is one class,
:class:`Progress`, whose every method shares one connection, one transaction
rule (``BEGIN IMMEDIATE``, waited on when busy) and one translation of
SQLite's errors into :class:`ProgressError`; an answer that cannot be saved is
kept aside and imported by the same class at the next start. Split across
modules, each part would need the others' private state.

    >>> from datetime import datetime, timezone
    >>> from puzzles.examples import example_claim
    >>> import tempfile, pathlib
    >>> home = pathlib.Path(tempfile.mkdtemp())
    >>> clock = lambda: datetime(2025, 3, 1, 9, 0, tzinfo=timezone.utc)
    >>> with Progress(home / "p.sqlite3", clock=clock) as store:
    ...     done = store.record(example_claim(), answer="Ann 2D 3D 4D 5D 7D, Cat 6D", outcome="won",
    ...                         correct=True, hints=0, seconds=12.5)
    ...     round(done.rating_after.rating), store.summary().counts.tried
    (1675, 1)
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import sqlite3
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from types import TracebackType

import platformdirs

from puzzles.counts import ENDINGS, Counts, attempted, by_level, count, ending_of
from puzzles.lessons import LessonProgress, mastered
from puzzles.model import LEVEL_NAMES, Puzzle
from puzzles.rating import (
    OUTCOMES,
    Rating,
    is_provisional,
    level_for,
    rate_answer,
    score_of,
)
from puzzles.schedule import new_card, next_review
from puzzles.store_file import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    ProgressError,
    create_schema,
    examine,
    foreign,
    is_literatures,
    newer_schema,
    unreadable,
    upgrade,
)
from puzzles.streak import Streak, streak_of
from trainer.clock import now
from trainer.files import private_folder
from trainer.game.errors import LiteratureError

MODES = ("normal", "memory")
DB_NAME = "progress.sqlite3"
BUSY_TIMEOUT_MS = 30_000
SAVE_TRIES = 2
"""Saving an answer waits for a busy store this many times (``BUSY_TIMEOUT_MS`` each) before keeping it aside."""
KEPT_WAIT_MS = 1_000
"""How long a start waits for a busy store to save the answers kept aside earlier (else the next start does)."""


def home_dir() -> Path:
    """Where the learner's data lives: ``$LITERATURE_HOME`` or the platform's user data directory."""
    override = os.environ.get("LITERATURE_HOME")
    return Path(override) if override else Path(platformdirs.user_data_dir("literature"))


def games_path() -> Path:
    """The folder of the games ``literature play`` saves."""
    return home_dir() / "games"


def default_path() -> Path:
    """The progress database file."""
    return home_dir() / DB_NAME


# -- the store -----------------------------------------------------------------------

@dataclass(frozen=True)
class Recorded:
    """What recording an attempt changed."""

    attempt_id: int
    rated: bool
    rating_before: Rating
    rating_after: Rating
    review_due: datetime | None
    kept: Path | None = None
    """Where the attempt was kept when the store could not save it (imported at the next start)."""
    problem: str | None = None
    """Why it could not be saved."""
    lesson_done: bool = False
    """This attempt, a lesson's practice, brought the lesson to mastery (:mod:`puzzles.course`)."""
    lesson_recent: tuple[bool, ...] = ()
    """For a lesson's practice: the lesson's practice first answers so far, this one last."""


@dataclass(frozen=True)
class Summary:
    """Every figure about the learner, for every face: ``literature stats`` (and ``--json``), the session's
    summary, the web's home page and ``/stats``.

    ``counts`` are the puzzles tried, solved (at the first answer or on a later try), revealed and missed, and
    the attempts (:mod:`puzzles.counts`); ``by_level`` the same for each level (a puzzle counts under the level,
    so the technique, that decides it). Replays (``practice``) are not counted.
    """

    counts: Counts
    streak: Streak
    rating: Rating
    by_level: dict[int, Counts] = field(default_factory=dict)
    history: list[tuple[str, float]] = field(default_factory=list)
    calendar: dict[str, bool] = field(default_factory=dict)
    reviews_due: int = 0
    reviews_next: tuple[str, int] | None = None
    memory_rating: Rating | None = None
    games_played: int = 0
    games_won: int = 0

    @property
    def level(self) -> int:
        """The level of puzzles near the rating."""
        return level_for(self.rating.rating)

    @property
    def provisional(self) -> bool:
        """Whether the rating is still provisional (its deviation high)."""
        return is_provisional(self.rating)

    def to_json(self) -> dict[str, object]:
        """The ``stats --json`` object (``attempted`` and ``first_try_accuracy`` are ``tried`` and
        ``first_answer_share``, under the names older versions gave them)."""
        counts = self.counts.to_json()
        return counts | {
            "attempted": counts["tried"],
            "first_try_accuracy": counts["first_answer_share"],
            "streak": self.streak.current,
            "best_streak": self.streak.best,
            "today_done": self.streak.today_done,
            "today_missed": self.streak.today_missed,
            "rating": round(self.rating.rating, 1),
            "rating_deviation": round(self.rating.rd, 1),
            "rating_provisional": self.provisional,
            "level": self.level,
            "memory_rating": _rating_json(self.memory_rating),
            "by_level": {str(level): c.to_json() | {"name": LEVEL_NAMES.get(level, f"level {level}")}
                         for level, c in self.by_level.items()},
            "rating_history": [{"at": at, "rating": round(r, 1)} for at, r in self.history],
            "reviews_due": self.reviews_due,
            "reviews_next": {"day": self.reviews_next[0], "puzzles": self.reviews_next[1]}
            if self.reviews_next else None,
            "games_played": self.games_played,
            "games_won": self.games_won,
        }


def _rating_json(rating: Rating | None) -> dict[str, object] | None:
    if rating is None:
        return None
    return {"rating": round(rating.rating, 1), "deviation": round(rating.rd, 1), "provisional": is_provisional(rating)}


def _next_reviews(upcoming: Sequence[tuple[str]]) -> tuple[str, int] | None:
    """The first day reviews fall due after now, and how many are due that day (``None``: none)."""
    days = [datetime.fromisoformat(due).astimezone().date().isoformat() for (due,) in upcoming]
    return (days[0], days.count(days[0])) if days else None


@contextmanager
def _immediate(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One ``BEGIN IMMEDIATE`` transaction (the write lock first): committed if the block ends, else rolled back."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


class Progress:
    """The learner's progress store; use as a context manager or call :meth:`close`.

    ``clock`` returns the current time (timezone-aware); tests pass a fixed one.
    """

    def __init__(self, path: str | Path | None = None, *, clock: Callable[[], datetime] | None = None):
        self.path = Path(path) if path is not None else default_path()
        self.clock = clock or now
        self._db: sqlite3.Connection | None = None

    # -- connection -------------------------------------------------------------

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection (nothing is pending: every write was committed)."""
        if self._db is not None:
            self._db.close()
            self._db = None

    def _broken(self, error: Exception) -> ProgressError:
        return unreadable(self.path, error)

    def _connect(self) -> sqlite3.Connection:
        if self._db is not None:
            return self._db
        try:
            private_folder(self.path.parent)  # (0700: no other user lists what is in it)
        except OSError as error:
            raise ProgressError(
                f"cannot create the data directory ({error.strerror}); set LITERATURE_HOME to a writable one",
                path=str(self.path.parent),
            ) from None
        found = examine(self.path)  # what is there, found without changing it: refused unless literature's
        if found is None:
            self._create()
            found = examine(self.path)
            if found is None:  # pragma: no cover  (removed as soon as it was made)
                raise ProgressError("cannot create the progress database (it vanished)", path=str(self.path))
        started = time.monotonic()
        try:
            db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        except sqlite3.Error as error:
            raise self._broken(error) from None
        try:
            with self._translated(started):  # a busy, read-only or damaged file: a ProgressError that says so
                db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
                version = self._check_version(db)  # the header examined may be older than the journal (WAL)
                check = db.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    raise sqlite3.DatabaseError(f"integrity check: {check}")
                if found.to_upgrade or version < SCHEMA_VERSION:
                    with _immediate(db):
                        self._upgrade(db)
                db.execute("PRAGMA journal_mode = WAL")
        except ProgressError:
            db.close()
            raise
        self._db = db
        self._import_kept()
        return db

    def _check_version(self, db: sqlite3.Connection) -> int:
        """The store's schema version, refused if newer than this version of literature reads."""
        version: int = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise newer_schema(self.path, version)
        return version

    def _upgrade(self, db: sqlite3.Connection) -> None:
        """Bring an older store of literature's to this schema and mark it as literature's (inside the caller's
        write transaction), after looking again: another literature may have done it meanwhile, and what was
        examined is the main file, without what its journal (WAL) may add."""
        why = is_literatures(db)
        if why is not None:
            raise foreign(self.path, why)
        marked = db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        if self._check_version(db) < SCHEMA_VERSION or not marked:
            upgrade(db)
            create_schema(db)

    def _create(self) -> None:
        """Build a complete new store beside the path, then link it into place in one step: a
        store is never seen half made (Ctrl-C, a crash), and two first starts keep one store."""
        try:
            handle, temp = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.", suffix=".new")
            os.close(handle)
        except OSError as error:
            raise ProgressError(
                f"cannot create the progress database ({error.strerror}); set LITERATURE_HOME to a writable folder",
                path=str(self.path),
            ) from None
        try:
            db = sqlite3.connect(temp, isolation_level=None)
            try:
                db.execute("BEGIN")
                create_schema(db)
                db.execute("COMMIT")
                db.execute("PRAGMA journal_mode = WAL")
            finally:
                db.close()
            with suppress(FileExistsError):  # another literature made it first: theirs is used
                os.link(temp, self.path)
        except (OSError, sqlite3.Error) as error:
            raise ProgressError(
                f"cannot create the progress database ({error}); set LITERATURE_HOME to a writable folder",
                path=str(self.path),
            ) from None
        finally:
            Path(temp).unlink(missing_ok=True)

    def _damaged(self, what: str) -> ProgressError:
        return ProgressError(
            f"{what}; restore a backup of the file, or move it aside (mv '{self.path}' '{self.path}.broken') "
            "to start afresh",
            path=str(self.path),
        )

    # -- answers that could not be saved ---------------------------------------

    @property
    def kept_path(self) -> Path:
        """Where attempts that could not be saved wait for the next start (JSON lines beside the store)."""
        return self.path.with_name(self.path.name + ".kept")

    def _spare_kept_path(self) -> Path:
        """Where they wait when the store's folder cannot be written either."""
        digest = hashlib.sha256(str(self.path.resolve()).encode()).hexdigest()[:12]
        return Path(tempfile.gettempdir()) / f"literature-{os.getuid() if hasattr(os, 'getuid') else 0}-{digest}.kept"

    def _keep(self, entry: dict[str, object]) -> Path:
        """Append an attempt to the kept file (the store's folder, else the temporary folder)."""
        line = json.dumps(entry, ensure_ascii=False) + "\n"
        for path in (self.kept_path, self._spare_kept_path()):
            try:
                with open(path, "a", encoding="utf-8") as out:
                    out.write(line)
                    out.flush()
                    os.fsync(out.fileno())
                return path
            except OSError:
                continue
        raise ProgressError(
            "cannot save this answer, nor keep it in a file beside the store or in the temporary folder",
            path=str(self.path),
        )

    def _import_kept(self) -> None:
        """Save the attempts kept by an earlier start, oldest first, in one transaction; on failure they stay."""
        for path in (self.kept_path, self._spare_kept_path()):
            if not path.exists():
                continue
            taking = path.with_name(f"{path.name}.{os.getpid()}")
            try:
                os.replace(path, taking)  # only one process imports a kept file
                lines = taking.read_text(encoding="utf-8").splitlines()
            except OSError:
                continue
            try:
                entries = [json.loads(line) for line in lines if line.strip()]
                with self._waiting(KEPT_WAIT_MS), self._write() as db:
                    for entry in entries:
                        self._store(
                            db, Puzzle.from_json(entry["puzzle"]), answer=entry["answer"], outcome=entry["outcome"],
                            correct=bool(entry["correct"]), hints=int(entry["hints"]),
                            seconds=float(entry["seconds"]),
                            daily=date.fromisoformat(entry["daily"]) if entry["daily"] else None,
                            mode=entry["mode"], practice=bool(entry["practice"]),
                            now=datetime.fromisoformat(entry["at"]),
                            ending=ending_of(entry["outcome"], bool(entry["correct"]), entry.get("ending")),
                            lesson=entry.get("lesson"),
                        )
            except (ProgressError, OSError):
                self._put_back(taking, path)
                continue
            except (ValueError, KeyError, TypeError, LiteratureError) as error:
                self._put_back(taking, path)
                raise ProgressError(
                    f"the answers kept from an earlier start cannot be read ({error}); move the file aside "
                    f"(mv '{path}' '{path}.broken') to go on without them",
                    path=str(path),
                ) from None
            taking.unlink(missing_ok=True)

    @staticmethod
    def _put_back(taking: Path, path: Path) -> None:
        """Return a kept file taken for import (appending, should new answers have been kept meanwhile)."""
        try:
            with open(path, "a", encoding="utf-8") as out:
                out.write(taking.read_text(encoding="utf-8"))
            taking.unlink()
        except OSError:
            pass

    def _busy(self, waited: float) -> ProgressError:
        """The store stayed busy: for how long it was waited on, as measured."""
        return ProgressError(
            f"the progress database stayed busy for {_duration(waited)} (another literature is writing?); try again",
            path=str(self.path),
        )

    def _busy_or_broken(self, error: sqlite3.Error, waited: float) -> ProgressError:
        if "locked" in str(error) or "busy" in str(error):
            return self._busy(waited)
        if "readonly" in str(error) or "unable to open" in str(error):
            return ProgressError(
                f"cannot write the progress database ({error}); check its permissions or set LITERATURE_HOME",
                path=str(self.path),
            )
        return self._broken(error)

    @contextmanager
    def _translated(self, started: float) -> Iterator[None]:
        """SQLite's errors in the block as a :class:`ProgressError` that says what to do (busy, read-only,
        damaged); a busy store says how long it was waited on since ``started`` (``time.monotonic()``)."""
        try:
            yield
        except sqlite3.OperationalError as error:
            raise self._busy_or_broken(error, time.monotonic() - started) from None
        except sqlite3.DatabaseError as error:
            raise self._broken(error) from None

    @contextmanager
    def _waiting(self, milliseconds: int) -> Iterator[None]:
        """Wait at most ``milliseconds`` for a busy store in the block (instead of ``BUSY_TIMEOUT_MS``)."""
        db = self._connect()
        db.execute(f"PRAGMA busy_timeout = {milliseconds}")
        try:
            yield
        finally:
            db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, taken before reading what it depends on."""
        started = time.monotonic()
        db = self._connect()
        with self._translated(started), _immediate(db):
            yield db

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        started = time.monotonic()
        db = self._connect()
        with self._translated(started):
            db.execute("BEGIN")
            try:
                yield db
            finally:
                db.execute("COMMIT")

    # -- writing ----------------------------------------------------------------

    def record(
        self,
        puzzle: Puzzle,
        *,
        answer: str | None,
        outcome: str,
        correct: bool,
        hints: int,
        seconds: float,
        daily: date | None = None,
        mode: str = "normal",
        practice: bool = False,
        ending: str | None = None,
        lesson: int | None = None,
    ) -> Recorded:
        """Store one finished attempt; rate it if it is the first in its ``mode`` (and not
        ``practice``), and schedule a repetition if a normal attempt failed. ``lesson``: the attempt is that
        lesson's practice (:mod:`puzzles.course`); reaching mastery marks the lesson done, in the same
        transaction.

        A skip or a quit is stored but never rated. ``ending`` is how the attempt ended
        (:data:`puzzles.counts.ENDINGS`: ``solved`` also after a wrong first answer); by default what
        ``outcome`` and ``correct`` tell (:func:`puzzles.counts.ending_of`).
        """
        if outcome not in OUTCOMES:
            raise ValueError(f"unknown outcome {outcome!r}")
        ending = ending_of(outcome, correct, ending)
        if ending is not None and ending not in ENDINGS:
            raise ValueError(f"unknown ending {ending!r}")
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}")
        now = self.clock()
        problem = ""
        started = time.monotonic()
        for _ in range(SAVE_TRIES):
            try:
                with self._write() as db:
                    return self._store(db, puzzle, answer=answer, outcome=outcome, correct=correct, hints=hints,
                                       seconds=seconds, daily=daily, mode=mode, practice=practice, now=now,
                                       ending=ending, lesson=lesson)
            except ProgressError as error:
                problem = error.message.removesuffix("; try again")
                if "busy" not in problem:
                    break
                problem = self._busy(time.monotonic() - started).message.removesuffix("; try again")
        entry: dict[str, object] = {
            "puzzle": puzzle.to_json(), "answer": answer, "outcome": outcome, "correct": correct, "hints": hints,
            "seconds": float(seconds), "daily": daily.isoformat() if daily else None, "mode": mode,
            "practice": practice, "at": now.isoformat(), "ending": ending, "lesson": lesson,
        }
        kept = self._keep(entry)
        return Recorded(0, False, Rating(), Rating(), None, kept=kept, problem=problem)

    def _store(
        self,
        db: sqlite3.Connection,
        puzzle: Puzzle,
        *,
        answer: str | None,
        outcome: str,
        correct: bool,
        hints: int,
        seconds: float,
        daily: date | None,
        mode: str,
        practice: bool,
        now: datetime,
        ending: str | None,
        lesson: int | None = None,
    ) -> Recorded:
        """Store one attempt inside the caller's write transaction."""
        before = self._rating(db, mode)
        seen = db.execute(
            "SELECT 1 FROM attempts WHERE puzzle_id = ? AND rated = 1 AND mode = ? LIMIT 1", (puzzle.id, mode)
        ).fetchone()
        score = score_of(outcome, hints)
        rated = score is not None and seen is None and not practice
        after = before
        if rated:
            assert score is not None
            after = rate_answer(before, puzzle.level, score)
            self._set_rating(db, mode, after)
        cursor = db.execute(
            "INSERT INTO attempts (puzzle_id, at, day, answer, outcome, correct, hints, seconds, level, kind,"
            " daily, rated, rating, rd, mode, practice, ending)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                puzzle.id, now.isoformat(), now.date().isoformat(), answer, outcome, int(correct), hints,
                float(seconds), puzzle.level, puzzle.question.kind,
                daily.isoformat() if daily else None, int(rated),
                after.rating if rated else None, after.rd if rated else None, mode, int(practice), ending,
            ),
        )
        attempt_id = cursor.lastrowid
        assert attempt_id is not None
        db.executemany(
            "INSERT OR IGNORE INTO attempt_techniques (attempt_id, technique) VALUES (?, ?)",
            [(attempt_id, t) for t in puzzle.techniques],
        )
        reviewed = mode == "normal" and not practice and score is not None
        due = self._review(db, puzzle, outcome, correct, hints, now) if reviewed else None
        done, recent = self._practised(db, lesson, attempt_id, now) if lesson is not None else (False, ())
        return Recorded(attempt_id, rated, before, after, due, lesson_done=done, lesson_recent=recent)

    def _practised(self, db: sqlite3.Connection, lesson: int, attempt_id: int, now: datetime
                   ) -> tuple[bool, tuple[bool, ...]]:
        """Count an attempt as ``lesson``'s practice; mark the lesson done if that reaches mastery. Whether it
        did, and the practice's first answers so far."""
        db.execute("INSERT OR IGNORE INTO lessons (number, opened) VALUES (?, ?)", (lesson, now.isoformat()))
        db.execute("INSERT INTO lesson_attempts (attempt_id, lesson) VALUES (?, ?)", (attempt_id, lesson))
        recent = self._recent(db, lesson)
        if not mastered(recent):
            return False, recent
        done = db.execute("UPDATE lessons SET done = ? WHERE number = ? AND done IS NULL",
                          (now.isoformat(), lesson)).rowcount > 0
        return done, recent

    @staticmethod
    def _recent(db: sqlite3.Connection, lesson: int) -> tuple[bool, ...]:
        rows = db.execute("SELECT a.correct FROM lesson_attempts l JOIN attempts a ON a.id = l.attempt_id"
                          " WHERE l.lesson = ? AND a.outcome != 'quit' ORDER BY a.id", (lesson,)).fetchall()
        return tuple(bool(r[0]) for r in rows)

    def open_lesson(self, number: int) -> None:
        """Note that the learner opened lesson ``number`` (the first time counts; opening again changes
        nothing)."""
        with self._write() as db:
            db.execute("INSERT OR IGNORE INTO lessons (number, opened) VALUES (?, ?)",
                       (number, self.clock().isoformat()))

    def lessons(self) -> dict[int, LessonProgress]:
        """Every lesson the learner opened, by number: when, whether done, its practice's first answers."""
        with self._read() as db:
            rows = db.execute("SELECT number, opened, done FROM lessons ORDER BY number").fetchall()
            found = {}
            for number, opened, done in rows:
                if not isinstance(number, int) or not isinstance(opened, str) or not isinstance(done, str | None):
                    raise self._damaged(f"the progress of a lesson is damaged ({number!r}, {opened!r}, {done!r})")
                found[number] = LessonProgress(number, opened, done, self._recent(db, number))
            return found

    def _review(
        self, db: sqlite3.Connection, puzzle: Puzzle, outcome: str, correct: bool, hints: int, now: datetime
    ) -> datetime | None:
        row = db.execute("SELECT card FROM reviews WHERE puzzle_id = ?", (puzzle.id,)).fetchone()
        try:
            scheduled = next_review(row[0] if row else None, puzzle.id, correct=correct, hints=hints, now=now)
        except (TypeError, ValueError, KeyError, AttributeError):
            raise self._damaged(f"the review state of puzzle {puzzle.id} is damaged") from None
        if scheduled is None:
            return None
        card, due = scheduled
        db.execute(
            "INSERT INTO reviews (puzzle_id, card, due, record) VALUES (?, ?, ?, ?) ON CONFLICT (puzzle_id)"
            " DO UPDATE SET card = excluded.card, due = excluded.due",
            (puzzle.id, card, due.isoformat(), json.dumps(puzzle.to_json())),
        )
        return due

    def queue(self, puzzles: Iterable[Puzzle]) -> int:
        """Put puzzles in the review queue, due now (one already scheduled keeps its date); how many were new.

        ``literature play`` queues the positions a player missed; ``train`` offers them first.
        """
        now = self.clock()
        added = 0
        with self._write() as db:
            for puzzle in puzzles:
                card, due = new_card(puzzle.id, now)
                cursor = db.execute(
                    "INSERT INTO reviews (puzzle_id, card, due, record) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (puzzle_id) DO NOTHING",
                    (puzzle.id, card, due.isoformat(), json.dumps(puzzle.to_json())),
                )
                added += cursor.rowcount
        return added

    # -- reading ----------------------------------------------------------------

    def _rating(self, db: sqlite3.Connection, mode: str = "normal") -> Rating:
        if mode == "normal":
            row = db.execute("SELECT rating, rd, volatility FROM learner WHERE id = 1").fetchone()
            if row is None:
                raise self._damaged("the learner's rating is missing (the row of the 'learner' table was deleted)")
        else:
            row = db.execute("SELECT rating, rd, volatility FROM ratings WHERE mode = ?", (mode,)).fetchone()
            if row is None:
                return Rating()
        if not all(isinstance(v, int | float) and math.isfinite(v) for v in row) or row[1] <= 0 or row[2] <= 0:
            raise self._damaged(f"the learner's {mode} rating is damaged (rating, deviation, volatility: {row!r})")
        return Rating(*map(float, row))

    @staticmethod
    def _set_rating(db: sqlite3.Connection, mode: str, rating: Rating) -> None:
        if mode == "normal":
            db.execute(
                "UPDATE learner SET rating = ?, rd = ?, volatility = ? WHERE id = 1",
                (rating.rating, rating.rd, rating.volatility),
            )
        else:
            db.execute(
                "INSERT INTO ratings (mode, rating, rd, volatility) VALUES (?, ?, ?, ?) ON CONFLICT (mode)"
                " DO UPDATE SET rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility",
                (mode, rating.rating, rating.rd, rating.volatility),
            )

    def rating(self, mode: str = "normal") -> Rating:
        """The learner's current rating in ``mode`` (memory mode is rated on its own)."""
        with self._read() as db:
            return self._rating(db, mode)

    def streak(self) -> Streak:
        """The daily streak as of the clock's today."""
        with self._read() as db:
            return self._streak(db, self._daily_days(db), self.clock().date())

    def _streak(self, db: sqlite3.Connection, days: set[date], today: date) -> Streak:
        """The streak as of ``today`` from its counted ``days`` (:meth:`_daily_days`), and whether today's daily
        was answered wrongly (its first answer, :meth:`_first_answer`)."""
        first = self._first_answer(db, today)
        return streak_of(days, today, missed=first is not None and not first["correct"])

    @staticmethod
    def _first_answer(db: sqlite3.Connection, daily: date) -> dict[str, object] | None:
        """The attempt that counts for the daily puzzle of ``daily``: its first, not quit (``None``: none yet)."""
        cursor = db.execute(
            "SELECT * FROM attempts WHERE daily = ? AND practice = 0 AND outcome != 'quit' ORDER BY id LIMIT 1",
            (daily.isoformat(),),
        )
        row = cursor.fetchone()
        return dict(zip([c[0] for c in cursor.description], row, strict=True)) if row else None

    def _daily_days(self, db: sqlite3.Connection) -> set[date]:
        """Days whose daily puzzle was solved that day at the first answer (a replay never counts)."""
        rows = db.execute(
            "SELECT a.day FROM attempts a JOIN (SELECT daily, MIN(id) AS first FROM attempts"
            " WHERE daily IS NOT NULL AND practice = 0 AND outcome != 'quit' GROUP BY daily) f ON a.id = f.first"
            " WHERE a.correct = 1 AND a.day = a.daily"
        ).fetchall()
        try:
            return {date.fromisoformat(r[0]) for r in rows}
        except (TypeError, ValueError):
            bad = next(r[0] for r in rows if not _is_date(r[0]))
            raise self._damaged(f"an attempt's day is not a date ({bad!r})") from None

    def daily_answered(self, daily: date) -> dict[str, object] | None:
        """The attempt that counts for the daily puzzle of ``daily`` (its first, not quit), if any."""
        with self._read() as db:
            return self._first_answer(db, daily)

    def attempted_ids(self) -> set[str]:
        """Ids of every puzzle attempted (skips included; a quit before any answer leaves the puzzle fresh)."""
        with self._read() as db:
            return {r[0] for r in db.execute("SELECT DISTINCT puzzle_id FROM attempts WHERE outcome != 'quit'")}

    def solved_today(self, daily: date) -> bool:
        """Whether the daily puzzle of ``daily`` was solved at its first answer (on any day)."""
        first = self.daily_answered(daily)
        return bool(first and first["correct"])

    def due_reviews(self, limit: int = 50) -> list[Puzzle]:
        """Failed puzzles due again now, most overdue first."""
        now = self.clock().astimezone(UTC).isoformat()
        with self._read() as db:
            rows = db.execute(
                "SELECT puzzle_id, record FROM reviews WHERE due <= ? ORDER BY due LIMIT ?", (now, limit)
            ).fetchall()
        puzzles = []
        for puzzle_id, record in rows:
            try:
                puzzles.append(Puzzle.from_json(json.loads(record)))
            except (TypeError, ValueError):  # LiteratureError is a ValueError
                raise self._damaged(f"the stored record of puzzle {puzzle_id} (to review) is damaged") from None
        return puzzles

    def scheduled(self, limit: int = 50) -> list[tuple[Puzzle, datetime]]:
        """Every puzzle in the review queue with when it is due, soonest first (at most ``limit``):
        what ``/stats`` lists as due now and later."""
        with self._read() as db:
            rows = db.execute("SELECT puzzle_id, record, due FROM reviews ORDER BY due LIMIT ?", (limit,)).fetchall()
        found = []
        for puzzle_id, record, due in rows:
            try:
                found.append((Puzzle.from_json(json.loads(record)), datetime.fromisoformat(due)))
            except (TypeError, ValueError):  # LiteratureError is a ValueError
                raise self._damaged(f"the stored record of puzzle {puzzle_id} (to review) is damaged") from None
        return found

    def review_puzzle(self, puzzle_id: str) -> Puzzle | None:
        """The puzzle of the review queue with id ``puzzle_id`` (a position missed in a game is in no pack)."""
        with self._read() as db:
            row = db.execute("SELECT record FROM reviews WHERE puzzle_id = ?", (puzzle_id,)).fetchone()
        if row is None:
            return None
        try:
            return Puzzle.from_json(json.loads(row[0]))
        except (TypeError, ValueError):
            raise self._damaged(f"the stored record of puzzle {puzzle_id} (to review) is damaged") from None

    def review_due(self, puzzle_id: str) -> datetime | None:
        """When a puzzle is due again (``None``: not scheduled)."""
        with self._read() as db:
            row = db.execute("SELECT due FROM reviews WHERE puzzle_id = ?", (puzzle_id,)).fetchone()
        try:
            return datetime.fromisoformat(row[0]) if row else None
        except (TypeError, ValueError):
            raise self._damaged(f"the review date of puzzle {puzzle_id} is damaged ({row[0]!r})") from None

    def attempts(self) -> list[dict[str, object]]:
        """Every stored attempt, oldest first."""
        with self._read() as db:
            db.row_factory = sqlite3.Row
            try:
                rows = db.execute("SELECT * FROM attempts ORDER BY id").fetchall()
            finally:
                db.row_factory = None
        return [dict(r) for r in rows]

    def _history(self, rows: list[tuple[object, object]]) -> list[tuple[str, float]]:
        """The rating history, checked: each point a time and a finite number."""
        points = []
        for at, rating in rows:
            if not (isinstance(at, str) and isinstance(rating, int | float) and math.isfinite(rating)):
                raise self._damaged(f"a rated attempt is damaged (at {at!r}, rating {rating!r})")
            points.append((at, float(rating)))
        return points

    def summary(self, calendar_days: int = 28) -> Summary:
        """Every figure about the learner (:class:`Summary`): the counts, streak, rating, counts per level,
        rating history and a streak calendar of the last ``calendar_days`` days."""
        today = self.clock().date()
        now = self.clock().astimezone(UTC).isoformat()
        with self._read() as db:
            rows = db.execute(
                "SELECT puzzle_id, level, correct, ending, outcome FROM attempts WHERE practice = 0 ORDER BY id"
            ).fetchall()
            history = db.execute(
                "SELECT at, rating FROM attempts WHERE rated = 1 AND mode = 'normal' ORDER BY id"
            ).fetchall()
            days = self._daily_days(db)
            streak = self._streak(db, days, today)
            rating = self._rating(db)
            memory = db.execute("SELECT 1 FROM attempts WHERE mode = 'memory' LIMIT 1").fetchone()
            memory_rating = self._rating(db, "memory") if memory else None
            due = db.execute("SELECT COUNT(*) FROM reviews WHERE due <= ?", (now,)).fetchone()[0]
            upcoming = db.execute("SELECT due FROM reviews WHERE due > ? ORDER BY due", (now,)).fetchall()
        attempts = [attempted(*row) for row in rows]
        calendar = {
            (today - timedelta(days=k)).isoformat(): (today - timedelta(days=k)) in days
            for k in range(calendar_days - 1, -1, -1)
        }
        return Summary(
            counts=count(attempts),
            streak=streak,
            rating=rating,
            by_level=by_level(attempts),
            history=self._history(history),
            calendar=calendar,
            reviews_due=due,
            reviews_next=_next_reviews(upcoming),
            memory_rating=memory_rating,
        )


def _duration(seconds: float) -> str:
    """A wait as said to the learner: ``'60 s'``, or to a tenth under ten seconds (``'0.6 s'``)."""
    return f"{seconds:.0f} s" if seconds >= 9.95 else f"{seconds:.1f} s"


def _is_date(text: object) -> bool:
    try:
        date.fromisoformat(text)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    return True
