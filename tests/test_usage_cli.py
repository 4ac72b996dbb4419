"""The command line as a whole: switches, usage errors, ``--version``, names, choices and start-up imports."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

import trainer
from trainer.cli import app
from trainer.cli.app import version_text

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = ["check", "daily", "explain", "generate", "grade", "learn", "pack", "play", "games", "review", "serve",
            "show", "simulate", "solve", "stats", "train"]


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "80"})
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("command", COMMANDS)
def test_help_shows_switches_plainly_and_fits_80_columns(command: str) -> None:
    code, out, _ = invoke(command, "--help")
    assert code == 0
    assert "<bool>" not in out and "╭" not in out
    assert all(len(line) <= 80 for line in out.splitlines()), out
    assert out.startswith(f"Usage: literature {command} ")


def test_every_command_is_listed_in_the_main_help() -> None:
    code, out, _ = invoke("--help")
    assert code == 0 and "<bool>" not in out and "--version" in out
    rows = [line for line in out.split("Commands:")[1].splitlines() if line.startswith("  ") and line.strip()]
    listed = [line.split()[0] for line in rows]
    assert listed == COMMANDS
    assert all(len(row) <= 80 and not row.endswith("...") for row in rows), out  # a whole summary, one line each


@pytest.mark.parametrize(("args", "first"), [
    (["solve", "--variant", "foo"], "literature solve: no such option --variant"),
    (["simulate", "--variant", "foo"], "literature simulate: --variant: 'foo' is not one of 'classic', 'fish54'"),
    (["generate", "--out", "x", "--count", "0"], "literature generate: --count: must be at least 1, not 0"),
    (["train", "--count", "zero"], "literature train: --count: 'zero' is not a whole number"),
    (["solve"], "literature solve: missing argument GAME.lit"),
    (["explain", "tests/data/six-diamonds.lit"], "literature explain: missing argument TARGET"),
    (["grade", "x.json"], "literature grade: missing option --answer"),
    (["solv"], "literature: no such command 'solv'. Did you mean 'solve'?"),
    (["solve", "--json", "true"], "true: no such file"),
    (["solve", "--at"], "literature solve: option '--at' requires an argument"),
    (["--versio"], "literature: no such option --versio"),
])
def test_usage_errors_are_one_line_and_a_hint_with_exit_code_2(args: list[str], first: str) -> None:
    code, out, err = invoke(*args)
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert lines[0] == first
    assert len(lines) <= 2 and "Traceback" not in err and "╭" not in err
    if len(lines) == 2:
        assert lines[1] == f"Try '{first.split(':')[0]} --help'."


def test_switches_take_no_value() -> None:
    code, out, _ = invoke("solve", "tests/data/six-diamonds.lit", "--json")
    assert code == 0 and out.startswith("{")


def test_version_names_the_distribution() -> None:
    code, out, _ = invoke("--version")
    assert code == 0 and out == f"literature-trainer {trainer.__version__}\n" == version_text() + "\n"


def test_the_version_constants_are_pyprojects() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert (project["name"], project["version"]) == (trainer.__distribution__, trainer.__version__)
    assert project["scripts"] == {"literature": "trainer.start:main"}
    assert any(d.replace(" ", "").startswith("fsrs>=6,<7") for d in project["dependencies"])


def test_the_cli_choices_mirror_the_librarys() -> None:
    from puzzles.model import KINDS, LEVELS
    from trainer.cli import choices, generate, simulate
    from trainer.explain.depth import Depth
    from trainer.game.variants import PLAYER_COUNTS, Variant
    from trainer.play.match import CoachLevel
    from trainer.play.protocol import BotKind
    from trainer.render.worksheet import FORMATS

    for mine, theirs in [(choices.VariantChoice, Variant), (choices.BotChoice, BotKind),
                         (choices.CoachChoice, CoachLevel), (choices.DepthChoice, Depth)]:
        assert [m.value for m in mine] == [t.value for t in theirs]
    assert tuple(f.value for f in generate.Format) == FORMATS
    assert tuple(k.value for k in generate.Kind) == KINDS
    assert tuple(LEVELS) == generate.LEVELS and simulate.PLAYER_COUNTS == PLAYER_COUNTS


def test_help_imports_nothing_heavy() -> None:
    """``literature --help`` loads Typer and the command modules, not the engine, numpy, numba, Rich, pydantic."""
    probe = ("import sys, runpy; sys.argv = ['literature', '--help']\n"
             "try:\n    runpy.run_module('trainer', run_name='__main__')\nexcept SystemExit:\n    pass\n"
             "heavy = ('numpy', 'numba', 'constraint', 'fsrs', 'rich', 'pydantic', 'trainer.engine', 'puzzles')\n"
             "print(sorted({m.split('.')[0] for m in sys.modules if m.startswith(heavy)}))")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True)
    assert done.stdout.splitlines()[-1] == "[]"


@pytest.mark.parametrize("args", [
    "tests/data/six-diamonds.lit --json",
    "tests/data/complete-classic-6p.lit --at 21 --public --json",  # the hardest public position of the game
], ids=["six-diamonds", "complete-6p-at-21-public"])
def test_a_one_off_six_player_solve_does_not_load_the_compiled_loops_or_pydantic(args: str) -> None:
    """numba's compiled loops take about a second to load: a six-player position is counted without them."""
    probe = (f"import sys, runpy; sys.argv = ['literature', 'solve', *{args.split()!r}]\n"
             "try:\n    runpy.run_module('trainer', run_name='__main__')\nexcept SystemExit:\n    pass\n"
             "heavy = ('numba', 'pydantic', 'constraint')\n"
             "print(sorted({m.split('.')[0] for m in sys.modules if m.startswith(heavy)}))")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True, cwd=ROOT)
    assert done.stdout.splitlines()[-1] == "[]"


@pytest.mark.parametrize("args", [
    ["explain", "tests/data/six-diamonds.lit", "6D"],
    ["solve", "tests/data/six-diamonds.lit"],
    ["show", "tests/data/six-diamonds.lit"],
    ["daily", "--week"],
])
def test_output_to_a_pipe_has_no_trailing_spaces(args: list[str]) -> None:
    """Rich pads a table's cells to its width; written to a pipe or a file, the lines end at their last word."""
    code, out, _ = invoke(*args)
    assert code == 0, out
    assert out.strip() and not [line for line in out.splitlines() if line.endswith(" ")], out
