"""Every reason rests on moves it shows: a step cites every move its facts rest on (read from the explainer's
proof and the engine's facts, never from the sentences), and "What rules X out" cites every move of the step
that rules X out, none cut short."""

from __future__ import annotations

import re

import pytest

from puzzles.model import Puzzle
from puzzles.packs import load_pack
from puzzles.quiz import cited_moves, ruling
from trainer.engine.facts import Board
from trainer.game.events import Ask
from trainer.render.quiz import ruling_words

MOVES = re.compile(r"\bmoves? (\d+(?:(?:, | and )\d+)*)")
"""Move numbers as the feedback writes them (the test reads the words a learner reads)."""
SAMPLE = 400
"""Puzzles of the pack checked by the tests that explain or rule (every tenth, in pack order)."""


def _sample() -> list[Puzzle]:
    return load_pack()[::10][:SAMPLE]


def test_a_card_with_a_player_at_an_ask_carries_the_hit_that_brought_it_there() -> None:
    """The engine's reason "4H was with Ann then" names the hit that put 4H with Ann, the last move of 4H before
    the ask, so the step that uses it rests on that move too."""
    checked = 0
    for puzzle in _sample():
        game = puzzle.game
        board = Board.build(game.setup, game.events, puzzle.viewer)
        for one in board.one_of:
            for reason in one.ruled_out:
                if reason.how != "with":
                    continue
                card = reason.cards[0]
                hits = [n for n, e in enumerate(game.events[:one.event - 1], start=1)
                        if isinstance(e, Ask) and e.hit and e.card is card]
                assert reason.event == hits[-1], (puzzle.id, one.event, str(card))
                took = game.events[reason.event - 1]
                assert isinstance(took, Ask) and took.asker == reason.player
                checked += 1
    assert checked >= 20  # the sample holds such reasons


def test_every_step_cites_the_moves_its_proof_rests_on() -> None:
    """Each stored step lists the moves of the explainer's proof of its facts (its premises, those of its cases,
    and each move its sentence names as a value), and a folded history keeps every one of them."""
    from puzzles.difficulty import explain_again

    checked = 0
    for puzzle in load_pack()[::97][:40]:
        again = explain_again(puzzle)
        if again is None:
            continue
        assert [s.events for s in again.explanation] == [s.events for s in puzzle.explanation], puzzle.id
        for step in puzzle.explanation:
            assert set(step.said.moves()) <= set(step.events), (puzzle.id, step.text)
        assert {n for s in puzzle.explanation for n in s.events} <= cited_moves(puzzle)
        checked += 1
    assert checked >= 30


@pytest.mark.slow
def test_what_rules_a_holder_out_cites_every_move_of_its_step() -> None:
    """For every answer card and every wrong holder, the ruling cites exactly the moves of the step that rules
    the holder out (not only those naming that holder), and its words show every one: no "and N more"."""
    checked = 0
    for puzzle in _sample():
        for card, holder in puzzle.expected.items():
            for said in puzzle.players:
                if said in (holder, puzzle.viewer) or card in puzzle.own_cards:
                    continue
                found = ruling(puzzle, card, said)
                if found.step is None:
                    continue
                step = puzzle.explanation[found.step - 1]
                assert [n for n, _ in found.moves] == list(step.events), (puzzle.id, str(card), said)
                text = " ".join(str(w) for w in ruling_words(found, puzzle))
                assert not re.search(r"and \d+ more", text), text
                if "What rules" in text:  # else the step itself is shown, which names its moves as values
                    shown = {int(n) for group in MOVES.findall(text) for n in re.findall(r"\d+", group)}
                    assert shown == set(step.events), (puzzle.id, text)
                checked += 1
    assert checked >= 200


def test_in_memory_mode_the_feedback_quotes_every_move_it_cites() -> None:
    """Memory mode shows no history, so "What rules X out" quotes every move it cites (none sent to the
    history), and a move that would give the answer away says so."""
    from puzzles.marking import format_answer
    from puzzles.quiz import Attempt
    from trainer.render.quiz import said

    for puzzle in _sample():
        if puzzle.question.kind != "locate":
            continue
        for card, holder in puzzle.expected.items():
            for wrong in puzzle.players:
                if wrong in (holder, puzzle.viewer):
                    continue
                found = ruling(puzzle, card, wrong)
                if found.safe or len([e for _, e in found.moves if e is not None]) < 4:
                    continue
                attempt = Attempt(puzzle, memory=True)
                reply = attempt.respond(format_answer({**puzzle.expected, card: wrong}))
                text = " ".join(str(line) for line in said(reply, puzzle).head)
                assert "(in the history)" not in text, text
                for number, event in found.moves:
                    assert f"move {number}: " in text or event is None, (puzzle.id, number, text)
                return
    raise AssertionError("no ruling in the sample cites four moves or more")
