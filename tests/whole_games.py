"""Whole games through each door, with a person's inputs of every kind: the drivers of ``test_whole_games.py``
and of ``benchmarks/whole_games.py``.

Each door is driven from outside only, as a person (or a browser, or a client of the API) drives it:

- :func:`play_terminal`: ``literature play`` in a pseudo-terminal (:mod:`pty_harness`), reading what it prints;
- :func:`play_solo`: ``/play`` (one person against bots) over HTTP, as htmx sends it, reading the fragments;
- :func:`play_friends`: ``/t/CODE``, a friends' table through its JSON API (``/api/tables/...``) and its pages,
  with one to three people, the bots in the other seats, and a friend who may take a bot's seat late.

A :class:`Plan` says what the person does: a queue of input :data:`KINDS` (each kind at least once, then more
drawn), how many of them at each of their turns before ``auto`` (the expert's move) ends the turn, and a seed for
the concrete choices (which card, which player). The person knows only what their seat shows: their hand, the hand
sizes, the public events (:class:`Shadow`), and the coach's words when it speaks. Every door returns an
:class:`Outcome`: requests sent, failures (a 5xx, a traceback, a request or a game that did not answer in time),
the worst time a request took, and whether the game ended with every review open.
"""

from __future__ import annotations

import contextlib
import logging
import random
import re
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

KINDS = ("ask", "bad-ask", "sure-ask", "keep-certain", "wrong-claim", "repeat-claim", "out-of-turn", "pass",
         "typo", "help", "hint", "odds", "hand", "table", "history", "yes", "no", "reload", "late")
"""Every kind of input a person sends: a legal ask, an ask the rules refuse, an ask sure to hit (a card the history
shows an opponent took), sure asks before claiming a set the team holds for certain (``keep-certain``), a wrong
claim (confirmed when the coach asks), the same claim again, a claim out of turn (where a door can send one), a
pass, a typo, the commands (``help``, ``hint``, ``odds``, ``hand``, ``table``, ``history``, ``yes``, ``no``),
a reload (the terminal: ``quit`` then ``play --resume``; the web: the page and the state again) and a late friend
(a friends' table: the host gives a bot's seat to a friend; elsewhere a reload)."""
HALVES = ("LS", "HS", "LH", "HH", "LD", "HD", "LC", "HC")
RANKS_LOW, RANKS_HIGH = ("2", "3", "4", "5", "6", "7"), ("9", "10", "J", "Q", "K", "A")
SYMBOL = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
CARD = r"(?:10|[2-9JQKA])[SHDC♠♥♦♣]|[RB]J"
ASK = re.compile(rf"\b([A-Z][a-z]+) asks ([A-Z][a-z]+) for ({CARD}): (yes|no)")
CLAIM = re.compile(r"\b([A-Z][a-z]+) claims (LS|HS|LH|HH|LD|HD|LC|HC|8J)\b")
CERTAIN = re.compile(rf"claim (LS|HS|LH|HH|LD|HD|LC|HC|8J): ((?:[A-Z][a-z]+(?: (?:{CARD}))+(?:, )?)+)")
TYPOS = ("Bbo 6D", "claim", "asdf", "6D Bob", "", "x" * 400, "claim XX: Ann 2D", "pass", "odds 99Z", "Бob 6D",
         "ask Bob for", "claim LD: Ann", "auto auto", "Ann Ann 2D", "yes please", "  ", "hint me", "claim 8J: Zed RJ",
         "Bob 11D", "Bob 6D 7D", "history ZZ", "\x1b[A", "quitt", "bob 6d", "ask bob for 6d", "y", "N", "Yes",
         "CLAIM ld: Ann 2D 3D 4D 5D 6D 7D", "pass to Cat", "odds", "odds RJ", "history 8J", "claim LD: Ann 2D 2D 3D")
HANG = 60.0
"""Seconds after which a request, a prompt or a bot's move not answered is a hang."""


def code(card: str) -> str:
    """A card as typed: ``J♦`` → ``JD``."""
    return card[:-1] + SYMBOL.get(card[-1], card[-1]) if card not in ("RJ", "BJ") else card


def cards_of(half: str) -> tuple[str, ...]:
    """The six cards of a set: ``cards_of("LD")`` → ``2D 3D 4D 5D 6D 7D``; ``8J``: the 8s and the jokers."""
    if half == "8J":
        return ("8S", "8H", "8D", "8C", "RJ", "BJ")
    ranks = RANKS_LOW if half[0] == "L" else RANKS_HIGH
    return tuple(rank + half[1] for rank in ranks)


