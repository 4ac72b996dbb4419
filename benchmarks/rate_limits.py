"""The rate limits' cost per request as distinct keys pile up (issue 56, row 6): 30,000 new Bearer values.

    PYTHONPATH=. .venv/bin/python benchmarks/rate_limits.py [--keys 30000]

Times ``Limits.allow`` for each new key (a request with a Bearer value never seen) and prints the median
microseconds over the first thousand keys and over the last thousand, with their ratio, for the bounded
buckets of :mod:`trainer.play.limits` and, as the baseline in the same run, the buckets as they were before
(a plain dict rebuilt at each new key once it held 10,000). Also the buckets kept at the end, and the memory
they take (tracemalloc).
"""

from __future__ import annotations

import argparse
import statistics
import time
import tracemalloc
from collections.abc import Callable

from trainer.play.limits import Limits


class Before:
    """The buckets before issue 56: never pruned in practice (a used bucket is below its burst), rebuilt whole
    at each new key past 10,000."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}

    def allow(self, key: str, rate: float, burst: int) -> bool:
        now = self.clock()
        tokens, since = self.buckets.get(key, (float(burst), now))
        tokens = min(float(burst), tokens + (now - since) * rate)
        if len(self.buckets) >= 10_000 and key not in self.buckets:
            self.buckets = {k: v for k, v in self.buckets.items() if v[0] < burst}
        allowed = tokens >= 1
        self.buckets[key] = (tokens - 1 if allowed else tokens, now)
        return allowed


def run(limits: Limits | Before, keys: int) -> tuple[float, float, int, float]:
    """Median µs per new key over the first and the last thousand, the buckets kept, their MB."""
    times = []
    tracemalloc.start()
    for number in range(keys):
        key = f"read:{number:032x}"
        started = time.perf_counter()
        limits.allow(key, 30.0, 60)
        times.append((time.perf_counter() - started) * 1e6)
    size = tracemalloc.get_traced_memory()[0] / 1e6
    tracemalloc.stop()
    return statistics.median(times[:1000]), statistics.median(times[-1000:]), len(limits.buckets), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=30_000)
    args = parser.parse_args()
    clock = time.monotonic
    for name, limits in (("before", Before(clock)), ("bounded", Limits(clock))):
        first, last, kept, mb = run(limits, args.keys)
        print(f"{name:8} first 1,000 keys {first:8.2f} µs, last 1,000 {last:10.2f} µs (x{last / first:.1f}); "
              f"{kept} buckets kept, {mb:.1f} MB")


if __name__ == "__main__":
    main()
