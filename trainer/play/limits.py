"""Rate limits of a server: token buckets by key, bounded in memory, at a constant cost per request.

Each key (``"create:" + address``, ``"act:" + secret``, …) may do ``burst``
things at once, then ``rate`` per second. The buckets are kept in the order
they were last used: a bucket idle for :data:`MAX_IDLE` seconds is full again
(every limit refills within it), so it is forgotten (the same as a new key);
beyond :data:`MAX_KEYS` buckets, the least recently used is forgotten. Each
request moves its own bucket to the end and looks at the oldest only: its cost
does not grow with the number of keys (30,000 distinct Bearer values held the
server's event loop for 15 ms each before issue 56).

    >>> now = [0.0]
    >>> limits = Limits(clock=lambda: now[0], max_keys=2)
    >>> [limits.allow("a", rate=1.0, burst=2) for _ in range(3)]
    [True, True, False]
    >>> _ = limits.allow("b", 1.0, 2), limits.allow("c", 1.0, 2)
    >>> list(limits.buckets)  # ("a", the least recently used, is forgotten)
    ['b', 'c']
    >>> now[0] = MAX_IDLE + 1
    >>> _ = limits.allow("d", 1.0, 2)
    >>> list(limits.buckets)  # ("b" and "c" were idle long enough to be full again)
    ['d']
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

from trainer.play.table import TableError

MAX_KEYS = 10_000
"""Buckets kept at most (about 2 MB: a key of up to 110 characters and two numbers each)."""
MAX_IDLE = 3600.0
"""Seconds after which an unused bucket is forgotten (every limit of the server refills well within it)."""


class Limits:
    """Token buckets by key (see the module's docstring)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, max_keys: int = MAX_KEYS,
                 max_idle: float = MAX_IDLE) -> None:
        self.clock = clock
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self.max_keys = max_keys
        self.max_idle = max_idle

    def allow(self, key: str, rate: float, burst: int) -> bool:
        """Whether ``key`` may do one more thing now (and count it)."""
        now = self.clock()
        tokens, since = self.buckets.pop(key, (float(burst), now))
        tokens = min(float(burst), tokens + max(0.0, now - since) * rate)
        allowed = tokens >= 1
        self.buckets[key] = (tokens - 1 if allowed else tokens, now)  # (the end: the most recently used)
        while len(self.buckets) > self.max_keys:
            self.buckets.popitem(last=False)
        for _ in range(2):  # (two at most per request: the old ones go as fast as new ones come)
            oldest = next(iter(self.buckets.values()))
            if now - oldest[1] <= self.max_idle:
                break
            self.buckets.popitem(last=False)
        return allowed

    def check(self, key: str, limit: tuple[float, int]) -> None:
        """Raise a 429 :class:`TableError` when ``key`` is over ``limit`` (rate, burst)."""
        if not self.allow(key, *limit):
            raise TableError("too many requests: wait a moment and try again", 429)
