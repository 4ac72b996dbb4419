"""The table: seats for people and bots, one game that only the table sees whole, each seat's coach.

Every face plays at a :class:`Table`: ``literature play`` and ``/play`` (one
person, the others bots: :meth:`Table.solo` around a saved
:class:`~trainer.play.match.Match`) and ``/t/CODE`` (friends: a lobby first).

A table with a code is first a lobby, then a game. Anyone with its code may
take a free seat (:meth:`Table.take`) and is given a secret: every action for
that seat needs it, and only a hash of it is kept. The host holds the table's
own secret (and no seat until they take one); they start the game
(:meth:`Table.start`): the deal comes from the table's seed, the seats nobody
took are played by bots of the table's level, and from then on the game is a
:class:`~trainer.play.match.Match` whose people are the held seats, each seen
through its own :class:`~trainer.play.seat.Seat` (the ``play`` prompt's
syntax, the rules' own refusals, the coach at the level its person chose among
those the table allows). Nothing here decides what is legal: the match does.
Nothing here writes a sentence either: what a seat was told is kept as the
:class:`~trainer.play.seat.Reply` (:attr:`Table.said`), worded by ``render``.

The table's file (:meth:`Table.text`: JSON around the game's complete
``.lit``) is written by the caller after each change and before anyone hears
of it; :meth:`Table.load` reads it back exactly, and since bots draw their
choices from ``(seed, move, seat)`` a table read again after a restart goes on
as it would have. A one-person table is saved as its game's ``.lit`` alone
(:func:`trainer.play.saved.save` of :attr:`Table.match`).

What a client is shown is :meth:`Table.view`: its own hand (a seat) or none
(a spectator), the hand sizes, and the public events as ``.lit`` lines (only
the last one for a seat whose coach is off, as at a real table).

    >>> table = Table.new("abcd2345", Options(seed=3), "host-secret", now=0.0)
    >>> zoe = table.take("Dan", "Zoe", now=0.0)
    >>> table.start("host-secret", now=1.0)
    >>> table.match.decider(), table.bot_due()
    (('Dan', <Role.PLAY: 'play'>), False)
    >>> table.act(zoe, "auto", now=2.0).kind
    <ReplyKind.MOVED: 'moved'>
    >>> view = table.view("Dan")
    >>> view["you"], len(view["hand"]), view["events"]
    ('Dan', 8, ['Dan asks Ann for 2S: no'])
    >>> "hand" in table.view(None), Table.load(table.text()).view("Dan") == view
    (False, True)
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from collections import Counter
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from trainer.files import read_json
from trainer.game.errors import LiteratureError
from trainer.game.events import Event
from trainer.game.notation import write_game
from trainer.game.randomplay import NAMES
from trainer.game.state import State
from trainer.game.variants import PLAYER_COUNTS, Variant
from trainer.play.ending import SeatEnding
from trainer.play.match import CoachLevel, Match, Seating
from trainer.play.names import look_alike
from trainer.play.protocol import LEVELS as BOT_LEVELS
from trainer.play.protocol import BotKind, table_level
from trainer.play.seat import Reply, ReplyKind, Seat
from trainer.play.seat_view import SeatView, choices, offered, seat_view

FORMAT = 1
"""The version of a table's record (:meth:`Table.text`)."""
TABLE_LINE = "# literature table:"
"""The comment that begins a table's file and holds its record (:meth:`Table.text`)."""
CODE = re.compile(r"[a-z2-9]{8}")
"""A table's code: eight letters and digits (no 0, 1: they read as O, l)."""
MAX_PERSON = 24
"""Characters a person's name may have."""
_PERSON = re.compile(rf"[^\W_][\w .'-]{{0,{MAX_PERSON - 1}}}")
SOLO = "-"
"""What a one-person table keeps for its person's secret: no secret's hash, so no secret is theirs."""
AWAY_SECONDS = 180.0
MAX_CHAT = 200
"""The longest line said at the table (characters)."""
CHAT_KEPT = 100
"""The chat lines a table keeps (the latest)."""
"""A seat whose person has been gone this long (no page open, no action) may be handed to a bot by the host."""
LEVELS = (CoachLevel.OFF, CoachLevel.ALERT, CoachLevel.FULL)
BOT_KINDS = BOT_LEVELS
"""The bots a table may seat in its empty seats: the levels of ``literature play`` (easy, medium, hard, expert)."""
OLD_BOT_NAMES = tuple(kind for kind in BotKind if kind not in BOT_LEVELS and kind is not BotKind.RANDOM)
"""Old names still taken for a level (``basic``: medium, ``human``: easy)."""


