"""Issue 56: a damaged class, table or learner file, or a JSON body of any shape, never gives a 500 or shows a
server path; the damaged thing alone is set aside (named in the log) and everything else is served.

The damage is drawn by hypothesis: random JSON, or a real file with one value at any depth replaced by a
value of any type (non-finite numbers, ``1e999``, text reading ``nan``, lone surrogates, deep nesting), or raw
text. ``WEB_FUZZ_EXAMPLES`` sets the examples per test (``benchmarks/fuzz.py --web`` runs more).
"""

from __future__ import annotations

import json
import logging
import os
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles.classes import FOLDER as CLASSES
from puzzles.classes import ClassSet
from trainer.game.errors import LiteratureError
from trainer.play.game_ids import game_id

from web_helpers import client, form

EXAMPLES = int(os.environ.get("WEB_FUZZ_EXAMPLES", "40"))
NOW = "2026-12-01T10:00:00+00:00"
ODD = ["\ud800", "x\udfffy", "nan", "NaN", "Infinity", "1e999", "", "é♠", "../../etc/passwd", "<b>x</b>"]
"""Values hand-editing or an attacker puts where a program's own values were."""

scalars = (st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.sampled_from(ODD)
           | st.text(max_size=12))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8) | st.sampled_from(ODD), inner, max_size=4),
                           max_leaves=10)
RAW = ['{"format": 1, "version": 1e999}', "[" * 100_000 + "]" * 100_000, '{"a": ' * 5000 + "1" + "}" * 5000,
       "", "\x00", '{"format": 1, "code": "\\ud800"}', "nonsense"]


@pytest.fixture(autouse=True)
def _clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LITERATURE_NOW", NOW)


def damage(draw: st.DrawFn, text: str) -> str:
    """``text`` (a file's JSON) with one value at any depth replaced, or random JSON, or raw text."""
    how = draw(st.sampled_from(["value", "value", "value", "json", "raw"]))
    if how == "json":
        return json.dumps(draw(json_values))
    if how == "raw":
        return draw(st.sampled_from(RAW))
    data = json.loads(text)
    node: Any = data
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node))) if isinstance(node, list) else []
        if not keys:
            break
        key = draw(st.sampled_from(keys))
        if draw(st.booleans()) and isinstance(node[key], dict | list) and node[key]:
            node = node[key]
            continue
        node[key] = draw(json_values | st.just("[" * 200 + "]" * 200))
        break
    return json.dumps(data)


def clean(answer: Any, home: Path, where: str, unavailable: bool = False) -> None:
    """Below 500 (or 503 when ``unavailable``: a learner's own damaged progress), and nothing of the server's
    folders or a traceback in it."""
    assert answer.status_code < 500 or (unavailable and answer.status_code == 503), (
        where, answer.status_code, answer.text[-500:])
    shown = answer.text
    assert str(home) not in shown and "Traceback" not in shown and "/tmp/" not in shown, (where, shown[-500:])


# -- classes ------------------------------------------------------------------------------------------------


@cache
def _classes(seed_home: str) -> dict[str, Any]:
    """Two real classes (each with a student who gave a wrong first answer): their files, secrets and codes."""
    home = Path(seed_home)
    teacher = client(home)
    made = []
    for _ in range(2):
        found = teacher.post("/api/classes", json={"levels": [3], "count": 2, "title": "Set é"}).json()
        student = teacher.post(f"/api/classes/{found['class']}/students", json={"name": "Zoe"}).json()["secret"]
        for n in (1, 2):
            answered = teacher.post(f"/api/classes/{found['class']}/answers", json={"puzzle": n, "answer": "Zed 2C"},
                                    headers={"authorization": f"Bearer {student}"})
            assert answered.status_code < 500
        made.append({"code": found["class"], "teacher": found["teacher"], "student": student,
                     "text": (home / CLASSES / f"{found['class']}.json").read_text()})
    return {"good": made[0], "bad": made[1]}


@st.composite
def damaged_class(draw: st.DrawFn, text: str) -> str:
    return damage(draw, text)


