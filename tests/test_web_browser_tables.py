"""A 6-player table in a real browser: three people in three browser contexts and three bots, to the end.

The host opens the table from the New table page; two friends open its link;
each takes a seat with a name; the host starts. Each person plays with the
page's own controls (one ask: a card, then a seat; then Auto), the pages kept
live by the server's stream; one closes their tab midway and opens the table
again (the seat comes back from the browser's cookie). At the end every page
shows the result and links to the review. Skipped when Chromium is absent.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests.web_table_helpers import live_server

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
SHOTS = os.environ.get("TABLE_SHOTS")
"""A folder to save screenshots in (for looking at the pages), when set."""

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no chromium")]


def shot(page: object, name: str) -> None:
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)  # type: ignore[attr-defined]


def test_three_people_and_three_bots_play_a_table_to_its_end(tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with live_server(tmp_path, pace=0.05) as base, sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        contexts = [browser.new_context(viewport={"width": 390, "height": 844}) for _ in range(3)]
        host = contexts[0].new_page()
        host.goto(f"{base}/tables")
        shot(host, "tables")
        host.select_option("select[name=coach]", "alert")
        host.click("text=Open the table")
        host.wait_for_url("**/t/*")
        link = host.url
        pages = [host, contexts[1].new_page(), contexts[2].new_page()]
        names = {"Ann": "Hosta", "Cat": "Cleo", "Eve": "Evan"}
        for page, (seat, person) in zip(pages, names.items(), strict=True):
            if page is not host:
                page.goto(link)
            page.fill("#sit-name", person)
            page.click(f"li:has(b:text-is('{seat}')) button:has-text('Sit here')")
            page.wait_for_selector(f"text={person} (you)")
        shot(host, "lobby")
        for page in pages:  # every page saw every seat taken, live
            page.wait_for_function("document.querySelectorAll('.lobby button[name=seat]').length === 0")
        host.click("text=Start the game")
        asked = False
        reconnected = False
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            if all(page.locator(".end").count() for page in pages):
                break
            for index, page in enumerate(pages):
                if not reconnected and index == 1 and int(page.get_attribute(".table-frame", "data-events") or 0) > 30:
                    page.close()  # the tab is closed midway, and opened again
                    page = pages[1] = contexts[1].new_page()
                    page.goto(link)
                    page.wait_for_selector("[aria-label='your hand']")
                    reconnected = True
                try:
                    if page.locator(".table-frame[data-your-move='1']").count():
                        if not asked and page.locator("a.pick").count():
                            shot(page, "your-move")
                            page.locator("a.pick").first.click()
                            page.locator("button.ask-seat").first.click(timeout=5000)
                            asked = True
                        else:
                            page.locator("form.act button:has-text('Auto')").click(timeout=2000)
                        page.wait_for_timeout(50)
                except PlaywrightTimeout:  # the table was swapped under the click (a live update): look again
                    continue
            time.sleep(0.05)
        assert asked and reconnected
        for page in pages:
            page.wait_for_selector(".end", timeout=30_000)
            assert "The game's log" in page.inner_text(".end")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"the page scrolls sideways ({width} px)"
        shot(pages[1], "over")
        pages[1].click("text=The review")
        for _ in range(120):  # (the review is worked out once the game is over: the page is read again until then)
            if pages[1].locator("text=You played Cat").count():
                break
            pages[1].wait_for_timeout(500)
            pages[1].reload()
        assert pages[1].locator("text=You played Cat").count()
        shot(pages[1], "review")
        log = pages[0].request.get(f"{base}/api/tables/{link.rsplit('/', 1)[1]}/log").text()
        assert "players: Ann Bob Cat Dan Eve Fay" in log and "Ann=Hosta" in log
        browser.close()
