"""A puzzle record edited by hand steers nothing: what grading, rating and teaching use is derived again.

A record read from a file (not listed in the built-in pack's ``pack.verified``) is served with the
difficulty, techniques and explanation the explainer derives (:func:`puzzles.verify.rederived`),
whatever the file says; what cannot be derived must follow the format (schema the integer 1, every
number finite, a score in range, only the viewer's hand in the log) or the record is refused with one
line and exit code 2. The built-in pack's hash of each record covers those fields too.
"""

from __future__ import annotations

import functools
import json
import pickle
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles.difficulty import explain_again
from puzzles.files import load_puzzles
from puzzles.marking import format_answer
from puzzles.missed import CASE_ANALYSIS
from puzzles.model import MAX_DEPTH, Difficulty, Puzzle, PuzzleFormatError, Step, Steps, _not_finite, _plain, _too_deep
from puzzles.packs import load_records
from puzzles.store import Progress
from puzzles.verify import record_hash, rederived, shipped_hashes, verified
from trainer.explain.said import Said

from command_line import run

DATA = sorted((Path(__file__).parent / "data" / "puzzles").glob("*.json"))
RECORDS: list[dict[str, Any]] = [r for path in DATA for r in json.loads(path.read_text())["puzzles"]]
LOCATE = next(r for r in RECORDS if r["question"]["kind"] == "locate" and r["variant"] == "classic")
HONEST = rederived(Puzzle.from_json(LOCATE)).to_json()
"""The locate record as ``generate`` would write it: its fields are the ones the explainer derives."""
RIGHT = format_answer(Puzzle.from_json(LOCATE).answer)


def write(path: Path, record: dict[str, Any] | str) -> Path:
    path.write_text(record if isinstance(record, str) else json.dumps({"schema": 1, "puzzles": [record]}))
    return path


def refused(path: Path, answer: str = RIGHT) -> str:
    """The one line ``grade`` refuses ``path`` with (exit code 2, nothing on standard output)."""
    code, out, err = run("grade", str(path), "--answer", answer)
    assert (code, out) == (2, ""), (code, out, err)
    assert err.startswith(f"{path}: ") and err.endswith("\n") and err.count("\n") == 1, err
    return err


