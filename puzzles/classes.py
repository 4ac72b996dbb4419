"""Class sets: a teacher's set of puzzles from the built-in pack, answered by a class, one first answer each.

A :class:`ClassSet` is the set (its :class:`Settings`, the puzzles' ids in
order), the teacher's secret and the students, each with their own secret and
an :class:`Answer` per puzzle opened: when it was opened, the hints taken,
the tries, and the first answer (its text, whether it was right, its mark, the
seconds it took). Only the first answer counts; later ones are practice
(counted as tries, never changing the first). Answers are read and marked as
``literature train`` reads and marks them (:class:`puzzles.quiz.Attempt`);
hints are the trainer's (:func:`puzzles.quiz.hint_for`), at most two, when the
teacher allows them. Only hashes of the secrets are kept.

:class:`Classes` keeps every class of a data folder, one private file each
(``classes/CODE.json``), written before anyone is told of a change; a file
that cannot be read refuses its own class only (410) and is kept aside. A
class expires :data:`KEEP_DAYS` days after it was made (its file is removed),
one no student joined after :data:`UNUSED_DAYS`; a server holds at most
:data:`MAX_CLASSES` (when they are all there, the oldest no student joined
within :data:`SPARE_SECONDS` gives way to a new one), one address may make
:data:`MAX_PER_ADDRESS` a day, or unused, a class takes at most :data:`MAX_STUDENTS`
students. Nothing here writes a sentence for people:
:mod:`trainer.render.classes` does.

    >>> from puzzles.examples import example_claim, example_certain
    >>> puzzles = {"c": example_claim(), "d": example_certain()}
    >>> made = ClassSet.new("abcd2345", Settings(levels=(1,), count=2), "t-secret", ["c", "d"], now=0.0)
    >>> zoe = made.join("Zoe", now=1.0)
    >>> made.join("zoe.", now=1.0)
    Traceback (most recent call last):
    ...
    puzzles.classes.ClassError: someone called Zoe is in this class already: choose a name that does not look like it
    >>> made.open(zoe, 1, now=2.0).opened
    2.0
    >>> made.answer(zoe, 1, "Ann 2D 3D 4D 5D 6D, Cat 7D", puzzles["c"], now=12.0).kind.value
    'wrong'
    >>> made.answer(zoe, 1, "Ann 2D 3D 4D 5D 7D, Cat 6D", puzzles["c"], now=20.0).kind.value  # practice now
    'verdict'
    >>> row = made.results()["students"][0]["answers"][0]
    >>> row["first"], row["tries"], row["seconds"]
    ('wrong', 2, 10.0)
    >>> ClassSet.load(made.text()).results() == made.results()
    True
"""

from __future__ import annotations

import contextlib
import functools
import hmac
import json
import logging
import random
import re
import secrets
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from puzzles.files import puzzles_from_json
from puzzles.marking import Mark, Miss, Outcome
from puzzles.model import KINDS, LEVELS, Puzzle, is_recall
from puzzles.packs import BUILT_IN, record, training_pool
from puzzles.pick import BEGINNER_MOVES
from puzzles.quiz import Attempt, Hint, QuizReply, QuizReplyKind, hint_for
from puzzles.variety import compatible, moment
from trainer.explain.depth import Depth
from trainer.files import read_json, read_kept, write_atomic
from trainer.game.cards import Card
from trainer.game.errors import LiteratureError
from trainer.game.variants import PLAYER_COUNTS, Variant
from trainer.play.limits import check_share
from trainer.play.names import look_alike
from trainer.play.table import CODE, TableError, check_person, digest

log = logging.getLogger("literature.classes")

FORMAT = 1
"""The version of a class's file."""
FOLDER = "classes"
"""The classes' folder in the data folder."""
MAX_CLASSES = 200
"""Classes a server keeps at once."""
MAX_STUDENTS = 200
"""Students a class takes."""
MAX_COUNT = 40
"""Puzzles a set holds at most."""
MAX_HINTS = 2
"""Hints a student may take on one puzzle (a nudge, then a clue; never the answer)."""
KEEP_DAYS = 60
"""A class expires this many days after it was made: its file is removed, its links answer 404."""
UNUSED_DAYS = 7
"""A class no student has joined expires this many days after it was made."""
SPARE_SECONDS = 3600.0
"""When a server holds :data:`MAX_CLASSES`, a class no student joined this long after it was made gives way."""
MAX_PER_ADDRESS = 20
"""Classes one client address may have made that no student joined or that were made within a day (a flood
from one address fills no cap; a teacher's sets in use do not count against the next ones)."""
MAX_TITLE = 80
ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
FIELDS = ("levels", "count", "kinds", "variant", "players", "hints", "closes", "title")


