"""Work the pages start and come back for: a review's notes, a worksheet's puzzles, one job at a time.

Each job runs in a daemon thread, so stopping the server (Ctrl-C) never waits
for a review still being worked out; jobs of one kind (``name``) run one at a
time, so a worksheet is never queued behind a long review.

    >>> job = start("double", lambda n: 2 * n, 21)
    >>> job.result(timeout=10)
    42
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import TypeVar

T = TypeVar("T")

_LANES: dict[str, threading.Semaphore] = {}
_LOCK = threading.Lock()


def start(name: str, function: Callable[..., T], *args: object) -> Future[T]:
    """Run ``function(*args)`` in the background; its future holds the result or the error."""
    future: Future[T] = Future()
    with _LOCK:
        lane = _LANES.setdefault(name, threading.Semaphore(1))

    def run() -> None:
        with lane:
            if not future.set_running_or_notify_cancel():
                return
            try:
                future.set_result(function(*args))
            except BaseException as error:  # handed to whoever asks for the result
                future.set_exception(error)

    threading.Thread(target=run, name=name, daemon=True).start()
    return future
