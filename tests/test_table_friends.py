"""Friends at a table: one who comes late takes a bot's seat (and sees that seat's view, nothing more)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.web_play_helpers import cards_named, read_frame, scannable
from tests.web_table_helpers import bearer, leaks
from trainer.game.cards import Card
from trainer.game.notation import parse_game
from trainer.play.match import CoachLevel
from trainer.play.table import TABLE_LINE, Options, Table, TableError
from trainer.web.app import create_app

HOST = "host-secret"


def begun() -> Table:
    table = Table.new("abcd2345", Options(seed=3), HOST, now=0.0)
    table.take("Ann", "Ann", now=0.0)
    table.start(HOST, now=0.0)
    return table


# -- late friends: the model ------------------------------------------------------------------------


def test_only_the_host_lets_a_late_friend_take_a_bots_seat_in_a_game_under_way() -> None:
    lobby = Table.new("abcd2345", Options(seed=3), HOST, now=0.0)
    with pytest.raises(TableError) as refused:
        lobby.late(HOST, "Bob", "Zoe", now=0.0)
    assert refused.value.status == 409  # (before the start a friend simply sits)
    table = begun()
    ann = next(p for p in table.places if p.name == "Ann")
    for secret, name, person, status in ((None, "Bob", "Zoe", 403), ("wrong", "Bob", "Zoe", 403),
                                          (HOST, "Ann", "Zoe", 409), (HOST, "Bob", "ann", 409),
                                          (HOST, "Zed", "Zoe", 404), (HOST, "Bob", "", 400)):
        with pytest.raises(TableError) as refused:
            table.late(secret, name, person, now=1.0)
        assert refused.value.status == status, (name, person)
    assert ann.person == "Ann" and table.people() == {"Ann"}
    while table.bot_due():  # the bots play on until a person's move
        table.bot_step(now=1.0)
    secret = table.late(HOST, "Bob", "Zoe", now=2.0)
    assert table.viewer(secret) == "Bob" and table.people() == {"Ann", "Bob"}
    with pytest.raises(TableError):
        table.late(HOST, "Bob", "Max", now=2.0)  # (the seat is Zoe's now)
    again = Table.load(table.text())  # the file keeps her in the seat
    assert again.viewer(secret) == "Bob" and again.people() == {"Ann", "Bob"}


def test_a_late_friends_seat_is_no_longer_played_by_its_bot() -> None:
    table = begun()
    secret = table.late(HOST, "Bob", "Zoe", now=1.0)
    for _ in range(400):
        if table.phase == "over":
            break
        who = table.playing().decider()[0]
        if who in ("Ann", "Bob"):
            assert not table.bot_due()
            table.respond(who, "auto", now=2.0) if who == "Ann" else table.act(secret, "auto", now=2.0)
        else:
            assert table.bot_due()
            table.bot_step(now=2.0)
    assert table.phase == "over"
    assert table.match is not None
    assert any(getattr(e, "asker", "") == "Bob" for e in table.match.state.events)


# -- late friends: the API and the page ---------------------------------------------------------------


def wait_for(client: TestClient, code: str, secret: str, done: Any, seconds: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        state = client.get(f"/api/tables/{code}/state", headers=bearer(secret)).json()
        if done(state) or time.monotonic() > deadline:
            return dict(state)
        time.sleep(0.05)


def frame(client: TestClient, code: str, cookies: dict[str, str]) -> str:
    cookie = "; ".join(f"{k}={v}" for k, v in cookies.items())
    return client.get(f"/t/{code}/frame", headers={"hx-request": "true", "cookie": cookie}).text


def test_a_late_friend_sees_the_seats_hand_and_the_public_events_and_no_other_card(api: TestClient) -> None:
    """The host seats Max in Bob's seat mid-game through the API; every state and fragment Max is sent from then
    to the end names only Max's cards (and the cards of the sets Max may ask for) and public ones."""
    made = api.post("/api/tables", json={"players": 6, "coach": "full", "bots": "medium", "seed": 5}).json()
    code, host = made["table"], made["host"]
    dan = api.post(f"/api/tables/{code}/seats/Dan", json={"name": "Zoe"}).json()["secret"]
    api.post(f"/api/tables/{code}/start", headers=bearer(host))
    wait_for(api, code, dan, lambda s: s["turn"] == "Dan" or s["over"])
    assert api.post(f"/api/tables/{code}/seats/Bob/late", json={"name": "Max"}, headers=bearer(dan)).status_code == 403
    assert api.post(f"/api/tables/{code}/seats/Dan/late", json={"name": "Max"},
                    headers=bearer(host)).status_code == 409
    late = api.post(f"/api/tables/{code}/seats/Bob/late", json={"name": "Max"}, headers=bearer(host))
    assert late.status_code == 201 and late.json()["seat"] == "Bob" and late.json()["link"].startswith(f"/t/{code}#")
    max_ = late.json()["secret"]
    seen: list[tuple[int, dict[str, Any], str]] = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        state = api.get(f"/api/tables/{code}/state", headers=bearer(max_)).json()
        text = frame(api, code, {f"lit_seat_{code}": max_})
        seen.append((state["event_count"], state, text))
        if state["over"]:
            break
        assert state["you"] == "Bob"
        for secret, name in ((max_, "Bob"), (dan, "Dan")):
            if state["turn"] == name:
                api.post(f"/api/tables/{code}/moves", headers=bearer(secret), json={"move": "auto"})
        time.sleep(0.02)
    assert seen[-1][1]["over"]
    game = parse_game(api.get(f"/api/tables/{code}/log").text)
    states, events = list(game.states()), list(game.events)
    lines = [str(e) for e in events]

    def may_see(count: int) -> tuple[set[str], set[str]]:  # Bob's hand then, and every card Max may see then
        hand = {c.code for c in states[count].hands["Bob"]}
        public = {c.code for e in events[:count] for c in ([e.card] if hasattr(e, "card") else
                                                            e.half_suit.cards if hasattr(e, "half_suit") else [])}
        return hand, public | hand | {c.code for h in {Card.parse(c).half_suit for c in hand} for c in h.cards}

    for count, state, text in seen:
        if count < len(events):
            assert leaks(state, may_see(count)[0], lines[:count]) == [], (count, state)
        count = read_frame(text)["events"]  # (the bots may have moved between the two requests)
        if count < len(events):
            # (a coach's words stay until the seat's next move; its note of what the table can prove the seat does
            # not hold names cards outside the hand, which the seat knows are not in it)
            may = set().union(*(may_see(c)[1] for c in range(seen[0][0], count + 1)))
            named = cards_named(scannable(text))
            assert named <= may, (count, sorted(named - may))
            assert "you: <b>Bob</b>" in text and "A friend came late" not in text