def half_of(card: str) -> str:
    """The set of a card: ``6D`` → ``LD``."""
    if card in ("RJ", "BJ") or card[0] == "8":
        return "8J"
    return ("L" if card[:-1] in RANKS_LOW else "H") + card[-1]


@dataclass(frozen=True)
class Plan:
    """What one game is: the door's choices, and what the person does (see the module's docstring)."""

    variant: str = "classic"
    players: int = 6
    seed: int = 0
    coach: str = "full"
    bots: str = "medium"
    kinds: tuple[str, ...] = KINDS
    per_turn: int = 3
    choices: int = 0
    """The seed of the concrete choices (which card, which player, which typo)."""
    people: int = 1
    """People at a friends' table (1 to 3; a late friend may make one more)."""


@dataclass
class Outcome:
    """What a door answered in one game."""

    requests: int = 0
    failures: list[str] = field(default_factory=list)
    worst: float = 0.0
    worst_what: str = ""
    over: bool = False
    reviews: int = 0
    """Reviews opened at the end (each face, each viewer)."""
    kinds: dict[str, int] = field(default_factory=dict)
    """How many inputs of each kind were sent."""

    def timed(self, what: str, seconds: float) -> None:
        self.requests += 1
        if seconds > self.worst:
            self.worst, self.worst_what = seconds, what


@dataclass
class Shadow:
    """What a seat knows: its hand, the hand sizes, the live sets, and who holds a card by the public history (a
    card someone took and nobody took from them since)."""

    me: str
    players: list[str]
    variant: str = "classic"
    hand: set[str] = field(default_factory=set)
    sizes: dict[str, int] = field(default_factory=dict)
    live: set[str] = field(default_factory=set)
    holder: dict[str, str] = field(default_factory=dict)
    certain: str | None = None
    """A certain claim the coach named, as a line to type."""

    def __post_init__(self) -> None:
        if not self.live:
            self.live = set(HALVES) | ({"8J"} if self.variant == "fish54" else set())

    def mates(self) -> list[str]:
        """The seat's team, itself included."""
        mine = self.players.index(self.me) % 2
        return [p for i, p in enumerate(self.players) if i % 2 == mine]

    def opponents(self) -> list[str]:
        return [p for p in self.players if p not in self.mates()]

    def read(self, text: str) -> None:
        """Take the public events a text shows (a door prints a suffix of the history again and again: taking one
        twice changes nothing)."""
        for found in re.finditer(f"{ASK.pattern}|{CLAIM.pattern}", text):
            if found.group(1):
                asker, card, answer = found.group(1), code(found.group(3)), found.group(4)
                if answer == "yes":
                    self.holder[card] = asker
            else:
                half = found.group(6)
                self.live.discard(half)
                for card in cards_of(half):
                    self.holder.pop(card, None)

    def asks(self) -> list[tuple[str, str]]:
        """The asks the rules allow now."""
        sets = {half_of(c) for c in self.hand} & self.live
        return [(o, c) for o in self.opponents() if self.sizes.get(o, 1) > 0
                for half in sorted(sets) for c in cards_of(half) if c not in self.hand]

    def sure_asks(self) -> list[tuple[str, str]]:
        return [(o, c) for o, c in self.asks() if self.holder.get(c) == o]

    def certain_claim(self) -> str | None:
        """A claim of a set the team holds for certain, by the seat's own reading or the coach's words."""
        for half in sorted(self.live):
            where = {c: self.me if c in self.hand else self.holder.get(c) for c in cards_of(half)}
            if all(p in self.mates() for p in where.values()):
                return claim_line(half, where)  # type: ignore[arg-type]
        return self.certain if self.certain and self.certain.split()[1].rstrip(":") in self.live else None

    def wrong_claim(self, rng: random.Random) -> str:
        """A claim of a set the seat holds some of, the other cards placed at random on the team."""
        sets = sorted({half_of(c) for c in self.hand} & self.live) or sorted(self.live) or ["LS"]
        half = rng.choice(sets)
        return claim_line(half, {c: self.me if c in self.hand else rng.choice(self.mates()) for c in cards_of(half)})

    def coach_said(self, text: str) -> None:
        """Keep the last certain claim the coach named (its alert, or a hint)."""
        found = list(CERTAIN.finditer(text))
        if found:
            half, placed = found[-1].group(1), found[-1].group(2)
            parts = [part.split() for part in placed.split(",") if part.strip()]
            self.certain = f"claim {half}: " + ", ".join(" ".join([p[0], *map(code, p[1:])]) for p in parts)


