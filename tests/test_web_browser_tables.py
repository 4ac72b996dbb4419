"""A 6-player table in a real browser: three people in three browser contexts and three bots, to the end.

The host opens the table from the New table page; two friends open its link;
each takes a seat with a name; the host starts. Each person plays with the
page's own controls (the Ask form once, then Auto); one closes their tab
midway and opens the table again (the seat comes back from the browser's
storage). At the end every page shows the result and the review. Skipped when
Chromium is absent.
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
            page.wait_for_selector(f"button[data-seat={seat}]")
            page.fill("[data-role=name]", person)
            page.click(f"button[data-seat={seat}]")
            page.wait_for_selector("text=You sit at")
        shot(host, "lobby")
        for page in pages:  # every page saw every seat taken, live
            page.wait_for_function("document.querySelectorAll('[data-role=lobby-seats] button').length === 0")
        host.click("[data-action=start]")
        asked = False
        reconnected = False
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            if all(page.locator("[data-role=over]").is_visible() for page in pages):
                break
            for index, page in enumerate(pages):
                if not reconnected and index == 1 and page.locator("[data-role=events] li").count() > 30:
                    page.close()  # the tab is closed midway, and opened again
                    page = pages[1] = contexts[1].new_page()
                    page.goto(link)
                    page.wait_for_selector("[data-role=hand-panel]:visible")
                    reconnected = True
                if page.locator("[data-role=move]").is_visible():
                    if not asked and page.locator("[data-role=ask-row]").is_visible():
                        shot(page, "your-move")
                        page.click("[data-action=ask]")
                        asked = True
                    else:
                        page.click("[data-action=auto]")
                    page.wait_for_timeout(50)
            time.sleep(0.05)
        assert asked and reconnected
        for page in pages:
            page.wait_for_selector("[data-role=over]:visible", timeout=30_000)
            assert "Download the game" in page.inner_text("[data-role=over]")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"the page scrolls sideways ({width} px)"
        shot(pages[1], "over")
        pages[1].click("text=The review, with your notes")
        pages[1].wait_for_selector("text=Your notes (Cat)", timeout=60_000)
        shot(pages[1], "review")
        log = pages[0].request.get(f"{base}/api/tables/{link.rsplit('/', 1)[1]}/log").text()
        assert "players: Ann Bob Cat Dan Eve Fay" in log and "Ann=Hosta" in log
        browser.close()
