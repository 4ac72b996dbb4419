"""Bot strength and speed: round-robins with Wilson confidence intervals, games per second per bot.

    .venv/bin/python benchmarks/bots.py [--games N] [--variant classic|fish54] [--players 6|8]
                                        [--kinds random,basic,expert] [--workers W] [--seed S]

Each pair of bots plays ``--games`` games, swapping seats halfway (team 1 and
team 2 are not quite alike: the dealer's team asks first). Then each bot plays
itself to measure its speed. The goals of issue 5 are checked at the end:
``expert`` beats ``random`` in at least 95% and ``basic`` in at least 70% of
games, ``basic`` beats ``random`` in at least 80%, and a 6-player ``classic``
game between ``expert`` teams takes under 2 s, and an 8-player one under 3 s
(issue 12), both as the median CPU time of the self-play games.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from trainer.play.bots import BotKind
from trainer.play.simulate import GameResult, simulate

GOALS = {("expert", "random"): 0.95, ("expert", "basic"): 0.70, ("basic", "random"): 0.80}
EXPERT_SECONDS = 2.0
EXPERT_SECONDS_8 = 3.0  # issue 12: an 8-player game between experts
STRENGTH = ["expert", "basic", "human", "random"]  # each pair is reported strongest first


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a win rate.

    >>> [round(x, 3) for x in wilson(95, 100)]
    [0.888, 0.978]
    """
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def match(
    a: str, b: str, games: int, seed: int, variant: str, players: int, pool: ProcessPoolExecutor
) -> tuple[int, int, int, list[GameResult]]:
    """``a`` against ``b``, seats swapped halfway: (wins of a, wins of b, ties, results)."""
    half = games // 2
    first = simulate(half, seed, variant, players, a, b, executor=pool)
    second = simulate(games - half, seed + 1, variant, players, b, a, executor=pool)
    wins_a = sum(r.winner == 1 for r in first) + sum(r.winner == 2 for r in second)
    wins_b = sum(r.winner == 2 for r in first) + sum(r.winner == 1 for r in second)
    return wins_a, wins_b, games - wins_a - wins_b, first + second


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; exit 1 when a goal is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per pair (default 40)")
    parser.add_argument("--speed-games", type=int, default=6, help="self-play games per bot for speed (default 6)")
    parser.add_argument("--variant", default="classic", choices=["classic", "fish54"])
    parser.add_argument("--players", type=int, default=6, choices=[6, 8])
    parser.add_argument("--kinds", default="random,basic,expert", help="comma-separated bot kinds")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    kinds = [BotKind(k.strip()).value for k in args.kinds.split(",")]
    print(f"{args.variant}, {args.players} players, {args.games} games per pair, {args.workers} workers")
    print(f"{'pair':<18} {'wins':>9} {'ties':>5} {'win rate':>9} {'95% CI':>15} {'s/game':>7}")
    rates: dict[tuple[str, str], tuple[float, float, float]] = {}
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for index, (a, b) in enumerate(itertools.combinations(kinds, 2)):
            order = (a, b) if STRENGTH.index(a) <= STRENGTH.index(b) else (b, a)
            wins_a, wins_b, ties, results = match(
                *order, args.games, args.seed + 10 * index, args.variant, args.players, pool
            )
            low, high = wilson(wins_a, args.games)
            rate = wins_a / args.games
            rates[order] = (rate, low, high)
            per_game = sum(r.seconds for r in results) / len(results)
            print(
                f"{order[0] + ' v ' + order[1]:<18} {wins_a:>4}-{wins_b:<4} {ties:>5} {rate:>9.0%} "
                f"{f'{low:.0%}-{high:.0%}':>15} {per_game:>7.2f}",
                flush=True,
            )
    print()
    print(f"self-play speed, CPU seconds per game (the machine may be shared); {load()}")
    print(f"{'bot (self-play)':<18} {'median':>7} {'mean':>7} {'worst':>7} {'games/s':>8} {'events':>7}")
    speed: dict[str, float] = {}
    for kind in kinds:
        clock = [time.process_time()]
        results = simulate(args.speed_games, args.seed, args.variant, args.players, kind, kind, workers=1,
                           on_result=lambda _, marks=clock: marks.append(time.process_time()))  # type: ignore[misc]
        per_game = [b - a for a, b in itertools.pairwise(clock)]
        events = sum(r.events for r in results) / len(results)
        speed[kind] = statistics.median(per_game)
        mean = statistics.fmean(per_game)
        print(f"{kind:<18} {speed[kind]:>7.3f} {mean:>7.3f} {max(per_game):>7.3f} {1 / mean:>8.1f} {events:>7.0f}",
              flush=True)
    print()
    missed = 0
    for pair, goal in GOALS.items():
        if pair in rates:
            rate, low, high = rates[pair]
            ok = rate >= goal
            missed += not ok
            print(f"goal {pair[0]} beats {pair[1]} >= {goal:.0%}: {rate:.0%} ({low:.0%}-{high:.0%}) {_mark(ok)}")
    if "expert" in speed and args.variant == "classic" and args.players == 6:
        ok = speed["expert"] < EXPERT_SECONDS
        missed += not ok
        print(f"goal 6p classic expert-vs-expert game < {EXPERT_SECONDS:.0f} s (median): {speed['expert']:.2f} s"
              f" {_mark(ok)}")
    if "expert" in speed and args.players == 8:
        ok = speed["expert"] < EXPERT_SECONDS_8
        missed += not ok
        print(f"goal 8p expert-vs-expert game < {EXPERT_SECONDS_8:.0f} s (median): {speed['expert']:.2f} s {_mark(ok)}")
    print(load())
    return 1 if missed else 0


def load() -> str:
    return "load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def _mark(ok: bool) -> str:
    return "ok" if ok else "MISSED"


if __name__ == "__main__":
    sys.exit(main())
