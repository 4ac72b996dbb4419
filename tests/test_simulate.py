"""The simulator: complete legal games, reproducible files, no endless games, the command line."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from trainer.cli import app
from trainer.game.notation import parse_game, read_game, write_game
from trainer.game.variants import Variant
from trainer.play.bots import BotKind
from trainer.play.simulate import GameJob, RunSummary, file_name, new_table, play, simulate

runner = CliRunner()
CONFIGS = [("classic", 6), ("classic", 8), ("fish54", 6), ("fish54", 8)]
FAST_KINDS = [BotKind.RANDOM, BotKind.BASIC, BotKind.HUMAN]


def check_complete(text: str, variant: str, players: int) -> None:
    """A finished, legal game with every hand listed, that round-trips through the notation."""
    game = parse_game(text)
    assert write_game(game) == text
    assert parse_game(write_game(game)) == game
    assert game.setup.variant is Variant(variant) and len(game.setup.players) == players
    assert set(game.setup.hands) == set(game.setup.players)
    state = game.state()
    assert state.over
    assert sum(state.score.values()) <= len(state.sets)


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    config=st.sampled_from(CONFIGS),
    team1=st.sampled_from(FAST_KINDS),
    team2=st.sampled_from(FAST_KINDS),
)
def test_every_game_ends_legal_and_complete(seed: int, config: tuple[str, int], team1: BotKind, team2: BotKind) -> None:
    variant, players = config
    result = play(GameJob(0, seed, Variant(variant), players, team1, team2))
    check_complete(result.text, variant, players)
    assert result.events == len(parse_game(result.text).events)


@pytest.mark.parametrize(("variant", "players"), [("classic", 6), ("fish54", 6)])
def test_expert_games_are_legal(variant: str, players: int) -> None:
    result = play(GameJob(1, 3, Variant(variant), players, BotKind.EXPERT, BotKind.HUMAN))
    check_complete(result.text, variant, players)


@pytest.mark.parametrize(("variant", "players"), CONFIGS)
def test_the_stall_guard_ends_games(variant: str, players: int) -> None:
    table = new_table(GameJob(0, 8, Variant(variant), players, BotKind.RANDOM, BotKind.RANDOM, stall_limit=3))
    game = table.play()
    assert game.state().over and table.forced > 0
    check_complete(write_game(game), variant, players)
    # between two claims there are never many more events than the limit allows
    gaps, since = [], 0
    for event in game.events:
        since = 0 if type(event).__name__ == "Claim" else since + 1
        gaps.append(since)
    assert max(gaps) <= 3 + 2


@pytest.mark.slow
def test_same_seed_same_games_whatever_the_executor() -> None:
    inline = simulate(4, seed=21, variant="fish54", players=8, team1="human", team2="basic", workers=1)
    with ThreadPoolExecutor(max_workers=3) as pool:
        threaded = simulate(4, seed=21, variant="fish54", players=8, team1="human", team2="basic", executor=pool)
    processes = simulate(4, seed=21, variant="fish54", players=8, team1="human", team2="basic", workers=2)
    assert [r.text for r in inline] == [r.text for r in threaded] == [r.text for r in processes]
    assert [r.index for r in processes] == [0, 1, 2, 3]
    other = simulate(4, seed=22, variant="fish54", players=8, team1="human", team2="basic", workers=1)
    assert [r.text for r in other] != [r.text for r in inline]


def test_summary_counts_wins_and_sets() -> None:
    results = simulate(6, seed=2, team1="basic", team2="random", workers=1)
    summary = RunSummary.of(results)
    assert summary.games == 6 and sum(summary.wins.values()) == 6
    assert summary.average_sets["1"] == sum(r.score[0] for r in results) / 6
    assert summary.wins["1"] == sum(r.winner == 1 for r in results)


def test_file_names() -> None:
    assert file_name(0, 5) == "game-0001.lit"
    assert file_name(9999, 10000) == "game-10000.lit"


def test_cli_writes_checked_reproducible_files(tmp_path: Path) -> None:
    args = ["simulate", "--games", "3", "--seed", "7", "--variant", "fish54", "--players", "8", "--json"]
    first = runner.invoke(app, [*args, "--out", str(tmp_path / "a"), "--workers", "1"])
    second = runner.invoke(app, [*args, "--out", str(tmp_path / "b"), "--workers", "2"])
    assert first.exit_code == 0, first.output
    assert second.exit_code == 0, second.output
    report = json.loads(first.stdout)
    assert report["games"] == 3 and sum(report["wins"].values()) == 3
    assert set(report["average_sets"]) == {"1", "2"}
    files = [Path(f) for f in report["files"]]
    assert [f.name for f in files] == ["game-0001.lit", "game-0002.lit", "game-0003.lit"]
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == [f.name for f in files]  # no temp files left
    for f in files:
        assert f.read_bytes() == (tmp_path / "b" / f.name).read_bytes()
        assert read_game(f).state().over
    checked = runner.invoke(app, ["check", *map(str, files)])
    assert checked.exit_code == 0, checked.output
    assert checked.stdout.count("wins") + checked.stdout.count("tie") == 3


def test_cli_summary_table(tmp_path: Path) -> None:
    result = runner.invoke(app, ["simulate", "-n", "2", "--out", str(tmp_path), "--workers", "1", "--team2", "human"])
    assert result.exit_code == 0, result.output
    assert "team 1 (basic) wins" in result.stdout and "team 2 (human) wins" in result.stdout
    assert "average length" in result.stdout and "time per game" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "7"], "--players must be 6 or 8, not 7"),
    ],
)
def test_cli_bad_options(tmp_path: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", "--out", str(tmp_path), *args])
    assert result.exit_code == 2
    assert result.stderr.strip() == message


def test_cli_out_must_be_a_folder(tmp_path: Path) -> None:
    target = tmp_path / "file"
    target.write_text("x")
    result = runner.invoke(app, ["simulate", "-n", "1", "--out", str(target)])
    assert result.exit_code == 2
    assert result.stderr.strip() == f"{target}: exists and is not a folder"
