"""``/review``: open a saved game, or upload or paste a log; step through it with the exact chances and the notes."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from trainer.engine.solve import solve_game
from trainer.explain.phrases import percent
from trainer.game.cards import Card
from trainer.game.notation import read_game
from trainer.render.review import note_lines
from trainer.render.review_page import note_views
from trainer.render.web import words_html
from trainer.review import review_game
from trainer.review.kept import upload_name
from trainer.web.security import MAX_BODY

from command_line import run
from web_helpers import client, form, text_of, token
from web_play_helpers import WebGame

EXAMPLES = Path(__file__).parent / "data"


def home() -> Path:
    return Path(os.environ["LITERATURE_HOME"])


def upload(browser: TestClient, name: str, data: bytes) -> object:
    return browser.post("/review/upload", files={"log": (name, data)}, data={"csrf": token(browser)},
                        follow_redirects=False)


def error_line(html: str) -> str:
    found = re.search(r'id="error">([^<]*)<', html)
    assert found, html[:500]
    return text_of(found.group(1))


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def settled(browser: TestClient, url: str) -> str:
    """The page once the review's notes are worked out (in the background)."""
    for _ in range(600):
        text = browser.get(url).text
        if 'data-status="working"' not in text:
            return text
        time.sleep(0.1)
    raise AssertionError(f"{url}: the review was not done in a minute")


@pytest.mark.parametrize(("name", "broken"), [
    ("bad game.lit", lambda t: t.replace("Cat asks Bob for 3D: no", "Cat asks Bob for 3X: no")),
    ("turn.lit", lambda t: t + "Ann asks Bob for 9C: no\n"),
    ("impossible.lit", lambda t: t.replace("hand Ann: 2D 3D 4D 5D 7D 9S JS KH", "hand Ann: 2D 3D 4D 5D 6D 7D 9S JS")),
    ("binary.lit", lambda t: "\x00\x01" * 10),
])
def test_a_malformed_upload_gets_the_same_line_as_check(name: str, broken: object, tmp_path: Path) -> None:
    text = broken((EXAMPLES / "six-diamonds.lit").read_text())  # type: ignore[operator]
    (tmp_path / name).write_text(text)
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        code, _, err = run("check", name)
    finally:
        os.chdir(cwd)
    assert code == 2 and err.count("\n") == 1
    browser = client(home())
    response = upload(browser, name, text.encode())
    assert response.status_code == 400  # type: ignore[attr-defined]
    assert error_line(response.text) == err.strip()  # type: ignore[attr-defined]
    pasted = form(browser, "/review/upload", {"text": text})
    assert pasted.status_code == 400 and error_line(pasted.text) == err.strip().replace(name, "pasted.lit", 1)
    assert not (home() / "uploads").exists()


def test_an_upload_over_5_mb_is_refused_before_it_is_read() -> None:
    browser = client(home())
    response = upload(browser, "big.lit", b"# " + b"x" * MAX_BODY)
    assert response.status_code == 413  # type: ignore[attr-defined]
    assert "5 MB" in text_of(response.text)  # type: ignore[attr-defined]
    assert not (home() / "uploads").exists()


def test_nothing_chosen_is_a_clear_line() -> None:
    response = form(client(home()), "/review/upload", {"text": "  "})
    assert response.status_code == 400 and "Choose a .lit file" in error_line(response.text)


def test_a_pasted_log_is_kept_and_stepped_through_with_the_exact_chances() -> None:
    browser = client(home())
    text = (EXAMPLES / "six-diamonds.lit").read_text()
    response = form(browser, "/review/upload", {"text": text}, follow_redirects=False)
    assert response.status_code == 303
    address = response.headers["location"]
    assert re.fullmatch(r"/review/log/[0-9a-f]{24}", address)
    assert upload(browser, "again.lit", text.encode()).headers["location"] == address  # type: ignore[attr-defined]
    page = browser.get(f"{address}?event=1&view=Ann")
    assert page.status_code == 200
    shown = text_of(page.text)
    assert squash("Event 1 (line 6): 1 Cat → Bob 3♦ no") in squash(shown)  # the move as every page's history row
    knowledge = solve_game(read_game(EXAMPLES / "six-diamonds.lit"), "Ann", 1)
    assert f"{knowledge.deals:,} deals fit" in shown
    assert squash("Claimable with certainty: LD (low diamonds): Ann 2♦ 3♦ 4♦ 5♦ 7♦, Cat 6♦") in squash(shown)
    row = re.search(r'<tr class="[^"]*forced[^"]*"><th><span class="card red" data-card="6D">.*?</tr>', page.text, re.S)
    assert row and row.group(0).count('class="forced"') == 1  # 6D is forced: with Cat
    players = knowledge.setup.players
    assert re.findall(r"<td[^>]*>([^<]*)</td>", row.group(0)) == ["100%" if p == "Cat" else "·" for p in players]
    nine = re.search(r'data-card="9C">.*?</tr>', page.text, re.S)
    holders = knowledge.holders(Card.parse("9C"))
    assert nine and re.findall(r"<td[^>]*>([^<]*)</td>", nine.group(0)) == [
        percent(holders[p]) if p in holders else "·" for p in players]
    public = text_of(browser.get(f"{address}?event=1&view=public").text)
    assert "seen by the public (no hand known)" in public and "Claimable" not in public


