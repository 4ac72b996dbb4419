"""Issue 39: what a table keeps holds against damage and look-alikes, and is private.

A table file of any shape refuses its own table only (kept aside, named in the log, its players told it is
damaged), never a 500, and every other table is served after a restart; names that look alike are one name
at a table; the files holding secrets or a learner's data are created 0600 whatever the umask.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles.store import Progress
from trainer.game.errors import LiteratureError
from trainer.play.game_ids import game_id
from trainer.play.hall import FOLDER
from trainer.play.match import Match, Seating
from trainer.play.saved import save
from trainer.play.table import TABLE_LINE, Options, Table, TableError

from web_helpers import client, token

GOOD, BAD = "good2345", "bad23456"


def _table(code: str, started: bool) -> Table:
    table = Table.new(code, Options(seed=3), "host-secret", now=time.time())
    if started:
        table.take("Dan", "Zoe", now=time.time())
        table.start("host-secret", now=time.time())
    return table


def _valid(started: bool) -> dict[str, Any]:
    """A table's record and game as the files before issue 53 kept them (one JSON object), which are still read."""
    first, _, game = _table(BAD, started).text().partition("\n")
    data: dict[str, Any] = json.loads(first.removeprefix(TABLE_LINE))
    return {**data, "game": game or None}


json_values = st.recursive(  # (issue 56: non-finite numbers, text reading "nan", lone surrogates too)
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=20)
    | st.sampled_from(["\ud800", "nan", "-inf", "1e999", "[" * 200]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@st.composite
def damaged(draw: st.DrawFn) -> str:
    """A table file's text: random JSON, or a real table's file with one value (at any depth) replaced."""
    if draw(st.booleans()):
        return json.dumps(draw(json_values))
    data = _valid(draw(st.booleans()))
    node: Any = data
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node))) if isinstance(node, list) else []
        if not keys:
            break
        key = draw(st.sampled_from(keys))
        if draw(st.booleans()) and isinstance(node[key], dict | list) and node[key]:
            node = node[key]
            continue
        node[key] = draw(json_values)
        break
    return json.dumps(data)


