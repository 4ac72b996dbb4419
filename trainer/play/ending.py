"""What a finished game at the table says: what decided it, and the person's own play.

At the end of ``literature play`` the person sees the sets their team won and
lost and the one or two moments that mattered most for their team
(:func:`decided`, from the review's notes on every teammate's moves, or, when
the team made no mistake the review can see, the sets the other team took
from under it), then the review's notes on their own moves, not on the moves
the ``expert`` bot made for them (``auto``). The positions they missed are
queued as puzzles (:func:`puzzles.session.queue_missed`).

    >>> from trainer.play.match import Match, Seating
    >>> own_notes(Match.new(Seating(3)))
    []
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from trainer.game.cards import HalfSuit
from trainer.game.events import Ask, Claim
from trainer.game.state import State
from trainer.review import NoteKind, NoteOutcome, seat_notes
from trainer.review.judgement import actor_of

if TYPE_CHECKING:
    from trainer.play.match import Match
    from trainer.review import Note

WEIGHT = {NoteKind.LOST_CLAIM: 0, NoteKind.WRONG_CLAIM: 1, NoteKind.OUT_OF_TURN: 2, NoteKind.RISKY_CLAIM: 3,
          NoteKind.SAFE_CLAIM: 4}
"""The notes that can decide a game, the costliest first (a set lost that was certain, a wrong claim, ...)."""

MOMENTS = 2
"""Moments the end of the game names."""


def own_notes(match: Match) -> list[Note]:
    """The review's notes on the moves the person made themselves (those made with ``auto`` left out)."""
    return [n for n in seat_notes(match.game(), match.you) if n.event not in match.seating.auto]


def own_moves(match: Match) -> int:
    """How many of the game's events the person made themselves (not with ``auto``): what :func:`own_notes`
    reviews.

    >>> from trainer.play.match import Match, Seating
    >>> match = Match.new(Seating(seed=3))
    >>> while match.decider()[0] != match.you: _ = match.bot_move()
    >>> _ = match.play(match.suggest(), auto=True)
    >>> own_moves(match)
    0
    """
    auto = set(match.seating.auto)
    return sum(1 for number, event in enumerate(match.state.events, start=1)
               if number not in auto and actor_of(event) == match.you)


class SetOutcome(str, Enum):
    """What a claimed set came to for the person's team."""

    WON = "won"
    LOST = "lost"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class ClaimResult:
    """One claimed set, seen from the person's team: who claimed it at which event, and what it came to."""

    half_suit: HalfSuit
    event: int
    claimer: str
    outcome: SetOutcome
    held: int
    """How many of its cards the person's team held just before the claim."""


@dataclass(frozen=True)
class TurningPoint:
    """A moment that mattered: a teammate's note from the review, or a set the other team took from under you."""

    event: int
    note: Note | None = None
    taken: ClaimResult | None = None
    lost_cards: int = 0
    """With ``taken``: how many times the other team took one of its cards from the person's team by asking, the
    first at ``event`` (0: ``event`` is the claim, the team held none of it by then)."""


@dataclass(frozen=True)
class Decided:
    """What decided a finished game, from the person's side."""

    sets: tuple[ClaimResult, ...]
    moments: tuple[TurningPoint, ...]

    def won(self) -> list[ClaimResult]:
        """The sets the person's team won."""
        return [s for s in self.sets if s.outcome is SetOutcome.WON]

    def lost(self) -> list[ClaimResult]:
        """The sets the other team won."""
        return [s for s in self.sets if s.outcome is SetOutcome.LOST]

    def cancelled(self) -> list[ClaimResult]:
        """The sets no team won."""
        return [s for s in self.sets if s.outcome is SetOutcome.CANCELLED]


@dataclass(frozen=True)
class Result:
    """A game's score from the person's side: their team's sets, the other team's, and whether they won (``None``
    while it is a tie; render words it: :func:`trainer.render.play.result_words`)."""

    mine: int
    theirs: int
    won: bool | None

    @property
    def lost(self) -> bool:
        """Whether the other team won."""
        return self.won is False


def result(match: Match) -> Result:
    """The score of the game so far from the person's side (the verdict once it is over).

    >>> from trainer.play.match import Match, Seating
    >>> result(Match.new(Seating(3)))  # nothing claimed yet
    Result(mine=0, theirs=0, won=None)
    """
    state = match.state
    team = match.setup.team(match.you)
    won = None if state.winner is None else state.winner == team
    return Result(state.score[team], state.score[3 - team], won)


