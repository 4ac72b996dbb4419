"""The course in a real browser (Playwright driving Debian's Chromium) on a phone, 390 px wide: the course page,
a lesson's worked example stepped by htmx with each step lighting its moves in the history, the guided puzzle
answered on the puzzle page, on to practice. No page scrolls sideways. Skipped without ``/usr/bin/chromium``."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from puzzles.course import lesson, puzzle
from puzzles.marking import format_answer

from web_helpers import CHROMIUM, CHROMIUM_ARGS, served

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is not installed (apt-get install chromium)"),
]

PHONE = {"width": 390, "height": 844}
COLOURS = "els => els.map(e => [e.id, getComputedStyle(e).backgroundColor])"


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    from playwright.sync_api import sync_playwright

    with served(tmp_path) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield base, browser
        finally:
            browser.close()


def _fits(page: Any) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= PHONE["width"], f"{page.url} scrolls sideways on a phone ({scroll} px wide)"


def test_a_lesson_on_a_phone(site: tuple[str, Any]) -> None:
    base, browser = site
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{base}/")
    _fits(page)
    page.click("text=Start with lesson 1")
    page.wait_for_selector("#example")
    assert page.url.endswith("/learn/1")
    _fits(page)
    example = puzzle(lesson(1).example)
    before = dict(page.eval_on_selector_all("ol.history li", COLOURS))
    page.click("#next-step")  # htmx swaps in step 1
    page.wait_for_selector('#example[data-step="1"]')
    assert page.url.endswith("/learn/1")  # a fragment, not a new page
    after = dict(page.eval_on_selector_all("ol.history li", COLOURS))
    lit = sorted(int(m[1:]) for m in after if after[m] != before[m])
    assert lit == sorted(set(example.explanation[0].events))
    assert "So: " in page.inner_text("#example")
    _fits(page)
    page.click("text=Try the guided puzzle")
    page.wait_for_selector("#line")
    _fits(page)
    assert "Now you try one." in page.inner_text(".lesson-line")
    page.fill("#line", format_answer(puzzle(lesson(1).guided).expected))
    page.click("button.answer-button")
    page.wait_for_selector(".reply.verdict")
    assert page.inner_text(".reply.verdict").startswith("Correct.")
    _fits(page)
    page.click("text=On to practice")
    page.wait_for_selector(".lesson-line")
    assert "So far: no practice yet" in page.inner_text(".lesson-line")
    assert "Lesson 1 · practice" in page.inner_text("h1")
    assert page.url.endswith("/learn/1/practice")
    _fits(page)


def test_the_memory_lesson_plays_its_moves_by_itself_on_a_phone(site: tuple[str, Any], tmp_path: Path) -> None:
    base, browser = site
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{base}/learn/7/practice")
    page.wait_for_selector('#watch[data-move="0"]')
    _fits(page)
    page.wait_for_selector('#watch[data-move="2"]', timeout=60_000)  # htmx asked for the next moves by itself
    assert page.url.endswith("/learn/7/practice")
    assert page.query_selector_all("#watch ol.history li")[0].get_attribute("id") == "m2"  # the move just made
    _fits(page)
    page.screenshot(path=str(tmp_path / "learn-watch-phone.png"), full_page=False)
