"""Where mining runs: one ordered ``map`` over independent games, behind :class:`concurrent.futures.Executor`.

Every game is mined alone (simulate it, solve its positions, rate what it
gives), so building puzzles is an embarrassingly parallel map. This module is
the one place that hands work out: in this process, in a pool of worker
processes, or in any object that follows the standard ``Executor`` interface
(``submit`` returning futures). A cluster engine that offers that interface
(Dask's ``distributed.Client.get_executor()``, for one) runs the same code on
many machines; nothing here knows where the work goes.

Results come back in the order of the items, whatever the number of workers,
so a mined set depends only on what was asked.

    >>> list(ordered_map(abs, iter([-2, 3, -4])))
    [2, 3, 4]
"""

from __future__ import annotations

import itertools
import os
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")

MAX_IN_FLIGHT = 16
"""Items submitted ahead of the one being waited for (bounds memory and lets callers steer later items)."""


def in_flight(workers: int, executor: Executor | None) -> int:
    """How many items :func:`ordered_map` keeps submitted: twice the workers, at most :data:`MAX_IN_FLIGHT`.

    >>> in_flight(1, None), in_flight(2, None), in_flight(64, None)
    (1, 4, 16)
    """
    if executor is None and workers <= 1:
        return 1
    width = 2 * (workers if executor is None else (os.cpu_count() or 2))
    return max(1, min(MAX_IN_FLIGHT, width))


def ordered_map(
    work: Callable[[T], R], items: Iterator[T], *, workers: int = 1, executor: Executor | None = None,
    ahead: int | None = None,
) -> Iterator[R]:
    """``map(work, items)`` in order: here when ``workers`` is 1 and no ``executor`` is given, else in
    ``executor`` or a pool of ``workers`` processes, with at most :func:`in_flight` items submitted
    (or ``ahead``: more keeps the workers busy behind a slow item, when later items need no earlier result).

    ``items`` is read lazily: item ``i + in_flight`` is drawn only once the caller took result ``i``,
    so a caller may decide later items from earlier results (as :func:`puzzles.generate.generate` does).
    """
    width = in_flight(workers, executor) if ahead is None else ahead
    if executor is None and workers <= 1:
        yield from map(work, items)
        return
    own = executor is None
    pool = executor if executor is not None else ProcessPoolExecutor(max_workers=workers)
    try:
        pending: deque[Future[R]] = deque(pool.submit(work, item) for item in itertools.islice(items, width))
        while pending:
            yield pending.popleft().result()
            pending.extend(pool.submit(work, item) for item in itertools.islice(items, 1))
    finally:
        if own:
            pool.shutdown(cancel_futures=True)
