"""The connections of ``literature serve``: a time limit on headers, a cap on open connections, safe headers.

uvicorn closes a connection idle between requests (its ``timeout_keep_alive``)
but waits for ever on one that never finishes its headers, takes any number
of connections, and answers a malformed request with a bare 400. Its HTTP/1.1
protocol class is extended here (the documented ``http=`` setting of
``uvicorn.Config``):

- a request's line and headers must arrive within :data:`HEADER_SECONDS` of
  the connection opening or of the previous response, or the connection is
  closed (a slow or silent client holds nothing for long);
- beyond :data:`MAX_CONNECTIONS` open connections, a new one is answered 503
  and closed at once;
- the early answers made here (the 400 of a malformed request, that 503)
  carry the same security headers as every page (:data:`trainer.web.security.HEADERS`).

``LITERATURE_HEADER_SECONDS`` sets the time limit and ``LITERATURE_MAX_CONNECTIONS``
the cap (the tests use one second and a few connections).

    >>> header_seconds({"LITERATURE_HEADER_SECONDS": "1.5"}), header_seconds({})
    (1.5, 10.0)
    >>> header_seconds({"LITERATURE_HEADER_SECONDS": "soon"}), max_connections({"LITERATURE_MAX_CONNECTIONS": "3"})
    (10.0, 3)
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
MAX_CONNECTIONS = 1000
"""Open connections at most (the live streams of pages included)."""


def header_seconds(environ: Mapping[str, str] = os.environ) -> float:
    """The time limit on headers: ``LITERATURE_HEADER_SECONDS`` when it is a positive number, else the default."""
    try:
        seconds = float(environ.get("LITERATURE_HEADER_SECONDS", ""))
    except ValueError:
        return HEADER_SECONDS
    return seconds if 0 < seconds < 3600 else HEADER_SECONDS


def max_connections(environ: Mapping[str, str] = os.environ) -> int:
    """The cap on open connections: ``LITERATURE_MAX_CONNECTIONS`` when it is a positive whole number, else
    :data:`MAX_CONNECTIONS`."""
    text = environ.get("LITERATURE_MAX_CONNECTIONS", "")
    return int(text) if text.isdigit() and 0 < int(text) <= 100_000 else MAX_CONNECTIONS


class GuardedProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with the limits above."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._waiting: object = None
        self._seconds = header_seconds()
        self._most = max_connections()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self._most:
            self._answer(503, b"Too many connections: try again in a moment.")
            return
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def handle_events(self) -> None:
        super().handle_events()
        if self.cycle is not self._waiting:  # a request's headers have arrived
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()

    def send_400_response(self, msg: str) -> None:
        self._answer(400, msg.encode("ascii", "replace"))

    def _arm(self) -> None:
        self._disarm()
        self._waiting = self.cycle
        self._deadline = self.loop.call_later(self._seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.cycle is self._waiting and not self.transport.is_closing():
            self.transport.close()

    def _answer(self, status: int, text: bytes) -> None:
        """Answer ``status`` with ``text`` and the security headers, and close the connection (written here
        whatever state the client left the connection in: it may not have sent a request at all)."""
        self._disarm()
        reason = {400: b"Bad Request", 503: b"Service Unavailable"}[status]
        headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(text)).encode()),
                   (b"connection", b"close"), *HEADERS]
        head = b"HTTP/1.1 %d %s\r\n" % (status, reason) + b"".join(b"%s: %s\r\n" % pair for pair in headers)
        self.transport.write(head + b"\r\n" + text)
        self.transport.close()