def set_results(match: Match) -> list[ClaimResult]:
    """Every claim of the game with what it came to for the person's team."""
    team = match.setup.team(match.you)
    members = set(match.setup.members(team))
    state = State(match.setup)
    results = []
    for number, event in enumerate(match.state.events, start=1):
        if isinstance(event, Claim):
            held = sum(any(c in state.hands[p] for p in members) for c in event.half_suit.cards)
            state.apply(event)
            winner = state.sets[event.half_suit].team
            outcome = SetOutcome.CANCELLED if winner is None else SetOutcome.WON if winner == team else SetOutcome.LOST
            results.append(ClaimResult(event.half_suit, number, event.claimer, outcome, held))
        else:
            state.apply(event)
    return results


def decided(match: Match) -> Decided:
    """The sets won and lost, and the :data:`MOMENTS` moments that mattered most for the person's team.

    The moments come from the review of every move of the team (the moves
    ``auto`` made included): the costliest notes first (a certain set lost, a wrong
    claim, ...), one per set. When there are fewer, the sets the other team
    won fill in: first those it claimed while the person's team still held
    some of their cards, then those whose cards it asked away from the
    person's team (the first of those asks is the moment).
    """
    results = set_results(match)
    game = match.game()
    notes = [n for mate in match.setup.members(match.setup.team(match.you)) for n in seat_notes(game, mate)]
    costly = sorted((n for n in notes if n.kind in WEIGHT and _mattered(n, results)),
                    key=lambda n: (WEIGHT[n.kind], n.event))
    moments: list[TurningPoint] = []
    seen: set[HalfSuit | None] = set()
    for note in costly:
        if note.half_suit not in seen and len(moments) < MOMENTS:
            seen.add(note.half_suit)
            moments.append(TurningPoint(note.event, note=note))
    members = set(match.setup.members(match.setup.team(match.you)))
    takes: dict[HalfSuit, list[int]] = {}
    for number, event in enumerate(match.state.events, start=1):
        if isinstance(event, Ask) and event.hit and event.target in members and event.asker not in members:
            takes.setdefault(event.card.half_suit, []).append(number)
    lost = [s for s in results if s.outcome is SetOutcome.LOST and s.half_suit not in seen]
    ranked = sorted(lost, key=lambda s: (-s.held, -len(takes.get(s.half_suit, [])), s.event))
    for result in ranked[: MOMENTS - len(moments)]:
        before = [n for n in takes.get(result.half_suit, []) if n < result.event]
        if result.held or not before:
            moments.append(TurningPoint(result.event, taken=result))
        else:
            moments.append(TurningPoint(before[0], taken=result, lost_cards=len(before)))
    return Decided(tuple(results), tuple(sorted(moments, key=lambda m: m.event)))


def _mattered(note: Note, results: list[ClaimResult]) -> bool:
    """Whether a note cost the team: a risky claim that was wrong, a certain claim left unmade whose set went to
    the other team or was cancelled, and every lost or wrong claim."""
    if note.kind is NoteKind.RISKY_CLAIM:
        return note.outcome is NoteOutcome.WRONG
    outcome = next((s.outcome for s in results if s.half_suit is note.half_suit), None)
    return note.kind is not NoteKind.SAFE_CLAIM or outcome in (SetOutcome.LOST, SetOutcome.CANCELLED)


@dataclass(frozen=True)
class SeatEnding:
    """Everything the end of a game says to the person in one seat, on every face (the terminal, ``/play``,
    ``/t/CODE``): the result, what decided it, what each player's asks gave away, the review of the moves the
    person made themselves (worst first, by :func:`trainer.review.severity`), how many of the moves were theirs,
    and how many missed positions were queued for training (``None``: not a learner here)."""

    seat: str
    result: Result
    decided: Decided
    given: dict[str, tuple[int, int]]
    notes: tuple[Note, ...]
    own_moves: int
    queued: tuple[int, int] | None = None
    moves: int = 0
    """Every move of the seat's, those ``auto`` made included (0: the turn never came to it)."""


def seat_ending(match: Match, queued: tuple[int, int] | None = None) -> SeatEnding:
    """The end of a finished game for the person in ``match.you`` (see :class:`SeatEnding`).

    >>> from trainer.play.match import Match, Seating
    >>> match = Match.new(Seating(seed=3))
    >>> while not match.over: _ = match.bot_move() if match.decider()[0] != match.you else match.play(
    ...     match.suggest(), auto=True)
    >>> end = seat_ending(match)
    >>> end.own_moves, end.notes, sum(end.result.mine for _ in [0]) + end.result.theirs == len(end.decided.sets)
    (0, (), True)
    """
    from trainer.play.giveaway import counts
    from trainer.review import severity

    notes = sorted(own_notes(match), key=lambda n: (severity(n.kind), n.event))
    return SeatEnding(match.you, result(match), decided(match), counts(match.setup, match.state.events),
                      tuple(notes), own_moves(match), queued,
                      sum(1 for event in match.state.events if actor_of(event) == match.you))