def test_a_reader_waits_for_a_move_being_made_and_never_sees_it_half_made(tmp_path: Path) -> None:
    """A bot's move is made in a worker thread; a page or a state read meanwhile (``Hall.steady``) waits for it
    (it once rendered a seat's fragment between the move's event and its coach's words, naming a card the
    seat could not see yet)."""
    import asyncio
    import threading

    from trainer.play.hall import Hall

    inside, go_on = threading.Event(), threading.Event()
    made = {"half": False}

    def half_made(table: Table) -> None:
        made["half"] = True
        inside.set()
        go_on.wait(10)
        made["half"] = False

    async def run() -> None:
        hall = Hall(tmp_path, pace=0)
        table, _ = await hall.create(Options(seed=3))
        change = asyncio.create_task(hall.change(table.code, half_made))
        await asyncio.to_thread(inside.wait, 10)
        reader = asyncio.create_task(hall.steady(table.code))
        await asyncio.sleep(0.1)
        assert made["half"] and not reader.done()  # the reader waits while the move is half made
        go_on.set()
        assert await reader is table and not made["half"]
        await change

    asyncio.run(run())


def test_the_hosts_page_offers_the_bots_seats_to_a_late_friend_and_gives_the_seats_link(api: TestClient) -> None:
    from tests.web_helpers import text_of

    made = api.post("/api/tables", json={"players": 6, "coach": "off", "seed": 5}).json()
    code, host = made["table"], made["host"]
    dan = api.post(f"/api/tables/{code}/seats/Dan", json={"name": "Zoe"}).json()["secret"]
    api.post(f"/api/tables/{code}/start", headers=bearer(host))
    api.get("/tables")
    csrf = {"x-csrf-token": api.cookies["lit_csrf"], "hx-request": "true"}
    as_host = {f"lit_host_{code}": host, "lit_csrf": api.cookies["lit_csrf"]}
    page = frame(api, code, as_host)
    assert "A friend came late" in page and '<option value="Bob">' in page and '<option value="Dan">' not in page
    assert "A friend came late" not in frame(api, code, {f"lit_seat_{code}": dan})  # (the host's alone)
    cookie = "; ".join(f"{k}={v}" for k, v in as_host.items())
    answer = api.post(f"/t/{code}/late", data={"seat": "Eve", "name": "Max"}, headers={**csrf, "cookie": cookie})
    assert answer.status_code == 200 and "Max may take Eve now" in text_of(answer.text)
    link = answer.text.split(f"/t/{code}#seat=")[1].split("<")[0]
    assert api.get(f"/api/tables/{code}/state", headers=bearer(link)).json()["you"] == "Eve"
    refused = api.post(f"/t/{code}/late", data={"seat": "Eve", "name": "Al"}, headers={**csrf, "cookie": cookie})
    assert "Eve is Max's seat" in text_of(refused.text)


