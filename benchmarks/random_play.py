"""The engine on random-play positions drawn fresh from a seed, today's engine against a frozen baseline.

    .venv/bin/python benchmarks/random_play.py [--games N] [--step K] [--seed S] [--baseline REV]
                                               [--tables classic6,classic8,fish54-6,fish54-8] [--views public,seat]

Issue 43's measure: ``--games`` games of random legal play per table
(:func:`trainer.game.randomplay.random_game`, seeds ``S*1000+i``), every ``--step``-th prefix
(1: every prefix), from one seat's view (a different seat at each prefix) and the public view. Each
position is solved as ``literature solve`` does (the count of deals and every card's holders) by the
engine of git revision ``--baseline`` (its ``trainer/engine`` copied out of git into
``benchmarks/out/`` as a package of its own, the rest of ``trainer`` shared) and by today's, in turn,
in one process, and the two answers are compared (every count, exactly). Both engines' compiled loops
are loaded before any time is taken (their load is printed apart). Printed per (variant, players,
view): median, p95 and worst CPU milliseconds of each engine and the ratios, and the goals of issue 43
(public p95 at most 20 ms at 6 players and 25 ms at 8, seats' views no slower than the baseline, the
worst position at most 0.1 s). The slowest positions are written as ``.lit`` files to ``--out``.
"""

from __future__ import annotations

import argparse
import importlib
import io
import os
import random
import resource
import statistics
import subprocess
import sys
import tarfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import trainer.engine.solve  # noqa: E402, F401 (today's engine, read from sys.modules)
from trainer.engine import compiled  # noqa: E402
from trainer.game.events import Event  # noqa: E402
from trainer.game.notation import Game, write_game  # noqa: E402
from trainer.game.randomplay import random_game  # noqa: E402
from trainer.game.state import Setup  # noqa: E402

TABLES = {"classic6": ("classic", 6), "classic8": ("classic", 8), "fish54-6": ("fish54", 6), "fish54-8": ("fish54", 8)}
GOAL_PUBLIC_P95 = {6: 0.020, 8: 0.025}
GOAL_WORST = 0.1
BASELINE = "3b8baff"  # main when issue 43's work began
SLOWEST = 5