def test_a_damaged_class_file_refuses_that_class_alone(tmp_path_factory: pytest.TempPathFactory,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    made = _classes(str(tmp_path_factory.mktemp("seed")))
    good, bad = made["good"], made["bad"]
    seen: list[bool] = []

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(text=damaged_class(bad["text"]))
    def fuzz(text: str) -> None:
        home = tmp_path_factory.mktemp("home")
        (home / CLASSES).mkdir()
        (home / CLASSES / f"{good['code']}.json").write_text(good["text"])
        (home / CLASSES / f"{bad['code']}.json").write_text(text, errors="surrogatepass")
        try:
            ClassSet.load(text)
            readable = True
        except LiteratureError:
            readable = False
        seen.append(readable)
        caplog.clear()
        browser = client(home)  # a fresh app: the server after a restart
        code = bad["code"]
        for who, paths in (("teacher", [f"/classes/{code}", f"/api/classes/{code}/results",
                                        f"/classes/{code}/results.csv"]),
                           ("student", [f"/c/{code}", f"/c/{code}/1", f"/api/classes/{code}/puzzles/1"])):
            headers = {"authorization": f"Bearer {bad[who]}"}
            for path in paths:
                answer = browser.get(path, headers=headers)
                clean(answer, home, path)
                if not readable:
                    assert answer.status_code == 410 and "damaged" in answer.text, (path, answer.text[-300:])
        hint = browser.post(f"/api/classes/{code}/puzzles/2/hint",
                            headers={"authorization": f"Bearer {bad['student']}"})
        clean(hint, home, "hint")
        assert browser.get(f"/api/classes/{good['code']}/results",
                           headers={"authorization": f"Bearer {good['teacher']}"}).status_code == 200
        assert browser.get(f"/c/{good['code']}/1", headers={"authorization": f"Bearer {good['student']}"}
                           ).status_code == 200
        if not readable:
            assert not (home / CLASSES / f"{code}.json").exists()
            assert (home / CLASSES / f"{code}.json.damaged").exists()
            assert f"class {code}: its file cannot be read" in caplog.text

    fuzz()
    assert False in seen  # (damaged files were tried: the fuzz cannot pass unseen)


@pytest.mark.parametrize(("field", "value"), [
    ("version", "1e999"), ("created", "NaN"), ("created", '"nan"'), ("hints", '"y"'), ("title", '"\\ud800"'),
    ("version", "[" * 100_000 + "]" * 100_000), ("opened", "Infinity"), ("right", '"yes"'),
])
def test_the_damage_issue_56_found_in_class_files(tmp_path_factory: pytest.TempPathFactory, field: str,
                                                   value: str, caplog: pytest.LogCaptureFixture) -> None:
    made = _classes(str(tmp_path_factory.mktemp("seed")))
    good, bad = made["good"], made["bad"]
    found = list(re.finditer(rf'"{field}":(\[[^\]]*\]|"[^"]*"|[^,}}]*)', bad["text"]))
    where = found[-1]  # (the last: "hints" and "created" of a student's answer, not of the settings)
    text = bad["text"][:where.start()] + f'"{field}":{value}' + bad["text"][where.end():]
    assert text != bad["text"]
    home = tmp_path_factory.mktemp("home")
    (home / CLASSES).mkdir()
    (home / CLASSES / f"{good['code']}.json").write_text(good["text"])
    (home / CLASSES / f"{bad['code']}.json").write_text(text)
    browser = client(home)
    refused = browser.get(f"/api/classes/{bad['code']}/results", headers={"authorization": f"Bearer {bad['teacher']}"})
    assert refused.status_code == 410, refused.text
    clean(refused, home, field)
    assert browser.get(f"/c/{good['code']}").status_code == 200
    assert f"class {bad['code']}: its file cannot be read" in caplog.text
    assert (home / CLASSES / f"{bad['code']}.json.damaged").exists()


# -- learners -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("damage_text", [b"not a database at all" * 100, b"SQLite format 3\x00" + b"\xff" * 4000, b""])
def test_a_damaged_learner_store_shows_no_path_and_spares_the_other_learners(
        tmp_path: Path, damage_text: bytes, caplog: pytest.LogCaptureFixture) -> None:
    ann, bob = client(tmp_path), client(tmp_path)
    for browser, name in ((ann, "Ann"), (bob, "Bob")):
        assert form(browser, "/learner", {"new": name}, follow_redirects=False).status_code == 303
        assert browser.get("/stats").status_code == 200
    store = tmp_path / "learners" / "Ann" / "progress.sqlite3"
    assert store.exists()
    ann, bob = client(tmp_path), client(tmp_path)  # a restart: the store is opened again
    for browser, name in ((ann, "Ann"), (bob, "Bob")):
        form(browser, "/learner", {"name": name}, follow_redirects=False)
    store.write_bytes(damage_text)
    for path in ("/stats", "/train", "/daily", "/learn"):
        answer = ann.get(path)
        clean(answer, tmp_path, path, unavailable=True)
    assert str(store) in caplog.text  # (the log names the file; the browser was told without it)
    assert bob.get("/stats").status_code == 200


# -- JSON bodies --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("body", ['{"players": "\\ud800"}', '{"\\ud800": 1}', '{"players": NaN}',
                                  '{"players": 1e999}', '{"title": "\\ud800"}', "[" * 4000, '{"levels": [Infinity]}'])
