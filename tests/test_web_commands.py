"""Every command a puzzle page's text offers is a button or a link on that page (issue 40, item 3): the replies
of the daily, a puzzle by id and a training session are scanned, through every kind of reply, for the commands
they name (typed words in quotes, and the buttons' own names), and each must be a button or link there."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from puzzles.daily import checked_daily

from web_helpers import client, form, text_of

TODAY = "2026-06-10"  # conftest's clock
TYPED = re.compile(r"'(help|hint|h|reveal|why|solution|skip|next|pass|show|history|last|quit|a|all)'")
"""A typed command offered in quotes, as the prompt's words are."""
BUTTONS = re.compile(r"\b(Hint|Reveal|Skip|Show the answer|None is certain|Next puzzle|Try it again|Answer)\b")
"""A button named in a sentence."""


def said(html: str) -> list[str]:
    """The sentences a page or fragment says: its replies and the line under the answer box."""
    replies = re.findall(r'<div class="reply [^"]*"[^>]*>(.*?)</div>\s*(?=<div class="reply|{|<div class="builder'
                         r'|<form|<div class="outcome|<p class="small dim" id="usage"|$)', html, re.S)
    usage = re.findall(r'<p class="small dim" id="usage">(.*?)</p>', html, re.S)
    return [text_of(p) for block in replies + usage for p in re.findall(r"<p>(.*?)</p>", block, re.S) or [block]]


def controls(html: str) -> list[str]:
    """The labels of the page's buttons and links."""
    return [text_of(label) for label in re.findall(r"<(?:button|a)\b[^>]*>(.*?)</(?:button|a)>", html, re.S)]


def offered(html: str) -> set[str]:
    """The commands the page's sentences offer."""
    found: set[str] = set()
    for sentence in said(html):
        found |= {m.lower() for m in TYPED.findall(sentence)}
        found |= {m.lower() for m in BUTTONS.findall(sentence)}
    return found


def check(html: str, where: str) -> set[str]:
    """Each offered command is a button or link; the commands offered."""
    labels = [label.lower() for label in controls(html)]
    commands = offered(html)
    for command in commands:
        assert any(label.startswith(command) for label in labels), (where, command, labels, said(html))
    return commands


def test_every_command_a_daily_or_puzzle_page_offers_is_a_button(tmp_path: Path) -> None:
    browser = client(tmp_path)
    seen: set[str] = set()
    puzzle = checked_daily(date(2026, 6, 10))
    url = f"/daily/{TODAY}"
    seen |= check(browser.get(url).text, "the page")
    wrong = "Dan 10S"
    for line in ("", "help", "hint", "nonsense words", wrong, "hint", "hint", "show", "reveal"):
        fragment = form(browser, url, {"line": line, "puzzle": puzzle.id}, headers={"HX-Request": "true"}).text
        seen |= check(fragment, f"after {line!r}")
        seen |= check(browser.get(url).text, f"the page after {line!r}")
    for do in ("hint", "skip"):  # the buttons themselves, on another puzzle
        page = form(browser, f"/p/{puzzle.id}", {"do": do, "puzzle": puzzle.id}, headers={"HX-Request": "true"}).text
        seen |= check(page, f"/p after {do}")
    assert {"hint", "reveal", "skip", "show the answer"} <= seen  # the scan did meet the offers it checks


def test_a_training_sessions_offers_are_buttons_too(tmp_path: Path) -> None:
    browser = client(tmp_path)
    browser.get("/train")
    start = form(browser, "/train/start", {"count": "3", "level": "2"})
    assert start.status_code == 200
    html = start.text
    check(html, "training")
    pid = re.search(r'name="puzzle" value="([^"]+)"', html)
    assert pid
    for line in ("help", "Ann 2D", "skip"):
        fragment = form(browser, "/train", {"line": line, "puzzle": pid.group(1)}, headers={"HX-Request": "true"})
        check(fragment.text, f"training after {line!r}")
    assert "Next puzzle" in controls(fragment.text)


def test_the_old_replies_of_an_ended_attempt_no_longer_offer_what_is_gone(tmp_path: Path) -> None:
    """After a wrong answer then Reveal, the wrong answer's 'Try again, or Reveal ...; Skip moves on.' is not
    left standing above a page that has no Reveal or Skip any more."""
    browser = client(tmp_path)
    puzzle = checked_daily(date(2026, 6, 10))
    url = f"/daily/{TODAY}"
    card, holder = next(iter(puzzle.expected.items()))
    said = next(p for p in puzzle.players if p not in (holder, puzzle.viewer))
    browser.get(url)
    wrong = form(browser, url, {"line": f"{said} {card}", "puzzle": puzzle.id}, headers={"HX-Request": "true"}).text
    assert "Wrong:" in text_of(wrong) and "Try again" in text_of(wrong)  # the offer that must not stay
    done = form(browser, url, {"do": "reveal", "puzzle": puzzle.id}, headers={"HX-Request": "true"}).text
    assert "Wrong:" in text_of(done) and "Try again" not in text_of(done)
    assert "skip" not in [label.lower() for label in controls(done)]


def test_the_moves_a_hint_cites_are_lit_in_the_history(tmp_path: Path) -> None:
    """A hint's reply sends the history again (htmx, out of band) with its cited moves' rows lit; at the end the
    explanation's steps mark their own moves as each is chosen, and the hint's light is gone."""
    from puzzles.quiz import Attempt, cited_by

    browser = client(tmp_path)
    puzzle = checked_daily(date(2026, 6, 10))
    url = f"/daily/{TODAY}"
    page = browser.get(url).text
    assert 'class="ask cited' not in page and " cited\"" not in page
    fragment = form(browser, url, {"do": "hint", "puzzle": puzzle.id}, headers={"HX-Request": "true"}).text
    cited = cited_by(Attempt(puzzle).respond("hint"), puzzle)
    assert cited
    assert 'id="history" hx-swap-oob="true"' in fragment
    lit = {int(n) for n in re.findall(r'<li id="m(\d+)" class="[^"]*\bcited\b', fragment)}
    assert lit == set(cited)
    done = form(browser, url, {"do": "reveal", "puzzle": puzzle.id}, headers={"HX-Request": "true"}).text
    assert 'id="history" hx-swap-oob="true"' in done
    assert not re.findall(r'<li id="m(\d+)" class="[^"]*\bcited\b', done)
    assert 'class="show-moves"' in done  # each step: "mark its moves"


def test_a_beginners_long_history_folds_into_click_away_runs(tmp_path: Path) -> None:
    """The level-2 puzzle after 492 moves: the moves of HH, the claims and those the steps rest on are rows;
    the rest are folded into <details> runs (every move still on the page, one click away)."""
    from puzzles.packs import load_pack
    from puzzles.quiz import cited_moves

    puzzle = next(p for p in load_pack() if p.id == "p-597d9f615dbf")
    page = client(tmp_path).get(f"/p/{puzzle.id}").text
    history = page[page.index('<ol class="history" id="history"'):]
    history = history[: history.index("</section>")]
    assert len(re.findall(r'<li id="m\d+"', history)) == 492  # every move is on the page
    outside = re.sub(r"<details>.*?</details>", "", history, flags=re.S)
    shown = {int(n) for n in re.findall(r'<li id="m(\d+)"', outside)}
    assert cited_moves(puzzle) <= shown
    assert len(shown) < 492 // 3
    folds = re.findall(r"<summary>(\d+)(?:–(\d+))? · (\d+) other moves?</summary>", history)
    assert folds and sum(int(n) for _, _, n in folds) == 492 - len(shown)