def frozen_engine(revision: str, out: Path) -> ModuleType:
    """The ``trainer.engine`` package of git ``revision`` as a package of its own (``engine_<rev>``),
    its imports of itself rewritten; its compiled loops are cached beside it (compiled once)."""
    rev = subprocess.run(["git", "rev-parse", "--short", revision], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.strip()
    name = f"engine_{rev}"
    folder = out / name
    if not (folder / "solve.py").exists():
        archive = subprocess.run(["git", "archive", rev, "trainer/engine"], cwd=ROOT, capture_output=True,
                                 check=True).stdout
        folder.mkdir(parents=True, exist_ok=True)
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            for member in tar.getmembers():
                if member.isfile() and member.name.endswith(".py"):
                    source = tar.extractfile(member)
                    assert source is not None
                    text = source.read().decode().replace("trainer.engine", name)
                    (folder / Path(member.name).name).write_text(text)
    if str(out) not in sys.path:
        sys.path.insert(0, str(out))
    return importlib.import_module(f"{name}.solve")


Solver = Callable[[Setup, Sequence[Event], "str | None"], dict[str, dict[str, int]]]


def answer(module: ModuleType) -> Solver:
    """``literature solve``'s work with ``module``'s engine: the deals and every card's counts."""

    def run(setup: Setup, events: Sequence[Event], viewer: str | None) -> dict[str, dict[str, int]]:
        knowledge = module.solve(setup, events, viewer)
        counts = {card.code: {p: knowledge.count(card, p) for p in setup.players} for card in knowledge.cards}
        counts[""] = {"deals": knowledge.deals}
        return counts

    return run


def timed(solver: Solver, setup: Setup, events: Sequence[Event], viewer: str | None
          ) -> tuple[float, dict[str, dict[str, int]]]:
    start = time.process_time()
    result = solver(setup, events, viewer)
    return time.process_time() - start, result


def quantiles(times: list[float]) -> tuple[float, float, float]:
    """Median, 95th percentile and worst."""
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return statistics.median(ordered), p95, ordered[-1]


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6, help="random games per table (default 6)")
    parser.add_argument("--step", type=int, default=10, help="every K-th prefix (default 10; 1: every prefix)")
    parser.add_argument("--seed", type=int, default=43)
    parser.add_argument("--baseline", default=BASELINE, help=f"git revision of the baseline engine ({BASELINE})")
    parser.add_argument("--tables", default=",".join(TABLES), help=f"comma-separated, of {', '.join(TABLES)}")
    parser.add_argument("--views", default="public,seat", help="public, seat or both (default both)")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "out")
    args = parser.parse_args()
    views = [v.strip() for v in args.views.split(",")]
    tables = [TABLES[t.strip()] for t in args.tables.split(",")]

    print(f"random play, every {args.step}th prefix of {args.games} games per table, seed {args.seed}; "
          f"baseline {args.baseline}; CPU ms of this process; {load()} at start", flush=True)
    base_module = frozen_engine(args.baseline, args.out)
    start = time.process_time()
    importlib.import_module(f"{base_module.__name__.split('.')[0]}.kernels")
    print(f"  baseline: compiled loops loaded in {time.process_time() - start:.2f} s (not in the times)")
    start = time.process_time()
    loops = compiled.load().__name__
    print(f"  today: compiled loops ({'ahead of time' if compiled.built() else 'numba'}: {loops}) loaded in "
          f"{time.process_time() - start:.3f} s (not in the times)")
    engines = {"baseline": answer(base_module), "today": answer(sys.modules["trainer.engine.solve"])}
    times: dict[tuple[str, int, str], dict[str, list[float]]] = {}
    slowest: list[tuple[float, str, Setup, tuple[Event, ...], str | None]] = []
    differ = 0
    for variant, players in tables:
        for i in range(args.games):
            game = random_game(random.Random(args.seed * 1000 + i), variant, players)
            for n in range(0, len(game.events) + 1, args.step):
                prefix = tuple(game.events[:n])
                for view in views:
                    viewer = None if view == "public" else game.setup.players[(n // args.step) % players]
                    order = ("baseline", "today") if n % 2 else ("today", "baseline")
                    results = {}
                    row = times.setdefault((variant, players, view), {"baseline": [], "today": []})
                    for name in order:
                        seconds, results[name] = timed(engines[name], game.setup, prefix, viewer)
                        row[name].append(seconds)
                        if name == "today":
                            slowest.append((seconds, f"{variant}-{players}p-g{i}", game.setup, prefix, viewer))
                    if results["baseline"] != results["today"]:
                        differ += 1
                        print(f"  DIFFERENT ANSWERS: {variant} {players}p game {i} event {n} {view}", flush=True)
        for view in views:
            row = times[(variant, players, view)]
            b, t = quantiles(row["baseline"]), quantiles(row["today"])
            goal = GOAL_PUBLIC_P95.get(players) if view == "public" else b[1]
            ok = t[1] <= (goal or 0) * (1.0 if view == "public" else 1.1) and t[2] <= GOAL_WORST
            print(f"  {variant:7} {players}p {view:6} ({len(row['today']):4} positions)  "
                  f"baseline p50 {b[0] * 1000:6.1f} p95 {b[1] * 1000:6.1f} worst {b[2] * 1000:6.0f}  |  "
                  f"today p50 {t[0] * 1000:6.1f} p95 {t[1] * 1000:6.1f} worst {t[2] * 1000:6.0f}  |  "
                  f"ratio p50 {b[0] / max(t[0], 1e-9):4.1f}x p95 {b[1] / max(t[1], 1e-9):4.1f}x "
                  f"worst {b[2] / max(t[2], 1e-9):4.1f}x  {'ok' if ok else 'MISSED'}", flush=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory {peak:.0f} MB; {load()} at the end; answers differing: {differ}")
    args.out.mkdir(parents=True, exist_ok=True)
    print(f"the {SLOWEST} slowest positions (today), written to {args.out}:")
    for rank, (seconds, label, setup, events, viewer) in enumerate(sorted(slowest, key=lambda s: -s[0])[:SLOWEST], 1):
        who = viewer or "public"
        path = args.out / f"random-{rank}-{label}-{len(events)}-{who}.lit"
        path.write_text(write_game(Game(setup.seen_by(viewer), events)))
        print(f"  {seconds * 1000:7.1f} ms  {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
