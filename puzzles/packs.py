"""The built-in pack: puzzles mined by :mod:`puzzles.generate`, shipped as package data.

:func:`load_pack` reads ``puzzles/data/pack.json`` once per process (it is
what ``literature daily`` and ``literature train`` use offline). The pack is
rebuilt with ``python -m puzzles.packs`` (see :func:`build_pack`), which mines
simulated games of both variants and both table sizes and keeps a spread of
levels, kinds and variants, preferring short histories.

    >>> pack = load_pack()
    >>> len(pack) >= 500, {p.question.kind for p in pack} == {"claim", "locate", "certain"}
    (True, True)
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from puzzles.generate import Request, mine_games
from puzzles.model import LEVELS, SCHEMA_VERSION, Puzzle, puzzles_from_json
from puzzles.verify import VERIFIED_LIST, record_hash, verify
from trainer.files import write_atomic
from trainer.game.errors import LiteratureError

PACK = "pack.json"
BUILT_IN = f"built-in pack ({PACK})"
"""How errors name the built-in pack."""


@lru_cache(maxsize=1)
def load_records() -> dict[str, Any]:
    """The pack file as JSON, unchecked (``literature daily`` reads one record of it)."""
    source = resources.files("puzzles") / "data" / PACK
    try:
        data: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    except (FileNotFoundError, OSError, ValueError):
        raise LiteratureError(
            "the built-in puzzle pack is missing or damaged in this installation (puzzles/data/pack.json); "
            "reinstall, or use --pack with a file made by 'literature generate'"
        ) from None
    return data


@lru_cache(maxsize=1)
def _load() -> tuple[Puzzle, ...]:
    return tuple(puzzles_from_json(load_records(), BUILT_IN))


def load_pack() -> list[Puzzle]:
    """The built-in puzzles, in pack order (read once per process)."""
    return list(_load())


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


def _events(puzzle: Puzzle) -> int:
    return int(puzzle.source.get("event", 0))


def select(found: Sequence[Puzzle], per_level: int, seed: int = 0) -> list[Puzzle]:
    """A spread: per level at most ``per_level``, taken round-robin over (kind, variant, players)
    buckets, shorter histories first within a bucket."""
    rng = random.Random(seed)
    chosen: list[Puzzle] = []
    for level in LEVELS:
        buckets: dict[tuple[str, str, int], list[Puzzle]] = {}
        for puzzle in found:
            if puzzle.level == level:
                key = (puzzle.question.kind, puzzle.variant.value, len(puzzle.players))
                buckets.setdefault(key, []).append(puzzle)
        for items in buckets.values():
            items.sort(key=lambda p: (_events(p), p.id))
        keys = sorted(buckets)
        rng.shuffle(keys)
        taken = 0
        while taken < per_level and any(buckets[k] for k in keys):
            for key in keys:
                if buckets[key] and taken < per_level:
                    chosen.append(buckets[key].pop(0))
                    taken += 1
    return chosen


def build_pack(
    games: int = 36, seed: int = 2026, per_level: int = 140, workers: int = 1, per_game_8: int = 50
) -> list[Puzzle]:
    """Mine ``games`` simulated games and select the pack.

    Two thirds are 6-player games, mined from every seat; 8-player games cost
    much more to count exactly, so each gives at most ``per_game_8`` puzzles.
    """
    found: dict[str, Puzzle] = {}
    six = games * 2 // 3
    requests = [
        Request(count=1, seed=seed, players=(6,), per_game=None, max_games=six),
        Request(count=1, seed=seed + 1, players=(8,), per_game=per_game_8, max_games=games - six),
    ]
    started = time.perf_counter()
    for request in requests:
        for index, puzzles in enumerate(mine_games(request, workers=workers), start=1):
            for puzzle in puzzles:
                found.setdefault(puzzle.id, puzzle)
            levels = Counter(p.level for p in found.values())
            print(f"players {request.players[0]}: game {index}/{request.game_budget}, {len(found)} puzzles "
                  f"{dict(sorted(levels.items()))}, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    return select(list(found.values()), per_level, seed)


def write_verified(pack: Sequence[Puzzle], out: Path) -> None:
    """Verify every record of ``pack`` with the engine and write their content hashes to ``out``
    (``pack.verified``: what lets ``literature daily`` serve a shipped record without solving it)."""
    hashes = []
    for number, puzzle in enumerate(pack, start=1):
        verify(puzzle)  # raises, naming what is wrong, on a bad record
        hashes.append(record_hash(puzzle))
        if number % 50 == 0:
            print(f"verified {number}/{len(pack)}", file=sys.stderr, flush=True)
    write_atomic(out, "".join(h + "\n" for h in sorted(hashes)))


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m puzzles.packs [--games N] [--seed S] [--workers W] [--out FILE] [--verify]``: rebuild the pack.

    ``--verify`` only verifies the current pack and rewrites ``pack.verified`` beside it.
    """
    parser = argparse.ArgumentParser(description="Rebuild the built-in puzzle pack.")
    parser.add_argument("--games", type=int, default=36)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--per-level", type=int, default=140)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "data" / PACK)
    parser.add_argument("--verify", action="store_true", help="Only verify the pack and rewrite pack.verified.")
    args = parser.parse_args(argv)
    verified_path = args.out.with_name(VERIFIED_LIST)
    if args.verify:
        write_verified(puzzles_from_json(json.loads(args.out.read_text(encoding="utf-8")), str(args.out)),
                       verified_path)
        return
    pack = build_pack(args.games, args.seed, args.per_level, args.workers)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    temp = args.out.with_suffix(".tmp")
    records = {"schema": SCHEMA_VERSION, "puzzles": [p.to_json() for p in pack]}
    temp.write_text(json.dumps(records, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    temp.replace(args.out)
    write_verified(pack, verified_path)
    print(json.dumps({"puzzles": len(pack)} | histogram(pack)), flush=True)


if __name__ == "__main__":
    main()
