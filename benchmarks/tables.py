"""Tables under load: 10 tables played at once on localhost, each with bots and one scripted person.

    PYTHONPATH=. .venv/bin/python benchmarks/tables.py [--tables 10] [--seconds 60] [--pace 0.5] [--players 6]

Starts ``literature serve`` in its own process over a fresh data folder, then
opens ``--tables`` tables through the JSON API. Each has one scripted person
(who plays ``auto`` as soon as their own live stream says it is their move), a
spectator's stream, and bots in the other seats, moving ``--pace`` seconds
apart. A table whose game ends starts another, until ``--seconds`` have passed.

Measured:

- errors: any refused request, any stream that broke, anything the server logged as an error;
- every move saved: each message's events were in the table's file when it arrived, and at the end each
  table's file holds every event its streams announced;
- live updates: the time from a change being made on the server (before it is saved) to each stream
  receiving it (and from its announcement, after the save, alone), and from the person's move being sent
  to their own stream showing it (medians, p95, worst);
- the baseline of the same run: one table alone, the same way, for ``--seconds / 4``.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx2 as httpx

GOAL = 0.2


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def events_on_file(home: Path, code: str) -> int:
    """How many events the table's file holds (its ``.lit`` lines after the headers)."""
    text = (home / "tables" / f"{code}.lit").read_text()
    heads = ("#", "variant:", "players:", "dealer:", "hand ")
    return sum(1 for line in text.splitlines() if line.strip() and not line.startswith(heads))


class Run:
    """What every client measured."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.lock = threading.Lock()
        self.errors: list[str] = []
        self.push: list[float] = []
        self.made: list[float] = []
        self.moves: list[float] = []
        self.messages = 0
        self.unsaved = 0
        self.games = 0
        self.ended = 0
        self.events = 0
        self.requests: list[float] = []
        self.statuses: Counter[int] = Counter()
        self.tables: dict[str, int] = {}
        self.open: list[httpx.Response] = []
        self.closing = False
        self.waits = 0

    def error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)

    def answered(self, response: httpx.Response) -> None:
        """An event hook of the person's client: each answer's status and time (read whole)."""
        response.read()
        with self.lock:
            self.statuses[response.status_code] += 1
            self.requests.append(response.elapsed.total_seconds())


def stream(base: str, code: str, secret: str | None, run: Run, stop: threading.Event,
           on_view: Any = None) -> None:
    """Read one live stream until ``stop`` (or the game's end), recording each message."""
    headers = {"authorization": f"Bearer {secret}"} if secret else {}
    try:
        with httpx.Client(timeout=httpx.Timeout(30.0, read=None)) as client, \
                client.stream("GET", f"{base}/api/tables/{code}/events", headers=headers) as response:
            with run.lock:
                run.open.append(response)
            if response.status_code != 200:
                run.error(f"stream {code}: {response.status_code}")
                return
            for line in response.iter_lines():
                if not line.startswith("data: "):
                    continue
                received = time.time()
                view = json.loads(line[6:])
                on_file = events_on_file(run.home, code)
                with run.lock:
                    run.messages += 1
                    run.push.append(received - view["sent"])
                    run.made.append(received - view["made"])
                    run.unsaved += view["event_count"] > on_file
                    run.tables[code] = max(run.tables.get(code, 0), view["event_count"])
                if on_view is not None:
                    on_view(view, received)
                if view["over"] or stop.is_set():
                    return
    except Exception as error:  # (a stream closed under its reader when the run ends is not an error)
        if not stop.is_set() and not run.closing:
            run.error(f"stream {code}: {error}")


def person(base: str, run: Run, stop: threading.Event, players: int, seed: int) -> None:
    """One scripted person: a table, a seat, a spectator beside them, ``auto`` at each of their moves; again
    when the game ends, until ``stop``."""
    with httpx.Client(base_url=base, timeout=30, event_hooks={"response": [run.answered]}) as client:
        while not stop.is_set():
            made = client.post("/api/tables", json={"players": players, "seed": seed})
            if made.status_code == 429:  # the server's limit on new tables per address: wait, as a person would
                with run.lock:
                    run.waits += 1
                stop.wait(2.0)
                continue
            if made.status_code != 201:
                run.error(f"create: {made.status_code} {made.text[:100]}")
                return
            seed += 1
            code, host = made.json()["table"], made.json()["host"]
            taken = client.post(f"/api/tables/{code}/seats/Bob", json={"name": "Zoe"})
            secret = taken.json()["secret"]
            waiting: dict[int, float] = {}
            turn = threading.Event()

            def on_view(view: dict[str, Any], received: float, waiting: dict[int, float] = waiting,
                        turn: threading.Event = turn) -> None:
                for count, sent in list(waiting.items()):
                    if view["event_count"] >= count:
                        with run.lock:
                            run.moves.append(received - sent)
                        del waiting[count]
                if view["turn"] == "Bob" and not view["over"]:
                    turn.set()

            done = threading.Event()
            readers = [threading.Thread(target=stream, args=(base, code, secret, run, done, on_view)),
                       threading.Thread(target=stream, args=(base, code, None, run, done))]
            for reader in readers:
                reader.start()
            client.post(f"/api/tables/{code}/start", headers={"authorization": f"Bearer {host}"})
            while not stop.is_set():
                if not turn.wait(0.2):
                    if not readers[0].is_alive():
                        break
                    continue
                turn.clear()
                state = client.get(f"/api/tables/{code}/state", headers={"authorization": f"Bearer {secret}"}).json()
                if state.get("turn") != "Bob" or state.get("over"):
                    continue
                waiting[state["event_count"] + 1] = time.time()
                moved = client.post(f"/api/tables/{code}/moves", headers={"authorization": f"Bearer {secret}"},
                                    json={"move": "auto"})
                if moved.status_code != 200:
                    run.error(f"move {code}: {moved.status_code} {moved.text[:100]}")
            done.set()
            for reader in readers:
                reader.join(5)
            with run.lock:
                run.games += 1
                run.ended += not stop.is_set()


def start_server(home: Path, pace: float, stderr: Any = subprocess.PIPE) -> tuple[subprocess.Popen[str], str]:
    """``literature serve`` in its own process over ``home`` (bots ``pace`` seconds apart, seeds from clients
    allowed), once it answers: the process and its address."""
    port = free_port()
    env = {**os.environ, "LITERATURE_HOME": str(home), "LITERATURE_TABLE_PACE": str(pace),
           "LITERATURE_TABLE_SEEDS": "1"}
    env.pop("LITERATURE_NOW", None)
    server = subprocess.Popen([sys.executable, "-m", "trainer", "serve", "--port", str(port)], env=env,
                              stdout=subprocess.PIPE, stderr=stderr, text=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"{base}/tables", timeout=2).status_code == 200:
                return server, base
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline or server.poll() is not None:
            server.kill()
            raise SystemExit("the server did not start")
        time.sleep(0.2)


def close_pages(run: Run) -> None:
    """Close every stream still open (the pages close before the server stops)."""
    with run.lock:
        run.closing = True
        streams = list(run.open)
    for response in streams:
        response.close()


def check_saved(run: Run) -> None:
    """Count the events the streams announced; an error for each table whose file holds fewer."""
    for code, count in run.tables.items():
        on_file = events_on_file(run.home, code)
        run.events += count
        if on_file < count:
            run.error(f"{code}: {count} events announced, {on_file} saved")


def logged_errors(err: str) -> list[str]:
    """The lines of the server's log that tell of an error."""
    return [f"server: {line}" for line in err.splitlines() if "ERROR" in line or "Traceback" in line]


def measure(tables: int, seconds: float, pace: float, players: int) -> Run:
    home = Path(tempfile.mkdtemp(prefix="literature-tables-"))
    server, base = start_server(home, pace)
    run = Run(home)
    try:
        stop = threading.Event()
        threads = [threading.Thread(target=person, args=(base, run, stop, players, 1000 * (i + 1)))
                   for i in range(tables)]
        for thread in threads:
            thread.start()
        time.sleep(seconds)
        stop.set()
        close_pages(run)
        for thread in threads:
            thread.join(60)
        time.sleep(0.5)
        check_saved(run)
    finally:
        server.terminate()
        try:
            _, err = server.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            _, err = server.communicate()
        run.errors.extend(logged_errors(err))
    return run


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))] if ordered else float("nan")


