"""Speed of the exact engine: every prefix of whole games, every view, as `make bench` runs it.

    .venv/bin/python benchmarks/solve.py [--games N] [--random-games N] [--seed S] [--out DIR]
                                         [--reference-step K] [--tables classic6,classic8,...]
                                         [--cap SECONDS] [--baseline-states N] [--repeat R]

A position is "solved" as ``literature solve`` does it: the count of deals and
every card's holders. Measured:

1. games between ``basic`` bots (their asks concentrate on few sets) and games
   of random legal play (:func:`trainer.game.randomplay.random_game`: everyone
   asks about every set they hold from the first round on, the hard case), of
   every table: every prefix, every player's view and the public view; median,
   95th percentile and worst per table and view, and the time to analyse a
   whole game from every view at every event (what ``review`` does). The goals
   of issue 12 are checked: p95 at most 20 ms at 6 players and 50 ms at 8,
   worst at most 0.5 s.
2. the engine as it was before issue 12 (``passes.count_total`` and
   ``counting.marginals``, pure Python), kept as the reference, on every
   ``--reference-step``-th prefix of the first random game of each table, from
   the first seat and the public view: the speed ratio on the same positions.
3. the five slowest positions, written as ``.lit`` files (the viewer's hand
   listed, or none for the public view) to ``--out`` so anyone can rerun them
   with ``literature solve FILE``.
4. peak memory, and the load average, since the machine may be shared. The factored pass's compiled
   code is loaded before any time is taken (its one-off load is printed apart), as in a long run.
5. the first formulation a user would write (:mod:`baseline`: one
   python-constraint problem over all unknown cards) on a sample of 6-player
   states, each in a subprocess stopped at ``--cap`` seconds.
"""

from __future__ import annotations

import argparse
import heapq
import multiprocessing
import os
import random
import resource
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from baseline import possible_holders

from trainer.engine import compiled, solve
from trainer.engine.constraints import History
from trainer.engine.counting import marginals
from trainer.engine.passes import count_total
from trainer.engine.solve import _current, counting_model
from trainer.files import write_atomic
from trainer.game.events import Event
from trainer.game.notation import Game, write_game
from trainer.game.randomplay import random_game
from trainer.game.state import Setup
from trainer.play.bots import BotKind
from trainer.play.simulate import GameJob, play, replay

TABLES = {"classic6": ("classic", 6), "classic8": ("classic", 8), "fish54-6": ("fish54", 6), "fish54-8": ("fish54", 8)}
GOAL_P95 = {6: 0.020, 8: 0.050}
GOAL_WORST = 0.5
SLOWEST = 5

Position = tuple[float, str, Setup, tuple[Event, ...], str | None]


def solve_fully(setup: Setup, events: Sequence[Event], viewer: str | None) -> float:
    """CPU seconds to count the deals and every card's holders, as ``literature solve`` does (the
    process's CPU time: on a shared machine the wall clock also counts other people's work)."""
    start = time.process_time()
    knowledge = solve(setup, events, viewer)
    for card in knowledge.cards:
        knowledge.holders(card)
    return time.process_time() - start


def solve_before(setup: Setup, events: Sequence[Event], viewer: str | None) -> float:
    """The same with the engine as it was before issue 12 (the pure-Python passes)."""
    start = time.process_time()
    history = History.build(setup, events, viewer)
    model = counting_model(history)
    count_total(model.problem)
    _current(history, model, marginals(model.problem))
    return time.process_time() - start


def quantiles(times: list[float]) -> tuple[float, float, float]:
    """Median, 95th percentile and worst."""
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return statistics.median(ordered), p95, ordered[-1]


def describe(times: list[float]) -> str:
    median, p95, worst = quantiles(times)
    return f"median {median * 1000:7.1f} ms   p95 {p95 * 1000:7.1f} ms   worst {worst * 1000:7.0f} ms"


def bot_games(variant: str, players: int, count: int, seed: int) -> list[Game]:
    jobs = [GameJob(i, seed, variant, players, BotKind.BASIC, BotKind.BASIC) for i in range(1, count + 1)]  # type: ignore[arg-type]
    return [replay(play(job)) for job in jobs]


def random_games(variant: str, players: int, count: int, seed: int) -> list[Game]:
    return [random_game(random.Random(seed * 1000 + i), variant, players) for i in range(count)]


def analyse(
    label: str, games: list[Game], slowest: list[Position], repeat: int = 1
) -> tuple[list[float], list[float], list[float]]:
    """Every prefix, every view of each game: the times per view kind and per whole game (the sum of
    its positions' times); each position's time is the least of ``repeat`` runs."""
    player_times: list[float] = []
    public_times: list[float] = []
    whole: list[float] = []
    for game in games:
        total = 0.0
        for n in range(len(game.events) + 1):
            prefix = game.events[:n]
            for viewer in (*game.setup.players, None):
                seconds = min(solve_fully(game.setup, prefix, viewer) for _ in range(repeat))
                total += seconds
                (public_times if viewer is None else player_times).append(seconds)
                entry = (seconds, label, game.setup, prefix, viewer)
                if len(slowest) < SLOWEST:
                    heapq.heappush(slowest, entry)  # type: ignore[misc]
                elif seconds > slowest[0][0]:
                    heapq.heapreplace(slowest, entry)  # type: ignore[misc]
        whole.append(total)
    return player_times, public_times, whole