class TableError(LiteratureError):
    """What a client may not do, in one line, with the HTTP status that says it (400, 403, 404, 409, 429, 503)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def digest(secret: str) -> str:
    """The hash of a secret, which is all a table keeps of it.

    >>> len(digest("s")), digest("s") == digest("s") != digest("t")
    (64, True)
    """
    return hashlib.sha256(secret.encode()).hexdigest()


def check_person(text: object) -> str:
    """A person's name at the table, trimmed: a letter or digit, then up to 23 letters, digits, spaces, ``.'-``.

    >>> check_person("  Zoe  B. "), check_person("Zoë")
    ('Zoe B.', 'Zoë')
    >>> check_person("<script>")
    Traceback (most recent call last):
    ...
    trainer.play.table.TableError: a name is a letter or digit, then up to 23 letters, digits, spaces or .'-
    """
    name = " ".join(str(text).split()) if isinstance(text, str) else ""
    if not _PERSON.fullmatch(name):
        raise TableError(f"a name is a letter or digit, then up to {MAX_PERSON - 1} letters, digits, spaces or .'-")
    return name


@dataclass(frozen=True)
class Options:
    """What the host chooses: the rules, the size, the bots' level, the coach levels seats may choose."""

    variant: Variant = Variant.CLASSIC
    players: int = 6
    bots: BotKind = BotKind.EXPERT
    coach: tuple[CoachLevel, ...] = (CoachLevel.OFF,)
    seed: int = 0

    @classmethod
    def read(cls, body: dict[str, Any], seed: int) -> Options:
        """The options of ``POST /api/tables``; ``coach`` is the highest level allowed (``"alert"``: off and
        alert) or the list of the levels allowed. A field that is wrong raises :class:`TableError` naming it.

        >>> Options.read({"variant": "fish54", "players": 8, "bots": "hard", "coach": "alert"}, 7).coach
        (<CoachLevel.OFF: 'off'>, <CoachLevel.ALERT: 'alert'>)
        >>> Options.read({"bots": "basic"}, 7).bots  # an old name: its level
        <BotKind.MEDIUM: 'medium'>
        >>> Options.read({"players": 7}, 7)
        Traceback (most recent call last):
        ...
        trainer.play.table.TableError: players: a table has 6 or 8 players, not 7
        """
        unknown = sorted(set(body) - {"variant", "players", "bots", "coach", "seed"})
        if unknown:
            raise TableError(f"{unknown[0][:40]}: not an option of a table (variant, players, bots, coach, seed)")
        variant = _choice(body, "variant", [v.value for v in Variant], "classic")
        players = body.get("players", 6)
        if type(players) is not int or players not in PLAYER_COUNTS:
            raise TableError(f"players: a table has 6 or 8 players, not {str(players)[:20]}")
        if body.get("bots") in [k.value for k in OLD_BOT_NAMES]:
            body = {**body, "bots": table_level(body["bots"]).value}
        bots = _choice(body, "bots", [k.value for k in BOT_KINDS], BotKind.EXPERT.value)
        coach = body.get("coach", "off")
        names = [level.value for level in LEVELS]
        if isinstance(coach, str) and coach in names:
            allowed = LEVELS[: names.index(coach) + 1]
        elif isinstance(coach, list) and coach and all(isinstance(c, str) and c in names for c in coach):
            allowed = tuple(level for level in LEVELS if level.value in coach)
        else:
            raise TableError(f"coach: one of {', '.join(names)} (the highest allowed), or a list of them")
        chosen = body.get("seed", seed)
        if type(chosen) is not int or not 0 <= chosen < 2**63:
            raise TableError("seed: a whole number from 0 to 2^63 - 1")
        return cls(Variant(variant), players, BotKind(bots), allowed, chosen)