def claim_line(half: str, where: dict[str, str]) -> str:
    """``claim LD: Ann 2D 3D, Cat 4D 5D 6D 7D``."""
    by: dict[str, list[str]] = {}
    for card, player in where.items():
        by.setdefault(player, []).append(card)
    return f"claim {half}: " + ", ".join(f"{p} {' '.join(cs)}" for p, cs in by.items())


class Person:
    """The person's inputs: the plan's queue of kinds, turned into lines from what the seat knows."""

    def __init__(self, plan: Plan, salt: int = 0) -> None:
        self.queue = list(plan.kinds)
        self.per_turn = plan.per_turn
        self.rng = random.Random(plan.choices * 7919 + salt)
        self.claims: list[str] = []
        self.sent: dict[str, int] = {}
        self.later: list[str] = []
        """Kinds not possible at their turn (no certain set yet, no claim to repeat), tried again at the next."""

    def kinds_now(self) -> list[str]:
        """The kinds for this turn: those put off, then the next of the queue (none once it is done: then
        ``auto`` only)."""
        now, self.queue = self.queue[: self.per_turn], self.queue[self.per_turn :]
        now, self.later = [*self.later, *now], []
        for kind in now:
            self.sent[kind] = self.sent.get(kind, 0) + 1
        return now

    def defer(self, kind: str) -> None:
        """Try a kind again at the next turn."""
        self.later.append(kind)
        self.sent[kind] -= 1

    def give_back(self, kinds: list[str]) -> None:
        """The turn ended before these kinds were sent: they come first at the next."""
        self.later[:0] = kinds
        for kind in kinds:
            self.sent[kind] -= 1

    def lines(self, kind: str, seat: Shadow) -> list[str] | None:
        """The lines of one input of ``kind`` (``None``: not possible now; the door's own kinds: ``[]``)."""
        rng = self.rng
        if kind == "ask":
            asks = seat.asks()
            return [" ".join(rng.choice(asks))] if asks else ["auto"]
        if kind == "bad-ask":
            return [self.bad_ask(seat)]
        if kind == "sure-ask":
            sure = seat.sure_asks() or seat.asks()
            return [" ".join(rng.choice(sure))] if sure else ["auto"]
        if kind == "keep-certain":
            certain = seat.certain_claim()
            if certain is None:
                return None
            sure = seat.sure_asks()
            return [*(" ".join(ask) for ask in sure[:2]), certain]
        if kind in ("wrong-claim", "out-of-turn"):
            line = seat.wrong_claim(rng)
            self.claims.append(line)
            return [line, "yes"] if kind == "wrong-claim" else [line]
        if kind == "repeat-claim":
            return [self.claims[-1], "yes"] if self.claims else None
        if kind == "pass":
            return [f"pass {rng.choice([m for m in seat.mates() if m != seat.me] or [seat.me])}"]
        if kind == "typo":
            return [rng.choice(TYPOS)]
        if kind == "odds":
            anywhere = [c for h in (*HALVES, "8J") for c in cards_of(h)]  # (claimed, held, an 8 in classic)
            return [f"odds {rng.choice(sorted(seat.hand) or ['2S'])}", f"odds {rng.choice(anywhere)}"]
        if kind == "history":
            return [rng.choice(["history", f"history {rng.choice(sorted(seat.live) or ['LS'])}", "history HC"])]
        if kind in ("help", "hint", "hand", "table", "yes", "no"):
            return [kind]
        return []

    def bad_ask(self, seat: Shadow) -> str:
        rng = self.rng
        mate = rng.choice([m for m in seat.mates() if m != seat.me])
        opponent = rng.choice(seat.opponents())
        mine = rng.choice(sorted(seat.hand)) if seat.hand else "2S"
        outside = [c for h in sorted(seat.live) for c in cards_of(h) if not {half_of(x) for x in seat.hand} & {h}]
        empty = [p for p in seat.opponents() if seat.sizes.get(p) == 0]
        other = f"{opponent} 8H" if seat.variant == "classic" else f"{opponent} {mine}"  # (no 8s in classic)
        return rng.choice([f"{mate} {mine}", f"{opponent} {mine}", f"Zed {mine}", f"{seat.me} {mine}",
                           f"{opponent} {rng.choice(outside)}" if outside else other,
                           f"{empty[0]} {mine}" if empty else other])


# -- the logs of a server in this process: a traceback is a failure -----------------------------------