def report(label: str, run: Run) -> None:
    print(f"{label}: {len(run.tables)} tables, {run.games} games ended or stopped, {run.events} events, "
          f"{run.messages} messages, errors {len(run.errors)}, messages before saved {run.unsaved}, "
          f"waits for the limit on new tables {run.waits}")
    for name, values in (("announced to received", run.push), ("change made to received", run.made),
                         ("person's move sent to own stream", run.moves)):
        if values:
            print(f"  {name:<34} n={len(values):<6} median {statistics.median(values) * 1000:6.1f} ms   "
                  f"p95 {p95(values) * 1000:6.1f} ms   worst {max(values) * 1000:6.1f} ms")
    for error in run.errors[:10]:
        print("  error:", error)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--pace", type=float, default=0.5, help="seconds between two bots' moves")
    parser.add_argument("--players", type=int, default=6, choices=(6, 8))
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    baseline = measure(1, args.seconds / 4, args.pace, args.players)
    report("baseline, 1 table", baseline)
    loaded = measure(args.tables, args.seconds, args.pace, args.players)
    report(f"{args.tables} tables at once for {args.seconds:.0f} s", loaded)
    ratio = p95(loaded.made) / p95(baseline.made) if baseline.made else float("nan")
    verdict = "under" if p95(loaded.made) < GOAL and p95(loaded.moves) < GOAL else "OVER"
    print(f"p95 live update {p95(loaded.made) * 1000:.1f} ms ({ratio:.1f}x the single table), own move "
          f"{p95(loaded.moves) * 1000:.1f} ms: {verdict} the {GOAL * 1000:.0f} ms goal; errors {len(loaded.errors)}; "
          f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
