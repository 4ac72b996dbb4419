"""The course on the web (``/learn``, ``/learn/N``, the home page), through the test client, and the two faces
agreeing: a learner who masters lesson 1 on the web is done with it for ``literature learn --json`` too, and
the other way round. The clock is conftest's fixed one."""

from __future__ import annotations

import json
import re
from pathlib import Path

from starlette.testclient import TestClient

from puzzles.course import lesson, mastered, puzzle
from puzzles.marking import format_answer
from tests.command_line import run
from tests.test_course import _wrong, scripted_lesson_1

from web_helpers import client, form, text_of

HTMX = {"hx-request": "true"}


def shown_puzzle(html: str) -> str:
    found = re.search(r'name="puzzle" value="([^"]+)"', html)
    assert found, "no puzzle on the page"
    return found.group(1)


def statuses(home: Path) -> list[str]:
    code, out, err = run("learn", "--json", env={"LITERATURE_HOME": str(home)})
    assert code == 0, err
    return [x["status"] for x in json.loads(out)["lessons"]]


def test_the_course_page_and_the_home_page_show_the_course(tmp_path: Path) -> None:
    browser = client(tmp_path)
    text = text_of(browser.get("/learn").text)
    assert "The course has 7 lessons; you have done none yet." in text
    assert "Next: lesson 1, Elimination: who is left?" in text and "Start with lesson 1" in text
    for n in range(1, 8):
        assert f'href="/learn/{n}"' in browser.get("/learn").text
    home = browser.get("/")
    assert "Start with lesson 1" in text_of(home.text) and 'href="/learn/1"' in home.text


def test_an_unknown_lesson_is_a_404_page(tmp_path: Path) -> None:
    browser = client(tmp_path)
    for address in ("/learn/8", "/learn/0", "/learn/x", "/learn/99999999999999999999", "/learn/8/practice"):
        assert browser.get(address).status_code == 404, address


def test_the_worked_example_steps_by_fragments_lighting_its_moves(tmp_path: Path) -> None:
    browser = client(tmp_path)
    chosen = lesson(4)
    example = puzzle(chosen.example)
    page = browser.get("/learn/4")
    assert page.status_code == 200
    text = text_of(page.text)
    assert "Count the places in a hand." in text and 'id="m1"' in page.text
    assert "Show the first step" in text and "<style>" not in page.text.split('id="example"')[1].split("</section>")[0]
    steps = [s for s in example.explanation if s.events or s.technique]
    for n, step in enumerate(steps, start=1):
        fragment = browser.get(f"/learn/4?step={n}", headers=HTMX)
        assert fragment.status_code == 200 and "<html" not in fragment.text
        assert f"Step {n} of {len(steps)}" in text_of(fragment.text)
        lit = re.search(r"<style>(.*?)\{", fragment.text, re.S)
        assert lit is not None
        assert sorted(int(m) for m in re.findall(r"#m(\d+)", lit.group(1))) == sorted(set(step.events))
        assert ("Next step" in fragment.text) == (n < len(steps))
    assert "So: " in text_of(browser.get(f"/learn/4?step={len(steps)}", headers=HTMX).text)
    assert statuses(tmp_path)[3] == "started"  # opening the lesson is kept


def _master_lesson_1_on_the_web(browser: TestClient) -> list[bool]:
    chosen = lesson(1)
    assert browser.get("/learn/1").status_code == 200
    page = browser.get("/learn/1/guided")
    assert shown_puzzle(page.text) == chosen.guided and "Now you try one." in text_of(page.text)
    reply = form(browser, "/learn/1/guided", {"puzzle": chosen.guided,
                                              "line": format_answer(puzzle(chosen.guided).expected)}, headers=HTMX)
    assert "Correct" in text_of(reply.text) and 'action="/learn/1/next"' in reply.text
    answers: list[bool] = []
    wrong_once = False
    form(browser, "/learn/1/next", {})
    while not mastered(answers):
        page = browser.get("/learn/1/practice")
        shown = puzzle(shown_puzzle(page.text))
        assert shown.level == 1 and "Lesson 1 · practice" in text_of(page.text) and "So far: " in text_of(page.text)
        if not wrong_once:
            reply = form(browser, "/learn/1/practice", {"puzzle": shown.id, "line": _wrong(shown)}, headers=HTMX)
            assert "Wrong" in text_of(reply.text)
            reply = form(browser, "/learn/1/practice", {"puzzle": shown.id, "do": "skip"}, headers=HTMX)
            wrong_once = True
            answers.append(False)
        else:
            reply = form(browser, "/learn/1/practice", {"puzzle": shown.id, "line": format_answer(shown.expected)},
                         headers=HTMX)
            answers.append(True)
        said = text_of(reply.text)
        # the line above the puzzle ("So far: ...") is swapped for how practice stands now, never left stale
        line = re.search(r'<p class="session-line lesson-line" id="lesson-line" hx-swap-oob="true">(.*?)</p>',
                         reply.text, re.S)
        assert line and f"{sum(answers)} of your last {len(answers)} right" in text_of(line.group(1)), reply.text
        if mastered(answers):
            assert "Lesson 1 is done: 4 of your last 5 right at the first answer." in said
        else:
            assert f"Practice: {sum(answers)} of your last {len(answers)} right" in said
            assert "Continue lesson 1" in text_of(browser.get("/learn").text)  # started, not done
        assert form(browser, "/learn/1/next", {}).status_code == 200  # (followed to the next puzzle)
    return answers


