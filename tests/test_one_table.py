"""One table behind every door: the terminal's ``play``, ``/play`` and ``/t/CODE`` play the same seeded game to
the same events, and the page of a table is one htmx fragment, rendered for each viewer, that never shows a card
the viewer may not see."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from trainer.game.events import Event
from trainer.game.notation import parse_game
from trainer.play.saved import load
from trainer.web.app import create_app

from command_line import run
from web_helpers import client, form, text_of, token
from web_play_helpers import cards_named, read_frame, scannable

SEED = 6


@pytest.fixture
def tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("LITERATURE_TABLE_PACE", "0")
    monkeypatch.setenv("LITERATURE_TABLE_SEEDS", "1")  # (a fixed deal, to compare with the other doors)
    with TestClient(create_app(tmp_path / "server"), client=("127.0.0.1", 5000)) as browser:
        yield browser


def hx(browser: TestClient) -> dict[str, str]:
    return {"HX-Request": "true", "X-CSRF-Token": token(browser)}


def table_game(browser: TestClient, seed: int = SEED, coach: str = "off",
               frames: list[tuple[str | None, int, int, str]] | None = None, variant: str = "classic",
               players: int = 6) -> tuple[str, list[Event]]:
    """A table at ``/t/CODE``: this browser sits at Ann and plays ``auto`` through the page's own forms,
    the bots play the rest; ``frames`` keeps every fragment with the numbers of events before it was asked for and
    after it came (the bots move in their own thread meanwhile: it was sent at one of them)."""
    browser.get("/tables")
    made = browser.post("/api/tables", json={"variant": variant, "players": players, "bots": "medium", "coach": coach,
                                             "seed": seed}).json()
    code = made["table"]
    sat = browser.post(f"/t/{code}/sit", data={"seat": "Ann", "name": "Zoe"}, headers=hx(browser))
    assert sat.status_code == 200 and "<html" not in sat.text and "Zoe (you)" in text_of(sat.text)
    started = browser.post(f"/api/tables/{code}/start", headers={"authorization": f"Bearer {made['host']}"})
    assert started.status_code == 200, started.text
    hall = browser.app.state.table_hall  # type: ignore[attr-defined]
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        before = len(hall.get(code).match.state.events)
        frame = browser.get(f"/t/{code}/frame", headers=hx(browser)).text
        seen = read_frame(frame)
        if frames is not None:
            watched = browser.get(f"/t/{code}/frame", headers={"HX-Request": "true", "cookie": "none=1"}).text
            assert "you are watching" in text_of(watched)
            count = len(hall.get(code).match.state.events)
            frames += [("Ann", before, count, frame), (None, before, count, watched)]
        if seen["over"]:
            return code, list(hall.get(code).match.state.events)
        if seen["your_move"]:
            before = len(hall.get(code).match.state.events)
            answer = browser.post(f"/t/{code}/act", data={"line": "auto"}, headers=hx(browser))
            assert answer.status_code == 200 and "<html" not in answer.text
            if frames is not None:
                frames.append(("Ann", before, len(hall.get(code).match.state.events), answer.text))
        else:
            time.sleep(0.01)
    raise AssertionError("the table's game did not end")


def play_game(browser: TestClient, home: Path, seed: int = SEED, variant: str = "classic",
              players: int = 6) -> list[Event]:
    """The same game at ``/play``: Ann against medium bots, ``auto`` at each turn, the bots stepped by the page."""
    made = form(browser, "/play/new", {"seed": str(seed), "coach": "off", "partners": "medium", "opponents": "medium",
                                       "variant": variant, "players": str(players)}, follow_redirects=False)
    address = made.headers["location"]
    answer = read_frame(browser.post(f"{address}/bot", data={"pace": "0"}, headers=hx(browser)).text)
    while not answer["over"]:
        action = "act" if answer["your_move"] else "bot"
        answer = read_frame(browser.post(f"{address}/{action}", data={"line": "auto"}, headers=hx(browser)).text)
    [path] = (home / "games").glob("*.lit")
    return list(load(path).state.events)


@pytest.mark.parametrize(("variant", "players"), [("classic", 6), ("fish54", 8)])
def test_the_terminal_play_and_a_table_play_the_same_game(tables: TestClient, variant: str, players: int) -> None:
    """One seeded game, Ann playing ``auto`` against medium bots, at the three doors: the same events."""
    _, at_table = table_game(tables, variant=variant, players=players)
    home = Path(os.environ["LITERATURE_HOME"])
    at_play = play_game(client(home), home, variant=variant, players=players)
    assert [str(e) for e in at_play] == [str(e) for e in at_table]
    for saved in (home / "games").glob("*.lit"):
        saved.unlink()
    code, _, err = run("play", "--seed", str(SEED), "--variant", variant, "--players", str(players), "--coach", "off",
                       "--fast", input="auto\n" * 400)
    assert code == 0, err
    [path] = (home / "games").glob("*.lit")
    assert [str(e) for e in parse_game(path.read_text()).events] == [str(e) for e in at_table]


def test_an_htmx_request_gets_the_fragment_and_a_plain_one_the_page(tables: TestClient) -> None:
    tables.get("/tables")
    made = form(tables, "/tables/new", {"players": "6", "coach": "alert", "bots": "easy"}, follow_redirects=False)
    assert made.status_code == 303
    code = made.headers["location"].rsplit("/", 1)[1]
    page = tables.get(f"/t/{code}").text
    assert "<html" in page and 'sse-connect="/t/' in page and text_of(page).count("Sit here") == 6
    fragment = tables.post(f"/t/{code}/sit", data={"seat": "Cat", "name": "Cleo"}, headers=hx(tables))
    assert fragment.status_code == 200 and "<html" not in fragment.text and 'class="table-frame"' in fragment.text
    assert "Start the game" in fragment.text  # this browser opened the table: it is the host
    fragment = tables.post(f"/t/{code}/start", headers=hx(tables))
    assert 'data-phase="playing"' in fragment.text and "<html" not in fragment.text
    whole = form(tables, f"/t/{code}/act", {"line": "help"})
    assert whole.status_code == 200 and "<html" in whole.text  # without htmx: the whole page
    watched = tables.get(f"/t/{code}", headers={"cookie": "none=1"}).text  # (a browser without the seat's cookie)
    assert "you are watching" in text_of(watched) and "Your hand" not in watched
    refused = tables.post(f"/t/{code}/act", data={"line": "auto"},
                          headers={**hx(tables), "cookie": f"lit_csrf={token(tables)}"})
    assert refused.status_code == 200 and "seat&#39;s secret" in refused.text and 'class="said invalid"' in refused.text


def test_asking_is_a_card_then_a_seat_and_the_legal_asks_are_the_tables(tables: TestClient) -> None:
    tables.get("/tables")
    made = tables.post("/api/tables", json={"players": 6, "bots": "easy", "coach": "off", "seed": 3}).json()
    code = made["table"]
    tables.post(f"/t/{code}/sit", data={"seat": "Dan", "name": "Zoe"}, headers=hx(tables))
    tables.post(f"/api/tables/{code}/start", headers={"authorization": f"Bearer {made['host']}"})
    table = tables.app.state.table_hall.get(code)  # type: ignore[attr-defined]
    assert table.to_move("Dan")  # Dan deals and asks first
    frame = tables.get(f"/t/{code}/frame", headers=hx(tables)).text
    offered = re.findall(rf'href="/t/{code}\?card=(\w+)"', frame)
    legal = table.options_of("Dan")["asks"]
    assert sorted(offered) == sorted({c for cards in legal.values() for c in cards})
    card = offered[0]
    picked = tables.get(f"/t/{code}/frame?card={card}", headers=hx(tables)).text
    seats = re.findall(rf'name="line" value="(\w+) {card}"', picked)
    assert sorted(seats) == sorted(t for t, cards in legal.items() if card in cards)
    asked = tables.post(f"/t/{code}/act", data={"line": f"{seats[0]} {card}"}, headers=hx(tables))
    assert asked.status_code == 200 and str(table.match.state.events[0]) .startswith(f"Dan asks {seats[0]} for {card}")
    assert not re.search(r"<script(?! src=\"/static/vendor/)", asked.text)  # no script in the fragment


def test_no_fragment_of_a_whole_table_game_names_a_card_its_viewer_may_not_see(tables: TestClient) -> None:
    """Ann's fragments of a whole game (coach off: only the last move), and a spectator's, scanned: every card
    a fragment names is in Ann's hand at its time (none for the spectator), or public by then."""
    frames: list[tuple[str | None, int, int, str]] = []
    code, events = table_game(tables, seed=9, frames=frames)
    states = list(tables.app.state.table_hall.get(code).match.game().states())  # type: ignore[attr-defined]
    checked = 0
    for viewer, before, count, text in frames:
        if count >= len(events):
            continue  # (once over, the whole log is everyone's)
        public = {c.code for e in events[:count] for c in ([e.card] if hasattr(e, "card") else e.half_suit.cards
                                                            if hasattr(e, "half_suit") else [])}
        # (the fragment was sent at one of the states from ``before`` to ``count``: a card of a hand or a set the
        # viewer held at one of them may be named, as a card public by ``count`` may)
        held = {c for state in states[before:count + 1] for c in state.hands[viewer]} if viewer else set()
        named = cards_named(scannable(text))
        may = public | {c.code for h in {c.half_suit for c in held} for c in h.cards}
        assert named <= may, (viewer, before, count, sorted(named - may))
        checked += 1
    assert checked > 40 and {viewer for viewer, _, _, _ in frames} == {"Ann", None}


