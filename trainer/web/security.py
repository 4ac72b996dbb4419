"""What guards every request: cross-site forms refused, bodies over 5 MB refused unread, safe headers.

:class:`Guard` is plain ASGI middleware, outermost but for the error pages:

- **CSRF.** Each browser gets a random token in a ``SameSite=Strict`` cookie
  (``lit_csrf``); pages put it in their forms (a hidden input named
  ``csrf``, from ``csrf_token`` in the template context) and in a
  ``<meta name="csrf-token">`` that scripts send back as the ``X-CSRF-Token``
  header. A request that changes something (``POST``, ``PUT``, ``PATCH``,
  ``DELETE``) is refused (403) unless it carries the token, and also when the
  browser says it came from another site (``Sec-Fetch-Site: cross-site``) or
  from another origin (``Origin``).
- **Host.** A server that knows its names (:func:`trainer.web.server.host_names`)
  answers only to them: a request naming another ``Host`` is refused (400),
  so that no other site can reach it by renaming itself (DNS rebinding); an
  ``Origin`` must then be one of those names too.
- **Size.** A body declared over :data:`MAX_BODY` bytes is refused (413)
  before a byte of it is read; one that does not declare its length is read
  until it passes the limit, then refused.
- **Live connections.** A websocket (for later pages that update live) from
  another origin is closed before the app sees it.
- **Headers.** Every response says ``nosniff``, may not be framed, and may
  run only the scripts and styles the app serves itself (a CSP).

    >>> same_token("abc", "abc"), same_token("abc", "abd"), same_token("", "")
    (True, False, False)
    >>> host_name("[::1]:8000"), host_name("LocalHost"), host_name("a b"), host_name("127.0.0.1:x")
    ('::1', 'localhost', None, None)

Every refusal, the early ones included (a bad ``Host``, a bad length), has
the same headers as every page.
"""

from __future__ import annotations

import hmac
import json
import re
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs, urlsplit

from trainer.render.web import render

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY = 5 * 1024 * 1024
"""The largest request body (an upload of a game log included): 5 MB."""
CSRF_COOKIE = "lit_csrf"
CSRF_FIELD = "csrf"
CSRF_HEADER = b"x-csrf-token"
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_TOKEN = re.compile(r"[A-Za-z0-9_-]{20,100}")
HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"content-security-policy",
     b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
     b"frame-ancestors 'none'; form-action 'self'; base-uri 'none'"),
)


def same_token(given: str, expected: str) -> bool:
    """Whether ``given`` is the (non-empty) ``expected`` token, compared in constant time."""
    return bool(expected) and hmac.compare_digest(given.encode(), expected.encode())


def cookies(scope: Scope) -> dict[str, str]:
    """The request's cookies (a malformed cookie header reads as none)."""
    jar: SimpleCookie = SimpleCookie()
    for name, value in scope.get("headers", ()):
        if name == b"cookie":
            try:
                jar.load(value.decode("latin-1"))
            except Exception:  # (a broken header must not break the page: it is ignored)
                continue
    return {key: morsel.value for key, morsel in jar.items()}


def header(scope: Scope, name: bytes) -> str | None:
    """The first value of header ``name`` (lower case), decoded as Latin-1."""
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def host_name(host: str | None) -> str | None:
    """The name in a ``Host`` header (lower case, an IPv6 address without its brackets), or ``None`` when the
    header is missing or malformed."""
    if not host or any(c.isspace() or c in "/?#@\\" for c in host):
        return None
    try:
        parts = urlsplit(f"//{host}")
        parts.port  # noqa: B018 (a port that is not a number raises here)
    except ValueError:
        return None
    return parts.hostname or None


def _page(status: int, title: str, message: str, token: str) -> bytes:
    return render("error.html", status=status, title=title, message=message, csrf_token=token, learner=None,
                  nav="").encode()


