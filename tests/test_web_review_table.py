"""``/t/CODE/review``: the review of a finished table is the ``/review`` page of its game, seen by the seat that
opens it (its own notes) or, for a spectator, by the public (and told so); every claim judged by its claimer."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from trainer.engine.constraints import History
from trainer.game.events import Claim
from trainer.game.notation import Game, parse_game
from trainer.review import NoteKind, review_game
from trainer.review.judgement import claim_probability
from trainer.web.app import create_app

from web_helpers import text_of


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, str, str, Game]]:
    """A table of seed 3 whose Dan (a person) played ``auto`` throughout, the game over and its log read."""
    patch = pytest.MonkeyPatch()
    patch.setenv("LITERATURE_TABLE_PACE", "0")
    patch.setenv("LITERATURE_TABLE_SEEDS", "1")
    home = tmp_path_factory.mktemp("tables")
    with TestClient(create_app(home), raise_server_exceptions=False, client=("127.0.0.1", 5000)) as api:
        made = api.post("/api/tables", json={"variant": "classic", "players": 6, "bots": "basic", "coach": "off",
                                             "seed": 3}).json()
        code = made["table"]
        secret = api.post(f"/api/tables/{code}/seats/Dan", json={"name": "Zoe"}).json()["secret"]
        assert api.post(f"/api/tables/{code}/start", headers=bearer(made["host"])).status_code == 200
        deadline = time.monotonic() + 120
        while True:
            state = api.get(f"/api/tables/{code}/state", headers=bearer(secret)).json()
            if state["over"]:
                break
            if state["turn"] == "Dan":
                api.post(f"/api/tables/{code}/moves", headers=bearer(secret), json={"move": "auto"})
            assert time.monotonic() < deadline
            time.sleep(0.02)
        game = parse_game(api.get(f"/api/tables/{code}/log").text)
        yield api, code, secret, game
    patch.undo()


def bearer(secret: str) -> dict[str, str]:
    return {"authorization": f"Bearer {secret}"}


def settled(api: TestClient, url: str, headers: dict[str, str]) -> str:
    for _ in range(1200):
        page = api.get(url, headers=headers)
        assert page.status_code == 200, page.text[:300]
        if 'data-status="working"' not in page.text:
            return page.text
        time.sleep(0.1)
    raise AssertionError(f"{url}: the review was not done in two minutes")


def noted(page: str) -> list[str]:
    return [text_of(n) for n in re.findall(r'<p class="note [^"]+">(.*?)</p>', page, re.S)]


Finished = tuple[TestClient, str, str, Game]


def test_a_seat_sees_the_review_page_of_its_game_with_its_own_notes(finished: Finished) -> None:
    api, code, secret, game = finished
    review = review_game(game)
    mine = sorted({n.event for n in review.notes if n.player == "Dan"})
    others = sorted({n.event for n in review.notes if n.player != "Dan"} - set(mine))
    assert mine and others
    for headers in (bearer(secret), {"cookie": f"lit_seat_{code}={secret}"}):  # the table page's secret, either way
        page = settled(api, f"/t/{code}/review?event={mine[0]}", headers)
        assert "You played Dan" in text_of(page)
        assert re.findall(r"<option[^>]*>([^<]+)</option>", page) == ["Dan", "public"]
        assert 'id="slider"' in page and 'hx-get="/t/' in page and "Where every card is, seen by Dan" in text_of(page)
        shown = noted(page)
        assert len(shown) >= 1 and all("Dan" in line for line in shown)
        assert '<details class="why">' in page  # each note with its Why
        other = settled(api, f"/t/{code}/review?event={others[0]}", headers)
        assert noted(other) == [] and "no note on this move of yours" in text_of(other)


def test_a_spectator_is_told_they_see_the_public_view(finished: tuple[TestClient, str, str, Game]) -> None:
    api, code, _, game = finished
    page = settled(api, f"/t/{code}/review?event=1", {})
    shown = text_of(page)
    assert "You are watching: you see the public view" in shown and "with your notes" not in shown
    assert "<option" not in page and "Where every card is, seen by the public" in shown
    assert api.get(f"/t/{code}/review?view=Dan").status_code == 400  # a spectator has no seat's view
    assert api.get(f"/t/{code}/review?event=1", headers=bearer("not-a-seat")).status_code == 200
    public = review_game(game, public=True)
    event = max({n.event for n in public.notes})
    assert len(noted(settled(api, f"/t/{code}/review?event={event}", {}))) >= 1


def test_no_claim_certain_for_its_claimer_is_called_uncertain_anywhere(
        finished: tuple[TestClient, str, str, Game]) -> None:
    api, code, secret, game = finished
    certain = []
    for i, event in enumerate(game.events, start=1):
        if isinstance(event, Claim):
            mine = History.build(game.setup.seen_by(event.claimer), game.events[: i - 1], event.claimer)
            if claim_probability(mine, event) == 1:
                certain.append(i)
    assert certain
    deadline = time.monotonic() + 120
    while (answer := api.get(f"/api/tables/{code}/review", headers=bearer(secret))).status_code == 409:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    found = answer.json()
    assert set(found) == {"events", "public", "you", "own", "auto", "queued"}  # the shape docs/tables.md gives
    uncertain = (NoteKind.RISKY_CLAIM.value, NoteKind.WRONG_CLAIM.value)
    for note in [*found["public"], *found["own"]]:
        assert not (note["event"] in certain and note["kind"] in uncertain), note
    for i in certain:
        for headers in ({}, bearer(secret)):
            page = settled(api, f"/t/{code}/review?event={i}", headers)
            assert not any("without certainty" in line for line in noted(page)), (i, noted(page))
