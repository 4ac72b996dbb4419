"""Shared test setup.

Every test gets its own empty LITERATURE_HOME (never the user's real data) and a
fixed clock (LITERATURE_NOW, which subprocesses inherit too): the repository's
``conftest.py`` gives them, to the doctests too. Tests about dates take the
``today`` fixture and run once for each of several awkward days.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from starlette.testclient import TestClient

AWKWARD_NOWS = {
    "monday": "2026-11-30T00:00:30+00:00",  # a week starts (the stats calendar breaks its row here)
    "sunday": "2026-12-06T23:59:30-08:00",  # a week ends, late in the evening west of UTC
    "new-year-eve": "2026-12-31T12:00:00+05:30",  # the last day of a month and of a year
}


@pytest.fixture(params=sorted(AWKWARD_NOWS), ids=str)
def today(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> datetime:
    """The fixed current moment of a test about dates: a Monday, a Sunday, New Year's Eve."""
    moment = AWKWARD_NOWS[request.param]
    monkeypatch.setenv("LITERATURE_NOW", moment)
    return datetime.fromisoformat(moment)


@pytest.fixture
def api(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """A test client of a fresh app over ``tmp_path`` whose tables deal from fixed seeds and whose bots do not
    wait between moves (the tables' API tests)."""
    from trainer.web.app import create_app

    monkeypatch.setenv("LITERATURE_TABLE_PACE", "0")
    monkeypatch.setenv("LITERATURE_TABLE_SEEDS", "1")  # (fixed deals: the tests replay them)
    with TestClient(create_app(tmp_path), raise_server_exceptions=False, client=("127.0.0.1", 5000)) as client:
        yield client
