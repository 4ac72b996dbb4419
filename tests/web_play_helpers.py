"""Helpers of the tests of ``/play`` and ``/review``: a game played through the web app, every response kept.

``WebGame`` drives ``/play`` as htmx does (``HX-Request``, the ``X-CSRF-Token``
header): ``bot()`` lets the bot whose move it is make it, ``say(line)`` sends a
line as a click or the text box does; each answer is the table's fragment,
read back by :func:`read_frame`, and every response is kept with the true
position it was sent at, so a test can scan them for cards the seat may not
see (:func:`hidden_cards`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from trainer.game.cards import Card, HalfSuit
from trainer.game.events import Ask, Claim, Event
from trainer.play.game_ids import find_game
from trainer.play.match import Match
from trainer.play.saved import load

from web_helpers import form, token

CARD_TEXT = re.compile(r'data-card="([0-9A-Z]{2,3})"|\b(10|[2-9JQKA])([♠♥♦♣])|\b(?:10|[2-9JQKA])[SHDC]\b|\b[RB]J\b')
SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def cards_named(text: str) -> set[str]:
    """Every card a response names, as code (``6D``), suit symbol (``6♦``) or ``data-card``.

    >>> sorted(cards_named('<span data-card="10H">10♥</span> asks for 6D and Q♣'))
    ['10H', '6D', 'QC']
    """
    found = set()
    for match in CARD_TEXT.finditer(text):
        if match.group(1):
            found.add(match.group(1))
        elif match.group(2):
            found.add(match.group(2) + SYMBOLS[match.group(3)])
        else:
            found.add(match.group(0))
    return found


def read_frame(text: str) -> dict[str, Any]:
    """What a test reads in the table's fragment: ``events`` (how many), ``your_move``, ``over``, ``said_kind`` and
    ``said`` (the lines the seat was just told, as HTML), and the fragment itself (``table``).

    >>> read_frame('<div class="table-frame" data-over="0" data-your-move="1" data-events="4">'
    ...            '<div class="said invalid" role="status"><p>no</p></div>')["said"]
    ['no']
    """
    found = re.search(r'data-over="(\d)" data-your-move="(\d)" data-events="(\d+)"', text)
    assert found is not None, text[:500]
    said = re.search(r'<div class="said ?([a-z]*)" role="status">(.*?)</div>', text, re.S)
    return {"over": found.group(1) == "1", "your_move": found.group(2) == "1", "events": int(found.group(3)),
            "said_kind": said.group(1) if said else "", "said": re.findall(r"<p>(.*?)</p>", said.group(2), re.S)
            if said else [], "table": text}


def named_in(events: list[Event]) -> set[Card]:
    """The cards the public history names (asked for, or placed by a claim)."""
    named: set[Card] = set()
    for event in events:
        if isinstance(event, Ask):
            named.add(event.card)
        elif isinstance(event, Claim):
            named.update(event.half_suit.cards)
    return named


def hidden_cards(match: Match, held_sets: set[HalfSuit]) -> set[str]:
    """The cards the seat cannot know the place of and has no reason to name: in another hand, never named in
    the history, and of a set the seat never held (so no hint or ask of the seat's may name them)."""
    state = match.state
    named = named_in(list(state.events))
    hidden = set()
    for player, hand in state.hands.items():
        if player == match.you:
            continue
        hidden.update(c.code for c in hand if c not in named and c.half_suit not in held_sets)
    return hidden


def scannable(text: str) -> str:
    """A response with the deck's list of the live sets' cards (the claim form's ``data-sets``) left out: it names
    every card of every set, which everyone knows; and the coach's note of what the table can prove the seat does
    not hold (cards outside the seat's hand, which the seat knows are not in it)."""
    text = re.sub(r"data-sets='[^']*'", "", text).replace('\\"', '"')
    return re.sub(r"you do not hold[^.]*\.", "", text)  # the coach's give-away note: cards outside the hand


@dataclass
class WebGame:
    """One game at ``/play/game/NAME`` through ``browser``; every response kept with the hidden cards of its time."""

    browser: TestClient
    name: str
    path: Path
    responses: list[tuple[str, str, set[str]]] = field(default_factory=list)
    held: set[HalfSuit] = field(default_factory=set)

    @classmethod
    def start(cls, browser: TestClient, folder: Path, **choices: str) -> WebGame:
        """Deal a new game with the form's ``choices`` and open it."""
        response = form(browser, "/play/new", choices, follow_redirects=False)
        assert response.status_code == 303, response.text
        name = response.headers["location"].rsplit("/", 1)[1]  # (the game's opaque id)
        path = find_game(folder.parent, folder, name)
        assert path is not None, name
        game = cls(browser, name, path)
        game.page()
        return game

    @property
    def match(self) -> Match:
        """The true position, read from the saved file (the test may; the page may not)."""
        return load(self.path)

    def _keep(self, what: str, text: str) -> None:
        match = self.match
        self.held.update(c.half_suit for c in match.state.hands[match.you])
        self.responses.append((what, text, hidden_cards(match, self.held)))

    def page(self) -> str:
        """``GET`` the table's page."""
        response = self.browser.get(f"/play/game/{self.name}")
        assert response.status_code == 200, response.text
        self._keep("page", response.text)
        return response.text

    def post(self, action: str, data: dict[str, str]) -> dict[str, Any]:
        headers = {"HX-Request": "true", "X-CSRF-Token": token(self.browser)}
        self._keep("before " + action, "")  # the hand the seat held before the move counts as held
        before = len(self.match.state.events)
        response = self.browser.post(f"/play/game/{self.name}/{action}", data=data, headers=headers)
        assert response.status_code == 200, response.text
        assert "<html" not in response.text  # a fragment, not a page
        self._keep(f"{action} {data}", response.text)
        answer = read_frame(response.text)
        match = self.match
        answer["moved"] = [{"n": n, "yours": getattr(e, "asker", getattr(e, "claimer", getattr(e, "player", None)))
                            == match.you, "auto": n in match.seating.auto}
                           for n, e in enumerate(match.state.events[before:], start=before + 1)]
        return answer

    def bot(self) -> dict[str, Any]:
        """The bot whose move it is makes it."""
        return self.post("bot", {})

    def say(self, line: str) -> dict[str, Any]:
        """A line, as the page sends it."""
        return self.post("act", {"line": line})

    def play_out(self, lines: tuple[str, ...] = ("auto",), limit: int = 3000) -> dict[str, Any]:
        """Play to the end: the bots' moves, and at the person's turn ``lines`` then ``auto``."""
        answer = self.bot()
        for _ in range(limit):
            if answer["over"]:
                return answer
            if answer["your_move"]:
                for line in lines:
                    answer = self.say(line)
                    if not answer["your_move"] or answer["over"]:
                        break
                if answer["your_move"] and not answer["over"]:
                    answer = self.say("auto")
            else:
                answer = self.bot()
        raise AssertionError(f"the game did not end in {limit} requests")

    def leaks(self) -> list[str]:
        """Every response that names a card hidden from the seat when it was sent."""
        found = []
        for what, text, hidden in self.responses:
            shown = cards_named(scannable(text)) & hidden
            if shown:
                found.append(f"{what}: {sorted(shown)}")
        return found


CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


class LiveServer:
    """The app over ``home`` served by uvicorn on a free local port, in a thread (for the browser tests)."""

    def __init__(self, home: Path) -> None:
        import socket
        import threading

        import uvicorn

        from trainer.web.app import create_app

        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.socket.getsockname()[1]}"
        config = uvicorn.Config(create_app(home), log_level="warning", lifespan="off")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True)

    def __enter__(self) -> LiveServer:
        import time

        self.thread.start()
        for _ in range(200):
            if self.server.started:
                return self
            time.sleep(0.05)
        raise AssertionError("the server did not start")

    def __exit__(self, *_: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.socket.close()
