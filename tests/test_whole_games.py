"""Whole games through each door, with a person's inputs drawn from every kind a person can send (issue 53).

The terminal (``literature play`` in a pseudo-terminal), ``/play`` (one person against bots) and a friends'
table (``/t/CODE``: its JSON API and its pages, one to three people, a late friend) each play whole games, both
variants, 6 and 8 players, the person's inputs drawn by hypothesis (:mod:`whole_games`): legal and illegal asks,
sure asks before claiming a certain set, wrong and repeated claims, claims out of turn, passes, typos, help,
hints, reloads. Every game must end, every review open on every face, with no traceback, no 5xx, and every
request answered in time. ``benchmarks/whole_games.py`` plays more of them.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from whole_games import KINDS, Outcome, Plan, play_friends, play_solo, play_terminal

EXAMPLES = 1
"""Games per case in ``make test`` (the first, hypothesis's simplest plan: every kind once, six a turn);
the benchmark plays as many as it is asked."""


@st.composite
def plans(draw: st.DrawFn, variant: str, players: int, people: int = 1) -> Plan:
    """A game: the deal, the coach, the bots, and the person's inputs (every kind once, in a drawn order, then
    more drawn)."""
    kinds = draw(st.permutations(KINDS))
    more = draw(st.lists(st.sampled_from(KINDS), max_size=12))
    return Plan(variant=variant, players=players, people=people,
                seed=draw(st.integers(0, 10_000)), coach=draw(st.sampled_from(["full", "alert", "off"])),
                bots=draw(st.sampled_from(["medium", "easy", "expert", "hard"])), kinds=(*kinds, *more),
                per_turn=draw(st.sampled_from([6, 1, 2, 4])), choices=draw(st.integers(0, 2**32 - 1)))


ALWAYS = set(KINDS) - {"keep-certain", "late"}
"""The kinds every game sends (a certain set to keep comes when it comes; a late friend: a friends' table only)."""


def checked(outcome: Outcome, late: bool = False) -> None:
    """The game ended and its reviews opened, with no failure, every kind of input sent."""
    assert outcome.failures == [], "\n".join(outcome.failures)
    assert outcome.over and outcome.reviews >= 1, outcome
    assert ALWAYS | ({"late"} if late else set()) <= {k for k, n in outcome.kinds.items() if n}, outcome.kinds


SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None)


@pytest.mark.parametrize(("variant", "players"), [("classic", 6), ("fish54", 8)])
def test_whole_games_at_the_terminal(variant: str, players: int) -> None:
    @SETTINGS
    @given(plans(variant, players))
    def game(plan: Plan) -> None:
        with tempfile.TemporaryDirectory() as home:
            checked(play_terminal(plan, Path(home)))

    game()


@pytest.mark.parametrize(("variant", "players"), [("fish54", 6), ("classic", 8)])
def test_whole_games_at_play(variant: str, players: int) -> None:
    @SETTINGS
    @given(plans(variant, players))
    def game(plan: Plan) -> None:
        with tempfile.TemporaryDirectory() as home:
            outcome = play_solo(plan, Path(home))
            checked(outcome)
            assert outcome.reviews == 2  # the end of the game's page, and /review/game/ID

    game()


@pytest.mark.parametrize(("variant", "players", "people"), [("classic", 6, 1), ("fish54", 8, 2), ("classic", 8, 3)])
def test_whole_games_at_a_friends_table(variant: str, players: int, people: int) -> None:
    @SETTINGS
    @given(plans(variant, players, people))
    def game(plan: Plan) -> None:
        with tempfile.TemporaryDirectory() as home:
            checked(play_friends(plan, Path(home)), late=True)

    game()