class ClassError(TableError):
    """What a client may not do with a class, in one line, with its HTTP status (400, 403, 404, 409, 410, 503)."""


@dataclass(frozen=True)
class Settings:
    """What the teacher chooses: the levels, how many puzzles, their kinds, the rules and table size, whether
    hints are allowed, the last day answers are taken (``closes``, ``None``: until the class expires), a title."""

    levels: tuple[int, ...] = (1, 2, 3)
    count: int = 10
    kinds: tuple[str, ...] = KINDS
    variant: Variant = Variant.CLASSIC
    players: int = 6
    hints: bool = True
    closes: date | None = None
    title: str = "Class set"

    @classmethod
    def read(cls, body: Mapping[str, Any], today: date) -> Settings:
        """The settings of ``POST /api/classes`` (each field checked, the wrong one named).

        >>> Settings.read({"levels": [3, 4], "count": 10, "kinds": ["claim"], "players": 8}, date(2026, 1, 1)).levels
        (3, 4)
        >>> Settings.read({"count": 41}, date(2026, 1, 1))
        Traceback (most recent call last):
        ...
        puzzles.classes.ClassError: count: a whole number from 1 to 40, not '41'
        >>> Settings.read({"closes": "2025-12-31"}, date(2026, 1, 1))
        Traceback (most recent call last):
        ...
        puzzles.classes.ClassError: closes: a date from 2026-01-01 to 2026-03-02 (YYYY-MM-DD), not '2025-12-31'
        """
        unknown = sorted(set(body) - set(FIELDS))
        if unknown:
            raise ClassError(f"{str(unknown[0])[:40]}: not a setting of a class ({', '.join(FIELDS)})")
        levels = body.get("levels", [1, 2, 3])
        if isinstance(levels, int) and not isinstance(levels, bool):
            levels = [levels]
        if (not isinstance(levels, list) or not levels or len(levels) > len(LEVELS)
                or not all(type(n) is int and n in LEVELS for n in levels)):
            raise ClassError(f"levels: a list of levels from 1 to 6, not {str(levels)[:30]!r}")
        count = body.get("count", 10)
        if type(count) is not int or not 1 <= count <= MAX_COUNT:
            raise ClassError(f"count: a whole number from 1 to {MAX_COUNT}, not {str(count)[:20]!r}")
        kinds = body.get("kinds", list(KINDS))
        if not isinstance(kinds, list) or not kinds or not all(isinstance(k, str) and k in KINDS for k in kinds):
            raise ClassError(f"kinds: a list of {', '.join(KINDS)}, not {str(kinds)[:40]!r}")
        variant = body.get("variant", "classic")
        if not isinstance(variant, str) or variant not in {v.value for v in Variant}:
            raise ClassError(f"variant: {' or '.join(v.value for v in Variant)}, not {str(variant)[:20]!r}")
        players = body.get("players", 6)
        if type(players) is not int or players not in PLAYER_COUNTS:
            raise ClassError(f"players: 6 or 8, not {str(players)[:20]!r}")
        hints = body.get("hints", True)
        if not isinstance(hints, bool):
            raise ClassError("hints: true or false")
        closes = body.get("closes")
        last = today + timedelta(days=KEEP_DAYS)
        day: date | None = None
        if closes not in (None, ""):
            try:
                day = date.fromisoformat(closes) if isinstance(closes, str) and len(closes) == 10 else None
            except ValueError:
                day = None
            if day is None or not today <= day <= last:
                raise ClassError(f"closes: a date from {today} to {last} (YYYY-MM-DD), not {str(closes)[:20]!r}")
        title = body.get("title", "Class set")
        if not isinstance(title, str):
            raise ClassError("title: a line of text")
        title = " ".join(title.split())[:MAX_TITLE] or "Class set"
        return cls(tuple(sorted(set(levels))), count, tuple(k for k in KINDS if k in kinds), Variant(variant),
                   players, hints, day, title)

    def to_json(self) -> dict[str, Any]:
        """The settings as ``POST /api/classes`` takes them."""
        return {"levels": list(self.levels), "count": self.count, "kinds": list(self.kinds),
                "variant": self.variant.value, "players": self.players, "hints": self.hints,
                "closes": self.closes.isoformat() if self.closes else None, "title": self.title}


