"""A game with one person at the table and bots in the other seats, saved after every move.

A :class:`Match` deals a game from a seed, seats bots of the chosen kinds
(``partners`` on the person's team, ``opponents`` on the other), and plays it
one event at a time: :meth:`Match.bot_move` lets the bot whose move it is
decide from its own :class:`~trainer.play.view.View` (never the person's
hand), :meth:`Match.play` plays the person's move after checking it against
the rules. A bot's random choices come from ``(seed, move number, seat)``, so
a game that is saved, left and resumed goes on exactly as it would have.

    >>> match = Match.new(Seating(seed=3))
    >>> match.you, match.setup.dealer, match.decider()
    ('Ann', 'Dan', ('Dan', <Role.PLAY: 'play'>))
    >>> events = match.bot_move()
    >>> Match.from_text(match.text()).state.events == match.state.events
    True

The saved text is a complete ``.lit`` log (every dealt hand listed) whose
first line, a comment, records the seating: ``literature check`` reads it as
any other game.

Several people may sit at one table (a table in the browser): ``people`` is
the set of seats played by people, ``you`` among them or not; the methods
that act for a person take the ``seat`` they act for (``you`` by default).

    >>> shared = Match.new(Seating(seed=3), people={"Ann", "Dan"})
    >>> shared.decider(), shared.is_person("Dan")
    (('Dan', <Role.PLAY: 'play'>), True)
    >>> [str(e) for e in shared.play(shared.suggest("Dan"), seat="Dan")]
    ['Dan asks Ann for 2S: no']
"""

from __future__ import annotations

import hashlib
import os
import random
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import UTC
from enum import Enum
from typing import Any

from trainer import clock
from trainer.game.errors import LiteratureError, NotationError
from trainer.game.events import Event, Pass
from trainer.game.notation import Game, parse_game, write_game
from trainer.game.randomplay import NAMES, deal
from trainer.game.state import Setup, State, check_name
from trainer.game.variants import PLAYER_COUNTS, Variant
from trainer.play.bots import BotKind, keeps_signal, make_bot
from trainer.play.expert import ExpertBot
from trainer.play.protocol import most_cards, table_level
from trainer.play.simulate import GameInPlay, whose_move
from trainer.play.view import AskFor, Move, PassTo, Role, View

HEADER = "# literature play:"
MAX_SEAT = 30  # the longest name a person may take at a table of bots (the new-game form's limit too)
_FIELD = re.compile(r"([a-z-]+)=(\S*)")


class CoachLevel(str, Enum):
    """How much the coach says: nothing, alerts, or everything it knows."""

    OFF = "off"
    ALERT = "alert"
    FULL = "full"


