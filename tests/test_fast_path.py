"""The factored pass as the engine runs it now (its loops built ahead of time where ``make`` built them, numba's
otherwise) against independent counts on random legal games: brute force over every deal where few are left,
the array sweep and the pure-Python pass elsewhere, and the second solver (python-constraint) on what the
counts call forced."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from trainer.engine import passes
from trainer.engine.constraints import History
from trainer.engine.counting import Counter
from trainer.engine.factored import Factored
from trainer.engine.problem import Problem
from trainer.engine.second import contradiction
from trainer.engine.solve import counting_model, replayed, solve
from trainer.engine.sweep import Sweep, sweep_work
from trainer.game.errors import ImpossibleHistoryError
from trainer.game.events import Ask
from trainer.game.randomplay import random_game

from brute_force import assert_matches_brute_force, late_position

GAMES = {"seed": st.integers(0, 10_000), "variant": st.sampled_from(["classic", "fish54"]),
         "players": st.sampled_from([6, 8])}


def _factored_always(problem: Problem, per_card: bool, final: tuple[str, ...] | None = None) -> Factored:
    return Factored(problem, per_card, final)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(**GAMES)
def test_the_factored_pass_agrees_with_brute_force_on_late_positions(
    monkeypatch: pytest.MonkeyPatch, seed: int, variant: str, players: int
) -> None:
    """Every problem given to the factored pass, however small, and every deal enumerated."""
    monkeypatch.setattr(passes, "_pass", _factored_always)
    game = random_game(random.Random(seed), variant, players)
    for who in (game.setup.players[seed % players], None):
        assert assert_matches_brute_force(game, late_position(game, who, most=2_000), who) >= 1


@settings(max_examples=20, deadline=None)
@given(**GAMES, share=st.floats(0.05, 0.95), public=st.booleans())
def test_the_factored_pass_agrees_with_the_sweep_and_the_python_pass(
    seed: int, variant: str, players: int, share: float, public: bool
) -> None:
    """Anywhere in a game, either view: the same total and the same count of every card at every player as
    the array sweep (numpy, no compiled loop) where its work is small, and the pure-Python pass late on."""
    game = random_game(random.Random(seed), variant, players)
    n = int(share * len(game.events))
    viewer = None if public else game.setup.players[n % players]
    problem = counting_model(History.build(game.setup, game.events[:n], viewer)).problem
    work = sweep_work(problem)
    assume(work <= 3_000_000)
    factored = Factored(problem)
    reference: Counter | Sweep = Sweep(problem) if work > 20_000 else Counter(problem)
    assert factored.total == reference.total
    assert factored.counts() == reference.counts()


@settings(max_examples=8, deadline=None)
@given(**GAMES, share=st.floats(0.3, 0.9))
def test_what_the_engine_calls_forced_the_second_solver_cannot_contradict(
    seed: int, variant: str, players: int, share: float
) -> None:
    """The cards the counts place with certainty (from a seat's view): python-constraint, sharing no code with
    the counting, finds no deal putting any of them elsewhere; and a card not forced has two holders in
    consistent deals, so the second solver finds a deal against either one alone."""
    game = random_game(random.Random(seed), variant, players)
    n = int(share * len(game.events))
    viewer = game.setup.players[seed % players]
    knowledge = solve(game.setup, game.events[:n], viewer)
    forced = {card: knowledge.forced(card) for card in knowledge.cards}
    answer = {card: holder for card, holder in forced.items() if holder is not None and holder != viewer}
    assume(answer)
    assert contradiction(game.setup, game.events[:n], viewer, answer) is None
    open_cards = [card for card, holder in forced.items() if holder is None][:3]
    for card in open_cards:
        holder = max(knowledge.holders(card).items(), key=lambda item: item[1])[0]
        assert contradiction(game.setup, game.events[:n], viewer, {card: holder}) is not None


@settings(max_examples=15, deadline=None)
@given(**GAMES, cuts=st.lists(st.floats(0, 1), min_size=2, max_size=5), public=st.booleans())
def test_a_history_taken_on_from_the_last_is_the_history_built_anew(
    seed: int, variant: str, players: int, cuts: list[float], public: bool
) -> None:
    """Positions in any order (later, earlier, the same): each history :func:`replayed` gives has the facts, the
    position and the counting problem of one built from the first event, and changing it changes no later one."""
    game = random_game(random.Random(seed), variant, players)
    viewer = None if public else game.setup.players[seed % players]
    for cut in cuts:
        n = int(cut * len(game.events))
        history = replayed(game.setup, game.events[:n], viewer)
        fresh = History.build(game.setup, game.events[:n], viewer)
        assert (history.pinned, history.excluded, history.holds_one_of) == (fresh.pinned, fresh.excluded,
                                                                            fresh.holds_one_of)
        assert history.state.sizes == fresh.state.sizes and history.state.located == fresh.state.located
        assert counting_model(history) == counting_model(fresh)
        if n < len(game.events):
            history.observe(game.events[n], n + 1)  # the caller's history, changed: the kept one is not


def test_an_impossible_event_is_named_the_same_when_the_history_is_taken_on() -> None:
    game = random_game(random.Random(5), "classic", 6)
    viewer = game.setup.players[0]
    ask = next(i for i, e in enumerate(game.events)
               if i > 20 and isinstance(e, Ask) and e.asker != viewer and e.card in game.setup.hands[viewer])
    replayed(game.setup, game.events[:ask], viewer)  # kept: the events before the ask
    wrong = replace(game.events[ask], asker=viewer)  # the viewer asking for a card they were dealt
    events = (*game.events[:ask], wrong)
    try:
        History.build(game.setup, events, viewer)
        expected: int | None = None
    except ImpossibleHistoryError as error:
        expected = error.event
    try:
        replayed(game.setup, events, viewer)
        found: int | None = None
    except ImpossibleHistoryError as error:
        found = error.event
    assert expected == found == ask + 1
