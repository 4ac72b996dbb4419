"""Tables over a real server: whole games scanned for leaks, every message saved before it is sent, a restart."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from starlette.testclient import TestClient

from tests.web_table_helpers import Stream, bearer, leaks, live_server
from trainer.game.notation import parse_game
from trainer.play.table import Table
from trainer.web.app import create_app

PEOPLE = ("Bob", "Cat", "Fay")


def saved_events(home: Path, code: str) -> int:
    """How many events the table's file holds now."""
    table = Table.load((home / "tables" / f"{code}.lit").read_text())
    return len(table.match.state.events) if table.match is not None else -1


def play_out(base: str, code: str, secrets: dict[str, str], streams: dict[str | None, Stream]) -> None:
    """Each person plays ``auto`` when their own stream says it is their move, until the game is over."""
    deadline = time.monotonic() + 240
    with httpx.Client(base_url=base, timeout=30) as client:
        while time.monotonic() < deadline:
            views = {seat: streams[seat].last() for seat in secrets}
            if any(v.get("over") for v in views.values()):
                return
            for seat, view in views.items():
                if view.get("turn") == seat and view.get("phase") == "playing":
                    response = client.post(f"/api/tables/{code}/moves", headers=bearer(secrets[seat]),
                                           json={"move": "auto"})
                    assert response.status_code in (200, 400), response.text
            time.sleep(0.02)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players", [6, 8])
def test_no_client_receives_a_card_it_may_not_see(tmp_path: Path, players: int) -> None:
    with live_server(tmp_path) as base, httpx.Client(base_url=base, timeout=30) as client:
        made = client.post("/api/tables", json={"players": players, "coach": "off", "seed": 11 + players}).json()
        code = made["table"]
        received: list[tuple[str | None, dict[str, Any]]] = []
        secrets: dict[str, str] = {}
        for seat in PEOPLE:
            taken = client.post(f"/api/tables/{code}/seats/{seat}", json={"name": f"P {seat}"})
            received.append((seat, taken.json()))
            secrets[seat] = taken.json()["secret"]
        url = f"{base}/api/tables/{code}/events"
        streams = {seat: Stream(url, secrets[seat], lambda m: saved_events(tmp_path, code)) for seat in PEOPLE}
        streams[None] = Stream(url, None, lambda m: saved_events(tmp_path, code))
        started = client.post(f"/api/tables/{code}/start", headers=bearer(made["host"]))
        received.append((None, started.json()))
        play_out(base, code, secrets, streams)
        for seat in (*PEOPLE, None):
            state = client.get(f"/api/tables/{code}/state", headers=bearer(secrets.get(seat or "")))
            received.append((seat, state.json()))
        time.sleep(0.5)
        for stream in streams.values():
            stream.close()
        game = parse_game(client.get(f"/api/tables/{code}/log").text)
    states = list(game.states())
    lines = [str(e) for e in game.events]
    scanned = 0
    for seat, stream in streams.items():
        assert stream.messages, f"{seat}'s stream said nothing"
        for (_, message), on_file in zip(stream.messages, stream.seen, strict=True):
            received.append((seat, message))
            if message.get("phase") != "waiting":
                assert on_file >= message["event_count"], "a move was announced before it was saved"
    for seat, message in received:
        count = message.get("event_count", 0)
        hand = {str(c) for c in states[count].hands[seat]} if seat is not None and "event_count" in message else set()
        if seat is not None and "hand" in message and message.get("phase") != "waiting":
            assert set(message["hand"]) == hand
        assert leaks(message, hand, lines[:count]) == [], (seat, message)
        scanned += 1
    assert scanned > 3 * len(lines)  # every event reached every client