class Caught(logging.Handler):
    """Keeps every record with a traceback, or at ERROR and above."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info or record.levelno >= logging.ERROR:
            self.records.append(f"{record.name}: {record.getMessage()}"
                                + (f" ({record.exc_info[1]!r})" if record.exc_info else ""))


@contextlib.contextmanager
def caught() -> Iterator[Caught]:
    handler = Caught()
    loggers = [logging.getLogger(), logging.getLogger("uvicorn.error"), logging.getLogger("uvicorn")]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        yield handler
    finally:
        for logger in loggers:
            logger.removeHandler(handler)


class Http:
    """An HTTP client to a live server: every request timed, every 5xx and every hang a failure."""

    def __init__(self, base: str, outcome: Outcome) -> None:
        import httpx2 as httpx

        self.httpx = httpx
        self.base = base
        self.client = httpx.Client(base_url=base, timeout=HANG, follow_redirects=False)
        self.outcome = outcome

    def __call__(self, method: str, path: str, **options: Any) -> Any:
        start = time.monotonic()
        try:
            response = self.client.request(method, path, **options)
        except self.httpx.TimeoutException:
            self.outcome.failures.append(f"{method} {path}: no answer in {HANG:g} s")
            raise
        self.outcome.timed(f"{method} {path}", time.monotonic() - start)
        if response.status_code >= 500:
            self.outcome.failures.append(f"{method} {path} {options.get('json') or options.get('data') or ''}: "
                                         f"{response.status_code} {response.text[:300]}")
        return response

    def close(self) -> None:
        self.client.close()


class Stop(Exception):
    """A door that cannot go on (a failure already written down)."""


# -- the terminal --------------------------------------------------------------------------------------


def play_terminal(plan: Plan, home: Path) -> Outcome:
    """``literature play`` in a pseudo-terminal, the person typing the plan's inputs; the end's review read."""
    from pty_harness import Terminal

    outcome = Outcome()
    person = Person(plan)
    players = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"][: plan.players]
    seat = Shadow("Ann", players, plan.variant)
    args = ["play", "--seed", str(plan.seed), "--fast", "--variant", plan.variant, "--players", str(plan.players),
            "--coach", plan.coach, "--partners", plan.bots, "--opponents", plan.bots]
    resumed = 0
    term = Terminal(home, *args, columns=250, lines=50, env={"NO_COLOR": "1"})
    waiting = (b"your move> ", b"Your moves, reviewed")
    try:
        while True:
            start = time.monotonic()
            try:
                found = term.expect(*waiting, timeout=HANG)
            except AssertionError as error:
                outcome.failures.append(f"terminal: {str(error)[-1500:]}")
                break
            outcome.timed("terminal turn", time.monotonic() - start)
            if b"Traceback" in term.seen:
                outcome.failures.append(f"terminal: a traceback\n{term.text()[-3000:]}")
                break
            if found != b"your move> ":
                _ended(term, outcome)
                break
            read_screen(seat, term.text()[-20000:])
            lines: list[str] = []
            kinds = person.kinds_now()
            for n, kind in enumerate(kinds):
                made = person.lines(kind, seat)
                if made is None:
                    person.defer(kind)
                elif made == []:  # the terminal's reload: leave, then go on with --resume (twice at most)
                    lines.append("quit" if resumed < 2 else "table")
                    resumed += 1
                    if lines[-1] == "quit":
                        person.give_back(kinds[n + 1 :])  # (sent after the resume)
                        break
                else:
                    lines += made
            if not lines or lines[-1] != "quit":
                lines.append("auto")
            for i, line in enumerate(lines):
                if i:
                    start = time.monotonic()
                    found = term.expect(*waiting, timeout=HANG)
                    outcome.timed(f"terminal {lines[i - 1]!r}", time.monotonic() - start)
                    if found != b"your move> ":
                        break
                    read_screen(seat, term.text()[-20000:])
                term.type(line.encode() + b"\n")
            else:
                if lines[-1] != "quit":
                    continue
                start = time.monotonic()
                term.expect(b"Saved: ", timeout=HANG)
                status = term.exit_code(timeout=HANG)
                outcome.timed("terminal 'quit'", time.monotonic() - start)
                if status != 0 or b"Traceback" in term.seen:
                    outcome.failures.append(f"terminal: quit gave exit {status}\n{term.text()[-3000:]}")
                    break
                term.close()
                term = Terminal(home, "play", "--resume", "--fast", columns=250, lines=50, env={"NO_COLOR": "1"})
                continue
            _ended(term, outcome)  # the game ended before the turn's last line
            break
    except AssertionError as error:
        outcome.failures.append(f"terminal: {str(error)[-1500:]}")
    finally:
        term.close()
    outcome.kinds = person.sent
    return outcome


def _ended(term: Any, outcome: Outcome) -> None:
    """The end of a game at the terminal: the review printed, the program ended well."""
    status = term.exit_code(timeout=HANG)
    text = term.text()
    outcome.over = "Game over" in text and status == 0
    outcome.reviews += "Your moves, reviewed" in text
    if status != 0 or "Traceback" in text:
        outcome.failures.append(f"terminal: exit {status}\n{text[-3000:]}")


def read_screen(seat: Shadow, text: str) -> None:
    """What the terminal printed up to this prompt: the last table's hand and sizes, the events, the coach."""
    seat.read(text)
    hands = re.findall(r"^Hand +(.*)$", text, re.M)
    if hands:
        seat.hand = {code(c) for c in re.findall(CARD, hands[-1])}
    for line in re.findall(r"^Team \d +(.*)$", text, re.M)[-2:]:
        for name, size in re.findall(r"([A-Z][a-z]+)(?: \(you\))? (\d+)", line):
            seat.sizes[name] = int(size)
    seat.certain = None
    end = text.rfind("your move> ")
    seat.coach_said(text[max(text.rfind("your move> ", 0, end), 0) : end])  # (since the last prompt)