def write_position(folder: Path, rank: int, position: Position) -> Path:
    seconds, label, setup, events, viewer = position
    who = viewer or "public"
    path = folder / f"slow{rank}-{label}-{len(events)}ev-{who}.lit"
    text = f"# {seconds * 1000:.0f} ms when benchmarked; rerun: literature solve {path.name}\n"
    write_atomic(path, text + write_game(Game(setup.seen_by(viewer), events)), force=True)
    return path


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


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1, help="games of basic bots per table (default 1)")
    parser.add_argument("--random-games", type=int, default=2, help="games of random play per table (default 2)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tables", default=",".join(TABLES), help=f"comma-separated, of {', '.join(TABLES)}")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "out",
                        help="folder for the slowest positions (default benchmarks/out)")
    parser.add_argument("--reference-step", type=int, default=10,
                        help="the pre-issue-12 engine on every K-th prefix of the first random game (0: skip)")
    parser.add_argument("--cap", type=float, default=2.0, help="baseline time cap per state, seconds")
    parser.add_argument("--baseline-states", type=int, default=24, help="6-player states given to the baseline")
    parser.add_argument("--repeat", type=int, default=1,
                        help="solve each position this many times and keep the least time, against a shared "
                             "machine's noise (the later runs find its sets' tables and order cached)")
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error(f"--repeat must be at least 1 (got {args.repeat})")
    tables = [TABLES[t.strip()] for t in args.tables.split(",")]

    print(f"exact engine: every prefix, every view, CPU seconds of this process; {load()} at start")
    start = time.process_time()
    compiled.load()  # as in any long run (review, bots, mining): loaded once, then reused
    print(f"  the factored pass's compiled code loaded in {time.process_time() - start:.2f} s, once (not in the times)")
    slowest: list[Position] = []
    missed = 0
    sample: list[tuple[Setup, tuple[Event, ...], str | None, float]] = []
    reference: list[tuple[str, float, float]] = []
    for variant, players in tables:
        label = f"{variant}-{players}p"
        for kind, games in (("bots", bot_games(variant, players, args.games, args.seed)),
                            ("random", random_games(variant, players, args.random_games, args.seed))):
            if not games:  # --games 0 or --random-games 0: nothing of this kind to time
                continue
            player_times, public_times, whole = analyse(label, games, slowest, args.repeat)
            for view, times in (("player", player_times), ("public", public_times)):
                _, p95, worst = quantiles(times)
                ok = p95 <= GOAL_P95[players] and worst <= GOAL_WORST
                missed += not ok
                print(f"  {label:11} {kind:6} {view:6} views ({len(times):5} states): {describe(times)}"
                      f"  {'ok' if ok else 'MISSED'}", flush=True)
            print(f"  {label:11} {kind:6} whole game, every event, every view: "
                  + ", ".join(f"{w:.1f} s ({len(g.events)} events)" for w, g in zip(whole, games, strict=True)),
                  flush=True)
            if kind == "bots" and (variant, players) == ("classic", 6):
                game = games[0]
                for n in range(0, len(game.events) + 1, 5):
                    viewer, prefix = game.setup.players[n % 6], game.events[:n]
                    sample.append((game.setup, prefix, viewer, solve_fully(game.setup, prefix, viewer)))
            if kind == "random" and args.reference_step:
                game = games[0]
                for n in range(0, len(game.events) + 1, args.reference_step):
                    for viewer in (game.setup.players[0], None):
                        before = solve_before(game.setup, game.events[:n], viewer)
                        now = solve_fully(game.setup, game.events[:n], viewer)
                        reference.append((label, before, now))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (resident): {peak:.0f} MB; {load()}")

    if reference:
        print(f"\nbefore issue 12 (pure-Python passes) against now, every {args.reference_step}th prefix of the first"
              " random game, first seat and public view:")
        for label in dict.fromkeys(r[0] for r in reference):
            rows = [(b, n) for lab, b, n in reference if lab == label]
            before, now = [b for b, _ in rows], [n for _, n in rows]
            print(f"  {label:11} before: {describe(before)}")
            print(f"  {label:11} now:    {describe(now)}")
            print(f"  {label:11} total {sum(before):.1f} s -> {sum(now):.1f} s: {sum(before) / sum(now):.1f}x faster;"
                  f" worst {max(before) / max(now):.0f}x")

    args.out.mkdir(parents=True, exist_ok=True)
    print(f"\nthe {SLOWEST} slowest positions, written to {args.out}:")
    for rank, position in enumerate(sorted(slowest, key=lambda p: -p[0]), start=1):
        path = write_position(args.out, rank, position)
        print(f"  {position[0] * 1000:7.0f} ms  {path}")

    if sample and args.baseline_states:
        run_baseline(sample, args.baseline_states, args.cap)
    print(f"\n{load()} at the end; goals: {'all met' if not missed else f'{missed} table/view(s) MISSED'}")
    return 1 if missed else 0


def run_baseline(sample: list[tuple[Setup, tuple[Event, ...], str | None, float]], states: int, cap: float) -> None:
    step = max(1, len(sample) // states)
    chosen = sample[::step][:states]
    print(f"\nbaseline: {len(chosen)} classic 6-player states from player views, cap {cap:.1f} s each")
    finished: list[tuple[float, float]] = []
    unfinished = 0
    for setup, events, who, ours in chosen:
        theirs = baseline_time(setup, events, who, cap)
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
    capped = statistics.median([cap if i >= len(finished) else t for i, (t, _) in
                                enumerate(finished + [(cap, 0.0)] * unfinished)])
    print(f"  baseline could not finish {unfinished} of {len(chosen)} within {cap:.1f} s;"
          f" counting those at the cap, median ratio >= {capped / statistics.median(ours_all):.0f}x")


if __name__ == "__main__":
    sys.exit(main())