# -- talk at the table ----------------------------------------------------------------------------------


def test_a_line_said_is_short_plain_kept_in_the_tables_file_and_never_in_the_log() -> None:
    table = Table.new("abcd2345", Options(seed=3), HOST, now=0.0)
    ann = table.take("Ann", "Ann", now=0.0)
    for text, status in (("", 400), ("   ", 400), (None, 400), ("x" * 201, 400)):
        with pytest.raises(TableError) as refused:
            table.say(ann, text, now=1.0)
        assert refused.value.status == status
    with pytest.raises(TableError) as refused:
        table.say(HOST, "hi", now=1.0)  # (the host's secret is no seat's)
    assert refused.value.status == 403
    assert table.say(ann, "x" * 200, now=1.0).text == "x" * 200
    assert table.say(ann, "<script>alert(1)</script>\n", now=2.0).text == "<script>alert(1)</script>"
    table.start(HOST, now=3.0)
    table.mute(HOST, "Ann", now=4.0)
    with pytest.raises(TableError) as refused:
        table.say(ann, "let me talk", now=5.0)
    assert refused.value.status == 403
    with pytest.raises(TableError):
        table.mute(ann, "Ann", now=5.0, on=False)  # (the host's alone)
    again = Table.load(table.text())
    assert [s.text for s in again.chat] == ["x" * 200, "<script>alert(1)</script>"] and again.muted == {"Ann"}
    again.mute(HOST, "Ann", now=6.0, on=False)
    again.say(ann, "thanks", now=7.0)
    first, _, game = again.text().partition("\n")
    old = {k: v for k, v in json.loads(first.removeprefix(TABLE_LINE)).items() if k not in ("chat", "muted")}
    assert Table.load(json.dumps({**old, "game": game})).chat == []  # a file from before the talk still loads
    while again.phase != "over":
        if again.bot_due():
            again.bot_step(now=8.0)
        else:
            again.act(ann, "auto", now=8.0)
    log = again.log()
    assert "thanks" not in log and "alert" not in log and "x" * 20 not in log


def test_the_talk_in_the_api_and_on_the_page_is_escaped_limited_and_survives_a_restart(tmp_path: Path) -> None:
    from tests.web_helpers import text_of

    with TestClient(create_app(tmp_path), raise_server_exceptions=False, client=("127.0.0.1", 5000)) as api:
        made = api.post("/api/tables", json={"players": 6, "coach": "off"}).json()
        code, host = made["table"], made["host"]
        zoe = api.post(f"/api/tables/{code}/seats/Dan", json={"name": "Zoe"}).json()["secret"]
        said = api.post(f"/api/tables/{code}/chat", json={"text": "<script>alert(1)</script>"}, headers=bearer(zoe))
        assert said.status_code == 201 and said.json() == {"seat": "Dan", "person": "Zoe",
                                                           "text": "<script>alert(1)</script>"}
        assert api.post(f"/api/tables/{code}/chat", json={"text": "hi"}).status_code == 403  # (a spectator)
        long = api.post(f"/api/tables/{code}/chat", json={"text": "y" * 201}, headers=bearer(zoe))
        assert long.status_code == 400 and "200" in long.json()["error"]
        assert "Mute Zoe (Dan)" in frame(api, code, {f"lit_host_{code}": host})
        assert api.post(f"/api/tables/{code}/seats/Dan/mute", json={}, headers=bearer(zoe)).status_code == 403
        assert api.post(f"/api/tables/{code}/seats/Dan/mute", json={}, headers=bearer(host)).json() == {
            "muted": ["Dan"]}
        muted = api.post(f"/api/tables/{code}/chat", json={"text": "hello?"}, headers=bearer(zoe))
        assert muted.status_code == 403 and "muted" in muted.json()["error"]
        assert "The host has muted you" in frame(api, code, {f"lit_seat_{code}": zoe})
        assert "Unmute Zoe (Dan)" in frame(api, code, {f"lit_host_{code}": host})
        assert api.post(f"/api/tables/{code}/seats/Dan/mute", json={"on": False}, headers=bearer(host)).json() == {
            "muted": []}
        sent = api.post(f"/t/{code}/chat", data={"text": "one more"}, headers={
            "x-csrf-token": api.cookies["lit_csrf"], "hx-request": "true",
            "cookie": f"lit_seat_{code}={zoe}; lit_csrf={api.cookies['lit_csrf']}"})
        assert sent.status_code == 200 and "one more" in sent.text
        assert 'id="chat-form"' in sent.text and 'hx-swap-oob="true"' in sent.text  # (the form back, empty)
        statuses = [api.post(f"/api/tables/{code}/chat", json={"text": f"line {n}"}, headers=bearer(zoe)).status_code
                    for n in range(10)]  # five at once (four said above), then one every 2 s
        assert statuses[0] == 201 and statuses[-1] == 429
        page = frame(api, code, {})  # a spectator's view
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "<script>alert" not in page
        assert "Zoe" in text_of(page) and "line 0" in text_of(page) and "Mute" not in page
        assert "Say to the table" not in api.get(f"/t/{code}", headers={"cookie": ""}).text  # (a spectator)
        seat = api.get(f"/t/{code}", headers={"cookie": f"lit_seat_{code}={zoe}"}).text
        assert seat.count('id="chat-form"') == 1 and "Mute" not in seat  # (outside the fragment the stream swaps)
    with TestClient(create_app(tmp_path), raise_server_exceptions=False, client=("127.0.0.1", 5000)) as api:
        state = api.get(f"/api/tables/{code}/state", headers=bearer(zoe)).json()  # the server started again
        assert [line["text"] for line in state["chat"]][:3] == ["<script>alert(1)</script>", "one more", "line 0"]
        assert "&lt;script&gt;" in frame(api, code, {})


