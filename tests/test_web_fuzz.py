"""No request produces a 500: every route of the app (whoever wrote its page module), with random path
segments, query strings, methods, form fields, bodies and headers, answers with a page below 500.

The routes are read from the app itself, so a page added later is fuzzed too. Half the forms carry the
browser's CSRF token, so that they get past the guard to the page's own handling of what they send.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from starlette.routing import Mount, Route
from starlette.testclient import TestClient

from puzzles import sheets
from trainer.web.app import create_app

from web_helpers import client, token

FIELDS = ["line", "do", "puzzle", "technique", "count", "review", "seed", "new", "name", "next", "csrf", "game",
          "file", "seat", "card", "player", "coach", "pace", "levels", "variant", "players", "format", "log",
          "event", "view", "kind", "level", "x"]
SAMPLES = ["", "hint", "reveal", "answer", "skip", "help", "history", "history LC", "quit", "none", "Fay 4C",
           "p-a0ed36c3667a", "2026-06-10", "elimination", "10", "yes", "0", "-1", "99999999999999999999",
           "../../etc/passwd", "/", "//evil.example", "%00", "\x00", "é♠", "<script>x</script>", "Ann", "x" * 3000]


def _templates() -> list[tuple[str, list[str]]]:
    app = create_app(Path("/nonexistent-literature-home"))
    found = []
    for route in app.routes:
        if isinstance(route, Route):
            found.append((route.path, sorted(route.methods or {"GET"})))
        elif isinstance(route, Mount):
            found.append((route.path + "/{path}", ["GET"]))
    return found


TEMPLATES = _templates()
text = st.one_of(st.sampled_from(SAMPLES), st.text(max_size=40))
json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | text
                           | st.sampled_from(["\ud800", "x\udfffy"]),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text, inner, max_size=3),
                           max_leaves=8)
segment = st.one_of(st.sampled_from(["2026-06-10", "p-a0ed36c3667a", "app.css", "puzzle.js", "..", "x", ""]),
                    st.text(min_size=1, max_size=30))


@st.composite
def requests(draw: st.DrawFn) -> tuple[str, str, dict[str, object]]:
    path, methods = draw(st.sampled_from(TEMPLATES))
    path = re.sub(r"\{[^}]+\}", lambda _: quote(draw(segment), safe=""), path)
    method = draw(st.sampled_from([*methods, "GET", "POST", "PUT", "HEAD", "OPTIONS"]))
    query = draw(st.dictionaries(st.sampled_from(FIELDS), text, max_size=3))
    options: dict[str, object] = {"params": query}
    headers = draw(st.dictionaries(st.sampled_from(["cookie", "origin", "sec-fetch-site", "accept", "range",
                                                    "if-none-match", "x-csrf-token"]),
                                   st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=40),
                                   max_size=2))
    if headers:
        options["headers"] = headers
    if method in ("POST", "PUT"):
        body = draw(st.sampled_from(["form", "multipart", "raw", "json", "none"]))
        fields = draw(st.dictionaries(st.sampled_from(FIELDS), text, max_size=5))
        if body == "form":
            options["data"] = fields
        elif body == "multipart":
            name = draw(st.sampled_from(["x.lit", "é" * 200 + ".lit", "../../x.lit", "a\x00b.lit", ".lit"]))
            options["files"] = {draw(st.sampled_from(["log", "upload"])): (name, draw(st.binary(max_size=200)),
                                                                          "text/plain")}
            options["data"] = fields
        elif body == "json":  # (issue 56: every JSON type, non-finite numbers and lone surrogates included)
            options["content"] = json.dumps(draw(st.dictionaries(st.sampled_from(FIELDS) | text, json_values,
                                                                 max_size=4)))
            options["headers"] = {**headers, "content-type": "application/json"}
        elif body == "raw":
            options["content"] = draw(st.binary(max_size=300))
            options["headers"] = {**headers, "content-type": draw(st.sampled_from(
                ["application/x-www-form-urlencoded", "multipart/form-data", "multipart/form-data; boundary=x",
                 "application/json", "text/plain", "", "x/y; q=\x7f"]))}
        options["csrf"] = draw(st.booleans())
    return method, path, options


EXAMPLES = int(os.environ.get("WEB_FUZZ_EXAMPLES", "250"))
"""Requests per run; ``WEB_FUZZ_EXAMPLES=5000`` for a long hunt."""


@pytest.fixture
def quick_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Worksheets the fuzz asks for are made as on a real server (in the background, never waited for), but
    stop after a couple of seconds, so that none goes on working through the tests after this one."""
    sets = sheets.Sets()
    sets.seconds = 2.0
    monkeypatch.setattr(sheets, "Sets", lambda: sets)


# About 6 s for 250 requests: every page answers at once (a worksheet is made in the background).
def test_no_request_gets_a_500_and_the_fuzz_gets_past_the_guard(tmp_path: Path, quick_sets: None) -> None:
    """Every answer is below 500 and shows nothing of the server (its folders, a traceback); and the fuzz was
    not refused wholesale: pages answered, forms were refused, pages were not found (asserted here, after the
    run, in the same test, so it cannot pass without the fuzz having run)."""
    seen: list[int] = []

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(request=requests())
    @example(request=("GET", "/worksheet/sheet", {"params": {}}))  # (a redirect to the form: a 303 is always seen)
    def fuzz(request: tuple[str, str, dict[str, object]]) -> None:
        method, path, options = request
        browser = _browser(tmp_path)
        if options.pop("csrf", False):
            data = dict(options.get("data") or {})
            data["csrf"] = token(browser)
            options["data"] = data
            headers = dict(options.get("headers") or {})
            headers["x-csrf-token"] = token(browser)
            options["headers"] = headers
        answer = browser.request(method, path, follow_redirects=False, **options)
        seen.append(answer.status_code)
        assert answer.status_code < 500, f"{method} {path} {options}: {answer.status_code}\n{answer.text[-2000:]}"
        if answer.status_code >= 400:
            shown = answer.text
            assert str(tmp_path) not in shown and "Traceback" not in shown and "/tmp/" not in shown, shown[-2000:]

    fuzz()
    assert {200, 303, 403, 404} <= set(seen), sorted(set(seen))


_BROWSERS: dict[Path, TestClient] = {}


def _browser(home: Path) -> TestClient:
    """One browser (and app) per test run: the attempts and sessions it starts build up, as on a real server."""
    if home not in _BROWSERS:
        _BROWSERS.clear()
        _BROWSERS[home] = client(home)
    return _BROWSERS[home]


def test_the_fuzz_reaches_every_route() -> None:
    paths = {path for path, _ in TEMPLATES}
    assert {"/", "/daily", "/daily/{day}", "/p/{puzzle_id}", "/train", "/stats", "/learner"} <= paths
