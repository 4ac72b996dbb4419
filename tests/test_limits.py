"""Bounded resources: the replay of a game is linear in its length, and a review refuses, in one line, a log
longer than the documented limit."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from trainer.cli import app
from trainer.engine.constraints import History
from trainer.engine.solve import count, first_empty_prefix, solve
from trainer.game.errors import ImpossibleHistoryError
from trainer.game.events import Event
from trainer.game.notation import parse_game
from trainer.game.state import State
from trainer.review import MAX_EVENTS

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


# -- the first event no deal fits: found over one replay, not one per probe ------------------------------------


def alternating(cards: list[str]) -> str:
    """Cat and Dan (opponents) ask each other in turn, missing every time, for ``cards`` in order (public log)."""
    lines = [f"{'Cat asks Dan' if i % 2 == 0 else 'Dan asks Cat'} for {c}: no" for i, c in enumerate(cards)]
    return "variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\ndealer: Cat\n" + "\n".join(lines) + "\n"


POOL = ["2H", "3H", "4H", "5H", "6H", "7H", "2S", "3S", "9S", "10S", "2D", "9D", "2C", "9C"]
LOW_HEARTS = POOL[:6]


@st.composite
def impossible_asks(draw: st.DrawFn) -> list[str]:
    """Up to 40 cards of the pool, among them every low heart: whoever asked for one (and missed) must hold one,
    yet each was asked for and missed by Cat and Dan, so none can be theirs. No deal fits, at the last low heart
    asked at the latest."""
    size = draw(st.integers(0, 34))  # long logs as often as short ones
    cards = draw(st.lists(st.sampled_from(POOL), min_size=size, max_size=size))
    for heart in draw(st.permutations(LOW_HEARTS)):
        if heart not in cards:
            cards.insert(draw(st.integers(0, len(cards))), heart)
    return cards


@settings(max_examples=25, deadline=None)
@given(impossible_asks())
def test_the_first_impossible_prefix_is_the_one_a_count_of_every_prefix_finds(cards: list[str]) -> None:
    game = parse_game(alternating(cards))
    counts = [count(game.setup, game.events[:k], None) for k in range(len(game.events) + 1)]
    assert counts[-1] == 0  # every log drawn is impossible: there is a first event to find
    start = History.build(game.setup, (), None)
    assert first_empty_prefix(start, game.events, len(game.events)) == counts.index(0)


def test_finding_it_replays_a_long_log_about_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # 3,000 repeated misses, then Cat asks for low hearts while Dan keeps asking for 3S: after Cat's 6H no deal
    # fits (the count finds it, no single fact: Cat and Dan must each hold a low heart, and too few are left)
    cards = ["2S", "2H"] * 1500 + ["3H", "3S", "4H", "3S", "5H", "3S", "6H"]
    game = parse_game(alternating(cards))
    observed = 0
    observe = History.observe

    def counted(self: History, event: Event, index: int) -> None:
        nonlocal observed
        observed += 1
        observe(self, event, index)

    monkeypatch.setattr(History, "observe", counted)
    with pytest.raises(ImpossibleHistoryError) as error:
        solve(game.setup, game.events, None)
    n = len(game.events)
    assert (error.value.event, str(error.value)) == (3007, "no deal of the cards fits the history after event 3007 "
                                                           "(Cat asks Dan for 6H: no)")
    # the whole log once to find it impossible, then the search: about one more replay (a probe replaying
    # from the start, as before, made 13 more replays of up to 3,007 events)
    assert observed < 2.2 * n, f"{observed} events observed for {n}"