# -- /play ---------------------------------------------------------------------------------------------

FRAME = re.compile(r'data-over="(\d)" data-your-move="(\d)" data-events="(\d+)"')


def read_frame(seat: Shadow, html: str) -> tuple[bool, bool, int]:
    """The fragment's state (over, the person's move, events) and what the seat knows from it."""
    found = FRAME.search(html)
    if found is None:
        raise Stop(f"no table in the answer: {html[:300]}")
    hand = re.search(r'class="hand-sets">(.*?)</div>', html, re.S)
    if hand is not None:
        seat.hand = set(re.findall(r'data-card="([0-9A-Z]{2,3})"', hand.group(1)))
    for name, size in re.findall(r'data-seat="([A-Z][a-z]+)"\s*>\s*<span class="seat-name">[^<]*</span>\s*'
                                 r'<span class="seat-size">(\d+) card', html):
        seat.sizes[name] = int(size)
    for item in re.findall(r'<li id="m\d+" class="ask"[^>]*>(.*?)</li>', html, re.S):
        who = re.search(r"([A-Z][a-z]+) → ([A-Z][a-z]+)</span> <span[^>]*data-card=\"(\w+)\"[^<]*</span> "
                        r"<span class=\"ans\">(yes|no)", item)
        if who and who.group(4) == "yes":
            seat.holder[who.group(3)] = who.group(1)
    seat.read(re.sub(r"<[^>]+>", "", html))  # the claims (and the said lines) as text
    live = re.findall(r"claim=(LS|HS|LH|HH|LD|HD|LC|HC|8J)\"", html)
    if live:
        seat.live = set(live)
    seat.certain = None
    seat.coach_said(re.sub(r"<[^>]+>", "", html).replace("&#39;", "'"))
    return found.group(1) == "1", found.group(2) == "1", int(found.group(3))


def play_solo(plan: Plan, home: Path, base: str | None = None) -> Outcome:
    """A game at ``/play`` over HTTP (a live server over ``home`` unless ``base``), then its page and its review."""
    from web_table_helpers import live_server

    outcome = Outcome()
    with caught() as logs, contextlib.ExitStack() as stack:
        url = base or stack.enter_context(live_server(home))
        http = Http(url, outcome)
        try:
            _solo(plan, http, outcome)
        except Stop as stop:
            outcome.failures.append(str(stop))
        except http.httpx.TimeoutException:
            pass
        finally:
            http.close()
        outcome.failures += logs.records
    return outcome


