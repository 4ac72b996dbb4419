"""Issue 56: the JSON API described as OpenAPI (``trainer/web/openapi.json``, served at ``/api/openapi.json``), kept
true by a comparison with the app's routes, and a fuzzer we did not write, schemathesis, run against a live
``literature serve`` from that description: no server error, every response matching the description.

``SCHEMATHESIS_EXAMPLES`` sets the cases per operation (``benchmarks/schemathesis.py`` runs many more).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)
from starlette.routing import Route

from trainer.web.app import create_app

from web_helpers import client

ROOT = Path(__file__).resolve().parent.parent
SPEC: dict[str, Any] = json.loads((ROOT / "trainer" / "web" / "openapi.json").read_text())
EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "8"))
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
"""What every response is held to: no 5xx, a status, a content type and a body the description allows."""


def test_the_description_has_every_route_of_the_api_and_no_other(tmp_path: Path) -> None:
    app = create_app(tmp_path)
    routes = {(method, re.sub(r":\w+\}", "}", route.path)) for route in app.routes
              if isinstance(route, Route) and route.path.startswith("/api/")
              for method in (route.methods or {"GET"}) if method != "HEAD"}
    described = {(method.upper(), path) for path, operations in SPEC["paths"].items() for method in operations}
    assert described == routes
    served = client(tmp_path).get("/api/openapi.json")
    assert served.status_code == 200 and served.json() == SPEC


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real ``literature serve`` on a free port of 127.0.0.1 (its address)."""
    home = tmp_path_factory.mktemp("home")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LITERATURE_HOME": str(home)}
    server = subprocess.Popen([sys.executable, "-m", "trainer", "serve", "--port", "0"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        found = re.match(r"literature serve: (http://\S+:\d+)/", server.stdout.readline())
        assert found
        yield found.group(1)
    finally:
        server.send_signal(signal.SIGINT)
        try:
            _, errors = server.communicate(timeout=20)
        finally:
            server.kill()
        assert "Traceback" not in errors and "unexpected error" not in errors, errors[-3000:]


schema = schemathesis.openapi.from_dict(SPEC)


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_schemathesis_finds_no_server_error_and_every_response_matches(case: Any, live: str) -> None:
    case.call_and_validate(base_url=live, checks=CHECKS)
