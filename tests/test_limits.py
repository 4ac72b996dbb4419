"""Bounded resources: the replay of a game is linear in its length, and a review refuses, in one line, a log
longer than the documented limit."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

from typer.testing import CliRunner

from trainer.cli import app
from trainer.game.notation import parse_game
from trainer.game.state import State
from trainer.knowledge.review import MAX_EVENTS

TABLE = "variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\ndealer: Ann\n"


def misses(n: int) -> str:
    """A legal log of ``n`` misses back and forth."""
    pair = "Ann asks Bob for 3D: no\nBob asks Ann for 3D: no\n"
    return TABLE + pair * (n // 2) + ("Ann asks Bob for 3D: no\n" if n % 2 else "")


def test_every_position_of_a_long_game_costs_memory_in_proportion_to_its_length() -> None:
    states, peak = replayed(4000)
    assert [len(s.events) for s in states[::1000]] == [0, 1000, 2000, 3000, 4000]
    assert states[2000].events == list(parse_game(misses(4000)).events[:2000])
    # a copy of the history per position would be 4001 lists of 2000 events on average: 64 MB of pointers
    assert peak < 16 * 2**20, f"{peak / 2**20:.1f} MB for 4001 positions"


def replayed(n: int) -> tuple[list[State], int]:
    """Every position of an ``n``-event game of misses, and the peak memory (bytes, tracemalloc) of keeping them."""
    game = parse_game(misses(n))
    tracemalloc.start()
    try:
        states = list(game.states())
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(states) == n + 1
    return states, peak


def replay_peak(n: int) -> int:
    """Peak memory (bytes, tracemalloc) of keeping every position of an ``n``-event game."""
    return replayed(n)[1]


def test_the_replay_is_linear_four_times_the_events_cost_about_four_times_the_memory() -> None:
    small, large = replay_peak(2000), replay_peak(8000)
    # linear: 4 times; a history copied per position would be 16 times
    assert large < 6 * small, f"{small / 2**20:.1f} MB for 2,001 positions, {large / 2**20:.1f} MB for 8,001"
    assert large > 2 * small  # the measure sees the positions at all


def test_a_copy_that_goes_on_leaves_the_original_as_it_was() -> None:
    game = parse_game(misses(3))
    state = game.state(2)
    other = state.copy()
    other.apply(game.events[2])
    state.apply(game.events[2])  # both went on from the same point: neither sees the other's events twice
    assert len(state.events) == len(other.events) == 3 and state.events == other.events
    assert game.state(2).events == list(game.events[:2])


def test_a_review_refuses_a_log_longer_than_its_documented_limit(tmp_path: Path) -> None:
    path = tmp_path / "endless.lit"
    path.write_text(misses(MAX_EVENTS + 1))
    result = CliRunner().invoke(app, ["review", str(path)])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (f"{path}: the game has 5,001 events, more than the 5,000 a review covers (a complete "
                             "game runs to a few hundred; see docs/review.md)\n")
    assert "5,000 events" in (Path(__file__).parent.parent / "docs" / "review.md").read_text()
