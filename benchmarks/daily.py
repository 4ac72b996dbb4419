"""How fast ``literature daily --json`` answers in a fresh process, against the same request through Typer.

    .venv/bin/python benchmarks/daily.py [--runs N]

Each run is a new Python process, as a script calling the command starts one:
``python -m trainer daily --json --date D`` (answered by ``trainer.quick``
without Typer, Rich or the engine), and as the baseline of the same run the
same request through the Typer command (``trainer.cli.app``, every command
loaded). The dates differ from run to run (every weekday's band of the
schedule). Wall time counts waiting for a core on a shared machine, CPU time
(user + system of the child) does not: both are printed, with the load
average. The goal of issue 17: under 0.5 s.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta

GOAL = 0.5
QUICK = [sys.executable, "-m", "trainer"]
TYPER = [sys.executable, "-c", "from trainer.cli import app; app()"]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str], day: date, env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one fresh process answering ``daily --json`` for ``day``."""
    start, used = time.perf_counter(), _children_cpu()
    subprocess.run([*command, "daily", "--json", "--date", day.isoformat()], capture_output=True, env=env,
                   check=True)
    return time.perf_counter() - start, _children_cpu() - used


def summary(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):.3f} s, p95 {p95:.3f} s, worst {ordered[-1]:.3f} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="fresh processes of each kind")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, LITERATURE_HOME=home)
        days = [date(2026, 12, 7) + timedelta(days=i) for i in range(args.runs)]
        quick: list[tuple[float, float]] = []
        typer: list[tuple[float, float]] = []
        for day in days:  # interleaved, so both see the same load
            quick.append(timed(QUICK, day, env))
            typer.append(timed(TYPER, day, env))
    load = os.getloadavg()
    for name, runs in (("daily --json", quick), ("same via Typer", typer)):
        print(f"{name:<15} wall: {summary([w for w, _ in runs])}")
        print(f"{'':<15} CPU:  {summary([c for _, c in runs])}")
    wall = statistics.median(w for w, _ in quick)
    cpu = statistics.median(c for _, c in quick)
    print(f"ratio daily --json / via Typer (medians): wall {wall / statistics.median(w for w, _ in typer):.2f}, "
          f"CPU {cpu / statistics.median(c for _, c in typer):.2f}; {args.runs} runs each; "
          f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} cores")
    print(f"goal: daily --json under {GOAL} s: CPU {'met' if cpu < GOAL else 'MISSED'} ({cpu:.3f} s), "
          f"wall {'met' if wall < GOAL else 'MISSED'} ({wall:.3f} s)")
    return 0 if cpu < GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