# -- the table page: the offered ask, the coach's question, the end -------------------------------------


def frame_of(table: Table, viewer: str, **kwargs: Any) -> str:
    from trainer.render.web import render
    from trainer.render.web.table_frame import context

    t = context(table.seat_view(viewer), "/t/abcd2345", csrf="x", **kwargs)
    return render("table_frame.html", t=t, csrf_token="x")


def test_the_offered_ask_can_hit_and_the_coachs_question_sits_with_its_buttons_and_the_end_clears_advice() -> None:
    table = Table.new("abcd2345", Options(seed=11, coach=(CoachLevel.OFF, CoachLevel.ALERT)), HOST, now=0.0)
    ann = table.take("Ann", "Ann", now=0.0)
    table.set_coach(ann, "alert", now=0.0)
    table.start(HOST, now=0.0)
    offered_seen = asked_doubt = 0
    while table.phase != "over":
        if table.bot_due():
            table.bot_step(now=1.0)
            continue
        events = table.playing().state.events
        offered = table.offered_ask("Ann")
        chances = [table.seats["Ann"].coach.ask_chance(events, t, Card.parse(c))
                   for t, cs in table.options_of("Ann")["asks"].items() for c in cs]
        if offered is None:  # (the coach proves that no ask can hit: no example is offered)
            assert not any(chances) and 'placeholder="claim' in frame_of(table, "Ann")
        else:
            target, card = offered.split()
            assert table.seats["Ann"].coach.ask_chance(events, target, Card.parse(card)) == max(chances) > 0
            assert f'placeholder="{offered} · claim' in frame_of(table, "Ann")
            offered_seen += 1
        impossible = next(((t, c) for t, cs in table.options_of("Ann")["asks"].items() for c in cs
                           if table.seats["Ann"].coach.ask_chance(events, t, Card.parse(c)) == 0), None)
        if impossible is not None and not asked_doubt:
            reply = table.respond("Ann", f"{impossible[0]} {impossible[1]}", now=1.0)
            assert reply.kind == "confirm"
            page = frame_of(table, "Ann", reply=reply)
            said = page.split('<div class="said confirm" role="status">')[1].split("</div></div>")[0]
            assert "cannot hit" in said and "Ask anyway?" in said  # the question, and in the same box its buttons
            assert 'value="yes"' in said and 'value="no"' in said
            table.respond("Ann", "no", now=1.0)
            asked_doubt = 1
        table.respond("Ann", "auto", now=1.0)
    assert offered_seen > 0 and asked_doubt
    last = table.said.get("Ann")
    end = frame_of(table, "Ann", reply=last)
    assert 'data-phase="over"' in end and "Coach:" not in end and 'class="alert"' not in end