def test_the_notes_of_a_move_are_the_reviews() -> None:
    path = EXAMPLES / "review" / "wrong-claim.lit"
    browser = client(home())
    address = upload(browser, "wrong-claim.lit", path.read_bytes()).headers["location"]  # type: ignore[attr-defined]
    game = read_game(path)
    review = review_game(game)
    noted = sorted({n.event for n in review.notes})
    assert noted
    event = noted[-1]
    page = settled(browser, f"{address}?event={event}")
    shown = text_of(page)
    lines = note_views(review.notes_of(event), [], review.game.setup.variant)
    assert lines and len(lines) == len(note_lines(review.notes_of(event)))
    for line in lines:
        assert squash(f"{line['label']}: {text_of(str(words_html(line['words'])))}") in squash(shown)
    assert f'href="{address}?event={event}&amp;view=' in page  # the link to this moment


def test_a_finished_saved_game_shows_every_seat_and_one_in_progress_only_yours() -> None:
    browser = client(home())
    game = WebGame.start(browser, home() / "games", seed="3", partners="basic", opponents="basic")
    answer = game.bot()
    while not answer["your_move"]:
        answer = game.bot()
    page = browser.get(f"/review/game/{game.name}?event=1")
    assert page.status_code == 200 and "reviewed from your seat only" in text_of(page.text)
    assert re.findall(r"<option[^>]*>([^<]+)</option>", page.text) == ["Ann", "public"]
    assert browser.get(f"/review/game/{game.name}?view=Bob").status_code == 400
    game.play_out()
    page = browser.get(f"/review/game/{game.name}?event=3&view=Bob")
    assert page.status_code == 200
    assert re.findall(r"<option[^>]*>([^<]+)</option>", page.text) == ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay",
                                                                       "public"]
    assert f"/review/game/{game.name}" in browser.get("/review").text


@pytest.mark.parametrize("query", ["event=x", "event=-1", "event=99999", "view=Zed", "event=1&view=%00",
                                   "event=" + "9" * 400])
def test_a_bad_moment_is_a_400_page(query: str) -> None:
    browser = client(home())
    address = upload(browser, "g.lit", (EXAMPLES / "six-diamonds.lit").read_bytes()).headers["location"]  # type: ignore[attr-defined]
    response = browser.get(f"{address}?{query}")
    assert response.status_code == 400 and "must be" in text_of(response.text)


def test_unknown_games_and_logs_are_404_pages() -> None:
    browser = client(home())
    for url in ("/review/log/0123456789abcdef01234567", "/review/log/../../x", "/review/game/nope",
                "/review/game/..%2Fx", "/review/log/" + "a" * 500):
        assert browser.get(url).status_code == 404, url


def test_a_note_shows_why_and_where_it_was_not_certain_a_deal_that_fits() -> None:
    """As ``literature review --explain``: under each note, the explainer's steps from what its player knew,
    and for a card that was not forced a deal that fits everything they had seen, the card marked, every
    card where the engine allowed it just before the move."""
    from trainer.engine.solve import solve
    from trainer.review.explaining import explain_note

    path = EXAMPLES / "review" / "risky-claim.lit"
    browser = client(home())
    address = upload(browser, "risky-claim.lit", path.read_bytes()).headers["location"]  # type: ignore[attr-defined]
    game = read_game(path)
    review = review_game(game)
    [note, *_] = review.notes_of(1)
    page = settled(browser, f"{address}?event=1")
    why = page[page.index('<details class="why">') :]
    why = why[: why.index("</details>")]
    steps = re.findall(r"<li>(.*?)</li>", why, re.S)
    assert len(steps) == len(explain_note(review, note).steps) > 0
    assert f"Could {note.view} have known? No: this deal fits everything seen then" in text_of(why)
    rows = re.findall(r'<tr><th scope="row">(\w+)</th>(.*?)</tr>', why, re.S)
    assert [name for name, _ in rows] == list(game.setup.players)
    hands = {name: [Card.parse(c) for c in re.findall(r'data-card="(\w+)"', cells)] for name, cells in rows}
    assert why.count('class="refutes"') == 1
    setup = game.setup.seen_by(note.view)
    knowledge = solve(setup, game.events[: note.event - 1], note.view)
    assert all(knowledge.count(c, name) > 0 for name, cards in hands.items() for c in cards)
    assert hands[note.view] == sorted(game.setup.hands[note.view])  # nothing has moved before event 1
    code, out, _ = run("review", str(path), "--explain", "1")  # the same deal as the terminal's
    assert code == 0
    rows_printed = [line.split() for line in out.splitlines()]
    printed = {words[0]: words[1:] for words in rows_printed
               if len(words) > 1 and words[0] in hands and all(w[-1] in "♠♥♦♣" for w in words[1:])}
    assert printed == {name: [c.symbol for c in cards] for name, cards in hands.items()}, out


