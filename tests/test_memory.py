"""The server gives freed memory back (trainer.memory): what a worker thread allocated and freed is
returned to the system by give_back, on glibc; elsewhere both calls do nothing and say so."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from trainer import memory

STATUS = Path("/proc/self/status")
pytestmark = pytest.mark.skipif(memory._glibc() is None or not STATUS.exists(), reason="glibc on Linux only")


def resident_mb() -> float:
    """This process's resident memory (VmRSS) in MB."""
    line = next(line for line in STATUS.read_text().splitlines() if line.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


def test_memory_a_thread_freed_goes_back_to_the_system() -> None:
    kept: list[list[bytes]] = []

    def churn() -> None:  # 80 MB of blocks the allocator serves (over Python's small-object limit), freed
        blocks = [bytes(2000) + bytes([n % 256]) for n in range(40_000)]
        kept.append(blocks[::1000])

    worker = threading.Thread(target=churn)
    worker.start()
    worker.join()
    held = resident_mb()
    assert memory.give_back()
    assert resident_mb() < held - 40


def test_the_arenas_can_be_limited() -> None:
    assert memory.limit_arenas()