def _solo(plan: Plan, http: Http, outcome: Outcome) -> None:
    http("GET", "/play")
    csrf = http.client.cookies.get("lit_csrf")
    choices = {"variant": plan.variant, "players": str(plan.players), "seed": str(plan.seed), "coach": plan.coach,
               "partners": plan.bots, "opponents": plan.bots, "csrf": csrf}
    made = http("POST", "/play/new", data=choices)
    if made.status_code != 303:
        raise Stop(f"/play/new: {made.status_code} {made.text[:300]}")
    game = made.headers["location"]
    hx = {"HX-Request": "true", "X-CSRF-Token": csrf}
    person = Person(plan)
    players = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"][: plan.players]
    seat = Shadow("Ann", players, plan.variant)

    def post(action: str, line: str | None = None) -> tuple[bool, bool, int]:
        response = http("POST", f"{game}/{action}", headers=hx, data={"line": line} if line is not None else {})
        if response.status_code != 200:
            raise Stop(f"{action} {line!r}: {response.status_code} {response.text[:300]}")
        return read_frame(seat, response.text)

    over, mine, events = read_frame(seat, http("GET", game).text)
    for _ in range(5000):
        if over:
            break
        if not mine:
            if "out-of-turn" in person.later:  # a claim sent while the bots move
                person.later.remove("out-of-turn")
                person.sent["out-of-turn"] = person.sent.get("out-of-turn", 0) + 1
                before = events
                line = seat.wrong_claim(person.rng)
                over, mine, events = post("act", line)
                if events != before:
                    raise Stop(f"a claim sent out of turn was played: {line!r}")
                continue
            if person.rng.random() < 0.1:  # (a page without scripts: every bot's move up to the person's)
                response = http("POST", f"{game}/bot", headers={"X-CSRF-Token": csrf}, data={"all": "1"})
                if response.status_code != 200:
                    raise Stop(f"bot all=1: {response.status_code} {response.text[:300]}")
                over, mine, events = read_frame(seat, response.text)
                continue
            over, mine, events = post("bot")
            continue
        kinds = person.kinds_now()
        for n, kind in enumerate(kinds):
            if over or not mine:
                person.give_back(kinds[n:])
                break
            made = person.lines(kind, seat)
            if made is None or kind == "out-of-turn":  # (out of turn: sent while the bots move)
                person.defer(kind)
                continue
            if made == []:  # a reload: the page, the fragment alone, a card and a set picked on the page
                picked = person.rng.choice(sorted(seat.hand) or ["2S"])
                for path in (game, f"{game}/frame", f"{game}?card={picked}", f"{game}/frame?claim={half_of(picked)}"):
                    page = http("GET", path)
                    if page.status_code != 200:
                        raise Stop(f"GET {path}: {page.status_code}")
                    over, mine, events = read_frame(seat, page.text)
                continue
            for line in made:
                before = events
                over, mine, events = post("act", line)
                if kind == "bad-ask" and events != before:
                    raise Stop(f"an ask the rules refuse was played: {line!r}")
                if over or not mine:
                    break
        if mine and not over:
            over, mine, events = post("act", "auto")
    else:
        raise Stop("the game did not end in 5000 requests")
    end = http("GET", game)
    review = http("GET", game.replace("/play/game/", "/review/game/"))
    outcome.over = over and end.status_code == 200 and "Game over" in end.text
    outcome.reviews = int(end.status_code == 200 and "Your moves, reviewed" in end.text) + int(
        review.status_code == 200)
    if review.status_code != 200:
        raise Stop(f"the game's review: {review.status_code} {review.text[:300]}")
    outcome.kinds = person.sent


# -- a friends' table ---------------------------------------------------------------------------------


def play_friends(plan: Plan, home: Path, base: str | None = None) -> Outcome:
    """A friends' table over HTTP: ``plan.people`` people (and perhaps a late friend), bots in the other seats;
    then every review: the API's and the page's, for each seat and a spectator."""
    from web_table_helpers import live_server

    outcome = Outcome()
    with caught() as logs, contextlib.ExitStack() as stack:
        url = base or stack.enter_context(live_server(home))
        http = Http(url, outcome)
        try:
            _friends(plan, http, outcome)
        except Stop as stop:
            outcome.failures.append(str(stop))
        except http.httpx.TimeoutException:
            pass
        finally:
            http.close()
        outcome.failures += logs.records
    return outcome


def _bearer(secret: str | None) -> dict[str, str]:
    return {"authorization": f"Bearer {secret}"} if secret else {}


