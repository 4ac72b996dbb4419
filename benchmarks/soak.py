"""A soak: tables of people and bots and learners answering, all at once against one server, for minutes.

    PYTHONPATH=. .venv/bin/python benchmarks/soak.py [--tables 10] [--learners 20] [--seconds 600] [--pace 0.5]
                                                     [--attack]

Starts ``literature serve`` in its own process over a fresh data folder (as
``benchmarks/tables.py`` does) and runs against it, at once, for ``--seconds``:

- ``--tables`` scripted people of ``benchmarks/tables.py`` (``person``): each opens a table through the
  JSON API, sits with bots moving ``--pace`` seconds apart, plays ``auto`` when their own stream says it is
  their move, beside a spectator's stream; a new table when a game ends;
- ``--learners`` simulated learners of ``benchmarks/web.py`` (``learner``): each trains through the pages
  (form tokens), answering puzzle after puzzle;
- with ``--attack``, the floods of ``benchmarks/attacker.py`` beside them, from addresses of their own, for
  the whole run (issue 56): bodies that never come, new Bearer values, tables and classes made from 8
  addresses, junk JSON, padded uploads. The honest load must still be answered with 0 errors, and the
  attacks get no 5xx but the 503 of a cap.

Measured: requests made, errors (a refused request other than the expected 4xx, the limit on new tables
that a person waits out; a request that failed; a broken stream; a table's file missing
an event its streams announced; a learner's store missing an answer; a line the server logged as an error;
any 5xx), games played, answers stored, latency median/p95/worst, and the server process's memory (VmRSS
from ``/proc/PID/status`` every few seconds: after the warm-up, the most, the end; the growth from after
the warm-up to the end and its slope). PASS when there are 0 errors, 0 responses of 5xx and the growth is
at most 50 MB; the exit code is 0 on PASS, 1 on FAIL.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks import tables, web
from benchmarks.attacker import Attacker

GROWTH_MB = 50.0
EVERY = 2.0  # seconds between two samples of the server's memory


def rss_mb(pid: int) -> float | None:
    """The process's resident memory (VmRSS) in MB, or None once it is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return None


