"""A clock for tests of time limits: it moves one second each time it is read, never with the wall clock.

    >>> clock = Ticks()
    >>> clock(), clock(), clock()
    (0.0, 1.0, 2.0)

It is picklable, so a worker process gets a copy that goes on from where the
original was when the work was handed out.
"""

from __future__ import annotations


class Ticks:
    """Reads ``start``, then one second more at each reading."""

    def __init__(self, start: float = 0.0) -> None:
        self.readings = 0
        self.start = start

    def __call__(self) -> float:
        now = self.start + self.readings
        self.readings += 1
        return float(now)