class Guard:
    """The middleware (see the module's docstring); ``app`` is what it guards."""

    def __init__(self, app: ASGIApp, *, max_body: int = MAX_BODY, hosts: frozenset[str] | None = None) -> None:
        """``hosts``: the ``Host`` names answered (``None``: any, for the test client's own)."""
        self.app = app
        self.max_body = max_body
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and not (self._known_host(scope) and _same_origin(scope)):
            await send({"type": "websocket.close", "code": 1008})  # a page of another site may not connect
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        found = cookies(scope).get(CSRF_COOKIE, "")
        token = found if _TOKEN.fullmatch(found) else secrets.token_urlsafe(24)
        scope.setdefault("state", {})["csrf_token"] = token
        fresh = token != found

        async def guarded_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [h for h in message.get("headers", []) if h[0] not in {k for k, _ in HEADERS}]
                headers.extend(HEADERS)
                if fresh:
                    headers.append((b"set-cookie", f"{CSRF_COOKIE}={token}; Path=/; SameSite=Strict; HttpOnly"
                                    .encode()))
                message = {**message, "headers": headers}
            await send(message)

        if not self._known_host(scope):
            await self._refuse(guarded_send, 400, "Bad request",
                               "This server does not answer to that name (Host): open it by its own address.", token,
                               scope)
            return
        length = header(scope, b"content-length")
        number = length is not None and length.strip().isascii() and length.strip().isdigit()
        if length is not None and (not number or int(length) > self.max_body):
            too_big = number
            await self._refuse(guarded_send, 413 if too_big else 400,
                               "Too large" if too_big else "Bad request",
                               f"That is more than {self.max_body // (1024 * 1024)} MB: nothing of it was read."
                               if too_big else "The request's Content-Length is not a number.", token, scope)
            return
        if scope["method"] not in UNSAFE:
            await self.app(scope, receive, guarded_send)
            return
        body = await self._read(receive)
        if body is None:
            await self._refuse(guarded_send, 413, "Too large",
                               f"That is more than {self.max_body // (1024 * 1024)} MB: it was not read further.",
                               token, scope)
            return
        why = await self._cross_site(scope, body, found)
        if why:
            await self._refuse(guarded_send, 403, "Refused", why, token, scope)
            return
        await self.app(scope, _replay(body, then=receive), guarded_send)

    def _known_host(self, scope: Scope) -> bool:
        """Whether the request names a ``Host`` this server answers to."""
        return self.hosts is None or host_name(header(scope, b"host")) in self.hosts

    async def _read(self, receive: Receive) -> bytes | None:
        """The whole body, or ``None`` once it passes the limit (the rest is left unread)."""
        parts: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return None
            parts.append(chunk)
            if not message.get("more_body", False):
                break
        return b"".join(parts)

    async def _cross_site(self, scope: Scope, body: bytes, found: str) -> str:
        """Why a request that changes something is refused (``""``: it is not)."""
        site = (header(scope, b"sec-fetch-site") or "").lower()
        if site == "cross-site":
            return "A form on another site tried to send this here: refused."
        if not _same_origin(scope):
            return f"This request came from {header(scope, b'origin')}, not from this site: refused."
        if is_api_call(scope):
            return ""
        if not found:
            return "This browser had no form token yet (cookies may be off): reload the page and try again."
        given = header(scope, CSRF_HEADER) or await _form_token(scope, body)
        if not same_token(given, found):
            return "This form is out of date or came from elsewhere: reload the page and try again."
        return ""

    async def _refuse(self, send: Send, status: int, title: str, message: str, token: str,
                      scope: Scope | None = None) -> None:
        if scope is not None and _wants_json(scope):
            content, kind = json.dumps({"error": message, "status": status}).encode(), b"application/json"
        else:
            content, kind = _page(status, title, message, token), b"text/html; charset=utf-8"
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", kind),
                                (b"content-length", str(len(content)).encode()), (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": content})


def is_api_call(scope: Scope) -> bool:
    """Whether a request is a call of the JSON API (``/api/...``) with ``Content-Type: application/json`` or
    an ``Authorization`` header: no form on another site can send one (a browser asks first, and this server
    never says yes), so it needs no form token; clients other than the pages (scripts, tests) call the API so.

    >>> is_api_call({"path": "/api/tables", "headers": [(b"content-type", b"application/json")]})
    True
    >>> is_api_call({"path": "/api/tables/x/start", "headers": [(b"authorization", b"Bearer s")]})
    True
    >>> is_api_call({"path": "/api/tables", "headers": [(b"content-type", b"text/plain")]})
    False
    """
    kind = (header(scope, b"content-type") or "").split(";")[0].strip().lower()
    api = str(scope.get("path", "")).startswith("/api/")
    return api and (kind == "application/json" or header(scope, b"authorization") is not None)


def _wants_json(scope: Scope) -> bool:
    """Whether a refusal is said in JSON (as :func:`trainer.web.pages.wants_json` decides for the pages)."""
    accept = header(scope, b"accept") or ""
    json_at, html_at = accept.find("application/json"), accept.find("text/html")
    return str(scope.get("path", "")).startswith("/api/") or (json_at >= 0 and (html_at < 0 or json_at < html_at))


def _same_origin(scope: Scope) -> bool:
    """Whether the request's ``Origin`` (when it says one) is this site (its ``Host``)."""
    origin = header(scope, b"origin")
    if not origin or origin == "null":
        return True
    return urlsplit(origin).netloc.lower() == (header(scope, b"host") or "").lower()


async def _form_token(scope: Scope, body: bytes) -> str:
    """The ``csrf`` field of a form body (URL-encoded or multipart), or ``""``."""
    kind = (header(scope, b"content-type") or "").split(";")[0].strip().lower()
    if kind == "application/x-www-form-urlencoded":
        try:
            values = parse_qs(body.decode("latin-1"), max_num_fields=1000).get(CSRF_FIELD, [])
        except ValueError:
            return ""
        return values[0] if values else ""
    if kind == "multipart/form-data":
        from starlette.requests import Request

        try:
            async with Request(dict(scope), _replay(body)).form(max_files=10, max_fields=1000) as form:
                value = form.get(CSRF_FIELD)
        except Exception:  # (a malformed body has no token: refused, never a crash)
            return ""
        return value if isinstance(value, str) else ""
    return ""


def _replay(body: bytes, then: Receive | None = None) -> Receive:
    """A ``receive`` that gives ``body`` once, then passes on to ``then`` (the server's, which tells of a
    disconnect), or says the request is over."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        if then is not None:
            return await then()
        return {"type": "http.disconnect"}

    return receive
