"""``play --resume`` with saved games that cannot be read: it says which and why, never "no game"."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from puzzles.store import games_path
from trainer.game.errors import LiteratureError
from trainer.play.match import Match, Seating
from trainer.play.saved import MAX_SAVED_BYTES, latest_unfinished, load, save

from command_line import run


def saved(started: str, seed: int = 3) -> Path:
    """A game just begun, saved in the games folder."""
    return save(Match.new(Seating(seed=seed, started=started)), games_path())


def damage(path: Path) -> None:
    """Name a player who is not at the table on the first event line."""
    lines = path.read_text().splitlines()
    lines.append("Bob asks Zed for 2D: no")
    path.write_text("\n".join(lines) + "\n")


def test_the_only_unfinished_game_unreadable_is_named_with_the_reason() -> None:
    path = saved("2026-12-01T00:42:00+00:00")
    damage(path)
    line = len(path.read_text().splitlines())
    code, out, err = run("play", "--resume")
    assert (code, out) == (2, "")
    assert err == (f"{path}: this game cannot be resumed: it is unreadable (line {line}: unknown player 'Zed' "
                   "(players: Ann Bob Cat Dan Eve Fay)); no other unfinished game is saved\n")


def test_the_newest_unreadable_game_is_named_and_the_others_counted() -> None:
    older, newer = saved("2026-11-01T10:00:00+00:00", 1), saved("2026-12-01T10:00:00+00:00", 2)
    damage(older)
    newer.write_bytes(b"\xff\xfe not text")
    code, _, err = run("play", "--resume")
    assert code == 2 and err.startswith(f"{newer}: this game cannot be resumed: it is unreadable (cannot be read")
    assert err.endswith("no other unfinished game is saved, and 1 other game cannot be read either\n")


def test_a_readable_unfinished_game_is_still_resumed_beside_an_unreadable_one() -> None:
    good = saved("2026-11-01T10:00:00+00:00", 1)
    damage(saved("2026-12-01T10:00:00+00:00", 2))
    assert latest_unfinished(games_path()) == good


def test_no_saved_game_at_all_is_still_no_unfinished_game() -> None:
    assert latest_unfinished(games_path()) is None
    code, _, err = run("play", "--resume")
    assert code == 2 and err.startswith("no unfinished game to resume in ")


def test_an_oversized_saved_game_is_refused_unread(tmp_path: Path) -> None:
    path = saved("2026-12-01T00:42:00+00:00")
    with path.open("a") as out:
        out.write("# padding\n" * (MAX_SAVED_BYTES // 10 + 1))
    with pytest.raises(LiteratureError, match=r"is larger than the 1024 KB a saved game may be"):
        load(path)
    code, _, err = run("play", "--resume", str(path))
    assert code == 2 and err == f"{path}: is larger than the 1024 KB a saved game may be\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_before_it_is_opened() -> None:
    folder = games_path()
    folder.mkdir(parents=True)
    fifo = folder / "2026-12-01-0042-seed3.lit"
    os.mkfifo(fifo)
    with pytest.raises(LiteratureError, match="is not a regular file, so not a saved game"):
        load(fifo)  # opening it would wait for a writer forever


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_among_the_saved_games_does_not_hang_resume_or_games(tmp_path: Path) -> None:
    folder = games_path()
    folder.mkdir(parents=True, exist_ok=True)
    fifo = folder / "2026-12-01-0042-seed3.lit"
    os.mkfifo(fifo)
    env = os.environ | {"COLUMNS": "200", "NO_COLOR": "1"}
    for args in (["play", "--resume"], ["play", "--resume", str(fifo)], ["games", "--json"]):
        done = subprocess.run([sys.executable, "-m", "trainer", *args], capture_output=True, text=True, env=env,
                              timeout=60, check=False)
        assert "Traceback" not in done.stderr
        if args[0] == "play":
            assert done.returncode == 2 and "is not a regular file" in done.stderr
            assert done.stderr.count("\n") == 1
        else:
            assert done.returncode == 0 and "is not a regular file" in done.stdout
