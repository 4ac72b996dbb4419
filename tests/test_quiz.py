"""The quiz: the pure attempt engine, puzzle choice, and `literature train` driven through its input."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from puzzles.files import load_puzzles
from puzzles.model import Difficulty, Puzzle
from puzzles.packs import load_pack
from puzzles.quiz import Attempt, QuizReply, hint_for, matching, next_puzzle
from puzzles.store import Progress
from trainer.cli import app
from trainer.game.errors import LiteratureError
from trainer.render.quiz import explanation_words, hint_words, reply_lines

DATA = Path(__file__).parent / "data" / "puzzles" / "six-diamonds.json"
PUZZLES = load_puzzles(DATA)
BY = {(p.variant.value, p.question.kind): p for p in PUZZLES}
CLAIM, LOCATE = BY[("classic", "claim")], BY[("classic", "locate")]


def said(reply: QuizReply, puzzle: Puzzle) -> tuple[str, ...]:
    """What the terminal prints of a reply."""
    return reply_lines(reply, puzzle)


def hint_text(puzzle: Puzzle, depth: str) -> str:
    return str(hint_words(hint_for(puzzle, depth), puzzle))


def ticking() -> Callable[[], float]:
    counter = iter(range(0, 1000, 5))
    return lambda: float(next(counter))


# -- the engine ---------------------------------------------------------------------


def test_bad_answers_reprompt_then_a_right_claim_wins() -> None:
    attempt = Attempt(CLAIM, clock=ticking())
    for line, message in [
        ("Ann 2D 3D 4D 5D 7D, Bob 6D", "Bob is an opponent"),
        ("Ann 2D 3D 4D 5D 7D, Zed 6D", "'Zed' is not at the table"),
        ("Ann 2D 2D 3D 4D 5D 7D, Cat 6D", "2D is named twice"),
        ("Ann 2D 3D 4D 5D 7D 9S, Cat 6D", "9S is not part of the question"),
        ("Ann 2D 3D 4D 5D 7D, Cat 6X", "'6X' is not a card"),
    ]:
        reply = attempt.respond(line)
        assert (reply.kind, reply.done) == ("invalid", False)
        assert message in reply.message and said(reply, CLAIM) == (reply.message,)
    assert attempt.respond("   ").kind == "empty"
    reply = attempt.respond("cat 6♦; ann 2d 3d 4d 5d 7d")
    assert reply.kind == "verdict" and reply.done
    assert said(reply, CLAIM)[0] == "Correct: the set is won."
    assert any(re.match(r"\d\. Cat asked Bob for 3D", line) for line in said(reply, CLAIM))
    result = attempt.result
    assert result is not None
    assert (result.outcome, result.correct, result.hints, result.answer) == (
        "won", True, 0, "Ann 2D 3D 4D 5D 7D, Cat 6D"
    )
    assert result.seconds == 5.0  # from the start to the verdict, one tick of the clock
    with pytest.raises(RuntimeError):
        attempt.respond("again")


CLAIM_FATE = {"cancelled": "the claim is cancelled (all six cards are with your team, but not where you said).",
              "lost": "the set is lost to the other team."}


@pytest.mark.parametrize(("variant", "fate"), [("classic", "cancelled"), ("fish54", "lost")])
def test_wrong_claim_names_the_fate_and_why_each_holder_is_wrong_then_reveal_shows_each_true_holder(
        variant: str, fate: str) -> None:
    puzzle = BY[(variant, "claim")]
    attempt = Attempt(puzzle)
    reply = attempt.respond("Ann 2D 3D 4D 5D 6D, Cat 7D")
    assert (reply.kind, reply.done) == ("wrong", False)
    assert reply.mark is not None
    assert {str(c): m.said for c, m in reply.mark.wrong.items()} == {"6D": "Ann", "7D": "Cat"}
    lines = said(reply, puzzle)
    assert lines == (
        f"Wrong: {CLAIM_FATE[fate]}",
        "  Right: Ann 2♦ 3♦ 4♦ 5♦.",  # what the answer got right
        "  6♦: Ann cannot hold it in any deal that fits what you saw.",
        "    It is not in your hand.",  # the reason for each wrong holder
        "  7♦: Cat cannot hold it in any deal that fits what you saw.",
        "    It is in your hand.",  # the viewer's own card: nothing the table does not show
        "Try again, or 'reveal' the answer and why; 'hint' helps, 'skip' moves on.",
    )
    assert not any("it is with" in line or "Cat holds" in line for line in lines)  # no hidden card's holder yet
    reply = attempt.respond("reveal")
    assert (reply.kind, reply.done) == ("revealed", True)
    lines = said(reply, puzzle)
    step = next(r.step for r in reply.ruled if str(r.card) == "6D")  # the step that places 6D rules Ann out
    assert step is not None and any(str(f["card"]) == "6D" for f in puzzle.explanation[step - 1].facts)
    assert f"  6♦: you said Ann, it is with Cat (step {step} rules Ann out)" in lines
    assert any(line.startswith("  7♦: you said Cat, it is in your hand") for line in lines)
    assert "  Right: Ann 2♦ 3♦ 4♦ 5♦." in lines
    assert "The answer: Ann 2♦ 3♦ 4♦ 5♦ 7♦, Cat 6♦." in lines
    result = attempt.result
    assert result is not None
    assert (result.outcome, result.correct, result.solved, result.tries, result.ending) == (
        "cancelled" if variant == "classic" else "lost", False, False, 1, "revealed"
    )


def test_a_second_try_can_solve_but_the_first_answer_is_what_counts() -> None:
    attempt = Attempt(LOCATE, clock=ticking())
    assert said(attempt.respond("Eve 6D"), LOCATE)[0] == "Wrong: 1 card with the wrong holder."
    assert attempt.respond("Dan 6D").kind == "wrong"
    reply = attempt.respond("Cat 6D")
    assert (reply.kind, reply.done) == ("verdict", True)
    assert said(reply, LOCATE)[0] == "Correct, on try 3 (rated on your first answer)."
    result = attempt.result
    assert result is not None
    assert (result.outcome, result.correct, result.solved, result.tries, result.answer) == (
        "wrong", False, True, 3, "Eve 6D"
    )


def test_hints_go_nudge_clue_then_ask_before_the_full_explanation() -> None:
    attempt = Attempt(LOCATE)
    assert said(attempt.respond("hint"), LOCATE) == ("Nudge: Look at Cat's ask on move 1.",)
    assert said(attempt.respond("HINT"), LOCATE) == ("Clue: Cat must hold another low diamond.",)
    reply = attempt.respond("hint")
    assert (reply.kind, reply.done) == ("confirm", False)
    assert "ends this puzzle as not solved" in said(reply, LOCATE)[0]
    assert attempt.respond("Eve 6D").kind == "wrong"  # anything else goes on with the puzzle
    assert attempt.respond("hint").kind == "confirm"
    reply = attempt.respond("hint")
    assert (reply.kind, reply.done) == ("revealed", True)
    assert "The answer: Cat 6♦." in said(reply, LOCATE)
    assert attempt.result is not None
    assert (attempt.result.outcome, attempt.result.correct, attempt.result.hints) == ("wrong", False, 3)


def test_hints_derived_when_the_explainer_wrote_no_nudge_or_clue() -> None:
    plain = Puzzle.create(
        variant="classic", viewer="Ann", log=CLAIM.log, question=CLAIM.question, answer=CLAIM.answer,
        difficulty=CLAIM.difficulty, techniques=CLAIM.techniques,
        explanation=[{"technique": "ask inference", "text": "Cat holds 6D.", "events": [1]}],
    )
    assert hint_text(plain, "nudge") == "Nudge: look at move 1: Cat asks Bob for 3D: no."
    # the step's sentence would name 6D's holder: the clue asks the technique's question instead
    clue = "Clue: ask inference: an asker held another card of that set; which one can it be?"
    assert hint_text(plain, "clue") == clue
    bare = Puzzle.create(
        variant="classic", viewer="Ann", log=CLAIM.log, question=CLAIM.question, answer=CLAIM.answer,
        difficulty=Difficulty(2, "elimination", 1.0),
    )
    assert hint_text(bare, "nudge").startswith("Nudge: what does each ask")
    assert hint_text(bare, "clue") == "Clue: techniques needed: elimination."


def _names_a_holder(text: str, puzzle: Puzzle) -> str | None:
    """An answer card (not in the viewer's hand) named with its holder, or with every other player."""
    words = set(re.findall(r"[A-Za-z0-9]+", text))
    for card, holder in puzzle.expected.items():
        if card in puzzle.own_cards or str(card) not in words:
            continue
        if (holder if holder != puzzle.viewer else "you") in words or holder in words:
            return f"{card} with {holder}"
        others = {p for p in puzzle.players if p not in (holder, puzzle.viewer)}
        if others <= words:
            return f"{card} by elimination"
    return None


@pytest.mark.slow
def test_no_hint_before_the_last_names_an_answer_cards_holder_on_any_pack_puzzle() -> None:
    for puzzle in load_pack():
        attempt = Attempt(puzzle)
        for depth in ("nudge", "clue"):
            reply = attempt.respond("hint")
            assert reply.kind == "hint", (puzzle.id, depth)
            line, = said(reply, puzzle)
            leak = _names_a_holder(line, puzzle)
            assert leak is None, (puzzle.id, line, leak)
            assert len(line) <= 80, line  # one line of an 80-column terminal
        assert attempt.respond("hint").kind == "confirm"


def test_the_daily_that_gave_its_answer_away_no_longer_does() -> None:
    """The 'JH cannot be with Ann, Bob, Dan, Eve, you' clue from the issue: an elimination step."""
    leaky = next(p for p in load_pack() if any(s.clue and "cannot be with" in s.clue for s in p.explanation))
    clue = hint_text(leaky, "clue")
    assert "cannot be with" not in clue and clue.startswith("Clue: ")


def test_skip_quit_and_the_prompt_commands() -> None:
    skipped = Attempt(LOCATE)
    reply = skipped.respond("skip")
    assert (reply.kind, reply.done) == ("skipped", True)
    assert said(reply, LOCATE)[:2] == ("Skipped.", "The answer: Cat 6♦.")
    assert skipped.result is not None and skipped.result.ending == "skipped"
    quitter = Attempt(LOCATE)
    assert quitter.respond("quit").kind == "quit"
    assert quitter.result is not None and (quitter.result.ending, quitter.result.answered) == ("quit", False)

    attempt = Attempt(CLAIM)
    help_reply = attempt.respond("help")
    assert help_reply.kind == "help" and any("history LD" in line for line in said(help_reply, CLAIM))
    assert attempt.respond("?").kind == "help"  # '?' is help, not a hint
    assert attempt.respond("show").kind == "show"
    assert attempt.respond("last").kind == "last"
    assert [attempt.respond(f"history {f}").focus for f in ("", "ld", "low diamonds", "cat", "all")] == [
        "", "LD", "LD", "Cat", ""
    ]
    bad = attempt.respond("history zed")
    assert bad.kind == "invalid" and "'zed' is neither a set (LS HS" in said(bad, CLAIM)[0]
    assert attempt.hints == 0 and not attempt.done
    memory = Attempt(CLAIM, memory=True)
    assert memory.respond("history").kind == "invalid" and memory.respond("last").kind == "last"


# -- choosing puzzles ---------------------------------------------------------------


def leveled(level: int, n: int) -> Puzzle:
    return Puzzle.create(
        variant="classic", viewer="Ann", log=LOCATE.log, question=LOCATE.question, answer=LOCATE.answer,
        difficulty=Difficulty(level, "x", 1.0), techniques=["t"], id=f"p-{level}-{n}",
    )


def test_next_puzzle_is_near_the_rating_and_reviews_come_first() -> None:
    pool = [leveled(level, n) for level in range(1, 7) for n in range(3)]
    rng = random.Random(0)
    assert next_puzzle(pool, 1500, set(), rng=rng).level == 3  # type: ignore[union-attr]
    assert next_puzzle(pool, 2200, set(), rng=rng).level == 6  # type: ignore[union-attr]
    assert next_puzzle(pool, 1000, set(), rng=rng).level == 1  # type: ignore[union-attr]
    seen = {p.id for p in pool if p.level == 3}
    assert next_puzzle(pool, 1500, seen, rng=rng).level in (2, 4)  # type: ignore[union-attr]
    assert next_puzzle(pool, 1500, set(), due=[pool[-1]], rng=rng) is pool[-1]
    assert next_puzzle(pool, 1500, {p.id for p in pool}) is None


def test_matching_filters_and_explains_what_exists() -> None:
    assert {p.question.kind for p in matching(PUZZLES, kind="claim")} == {"claim"}
    seen = [p for p in PUZZLES if "seen" in p.techniques]
    assert 0 < len(seen) < len(PUZZLES) and matching(PUZZLES, technique="SEEN") == seen
    with pytest.raises(LiteratureError, match="unknown kind 'riddle'"):
        matching(PUZZLES, kind="riddle")
    with pytest.raises(LiteratureError, match=r"no puzzle of level 5 fits \(levels available: 2\)"):
        matching(PUZZLES, kind="claim", level=5)


# -- literature train, driven through its input ---------------------------------------------


def train(runner: CliRunner, text: str, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["train", "--pack", str(DATA), "--seed", "3", *args], input=text)
    return result.exit_code, result.output


def test_train_flow_bad_answer_hint_answer_skip_and_end_of_input() -> None:
    runner = CliRunner()
    lines = "Ann 2D, Zed 6D\nhint\nAnn 2D 3D 4D 5D 7D, Cat 6D\nskip\n"
    code, out = train(runner, lines, "--kind", "claim", "--count", "3")
    assert code == 0, out
    assert "'Zed' is not at the table" in out
    assert "Nudge: Look at Cat's ask on move 1." in out
    assert "Correct: the set is won." in out
    assert "Skipped.\nThe answer: Ann 2♦ 3♦ 4♦ 5♦ 7♦, Cat 6♦." in out
    assert "Session" in out and "1 solved of 1 tried" in out and "(also 1 skipped)" in out
    assert "Traceback" not in out
    with Progress() as store:
        outcomes = [a["outcome"] for a in store.attempts()]
        assert outcomes == ["won", "skipped"]
        assert store.attempts()[0]["hints"] == 1
    # both claim puzzles are seen; the next session says so
    code, out = train(runner, "", "--kind", "claim")
    assert code == 0 and "You have tried every puzzle that fits" in out


def test_end_of_input_mid_puzzle_is_recorded_as_a_quit_and_never_rated() -> None:
    code, out = train(CliRunner(), "Ann 2D\n", "--count", "2")
    assert code == 0, out
    assert "Stopped." in out and "Traceback" not in out
    with Progress() as store:
        (attempt,) = store.attempts()
        assert (attempt["outcome"], attempt["rated"], attempt["answer"]) == ("quit", 0, None)
        assert store.rating().rating == 1500
        assert store.summary().counts.quit == 1


def test_wrong_claim_through_the_cli_updates_rating_and_schedules_review() -> None:
    code, out = train(CliRunner(), "Ann 2D 3D 4D 5D 6D, Cat 7D\nreveal\n", "--kind", "claim", "--count", "1",
                      "--level", "2")
    assert code == 0, out
    assert "Wrong: the claim is" in out and "7♦: you said Cat, it is in your hand" in out
    assert "Weakest technique  careful player" in out
    with Progress() as store:
        assert store.rating().rating < 1500
        (attempt,) = store.attempts()
        assert store.review_due(str(attempt["puzzle_id"])) is not None


def test_train_errors_are_one_line() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["train", "--pack", str(DATA), "--technique", "telepathy"])
    assert result.exit_code == 2
    assert "no puzzle uses the technique 'telepathy'" in result.output
    result = runner.invoke(app, ["train", "--pack", "missing.json"])
    assert result.exit_code == 2 and "missing.json: no such file" in result.output


