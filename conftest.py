"""Setup shared by the tests (``tests/``) and the doctests (``trainer/``, ``puzzles/``), wherever pytest runs from.

Every test and every doctest gets its own empty data directory (``LITERATURE_HOME``, never the user's real
data) and a fixed clock (``LITERATURE_NOW``, which subprocesses inherit too), so none depends on the day or
the time it runs, nor on what an earlier one saved. Doctests name the example games of ``tests/data`` as
``EXAMPLES / "six-diamonds.lit"``: ``EXAMPLES`` is that folder, found from this file, not from the working
directory.

Hypothesis draws the same examples on every run (the ``repeatable`` profile: ``derandomize``), so the suite
cannot pass on one run and fail on the next; ``HYPOTHESIS_PROFILE=explore`` draws new ones, to look for bugs.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))

EXAMPLES = Path(__file__).parent / "tests" / "data"
"""The example games (``.lit``) and puzzle files the doctests read."""

DEFAULT_NOW = "2026-06-10T14:00:00+00:00"
"""A Wednesday afternoon, far from any week, month or year boundary."""


@pytest.fixture(autouse=True)
def _literature_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "literature-home"
    monkeypatch.setenv("LITERATURE_HOME", str(home))
    monkeypatch.setenv("LITERATURE_NOW", DEFAULT_NOW)
    return home


@pytest.fixture(autouse=True, scope="session")
def _examples(doctest_namespace: dict[str, object]) -> None:
    doctest_namespace["EXAMPLES"] = EXAMPLES
