"""Worksheets and answer keys: every puzzle in the sheet, every answer in the key, printable self-contained HTML."""

from __future__ import annotations

import re
import stat
from pathlib import Path

from puzzles.examples import example_claim
from puzzles.files import load_puzzles
from puzzles.marking import format_answer
from puzzles.model import Puzzle
from puzzles.packs import load_pack
from trainer.game.cards import Card
from trainer.game.events import Ask, Claim
from trainer.render.quiz import question_words
from trainer.render.worksheet import (
    FILES,
    FOLD_AFTER,
    FOLD_RUN,
    ONE_PAGE,
    TWO_COLUMNS,
    answer_key_html,
    answer_key_md,
    asked,
    card_html,
    export,
    folded,
    hidden,
    worksheet_html,
    worksheet_md,
)


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
        assert str(question_words(puzzle)) in sheet
        shown = asked(puzzle)  # what was asked: a certain-cards answer leaves the solver's own cards apart
        assert f"**Answer:** {format_answer(shown) or '(only your own cards)'}" in key
        if puzzle.question.kind == "certain":
            assert all(player != puzzle.viewer for player in shown.values())
        assert all(f"{n} (" in key for step in puzzle.explanation for n in step.events)  # the moves it rests on
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
        assert not re.search(r"(src|href)=\"(?!data:)", page)  # nothing to fetch: one file (data: is inside it)
        assert "Set &lt;B&gt;" in page and "<B>" not in page
    assert sheet.count('<section class="puzzle ') == len(puzzles)
    assert key.count('<section class="puzzle ') == len(puzzles)
    assert '<span class="card red" data-card="6D">6♦</span>' in sheet  # coloured suits, as every page draws them
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


def test_the_worksheet_starts_each_puzzle_with_what_you_know_and_the_question() -> None:
    puzzles = sample()
    sheet = worksheet_md(puzzles, "Set A")
    assert sheet.splitlines()[2].startswith("Name: ____") and "Date: ____" in sheet.splitlines()[2]
    for number, puzzle in enumerate(puzzles, start=1):
        part = sheet.split(f"## Puzzle {number}\n")[1].split("## Puzzle ")[0]
        order = [part.index(f"You are **{puzzle.viewer}**"), part.index("**Your hand:**"),
                 part.index("**Hand sizes:**"), part.index(f"**{question_words(puzzle)!s}**"),
                 part.index("| # | player |")]
        assert order == sorted(order), number
    page = worksheet_html(puzzles, "Set A")
    assert '<p class="name-line"><span>Name</span><span class="short">Date</span></p>' in page
    for number, puzzle in enumerate(puzzles, start=1):
        part = page.split(f'id="puzzle-{number}"')[1].split("</section>")[0]
        order = [part.index("You are"), part.index("Your hand:"), part.index("Hand sizes:"),
                 part.index('class="question"'), part.index('<table class="history">'), part.index("answer-room")]
        assert order == sorted(order), number
        assert "<thead>" in part  # the header repeats on every printed page
        long = len(folded(puzzle)) > ONE_PAGE  # the rows it prints
        assert f'class="puzzle {"long" if long else "short"}"' in page.split(f'id="puzzle-{number}"')[0][-40:]
        assert ("history-wrap two" in part) == (len(folded(puzzle)) > TWO_COLUMNS)  # rows printed, folds one each


def test_every_card_of_the_printed_sheet_and_key_has_its_suit_symbol() -> None:
    puzzles = load_puzzles(Path(__file__).parent / "data" / "puzzles" / "worksheet-level3.json")
    sheet, key = worksheet_html(puzzles, "Week"), answer_key_html(puzzles, "Week")
    claims = re.findall(r'<tr class="claim">.*?</tr>', sheet)
    assert len(claims) == sum(1 for p in puzzles for e in p.game.events if isinstance(e, Claim))
    assert all('<span class="card' in row for row in claims)  # claims included
    for page in (sheet, key):
        text = re.sub(r"<style>.*?</style>|<[^>]+>", " ", page, flags=re.S)
        for example in ("Ann 2D 3D, Cat 6D", "Cat 6D"):  # how to write an answer: in the notation's words
            text = text.replace(example, "")
        codes = re.findall(r"\b(?:10|[2-9JQKA])[SHDC]\b|\b[RB]J\b", text)
        assert codes == [], codes[:5]
    from trainer.render.web import card_html as page_card

    assert card_html(Card.parse("2D")) == str(page_card(Card.parse("2D")))  # one card drawer for pages and sheets


def test_a_long_history_folds_only_runs_of_asks_of_other_sets_no_step_needs() -> None:
    puzzles = load_puzzles(Path(__file__).parent / "data" / "puzzles" / "worksheet-level3.json")
    assert sum(hidden(p) for p in puzzles) > 0
    for puzzle in puzzles:
        events = puzzle.game.events
        needed = {n for step in puzzle.explanation for n in {*step.events, *step.said.moves()}}
        asked = {card.half_suit for card in puzzle.question.scope}
        shown: list[int] = []
        for item in folded(puzzle):
            if isinstance(item, tuple):
                first, last = item
                assert last - first + 1 >= FOLD_RUN
                for n in range(first, last + 1):  # an ask of another set that no step names
                    event = events[n - 1]
                    assert n not in needed and isinstance(event, Ask) and event.card.half_suit not in asked
                shown.extend(range(first, last + 1))
            else:
                shown.append(item)
        assert shown == list(range(1, len(events) + 1))  # in order, nothing lost
        sheet = worksheet_md([puzzle], "Fold")
        assert all(f"| {n} |" in sheet for n in needed)  # every move the answer rests on is printed
    short = [p for p in puzzles if len(p.game.events) <= FOLD_AFTER]
    assert all(hidden(p) == 0 for p in short)
