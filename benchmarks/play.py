"""Think time in ``literature play``: each bot's move, and the coach at the person's turn.

    .venv/bin/python benchmarks/play.py [--games N] [--seed S] [--variants classic,fish54]

Plays whole games at 8 players through :class:`trainer.play.match.Match`, the
person's seat moved by ``auto`` (the expert), and times every bot decision
(``Match.bot_move``: the view, the bot, the events) and the coach's work at the
start of each of the person's turns (``Seat.alerts``: one exact solve from the
person's view). The same games are played with ``basic`` bots as the baseline
of the same run. The goal of issue 16: p95 under 0.2 s per move at 8 players
with ``expert`` bots. Prints medians, p95, worst and the ratio to the baseline,
with the load average (timings on a shared machine are noisy).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from trainer.game.variants import Variant
from trainer.play.bots import BotKind
from trainer.play.match import CoachLevel, Match, Seating
from trainer.play.seat import Seat

GOAL = 0.2


Timings = dict[str, list[float]]


def timings(seating: Seating, into: Timings) -> None:
    """Wall and CPU seconds of every bot move and of every coach alert in one whole game."""
    seat = Seat(Match.new(seating))
    match = seat.match
    while not match.over:
        wall, cpu = time.perf_counter(), time.process_time()
        if seat.your_move():
            seat.alerts()
            kind = "coach"
        else:
            match.bot_move()
            kind = "bot"
        into.setdefault(f"{kind} wall", []).append(time.perf_counter() - wall)
        into.setdefault(f"{kind} cpu", []).append(time.process_time() - cpu)
        if kind == "coach":
            seat.respond("auto")


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]


def line(label: str, values: list[float], baseline: list[float] | None = None) -> str:
    median = statistics.median(values)
    text = (f"{label:<32} n={len(values):<4} median {median * 1000:7.1f} ms   p95 {p95(values) * 1000:7.1f} ms   "
            f"worst {max(values) * 1000:7.1f} ms")
    if baseline:
        text += f"   p95 x{p95(values) / max(p95(baseline), 1e-9):.1f} vs basic"
    return text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per variant")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default="classic,fish54")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    worst_p95 = 0.0
    for name in args.variants.split(","):
        variant = Variant.parse(name)
        results: dict[BotKind, Timings] = {}
        for kind in (BotKind.BASIC, BotKind.EXPERT):
            found: Timings = {}
            for game in range(args.games):
                seating = Seating(seed=args.seed + game, variant=variant, players=8, partners=kind, opponents=kind,
                                  coach=CoachLevel.ALERT)
                timings(seating, found)
            results[kind] = found
        basic, expert = results[BotKind.BASIC], results[BotKind.EXPERT]
        print(f"{variant.value}, 8 players, {args.games} games per row")
        for clock in ("wall", "cpu"):
            print("  " + line(f"bot move, basic ({clock}, baseline)", basic[f"bot {clock}"]))
            print("  " + line(f"bot move, expert ({clock})", expert[f"bot {clock}"], basic[f"bot {clock}"]))
            print("  " + line(f"coach at your turn ({clock})", expert[f"coach {clock}"]))
        worst_p95 = max(worst_p95, p95(expert["bot wall"]))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    verdict = "meets" if worst_p95 < GOAL else "misses"
    print(f"expert p95 {worst_p95 * 1000:.1f} ms per move: {verdict} the goal of {GOAL * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
