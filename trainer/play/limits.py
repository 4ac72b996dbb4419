"""Rate limits of a server (token buckets by key, bounded in memory, at a constant cost per request), and the
caps on what one address may hold (:func:`check_share`).

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
from collections.abc import Callable, Iterable, Mapping

from trainer.play.table import Table, TableError

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
MAX_KEYS = 10_000
"""Buckets kept at most (about 3 MB: a key of up to 110 characters and two numbers each)."""
MAX_IDLE = 3600.0
"""Seconds after which an unused bucket is forgotten (every limit of the server refills well within it)."""
MAX_TABLES_PER_ADDRESS = 20
"""Tables not over yet that one client address may have made (a flood from one address fills no cap)."""
UNOPENED_SECONDS = 3600.0
"""A table no seat was taken at within this long after it was made expires."""
SPARE_SECONDS = 600.0
"""When a server holds all the tables it may, one no seat was taken at within this long gives way."""


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


def check_share(owners: Mapping[str, str], live: Iterable[str], owner: str, most: int, what: str = "tables") -> None:
    """Raise a 429 :class:`TableError` when ``owner`` (a client's address) made ``most`` of the things ``live``
    (the tables not over, the classes unused or made within a day; ``owners``: who made each, by code), so that
    no address fills a server's cap alone.

    >>> check_share({"a": "10.0.0.1", "b": "10.0.0.1"}, ["a"], "10.0.0.1", 2, "tables")
    >>> try:
    ...     check_share({"a": "10.0.0.1", "b": "10.0.0.1"}, ["a", "b"], "10.0.0.1", 2, "tables")
    ... except TableError as error:
    ...     print(error.status, error.message)
    429 your address made 2 tables that are still here: try again when one expires
    """
    mine = sum(1 for code in live if owners.get(code) == owner)
    if owner and mine >= most:
        raise TableError(f"your address made {mine} {what} that are still here: try again when one expires", 429)


def stale(table: Table, now: float, idle: float, full: bool = False) -> bool:
    """Whether ``table`` expires at ``now``: nobody touched it for ``idle`` seconds, or no seat was taken at it
    within :data:`UNOPENED_SECONDS` of its making (:data:`SPARE_SECONDS` when the server is ``full``, so that a
    flood of empty tables never keeps a newcomer out for long).

    >>> from trainer.play.table import Options
    >>> table = Table.new("abcd2345", Options(seed=1), "host", now=0.0)
    >>> stale(table, 700.0, 86400.0), stale(table, 700.0, 86400.0, full=True), stale(table, 3601.0, 86400.0)
    (False, True, True)
    >>> table.take("Dan", "Zoe", now=0.0)  # doctest: +ELLIPSIS
    '...'
    >>> stale(table, 3601.0, 86400.0, full=True), stale(table, 86401.0, 86400.0)
    (False, True)
    """
    if now - table.touched > idle:
        return True
    opened = any(place.held for place in table.places)
    return not opened and now - table.created > (SPARE_SECONDS if full else UNOPENED_SECONDS)