@dataclass(frozen=True)
class Seating:
    """Everything that decides a game before its first move.

    ``you`` is the seat the person takes: a name of the table (``Ann`` … ``Hal``),
    or any other name, which then replaces the first seat's.
    """

    seed: int = 0
    variant: Variant = Variant.CLASSIC
    players: int = 6
    you: str | None = None
    partners: BotKind = BotKind.MEDIUM
    opponents: BotKind = BotKind.MEDIUM
    coach: CoachLevel = CoachLevel.ALERT
    open_book: bool = False
    started: str = ""
    auto: tuple[int, ...] = field(default=())

    def __post_init__(self) -> None:
        """The bots are levels: an older name (``basic``, ``human``) stands for its level.

        >>> Seating(partners=BotKind.BASIC).partners
        <BotKind.MEDIUM: 'medium'>
        """
        object.__setattr__(self, "partners", table_level(self.partners))
        object.__setattr__(self, "opponents", table_level(self.opponents))

    def names(self) -> tuple[str, ...]:
        """The players' names in seat order, the person's included.

        >>> Seating(you="Zoe").names()
        ('Zoe', 'Bob', 'Cat', 'Dan', 'Eve', 'Fay')
        >>> Seating(you="x" * 31).names()
        Traceback (most recent call last):
        ...
        trainer.game.errors.NotationError: a seat's name has at most 30 characters, not 31
        """
        if self.players not in PLAYER_COUNTS:
            raise NotationError(f"a game has 6 or 8 players, not {self.players}")
        names = NAMES[: self.players]
        if self.you is None or self.you in names:
            return names
        check_name(self.you)
        if len(self.you) > MAX_SEAT:
            raise NotationError(f"a seat's name has at most {MAX_SEAT} characters, not {len(self.you)}")
        return (self.you, *names[1:])

    def seat(self) -> str:
        """The person's name at the table."""
        names = self.names()
        return self.you if self.you in names else names[0]

    def header(self) -> str:
        """The first line of the saved log.

        >>> Seating(seed=3).header()
        '# literature play: seed=3 you=Ann partners=medium opponents=medium coach=alert open-book=no started= auto='
        """
        auto = ",".join(map(str, self.auto))
        return (
            f"{HEADER} seed={self.seed} you={self.seat()} partners={self.partners.value} "
            f"opponents={self.opponents.value} coach={self.coach.value} "
            f"open-book={'yes' if self.open_book else 'no'} started={self.started} auto={auto}"
        )

    @classmethod
    def from_header(cls, line: str, setup: Setup) -> Seating:
        """Read the header line back (the table itself comes from the log's headers)."""
        fields = dict(_FIELD.findall(line[len(HEADER) :]))
        try:
            auto = tuple(int(n) for n in fields.get("auto", "").split(",") if n)
            return cls(
                seed=int(fields["seed"]),
                variant=setup.variant,
                players=len(setup.players),
                you=setup.check_player(fields["you"]),
                partners=table_level(fields.get("partners", BotKind.MEDIUM.value)),
                opponents=table_level(fields.get("opponents", BotKind.MEDIUM.value)),
                coach=CoachLevel(fields.get("coach", CoachLevel.ALERT.value)),
                open_book=fields.get("open-book") == "yes",
                started=fields.get("started", ""),
                auto=auto,
            )
        except (KeyError, ValueError) as error:
            raise NotationError(f"the '{HEADER}' line is damaged ({error})", line=1) from None


