"""The floods of issue 56, bounded in time, from addresses of their own (127.0.0.2 and up), beside a soak's honest
load (``benchmarks/soak.py --attack``), or alone against a server already running:

    PYTHONPATH=. .venv/bin/python benchmarks/attacker.py http://127.0.0.1:8000 [--seconds 60]

- ``bodies``: sockets that send a request's headers with ``Content-Length: 1000`` and never the body, as many
  as the server lets one address hold, each opened again when the server closes it;
- ``bearers``: reads of tables with a new random ``Bearer`` value each (the rate limits' memory);
- ``creates``: tables and classes made from 8 addresses as fast as the server lets them;
- ``junk``: JSON bodies with lone surrogates, ``NaN``, ``1e999`` and deep nesting;
- ``uploads``: logs padded with comments past the size kept, and distinct small logs.

Counted: each attack's answers by status, the sockets held at most, and any server error (a 5xx other than
the 503 that refuses a connection past the caps).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import secrets
import socket
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import httpx2 as httpx

LOG = (Path(__file__).parent.parent / "tests" / "data" / "six-diamonds.lit").read_text()
JUNK = ['{"players": "\\ud800"}', '{"\\ud800": 1}', '{"players": NaN}', '{"players": 1e999}',
        '{"title": "\\ud800", "levels": [3]}', "[" * 3000 + "]" * 3000, '{"levels": [Infinity]}']


class Attacker:
    """The floods against ``base`` until ``deadline`` (``time.monotonic()``), and what they got."""

    def __init__(self, base: str, deadline: float) -> None:
        self.base = base
        self.deadline = deadline
        parts = urlsplit(base)
        self.address = (parts.hostname or "127.0.0.1", parts.port or 80)
        self.statuses: dict[str, Counter[int]] = {}
        self.held = 0
        self.most_held = 0
        self.reopened = 0
        self.lock = threading.Lock()

    def count(self, attack: str, status: int) -> None:
        with self.lock:
            self.statuses.setdefault(attack, Counter())[status] += 1

    def over(self) -> bool:
        return time.monotonic() >= self.deadline

    def client(self, source: str) -> httpx.Client:
        transport = httpx.HTTPTransport(local_address=source)
        return httpx.Client(base_url=self.base, transport=transport, timeout=30)

    # -- the attacks ------------------------------------------------------------------------------------

    def bodies(self, source: str = "127.0.0.2", most: int = 260) -> None:
        """Hold ``most`` sockets each waiting for a body that never comes."""
        head = (f"POST /api/tables HTTP/1.1\r\nHost: {self.address[0]}\r\nContent-Type: application/json\r\n"
                "Content-Length: 1000\r\n\r\n{").encode()
        open_: list[socket.socket] = []
        while not self.over():
            while len(open_) < most and not self.over():
                try:
                    sock = socket.create_connection(self.address, timeout=5, source_address=(source, 0))
                except OSError:
                    self.count("bodies", 0)
                    break
                sock.setblocking(False)
                open_.append(sock)
                time.sleep(0.002)
                with contextlib.suppress(OSError):
                    sock.send(head)
            time.sleep(0.5)  # (time for the server to refuse the ones past its cap)
            kept = []
            for sock in open_:
                try:
                    data = sock.recv(4096)
                except BlockingIOError:
                    kept.append(sock)  # (still held by the server, waiting for the body)
                    continue
                except OSError:
                    data = b""
                if data.startswith(b"HTTP/1.1 503"):
                    self.count("bodies", 503)
                elif data.startswith(b"HTTP/1.1 5"):
                    self.count("bodies", 500)
                else:
                    self.count("bodies", 0)  # (closed by the server: the body's time ran out)
                sock.close()
                self.reopened += 1
            open_ = kept
            with self.lock:
                self.held = len(open_)
                self.most_held = max(self.most_held, len(open_))
        for sock in open_:
            sock.close()

    def bearers(self, source: str = "127.0.0.3") -> None:
        with self.client(source) as client:
            while not self.over():
                answer = client.get(f"/api/tables/{secrets.token_hex(4)}/state",
                                    headers={"authorization": f"Bearer {secrets.token_urlsafe(24)}"})
                self.count("bearers", answer.status_code)

    def creates(self, source: str) -> None:
        with self.client(source) as client:
            while not self.over():
                for path, body in (("/api/tables", {"players": 6}), ("/api/classes", {"levels": [3], "count": 2})):
                    answer = client.post(path, json=body)
                    self.count("creates", answer.status_code)
                    if answer.status_code == 429:
                        time.sleep(1.0)

    def junk(self, source: str = "127.0.0.12") -> None:
        with self.client(source) as client:
            while not self.over():
                for body in JUNK:
                    for path in ("/api/tables", "/api/classes"):
                        answer = client.post(path, content=body.encode(), headers={"content-type": "application/json"})
                        self.count("junk", answer.status_code)
                time.sleep(0.2)

    def uploads(self, source: str = "127.0.0.13") -> None:
        with self.client(source) as client:
            client.get("/review")
            token = client.cookies.get("lit_csrf") or ""
            number = 0
            while not self.over():
                number += 1
                padded = LOG + "# padding\n" * 40_000 if number % 2 else LOG + f"# game {number}\n"
                answer = client.post("/review/upload", data={"text": padded, "csrf": token})
                self.count("uploads", answer.status_code)
                time.sleep(0.2)

    # -- all of them ------------------------------------------------------------------------------------

    def start(self, error: Callable[[str], None] = print) -> list[threading.Thread]:
        """Every attack in a thread of its own (started)."""
        jobs: list[tuple[Callable[..., None], tuple[str, ...]]] = [
            (self.bodies, ()), (self.bearers, ()), (self.junk, ()), (self.uploads, ()),
            *((self.creates, (f"127.0.0.{4 + n}",)) for n in range(8)),
        ]
        threads = []
        for target, args in jobs:
            def run(target: Callable[..., None] = target, args: tuple[str, ...] = args) -> None:
                try:
                    target(*args)
                except Exception as failure:  # (an attack that stops early is reported, not a lost thread)
                    error(f"attack {target.__name__}: {failure!r}")
            thread = threading.Thread(target=run, daemon=True)
            thread.start()
            threads.append(thread)
        return threads

    def report(self) -> list[str]:
        """What the attacks got, a line each; and the server errors among it (a line each) at the end."""
        lines = [f"  attack {name}: {sum(c.values())} answers, {dict(sorted(c.items()))}"
                 for name, c in sorted(self.statuses.items())]
        lines.append(f"  attack bodies: {self.most_held} sockets held at most from one address, "
                     f"{self.reopened} closed by the server and opened again")
        return lines

    def server_errors(self) -> int:
        """Answers of 5xx other than the 503 of a cap (a 503 of a full server or a connection cap is no defect)."""
        return sum(n for c in self.statuses.values() for status, n in c.items() if status >= 500 and status != 503)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", help="the server's address, http://127.0.0.1:PORT")
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args()
    attacker = Attacker(args.base, time.monotonic() + args.seconds)
    for thread in attacker.start():
        thread.join()
    print("\n".join(attacker.report()))
    print(json.dumps({"server_errors": attacker.server_errors()}))
    return 1 if attacker.server_errors() else 0


if __name__ == "__main__":
    sys.exit(main())
