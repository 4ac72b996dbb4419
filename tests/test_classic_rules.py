"""The two classic rules end to end: the stalemate-breaker pass and the out-of-turn claim.

``tests/data/classic-rules.lit`` holds both; the known answers are worked out by
hand in its comments. The game layer's own rule tests are in ``test_state.py``,
the review's notes in ``test_review.py``.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import random
from pathlib import Path

from rich.console import Console

from puzzles.ids import canonical_form
from puzzles.marking import Outcome, format_answer, mark_text
from puzzles.mining import mine_game
from puzzles.model import Puzzle, Question
from trainer.game.events import Claim
from trainer.game.notation import Game, read_game
from trainer.game.randomplay import random_game
from trainer.render.puzzle import history_table
from trainer.render.worksheet import event_row

from command_line import run

DATA = Path(__file__).parent / "data"
RULES = DATA / "classic-rules.lit"


def test_check_reads_both_rules() -> None:
    code, out, err = run("check", str(RULES))
    assert (code, err) == (0, "")
    summary = "classic-rules.lit: classic, 6 players, 5 events, 2/8 sets claimed, score 1-0, Bob to play"
    assert out.strip().endswith(summary)


def test_check_refuses_an_out_of_turn_claim_in_fish54(tmp_path: Path) -> None:
    bad = tmp_path / "fish.lit"
    bad.write_text(
        "variant: fish54\nplayers: Ann Bob Cat Dan Eve Fay\n"
        "Eve claims LD out of turn: Eve 2D 3D, Cat 4D 5D 6D 7D\n",
        encoding="utf-8",
    )
    code, out, err = run("check", str(bad))
    assert code == 2 and out == ""
    assert err.strip() == (
        f"{bad}:3: fish54 has no out-of-turn claim: only the player whose turn it is may claim (it is Ann's turn)"
    )


def test_show_marks_the_out_of_turn_claim_and_the_stalemate_breaker() -> None:
    code, out, _ = run("show", str(RULES))
    assert code == 0
    assert "Eve claims LC out of turn:" in out and "cancelled (claimed out of turn)" in out
    assert "Ann passes to Cat" in out and out.strip().endswith("Bob to play")
    code, out, _ = run("show", str(RULES), "--at", "3")  # just after Ann's claim
    assert code == 0 and out.strip().endswith("Ann to play (or to pass the turn to Cat or Eve: the stalemate breaker)")


def test_solve_learns_the_holders_an_out_of_turn_claim_shows() -> None:
    code, out, _ = run("solve", str(RULES), "--as", "Bob", "--at", "2", "--json")
    assert code == 0
    data = json.loads(out)
    # the claim showed four low clubs with Cat and two with Eve: they left the game, the turn stayed with Ann
    assert data["hand_sizes"] == {"Ann": 8, "Bob": 8, "Cat": 4, "Dan": 8, "Eve": 6, "Fay": 8}
    assert data["sets"]["LC"] == {"status": "cancelled", "team": None} and data["score"] == {"1": 0, "2": 0}
    # Bob sees his 8 cards; the other 34 in play are dealt freely but for one fact: Ann lacks JS (move 1)
    free = math.factorial(34) // math.prod(math.factorial(n) for n in (8, 4, 8, 6, 8))
    assert int(data["consistent_deals"]) == free * (34 - 8) // 34


def test_puzzles_mined_after_the_classic_rules_grade_and_keep_them() -> None:
    game = random_game(random.Random(0), "classic", 6)  # seed 0: an out-of-turn claim at event 2
    first = next(i for i, e in enumerate(game.events) if isinstance(e, Claim) and e.out_of_turn)
    short = Game(game.setup, game.events[: first + 20])
    mined = mine_game(short, source={"kind": "test"})
    puzzles = list(itertools.islice((p for p in mined if "out of turn" in p.log), 2))
    assert puzzles
    for puzzle in puzzles:
        again = Puzzle.from_json(json.loads(json.dumps(puzzle.to_json())))
        assert again == puzzle and any(isinstance(e, Claim) and e.out_of_turn for e in again.game.events)
        graded = mark_text(again, format_answer(again.answer))
        assert graded.correct and graded.outcome in (Outcome.RIGHT, Outcome.WON)
        rows = [event_row(i, e) for i, e in enumerate(again.game.events, start=1)]
        assert any(row[4].startswith("out of turn") for row in rows)
        console = Console(width=100, record=True)
        console.print(history_table(again))
        assert "out of turn" in console.export_text()


def test_an_out_of_turn_claim_is_a_different_puzzle_position() -> None:
    game = read_game(RULES)
    events = list(game.events)
    claim = events[1]
    assert isinstance(claim, Claim) and claim.out_of_turn
    in_turn = [*events[:1], dataclasses.replace(claim, out_of_turn=False)]
    viewer = "Ann"
    question = Question.locate(["9D"])
    answer = {card: "Ann" for card in question.scope}
    assert canonical_form(game.setup.only(viewer), events[:2], viewer, question, answer) != canonical_form(
        game.setup.only(viewer), in_turn, viewer, question, answer
    )
