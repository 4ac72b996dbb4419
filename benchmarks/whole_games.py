"""Whole games through every door, more of them than ``make test`` plays (issue 53, item 5).

    PYTHONPATH=. nice -n 10 .venv/bin/python benchmarks/whole_games.py [--games 30] [--doors terminal,solo,friends]
                                                                         [--seed 1]

Plays ``--games`` games, spread over the doors in turn (``literature play`` in a pseudo-terminal, ``/play`` over
HTTP, a friends' table through its JSON API and pages with one to three people), each with a plan drawn at random
from ``--seed`` (:func:`tests.whole_games.random_plan`: variant, players, deal, coach, bots, and the person's
inputs of every kind). Prints, per door and in all: games, games that ended with every review open, requests,
failures (a 5xx, a traceback, a hang) and the worst request time; then each failure with the plan that gives it
(the plan alone replays it: ``play_terminal(plan, home)`` and so on).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # (the tests' helpers, by name)

from tests.whole_games import DOORS, Outcome, random_plan


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games in all, spread over the doors")
    parser.add_argument("--doors", default="terminal,solo,friends", help="which doors, comma-separated")
    parser.add_argument("--seed", type=int, default=1, help="the seed the plans are drawn from")
    args = parser.parse_args()
    doors = [d for d in args.doors.split(",") if d]
    unknown = [d for d in doors if d not in DOORS]
    if unknown or not doors:
        parser.error(f"--doors: {', '.join(unknown) or 'none'}: not among {', '.join(DOORS)}")
    os.environ.setdefault("LITERATURE_NOW", "2026-11-30T00:00:30+00:00")
    rng = random.Random(args.seed)
    totals = {door: Outcome() for door in doors}
    played = {door: [0, 0] for door in doors}
    failed: list[tuple[str, object, list[str]]] = []
    started = time.perf_counter()
    for n in range(args.games):
        door = doors[n % len(doors)]
        plan = random_plan(rng, door)
        with tempfile.TemporaryDirectory() as home:
            os.environ["LITERATURE_HOME"] = home
            outcome = DOORS[door](plan, Path(home))  # type: ignore[operator]
        total = totals[door]
        total.requests += outcome.requests
        if outcome.worst > total.worst:
            total.worst, total.worst_what = outcome.worst, outcome.worst_what
        played[door][0] += 1
        played[door][1] += outcome.over and not outcome.failures
        if outcome.failures:
            failed.append((door, plan, outcome.failures))
        total.failures += outcome.failures
        print(f"{n + 1:>4} {door:<8} {plan.variant} {plan.players}p people={plan.people} coach={plan.coach} "
              f"bots={plan.bots}: {outcome.requests} requests, {'ended' if outcome.over else 'NOT ENDED'}, "
              f"{len(outcome.failures)} failures, worst {outcome.worst:.2f} s", flush=True)
    seconds = time.perf_counter() - started
    print(f"\n{'door':<9} {'games':>5} {'ended':>5} {'requests':>8} {'failures':>8}  worst request")
    for door in doors:
        t = totals[door]
        print(f"{door:<9} {played[door][0]:>5} {played[door][1]:>5} {t.requests:>8} {len(t.failures):>8}  "
              f"{t.worst:.2f} s ({t.worst_what})")
    print(f"all       {sum(g for g, _ in played.values()):>5} {sum(e for _, e in played.values()):>5} "
          f"{sum(t.requests for t in totals.values()):>8} {sum(len(t.failures) for t in totals.values()):>8}  "
          f"{max(t.worst for t in totals.values()):.2f} s; {seconds:.0f} s in all")
    for door, plan, failures in failed:
        print(f"\nFAILED at {door}: {plan}")
        for failure in failures:
            print("  " + failure[:2000].replace("\n", "\n  "))


if __name__ == "__main__":
    main()
