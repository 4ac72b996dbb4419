"""The person's seat in ``literature play``: each line typed, answered. Pure logic: no terminal.

A :class:`Seat` holds the :class:`~trainer.play.match.Match` and the coach.
:meth:`Seat.respond` takes one line (see :mod:`trainer.play.table_prompt`) and
returns a :class:`Reply`: a value (what happened, what the coach found, the
events played, if any) that :mod:`trainer.render.play` words for the terminal
and the pages. An illegal move gets the rule's one-line reason and changes nothing.

The coach (``--coach``):

- ``off``: nothing but the game. As at a real table, only the last question
  and answer may be repeated: ``history`` is refused unless ``open_book``.
- ``alert``: says when the team can claim a set with certainty
  (:meth:`Seat.alerts`), and asks "are you sure?" before an ask that cannot
  hit or a claim that can be wrong, with its exact chance.
- ``full``: also ``odds CARD`` and, after each of your moves, the review's
  notes on it (:attr:`Reply.notes`, worded by :mod:`trainer.render.notes`).

    >>> from trainer.play.match import Match, Seating
    >>> seat = Seat(Match.new(Seating(seed=3)))
    >>> seat.respond("Zed 6D").message
    "'Zed' is not at the table (players: Ann Bob Cat Dan Eve Fay)"
    >>> seat.respond("history").kind
    <ReplyKind.HISTORY: 'history'>

At a table of several people each has a :class:`Seat` of their own over the
same match, with the coach level they chose:

    >>> shared = Match.new(Seating(seed=3), people={"Ann", "Dan"})
    >>> Seat(shared, "Ann").respond("auto").notice
    <Notice.NOT_YOUR_MOVE: 'not-your-move'>
    >>> Seat(shared, "Dan", CoachLevel.OFF).respond("auto").kind
    <ReplyKind.MOVED: 'moved'>
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction
from typing import Literal, assert_never

from trainer.game.cards import Card, HalfSuit
from trainer.game.errors import LiteratureError
from trainer.game.events import Ask, Claim, Event
from trainer.play.coach import Coach
from trainer.play.expert import ExpertBot, ExpertWhy, likeliest
from trainer.play.giveaway import GiveAway, given_away
from trainer.play.match import CoachLevel, Match, move_rng
from trainer.play.table_prompt import Command, PromptError, Word, parse_command
from trainer.play.view import AskFor, ClaimSet, Move, Role
from trainer.review import Note


@dataclass(frozen=True)
class Certain:
    """A set the team can claim with certainty, and where each of its cards is."""

    half_suit: HalfSuit
    holders: Mapping[Card, str]


@dataclass(frozen=True)
class Surest:
    """When no set is certain and questions are over: the set whose likeliest placement (``declared``) is right
    most often (``chance``, exact), and the ``next`` best sets with theirs."""

    half_suit: HalfSuit
    declared: Mapping[Card, str]
    chance: Fraction
    next: tuple[tuple[HalfSuit, Fraction], ...] = ()


@dataclass(frozen=True)
class Doubt:
    """Why the coach asks "are you sure?" before a move: an ask of ``card`` from ``target`` that cannot hit
    (``chance`` 0), or a claim of ``half_suit`` right in ``chance`` of the deals the seat cannot rule out."""

    move: Literal["ask", "claim"]
    chance: Fraction
    target: str | None = None
    card: Card | None = None
    half_suit: HalfSuit | None = None


class AdviceKind(str, Enum):
    """What the coach's hint is about."""

    CLAIM = "claim"
    PASS = "pass"
    SUREST = "surest"
    ASKS = "asks"