def test_a_seats_own_link_holds_the_seat_in_another_browser(tables: TestClient) -> None:
    """``/t/CODE#seat=SECRET`` (the API's link, or the one under the table): ``seat.js`` sends the secret once to
    ``/t/CODE/resume``, which keeps it in this browser's cookie; a wrong secret holds nothing."""
    tables.get("/tables")
    made = tables.post("/api/tables", json={"players": 6}).json()
    code = made["table"]
    taken = tables.post(f"/api/tables/{code}/seats/Bob", json={"name": "Zoe"}).json()
    assert taken["link"] == f"/t/{code}#seat={taken['secret']}"
    assert "you are watching" in text_of(tables.get(f"/t/{code}").text)
    wrong = tables.post(f"/t/{code}/resume", data={"secret": "nonsense"}, headers=hx(tables))
    assert wrong.status_code == 403 and "you are watching" in text_of(tables.get(f"/t/{code}").text)
    held = tables.post(f"/t/{code}/resume", data={"secret": taken["secret"]}, headers=hx(tables))
    page = tables.get(f"/t/{code}").text
    assert held.status_code == 200 and "Zoe (you)" in text_of(page) and taken["secret"] in page  # its own link
    assert taken["secret"] not in tables.get(f"/t/{code}/frame", headers=hx(tables)).text  # (never in a fragment)
    assert len(tables.get("/static/seat.js").text.splitlines()) <= 12
