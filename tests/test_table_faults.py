"""Nothing a player does stops a table: a repeated claim, a kept set's review, faults inside an action."""

from __future__ import annotations

import time
from typing import Any

from starlette.testclient import TestClient

from tests.web_table_helpers import bearer
from trainer.game.cards import Card
from trainer.play.match import CoachLevel, Match, Seating
from trainer.play.table import Table
from trainer.render.play import worst_first
from trainer.review import Note, NoteKind


def _claim_line(hand: list[str], seat: str) -> str:
    half = Card.parse(hand[0]).half_suit
    return f"claim {half}: {seat} {' '.join(str(c) for c in half.cards)}"


def test_a_repeated_claim_is_refused_in_one_line_and_the_game_goes_on() -> None:
    table = Table.solo(Match.new(Seating(seed=3, coach=CoachLevel.OFF)))
    match = table.match
    assert match is not None
    while table.bot_due():
        table.bot_step(now=0.0)
    line = _claim_line(sorted(str(c) for c in match.table.seats["Ann"].hands["Ann"]), "Ann")
    assert table.respond("Ann", line, now=0.0).kind == "moved"
    while table.bot_due() and not match.over:
        table.bot_step(now=0.0)
    again = table.respond("Ann", line, now=0.0)
    assert again.kind == "invalid" and "has already been claimed" in again.message
    assert table.respond("Ann", "auto", now=0.0).kind == "moved"  # the game goes on


def test_every_kind_of_note_is_ordered_worst_first() -> None:
    notes = [Note(kind=kind, player="Ann", event=number, view="Ann") for number, kind in enumerate(NoteKind, 1)]
    ordered = [n.kind for n in worst_first(notes)]
    assert sorted(ordered) == sorted(NoteKind) and ordered[0] is NoteKind.LOST_CLAIM


def _wait(api: TestClient, code: str, secret: str, done: Any) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while True:
        state = api.get(f"/api/tables/{code}/state", headers=bearer(secret)).json()
        if done(state) or time.monotonic() > deadline:
            return dict(state)
        time.sleep(0.05)


def test_a_repeated_claim_at_a_friends_table_is_refused_and_the_table_answers(api: TestClient) -> None:
    made = api.post("/api/tables", json={"coach": "off", "seed": 3}).json()
    code, host = made["table"], made["host"]
    dan = api.post(f"/api/tables/{code}/seats/Dan", json={"name": "Zoe"}).json()["secret"]
    assert api.post(f"/api/tables/{code}/start", headers=bearer(host)).status_code == 200
    state = _wait(api, code, dan, lambda s: s["turn"] == "Dan")
    line = _claim_line(state["hand"], "Dan")
    assert api.post(f"/api/tables/{code}/moves", headers=bearer(dan), json={"move": line}).status_code == 200
    state = _wait(api, code, dan, lambda s: s["over"] or s["turn"] == "Dan")
    assert not state["over"]
    again = api.post(f"/api/tables/{code}/moves", headers=bearer(dan), json={"move": line})
    assert again.status_code == 400 and "has already been claimed" in again.json()["error"]
    assert api.get(f"/api/tables/{code}/state", headers=bearer(host)).status_code == 200
    moved = api.post(f"/api/tables/{code}/moves", headers=bearer(dan), json={"move": "auto"})
    assert moved.status_code == 200


def test_a_friends_table_ends_as_play_and_the_terminal_end(api: TestClient) -> None:
    """The one end of a game (the hall's): each seat at a friends' table sees its result, what decided it, the
    give-away and the review of its own moves, as /play and the terminal say them."""
    from tests.web_helpers import text_of
    from trainer.render.play import quiet_review

    made = api.post("/api/tables", json={"coach": "off", "seed": 5}).json()
    code, host = made["table"], made["host"]
    dan = api.post(f"/api/tables/{code}/seats/Dan", json={"name": "Zoe"}).json()["secret"]
    assert api.post(f"/api/tables/{code}/start", headers=bearer(host)).status_code == 200
    while not (state := _wait(api, code, dan, lambda s: s["over"] or s["turn"] == "Dan"))["over"]:
        assert api.post(f"/api/tables/{code}/moves", headers=bearer(dan), json={"move": "auto"}).status_code == 200
    deadline = time.monotonic() + 60
    while api.get(f"/api/tables/{code}/review", headers=bearer(dan)).status_code == 409:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    api.cookies.set(f"lit_seat_{code}", dan)
    page = text_of(api.get(f"/t/{code}").text)
    assert state["verdict"] in page and state["verdict"].startswith(("Your team", "A tie"))
    assert "Given away by each player's asks" in page and "Zoe" not in page.split("Given away")[1][:20]
    assert "Your moves, reviewed (worst first)" in page
    assert quiet_review(False, 0)[1] in page  # every move of Zoe's was auto's
    api.cookies.clear()
    watcher = text_of(api.get(f"/t/{code}").text)
    assert "Your moves, reviewed" not in watcher  # a spectator has no moves of their own


