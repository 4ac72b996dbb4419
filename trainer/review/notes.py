"""The review's notes: what a player could have known, missed or risked at one of their moves.

A :class:`Note` is data only (kind, event, cards, players, exact chances);
:mod:`trainer.render.notes` says it in words. Notes come from the judgements
of a view's trace (:mod:`trainer.review.trace`), each from the view the
player is judged from, just before their move:

* ``safe-claim``: a set the team could claim with certainty, and did not
  (noted once per team and set, when it first becomes certain);
  ``lost-claim``: the same, for a set the team later lost or had cancelled;
  ``kept-set``: the team at last claims a set it kept while certain;
* ``wasted-ask``: the ask could not hit; ``best-ask``: the best asks, when
  the one made had a clearly lower chance of a hit;
* ``risky-claim`` / ``wrong-claim``: a claim made without certainty, with
  the exact chance that every card was where declared, and the outcome. A
  claim is judged by what the claimer could know: a right claim only from
  the claimer's own view (their hand and the public history: six cards all
  in their own hand are certain), never from the public view, whose doubt
  says nothing of theirs; a wrong claim was uncertain from every view;
* ``out-of-turn``: a ``classic`` claim made out of turn, and what the
  penalty cost.

    >>> from trainer.game.notation import parse_game
    >>> from trainer.review.trace import trace_view
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Cat
    ... hand Ann: 2D 3D 4D 5D 7D 9S JS KH
    ... Cat asks Bob for 3D: no
    ... Bob asks Ann for QS: no
    ... Ann asks Bob for 6D: no''')
    >>> states = list(game.states())
    >>> trace = trace_view(game.setup, game.events, "Ann", lambda i: i == 3, states)
    >>> views = {p: ("Ann" if p == "Ann" else None) for p in game.setup.players}
    >>> [(n.kind.value, n.event) for n in game_notes(game.setup, game.events, states, views, {"Ann": trace})]
    [('safe-claim', 3), ('wasted-ask', 3), ('best-ask', 3)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import assert_never

from trainer.game.cards import Card, HalfSuit
from trainer.game.events import Ask, Claim, Event
from trainer.game.state import SetStatus, Setup, State
from trainer.review.judgement import Judgement, actor_of
from trainer.review.trace import ViewTrace

CLEARLY_WORSE = Fraction(1, 4)  # a best-ask note when the best chance beats the one taken by this much


class NoteKind(str, Enum):
    """The kinds of note a review makes."""

    SAFE_CLAIM = "safe-claim"
    LOST_CLAIM = "lost-claim"
    WASTED_ASK = "wasted-ask"
    RISKY_CLAIM = "risky-claim"
    WRONG_CLAIM = "wrong-claim"
    BEST_ASK = "best-ask"
    KEPT_SET = "kept-set"
    OUT_OF_TURN = "out-of-turn"


class NoteOutcome(str, Enum):
    """What the move a note is about came to: an ask's ``hit`` or ``miss``, a claim ``right`` or ``wrong``, a set
    the team ``won``, ``lost`` or had ``cancelled``."""

    HIT = "hit"
    MISS = "miss"
    RIGHT = "right"
    WRONG = "wrong"
    WON = "won"
    LOST = "lost"
    CANCELLED = "cancelled"


def severity(kind: NoteKind) -> int:
    """How bad a note of ``kind`` is for the player, 0 the worst (a certain set lost), as reviews list them.

    >>> sorted(NoteKind, key=severity)[:3]
    [<NoteKind.LOST_CLAIM: 'lost-claim'>, <NoteKind.WRONG_CLAIM: 'wrong-claim'>, <NoteKind.OUT_OF_TURN: 'out-of-turn'>]
    """
    match kind:
        case NoteKind.LOST_CLAIM:
            return 0
        case NoteKind.WRONG_CLAIM:
            return 1
        case NoteKind.OUT_OF_TURN:
            return 2
        case NoteKind.WASTED_ASK:
            return 3
        case NoteKind.RISKY_CLAIM:
            return 4
        case NoteKind.KEPT_SET:
            return 5
        case NoteKind.SAFE_CLAIM:
            return 6
        case NoteKind.BEST_ASK:
            return 7
        case _:
            assert_never(kind)


@dataclass(frozen=True)
class Note:
    """One remark about the player who acted at event ``event`` (1-based).

    ``view`` is the viewer the note was worked out from (the player, or
    ``None`` for the public view). Only the fields of the note's kind are set:

    * ``half_suit`` and ``holders`` (where each card was) for the notes on sets;
    * ``card`` and ``target`` for the notes on asks, ``best`` (target, card) and
      ``best_probability`` for a ``best-ask``;
    * ``probability``: the exact chance of the ask or claim made;
    * ``outcome``: ``hit``/``miss`` (an ask), ``right``/``wrong`` (a claim),
      ``won``/``lost``/``cancelled`` (a set), with ``misplaced`` (the actual
      holders of the cards a wrong claim misplaced);
    * ``since``: the event a set became certain; ``cost``: the sets an
      out-of-turn claim's penalty cost.
    """

    kind: NoteKind
    player: str
    event: int
    view: str | None
    half_suit: HalfSuit | None = None
    card: Card | None = None
    target: str | None = None
    holders: tuple[tuple[Card, str], ...] = ()
    probability: Fraction | None = None
    best: tuple[tuple[str, Card], ...] = ()
    best_probability: Fraction | None = None
    outcome: NoteOutcome | None = None
    since: int | None = None
    cost: int | None = None
    misplaced: tuple[tuple[Card, str], ...] = ()


def game_notes(
    setup: Setup,
    events: Sequence[Event],
    states: Sequence[State],
    views: dict[str, str | None],
    traces: dict[str | None, ViewTrace],
    claim_views: dict[str, str | None] | None = None,
) -> list[Note]:
    """The notes on every move judged in ``traces``, in game order (see the module's example).

    ``views[player]`` is the view each player is judged from (``claim_views[player]``
    for their claims, when given), ``states[i]`` the true position after ``i`` events.
    """
    final = states[-1]
    notes: list[Note] = []
    certain: dict[tuple[int, HalfSuit], Note] = {}  # the first note of a set certain for a team
    for i, event in enumerate(events, start=1):
        actor = actor_of(event)
        if actor is None:
            continue
        view = claim_views[actor] if claim_views is not None and isinstance(event, Claim) else views[actor]
        trace = traces.get(view)
        found = trace.judged.get(i) if trace is not None else None
        if found is not None:
            notes.extend(move_notes(setup, i, event, actor, view, found, final, certain, states[i]))
    return notes


def move_notes(
    setup: Setup,
    i: int,
    event: Event,
    actor: str,
    view: str | None,
    found: Judgement,
    final: State | None,
    certain: dict[tuple[int, HalfSuit], Note],
    after: State,
) -> list[Note]:
    """The notes on event ``i``; ``final`` (the last position) tells a lost claim from a safe one,
    ``after`` is the position just after the event.

    ``certain`` holds the first note of each set a team could claim with
    certainty: a kept set is noted once, when it becomes certain, and once
    more when the team claims it (``kept-set``), never on the events between.

        >>> from trainer.game.notation import parse_game
        >>> game = parse_game('''variant: classic
        ... players: Ann Bob Cat Dan Eve Fay
        ... hand Ann: 2D 3D 4D 5D 7D 9S JS KH
        ... Ann asks Bob for 6D: no''')
        >>> found = Judgement({}, ask=(Fraction(1, 5), [("Bob", Card.parse("6D"))], Fraction(1, 5)))
        >>> after = game.state()
        >>> [n.kind.value for n in move_notes(game.setup, 1, game.events[0], "Ann", "Ann", found, None, {}, after)]
        []
    """
    notes: list[Note] = []
    team = setup.team(actor)
    if not isinstance(event, Claim):
        for half, holders in sorted(found.claimable.items()):
            if (team, half) in certain:
                continue  # noted once, when it became certain; again only when claimed
            result = final.sets[half] if final is not None else None
            lost = result is not None and (
                result.status is SetStatus.CANCELLED or (result.status is SetStatus.WON and result.team != team)
            )
            kind = NoteKind.LOST_CLAIM if lost else NoteKind.SAFE_CLAIM
            outcome = None
            if lost and result is not None:
                outcome = NoteOutcome.CANCELLED if result.status is SetStatus.CANCELLED else NoteOutcome.LOST
            note = Note(kind, actor, i, view, half_suit=half, holders=tuple(sorted(holders.items())),
                        outcome=outcome, since=i)
            certain[(team, half)] = note
            notes.append(note)
    if isinstance(event, Ask) and found.ask is not None:
        taken, best, best_chance = found.ask
        if taken == 0:
            notes.append(Note(NoteKind.WASTED_ASK, actor, i, view, card=event.card, target=event.target,
                              probability=taken))
        if best_chance - taken >= CLEARLY_WORSE:
            notes.append(Note(NoteKind.BEST_ASK, actor, i, view, card=event.card, target=event.target,
                              probability=taken, best=tuple(best), best_probability=best_chance,
                              outcome=NoteOutcome.HIT if event.hit else NoteOutcome.MISS))
    if not isinstance(event, Claim):
        return notes
    own = view == actor  # a claim judged from another view (the claimer's hand unknown to the review): see below
    if event.out_of_turn:
        chance = found.claim if own or not event.correct else None
        notes.append(_out_of_turn_note(event, i, view, after, chance))
        return notes
    kept = certain.get((team, event.half_suit))
    if kept is not None:
        result = after.sets[event.half_suit]
        fate = (NoteOutcome.WON if result.team == team else NoteOutcome.CANCELLED
                if result.status is SetStatus.CANCELLED else NoteOutcome.LOST)
        notes.append(Note(NoteKind.KEPT_SET, actor, i, kept.view, half_suit=event.half_suit,
                          holders=kept.holders, outcome=fate, since=kept.event))
    if found.claim is not None and found.claim < 1 and (own or not event.correct):
        # The claimer knew at least what ``view`` knew, maybe more (their own hand): another view's doubt says
        # nothing of theirs, so a right claim is judged only from the claimer's own view. A wrong one was
        # uncertain from every view (the true deal fits them all).
        if event.correct:
            notes.append(Note(NoteKind.RISKY_CLAIM, actor, i, view, half_suit=event.half_suit,
                              probability=found.claim, outcome=NoteOutcome.RIGHT))
        else:
            notes.append(Note(NoteKind.WRONG_CLAIM, actor, i, view, half_suit=event.half_suit,
                              probability=found.claim, outcome=NoteOutcome.WRONG, misplaced=event.actual))
    return notes


def _out_of_turn_note(claim: Claim, i: int, view: str | None, after: State, chance: Fraction | None) -> Note:
    """The penalty of an out-of-turn claim and what it cost against the same claim made in turn."""
    setup = after.setup
    team = setup.team(claim.claimer)
    result = after.sets[claim.half_suit]
    if result.status is SetStatus.WON:
        shown = tuple(sorted((c, p) for c, p in claim.holders().items() if setup.team(p) != team))
        return Note(NoteKind.OUT_OF_TURN, claim.claimer, i, view, half_suit=claim.half_suit, holders=shown,
                    probability=chance, outcome=NoteOutcome.LOST, cost=0)
    return Note(NoteKind.OUT_OF_TURN, claim.claimer, i, view, half_suit=claim.half_suit, holders=claim.actual,
                probability=chance, outcome=NoteOutcome.CANCELLED, cost=1 if claim.correct else 0)
