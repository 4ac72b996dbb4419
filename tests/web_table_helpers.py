"""Helpers of the tables' tests and benchmark: a live server in a thread, API calls, a stream reader, a leak scan.

``live_server(home)`` runs the app under uvicorn on a free local port (the
live stream needs a real server: the test client waits for a response's end).
``Stream`` reads one client's live stream in a thread and keeps every
message. ``leaks(message, allowed)`` names the cards a message shows outside
its public events that the client may not see.
"""

from __future__ import annotations

import contextlib
import json
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx

CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[SHDC](?![A-Za-z0-9])|(?<![A-Za-z0-9])[RB]J(?![A-Za-z0-9])")
"""A card as ``.lit`` writes it (``10S``, ``6D``, ``RJ``)."""


@contextlib.contextmanager
def live_server(home: Path, pace: float = 0.0) -> Iterator[str]:
    """The app over ``home`` served on a free local port; yields its base URL."""
    import os

    import uvicorn

    from trainer.web.app import create_app
    from trainer.web.server import stopping_server

    os.environ["LITERATURE_TABLE_PACE"] = str(pace)
    os.environ["LITERATURE_TABLE_SEEDS"] = "1"  # (fixed deals: the tests and the benchmark replay them)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    port = sock.getsockname()[1]
    app = create_app(home)
    # (an idle connection kept for the whole test: uvicorn's 5 s keep-alive may close one just as a test's
    # client reuses it after a long game, the request lost with "Server disconnected"; a browser retries then,
    # httpx does not)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off",
                            timeout_graceful_shutdown=1, timeout_keep_alive=600)
    server = stopping_server(config, app)  # (as literature serve: the live streams end at once when it stops)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
        os.environ.pop("LITERATURE_TABLE_PACE", None)
        os.environ.pop("LITERATURE_TABLE_SEEDS", None)


def bearer(secret: str | None) -> dict[str, str]:
    """The header that carries a secret (none for a spectator)."""
    return {"authorization": f"Bearer {secret}"} if secret else {}


class Stream:
    """One client's live stream, read in a thread: every message kept (parsed), with when it came."""

    def __init__(self, url: str, secret: str | None, on_message: Callable[[dict[str, Any]], Any] | None = None) -> None:
        self.url = url
        self.secret = secret
        self.on_message = on_message
        self.seen: list[Any] = []
        """What ``on_message`` said of each message, when it was given."""
        self.messages: list[tuple[float, dict[str, Any]]] = []
        self.raw: list[str] = []
        self.error: Exception | None = None
        self.stop = threading.Event()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()
        self.ready.wait(10)

    def _read(self) -> None:
        try:
            self._lines()
        except httpx.HTTPError as error:  # the server stopped: an error only if the stream was still wanted
            if not self.stop.is_set():
                self.error = error

    def _lines(self) -> None:
        with httpx.Client(timeout=httpx.Timeout(30.0, read=None)) as client, \
                client.stream("GET", self.url, headers=bearer(self.secret)) as response:
            self.ready.set()
            for line in response.iter_lines():
                if self.stop.is_set():
                    return
                if line.startswith("data: "):
                    received = time.time()
                    data = json.loads(line[6:])
                    if self.on_message is not None:
                        self.seen.append(self.on_message(data))
                    self.raw.append(line[6:])
                    self.messages.append((received, data))

    def last(self) -> dict[str, Any]:
        """The latest view received."""
        return self.messages[-1][1] if self.messages else {}

    def close(self) -> None:
        """Stop reading (the thread ends at the next message)."""
        self.stop.set()


def leaks(message: dict[str, Any], hand: set[str], public: list[str]) -> list[str]:
    """The cards ``message`` shows that its client may not see: every card named outside its ``events`` and
    its ``options`` must be in ``hand`` (the client's own hand then; empty for a spectator); its ``events``
    must be public lines (``public``: the game's events so far, as ``.lit`` lines), and its ``recap`` name only
    their cards, its ``coach`` notes only those and the hand's sets' cards; its ``options`` may ask only for
    cards of the sets the hand holds, and claim only whole sets."""
    from trainer.game.cards import Card, HalfSuit

    found = []
    for line in message.get("events", []):
        if line not in public:
            found.append(f"event {line!r} is not a public event")
    options = message.get("options") or {}
    held = {Card.parse(c).half_suit for c in hand}
    for cards in options.get("asks", {}).values():
        found.extend(f"ask {c}" for c in cards if c in hand or Card.parse(c).half_suit not in held)
    for name, cards in options.get("claims", {}).items():
        if sorted(cards) != sorted(str(c) for c in HalfSuit.parse(name).cards):
            found.append(f"claim {name}")
    told = set(CARD.findall(json.dumps(public)))  # the recap retells public events: their cards only
    found.extend(f"recap {card}" for card in CARD.findall(json.dumps(message.get("recap", [])))
                 if card not in hand and card not in told)
    near = {str(c) for h in held for c in h.cards}  # the coach's notes: public cards and the hand's sets
    found.extend(f"coach {card}" for card in CARD.findall(json.dumps(message.get("coach", {})))
                 if card not in hand and card not in told and card not in near)
    rest = {k: v for k, v in message.items() if k not in ("events", "options", "recap", "coach")}
    found.extend(card for card in CARD.findall(json.dumps(rest)) if card not in hand)
    return found