# -- the session (puzzles.session) ----------------------------------------------------------


def test_the_session_names_the_weakest_technique_missed_and_counts_only_answers() -> None:
    from dataclasses import replace

    from puzzles.quiz import AttemptResult
    from puzzles.session import Session

    def result(technique: str, correct: bool, tries: int = 1, ending: str = "solved") -> AttemptResult:
        puzzle = replace(leveled(2, 0), difficulty=Difficulty(2, technique, 1.0))
        return AttemptResult(puzzle, "x", correct, None, 0, 1.0, None, tries=tries, ending=ending)

    session = Session([result("chains", True), result("chains", False), result("elimination", False),
                       result("elimination", False, tries=0, ending="skipped")])
    assert len(session.played()) == 3  # the skip without an answer does not count
    assert session.weakest() == "elimination"  # 0 of 1, below chains' 1 of 2
    assert Session([result("chains", True)]).weakest() is None


def test_the_session_pool_memory_and_review() -> None:
    from puzzles.session import MEMORY_MOVES, memory_pool, moves, session_pool

    pool = session_pool([], level=1)
    assert pool and all(p.level == 1 for p in pool)
    assert all(moves(p) <= MEMORY_MOVES for p in memory_pool(pool))
    assert session_pool([], review=True) == []
    due = [leveled(3, 9)]
    assert session_pool(due, review=True) == due
    with pytest.raises(LiteratureError, match="for --memory"):
        memory_pool([p for p in load_pack() if moves(p) > MEMORY_MOVES][:3])


def test_the_theme_comes_after_the_answer_not_under_the_question() -> None:
    from rich.console import Console

    from trainer.render.puzzle import puzzle_view

    for puzzle in load_puzzles(DATA):
        console = Console(width=120, record=True, file=io.StringIO())
        console.print(puzzle_view(puzzle))
        shown = console.export_text()
        assert puzzle.id in shown
        assert puzzle.difficulty.name not in shown and f"level {puzzle.level}" not in shown
        assert str(explanation_words(puzzle)[0]) == f"Theme: level {puzzle.level}, {puzzle.difficulty.name}."
    code, out = train(CliRunner(), "Ann 2D 3D 4D 5D 7D, Cat 6D\n", "--kind", "claim", "--count", "1")
    assert code == 0 and out.index("Theme: level") > out.index("Correct")
