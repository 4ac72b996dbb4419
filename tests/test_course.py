"""The course (``literature learn``): its lessons from the shipped pack, its progress in the store, the terminal.

A scripted learner works through lesson 1 at the prompt with the clock fixed: the idea, the worked example,
the guided puzzle, then practice (one wrong first answer among them) until mastery; ``learn --json`` then
says lesson 1 is done and lesson 2 is next. The web's face of the same learner is ``test_course_web.py``.
"""

from __future__ import annotations

import json
import re
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.course import LESSONS, MASTERY_OF, MASTERY_RIGHT, lesson, mastered, next_practice, puzzle, standings
from puzzles.marking import format_answer
from puzzles.model import LEVEL_NAMES, Puzzle
from puzzles.store import Progress
from puzzles.store_file import APPLICATION_ID, SCHEMA, SCHEMA_VERSION, ProgressError
from tests.command_line import run


def test_one_lesson_per_rung_then_one_from_memory() -> None:
    assert [x.number for x in LESSONS] == list(range(1, 8))
    assert [x.rung for x in LESSONS] == [1, 2, 3, 4, 5, 6, 0]
    assert [x.name for x in LESSONS] == [LEVEL_NAMES[k] for k in (1, 2, 3, 4, 5, 6, 0)]
    assert [x.number for x in LESSONS if x.memory] == [7]


def key_step(shown: Puzzle) -> str:
    """The technique of the step the hints follow: the explanation's first that takes thought (not a card
    simply seen), else its first."""
    named = ["seen" if s.kind == "seen" else s.technique for s in shown.explanation if s.technique]
    thought = [t for t in named if t != "seen"]
    return (thought or named or [""])[0]


def test_each_lessons_puzzles_are_the_packs_at_its_level_and_use_its_technique() -> None:
    for each in LESSONS:
        example, guided = puzzle(each.example), puzzle(each.guided)
        assert example.id != guided.id
        for shown in (example, guided):
            assert shown.level == each.rung, (each.number, shown.id)
            assert key_step(shown) in (each.technique, each.name), (each.number, shown.id)  # what the hints follow
        events = len(example.game.events)
        assert all(0 < n <= events for step in example.explanation for n in step.events)
        assert any(step.events for step in example.explanation), each.number  # a step lights moves


def test_practice_draws_unseen_puzzles_of_the_lessons_level() -> None:
    for each in LESSONS:
        tried: set[str] = set()
        for _ in range(3):
            drawn = next_practice(each, tried)
            assert drawn is not None and drawn.level == each.rung and drawn.id not in tried
            assert drawn.id not in (each.example, each.guided)
            tried.add(drawn.id)


@given(st.lists(st.booleans(), max_size=12))
@settings(max_examples=40, deadline=None)
def test_mastery_is_four_of_the_last_five(answers: list[bool]) -> None:
    assert mastered(answers) == (sum(answers[-MASTERY_OF:]) >= MASTERY_RIGHT)


def _practise(store: Progress, number: int, answers: list[bool]) -> list[bool]:
    """Record one practice attempt per answer (right or wrong at the first answer); what each one did to
    the lesson (marked it done)."""
    chosen = lesson(number)
    done = []
    tried: set[str] = set()
    for right in answers:
        shown = next_practice(chosen, tried)
        assert shown is not None
        tried.add(shown.id)
        saved = store.record(shown, answer="x", outcome="right" if right else "wrong", correct=right, hints=0,
                             seconds=5.0, lesson=number, ending="solved" if right else "skipped")
        done.append(saved.lesson_done)
    return done


@given(st.lists(st.booleans(), min_size=1, max_size=9))
@settings(max_examples=15, deadline=None)
def test_a_lesson_is_done_from_its_first_mastery_on(answers: list[bool]) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder, Progress(Path(folder) / "p.sqlite3") as store:
        marked = _practise(store, 1, answers)
        first = next((i for i in range(len(answers)) if mastered(answers[: i + 1])), None)
        assert marked == [i == first for i in range(len(answers))]
        held = store.lessons()[1]
        assert (held.done is not None) == (first is not None)
        assert held.recent == tuple(answers)
        assert [s.status for s in standings(store.lessons())][:2] == ["done" if first is not None else "started",
                                                                       "new"]


