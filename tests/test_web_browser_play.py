"""``/play``, ``/review`` and ``/worksheet`` in a real browser (Debian's Chromium driven by Playwright).

Slow, and skipped where ``/usr/bin/chromium`` is missing. Each page is also
checked at a phone's width (390 px: nothing scrolls sideways). With
``WEB_SCREENSHOTS=FOLDER`` the tests save screenshots of every page at 390 and
1280 px there (``docs/img/`` has some of them).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest

from web_play_helpers import CHROMIUM, CHROMIUM_ARGS, LiveServer

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium")]
EXAMPLES = Path(__file__).parent / "data"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture
def server() -> Iterator[LiveServer]:
    with LiveServer(Path(os.environ["LITERATURE_HOME"])) as live:
        yield live


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def fits(page: Any, name: str) -> None:
    """The page does not scroll sideways at its width; with ``WEB_SCREENSHOTS``, a screenshot of it."""
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{name} scrolls sideways at {width}px"
    folder = os.environ.get("WEB_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}-{width}.png"), full_page=True)


def deal(page: Any, seed: str, **choices: str) -> None:
    """On /play: deal a game of ``seed`` with the form's ``choices`` (players, opponents, coach), the bots at once."""
    page.fill("input[name=seed]", seed)
    for name, value in choices.items():
        page.select_option(f"select[name={name}]", value)
    page.click("text=Deal")
    page.wait_for_url(re.compile(r"/play/game/"))
    page.select_option("#pace", "0")


def test_an_eight_player_game_played_to_its_end_with_auto(server: LiveServer, browser: Any) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page = browser.new_page(viewport=PHONE)
    page.goto(server.url + "/play")
    fits(page, "play-home")
    deal(page, "12", players="8", opponents="medium", coach="alert")
    page.wait_for_selector(".table-frame[data-your-move='1'], .end", timeout=60_000)
    fits(page, "play-table")
    page.set_viewport_size(DESKTOP)
    fits(page, "play-table")
    page.set_viewport_size(PHONE)
    # a claim built by clicking: the set, then a teammate for each card; the coach asks first (or it is played)
    page.locator("a.pickset").first.click()
    page.wait_for_selector("form.claim")
    page.locator("form.claim button[type=submit]").click()
    page.wait_for_selector(".said p")
    said = page.inner_text(".said")
    assert "Claim anyway?" in said or "claim" in said.lower(), said
    if "Claim anyway?" in said:
        page.locator(".confirm button", has_text="No").click()
        page.wait_for_function("() => document.querySelector('.said').innerText.includes('Not played')")
    # an ask by clicking: a card, then an opponent at the table
    if page.locator("a.pick").count():
        events = page.get_attribute(".table-frame", "data-events")
        # the hand scrolled to the top of the phone's screen: once the card is picked the table sticks to the top,
        # and the page moves so that it does not cover the picked card
        page.evaluate("window.scrollBy(0, document.querySelector('a.pick').getBoundingClientRect().top - 4)")
        page.locator("a.pick").first.click()
        page.wait_for_selector("button.ask-seat")
        page.wait_for_function("""() => { const c = document.querySelector('a.pick.chosen').getBoundingClientRect();
            return document.elementFromPoint(c.x + c.width / 2, c.y + c.height / 2)?.closest('a.pick.chosen'); }""")
        page.locator("button.ask-seat").first.click()
        page.wait_for_selector(f".table-frame:not([data-events='{events}']), .confirm")
        if page.locator(".confirm").count():  # the coach asks first when the ask cannot hit: make it anyway
            page.locator(".confirm button", has_text="Yes").click()
            page.wait_for_selector(f".table-frame:not([data-events='{events}'])")
        assert "Ann →" in page.inner_text(".history")
    for _ in range(1000):
        page.wait_for_selector("form.act button:has-text('Auto'), .end", timeout=60_000)
        if page.locator(".end").count():
            break
        try:
            page.locator("form.act button:has-text('Auto')").click(timeout=2000)
        except PlaywrightTimeout:  # the table was replaced under the click: look again
            continue
    assert "Game over" in page.inner_text(".end")
    assert re.search(r"Your team (wins|loses)|A tie", page.inner_text(".end"))
    fits(page, "play-over")
    page.set_viewport_size(DESKTOP)
    fits(page, "play-over")