def rating_after_right_answer(home: Path, pack: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[float, int]:
    """The rating and the level recorded after ``train`` on ``pack`` is answered right, from a fresh start."""
    monkeypatch.setenv("LITERATURE_HOME", str(home))
    code, out, err = run("train", "--pack", str(pack), "--count", "1", input=RIGHT + "\n")
    assert code == 0 and "Correct" in out, out + err
    with Progress() as store:
        (attempt,) = store.attempts()
        return store.rating().rating, int(str(attempt["level"]))


# -- known answers: each tampering of the issue -----------------------------------------------------


def test_a_record_edited_to_level_6_moves_the_rating_as_the_untouched_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert HONEST["difficulty"]["level"] == 2  # the careful player's: one ask inference in a one-move history
    honest = write(tmp_path / "honest.json", HONEST)
    tampered = write(tmp_path / "tampered.json", HONEST | {"difficulty": {"level": 6, "name": "case analysis",
                                                                            "score": 16.0}})
    assert load_puzzles(tampered)[0].id == HONEST["id"]  # the id does not cover the difficulty...
    base = 1500.0
    gained = rating_after_right_answer(tmp_path / "a", honest, monkeypatch)
    cheated = rating_after_right_answer(tmp_path / "b", tampered, monkeypatch)
    assert cheated == gained  # ...but the level served is the derived one: the same gain, level 2
    assert gained[1] == 2 and 0 < gained[0] - base < 100  # a level-2 win, not the +200 of a level-6 one


def test_a_record_edited_to_a_level_is_not_drawn_for_that_level(tmp_path: Path) -> None:
    tampered = write(tmp_path / "tampered.json", HONEST | {"difficulty": {"level": 6, "name": "case analysis",
                                                                            "score": 16.0}})
    code, out, err = run("train", "--pack", str(tampered), "--level", "6", "--count", "1", input=RIGHT + "\n")
    assert (code, err) == (0, "") and "Correct" not in out  # worked out again it is level 1: passed over
    assert "You have tried every puzzle that fits" in out


def test_an_explanation_edited_to_say_the_opposite_is_never_printed(tmp_path: Path) -> None:
    lie = "Bob holds 6D: Cat cannot have it."
    steps = [{"technique": "ask inference", "text": lie, "nudge": "Bob, surely.", "clue": "Not Cat."}]
    path = write(tmp_path / "lie.json", HONEST | {"explanation": steps, "techniques": ["case analysis"]})
    code, out, err = run("grade", str(path), "--answer", RIGHT)
    assert (code, err) == (0, "") and out.startswith("Correct")
    assert lie not in out and "Cat asked Bob for 3♦ on move 1" in out
    code, out, _ = run("grade", str(path), "--answer", RIGHT, "--json")
    assert json.loads(out)["explanation"] == HONEST["explanation"]


@pytest.mark.parametrize(("schema", "shown"), [("true", "true"), ("1.0", "1.0"), ('"1"', '"1"'), ("2", "2"),
                                               ("null", "null")])
def test_schema_must_be_the_integer_1(tmp_path: Path, schema: str, shown: str) -> None:
    text = json.dumps(HONEST)
    one = write(tmp_path / "one.json", text.replace('"schema": 1', f'"schema": {schema}'))
    assert refused(one) == f"{one}: schema {shown} is not supported (this version reads schema 1)\n"
    many = write(tmp_path / "set.json", f'{{"schema": {schema}, "puzzles": [{text}]}}')
    assert refused(many) == f"{many}: schema {shown} is not supported (this version reads schema 1)\n"


@pytest.mark.parametrize(("score", "said"), [("NaN", "NaN"), ("-Infinity", "-Infinity (or too large)"),
                                             ("Infinity", "Infinity (or too large)"),
                                             ("1e400", "Infinity (or too large)")])
def test_a_score_that_is_not_a_finite_number_is_refused(tmp_path: Path, score: str, said: str) -> None:
    text = json.dumps(HONEST).replace(f'"score": {HONEST["difficulty"]["score"]}', f'"score": {score}')
    assert score in text
    path = write(tmp_path / "nan.json", f'{{"schema": 1, "puzzles": [{text}]}}')
    assert refused(path) == (f"{path}: puzzle 1 ({HONEST['id']}): difficulty.score is {said}: "
                             "every number in a record must be finite\n")


def test_a_number_out_of_range_or_not_finite_anywhere_is_refused(tmp_path: Path) -> None:
    for changes, reason in [
        ({"difficulty": {"level": 3, "name": "x", "score": -1}}, "difficulty.score must be a number from 0 to 1000"),
        ({"difficulty": {"level": 3, "name": "x", "score": 1e300}}, "difficulty.score must be a number from 0 to"),
        ({"source": {"seed": float("nan")}}, "source.seed is NaN: every number in a record must be finite"),
        ({"explanation": [{"text": "x", "events": [0]}]}, "'events' must be a list of numbers from 1 up"),
        ({"explanation": [{"text": "x", "events": [True]}]}, "'events' must be a list of numbers from 1 up"),
    ]:
        path = write(tmp_path / "odd.json", HONEST | changes)
        assert reason in refused(path)


def test_a_record_nested_too_deep_is_refused_and_one_at_the_limit_is_read() -> None:
    def nested(depth: int) -> object:  # a list ``depth`` containers deep, the record itself one of them
        inner: object = []
        for _ in range(depth - 3):  # the record (1), its source (2) and the list in it (3)
            inner = [inner]
        return inner

    at_limit = HONEST | {"source": {"note": nested(MAX_DEPTH)}}
    assert Puzzle.from_json(at_limit).source == at_limit["source"]
    with pytest.raises(PuzzleFormatError, match=f"nested deeper than {MAX_DEPTH} levels"):
        Puzzle.from_json(HONEST | {"source": {"note": nested(MAX_DEPTH + 1)}})


def test_only_the_built_in_pack_reads_its_steps_when_they_are_first_looked_at() -> None:
    """A record from a file is refused at once for a bad step; a trusted one (the built-in pack, which
    test_pack reads untrusted too) keeps its steps as JSON until one is looked at, then reads them all."""
    bad = HONEST | {"explanation": [*HONEST["explanation"], {"text": "x", "events": [0]}]}
    with pytest.raises(PuzzleFormatError, match="'events' must be a list of numbers from 1 up"):
        Puzzle.from_json(bad)
    lazy = Puzzle.from_json(bad, trusted=True)
    assert isinstance(lazy.explanation, Steps) and len(lazy.explanation) == len(bad["explanation"])
    with pytest.raises(PuzzleFormatError, match="'events' must be a list of numbers from 1 up"):
        lazy.explanation[0]
    good = Puzzle.from_json(HONEST, trusted=True)
    assert good == Puzzle.from_json(HONEST) and good.to_json() == HONEST
    assert [s.text for s in good.explanation] == [s.text for s in Puzzle.from_json(HONEST).explanation]
    assert pickle.loads(pickle.dumps(good)).explanation == good.explanation


ANY_JSON = st.recursive(st.none() | st.floats() | st.integers() | st.text(max_size=2),
                        lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.text(max_size=2), inner,
                                                                                      max_size=2),
                        max_leaves=20)


