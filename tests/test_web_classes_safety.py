"""Class sets keep their secrets: a leak scan of every response a student gets, and a fuzz that never gets a 500.

The leak scan follows two students through a set, by the API and by the pages: before a student's first answer
to a puzzle, nothing they are sent about it holds its answer (a card beside its holder, in any of the ways a page
writes one), its explanation, its theme or level, or its id; no response of theirs holds another student's name
or answers, nor the results. The fuzz sends random requests to every route of the classes (with a real class's
code and secrets, or wrong ones) and asserts that every answer is below 500.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from test_web_leaks import assert_hides

from puzzles.classes import pack_puzzle
from puzzles.marking import format_answer, mark_text
from puzzles.model import Puzzle
from trainer.web import classes as class_routes
from trainer.web.app import create_app

from web_helpers import token

NOW = "2026-12-01T10:00:00+00:00"


@pytest.fixture(autouse=True)
def _clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LITERATURE_NOW", NOW)


def browser(app: Any) -> TestClient:
    return TestClient(app, raise_server_exceptions=False, client=("127.0.0.1", 50000), base_url="http://127.0.0.1:8000")


def wrong(puzzle: Puzzle) -> str:
    answer = dict(puzzle.expected)
    for card in puzzle.asked:
        for other in puzzle.team if puzzle.question.kind == "claim" else puzzle.players:
            text = format_answer({**answer, card: other})
            if other != puzzle.viewer and card not in puzzle.own_cards and not mark_text(puzzle, text).correct:
                return text
    raise AssertionError(puzzle.id)


class Student:
    """One student's browser, and every response it got, each with the puzzle it was about (0: none)."""

    def __init__(self, app: Any, name: str) -> None:
        self.web = browser(app)
        self.name = name
        self.seen: list[tuple[int, str, str]] = []
        self.answered: set[int] = set()
        self.hinted: set[int] = set()
        self.secret = ""

    def keep(self, about: int, where: str, response: Any) -> Any:
        assert response.status_code < 500, (where, response.text[-500:])
        self.seen.append((about, where, response.text))
        return response

    def api(self, method: str, path: str, about: int = 0, **options: Any) -> Any:
        headers = {"authorization": f"Bearer {self.secret}"} if self.secret else {}
        return self.keep(about, f"{method} {path}", self.web.request(method, path, headers=headers, **options))

    def page(self, method: str, path: str, about: int = 0, **data: str) -> Any:
        if method == "GET":
            return self.keep(about, path, self.web.get(path))
        return self.keep(about, f"POST {path}", self.web.post(path, data={**data, "csrf": token(self.web)},
                                                               headers={"hx-request": "true"}))


def test_a_student_is_sent_no_answer_before_theirs_and_nothing_of_another_student(tmp_path: Path) -> None:
    app = create_app(tmp_path)
    teacher = browser(app)
    made = teacher.post("/api/classes", json={"levels": [2, 3, 4, 5], "count": 6, "hints": True}).json()
    code, ids = made["class"], made["puzzles"]
    puzzles = [pack_puzzle(i) for i in ids]
    xavier, yolanda = Student(app, "Xavier"), Student(app, "Yolanda")
    joined = xavier.api("POST", f"/api/classes/{code}/students", json={"name": "Xavier"})
    xavier.secret = joined.json()["secret"]
    yolanda.page("GET", f"/c/{code}")
    yolanda.keep(0, "join", yolanda.web.post(f"/c/{code}/join", data={"name": "Yolanda", "csrf": token(yolanda.web)}))

    for n, puzzle in enumerate(puzzles, start=1):
        # Xavier by the API: reads, a hint, something unreadable, a wrong first answer, the puzzle again
        xavier.api("GET", f"/api/classes/{code}/puzzles/{n}", n)
        if n % 2:
            xavier.api("POST", f"/api/classes/{code}/puzzles/{n}/hint", n)
            xavier.hinted.add(n)
        xavier.api("POST", f"/api/classes/{code}/answers", n, json={"puzzle": n, "answer": "Zed 2C"})
        xavier.api("GET", f"/api/classes/{code}/results")
        xavier.api("GET", f"/api/classes/{code}/results.csv")
        xavier.api("POST", f"/api/classes/{code}/answers", n, json={"puzzle": n, "answer": wrong(puzzle)})
        xavier.answered.add(n)
        xavier.api("GET", f"/api/classes/{code}/puzzles/{n}", n)
        # Yolanda by the pages, after Xavier answered: the page, a hint, something unreadable, then her answer
        yolanda.page("GET", f"/c/{code}/{n}", n)
        if n % 2 == 0:
            yolanda.page("POST", f"/c/{code}/{n}", n, do="hint")
            yolanda.hinted.add(n)
        yolanda.page("POST", f"/c/{code}/{n}", n, do="answer", line="hint")
        yolanda.page("GET", f"/c/{code}")
        yolanda.page("GET", f"/classes/{code}")
        yolanda.page("GET", f"/classes/{code}/results.csv")
        if n < len(puzzles):  # (the last one she never answers)
            yolanda.page("POST", f"/c/{code}/{n}", n, do="answer", line=format_answer(puzzle.expected))
            yolanda.answered.add(n)
            yolanda.page("GET", f"/c/{code}/{n}", n)

    results = teacher.get(f"/api/classes/{code}/results", headers={"authorization": f"Bearer {made['teacher']}"})
    assert [s["name"] for s in results.json()["students"]] == ["Xavier", "Yolanda"]
    for student, other in ((xavier, yolanda), (yolanda, xavier)):
        open_before: set[int] = set()
        answered: set[int] = set()
        for about, where, text in student.seen:
            for forbidden in (other.name, *ids, made["teacher"], '"students"', "right_share", "p1 first"):
                assert forbidden not in text, f"{student.name}, {where}: {forbidden!r}"
            flat = text.replace(" ", "")
            if '"answered":true' in flat or '"counted":true' in flat or "Why, step by step" in text:
                answered.add(about)  # (this response, and the later ones, come after the student's answer)
            if about and about not in answered:
                assert_hides(text, puzzles[about - 1], f"{student.name}, {where}", hinted=about in student.hinted)
                open_before.add(about)
        assert open_before == set(range(1, len(puzzles) + 1))
        assert answered == student.answered  # (the scan saw each answer come, and only then)
    assert any("Why, step by step" in text for _, _, text in yolanda.seen)


