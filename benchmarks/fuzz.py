"""The long fuzz: the suite's fuzzer (tests/test_fuzz.py) with many more examples, and the count of cases.

    .venv/bin/python benchmarks/fuzz.py [--examples 500] [--web]

Runs every test of ``tests/test_fuzz.py`` with ``--examples`` examples each
(hypothesis may stop early when a strategy runs out of distinct inputs), then
prints how many cases of each kind ran: random legal logs of all four tables,
edited logs, and edited puzzle records. The exit code is pytest's.

``--web`` runs the server's fuzzers instead, with ``--examples`` each: every
route with random requests and JSON bodies of every type (non-finite numbers,
lone surrogates), and every file the server reads (tables, classes, learners)
damaged in every way (``WEB_FUZZ_EXAMPLES``).
"""

from __future__ import annotations

import argparse
import collections
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).parent.parent
WEB_FUZZERS = ["tests/test_web_fuzz.py", "tests/test_web_classes_safety.py::test_no_request_to_the_classes_gets_a_500",
               "tests/test_damaged_files.py",
               "tests/test_table_files.py::test_a_damaged_table_file_refuses_that_table_alone"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=500, help="Examples per fuzz test.")
    parser.add_argument("--web", action="store_true", help="The server's fuzzers (requests, bodies, files).")
    args = parser.parse_args()
    if args.web:
        env = os.environ | {"WEB_FUZZ_EXAMPLES": str(args.examples)}
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0",
                               *WEB_FUZZERS], cwd=ROOT, env=env)
        print(f"{len(WEB_FUZZERS)} web fuzzers, {args.examples} examples each, in "
              f"{time.perf_counter() - started:.0f} s")
        return done.returncode
    with tempfile.TemporaryDirectory() as folder:
        cases = Path(folder) / "cases.txt"
        env = os.environ | {"LITERATURE_FUZZ_EXAMPLES": str(args.examples), "LITERATURE_FUZZ_COUNT": str(cases)}
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_fuzz.py"], cwd=ROOT, env=env
        )
        seconds = time.perf_counter() - started
        kinds = collections.Counter(cases.read_text().split("\n")[:-1]) if cases.exists() else collections.Counter()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    for kind, n in sorted(kinds.items()):
        print(f"{kind:12} {n:7d} cases")
    print(f"{'total':12} {sum(kinds.values()):7d} cases in {seconds:.0f} s (load average {load:.1f})")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
