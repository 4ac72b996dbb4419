"""One way to write a card on the puzzle faces: suit symbols (A♣, 10♦) in the question, the hints, the feedback,
the refuting deal, the explanation and ``literature explain``; the notation's codes (AC) only in what is typed
(an example answer, the reader's own message about the line typed). Input takes both."""

from __future__ import annotations

import re
from pathlib import Path

from answers import right_answer, wrong_answer

from puzzles.marking import mark_text
from puzzles.packs import load_pack
from puzzles.quiz import Attempt
from trainer.render.quiz import question_words, reply_lines
from trainer.render.words import shown

import command_line

BARE = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9JQKA])[SHDC](?!\w)")
"""A card written in the notation's letters (``AC``, ``10D``)."""
EXAMPLE = re.compile(r"for example '[^']*'")
"""An example answer: what to type, so in the notation's letters."""
SIX = Path(__file__).parent / "data" / "six-diamonds.lit"


def bare_codes(lines: tuple[str, ...] | list[str]) -> list[str]:
    """The lines that write a card in letters, input examples left out."""
    return [line for line in lines if BARE.search(EXAMPLE.sub("", line))]


def test_the_scan_finds_a_card_in_letters_and_leaves_examples_alone() -> None:
    assert bare_codes(["Who holds AC?", "Your answer, for example 'Bob 6S'.", "Who holds A♣?", "Bob 10♦"]) == \
        ["Who holds AC?"]


def test_every_reply_of_the_quiz_writes_cards_with_symbols() -> None:
    """Over a sample of the pack (every kind): the question, both hints, a wrong answer's feedback (its refuting
    deal and its rulings), the reveal and the verdict with its explanation."""
    checked = 0
    for puzzle in load_pack()[::40]:
        lines = [shown(question_words(puzzle))]
        attempt = Attempt(puzzle)
        for line in ("hint", "hint", wrong_answer(puzzle), "reveal"):
            lines += reply_lines(attempt.respond(line), puzzle)
        solved = Attempt(puzzle)
        lines += reply_lines(solved.respond(right_answer(puzzle)), puzzle)
        assert not bare_codes(lines), (puzzle.id, bare_codes(lines))
        checked += 1
    assert checked > 100


def test_input_takes_letters_and_symbols_alike() -> None:
    puzzle = next(p for p in load_pack() if p.question.kind == "claim")
    letters = right_answer(puzzle)
    symbols = BARE.sub(lambda m: m.group()[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[m.group()[-1]], letters)
    assert symbols != letters and mark_text(puzzle, symbols).correct and mark_text(puzzle, letters).correct


def test_explain_in_the_terminal_writes_cards_with_symbols() -> None:
    for target in ("6D", "LD", "9C"):
        code, out, _ = command_line.run("explain", str(SIX), target, "--as", "Ann")
        assert code == 0, out
        assert not bare_codes(out.splitlines()), out


def test_a_class_answers_json_text_writes_cards_with_symbols() -> None:
    """``POST /api/classes/CODE/answers``'s lines (what the page shows) draw cards as the page does; its data
    (the mark, the deal's hands) keeps the notation's codes."""
    from trainer.render.classes import verdict_json

    for puzzle in load_pack()[::200]:
        reply = Attempt(puzzle).respond(wrong_answer(puzzle))
        found = verdict_json(reply, puzzle, True)
        assert found["lines"] and not bare_codes(found["lines"]), (puzzle.id, found["lines"])
        assert all(BARE.fullmatch(card) for card in found["mark"]["wrong"])