# -- the fuzz ------------------------------------------------------------------------------------------------

ROUTES = [(route.path, sorted(route.methods or {"GET"})) for route in class_routes.routes]
text = st.one_of(st.sampled_from(["", "1", "0", "41", "-1", "hint", "none", "reveal", "Bob 6D", "Ann 2S 3S",
                                  "é♠", "<b>x</b>", "x" * 3000, "2026-12-31", "true", "null"]),
                 st.text(max_size=30))
json_values = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-5, 50), text),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(text, inner, max_size=3),
                           max_leaves=8)
KEYS = ["levels", "count", "kinds", "variant", "players", "hints", "closes", "title", "name", "puzzle", "answer",
        "line", "do", "secret", "level_from", "level_to", "kind", "x"]


@st.composite
def requests(draw: st.DrawFn, code: str, n: str) -> tuple[str, str, dict[str, Any], str]:
    path, methods = draw(st.sampled_from(ROUTES))
    path = path.replace("{code}", draw(st.sampled_from([code, code, "zzzzzzzz", "x", "abcd2345"]))).replace(
        "{n:int}", draw(st.sampled_from([n, "1", "0", "99", "7"])))
    method = draw(st.sampled_from([*methods, "GET", "POST"]))
    options: dict[str, Any] = {}
    body = draw(st.sampled_from(["json", "form", "raw", "none"])) if method == "POST" else "none"
    if body == "json":
        options["content"] = json.dumps(draw(st.dictionaries(st.sampled_from(KEYS) | text, json_values, max_size=5)))
        options["headers"] = {"content-type": "application/json"}
    elif body == "form":
        options["data"] = draw(st.dictionaries(st.sampled_from(KEYS), text, max_size=5))
    elif body == "raw":
        options["content"] = draw(st.binary(max_size=200))
        options["headers"] = {"content-type": draw(st.sampled_from(["application/json", "text/plain", ""]))}
    who = draw(st.sampled_from(["student", "teacher", "nobody", "junk"]))
    return method, path, options, who


EXAMPLES = int(os.environ.get("WEB_FUZZ_EXAMPLES", "250"))


def test_no_request_to_the_classes_gets_a_500(tmp_path: Path) -> None:
    app = create_app(tmp_path)
    web = browser(app)
    made = web.post("/api/classes", json={"levels": [3], "count": 3}).json()
    secret = web.post(f"/api/classes/{made['class']}/students", json={"name": "Zoe"}).json()["secret"]
    bearer = {"student": secret, "teacher": made["teacher"], "nobody": "", "junk": "a b%00" + "x" * 120}
    seen: list[int] = []

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(request=requests(made["class"], "2"))
    def fuzz(request: tuple[str, str, dict[str, Any], str]) -> None:
        method, path, options, who = request
        headers = dict(options.pop("headers", {}))
        if bearer[who]:
            headers["authorization"] = f"Bearer {bearer[who]}"
        if "data" in options:
            options["data"] = {**options["data"], "csrf": token(web)}
            headers["x-csrf-token"] = token(web)
        answer = web.request(method, path, headers=headers, follow_redirects=False, **options)
        seen.append(answer.status_code)
        assert answer.status_code < 500, f"{method} {path} {options} {who}: {answer.status_code}\n{answer.text[-1500:]}"
        if path.startswith("/api/") and answer.status_code >= 400 and method != "HEAD":
            assert list(json.loads(answer.text)) in (["error"], ["error", "status"]), answer.text

    fuzz()
    assert {200, 400, 403, 404} <= set(seen), sorted(set(seen))
