"""Speed of the exact engine, with the naive formulation as a baseline in the same run.

    .venv/bin/python benchmarks/solve.py [--games 1] [--seed 0] [--cap 2.0] [--baseline-states 24]

Plays games between ``basic`` bots (6-player classic, 8-player classic,
6- and 8-player fish54), solves every prefix of every game from every
player's view and the public view (the deal count and every card's holder
distribution, as ``literature solve`` does), and prints the median and 95th
percentile time per state and the peak memory. Then it runs the baseline
(:mod:`baseline`: one python-constraint problem over all unknown cards with
hand-size constraints, one search per card-player pair) on a sample of
6-player states, each in a subprocess stopped at ``--cap`` seconds, and
prints the speed ratio and how many states it could not finish.
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from baseline import possible_holders

from trainer.game.events import Event
from trainer.game.notation import Game
from trainer.game.state import Setup
from trainer.knowledge import solve
from trainer.play.bots import BotKind
from trainer.play.simulate import GameJob, play, replay

TABLES = (("classic", 6), ("classic", 8), ("fish54", 6), ("fish54", 8))


def solve_fully(setup: Setup, events: Sequence[Event], viewer: str | None) -> float:
    start = time.perf_counter()
    knowledge = solve(setup, events, viewer)
    for card in knowledge.cards:
        knowledge.holders(card)
    return time.perf_counter() - start


def quantiles(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    median = statistics.median(ordered) * 1000
    return f"median {median:7.1f} ms   p95 {p95 * 1000:7.1f} ms   max {ordered[-1] * 1000:7.0f} ms"


def games(variant: str, players: int, count: int, seed: int) -> list[Game]:
    jobs = [GameJob(i, seed, variant, players, BotKind.BASIC, BotKind.BASIC) for i in range(1, count + 1)]  # type: ignore[arg-type]
    return [replay(play(job)) for job in jobs]


def _baseline_worker(args: tuple[Setup, Sequence[Event], str | None], out: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    start = time.perf_counter()
    possible_holders(*args)
    out.put(time.perf_counter() - start)


def baseline_time(setup: Setup, events: Sequence[Event], viewer: str | None, cap: float) -> float | None:
    queue: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
    worker = multiprocessing.Process(target=_baseline_worker, args=((setup, events, viewer), queue))
    worker.start()
    worker.join(cap + 1.0)
    if worker.is_alive():
        worker.kill()
        worker.join()
        return None
    seconds: float = queue.get()
    return seconds if seconds <= cap else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1, help="games per table (default 1)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cap", type=float, default=2.0, help="baseline time cap per state, seconds")
    parser.add_argument("--baseline-states", type=int, default=24, help="6-player states given to the baseline")
    args = parser.parse_args()

    sample: list[tuple[Setup, tuple[Event, ...], str | None, float]] = []
    print(f"exact engine: every prefix, every view ({args.games} game(s) of basic bots per table)")
    for variant, players in TABLES:
        player_times: list[float] = []
        public_times: list[float] = []
        whole: list[float] = []
        for game in games(variant, players, args.games, args.seed):
            start = time.perf_counter()
            for n in range(len(game.events) + 1):
                prefix = game.events[:n]
                for viewer in game.setup.players:
                    seconds = solve_fully(game.setup, prefix, viewer)
                    player_times.append(seconds)
                    if players == 6 and variant == "classic" and n % 5 == 0 and viewer == game.setup.players[n % 6]:
                        sample.append((game.setup, prefix, viewer, seconds))
                public_times.append(solve_fully(game.setup, prefix, None))
            whole.append(time.perf_counter() - start)
        label = f"{variant} {players}p"
        print(f"  {label:11} player views ({len(player_times):5} states): {quantiles(player_times)}")
        print(f"  {label:11} public view  ({len(public_times):5} states): {quantiles(public_times)}")
        print(f"  {label:11} whole-game analysis (every event, every viewer): "
              + ", ".join(f"{w:.1f} s" for w in whole))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (resident): {peak:.0f} MB")

    step = max(1, len(sample) // args.baseline_states)
    chosen = sample[::step][: args.baseline_states]
    print(f"\nbaseline: {len(chosen)} classic 6-player states from player views, cap {args.cap:.1f} s each")
    finished: list[tuple[float, float]] = []
    unfinished = 0
    for setup, events, who, ours in chosen:
        theirs = baseline_time(setup, events, who, args.cap)
        if theirs is None:
            unfinished += 1
        else:
            finished.append((theirs, ours))
    ours_all = [o for *_, o in chosen]
    print(f"  exact engine on these states: median {statistics.median(ours_all) * 1000:.1f} ms")
    if finished:
        ratio = statistics.median(t / max(o, 1e-6) for t, o in finished)
        print(f"  baseline finished {len(finished)}: median {statistics.median(t for t, _ in finished) * 1000:.0f} ms;"
              f" median speed ratio {ratio:.0f}x")
    capped = statistics.median([args.cap if i >= len(finished) else t for i, (t, _) in
                                enumerate(finished + [(args.cap, 0.0)] * unfinished)])
    print(f"  baseline could not finish {unfinished} of {len(chosen)} within {args.cap:.1f} s;"
          f" counting those at the cap, median ratio >= {capped / statistics.median(ours_all):.0f}x")


if __name__ == "__main__":
    main()
