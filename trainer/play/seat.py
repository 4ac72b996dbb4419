"""The person's seat in ``literature play``: each line typed, answered. Pure logic: no terminal.

A :class:`Seat` holds the :class:`~trainer.play.match.Match` and the coach.
:meth:`Seat.respond` takes one line (see :mod:`trainer.play.table_prompt`) and
returns a :class:`Reply`: what to say, what to show, and the events played,
if any. An illegal move gets the rule's one-line reason and changes nothing.

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
    >>> seat.respond("Zed 6D").lines
    ("'Zed' is not at the table (players: Ann Bob Cat Dan Eve Fay)",)
    >>> seat.respond("history").kind
    'history'

At a table of several people each has a :class:`Seat` of their own over the
same match, with the coach level they chose:

    >>> shared = Match.new(Seating(seed=3), people={"Ann", "Dan"})
    >>> Seat(shared, "Ann").respond("auto").lines
    ('It is not your move.',)
    >>> Seat(shared, "Dan", CoachLevel.OFF).respond("auto").kind
    'moved'
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.explain.phrases import percent, placement
from trainer.game.cards import HalfSuit
from trainer.game.errors import LiteratureError
from trainer.game.events import Ask, Claim, Event
from trainer.play.coach import Coach
from trainer.play.expert import likeliest
from trainer.play.giveaway import GiveAway, given_away
from trainer.play.match import CoachLevel, Match
from trainer.play.table_prompt import HELP, Command, PromptError, parse_command
from trainer.play.view import AskFor, ClaimSet, Move, Role
from trainer.review import Note


@dataclass(frozen=True)
class Reply:
    """What to say after one line.

    ``kind``: ``invalid`` (nothing changed), ``info``, ``hand``, ``table``,
    ``history`` (show it, for ``half_suit`` only when set), ``confirm`` (a
    yes/no question is pending), ``moved`` (``events`` were played) or ``quit``.
    ``notes``: with the full coach, the review's notes on the person's move just played.
    ``given``: with the full coach, after an ask of the person's, what the table can now prove about their hand.
    """

    kind: str
    lines: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()
    half_suit: HalfSuit | None = None
    auto: bool = False
    notes: tuple[Note, ...] = ()
    given: GiveAway | None = None


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

    def alerts(self) -> tuple[str, ...]:
        """What the coach says as the person's turn begins: the sets the team can claim for sure; when questions
        are over and none is sure, the set the person is surest of, and why."""
        if not self.coached or not self.your_move() or self.role() is Role.PASS:
            return ()
        events = self.match.state.events
        lines = []
        for half, holders in self.coach.claimable(events).items():
            claim = placement(holders.items())
            lines.append(f"Coach: your team can claim {half} with certainty: claim {half}: {claim}")
        if not lines and self.role() is Role.CLAIM:
            lines.append("Coach: " + self.surest())
        return tuple(lines)

    def surest(self) -> str:
        """Which set to claim when questions are over and none is certain: the likeliest placement of each set
        in play, by its exact chance, and the set whose chance is best."""
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
        why = f"claim {half}: {placement(declared.items())}, right in {percent(chance)} of the deals you cannot " \
              "rule out"
        if len(chances) > 1:
            others = ", ".join(f"{h} {percent(c)}" for c, _, h, _ in chances[1:3])
            why += f"; the next surest: {others}"
        return f"no set is certain; the one you are surest of is {half}: {why}."

    def respond(self, line: str) -> Reply:
        """Take one line typed at the prompt."""
        match = self.match
        try:
            command = parse_command(line, match.setup, self.you)
        except PromptError as error:
            self.pending = None
            return Reply("invalid", (error.message,))
        pending, self.pending = self.pending, None
        if command.kind == "yes":
            if pending is None:
                return Reply("invalid", ("There is nothing to say yes to.",))
            return self.play(pending)
        if command.kind == "no":
            return Reply("info", ("Not played." if pending is not None else "There is nothing to say no to.",))
        return self.command(command)

    def command(self, command: Command) -> Reply:
        """Answer a command that is not a yes or a no."""
        kind = command.kind
        if kind == "empty":
            return Reply("info", ("Your move: type a move such as 'Bob 6D', or 'help'.",))
        if kind == "help":
            return Reply("info", HELP)
        if kind in ("hand", "table", "quit"):
            return Reply(kind)
        if kind == "history":
            if not self.open_book:
                events = self.match.state.events
                last = str(events[-1]) if events else "nothing yet"
                return Reply("invalid", (
                    f"At a real table only the last question and answer may be repeated: {last}. "
                    "(--open-book shows the whole history.)",
                ))
            return Reply("history", half_suit=command.half_suit)
        if kind == "odds":
            return self.odds(command)
        if kind == "hint":
            return self.hint()
        if not self.your_move():
            return Reply("invalid", ("It is not your move.",))
        if kind == "auto":
            return self.play(self.match.suggest(self.you), auto=True)
        assert command.move is not None
        return self.consider(command.move)

    def consider(self, move: Move) -> Reply:
        """Check a move; with the coach on, ask before a move that is sure to fail or may be wrong."""
        events = self.match.state.events
        try:
            self.match.events_for(move, self.you)
        except LiteratureError as error:
            return Reply("invalid", (error.message,))
        if not self.coached:
            return self.play(move)
        if isinstance(move, AskFor) and self.coach.ask_chance(events, move.target, move.card) == 0:
            self.pending = move
            return Reply("confirm", (
                f"Coach: {move.target} cannot hold {move.card} (you could know it): the ask cannot hit. "
                "Ask anyway? (yes/no)",
            ))
        if isinstance(move, ClaimSet):
            chance = self.coach.claim_chance(events, move.half_suit, dict(move.declared))
            if chance < 1:
                self.pending = move
                return Reply("confirm", (
                    f"Coach: this claim is right in {percent(chance)} of the deals you cannot rule out. "
                    "Claim anyway? (yes/no)",
                ))
        return self.play(move)

    def play(self, move: Move, auto: bool = False) -> Reply:
        """Play the move and, with the full coach, add the review's notes on it."""
        try:
            events = self.match.play(move, auto=auto, seat=self.you)
        except LiteratureError as error:
            return Reply("invalid", (error.message,))
        notes: list[Note] = []
        given = None
        if self.level is CoachLevel.FULL:
            history = self.match.state.events
            index = len(history)
            if isinstance(history[-1], Ask | Claim):
                notes = self.coach.notes(history, index)
            if isinstance(history[-1], Ask):
                given = given_away(self.match.setup, history, index)
        return Reply("moved", (), tuple(events), auto=auto, notes=tuple(notes), given=given)

    def odds(self, command: Command) -> Reply:
        """``odds CARD`` (full coach only)."""
        if self.level is not CoachLevel.FULL:
            return Reply("invalid", ("odds needs the full coach (literature play --coach full).",))
        card = command.card
        assert card is not None
        state = self.match.state
        if not state.setup.variant.has(card):
            return Reply("invalid", (state.setup.not_in_variant(card),))
        if not state.in_play(card):
            return Reply("invalid", (f"{card.half_suit} has been claimed: {card} is out of the game.",))
        odds = self.coach.odds(state.events, card)
        listed = ", ".join(f"{p} {percent(f)}" for p, f in odds.items())
        return Reply("info", (f"{card}: {listed}",))

    def hint(self) -> Reply:
        """What the coach would do now: a certain claim, else the asks with the best chance."""
        if not self.coached:
            return Reply("invalid", ("The coach is off: no hints at a real table (--coach alert or full).",))
        if not self.your_move():
            return Reply("invalid", ("It is not your move.",))
        match, role = self.match, self.role()
        events = match.state.events
        claimable = self.coach.claimable(events)
        if claimable:
            half, holders = next(iter(claimable.items()))
            return Reply("info", (f"Hint: claim {half}: {placement(holders.items())} (certain).",))
        if role is Role.PASS:
            mates = match.your_view(self.you).pass_targets() or sorted(match.state.actors())
            return Reply("info", (f"Hint: you have no cards; pass to one of {', '.join(mates)}.",))
        view = match.table.view(self.you, role)
        asks = view.legal_asks()
        if not asks:
            return Reply("info", ("Hint: no ask is possible; " + self.surest(),))
        best, top = self.coach.best_asks(events, asks)
        listed = ", ".join(f"{t} {c}" for t, c in top[:4])
        more = f" and {len(top) - 4} more" if len(top) > 4 else ""
        return Reply("info", (f"Hint: the best asks hit with chance {percent(best)}: {listed}{more}.",))

