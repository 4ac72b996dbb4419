"""Worksheets and answer keys: every puzzle in the sheet, every answer in the key, printable self-contained HTML."""

from __future__ import annotations

import re
import stat
from pathlib import Path

from puzzles.export import FILES, answer_key_html, answer_key_md, answer_text, export, worksheet_html, worksheet_md
from puzzles.grade import example_claim
from puzzles.model import Puzzle, load_puzzles
from puzzles.packs import load_pack


def sample() -> list[Puzzle]:
    pack = load_pack()
    kinds = {}
    for puzzle in pack:
        kinds.setdefault((puzzle.question.kind, puzzle.level), puzzle)
    return [example_claim(), *list(kinds.values())[:11]]


def test_markdown_worksheet_has_every_puzzle_and_the_key_every_answer() -> None:
    puzzles = sample()
    sheet = worksheet_md(puzzles, "Set A")
    key = answer_key_md(puzzles, "Set A")
    assert sheet.startswith("# Set A")
    for number, puzzle in enumerate(puzzles, start=1):
        assert f"## Puzzle {number}\n" in sheet and f"## Puzzle {number}\n" in key
        assert puzzle.id in sheet and puzzle.id in key
        assert puzzle.question.text() in sheet
        assert f"**Answer:** {answer_text(puzzle.answer)}" in key
        for step in puzzle.explanation:
            assert step.text in key
    assert f"## Puzzle {len(puzzles) + 1}" not in sheet
    # the answers are not on the worksheet
    assert "**Answer:**" not in sheet
    # the history is a table, one row per event
    first = puzzles[0]
    assert "| 1 | Cat | Bob | 3D | no |" in worksheet_md([first], "x")
    assert "**Your hand:** 9S JS KH 2D 3D 4D 5D 7D" in worksheet_md([first], "x")
    assert "**Hand sizes:** Ann 8, Bob 8, Cat 8, Dan 8, Eve 8, Fay 8" in worksheet_md([first], "x")


def test_html_is_printable_self_contained_and_complete() -> None:
    puzzles = sample()
    sheet = worksheet_html(puzzles, "Set <B>")
    key = answer_key_html(puzzles, "Set <B>")
    for page in (sheet, key):
        assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
        assert "@media print" in page and "page-break-inside: avoid" in page
        assert not re.search(r"(src|href)=", page)  # nothing to fetch: one file
        assert "Set &lt;B&gt;" in page and "<B>" not in page
    assert sheet.count('<section class="puzzle"') == len(puzzles)
    assert key.count('<section class="puzzle"') == len(puzzles)
    assert '<span class="card red">6♦</span>' in sheet  # coloured suits
    for puzzle in puzzles:
        assert puzzle.id in key
        for player in set(puzzle.answer.values()):
            assert player in key


def test_export_writes_every_format_atomically(tmp_path: Path) -> None:
    puzzles = sample()
    written = export(puzzles, tmp_path / "out", ["json", "md", "html", "md"])
    names = [p.name for p in written]
    assert names == [*FILES["json"], *FILES["md"], *FILES["html"]]
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(names)  # no temporary left
    assert [p.id for p in load_puzzles(tmp_path / "out" / "puzzles.json")] == [p.id for p in puzzles]
    mode = stat.S_IMODE((tmp_path / "out" / "worksheet.html").stat().st_mode)
    assert mode & 0o044  # readable by others, like any file a teacher prints or shares
