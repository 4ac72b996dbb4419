"""Giving freed memory back to the system, for a server that runs for days.

Python frees memory to the C allocator, which keeps it for later. On Linux
with glibc, every thread that allocates may get an *arena* of its own (up to
eight per core), and memory freed in one is kept there: the bots' moves run
in worker threads, so a server that plays many games grows without a leak.
The soak (``benchmarks/soak.py``) measured it: Python's own objects
(``tracemalloc``) flat at 140-148 MB while the process held 350-570 MB.

Two calls of glibc fix it, and are no-ops elsewhere (macOS, musl, Windows):
:func:`limit_arenas` once at start (two arenas, before any worker thread),
:func:`give_back` when a table's game ends (``malloc_trim``: the free pages
of every arena back to the system).

    >>> isinstance(give_back(), bool)
    True
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools

ARENAS = 2
"""Arenas the allocator may use (glibc's default: eight per core)."""

M_ARENA_MAX = -8
"""glibc's ``mallopt`` parameter for the number of arenas (``malloc.h``)."""


@functools.cache
def _glibc() -> ctypes.CDLL | None:
    """The C library when it is glibc (it has ``malloc_trim`` and ``mallopt``), else ``None``."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        library = ctypes.CDLL(name)
    except OSError:
        return None
    if not (hasattr(library, "malloc_trim") and hasattr(library, "mallopt")):
        return None
    return library


def limit_arenas(count: int = ARENAS) -> bool:
    """Let the allocator use ``count`` arenas at most; whether it could (glibc only).

    >>> limit_arenas() in (True, False)
    True
    """
    library = _glibc()
    return library is not None and bool(library.mallopt(ctypes.c_int(M_ARENA_MAX), ctypes.c_int(count)))


def give_back() -> bool:
    """Return the allocator's free memory to the system; whether any was returned (glibc only)."""
    library = _glibc()
    return library is not None and bool(library.malloc_trim(ctypes.c_size_t(0)))
