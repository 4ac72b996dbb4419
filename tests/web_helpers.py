"""Shared helpers of the web tests: an app over a temporary data folder, a client that sends the form token.

``client(home)`` is a Starlette ``TestClient`` that never raises the server's
exceptions (a 500 is seen as a 500) and whose browser is on this computer
(``127.0.0.1``), so it is the command line's learner unless it picks another.
``form(client, url, data)`` posts a form with the browser's CSRF token, as a
page's form does. ``served(home)`` runs a real server in a thread for the
browser tests (Playwright driving ``CHROMIUM`` with ``CHROMIUM_ARGS``).
"""

from __future__ import annotations

import contextlib
import re
import socket
import threading
import time
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from trainer.web.app import create_app

LOCAL = ("127.0.0.1", 50000)
REMOTE = ("192.0.2.7", 50000)


def client(home: Path, *, remote: bool = False, **options: Any) -> TestClient:
    """A test client of a fresh app over ``home``; ``remote``: a browser on another computer."""
    return TestClient(create_app(home, **options), raise_server_exceptions=False, client=REMOTE if remote else LOCAL,
                      base_url="http://127.0.0.1:8000")


def token(browser: TestClient) -> str:
    """The browser's CSRF token (asking for a page first if it has none yet)."""
    found = browser.cookies.get("lit_csrf")
    if not found:
        browser.get("/")
        found = browser.cookies.get("lit_csrf")
    assert found, "the app gave no CSRF cookie"
    return str(found)


def form(browser: TestClient, url: str, data: dict[str, str], **options: Any) -> Any:
    """POST ``data`` to ``url`` as a page's form does (with the ``csrf`` field)."""
    return browser.post(url, data={**data, "csrf": token(browser)}, **options)


def text_of(html: str) -> str:
    """The visible text of a page, roughly: tags dropped, whitespace squeezed."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


@contextlib.contextmanager
def served(home: Path) -> Iterator[str]:
    """A real server (uvicorn, in a thread) of a fresh app over ``home`` on a free port: yields its address.

    The clock is the test's (``LITERATURE_NOW``, set by conftest), read by the app in this process.
    """
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    server = uvicorn.Server(uvicorn.Config(create_app(home), host="127.0.0.1", port=port, log_level="warning",
                                           lifespan="off", timeout_keep_alive=600))  # (web_table_helpers)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the test server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