def _friends(plan: Plan, http: Http, outcome: Outcome) -> None:
    made = http("POST", "/api/tables", json={"variant": plan.variant, "players": plan.players, "bots": plan.bots,
                                             "coach": plan.coach, "seed": plan.seed})
    if made.status_code != 201:
        raise Stop(f"POST /api/tables: {made.status_code} {made.text[:300]}")
    code_, host, names = made.json()["table"], made.json()["host"], made.json()["seats"]
    api = f"/api/tables/{code_}"
    rng = random.Random(plan.choices)
    secrets: dict[str, str] = {}
    people: dict[str, Person] = {}
    seats: dict[str, Shadow] = {}
    for i, name in enumerate(sorted(rng.sample(names, plan.people))):
        taken = http("POST", f"{api}/seats/{name}", json={"name": f"Friend{i}"})
        if taken.status_code != 201:
            raise Stop(f"seat {name}: {taken.status_code} {taken.text[:300]}")
        secrets[name] = taken.json()["secret"]
    browsers: dict[str, Http] = {}
    """The people who play on the table's page (their seat's link opened in a browser), not through the API."""
    counts: dict[str, int] = {}
    for i, name in enumerate(secrets):
        people[name] = Person(plan, salt=i)
        seats[name] = Shadow(name, names, plan.variant)
        if i == 1 or (i == 2 and rng.random() < 0.5):
            browser = browsers[name] = Http(http.base, outcome)
            browser("GET", "/")
            opened = browser("POST", f"/t/{code_}/resume",
                             data={"secret": secrets[name], "csrf": browser.client.cookies.get("lit_csrf")})
            if opened.status_code != 303:
                raise Stop(f"{name}'s link: {opened.status_code} {opened.text[:300]}")
    if http("POST", f"{api}/start", headers=_bearer(host)).status_code != 200:
        raise Stop("the host could not start the table")

    def state(name: str | None) -> dict[str, Any]:
        for _ in range(100):
            got = http("GET", f"{api}/state", headers=_bearer(secrets.get(name) if name else None))
            if got.status_code == 429:
                time.sleep(0.5)
                continue
            if got.status_code != 200:
                raise Stop(f"state: {got.status_code} {got.text[:300]}")
            return dict(got.json())
        raise Stop("the state was refused (429) for 50 s")

    def know(name: str, view: dict[str, Any]) -> None:
        seat = seats[name]
        seat.hand = set(view.get("hand", []))
        seat.sizes = dict(view["hand_sizes"])
        seat.live = {half for half, status in view["sets"].items() if status == "in play"}
        seat.read("\n".join(view["events"]))
        coach = view.get("coach") or {}
        seat.certain = None
        seat.coach_said("\n".join(coach.get("alerts", [])))

    def hx(name: str) -> dict[str, str]:
        return {"HX-Request": "true", "X-CSRF-Token": str(browsers[name].client.cookies.get("lit_csrf"))}

    def look(name: str) -> None:
        """What the person sees now: the API's state, or the table's fragment on their page."""
        if name not in browsers:
            know(name, state(name))
            return
        page = browsers[name]("GET", f"/t/{code_}/frame", headers=hx(name))
        if page.status_code != 200:
            raise Stop(f"{name}'s page: {page.status_code} {page.text[:300]}")
        counts[name] = read_frame(seats[name], page.text)[2]

    def move(name: str, line: str, kind: str) -> dict[str, Any]:
        if name in browsers:
            return on_page(name, line, kind)
        for _ in range(100):
            sent = http("POST", f"{api}/moves", headers=_bearer(secrets[name]), json={"move": line})
            if sent.status_code != 429:
                break
            time.sleep(0.3)
        if sent.status_code not in (200, 400):
            raise Stop(f"{name}: {line!r}: {sent.status_code} {sent.text[:300]}")
        body = dict(sent.json())
        if sent.status_code == 400 and (list(body) != ["error"] or "\n" in body["error"]):
            raise Stop(f"{name}: {line!r}: a refusal not in one line: {body}")
        if kind == "bad-ask" and sent.status_code == 200 and body.get("moved"):
            raise Stop(f"{name}: {line!r} ({kind}) was played")
        if sent.status_code == 200:
            know(name, body)
            seats[name].coach_said("\n".join(body.get("reply", [])))
        return body

    def on_page(name: str, line: str, kind: str) -> dict[str, Any]:
        """A line sent from the table's page, as its form sends it (htmx); the fragment read back."""
        for _ in range(100):
            sent = browsers[name]("POST", f"/t/{code_}/act", headers=hx(name), data={"line": line})
            if sent.status_code != 429:
                break
            time.sleep(0.3)
        if sent.status_code != 200:
            raise Stop(f"{name} (page): {line!r}: {sent.status_code} {sent.text[:300]}")
        before = counts.get(name, -1)
        over, mine, counts[name] = read_frame(seats[name], sent.text)
        if kind == "bad-ask" and counts[name] != before:
            raise Stop(f"{name} (page): {line!r} ({kind}) was played")
        return {"over": over, "turn": name if mine else ""}

    def late(turn: str) -> None:
        """The host gives a bot's seat to a friend, once a game."""
        view = state(None)
        free = [s["name"] for s in view["seats"] if s["bot"]]
        if not free or view["over"]:
            return
        name = rng.choice(free)
        given = http("POST", f"{api}/seats/{name}/late", headers=_bearer(host), json={"name": f"Late{len(secrets)}"})
        if given.status_code == 201:
            secrets[name] = given.json()["secret"]
            people[name] = Person(plan, salt=len(secrets))
            seats[name] = Shadow(name, names, plan.variant)
        elif given.status_code != 409:  # (409: the game ended meanwhile)
            raise Stop(f"late: {given.status_code} {given.text[:300]}")

    def out_of_turn(turn: str, fallback: str | None) -> None:
        """A claim by a person whose turn it is not (refused; the turn may have come back to them meanwhile:
        then it is a claim in turn)."""
        others = [n for n in secrets if n != turn] or ([fallback] if fallback else [])
        if others:
            name = others[0]
            look(name)
            move(name, seats[name].wrong_claim(people[name].rng), "out-of-turn")

    late_done = False
    last_change = time.monotonic()
    count = -1
    for _ in range(20000):
        view = state(next(iter(secrets)))
        if view["over"]:
            break
        if view["event_count"] != count:
            count, last_change = view["event_count"], time.monotonic()
        elif time.monotonic() - last_change > HANG:
            raise Stop(f"the table did not move for {HANG:g} s: turn {view['turn']}")
        turn = view["turn"]
        if turn not in secrets:
            time.sleep(0.04)
            continue
        look(turn)
        person, seat = people[turn], seats[turn]
        done = False
        kinds = person.kinds_now()
        for n, kind in enumerate(kinds):
            if done:
                person.give_back(kinds[n:])
                break
            if kind == "late":
                if not late_done:
                    late_done = True
                    late(turn)
                continue
            if kind == "out-of-turn":
                out_of_turn(turn, None)
                continue
            made = person.lines(kind, seat)
            if made is None:
                person.defer(kind)
                continue
            if made == []:  # a reload: the state, the table's page and its fragment, as the spectator, at once
                paths = (f"/t/{code_}", f"/t/{code_}/frame", f"{api}/state", "/tables")
                with ThreadPoolExecutor(len(paths)) as pool:
                    answers = list(pool.map(lambda path: http("GET", path), paths))
                for path, answer in zip(paths, answers, strict=True):
                    if answer.status_code not in (200, 429):
                        raise Stop(f"GET {path}: {answer.status_code}")
                if turn in browsers:  # (the seat's own page, with a card picked)
                    browsers[turn]("GET", f"/t/{code_}?card={person.rng.choice(sorted(seat.hand) or ['2S'])}")
                look(turn)
                continue
            for line in made:
                body = move(turn, line, kind)
                if body.get("over") or body.get("turn", turn) != turn:
                    done = True
                    break
        if not done:
            move(turn, "auto", "auto")
    else:
        raise Stop("the game did not end in 20000 rounds")
    _friends_reviews(http, outcome, code_, [*secrets.values(), None])
    for name, browser in browsers.items():
        review = browser("GET", f"/t/{code_}/review")
        if review.status_code != 200:
            raise Stop(f"{name}'s review page (their browser): {review.status_code} {review.text[:300]}")
        outcome.reviews += 1
        browser.close()
    outcome.kinds = {}
    for p in people.values():
        for kind, n in p.sent.items():
            outcome.kinds[kind] = outcome.kinds.get(kind, 0) + n


