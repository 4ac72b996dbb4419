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
from typing import TYPE_CHECKING

from trainer.game.cards import HalfSuit
from trainer.game.events import Ask, Claim
from trainer.game.state import State
from trainer.review import NoteKind, seat_notes
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


@dataclass(frozen=True)
class SetResult:
    """One claimed set, seen from the person's team: who claimed it at which event, and what it came to."""

    half_suit: HalfSuit
    event: int
    claimer: str
    outcome: str
    """``won`` (by the person's team), ``lost`` (to the other team) or ``cancelled``."""
    held: int
    """How many of its cards the person's team held just before the claim."""


@dataclass(frozen=True)
class Moment:
    """A moment that mattered: a teammate's note from the review, or a set the other team took from under you."""

    event: int
    note: Note | None = None
    taken: SetResult | None = None
    lost_cards: int = 0
    """With ``taken``: how many times the other team took one of its cards from the person's team by asking, the
    first at ``event`` (0: ``event`` is the claim, the team held none of it by then)."""


@dataclass(frozen=True)
class Decided:
    """What decided a finished game, from the person's side."""

    sets: tuple[SetResult, ...]
    moments: tuple[Moment, ...]

    def won(self) -> list[SetResult]:
        """The sets the person's team won."""
        return [s for s in self.sets if s.outcome == "won"]

    def lost(self) -> list[SetResult]:
        """The sets the other team won."""
        return [s for s in self.sets if s.outcome == "lost"]


def verdict(match: Match) -> str:
    """The result of a finished game in one sentence, from the person's side (the terminal and the web say it).

    >>> from trainer.play.match import Match, Seating
    >>> verdict(Match.new(Seating(3)))  # nothing claimed yet
    'A tie, 0-0.'
    """
    state = match.state
    team = match.setup.team(match.you)
    mine, theirs = state.score[team], state.score[3 - team]
    if state.winner is None:
        return f"A tie, {mine}-{theirs}."
    return f"Your team {'wins' if state.winner == team else 'loses'}, {mine}-{theirs}."


def set_results(match: Match) -> list[SetResult]:
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
            outcome = "cancelled" if winner is None else "won" if winner == team else "lost"
            results.append(SetResult(event.half_suit, number, event.claimer, outcome, held))
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
    moments: list[Moment] = []
    seen: set[HalfSuit | None] = set()
    for note in costly:
        if note.half_suit not in seen and len(moments) < MOMENTS:
            seen.add(note.half_suit)
            moments.append(Moment(note.event, note=note))
    members = set(match.setup.members(match.setup.team(match.you)))
    takes: dict[HalfSuit, list[int]] = {}
    for number, event in enumerate(match.state.events, start=1):
        if isinstance(event, Ask) and event.hit and event.target in members and event.asker not in members:
            takes.setdefault(event.card.half_suit, []).append(number)
    lost = [s for s in results if s.outcome == "lost" and s.half_suit not in seen]
    ranked = sorted(lost, key=lambda s: (-s.held, -len(takes.get(s.half_suit, [])), s.event))
    for result in ranked[: MOMENTS - len(moments)]:
        before = [n for n in takes.get(result.half_suit, []) if n < result.event]
        if result.held or not before:
            moments.append(Moment(result.event, taken=result))
        else:
            moments.append(Moment(before[0], taken=result, lost_cards=len(before)))
    return Decided(tuple(results), tuple(sorted(moments, key=lambda m: m.event)))


def _mattered(note: Note, results: list[SetResult]) -> bool:
    """Whether a note cost the team: a risky claim that was wrong, a certain claim left unmade whose set went to
    the other team or was cancelled, and every lost or wrong claim."""
    if note.kind is NoteKind.RISKY_CLAIM:
        return note.outcome == "wrong"
    outcome = next((s.outcome for s in results if s.half_suit is note.half_suit), None)
    return note.kind is not NoteKind.SAFE_CLAIM or outcome in ("lost", "cancelled")