def test_a_schema_3_store_is_upgraded_in_place_and_keeps_its_attempts(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    old = SCHEMA.split("CREATE TABLE IF NOT EXISTS lessons")[0]
    with closing(sqlite3.connect(path)) as db:
        db.executescript(old)
        db.execute("INSERT INTO learner VALUES (1, 1612.5, 80.0, 0.06)")
        db.execute("INSERT INTO attempts (puzzle_id, at, day, answer, outcome, correct, hints, seconds, level, kind,"
                   " rated, ending) VALUES ('p-x', '2026-06-01T10:00:00+00:00', '2026-06-01', 'Ann 2D', 'right', 1,"
                   " 0, 3.0, 1, 'locate', 1, 'solved')")
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute("PRAGMA user_version = 3")
        db.commit()
    with Progress(path) as store:
        assert store.lessons() == {}
        assert store.rating().rating == 1612.5 and store.attempted_ids() == {"p-x"}
        store.open_lesson(2)
        assert list(store.lessons()) == [2]
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("SELECT COUNT(*) FROM attempts").fetchone()[0] == 1


def test_opening_a_lesson_twice_keeps_the_first_time(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    moments = iter([datetime(2026, 6, 1, 9, tzinfo=UTC), datetime(2026, 6, 2, 9, tzinfo=UTC)])
    with Progress(tmp_path / "p.sqlite3", clock=lambda: next(moments)) as store:
        store.open_lesson(3)
        store.open_lesson(3)
        assert store.lessons()[3].opened.startswith("2026-06-01")


# -- the terminal ------------------------------------------------------------------


def course_json() -> dict[str, object]:
    code, out, err = run("learn", "--json")
    assert code == 0, err
    found: dict[str, object] = json.loads(out)
    return found


def test_learn_alone_says_where_you_are_and_what_is_next() -> None:
    code, out, _ = run("learn")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "The course" and len(lines) == 11
    assert all(len(line) <= 80 for line in lines)
    assert "you have done none yet" in out and "Open it with 'literature learn 1'" in out
    found = course_json()
    assert found["next"] == 1
    listed = found["lessons"]
    assert isinstance(listed, list)
    assert [(x["number"], x["rung"], x["status"]) for x in listed] == [(x.number, x.rung, "new") for x in LESSONS]
    for entry, line in zip(listed, lines[1:8], strict=True):  # the terminal and the JSON name the same lessons
        assert f"{entry['number']} {entry['title']} " in line


def test_an_unknown_lesson_is_one_line_and_exit_2() -> None:
    code, out, err = run("learn", "8")
    assert (code, out) == (2, "")
    assert err.strip().splitlines() == ["there is no lesson 8: the lessons are 1 to 7"]


def scripted_lesson_1(wrong_at: int = 1) -> tuple[list[str], list[Puzzle]]:
    """What a learner types to master lesson 1: the guided puzzle's answer, then each practice puzzle's
    (practice puzzle number ``wrong_at`` answered wrong first, then skipped); and the practice puzzles."""
    chosen = lesson(1)
    lines = [format_answer(puzzle(chosen.guided).expected)]
    shown: list[Puzzle] = []
    tried = {chosen.guided}
    answers: list[bool] = []
    while not mastered(answers):
        drawn = next_practice(chosen, tried)
        assert drawn is not None
        tried.add(drawn.id)
        shown.append(drawn)
        right = len(shown) - 1 != wrong_at
        lines += [format_answer(drawn.expected)] if right else [_wrong(drawn), "skip"]
        answers.append(right)
    return lines, shown


def _wrong(shown: Puzzle) -> str:
    """A well-formed answer with one card given to a player who does not hold it."""
    card, holder = next(iter(shown.expected.items()))
    other = next(p for p in shown.players if p not in (holder, shown.viewer))
    return format_answer({**shown.expected, card: other})


def test_a_scripted_learner_masters_lesson_1_at_the_prompt() -> None:
    lines, shown = scripted_lesson_1()
    code, out, err = run("learn", "1", input="\n".join(lines) + "\n")
    assert code == 0, err
    assert "Lesson 1: Elimination: who is left?" in out
    assert f"Worked example ({lesson(1).example})" in out and "Step 1 of 1 · " in out and "  ▶ Move " in out
    assert out.count("answer> Correct.") == len(shown)  # the guided one, and every practice one but the wrong
    assert "Lesson 1 is done: 4 of your last 5 right. Next: lesson 2" in out
    assert len(shown) == 5
    found = course_json()
    assert found["next"] == 2
    assert [x["status"] for x in found["lessons"]][:3] == ["done", "new", "new"]  # type: ignore[index]
    code, out, _ = run("learn")
    assert "✓ 1 Elimination" in out and "you have done 1 of them." in out


def test_stopping_a_lesson_keeps_the_practice_so_far() -> None:
    lines, _ = scripted_lesson_1()
    code, out, _ = run("learn", "1", input="\n".join(lines[:3]) + "\nq\n")
    assert code == 0
    assert "1 of your last 1 right at the first answer" in out
    found = course_json()
    assert found["next"] == 1 and found["lessons"][0]["status"] == "started"  # type: ignore[index]


def test_a_lesson_begun_opens_at_practice_and_again_shows_it_all() -> None:
    """Opened again after its guided puzzle, a lesson goes straight on to practice (the guided puzzle is not
    answered, nor counted, twice); ``--again`` shows the idea, the example and the guided puzzle again."""
    lines, _ = scripted_lesson_1()
    code, out, _ = run("learn", "1", input=lines[0] + "\nq\n")  # the guided puzzle, then stop at practice
    assert code == 0 and "Lesson 1: Elimination: who is left?" in out
    code, out, _ = run("learn", "1", input="q\n")
    assert code == 0, out
    assert "you have seen its idea and worked example and tried its guided puzzle" in " ".join(out.split())
    assert "Worked example" not in out and "Now you try one" not in out
    with Progress() as store:  # the guided puzzle answered once, not twice
        assert sum(a["puzzle_id"] == lesson(1).guided for a in store.attempts()) == 1
    code, out, _ = run("learn", "1", "--again", input="q\n")
    assert code == 0 and "Worked example" in out


def _screen(text: str) -> list[str]:
    """What a stretch of terminal output shows, line by line (styles and carriage returns dropped)."""
    return [line.rstrip("\r") for line in re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text).split("\n")]


def test_a_lesson_in_a_real_terminal_at_80x24_without_colour(tmp_path: Path) -> None:
    from pty_harness import Terminal

    guided = format_answer(puzzle(lesson(6).guided).expected)
    with Terminal(tmp_path / "home", "learn", "6", env={"NO_COLOR": "1"}) as term:
        parts = []
        for marker, keys in ((b"Press Enter for the worked example", b"\n"), (b"Press Enter for step 1 of 2", b"\n"),
                             (b"Press Enter for step 2 of 2", b"\n"),
                             (b"Press Enter for the guided puzzle", b"\n"), (b"answer> ", guided.encode() + b"\n"),
                             (b"Press Enter for practice", b"\n"), (b"answer> ", b"q\n")):
            start = len(term.seen)
            term.read_until(marker)
            parts.append(term.seen[start:].decode())
            term.type(keys)
        assert term.exit_code() == 0
    assert not re.search(r"\x1b\[[0-9;]*3[0-7]m", term.text())  # NO_COLOR: no foreground colour
    for shown in parts[:4]:  # the idea, the example's position, its first step, its second: each fits one screen
        lines = _screen(shown)
        assert len(lines) <= 24 and max(map(len, lines)) <= 80, shown
    assert "▶" in parts[2] and "▶" in parts[3]  # each step lights the moves it rests on
    assert "Correct." in parts[5]


def test_a_practice_answer_kept_aside_counts_for_its_lesson_at_the_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "p.sqlite3"
    shown = next_practice(lesson(1), set())
    assert shown is not None

    def refuse(self: Progress) -> None:
        raise ProgressError("cannot write the progress database (attempt to write a readonly database)")

    with Progress(path) as store:
        store.open_lesson(1)
        monkeypatch.setattr(Progress, "_write", refuse)
        saved = store.record(shown, answer="x", outcome="right", correct=True, hints=0, seconds=2.0, lesson=1)
        monkeypatch.undo()
    assert saved.kept is not None
    with Progress(path) as store:
        assert store.lessons()[1].recent == (True,)


def test_every_part_of_every_lesson_fits_a_terminal_of_80_by_24() -> None:
    """What ``learn N`` prints between two waits for Enter (the idea, the example's position, each step) fits
    a screen, the prompt line included, at 80 columns; and each step lights every move it rests on."""
    from rich.console import Console

    from trainer.render.course import example_intro, idea_view, step_view

    console = Console(width=80, color_system=None)
    for each in LESSONS:
        example = puzzle(each.example)
        steps = [s for s in example.explanation if s.events or s.technique]
        parts = [idea_view(each), example_intro(example),
                 *(step_view(example, step, n, len(steps)) for n, step in enumerate(steps, start=1))]
        for part in parts:
            with console.capture() as captured:
                console.print(part)
            lines = captured.get().splitlines()
            assert len(lines) + 1 <= 24 and max(map(len, lines)) <= 80, (each.number, captured.get())
        for n, step in enumerate(steps, start=1):
            with console.capture() as captured:
                console.print(step_view(example, step, n, len(steps)))
            lit = {int(m) for m in re.findall(r"▶ +(?:Move )?(\d+)", captured.get())}
            assert lit == set(step.events), (each.number, n)


@given(st.dictionaries(st.sampled_from([x.number for x in LESSONS]), st.booleans()))
@settings(max_examples=40, deadline=None)
def test_the_next_lesson_is_the_first_not_done_in_every_face(held: dict[int, bool]) -> None:
    from puzzles.course import LessonProgress, next_number
    from trainer.render.course import course_json, course_page

    progress = {n: LessonProgress(n, "2026-06-10T14:00:00+00:00", "2026-06-10T15:00:00+00:00" if done else None)
                for n, done in held.items()}
    course = standings(progress)
    undone = [x.number for x in LESSONS if not held.get(x.number, False)]
    assert next_number(course) == (undone[0] if undone else None)
    found = course_json(course)
    assert found["next"] == next_number(course) == course_page(course)["next"]
    assert [x["status"] for x in found["lessons"]] == [
        "done" if held.get(x.number) else "started" if x.number in held else "new" for x in LESSONS]


def test_every_lessons_first_hint_names_the_moves_to_look_at() -> None:
    """The nudge of each lesson's worked example and guided puzzle points at moves (by their numbers, as values
    of the hint), never only at a card ("Look at who could still hold 2D.", lessons 1 and 6 before). Lessons 4
    ("Count Eve's cards.") and 7 ("Look at your hand and at the hits.") do not yet: their explainer's nudges
    name no move."""
    from puzzles.course import LESSONS, puzzle
    from puzzles.quiz import hint_for
    from trainer.explain.depth import Depth
    from trainer.render.quiz import hint_words

    for taught in (one for one in LESSONS if one.number not in (4, 7)):
        for chosen in (puzzle(taught.example), puzzle(taught.guided)):
            hint = hint_for(chosen, Depth.NUDGE)
            named = {n for n, _ in hint.moves} | set(hint.written.moves())
            assert named and named <= set(range(1, len(chosen.game.events) + 1)), (taught.number, hint)
            line = hint_words(hint, chosen).symbols()
            assert all(str(n) in line for n in named) and len(line) <= 80, line
