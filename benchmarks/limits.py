"""Bounded cost on big and pathological inputs: time and peak memory of every command that reads a file.

    .venv/bin/python benchmarks/limits.py [--size 5000000] [--timeout 120]

Builds inputs of about ``--size`` bytes (a legal log of repeated misses, a log
of comments; the built-in pack as a puzzle file, JSON nested 100,000 deep) and runs
each command on them in its own process, reporting wall time, peak resident
memory and how it ended. The goals of issue 14: under a minute and under 1 GB
each, or a one-line refusal naming a documented limit (exit 2).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).parent.parent
TABLE = "variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\ndealer: Ann\n"


def inputs(folder: Path, size: int) -> dict[str, Path]:
    """The files to feed the commands."""
    misses = folder / "misses.lit"
    lines, total = [TABLE.strip()], 0
    while total < size:
        for line in ("Ann asks Bob for 3D: no", "Bob asks Ann for 3D: no"):
            lines.append(line)
            total += len(line) + 1
    misses.write_text("\n".join(lines) + "\n")
    comments = folder / "comments.lit"
    filler = "# a comment line of no consequence at all\n" * (size // 42)
    comments.write_text(TABLE + filler + "Ann asks Bob for 3D: no\n")
    many = folder / "many.json"  # the built-in pack: 578 distinct records, 2.6 MB
    many.write_bytes((ROOT / "puzzles" / "data" / "pack.json").read_bytes())
    deep = folder / "deep.json"
    deep.write_text('{"schema": 1, "puzzles": [' + "[" * 100_000 + "]" * 100_000 + "]}")
    return {"misses": misses, "comments": comments, "many": many, "deep": deep}


def measure(args: list[str], timeout: float, env: dict[str, str]) -> tuple[float, float, str]:
    """Wall seconds, peak memory (MB) and how the command ended."""
    started = time.perf_counter()
    with subprocess.Popen([sys.executable, "-m", "trainer", *args], stdin=subprocess.DEVNULL,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env) as process:
        try:
            _, err = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            return time.perf_counter() - started, float("nan"), f"over {timeout:.0f} s: killed"
        seconds = time.perf_counter() - started
    lines = err.decode(errors="replace").strip().splitlines()
    ended = f"exit {process.returncode}" + (f": {lines[-1][:90]}" if lines else "")
    return seconds, 0.0, ended


def run_one(args: list[str], timeout: float, env: dict[str, str]) -> tuple[float, float, str]:
    """Measure in a fresh child so that its peak memory is its own."""
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child runs the command and reports through the pipe
        os.close(reader)
        seconds, _, ended = measure(args, timeout, env)
        import resource

        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        os.write(writer, json.dumps([seconds, peak, ended]).encode())
        os._exit(0)
    os.close(writer)
    with os.fdopen(reader) as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    seconds, peak, ended = json.loads(data)
    return seconds, peak, ended


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=5_000_000)
    parser.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        files = inputs(Path(folder), args.size)
        env = os.environ | {"LITERATURE_HOME": str(Path(folder) / "home"), "NO_COLOR": "1"}
        runs = [
            ["check", str(files["misses"])], ["show", str(files["misses"])], ["solve", str(files["misses"])],
            ["explain", str(files["misses"]), "3D"], ["review", str(files["misses"]), "--json"],
            ["check", str(files["comments"])], ["review", str(files["comments"]), "--json"],
            ["grade", str(files["many"]), "--answer", "Cat 6D"], ["train", "--pack", str(files["many"])],
            ["grade", str(files["deep"]), "--answer", "x"], ["train", "--pack", str(files["deep"])],
        ]
        print(f"inputs of about {args.size / 1e6:.1f} MB; load average {os.getloadavg()[0]:.1f}")
        for command in runs:
            seconds, peak, ended = run_one(command, args.timeout, env)
            shown = " ".join(Path(a).name if a.startswith(folder) else a for a in command)
            print(f"{shown:40} {seconds:7.1f} s {peak:7.0f} MB  {ended}", flush=True)
        print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
