"""The built-in pack: at least 500 valid puzzles across levels, kinds and variants; every answer unique."""

from __future__ import annotations

import json
import random
from importlib import resources

from puzzles.generate import canonical_id, canonical_key, is_unique_answer, needs_deduction
from puzzles.model import KINDS, SCHEMA_VERSION, Puzzle, puzzles_from_json
from puzzles.packs import _load, histogram, load_pack, select
from trainer.knowledge import solve


def test_pack_is_shipped_and_follows_the_schema() -> None:
    text = (resources.files("puzzles") / "data" / "pack.json").read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["schema"] == SCHEMA_VERSION
    puzzles = puzzles_from_json(data, "pack.json")  # every record checked; ids unique
    assert len(puzzles) >= 500
    for puzzle in puzzles:
        assert set(puzzle.to_json()) == {"schema", "id", "variant", "viewer", "log", "question", "answer",
                                         "difficulty", "techniques", "explanation", "source"}
        assert puzzle.log.count("\nhand ") == 1 and f"hand {puzzle.viewer}:" in puzzle.log


def test_pack_spreads_over_levels_kinds_variants_and_tables() -> None:
    counts = histogram(load_pack())
    assert set(counts["kind"]) == set(KINDS)
    assert set(counts["variant"]) == {"classic", "fish54"}
    assert set(counts["players"]) == {"6", "8"}
    assert {"2", "3", "4", "5", "6"} <= set(counts["level"])


def test_pack_records_replay_and_answers_are_unique() -> None:
    pack = load_pack()
    for puzzle in random.Random(7).sample(pack, 40):
        puzzle.validate()
        game = puzzle.game
        k = solve(game.setup, game.events, puzzle.viewer)
        assert is_unique_answer(k, puzzle.question, puzzle.answer)
        assert needs_deduction(k.state, puzzle.viewer, puzzle.question, puzzle.answer)
        assert canonical_id(canonical_key(puzzle)) == puzzle.id


def test_pack_is_read_once_and_kept() -> None:
    """How fast it loads is measured in benchmarks/generate.py; here: it is read once, then kept."""
    _load.cache_clear()
    pack = load_pack()
    assert pack and _load.cache_info().misses == 1
    assert load_pack() == pack  # cached, same order
    assert _load.cache_info().hits == 1


def test_select_takes_a_spread_and_caps_levels() -> None:
    pack = load_pack()
    chosen = select(pack, per_level=5, seed=1)
    levels: dict[int, list[Puzzle]] = {}
    for puzzle in chosen:
        levels.setdefault(puzzle.level, []).append(puzzle)
    assert all(len(v) <= 5 for v in levels.values())
    assert set(levels) == {p.level for p in pack}
    assert len({p.question.kind for p in levels[2]}) > 1  # round-robin over kinds, not the first bucket
