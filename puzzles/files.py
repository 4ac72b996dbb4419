"""Puzzle files: reading a ``puzzles.json`` set or a single record, and writing a set.

Reading never guesses: a file that is not a puzzle file, is too large or too
deeply nested, or holds a record with a missing or wrong field, is refused
with a :class:`~puzzles.model.PuzzleFormatError` naming the file, the puzzle
and what is wrong (the record's own checks are :meth:`Puzzle.from_json`'s).

    >>> from puzzles.examples import example_claim
    >>> [p.id for p in puzzles_from_json(json.loads(dump_puzzles([example_claim()])), "set.json")]
    ['p-c2f1bfd96f8c']
"""

from __future__ import annotations

import gc
import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from puzzles.model import MAX_DEPTH, SCHEMA_VERSION, Puzzle, PuzzleFormatError, check_schema
from trainer.game.errors import LiteratureError
from trainer.game.reading import read_bounded


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector held off while records are read: a set of thousands of records makes
    millions of objects and no cycle, and the collector's passes over them took 0.8 s of the 2.3 s
    the built-in pack's 5,181 records took to read. It is switched on again after, if it was on.

    >>> with collector_paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _read_records(items: list[Any], where: str, trusted: bool = False) -> list[Puzzle]:
    """:func:`puzzles_from_json`'s loop: each record of a set read and checked, in order."""
    out: list[Puzzle] = []
    seen: set[str] = set()
    for number, item in enumerate(items, start=1):
        label = f"puzzle {number}"
        if isinstance(item, dict) and isinstance(item.get("id"), str):
            label += f" ({item['id']})"
        try:
            puzzle = Puzzle.from_json(item, trusted)
        except LiteratureError as error:
            raise PuzzleFormatError(f"{label}: {error}", path=where) from None
        if puzzle.id in seen:
            raise PuzzleFormatError(f"{label}: id {puzzle.id} appears twice", path=where)
        seen.add(puzzle.id)
        out.append(puzzle)
    return out


def puzzles_from_json(data: object, where: str = "<puzzles>", trusted: bool = False) -> list[Puzzle]:
    """Read a set ``{"schema": 1, "puzzles": [...]}`` or a single record (``trusted``: the built-in pack's,
    :meth:`Puzzle.from_json`).

    >>> puzzles_from_json({"schema": 1, "puzzles": [{}]}, "set.json")
    Traceback (most recent call last):
    ...
    puzzles.model.PuzzleFormatError: set.json: puzzle 1: missing field 'variant'
    """
    if isinstance(data, dict) and "puzzles" in data:
        try:
            check_schema(data.get("schema"))
        except PuzzleFormatError as error:
            raise error.located(where) from None
        items = data["puzzles"]
        if not isinstance(items, list):
            raise PuzzleFormatError("'puzzles' must be a list of records", path=where)
        with collector_paused():
            return _read_records(items, where, trusted)
    if isinstance(data, dict) and "question" in data:
        try:
            return [Puzzle.from_json(data)]
        except LiteratureError as error:
            raise PuzzleFormatError(str(error), path=where) from None
    raise PuzzleFormatError(
        "not a puzzle file: expected a record or {\"schema\": 1, \"puzzles\": [...]}", path=where
    )


MAX_FILE_BYTES = 64 * 2**20
"""A puzzle file larger than this is refused unread (a device or a pipe as soon as it passes it); the whole
built-in pack written as one file fits in half of it (25 MB for 5,100 puzzles)."""
MAX_JSON_ITEMS = 4_000_000
"""Brackets, braces, commas and colons a puzzle file may hold (those in strings count too): each stands for at
most one JSON value, so this bounds the memory parsing takes (about 72 bytes a value at worst, an empty list)
before parsing starts. The built-in pack as one file holds 2.08 million in 25 MB."""


def load_puzzles(path: str | Path) -> list[Puzzle]:
    """Read a ``puzzles.json`` set or a single record from a file (a UTF-8 byte order mark is allowed).

    A file with no puzzle, larger than :data:`MAX_FILE_BYTES`, with more than :data:`MAX_JSON_ITEMS`
    or nested deeper than :data:`MAX_DEPTH` is refused with a one-line reason.
    """
    name = str(path)
    raw = read_bounded(path, max_bytes=MAX_FILE_BYTES, kind="puzzle file", error=PuzzleFormatError)
    data = parse_json(raw, name)
    del raw
    puzzles = puzzles_from_json(data, name)
    if not puzzles:
        raise PuzzleFormatError("holds no puzzles", path=name)
    return puzzles