@given(ANY_JSON, st.integers(0, MAX_DEPTH + 2))
def test_the_quick_walk_of_a_record_agrees_with_the_walks_that_say_where(data: object, depth: int) -> None:
    for _ in range(depth):  # deep enough, at times, to cross the limit
        data = [data]
    assert _plain(data) == (not _too_deep(data) and _not_finite(data) is None)


def test_a_log_listing_another_players_hand_is_refused(tmp_path: Path) -> None:
    log = HONEST["log"].replace("dealer: Cat\n", "dealer: Cat\nhand Bob: 9D TD JD QD KD AD 2C 3C\n")
    assert log != HONEST["log"]
    path = write(tmp_path / "peek.json", {k: v for k, v in HONEST.items() if k != "id"} | {"log": log})
    (puzzle,) = load_puzzles(path)
    line = log.splitlines().index("hand Bob: 9D TD JD QD KD AD 2C 3C") + 1
    assert refused(path) == (f"{path}: puzzle {puzzle.id}: its log lists Bob's hand (log line {line}), "
                             "but a puzzle's log lists only the viewer's (Ann's)\n")


# -- the built-in pack: its hashes cover every field ----------------------------------------------


def test_the_built_in_packs_hash_covers_the_fields_that_grade_rate_and_teach() -> None:
    records = load_records()["puzzles"]
    record = min(records[:200], key=lambda r: len(r["log"]))  # a short history: verifying it is quick
    puzzle = Puzzle.from_json(record)
    assert record_hash(puzzle) in shipped_hashes()
    assert verified(puzzle, "built-in") is puzzle  # listed: served as shipped, no solve
    edits = [
        replace(puzzle, difficulty=replace(puzzle.difficulty, level=6)),
        replace(puzzle, difficulty=replace(puzzle.difficulty, score=puzzle.difficulty.score + 0.01)),
        replace(puzzle, difficulty=replace(puzzle.difficulty, name="case analysis")),
        replace(puzzle, techniques=("case analysis",)),
        replace(puzzle, explanation=(Step("seen", "Nothing to see."),)),
        replace(puzzle, explanation=tuple(replace(s, clue_said=Said.of("Wrong clue.")) for s in puzzle.explanation)),
    ]
    again = explain_again(puzzle)
    assert again is not None
    for edit in edits:
        assert record_hash(edit) not in shipped_hashes()
        served = verified(edit, "built-in")
        assert (served.difficulty, served.techniques, served.explanation) == (
            again.difficulty, again.techniques, again.explanation)


