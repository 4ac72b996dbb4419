"""Printed worksheets, as a teacher prints them: headless Chromium prints the HTML to PDF (A4 and Letter).

Ten puzzles of any level, as ``literature generate --count 10 --level L`` takes them from the pack, print in at
most 6 pages, the kinds mixed. A 10-puzzle level-3 worksheet of long 8-player histories (1,554 events, the
output of ``literature generate --count 10 --level 3 --seed 1`` before issue
17) prints in at most 12 pages; each puzzle starts with who you are, your
hand, the hand sizes and the question; the history's header is repeated on
every page; a short puzzle never breaks across pages. ``make test`` installs
Chromium where it can (root with apt-get); elsewhere these tests are skipped.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from puzzles.files import load_puzzles
from puzzles.generate import Request
from puzzles.model import Puzzle
from puzzles.packs import load_pack
from puzzles.pick import pick
from trainer.game.cards import Card
from trainer.game.events import Ask
from trainer.render.quiz import question_words
from trainer.render.worksheet import ONE_PAGE, answer_key_html, folded, hidden, worksheet_html

CHROMIUM = next((path for name in ("chromium", "chromium-browser", "google-chrome")
                 if (path := shutil.which(name)) is not None), None)
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="Chromium is not installed: `make test` installs it as root with apt-get")

LONG = Path(__file__).parent / "data" / "puzzles" / "worksheet-level3.json"
SHORT = Path(__file__).parent / "data" / "puzzles" / "worksheet-level3-short.json"
"""``literature generate --count 10 --level 3 --seed 1 --format json`` since issue 29 (short positions first,
the kinds mixed)."""
PAPERS = ["A4", "letter"]
HEADER = "# player asks card answer"
ROW = re.compile(r"(?:^|answer )\d+ \S+ \S+ \S+ (?:yes|no)$", re.MULTILINE)  # an ask (after the header, maybe)


def print_pages(html: str, paper: str, tmp_path: Path) -> list[str]:
    """Print ``html`` on ``paper`` as the browser's print dialog would; the text of each page."""
    page = tmp_path / f"worksheet-{paper}.html"
    page.write_text(html.replace("</style>", f"@page {{ size: {paper}; }}</style>", 1), encoding="utf-8")
    pdf = tmp_path / f"worksheet-{paper}.pdf"
    assert CHROMIUM is not None
    subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", f"--user-data-dir={tmp_path / 'profile'}",
         "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri()],
        check=True, capture_output=True, timeout=300,
    )
    return [p.extract_text() for p in PdfReader(pdf).pages]


def page_of(pages: list[str], pattern: str) -> int:
    """The first page whose text matches ``pattern``."""
    return next(i for i, text in enumerate(pages) if re.search(pattern, text, re.MULTILINE))


def check_brief_comes_first(pages: list[str], number: int, puzzle: Puzzle) -> None:
    """Puzzle ``number`` starts with who you are, your hand, the hand sizes and the question, then the history."""
    start = page_of(pages, rf"^Puzzle {number} level")
    text = "\n".join(pages[start:])
    text = text[re.search(rf"^Puzzle {number} level", text, re.MULTILINE).start():]  # type: ignore[union-attr]
    asked = str(question_words(puzzle))
    question = re.sub(r"\b(?:10|[2-9JQKA])[SHDC]\b", lambda m: Card.parse(m.group()).symbol, asked)
    order = [text.index(f"You are {puzzle.viewer}"), text.index("Your hand:"), text.index("Hand sizes:"),
             text.index(question[:30]), text.index(HEADER)]
    assert order == sorted(order), (number, order)


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
def test_a_long_level3_worksheet_prints_in_at_most_12_pages(paper: str, tmp_path: Path) -> None:
    puzzles = load_puzzles(LONG)
    assert len(puzzles) == 10 and {p.level for p in puzzles} == {3}
    assert sum(len(p.game.events) for p in puzzles) == 1554
    pages = print_pages(worksheet_html(puzzles, "Week 12"), paper, tmp_path)
    assert len(pages) <= 12, len(pages)
    assert "Name" in pages[0] and "Date" in pages[0]  # a name/date line
    for number, puzzle in enumerate(puzzles, start=1):
        check_brief_comes_first(pages, number, puzzle)
    for text in pages:
        if ROW.search(text):  # every page with history rows repeats the table header
            assert HEADER in text
    rows = sum(len(ROW.findall(text)) for text in pages)
    asks = sum(1 for p in puzzles for e in p.game.events if isinstance(e, Ask))
    assert rows + sum(hidden(p) for p in puzzles) == asks  # every ask printed or folded, none lost at a break
    folds = sum(len(re.findall(r"(\d+) moves hidden", text)) for text in pages)
    assert folds == sum(1 for p in puzzles for item in folded(p) if isinstance(item, tuple))  # each fold says so


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
def test_a_generated_level3_worksheet_prints_in_at_most_6_pages(paper: str, tmp_path: Path) -> None:
    puzzles = load_puzzles(SHORT)
    assert len(puzzles) == 10 and {p.level for p in puzzles} == {3}
    assert {p.question.kind for p in puzzles} == {"locate", "claim", "certain"}  # the kinds mixed
    pages = print_pages(worksheet_html(puzzles, "Week 12"), paper, tmp_path)
    assert len(pages) <= 6, len(pages)
    for number, puzzle in enumerate(puzzles, start=1):
        check_brief_comes_first(pages, number, puzzle)
    (tmp_path / "key").mkdir()
    key = print_pages(answer_key_html(puzzles, "Week 12"), paper, tmp_path / "key")
    text = "\n".join(key)
    assert text.count("Rests on moves:") == len(puzzles)  # the moves each answer rests on, marked


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
def test_a_short_puzzle_stays_on_one_page(paper: str, tmp_path: Path) -> None:
    short = sorted((p for p in load_pack() if p.level == 3 and len(p.game.events) <= ONE_PAGE),
                   key=lambda p: (-len(p.game.events), p.id))[:10]
    assert len(short) == 10
    pages = print_pages(worksheet_html(short, "Short"), paper, tmp_path)
    assert len(pages) <= 12
    for number, puzzle in enumerate(short, start=1):
        heading = page_of(pages, rf"^Puzzle {number} level")
        answer = page_of(pages, rf"(?:Answer to|Claim for|Certain cards for) puzzle {number} ")
        assert heading == answer, (number, len(puzzle.game.events))
        check_brief_comes_first(pages, number, puzzle)


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("level", [1, 2, 3, 4, 5, 6])
def test_ten_puzzles_of_any_level_from_the_pack_print_in_at_most_6_pages(level: int, paper: str,
                                                                         tmp_path: Path) -> None:
    picked = pick(Request(count=10, levels=(level,), seed=1))  # what generate --count 10 --level L --seed 1 writes
    puzzles = picked.puzzles
    assert len(puzzles) == 10 and {p.level for p in puzzles} == {level}
    kinds = picked.kinds()
    assert kinds == {"locate": 4, "claim": 3, "certain": 3} and not picked.short  # the kinds mixed, at every level
    pages = print_pages(worksheet_html(puzzles, "Week 12", picked.short), paper, tmp_path)
    assert len(pages) <= 6, len(pages)
    for number, puzzle in enumerate(puzzles, start=1):
        check_brief_comes_first(pages, number, puzzle)
    rows = sum(len(ROW.findall(text)) for text in pages)
    asks = sum(1 for p in puzzles for e in p.game.events if isinstance(e, Ask))
    assert rows + sum(hidden(p) for p in puzzles) == asks  # every ask printed or folded, none lost at a break
