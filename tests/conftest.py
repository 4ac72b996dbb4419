"""Shared test setup.

Every test gets its own empty LITERATURE_HOME (never the user's real data) and a
fixed clock (LITERATURE_NOW, which subprocesses inherit too), so no test depends
on the day or the time it runs. Tests about dates take the ``today`` fixture
and run once for each of several awkward days.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

DEFAULT_NOW = "2026-06-10T14:00:00+00:00"
"""A Wednesday afternoon, far from any week, month or year boundary."""

AWKWARD_NOWS = {
    "monday": "2026-11-30T00:00:30+00:00",  # a week starts (the stats calendar breaks its row here)
    "sunday": "2026-12-06T23:59:30-08:00",  # a week ends, late in the evening west of UTC
    "new-year-eve": "2026-12-31T12:00:00+05:30",  # the last day of a month and of a year
}


@pytest.fixture(autouse=True)
def _literature_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "literature-home"
    monkeypatch.setenv("LITERATURE_HOME", str(home))
    monkeypatch.setenv("LITERATURE_NOW", DEFAULT_NOW)
    return home


@pytest.fixture(params=sorted(AWKWARD_NOWS), ids=str)
def today(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> datetime:
    """The fixed current moment of a test about dates: a Monday, a Sunday, New Year's Eve."""
    moment = AWKWARD_NOWS[request.param]
    monkeypatch.setenv("LITERATURE_NOW", moment)
    return datetime.fromisoformat(moment)