def test_a_position_the_explainer_cannot_reach_is_served_as_case_analysis(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import puzzles.difficulty

    monkeypatch.setattr(puzzles.difficulty, "explain_answer", lambda *args: None)
    puzzle = replace(Puzzle.from_json(LOCATE), difficulty=Difficulty(1, "first step", 1.0))
    served = rederived(puzzle)
    assert (served.difficulty, served.techniques, served.explanation) == (CASE_ANALYSIS, ("case analysis",), ())


# -- fuzz: any edit of a record is refused in one line, or served as derived ----------------------


NUMBERS = st.integers(-3, 9) | st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from([True, 1e308])
JSON = st.recursive(
    st.none() | st.booleans() | NUMBERS | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)
STEPS = st.lists(st.fixed_dictionaries({"technique": st.text(max_size=8), "text": st.text(max_size=20)},
                                       optional={"events": st.lists(NUMBERS, max_size=2),
                                                 "nudge": st.text(max_size=5)}), max_size=2)
DIFFICULTY = st.fixed_dictionaries({"level": NUMBERS, "name": st.text(max_size=8), "score": NUMBERS})
HANDS = ["hand Bob: 6D 9D TD JD QD KD AD 2C", "hand Ann: 2D 3D 4D 5D 7D 9S JS KH", "hand Cat: 6D"]


@st.composite
def edits(draw: st.DrawFn, record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with one to three fields edited: plausibly (a level, a lie, a peek at a hand) or wildly."""
    out = dict(record)
    for field in draw(st.lists(st.sampled_from(sorted(FIELD_EDITS)), min_size=1, max_size=3, unique=True)):
        out[field] = draw(FIELD_EDITS[field](record) | JSON)
    if draw(st.booleans()):
        out.pop("id", None)
    return out


def _log_edit(record: dict[str, Any]) -> st.SearchStrategy[Any]:
    lines = record["log"].splitlines()
    return st.builds(lambda i, extra: "\n".join([*lines[:i], extra, *lines[i:]]) + "\n",
                     st.integers(3, len(lines)), st.sampled_from([*HANDS, "Bob asks Cat for 9S: no"]))


FIELD_EDITS = {
    "difficulty": lambda r: DIFFICULTY,
    "techniques": lambda r: st.lists(st.text(max_size=8), max_size=3),
    "explanation": lambda r: STEPS,
    "schema": lambda r: st.sampled_from([1, True, 1.0, "1", 2, 0]),
    "source": lambda r: JSON,
    "log": _log_edit,
    "answer": lambda r: st.dictionaries(st.sampled_from(sorted(r["answer"])), st.sampled_from(["Ann", "Bob", "Cat"]),
                                        min_size=1),
    "id": lambda r: st.text(max_size=14),
}


@functools.cache
def pristine(record_id: str) -> Puzzle | None:
    """The unedited record explained and rated afresh."""
    return explain_again(Puzzle.from_json(next(r for r in RECORDS if r["id"] == record_id)))


def check_edit(folder: Path, record: dict[str, Any], edited: dict[str, Any]) -> None:
    """``grade`` on the edited record: refused in one line with exit code 2, or served as derived."""
    path = folder / "edited.json"
    path.write_text(json.dumps({"schema": 1, "puzzles": [edited]}))  # NaN and Infinity written as JSON's tokens
    answer = format_answer(Puzzle.from_json(record).answer)
    code, out, err = run("grade", str(path), "--answer", answer, "--json")
    if code != 0:
        assert (code, out) == (2, "") and err.startswith(f"{path}: ") and err.count("\n") == 1, (code, err)
        return
    assert err == ""
    (puzzle,) = load_puzzles(path)
    served = verified(puzzle, str(path))
    # the oracle: the puzzle explained and rated afresh (another path: puzzles.difficulty.explain_again)
    again = explain_again(puzzle)
    want = (CASE_ANALYSIS, ("case analysis",), ()) if again is None else (
        again.difficulty, again.techniques, again.explanation)
    assert (served.difficulty, served.techniques, served.explanation) == want
    assert (served.id, served.log, served.question, served.answer) == (puzzle.id, puzzle.log, puzzle.question,
                                                                       puzzle.answer)
    assert json.loads(out)["explanation"] == [step.to_json() for step in served.explanation]
    if all(edited.get(k) == record.get(k) for k in ("variant", "viewer", "log", "question", "answer")):
        before = pristine(record["id"])  # only what the record says of itself changed: nothing served did
        assert before is not None and want == (before.difficulty, before.techniques, before.explanation)


FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
CASES = st.sampled_from(RECORDS).flatmap(lambda r: st.tuples(st.just(r), edits(r)))


@pytest.mark.slow
@settings(FUZZ, max_examples=60)
@given(CASES)
def test_an_edited_record_is_refused_in_one_line_or_served_as_derived(
        tmp_path: Path, case: tuple[dict[str, Any], dict[str, Any]]) -> None:
    check_edit(tmp_path, *case)


@settings(FUZZ, max_examples=8)
@given(CASES)
def test_a_few_edited_records_are_refused_in_one_line_or_served_as_derived(
        tmp_path: Path, case: tuple[dict[str, Any], dict[str, Any]]) -> None:
    """The fuzz above with a handful of examples, in ``make quick`` too."""
    check_edit(tmp_path, *case)