def test_a_review_opened_and_stepped_to_an_event(server: LiveServer, browser: Any) -> None:
    page = browser.new_page(viewport=PHONE)
    page.goto(server.url + "/review")
    fits(page, "review-home")
    page.set_input_files("input[name=log]", str(EXAMPLES / "review" / "lost-claim.lit"))
    page.click("form[enctype] button")
    page.wait_for_url(re.compile(r"/review/log/"))
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#moment[data-event='1']")  # (the next key steps from the moment shown)
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#moment[data-event='2']")
    assert "event=2" in page.url and "Event 2" in page.inner_text("#moment .event")
    page.keyboard.press("End")
    page.wait_for_selector("#moment[data-status=ready]", timeout=60_000)
    total = page.get_attribute("#review", "data-total")
    page.wait_for_selector(f"#moment[data-event='{total}']")
    assert page.locator(".notes .note").count() >= 1
    assert page.locator("td.forced").count() >= 1  # the claimer's own cards, at least
    fits(page, "review-step")
    page.set_viewport_size(DESKTOP)
    page.locator("#slider").fill("3")
    page.wait_for_selector("#moment[data-event='3']")
    fits(page, "review-step")
    link = page.get_attribute("#permalink", "href")
    assert link and link.endswith(f"?event=3&view={page.input_value('#view')}")
    page.goto(server.url + link)
    assert page.get_attribute("#moment", "data-event") == "3"


def test_a_worksheet_built_and_printed_to_pdf(server: LiveServer, browser: Any) -> None:
    from pypdf import PdfReader

    page = browser.new_page(viewport=PHONE)
    failed: list[str] = []  # no page logs an error (the print pages fetch no favicon, so none is missing)
    page.on("console", lambda m: failed.append(m.text) if m.type == "error" else None)
    page.goto(server.url + "/worksheet")
    fits(page, "worksheet-form")
    page.fill("input[name=count]", "2")
    for level in ("2", "3"):
        page.uncheck(f"input[name=level][value='{level}']")
    page.select_option("select[name=players]", "6")
    page.click("text=Build")
    page.wait_for_selector("#made", timeout=120_000)
    fits(page, "worksheet-made")
    page.click("#open-sheet")
    page.wait_for_selector("section.puzzle")
    fits(page, "worksheet-sheet")
    page.set_viewport_size(DESKTOP)
    fits(page, "worksheet-sheet")
    pdf = page.pdf(format="A4")
    reader = PdfReader(BytesIO(pdf))
    text = "".join(p.extract_text() for p in reader.pages)
    assert "Puzzle 1" in text and "Puzzle 2" in text and "Print" not in text  # the bar does not print
    page.go_back()
    page.click("#open-answers")
    page.wait_for_selector("ol.steps")
    assert "answer key" in page.inner_text("h1")
    fits(page, "worksheet-answers")
    assert failed == []


def test_on_a_phone_an_answer_is_scrolled_into_view_and_the_bots_wait_while_it_is_read(
        server: LiveServer, browser: Any) -> None:
    """A line typed at the bottom of a phone's screen is answered at the top of the table: the page scrolls the
    answer into view. Typed while a bot is to move, it is answered. The pace chosen is kept across a reload
    (that the bots wait while an answer is read: tests/test_web_play.py)."""
    page = browser.new_page(viewport=PHONE)
    page.goto(server.url + "/play")
    deal(page, "3", coach="full")
    page.wait_for_selector(".table-frame[data-your-move='1']", timeout=60_000)

    def answer_in_view() -> bool:
        return bool(page.evaluate("(() => { const b = document.querySelector('.said').getBoundingClientRect();"
                                  " return b.top >= -1 && b.bottom <= window.innerHeight + 1; })()"))

    page.locator("#line").scroll_into_view_if_needed()
    page.fill("#line", "help")
    page.press("#line", "Enter")
    page.wait_for_selector(".said p")
    for _ in range(50):  # (the page's policy forbids wait_for_function's evaluated strings)
        if answer_in_view():
            break
        page.wait_for_timeout(100)
    assert answer_in_view(), page.evaluate("(() => { const b = document.querySelector('.said').getBoundingClientRect();"
                                           " return [b.top, b.bottom, window.innerHeight, window.scrollY]; })()")

    page.select_option("#pace", "step")  # one at a time: a bot is to move until 'Next bot's move'
    page.fill("#line", "auto")
    page.press("#line", "Enter")
    page.wait_for_selector(".table-frame[data-your-move='0']", timeout=30_000)
    page.fill("#line", "help")
    page.press("#line", "Enter")
    page.wait_for_selector(".said:has-text('hand the turn')")  # answered while a bot is to move
    if page.get_attribute(".table-frame", "data-your-move") == "0":
        assert page.locator("button", has_text="Next bot's move").count() == 1
    page.reload()
    assert page.input_value("#pace") == "step"  # the pace chosen is kept
