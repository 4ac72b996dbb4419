"""How fast a class set answers: a teacher makes a set, a class joins and answers it, the teacher reads the results.

    .venv/bin/python benchmarks/classes.py [--students N] [--count N] [--runs N]

The app is called in-process (Starlette's test client; the client's time, one request at a time). A set of
``--count`` puzzles (levels 3-4) is made ``--runs`` times; then ``--students`` students join one set and each
answers every puzzle, the odd ones wrong first (a wrong answer draws its refuting deal when it names a card that
is not certain), then right (practice); the teacher reads the results and the CSV after each student. Medians,
p95 and worst in milliseconds per request kind, each p95 against the baseline of the same run (``GET`` of the
404 page: the guard, the error handler, one template).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from starlette.testclient import TestClient  # noqa: E402

from puzzles.classes import pack_puzzle  # noqa: E402
from puzzles.marking import format_answer, mark_text  # noqa: E402
from puzzles.model import Puzzle  # noqa: E402
from trainer.web.app import create_app  # noqa: E402


def wrong(puzzle: Puzzle) -> str:
    answer = dict(puzzle.expected)
    for card in puzzle.asked:
        for other in puzzle.team if puzzle.question.kind == "claim" else puzzle.players:
            text = format_answer({**answer, card: other})
            if other != puzzle.viewer and card not in puzzle.own_cards and not mark_text(puzzle, text).correct:
                return text
    return "none"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--runs", type=int, default=10)
    options = parser.parse_args()
    os.environ.setdefault("LITERATURE_NOW", "2026-12-01T10:00:00+00:00")
    times: dict[str, list[float]] = defaultdict(list)
    with tempfile.TemporaryDirectory() as home:
        api = TestClient(create_app(Path(home)), client=("127.0.0.1", 5000))

        def timed(kind: str, call: Callable[[], Any]) -> Any:
            start = time.perf_counter()
            response = call()
            times[kind].append((time.perf_counter() - start) * 1000)
            assert response.status_code < 400, (kind, response.status_code, response.text[:300])
            return response

        api.get("/nothing")
        for _ in range(options.runs * 5):
            start = time.perf_counter()
            api.get("/nothing")
            times["baseline 404"].append((time.perf_counter() - start) * 1000)
        made = None
        for run in range(options.runs + 1):
            made = timed("create" if run else "create (first: reads the pack)",
                         lambda: api.post("/api/classes", json={"levels": [3, 4], "count": options.count})).json()
            api.app.state.class_limits.buckets.clear()  # (the benchmark makes sets faster than a teacher may)
        assert made is not None
        code, teacher = made["class"], made["teacher"]
        puzzles = [pack_puzzle(i) for i in made["puzzles"]]
        for s in range(options.students):
            secret = timed("join", lambda s=s: api.post(f"/api/classes/{code}/students",
                                                        json={"name": f"Student {s}"})).json()["secret"]
            auth = {"authorization": f"Bearer {secret}"}
            for n, puzzle in enumerate(puzzles, start=1):
                api.app.state.class_limits.buckets.clear()  # (a student answers slower than a loop)
                timed("read puzzle", lambda n=n, auth=auth: api.get(f"/api/classes/{code}/puzzles/{n}", headers=auth))
                if (n + s) % 2:
                    timed("answer wrong", lambda n=n, p=puzzle, auth=auth: api.post(
                        f"/api/classes/{code}/answers", json={"puzzle": n, "answer": wrong(p)}, headers=auth))
                timed("answer right", lambda n=n, p=puzzle, auth=auth: api.post(
                    f"/api/classes/{code}/answers", json={"puzzle": n, "answer": format_answer(p.expected)},
                    headers=auth))
            api.app.state.class_limits.buckets.clear()
            head = {"authorization": f"Bearer {teacher}"}
            timed("results", lambda head=head: api.get(f"/api/classes/{code}/results", headers=head))
            timed("results.csv", lambda head=head: api.get(f"/api/classes/{code}/results.csv", headers=head))
    base = sorted(times["baseline 404"])[int(len(times["baseline 404"]) * 0.95) - 1]
    print(f"{options.students} students, {options.count} puzzles, {options.runs} sets made")
    print(f"{'request':32} {'n':>5} {'median':>8} {'p95':>8} {'worst':>8} {'p95/base':>9}")
    for kind, values in times.items():
        ordered = sorted(values)
        p95 = ordered[max(0, int(len(ordered) * 0.95) - 1)]
        print(f"{kind:32} {len(values):5} {statistics.median(values):8.1f} {p95:8.1f} {ordered[-1]:8.1f} "
              f"{p95 / base:9.1f}")
    print("load average", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
