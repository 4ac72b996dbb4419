"""The built-in pack: puzzles mined by :mod:`puzzles.pack_build`, shipped as package data, and read here.

The pack file (``puzzles/data/pack.zip``) stores each game **once**, and each
puzzle as its record without the log plus the game it comes from and how many
events of it are played (the log is rebuilt on reading: :func:`expand`). It is
a zip archive, so that one puzzle is read without the rest: ``index.json``
holds the daily schedule (:mod:`puzzles.daily`) and which part holds each
puzzle, and each ``part-NNNN.json`` holds :data:`PART_GAMES` games with their
puzzles. ``literature daily`` reads the index and one part (a few
milliseconds); :func:`load_records` gives the whole pack in the standard
``{"schema": 1, "puzzles": [...]}`` form, :func:`load_pack` the puzzles, and
``literature pack --out FILE`` writes the standard form for any other tool.

This module only reads (and writes the file format); it imports nothing of
the engine, so that the daily puzzle comes fast.

    >>> pack = load_pack()
    >>> len(pack) >= 500, {p.question.kind for p in pack} == {"claim", "locate", "certain"}
    (True, True)
    >>> record(daily_schedule()[0][0])["id"] == daily_schedule()[0][0]
    True
"""

from __future__ import annotations

import gc
import io
import json
import zipfile
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from puzzles.files import collector_paused, dump_puzzles, puzzles_from_json
from puzzles.model import SCHEMA_VERSION, Puzzle, is_recall
from trainer.files import check_target, write_atomic
from trainer.game.errors import LiteratureError

PACK = "pack.zip"
BUILT_IN = f"built-in pack ({PACK})"
"""How errors name the built-in pack."""
FORMAT = "literature-pack"
FORMAT_VERSION = 4
INDEX = "index.json"
PART_GAMES = 8
"""Games stored in one part of the archive: one read of a part is a few milliseconds, and the parts
compress almost as well as one file."""
DAYS = 7


# -- reading --------------------------------------------------------------------------------


def _damaged() -> LiteratureError:
    return LiteratureError(
        f"the built-in puzzle pack is missing or damaged in this installation (puzzles/data/{PACK}); "
        "reinstall, or use --pack with a file made by 'literature generate'"
    )


def _read(*names: str) -> list[dict[str, Any]]:
    """Members of the pack file, each a JSON object (the archive is opened once for them)."""
    source = resources.files("puzzles") / "data" / PACK
    try:
        with source.open("rb") as raw, zipfile.ZipFile(raw) as archive:
            found = [json.loads(archive.read(name)) for name in names]
    except (OSError, KeyError, ValueError, EOFError, zipfile.BadZipFile):
        raise _damaged() from None
    if not all(isinstance(member, dict) for member in found):
        raise _damaged()
    return found


@lru_cache(maxsize=1)
def _index() -> dict[str, Any]:
    """The archive's index: format, the daily schedule, and the part of each puzzle (in pack order)."""
    [index] = _read(INDEX)
    if index.get("format") != FORMAT or index.get("version") != FORMAT_VERSION or not isinstance(
            index.get("puzzles"), list):
        raise _damaged()
    return index


def _parts(numbers: Sequence[int]) -> list[dict[str, Any]]:
    parts = _read(*(_part_name(n) for n in numbers))
    if not all(isinstance(p.get("games"), dict) and isinstance(p.get("puzzles"), list) for p in parts):
        raise _damaged()
    return parts


def _part_name(number: int) -> str:
    return f"part-{number:04d}.json"


@lru_cache(maxsize=1)
def load_compact() -> dict[str, Any]:
    """The whole pack as stored: ``games`` (each once), ``puzzles`` (without logs, in pack order), ``daily``.

    >>> set(load_compact()) >= {"games", "puzzles", "daily"}
    True
    """
    index = _index()
    games: dict[str, Any] = {}
    entries: dict[str, dict[str, Any]] = {}
    for part in _parts(sorted({number for _, number in index["puzzles"]})):
        games.update(part["games"])
        entries.update((entry["id"], entry) for entry in part["puzzles"])
    try:
        puzzles = [entries[puzzle_id] for puzzle_id, _ in index["puzzles"]]
    except KeyError:
        raise _damaged() from None
    return {"format": FORMAT, "version": FORMAT_VERSION, "schema": index.get("schema"), "games": games,
            "puzzles": puzzles, "daily": index.get("daily")}


def expand(entry: Mapping[str, Any], games: Mapping[str, Any]) -> dict[str, Any]:
    """A stored puzzle as a standard record: its log rebuilt from its game.

    >>> games = {"g": {"head": ["variant: classic", "players: A B C D E F", "dealer: A"],
    ...                "hands": {"A": "2D 3D"}, "events": ["A asks B for 4D: no", "B asks C for 9S: no"]}}
    >>> expand({"id": "p-1", "viewer": "A", "game": "g", "events": 1}, games)["log"]
    'variant: classic\\nplayers: A B C D E F\\ndealer: A\\nhand A: 2D 3D\\nA asks B for 4D: no\\n'
    """
    game = games[entry["game"]]
    viewer = entry["viewer"]
    lines = [*game["head"], f"hand {viewer}: {game['hands'][viewer]}", *game["events"][: entry["events"]]]
    record = {k: v for k, v in entry.items() if k not in ("game", "events")}
    record["log"] = "\n".join(lines) + "\n"
    return {"schema": SCHEMA_VERSION, **record}


