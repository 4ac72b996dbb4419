"""The limits of the tables' and classes' requests: token buckets per client address, per seat, per creator.

    >>> limits = Limits(clock=lambda: 0.0)
    >>> [limits.allow("a", rate=1.0, burst=2) for _ in range(3)]
    [True, True, False]
"""

from __future__ import annotations

import time
from collections.abc import Callable

from trainer.play.table import TableError

CREATE = (1 / 6, 20)
"""Tables a client address may create: one every 6 s, 20 at once (rate per second, burst)."""
JOIN = (1.0, 30)
"""Seats a client address may try to take."""
ACT = (10.0, 40)
"""Actions of one seat (moves, hints, …) or of one address without a seat."""
READ = (30.0, 60)
"""Reads of the state (the pages read the live stream instead)."""
CHAT = (0.5, 5)
"""Lines one seat may say at the table: five at once, then one every 2 s."""


class Limits:
    """Token buckets by key: each key may do ``burst`` things at once, then ``rate`` per second."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, max_keys: int = 10_000) -> None:
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}
        self.max_keys = max_keys

    def allow(self, key: str, rate: float, burst: int) -> bool:
        """Whether ``key`` may do one more thing now (and count it)."""
        now = self.clock()
        tokens, since = self.buckets.get(key, (float(burst), now))
        tokens = min(float(burst), tokens + (now - since) * rate)
        if len(self.buckets) >= self.max_keys and key not in self.buckets:
            self.buckets = {k: v for k, v in self.buckets.items() if v[0] < burst}  # forget the idle ones
        if tokens < 1:
            self.buckets[key] = (tokens, now)
            return False
        self.buckets[key] = (tokens - 1, now)
        return True

    def check(self, key: str, limit: tuple[float, int]) -> None:
        """Raise a 429 :class:`TableError` when ``key`` is over ``limit`` (rate, burst)."""
        if not self.allow(key, *limit):
            raise TableError("too many requests: wait a moment and try again", 429)