def form_settings(form: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """The JSON body a teacher's form stands for (``level_from``/``level_to``, ``count``, ``kind`` ticked,
    ``variant``, ``players``, ``hints``, ``closes``, ``title``): what :meth:`Settings.read` reads.

    >>> form_settings({"level_from": ["4"], "level_to": ["2"], "count": ["8"], "kind": ["claim"], "hints": ["no"]})
    ... # doctest: +NORMALIZE_WHITESPACE
    {'levels': [2, 3, 4], 'count': 8, 'kinds': ['claim'], 'variant': 'classic', 'players': 6, 'hints': False,
     'closes': None, 'title': 'Class set'}
    """
    def one(name: str, default: str) -> str:
        values = form.get(name) or [default]
        return (values[0] or default).strip()[:100]

    def number(text: str) -> int | str:
        return int(text) if text.isdigit() and len(text) < 6 else text

    low, high = number(one("level_from", "1")), number(one("level_to", one("level_from", "1")))
    levels: list[Any] = ([low] if not isinstance(low, int) else [high] if not isinstance(high, int)
                         else list(range(min(low, high), max(low, high) + 1)))
    return {"levels": levels, "count": number(one("count", "10")), "kinds": list(form.get("kind") or KINDS),
            "variant": one("variant", "classic"), "players": number(one("players", "6")),
            "hints": one("hints", "yes") != "no", "closes": one("closes", "") or None,
            "title": one("title", "Class set")}


def pick(settings: Settings, pool: Sequence[Puzzle], seed: int) -> list[Puzzle]:
    """The set's puzzles from ``pool``: of the variant, table size, levels and kinds asked, no recall drills, at
    levels 1 and 2 histories of at most :data:`puzzles.pick.BEGINNER_MOVES` moves,
    no two of one game nor near-duplicates (:func:`puzzles.variety.compatible`), the levels taken in turn and
    the kinds at each level (as far as the pack allows), then easiest first (the order is drawn from ``seed``).
    Too few fit: a 409 saying how many do.

    >>> from puzzles.examples import example_claim
    >>> [p.id for p in pick(Settings(levels=(1, 2, 3, 4, 5, 6), count=1), [example_claim()], 1)] == [example_claim().id]
    True
    >>> pick(Settings(count=2, players=8), [example_claim()], 1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    puzzles.classes.ClassError: only 0 puzzles of the pack fit (classic, 8 players, levels 1-3, kinds ...): ask ...
    """
    fit = [p for p in pool if p.variant is settings.variant and len(p.players) == settings.players
           and p.level in settings.levels and p.question.kind in settings.kinds and not is_recall(p)
           and (p.level > 2 or moment(p) <= BEGINNER_MOVES)]  # a beginner's history: as a sheet's
    rng = random.Random(seed)
    rng.shuffle(fit)
    queues: dict[tuple[int, str], list[Puzzle]] = {}
    for puzzle in fit:
        queues.setdefault((puzzle.level, puzzle.question.kind), []).append(puzzle)
    chosen: list[Puzzle] = []
    levels, kinds = settings.levels, settings.kinds
    while len(chosen) < settings.count:
        slot = len(chosen)  # every level in turn, and every kind at each level, then whatever is left
        level, kind = levels[slot % len(levels)], kinds[(slot // len(levels)) % len(kinds)]
        found = _take(queues, chosen, [(level, kind), *((level, k) for k in kinds), *((n, kind) for n in levels),
                                       *sorted(queues)])
        if found is None:
            break
        chosen.append(found)
    if len(chosen) < settings.count:
        named = describe_levels(levels)
        raise ClassError(f"only {len(chosen)} puzzles of the pack fit ({settings.variant.value}, {settings.players} "
                         f"players, level{'s' if len(levels) > 1 else ''} {named}, kinds "
                         f"{', '.join(settings.kinds)}): ask for fewer, or widen the levels or kinds", 409)
    return sorted(chosen, key=lambda p: p.level)


def _take(queues: dict[tuple[int, str], list[Puzzle]], chosen: list[Puzzle],
          keys: Sequence[tuple[int, str]]) -> Puzzle | None:
    """The next puzzle of the first queue of ``keys`` that may join ``chosen`` (the ones that may not are dropped)."""
    for key in keys:
        queue = queues.get(key, [])
        while queue:
            puzzle = queue.pop()
            if compatible(puzzle, chosen):
                return puzzle
    return None


@dataclass
class Answer:
    """One student's work on one puzzle: when it was opened, the hints taken, the answers given (``tries``),
    and the first answer (its text, whether it was right, the mark of a wrong one as JSON, the seconds from
    opening to it)."""

    opened: float
    hints: int = 0
    tries: int = 0
    first: str | None = None
    right: bool | None = None
    mark: dict[str, Any] | None = None
    seconds: float | None = None

    @property
    def outcome(self) -> str:
        """``right`` or ``wrong`` at the first answer, ``none`` before it."""
        return "none" if self.right is None else ("right" if self.right else "wrong")


@dataclass
class Student:
    """One student: the name they gave, a hash of their secret, when they joined, their answers by puzzle."""

    name: str
    secret: str
    joined: float
    answers: dict[int, Answer] = field(default_factory=dict)


def judge(puzzle: Puzzle, line: object) -> tuple[QuizReply, str | None]:
    """An answer read and marked as ``literature train`` does (:class:`puzzles.quiz.Attempt`): the reply
    (``invalid`` or ``empty`` when it is not an answer: a command is not one here) and the answer as the
    notation writes it. Slow for a wrong answer (its refuting deal is drawn): no lock is held meanwhile.

    >>> from puzzles.examples import example_claim
    >>> reply, text = judge(example_claim(), "ann 2d 3d 4d 5d 7d; cat 6d")
    >>> reply.kind.value, text
    ('verdict', 'Ann 2D 3D 4D 5D 7D, Cat 6D')
    >>> judge(example_claim(), "reveal")[0].kind.value
    'empty'
    """
    text = line if isinstance(line, str) else ""
    if not text.strip():
        return QuizReply(QuizReplyKind.EMPTY), None
    attempt = Attempt(puzzle, clock=lambda: 0.0)
    reply = attempt.respond(text[:2000])
    if reply.kind not in ("wrong", "verdict", "invalid"):
        return QuizReply(QuizReplyKind.EMPTY), None
    return reply, attempt.first_answer


def end_of(day: date) -> float:
    """The moment a closing date ends (midnight after it, UTC), in seconds.

    >>> end_of(date(1970, 1, 1))
    86400.0
    """
    return datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp() + 86400.0


@dataclass
class ClassSet:
    """One class set (see the module's docstring)."""

    code: str
    settings: Settings
    teacher: str
    created: float
    puzzles: tuple[str, ...]
    students: list[Student] = field(default_factory=list)
    version: int = 0

    @classmethod
    def new(cls, code: str, settings: Settings, teacher_secret: str, puzzles: Sequence[str], now: float) -> ClassSet:
        """A new class with its puzzles' ids and no student yet."""
        return cls(code, settings, digest(teacher_secret), now, tuple(puzzles))

    # -- time ------------------------------------------------------------------------------------

    @property
    def expires(self) -> float:
        """When the class expires (:data:`KEEP_DAYS` after it was made)."""
        return self.created + KEEP_DAYS * 86400.0

    @property
    def expires_unused(self) -> float:
        """When the class expires if no student has joined it by then (:data:`UNUSED_DAYS` after it was made)."""
        return self.created + UNUSED_DAYS * 86400.0

    def gone(self, now: float) -> bool:
        """Whether the class has expired at ``now``."""
        return now >= self.expires or (not self.students and now >= self.expires_unused)

    def closed(self, now: float) -> bool:
        """Whether the closing date is past: first answers are no longer taken."""
        closes = self.settings.closes
        return closes is not None and now >= end_of(closes)

    # -- who is who ----------------------------------------------------------------------------

    def is_teacher(self, secret: str | None) -> bool:
        """Whether ``secret`` is the teacher's."""
        return bool(secret) and hmac.compare_digest(self.teacher, digest(secret or ""))

    def check_teacher(self, secret: str | None) -> None:
        """403 unless ``secret`` is the teacher's."""
        if not self.is_teacher(secret):
            raise ClassError("this needs the teacher's secret (Authorization: Bearer SECRET, or the teacher's link)",
                             403)

    def student(self, secret: str | None) -> Student:
        """The student whose secret this is (403 otherwise)."""
        if secret:
            hashed = digest(secret)
            for student in self.students:
                if hmac.compare_digest(student.secret, hashed):
                    return student
        raise ClassError("this needs a student's secret (Authorization: Bearer SECRET): join the class first", 403)

    def join(self, name: object, now: float) -> str:
        """A new student called ``name`` (unique at the class, look-alikes refused); their secret."""
        person = check_person(name)
        if self.closed(now):
            raise ClassError("this class closed: it takes no new student", 409)
        if len(self.students) >= MAX_STUDENTS:
            raise ClassError(f"this class is full ({MAX_STUDENTS} students)", 409)
        like = look_alike(person, [s.name for s in self.students])
        if like is not None:
            raise ClassError(f"someone called {like} is in this class already: choose a name that does not look "
                             "like it", 409)
        secret = secrets.token_urlsafe(18)
        self.students.append(Student(person, digest(secret), now))
        self.version += 1
        return secret

    # -- the puzzles ---------------------------------------------------------------------------

    def number(self, n: object) -> int:
        """Puzzle number ``n`` checked (from 1; 404 when the set has no such puzzle)."""
        if type(n) is not int or not 1 <= n <= len(self.puzzles):
            raise ClassError(f"puzzle: a number from 1 to {len(self.puzzles)}, not {str(n)[:20]!r}", 404)
        return n

    def puzzle_id(self, n: int) -> str:
        """The id of puzzle ``n`` (from 1)."""
        return self.puzzles[self.number(n) - 1]

    def open(self, secret: str | None, n: int, now: float) -> Answer:
        """The student's work on puzzle ``n``, started now if they never opened it (its time runs from here)."""
        student = self.student(secret)
        n = self.number(n)
        found = student.answers.get(n)
        if found is None:
            found = student.answers[n] = Answer(now)
            self.version += 1
        return found

    def hint(self, secret: str | None, n: int, puzzle: Puzzle, now: float) -> Hint:
        """The next hint on puzzle ``n`` (a nudge, then a clue), when the teacher allows them (403), at most
        :data:`MAX_HINTS` (409); the ones taken before the first answer are counted."""
        if not self.settings.hints:
            raise ClassError("hints are off for this class", 403)
        work = self.open(secret, n, now)
        if work.hints >= MAX_HINTS:
            raise ClassError(f"{MAX_HINTS} hints is all a puzzle gives here: the rest is yours to find", 409)
        hint = hint_for(puzzle, (Depth.NUDGE, Depth.CLUE)[work.hints])
        if work.first is None:
            work.hints += 1
            self.version += 1
        return hint

    def hints_taken(self, work: Answer, puzzle: Puzzle) -> list[Hint]:
        """The hints the student took on a puzzle (to show them again)."""
        return [hint_for(puzzle, depth) for depth in (Depth.NUDGE, Depth.CLUE)[: work.hints]]

    def answer(self, secret: str | None, n: int, line: object, puzzle: Puzzle, now: float) -> QuizReply:
        """Mark an answer to puzzle ``n`` as the trainer does (:func:`judge`) and keep it (:meth:`record`)."""
        self.open(secret, n, now)
        return self.record(secret, n, *judge(puzzle, line), now)

    def record(self, secret: str | None, n: int, reply: QuizReply, text: str | None, now: float) -> QuizReply:
        """Keep a marked answer (``text``, as :func:`judge` wrote it): an ``invalid`` or ``empty`` reply counts
        nothing; else the first one marked is kept, and later ones are practice. After the closing date only
        practice is taken (409)."""
        work = self.open(secret, n, now)
        if reply.kind not in ("wrong", "verdict"):
            return reply
        if work.first is None and self.closed(now):
            raise ClassError("this class closed: answers are no longer counted", 409)
        assert reply.mark is not None
        work.tries += 1
        if work.first is None:
            work.first = text
            work.right = reply.mark.correct
            work.mark = None if reply.mark.correct else reply.mark.to_json()
            work.seconds = round(max(0.0, now - work.opened), 1)
        self.version += 1
        return reply

    # -- what the teacher sees ------------------------------------------------------------------

    def results(self) -> dict[str, Any]:
        """Every student's answers, and per puzzle the share right at the first answer and the wrong answers
        given most (each with its mark: why it is wrong), as ``GET /api/classes/CODE/results`` gives them."""
        students = []
        for student in self.students:
            rows = []
            for n in range(1, len(self.puzzles) + 1):
                work = student.answers.get(n)
                rows.append({"puzzle": n, "first": work.outcome if work else "none",
                             "tries": work.tries if work else 0, "hints": work.hints if work else 0,
                             "seconds": work.seconds if work else None,
                             "answer": work.first if work else None})
            students.append({"name": student.name, "answers": rows})
        puzzles = []
        for n, puzzle_id in enumerate(self.puzzles, start=1):
            done = [s.answers[n] for s in self.students if n in s.answers and s.answers[n].first is not None]
            right = sum(1 for work in done if work.right)
            wrong = Counter(work.first for work in done if not work.right)
            marks = {work.first: work.mark for work in done if not work.right}
            most = sorted(wrong.items(), key=lambda item: (-item[1], item[0] or ""))[:5]
            puzzles.append({
                "puzzle": n, "id": puzzle_id, "answered": len(done),
                "right_share": round(right / len(done), 3) if done else None,
                "wrong_answers": [{"answer": text, "count": count, "mark": marks[text]} for text, count in most],
            })
        return {"class": self.code, "students": students, "puzzles": puzzles}

    # -- the file --------------------------------------------------------------------------------

    def text(self) -> str:
        """The class's file: JSON, the secrets as hashes."""
        return json.dumps({
            "format": FORMAT, "code": self.code, "settings": self.settings.to_json(), "teacher": self.teacher,
            "created": self.created, "puzzles": list(self.puzzles), "version": self.version,
            "students": [{"name": s.name, "secret": s.secret, "joined": s.joined,
                          "answers": {str(n): vars(a) for n, a in s.answers.items()}} for s in self.students],
        }, separators=(",", ":"), sort_keys=True)  # (compact: a class of 200 students is rewritten at each answer)

    @classmethod
    def load(cls, text: str) -> ClassSet:
        """A class read back from :meth:`text` (a :class:`LiteratureError` when it is not one: whatever the
        damage, a number that is not finite, a value of the wrong type, a title that is not text).

        >>> for text in ('{"format": 1, "version": 1e999}', '[' * 5000 + ']' * 5000, '{"format": 1}'):
        ...     try:
        ...         ClassSet.load(text)
        ...     except LiteratureError as error:
        ...         print(error.message[:48])
        not a class's file: a number that is not finite:
        not a class's file: nested deeper than 64
        not a class's file: KeyError 'settings'
        """
        try:
            data = read_json(text)
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise ValueError("not a class's file of this version")
            settings = dict(data["settings"])
            closes = _kind(settings.pop("closes"), str, type(None))
            read = Settings.read(settings, date(1970, 1, 1))
            read = replace(read, closes=date.fromisoformat(closes) if closes else None)
            students = [Student(_kind(s["name"], str), _kind(s["secret"], str), _number(s["joined"]),
                                {int(n): _answer(a) for n, a in _kind(s["answers"], dict).items()})
                        for s in _kind(data["students"], list)]
            found = cls(_kind(data["code"], str), read, _kind(data["teacher"], str), _number(data["created"]),
                        tuple(_kind(p, str) for p in _kind(data["puzzles"], list)), students,
                        _kind(data["version"], int))
            if read_json(found.text()) != data:
                raise ValueError("a value this program would not have written")
            found.results()
        except Exception as error:  # (data from outside the program: any damage refuses this class alone)
            why = error.message if isinstance(error, LiteratureError) else str(error)
            if isinstance(error, (KeyError, TypeError, AttributeError)):
                why = f"{error.__class__.__name__} {why}"
            raise LiteratureError(f"not a class's file: {why[:100]}") from None
        if not CODE.fullmatch(found.code) or not 1 <= len(found.puzzles) <= MAX_COUNT:
            raise LiteratureError("not a class's file: its code or its puzzles are wrong")
        return found


def _kind(value: Any, *kinds: type) -> Any:
    """``value`` when its type is one of ``kinds`` (exactly: ``True`` is not an ``int`` here), else ``TypeError``."""
    if type(value) not in kinds:
        raise TypeError(f"{type(value).__name__} where {' or '.join(k.__name__ for k in kinds)} was expected")
    return value


def _number(value: Any) -> float:
    """A finite number read from a file (``TypeError`` for text, ``True``, ``null``)."""
    return float(_kind(value, int, float))


def _answer(raw: Any) -> Answer:
    """One student's work on a puzzle, read back from a class's file, each field of its type."""
    unknown = set(_kind(raw, dict)) - {"opened", "hints", "tries", "first", "right", "mark", "seconds"}
    if unknown:
        raise ValueError(f"an answer's field {sorted(unknown)[0][:20]!r}")
    hints, tries = _kind(raw.get("hints", 0), int), _kind(raw.get("tries", 0), int)
    seconds = raw.get("seconds")
    mark = _kind(raw.get("mark"), dict, type(None))
    if not (0 <= hints <= MAX_HINTS and tries >= 0):
        raise ValueError("an answer's hints or tries")
    if mark is not None and mark != _mark(mark).to_json():
        raise ValueError("an answer's mark")
    return Answer(_number(raw["opened"]), hints, tries, _kind(raw.get("first"), str, type(None)),
                  _kind(raw.get("right"), bool, type(None)), mark, None if seconds is None else _number(seconds))


def _mark(data: dict[str, Any]) -> Mark:
    """A mark read back from :meth:`puzzles.marking.Mark.to_json` (an error when it is not one)."""
    wrong = {Card.parse(card): Miss(_kind(m["said"], str, type(None)), _kind(m["actual"], str, type(None)))
             for card, m in _kind(data["wrong"], dict).items()}
    return Mark(_kind(data["correct"], bool), Outcome(data["outcome"]), wrong)


class Classes:
    """Every class of one data folder (``classes/CODE.json``), read at first use, each change saved before it
    is answered; a change that cannot be saved is undone (the class read again) and refused (503)."""

    def __init__(self, home: Path, clock: Callable[[], float] = time.time) -> None:
        self.folder = home / FOLDER
        self.clock = clock
        self.classes: dict[str, ClassSet] = {}
        self.damaged: dict[str, str] = {}
        self.owners: dict[str, str] = {}
        """The address that made each class (since the server started), by code."""
        self.loaded = False
        self.lock = threading.RLock()

    def path(self, code: str) -> Path:
        """The file of class ``code``."""
        return self.folder / f"{code}.json"

    def load_all(self) -> None:
        """Read every class's file (once); a damaged one is renamed ``CODE.json.damaged`` and refuses its
        class only (410)."""
        with self.lock:
            if self.loaded:
                return
            self.loaded = True
            found, damaged = read_kept(self.folder, CODE, MAX_CLASSES * 2, ClassSet.load, lambda c: c.code,
                                       (LiteratureError,), log, "class")
            self.classes.update(found)
            self.damaged.update(damaged)
            self.expire()

    def expire(self) -> list[str]:
        """Remove the classes past their expiry (their files too); their codes."""
        now = self.clock()
        gone = [code for code, found in self.classes.items() if found.gone(now)]
        for code in gone:
            self._remove(code)
        return gone

    def _remove(self, code: str) -> None:
        del self.classes[code]
        self.owners.pop(code, None)
        with contextlib.suppress(OSError):
            self.path(code).unlink()

    def get(self, code: str) -> ClassSet:
        """The class ``code`` (404 when there is none or it expired, 410 when its file is damaged)."""
        with self.lock:
            self.load_all()
            if code in self.damaged:
                raise ClassError(f"class {code}'s file is damaged and cannot be read (the server kept it aside as "
                                 f"{self.damaged[code]}): make the set again", 410)
            found = self.classes.get(code) if CODE.fullmatch(code) else None
            if found is None or found.gone(self.clock()):
                self.expire()
                raise ClassError(f"there is no class {code[:20]!r} here (it may have expired)", 404)
            return found

    def create(self, settings: Settings, puzzles: Sequence[str], owner: str = "") -> tuple[ClassSet, str]:
        """A new class made by the address ``owner`` (saved before its code is given) and the teacher's secret
        (429 when ``owner`` made :data:`MAX_PER_ADDRESS` of those kept, 503 when the server is full of classes
        in use)."""
        with self.lock:
            self.load_all()
            self.expire()
            try:
                recent = [c.code for c in self.classes.values() if not c.students or self.clock() - c.created < 86400]
                check_share(self.owners, recent, owner, MAX_PER_ADDRESS, "classes")
            except TableError as error:
                raise ClassError(error.message, error.status) from None
            spare = [c for c in self.classes.values() if not c.students and self.clock() - c.created > SPARE_SECONDS]
            if len(self.classes) >= MAX_CLASSES and spare:
                self._remove(min(spare, key=lambda c: c.created).code)
            if len(self.classes) >= MAX_CLASSES:
                raise ClassError(f"this server keeps {MAX_CLASSES} classes already: try again when one expires", 503)
            while True:
                code = "".join(secrets.choice(ALPHABET) for _ in range(8))
                if code not in self.classes and code not in self.damaged and not self.path(code).exists():
                    break
            teacher = secrets.token_urlsafe(18)
            made = ClassSet.new(code, settings, teacher, puzzles, self.clock())
            self._save(made)
            self.classes[code] = made
            self.owners[code] = owner
            return made, teacher

    def change(self, code: str, action: Callable[[ClassSet], Any]) -> Any:
        """Run ``action`` on the class and save it when it changed; its result."""
        with self.lock:
            found = self.get(code)
            before = found.version
            try:
                result = action(found)
            except ClassError:
                if found.version != before:
                    self._save(found)
                raise
            if found.version != before:
                try:
                    self._save(found)
                except OSError as error:
                    self.classes[code] = ClassSet.load(self.path(code).read_text(encoding="utf-8"))
                    raise ClassError(f"the class cannot be saved ({error.strerror or error}): nothing changed",
                                     503) from None
            return result

    def mark(self, code: str, secret: str | None, n: int, line: object, now: float) -> tuple[QuizReply, bool, Puzzle]:
        """Mark a student's answer to puzzle ``n`` of class ``code`` (:meth:`ClassSet.answer`): the reply,
        whether it was the first answer (it counts), the puzzle. Slow for a wrong answer (its refuting deal is
        worked out): call it in a worker thread."""
        found = self.get(code)
        found.student(secret)
        puzzle = pack_puzzle(found.puzzle_id(n))
        reply, text = judge(puzzle, line)  # (outside the lock: the other classes' requests go on meanwhile)

        def act(c: ClassSet) -> tuple[QuizReply, bool]:
            first = c.open(secret, n, now).first is None
            c.record(secret, n, reply, text, now)
            return reply, first and reply.kind in ("wrong", "verdict")

        counted = self.change(code, act)[1]
        return reply, counted, puzzle

    def _save(self, found: ClassSet) -> None:
        path = self.path(found.code)
        write_atomic(path, found.text(), force=path.exists(), private=True)


@functools.lru_cache(maxsize=512)
def pack_puzzle(puzzle_id: str) -> Puzzle:
    """Puzzle ``puzzle_id`` of the built-in pack (read once; 410 when the pack no longer holds it)."""
    data = record(puzzle_id)
    if data is None:
        raise ClassError(f"puzzle {puzzle_id[:40]} is not in the built-in pack any more: make the set again", 410)
    return puzzles_from_json(data, f"{BUILT_IN}, puzzle {puzzle_id[:40]}")[0]


def make_class(classes: Classes, settings: Settings, seed: int, owner: str = "") -> tuple[ClassSet, str]:
    """A new class of ``classes`` with puzzles of the training pool picked for ``settings`` (:func:`pick`),
    made by the address ``owner``; the class and the teacher's secret."""
    chosen = pick(settings, training_pool(), seed)
    return classes.create(settings, [p.id for p in chosen], owner)


def describe_levels(levels: Sequence[int]) -> str:
    """Levels as a range when they follow each other.

    >>> describe_levels([3]), describe_levels([2, 3, 4]), describe_levels([1, 3])
    ('3', '2-4', '1, 3')
    """
    if len(levels) > 1 and list(levels) == list(range(levels[0], levels[-1] + 1)):
        return f"{levels[0]}-{levels[-1]}"
    return ", ".join(map(str, levels))


_SAFE = re.compile(r"[A-Za-z0-9_-]{1,100}")


def well_formed(secret: str | None) -> bool:
    """Whether a secret is shaped like one this module gives (a cookie or a header that is not is ignored).

    >>> well_formed("abc-DEF_123"), well_formed("a b"), well_formed(None)
    (True, False, False)
    """
    return bool(secret) and bool(_SAFE.fullmatch(secret or ""))
