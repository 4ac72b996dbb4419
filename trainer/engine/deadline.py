"""A time limit on long analysis: an absolute deadline on a clock, checked between steps of the work.

The work checks :meth:`Deadline.passed` at each cheap step and stops with a
:class:`TimeLimitError` saying where it got to. The deadline is an absolute
reading of the clock, so it can be handed to worker processes:
``time.monotonic`` is one clock for the whole system on Linux. The clock can
be injected, so a test drives it without waiting and without depending on
the machine's load:

    >>> ticks = iter(range(100))
    >>> deadline = Deadline.after(2, clock=lambda: float(next(ticks)))  # reads 0: the deadline is 2
    >>> [deadline.passed() for _ in range(4)]  # reads 1, 2, 3, 4
    [False, False, True, True]
    >>> deadline.seconds
    2
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from trainer.game.errors import LiteratureError

Clock = Callable[[], float]
"""A function returning seconds on a clock that never goes back."""

CLOCK: Clock = time.monotonic
"""The clock a deadline reads when none is given (looked up when the deadline is made: tests replace it)."""


class TimeLimitError(LiteratureError):
    """Work stopped at its time limit; the message says where it got to and how to lift the limit."""


@dataclass(frozen=True)
class Deadline:
    """Stop once ``clock()`` reads past ``at``; ``seconds`` is the limit it was made from."""

    seconds: float
    at: float
    clock: Clock

    @classmethod
    def after(cls, seconds: float, clock: Clock | None = None) -> Deadline:
        """The deadline ``seconds`` from now on ``clock`` (by default :data:`CLOCK`)."""
        clock = clock if clock is not None else CLOCK
        return cls(seconds, clock() + seconds, clock)

    def passed(self) -> bool:
        """Whether the clock reads past the deadline (one reading of the clock)."""
        return self.clock() > self.at

