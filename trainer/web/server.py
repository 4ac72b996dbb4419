"""Run the web app under uvicorn: bind, say where it is, serve until Ctrl-C, stop cleanly.

The socket is bound here, before uvicorn starts, so that a port in use or an
address this computer does not have is one plain line (a
:class:`~trainer.game.errors.LiteratureError`), and ``--port 0`` can take a
free port and still print it. On a loopback address only local ``Host`` names
are accepted (no other site can reach it by renaming itself); on any other
address the learner is told plainly that anyone on the network can reach it.
Ctrl-C (or SIGTERM) ends the tables' live streams at once (the pages'
scripts reconnect to the server started next), lets the other requests under
way finish (every answer is written in one transaction), then stops without a
traceback, saying only ``Stopped.``.

    >>> describe("127.0.0.1", 8000)
    ['literature serve: http://127.0.0.1:8000/ (Ctrl-C stops it)']
    >>> describe("0.0.0.0", 8000)[1].startswith("Anyone on your network")
    True
"""

from __future__ import annotations

import contextlib
import errno
import ipaddress
import signal
import socket
import sys
import threading
import time
import webbrowser
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from trainer.game.errors import LiteratureError

if TYPE_CHECKING:
    import uvicorn
    from starlette.applications import Starlette

LOCAL_NAMES = ["127.0.0.1", "localhost", "::1"]
"""The ``Host`` names a server on a loopback address answers to."""
GRACE_SECONDS = 5
"""How long Ctrl-C waits for the requests under way before it closes them."""
KEEP_ALIVE_SECONDS = 5
"""How long a connection may stay idle between requests before it is closed."""


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this computer only (``127.0.0.1``, ``::1``, ``localhost``).

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0"), is_loopback("192.168.1.4")
    (True, True, False, False)
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def url_of(host: str, port: int) -> str:
    """The address to open in a browser (an unspecified host is shown as this computer's name).

    >>> url_of("::1", 8000), url_of("0.0.0.0", 80)
    ('http://[::1]:8000/', 'http://0.0.0.0:80/')
    """
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def host_names(host: str, more: Iterable[str] = (), *, machine: tuple[str, ...] | None = None) -> frozenset[str]:
    """The ``Host`` names a server on ``host`` answers to: the loopback names on a loopback address; the address
    or name served on (and what that name resolves to); on every address (``0.0.0.0``, ``::``), the loopback
    names and this computer's own names and addresses (``machine``, default :func:`machine_names`); and the
    names in ``more`` (``--allow-host``).

    >>> sorted(host_names("::1"))
    ['127.0.0.1', '::1', 'localhost']
    >>> sorted(host_names("192.168.1.4", ["club.lan"]))
    ['192.168.1.4', 'club.lan']
    >>> sorted(host_names("0.0.0.0", machine=("box", "10.0.0.2")))
    ['10.0.0.2', '127.0.0.1', '::1', 'box', 'localhost']
    """
    bare = host.strip("[]").lower()
    names = {m.strip("[]").lower() for m in more if m.strip()}
    if is_loopback(bare):
        return frozenset({*LOCAL_NAMES, *names})
    if bare in ("0.0.0.0", "::", ""):
        return frozenset({*LOCAL_NAMES, *(machine if machine is not None else machine_names()), *names})
    return frozenset({bare, *names})


def machine_names() -> tuple[str, ...]:
    """This computer's names and the addresses they resolve to (what a browser on the network may call it)."""
    names = {socket.gethostname().lower(), socket.getfqdn().lower()}
    for name in list(names):
        try:
            names |= {str(info[4][0]).lower() for info in socket.getaddrinfo(name, None)}
        except (OSError, UnicodeError):
            continue
    return tuple(sorted(n for n in names if n))


def describe(host: str, port: int, names: frozenset[str] | None = None) -> list[str]:
    """What ``literature serve`` prints when it starts."""
    lines = [f"literature serve: {url_of(host, port)} (Ctrl-C stops it)"]
    if not is_loopback(host):
        lines.append(
            f"Anyone on your network can reach this server (on {host}, port {port}) and use it as any learner: "
            "there is no password. Serve on 127.0.0.1 (the default) to keep it to this computer."
        )
        if names:
            lines.append(f"It answers to the names {', '.join(sorted(names))} (add others with --allow-host NAME).")
    return lines


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (``port`` 0: a free one), or one line saying why not."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError):
        raise LiteratureError(f"--host {host!r} is not an address or name this computer can serve on") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            raise LiteratureError(f"port {port} on {host} is in use: stop what uses it, or choose another with "
                                  "--port") from None
        if error.errno == errno.EACCES:
            raise LiteratureError(f"port {port} needs administrator rights: choose one from 1024 up with --port"
                                  ) from None
        raise LiteratureError(f"cannot serve on {host} port {port}: {error.strerror or error}") from None
    sock.set_inheritable(True)
    return sock


def serve(host: str, port: int, *, home: Path | None = None, open_browser: bool = False,
          say: Callable[[str], None] = print, allow: Iterable[str] = ()) -> None:
    """Serve the app on ``host``:``port`` until Ctrl-C or SIGTERM, answering to the names of
    :func:`host_names` (``allow``: more of them)."""
    from trainer.memory import limit_arenas

    limit_arenas()  # before any worker thread: memory freed in threads goes back to a shared arena
    import uvicorn

    from trainer.web.app import create_app
    from trainer.web.protocol import GuardedProtocol

    sock = bind(host, port)
    port = sock.getsockname()[1]
    names = host_names(host, allow)
    app = create_app(home, allowed_hosts=sorted(names))
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off", server_header=False,
                            timeout_graceful_shutdown=GRACE_SECONDS, http=GuardedProtocol,
                            timeout_keep_alive=KEEP_ALIVE_SECONDS)
    server = stopping_server(config, app)

    def stop(signum: int, frame: FrameType | None) -> None:
        if server.should_exit:  # a second Ctrl-C: stop without waiting for the requests under way
            server.force_exit = True
        server.should_exit = True

    # Ctrl-C and SIGTERM only ask the server to stop, from before the address is printed (a signal that comes
    # while uvicorn starts is not lost) until it has stopped; uvicorn's own handlers are not installed.
    previous = {number: signal.signal(number, stop) for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        for line in describe(host, port, names):
            say(line)
        sys.stdout.flush()
        if open_browser:
            threading.Thread(target=_open_when_up, args=(server, url_of(host, port)), daemon=True).start()
        threading.Thread(target=_warm, daemon=True).start()
        if not server.should_exit:
            server.run(sockets=[sock])
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        sock.close()
    say("Stopped.")


def stopping_server(config: uvicorn.Config, app: Starlette) -> uvicorn.Server:
    """A uvicorn server of ``app`` that ends the live streams first when it stops (the streams never end by
    themselves: uvicorn would wait its grace period, then cancel them with an error in the log)."""
    import uvicorn

    from trainer.web.table_api import close_streams

    class Server(uvicorn.Server):
        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            close_streams(app)
            await super().shutdown(sockets)

        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:  # serve() has its own handlers, set before it prints
            yield

    return Server(config)


def _warm() -> None:
    """Read the built-in pack while the first pages are asked for, so that the first session does not wait."""
    from puzzles.training import ready

    try:
        ready()
    except Exception:  # (a damaged pack is said by the page that needs it, in one line)
        return


def _open_when_up(server: object, url: str) -> None:
    """Open ``url`` in the browser once the server has started (waiting at most ten seconds)."""
    deadline = time.monotonic() + 10
    while not getattr(server, "started", False) and time.monotonic() < deadline:
        time.sleep(0.05)
    webbrowser.open(url)
