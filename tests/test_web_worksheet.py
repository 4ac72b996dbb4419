"""``/worksheet``: the same puzzles and files as ``literature generate``, printable, and downloadable."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from puzzles import sheets
from puzzles.pick import Picked
from puzzles.sheets import MAX_WAITING

from command_line import run
from web_helpers import client, text_of

QUERY = "count=2&level=1&level=2&variant=classic&players=6&seed=4&title=Year+7+practice"
ARGS = ("--count", "2", "--min-level", "1", "--max-level", "2", "--variant", "classic", "--players", "6",
        "--seed", "4", "--title", "Year 7 practice")


def home() -> Path:
    return Path(os.environ["LITERATURE_HOME"])


def ready(browser: TestClient, url: str, seconds: float = 120) -> Any:
    """``url``'s answer once the set is made: a 202 says it is being prepared (the page asks again by itself)."""
    deadline = time.monotonic() + seconds
    while True:
        response = browser.get(url)
        if response.status_code != 202:
            return response
        assert '<meta http-equiv="refresh"' in response.text
        assert time.monotonic() < deadline, f"{url}: still being prepared after {seconds} s"
        time.sleep(0.05)


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What ``literature generate`` writes for the same request, every format."""
    out = tmp_path_factory.mktemp("generated")
    code, _, err = run("generate", "--out", str(out), *ARGS, "--format", "json", "--format", "md",
                       "--format", "html", "--json")
    assert code == 0, err
    return out


def test_the_form_builds_a_set_with_its_links() -> None:
    browser = client(home())
    assert "Build" in text_of(browser.get("/worksheet").text)
    page = ready(browser, f"/worksheet?{QUERY}")
    assert page.status_code == 200
    shown = text_of(page.text)
    assert "Year 7 practice" in shown and "2 puzzles of levels 1-2" in shown
    for target in ("/worksheet/sheet?", "/worksheet/answers?", "/worksheet/file/worksheet.md?",
                   "/worksheet/file/puzzles.json?"):
        assert f'href="{target}{QUERY.replace("&", "&amp;")}"' in page.text


@pytest.mark.parametrize("name", ["worksheet.md", "answers.md", "worksheet.html", "answers.html", "puzzles.json"])
def test_every_download_is_the_file_generate_writes(name: str, generated: Path) -> None:
    response = ready(client(home()), f"/worksheet/file/{name}?{QUERY}")
    assert response.status_code == 200
    assert response.headers["content-disposition"] == f'attachment; filename="{name}"'
    assert response.text == (generated / name).read_text()
    if name.endswith(".json"):
        assert len(json.loads(response.text)["puzzles"]) == 2


@pytest.mark.parametrize(("page", "name"), [("sheet", "worksheet.html"), ("answers", "answers.html")])
def test_the_printable_pages_are_generates_html_with_a_bar_that_does_not_print(page: str, name: str,
                                                                              generated: Path) -> None:
    response = ready(client(home()), f"/worksheet/{page}?{QUERY}")
    assert response.status_code == 200
    served = response.text
    bar_start, bar_end = served.index('<nav class="sheet-tools"'), served.index("</nav>") + len("</nav>\n")
    without = served[:bar_start] + served[bar_end:]
    without = without.replace('<link rel="stylesheet" href="/static/worksheet.css">\n'
                              '<script src="/static/worksheet.js" defer></script>\n', "")
    assert without == (generated / name).read_text()
    assert "@media print" in served and "@media print { nav.sheet-tools { display: none; } }" in \
        client(home()).get("/static/worksheet.css").text


@pytest.mark.parametrize(("query", "reason"), [
    ("count=0", "count: a whole number from 1 to 40"),
    ("count=41", "count: a whole number from 1 to 40"),
    ("count=x", "count: a whole number"),
    ("count=2&level=7", "level: from 1 to 6"),
    ("count=2&level=", "level: from 1 to 6"),
    ("count=2&variant=chess", "variant: both, classic or fish54"),
    ("count=2&players=7", "players: both, 6 or 8"),
    ("count=2&seed=-3", "seed: a whole number"),
    ("count=2&seed=" + "9" * 40, "seed: a whole number"),
])
def test_a_bad_request_is_a_400_with_its_reason(query: str, reason: str) -> None:
    browser = client(home())
    for url in (f"/worksheet?{query}", f"/worksheet/sheet?{query}", f"/worksheet/file/answers.md?{query}"):
        response = browser.get(url)
        assert response.status_code == 400 and reason in text_of(response.text), url


def test_an_unknown_file_is_a_404() -> None:
    assert client(home()).get(f"/worksheet/file/secret.txt?{QUERY}").status_code == 404


# -- a request never waits for a set being made ---------------------------------------------------------------


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """The picker replaced by one that waits until the test lets it go (each call noted)."""
    go = threading.Event()
    calls: list[Any] = []
    sets = sheets.Sets()

    def waiting(wanted: Any) -> Any:
        calls.append(wanted)
        go.wait(20)
        return Picked(())

    monkeypatch.setattr(sheets, "pick_set", waiting)
    monkeypatch.setattr(sheets, "Sets", lambda: sets)
    try:
        yield calls
    finally:
        go.set()
        for job in sets._made.values():  # (none left running into the next test)
            if not job.cancel():
                job.exception(timeout=20)


def _asked(seed: int) -> str:
    return f"count=1&level=1&variant=classic&players=6&seed={seed}&title=Held"


def test_a_page_answers_at_once_while_its_set_is_being_made(held: list[Any]) -> None:
    browser = client(home())
    seed = 900_001
    for url in (f"/worksheet/sheet?{_asked(seed)}", f"/worksheet?{_asked(seed)}",
                f"/worksheet/answers?{_asked(seed)}", f"/worksheet/file/puzzles.json?{_asked(seed)}"):
        began = time.monotonic()
        response = browser.get(url)
        assert time.monotonic() - began < 5, url  # (the generator is held for 20 s)
        assert response.status_code == 202, url
        assert "being prepared" in text_of(response.text), url
        assert '<meta http-equiv="refresh" content="2">' in response.text
        assert "<script>" not in response.text  # (the page asks again without a script: the CSP allows none inline)
    assert len(held) <= 1  # one set made once, whichever page asked


def test_a_page_with_nothing_asked_for_is_the_form_and_starts_nothing(held: list[Any]) -> None:
    browser = client(home())
    for url in ("/worksheet/sheet", "/worksheet/answers", "/worksheet/file/worksheet.md"):
        response = browser.get(url, follow_redirects=False)
        assert response.status_code == 303 and response.headers["location"] == "/worksheet", url
    assert "Build" in text_of(browser.get("/worksheet").text)
    assert held == []


def test_at_most_a_few_sets_are_made_at_once_the_others_are_told_to_come_back(held: list[Any]) -> None:
    browser = client(home())
    base = 800_001
    answers = [browser.get(f"/worksheet/sheet?{_asked(base + n)}") for n in range(MAX_WAITING + 2)]
    assert [a.status_code for a in answers] == [202] * (MAX_WAITING + 2)
    assert "Other worksheets are being made" in text_of(answers[-1].text)
    assert "Other worksheets are being made" not in text_of(answers[0].text)
    time.sleep(0.2)
    assert len(held) <= 1  # one made at a time, the next waits its turn, the rest were never started


def test_a_set_the_pack_cannot_meet_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    response = ready(client(home()), "/worksheet/sheet?count=40&level=6&variant=classic&players=8&seed=1")
    assert response.status_code == 400
    assert "the pack holds only" in text_of(response.text)


def test_a_set_comes_from_the_pack_and_mines_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    import puzzles.generate as generator
    from puzzles.packs import load_pack

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the worksheet mined a game")

    monkeypatch.setattr(generator, "generate", refuse)
    monkeypatch.setattr(generator, "mine_spec", refuse)
    browser = client(home())
    response = ready(browser, "/worksheet/file/puzzles.json?count=10&level=6&players=both&seed=3", seconds=30)
    assert response.status_code == 200
    ids = [p["id"] for p in json.loads(response.text)["puzzles"]]
    pack = {p.id: p for p in load_pack()}
    assert len(ids) == 10 and all(pack[i].level == 6 for i in ids)
    assert {pack[i].question.kind for i in ids} == {"locate", "claim", "certain"}


def test_a_sheet_short_of_a_kind_says_so_as_generate_does(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    query = "count=10&level=6&variant=both&players=8&seed=1&title=Level+6"  # 2 claim puzzles of level 6 at 8 players
    page = ready(client(home()), f"/worksheet/sheet?{query}", seconds=30)
    assert page.status_code == 200
    assert "The pack has too few claim puzzles of level 6: 1 of the other kinds instead." in text_of(page.text)
    summary = ready(client(home()), f"/worksheet?{query}", seconds=30)  # the page's summary says so too
    assert "The pack has too few claim puzzles of level 6: 1 of the other kinds instead." in text_of(summary.text)
    code, _, err = run("generate", "--out", str(tmp_path), "--count", "10", "--level", "6", "--players", "8",
                       "--seed", "1", "--title", "Level 6", "--format", "md", "--json")
    assert code == 0, err
    download = ready(client(home()), f"/worksheet/file/worksheet.md?{query}", seconds=30)
    assert download.text == (tmp_path / "worksheet.md").read_text(encoding="utf-8")


def test_the_defaults_are_a_quick_set() -> None:
    """Nothing chosen is 6 puzzles of levels 1-3 at 6-player tables (about a second; with 8-player games too the
    same set took half a minute)."""
    wanted, title = sheets.form_request({"count": ["6"]})
    assert (wanted.count, wanted.levels, wanted.players, title) == (6, (1, 2, 3), (6,), "Literature puzzles")
    page = client(home()).get("/worksheet").text
    assert "<option selected>6</option>" in page and "<option selected>both</option>" in page  # (the rules: both)