def test_a_note_whose_explanation_fails_is_still_shown_without_its_why(monkeypatch: pytest.MonkeyPatch) -> None:
    """A defect of the explainer costs the note its Why, never the page (no 500)."""
    import trainer.review.moment as moment

    def broken(*_: object) -> object:
        raise RuntimeError("a defect")

    monkeypatch.setattr(moment, "explain_note", broken)
    path = EXAMPLES / "review" / "risky-claim.lit"
    browser = client(home())
    address = upload(browser, "risky-claim.lit", path.read_bytes()).headers["location"]  # type: ignore[attr-defined]
    page = settled(browser, f"{address}?event=1")
    assert 'class="note risky-claim"' in page and '<details class="why">' not in page


def test_a_joined_line_and_every_noted_moment_of_a_long_game_are_pages() -> None:
    """A wasted ask's line joins its best ask (one line, one Why: the wasted ask's), and every moment of a
    271-event game that has notes is a page (200), each note line with its Why where the explainer has one."""
    browser = client(home())
    path = EXAMPLES / "review" / "lost-claim.lit"
    address = upload(browser, "lost-claim.lit", path.read_bytes()).headers["location"]  # type: ignore[attr-defined]
    page = settled(browser, f"{address}?event=6")
    assert "<b>wasted-ask, best-ask</b>" in page and page.count('<details class="why">') == 1
    path = EXAMPLES / "complete-classic-6p.lit"
    address = upload(browser, path.name, path.read_bytes()).headers["location"]  # type: ignore[attr-defined]
    settled(browser, f"{address}?event=0")
    review = review_game(read_game(path))
    noted = sorted({n.event for n in review.notes})
    assert len(noted) > 50
    for event in noted:
        response = browser.get(f"{address}?event={event}&fragment=1")
        assert response.status_code == 200, event
        assert response.text.count('<p class="note ') == len(note_lines(review.notes_of(event)))


def test_stepping_asks_for_the_moments_fragment_with_htmx() -> None:
    """Each control asks for the moment's fragment (hx-get into #step); the answer is the fragment alone, and the
    browser is told the moment's own address. A note's cards are drawn as every page draws a card."""
    browser = client(home())
    path = EXAMPLES / "review" / "lost-claim.lit"
    address = upload(browser, "lost-claim.lit", path.read_bytes()).headers["location"]  # type: ignore[attr-defined]
    page = settled(browser, f"{address}?event=6&view=Ann")
    assert f'hx-get="{address}?view=Ann&amp;event=7"' in page and 'hx-target="#step"' in page  # the next event
    assert 'src="/static/review.js"' in page
    fragment = browser.get(f"{address}?event=7&view=Ann", headers={"HX-Request": "true"})
    assert fragment.status_code == 200 and "<html" not in fragment.text and 'data-event="7"' in fragment.text
    assert fragment.headers["hx-replace-url"] == f"{address}?event=7&view=Ann"
    (note,) = re.findall(r'<p class="note wasted-ask">(.*?)</p>', page, re.S)
    assert 'data-card="6D">6♦<' in note and 'data-card="JS">J♠<' in note
    rows = re.findall(r'<li id="m(\d+)"', page[page.index('class="history eventlist"'):])
    assert rows == [str(n) for n in range(0, 9)]  # the deal, then every move as a history row


def test_an_upload_with_a_long_or_odd_name_is_told_by_its_name_never_the_servers_folder() -> None:
    browser = client(home())
    for name in ("😀" * 130 + ".lit", "é" * 200 + ".lit", "a" * 300 + ".lit", "../../etc/x.lit", "x\x00y.lit"):
        response = upload(browser, name, b"players: Ann Bob\nnot a line of a log\n")
        assert response.status_code == 400, name  # type: ignore[attr-defined]
        line = error_line(response.text)  # type: ignore[attr-defined]
        assert "literature-upload" not in line and "/tmp" not in line and "Errno" not in line, line
        assert "\x00" in name or line.startswith(upload_name(name)), line
