"""Puzzle generation speed: unique rated puzzles per second per core, acceptance rate, level histogram.

    .venv/bin/python benchmarks/generate.py [--count N] [--seed S] [--players 6|8|both] [--per-game K]

Runs the generator in this process (one core) and reports per CPU second as
well as per wall second (the machine may be shared). The acceptance rate is
the share of candidate questions (a card, a set, a claim that just became
certain at a moment) that pass every predicate and are kept. Then the daily
puzzle is timed as a user runs it (a fresh ``literature daily --json``).
Goals (issue 6): at least 10 puzzles per second per core at mixed levels; the
daily puzzle in under 0.5 s.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from puzzles import mining
from puzzles.generate import Request, Tally, generate

GOAL_RATE = 10.0
GOAL_DAILY = 0.5


def count_candidates() -> tuple[Counter[str], object]:
    """Wrap :func:`puzzles.mining.questions_at` to count the candidates it proposes."""
    seen: Counter[str] = Counter()
    original = mining.questions_at

    def counting(moment: mining.Moment):  # type: ignore[no-untyped-def]
        for item in original(moment):
            seen[item[0].kind] += 1
            yield item

    mining.questions_at = counting
    return seen, original


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; exit 1 when a goal is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--players", default="both", choices=["6", "8", "both"])
    parser.add_argument("--per-game", type=int, default=Request.per_game)
    parser.add_argument("--each-level", type=int, default=0, metavar="N",
                        help="instead: CPU seconds per puzzle for N puzzles of each level asked alone")
    args = parser.parse_args(argv)
    players = (6, 8) if args.players == "both" else (int(args.players),)
    if args.each_level:
        return each_level(args.each_level, args.seed, players)
    candidates, _ = count_candidates()
    tally = Tally()
    wall, cpu = time.perf_counter(), time.process_time()
    puzzles = generate(Request(count=args.count, seed=args.seed, players=players, per_game=args.per_game), tally=tally)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    proposed = sum(candidates.values())
    levels = Counter(p.level for p in puzzles)
    kinds = Counter(p.question.kind for p in puzzles)
    rate = len(puzzles) / cpu
    print(f"{len(puzzles)} unique rated puzzles from {tally.games} simulated games (players {args.players})")
    print(f"  per CPU second (one core): {rate:.1f} puzzles/s   per wall second: {len(puzzles) / wall:.1f}")
    print(f"  candidates proposed: {proposed} ({dict(candidates)}); kept {len(puzzles)}: acceptance "
          f"{len(puzzles) / max(proposed, 1):.0%}; duplicates dropped {tally.duplicates}")
    print("  levels: " + ", ".join(f"{lv}: {levels.get(lv, 0)}" for lv in range(1, 7)))
    print("  kinds:  " + ", ".join(f"{k}: {n}" for k, n in sorted(kinds.items())))
    env = dict(os.environ, LITERATURE_HOME=str(Path(os.environ.get("TMPDIR", "/tmp")) / "literature-bench-home"))
    walls, cpus = [], []
    for _ in range(3):
        start, used = time.perf_counter(), _children_cpu()
        done = subprocess.run([sys.executable, "-m", "trainer", "daily", "--json"], capture_output=True, text=True,
                              env=env, check=True)
        walls.append(time.perf_counter() - start)
        cpus.append(_children_cpu() - used)
    daily = min(walls)
    print(f"daily --json: best of 3 {daily:.2f} s wall, {min(cpus):.2f} s CPU (a fresh process each), "
          f"puzzle {json.loads(done.stdout)['id']}; load average {os.getloadavg()[0]:.1f}")
    ok = rate >= GOAL_RATE and daily < GOAL_DAILY
    print(f"goals: >= {GOAL_RATE:.0f} puzzles/s/core {'met' if rate >= GOAL_RATE else 'MISSED'}; "
          f"daily < {GOAL_DAILY} s {'met' if daily < GOAL_DAILY else 'MISSED'}")
    return 0 if ok else 1


def each_level(count: int, seed: int, players: tuple[int, ...]) -> int:
    """What one puzzle of each level costs when asked for alone (stratified search: only where it occurs)."""
    print(f"{count} puzzles of each level asked alone (players {players}); load average {os.getloadavg()[0]:.1f}")
    print("level  CPU s/puzzle  games mined  median history")
    for level in range(1, 7):
        tally = Tally()
        cpu = time.process_time()
        found = generate(Request(count=count, seed=seed, levels=(level,), players=players), tally=tally)
        cpu = time.process_time() - cpu
        history = sorted(int(p.source["event"]) for p in found)[len(found) // 2]
        print(f"{level:>5}  {cpu / len(found):>12.1f}  {tally.games:>11}  {history:>14}", flush=True)
    mixed = Tally()
    cpu = time.process_time()
    found = generate(Request(count=6 * count, seed=seed, players=players), tally=mixed)
    cpu = time.process_time() - cpu
    levels = Counter(p.level for p in found)
    print(f"no --level, {6 * count} puzzles: {cpu / len(found):.1f} CPU s/puzzle, {mixed.games} games, levels "
          + ", ".join(f"{lv}: {levels.get(lv, 0)}" for lv in range(1, 7))
          + f"; load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