@settings(max_examples=int(os.environ.get("WEB_FUZZ_EXAMPLES", "60")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=damaged())
def test_a_damaged_table_file_refuses_that_table_alone(tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    home = tmp_path_factory.mktemp("home")
    folder = home / FOLDER
    folder.mkdir()
    (folder / f"{GOOD}.json").write_text(_table(GOOD, True).text())
    (folder / f"{BAD}.json").write_text(text, errors="surrogatepass")
    browser = client(home)  # a fresh app: the server after a restart
    try:
        Table.load(text)
        readable = True
    except LiteratureError:
        readable = False
    for path in (f"/t/{BAD}", f"/api/tables/{BAD}/state", f"/t/{BAD}/review", f"/api/tables/{BAD}/log"):
        answer = browser.get(path)
        assert answer.status_code < 500, (path, answer.status_code, answer.text[-500:])
        assert str(home) not in answer.text and "Traceback" not in answer.text, (path, answer.text[-500:])
        if not readable:
            assert answer.status_code == 410 and "damaged" in answer.text, (path, answer.text[-300:])
    assert browser.get(f"/t/{GOOD}").status_code == 200
    assert browser.get(f"/api/tables/{GOOD}/state").status_code == 200
    if not readable:
        assert not (folder / f"{BAD}.json").exists() and (folder / f"{BAD}.json.damaged").read_text() == text


def test_the_damaged_file_is_named_in_the_log(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    folder = tmp_path / FOLDER
    folder.mkdir()
    (folder / f"{BAD}.json").write_text("[]")
    (folder / f"{GOOD}.json").write_text(_table(GOOD, False).text())
    browser = client(tmp_path)
    assert browser.get(f"/t/{GOOD}").status_code == 200
    assert f"table {BAD}: its file cannot be read" in caplog.text and f"{BAD}.json.damaged" in caplog.text
    refused = browser.get(f"/api/tables/{BAD}/state")
    assert refused.status_code == 410 and "may have expired" not in refused.json()["error"]


@pytest.mark.parametrize("other", ["Alice", "Аlice", "Ａｌｉｃｅ", "Alice.", "alice", " ALICE- ", "Аlісе",
                                   "AIice", "ᴀlice", "Aʟice", "Alıce", "Alíce"])  # (the last five: issue 56)
def test_names_that_look_alike_are_one_name_at_a_table(other: str) -> None:
    table = _table(GOOD, False)
    table.take("Ann", "Alice", now=0.0)
    with pytest.raises(TableError) as refused:
        table.take("Bob", other, now=0.0)
    assert refused.value.status == 409 and "Alice" in refused.value.message
    table.take("Bob", "Alicia", now=0.0)  # another name is another name


def test_files_holding_secrets_or_a_learners_data_are_private(tmp_path: Path) -> None:
    old = os.umask(0o002)  # a umask that would leave them readable by others
    try:
        browser = client(tmp_path)
        made = browser.post("/api/tables", json={"players": 6})
        assert made.status_code == 201
        code = made.json()["table"]
        saved = save(Match.new(Seating(seed=3, started="2026-12-01T00:42:00+00:00")), tmp_path / "games")
        game_id(tmp_path, saved)  # makes the web key
        with Progress(tmp_path / "progress.sqlite3") as store:
            store.rating()
        private = [tmp_path / FOLDER / f"{code}.lit", saved, tmp_path / "progress.sqlite3",
                   *tmp_path.glob("*key*")]
        assert len(private) >= 4
        for path in private:
            assert path.stat().st_mode & 0o077 == 0, (path, oct(path.stat().st_mode))
    finally:
        os.umask(old)


def test_watchers_never_lock_a_player_out(tmp_path: Path) -> None:
    """70 spectators' streams: 48 are let in (at most 4 per address), the others told 429, never a 5xx; the
    seated players' streams still open, and a seat's fifth stream closes its own oldest, never the new one."""
    import asyncio

    from trainer.play.hall import MAX_PER_SEAT, MAX_SPECTATORS, MAX_SPECTATORS_PER_ADDRESS, Hall

    hall = Hall(tmp_path)
    table, _ = asyncio.run(hall.create(Options(seed=3)))
    table.take("Dan", "Zoe", now=time.time())
    watching, refused = [], 0
    for number in range(70):
        try:
            watching.append(hall.subscribe(table.code, None, address=f"10.0.{number % 20}.1"))
        except TableError as error:
            assert error.status == 429
            refused += 1
    assert (len(watching), refused) == (MAX_SPECTATORS, 70 - MAX_SPECTATORS)
    with pytest.raises(TableError) as crowded:
        hall.subscribe(table.code, None, address="10.9.9.9")
    assert crowded.value.status == 429
    seat = [hall.subscribe(table.code, "Dan", address="10.0.0.1") for _ in range(MAX_PER_SEAT + 1)]
    assert [s.dropped for s in seat] == [True] + [False] * MAX_PER_SEAT
    assert table.connected["Dan"] == MAX_PER_SEAT
    for listener in watching[:5]:
        hall.unsubscribe(table.code, listener)
    mine = [hall.subscribe(table.code, None, address="10.8.0.1") for _ in range(MAX_SPECTATORS_PER_ADDRESS)]
    assert len(mine) == MAX_SPECTATORS_PER_ADDRESS
    with pytest.raises(TableError) as greedy:
        hall.subscribe(table.code, None, address="10.8.0.1")
    assert greedy.value.status == 429 and "of yours" in greedy.value.message
    hall.unsubscribe(table.code, seat[1])
    hall.unsubscribe(table.code, seat[1])  # said twice (the stream's end and a drop): counted once
    assert table.connected["Dan"] == MAX_PER_SEAT - 1


def test_a_finished_table_keeps_no_bots_or_coaches_knowledge() -> None:
    """What a next move would need (a megabyte or two a table) is let go once the game is over: a server keeps
    its finished tables for a day."""
    table = _table(GOOD, True)
    assert table.match is not None
    while not table.match.over:
        if table.bot_due():
            table.bot_step(now=0.0)
        else:
            table.respond(table.match.decider()[0], "auto", now=0.0)
    assert table.match.table.bots  # (the bots kept theirs: each expert its last solve)
    table.rest()
    assert not table.match.table.bots and table.seats["Dan"].coach._known is None
    assert table.view("Dan")["events"] == table.view(None)["events"]  # the table still shows its game


@pytest.mark.parametrize(("field", "value"), [("seen", "NaN"), ("seen", '"nan"'), ("created", "1e999"),
                                              ("version", "1e999"), ("name", '"\\ud800"')])
def test_the_damage_issue_56_found_in_table_files(tmp_path: Path, field: str, value: str) -> None:
    folder = tmp_path / FOLDER
    folder.mkdir()
    (folder / f"{GOOD}.lit").write_text(_table(GOOD, True).text())
    text = re.sub(rf'"{field}": [^,\n}}]*', lambda _: f'"{field}": {value}', _table(BAD, True).text(), count=1)
    (folder / f"{BAD}.lit").write_text(text)
    browser = client(tmp_path)
    for path in (f"/api/tables/{BAD}/state", f"/t/{BAD}"):
        assert browser.get(path).status_code == 410
    assert browser.get(f"/api/tables/{GOOD}/state").status_code == 200


@pytest.mark.parametrize("umask", [0o000, 0o022])
def test_folders_the_server_creates_are_private_whatever_the_umask(tmp_path: Path, umask: int) -> None:
    """Issue 56, row 10: no other user of the computer lists the codes of tables and classes or the learners."""
    old = os.umask(umask)
    try:
        home = tmp_path / "home"
        browser = client(home)
        assert browser.post("/api/tables", json={"players": 6}).status_code == 201
        assert browser.post("/api/classes", json={"levels": [3], "count": 2}).status_code == 201
        assert browser.post("/learner", data={"new": "Ann", "csrf": token(browser)},
                            follow_redirects=False).status_code == 303
        assert browser.get("/stats").status_code == 200
        save(Match.new(Seating(seed=3, started="2026-12-01T00:42:00+00:00")), home / "games")
        made = [home, home / FOLDER, home / "classes", home / "learners", home / "learners" / "Ann", home / "games"]
        for folder in made:
            assert folder.is_dir() and folder.stat().st_mode & 0o777 == 0o700, (folder, oct(folder.stat().st_mode))
    finally:
        os.umask(old)


@pytest.mark.parametrize(("first", "other"), [("Zoe", "ᴢoe"), ("Zoe", "Ƶoe"), ("Alice", "AIice"), ("Alice", "Alíce")])
def test_names_that_look_alike_are_one_name_in_a_class(first: str, other: str) -> None:
    from puzzles.classes import ClassError, ClassSet, Settings

    found = ClassSet.new("abcd2345", Settings(), "teacher", ["p-1"], now=0.0)
    found.join(first, 0.0)
    with pytest.raises(ClassError) as refused:
        found.join(other, 0.0)
    assert refused.value.status == 409
    found.join("Ian", 0.0)
    found.join("Lan", 0.0)  # (I and L do not look alike: two names)


def test_a_table_is_kept_as_its_games_log_and_an_old_json_file_is_written_again_as_one(tmp_path: Path) -> None:
    """One saved form for every table (issue 53): a friends' table's file is its game's complete .lit, which
    `literature check` reads as it reads a saved game; a table kept as JSON before is read, then kept as a .lit."""
    from command_line import run

    folder = tmp_path / FOLDER
    folder.mkdir()
    old = _table(GOOD, True)
    first, _, game = old.text().partition("\n")
    record = json.loads(first.removeprefix(TABLE_LINE))
    (folder / f"{GOOD}.json").write_text(json.dumps({**record, "game": game}))  # the file as it was before
    browser = client(tmp_path)
    assert browser.get(f"/api/tables/{GOOD}/state").status_code == 200
    assert not (folder / f"{GOOD}.json").exists() and (folder / f"{GOOD}.lit").read_text() == old.text()
    code, out, err = run("check", str(folder / f"{GOOD}.lit"))
    assert code == 0, (out, err)