def _choice(body: dict[str, Any], key: str, allowed: list[str], default: str) -> str:
    value = body.get(key, default)
    if not isinstance(value, str) or value not in allowed:
        raise TableError(f"{key}: one of {', '.join(allowed)}, not {str(value)[:20]!r}")
    return value


@dataclass
class Place:
    """One seat of the table: who holds it (a hash of their secret), the name they gave, how they are coached."""

    name: str
    person: str = ""
    secret: str = ""
    learner: str | None = None
    coach: CoachLevel = CoachLevel.OFF
    bot: bool = False
    """Handed to a bot by the host while its person was away (they may take it back)."""
    seen: float = 0.0

    @property
    def held(self) -> bool:
        """Whether a person took this seat."""
        return bool(self.secret)


@dataclass(frozen=True)
class ChatLine:
    """One line said at the table: the seat, the person in it then, the text (plain: pages escape it), when."""

    seat: str
    person: str
    text: str
    at: float


@dataclass
class Table:
    """One table: its options, seats, host, game (``None`` before the start), and what the end computed."""

    code: str
    options: Options
    host: str
    created: float
    touched: float
    places: list[Place]
    match: Match | None = None
    ending: dict[str, Any] | None = None
    seats: dict[str, Seat] = field(default_factory=dict, repr=False)
    connected: Counter[str] = field(default_factory=Counter, repr=False)
    questions: dict[str, Reply] = field(default_factory=dict, repr=False)
    """The question each seat's coach asked and waits for a yes or no to (a ``confirm`` reply)."""
    said: dict[str, Reply] = field(default_factory=dict, repr=False)
    """What each seat was last told after one of its own moves (the coach's notes, what the ask gave away)."""
    version: int = 0
    chat: list[ChatLine] = field(default_factory=list)
    """The table's talk, oldest first (the latest :data:`CHAT_KEPT`): in the table's file, never in the log."""
    muted: set[str] = field(default_factory=set)
    """The seats the host has muted."""
    _public: tuple[int, State] | None = field(default=None, repr=False)
    endings: dict[str, SeatEnding] = field(default_factory=dict, repr=False)
    """What the end of the game says to each seat, once worked out (:meth:`trainer.play.hall.Hall.end`)."""

    @classmethod
    def new(cls, code: str, options: Options, host_secret: str, now: float) -> Table:
        """A new table in its lobby, every seat free."""
        places = [Place(name, coach=options.coach[-1]) for name in NAMES[: options.players]]
        return cls(code, options, digest(host_secret), now, now, places)

    @classmethod
    def solo(cls, match: Match) -> Table:
        """The table of a game of one person against bots (``literature play``, ``/play``), around its match.

        Its one person's seat holds no secret: whoever opens the game is its person (the door decides who may).

        >>> from trainer.play.match import Seating
        >>> table = Table.solo(Match.new(Seating(seed=3, coach=CoachLevel.OFF)))
        >>> table.people(), table.phase, table.bot_due(), table.history_open("Ann"), table.history_open(None)
        ({'Ann'}, 'playing', True, False, False)
        >>> [str(e) for e in table.bot_step(now=0.0)], table.respond("Ann", "auto", now=0.0).kind
        (['Dan asks Ann for 2S: no'], <ReplyKind.MOVED: 'moved'>)
        >>> again = Table.solo(Match.from_text(table.match.text()))  # saved as its .lit, read back
        >>> again.view("Ann") == {**table.view("Ann"), "version": 0}
        True
        """
        seating = match.seating
        options = Options(seating.variant, seating.players, seating.opponents, (seating.coach,), seating.seed)
        places = [Place(name, person=name if name == match.you else "", secret=SOLO if name == match.you else "",
                        coach=seating.coach) for name in match.setup.players]
        table = cls("", options, "", 0.0, 0.0, places, match)
        table.seats = {match.you: Seat(match)}
        return table

    # -- who is who ------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """``waiting`` (the lobby), ``playing`` or ``over``."""
        if self.match is None:
            return "waiting"
        return "over" if self.match.over else "playing"

    def place(self, name: str) -> Place:
        """The seat called ``name`` (404 when there is none)."""
        for place in self.places:
            if place.name == name:
                return place
        raise TableError(f"there is no seat {name[:20]!r} at this table (seats: {' '.join(self.names())})", 404)

    def names(self) -> list[str]:
        """The seats' names, in order."""
        return [p.name for p in self.places]

    def holder(self, secret: str | None) -> Place:
        """The seat whose secret this is (403 otherwise: no secret, another table's, the host's)."""
        if secret and self.code:
            hashed = digest(secret)
            for place in self.places:
                if place.held and hmac.compare_digest(place.secret, hashed):
                    return place
        raise TableError("this needs your seat's secret (Authorization: Bearer SECRET)", 403)

    def is_host(self, secret: str | None) -> bool:
        """Whether ``secret`` is the host's."""
        return bool(secret) and hmac.compare_digest(self.host, digest(secret or ""))

    def viewer(self, secret: str | None) -> str | None:
        """The seat a request is for: its secret's, or ``None`` (a spectator, or the host without a seat)."""
        if not secret or self.is_host(secret):
            return None
        return self.holder(secret).name

    def people(self) -> set[str]:
        """The seats people play now (held, and not handed to a bot)."""
        return {p.name for p in self.places if p.held and not p.bot}

    # -- the lobby ---------------------------------------------------------------------------

    def take(self, name: str, person: object, now: float, learner: str | None = None) -> str:
        """Seat ``person`` in the free seat ``name`` and return the seat's secret (409: held, full, begun)."""
        place = self.place(name)
        person = check_person(person)
        if self.match is not None:
            raise TableError("the game has begun: its empty seats are played by bots", 409)
        if all(p.held for p in self.places):
            raise TableError("the table is full", 409)
        if place.held:
            raise TableError(f"{name} is taken (by {place.person})", 409)
        like = look_alike(person, [p.person for p in self.places if p.held])
        if like is not None:  # (Alice, Аlice in Cyrillic, Ａｌｉｃｅ and alice. are one name at a table)
            raise TableError(f"someone called {like} sits here already: choose a name that does not look like it",
                             409)
        secret = secrets.token_urlsafe(18)
        place.person, place.secret, place.learner, place.seen = person, digest(secret), learner, now
        self.changed(now)
        return secret

    def late(self, host_secret: str | None, name: str, person: object, now: float,
             learner: str | None = None) -> str:
        """The host lets ``person`` take the seat ``name`` a bot has played since the start, in a game under way;
        the seat's secret. From then on they play it and see what the seat sees (its hand, the public events,
        its coach), nothing more (403: not the host; 409: not under way, a person's seat, a look-alike name).

        >>> table = Table.new("abcd2345", Options(seed=3), "host", now=0.0)
        >>> _ = table.take("Ann", "Ann", now=0.0); table.start("host", now=0.0)
        >>> secret = table.late("host", "Bob", "Zoe", now=1.0)
        >>> table.viewer(secret), sorted(table.people()), table.place("Bob").person
        ('Bob', ['Ann', 'Bob'], 'Zoe')
        """
        if not self.is_host(host_secret):
            raise TableError("only the host may let a friend take a bot's seat (Authorization: Bearer "
                             "HOST-SECRET)", 403)
        match = self.playing()
        place = self.place(name)
        person = check_person(person)
        if place.held:
            raise TableError(f"{name} is {place.person}'s seat: a friend may take only a seat a bot plays "
                             "from the start", 409)
        like = look_alike(person, [p.person for p in self.places if p.held])
        if like is not None:
            raise TableError(f"someone called {like} sits here already: choose a name that does not look like it",
                             409)
        secret = secrets.token_urlsafe(18)
        place.person, place.secret, place.learner, place.seen = person, digest(secret), learner, now
        match.people.add(name)
        match.played.add(name)
        self.seats[name] = Seat(match, name, place.coach)
        self.changed(now)
        return secret

    def start(self, host_secret: str | None, now: float) -> None:
        """Deal and begin (the host only); the seats nobody took are the bots'."""
        if not self.is_host(host_secret):
            raise TableError("only the host may start the game (Authorization: Bearer HOST-SECRET)", 403)
        if self.match is not None:
            raise TableError("the game has begun already", 409)
        options = self.options
        started = datetime.fromtimestamp(now, UTC).replace(microsecond=0).isoformat()
        seating = Seating(options.seed, options.variant, options.players, None, options.bots, options.bots,
                          options.coach[-1], False, started)
        self.match = Match.new(seating, people=self.people())
        self._seat_people()
        self.changed(now)

    def rest(self) -> None:
        """The game is over: forget what its bots and its seats' coaches kept for a next move (a megabyte or
        two a table, which a server holding many finished tables would otherwise keep for a day)."""
        if self.match is not None:
            self.match.table.bots.clear()
        for seat in self.seats.values():
            seat.coach.forget()

    def _seat_people(self) -> None:
        assert self.match is not None
        self.seats = {p.name: Seat(self.match, p.name, p.coach) for p in self.places if p.held}

    # -- the game ----------------------------------------------------------------------------

    def playing(self) -> Match:
        """The match, while it is being played (409 before the start and after the end)."""
        if self.match is None:
            raise TableError("the game has not begun: the host starts it", 409)
        if self.match.over:
            raise TableError("the game is over", 409)
        return self.match

    def act(self, secret: str | None, line: object, now: float) -> Reply:
        """One line typed at the seat whose secret this is (see :meth:`respond`)."""
        return self.respond(self.holder(secret).name, line, now)

    def respond(self, name: str, line: object, now: float) -> Reply:
        """One line typed at seat ``name`` (the ``play`` prompt's syntax: a move, ``auto``, ``hint``, ``yes`` …),
        answered by the seat's :class:`~trainer.play.seat.Seat`; an ``invalid`` reply changed nothing. The door
        decides who may speak for the seat (:meth:`act`: its secret)."""
        place = self.place(name)
        place.seen = now
        self.playing()
        if not isinstance(line, str):
            raise TableError("move: a line such as 'Bob 6D', 'claim LD: Ann 2D 3D, Cat 4D 5D 6D 7D', 'pass Cat', "
                             "'auto'")
        if place.bot:
            raise TableError(f"a bot plays {place.name} now: take your seat back first", 409)
        reply = self.seats[place.name].respond(line)
        self.questions.pop(place.name, None)
        if reply.kind is ReplyKind.CONFIRM:
            self.questions[place.name] = reply
            self.version += 1
        if reply.kind is ReplyKind.MOVED:
            self.said[place.name] = reply
            self.changed(now)
        return reply

    def bot_due(self) -> bool:
        """Whether the next move is a bot's (a seat nobody took, or one handed to a bot)."""
        match = self.match
        return match is not None and not match.over and match.decider()[0] not in match.people

    def bot_step(self, now: float) -> list[Event]:
        """Let the bot whose move it is play it."""
        events = self.playing().bot_move()
        self.changed(now)
        return events

    def hand_to_bot(self, host_secret: str | None, name: str, now: float) -> None:
        """The host hands the seat of a person gone for :data:`AWAY_SECONDS` to a bot (who plays it until they
        take it back)."""
        if not self.is_host(host_secret):
            raise TableError("only the host may hand a seat to a bot", 403)
        match = self.playing()
        place = self.place(name)
        if not place.held or place.bot:
            raise TableError(f"a bot plays {name} already", 409)
        gone = now - place.seen
        if self.connected[name] or gone < AWAY_SECONDS:
            where = "has the table open" if self.connected[name] else f"was here {int(gone)} s ago"
            raise TableError(f"{place.person} {where}: a seat may be handed to a bot after "
                             f"{int(AWAY_SECONDS // 60)} minutes away", 409)
        place.bot = True
        match.people.discard(name)
        self.seats[name].pending = None
        self.questions.pop(name, None)
        self.changed(now)

    def away(self, now: float) -> list[str]:
        """The seats the host may hand to a bot now: their person has had no page open for :data:`AWAY_SECONDS`."""
        return [p.name for p in self.places if p.held and not p.bot and not self.connected[p.name]
                and now - p.seen >= AWAY_SECONDS]

    def take_back(self, secret: str | None, now: float) -> None:
        """The seat's person takes it back from the bot."""
        place = self.holder(secret)
        match = self.playing()
        place.seen = now
        if not place.bot:
            raise TableError(f"you play {place.name} already", 409)
        place.bot = False
        match.people.add(place.name)
        self.changed(now)

    def set_coach(self, secret: str | None, level: object, now: float) -> None:
        """The seat's person chooses their coach among the levels the table allows."""
        place = self.holder(secret)
        allowed = [c.value for c in self.options.coach]
        if not isinstance(level, str) or level not in allowed:
            raise TableError(f"level: this table allows the coach {', '.join(allowed)}")
        place.coach = CoachLevel(level)
        place.seen = now
        if self.match is not None:
            self.seats[place.name] = Seat(self.match, place.name, place.coach)
        self.questions.pop(place.name, None)
        self.changed(now)

    # -- talk ---------------------------------------------------------------------------------

    def say(self, secret: str | None, text: object, now: float) -> ChatLine:
        """A line said by the seat whose secret this is, kept with the table (400: empty or longer than
        :data:`MAX_CHAT`; 403: not a seat's secret, or muted by the host). Control characters become spaces.

        >>> table = Table.new("abcd2345", Options(seed=3), "host", now=0.0)
        >>> ann = table.take("Ann", "Ann", now=0.0)
        >>> table.say(ann, "  hello <b>all</b>\x07 ", now=1.0).text
        'hello <b>all</b>'
        >>> table.mute("host", "Ann", now=2.0); table.say(ann, "hi", now=3.0)
        Traceback (most recent call last):
        trainer.play.table.TableError: the host has muted Ann
        """
        place = self.holder(secret)
        if not isinstance(text, str) or not text.strip():
            raise TableError("text: say something (a line of at most 200 characters)")
        line = " ".join("".join(c if c.isprintable() else " " for c in text).split())
        if len(line) > MAX_CHAT:
            raise TableError(f"text: at most {MAX_CHAT} characters (this is {len(line)})")
        if place.name in self.muted:
            raise TableError(f"the host has muted {place.name}", 403)
        said = ChatLine(place.name, place.person, line, now)
        self.chat = [*self.chat, said][-CHAT_KEPT:]
        place.seen = now
        self.changed(now)
        return said

    def mute(self, host_secret: str | None, name: str, now: float, on: bool = True) -> None:
        """The host mutes seat ``name`` (or lets it talk again, ``on=False``)."""
        if not self.is_host(host_secret):
            raise TableError("only the host may mute a seat", 403)
        self.place(name)
        if on:
            self.muted.add(name)
        else:
            self.muted.discard(name)
        self.changed(now)

    def changed(self, now: float) -> None:
        """Mark a change: a new version for the live stream, and the table's idle time starts again."""
        self.touched = now
        self.version += 1

    # -- what each client sees ----------------------------------------------------------------

    def history_open(self, viewer: str | None) -> bool:
        """Whether ``viewer`` (``None``: a spectator) is shown the whole history, not only the last event: a
        seat whose coach is on, a spectator at a table that allows a coach, everyone once the game is over."""
        if self.phase == "over":
            return True
        if viewer is None:
            return self.options.coach[-1] is not CoachLevel.OFF
        seat = self.seats.get(viewer)
        return seat.open_book if seat is not None else self.place(viewer).coach is not CoachLevel.OFF

    def seat_view(self, viewer: str | None) -> SeatView:
        """Everything a face may show ``viewer`` (a seat's name, or ``None`` for a spectator) now, as one value
        (:func:`trainer.play.seat_view.seat_view`): never a hand but its own."""
        return seat_view(self, viewer)

    def view(self, viewer: str | None) -> dict[str, Any]:
        """What ``viewer`` is shown, as the JSON API's values (:meth:`SeatView.as_json`)."""
        return self.seat_view(viewer).as_json()

    def public_position(self) -> State:
        """The position as the public sees it: every size, the claimed sets, whose turn, no hand listed (kept
        until the next event)."""
        match = self.match
        assert match is not None
        count = len(match.state.events)
        if self._public is None or self._public[0] != count:
            state = State(match.setup.public())
            for event in match.state.events:
                state.apply(event)
            self._public = (count, state)
        return self._public[1].copy()

    def to_move(self, viewer: str | None) -> bool:
        """Whether the next move is ``viewer``'s, a person's (not a bot's)."""
        match = self.match
        return (viewer is not None and match is not None and not match.over and viewer in match.people
                and match.decider()[0] == viewer)

    def options_of(self, viewer: str) -> dict[str, Any]:
        """What the seat may do now, from its own view, as the JSON API sends it (:func:`choices`): ``asks``
        (whom, for which cards), ``claims`` (each set in play, its cards), ``claimers``, ``passes``."""
        return choices(self, viewer).as_json()

    def offered_ask(self, viewer: str) -> str | None:
        """The ask a face offers the seat as its example (``Bob 6D``): one that can hit, from the seat's own view
        (:attr:`SeatView.offered`); ``None`` when none can, or no ask is possible.

        >>> from trainer.play.match import Seating
        >>> table = Table.solo(Match.new(Seating(seed=3, coach=CoachLevel.ALERT)))
        >>> while table.bot_due(): _ = table.bot_step(now=0.0)
        >>> target, card = table.offered_ask("Ann").split()
        >>> from trainer.game.cards import Card
        >>> table.seats["Ann"].coach.ask_chance(table.match.state.events, target, Card.parse(card)) > 0
        True
        """
        self.playing()
        found = offered(self, viewer, choices(self, viewer))
        return f"{found.target} {found.card}" if found is not None else None

    # -- the end -------------------------------------------------------------------------------

    def log(self) -> str:
        """The complete ``.lit`` of the finished game, every hand listed (409 before the end)."""
        if self.match is None or not self.match.over:
            raise TableError("the log is there for everyone once the game is over", 409)
        who = " ".join(f"{p.name}={'bot' if not p.held else p.person.replace(' ', '_')}" for p in self.places)
        return f"# literature table {self.code}: {who}\n" + write_game(self.match.game())

    def seat_match(self, name: str) -> Match:
        """The game as seen from the person in ``name`` (what :func:`trainer.play.ending.own_notes` and
        :func:`puzzles.session.queue_missed` take)."""
        assert self.match is not None
        match = Match(replace(self.match.seating, you=name), self.match.setup, people={name})
        match.table = self.match.table
        return match

    def auto_moves(self) -> tuple[int, ...]:
        """The events made with ``auto`` (the expert's move for a person), numbered from 1."""
        return self.match.seating.auto if self.match is not None else ()

    # -- the file ------------------------------------------------------------------------------

    def text(self) -> str:
        """The table's file, in one form for every table: its game's complete ``.lit`` (the seating line, every
        hand, every event: what ``literature check`` and ``review`` read), under one more comment line that keeps
        the table's own record (``# literature table: {...}``: its code, the host's hash, the seats, the chat,
        the end). A one-person game has no such record: its file is the ``.lit`` alone. A lobby's file is the
        record line alone (no deal yet).

        >>> table = Table.new("abcd2345", Options(seed=3), "host", now=0.0)
        >>> table.text().startswith(TABLE_LINE), table.text().count("\\n")
        (True, 1)
        >>> table.start("host", now=1.0)
        >>> lines = table.text().splitlines()
        >>> lines[1].startswith("# literature play:"), sum(line.startswith("hand ") for line in lines)
        (True, 6)
        >>> Table.load(table.text()).text() == table.text()
        True
        """
        if not self.code and self.match is not None:
            return self.match.text()
        record = json.dumps(self._record())
        return f"{TABLE_LINE} {record}\n" + (self.match.text() if self.match is not None else "")

    def _record(self) -> dict[str, Any]:
        """What the table's file keeps beside its game (:meth:`text`)."""
        options = self.options
        return {
            "format": FORMAT, "code": self.code, "host": self.host, "created": self.created, "touched": self.touched,
            "options": {"variant": options.variant.value, "players": options.players, "bots": options.bots.value,
                        "coach": [c.value for c in options.coach], "seed": options.seed},
            "places": [{**asdict(p), "coach": p.coach.value} for p in self.places],
            "ending": self.ending, "version": self.version,
            "chat": [asdict(said) for said in self.chat], "muted": sorted(self.muted),
        }

    @classmethod
    def load(cls, text: str) -> Table:
        """A table read back from its file. Whatever the damage (not JSON, JSON of another shape, a game that
        does not replay, an ending of another shape), it raises :class:`LiteratureError` saying so, never
        anything else: a damaged file refuses its own table, and nothing more.

        >>> for text in (TABLE_LINE + " []", TABLE_LINE + ' {"format": 1}', "nonsense", '{"format": 1, "game": 5}',
        ...              TABLE_LINE + " {"):
        ...     try:
        ...         Table.load(text)
        ...     except LiteratureError as error:
        ...         print(error.message[:40])
        not a table's file (TypeError: 'list' ob
        not a table's file (KeyError: 'options')
        not a table's file (missing 'variant:' h
        not a table's file (KeyError: 'options')
        not a table's file (ValueError: not JSON
        """
        try:
            first, _, game = text.partition("\n")
            if text.lstrip().startswith("{"):  # a table's file before issue 53: JSON with the game inside
                data = read_json(text)
            elif first.startswith(TABLE_LINE):
                data = {**read_json(first[len(TABLE_LINE):]), "game": game or None}
            else:  # a one-person game: its .lit alone
                return cls.solo(Match.from_text(text))
            table = cls._read(data)
            table._check()
        except Exception as error:  # (the file is data from outside the program: any damage refuses it alone)
            if isinstance(error, LiteratureError):
                raise LiteratureError(f"not a table's file ({error.message})") from None
            raise LiteratureError(f"not a table's file ({error.__class__.__name__}: {str(error)[:200]})") from None
        return table

    @classmethod
    def _read(cls, data: Any) -> Table:
        if data.get("format") != FORMAT:
            raise ValueError(f"format {data.get('format')!r}")
        raw = data["options"]
        options = Options(Variant(raw["variant"]), int(raw["players"]), BotKind(raw["bots"]),
                          tuple(CoachLevel(c) for c in raw["coach"]), int(raw["seed"]))
        places = [Place(_text(p["name"]), _text(p["person"]), _text(p["secret"]), _text(p["learner"], True),
                        CoachLevel(p["coach"]), bool(p["bot"]), float(p["seen"])) for p in data["places"]]
        table = cls(_text(data["code"]), options, _text(data["host"]), float(data["created"]),
                    float(data["touched"]), places, ending=data.get("ending"), version=int(data["version"]),
                    chat=[ChatLine(_text(c["seat"]), _text(c["person"]), _text(c["text"])[:MAX_CHAT], float(c["at"]))
                          for c in data.get("chat", [])][-CHAT_KEPT:],  # (files before the chat have none)
                    muted={_text(name) for name in data.get("muted", [])})
        if data["game"] is not None:
            match = Match.from_text(_text(data["game"]))
            match.people = table.people()
            match.played = {p.name for p in places if p.held}
            table.match = match
            table._seat_people()
        return table

    def _check(self) -> None:
        """Raise ``ValueError`` unless the table read back is one this program could have written."""
        if not CODE.fullmatch(self.code) or not self.options.coach:
            raise ValueError("code or options")
        if [p.name for p in self.places] != list(NAMES[: self.options.players]):
            raise ValueError("the seats are not the table's")
        if self.match is not None and (self.match.setup.players != tuple(NAMES[: self.options.players])
                                       or self.match.setup.variant is not self.options.variant):
            raise ValueError("the game is not the table's")
        if self.ending is not None and not _ending_shape(self.ending):
            raise ValueError("the end of the game")
        if any(said.seat not in self.names() for said in self.chat) or not self.muted <= set(self.names()):
            raise ValueError("the chat's seats are not the table's")
        read_json(json.dumps(self._record()))  # (a time read as NaN from "nan" is not one)
        for viewer in [None, *(p.name for p in self.places)]:
            self.view(viewer)


def _text(value: object, optional: bool = False) -> Any:
    """``value`` if it is a string (or ``None`` when ``optional``), else ``TypeError``."""
    if isinstance(value, str) or (optional and value is None):
        return value
    raise TypeError(f"{type(value).__name__} where text was expected")


def _ending_shape(ending: object) -> bool:
    """Whether ``ending`` has the shape the end of a game is written in (what :meth:`Table.text` keeps: how many
    missed positions each learner's seat had queued; files of before also kept the review's notes, read again)."""
    if not isinstance(ending, dict) or not {"queued"} <= set(ending) <= {"own", "public", "queued"}:
        return False
    queued = ending["queued"]
    return isinstance(queued, dict) and all(isinstance(v, list) and len(v) == 2 and all(type(x) is int for x in v)
                                            for v in queued.values())