@pytest.mark.parametrize("path", ["/api/tables", "/api/classes"])
def test_the_bodies_issue_56_found_are_refused_in_one_line(tmp_path: Path, body: str, path: str) -> None:
    browser = client(tmp_path)
    answer = browser.post(path, content=body.encode(), headers={"content-type": "application/json"})
    assert answer.status_code == 400 and list(answer.json()) in (["error"], ["error", "status"]), answer.text
    assert browser.get("/classes").status_code == 200 and not (tmp_path / CLASSES).exists()


@st.composite
def bodies(draw: st.DrawFn) -> tuple[str, bytes]:
    path = draw(st.sampled_from(["/api/tables", "/api/classes"]))
    keys = ["players", "variant", "bots", "coach", "seed", "levels", "count", "kinds", "hints", "closes", "title"]
    body = draw(st.dictionaries(st.sampled_from(keys) | st.sampled_from(ODD), json_values, max_size=4))
    return path, json.dumps(body).encode()


def test_no_json_body_of_any_type_gets_a_500(tmp_path: Path) -> None:
    browser = client(tmp_path)
    seen: list[int] = []

    @settings(max_examples=EXAMPLES * 3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(request=bodies())
    def fuzz(request: tuple[str, bytes]) -> None:
        path, body = request
        answer = browser.post(path, content=body, headers={"content-type": "application/json"})
        seen.append(answer.status_code)
        clean(answer, tmp_path, path)

    logging.getLogger("literature").setLevel(logging.WARNING)
    fuzz()
    assert 400 in seen


# -- uploads and saved games --------------------------------------------------------------------------------

KEY = "0123456789abcdef01234567"
LOGS = [b"\xff\xfe garbage", b"", b"variant: classic\n" * 10, "x\ud800".encode("utf-8", "surrogatepass"),
        b"[" * 100_000, b"variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\ndealer: Ann\n1 Ann Bob 2S yes\n"]


@pytest.mark.parametrize("data", LOGS)
def test_a_damaged_kept_log_is_said_without_a_path(tmp_path: Path, data: bytes) -> None:
    """A log kept in ``uploads/`` (or saved in ``games/``) that no longer reads: one line naming the file by its
    own name, never the data folder's path; the other pages served."""
    (tmp_path / "uploads").mkdir()
    (tmp_path / "uploads" / f"{KEY}.lit").write_bytes(data)
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "game.lit").write_bytes(data)
    browser = client(tmp_path)
    saved = f"/review/game/{game_id(tmp_path, tmp_path / 'games' / 'game.lit')}"
    for path in (f"/review/log/{KEY}", f"/review/log/{KEY}?event=1", "/review", saved, f"{saved}?event=1"):
        answer = browser.get(path)
        clean(answer, tmp_path, path)
    assert browser.get("/").status_code == 200
