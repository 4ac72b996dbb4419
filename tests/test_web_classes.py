"""Class sets through the JSON API and the pages: a teacher makes a set, students answer, the results are right.

Every answer a test gives is worked out from the puzzle's own record (the right one, or a wrong one made from
it), never written in the test; the clock is the test's (``LITERATURE_NOW``), moved forward where the closing
date and the expiry are tested.
"""

from __future__ import annotations

import csv
import io
import json
import re
import stat
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from puzzles import classes
from puzzles.classes import pack_puzzle
from puzzles.marking import format_answer, mark_text
from puzzles.model import Puzzle
from trainer.game.cards import Card
from trainer.web.app import create_app

from web_helpers import form, text_of

NOW = "2026-12-01T10:00:00+00:00"


@pytest.fixture(autouse=True)
def _clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LITERATURE_NOW", NOW)


def app_client(home: Path) -> TestClient:
    return TestClient(create_app(home), raise_server_exceptions=False, client=("127.0.0.1", 5000))


def browser(app: Any) -> TestClient:
    """One browser (its own cookies) of a shared app."""
    return TestClient(app, raise_server_exceptions=False, client=("127.0.0.1", 50000), base_url="http://127.0.0.1:8000")


def bearer(secret: str) -> dict[str, str]:
    return {"authorization": f"Bearer {secret}"}


def right(puzzle: Puzzle) -> str:
    return format_answer(puzzle.expected)


def wrong(puzzle: Puzzle) -> str:
    """A wrong answer to ``puzzle`` that reads well: two of its asked cards' holders swapped, or one moved."""
    answer = dict(puzzle.expected)
    cards = [c for c in puzzle.asked if c not in puzzle.own_cards]
    holders = sorted({answer[c] for c in cards if c in answer})
    candidates = [p for p in (puzzle.team if puzzle.question.kind == "claim" else puzzle.players) if p != puzzle.viewer]
    for card in cards:
        for other in candidates:
            if answer.get(card) != other:
                text = format_answer({**answer, card: other})
                if not mark_text(puzzle, text).correct:
                    return text
    raise AssertionError(f"no wrong answer found for {puzzle.id} ({holders})")


