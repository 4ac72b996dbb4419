"""Shared test setup: every test gets its own empty LITERATURE_HOME (never the user's real data)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _literature_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "literature-home"
    monkeypatch.setenv("LITERATURE_HOME", str(home))
    return home
