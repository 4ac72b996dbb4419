"""Nothing hidden leaks: a puzzle page holds no answer, no explanation and no theme before it is asked for.

Every response of scripted attempts (the week's daily puzzles, puzzles by id,
a training session) is scanned, before the attempt ends, for what the viewer
may not know: each answer card with its holder in any of the ways a page
writes a holder, the explanation's sentences, the puzzle's theme. A wrong
answer and the hints are scanned too (they must not name a holder either).
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from html import unescape
from pathlib import Path

import pytest

from puzzles.daily import checked_daily
from puzzles.marking import format_answer
from puzzles.model import Puzzle
from puzzles.packs import load_pack

from web_helpers import client, form


def secrets_of(puzzle: Puzzle, *, hinted: bool = False) -> list[str]:
    """What a page must not hold before the end: holders of the answer's cards, the explanation, the theme
    (the level and the name of the technique that decides it; a clue, once hints are asked for, may name the
    technique, as the trainer's clue does at its prompt)."""
    found = []
    for card, holder in puzzle.answer.items():
        if card in puzzle.own_cards:
            continue
        found += [f"{holder} {card}", f"{card} {holder}", f"{card}: {holder}", f"{card} is with {holder}",
                  f'data-owner="{holder}" data-card="{card}"', f'data-card="{card}" data-owner="{holder}"']
    if puzzle.expected:
        found.append(format_answer(puzzle.expected))
    found += [step.text for step in puzzle.explanation if len(step.text) > 25]
    found += ['class="technique"', 'class="explanation"', 'class="theme"', f"level {puzzle.level}"]
    return found if hinted else [*found, puzzle.difficulty.name]  # as literature daily: only after the answer


def assert_hides(html: str, puzzle: Puzzle, where: str, *, hinted: bool = False) -> None:
    # the example answer (in the usage line and the input's placeholder) is scanned too: it is another set's
    text = unescape(html)
    flat = " ".join(re.sub(r"<[^>]+>", " ", text).split())
    for secret in secrets_of(puzzle, hinted=hinted):
        assert secret not in text and secret not in flat, f"{where}: the page shows {secret!r} before the end"


def _week() -> list[tuple[str, Puzzle]]:
    monday = date(2026, 6, 8)
    return [((monday + timedelta(days=k)).isoformat(), checked_daily(monday + timedelta(days=k))) for k in range(7)]


def test_the_weeks_daily_pages_hide_the_answer_until_it_is_asked_for(tmp_path: Path) -> None:
    browser = client(tmp_path)
    for day, puzzle in _week():
        url = f"/daily/{day}"
        assert_hides(browser.get(url).text, puzzle, url)
        others = [p for p in puzzle.players if p != puzzle.viewer]
        line = ", ".join(f"{others[(others.index(h) + 1) % len(others)] if h in others else others[0]} {c}"
                         for c, h in puzzle.expected.items()) or others[0] + " " + str(puzzle.asked[0])
        # (each answer card given to the next seat: a wrong answer)
        answered = form(browser, url, {"line": line, "puzzle": puzzle.id}).text
        if "Correct" not in answered:
            assert_hides(answered, puzzle, f"{url} after a wrong answer")
            for _ in range(2):
                assert_hides(form(browser, url, {"do": "hint", "puzzle": puzzle.id}).text, puzzle, f"{url} hint",
                             hinted=True)
            assert_hides(form(browser, url, {"do": "hint", "puzzle": puzzle.id}).text, puzzle, f"{url} confirm",
                         hinted=True)
        shown = unescape(form(browser, url, {"do": "reveal", "puzzle": puzzle.id}).text)
        if puzzle.expected and "Correct" not in answered:
            flat = " ".join(re.sub(r"<[^>]+>", " ", shown).split())
            drawn = ", ".join(f"{p} " + " ".join(c.symbol for c in sorted(c for c, q in puzzle.expected.items()
                                                                          if q == p))
                              for p in dict.fromkeys(q for _, q in sorted(puzzle.expected.items())))
            assert f"The answer: {drawn}".replace(" ", "") in flat.replace(" ", "")  # the scan would see it now


@pytest.mark.parametrize("kind", ["locate", "claim", "certain"])
def test_puzzle_pages_by_id_hide_the_answer(tmp_path: Path, kind: str) -> None:
    browser = client(tmp_path)
    chosen = [p for p in load_pack() if p.question.kind == kind][:3]
    assert chosen
    for puzzle in chosen:
        url = f"/p/{puzzle.id}"
        page = browser.get(url)
        assert page.status_code == 200
        assert_hides(page.text, puzzle, url)
        assert_hides(form(browser, url, {"do": "hint", "puzzle": puzzle.id}).text, puzzle, f"{url} hint", hinted=True)


def test_a_training_session_hides_each_answer_and_theme(tmp_path: Path) -> None:
    from puzzles.packs import record

    browser = client(tmp_path)
    page = form(browser, "/train/start", {"count": "5", "seed": "1"}).text
    for _ in range(3):
        found = re.search(r'name="puzzle" value="([^"]+)"', page)
        assert found
        data = record(found.group(1))
        assert data is not None
        from puzzles.files import puzzles_from_json
        from puzzles.verify import verified

        puzzle = verified(puzzles_from_json(data)[0], "pack")
        assert_hides(page, puzzle, "/train")
        form(browser, "/train", {"do": "reveal", "puzzle": puzzle.id})
        page = form(browser, "/train/next", {}).text