@dataclass(frozen=True)
class Advice:
    """The coach's hint: ``claim`` (``certain``), ``pass`` (no cards: one of ``mates``), ``surest`` (no ask is
    possible: ``surest``), or ``asks`` (the legal ``asks`` with the best exact ``chance``).

    With the full coach, where the ``expert`` bot would play otherwise: its move (``expert``) and why
    (``why``, :class:`~trainer.play.expert.ExpertWhy`)."""

    kind: AdviceKind
    certain: Certain | None = None
    mates: tuple[str, ...] = ()
    surest: Surest | None = None
    chance: Fraction = Fraction(0)
    asks: tuple[tuple[str, Card], ...] = ()
    expert: Move | None = None
    why: ExpertWhy | None = None


@dataclass(frozen=True)
class Odds:
    """``odds CARD``: each possible holder of ``card`` with its exact chance, likeliest first."""

    card: Card
    chances: Mapping[str, Fraction]


Alert = Certain | Surest
"""What the coach says as the seat's turn begins."""


class Notice(str, Enum):
    """What the seat says of a line that is neither a move nor a question of the coach's (worded by
    :func:`trainer.render.play.reply_words`)."""

    EMPTY = "empty"
    HELP = "help"
    NOTHING_TO_CONFIRM = "nothing-to-confirm"
    NOTHING_TO_REFUSE = "nothing-to-refuse"
    NOT_PLAYED = "not-played"
    HISTORY_CLOSED = "history-closed"
    NOT_YOUR_MOVE = "not-your-move"
    ODDS_NEEDS_FULL = "odds-needs-full"
    CLAIMED = "claimed"
    COACH_OFF = "coach-off"


class ReplyKind(str, Enum):
    """What came of a line: nothing (``invalid``), words (``info``), something to show (``hand``, ``table``,
    ``history``), a yes/no question (``confirm``), a move played (``moved``), or the person leaving (``quit``)."""

    INVALID = "invalid"
    INFO = "info"
    HAND = "hand"
    TABLE = "table"
    HISTORY = "history"
    CONFIRM = "confirm"
    MOVED = "moved"
    QUIT = "quit"


@dataclass(frozen=True)
class Reply:
    """What comes of one line, as values.

    ``kind``: ``invalid`` (nothing changed), ``info``, ``hand``, ``table``,
    ``history`` (show it, for ``half_suit`` only when set), ``confirm`` (a
    yes/no question is pending: ``doubt`` says why), ``moved`` (``events`` were
    played) or ``quit``. ``message``: a rule's refusal from the game layer
    (:class:`~trainer.game.errors.LiteratureError`'s one line). ``notice``: what
    the seat says otherwise (a :class:`Notice`; ``card`` for ``claimed``,
    ``last`` for ``history-closed``: the last event, if any). ``advice``: the
    coach's hint; ``odds``: the chances of ``odds CARD``.
    ``notes``: with the full coach, the review's notes on the person's move just played.
    ``given``: with the full coach, after an ask of the person's, what the table can now prove about their hand.
    """

    kind: ReplyKind
    message: str = ""
    events: tuple[Event, ...] = ()
    half_suit: HalfSuit | None = None
    auto: bool = False
    notes: tuple[Note, ...] = ()
    given: GiveAway | None = None
    notice: Notice | None = None
    card: Card | None = None
    last: Event | None = None
    doubt: Doubt | None = None
    advice: Advice | None = None
    odds: Odds | None = None


