"""The puzzle pages in a real browser (Playwright driving Debian's Chromium): solve the daily by clicking,
answer wrong, retry, take a hint, step through the explanation; every page fits a phone (390 px, no
sideways scrolling) and a desktop. Skipped when ``/usr/bin/chromium`` is not installed.

The daily of 2026-06-10 (conftest's clock) asks which high spades Bob can place: Cat 9S QS KS AS,
Fay 10S, Ann JS (``literature daily --date 2026-06-10 --json``)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from web_helpers import CHROMIUM, CHROMIUM_ARGS, served

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is not installed (apt-get install chromium)"),
]

TODAY = "2026-06-10"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    from playwright.sync_api import sync_playwright

    with served(tmp_path) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield base, browser
        finally:
            browser.close()


def _fits(page: Any, width: int) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{page.url} scrolls sideways at {width} px ({scroll} px wide)"


def test_solve_the_daily_by_clicking_and_see_the_verdict_and_streak(site: tuple[str, Any], tmp_path: Path) -> None:
    base, browser = site
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{base}/daily")
    _fits(page, 390)
    assert page.query_selector(".theme") is None and "level" not in page.inner_text("main")  # not before
    assert page.inner_text("h2.question").startswith("Who holds K♦?")
    page.click('button.place[data-card="KD"]')
    assert page.is_enabled('button.seat[data-seat="Ann"]')  # a card chosen: the seats can be clicked
    page.click('button.seat[data-seat="Ann"]')
    assert page.input_value("#line") == "Ann KD"
    assert "→ Ann" in page.inner_text('button.place[data-card="KD"]')
    page.click("button.answer-button")
    page.wait_for_selector(".reply.verdict")
    assert page.inner_text(".reply.verdict").startswith("Correct.")
    assert page.inner_text(".theme") == "level 3 · ask history (ask history)"  # now the theme
    assert "Daily streak: 1 day" in page.inner_text(".streak")
    assert "Rating 1500 →" in page.inner_text(".rating-change")
    _fits(page, 390)
    page.screenshot(path=str(tmp_path / "daily-solved-390.png"), full_page=True)
    # the explanation, step by step: a step chosen marks its moves in the history (CSS from the server, no script)
    steps = page.query_selector_all("li.step")
    last = steps[-1].get_attribute("id")
    # Ann's ask for 9D on move 81, and the hits that had brought 10D QD AD to Dan ("taken on moves 65, 66, 63")
    assert steps[-1].get_attribute("data-events") == "63 65 66 81"
    colours = "els => els.map(e => [e.id, getComputedStyle(e).backgroundColor])"
    before = dict(page.eval_on_selector_all("ol.history li", colours))
    page.click(f'a.show-moves[href="#{last}"]')
    after = dict(page.eval_on_selector_all("ol.history li", colours))
    assert [move for move in after if after[move] != before[move]] == ["m63", "m65", "m66", "m81"]


def test_answer_wrong_retry_and_take_a_hint(site: tuple[str, Any]) -> None:
    base, browser = site
    page = browser.new_page(viewport=DESKTOP)
    page.goto(f"{base}/daily/{TODAY}")
    page.click('button.place[data-card="KD"]')
    page.click('button.seat[data-seat="Dan"]')
    assert page.input_value("#line") == "Dan KD"
    page.evaluate("window.notReloaded = true")  # htmx swaps the reply in: the page itself is never reloaded
    page.click("button.answer-button")
    page.wait_for_selector(".reply.wrong")
    assert page.inner_text(".reply.wrong").startswith("Wrong:")
    assert "Dan cannot hold it" in page.inner_text(".reply.wrong")  # why that holder is wrong
    assert page.inner_text('.reply.wrong .card[data-card="KD"]') == "K♦"  # the card drawn from the value
    page.click("button.hint-button")
    page.wait_for_selector(".reply.hint")
    assert page.inner_text(".reply.hint").startswith("Nudge:")
    assert "1 taken" in page.inner_text("button.hint-button")
    page.fill("#line", "Ann KD")  # typed, in the trainer's words, this time
    page.click("button.answer-button")
    page.wait_for_selector(".reply.verdict")
    assert "on try 2" in page.inner_text(".reply.verdict")
    assert "Daily streak: 0 days" in page.inner_text(".streak")
    assert page.evaluate("window.notReloaded") is True
    _fits(page, 1280)


def test_skip_moves_on_with_the_answer_and_why(site: tuple[str, Any]) -> None:
    base, browser = site
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{base}/p/p-5dc5b6b1b428")
    page.click("button.skip-button")
    page.wait_for_selector(".reply.skipped")
    assert page.inner_text(".reply.skipped").startswith("Skipped.")
    assert page.query_selector(".explanation") is not None and page.inner_text(".theme").startswith("level ")
    page.click("button.again-button")  # try it again: a fresh attempt, swapped in
    page.wait_for_selector("button.answer-button")
    assert page.query_selector(".reply") is None


def test_a_typing_mistake_gets_the_trainers_reason(site: tuple[str, Any]) -> None:
    base, browser = site
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{base}/daily/{TODAY}")
    page.fill("#line", "Zed 10S")
    page.click("button.answer-button")
    page.wait_for_selector(".reply.invalid")
    assert "Zed" in page.inner_text(".reply.invalid")


def test_every_page_fits_a_phone_and_a_desktop(site: tuple[str, Any], tmp_path: Path) -> None:
    base, browser = site
    for viewport in (PHONE, DESKTOP):
        page = browser.new_page(viewport=viewport)
        page.goto(f"{base}/train")
        if page.query_selector("button.start-button"):  # (the second browser finds the first's session: the
            page.click("button.start-button")          # learner on this computer is the same)
        page.wait_for_selector(".puzzle-page")
        if page.query_selector("button.reveal-button"):
            page.click("button.reveal-button")
        page.wait_for_selector(".reply.revealed")
        for path in ["/", "/daily", f"/daily/{TODAY}", "/train", "/stats", "/learner", "/p/p-2cb9c245916c",
                     "/no-such-page"]:
            page.goto(base + path)
            _fits(page, viewport["width"])
        page.close()


def test_a_hint_lights_its_moves_and_a_beginners_history_opens_with_a_click(site: tuple[str, Any],
                                                                           tmp_path: Path) -> None:
    """On a phone: the hint's reply lights the rows of the moves it cites (swapped in by htmx); a level-2
    history of 492 moves shows the moves that matter, the rest folded into runs that open with a click; a wrong
    holder's reply names what was right and the step (or moves) that rule the holder out."""
    from puzzles.packs import load_pack
    from puzzles.quiz import Attempt, cited_by

    base, browser = site
    page = browser.new_page(viewport=PHONE)
    puzzle = next(p for p in load_pack() if p.id == "p-597d9f615dbf")
    page.goto(f"{base}/p/{puzzle.id}")
    _fits(page, 390)
    assert page.locator("li.fold").count() > 5
    hidden = page.locator("li.fold").first.locator("li").first
    assert not hidden.is_visible()
    page.locator("li.fold summary").first.click()
    assert hidden.is_visible()  # one click away
    page.click("button.hint-button")
    page.wait_for_selector(".reply.hint")
    cited = cited_by(Attempt(puzzle).respond("hint"), puzzle)
    page.wait_for_selector(f"#m{min(cited)}.cited")
    lit = {int(n) for n in page.eval_on_selector_all("li.cited", "rows => rows.map(r => r.dataset.move)")}
    assert lit == set(cited)
    page.fill("#line", "Bob QH")
    page.click("button.answer-button")
    page.wait_for_selector(".reply.wrong")
    assert "Why: Bob holds 8 cards" in page.inner_text(".reply.wrong")
    _fits(page, 390)
    page.screenshot(path=str(tmp_path / "hint-lit-phone.png"), full_page=True)
    out = os.environ.get("SCREENSHOTS")
    if out:
        page.screenshot(path=str(Path(out) / "hint-lit-phone.png"), full_page=False)
        page.locator(".history-area").screenshot(path=str(Path(out) / "history-phone.png"))
    page.close()


def test_the_daily_answered_with_the_keyboard_alone(site: tuple[str, Any]) -> None:
    """Enter on a card moves the focus to the first seat it may go to (the seats come before the cards), Enter
    there gives it the card, and the focus goes on to the answer box; Enter there answers."""
    base, browser = site
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{base}/daily")
    page.focus('button.place[data-card="KD"]')
    page.keyboard.press("Enter")
    focused = page.evaluate("document.activeElement.getAttribute('data-seat')")
    assert focused is not None and page.is_enabled(f'button.seat[data-seat="{focused}"]')
    for _ in range(20):  # Tab along the seats to Ann
        if page.evaluate("document.activeElement.getAttribute('data-seat')") == "Ann":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert page.input_value("#line") == "Ann KD"
    assert page.evaluate("document.activeElement.id") == "line"
    page.keyboard.press("Enter")
    page.wait_for_selector(".reply.verdict")
    assert page.inner_text(".reply.verdict").startswith("Correct.")