def parse_json(raw: bytes | str, where: str) -> Any:
    """Parse JSON text (a leading byte order mark is skipped), refusing nesting deeper than :data:`MAX_DEPTH`
    and more than :data:`MAX_JSON_ITEMS` values.

    >>> parse_json("\\ufeff" + '{"schema": 1}', "a.json")
    {'schema': 1}
    >>> parse_json("[" * 100_000 + "]" * 100_000, "deep.json")
    Traceback (most recent call last):
    ...
    puzzles.model.PuzzleFormatError: deep.json: JSON nested deeper than 32 levels; no puzzle file needs that
    >>> parse_json("[" + "1" * 5000 + "]", "long.json")
    Traceback (most recent call last):
    ...
    puzzles.model.PuzzleFormatError: long.json:1: a number has 5000 digits; no puzzle file needs more than 4300

    (A record nested deeper than that but not so deep is refused by :meth:`Puzzle.from_json`.)
    """
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise PuzzleFormatError("not a puzzle file (not UTF-8 text)", path=where) from None
    text = text.removeprefix("\ufeff")
    items = sum(text.count(mark) for mark in "[{,:")
    if items > MAX_JSON_ITEMS:
        raise PuzzleFormatError(
            f"holds more than the {MAX_JSON_ITEMS:,} brackets, braces, commas and colons a puzzle file may hold",
            path=where,
        )
    deep = PuzzleFormatError(f"JSON nested deeper than {MAX_DEPTH} levels; no puzzle file needs that", path=where)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise PuzzleFormatError(f"not valid JSON: {error.msg}", path=where, line=error.lineno) from None
    except RecursionError:
        raise deep from None
    except ValueError:  # a whole number longer than Python converts (sys.get_int_max_str_digits())
        raise _long_number(text, where) from None
    return data


def _long_number(text: str, where: str) -> PuzzleFormatError:
    """The error for a JSON whole number with more digits than Python converts, at its line (the first such
    number outside a string: the text before it parsed, so its strings are whole).

    >>> print(_long_number('{"a": "1\\\\"", "f": 0.' + "5" * 5000 + ', "b":\\n ' + "7" * 5000 + "}", "big.json"))
    big.json:2: a number has 5000 digits; no puzzle file needs more than 4300
    """
    import re

    limit = sys.get_int_max_str_digits() or 4300
    # Bytes operations only (a regular expression over tens of megabytes takes seconds): every digit reads 0,
    # so find() meets the long runs; an escaped backslash is blanked, so a quote after a backslash is escaped
    # and the quotes before a run, counted, say whether it is inside a string.
    zeros = text.encode("utf-8", "replace").replace(b"\\\\", b"__").translate(bytes.maketrans(b"123456789", b"0" * 9))
    run, digits = b"0" * (limit + 1), re.compile(b"0+")
    start, seen, quotes = zeros.find(run), 0, 0
    while start >= 0:
        end = digits.match(zeros, start).end()  # type: ignore[union-attr]
        quotes += zeros.count(b'"', seen, start) - zeros.count(b'\\"', seen, start)
        seen = start
        before = zeros[max(0, start - 2):start]
        in_float = before.endswith((b".", b"e", b"E", b"+", b"e-", b"E-")) or zeros[end:end + 1] in (b".", b"e", b"E")
        if quotes % 2 == 0 and not in_float:
            return PuzzleFormatError(
                f"a number has {end - start} digits; no puzzle file needs more than {limit}",
                path=where, line=zeros.count(b"\n", 0, start) + 1,
            )
        start = zeros.find(run, end)
    return PuzzleFormatError(f"holds a number with more than {limit} digits; no puzzle file needs that", path=where)


def pick(puzzles: Sequence[Puzzle], puzzle_id: str | None, where: str = "<puzzles>") -> Puzzle:
    """The puzzle with ``puzzle_id``, or the only one when no id is given."""
    if puzzle_id is None:
        if len(puzzles) != 1:
            raise PuzzleFormatError(f"holds {len(puzzles)} puzzles: choose one with --id", path=where)
        return puzzles[0]
    for puzzle in puzzles:
        if puzzle.id == puzzle_id:
            return puzzle
    raise PuzzleFormatError(f"no puzzle has id {puzzle_id!r}", path=where)


def dump_puzzles(puzzles: Iterable[Puzzle]) -> str:
    """The text of a ``puzzles.json`` set: one record a line (a step's sentence is a list of parts, which
    indenting would spread over many lines).

    >>> from puzzles.examples import example_claim
    >>> text = dump_puzzles([example_claim(), example_claim()])
    >>> len(text.splitlines()), text.splitlines()[0]
    (4, '{"schema": 1, "puzzles": [')
    """
    records = [json.dumps(p.to_json(), ensure_ascii=False) for p in puzzles]
    return f'{{"schema": {SCHEMA_VERSION}, "puzzles": [\n' + ",\n".join(records) + "\n]}\n"
