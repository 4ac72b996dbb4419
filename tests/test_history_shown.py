"""Every move a hint or a step cites is in the history a puzzle first shows at 80x24 (issue 40, item 3), and a
beginner's history (levels 1 and 2) folds what no step rests on and what does not touch the question (item 4)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from puzzles.files import dump_puzzles
from puzzles.model import Puzzle
from puzzles.packs import load_pack
from puzzles.quiz import cited_moves, hint_for
from trainer.render.puzzle import history_view

from pty_harness import Terminal

ANN_ON_MOVE_20 = "p-197185c63fa8"  # 108 moves; its first hint: "Look at Ann's ask on move 20."; 80x24 folded 1–84
LONG_LEVEL_2 = "p-597d9f615dbf"  # a level-2 "Who holds QH?" after 492 moves


@cache
def pack() -> dict[str, Puzzle]:
    return {p.id: p for p in load_pack()}


def numbers_shown(puzzle: Puzzle, height: int = 24) -> list[int]:
    """The move numbers the first view's history draws as rows of their own (a folded run says '…' instead of
    an asker)."""
    table, _ = history_view(puzzle, height)
    return [int(number) for number, asker in zip(table.columns[0].cells, table.columns[1].cells, strict=True)
            if isinstance(number, str) and number.isdigit() and str(asker) != "…"]


def test_every_move_a_hint_or_step_cites_is_in_the_history_shown_at_80x24_for_the_whole_pack() -> None:
    for puzzle in pack().values():
        cited = {n for step in puzzle.explanation for n in step.events}
        cited |= {n for depth in ("nudge", "clue") for n, _ in hint_for(puzzle, depth).moves}
        assert cited == cited_moves(puzzle), puzzle.id
        shown = numbers_shown(puzzle)
        assert cited <= set(shown), (puzzle.id, sorted(cited - set(shown)))
        assert shown == sorted(set(shown)), puzzle.id  # in order, each once


def test_the_history_hint_and_prompt_fit_80x24_when_few_moves_are_cited(tmp_path: Path) -> None:
    """In a real terminal of 80x24: the first hint of p-197185c63fa8 points at Ann's ask on move 20, which the
    history used to fold into '1–84 … 84 others'; now its row is on the screen with the hint under it."""
    puzzle = pack()[ANN_ON_MOVE_20]
    assert str(hint_for(puzzle, "nudge").written) == "Look at Ann's ask on move 20."
    file = tmp_path / "one.json"
    file.write_text(dump_puzzles([puzzle]))
    with Terminal(tmp_path / "home", "train", "--pack", str(file), "--count", "1", env={"NO_COLOR": "1"}) as term:
        term.read_until(b"answer> ")
        term.type(b"hint\n")
        term.read_until(b"move 20.")
        term.read_until(b"answer> ")
        term.type(b"quit\n")
        term.read_until(b"Session")
        text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", term.text()).replace("\r", "")
    lines = text[: text.index("Nudge: Look at Ann's ask on move 20.")].splitlines()
    rows = [i for i, line in enumerate(lines) if re.match(r"│\s+20 │ Ann\s+│", line)]
    assert rows, "\n".join(lines)
    assert len(lines) - rows[-1] + 2 <= 24  # from move 20's row to the hint's line and the prompt: one screen
    assert all(len(line) <= 80 for line in lines)
    for number in sorted(cited_moves(puzzle)):
        assert any(re.match(rf"│\s+{number} │", line) for line in lines), number


@pytest.mark.parametrize("height", [24, 40, None])
def test_a_beginners_long_history_folds_what_no_step_rests_on_and_what_is_not_the_questions_set(
        height: int | None) -> None:
    """The level-2 puzzle after 492 moves: the moves its steps rest on, and those of the question's set (HH)
    and the claims, whatever the screen; the rest folded (one key, 'a', away)."""
    puzzle = pack()[LONG_LEVEL_2]
    assert puzzle.level == 2 and len(puzzle.game.events) == 492
    shown = numbers_shown(puzzle, height) if height is not None else numbers_shown(puzzle, 10_000)
    assert cited_moves(puzzle) <= set(shown)
    assert len(shown) <= (20 if height == 24 else 492 // 3)  # not 492
    from trainer.game.events import Ask

    sets = {c.half_suit for c in puzzle.question.scope}
    for number in shown:
        event = puzzle.game.events[number - 1]
        assert number in cited_moves(puzzle) or not isinstance(event, Ask) or event.card.half_suit in sets


def test_one_key_shows_the_whole_history_and_memory_mode_still_refuses_it() -> None:
    from puzzles.quiz import Attempt

    puzzle = pack()[LONG_LEVEL_2]
    reply = Attempt(puzzle).respond("a")
    assert (reply.kind, reply.focus) == ("history", "")
    assert Attempt(puzzle, memory=True).respond("a").refused == "memory"
