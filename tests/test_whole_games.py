"""Whole games through each door, with a person's inputs drawn from every kind a person can send (issue 53).

The terminal (``literature play`` in a pseudo-terminal), ``/play`` (one person against bots) and a friends'
table (``/t/CODE``: its JSON API and its pages, one to three people, a late friend) each play whole games, both
variants, 6 and 8 players, the person's inputs drawn by hypothesis (:mod:`whole_games`): legal and illegal asks,
sure asks before claiming a certain set, wrong and repeated claims, claims out of turn, passes, typos, help,
hints, reloads. Every game must end, every review open on every face, with no traceback, no 5xx, and every
request answered in time. ``benchmarks/whole_games.py`` plays more of them.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
import whole_games
from hypothesis import Phase, given, settings
from hypothesis import strategies as st
from whole_games import KINDS, Outcome, Plan, play_friends, play_solo, play_terminal

EXAMPLES = int(os.environ.get("LITERATURE_WHOLE_GAMES", "1"))
"""Games per case: in ``make test`` one (hypothesis's simplest plan: every kind once, six a turn), the seven
games in about 30 s of CPU (marked slow but one: ``make quick`` plays one game at the terminal); more with
``LITERATURE_WHOLE_GAMES=N``, and ``benchmarks/whole_games.py`` plays as many as it is asked."""


@st.composite
def plans(draw: st.DrawFn, variant: str, players: int, people: int = 1) -> Plan:
    """A game: the deal, the coach, the bots, and the person's inputs (every kind once, in a drawn order, then
    more drawn)."""
    kinds = draw(st.permutations(KINDS))
    more = draw(st.lists(st.sampled_from(KINDS), max_size=12))
    return Plan(variant=variant, players=players, people=people,
                seed=draw(st.integers(0, 10_000)), coach=draw(st.sampled_from(["full", "alert", "off"])),
                bots=draw(st.sampled_from(["medium", "easy", "expert", "hard"])), kinds=(*kinds, *more),
                per_turn=draw(st.sampled_from([6, 1, 2, 4])), choices=draw(st.integers(0, 2**32 - 1)))


ALWAYS = set(KINDS) - {"keep-certain", "late"}
"""The kinds every game sends (a certain set to keep comes when it comes; a late friend: a friends' table only)."""


def checked(outcome: Outcome, late: bool = False) -> None:
    """The game ended and its reviews opened, with no failure, every kind of input sent."""
    assert outcome.failures == [], "\n".join(outcome.failures)
    assert outcome.over and outcome.reviews >= 1, outcome
    assert ALWAYS | ({"late"} if late else set()) <= {k for k, n in outcome.kinds.items() if n}, outcome.kinds


SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                    phases=(Phase.explicit, Phase.reuse, Phase.generate))
"""No shrinking: a game that fails is printed as it was drawn (its plan replays it), and a hang is not waited for
again and again."""


@pytest.mark.parametrize(("variant", "players"), [("classic", 6), pytest.param("fish54", 8, marks=pytest.mark.slow)])
def test_whole_games_at_the_terminal(variant: str, players: int) -> None:
    @SETTINGS
    @given(plans(variant, players))
    def game(plan: Plan) -> None:
        with tempfile.TemporaryDirectory() as home:
            checked(play_terminal(plan, Path(home)))

    game()


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "players"), [("fish54", 6), ("classic", 8)])
def test_whole_games_at_play(variant: str, players: int) -> None:
    @SETTINGS
    @given(plans(variant, players))
    def game(plan: Plan) -> None:
        with tempfile.TemporaryDirectory() as home:
            outcome = play_solo(plan, Path(home))
            checked(outcome)
            assert outcome.reviews == 2  # the end of the game's page, and /review/game/ID

    game()


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "players", "people"), [("classic", 6, 1), ("fish54", 8, 2), ("classic", 8, 3)])
def test_whole_games_at_a_friends_table(variant: str, players: int, people: int) -> None:
    @SETTINGS
    @given(plans(variant, players, people))
    def game(plan: Plan) -> None:
        with tempfile.TemporaryDirectory() as home:
            outcome = play_friends(plan, Path(home))
            checked(outcome, late=True)
            assert outcome.reviews >= 2 * (people + 1)  # the API's and the page's, for each person and a spectator

    game()


