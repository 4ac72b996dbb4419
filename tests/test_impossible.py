"""Histories no deal fits: every way one arises, from a player's and the public side, reported by every
command that reads a log at the first event after which no deal is left (exit 2, one line, no traceback)."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.engine.possible import first_impossible
from trainer.engine.solve import count, solve
from trainer.game.errors import ImpossibleHistoryError
from trainer.game.notation import parse_game

from command_line import run

TABLE = "variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\n"

# name: (log, line of the first impossible event, its number, the message)
CASES: dict[str, tuple[str, int, int, str]] = {
    # every player is ruled out of 2H: each ask for it rules out the asker and the target
    "excluded-public": (
        TABLE + "dealer: Ann\nAnn asks Bob for 2H: no\nBob asks Cat for 2H: no\nCat asks Dan for 2H: no\n"
        "Dan asks Eve for 2H: no\nEve asks Fay for 2H: no\nFay asks Ann for 2H: no\n",
        8, 5, "no player can have been dealt 2H: every player is ruled out of it",
    ),
    "excluded-player": (
        TABLE + "dealer: Ann\nhand Ann: 3H 9S JS KH 2D 3D 4D 5D\nAnn asks Bob for 2H: no\nBob asks Cat for 2H: no\n"
        "Cat asks Dan for 2H: no\nDan asks Eve for 2H: no\nEve asks Fay for 2H: no\n",
        9, 5, "no player can have been dealt 2H: every player is ruled out of it",
    ),
    # Ann's listed hand holds every other low diamond, so Cat can hold none to ask for 3D
    "asker-holds-none-player": (
        TABLE + "dealer: Cat\nhand Ann: 2D 3D 4D 5D 6D 7D 9S JS\nCat asks Bob for 3D: no\n",
        5, 1, "Cat cannot ask for 3D: Cat can have been dealt none of 2D 4D 5D 6D 7D",
    ),
    # the public learns it only when the claim shows where the other low diamonds were
    "asker-holds-none-public": (
        TABLE + "dealer: Cat\nCat asks Bob for 3D: no\nBob asks Cat for 9S: no\nCat asks Bob for 4S: no\n"
        "Bob asks Ann for 10S: no\nAnn claims LD: Ann 2D 4D 5D 6D 7D, Eve 3D\n",
        8, 5, "Cat asked for 3D at event 1, yet now Cat can have been dealt none of 2D 4D 5D 6D 7D",
    ),
    # Cat gave away seven of the eight cards dealt to Cat, then asked in two sets: a ninth card
    "hand-sizes-public": (
        TABLE + "dealer: Ann\nAnn asks Bob for 5H: no\nBob asks Cat for 2C: yes\nBob asks Cat for 9C: yes\n"
        "Bob asks Cat for 2H: yes\nBob asks Cat for 9H: yes\nBob asks Cat for 2S: yes\nBob asks Cat for 9S: yes\n"
        "Bob asks Cat for 2D: yes\nBob asks Cat for 9D: no\nCat asks Bob for 3D: no\nBob asks Cat for 10D: no\n"
        "Cat asks Bob for 3S: no\n",
        15, 12, "no deal of the cards fits the history after event 12 (Cat asks Bob for 3S: no)",
    ),
    "hand-sizes-player": (
        TABLE + "dealer: Ann\nhand Ann: 3H 4H 10S JS QS AC KC QC\nAnn asks Bob for 5H: no\n"
        "Bob asks Cat for 2C: yes\nBob asks Cat for 9C: yes\nBob asks Cat for 2H: yes\nBob asks Cat for 9H: yes\n"
        "Bob asks Cat for 2S: yes\nBob asks Cat for 9S: yes\nBob asks Cat for 2D: yes\nBob asks Cat for 9D: no\n"
        "Cat asks Bob for 3D: no\nBob asks Cat for 10D: no\nCat asks Bob for 3S: no\n",
        16, 12, "no deal of the cards fits the history after event 12 (Cat asks Bob for 3S: no)",
    ),
    # the claim shows Cat held 2D, which Cat's own question was said not to get
    "claim-contradicts-public": (
        TABLE + "dealer: Bob\nBob asks Cat for 2D: no\nCat claims LD: Cat 2D 3D 4D 5D 6D 7D\n",
        5, 2, "2D cannot have been dealt to Cat: an earlier fact rules Cat out of it",
    ),
    "claim-contradicts-player": (
        TABLE + "dealer: Bob\nhand Ann: 9S JS KH 2H 3H 4H 9C 10C\nBob asks Cat for 2D: no\n"
        "Cat claims LD: Cat 2D 3D 4D 5D 6D 7D\n",
        6, 2, "2D cannot have been dealt to Cat: an earlier fact rules Cat out of it",
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CASES))
def test_every_command_names_the_first_impossible_event(tmp_path: Path, name: str) -> None:
    text, line, event, message = CASES[name]
    path = tmp_path / f"{name}.lit"
    path.write_text(text)
    expected = (2, "", f"{path}:{line}: {message}\n")
    for command in (["check"], ["show"], ["solve"], ["solve", "--json"], ["explain", "--", "2S"], ["review"]):
        args = [command[0], str(path), *command[1:]]
        assert run(*args) == expected, args
    assert run("show", str(path), "--at", str(event - 1))[0] == 0  # the position before it can be shown
    if "player" in name:  # generate mines listed hands only
        assert run("generate", "--from", str(path), "--out", str(tmp_path / "out")) == expected


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_event_before_still_fits_a_deal(name: str) -> None:
    text, _, event, message = CASES[name]
    game = parse_game(text)
    viewer = next(iter(game.setup.hands), None)
    with pytest.raises(ImpossibleHistoryError) as raised:
        solve(game.setup, game.events, viewer)
    assert (raised.value.event, raised.value.message) == (event, message)
    assert count(game.setup, game.events[: event - 1], viewer) > 0
    assert count(game.setup, game.events[:event], viewer) == 0
    found = first_impossible(game.setup, game.events)
    assert found is not None and (found.event, found.message) == (event, message)


def test_check_uses_every_listed_hand_together(tmp_path: Path) -> None:
    # neither hand alone rules Eve out of the low diamonds; the two together do
    path = tmp_path / "two-hands.lit"
    path.write_text(TABLE + "dealer: Eve\nhand Ann: 2D 3D 4D 9S JS KH 2C 3C\nhand Cat: 5D 6D 7D 9H 10H JH 2S 3S\n"
                    "Eve asks Bob for 3D: no\n")
    assert run("check", str(path)) == (
        2, "", f"{path}:6: Eve cannot ask for 3D: Eve can have been dealt none of 2D 4D 5D 6D 7D\n"
    )
    for viewer in ("Ann", "Cat"):
        assert run("solve", str(path), "--as", viewer, "--json")[0] == 0