def test_the_end_of_a_game_shows_a_note_of_every_kind_on_every_face(capsys: Any) -> None:
    """The end a person reads (terminal and pages) words every kind of note, worst first: a kept set or an
    out-of-turn claim among their moves once crashed the terminal's end and froze /play's."""
    import dataclasses
    from fractions import Fraction

    from trainer.game.cards import HalfSuit
    from trainer.play.ending import seat_ending
    from trainer.render.play import show_ending
    from trainer.render.web.table_frame import ending_view

    match = Match.new(Seating(seed=3, coach=CoachLevel.OFF))
    while not match.over:
        match.play(match.suggest(), auto=True) if match.decider()[0] == match.you else match.bot_move()
    half = HalfSuit.parse("LS")
    notes = tuple(Note(kind=kind, player="Ann", event=number, view="Ann", half_suit=half, probability=Fraction(1, 2),
                       card=half.cards[0], target="Bob", since=1, cost=0)
                  for number, kind in enumerate(NoteKind, 1))
    end = dataclasses.replace(seat_ending(match), notes=notes)
    show_ending(end, match, "game.lit")
    printed = capsys.readouterr().out
    assert all(f"{kind.value} " in printed for kind in NoteKind), printed
    page = ending_view(end, match.setup, match.state)
    assert [kind for _, kind, _ in page["notes"]] == [n.kind.value for n in notes]


def test_a_fault_inside_an_action_releases_the_table_and_is_logged_with_its_code(
        api: TestClient, monkeypatch: Any, caplog: Any) -> None:
    """Whatever an action raises (here a StopIteration, which a worker thread cannot hand back to the event loop
    and once left the table's lock held for good), the request is answered, the fault is logged with the table's
    code, and the table goes on as it was saved."""
    import logging

    from trainer.play.hall import FAULT

    made = api.post("/api/tables", json={"coach": "off", "seed": 3}).json()
    code, host = made["table"], made["host"]
    dan = api.post(f"/api/tables/{code}/seats/Dan", json={"name": "Zoe"}).json()["secret"]
    api.post(f"/api/tables/{code}/start", headers=bearer(host))
    _wait(api, code, dan, lambda s: s["turn"] == "Dan")
    real = Table.respond

    def broken(self: Table, name: str, line: object, now: float) -> Any:
        if line == "auto":
            raise StopIteration
        return real(self, name, line, now)

    monkeypatch.setattr(Table, "respond", broken)
    with caplog.at_level(logging.ERROR):
        faulty = api.post(f"/api/tables/{code}/moves", headers=bearer(dan), json={"move": "auto"})
    assert faulty.status_code == 503 and faulty.json() == {"error": FAULT}
    assert f"table {code}: a fault inside an action" in caplog.text
    monkeypatch.setattr(Table, "respond", real)
    assert api.get(f"/api/tables/{code}/state", headers=bearer(host)).status_code == 200  # the lock was released
    moved = api.post(f"/api/tables/{code}/moves", headers=bearer(dan), json={"move": "auto"})
    assert moved.status_code == 200 and moved.json()["moved"]


def test_a_fault_in_a_play_game_is_one_page_and_the_game_goes_on(tmp_path: Any, monkeypatch: Any) -> None:
    from tests.web_helpers import client, form, text_of
    from trainer.play.hall import FAULT

    browser = client(tmp_path)
    started = form(browser, "/play/new", {"seed": "3", "coach": "off"}, follow_redirects=False)
    address = started.headers["location"]
    while 'data-your-move="1"' not in browser.get(address).text:
        form(browser, f"{address}/bot", {"all": "1"})
    real = Table.respond
    monkeypatch.setattr(Table, "respond", lambda *args: (_ for _ in ()).throw(StopIteration))
    refused = form(browser, f"{address}/act", {"line": "auto"})
    assert refused.status_code < 500 and FAULT in text_of(refused.text)
    monkeypatch.setattr(Table, "respond", real)
    assert browser.get(address).status_code == 200
    assert form(browser, f"{address}/act", {"line": "auto"}).status_code == 200