def make(api: TestClient, **settings: Any) -> dict[str, Any]:
    body = {"levels": [3, 4], "count": 4, "kinds": ["locate", "claim", "certain"], "variant": "classic",
            "players": 6, "hints": True, **settings}
    response = api.post("/api/classes", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


def join(api: TestClient, code: str, name: str) -> str:
    response = api.post(f"/api/classes/{code}/students", json={"name": name})
    assert response.status_code == 201, response.text
    return str(response.json()["secret"])


def send(api: TestClient, code: str, secret: str, n: int, text: str) -> dict[str, Any]:
    response = api.post(f"/api/classes/{code}/answers", json={"puzzle": n, "answer": text}, headers=bearer(secret))
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_a_teacher_makes_a_set_three_students_answer_and_the_results_and_csv_are_right(tmp_path: Path) -> None:
    api = app_client(tmp_path)
    made = make(api)
    code, teacher, ids = made["class"], made["teacher"], made["puzzles"]
    assert len(ids) == 4 and len(set(ids)) == 4 and made["expires"].startswith("2027-01-30")
    puzzles = [pack_puzzle(i) for i in ids]
    assert {p.level for p in puzzles} <= {3, 4} and all(p.variant.value == "classic" for p in puzzles)
    ann, bob, cat = (join(api, code, name) for name in ("Ann", "Bob", "Cat"))

    # Ann: right at once on 1 and 2; Bob: wrong, then right (practice) on 1, a hint then right on 2; Cat: wrong on 1
    for n in (1, 2):
        api.get(f"/api/classes/{code}/puzzles/{n}", headers=bearer(ann))
        verdict = send(api, code, ann, n, right(puzzles[n - 1]))
        assert verdict["correct"] and verdict["counted"]
    first = send(api, code, bob, 1, wrong(puzzles[0]))
    assert not first["correct"] and first["counted"] and first["mark"]["wrong"]
    again = send(api, code, bob, 1, right(puzzles[0]))
    assert again["correct"] and not again["counted"]
    hint = api.post(f"/api/classes/{code}/puzzles/2/hint", headers=bearer(bob))
    assert hint.status_code == 200 and hint.json()["taken"] == 1
    send(api, code, bob, 2, right(puzzles[1]))
    send(api, code, cat, 1, wrong(puzzles[0]))

    results = api.get(f"/api/classes/{code}/results", headers=bearer(teacher)).json()
    by_name = {s["name"]: s["answers"] for s in results["students"]}
    assert [a["first"] for a in by_name["Ann"]] == ["right", "right", "none", "none"]
    assert [(a["first"], a["tries"], a["hints"]) for a in by_name["Bob"][:2]] == [("wrong", 2, 0), ("right", 1, 1)]
    assert [a["first"] for a in by_name["Cat"]] == ["wrong", "none", "none", "none"]
    assert by_name["Ann"][0]["seconds"] == 0.0  # (the clock stands still in tests)
    one, two, three = results["puzzles"][:3]
    assert one["id"] == ids[0] and one["right_share"] == pytest.approx(1 / 3, abs=0.001) and one["answered"] == 3
    assert one["wrong_answers"][0]["answer"] == wrong(puzzles[0]) and one["wrong_answers"][0]["count"] == 2
    assert one["wrong_answers"][0]["mark"]["wrong"] == first["mark"]["wrong"]
    symbols = {Card.parse(code).symbol for code in first["mark"]["wrong"]}  # the JSON's text draws cards as symbols
    assert all(line.split(":")[0] in symbols for line in one["wrong_answers"][0]["why"])
    assert two["right_share"] == 1.0 and three["right_share"] is None and three["wrong_answers"] == []

    table = api.get(f"/api/classes/{code}/results.csv", headers=bearer(teacher))
    assert table.status_code == 200 and table.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(table.text)))
    assert [r["name"] for r in rows] == ["Ann", "Bob", "Cat"]
    assert [r["right"] for r in rows] == ["2", "1", "0"]
    assert rows[1]["p1 first"] == "wrong" and rows[1]["p1 tries"] == "2" and rows[1]["p2 hints"] == "1"
    assert rows[2]["p1 answer"] == wrong(puzzles[0])


def test_a_student_sees_no_answer_level_theme_or_explanation_before_answering(tmp_path: Path) -> None:
    api = app_client(tmp_path)
    made = make(api, count=3)
    code = made["class"]
    zoe = join(api, code, "Zoe")
    for n, puzzle_id in enumerate(made["puzzles"], start=1):
        puzzle = pack_puzzle(puzzle_id)
        before = api.get(f"/api/classes/{code}/puzzles/{n}", headers=bearer(zoe))
        assert before.status_code == 200
        shown = before.json()
        assert not {"answer", "level", "theme", "explanation", "techniques", "id"} & set(shown)
        assert puzzle_id not in before.text and puzzle.difficulty.name not in before.text
        assert shown["you"] == puzzle.viewer and len(shown["history"]) == len(puzzle.game.events)
        send(api, code, zoe, n, wrong(puzzle))
        after = api.get(f"/api/classes/{code}/puzzles/{n}", headers=bearer(zoe)).json()
        assert after["answer"] == right(puzzle) and after["level"] == puzzle.level
        assert after["theme"] == puzzle.difficulty.name and len(after["explanation"]) == len(puzzle.explanation)
        assert after["first"]["outcome"] == "wrong"


