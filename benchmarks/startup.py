"""How fast the ``literature`` command starts: ``--help``, and a one-off ``solve`` of 6-player positions.

    .venv/bin/python benchmarks/startup.py [--runs N]

Each run is a new Python process (``python -m trainer …``), as a person at a
shell starts one; what counts is the fastest of ``--runs`` runs (5 by
default), so that a moment of waiting for a core on a shared machine does not
count, and the goal of issue 27 is checked against it: ``literature --help``
at most 0.3 s of wall time, a one-off ``solve`` of a 6-player position at most
0.5 s; ``daily`` at most 0.5 s, and ``train`` and ``learn`` (which read the whole built-in pack, 5,181
puzzles) at most 1.0 s (``train`` to its first question, where its input ends; ``learn`` to its second, after one
answer). The positions are ``tests/data/six-diamonds.lit`` and
``tests/data/complete-classic-6p.lit`` at a middle event (``--at``), and the
latter's hardest public position (event 21: there the engine's quick sweep
stops at its budget and the factored pass loads numba's compiled loops); and
issue 43's slowest random-play public positions at 6 and 8 players
(:data:`RANDOM`), goal 0.6 s, start-up and the compiled loops' load included. Wall and
CPU time (user + system of the child) are printed, with the load average.
The exit code is 0 when every goal is met, 1 otherwise.

As in an installed package, the modules' compiled bytecode is kept between
runs (``PYTHONDONTWRITEBYTECODE`` is left out of the children's environment,
and one run of each case before the timed ones writes it): compiling the
project's modules from source takes a tenth of a second more on every start.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from trainer.game.notation import Game, write_game  # noqa: E402
from trainer.game.randomplay import random_game  # noqa: E402

DATA = ROOT / "tests" / "data"
COMMAND = [sys.executable, "-m", "trainer"]
CASES: list[tuple[str, list[str], float]] = [
    ("--help", ["--help"], 0.3),
    ("solve six-diamonds", ["solve", str(DATA / "six-diamonds.lit")], 0.5),
    ("solve complete 6p --at 130 --as Ann",
     ["solve", str(DATA / "complete-classic-6p.lit"), "--at", "130", "--as", "Ann"], 0.5),
    ("solve complete 6p --at 130 --public",
     ["solve", str(DATA / "complete-classic-6p.lit"), "--at", "130", "--public"], 0.5),
    ("solve complete 6p --at 21 --public",  # the game's hardest public position: the sweep gives up, numba loads
     ["solve", str(DATA / "complete-classic-6p.lit"), "--at", "21", "--public"], 0.5),
    ("daily (end of input)", ["daily"], 0.5),
    ("train --count 1 (end of input)", ["train", "--count", "1", "--seed", "2"], 1.0),  # reads the whole pack
    ("learn 1 (one answer)", ["learn", "1"], 1.0),
]
"""Name, arguments and goal (seconds of wall time, fastest run)."""
INPUT = {"learn 1 (one answer)": b"Ann 2D\n"}
"""What a case types (the others' input is empty: a session ends at its first question)."""

RANDOM = [("fish54", 8, 2, 30), ("fish54", 8, 2, 40), ("classic", 8, 0, 30), ("fish54", 6, 2, 20)]
"""Issue 43's slowest random-play public positions (``benchmarks/random_play.py``, seed 43): variant,
players, game, event; written to a temporary folder and solved one-off, goal 0.6 s."""


def random_cases(folder: Path) -> list[tuple[str, list[str], float]]:
    """The :data:`RANDOM` positions as ``.lit`` files in ``folder``, and their cases."""
    cases = []
    for variant, players, index, at in RANDOM:
        game = random_game(random.Random(43 * 1000 + index), variant, players)
        path = folder / f"{variant}-{players}p-{index}.lit"
        path.write_text(write_game(Game(game.setup.seen_by(None), game.events)))
        cases.append((f"solve random {variant} {players}p g{index} --at {at} --public",
                      ["solve", str(path), "--at", str(at), "--public"], 0.6))
    return cases


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(args: list[str], env: dict[str, str], typed: bytes = b"") -> tuple[float, float]:
    """Wall and CPU seconds of one fresh ``literature`` process given ``args`` and ``typed`` as its input."""
    start, used = time.perf_counter(), _children_cpu()
    subprocess.run([*COMMAND, *args], input=typed, capture_output=True, env=env, check=True, cwd=ROOT)
    return time.perf_counter() - start, _children_cpu() - used


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh processes of each case (the fastest counts)")
    parser.add_argument("--numba", action="store_true",
                        help="each case also with numba's run-time loops (LITERATURE_LOOPS=numba) instead of the "
                             "loops built ahead of time")
    args = parser.parse_args()
    met = True
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, LITERATURE_HOME=home, COLUMNS="80")
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
        for name, case, goal in CASES + random_cases(Path(home)):
            typed = INPUT.get(name, b"")
            timed(case, env, typed)  # writes the bytecode, as installing does
            runs = [timed(case, env, typed) for _ in range(args.runs)]
            wall = min(w for w, _ in runs)
            cpu = min(c for _, c in runs)
            ok = wall <= goal
            met = met and ok
            walls = " ".join(f"{w:.3f}" for w, _ in runs)
            print(f"{name:<36} wall min {wall:.3f} s (runs: {walls}), CPU min {cpu:.3f} s; "
                  f"goal {goal} s: {'met' if ok else 'MISSED'}")
            if args.numba:
                env_numba = dict(env, LITERATURE_LOOPS="numba")
                timed(case, env_numba, typed)
                numba_runs = [timed(case, env_numba, typed) for _ in range(args.runs)]
                print(f"{'':<36} with numba's loops instead: wall min {min(w for w, _ in numba_runs):.3f} s, "
                      f"CPU min {min(c for _, c in numba_runs):.3f} s")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} cores, "
          f"Python {sys.version.split()[0]}")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