class Memory:
    """The server's memory, sampled every ``EVERY`` seconds from its start until ``stop``."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.samples: list[tuple[float, float]] = []  # (seconds since the start, MB)
        self.started = time.monotonic()

    def sample(self, stop: threading.Event) -> None:
        while True:
            mb = rss_mb(self.pid)
            if mb is not None:
                self.samples.append((time.monotonic() - self.started, mb))
            if stop.wait(EVERY):
                return

    def after(self, warm: float) -> list[tuple[float, float]]:
        """The samples from ``warm`` seconds on (all of them if there are too few)."""
        later = [(at, mb) for at, mb in self.samples if at >= warm]
        return later if len(later) >= 2 else self.samples


def guarded(target: Callable[..., None], errors: Callable[[str], None], *args: Any) -> threading.Thread:
    """A thread running ``target(*args)`` whose exception, if any, is an error of the run (not a lost thread)."""

    def run() -> None:
        try:
            target(*args)
        except Exception as error:
            errors(f"{target.__name__}: {error!r}")

    return threading.Thread(target=run)


def stats(values: list[float]) -> str:
    if not values:
        return "none"
    return (f"n={len(values):<6} median {statistics.median(values):7.1f} ms   p95 {tables.p95(values):7.1f} ms   "
            f"worst {max(values):7.1f} ms")


def soak(count: int, learners: int, seconds: float, pace: float, attack: bool = False) -> bool:
    """Run the soak and print what it measured; True on PASS."""
    home = Path(tempfile.mkdtemp(prefix="literature-soak-"))
    log = (home / "server.log").open("w")  # a file, not a pipe: a long run's log never blocks the server
    server, base = tables.start_server(home, pace, stderr=log)
    run = tables.Run(home)
    seen = web.Learners()
    memory = Memory(server.pid)
    stop, sampled = threading.Event(), threading.Event()
    sampler = threading.Thread(target=memory.sample, args=(sampled,))
    sampler.start()
    started = time.monotonic()
    deadline = started + seconds
    people = [guarded(tables.person, run.error, base, run, stop, 6, 1000 * (i + 1)) for i in range(count)]
    trainers = [guarded(web.learner, run.error, base, i, deadline, seen) for i in range(learners)]
    attacker = Attacker(base, deadline)
    try:
        for thread in people + trainers:
            thread.start()
        attacks = attacker.start(run.error) if attack else []
        time.sleep(max(0.0, deadline - time.monotonic()))
        stop.set()
        elapsed = time.monotonic() - started
        for thread in trainers + attacks:
            thread.join(120)
        end = rss_mb(server.pid)  # the end of the load, before the pages close
        tables.close_pages(run)
        for thread in people:
            thread.join(60)
        time.sleep(0.5)
        tables.check_saved(run)
        missing = web.unstored(home, seen.answered)
    finally:
        sampled.set()
        sampler.join()
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()
    logged = tables.logged_errors((home / "server.log").read_text())
    errors = run.errors + seen.errors + missing + logged
    statuses = run.statuses + seen.statuses
    fives = sum(n for status, n in statuses.items() if status >= 500)
    streams = len(run.open)
    requests = sum(statuses.values()) + streams

    print(f"{count} tables and {learners} learners for {elapsed:.0f} s on one server process "
          f"(pid {server.pid}, bots {pace} s apart); load average {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    print(f"  requests: {requests} ({sum(run.statuses.values())} of the tables' people, {streams} streams, "
          f"{sum(seen.statuses.values())} of the learners); statuses {dict(sorted(statuses.items()))}")
    print(f"  games: {run.games} played on {len(run.tables)} tables ({run.ended} ended, the rest stopped at the "
          f"end), {run.events} events, {run.messages} stream messages; waits for the limit on new tables "
          f"{run.waits}")
    print(f"  answers stored: {sum(seen.answered.values())} by {len(seen.answered)} learners; not stored: "
          f"{len(missing)}")
    print(f"  latency, the learners' pages      {stats(seen.latencies)}")
    print(f"  latency, the tables' API          {stats([s * 1000 for s in run.requests])}")
    print(f"  latency, change made to a stream  {stats([s * 1000 for s in run.made])}")
    warm = min(60.0, seconds / 5)
    later = memory.after(warm)
    first = later[0][1] if later else float("nan")
    last = end if end is not None else (later[-1][1] if later else float("nan"))
    most = max((mb for _, mb in memory.samples), default=float("nan"))
    growth = last - first
    slope = (statistics.linear_regression([at for at, _ in later], [mb for _, mb in later]).slope * 60
             if len(later) >= 2 else float("nan"))
    print(f"  memory (VmRSS, {len(memory.samples)} samples {EVERY:.0f} s apart): after the warm-up "
          f"({warm:.0f} s) {first:.1f} MB, most {most:.1f} MB, end {last:.1f} MB; growth {growth:+.1f} MB, "
          f"slope {slope:+.2f} MB a minute")
    step = max(1, len(memory.samples) // 10)
    print("  memory over the run: " + ", ".join(f"{at:.0f} s {mb:.0f} MB" for at, mb in memory.samples[::step]))
    if attack:
        print("\n".join(attacker.report()))
    for error in errors[:10]:
        print("  error:", error)
    passed = not errors and not fives and growth <= GROWTH_MB and not attacker.server_errors()
    print(f"{'PASS' if passed else 'FAIL'}: errors {len(errors)} (goal 0), 5xx {fives} (goal 0), "
          f"memory growth {growth:+.1f} MB (goal <= {GROWTH_MB:.0f} MB)")
    return passed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10, help="tables, each with one scripted person")
    parser.add_argument("--learners", type=int, default=20, help="simulated learners at once")
    parser.add_argument("--seconds", type=float, default=600.0, help="how long the soak runs")
    parser.add_argument("--pace", type=float, default=0.5, help="seconds between two bots' moves")
    parser.add_argument("--attack", action="store_true", help="the floods of benchmarks/attacker.py beside the load")
    args = parser.parse_args()
    return 0 if soak(args.tables, args.learners, args.seconds, args.pace, args.attack) else 1


if __name__ == "__main__":
    sys.exit(main())
