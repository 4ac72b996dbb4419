"""Speed of witnesses: one deal drawn on the hardest positions of ``make bench``, and the second solver
over the whole shipped pack.

    .venv/bin/python benchmarks/witness.py [--random-games N] [--seed S] [--hardest K] [--draws D] [--no-pack]

1. The positions: every prefix of ``--random-games`` games of random legal play per table (the games
   ``benchmarks/solve.py`` plays, the hard case), from the first seat and the public view; each is
   solved as ``literature solve`` does, and the ``--hardest`` slowest are kept.
2. On each, ``--draws`` times: one witness drawn from scratch (the caches of earlier draws emptied), in
   CPU seconds; median, p95 and worst, against the goal of issue 30 (0.2 s at p95), the solve's own
   time on the same positions, and the way before the factored walk as the baseline.
3. One witness on *every* position (``--no-every`` skips it): the positions hardest for a witness are
   not those hardest to solve. Median, p95, p99 and worst, and the slowest five; with the baseline,
   the same positions drawn the way before the factored walk (cards taken out one at a time until the
   array pass, up to 4 million pairs, is small enough), in the same run, and the ratio.
4. The whole shipped pack checked by the second solver (:func:`puzzles.crosscheck.disagreement`,
   python-constraint), in one process: disagreements (the goal: none), CPU seconds in all and the
   slowest puzzle.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent))

from trainer.engine import compiled, solve, walk
from trainer.engine import witness as witnesses
from trainer.engine.constraints import History
from trainer.game.randomplay import random_game

TABLES = [("classic", 6), ("classic", 8), ("fish54", 6), ("fish54", 8)]
GOAL_P95 = 0.2


def quantiles(times: list[float], p99: bool = False) -> str:
    ordered = sorted(times)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    more = f"p99 {at(0.99):7.1f} ms   " if p99 else ""
    return (f"median {statistics.median(ordered) * 1000:7.1f} ms   p95 {at(0.95):7.1f} ms   {more}"
            f"worst {ordered[-1] * 1000:7.1f} ms")


def one_witness(history: History, rng: random.Random, before: bool = False) -> float:
    """CPU seconds of one witness drawn from scratch (the witness caches emptied); with ``before``, the
    way before the factored walk: no walk, and the array pass's budget of then."""
    for cache in (witnesses._walkable, witnesses._solutions, walk._pass, walk._solutions):
        cache.cache_clear()
    kept = witnesses.NAMED, witnesses.SWEEP_BUDGET
    if before:
        witnesses.NAMED, witnesses.SWEEP_BUDGET = False, 4_000_000
    try:
        start = time.process_time()
        witnesses.draw(history, rng)
        return time.process_time() - start
    finally:
        witnesses.NAMED, witnesses.SWEEP_BUDGET = kept
        witnesses._walkable.cache_clear()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--random-games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hardest", type=int, default=20)
    parser.add_argument("--draws", type=int, default=3)
    parser.add_argument("--no-pack", action="store_true", help="skip the pack's check by the second solver")
    parser.add_argument("--no-every", action="store_true", help="skip one witness on every position")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} at start")
    compiled.load()
    timed: list[tuple[float, str, History]] = []
    for variant, players in TABLES:
        for i in range(args.random_games):
            game = random_game(random.Random(args.seed * 1000 + i), variant, players)
            for n in range(len(game.events) + 1):
                for viewer in (game.setup.players[0], None):
                    view = game.setup.seen_by(viewer)
                    start = time.process_time()
                    knowledge = solve(view, game.events[:n], viewer)
                    for card in knowledge.cards:
                        knowledge.holders(card)
                    seconds = time.process_time() - start
                    label = f"{variant} {players}p game {i} event {n} {viewer or 'public'}"
                    timed.append((seconds, label, History.build(view, game.events[:n], viewer)))
    timed.sort(key=lambda t: -t[0])
    hardest = timed[: args.hardest]
    print(f"{len(timed)} positions solved; the {len(hardest)} slowest (solve: {quantiles([t[0] for t in hardest])})")
    draws: list[float] = []
    old: list[float] = []
    rng = random.Random(args.seed)
    for seconds, label, history in hardest:
        mine = [one_witness(history, rng) for _ in range(args.draws)]
        theirs = [one_witness(history, rng, before=True) for _ in range(args.draws)]
        draws.extend(mine)
        old.extend(theirs)
        print(f"  {label:40} solve {seconds * 1000:6.1f} ms   one witness {statistics.median(mine) * 1000:7.1f} ms"
              f"   before {statistics.median(theirs) * 1000:7.1f} ms")
    ordered = sorted(draws)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    print(f"one witness, from scratch: {quantiles(draws)}   goal p95 <= {GOAL_P95 * 1000:.0f} ms: "
          f"{'met' if p95 <= GOAL_P95 else 'MISSED'}")
    print(f"  before the factored walk: {quantiles(old)}   ratio of medians "
          f"{statistics.median(old) / statistics.median(draws):.1f}, of worst {max(old) / max(draws):.1f}")
    if not args.no_every:
        every = [(one_witness(history, rng), label, history) for _, label, history in timed]
        every.sort(key=lambda t: t[0])
        print(f"one witness on every position ({len(every)}): {quantiles([t[0] for t in every], p99=True)}")
        for seconds, label, _ in every[-5:]:
            print(f"  {label:40} {seconds * 1000:7.1f} ms")
        before = [one_witness(history, rng, before=True) for _, _, history in timed]
        now = [t[0] for t in every]
        print(f"  before the factored walk: {quantiles(before, p99=True)}   "
              f"ratio of worst {max(before) / max(now):.1f}")
    if not args.no_pack:
        from puzzles.crosscheck import disagreement
        from puzzles.packs import load_pack

        pack = load_pack()
        start = time.process_time()
        slowest = (0.0, "")
        wrong = []
        for puzzle in pack:
            before = time.process_time()
            why = disagreement(puzzle)
            slowest = max(slowest, (time.process_time() - before, puzzle.id))
            if why is not None:
                wrong.append((puzzle.id, why))
        total = time.process_time() - start
        print(f"second solver over the shipped pack: {len(pack)} puzzles, {len(wrong)} disagreements, "
              f"{total:.1f} s CPU in all ({total / len(pack) * 1000:.1f} ms a puzzle), slowest {slowest[1]} "
              f"{slowest[0] * 1000:.0f} ms")
        for puzzle_id, why in wrong:
            print(f"  {puzzle_id}: {why}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
