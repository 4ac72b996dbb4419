"""The whole built-in pack re-verified: every record solved again by the engine and its answer checked, and
checked by the second solver (python-constraint) too, whatever ``pack.verified`` says (the list that lets
``literature daily`` serve a shipped record without solving it).

Slow (several minutes of solving, spread over the machine's cores): ``make quick`` leaves it out.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from puzzles.executor import ordered_map
from puzzles.model import Puzzle, PuzzleFormatError
from puzzles.packs import load_records
from puzzles.verify import verify

MIN_PUZZLES = 5000  # 5,181 since issue 41 (2,770 of issue 40 kept, 2,411 added)


def refusal(record: dict[str, Any]) -> str | None:
    """Why the engine refuses the record (its id and the reason), or ``None`` when it proves the answer."""
    try:
        verify(Puzzle.from_json(record))  # solves: never looks at pack.verified
    except PuzzleFormatError as error:
        return f"{record.get('id')}: {error}"
    return None


@pytest.mark.slow
def test_every_puzzle_of_the_shipped_pack_is_proven_by_the_engine() -> None:
    records = load_records()["puzzles"]
    assert len(records) >= MIN_PUZZLES
    verdicts = list(ordered_map(refusal, iter(records), workers=os.cpu_count() or 1, ahead=64))
    assert len(verdicts) == len(records)  # every record was solved
    refused = [why for why in verdicts if why is not None]
    assert not refused, f"{len(refused)} of {len(records)} records refused, the first: {refused[:3]}"
