"""``literature explain`` and the explanation engine: the output contract, and properties on random positions.

The exact engine is the referee: every fact a step states holds in every
consistent deal, every forced card gets an explanation ending with its true
holder, and hiding the viewer's hand never makes a deduction easier.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.engine import Knowledge, solve
from trainer.engine.facts import Board, Holds
from trainer.explain.depth import Depth
from trainer.explain.explanation import derive, explain, explain_game, final_step
from trainer.game.cards import Card
from trainer.game.notation import Game, read_game
from trainer.game.randomplay import random_game

import command_line

DATA = Path(__file__).parent / "data"
SIX = str(DATA / "six-diamonds.lit")
COMPLETE = str(DATA / "complete-classic-6p.lit")
PERSONAL = str(DATA / "personal-fish54-8p.lit")


def run(*args: str) -> tuple[int, str, str]:
    return command_line.run("explain", *args)


# -- the output contract --------------------------------------------------------------------------------------


def test_json_is_exactly_the_issue_example() -> None:
    code, out, err = run(SIX, "6D", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "target": "6D",
        "holder": "Cat",
        "grade": {"level": 2, "name": "careful player", "score": 2.33},
        "steps": [
            {
                "technique": "ask inference",
                "rung": 2,
                "text": "Cat asked Bob for 3♦ on move 1, so Cat held another low diamond; "
                "you hold 2♦ 4♦ 5♦ 7♦, so it is 6♦.",
                "facts": [{"card": "6D", "holder": "Cat"}],
                "events": [1],
                "uses_steps": [],
            }
        ],
    }


def test_three_depths_in_the_terminal() -> None:
    code, full, _ = run(SIX, "6D")
    assert code == 0
    assert full.splitlines()[0] == "6♦ is with Cat · grade 2 (careful player), score 2.33"
    assert "1. [careful player] Cat asked Bob for 3♦ on move 1" in full
    assert "move 1: Cat asks Bob for 3♦: no" in full
    _, clue, _ = run(SIX, "6D", "--depth", "clue")
    assert "Cat must hold another card of LD." in clue and "is with Cat" not in clue
    _, nudge, _ = run(SIX, "6D", "--depth", "nudge")
    assert nudge.splitlines() == [
        "Where is 6♦? · grade 2 (careful player), score 2.33",
        "Hint: Look at Cat's ask on move 1.",
    ]


def test_json_text_follows_the_depth() -> None:
    _, out, _ = run(SIX, "6D", "--json", "--depth", "clue")
    assert json.loads(out)["steps"][0]["text"] == "Cat must hold another card of LD."


def test_a_set_target_gives_the_assignment() -> None:
    code, out, _ = run(SIX, "LD", "--json")
    found = json.loads(out)
    assert code == 0
    assert found["assignment"] == {"2D": "Ann", "3D": "Ann", "4D": "Ann", "5D": "Ann", "6D": "Cat", "7D": "Ann"}
    assert found["grade"]["level"] == 2
    assert [(s["technique"], s["rung"]) for s in found["steps"]] == [("seen", 1), ("ask inference", 2)]
    assert "holder" not in found


def test_a_card_not_forced_gets_odds_and_what_would_settle_it() -> None:
    code, out, err = run(SIX, "9C", "--json")
    found = json.loads(out)
    assert (code, err) == (0, "")
    assert found["holder"] is None and found["grade"] is None
    odds = found["holders"]["9C"]
    assert set(odds) == {"Bob", "Cat", "Dan", "Eve", "Fay"} and abs(sum(odds.values()) - 1) < 1e-3
    game = read_game(SIX)
    exact = solve(game.setup, game.events, "Ann").holders(Card.parse("9C"))
    assert odds == {p: round(float(q), 4) for p, q in exact.items()}
    assert found["settle"] and "9♣" in found["settle"][0]
    code, text, _ = run(SIX, "9♣")
    assert code == 0 and "9♣ is not forced" in text and "Bob 21%" in text


def test_a_claimed_set_is_seen_in_the_claim() -> None:
    code, out, _ = run(COMPLETE, "LD", "--as", "Ann", "--json")
    found = json.loads(out)
    assert code == 0 and found["grade"]["level"] == 1
    assert set(found["assignment"].values()) == {"Cat"}
    assert found["steps"][0]["events"] == [258]


def test_at_and_as_choose_the_position_and_viewer() -> None:
    _, out, _ = run(COMPLETE, "3D", "--as", "Ann", "--at", "1", "--json")
    found = json.loads(out)
    assert found["holder"] == "Cat" and found["steps"][0]["technique"] == "seen"
    _, out, _ = run(COMPLETE, "3D", "--public", "--at", "0", "--json")
    assert json.loads(out)["holder"] is None


@pytest.mark.slow
def test_default_viewer_is_the_only_listed_hand() -> None:
    _, as_default, _ = run(SIX, "6D", "--json")
    _, as_ann, _ = run(SIX, "6D", "--as", "Ann", "--json")
    assert as_default == as_ann
    _, public, _ = run(SIX, "6D", "--public", "--json")
    assert json.loads(public)["holder"] is None  # the public does not know Ann's hand
    code, _, _ = run(PERSONAL, "AS", "--json")
    assert code == 0


def test_bad_input_is_one_line_and_exit_2() -> None:
    cases = [
        ((COMPLETE, "6D"), f"{COMPLETE}: several hands are listed (Ann Bob Cat Dan Eve Fay): "
         "choose a viewer with --as PLAYER, or --public"),
        ((SIX, "6D", "--as", "Ann", "--public"), f"{SIX}: give --as PLAYER or --public, not both"),
        ((SIX, "6D", "--as", "Bob"), f"{SIX}: Bob's hand is not listed, so the game cannot be seen as Bob"),
        ((SIX, "6D", "--as", "Zed"), f"{SIX}: unknown player 'Zed' (players: Ann Bob Cat Dan Eve Fay)"),
        ((SIX, "XX"), f"{SIX}: unknown target 'XX': give a card (6D) or a set (LD)"),
        ((SIX, "8S"), f"{SIX}: 8S is not in classic"),
        ((SIX, "6D", "--at", "5"), f"{SIX}: --at 5 is out of range: the game has 1 event (0 to 1)"),
        (("nowhere.lit", "6D"), "nowhere.lit: no such file"),
    ]
    for args, message in cases:
        code, out, err = run(*args)
        assert (code, out, err.strip()) == (2, "", message), args


def test_an_impossible_history_names_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.lit"
    bad.write_text((DATA / "six-diamonds.lit").read_text() + "Bob asks Cat for 3D: no\n")
    code, _, err = run(str(bad), "6D")
    assert code == 2 and err.startswith(f"{bad}:7: ") and "\n" not in err.strip()


def test_library_depths() -> None:
    found = explain_game(read_game(SIX), "Ann", "6D")
    assert [str(t) for t in found.texts(Depth.NUDGE)] == ["Look at Cat's ask on move 1."]
    assert str(found.texts("full")[0]).endswith("so it is 6D.")
    assert found.texts("full")[0].cards()[-1] == Card.parse("6D")  # the card is a value, not letters


# -- properties over random positions (the exact engine referees) ----------------------------------------------


def _position(seed: int, cut: float, seat: int) -> tuple[Game, str, int]:
    game = random_game(random.Random(seed), "classic", 6)
    at = min(int(cut * len(game.events)), len(game.events) - 1)  # before the last claim: cards are in play
    viewer = game.setup.players[seat]
    return Game(game.setup.only(viewer), game.events[:at]), viewer, at


positions = given(
    seed=st.integers(0, 10_000), cut=st.floats(0.2, 1.0, exclude_max=True), seat=st.integers(0, 5)
)
few = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@few
@positions
def test_every_fact_of_every_step_is_true(seed: int, cut: float, seat: int) -> None:
    game, viewer, _ = _position(seed, cut, seat)
    knowledge = solve(game.setup, game.events, viewer)
    mind = derive(Board.build(game.setup, game.events, viewer), knowledge)
    assert mind.contradiction is None
    for step in mind.steps.values():
        for fact in step.facts:
            if isinstance(fact, Holds):
                assert knowledge.forced(fact.card) == fact.player, str(step.text)
            else:
                assert knowledge.count(fact.card, fact.player) == 0, str(step.text)
    # and, at the end, the human steps rule out exactly what the exact count rules out
    for card in mind.board.unseen:
        assert set(mind.candidates(card)) == {p for p in game.setup.players if knowledge.count(card, p)}


@few
@positions
def test_every_forced_card_is_explained(seed: int, cut: float, seat: int) -> None:
    game, viewer, _ = _position(seed, cut, seat)
    knowledge = solve(game.setup, game.events, viewer)
    board = Board.build(game.setup, game.events, viewer)
    forced = [c for c in knowledge.cards if knowledge.forced(c) is not None]
    assert forced  # a card asked for and given is known to be with its asker until its set is claimed
    mind = derive(board, knowledge, forced)
    for card in forced:
        step = final_step(mind, card)
        assert step is not None, card
        assert Holds(card, knowledge.forced(card)) in step.facts  # type: ignore[arg-type]
        assert not step.counted


@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@positions
def test_hiding_the_hand_never_makes_a_card_easier(seed: int, cut: float, seat: int) -> None:
    game, viewer, _ = _position(seed, cut, seat)
    public = Game(game.setup.public(), game.events)
    seen_by_viewer = solve(game.setup, game.events, viewer)
    seen_by_all = solve(public.setup, public.events, None)
    forced = [card for card in seen_by_all.cards if seen_by_all.forced(card) is not None]
    assert forced  # a card asked for and given is known to be with its asker until its set is claimed
    for card in forced:
        mine = _lowest_rung(game, viewer, card, seen_by_viewer)
        theirs = _lowest_rung(public, None, card, seen_by_all)
        assert theirs >= mine, card


def _lowest_rung(game: Game, viewer: str | None, card: Card, knowledge: Knowledge) -> int:
    """The lowest rung whose techniques explain where ``card`` is (6: case analysis)."""
    for rung in range(1, 6):
        found = explain(game.setup, game.events, viewer, card, knowledge, rung)
        if found.holder is not None:
            assert found.difficulty is not None and found.difficulty.rung <= rung
            return rung
    return 6


def test_a_fish54_game_for_eight() -> None:
    game = read_game(PERSONAL)
    knowledge = solve(game.setup, game.events, "Dan")
    forced = [c for c in knowledge.cards if knowledge.forced(c) is not None]
    mind = derive(Board.build(game.setup, game.events, "Dan"), knowledge, forced)
    for card in forced:
        held = mind.holder(card)
        assert held is not None and held[0] == knowledge.forced(card)
