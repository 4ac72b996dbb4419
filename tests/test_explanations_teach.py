"""Explanations that teach their level (issue 40, items 2, 3 and 5; issue 38, item 2), over the whole shipped pack.

Every step is stored as parts (text, cards and sets as values) with its rung on the ladder; a level-k
puzzle is explained with rungs up to k and at least one step of rung k; a hint never names a card or set
outside the question; ``literature explain --puzzle ID --json`` gives the steps; and no module finds
cards in sentences the program built.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from puzzles.difficulty import explained_within, explanation_json
from puzzles.ladder import NAMES
from puzzles.model import RECALL_LEVEL, Puzzle
from puzzles.packs import load_pack
from puzzles.quiz import hint_for
from trainer.game.cards import Card, HalfSuit
from trainer.game.events import Ask, Claim

import command_line

ROOT = Path(__file__).parent.parent


@pytest.fixture(scope="module")
def pack() -> list[Puzzle]:
    return load_pack()


def test_every_step_names_its_rung_with_the_ladders_names(pack: list[Puzzle]) -> None:
    for puzzle in pack:
        for step in puzzle.explanation:
            if step.rung is None:  # the closing note of a 'certain' question: no deduction
                assert not step.technique, puzzle.id
                continue
            assert step.technique == NAMES[step.rung], (puzzle.id, step.technique, step.rung)


def test_a_level_k_puzzle_is_explained_with_rungs_up_to_k_and_one_of_rung_k(pack: list[Puzzle]) -> None:
    wrong = [p.id for p in pack if not explained_within(p)]
    assert not wrong, f"{len(wrong)} puzzles: {wrong[:10]}"
    # every level is taught by its own rung: level 3 by ask history, level 4 by hand counting, ...
    levels = Counter(p.level for p in pack if p.level != RECALL_LEVEL)
    assert set(levels) == set(NAMES)
    for puzzle in pack:
        if puzzle.level != RECALL_LEVEL:
            assert NAMES[puzzle.level] in {s.technique for s in puzzle.explanation}, puzzle.id


def test_the_explanations_know_the_rule_when_it_is_broken(pack: list[Puzzle]) -> None:
    from dataclasses import replace

    from puzzles.model import Difficulty

    puzzle = next(p for p in pack if p.level == 3)
    assert explained_within(puzzle)
    assert not explained_within(replace(puzzle, difficulty=Difficulty(4, NAMES[4], 4.0)))  # no rung-4 step
    assert not explained_within(replace(puzzle, difficulty=Difficulty(2, NAMES[2], 2.0)))  # a rung-3 step


def _outside(names: tuple[Card | HalfSuit, ...], puzzle: Puzzle) -> list[str]:
    halves = {card.half_suit for card in puzzle.question.scope}
    return [str(n) for n in names if (n.half_suit if isinstance(n, Card) else n) not in halves]


def test_hints_never_name_a_card_or_set_outside_the_question(pack: list[Puzzle]) -> None:
    for puzzle in pack:
        for step in puzzle.explanation:
            for hint in (step.nudge_said, step.clue_said):
                if hint is not None:
                    assert not _outside((*hint.cards(), *hint.half_suits()), puzzle), (puzzle.id, str(hint))
        for depth in ("nudge", "clue"):
            hint = hint_for(puzzle, depth)
            named = (*hint.written.cards(), *hint.written.half_suits(), *([hint.card] if hint.card else []))
            for _, event in hint.moves:  # a move shown whole names its card (or its set, for a claim)
                if isinstance(event, Ask):
                    named += (event.card,)
                elif isinstance(event, Claim):
                    named += (event.half_suit,)
            assert not _outside(named, puzzle), (puzzle.id, depth, str(hint.written), hint.card)


def test_a_step_reads_from_parts_and_from_plain_text() -> None:
    from puzzles.model import Step

    step = Step.from_json({"technique": "ask history", "rung": 3, "kind": "ask inference",
                           "text": ["Eve still had ", {"card": "KC"}, " then; ", {"set": "HC"}, "."],
                           "nudge": ["Look at Eve's ask on move 4."], "events": [4]})
    assert step.said.cards() == (Card.parse("KC"),) and step.said.half_suits() == (HalfSuit.parse("HC"),)
    assert step.text == "Eve still had KC then; HC." and step.nudge == "Look at Eve's ask on move 4."
    assert Step.from_json(step.to_json()) == step
    old = Step.from_json({"technique": "ask inference", "text": "Cat holds 6D."})  # a file of the older format
    assert old.said.parts == ("Cat holds 6D.",) and old.said.cards() == () and old.rung is None
    from puzzles.model import PuzzleFormatError

    for bad in ({"text": [{"card": "1X"}]}, {"text": ["a", 3]}, {"text": "a", "rung": 7}):
        with pytest.raises(PuzzleFormatError):
            Step.from_json(bad)


def test_sentences_are_stored_as_parts_with_cards_as_values(pack: list[Puzzle]) -> None:
    card = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]\b")
    for puzzle in pack:
        for step in puzzle.explanation:
            for said in (step.said, step.nudge_said, step.clue_said):
                if said is None:
                    continue
                text = "".join(p for p in said.parts if isinstance(p, str))
                assert not card.search(text), (puzzle.id, str(said))  # every card is a value, never letters
    stored = pack[0].to_json()["explanation"][0]["text"]
    assert isinstance(stored, list) and any(isinstance(p, dict) for p in stored)


def test_names_agree_with_their_verb_in_every_stored_sentence(pack: list[Puzzle]) -> None:
    alone = re.compile(r"one each, and [A-Z][a-z]+ hold none of them")
    for puzzle in pack:
        for step in puzzle.explanation:
            assert not alone.search(step.text), (puzzle.id, step.text)


def test_the_learner_is_you_in_every_stored_sentence(pack: list[Puzzle]) -> None:
    """The seat the puzzle is solved from is "you", never its name: "you held 2D", "Ann asked you for 3D",
    "Cat took 5D from you" (1,544 of the pack's 5,181 records named it before
    ``python -m puzzles.pack_build --reword-pack``)."""
    for puzzle in pack:
        name = re.compile(rf"\b{puzzle.viewer}\b")
        for step in puzzle.explanation:
            for words in (step.text, step.nudge, step.clue):
                assert not name.search(str(words)), (puzzle.id, str(words))


def test_explained_live_the_learner_is_you_too(pack: list[Puzzle]) -> None:
    """The explainer itself (``literature explain``, new puzzles), not only the stored pack, says "you": cards
    the learner held at an ask (dealt, or taken before it), an ask of the learner, a card taken from them."""
    from puzzles.difficulty import explain_again

    for form in ("you held", "asked you for", "from you on move"):
        chosen = [p for p in pack if any(form in str(step.text) for step in p.explanation)][:4]
        assert chosen, form
        for puzzle in chosen:
            again = explain_again(puzzle)
            assert again is not None
            said = " ".join(str(step.text) for step in again.explanation)
            assert form in said and not re.search(rf"\b{puzzle.viewer}\b", said), (puzzle.id, said)


# -- literature explain --puzzle ID --json ------------------------------------------------------------------------


def test_explain_a_puzzle_as_json(pack: list[Puzzle]) -> None:
    puzzle = next(p for p in pack if p.level == 4 and len(p.explanation) >= 2)
    code, out, err = command_line.run("explain", "--puzzle", puzzle.id, "--json")
    assert (code, err) == (0, "")
    found = json.loads(out)
    assert set(found) == {"id", "level", "steps", "notes"} and (found["id"], found["level"]) == (puzzle.id, 4)
    assert found == explanation_json(puzzle)
    ruled = [s for s in puzzle.explanation if s.rung is not None]
    assert [s["text"] for s in found["steps"]] == [s.text for s in ruled]
    assert found["notes"] == [s.text for s in puzzle.explanation if s.rung is None]
    for shown, step in zip(found["steps"], ruled, strict=True):
        assert set(shown) == {"rung", "technique", "text", "moves"}
        assert shown["technique"] == NAMES[shown["rung"]] and shown["moves"] == list(step.events)
        assert all(1 <= n <= len(puzzle.game.events) for n in shown["moves"])
    assert max(s["rung"] for s in found["steps"]) == 4


def test_explain_json_gives_every_step_a_rung_and_a_recall_drill_its_real_level(pack: list[Puzzle]) -> None:
    """No step of ``explain --puzzle ID --json`` has ``rung: null`` (a closing note is in ``notes``), and a recall
    drill gives the level of its steps' rung, not 0."""
    from puzzles.model import is_recall

    drills = [p for p in pack if is_recall(p)]
    noted = [p for p in pack if any(s.rung is None for s in p.explanation)][:20]
    assert drills and noted
    for puzzle in [*drills, *noted]:
        found = explanation_json(puzzle)
        assert all(s["rung"] in range(1, 7) and s["technique"] for s in found["steps"]), puzzle.id
        assert found["level"] >= max(s["rung"] for s in found["steps"]) >= 1, puzzle.id
        assert found["notes"] == [s.text for s in puzzle.explanation if s.rung is None]
    assert all(explanation_json(p)["drill"] == "recall" for p in drills)