def deal_seed(seed: int) -> int:
    """The seed the deal is drawn from (stable across Python versions).

    >>> deal_seed(3) == deal_seed(3) != deal_seed(4)
    True
    """
    digest = hashlib.sha256(f"literature-play:{seed}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def move_rng(seed: int, move: int, seat: str) -> random.Random:
    """The random stream of ``seat``'s decision at event number ``move`` (0-based) of game ``seed``.

    >>> move_rng(3, 10, "Bob").random() == move_rng(3, 10, "Bob").random()
    True
    """
    return random.Random(f"literature-play:{seed}:{move}:{seat}")


class Match:
    """The true position of a game with one person and bots, and how to move it on."""

    def __init__(
        self, seating: Seating, setup: Setup, path: str | None = None, people: Iterable[str] | None = None
    ) -> None:
        self.seating = seating
        self.setup = setup
        self.you = seating.seat()
        self.path = path
        self.table = GameInPlay(setup, {})
        self.people: set[str] = {self.you} if people is None else {setup.check_player(p) for p in people}
        """The seats people play (the others are bots'): ``{you}`` unless told otherwise."""
        self.played: set[str] = set(self.people)
        """The seats a person has played at some time (a friend who came late, a seat handed to a bot): the bots
        do not read their asks as signals (:meth:`partners_of`)."""

    @classmethod
    def new(cls, seating: Seating, people: Iterable[str] | None = None) -> Match:
        """Deal a new game from ``seating.seed`` (``people``: the seats people play, default ``you``'s)."""
        names = seating.names()
        rng = random.Random(deal_seed(seating.seed))
        dealer = rng.choice(names)
        variant = Variant(seating.variant)
        setup = Setup.create(variant, names, dealer, deal(rng, variant, names, dealer))
        return cls(replace(seating, you=seating.seat()), setup, people=people)

    @classmethod
    def from_text(cls, text: str, path: str | None = None) -> Match:
        """Read a saved game (it must list every hand and start with the play header)."""
        game = parse_game(text, path=path)
        first = text.lstrip().splitlines()[0] if text.strip() else ""
        if not first.startswith(HEADER):
            raise NotationError(f"not a game saved by 'literature play' (no '{HEADER}' line)", path=path, line=1)
        missing = [p for p in game.setup.players if p not in game.setup.hands]
        if missing:
            raise NotationError(f"the hands of {' '.join(missing)} are not listed, so it cannot go on", path=path)
        try:
            seating = Seating.from_header(first, game.setup)
        except LiteratureError as error:
            raise error.located(path) from None
        match = cls(seating, game.setup, path)
        for event in game.events:
            match.table.apply(event)
        return match

    # -- the position -------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The true position (every hand known): never show it to a bot."""
        return self.table.truth

    @property
    def over(self) -> bool:
        """Whether every set has been claimed."""
        return self.state.over

    def your_view(self, seat: str | None = None) -> View:
        """What the person in ``seat`` (default ``you``) may see: their own hand and the public history."""
        seat = seat or self.you
        state = self.table.seats[seat]
        return View(seat, state.setup, tuple(self.state.events), Role.PLAY, state=state)

    def is_person(self, seat: str) -> bool:
        """Whether a person (not a bot) plays ``seat``."""
        return seat in self.people

    def decider(self) -> tuple[str, Role]:
        """Who decides the next event, and what they are asked to do.

        As in self-play (:func:`~trainer.play.simulate.whose_move`), except that
        when the turn is a person's and they cannot use it, they choose whom
        to hand it to: a teammate, or (their team out of cards) an opponent;
        unless, in ``fish54``, the other team won the last set and picks.
        """
        state = self.state
        turn = state.turn
        picking = state.picking_team
        mine = picking is None or picking == self.setup.team(turn)
        if turn in self.people and turn not in state.actors() and not state.over and mine:
            return turn, Role.PASS
        return whose_move(state)

    def kind_of(self, seat: str) -> BotKind:
        """The kind of bot in ``seat``."""
        same = self.setup.team(seat) == self.setup.team(self.you)
        return table_level(self.seating.partners if same else self.seating.opponents)

    def partners_of(self, seat: str) -> frozenset[str]:
        """The teammates of the bot in ``seat`` that bots of its kind have played from the start (``expert``
        partners signal to each other, :mod:`trainer.play.signals`).

        >>> match = Match.new(Seating(seed=3, partners=BotKind.EXPERT))
        >>> match.you, sorted(match.partners_of("Cat")), sorted(match.partners_of("Bob"))
        ('Ann', ['Eve'], ['Dan', 'Fay'])
        """
        if seat in self.played:
            return frozenset()  # (its own asks were not all signals: its partners do not read it, nor it them)
        kind = self.kind_of(seat)
        team = self.setup.members(self.setup.team(seat))
        return frozenset(p for p in team if p != seat and p not in self.played and self.kind_of(p) is kind)

    def keeping(self) -> frozenset[str]:
        """The seats whose asks keep the signal: bots of a level that keeps it, with partners.

        >>> sorted(Match.new(Seating(seed=3, partners=BotKind.EXPERT)).keeping()), Match.new(Seating(seed=3)).keeping()
        (['Cat', 'Eve'], frozenset())
        """
        return frozenset(p for p in self.setup.players if p not in self.played and keeps_signal(self.kind_of(p))
                         and self.partners_of(p))

    def signallers(self, seat: str) -> frozenset[str]:
        """The teammates of ``seat`` whose asks keep the signal (the expert in a person's seat, ``auto`` and the
        coach's, reads them)."""
        return self.keeping() & set(self.setup.members(self.setup.team(seat))) - {seat}

    def rivals(self, seat: str) -> frozenset[str]:
        """The opponents of ``seat`` whose asks keep the signal (the expert reads them too)."""
        return self.keeping() & set(self.setup.members(3 - self.setup.team(seat)))

    # -- moving on ------------------------------------------------------------------------

    def bot_move(self) -> list[Event]:
        """Let the bot whose move it is decide, and play its event(s)."""
        seat = self.decider()[0]
        if seat in self.people:
            raise LiteratureError("it is your move, not a bot's" if seat == self.you else
                                  f"it is {seat}'s move, not a bot's")
        before = len(self.state.events)
        self.table.bots[seat] = make_bot(self.kind_of(seat), move_rng(self.seating.seed, before, seat),
                                         partners=self.partners_of(seat), rivals=self.rivals(seat))
        self.table.step()
        return list(self.state.events[before:])

    def suggest(self, seat: str | None = None) -> Move:
        """The move the ``expert`` bot would make in the person's ``seat`` (default ``you``; for ``auto``)."""
        seat = seat or self.you
        role = self.decider()[1]
        view = self.table.view(seat, role)
        if role is Role.PASS and not view.pass_targets():  # your team is out of cards: an opponent claims
            return PassTo(most_cards(view, sorted(self.state.actors())))
        bot = ExpertBot(move_rng(self.seating.seed, len(self.state.events), seat), partners=self.signallers(seat),
                        keeps=False, rivals=self.rivals(seat))
        return bot.decide(view)

    def events_for(self, move: Move, seat: str | None = None) -> list[Event]:
        """The events the move of the person in ``seat`` (default ``you``) makes, checked against the rules on
        a copy of the position.

        Raises :class:`LiteratureError` with the rule's own words when the move is not allowed.
        """
        you = seat or self.you
        seat, role = self.decider()
        if seat != you:
            raise LiteratureError(f"it is {seat}'s move, not yours")
        if isinstance(move, PassTo):
            events: list[Event] = [Pass(you, move.to)]
        elif role is Role.PASS:
            raise LiteratureError("you have no cards: hand the turn on with 'pass NAME'")
        elif role is Role.CLAIM and isinstance(move, AskFor):
            raise LiteratureError("questions are over (a team is out of cards): claim a set")
        else:
            self.setup.check_player(getattr(move, "target", you))
            events = self.table.events_for(you, role, move)
        trial = self.state.copy()
        for event in events:
            trial.apply(event)
        return events

    def play(self, move: Move, auto: bool = False, seat: str | None = None) -> list[Event]:
        """Play the move of the person in ``seat`` (default ``you``; see :meth:`events_for`); ``auto`` marks it
        as the expert's."""
        events = self.events_for(move, seat)
        for event in events:
            self.table.apply(event)
        if auto:
            numbers = range(len(self.state.events) - len(events) + 1, len(self.state.events) + 1)
            self.seating = replace(self.seating, auto=(*self.seating.auto, *numbers))
        return events

    # -- saving ---------------------------------------------------------------------------

    def game(self) -> Game:
        """The complete record so far."""
        return Game(self.setup, tuple(self.state.events), path=self.path)

    def text(self) -> str:
        """The saved form: the seating line, then the complete ``.lit`` log."""
        return self.seating.header() + "\n" + write_game(self.game())


MAX_SEED = 2**63 - 1
"""The largest seed (as ``literature play --seed`` allows)."""


def seating_from_form(form: dict[str, str]) -> Seating:
    """The seating a new-game form asks for; ``LiteratureError`` naming the field that is wrong.

    >>> seating_from_form({"variant": "fish54", "players": "8", "seed": "7", "coach": "full"}).players
    8
    >>> old = seating_from_form({"partners": "basic", "opponents": "human"})  # the old names stand for levels
    >>> old.partners.value, old.opponents.value
    ('medium', 'easy')
    >>> seating_from_form({"players": "7"})
    Traceback (most recent call last):
    ...
    trainer.game.errors.LiteratureError: players: a game has 6 or 8 players, not 7
    """

    def choice(name: str, kind: Any, default: str) -> Any:
        value = form.get(name) or default
        try:
            return kind(value)
        except ValueError:
            allowed = ", ".join(str(v.value) for v in kind)
            raise LiteratureError(f"{name}: {value[:40]!r} is not one of {allowed}") from None

    text = (form.get("players") or "6").strip()
    if text not in [str(n) for n in PLAYER_COUNTS]:
        raise LiteratureError(f"players: a game has 6 or 8 players, not {text[:20]}")
    seed_text = (form.get("seed") or "").strip()
    if seed_text:
        if not seed_text.isdigit() or int(seed_text) > MAX_SEED:
            raise LiteratureError(f"seed: a whole number from 0 to {MAX_SEED}, not {seed_text[:30]!r}")
        seed = int(seed_text)
    else:
        seed = int.from_bytes(os.urandom(3), "big")
    you = (form.get("seat") or "").strip() or None
    started = clock.now().astimezone(UTC).replace(microsecond=0).isoformat()
    seating = Seating(seed, choice("variant", Variant, "classic"), int(text), you,
                      choice("partners", BotKind, "medium"), choice("opponents", BotKind, "medium"),
                      choice("coach", CoachLevel, "alert"),
                      form.get("open_book") in ("1", "on", "yes", "true"), started)
    try:
        seating.names()
    except LiteratureError as error:
        raise LiteratureError(f"seat: {error.message}") from None
    return seating
