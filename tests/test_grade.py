"""Puzzle records (puzzles.model) and marking answers like the game (puzzles.marking)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.files import dump_puzzles, load_puzzles, pick, puzzles_from_json
from puzzles.marking import Outcome, claim_outcome, mark, mark_text, parse_answer
from puzzles.model import Difficulty, Puzzle, PuzzleFormatError, Question
from trainer.game.cards import Card
from trainer.game.events import Claim
from trainer.game.holders import (
    AnswerError,
    DuplicateCardError,
    EmptyAnswerError,
    MissingCardsError,
    NoPlayerError,
    OpponentNamedError,
    OutsideQuestionError,
    UnknownCardError,
    UnknownPlayerError,
)
from trainer.game.state import SetStatus
from trainer.game.variants import Variant
from trainer.render.quiz import miss_words, question_words, verdict_words

DATA = Path(__file__).parent / "data" / "puzzles" / "six-diamonds.json"
LD = [Card.parse(c) for c in ("2D", "3D", "4D", "5D", "6D", "7D")]


def puzzles() -> dict[tuple[str, str], Puzzle]:
    return {(p.variant.value, p.question.kind): p for p in load_puzzles(DATA)}


CLAIM = {v: puzzles()[(v, "claim")] for v in ("classic", "fish54")}
LOCATE = {v: puzzles()[(v, "locate")] for v in ("classic", "fish54")}


# -- the record -------------------------------------------------------------------


def test_records_round_trip_and_validate() -> None:
    for puzzle in load_puzzles(DATA):
        puzzle.validate()
        again = Puzzle.from_json(json.loads(json.dumps(puzzle.to_json())))
        assert again == puzzle
        assert again.to_json() == puzzle.to_json()


def test_id_is_derived_from_content() -> None:
    claim = CLAIM["classic"]
    rebuilt = Puzzle.create(
        variant="classic",
        viewer="Ann",
        log=claim.log.replace("\n", "\n\n") + "# a comment\n",
        question=Question.claim("low diamonds"),
        answer={str(c): p for c, p in reversed(list(claim.answer.items()))},
        difficulty=Difficulty(6, "case analysis", 99.0),
    )
    assert rebuilt.id == claim.id  # cosmetic edits, regrading: same puzzle
    moved = Puzzle.create(
        variant="classic",
        viewer="Ann",
        log=claim.log,
        question=Question.claim("LD"),
        answer={**{str(c): p for c, p in claim.answer.items()}, "6D": "Eve"},
        difficulty=claim.difficulty,
    )
    assert moved.id != claim.id
    assert len({p.id for p in load_puzzles(DATA)}) == len(load_puzzles(DATA))


def test_single_record_and_pick(tmp_path: Path) -> None:
    one = tmp_path / "one.json"
    one.write_text(json.dumps(CLAIM["fish54"].to_json()))
    assert load_puzzles(one) == [CLAIM["fish54"]]
    assert pick(load_puzzles(one), None) == CLAIM["fish54"]
    every = load_puzzles(DATA)
    assert pick(every, LOCATE["classic"].id) == LOCATE["classic"]
    with pytest.raises(PuzzleFormatError, match="holds 5 puzzles: choose one with --id"):
        pick(every, None, str(DATA))
    with pytest.raises(PuzzleFormatError, match="no puzzle has id 'nope'"):
        pick(every, "nope")


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r.pop("variant"), r"puzzle 1 \(p-\w+\): missing field 'variant'"),
        (lambda r: r.update(variant="bridge"), "unknown variant 'bridge'"),
        (lambda r: r.update(viewer="Zed"), "viewer 'Zed' is not at the table"),
        (lambda r: r["answer"].update({"6D": "Zed"}), "gives 6D to 'Zed', who is not at the table"),
        (lambda r: r["answer"].update({"6D": "Bob"}), "gives 6D to Bob, who is not on Ann's team"),
        (lambda r: r["answer"].pop("6D"), "missing: 6D"),
        (lambda r: r["answer"].update({"9S": "Ann"}), "names 9S, which the question does not ask about"),
        (lambda r: r["answer"].update({"XX": "Ann"}), "answer: unknown card 'XX'"),
        (lambda r: r.update(question={"kind": "guess"}), "question.kind must be one of"),
        (lambda r: r.update(question={"kind": "claim", "set": "ZZ"}), "question: unknown set 'ZZ'"),
        (lambda r: r["difficulty"].update(level=9), "difficulty.level must be an integer from 1 to 6"),
        (lambda r: r.update(explanation="because"), "'explanation' must be a list"),
        (lambda r: r.update(log=r["log"].replace("classic", "fish54")), "does not say classic"),
    ],
)
def test_bad_records_name_file_puzzle_and_fault(mutate: object, message: str, tmp_path: Path) -> None:
    record = CLAIM["classic"].to_json()
    assert callable(mutate)
    mutate(record)
    path = tmp_path / "set.json"
    path.write_text(json.dumps({"schema": 1, "puzzles": [record]}))
    with pytest.raises(PuzzleFormatError, match=f"^{path}: .*{message}"):
        load_puzzles(path)


def test_bad_files(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text('{"schema": 1,\n "puzzles": [}')
    with pytest.raises(PuzzleFormatError, match=r"p.json:2: not valid JSON"):
        load_puzzles(path)
    path.write_text('{"schema": 2, "puzzles": []}')
    with pytest.raises(PuzzleFormatError, match="schema 2 is not supported"):
        load_puzzles(path)
    path.write_text("[1, 2]")
    with pytest.raises(PuzzleFormatError, match="not a puzzle file"):
        load_puzzles(path)
    with pytest.raises(PuzzleFormatError, match="no such file"):
        load_puzzles(tmp_path / "missing.json")
    twice = json.loads(dump_puzzles([CLAIM["classic"], CLAIM["classic"]]))
    with pytest.raises(PuzzleFormatError, match="appears twice"):
        puzzles_from_json(twice, "x.json")


def test_validate_needs_viewer_hand() -> None:
    claim = CLAIM["classic"]
    log = "\n".join(line for line in claim.log.splitlines() if not line.startswith("hand"))
    bare = Puzzle.create(
        variant="classic", viewer="Ann", log=log, question=claim.question, answer=claim.answer,
        difficulty=claim.difficulty,
    )
    with pytest.raises(PuzzleFormatError, match="does not list the viewer's hand"):
        bare.validate()


# -- parsing answers ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Ann 2D 3D 4D 5D 7D, Cat 6D",
        "ann 2d 3d 4d 5d 7d; cat 6d",
        "ANN 2♦ 3♦ 4♦ 5♦ 7♦ CAT 6♦",
        "Cat 6D, Ann 7D 5D 4D 3D 2D",
        "  Ann: 2D,3D,4D,5D,7D ;  Cat: 6D  ",
    ],
)
def test_lenient_claim_answers(text: str) -> None:
    assert parse_answer(text, CLAIM["classic"]) == dict(CLAIM["classic"].answer)


def test_ten_as_t_or_10() -> None:
    question = Question.locate(["10S", "9S"])
    puzzle = Puzzle.create(
        variant="classic", viewer="Ann", log=LOCATE["classic"].log, question=question,
        answer={"10S": "Bob", "9S": "Ann"}, difficulty=Difficulty(1, "seen", 1.0),
    )
    assert parse_answer("bob TS, ann 9s", puzzle) == parse_answer("Bob 10♠; Ann 9♠", puzzle)
    assert mark_text(puzzle, "Bob t♠ Ann 9S").correct


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("", EmptyAnswerError, "type an answer such as"),
        ("  ,; ", EmptyAnswerError, "type an answer"),
        ("Ann", EmptyAnswerError, "name the cards Ann holds"),
        ("Ann 2D 3D 4D 5D 7D, Cat 1D", UnknownCardError, "'1D' is not a card"),
        ("Ann 2D 3D 4D 5D 7D, Zed 6D", UnknownPlayerError, r"'Zed' is not at the table \(players: Ann Bob"),
        ("2D Ann 3D 4D 5D 7D, Cat 6D", NoPlayerError, "name the player before the cards"),
        ("Ann 2D 3D 4D 5D 7D 9S, Cat 6D", OutsideQuestionError, "9S is not part of the question"),
        ("Ann 2D 3D 4D 5D 7D, Cat 6D 2D", DuplicateCardError, "2D is named twice"),
        ("Ann 2D 3D 4D 5D", MissingCardsError, "name a holder for 6D 7D too"),
        ("Ann 2D 3D 4D 5D 7D, Bob 6D", OpponentNamedError, "Bob is an opponent: a claim names only your team"),
    ],
)
def test_answer_errors_are_specific(text: str, error: type[AnswerError], message: str) -> None:
    with pytest.raises(error, match=message):
        parse_answer(text, CLAIM["classic"])


def test_locate_may_name_anyone_but_only_asked_cards() -> None:
    locate = LOCATE["classic"]
    assert mark_text(locate, "Bob 6D").outcome is Outcome.WRONG
    with pytest.raises(OutsideQuestionError, match="asked: 6D"):
        parse_answer("Cat 7D", locate)
    two = Puzzle.create(
        variant="classic", viewer="Ann", log=locate.log, question=Question.locate(["6D", "9C"]),
        answer={"6D": "Cat", "9C": "Bob"}, difficulty=locate.difficulty,
    )
    with pytest.raises(MissingCardsError, match="name a holder for 9C too"):
        parse_answer("Cat 6D", two)
    assert mark_text(two, "Bob 9C, Cat 6D").correct


# -- grading ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["classic", "fish54"])
def test_every_claim_outcome(variant: str) -> None:
    claim = CLAIM[variant]
    right = mark_text(claim, "Ann 2D 3D 4D 5D 7D, Cat 6D")
    assert (right.correct, right.outcome, dict(right.wrong)) == (True, Outcome.WON, {})
    assert str(verdict_words(right)) == "Correct: the set is won."

    swapped = mark_text(claim, "Ann 2D 3D 4D 5D 6D, Eve 7D")
    expected = Outcome.CANCELLED if variant == "classic" else Outcome.LOST
    assert (swapped.correct, swapped.outcome) == (False, expected)
    assert swapped.to_json()["wrong"] == {
        "6D": {"said": "Ann", "actual": "Cat", "mistake": "wrong holder"},
        "7D": {"said": "Eve", "actual": "Ann", "mistake": "wrong holder"},
    }
    fate = "the claim is cancelled" if variant == "classic" else "the set is lost"
    assert str(verdict_words(swapped)).startswith(f"Wrong: {fate}")
    assert [str(m) for m in miss_words(swapped)] == ["6D: you said Ann, it is with Cat",
                                                     "7D: you said Eve, it is in your hand"]


@pytest.mark.parametrize("variant", list(Variant))
def test_claim_with_a_card_held_by_an_opponent_is_lost(variant: Variant) -> None:
    team = {"Ann": 0, "Cat": 0, "Eve": 0, "Bob": 1, "Dan": 1, "Fay": 1}.__getitem__
    declared = dict.fromkeys(LD, "Ann")
    actual = dict(declared) | {LD[0]: "Dan"}
    assert claim_outcome(variant, team, "Cat", declared, actual) is Outcome.LOST
    actual = dict(declared) | {LD[0]: "Eve"}
    expected = Outcome.CANCELLED if variant is Variant.CLASSIC else Outcome.LOST
    assert claim_outcome(variant, team, "Cat", declared, actual) is expected
    assert claim_outcome(variant, team, "Cat", declared, declared) is Outcome.WON


@pytest.mark.parametrize("variant", ["classic", "fish54"])
def test_locate_right_and_wrong(variant: str) -> None:
    locate = LOCATE[variant]
    assert mark_text(locate, "cat 6♦").to_json() == {"correct": True, "outcome": "right", "wrong": {}}
    wrong = mark_text(locate, "Eve 6D")
    assert wrong.to_json() == {
        "correct": False,
        "outcome": "wrong",
        "wrong": {"6D": {"said": "Eve", "actual": "Cat", "mistake": "wrong holder"}},
    }
    assert str(verdict_words(wrong)) == "Wrong: 1 card with the wrong holder."
    assert [str(m) for m in miss_words(wrong)] == ["6D: you said Eve, it is with Cat"]


def test_certain_question_is_about_the_cards_outside_the_viewers_hand() -> None:
    certain = puzzles()[("classic", "certain")]
    assert [str(c) for c in certain.asked] == ["6D"]  # Ann holds the other five
    assert "outside your hand (6D)" in str(question_words(certain))
    assert mark_text(certain, "Cat 6D").outcome is Outcome.RIGHT
    assert mark_text(certain, "Ann 2D 3D 4D 5D 7D, Cat 6D").outcome is Outcome.RIGHT
    left_out = mark_text(certain, "Ann 2D 3D 4D 5D 7D")  # own cards are never "missing"
    assert left_out.outcome is Outcome.WRONG
    assert left_out.to_json()["wrong"] == {"6D": {"said": None, "actual": "Cat", "mistake": "left out"}}
    assert str(verdict_words(left_out)) == "Wrong: 1 certain card left out."
    assert [str(m) for m in miss_words(left_out)] == ["6D: you left it out, but it is certain: Cat holds it"]


# Hand-checked: Ann holds 2D 3D 4D; Dan asks Eve for 6D and gets it, so Dan held one of 5D 7D
# (which one is open) and now holds 6D, face up. Of Ann's unknown low diamonds only 6D is certain.
OPEN_SET = Puzzle.create(
    variant="classic", viewer="Ann",
    log="variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\ndealer: Dan\n"
        "hand Ann: 2D 3D 4D 9S JS KH QC AC\nDan asks Eve for 6D: yes\n",
    question=Question.certain("LD"),
    answer={"2D": "Ann", "3D": "Ann", "4D": "Ann", "6D": "Dan"},
    difficulty=Difficulty(1, "seen", 1.0),
)


def test_open_set_answer_agrees_with_the_engine() -> None:
    from puzzles.acceptance import is_only_answer
    from trainer.engine.solve import solve

    game = OPEN_SET.game
    knowledge = solve(game.setup.seen_by("Ann"), game.events, "Ann")
    assert is_only_answer(knowledge, OPEN_SET.question, OPEN_SET.answer)


@pytest.mark.parametrize(("answer", "verdict", "misses"), [
    ("Dan 6D", "Correct.", []),
    ("dan 6d, ann 2d 3d", "Correct.", []),
    ("Fay 6D", "Wrong: 1 card with the wrong holder.", ["6D: you said Fay, it is with Dan"]),
    ("none", "Wrong: 1 certain card left out.", ["6D: you left it out, but it is certain: Dan holds it"]),
    ("Dan 6D 7D", "Wrong: 1 card named that is not certain.",
     ["7D: you named Dan, but nobody can be sure who holds it"]),
    ("Dan 6D, Bob 2D, Eve 5D", "Wrong: 1 card with the wrong holder, 1 card named that is not certain.",
     ["2D: you said Bob, it is in your hand", "5D: you named Eve, but nobody can be sure who holds it"]),
])
def test_certain_mistakes_in_plain_words(answer: str, verdict: str, misses: list[str]) -> None:
    result = mark_text(OPEN_SET, answer)
    assert str(verdict_words(result)) == verdict
    assert [str(m) for m in miss_words(result)] == misses
    assert result.correct is (verdict == "Correct.")


def _example_pairs(puzzle: Puzzle) -> dict[Card, str]:
    """The example answer read back into card -> player (its cards are another set's, so the puzzle's own reader
    refuses them: it is read as a claim of the set they belong to)."""
    from puzzles.marking import example_answer

    text = example_answer(puzzle).strip("'")
    pairs: dict[Card, str] = {}
    for part in text.split(", "):
        holder, *cards = part.split()
        assert holder in puzzle.players and cards, (puzzle.id, text)
        pairs.update({Card.parse(c): holder for c in cards})
    holders = [part.split()[0] for part in text.split(", ")]
    assert len(holders) == len(set(holders)), text  # each player named once
    return pairs


@pytest.mark.slow
def test_no_example_answer_in_the_pack_gives_anything_away() -> None:
    """Over the whole shipped pack: no example shares a card-holder pair with the answer, nor names a card of the
    question's set(s); it is shaped like an answer (a claim: six cards among teammates; else the asked number of
    cards, or one or two, with players other than the viewer)."""
    from puzzles.packs import load_pack

    shared = 0
    pack = load_pack()
    for puzzle in pack:
        example = _example_pairs(puzzle)
        shared += bool(set(example.items()) & set(puzzle.answer.items()))
        asked_sets = {c.half_suit for c in puzzle.question.scope}
        assert not {c.half_suit for c in example} & asked_sets, puzzle.id
        assert all(puzzle.variant.has(c) for c in example), puzzle.id
        if puzzle.question.kind == "claim":
            assert len(example) == 6 and set(example.values()) <= set(puzzle.team), puzzle.id
        else:
            assert puzzle.viewer not in example.values(), puzzle.id
            wanted = len(puzzle.asked) if puzzle.question.kind == "locate" else len(example)
            assert len(example) == wanted and 1 <= len(example) <= max(2, len(puzzle.asked)), puzzle.id
    assert shared == 0
    assert len(pack) > 1000  # the whole pack was read


@pytest.mark.parametrize("kind", ["claim", "certain"])
def test_an_example_answer_is_another_sets_and_the_same_for_the_same_puzzle(kind: str) -> None:
    from puzzles.examples import example_certain, example_claim
    from puzzles.marking import example_answer

    puzzle = example_claim() if kind == "claim" else example_certain()
    example = _example_pairs(puzzle)
    assert example_answer(puzzle) == example_answer(puzzle)
    assert all(c.half_suit.code != "LD" for c in example)
    assert {c.rank for c in example} <= {c.rank for c in puzzle.asked}  # the same ranks in another suit
    with pytest.raises(AnswerError):  # a learner who types the example is told it is not about this set
        parse_answer(example_answer(puzzle).strip("'"), puzzle)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["Ann", "Cat", "Eve"]), min_size=6, max_size=6), st.sampled_from(["classic", "fish54"]))
def test_claim_grade_matches_the_game_rules(holders: list[str], variant: str) -> None:
    """Whatever teammates the learner names, grading agrees with how the game state scores that claim."""
    claim = CLAIM[variant]
    said = dict(zip(LD, holders, strict=True))
    result = mark(claim, said)
    state = claim.state.copy()
    state.turn = "Ann"  # after Cat's miss it is Bob's turn; let Ann claim
    actual = {c: p for c, p in claim.answer.items() if said[c] != p}
    state.apply(Claim.of("Ann", Card.parse("2D").half_suit, said, actual))
    status = state.sets[Card.parse("2D").half_suit]
    if result.outcome is Outcome.WON:
        assert (status.status, status.team) == (SetStatus.WON, 1)
    elif result.outcome is Outcome.CANCELLED:
        assert status.status is SetStatus.CANCELLED
    else:
        assert (status.status, status.team) == (SetStatus.WON, 2)
    assert result.correct == (not actual)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.sampled_from(["Ann", "Cat", "Eve"]), min_size=6, max_size=6),
    st.sampled_from([", ", "; ", " ", ",", " ; "]),
    st.booleans(),
    st.booleans(),
)
def test_any_spelling_of_a_claim_reads_back(holders: list[str], separator: str, lower: bool, symbols: bool) -> None:
    """However a learner spells a claim (case, unicode suits, separators), it reads as the same assignment."""
    from puzzles.marking import format_answer

    said = dict(zip(LD, holders, strict=True))
    text = separator.join(format_answer(said).split(", "))
    if symbols:
        text = text.replace("D", "♦")
    if lower:
        text = text.lower()
    assert parse_answer(text, CLAIM["classic"]) == said