def test_refusals_are_4xx_with_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    api = app_client(tmp_path)
    for body, status in [({"count": 41}, 400), ({"count": "ten"}, 400), ({"levels": [7]}, 400), ({"levels": []}, 400),
                         ({"kinds": ["guess"]}, 400), ({"players": 7}, 400), ({"hints": "yes"}, 400),
                         ({"colour": "red"}, 400), ({"closes": "2026-11-30"}, 400), ({"closes": "soon"}, 400),
                         ({"levels": [6], "players": 8, "variant": "fish54", "count": 40, "kinds": ["claim"]}, 409)]:
        response = api.post("/api/classes", json=body)
        assert response.status_code == status and list(response.json()) == ["error"], (body, response.text)
    assert api.post("/api/classes", content=b"[1, 2]", headers={"content-type": "application/json"}).status_code == 400
    huge = api.post("/api/classes", content=b"{" * 5000, headers={"content-type": "application/json"})
    assert huge.status_code == 413
    made = make(api, hints=False)
    code, teacher = made["class"], made["teacher"]
    zoe = join(api, code, "Zoe")
    for name in ("zoe", "Zое", "ＺＯＥ", "Zoe."):  # (Cyrillic о, е; fullwidth; a trailing dot)
        taken = api.post(f"/api/classes/{code}/students", json={"name": name})
        assert taken.status_code == 409 and "Zoe" in taken.json()["error"]
    assert api.post(f"/api/classes/{code}/students", json={"name": "<b>"}).status_code == 400
    assert api.get(f"/api/classes/{code}/puzzles/1").status_code == 403
    assert api.get(f"/api/classes/{code}/puzzles/1", headers=bearer(teacher)).status_code == 403
    assert api.get(f"/api/classes/{code}/puzzles/0", headers=bearer(zoe)).status_code == 404
    assert api.get(f"/api/classes/{code}/puzzles/5", headers=bearer(zoe)).status_code == 404
    assert api.get(f"/api/classes/{code}/results", headers=bearer(zoe)).status_code == 403
    assert api.get(f"/api/classes/{code}/results.csv", headers=bearer(zoe)).status_code == 403
    assert api.get(f"/api/classes/{code}/results").status_code == 403
    assert api.get("/api/classes/zzzzzzzz/results", headers=bearer(teacher)).status_code == 404
    assert api.post(f"/api/classes/{code}/puzzles/1/hint", headers=bearer(zoe)).status_code == 403  # hints off
    for body in ({"puzzle": 1, "answer": ""}, {"puzzle": 1, "answer": "hint"}, {"puzzle": 1, "answer": "Zed 6D"},
                 {"puzzle": 1}, {"puzzle": "1", "answer": "x"}):
        refused = api.post(f"/api/classes/{code}/answers", json=body, headers=bearer(zoe))
        assert refused.status_code in (400, 404) and refused.json()["error"], body
    results = api.get(f"/api/classes/{code}/results", headers=bearer(teacher)).json()
    assert results["students"][0]["answers"][0]["tries"] == 0  # (nothing unreadable was counted)

    monkeypatch.setattr(classes, "MAX_STUDENTS", 2)
    join(api, code, "Yan")
    full = api.post(f"/api/classes/{code}/students", json={"name": "Xia"})
    assert full.status_code == 409 and "full" in full.json()["error"]


