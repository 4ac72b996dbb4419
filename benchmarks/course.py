"""The course's speed: ``literature learn`` against ``literature stats`` (both read the store, nothing else of
note), and the course's pages through the test client, medians and worst of ``--runs`` runs in one run of this
script (so the ratios compare runs under the same load).

    .venv/bin/python benchmarks/course.py --runs 7
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def command(args: list[str], home: Path) -> float:
    env = os.environ | {"LITERATURE_HOME": str(home), "NO_COLOR": "1", "PYTHONPATH": str(ROOT)}
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "trainer", *args], env=env, check=True, capture_output=True)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    home = Path(tempfile.mkdtemp())
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    times: dict[str, list[float]] = {"stats": [], "learn": [], "learn --json": []}
    for _ in range(runs):  # interleaved, so that a change of load falls on every command alike
        for name in times:
            times[name].append(command(name.split(), home))
    base = statistics.median(times["stats"])
    for name, found in times.items():
        print(f"{name:14} median {statistics.median(found):.3f} s  worst {max(found):.3f} s  "
              f"ratio to stats {statistics.median(found) / base:.2f}")
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tests"))
    from web_helpers import client

    browser = client(home)
    browser.get("/learn/1/practice")  # the pack read once, as a server does at its start
    pages: dict[str, list[float]] = {"/": [], "/learn": [], "/learn/4": [], "/learn/4?step=2 (htmx)": [],
                                     "/learn/1/practice": []}
    for _ in range(runs):
        for address in pages:
            path, _, htmx = address.partition(" ")
            started = time.perf_counter()
            assert browser.get(path, headers={"hx-request": "true"} if htmx else {}).status_code == 200
            pages[address].append(time.perf_counter() - started)
    for address, found in pages.items():
        print(f"{address:26} median {statistics.median(found) * 1000:.1f} ms  worst {max(found) * 1000:.1f} ms")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
