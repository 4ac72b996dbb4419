"""The web app's foundation: pages, error pages, the learner choice, CSRF, the body limit, ``literature serve``."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from trainer.web.security import MAX_BODY

from web_helpers import client, form, text_of

ROOT = Path(__file__).resolve().parent.parent


def test_home_page_is_served_with_the_nav_and_a_form_token(tmp_path: Path) -> None:
    browser = client(tmp_path)
    page = browser.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    for link in ("/daily", "/train", "/stats", "/play", "/review", "/worksheet"):
        assert f'href="{link}"' in page.text
    assert browser.cookies.get("lit_csrf") in page.text  # the token the forms and scripts send back
    assert page.headers["x-content-type-options"] == "nosniff"
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert browser.get("/static/app.css").status_code == 200


def test_an_unknown_address_is_a_404_page(tmp_path: Path) -> None:
    page = client(tmp_path).get("/no/such/page")
    assert page.status_code == 404
    assert "There is no page at /no/such/page." in text_of(page.text)


def test_a_form_without_its_token_or_from_another_site_is_refused(tmp_path: Path) -> None:
    browser = client(tmp_path)
    browser.get("/")
    refused = browser.post("/learner", data={"new": "Ann"})
    assert refused.status_code == 403
    assert "reload the page" in text_of(refused.text)
    assert not (tmp_path / "learners" / "Ann").exists()
    token = browser.cookies["lit_csrf"]
    other = browser.post("/learner", data={"new": "Ann", "csrf": token}, headers={"origin": "https://evil.example"})
    assert other.status_code == 403 and "evil.example" in other.text
    cross = browser.post("/learner", data={"new": "Ann", "csrf": token}, headers={"sec-fetch-site": "cross-site"})
    assert cross.status_code == 403
    assert not (tmp_path / "learners" / "Ann").exists()
    ok = form(browser, "/learner", {"new": "Ann"}, follow_redirects=False)
    assert ok.status_code == 303
    assert (tmp_path / "learners" / "Ann").is_dir()


def test_a_body_over_5_mb_is_refused_before_it_is_read(tmp_path: Path) -> None:
    browser = client(tmp_path)
    browser.get("/")
    read = 0

    def body():  # a generator: the client streams it, and we count what the server takes
        nonlocal read
        for _ in range(MAX_BODY // 65536 + 10):
            read += 65536
            yield b"x" * 65536

    declared = browser.post("/learner", content=b"x" * 10, headers={"content-length": str(MAX_BODY + 1)})
    assert declared.status_code == 413
    assert "nothing of it was read" in text_of(declared.text)
    streamed = browser.post("/learner", content=body(), headers={"x-csrf-token": browser.cookies["lit_csrf"]})
    assert streamed.status_code == 413


def test_a_browser_elsewhere_picks_a_learner_first_and_keeps_it(tmp_path: Path) -> None:
    browser = client(tmp_path, remote=True)
    page = browser.get("/learner")
    assert "this computer's learner" in text_of(page.text)
    assert form(browser, "/learner", {"new": "../../x"}).status_code == 400
    made = form(browser, "/learner", {"new": " Room  4b ", "next": "//evil.example/"}, follow_redirects=False)
    assert made.status_code == 303 and made.headers["location"] == "/"
    assert (tmp_path / "learners" / "Room 4b").is_dir()
    assert "Room 4b" in browser.get("/").text


def _serve(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LITERATURE_HOME": str(tmp_path)}
    return subprocess.Popen([sys.executable, "-m", "trainer", "serve", "--port", "0", *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_serve_prints_its_address_answers_and_stops_cleanly_on_ctrl_c(tmp_path: Path) -> None:
    import httpx2

    with _serve(tmp_path) as server:
        assert server.stdout is not None
        first = server.stdout.readline()
        found = re.fullmatch(r"literature serve: (http://127\.0\.0\.1:\d+/) \(Ctrl-C stops it\)\n", first)
        assert found, first
        deadline = time.monotonic() + 20
        while True:
            try:
                answer = httpx2.get(found.group(1), timeout=5)
                break
            except httpx2.TransportError:
                assert time.monotonic() < deadline
                time.sleep(0.1)
        assert answer.status_code == 200
        assert httpx2.get(found.group(1), headers={"host": "evil.example"}, timeout=5).status_code == 400
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=20)
    assert server.returncode == 0, err
    assert "Traceback" not in err and "Traceback" not in out
    assert out.strip().endswith("Stopped.")


def test_serve_on_every_address_says_anyone_on_the_network_can_reach_it(tmp_path: Path) -> None:
    with _serve(tmp_path, "--host", "0.0.0.0") as server:
        try:
            assert server.stdout is not None
            lines = [server.stdout.readline(), server.stdout.readline(), server.stdout.readline()]
            server.send_signal(signal.SIGINT)  # at once, while uvicorn may still be starting: not lost
            out, err = server.communicate(timeout=20)
        finally:
            server.kill()  # a server that ignored Ctrl-C fails the test instead of hanging it
    assert lines[1].startswith("Anyone on your network can reach this server")
    assert lines[2].startswith("It answers to the names ") and "localhost" in lines[2] and "--allow-host" in lines[2]
    assert (server.returncode, out.strip(), err) == (0, "Stopped.", "")


def test_a_damaged_store_is_a_page_saying_so_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "progress.sqlite3").write_bytes(b"")
    page = client(tmp_path).get("/stats")
    assert page.status_code == 503
    assert "is an empty file (0 bytes), not a progress database" in text_of(page.text)


def test_the_oldest_attempts_are_forgotten_beyond_the_limit() -> None:
    from puzzles.attempts import Attempts, Served
    from puzzles.examples import example_claim

    attempts = Attempts(limit=2)
    for name in ("a", "b", "c"):
        attempts.open(("store", "p", name), lambda: Served(example_claim()))
    assert len(attempts) == 2
    assert attempts.get(("store", "p", "a")) is None and attempts.get(("store", "p", "c")) is not None


def test_every_template_compiles() -> None:
    from trainer.render.web import environment

    names = environment().list_templates()
    assert {"base.html", "error.html", "puzzle.html", "home.html", "stats.html", "train.html"} <= set(names)
    for name in names:
        environment().get_template(name)  # a syntax error raises here, not on the page that needs it


def test_a_script_reading_json_gets_its_errors_in_json(tmp_path: Path) -> None:
    browser = client(tmp_path)
    missing = browser.get("/api/nothing")
    assert missing.status_code == 404
    assert missing.json() == {"error": "There is no page at /api/nothing.", "status": 404}
    refused = browser.post("/learner", json={"new": "Ann"}, headers={"accept": "application/json"})
    assert refused.status_code == 403 and refused.json()["status"] == 403
    assert "reload the page" in refused.json()["error"]


def test_a_content_length_that_is_not_a_number_is_a_400(tmp_path: Path) -> None:
    browser = client(tmp_path)
    for length in ("²", "-1", "1e3", "x"):
        sent = browser.post("/learner", content=b"", headers={"content-length": length.encode("latin-1")})
        assert sent.status_code == 400, length


def test_the_header_leads_to_learn_and_classes_and_the_memory_rating_shows_beside_the_rating(tmp_path: Path) -> None:
    from puzzles.examples import example_certain, example_claim
    from puzzles.store import Progress

    with Progress(tmp_path / "progress.sqlite3") as store:
        store.record(example_claim(), answer="Ann 2D 3D 4D 5D 7D, Cat 6D", outcome="won", correct=True, hints=0,
                     seconds=5.0)
        store.record(example_certain(), answer="Cat 6D", outcome="right", correct=True, hints=0, seconds=5.0,
                     mode="memory")
        memory = store.summary().memory_rating
    assert memory is not None
    browser = client(tmp_path)
    for url in ("/", "/stats"):
        page = browser.get(url)
        assert page.status_code == 200
        assert 'href="/learn"' in page.text.split("</nav>")[0] and 'href="/classes"' in page.text.split("</nav>")[0]
        assert f"Memory rating {memory.rating:.0f}" in text_of(page.text), url
    assert browser.get("/learn").status_code == 200 and browser.get("/classes").status_code == 200