def test_a_scripted_learner_masters_lesson_1_on_the_web_and_the_terminal_agrees(tmp_path: Path) -> None:
    browser = client(tmp_path)
    answers = _master_lesson_1_on_the_web(browser)
    assert answers == [False, True, True, True, True]
    assert statuses(tmp_path) == ["done", "new", "new", "new", "new", "new", "new"]
    text = text_of(browser.get("/learn").text)
    assert "you have done 1 of them." in text and "Next: lesson 2" in text and "✓ done" in text
    assert "On to lesson 2" in text_of(browser.get("/").text)  # done with 1; lesson 2 not opened yet
    code, out, _ = run("learn", env={"LITERATURE_HOME": str(tmp_path)})
    assert code == 0 and "✓ 1 Elimination" in out


def test_mastery_at_the_prompt_shows_on_the_web(tmp_path: Path) -> None:
    lines, _ = scripted_lesson_1()
    code, _, err = run("learn", "1", input="\n".join(lines) + "\n", env={"LITERATURE_HOME": str(tmp_path)})
    assert code == 0, err
    page = client(tmp_path).get("/learn")
    assert re.search(r'data-status="done" data-lesson="1"', page.text)
    assert re.search(r'data-status="new" data-lesson="2"', page.text)
    assert "This lesson is done." in text_of(client(tmp_path).get("/learn/1").text)


def test_the_memory_lesson_plays_the_history_then_hides_it(tmp_path: Path) -> None:
    browser = client(tmp_path)
    first = browser.get("/learn/7/practice")
    assert first.status_code == 200 and 'id="watch"' in first.text and 'data-move="0"' in first.text
    assert 'hx-get="/learn/7/watch?move=1"' in first.text and "moves follow" in text_of(first.text)
    shown_id = _memory_puzzle()
    shown = puzzle(shown_id)
    total = len(shown.game.events)
    step = browser.get("/learn/7/watch?move=1", headers=HTMX)
    assert "<html" not in step.text and 'data-move="1"' in step.text and 'id="m1"' in step.text
    last = browser.get(f"/learn/7/watch?move={total}", headers=HTMX)
    assert 'href="/learn/7/practice?watched=1"' in last.text and "hx-get" not in last.text
    page = browser.get("/learn/7/practice?watched=1")
    assert shown_puzzle(page.text) == shown_id
    assert f'id="m{total}"' in page.text and 'id="m1"' not in page.text  # the last move only
    refused = form(browser, "/learn/7/practice", {"puzzle": shown.id, "line": "history"}, headers=HTMX)
    assert "history" in text_of(refused.text).lower()
    reply = form(browser, "/learn/7/practice", {"puzzle": shown.id, "line": format_answer(shown.expected)},
                 headers=HTMX)
    assert "Correct" in text_of(reply.text) and "Practice: 1 of your last 1 right" in text_of(reply.text)
    from puzzles.store import Progress

    with Progress(tmp_path / "progress.sqlite3") as store:
        assert [a["mode"] for a in store.attempts()] == ["memory"]
        assert store.lessons()[7].recent == (True,)


def _memory_puzzle() -> str:
    """The practice puzzle the memory lesson serves first (what the course draws for a learner with none tried)."""
    from puzzles.course import next_practice

    drawn = next_practice(lesson(7), set())
    assert drawn is not None
    return drawn.id
