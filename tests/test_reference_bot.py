"""Issue 54: the reference opponent (benchmarks/reference_bot.py), written from public descriptions of Fish bots and
not from ours: it imports nothing of trainer/play, its grid is never wrong about a true history, and it plays as
described (known cards first, a claim as soon as the grid is sure). Its strength against the levels is measured in
benchmarks/bots.py --reference, not here."""

from __future__ import annotations

import ast
import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.game.cards import Card, HalfSuit
from trainer.game.events import Ask, Claim, Pass
from trainer.game.notation import parse_game
from trainer.game.randomplay import NAMES, claim_event, deal, random_game
from trainer.game.state import SetStatus, Setup, State
from trainer.game.variants import Variant
from trainer.play.simulate import whose_move
from trainer.play.view import Role

PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "reference_bot.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("reference_bot", PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("reference_bot", module)
    spec.loader.exec_module(module)
    return module


ref = load()

HEAD = """variant: classic
players: Ann Bob Cat Dan Eve Fay
dealer: Bob
hand Ann: 2D 3D 4D 9S JS KH QH AH
"""


def test_it_imports_nothing_of_our_bots() -> None:
    """Only trainer/game: the reference opponent must not be derived from trainer/play (nor the engine)."""
    imported = set()
    for node in ast.walk(ast.parse(PATH.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
        elif isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
    ours = {m for m in imported if m.startswith("trainer")}
    assert ours and all(m.startswith("trainer.game") for m in ours), ours


def grid_after(text: str, seat: str = "Ann") -> object:
    game = parse_game(HEAD + text)
    grid = ref.Grid(game.setup.only(seat), seat)
    grid.update(game.events)
    return grid


def test_an_ask_proves_the_asker_holds_a_card_of_the_set() -> None:
    """Bob asks Ann for 5D: he holds a low diamond, and Ann holds 2D 3D 4D, so 6D or 7D. His miss on Dan for 6D
    rules 6D out of Cat and of Bob: the grid places 7D with Bob."""
    grid = grid_after("Bob asks Ann for 5D: no\nAnn asks Bob for KS: no\nBob asks Cat for 6D: no\n")
    assert HalfSuit.parse("LD") in grid.must["Bob"]
    assert grid.holder(Card.parse("7D")) == "Bob"  # he holds one of 5D 6D 7D, and neither 5D nor 6D
    assert "Cat" not in grid.may[Card.parse("6D")] and "Bob" not in grid.may[Card.parse("5D")]
    assert "Bob" not in grid.may[Card.parse("KS")]


def test_a_hit_places_the_card_and_the_bot_asks_for_it_first() -> None:
    """Bob took 2D from Ann: the grid places it with Bob, and Ann asks for it (a sure hit) whatever her seed."""
    text = "Bob asks Ann for 2D: yes\nBob asks Ann for 10S: no\n"
    assert grid_after(text).holder(Card.parse("2D")) == "Bob"
    game = parse_game(HEAD + text)
    for seed in range(5):
        move = ref.ReferenceBot(random.Random(seed)).decide(game.setup.only("Ann"), game.events, "Ann", "play")
        assert move == Ask("Ann", "Bob", Card.parse("2D"), False)


def test_it_claims_a_set_as_soon_as_the_grid_places_it_on_the_team() -> None:
    """Ann holds five low diamonds; Cat asks for 3D, so she holds a low diamond: 6D. The set is Ann's team's, and
    Ann claims it at once."""
    game = parse_game("""variant: classic
players: Ann Bob Cat Dan Eve Fay
dealer: Cat
hand Ann: 2D 3D 4D 5D 7D 9S JS KH
Cat asks Bob for 3D: no
""")
    move = ref.ReferenceBot(random.Random(0)).decide(game.setup.only("Ann"), game.events, "Ann", "play")
    assert isinstance(move, Claim) and move.half_suit == HalfSuit.parse("LD")
    assert dict(move.declared)[Card.parse("6D")] == "Cat"


def test_counting_a_full_hand_rules_out_everything_else() -> None:
    """Once every card a player holds is placed, the grid rules that player out of every other card."""
    grid = grid_after("Bob asks Ann for 2D: yes\n")
    state = grid.state
    placed = [c for c, cell in grid.may.items() if cell == {"Ann"}]
    assert len(placed) == state.sizes["Ann"]  # her own hand
    assert all("Ann" not in cell for c, cell in grid.may.items() if c not in placed)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["classic", "fish54"]), st.sampled_from([6, 8]))
def test_the_grid_is_never_wrong_about_a_true_history(seed: int, variant: str, players: int) -> None:
    """Random legal games (wrong claims, out-of-turn claims and passes among them): at every tenth event, every
    seat's grid leaves each card in play possible for its true holder, and a card it places is there."""
    game = random_game(random.Random(seed), variant, players)
    truth = State(game.setup)
    grids = {p: ref.Grid(game.setup.only(p), p) for p in game.setup.players}
    for index, event in enumerate(game.events):
        truth.apply(event)
        for grid in grids.values():
            grid.observe(event)
        if index % 10:
            continue
        for grid in grids.values():
            for card, cell in grid.may.items():
                holder = next(p for p, hand in truth.hands.items() if card in hand)
                assert holder in cell, (index, grid.seat, card, holder, cell)


@pytest.mark.parametrize("variant", ["classic", "fish54"])
def test_it_plays_whole_games_with_legal_moves(variant: str) -> None:
    """A game against itself, every move through the game's own rules (State.apply refuses an illegal one), a
    claim required after 150 events without one (as the simulator's stall guard does)."""
    rng = random.Random(54)
    names = NAMES[:6]
    setup = Setup.create(variant, names, "Ann", deal(rng, Variant(variant), names, "Ann"))
    truth = State(setup)
    bots = {p: ref.ReferenceBot(random.Random(p)) for p in names}
    since = 0
    while not truth.over:
        seat, role = whose_move(truth)
        if role is Role.PICK and seat != truth.turn:
            truth.apply(Pass(None, seat))
        move = bots[seat].decide(setup.only(seat), tuple(truth.events), seat, role.value, since >= 150)
        if isinstance(move, Ask):
            move = Ask(seat, move.target, move.card, move.card in truth.hands[move.target])
        elif isinstance(move, Claim):
            move = claim_event(truth, seat, move.half_suit, dict(move.declared))
        truth.apply(move)
        since = 0 if isinstance(move, Claim) else since + 1
    assert all(r.status is not SetStatus.IN_PLAY for r in truth.sets.values())
