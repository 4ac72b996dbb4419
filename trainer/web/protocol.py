"""The connections of ``literature serve``: time limits on headers and bodies, caps on connections, safe headers.

uvicorn closes a connection idle between requests (its ``timeout_keep_alive``)
but waits for ever on one that never finishes its headers, takes any number
of connections, and answers a malformed request with a bare 400. Its HTTP/1.1
protocol class is extended here (the documented ``http=`` setting of
``uvicorn.Config``):

- a request's line and headers must arrive within :data:`HEADER_SECONDS` of the connection opening or of the
  previous response, and its body within :data:`BODY_SECONDS` of its headers, or the connection is closed (a
  slow or silent client, or one that declares a length and sends nothing, holds nothing for long);
- beyond :data:`MAX_CONNECTIONS` open connections, or :data:`MAX_PER_ADDRESS` from one client address, a new
  one is answered 503 and closed at once (one address never holds the connections others need);
- the early answers made here (the 400 of a malformed request, that 503)
  carry the same security headers as every page (:data:`trainer.web.security.HEADERS`).

``LITERATURE_HEADER_SECONDS``, ``LITERATURE_BODY_SECONDS``, ``LITERATURE_MAX_CONNECTIONS`` and
``LITERATURE_MAX_PER_ADDRESS`` set them (the tests use one second and a few connections). Behind a proxy every
client has the proxy's address: let the proxy cap connections per client instead.

    >>> setting("S", 10.0, {"S": "1.5"}), setting("S", 10.0, {}), setting("S", 10.0, {"S": "soon"})
    (1.5, 10.0, 10.0)
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Mapping
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from trainer.web.security import HEADERS

HEADER_SECONDS = 10.0
"""How long a connection may take to send a request's line and headers."""
BODY_SECONDS = 30.0
"""How long a request's body may take to arrive after its headers (5 MB at 170 kB/s)."""
MAX_CONNECTIONS = 1000
"""Open connections at most (the live streams of pages included)."""
MAX_PER_ADDRESS = 200
"""Open connections from one address at most (a class behind one router), a fifth of :data:`MAX_CONNECTIONS`."""


def setting(name: str, default: float, environ: Mapping[str, str] = os.environ) -> float:
    """The environment's ``name`` when it is a number above 0 and below 100,000, else ``default``."""
    try:
        value = float(environ.get(name, ""))
    except ValueError:
        return default
    return value if 0 < value < 100_000 else default


class GuardedProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with the limits above."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._waiting: object = None
        self._body = False  # the deadline is the body's (else the headers')
        self._seconds = setting("LITERATURE_HEADER_SECONDS", HEADER_SECONDS)
        self._body_seconds = setting("LITERATURE_BODY_SECONDS", BODY_SECONDS)
        self._most = int(setting("LITERATURE_MAX_CONNECTIONS", MAX_CONNECTIONS))
        self._per_address = int(setting("LITERATURE_MAX_PER_ADDRESS", MAX_PER_ADDRESS))

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else None
        if len(self.connections) > self._most or (address is not None and self._per_address < sum(
                1 for other in self.connections if (getattr(other, "client", None) or ("",))[0] == address)):
            self._answer(503, b"Too many connections: try again in a moment.")
            return
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def handle_events(self) -> None:
        super().handle_events()
        cycle = self.cycle
        if self._body:
            if cycle is not self._waiting or not cycle.more_body:  # the body has arrived
                self._disarm()
        elif cycle is not self._waiting and self._deadline is not None:  # a request's headers have arrived
            self._disarm()
            if cycle.more_body and not cycle.response_complete:
                self._arm(body=True)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()

    def send_400_response(self, msg: str) -> None:
        self._answer(400, msg.encode("ascii", "replace"))

    def _arm(self, *, body: bool = False) -> None:
        self._disarm()
        self._waiting = self.cycle
        self._body = body
        self._deadline = self.loop.call_later(self._body_seconds if body else self._seconds, self._too_slow)

    def _disarm(self) -> None:
        self._body = False
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        body, self._deadline, self._body = self._body, None, False
        cycle = self.cycle
        late = cycle is self._waiting and (not body or (cycle.more_body and not cycle.response_complete))
        if late and not self.transport.is_closing():
            self.transport.close()

    def _answer(self, status: int, text: bytes) -> None:
        """Answer ``status`` with ``text`` and the security headers, and close (whatever the client sent yet)."""
        self._disarm()
        reason = {400: b"Bad Request", 503: b"Service Unavailable"}[status]
        headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(text)).encode()),
                   (b"connection", b"close"), *HEADERS]
        head = b"HTTP/1.1 %d %s\r\n" % (status, reason) + b"".join(b"%s: %s\r\n" % pair for pair in headers)
        self.transport.write(head + b"\r\n" + text)
        self.transport.close()
