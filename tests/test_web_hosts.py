"""Issue 39's guard of names and connections: the Host and Origin checked whatever the bind address, a time
limit on headers, a cap on connections, and the security headers on every answer, the early ones included."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from trainer.web.security import HEADERS
from trainer.web.server import host_names

from web_helpers import client

ROOT = Path(__file__).resolve().parent.parent
SAFE = {name.decode() for name, _ in HEADERS}


def _secured(response: object) -> bool:
    headers = response.headers  # type: ignore[attr-defined]
    return all(name in headers for name in SAFE)


@pytest.mark.parametrize(("bound", "own"), [
    ("127.0.0.1", "127.0.0.1:8000"), ("::1", "[::1]:8000"), ("localhost", "localhost:8000"),
    ("0.0.0.0", "localhost"), ("::", "[::1]"), ("192.168.1.4", "192.168.1.4:8000"), ("club.lan", "club.lan"),
])
def test_the_host_and_origin_are_checked_whatever_the_bind_address(tmp_path: Path, bound: str, own: str) -> None:
    browser = client(tmp_path, allowed_hosts=sorted(host_names(bound, machine=("box",))))
    assert browser.get("/", headers={"host": own}).status_code == 200
    for evil in ("evil.com", "evil.com:8000", "[::2]:8000", "127.0.0.1.evil.com", "", "a b"):
        refused = browser.get("/", headers={"host": evil})
        assert refused.status_code == 400 and _secured(refused), evil
    rebinding = browser.post("/api/tables", json={"players": 6},
                             headers={"host": "evil.com", "origin": "http://evil.com"})
    assert rebinding.status_code == 400 and _secured(rebinding)
    crossed = browser.post("/api/tables", json={"players": 6}, headers={"host": own, "origin": "http://evil.com"})
    assert crossed.status_code == 403


def test_more_names_only_through_the_option() -> None:
    assert "club.lan" not in host_names("0.0.0.0", machine=("box",))
    assert "club.lan" in host_names("0.0.0.0", ["Club.LAN"], machine=("box",))
    assert host_names("10.1.2.3") == {"10.1.2.3"}


@contextmanager
def _server(tmp_path: Path, *args: str, **more: str) -> Iterator[tuple[str, int]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LITERATURE_HOME": str(tmp_path), "LITERATURE_HEADER_SECONDS": "1",
           **more}
    server = subprocess.Popen([sys.executable, "-m", "trainer", "serve", "--port", "0", *args], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        found = re.match(r"literature serve: http://\[?([^\]/]+)\]?:(\d+)/", server.stdout.readline())
        assert found
        yield found.group(1), int(found.group(2))
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.communicate(timeout=20)
        finally:
            server.kill()


def _connect(address: tuple[str, int]) -> socket.socket:
    return socket.create_connection(address, timeout=30)  # (the server listens before it prints its address)


def _read_all(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (a timeout of 30 s fails the test)."""
    chunks = []
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def test_slow_and_silent_connections_are_closed_and_early_400s_are_secured(tmp_path: Path) -> None:
    with _server(tmp_path) as address:
        silent = _connect(address)
        slow = _connect(address)
        slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # the headers never end
        broken = _connect(address)
        broken.sendall(b"GET / HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n")  # not a header line
        # Each is closed by the server (the limit is 1 s here): a recv that timed out (30 s) would fail.
        assert _read_all(silent) == b"" and _read_all(slow) == b""
        answer = _read_all(broken).decode("latin-1")
        assert answer.startswith("HTTP/1.1 400")
        assert all(f"{name}:" in answer.lower() for name in SAFE)
        evil = _connect(address)
        evil.sendall(b"GET / HTTP/1.1\r\nHost: evil.com\r\nConnection: close\r\n\r\n")
        refused = _read_all(evil).decode("latin-1")
        assert refused.startswith("HTTP/1.1 400") and all(f"{name}:" in refused.lower() for name in SAFE)
        for sock in (silent, slow, broken, evil):
            sock.close()


@pytest.mark.skipif(not socket.has_ipv6, reason="no IPv6 on this machine")
def test_a_server_on_ipv6_loopback_still_checks_the_host(tmp_path: Path) -> None:
    with _server(tmp_path, "--host", "::1") as address:
        with _connect(address) as sock:
            sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: evil.com\r\nOrigin: http://evil.com\r\n"
                         b"Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")
            assert _read_all(sock).startswith(b"HTTP/1.1 400")
        with _connect(address) as own:
            own.sendall(b"GET / HTTP/1.1\r\nHost: [::1]\r\nConnection: close\r\n\r\n")
            assert _read_all(own).startswith(b"HTTP/1.1 200")


def test_connections_past_the_cap_are_told_503_with_the_security_headers_and_closed(tmp_path: Path) -> None:
    with _server(tmp_path, LITERATURE_MAX_CONNECTIONS="3", LITERATURE_HEADER_SECONDS="30") as address:
        held = [_connect(address) for _ in range(3)]
        for sock in held:  # each holds its place with a request under way
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        with _connect(address) as extra:
            answer = _read_all(extra).decode("latin-1")
        assert answer.startswith("HTTP/1.1 503") and all(f"{name}:" in answer.lower() for name in SAFE)
        for sock in held:
            sock.close()


def _from(address: tuple[str, int], source: str) -> socket.socket:
    """A connection to the server from another address of this computer (127.0.0.2: another client)."""
    return socket.create_connection(address, timeout=30, source_address=(source, 0))


_NO_BODY = (b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 1000\r\n\r\n{")


def test_a_body_that_never_comes_is_timed_out_and_one_that_comes_is_read(tmp_path: Path) -> None:
    with _server(tmp_path, LITERATURE_BODY_SECONDS="1", LITERATURE_HEADER_SECONDS="30") as address:
        held = _connect(address)
        held.sendall(_NO_BODY)  # the headers, then one byte of the 1,000 declared: the body never ends
        assert _read_all(held) == b""  # closed by the server within the second (a 30 s wait fails the test)
        with _connect(address) as honest:
            body = b'{"players": 6}'
            honest.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                           b"Connection: close\r\nContent-Length: %d\r\n\r\n" % len(body))
            time.sleep(0.3)  # (the body comes in a later packet, well within the limit)
            honest.sendall(body)
            assert _read_all(honest).startswith(b"HTTP/1.1 201")
        held.close()


def test_one_address_holding_its_whole_share_leaves_room_for_another(tmp_path: Path) -> None:
    """The attack of issue 56: sockets that send complete headers and no body. One address gets its share (3
    here, of 6 in all), the rest of its connections are told 503, and another address is still served."""
    with _server(tmp_path, LITERATURE_MAX_CONNECTIONS="6", LITERATURE_MAX_PER_ADDRESS="3",
                 LITERATURE_BODY_SECONDS="60", LITERATURE_HEADER_SECONDS="60") as address:
        flood = [_from(address, "127.0.0.1") for _ in range(3)]
        for sock in flood:
            sock.sendall(_NO_BODY)
        for _ in range(3):  # (read before sending: a request sent after the 503 would reset the connection)
            with _from(address, "127.0.0.1") as more:
                assert _read_all(more).startswith(b"HTTP/1.1 503")
        for _ in range(2):  # another address, twice: served while the three are held
            with _from(address, "127.0.0.2") as other:
                other.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                assert _read_all(other).startswith(b"HTTP/1.1 200")
        for sock in flood:  # the share is still held (nothing answered it): the test held it throughout
            sock.setblocking(False)
            with pytest.raises(BlockingIOError):
                sock.recv(1)
            sock.close()