def record(puzzle_id: str) -> dict[str, Any] | None:
    """One standard record of the built-in pack (``None`` if no puzzle has that id): only the index
    and the one part that holds it are read."""
    part = next((number for pid, number in _index()["puzzles"] if pid == puzzle_id), None)
    if part is None:
        return None
    [stored] = _parts([part])
    entry = next((e for e in stored["puzzles"] if e.get("id") == puzzle_id), None)
    if entry is None or entry.get("game") not in stored["games"]:
        raise _damaged()
    return expand(entry, stored["games"])


@lru_cache(maxsize=1)
def load_records() -> dict[str, Any]:
    """The pack as a standard puzzle set ``{"schema": 1, "puzzles": [...]}`` (records unchecked)."""
    with collector_paused():
        data = load_compact()
        return {"schema": SCHEMA_VERSION, "puzzles": [expand(e, data["games"]) for e in data["puzzles"]]}


@lru_cache(maxsize=1)
def _load() -> tuple[Puzzle, ...]:
    pack = tuple(puzzles_from_json(load_records(), BUILT_IN, trusted=True))  # the tests read it untrusted too
    gc.freeze()  # the pack lives as long as the process: the cycle collector need not walk it again
    return pack


def load_pack() -> list[Puzzle]:
    """The built-in puzzles, in pack order (read once per process)."""
    return list(_load())


def daily_schedule() -> list[list[str]]:
    """The ids of the daily puzzles: seven lists, Monday's (easiest) to Sunday's (hardest)."""
    schedule = _index().get("daily")
    if not isinstance(schedule, list) or len(schedule) != DAYS or not all(schedule):
        raise LiteratureError(f"the built-in puzzle pack (puzzles/data/{PACK}) holds no daily schedule")
    return [list(day) for day in schedule]


def training_pool() -> list[Puzzle]:
    """The built-in puzzles a training session draws from: all but the daily ones (so a daily
    puzzle is never met in training first) and the recall drills (see :func:`puzzles.model.is_recall`)."""
    daily = {i for day in daily_schedule() for i in day}
    return [p for p in load_pack() if p.id not in daily and not is_recall(p)]


def export_pack(path: Path, *, force: bool = False) -> int:
    """Write the built-in pack to ``path`` as a standard ``puzzles.json`` (schema 1); return its size.
    An existing ``path`` is replaced only with ``force``, and only a regular file other than the pack
    itself (:func:`trainer.files.write_atomic`)."""
    source = resources.files("puzzles") / "data" / PACK
    inputs = [source] if isinstance(source, Path) else []
    check_target(path, force=force, inputs=inputs)  # before the pack is read
    puzzles = load_pack()
    write_atomic(path, dump_puzzles(puzzles), force=force, inputs=inputs)
    return len(puzzles)


def histogram(puzzles: Sequence[Puzzle]) -> dict[str, dict[str, int]]:
    """Counts by level, kind, variant and table size (for reports and benchmarks).

    >>> histogram(load_pack()[:1])["level"] != {}
    True
    """
    return {
        "level": dict(sorted(Counter(str(p.level) for p in puzzles).items())),
        "kind": dict(sorted(Counter(p.question.kind for p in puzzles).items())),
        "variant": dict(sorted(Counter(p.variant.value for p in puzzles).items())),
        "players": dict(sorted(Counter(str(len(p.players)) for p in puzzles).items())),
    }


# -- writing --------------------------------------------------------------------------------


def write_pack(content: Mapping[str, Any], path: Path) -> None:
    """Write the pack file atomically, with the same bytes for the same ``content`` (``games``,
    ``puzzles`` in pack order, ``daily``, as :func:`load_compact` gives): the games in
    parts of :data:`PART_GAMES` (sorted by id), each with its puzzles, and the index.

    >>> import tempfile
    >>> games = {"g": {"head": [], "hands": {"A": "2D"}, "events": []}}
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     write_pack({"games": games, "puzzles": [{"id": "p-1", "game": "g"}], "daily": [["p-1"]] * 7},
    ...                Path(folder) / PACK)
    ...     sorted(zipfile.ZipFile(Path(folder) / PACK).namelist())
    ['index.json', 'part-0000.json']
    """
    numbers = {gid: i // PART_GAMES for i, gid in enumerate(sorted(content["games"]))}
    parts: dict[int, dict[str, Any]] = {}
    for gid in sorted(content["games"]):
        parts.setdefault(numbers[gid], {"games": {}, "puzzles": []})["games"][gid] = content["games"][gid]
    for entry in content["puzzles"]:
        parts[numbers[entry["game"]]]["puzzles"].append(entry)
    index = {"format": FORMAT, "version": FORMAT_VERSION, "schema": SCHEMA_VERSION,
             "daily": [list(day) for day in content["daily"]],
             "puzzles": [[entry["id"], numbers[entry["game"]]] for entry in content["puzzles"]]}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, member in [(INDEX, index), *((_part_name(n), parts[n]) for n in sorted(parts))]:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            text = json.dumps(member, ensure_ascii=False, separators=(",", ":"))
            archive.writestr(info, text, compresslevel=9)
    write_atomic(path, buffer.getvalue(), force=True)  # the build replaces the pack it rebuilds (a regular file)