def test_the_drivers_count_a_5xx_a_traceback_and_a_request_left_hanging(monkeypatch: pytest.MonkeyPatch) -> None:
    """The drivers' own checks, on a server that fails each way on purpose: a 500, an error logged with its
    traceback while the answer is a 200, and an answer that never comes (within the drivers' time limit)."""
    import asyncio
    import logging
    import socket
    import threading
    import time

    import uvicorn
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import PlainTextResponse
    from starlette.routing import Route

    async def fails(_: Request) -> PlainTextResponse:
        return PlainTextResponse("no", status_code=500)

    async def logs(_: Request) -> PlainTextResponse:
        try:
            raise RuntimeError("broken on purpose")
        except RuntimeError:
            logging.getLogger("literature.web.tables").exception("table abcd: the driver failed")
        return PlainTextResponse("fine")

    async def hangs(_: Request) -> PlainTextResponse:
        await asyncio.sleep(5)
        return PlainTextResponse("late")

    app = Starlette(routes=[Route("/fails", fails), Route("/logs", logs), Route("/hangs", hangs)])
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    monkeypatch.setattr(whole_games, "HANG", 0.5)
    outcome = Outcome()
    try:
        with whole_games.caught() as caught:
            http = whole_games.Http(f"http://127.0.0.1:{sock.getsockname()[1]}", outcome)
            assert http("GET", "/fails").status_code == 500
            assert http("GET", "/logs").text == "fine"
            with pytest.raises(http.httpx.TimeoutException):
                http("GET", "/hangs")
            http.close()
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
    assert outcome.requests == 2 and len(outcome.failures) == 2
    assert outcome.failures[0].startswith("GET /fails") and "500 no" in outcome.failures[0]
    assert outcome.failures[1] == "GET /hangs: no answer in 0.5 s"
    assert caught.records == [
        "literature.web.tables: table abcd: the driver failed (RuntimeError('broken on purpose'))"]


def test_a_seat_reads_its_hand_the_history_and_the_coach_as_a_person_does() -> None:
    """What the person knows, read from what the doors show: a card someone took is theirs until taken again or
    claimed; a certain claim the coach names is typed back with the cards as codes."""
    from whole_games import Shadow

    seat = Shadow("Ann", ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"], hand={"2D", "3D", "9S"},
                  sizes={"Bob": 5, "Dan": 0, "Fay": 3})
    seat.read("Bob asks Cat for 4♦: yes\n 12. Cat asks Dan for 7D: yes\nFay asks Eve for 5D: yes\n"
              "Fay asks Ann for 9♠: no\nEve asks Fay for 5♦: yes\nEve claims HS: Ann 9S, Eve 10S JS QS KS AS")
    assert seat.holder == {"4D": "Bob", "7D": "Cat", "5D": "Eve"} and "HS" not in seat.live
    assert seat.sure_asks() == [("Bob", "4D")]  # Dan holds no card: never asked
    assert {target for target, _ in seat.asks()} == {"Bob", "Fay"}
    assert seat.certain_claim() is None
    seat.coach_said("Coach: your team can claim LD with certainty: claim LD: Ann 2♦ 3♦ 6♦, Cat 4♦ 7♦, Eve 5♦")
    assert seat.certain_claim() == "claim LD: Ann 2D 3D 6D, Cat 4D 7D, Eve 5D"
    seat.hand |= {"4D", "6D"}
    seat.holder["4D"] = "Ann"
    seat.certain = None
    assert seat.certain_claim() == "claim LD: Ann 2D 3D 4D 6D, Eve 5D, Cat 7D"  # (by its own reading)
