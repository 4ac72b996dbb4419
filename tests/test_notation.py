"""The ``.lit`` reader and writer: leniency, strictness with line numbers, round trips, streaming."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.game.cards import Card, HalfSuit
from trainer.game.errors import LiteratureError, NotationError
from trainer.game.events import Ask, Claim, Pass
from trainer.game.notation import Game, parse_event, parse_game, read_game, write_game
from trainer.game.state import Setup

DATA = Path(__file__).parent / "data"
EXAMPLES = sorted(DATA.glob("*.lit"))
CLASSIC = "variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\n"
SETUP = Setup.create("classic", ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"])


def rejects(text: str, where: str, message: str) -> None:
    with pytest.raises(LiteratureError) as caught:
        parse_game(text, path="t.lit")
    assert str(caught.value) == f"t.lit{where}: {message}"


def test_examples_are_here() -> None:
    assert {p.name for p in EXAMPLES} >= {"complete-classic-6p.lit", "personal-fish54-8p.lit", "six-diamonds.lit"}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_read_and_round_trip(path: Path) -> None:
    game = read_game(path)
    assert game.path == str(path)
    again = parse_game(write_game(game))
    assert again == game
    assert write_game(again) == write_game(game)
    assert len(game.lines) == len(game.events)
    assert game.state().sizes == again.state().sizes


def test_complete_example_is_a_whole_game() -> None:
    game = read_game(DATA / "complete-classic-6p.lit")
    state = game.state()
    assert len(game.events) == 271 and state.over and state.score == {1: 5, 2: 3} and state.winner == 1
    assert set(game.setup.hands) == set(game.setup.players)
    assert game.line_of(1) == 11 and game.line_of(271) == 281 and game.line_of(0) is None


def test_the_six_diamonds_example() -> None:
    game = read_game(DATA / "six-diamonds.lit")
    assert game.setup.dealer == "Cat" and game.setup.hands["Ann"] == frozenset(
        Card.parse(c) for c in ["2D", "3D", "4D", "5D", "7D", "9S", "JS", "KH"]
    )
    assert game.events == (Ask("Cat", "Bob", Card.parse("3D"), hit=False),)
    assert game.lines == (6,)


def test_lenient_spelling() -> None:
    text = """
    # a comment line
    VARIANT :  Classic
    Players:   Ann Bob Cat Dan Eve Fay     # seats clockwise
    Dealer: Cat
    HAND Ann: 2d, 3♦ 4D;5D 7D 9S js kh

    Cat ASKS Bob FOR 3♦ : No
    Bob asks Cat for t♠: yes   # ten of spades
    Bob  asks  Cat  for  10H:y
    Bob asks Ann for 9S: hit
    Bob asks Ann for QS: miss
    Ann claims low diamonds: Ann 2D 3D 4D 5D 7D; Cat 6♦ (Actual: Eve 6D)
    """
    game = parse_game(text)
    assert game.setup.variant.value == "classic" and game.setup.dealer == "Cat"
    assert [str(e) for e in game.events] == [
        "Cat asks Bob for 3D: no",
        "Bob asks Cat for 10S: yes",
        "Bob asks Cat for 10H: yes",
        "Bob asks Ann for 9S: yes",
        "Bob asks Ann for QS: no",
        "Ann claims LD: Ann 2D 3D 4D 5D 7D, Cat 6D (actual: Eve 6D)",
    ]
    assert game.lines == (8, 9, 10, 11, 12, 13)


def test_turn_line_and_pass_round_trip() -> None:
    two = CLASSIC + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D\nAnn claims HD: Ann 9D 10D, Cat JD QD KD AD\n"
    game = parse_game(two + "turn: Eve\n")
    assert game.events[-1] == Pass(None, "Eve")
    assert write_game(game).endswith("turn: Eve\n")
    game = parse_game(two + "Ann Passes The Turn To Eve\n")
    assert game.events[-1] == Pass("Ann", "Eve")
    assert write_game(game).endswith("Ann passes to Eve\n")


def test_write_game_is_canonical() -> None:
    text = CLASSIC + "hand Bob: 9s 2S 3S 4S 5S 6S 7S 10S\ndealer: Ann\nAnn asks Bob for 2s: yes # hit\n"
    assert write_game(parse_game(text)) == (
        "variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\ndealer: Ann\n"
        "hand Bob: 2S 3S 4S 5S 6S 7S 9S 10S\nAnn asks Bob for 2S: yes\n"
    )


def test_parse_event() -> None:
    assert parse_event("Cat asks Bob for 3d: no", SETUP) == Ask("Cat", "Bob", Card.parse("3D"), hit=False)
    claim = parse_event("Cat claims 8J: Cat 8S 8H 8D 8C RJ BJ", Setup.create("fish54", SETUP.players))
    assert isinstance(claim, Claim) and claim.half_suit is HalfSuit.parse("8J") and claim.correct
    assert parse_event("turn: Eve", SETUP) == Pass(None, "Eve")


def test_empty_game_and_comments_only() -> None:
    game = parse_game(CLASSIC + "# nothing happened yet\n")
    assert game.events == () and game.state().turn == "Ann"


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        (
            "players: Ann Bob Cat Dan Eve Fay\nAnn asks Bob for 3D: no\n",
            ":2",
            "missing 'variant:' header (classic or fish54) before the first event",
        ),
        ("variant: classic\n", ":1", "missing 'players:' header before the first event"),
        ("", "", "missing 'variant:' header (classic or fish54) before the first event"),
        ("variant: fish52\n", ":1", "unknown variant 'fish52' (expected one of: classic, fish54)"),
        ("variant: classic\nvariant: fish54\n", ":2", "'variant:' is given twice (first on line 1)"),
        ("variant: classic\nplayers: Ann Bob Cat Dan Eve\n", ":2", "a game has 6 or 8 players, not 5"),
        ("variant: classic\nplayers: A B C D E F G\n", ":2", "a game has 6 or 8 players, not 7"),
        ("variant: classic\nplayers: A B C D E F G H I J\n", ":2", "a game has 6 or 8 players, not 10"),
        ("variant: classic\nplayers: Ann Bob Ann Dan Eve Fay\n", ":2", "a player name appears twice in 'players:'"),
        (
            "variant: classic\nplayers: Ann Bob Cat Dan Eve Fay:\n",
            ":2",
            "'Fay:' cannot be a player's name: it contains ':'",
        ),
        (
            CLASSIC + "dealer: Zed\n\nAnn asks Bob for 3D: no\n",
            ":3",
            "unknown dealer 'Zed' (players: Ann Bob Cat Dan Eve Fay)",
        ),
        (CLASSIC + "dealer: Ann\ndealer: Bob\n", ":4", "'dealer:' is given twice (first on line 3)"),
        (CLASSIC + "dealer: Ann Bob\n", ":3", "'dealer:' names one player, not 'Ann Bob'"),
        (CLASSIC + "hand Ann: 2D 3D\n", ":3", "Ann was dealt 8 cards, but 2 are listed"),
        (CLASSIC + "hand Ann: 2D 3D 4D 5D 6D 7D 9D 8D\n", ":3", "8D is not in classic (it has no 8s or jokers)"),
        (CLASSIC + "hand Ann: 2D 3D 4D 5D 6D 7D 9D 9D\n", ":3", "a card appears twice in Ann's hand"),
        (CLASSIC + "hand Ann: 2D 3D 4D 5D 6D 7D 9D 1D\n", ":3", "unknown card '1D'"),
        (
            CLASSIC + "hand Zed: 2D 3D 4D 5D 6D 7D 9D 10D\n",
            ":3",
            "unknown player 'Zed' (players: Ann Bob Cat Dan Eve Fay)",
        ),
        (
            CLASSIC + "hand Ann: 2D 3D 4D 5D 6D 7D 9D 10D\nhand Bob: 2S 3S 4S 5S 6S 7S 9S 10S\n"
            "hand Cat: JD 2C 3C 4C 5C 6C 7C 10D\n",
            ":5",
            "10D is listed in the hands of Ann and Cat",
        ),
        (
            CLASSIC + "hand Ann: 2D 3D 4D 5D 6D 7D 9D 10D\nhand Ann: 2D 3D 4D 5D 6D 7D 9D 10D\n",
            ":4",
            "'hand Ann:' is given twice (first on line 3)",
        ),
        (CLASSIC + "Ann asks Bob for 3D: no\nvariant: classic\n", ":4", "headers must come before the first event"),
        (CLASSIC + "Ann asks Bob for 3D: maybe\n", ":3", "the answer must be 'yes' or 'no', not 'maybe'"),
        (CLASSIC + "Ann asks Bob for 3D\n", ":3", "cannot read this line: 'Ann asks Bob for 3D'"),
        (CLASSIC + "Ann requests 3D\n", ":3", "cannot read this line: 'Ann requests 3D'"),
        (
            CLASSIC + "Ann claims LD Ann 2D 3D 4D 5D 6D 7D\n",
            ":3",
            "cannot read this line: 'Ann claims LD Ann 2D 3D 4D 5D 6D 7D'",
        ),
        (
            CLASSIC + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D (Eve 6D)\n",
            ":3",
            "a claim may end with one '(actual: PLAYER CARDS, ...)' and nothing else",
        ),
        (
            CLASSIC + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D (actual: Eve 6D) extra\n",
            ":3",
            "a claim may end with one '(actual: PLAYER CARDS, ...)' and nothing else",
        ),
        (CLASSIC + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D, Cat\n", ":3", "no cards are named for Cat"),
        (CLASSIC + "Ann claims XY: Ann 2D 3D 4D 5D 6D 7D\n", ":3", "unknown set 'XY'"),
        (CLASSIC + "Ann passes to Zed\n", ":3", "unknown player 'Zed' (players: Ann Bob Cat Dan Eve Fay)"),
        (CLASSIC + "Ann asks Bob for 3D: no\0\n", ":3", "this is a binary file, not a game log"),
        (
            CLASSIC + "Ann asks Bob for " + "3" * 2000 + "D: no\n",
            ":3",
            "this line is too long (2022 characters) to be a header or an event",
        ),
    ],
)
def test_bad_input_names_the_line(text: str, where: str, message: str) -> None:
    rejects(text, where, message)


def test_a_long_comment_is_fine() -> None:
    game = parse_game(CLASSIC + "Ann asks Bob for 3D: no   # " + "x" * 5000 + "\n")
    assert len(game.events) == 1


def test_pathological_claim_lines_are_fast() -> None:
    # the claim pattern is linear: a line of spaces and brackets cannot make it backtrack
    text = CLASSIC + "Ann claims LD: " + " " * 900 + "(\n"
    rejects(text, ":3", "a claim may end with one '(actual: PLAYER CARDS, ...)' and nothing else")


def test_errors_without_a_path() -> None:
    with pytest.raises(NotationError) as caught:
        parse_game(CLASSIC + "Ann asks Bob for 1D: no\n")
    assert str(caught.value) == "line 3: unknown card '1D'"
    assert caught.value.line == 3 and caught.value.path is None


def test_read_game_file_errors(tmp_path: Path) -> None:
    missing = tmp_path / "nope.lit"
    with pytest.raises(NotationError, match=r"nope\.lit: no such file"):
        read_game(missing)
    with pytest.raises(NotationError, match="is a directory, not a game log"):
        read_game(tmp_path)
    binary = tmp_path / "b.lit"
    binary.write_bytes(b"variant: classic\n\xff\xfe\x00\x01garbage")
    with pytest.raises(NotationError, match=r"b.lit: this is a binary file, not a game log \(not UTF-8 text\)"):
        read_game(binary)


def test_game_state_at() -> None:
    game = parse_game(CLASSIC + "Ann asks Bob for 3D: yes\nAnn asks Dan for 4D: no\n")
    assert [s.turn for s in game.states()] == ["Ann", "Ann", "Dan"]
    assert game.state(0).sizes["Ann"] == 8 and game.state(1).sizes["Ann"] == 9
    assert game.state().turn == "Dan" and game.state(2).turn == "Dan"
    for bad in (-1, 3):
        with pytest.raises(LiteratureError, match=f"--at {bad} is out of range: the game has 2 events"):
            game.state(bad)


def test_games_compare_by_table_and_events_only() -> None:
    one = parse_game(CLASSIC + "Ann asks Bob for 3D: yes\n", path="a.lit")
    two = parse_game("# same game\n" + CLASSIC + "\nAnn asks Bob for 3d: Y\n", path="b.lit")
    assert one == two and one.lines != two.lines
    assert one != Game(one.setup)


def test_the_cached_end_position_follows_the_events() -> None:
    import dataclasses

    game = parse_game(CLASSIC + "Ann asks Bob for 3D: yes\nAnn asks Dan for 4D: no\n")
    assert game.final is not None and game.state().turn == "Dan"
    shorter = dataclasses.replace(game, events=game.events[:1])
    assert shorter.state().turn == "Ann" and shorter.state().sizes["Ann"] == 9
    assert game.state() is not game.state()  # a fresh copy each time
