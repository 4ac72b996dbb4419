"""``literature solve``: the JSON contract, the Rich view and clean errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import command_line

SIX = "tests/data/six-diamonds.lit"
COMPLETE = "tests/data/complete-classic-6p.lit"
PERSONAL = "tests/data/personal-fish54-8p.lit"


def run(*args: str) -> tuple[int, str, str]:
    return command_line.run("solve", *args)


def test_json_contract_on_the_six_diamonds() -> None:
    code, out, _ = run(SIX, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["file"] == SIX and data["viewer"] == "Ann" and data["events_applied"] == 1
    assert int(data["consistent_deals"]) == 1531342890630639596367000  # 39! / (7! 8!^4): 6D sits with Cat
    assert data["cards"]["6D"] == {"holders": {"Cat": 1.0}, "forced": "Cat"}
    assert abs(data["cards"]["9C"]["holders"]["Bob"] - 8 / 39) < 1e-12
    assert data["claimable"] == {"LD": {"2D": "Ann", "3D": "Ann", "4D": "Ann", "5D": "Ann", "6D": "Cat", "7D": "Ann"}}
    assert data["sets"]["LD"] == {"status": "in_play", "team": None}
    assert set(data["cards"]) == {c for c in data["cards"]} and len(data["cards"]) == 48


def test_one_line_per_file_in_order_and_views() -> None:
    code, out, _ = run(SIX, COMPLETE, "--public", "--at", "1", "--json")
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert [d["file"] for d in lines] == [SIX, COMPLETE]
    assert all(d["viewer"] is None for d in lines)
    assert lines[1]["cards"]["3D"]["forced"] == "Cat"  # Cat asked Bob for 3D: yes


def test_finished_game_lists_no_cards_and_the_score() -> None:
    code, out, _ = run(COMPLETE, "--as", "Eve", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["cards"] == {} and data["score"] == {"1": 5, "2": 3}
    assert data["sets"]["LC"] == {"status": "won", "team": 1}


def test_rich_view_calls_out_the_claim() -> None:
    code, out, _ = run(SIX)
    assert code == 0
    assert "Claimable with certainty: LD" in out and "Cat 6D" in out


@pytest.mark.slow
def test_personal_fish54_log_every_point(tmp_path: Path) -> None:
    for at in range(0, 46, 9):
        code, out, _ = run(PERSONAL, "--at", str(at), "--json")
        assert code == 0, out
        data = json.loads(out)
        for card in data["cards"].values():
            assert abs(sum(card["holders"].values()) - 1) < 1e-9


def test_bad_input_is_one_line_exit_2(tmp_path: Path) -> None:
    impossible = tmp_path / "impossible.lit"
    impossible.write_text(Path(SIX).read_text() + "Bob asks Cat for 6S: no\nCat asks Bob for 6D: no\n")
    cases = {
        (COMPLETE,): f"{COMPLETE}: several hands are listed",
        (SIX, "--at", "9"): f"{SIX}: --at 9 is out of range",
        (SIX, "--as", "Zed"): f"{SIX}: unknown player 'Zed'",
        (str(impossible),): f"{impossible}:8: Cat asked for 3D at event 1, yet now Cat can have been dealt none",
    }
    for args, start in cases.items():
        code, out, err = run(*args)
        assert code == 2, (args, out, err)
        assert err.startswith(start), (args, err)
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