def test_explain_a_puzzle_in_the_terminal_and_an_unknown_id(pack: list[Puzzle]) -> None:
    puzzle = next(p for p in pack if p.level == 3)
    code, out, _ = command_line.run("explain", "--puzzle", puzzle.id)
    assert code == 0 and "level 3 (ask history)" in out.splitlines()[0] and "[ask history]" in out
    code, out, err = command_line.run("explain", "--puzzle", "p-000000000000", "--json")
    assert code == 2 and out == "" and "p-000000000000" in err and "\n" not in err.strip()
    named = re.findall(r"'literature (\w+)", err)  # the commands the message sends the user to exist
    assert named and all(command_line.run(name, "--help")[0] == 0 for name in named), err


# -- nothing finds cards in sentences the program built ---------------------------------------------------------


def test_no_module_finds_cards_in_text() -> None:
    sources = [*ROOT.glob("trainer/**/*.py"), *ROOT.glob("puzzles/**/*.py"), *ROOT.glob("trainer/**/*.html"),
               *ROOT.glob("trainer/**/*.js")]
    found = []
    for path in sources:
        text = path.read_text(encoding="utf-8")
        if "step_text_words" in text or re.search(r"\[SHDC\]|\[shdc\]|\[SHDCshdc\]", text):
            found.append(str(path.relative_to(ROOT)))
    assert not found, found
