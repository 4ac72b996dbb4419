"""Puzzles of each level per CPU second, as the pack build mines them (issue 29).

    .venv/bin/python benchmarks/ladder_supply.py [--games N] [--seed S] [--focus PLAYERS] [CACHE ...]

Mines ``--games`` games of a pack build (:func:`puzzles.pack_build.pack_spec`: both variants, both table
sizes, one seat, every level) in this process (with ``--focus``: the games of a run focused on level 6 at
PLAYERS players, :func:`puzzles.pack_build.focus_spec`, as ``--also`` mines them) and reads the CACHE
folders of earlier runs (focused runs for case analysis, ``--players 6 --levels 6``), then counts, per
level, the puzzles a pack may keep: one per
game moment and set, no near-duplicates (one per game and set within 12 events, no answer containing
another's), explanations short enough, argued. The CPU seconds are each game's own (``time.process_time()``
in the process that mined it), so the machine's load stretches wall time, hardly these.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from puzzles.model import LEVELS
from puzzles.pack_build import MinedGame, _read_cache, focus_spec, mine, select


def supply(mined: list[MinedGame]) -> dict[str, object]:
    """Per level: puzzles kept by the pack's rules, and how many a CPU second of mining gives."""
    cpu = sum(m.cpu for m in mined)
    kept = select(mined, 10**9, per_game=10**6) if mined else []
    counts = Counter(p.level for p in kept)
    return {"games": len(mined), "cpu_seconds": round(cpu, 1),
            "per_level": {level: counts[level] for level in LEVELS},
            "per_cpu_second": {level: round(counts[level] / cpu, 3) if cpu else None for level in LEVELS}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=4000)
    parser.add_argument("--focus", type=int, choices=(6, 8), help="a run focused on level 6 at this many players")
    parser.add_argument("caches", type=Path, nargs="*")
    args = parser.parse_args()
    import puzzles.pack_build as build

    build.balance = lambda chosen, share=0.0: list(chosen)  # every puzzle kept, no level trimmed
    if args.focus:
        players = args.focus
        games = mine(args.games, args.seed, spec=lambda seed, i: focus_spec(seed, i, players, (6,)))
        report = {f"focused on level 6 at {players} players": supply(list(games))}
    else:
        report = {"pack games": supply(list(mine(args.games, args.seed)))}
    for folder in args.caches:
        report[str(folder)] = supply(_read_cache(folder))
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
