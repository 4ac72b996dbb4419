"""Fuzzing the engine and the puzzle records: whatever the input, only clear errors, and true answers.

Logs come from random legal games on all four tables (classic and fish54, 6
and 8 players), cut at a random event and then edited at random (an answer
flipped, a card or target changed, an event dropped or repeated). Whatever the
reader accepts, the engine either solves from the public's and a player's side
or names the first event after which no deal is left; an unedited game never
rules out the true deal. Puzzle records are edited field by field with random
JSON values; reading and verifying them raises nothing but a puzzle error.

``LITERATURE_FUZZ_EXAMPLES`` raises the number of examples (``benchmarks/fuzz.py``
runs the long fuzz with it).
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles.files import puzzles_from_json
from puzzles.model import Puzzle, PuzzleFormatError
from puzzles.verify import verify
from trainer.engine.constraints import History
from trainer.engine.possible import deals, first_impossible
from trainer.engine.solve import count, solve
from trainer.game.errors import ImpossibleHistoryError, LiteratureError
from trainer.game.events import Event
from trainer.game.notation import Game, parse_game, write_game
from trainer.game.randomplay import random_game
from trainer.game.state import Setup
from trainer.game.variants import Variant

EXAMPLES = int(os.environ.get("LITERATURE_FUZZ_EXAMPLES", "0"))
FUZZ = settings(max_examples=EXAMPLES or 20, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
CASES = Path(os.environ["LITERATURE_FUZZ_COUNT"]) if "LITERATURE_FUZZ_COUNT" in os.environ else None
RECORDS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "puzzles" / "six-diamonds.json").read_text())["puzzles"]
MAX_EVENTS = 30


def counted(kind: str) -> None:
    """Count one case (for the long run's report)."""
    if CASES is not None:
        with CASES.open("a") as out:
            out.write(kind + "\n")


@st.composite
def cut_games(draw: st.DrawFn) -> Game:
    """A prefix of a random legal game with every hand listed, on one of the four tables."""
    rng = random.Random(draw(st.integers(min_value=0, max_value=2**32 - 1)))
    game = random_game(rng, draw(st.sampled_from(list(Variant))), draw(st.sampled_from([6, 8])),
                       accuracy=draw(st.sampled_from([0.5, 0.9, 1.0])))
    at = draw(st.integers(min_value=0, max_value=min(MAX_EVENTS, len(game.events))))
    return Game(game.setup, game.events[:at])


def edit(draw: st.DrawFn, game: Game) -> list[str]:
    """The log's lines with a few random edits to its events."""
    lines = write_game(game).splitlines()
    first = len(lines) - len(game.events)
    cards = [c.code for c in game.setup.variant.cards]
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        if len(lines) == first:
            break
        i = draw(st.integers(min_value=first, max_value=len(lines) - 1))
        how = draw(st.sampled_from(["flip", "card", "target", "drop", "repeat", "hand"]))
        words = lines[i].split()
        if how == "flip" and lines[i].endswith(("yes", "no")):
            lines[i] = lines[i].rsplit(" ", 1)[0] + (" no" if lines[i].endswith("yes") else " yes")
        elif how == "card" and " asks " in lines[i]:
            words[4] = draw(st.sampled_from(cards)) + ":"
            lines[i] = " ".join(words)
        elif how == "target" and " asks " in lines[i]:
            words[2] = draw(st.sampled_from(game.setup.players))
            lines[i] = " ".join(words)
        elif how == "drop":
            del lines[i]
        elif how == "repeat":
            lines.insert(i, lines[i])
        elif how == "hand":
            hands = [k for k, line in enumerate(lines) if line.startswith("hand ")]
            if hands:
                del lines[draw(st.sampled_from(hands))]
    return lines


def check_first(table: Setup, events: Sequence[Event]) -> None:
    """No deal fits, or one does; when none, the event named is the first after which none is left."""
    found = first_impossible(table, events)
    if found is None:
        assert deals(table, events) > 0
        return
    first = found.event or 0
    assert 0 <= first <= len(events) and "\n" not in str(found)
    assert deals(table, events[:first]) == 0
    if first:
        assert deals(table, events[: first - 1]) > 0


def check_view(game: Game, viewer: str) -> None:
    """The same from one player's side, through :func:`solve` (6-player tables: 8 cost seconds a count)."""
    try:
        knowledge = solve(game.setup, game.events, viewer)
    except ImpossibleHistoryError as error:
        first = error.event or 0
        assert count(game.setup, game.events[:first], viewer) == 0
        if first:
            assert count(game.setup, game.events[: first - 1], viewer) > 0
        return
    assert knowledge.deals > 0


@pytest.mark.slow
@FUZZ
@given(cut_games())
def test_true_games_always_fit_their_deal(game: Game) -> None:
    counted("log")
    assert first_impossible(game.setup, game.events) is None
    for viewer in game.setup.players:
        History.build(game.setup, game.events, viewer)  # no fact of a true game is refused
    if len(game.setup.players) == 6:
        viewer = game.setup.players[len(game.events) % 6]
        assert count(game.setup, game.events, viewer) > 0


@FUZZ
@given(st.data())
def test_edited_logs_are_solved_or_named_impossible(data: st.DataObject) -> None:
    counted("edited log")
    game = data.draw(cut_games())
    lines = edit(data.draw, game)
    try:
        edited = parse_game("\n".join(lines) + "\n", "fuzz.lit")
    except LiteratureError as error:
        assert str(error).startswith("fuzz.lit") and "\n" not in str(error)
        return
    check_first(edited.setup, edited.events)
    if len(edited.setup.players) == 6 and edited.setup.hands:
        check_view(edited, data.draw(st.sampled_from(sorted(edited.setup.hands))))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
FIELDS = ["id", "schema", "variant", "viewer", "log", "question", "answer", "difficulty", "techniques",
          "explanation", "source"]


@pytest.mark.slow
@FUZZ
@given(st.sampled_from(RECORDS), st.lists(st.tuples(st.sampled_from(FIELDS), JSON), min_size=1, max_size=3),
       st.booleans())
def test_edited_records_only_raise_puzzle_errors(record: dict[str, Any], changes: list[tuple[str, Any]],
                                                 drop_id: bool) -> None:
    counted("record")
    edited = dict(record) | dict(changes)
    if drop_id:
        edited.pop("id", None)
    try:
        (puzzle,) = puzzles_from_json({"schema": 1, "puzzles": [edited]}, "fuzz.json")
        verify(puzzle)
    except LiteratureError as error:
        assert isinstance(error, PuzzleFormatError) or error.path is not None, repr(error)
        assert "\n" not in str(error)


@FUZZ
@given(st.sampled_from(RECORDS), st.data())
def test_records_with_edited_logs_or_answers_are_verified(record: dict[str, Any], data: st.DataObject) -> None:
    counted("record")
    puzzle = Puzzle.from_json(record)
    lines = puzzle.log.splitlines()
    if data.draw(st.booleans()):
        i = data.draw(st.integers(min_value=0, max_value=len(lines) - 1))
        lines[i] = data.draw(st.sampled_from(["", "Bob asks Cat for 9S: no", "Cat asks Bob for 6D: no",
                                              "hand Ann: 2D 3D", lines[i] + " yes", lines[i].upper()]))
    answer = dict(puzzle.answer)
    for card in list(answer):
        if data.draw(st.booleans()):
            answer[card] = data.draw(st.sampled_from(puzzle.players))
    changed = replace(puzzle, log="\n".join(lines) + "\n", answer=answer)
    try:
        verify(changed)
    except PuzzleFormatError as error:
        assert "\n" not in str(error)
        return
    # what passes is right: the engine proves the same answer for the unchanged question
    assert dict(changed.answer) == dict(puzzle.answer) or changed.question.kind == "certain"
