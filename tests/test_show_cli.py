"""``literature show``: the Rich view of a game at event N."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import command_line

DATA = Path(__file__).parent / "data"


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    return command_line.run(*args, env={"COLUMNS": "120", **(env or {})})


@pytest.fixture
def six_diamonds(tmp_path: Path) -> Path:
    return Path(shutil.copy(DATA / "six-diamonds.lit", tmp_path / "six-diamonds.lit"))


@pytest.fixture
def complete(tmp_path: Path) -> Path:
    return Path(shutil.copy(DATA / "complete-classic-6p.lit", tmp_path / "complete.lit"))


def rows(out: str, start: str) -> list[str]:
    """The table rows whose first cell is ``start``, cells joined by single spaces."""
    found = []
    for line in out.splitlines():
        cells = [c.strip() for c in line.strip("│┃ ").split("│")]
        if cells and cells[0] == start:
            found.append(" ".join(c for c in cells if c))
    return found


def row(out: str, start: str) -> str:
    """The first table row whose first cell is ``start``."""
    found = rows(out, start)
    assert found, f"no row starting {start!r} in:\n{out}"
    return found[0]


def test_show_a_position(six_diamonds: Path) -> None:
    code, out, err = run("show", str(six_diamonds))
    assert code == 0 and err == ""
    assert out.splitlines()[0] == str(six_diamonds)
    assert "classic, 6 players, dealer Cat; after event 1 of 1" in out
    assert "team 1: Ann Cat Eve" in out and "team 2: Bob Dan Fay" in out
    # seats: seat, player (dealer, whose turn), team, hand size, known cards sorted by set with unicode suits
    assert row(out, "1") == "1 Ann 1 8 9♠ J♠  K♥  2♦ 3♦ 4♦ 5♦ 7♦  (listed)"
    assert row(out, "2") == "2 Bob ◀ 2 8 +8 unknown"
    assert row(out, "3") == "3 Cat (dealer) 1 8 +8 unknown"
    assert row(out, "LD low diamonds") == "LD low diamonds 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ in play"
    assert "score: team 1 0 - team 2 0" in out
    assert "Cat asks Bob for 3♦: no" in out
    assert out.rstrip().endswith("Bob to play")


def test_show_the_end_of_a_game(complete: Path) -> None:
    code, out, _ = run("show", str(complete))
    assert code == 0
    assert "after event 271 of 271" in out
    assert row(out, "LC low clubs").endswith("won by team 1 (claimed by Eve)")
    assert row(out, "HS high spades").endswith("won by team 2 (claimed by Bob)")
    assert "score: team 1 5 - team 2 3" in out
    assert rows(out, "271")[0] == "271 281 Bob claims LH: Bob 2♥ 4♥ 6♥ 7♥, Dan 3♥ 5♥"
    assert row(out, "1").startswith("1 Ann 1 0")
    assert out.rstrip().endswith("game over: team 1 wins")


def test_show_at_an_earlier_event(complete: Path) -> None:
    code, out, _ = run("show", str(complete), "--at", "3")
    assert code == 0
    assert "after event 3 of 271" in out
    assert rows(out, "1")[1] == "1 11 Cat asks Bob for 3♦: yes"  # history: index, line, event
    assert rows(out, "3")[1] == "3 13 Cat asks Fay for 4♦: yes"
    assert "Cat asks Dan for Q♠: no" not in out
    assert "(268 later events not shown)" in out
    # Cat won three cards: 11 now, and the known cards include them
    assert row(out, "3") == "3 Cat (dealer) ◀ 1 11 K♠ A♠  4♥  9♥ Q♥ K♥  3♦ 4♦ 5♦  9♣ A♣  (listed)"
    assert out.rstrip().endswith("Cat to play")


def test_show_at_zero_is_the_deal(complete: Path) -> None:
    code, out, _ = run("show", str(complete), "--at", "0")
    assert code == 0 and "after event 0 of 271" in out
    assert row(out, "1") == "1 Ann 1 8 2♠ 4♠ 7♠  10♥  J♦  6♣  10♣ K♣  (listed)"


@pytest.mark.parametrize("at", ["272", "-1", "1000"])
def test_show_at_out_of_range(complete: Path, at: str) -> None:
    code, out, err = run("show", str(complete), "--at", at)
    assert (code, out) == (2, "")
    assert err == f"{complete}: --at {at} is out of range: the game has 271 events (0 to 271)\n"


def test_show_bad_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.lit"
    bad.write_text("variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\nAnn asks Cat for 3D: no\n")
    code, out, err = run("show", str(bad))
    assert (code, out, err) == (2, "", f"{bad}:3: Ann cannot ask Cat: they are on the same team\n")
    code, _, err = run("show", str(tmp_path / "none.lit"))
    assert (code, err) == (2, f"{tmp_path}/none.lit: no such file\n")


def test_show_colours_suits_unless_no_color(six_diamonds: Path) -> None:
    _, coloured, _ = run("show", str(six_diamonds), env={"FORCE_COLOR": "1", "NO_COLOR": ""})
    assert "\x1b[1;31m2♦" in coloured  # diamonds in bold red
    _, plain, _ = run("show", str(six_diamonds), env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert "31m" not in plain and "2♦" in plain


def test_show_an_endgame_turn(tmp_path: Path) -> None:
    path = tmp_path / "end.lit"
    path.write_text(
        "variant: fish54\nplayers: Ann Bob Cat Dan Eve Fay\nAnn claims LD: Ann 2D 3D 4D 5D 6D 7D (actual: Cat 7D)\n"
    )
    code, out, _ = run("show", str(path))
    assert code == 0
    assert row(out, "LD low diamonds").endswith("won by team 2 (claimed by Ann)")
    assert "(actual: Cat 7♦)" in out
    assert out.rstrip().endswith("Bob or Dan or Fay to play")


def test_show_at_out_of_range_of_a_one_event_game(six_diamonds: Path) -> None:
    code, _, err = run("show", str(six_diamonds), "--at", "2")
    assert (code, err) == (2, f"{six_diamonds}: --at 2 is out of range: the game has 1 event (0 to 1)\n")
