"""``generate --out``: never replaces files without --force, checks the folder before mining, refuses an empty path."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import puzzles.generate as mining  # the command imports its miners from here when it runs

import command_line

GAME = str(Path(__file__).parent / "data" / "six-diamonds.lit")


def run(*args: str) -> tuple[int, str, str]:
    return command_line.run("generate", "--from", GAME, "--count", "1", "--json", *args)


def no_mining(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("mined before checking --out")

    monkeypatch.setattr(mining, "generate_from_game", refuse)
    monkeypatch.setattr(mining, "generate", refuse)


def test_files_are_replaced_only_with_force(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "set"
    assert run("--out", str(out), "--format", "json", "--format", "md")[0] == 0
    (out / "worksheet.md").write_text("my own notes\n")
    with monkeypatch.context() as patch:
        no_mining(patch)
        code, stdout, err = run("--out", str(out), "--format", "md")
    assert (code, stdout) == (2, "")
    assert err == (f"{out}: would replace worksheet.md, answers.md; pass --force to overwrite, "
                   "or choose another --out\n")
    assert (out / "worksheet.md").read_text() == "my own notes\n"
    assert run("--out", str(out), "--format", "md", "--force")[0] == 0
    assert (out / "worksheet.md").read_text() != "my own notes\n"


def test_an_unwritable_out_is_refused_before_mining(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    no_mining(monkeypatch)
    code, _, err = run("--out", str(blocker / "sub"))
    assert code == 2 and err.startswith(f"{blocker / 'sub'}: cannot write there (") and err.count("\n") == 1
    code, _, err = run("--out", str(blocker))
    assert (code, err) == (2, f"{blocker}: exists and is not a folder\n")


@pytest.mark.parametrize("empty", ["", "  "])
def test_an_empty_out_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, empty: str) -> None:
    monkeypatch.chdir(tmp_path)
    no_mining(monkeypatch)
    code, _, err = run("--out", empty)
    assert (code, err) == (2, "--out needs a folder, not an empty path (use --out . for the current folder)\n")
    assert list(tmp_path.iterdir()) == []