def test_a_restart_mid_game_resumes_every_seat_and_the_game_goes_on_identically(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LITERATURE_TABLE_PACE", "0")
    monkeypatch.setenv("LITERATURE_TABLE_SEEDS", "1")

    def game(home: Path, stop_at: int | None) -> str:
        app = create_app(home)
        client = TestClient(app, client=("127.0.0.1", 5000))
        client.__enter__()
        made = client.post("/api/tables", json={"players": 6, "seed": 42}).json()
        code = made["table"]
        secrets = {s: client.post(f"/api/tables/{code}/seats/{s}", json={"name": s.lower()}).json()["secret"]
                   for s in PEOPLE}
        client.post(f"/api/tables/{code}/start", headers=bearer(made["host"]))
        restarted = False
        while True:
            state = client.get(f"/api/tables/{code}/state").json()
            if state["over"]:
                break
            if stop_at is not None and not restarted and state["event_count"] >= stop_at:
                client.__exit__(None, None, None)  # the server stops mid-game
                client = TestClient(create_app(home), client=("127.0.0.1", 5000))
                client.__enter__()
                restarted = True
                for seat, secret in secrets.items():  # every seat resumes with its secret
                    again = client.get(f"/api/tables/{code}/state", headers=bearer(secret)).json()
                    assert again["you"] == seat and again["event_count"] >= stop_at
                continue
            if state["turn"] in secrets:
                client.post(f"/api/tables/{code}/moves", headers=bearer(secrets[state["turn"]]), json={"move": "auto"})
            else:
                time.sleep(0.02)
        log = client.get(f"/api/tables/{code}/log").text
        client.__exit__(None, None, None)
        assert stop_at is None or restarted
        return log.split("\n", 1)[1]

    whole = game(tmp_path / "a", None)
    assert game(tmp_path / "b", 40) == whole


def test_ctrl_c_ends_the_live_streams_at_once_and_says_only_stopped(tmp_path: Path) -> None:
    """Stopping the server with table pages open: their streams end at once (uvicorn would otherwise wait its
    grace period, then cancel them with an error in the log), the bots stop, and all it says is ``Stopped.``."""
    import os
    import re
    import signal
    import subprocess
    import sys
    import threading

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root), "LITERATURE_HOME": str(tmp_path), "LITERATURE_TABLE_PACE": "0.5"}
    server = subprocess.Popen([sys.executable, "-m", "trainer", "serve", "--port", "0"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        found = re.match(r"literature serve: (http://127\.0\.0\.1:\d+)/", server.stdout.readline())
        assert found
        base = found.group(1)
        with httpx.Client(base_url=base, timeout=10) as client:
            made = client.post("/api/tables", json={"players": 6}).json()
            code = made["table"]
            secret = client.post(f"/api/tables/{code}/seats/Ann", json={"name": "Zoe"}).json()["secret"]
            client.post(f"/api/tables/{code}/start", headers=bearer(made["host"]))  # the bots play on
        ends: list[str] = []
        messages: list[str] = []

        def listen(headers: dict[str, str]) -> None:
            try:
                with httpx.stream("GET", f"{base}/api/tables/{code}/events", headers=headers, timeout=30) as answer:
                    messages.extend(line for line in answer.iter_lines() if line.startswith("data:"))
                ends.append("ended")
            except httpx.HTTPError as error:
                ends.append(repr(error))

        readers = [threading.Thread(target=listen, args=(h,), daemon=True) for h in ({}, bearer(secret))]
        for reader in readers:
            reader.start()
        deadline = time.monotonic() + 30  # (a guard against a hang only: the streams' first messages are waited for)
        while len(messages) < 2 and time.monotonic() < deadline:  # both streams open, their first message read
            time.sleep(0.02)
        assert len(messages) >= 2
        began = time.monotonic()
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=20)
        took = time.monotonic() - began
    finally:
        if server.poll() is None:
            server.kill()
            server.communicate()
    for reader in readers:
        reader.join(5)
    assert server.returncode == 0, err
    assert took < 3, took
    assert err == "", err  # no traceback, no "Cancel 2 running task(s)" error
    assert out.strip() == "Stopped."
    assert ends == ["ended", "ended"]  # each stream ended as a stream ends, not cut off


def test_the_pages_live_stream_sends_each_viewer_its_own_fragment_and_no_card_it_may_not_see(tmp_path: Path) -> None:
    """``/t/CODE/stream`` (what the page's htmx listens to): a seat's browser (its cookie) and a spectator's get
    the table's fragment after every change, the seat's with its hand, the spectator's with none; every card a
    fragment names is in the seat's hand at that moment (the fragment says which: ``data-events``) or public."""
    import re
    import threading

    from tests.web_play_helpers import cards_named, read_frame, scannable

    frames: dict[str, list[str]] = {"seat": [], "spectator": []}
    with live_server(tmp_path, pace=0.0) as base, httpx.Client(base_url=base, timeout=30) as seat:
        seat.get("/tables")
        csrf = {"x-csrf-token": seat.cookies["lit_csrf"], "hx-request": "true"}
        made = seat.post("/api/tables", json={"players": 6, "coach": "off", "bots": "medium", "seed": 5}).json()
        code = made["table"]
        assert seat.post(f"/t/{code}/sit", data={"seat": "Bob", "name": "Zoe"}, headers=csrf).status_code == 200

        def listen(kind: str, cookies: httpx.Cookies | None) -> None:
            with httpx.Client(base_url=base, timeout=httpx.Timeout(30.0, read=None), cookies=cookies) as client, \
                    client.stream("GET", f"/t/{code}/stream") as answer:
                assert answer.headers["content-type"].startswith("text/event-stream")
                lines: list[str] = []
                for line in answer.iter_lines():
                    if line.startswith("data: "):
                        lines.append(line[6:])
                    elif not line and lines:
                        frames[kind].append("\n".join(lines))
                        lines = []
                        if 'data-over="1"' in frames[kind][-1]:
                            return

        readers = [threading.Thread(target=listen, args=("seat", seat.cookies), daemon=True),
                   threading.Thread(target=listen, args=("spectator", None), daemon=True)]
        for reader in readers:
            reader.start()
        time.sleep(0.3)
        seat.post(f"/api/tables/{code}/start", headers=bearer(made["host"]))
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            now = read_frame(seat.get(f"/t/{code}/frame", headers=csrf).text)
            if now["over"]:
                break
            if now["your_move"]:
                seat.post(f"/t/{code}/act", data={"line": "auto"}, headers=csrf)
            time.sleep(0.01)
        for reader in readers:
            reader.join(10)
        game = parse_game(seat.get(f"/api/tables/{code}/log").text)
    states = list(game.states())
    events = list(game.events)
    assert len(frames["seat"]) > 10 and len(frames["spectator"]) > 10
    for kind, texts in frames.items():
        for text in texts:
            count = read_frame(text)["events"]
            assert ("you are watching" in text) == (kind == "spectator") and "<html" not in text
            if count >= len(events):
                continue
            public = {c.code for e in events[:count] for c in ([e.card] if hasattr(e, "card") else
                                                                e.half_suit.cards if hasattr(e, "half_suit") else [])}
            hand = {c for c in states[count].hands["Bob"]} if kind == "seat" else set()
            may = public | {c.code for c in hand} | {c.code for h in {c.half_suit for c in hand} for c in h.cards}
            assert cards_named(scannable(text)) <= may, (kind, count, sorted(cards_named(scannable(text)) - may))
            if kind == "seat" and 'data-phase="playing"' in text:
                mine = text.split('aria-label="your hand"')[1].split("</div>")[0]
                assert set(re.findall(r'data-card="(\w+)"', mine)) == {c.code for c in hand}
