"""Friends at a table in a real browser: a host on a phone, a friend on a desktop who talks, a friend who comes late.

The host (390×844) opens a table and sits; Cleo (1280 px) sits; the host
starts. Once the game is under way the host lets Max take Bob's seat from
its bot (the page gives the seat's link), Max opens it on a phone and plays
that seat, Cleo says a line that every page shows as text. On the phone,
a card to ask for and the seat to ask fit on one screen. Skipped when Chromium
is absent.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

import pytest

from tests.test_web_browser_tables import ARGS, CHROMIUM, SHOTS, shot
from tests.web_table_helpers import live_server

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no chromium")]

PHONE = {"width": 390, "height": 844}


def test_a_friend_comes_late_into_a_bots_seat_and_another_talks(tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with live_server(tmp_path, pace=0.3) as base, sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        host = browser.new_context(viewport=PHONE).new_page()
        cleo = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        host.goto(f"{base}/tables")
        host.select_option("select[name=coach]", "alert")
        host.click("text=Open the table")
        host.wait_for_url("**/t/*")
        link = host.url
        cleo.goto(link)
        for page, seat, person in ((host, "Ann", "Hosta"), (cleo, "Cat", "Cleo")):
            page.fill("#sit-name", person)
            page.click(f"li:has(b:text-is('{seat}')) button:has-text('Sit here')")
            page.wait_for_selector(f"text={person} (you)")
        host.click("text=Start the game")
        host.wait_for_selector("form.late")
        host.fill("form.late input[name=name]", "Max")
        host.select_option("form.late select[name=seat]", "Bob")
        host.click("form.late button")
        host.wait_for_selector(".late-link")
        host.wait_for_timeout(1500)  # (the bots move on: the link stays, outside the table the stream swaps)
        secret_link = host.inner_text(".late-link code")
        assert secret_link.startswith("/t/") and "#seat=" in secret_link
        max_ = browser.new_context(viewport=PHONE).new_page()
        max_.goto(base + secret_link)
        max_.wait_for_selector("[aria-label='your hand']")
        assert "you: Bob" in max_.inner_text(".meta")
        assert host.locator("form.late select option[value=Bob]").count() == 0  # (Bob is Max's now)
        cleo.fill("#chat-text", "<b>gl hf</b> Max!")
        cleo.click("form.say-chat button")
        for page in (host, cleo, max_):  # every page shows the line, as text, live
            page.wait_for_selector(".chat-lines li:has-text('<b>gl hf</b> Max!')", timeout=20_000)
        assert cleo.input_value("#chat-text") == ""  # (sent: the box came back empty)
        cleo.fill("#chat-text", "half a line")
        events = cleo.get_attribute(".table-frame", "data-events")
        for _ in range(300):  # until someone moves and the table is swapped live
            if cleo.get_attribute(".table-frame", "data-events") != events:
                break
            for page in (host, max_, cleo):
                if page.locator(".table-frame[data-your-move='1']").count():
                    with contextlib.suppress(PlaywrightTimeout):
                        page.locator("form.act button:has-text('Auto')").click(timeout=2000)
            cleo.wait_for_timeout(100)
        assert cleo.get_attribute(".table-frame", "data-events") != events
        assert cleo.input_value("#chat-text") == "half a line"  # what she is typing stays
        pages = {"Ann": host, "Cat": cleo, "Bob": max_}
        checked: set[str] = set()
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline and (len(checked) < 3 or "Bob" not in checked):
            for seat, page in pages.items():
                try:
                    if not page.locator(".table-frame[data-your-move='1']").count():
                        continue
                    if seat not in checked and page.locator("a.pick").count():
                        page.locator("a.pick").first.click()
                        page.wait_for_selector("button.ask-seat", timeout=5000)
                        if page.viewport_size == PHONE:  # the card and the seat to tap on one screen
                            page.wait_for_timeout(300)
                            page.locator("a.pick.chosen").scroll_into_view_if_needed()
                            if SHOTS:
                                page.screenshot(path=f"{SHOTS}/friends-{seat}-screen.png")  # (what the phone shows)
                            boxes = [page.locator("a.pick.chosen").bounding_box(),
                                     page.locator("button.ask-seat").first.bounding_box()]
                            assert all(b and b["y"] >= 0 and b["y"] + b["height"] <= PHONE["height"]
                                       for b in boxes), (seat, boxes)  # both on the screen
                            for box, selector in zip(boxes, ("a.pick.chosen", "button.ask-seat"), strict=True):
                                assert box is not None
                                x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
                                assert page.evaluate(f"document.elementFromPoint({x}, {y}).closest('{selector}')"
                                                     " !== null"), (seat, selector)  # and neither covered
                        shot(page, f"friends-{seat}-asks")
                        placeholder = page.get_attribute("#line", "placeholder") or ""
                        assert placeholder.split(" · ")[0].count(" ") == 1  # the offered ask: 'Bob 6D'
                        page.locator("button.ask-seat").first.click(timeout=5000)
                        checked.add(seat)
                    else:
                        page.locator("form.act button:has-text('Auto')").click(timeout=2000)
                    page.wait_for_timeout(100)
                except PlaywrightTimeout:  # the table was swapped under the click (a live update): look again
                    continue
            if host.locator(".end").count():
                break
            time.sleep(0.1)
        assert "Bob" in checked  # Max played the seat he came late to
        shot(host, "friends-host-phone")
        shot(cleo, "friends-desktop")
        shot(max_, "friends-late-phone")
        for page in (host, max_):
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"the page scrolls sideways ({width} px)"
        browser.close()
