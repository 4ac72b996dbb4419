"""A class set in a real browser: a teacher makes it, a student on a phone answers two puzzles, the grid shows it.

The teacher (a desktop window) fills in the New class set form; the student (a 390 px phone) opens the class's
link, gives a name, answers puzzle 1 right and puzzle 2 wrong with the page's own form (htmx swaps the reply in:
the verdict, the why, the answer); the teacher's page then shows them in its grid (on the teacher's phone too,
opened by the teacher's link), and the set prints as a worksheet. No page is wider than the phone.
``CLASS_SHOTS=folder`` saves the screenshots (``docs/img`` holds the documentation's). Skipped when Chromium is
absent.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from test_web_classes_safety import wrong

from puzzles.classes import pack_puzzle
from puzzles.marking import format_answer

from web_helpers import CHROMIUM, CHROMIUM_ARGS, served

SHOTS = os.environ.get("CLASS_SHOTS")

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no chromium")]


def shot(page: object, name: str, full: bool = True) -> None:
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/web-{name}.png", full_page=full)  # type: ignore[attr-defined]


def test_a_teacher_makes_a_set_a_student_on_a_phone_answers_two_and_the_grid_shows_it(tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    with served(tmp_path) as base, sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        desk = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
        phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                    has_touch=True).new_page()

        desk.goto(f"{base}/classes")
        desk.fill("input[name=title]", "Year 7 · deduction")
        desk.select_option("select[name=level_from]", "3")
        desk.select_option("select[name=level_to]", "4")
        desk.fill("input[name=count]", "6")
        shot(desk, "classes-new")
        desk.click("text=Make the set")
        desk.wait_for_url("**/classes/*")
        code = desk.url.rstrip("/").rsplit("/", 1)[-1]
        link = desk.get_attribute("#student-link", "href")
        assert link == f"{base}/c/{code}"
        ids = json.loads((tmp_path / "classes" / f"{code}.json").read_text(encoding="utf-8"))["puzzles"]
        first, second = pack_puzzle(ids[0]), pack_puzzle(ids[1])

        phone.goto(link)
        shot(phone, "class-join")
        phone.fill("input[name=name]", "Zoe")
        phone.click("text=Join and start")
        phone.wait_for_url(f"**/c/{code}/1")
        phone.wait_for_selector("text=puzzle 1 of 6")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        phone.fill("#line", format_answer(first.expected))
        phone.click("button.answer-button")
        phone.wait_for_selector("#reply .reply.verdict")
        assert "Why, step by step" in phone.inner_text("#reply")
        phone.click("a.next-button")
        phone.wait_for_url(f"**/c/{code}/2")
        phone.fill("#line", wrong(second))
        phone.click("button.answer-button")
        phone.wait_for_selector("#reply .reply.wrong")
        assert "first answer is the one that counts" in phone.inner_text("#reply")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        shot(phone, "class-student-wrong")
        phone.goto(f"{base}/c/{code}")
        shot(phone, "class-student-set")

        desk.reload()
        grid = desk.inner_text("#class-grid")
        assert "Zoe" in grid and "✓" in grid and "✗" in grid and "1/6" in grid
        shot(desk, "class-teacher")
        teacher_link = desk.get_attribute("#teacher-link", "href")
        pocket = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
        pocket.goto(teacher_link)  # the teacher's link on their phone: the page comes once the link is taken
        pocket.wait_for_selector("#class-grid")
        assert "Zoe" in pocket.inner_text("#class-grid")
        assert pocket.evaluate("document.documentElement.scrollWidth") <= 390
        shot(pocket, "class-teacher-phone")
        pocket.goto(f"{base}/classes")  # (the form too fits the phone)
        assert pocket.evaluate("document.documentElement.scrollWidth") <= 390
        desk.click(f"a[href='/classes/{code}/sheet']")
        desk.wait_for_selector("text=Puzzle 6")
        shot(desk, "class-worksheet", full=False)
        browser.close()
