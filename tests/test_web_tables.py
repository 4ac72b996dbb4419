"""Tables in the browser: the model and the JSON API (who may do what, limits, expiry, the end of a game)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.web_table_helpers import bearer
from trainer.game.notation import parse_game
from trainer.play.hall import IDLE_SECONDS
from trainer.play.limits import Limits
from trainer.play.match import CoachLevel
from trainer.play.table import AWAY_SECONDS, Options, Table, TableError
from trainer.render.play import reply_words
from trainer.render.web.table_frame import state_json

HOST = "host-secret"


def new_table(coach: tuple[CoachLevel, ...] = (CoachLevel.OFF,), players: int = 6, seed: int = 3) -> Table:
    return Table.new("abcd2345", Options(players=players, coach=coach, seed=seed), HOST, now=0.0)


# -- the model ----------------------------------------------------------------------------------


def test_a_seat_is_taken_once_and_a_full_or_begun_table_takes_no_one() -> None:
    table = new_table()
    secrets = {name: table.take(name, f"P{name}", now=0.0) for name in ("Ann", "Bob", "Cat", "Dan", "Eve")}
    with pytest.raises(TableError, match="Ann is taken") as held:
        table.take("Ann", "Xan", now=0.0)
    assert held.value.status == 409
    with pytest.raises(TableError, match="sits here already"):
        table.take("Fay", "PAnn", now=0.0)
    table.take("Fay", "Fio", now=0.0)
    with pytest.raises(TableError, match="the table is full"):
        table.take("Fay", "Gus", now=0.0)
    assert len(set(secrets.values())) == 5 and all(len(s) >= 24 for s in secrets.values())
    assert secrets["Ann"] not in table.text()  # only a hash of a secret is kept
    late = new_table()
    late.start(HOST, now=1.0)
    with pytest.raises(TableError, match="the game has begun") as begun:
        late.take("Bob", "Zoe", now=2.0)
    assert begun.value.status == 409


def test_only_the_host_starts_and_no_one_acts_for_another_seat() -> None:
    table = new_table()
    dan = table.take("Dan", "Zoe", now=0.0)
    ann = table.take("Ann", "Al", now=0.0)
    for wrong in (None, "", dan, "nonsense"):
        with pytest.raises(TableError, match="only the host") as refused:
            table.start(wrong, now=1.0)
        assert refused.value.status == 403
    table.start(HOST, now=1.0)
    assert table.match is not None and table.match.decider()[0] == "Dan"
    refused_reply = table.act(ann, "auto", now=2.0)  # Ann's secret acts for Ann only, and it is Dan's move
    assert refused_reply.kind == "invalid" and "not your move" in str(reply_words(refused_reply)[0])
    for wrong in (None, HOST, "nonsense"):
        with pytest.raises(TableError, match="seat's secret") as refused:
            table.act(wrong, "auto", now=2.0)
        assert refused.value.status == 403
    assert table.act(dan, "auto", now=2.0).kind == "moved"
    assert table.match.state.events[0].asker == "Dan"


def test_a_move_the_rules_refuse_is_one_line_and_changes_nothing() -> None:
    table = new_table()
    dan = table.take("Dan", "Zoe", now=0.0)
    table.start(HOST, now=1.0)
    version = table.version
    for line, reason in (("Cat 6D", "Dan cannot ask"), ("Zed 6D", "not at the table"), ("x" * 400, "characters long"),
                         ("pass Bob", "pass")):
        reply = table.act(dan, line, now=2.0)
        said = [str(w) for w in reply_words(reply)]
        assert reply.kind == "invalid" and len(said) == 1 and reason in said[0] and "\n" not in said[0]
    assert table.version == version and not table.match.state.events  # type: ignore[union-attr]


def test_with_the_coach_off_a_seat_sees_only_the_last_event_and_with_it_on_the_history() -> None:
    table = new_table(coach=(CoachLevel.OFF, CoachLevel.ALERT))
    dan = table.take("Dan", "Zoe", now=0.0)
    cat = table.take("Cat", "Al", now=0.0)
    table.set_coach(cat, "off", now=0.0)
    with pytest.raises(TableError, match="allows the coach off, alert"):
        table.set_coach(dan, "full", now=0.0)
    table.start(HOST, now=1.0)
    table.act(dan, "auto", now=2.0)
    while table.bot_due():
        table.bot_step(now=3.0)
    lines = [str(e) for e in table.match.state.events]  # type: ignore[union-attr]
    assert len(lines) > 1
    assert table.view("Dan")["events"] == lines and table.view("Dan")["coach"]["level"] == "alert"
    assert table.view("Cat")["events"] == lines[-1:] and table.view("Cat")["event_count"] == len(lines)
    assert table.view(None)["events"] == lines  # the table allows a coach: spectators see the history
    off = new_table()
    off.start(HOST, now=1.0)
    off.bot_step(now=2.0)
    off.bot_step(now=2.0)
    assert len(off.view(None)["events"]) == 1


def test_when_a_seats_turn_comes_it_sees_the_moves_since_its_last_in_one_place() -> None:
    from trainer.play.recap import recap
    from trainer.render.play import recap_lines

    table = new_table(coach=(CoachLevel.OFF, CoachLevel.FULL))
    dan = table.take("Dan", "Zoe", now=0.0)
    cat = table.take("Cat", "Al", now=0.0)
    table.set_coach(dan, "full", now=0.0)
    table.start(HOST, now=1.0)
    for _ in range(400):  # until Dan's turn comes back after others have moved
        match = table.match
        assert match is not None and not match.over
        turn = match.decider()[0]
        if turn == "Dan" and any(getattr(e, "asker", None) == "Dan" for e in match.state.events) \
                and recap(match.setup, match.state.events, "Dan").turns:
            break
        if table.bot_due():
            table.bot_step(now=2.0)
        else:
            table.act(dan if turn == "Dan" else cat, "auto", now=2.0)
    view = state_json(table.seat_view("Dan"))
    expected = recap_lines(recap(match.setup, match.state.events, "Dan"), match.state)
    assert view["recap"] == [str(line) for line in expected]
    assert view["recap"][0].startswith("Since your last move") and len(view["recap"]) > 1
    assert state_json(table.seat_view("Cat"))["recap"] == []  # not Cat's turn (and Cat's coach is off)
    reply = table.act(dan, "auto", now=3.0)  # the full coach's words on the move: its notes, what an ask gave away
    notes = state_json(table.seat_view("Dan"))["coach"]["notes"]
    assert [line for line in notes if "the table can" in line] or not any(
        getattr(e, "asker", None) == "Dan" for e in reply.events)


def test_a_seat_away_for_minutes_may_be_handed_to_a_bot_and_taken_back() -> None:
    table = new_table()
    dan = table.take("Dan", "Zoe", now=0.0)
    table.start(HOST, now=1.0)
    with pytest.raises(TableError, match=r"was here 60 s ago: .* after 3 minutes away"):
        table.hand_to_bot(HOST, "Dan", now=60.0)
    table.connected["Dan"] += 1  # the page is open, though quiet
    with pytest.raises(TableError, match="has the table open"):
        table.hand_to_bot(HOST, "Dan", now=1000.0)
    assert table.away(1000.0) == []  # (what the host's page offers to hand to a bot)
    table.connected["Dan"] -= 1
    assert table.away(60.0) == [] and table.away(1.0 + AWAY_SECONDS) == ["Dan"]
    with pytest.raises(TableError, match="only the host"):
        table.hand_to_bot(dan, "Dan", now=600.0)
    table.hand_to_bot(HOST, "Dan", now=1.0 + AWAY_SECONDS)
    assert table.bot_due() and table.view(None)["seats"][3]["bot"]
    with pytest.raises(TableError, match="a bot plays Dan"):
        table.act(dan, "auto", now=200.0)
    table.bot_step(now=200.0)
    table.take_back(dan, now=201.0)
    assert "Dan" in table.match.people  # type: ignore[union-attr]
    assert not table.view(None)["seats"][3]["bot"]


def test_a_table_read_back_from_its_file_goes_on_identically() -> None:
    table = new_table(players=8)
    people = {name: table.take(name, f"P{name}", now=0.0) for name in ("Bob", "Eve", "Hal")}
    table.start(HOST, now=1.0)
    copy = Table.load(table.text())

    def play(t: Table, until: int) -> None:
        while t.phase == "playing" and len(t.match.state.events) < until:  # type: ignore[union-attr]
            seat = t.match.decider()[0]  # type: ignore[union-attr]
            if t.bot_due():
                t.bot_step(now=5.0)
            else:
                t.act(people[seat], "auto", now=5.0)

    play(table, 25)
    play(copy, 25)
    copy = Table.load(copy.text())  # stopped mid-game and read back
    play(table, 10_000)
    play(copy, 10_000)
    assert table.phase == "over" and copy.log() == table.log()
    assert copy.view("Eve") == table.view("Eve")


def test_options_are_checked_field_by_field() -> None:
    assert Options.read({"variant": "classic", "players": 6, "bots": "expert", "coach": "off"}, 5) == Options(seed=5)
    for level in ("easy", "medium", "hard", "expert"):  # the levels of literature play, and its old names
        assert Options.read({"bots": level}, 1).bots.value == level
    assert [Options.read({"bots": old}, 1).bots.value for old in ("basic", "human")] == ["medium", "easy"]
    assert Options.read({"coach": ["full", "off"]}, 1).coach == (CoachLevel.OFF, CoachLevel.FULL)
    for body, field in (({"variant": "chess"}, "variant"), ({"players": "6"}, "players"),
                        ({"bots": "random"}, "bots"), ({"coach": "max"}, "coach"), ({"seed": -1}, "seed"),
                        ({"colour": 1}, "colour")):
        with pytest.raises(TableError, match=f"^{field}: "):
            Options.read(body, 1)


def test_rate_limits_refill_with_time() -> None:
    now = [0.0]
    limits = Limits(clock=lambda: now[0])
    assert [limits.allow("k", 2.0, 3) for _ in range(4)] == [True, True, True, False]
    now[0] += 0.5
    assert limits.allow("k", 2.0, 3) and not limits.allow("k", 2.0, 3)
    assert limits.allow("other", 2.0, 3)


# -- the API --------------------------------------------------------------------------------------


def wait_for(client: TestClient, code: str, secret: str | None, done: Any, seconds: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        state = client.get(f"/api/tables/{code}/state", headers=bearer(secret) if secret else {}).json()
        if done(state) or time.monotonic() > deadline:
            return dict(state)
        time.sleep(0.05)


def test_the_api_as_the_issue_writes_it(api: TestClient) -> None:
    made = api.post("/api/tables", json={"variant": "classic", "players": 6, "bots": "expert", "coach": "off",
                                         "seed": 3})
    assert made.status_code == 201
    table = made.json()
    code, host = table["table"], table["host"]
    assert table["seats"] == ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
    zoe = api.post(f"/api/tables/{code}/seats/Dan", json={"name": "Zoe"})
    assert zoe.status_code == 201
    secret = zoe.json()["secret"]
    again = api.post(f"/api/tables/{code}/seats/Dan", json={"name": "Al"})
    assert again.status_code == 409 and again.json() == {"error": "Dan is taken (by Zoe)"}
    assert api.post(f"/api/tables/{code}/start", headers=bearer(secret)).status_code == 403
    assert api.post(f"/api/tables/{code}/start", headers=bearer(host)).status_code == 200
    state = api.get(f"/api/tables/{code}/state", headers=bearer(secret)).json()
    assert {"you", "hand", "hand_sizes", "events", "turn", "over", "score"} <= set(state)
    assert state["you"] == "Dan" and state["turn"] == "Dan" and len(state["hand"]) == 8
    spectator = api.get(f"/api/tables/{code}/state").json()
    assert "you" not in spectator and "hand" not in spectator and spectator["hand_sizes"] == state["hand_sizes"]
    wrong = api.post(f"/api/tables/{code}/moves", headers=bearer(secret), json={"move": "Cat 6D"})
    assert wrong.status_code == 400 and list(wrong.json()) == ["error"]
    assert api.post(f"/api/tables/{code}/moves", json={"move": "auto"}).status_code == 403
    moved = api.post(f"/api/tables/{code}/moves", headers=bearer(secret), json={"move": "auto"})
    assert moved.status_code == 200 and moved.json()["moved"] and moved.json()["event_count"] == 1
    assert api.get(f"/api/tables/{code}/log").status_code == 409
    while True:
        state = wait_for(api, code, secret, lambda s: s["over"] or s["turn"] == "Dan")
        if state["over"]:
            break
        assert api.post(f"/api/tables/{code}/moves", headers=bearer(secret), json={"move": "auto"}).status_code == 200
    log = api.get(f"/api/tables/{code}/log")
    assert log.status_code == 200 and "hand Ann:" in log.text and log.text.count(" asks ") > 10
    deadline = time.monotonic() + 60
    while (review := api.get(f"/api/tables/{code}/review", headers=bearer(secret))).status_code == 409:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert review.json()["you"] == "Dan" and isinstance(review.json()["own"], list)
    assert "own" not in api.get(f"/api/tables/{code}/review").json()


def test_the_api_refuses_in_one_json_line(api: TestClient) -> None:
    code = api.post("/api/tables", json={}).json()["table"]
    cases = [
        (api.post("/api/tables", json={"players": 7}), 400),
        (api.post("/api/tables", content=b"[1, 2]", headers={"content-type": "application/json"}), 400),
        (api.post("/api/tables", content=b"{nope", headers={"content-type": "application/json"}), 400),
        (api.post(f"/api/tables/{code}/seats/Dan", json={"name": "x" * 25}), 400),
        (api.post(f"/api/tables/{code}/seats/Dan", json={"name": "<b>"}), 400),
        (api.post(f"/api/tables/{code}/seats/Zed", json={"name": "Zoe"}), 404),
        (api.post("/api/tables/zzzzzzzz/seats/Dan", json={"name": "Zoe"}), 404),
        (api.post(f"/api/tables/{code}/seats/Dan", json={"name": "Zoe", "pad": "x" * 5000}), 413),
        (api.post(f"/api/tables/{code}/moves", json={"move": "auto"}, headers=bearer("nobody")), 403),
        (api.get(f"/api/tables/{code}/log"), 409),
        (api.get(f"/api/tables/{code}/review"), 409),
    ]
    for response, status in cases:
        assert response.status_code == status, response.text
        assert list(response.json()) == ["error"] and "\n" not in response.json()["error"]


def test_too_many_actions_are_refused_for_a_while(api: TestClient) -> None:
    code = api.post("/api/tables", json={}).json()["table"]
    statuses = [api.post(f"/api/tables/{code}/start", headers=bearer("x")).status_code for _ in range(45)]
    assert statuses[:40] == [403] * 40 and statuses[-1] == 429


def test_a_table_nobody_touches_expires(tmp_path: Path) -> None:
    from trainer.play.hall import Hall

    now = [1000.0]
    hall = Hall(tmp_path, clock=lambda: now[0])
    table = Table.new("abcd2345", Options(), HOST, now[0])
    hall._save(table)
    hall.load_all()
    assert hall.get("abcd2345") is not None
    now[0] += IDLE_SECONDS + 1
    with pytest.raises(TableError, match="may have expired") as gone:
        hall.get("abcd2345")
    assert gone.value.status == 404 and not hall.path("abcd2345").exists()


def test_the_table_file_is_json_with_the_complete_game(api: TestClient, tmp_path: Path) -> None:
    made = api.post("/api/tables", json={"seed": 9}).json()
    api.post(f"/api/tables/{made['table']}/start", headers=bearer(made["host"]))
    state = wait_for(api, made["table"], None, lambda s: s["event_count"] >= 3)
    saved = (tmp_path / "tables" / f"{made['table']}.lit").read_text()
    assert saved.startswith("# literature table: {") and saved.count("\nhand ") == 6 and saved.count(" asks ") >= 3
    assert parse_game(saved).events == Table.load(saved).match.game().events  # type: ignore[union-attr]
    assert made["host"] not in saved and state["phase"] in ("playing", "over")


def test_the_leak_scan_finds_a_card_of_another_hand() -> None:
    from tests.web_table_helpers import leaks

    message = {"you": "Ann", "hand": ["2D", "3D"], "events": ["Cat asks Bob for 6D: no"], "score": [0, 0],
               "options": {"asks": {"Bob": ["4D"]}, "claims": {"LD": ["2D", "3D", "4D", "5D", "6D", "7D"]}}}
    assert leaks(message, {"2D", "3D"}, ["Cat asks Bob for 6D: no"]) == []
    assert leaks({**message, "seats": [{"name": "Bob", "note": "holds 9S"}]}, {"2D", "3D"}, []) == [
        "event 'Cat asks Bob for 6D: no' is not a public event", "9S"]
    assert leaks({**message, "options": {"asks": {"Bob": ["KS"]}}}, {"2D", "3D"}, message["events"]) == ["ask KS"]


def test_after_the_game_a_learner_finds_the_moments_they_missed_in_their_queue(tmp_path: Path) -> None:
    import functools

    from puzzles.session import queue_missed
    from puzzles.store import Progress
    from trainer.play.hall import Hall

    table = new_table(seed=4)
    zoe = table.take("Bob", "Zoe", now=0.0, learner="Zoe")
    table.take("Dan", "Al", now=0.0)  # no learner here: nothing is queued for him
    table.start(HOST, now=1.0)
    table.hand_to_bot(HOST, "Dan", now=1.0 + AWAY_SECONDS)
    while table.phase == "playing":
        if table.bot_due():
            table.bot_step(now=500.0)
            continue
        asks = table.view("Bob")["options"].get("asks") or {}
        target = max(asks, default=None)  # the last target, its last card: no thought at all
        table.act(zoe, f"{target} {asks[target][-1]}" if target else "auto", now=500.0)
    store = tmp_path / "zoe.sqlite3"
    queues = {"Zoe": functools.partial(queue_missed, store_path=store)}
    hall = Hall(tmp_path, learner_queue=queues.get)
    hall._finish(table)
    assert table.ending is not None and set(table.ending["queued"]) == {"Bob"}  # (Dan's person is no learner here)
    missed, added = table.ending["queued"]["Bob"]
    assert missed == added >= 1 and hall.end(table, "Bob").queued == (missed, added)
    assert hall.end(table, "Dan").queued is None
    assert {n.player for n in hall.end(table, "Bob").notes} == {"Bob"} and hall.review(table).public.notes
    hall._finish(table)  # once only
    with Progress(store) as progress:
        assert len(progress.due_reviews()) == added


def test_the_pages_of_a_table(api: TestClient) -> None:
    from tests.web_helpers import text_of

    page = api.get("/tables")
    assert page.status_code == 200 and "New table" in page.text and 'action="/tables/new"' in page.text
    assert "<script" not in page.text.split("</head>")[1]  # no script of ours: forms and htmx
    code = api.post("/api/tables", json={"players": 8, "coach": "full"}).json()["table"]
    table = api.get(f"/t/{code}")
    assert table.status_code == 200 and f'sse-connect="/t/{code}/stream?since=' in table.text
    assert "8 players" in text_of(table.text) and "you are watching" in text_of(table.text)
    assert text_of(table.text).count("Sit here") == 8
    assert "not over yet" in text_of(api.get(f"/t/{code}/review").text)
    missing = api.get("/t/zzzzzzzz")
    assert missing.status_code == 404 and "may have expired" in text_of(missing.text)
    assert api.get("/t/..%2Fetc").status_code == 404
    assert api.get("/static/table.js").status_code == 404 and api.get("/static/table.css").status_code == 200


def test_the_tables_seed_never_reaches_a_client_before_the_game_is_over(
        api: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The seed alone deals every hand: the server draws it, no client may choose it (it would know the deal),
    and no answer, page or pushed message holds it while the game goes on."""
    from trainer.play.hall import Listener
    from trainer.web.table_api import shown

    monkeypatch.delenv("LITERATURE_TABLE_SEEDS")
    refused = api.post("/api/tables", json={"players": 6, "seed": 3})
    assert refused.status_code == 400 and refused.json()["error"].startswith("seed: a table's deal is the server's")
    made = api.post("/api/tables", json={"players": 6, "coach": "full"})
    code, host = made.json()["table"], made.json()["host"]
    seen = [made.text]
    secrets = {}
    for name in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay"):  # (people in every seat: no bot ends the game meanwhile)
        taken = api.post(f"/api/tables/{code}/seats/{name}", json={"name": f"P{name}"})
        seen.append(taken.text)
        secrets[name] = taken.json()["secret"]
    seen.append(api.post(f"/api/tables/{code}/start", headers=bearer(host)).text)
    seed = Table.load((tmp_path / "tables" / f"{code}.lit").read_text()).options.seed
    assert seed >= 2**20  # (drawn by the server: seven random bytes)
    turn = api.get(f"/api/tables/{code}/state").json()["turn"]
    secret = secrets[turn]
    seen.append(api.post(f"/api/tables/{code}/moves", json={"move": "auto"}, headers=bearer(secret)).text)
    for headers in ({}, bearer(secret), bearer(host)):
        for url in (f"/api/tables/{code}/state", f"/api/tables/{code}/log", f"/api/tables/{code}/review",
                    f"/t/{code}", f"/t/{code}/review", "/tables", "/"):
            seen.append(api.get(url, headers=headers).text)
    table = api.app.state.table_hall.get(code)  # type: ignore[attr-defined]
    seen += [shown(table.seat_view(viewer), Listener(viewer, html=html), 0.0, 0.0)  # (what the streams push)
             for viewer in (None, *secrets) for html in (None, "token")]
    assert not table.view(None)["over"]
    for text in seen:
        assert str(seed) not in text