def _friends_reviews(http: Http, outcome: Outcome, table: str, viewers: list[str | None]) -> None:
    """Every review of a finished table: the API's and the page's, for each viewer; the log, the table's page."""
    deadline = time.monotonic() + HANG
    while True:
        review = http("GET", f"/api/tables/{table}/review")
        if review.status_code != 409:
            break
        if time.monotonic() > deadline:
            raise Stop(f"the review was not ready in {HANG:g} s")
        time.sleep(0.05)
    outcome.over = True
    for secret in viewers:
        for path in (f"/api/tables/{table}/review", f"/t/{table}/review", f"/t/{table}",
                     f"/api/tables/{table}/log", f"/api/tables/{table}/state"):
            got = http("GET", path, headers=_bearer(secret))
            if got.status_code != 200:
                raise Stop(f"GET {path} ({'a seat' if secret else 'a spectator'}): {got.status_code} "
                           f"{got.text[:300]}")
            outcome.reviews += "review" in path


DOORS = {"terminal": play_terminal, "solo": play_solo, "friends": play_friends}


def random_plan(rng: random.Random, door: str) -> Plan:
    """A plan drawn at random (the benchmark's; the tests draw theirs with hypothesis): every kind once in a
    random order, then up to 12 more."""
    kinds = list(KINDS)
    rng.shuffle(kinds)
    kinds += rng.choices(KINDS, k=rng.randint(0, 12))
    return Plan(variant=rng.choice(["classic", "fish54"]), players=rng.choice([6, 8]), seed=rng.randint(0, 10_000),
                coach=rng.choice(["full", "alert", "off"]), bots=rng.choice(["easy", "medium", "hard", "expert"]),
                kinds=tuple(kinds), per_turn=rng.randint(1, 6), choices=rng.randint(0, 2**32 - 1),
                people=rng.randint(1, 3) if door == "friends" else 1)