def test_hints_are_two_at_most_and_creating_is_rate_limited(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    api = app_client(tmp_path)
    code = make(api, count=1)["class"]
    zoe = join(api, code, "Zoe")
    given = [api.post(f"/api/classes/{code}/puzzles/1/hint", headers=bearer(zoe)) for _ in range(3)]
    assert [r.status_code for r in given] == [200, 200, 409]
    assert given[0].json()["hint"].startswith("Nudge") and given[1].json()["hint"].startswith("Clue")
    monkeypatch.setattr(classes, "MAX_CLASSES", 3)
    statuses = [api.post("/api/classes", json={"levels": [3], "count": 1}).status_code for _ in range(3)]
    assert statuses == [201, 201, 503]
    monkeypatch.setattr(classes, "MAX_CLASSES", 1000)
    statuses = [api.post("/api/classes", json={"levels": [3], "count": 1}).status_code for _ in range(25)]
    assert 429 in statuses and statuses.index(429) >= 15


def test_after_the_closing_date_only_practice_is_taken_and_the_class_expires(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    api = app_client(tmp_path)
    made = make(api, count=2, closes="2026-12-01")
    code, teacher = made["class"], made["teacher"]
    assert made["closes"] == "2026-12-02T00:00:00+00:00"
    zoe = join(api, code, "Zoe")
    one, two = (pack_puzzle(i) for i in made["puzzles"])
    send(api, code, zoe, 1, right(one))
    monkeypatch.setenv("LITERATURE_NOW", "2026-12-02T00:00:01+00:00")
    late = api.post(f"/api/classes/{code}/answers", json={"puzzle": 2, "answer": right(two)}, headers=bearer(zoe))
    assert late.status_code == 409 and "closed" in late.json()["error"]
    assert send(api, code, zoe, 1, wrong(one))["counted"] is False  # practice on an answered puzzle
    assert api.post(f"/api/classes/{code}/students", json={"name": "Yan"}).status_code == 409
    assert api.get(f"/api/classes/{code}/results", headers=bearer(teacher)).status_code == 200
    monkeypatch.setenv("LITERATURE_NOW", "2027-01-30T10:00:00+00:00")
    gone = api.get(f"/api/classes/{code}/results", headers=bearer(teacher))
    assert gone.status_code == 404 and not (tmp_path / "classes" / f"{code}.json").exists()


def test_a_class_is_kept_across_restarts_with_its_secrets_hashed_and_its_file_private(tmp_path: Path) -> None:
    api = app_client(tmp_path)
    made = make(api, count=2)
    code, teacher = made["class"], made["teacher"]
    zoe = join(api, code, "Zoe")
    puzzle = pack_puzzle(made["puzzles"][0])
    send(api, code, zoe, 1, wrong(puzzle))
    before = api.get(f"/api/classes/{code}/results", headers=bearer(teacher)).json()
    file = tmp_path / "classes" / f"{code}.json"
    assert stat.S_IMODE(file.stat().st_mode) == 0o600
    text = file.read_text(encoding="utf-8")
    assert teacher not in text and zoe not in text

    again = app_client(tmp_path)  # a new server over the same data folder
    assert again.get(f"/api/classes/{code}/results", headers=bearer(teacher)).json() == before
    assert send(again, code, zoe, 1, right(puzzle))["counted"] is False
    assert again.get(f"/api/classes/{code}/puzzles/2", headers=bearer(zoe)).status_code == 200


def test_a_damaged_file_refuses_its_class_only_and_is_kept_aside(tmp_path: Path) -> None:
    api = app_client(tmp_path)
    kept, broken = make(api, count=1), make(api, count=1)
    path = tmp_path / "classes" / f"{broken['class']}.json"
    path.write_text(json.dumps({"format": 1, "code": broken["class"]}), encoding="utf-8")
    again = app_client(tmp_path)
    refused = again.get(f"/api/classes/{broken['class']}/results", headers=bearer(broken["teacher"]))
    assert refused.status_code == 410 and "damaged" in refused.json()["error"]
    assert path.with_name(path.name + ".damaged").exists() and not path.exists()
    assert again.get(f"/api/classes/{kept['class']}/results", headers=bearer(kept["teacher"])).status_code == 200
    assert again.get(f"/c/{broken['class']}").status_code == 410


def test_the_pages_a_teacher_makes_a_set_a_student_joins_answers_and_the_grid_shows_it(tmp_path: Path) -> None:
    app = create_app(tmp_path)
    teacher, student, other, moved = (browser(app) for _ in range(4))
    assert "A set for a class" in teacher.get("/").text
    made = form(teacher, "/classes", {"title": "Year 7", "level_from": "3", "level_to": "4", "count": "3",
                                      "kind": "claim", "variant": "classic", "players": "6", "hints": "yes"},
                follow_redirects=False)
    assert made.status_code == 303
    base = made.headers["location"]
    code = base.rsplit("/", 1)[-1]
    page = teacher.get(base)
    assert page.status_code == 200 and "Year 7" in page.text and f"/c/{code}" in page.text
    assert "No student has joined yet" in page.text and "deleted on 2027-01-30" in text_of(page.text)
    assert student.get(base).status_code == 403  # (no teacher's cookie)
    assert student.get(f"{base}/results.csv").status_code == 403

    assert 'name="name"' in student.get(f"/c/{code}").text
    joined = form(student, f"/c/{code}/join", {"name": "Zoe"}, follow_redirects=False)
    assert joined.status_code == 303 and joined.headers["location"] == f"/c/{code}/1"
    taken = form(other, f"/c/{code}/join", {"name": "ZOE"})
    assert taken.status_code == 409 and "choose a name" in taken.text
    puzzle_page = student.get(f"/c/{code}/1")
    assert puzzle_page.status_code == 200 and "puzzle 1 of 3" in puzzle_page.text
    secret = student.cookies.get(f"lit_class_{code}")
    assert secret
    assert teacher.get(f"{base}/results.csv").text.startswith("name,")
    first = pack_puzzle(_ids(tmp_path, code)[0])
    reply = form(student, f"/c/{code}/1", {"do": "answer", "line": right(first)}, headers={"hx-request": "true"})
    assert reply.status_code == 200 and "Correct" in reply.text and "Why, step by step" in reply.text
    assert not re.search(r"Level \d · ([\w ]+) \(\1\)", text_of(reply.text))  # never "ask history (ask history)"
    second = pack_puzzle(_ids(tmp_path, code)[1])
    reply = form(student, f"/c/{code}/2", {"do": "hint"}, headers={"hx-request": "true"})
    assert "Nudge" in reply.text
    reply = form(student, f"/c/{code}/2", {"do": "answer", "line": wrong(second)}, headers={"hx-request": "true"})
    assert "Wrong" in reply.text and "first answer is the one that counts" in reply.text
    grid = text_of(teacher.get(f"{base}/grid").text)
    assert "Zoe" in grid and "✓" in grid and "✗" in grid and "50% right" not in grid and "0% right" in grid
    # the teacher sees why, in the third person: the step that rules the named holder out, and each explanation
    assert "answered " in grid and "you said" not in grid and re.search(r"step \d+ rules \w+ out: \S", grid), grid
    assert grid.count("Why (the explanation)") == 3
    sheet, key = teacher.get(f"{base}/sheet"), teacher.get(f"{base}/answers")
    assert sheet.status_code == 200 and "Puzzle 3" in sheet.text and "Year 7" in sheet.text
    assert right(first).split(",")[0].split()[0] in key.text and "answer key" in key.text
    # the seat link, opened in another browser
    resumed = form(moved, f"/c/{code}/resume", {"secret": secret}, follow_redirects=False)
    assert resumed.status_code == 303
    assert "You are" in moved.get(f"/c/{code}").text and "Zoe" in moved.get(f"/c/{code}").text


def _ids(home: Path, code: str) -> list[str]:
    return list(json.loads((home / "classes" / f"{code}.json").read_text(encoding="utf-8"))["puzzles"])


def test_every_address_docs_classes_gives_is_a_route_of_the_classes() -> None:
    from trainer.web import classes as class_routes

    doc = (Path(__file__).resolve().parent.parent / "docs" / "classes.md").read_text(encoding="utf-8")
    found = re.findall(r"`(GET|POST) (/api/classes[^` ]*)`", doc)
    routes = {(method, route.path) for route in class_routes.routes for method in route.methods or ()}
    assert len(found) >= 7
    for method, path in found:
        assert (method, path.replace("CODE", "{code}").replace("/N", "/{n:int}")) in routes, (method, path)
    for image in re.findall(r"\(img/([^)]+\.png)\)", doc):
        assert (Path(__file__).resolve().parent.parent / "docs" / "img" / image).exists(), image


def test_a_card_named_that_is_not_certain_gets_a_deal_that_puts_it_elsewhere(tmp_path: Path) -> None:
    app = create_app(tmp_path)
    api, student = browser(app), browser(app)
    made = make(api, levels=[1, 2, 3, 4, 5, 6], kinds=["certain"], count=12)
    code = made["class"]
    zoe = join(api, code, "Zoe")
    form(student, f"/c/{code}/join", {"name": "Yan"})
    found = [(n, p) for n, p in enumerate(map(pack_puzzle, made["puzzles"]), start=1)
             if any(c not in p.expected and c not in p.own_cards for c in p.asked)]
    assert found, "no certain puzzle of the set has a card that is not certain"
    n, puzzle = found[0]
    card = next(c for c in puzzle.asked if c not in puzzle.expected and c not in puzzle.own_cards)
    said = next(p for p in puzzle.players if p != puzzle.viewer)
    guess = format_answer({**puzzle.expected, card: said})
    verdict = send(api, code, zoe, n, guess)
    assert verdict["mark"]["wrong"][str(card)] == {"said": said, "actual": None, "mistake": "not certain"}
    deal = verdict["deal"]
    assert deal["card"] == str(card) and deal["said"] == said and str(card) not in deal["hands"][said]
    assert any(str(card) in cards for cards in deal["hands"].values())
    page = form(student, f"/c/{code}/{n}", {"do": "answer", "line": guess}, headers={"hx-request": "true"})
    assert 'class="deal"' in page.text and 'class="refutes"' in page.text
