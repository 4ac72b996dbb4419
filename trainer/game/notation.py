"""Reading and writing ``.lit`` game logs (see ``docs/notation.md``).

    >>> game = parse_game('''
    ... variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Cat
    ... hand Ann: 2D 3D 4D 5D 7D 9S JS KH
    ... Cat asks Bob for 3D: no   # Cat must hold another low diamond
    ... ''')
    >>> len(game.events), game.lines
    (1, (6,))
    >>> parse_game(write_game(game)) == game
    True

Reading is lenient where it is safe (case of keywords and cards, unicode
suits, ``T`` for ten, spacing, comments) and strict where a mistake would
change a deduction: every event is replayed and checked as it is read, and the
first problem stops the reading with ``FILE:LINE: what is wrong``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

from trainer.game.cards import Card, HalfSuit, parse_cards
from trainer.game.errors import LiteratureError, NotationError
from trainer.game.events import Ask, Claim, Event, Pass
from trainer.game.reading import bounded_lines
from trainer.game.state import Setup, State, check_name
from trainer.game.variants import PLAYER_COUNTS, Variant

_ASK = re.compile(r"^(\S+)\s+asks\s+(\S+)\s+for\s+(\S+)\s*:\s*(\S+)$", re.IGNORECASE)
# Every pattern runs in linear time: no two adjacent parts can match the same text.
_CLAIM = re.compile(r"^(\S+)\s+claims\s+([^:]*):(.*)$", re.IGNORECASE)
_ACTUAL = re.compile(r"^([^()]*)\(\s*actual\s*:([^()]*)\)$", re.IGNORECASE)
_PASS = re.compile(r"^(\S+)\s+passes\s+(?:the\s+turn\s+)?to\s+(\S+)$", re.IGNORECASE)
_TURN = re.compile(r"^turn\s*:\s*(\S+)$", re.IGNORECASE)
_HEADER = re.compile(r"^(variant|players|dealer|hand\s+(\S+))\s*:\s*(.*)$", re.IGNORECASE)
_ANSWERS = {"yes": True, "y": True, "hit": True, "no": False, "n": False, "miss": False}
MAX_LINE = 1000  # characters before the comment: far more than any header or event needs
MAX_RAW_LINE = 10_000
"""Characters a line may have, its comment included: a longer one is refused as soon as it passes this."""
MAX_LOG_BYTES = 8 * 2**20
"""Bytes a game log may have (a 5 MB log of 200,000 events takes about 100 MB to check): a larger regular
file is refused unread, a device or a pipe as soon as it passes this."""


@dataclass(frozen=True)
class Game:
    """A table and its history. ``lines`` (the source line of each event) and
    ``path`` are bookkeeping and do not take part in equality; ``final`` is the
    position after every event when the reader already replayed them."""

    setup: Setup
    events: tuple[Event, ...] = ()
    lines: tuple[int, ...] = field(default=(), compare=False)
    path: str | None = field(default=None, compare=False)
    final: State | None = field(default=None, compare=False, repr=False)

    def states(self) -> Iterator[State]:
        """The position before any event, then after each event in turn."""
        state = State(self.setup)
        yield state.copy()
        for event in self.events:
            state.apply(event)
            yield state.copy()

    def state(self, at: int | None = None) -> State:
        """The position after the first ``at`` events (default: all of them)."""
        n = len(self.events) if at is None else at
        if not 0 <= n <= len(self.events):
            total = len(self.events)
            events = "event" if total == 1 else "events"
            raise LiteratureError(f"--at {n} is out of range: the game has {total} {events} (0 to {total})")
        if n == len(self.events) and self._final_fits():
            assert self.final is not None
            return self.final.copy()
        state = State(self.setup)
        for event in self.events[:n]:
            state.apply(event)
        return state

    def _final_fits(self) -> bool:
        """Whether ``final`` is still the end of this game (not of a ``replace()``d copy)."""
        final, n = self.final, len(self.events)
        if final is None or final.setup is not self.setup or len(final.events) != n:
            return False
        return not n or final.events[-1] is self.events[-1]

    def line_of(self, index: int) -> int | None:
        """The source line of event ``index`` (1-based), when known."""
        return self.lines[index - 1] if 0 < index <= len(self.lines) else None


def _strip(raw: str) -> str:
    return raw.split("#", 1)[0].strip()


def parse_event(text: str, setup: Setup) -> Event:
    """Read one event line (without comment) in the context of a table.

    >>> setup = Setup.create("classic", "Ann Bob Cat Dan Eve Fay".split())
    >>> parse_event("Cat claims low diamonds: Ann 2d 3d 4d 5d 7d; Cat 6♦", setup)
    Claim(claimer='Cat', half_suit=HalfSuit.parse('LD'), declared=..., actual=(), out_of_turn=False)
    """
    if m := _ASK.match(text):
        asker, target, card_text, answer = m.groups()
        hit = _ANSWERS.get(answer.lower())
        if hit is None:
            raise NotationError(f"the answer must be 'yes' or 'no', not {answer!r}")
        card = Card.parse(card_text)
        return Ask(setup.check_player(asker), setup.check_player(target), card, hit)
    if m := _CLAIM.match(text):
        claimer, half_text, rest = m.groups()
        declared_text, actual_text = rest, None
        if "(" in rest or ")" in rest:
            parts = _ACTUAL.match(rest.strip())
            if parts is None:
                raise NotationError("a claim may end with one '(actual: PLAYER CARDS, ...)' and nothing else")
            declared_text, actual_text = parts.groups()
        words = half_text.split()
        out_of_turn = [w.lower() for w in words[-3:]] == ["out", "of", "turn"]
        if out_of_turn:
            half_text = " ".join(words[:-3])
        half = HalfSuit.parse(half_text)
        declared = _assignment(declared_text, setup)
        actual = _assignment(actual_text, setup) if actual_text is not None else []
        _once(declared, "the claim")
        _once(actual, "'actual:'")
        player = setup.check_player(claimer)
        return Claim.of(player, half, dict(declared), dict(actual), out_of_turn=out_of_turn)
    if m := _PASS.match(text):
        return Pass(setup.check_player(m.group(1)), setup.check_player(m.group(2)))
    if m := _TURN.match(text):
        return Pass(None, setup.check_player(m.group(1)))
    if _HEADER.match(text):
        raise NotationError("headers must come before the first event")
    raise NotationError(f"cannot read this line: {text!r}")


def _assignment(text: str, setup: Setup) -> list[tuple[Card, str]]:
    pairs: list[tuple[Card, str]] = []
    for group in re.split(r"[,;]", text):
        words = group.split()
        if not words:
            continue
        player = setup.check_player(words[0])
        cards = parse_cards(" ".join(words[1:]))
        if not cards:
            raise NotationError(f"no cards are named for {player}")
        pairs.extend((card, player) for card in cards)
    return pairs


def _once(pairs: list[tuple[Card, str]], where: str) -> None:
    seen: set[Card] = set()
    for card, _ in pairs:
        if card in seen:
            raise NotationError(f"{card} is named twice in {where}")
        seen.add(card)


class _Reader:
    """Reads lines one at a time: headers, then events replayed as they come."""

    def __init__(self) -> None:
        self.variant: Variant | None = None
        self.players: list[str] | None = None
        self.dealer: str | None = None
        self.hands: dict[str, list[Card]] = {}
        self.header_lines: dict[str, int] = {}
        self.setup: Setup | None = None
        self.state: State | None = None
        self.events: list[Event] = []
        self.lines: list[int] = []

    def header(self, match: re.Match[str], number: int) -> None:
        key, hand_of, value = match.group(1).lower(), match.group(2), match.group(3).strip()
        if hand_of is not None:
            key = f"hand {hand_of}"
        if key in self.header_lines:
            raise NotationError(f"'{key}:' is given twice (first on line {self.header_lines[key]})")
        self.header_lines[key] = number
        if key == "variant":
            self.variant = Variant.parse(value)
        elif key == "players":
            names = value.split()
            if len(names) not in PLAYER_COUNTS:
                raise NotationError(f"a game has 6 or 8 players, not {len(names)}")
            for name in names:
                check_name(name)
            if len(set(names)) != len(names):
                raise NotationError("a player name appears twice in 'players:'")
            self.players = names
        elif key == "dealer":
            if len(value.split()) != 1:
                raise NotationError(f"'dealer:' names one player, not {value!r}")
            self.dealer = value
        else:
            cards = parse_cards(value)
            if len(set(cards)) != len(cards):
                raise NotationError(f"a card appears twice in {hand_of}'s hand")
            self.hands[hand_of] = cards

    def start(self) -> Setup:
        if self.variant is None:
            raise NotationError("missing 'variant:' header (classic or fish54) before the first event")
        if self.players is None:
            raise NotationError("missing 'players:' header before the first event")
        dealer = self.dealer or self.players[0]
        if dealer not in self.players:
            raise NotationError(
                f"unknown dealer {dealer!r} (players: {' '.join(self.players)})", line=self.header_lines["dealer"]
            )
        setup = Setup(self.variant, tuple(self.players), dealer)
        hands: dict[str, frozenset[Card]] = {}
        for player, cards in self.hands.items():
            hands[player] = frozenset(cards)
            try:
                Setup(setup.variant, setup.players, setup.dealer, hands).validate()
            except LiteratureError as error:
                raise error.located(line=self.header_lines[f"hand {player}"]) from None
        self.setup = Setup(setup.variant, setup.players, setup.dealer, hands)
        self.state = State(self.setup)
        return self.setup

    def feed(self, raw: str, number: int) -> None:
        if "\x00" in raw:
            raise NotationError("this is a binary file, not a game log")
        text = _strip(raw)
        if not text:
            return
        if len(text) > MAX_LINE:
            raise NotationError(f"this line is too long ({len(text)} characters) to be a header or an event")
        if self.setup is None:
            match = _HEADER.match(text)
            if match:
                self.header(match, number)
                return
            self.start()
        assert self.setup is not None and self.state is not None
        event = parse_event(text, self.setup)
        self.state.apply(event)
        self.events.append(event)
        self.lines.append(number)

    def finish(self, path: str | None) -> Game:
        if self.setup is None:
            self.start()
        assert self.setup is not None and self.state is not None
        return Game(self.setup, tuple(self.events), tuple(self.lines), path, self.state)


def iter_lines(lines: Iterable[str], path: str | None = None) -> Game:
    """Read a game from lines (streamed: the first error stops the reading)."""
    game, error = _read(lines, path)
    if error is not None:
        raise error
    assert game is not None
    return game


def _read(lines: Iterable[str], path: str | None) -> tuple[Game | None, LiteratureError | None]:
    """The game, or the events read before the first problem (``None`` before the first event) and the
    problem, located."""
    reader = _Reader()
    number = 0
    try:
        for number, raw in enumerate(lines, start=1):
            reader.feed(raw, number)
        return reader.finish(path), None
    except LiteratureError as error:
        located = error.located(path, number or None)
        if reader.setup is None:
            return None, located
        return Game(reader.setup, tuple(reader.events), tuple(reader.lines), path), located


def parse_game(text: str, path: str | None = None) -> Game:
    """Read a game from the text of a ``.lit`` file (a leading byte order mark is skipped)."""
    return iter_lines(text.removeprefix("\ufeff").splitlines(), path)


def read_game(path: str | Path) -> Game:
    """Read a ``.lit`` file, streaming it line by line (a UTF-8 byte order mark is allowed), within
    :data:`MAX_LOG_BYTES` and lines of :data:`MAX_RAW_LINE` characters: any input, a device or a pipe that never
    ends too, is refused before it is read further."""
    game, error = read_prefix(path)
    if error is not None:
        raise error
    assert game is not None
    return game


def read_prefix(path: str | Path) -> tuple[Game | None, LiteratureError | None]:
    """Read a ``.lit`` file as :func:`read_game` does, but return its first problem instead of raising it, with
    the game its events before that problem make (``None`` when the problem comes before the first event).

        >>> import tempfile, pathlib
        >>> log = pathlib.Path(tempfile.mkdtemp()) / "g.lit"
        >>> _ = log.write_text("variant: classic\\nplayers: A B C D E F\\nA asks B for 3D: no\\nA asks B for 4D: no\\n")
        >>> game, error = read_prefix(log)
        >>> len(game.events), str(error).endswith("g.lit:4: A cannot ask now: it is B's turn")
        (1, True)
    """
    name = str(path)
    lines = bounded_lines(path, max_bytes=MAX_LOG_BYTES, max_line=MAX_RAW_LINE, kind="game log", error=NotationError)
    with closing(lines):
        return _read(lines, name)


def write_game(game: Game) -> str:
    """The ``.lit`` text of a game: headers, listed hands in seat order, events."""
    setup = game.setup
    out = [
        f"variant: {setup.variant.value}",
        f"players: {' '.join(setup.players)}",
        f"dealer: {setup.dealer}",
    ]
    for player in setup.players:
        if player in setup.hands:
            out.append(f"hand {player}: {' '.join(str(c) for c in sorted(setup.hands[player]))}")
    out.extend(str(event) for event in game.events)
    return "\n".join(out) + "\n"
