"""The long run of schemathesis against a live server: tests/test_openapi.py with many cases per operation.

    .venv/bin/python benchmarks/schemathesis.py [--examples 300]

Starts ``literature serve`` on a free port (as the test does), generates requests for every operation of
``/api/openapi.json`` (valid and invalid bodies, paths, headers) and holds every response to the description:
no server error, a documented status, content type and body. Prints the time and pytest's summary; the exit
code is pytest's.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=300, help="Cases per operation.")
    args = parser.parse_args()
    env = os.environ | {"SCHEMATHESIS_EXAMPLES": str(args.examples)}
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
                           "-n", "0", "tests/test_openapi.py"], cwd=ROOT, env=env)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"schemathesis: {args.examples} cases per operation in {time.perf_counter() - started:.0f} s "
          f"(load average {load:.1f})")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
