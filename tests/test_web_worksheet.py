"""``/worksheet``: the same puzzles and files as ``literature generate``, printable, and downloadable."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from command_line import run
from web_helpers import client, text_of

QUERY = "count=2&level=1&level=2&variant=classic&players=6&seed=4&title=Year+7+practice"
ARGS = ("--count", "2", "--min-level", "1", "--max-level", "2", "--variant", "classic", "--players", "6",
        "--seed", "4", "--title", "Year 7 practice")


def home() -> Path:
    return Path(os.environ["LITERATURE_HOME"])


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
    page = browser.get(f"/worksheet?{QUERY}")
    assert page.status_code == 200
    shown = text_of(page.text)
    assert "Year 7 practice" in shown and "2 puzzles of levels 1-2" in shown
    for target in ("/worksheet/sheet?", "/worksheet/answers?", "/worksheet/file/worksheet.md?",
                   "/worksheet/file/puzzles.json?"):
        assert f'href="{target}{QUERY.replace("&", "&amp;")}"' in page.text


@pytest.mark.parametrize("name", ["worksheet.md", "answers.md", "worksheet.html", "answers.html", "puzzles.json"])
def test_every_download_is_the_file_generate_writes(name: str, generated: Path) -> None:
    response = client(home()).get(f"/worksheet/file/{name}?{QUERY}")
    assert response.status_code == 200
    assert response.headers["content-disposition"] == f'attachment; filename="{name}"'
    assert response.text == (generated / name).read_text()
    if name.endswith(".json"):
        assert len(json.loads(response.text)["puzzles"]) == 2


@pytest.mark.parametrize(("page", "name"), [("sheet", "worksheet.html"), ("answers", "answers.html")])
def test_the_printable_pages_are_generates_html_with_a_bar_that_does_not_print(page: str, name: str,
                                                                              generated: Path) -> None:
    response = client(home()).get(f"/worksheet/{page}?{QUERY}")
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