class Seat:
    """The person's seat: reads their lines, checks their moves, coaches them."""

    def __init__(self, match: Match, you: str | None = None, level: CoachLevel | None = None) -> None:
        """The seat of the person ``you`` (default ``match.you``), coached at ``level`` (default the seating's)."""
        self.match = match
        self.you = you or match.you
        self.level = level or match.seating.coach
        self.open_book = match.seating.open_book or self.level is not CoachLevel.OFF
        self.coach = Coach(match.setup, self.you)
        self.pending: Move | None = None

    @property
    def coached(self) -> bool:
        """Whether the coach speaks at all."""
        return self.level is not CoachLevel.OFF

    def your_move(self) -> bool:
        """Whether the next event is the person's to decide."""
        return not self.match.over and self.match.decider()[0] == self.you

    def role(self) -> Role:
        """What the person is asked to do now."""
        return self.match.decider()[1]

    def alerts(self) -> tuple[Alert, ...]:
        """What the coach says as the person's turn begins: the sets the team can claim for sure; when questions
        are over and none is sure, the set the person is surest of, and why."""
        if not self.coached or not self.your_move() or self.role() is Role.PASS:
            return ()
        events = self.match.state.events
        found: list[Alert] = [Certain(half, holders) for half, holders in self.coach.claimable(events).items()]
        if not found and self.role() is Role.CLAIM:
            found.append(self.surest())
        return tuple(found)

    def surest(self) -> Surest:
        """Which set to claim when questions are over and none is certain: the likeliest placement of each set
        in play, by its exact chance, and the set whose chance is best (with the next two)."""
        match = self.match
        events = match.state.events
        view = match.table.view(match.you, self.role())
        among = view.claimers() or list(match.setup.members(view.team))
        knowledge = self.coach.knowledge(events)
        chances = []
        for half in view.live_sets():
            declared = {card: likeliest(knowledge, card, among) for card in half.cards}
            chances.append((self.coach.claim_chance(events, half, declared), -half.index, half, declared))
        chances.sort(reverse=True)
        chance, _, half, declared = chances[0]
        return Surest(half, declared, chance, tuple((h, c) for c, _, h, _ in chances[1:3]))

    def respond(self, line: str) -> Reply:
        """Take one line typed at the prompt."""
        match = self.match
        try:
            command = parse_command(line, match.setup, self.you)
        except PromptError as error:
            self.pending = None
            return Reply(ReplyKind.INVALID, error.message)
        pending, self.pending = self.pending, None
        if command.kind is Word.YES:
            if pending is None:
                return Reply(ReplyKind.INVALID, notice=Notice.NOTHING_TO_CONFIRM)
            return self.play(pending)
        if command.kind is Word.NO:
            return Reply(ReplyKind.INFO, notice=Notice.NOT_PLAYED if pending is not None else Notice.NOTHING_TO_REFUSE)
        return self.command(command)

    def command(self, command: Command) -> Reply:
        """Answer a command that is not a yes or a no."""
        kind = command.kind
        match kind:
            case Word.EMPTY:
                return Reply(ReplyKind.INFO, notice=Notice.EMPTY)
            case Word.HELP:
                return Reply(ReplyKind.INFO, notice=Notice.HELP)
            case Word.HAND:
                return Reply(ReplyKind.HAND)
            case Word.TABLE:
                return Reply(ReplyKind.TABLE)
            case Word.QUIT:
                return Reply(ReplyKind.QUIT)
            case Word.HISTORY:
                if not self.open_book:
                    events = self.match.state.events
                    return Reply(ReplyKind.INVALID, notice=Notice.HISTORY_CLOSED, last=events[-1] if events else None)
                return Reply(ReplyKind.HISTORY, half_suit=command.half_suit)
            case Word.ODDS:
                return self.odds(command)
            case Word.HINT:
                return self.hint()
            case Word.YES | Word.NO:  # (answered by respond, which knows what is pending)
                return Reply(ReplyKind.INVALID, notice=Notice.NOTHING_TO_CONFIRM)
            case Word.AUTO | Word.MOVE:
                if not self.your_move():
                    return Reply(ReplyKind.INVALID, notice=Notice.NOT_YOUR_MOVE)
                if kind is Word.AUTO:
                    return self.play(self.match.suggest(self.you), auto=True)
                assert command.move is not None
                return self.consider(command.move)
            case _:
                assert_never(kind)

    def consider(self, move: Move) -> Reply:
        """Check a move; with the coach on, ask before a move that is sure to fail or may be wrong."""
        events = self.match.state.events
        try:
            self.match.events_for(move, self.you)
        except LiteratureError as error:
            return Reply(ReplyKind.INVALID, error.message)
        if not self.coached:
            return self.play(move)
        if isinstance(move, AskFor) and self.coach.ask_chance(events, move.target, move.card) == 0:
            self.pending = move
            return Reply(ReplyKind.CONFIRM, doubt=Doubt("ask", Fraction(0), target=move.target, card=move.card))
        if isinstance(move, ClaimSet):
            chance = self.coach.claim_chance(events, move.half_suit, dict(move.declared))
            if chance < 1:
                self.pending = move
                return Reply(ReplyKind.CONFIRM, doubt=Doubt("claim", chance, half_suit=move.half_suit))
        return self.play(move)

    def play(self, move: Move, auto: bool = False) -> Reply:
        """Play the move and, with the full coach, add the review's notes on it."""
        try:
            events = self.match.play(move, auto=auto, seat=self.you)
        except LiteratureError as error:
            return Reply(ReplyKind.INVALID, error.message)
        notes: list[Note] = []
        given = None
        if self.level is CoachLevel.FULL:
            history = self.match.state.events
            index = len(history)
            if isinstance(history[-1], Ask | Claim):
                notes = self.coach.notes(history, index)
            if isinstance(history[-1], Ask):
                given = given_away(self.match.setup, history, index)
        return Reply(ReplyKind.MOVED, events=tuple(events), auto=auto, notes=tuple(notes), given=given)

    def odds(self, command: Command) -> Reply:
        """``odds CARD`` (full coach only)."""
        if self.level is not CoachLevel.FULL:
            return Reply(ReplyKind.INVALID, notice=Notice.ODDS_NEEDS_FULL)
        card = command.card
        assert card is not None
        state = self.match.state
        if not state.setup.variant.has(card):
            return Reply(ReplyKind.INVALID, state.setup.not_in_variant(card))
        if not state.in_play(card):
            return Reply(ReplyKind.INVALID, notice=Notice.CLAIMED, card=card)
        return Reply(ReplyKind.INFO, odds=Odds(card, self.coach.odds(state.events, card)))

    def hint(self) -> Reply:
        """What the coach would do now: a certain claim, else the asks with the best chance; with the full coach,
        also the ``expert``'s move and why, where it is not that (:meth:`expert`)."""
        if not self.coached:
            return Reply(ReplyKind.INVALID, notice=Notice.COACH_OFF)
        if not self.your_move():
            return Reply(ReplyKind.INVALID, notice=Notice.NOT_YOUR_MOVE)
        match, role = self.match, self.role()
        events = match.state.events
        claimable = self.coach.claimable(events)
        if claimable:
            half, holders = next(iter(claimable.items()))
            return Reply(ReplyKind.INFO, advice=self.expert(Advice(AdviceKind.CLAIM, certain=Certain(half, holders))))
        if role is Role.PASS:
            mates = match.your_view(self.you).pass_targets() or sorted(match.state.actors())
            return Reply(ReplyKind.INFO, advice=Advice(AdviceKind.PASS, mates=tuple(mates)))
        view = match.table.view(self.you, role)
        asks = view.legal_asks()
        if not asks:
            return Reply(ReplyKind.INFO, advice=Advice(AdviceKind.SUREST, surest=self.surest()))
        best, top = self.coach.best_asks(events, asks)
        return Reply(ReplyKind.INFO, advice=self.expert(Advice(AdviceKind.ASKS, chance=best, asks=tuple(top))))

    def expert(self, advice: Advice) -> Advice:
        """``advice`` with, at the full coach, the move the ``expert`` bot would make and why, where that is not
        the ask with the best chance (:meth:`trainer.play.expert.ExpertBot.why`)."""
        if self.level is not CoachLevel.FULL:
            return advice
        match = self.match
        view = match.table.view(self.you, self.role())
        bot = ExpertBot(move_rng(match.seating.seed, len(match.state.events), self.you),
                        partners=match.signallers(self.you), keeps=False, rivals=match.rivals(self.you))
        move = bot.decide(view)
        why = bot.why(view, move)
        if why is None:
            return advice
        return replace(advice, expert=move, why=why)
