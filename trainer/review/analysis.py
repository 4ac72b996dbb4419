"""Review a game log: what each player could know, what they missed, what each event gave away.

Every player is judged from the view they had at the table: a player whose
hand is listed from their own view (their hand plus the public history), a
player whose hand is not listed from the public view (what anyone watching
knew; they knew at least that much). A complete record lists every hand, so
everyone is judged from their own seat; a personal log lists one.

Each view is replayed once, event by event, and every state is counted once
(:func:`trainer.engine.counting.count_total`); the count after event ``i`` is
the count before event ``i + 1``. For every event:

* **bits**: for each player, ``log2(count before / count after)`` from their view;
* notes about the player who acted, from that player's view before the event:
  ``safe-claim`` (a set they could claim with certainty, and did not: noted
  once per team and set, when it first becomes certain), ``lost-claim`` (the
  same, for a set their team later lost or had cancelled), ``kept-set`` (the
  team at last claims a set it kept while certain: the stalemate breaker),
  ``wasted-ask`` (the ask could not hit), ``risky-claim`` / ``wrong-claim``
  (a claim made without certainty: the exact chance that every card was where
  declared, and the outcome), ``best-ask`` (the best asks, when the one made
  had a clearly lower chance of a hit, saying when it hit by luck),
  ``out-of-turn`` (a ``classic`` claim made out of turn, and what the penalty
  cost).

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Cat
    ... hand Ann: 2D 3D 4D 5D 7D 9S JS KH
    ... Cat asks Bob for 9C: no
    ... Bob asks Cat for 9C: no''')
    >>> review = review_game(game)
    >>> [round(b, 3) for b in review.bits["Ann"]], [round(b, 3) for b in review.bits["Bob"]]
    ([1.241, 0.59], [1.264, 0.795])
    >>> [(n.kind.value, n.player, n.event) for n in review.notes]
    [('wasted-ask', 'Bob', 2)]
    >>> review.notes[0].text
    'Bob could know Cat did not hold 9C: the ask could not hit (from the public view).'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from functools import cached_property
from itertools import pairwise
from typing import TYPE_CHECKING

from trainer.engine.constraints import History
from trainer.engine.counting import Counter, count_total, full_pass
from trainer.engine.deadline import Clock, Deadline, TimeLimitError
from trainer.engine.solve import Knowledge, Model, counting_model, deals_of
from trainer.explain.explanation import Explanation, explain
from trainer.game.cards import Card, HalfSuit
from trainer.game.errors import ImpossibleHistoryError, LiteratureError
from trainer.game.events import Ask, Claim, Event
from trainer.game.notation import Game
from trainer.game.state import SetStatus, Setup, State

if TYPE_CHECKING:
    from trainer.engine.factored import Factored  # imports numpy: only where a problem needs it
    from trainer.engine.sweep import Sweep

CLEARLY_WORSE = Fraction(1, 4)  # a best-ask note when the best chance beats the one taken by this much
BEST_SHOWN = 5  # how many of the best asks a note lists


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


@dataclass(frozen=True)
class Note:
    """One remark about the player who acted at event ``event`` (1-based).

    ``view`` is the viewer the note was worked out from (the player, or
    ``None`` for the public view). Only the fields of the note's kind are set.
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
    outcome: str | None = None
    since: int | None = None
    cost: int | None = None

    @property
    def text(self) -> str:
        """One sentence a player can read."""
        who = self.player
        suffix = "" if self.view == self.player else " (from the public view)"
        if self.kind is NoteKind.KEPT_SET:
            return self._kept_text()
        if self.kind is NoteKind.OUT_OF_TURN:
            return self._out_of_turn_text("" if self.view == self.player else ", from the public view")
        if self.kind in (NoteKind.SAFE_CLAIM, NoteKind.LOST_CLAIM):
            placed = _placement(self.holders)
            text = f"{who} could claim {self.half_suit} with certainty ({placed})"
            if self.since is not None and self.since < self.event:
                text += f", since event {self.since}"
            if self.kind is NoteKind.LOST_CLAIM:
                fate = "had it cancelled" if self.outcome == "cancelled" else "lost it"
                return f"{text}{suffix}; the team later {fate}."
            return (
                f"{text}{suffix}. Keeping a certain set as a stalemate breaker is a real strategy; "
                "claiming it banks the set."
            )
        if self.kind is NoteKind.WASTED_ASK:
            return f"{who} could know {self.target} did not hold {self.card}: the ask could not hit{suffix}."
        if self.kind in (NoteKind.RISKY_CLAIM, NoteKind.WRONG_CLAIM):
            if self.probability == 0:
                return (f"{who} claimed {self.half_suit} although {who} could know the claim could not be "
                        f"right{suffix}; it was {self.outcome}.")
            chance = percent(self.probability)
            return (
                f"{who} claimed {self.half_suit} without certainty: every card was where declared "
                f"in {chance} of the deals {who} could not rule out{suffix}; the claim was {self.outcome}."
            )
        best = self.best_text
        chance = percent(self.probability)
        if self.outcome == "hit":
            return f"{who}'s ask was {_a(chance)} ask that happened to hit; {best}{suffix}."
        if self.outcome == "miss":
            return f"{who}'s ask had {_a(chance)} chance of a hit and missed; {best}{suffix}."
        return f"{who}'s ask had {_a(chance)} chance of a hit; {best}{suffix}."

    @property
    def best_text(self) -> str:
        """``best-ask``: the best asks in words (``Bob for JS was certain``, ``the best had 60%: ...``)."""
        listed = ", ".join(f"{t} for {c}" for t, c in self.best[:BEST_SHOWN])
        more = f" and {len(self.best) - BEST_SHOWN} more" if len(self.best) > BEST_SHOWN else ""
        if self.best_probability == 1:
            return f"{listed}{more} {'was' if len(self.best) == 1 else 'were'} certain"
        return f"the best had {percent(self.best_probability)}: {listed}{more}"

    def _kept_text(self) -> str:
        """``kept-set``: the claim of a set the team had kept while certain."""
        fate = {"won": "won it", "cancelled": "had it cancelled", "lost": "lost it"}.get(self.outcome or "", "")
        first = self.view if self.view is not None else "the table"
        kept = self.event - (self.since or self.event)
        return (
            f"{self.player} claimed {self.half_suit}, kept while certain since event {self.since} "
            f"(certain for {first}, {kept} event{'s' if kept != 1 else ''} earlier); the team {fate}."
        )

    def _out_of_turn_text(self, public: str) -> str:
        """``out-of-turn``: the penalty, and what it cost against the same claim made in turn."""
        who, half = self.player, self.half_suit
        head = f"{who} claimed {half} out of turn"
        if self.outcome == "lost":
            what = (f"the other team held {_placement(self.holders)}, so the set went to them, as it would "
                    f"have on {who}'s turn")
        elif self.cost:
            what = (f"every card was where declared, so on {who}'s turn the team would have won the set; "
                    "out of turn it was cancelled: the penalty cost a set")
        else:
            what = (f"the set was cancelled; the misplaced cards ({_placement(self.holders)}) would have had "
                    f"it cancelled on {who}'s turn too, but the team lost the chance to claim it right later")
        if self.probability == 1:
            known = f"{who} could know where every card was"
        elif self.probability == 0:
            known = f"{who} could know the declaration could not be right"
        else:
            chance = percent(self.probability)
            known = f"every card was where declared in {chance} of the deals {who} could not rule out"
        return f"{head}: {what} ({known}{public})."

    def as_json(self) -> dict[str, object]:
        """The note as in ``literature review --json``: ``kind`` and ``player`` first, then its fields."""
        out: dict[str, object] = {"kind": self.kind.value, "player": self.player}
        if self.half_suit is not None:
            out["set"] = str(self.half_suit)
        if self.card is not None:
            out["card"] = str(self.card)
        if self.target is not None:
            out["target"] = self.target
        if self.holders:
            out["holders"] = {str(c): p for c, p in self.holders}
        if self.probability is not None:
            out["probability"] = _round(self.probability)
            out["probability_exact"] = str(self.probability)
        if self.best:
            out["best"] = [{"target": t, "card": str(c)} for t, c in self.best]
            out["best_probability"] = _round(self.best_probability)
        if self.outcome is not None:
            out["outcome"] = self.outcome
        if self.since is not None:
            out["since"] = self.since
        if self.cost is not None:
            out["cost"] = self.cost
        out["view"] = self.view if self.view is not None else "public"
        out["text"] = self.text
        return out


def _round(value: Fraction | None) -> float | None:
    return None if value is None else round(float(value), 4)


def percent(value: Fraction | None) -> str:
    """``62%``; never rounds a chance that is not 0 or 1 to ``0%`` or ``100%``.

    >>> percent(Fraction(1, 1000)), percent(Fraction(999, 1000)), percent(Fraction(1, 3))
    ('<1%', '>99%', '33%')
    """
    if value is None:
        return "?"
    if 0 < value < Fraction(1, 100):
        return "<1%"
    if Fraction(99, 100) < value < 1:
        return ">99%"
    return f"{float(value):.0%}"


def _a(chance: str) -> str:
    """The article before a spoken percentage: ``a 17%``, ``an 18%``, ``an 8%``, ``a <1%``.

    >>> _a("17%"), _a("18%"), _a("80%"), _a("8%"), _a("11%"), _a(">99%")
    ('a 17%', 'an 18%', 'an 80%', 'an 8%', 'an 11%', 'a >99%')
    """
    digits = chance.rstrip("%")
    an = digits.isdigit() and (digits.startswith("8") or digits in ("11", "18"))
    return f"{'an' if an else 'a'} {chance}"


def _placement(holders: Sequence[tuple[Card, str]]) -> str:
    by_player: dict[str, list[Card]] = {}
    for card, player in sorted(holders):
        by_player.setdefault(player, []).append(card)
    return ", ".join(f"{p} {' '.join(map(str, cs))}" for p, cs in by_player.items())


def actor_of(event: Event) -> str | None:
    """The player who made the event (``None`` for ``turn: X``).

    >>> from trainer.game.events import Pass
    >>> actor_of(Pass(None, "Eve")) is None, actor_of(Pass("Cat", "Eve"))
    (True, 'Cat')
    """
    if isinstance(event, Ask):
        return event.asker
    if isinstance(event, Claim):
        return event.claimer
    return event.player


# -- exact counts with extra pins ------------------------------------------------


def count_with(history: History, holders: dict[Card, str]) -> int:
    """The deals consistent with ``history`` that put each card of ``holders`` with that player **now**.

    A card that moved in a hit is where it moved; a card that has not moved is
    still with the player dealt it, so the placement pins its dealt holder.

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Cat
    ... hand Ann: 2D 3D 4D 5D 7D 9S JS KH
    ... Cat asks Bob for 3D: no''')
    >>> history = History.build(game.setup, game.events, "Ann")
    >>> total = deals_of(history)
    >>> Fraction(count_with(history, {Card.parse("6D"): "Cat"}), total)
    Fraction(1, 1)
    >>> Fraction(count_with(history, {Card.parse("9C"): "Cat", Card.parse("10C"): "Cat"}), total)
    Fraction(7, 247)
    """
    located = history.state.located
    pins: dict[Card, str] = {}
    for card, player in holders.items():
        if card in located:
            if located[card] != player:
                return 0
        else:
            pins[card] = player
    if not pins:
        return deals_of(history)
    hypothesis = History(
        history.setup,
        history.viewer,
        history.state,
        dict(history.pinned),
        dict(history.pinned_at),
        {c: set(s) for c, s in history.excluded.items()},
        list(history.holds_one_of),
    )
    try:
        for card, player in pins.items():
            hypothesis.pin(card, player, 0)
    except ImpossibleHistoryError:
        return 0
    dealt = history.setup.dealt_sizes
    for player in set(pins.values()):
        if sum(1 for p in hypothesis.pinned.values() if p == player) > dealt[player]:
            return 0  # more cards placed with the player than they were dealt
    return deals_of(hypothesis)


def claim_probability(history: History, claim: Claim) -> Fraction:
    """The exact chance, from the history's viewer, that every card of ``claim`` is where it was declared."""
    total = deals_of(history)
    if total == 0:
        return Fraction(0)
    return Fraction(count_with(history, dict(claim.declared)), total)


# -- one view, replayed once ----------------------------------------------------


@dataclass
class Judgement:
    """What a viewer knew just before an event whose actor they judge."""

    claimable: dict[HalfSuit, dict[Card, str]]
    ask: tuple[Fraction, list[tuple[str, Card]], Fraction] | None = None  # chance taken, best asks, best chance
    claim: Fraction | None = None


@dataclass
class ViewTrace:
    """A viewer's count after each prefix (``counts[i]`` after ``i`` events) and their judgements."""

    viewer: str | None
    counts: list[int]
    judged: dict[int, Judgement] = field(default_factory=dict)


def legal_asks(knowledge: Knowledge, state: State, asker: str) -> list[tuple[str, Card]]:
    """The asks the viewer knows to be legal for ``asker`` now: an opponent with cards, a card
    ``asker`` certainly does not hold, of a set ``asker`` certainly holds another card of."""
    setup = state.setup
    targets = [p for p in setup.players if setup.team(p) != setup.team(asker) and state.sizes[p]]
    asks: list[tuple[str, Card]] = []
    for half, result in state.sets.items():
        if result.status is not SetStatus.IN_PLAY:
            continue
        mine = [c for c in half.cards if knowledge.forced(c) == asker]
        if not mine:
            continue
        for card in half.cards:
            if knowledge.count(card, asker) == 0:
                asks.extend((t, card) for t in targets)
    return asks


@dataclass
class Looks:
    """What a viewer's knowledge says that does not depend on the event judged: the sets each team could
    claim, the chance of each ask each player knows to be legal. Shared by consecutive positions with the
    same counting problem and the same cards in the same places (only misses between them)."""

    knowledge: Knowledge
    claimable: dict[int, dict[HalfSuit, dict[Card, str]]] = field(default_factory=dict)
    chances: dict[str, dict[tuple[str, Card], Fraction]] = field(default_factory=dict)


def judge(
    knowledge: Knowledge, history: History, state: State, event: Event, actor: str, looks: Looks | None = None
) -> Judgement:
    """The viewer's judgement of ``actor`` just before ``event`` (``state`` is the true position);
    ``looks`` keeps what the knowledge says for later positions that share it."""
    looks = looks if looks is not None else Looks(knowledge)
    team = state.setup.team(actor)
    claimable: dict[HalfSuit, dict[Card, str]] = {}
    if actor in state.actors():
        if team not in looks.claimable:
            looks.claimable[team] = knowledge.claimable(team)
        claimable = looks.claimable[team]
    found = Judgement(claimable)
    if isinstance(event, Ask):
        deals = knowledge.deals
        taken = Fraction(knowledge.count(event.card, event.target), deals)
        chances = looks.chances.get(actor)
        if chances is None:
            chances = looks.chances[actor] = {
                ask: Fraction(knowledge.count(ask[1], ask[0]), deals) for ask in legal_asks(knowledge, state, actor)
            }
        best = max(chances.values(), default=taken)
        best = max(best, taken)
        found.ask = (taken, [a for a, p in chances.items() if p == best], best)
    elif isinstance(event, Claim):
        found.claim = claim_probability(history, event)
    return found


def trace_view(
    setup: Setup,
    events: Sequence[Event],
    viewer: str | None,
    judged: Callable[[int], bool],
    states: Sequence[State],
    progress: Callable[[], None] | None = None,
    deadline: Deadline | None = None,
) -> ViewTrace:
    """Replay ``events`` once from ``viewer``'s side, counting every prefix once.

    ``judged(i)`` says whether this view judges the actor of event ``i``
    (1-based); ``states[i]`` is the true position after ``i`` events. Raises
    :class:`ImpossibleHistoryError` (``event`` set) at the first prefix no deal fits,
    and :class:`TimeLimitError` (``event`` set to the event it was about to take)
    when ``deadline`` has passed before an event.
    """
    history = History.build(setup, (), viewer)
    trace = ViewTrace(viewer, [])
    previous: tuple[Model, int] | None = None
    passes: Counter | Sweep | Factored | None = None  # the per-card counts of ``previous``'s model
    facts = (-1, -1, -1)
    looks: Looks | None = None  # valid while the problem stays and no card moves (only misses)
    for i in range(len(events) + 1):
        if i:
            if deadline is not None and deadline.passed():
                raise TimeLimitError(f"at event {i:,} of {len(events):,}", event=i)
            try:
                history.observe(events[i - 1], i)
            except LiteratureError as error:
                if error.event is None:
                    error.event = i
                raise
            last = events[i - 1]
            if not isinstance(last, Ask) or last.hit:
                looks = None  # a card moved, a set was claimed or the turn passed on
        actor = actor_of(events[i]) if i < len(events) and judged(i + 1) else None
        if history.facts != facts:  # otherwise the event added no fact: the same problem
            facts = history.facts
            model = counting_model(history)
            if previous is None or previous[0] != model:
                # a new problem; a judged position needs its per-card counts, whose pass gives the total too
                passes = looks = None  # let the last problem's passes go first: they may hold hundreds of MB
                passes = full_pass(model.problem) if actor is not None else None
                previous = (model, passes.total if passes is not None else count_total(model.problem))
                looks = None
        assert previous is not None
        model, found = previous
        total = found * model.plain_ways
        if total == 0:
            raise ImpossibleHistoryError(_impossible(events, i), event=i or None)
        trace.counts.append(total)
        if actor is not None:
            if passes is None:  # shared by every event until the model changes (repeated asks do not)
                passes = full_pass(model.problem)
            if looks is None:
                looks = Looks(Knowledge(history, model, total, passes))
            trace.judged[i + 1] = judge(looks.knowledge, history, states[i], events[i], actor, looks)
        if progress is not None:
            progress()
    return trace


def _impossible(events: Sequence[Event], first: int) -> str:
    if first == 0:
        return "no deal fits the listed hands and hand sizes"
    return f"no deal of the cards fits the history after event {first} ({events[first - 1]})"


# -- the review -----------------------------------------------------------------


@dataclass
class PlayerSummary:
    """One player's (or one team's) totals over the game."""

    asks: int = 0
    hits: int = 0
    bits_gained: float = 0.0
    bits_given_away: float = 0.0
    safe_claims_missed: int = 0
    lost_claims: int = 0
    wasted_asks: int = 0
    risky_claims: int = 0
    wrong_claims: int = 0
    best_asks_missed: int = 0
    out_of_turn_claims: int = 0

    @property
    def accuracy(self) -> float | None:
        """Hits per ask (``None`` without asks)."""
        return self.hits / self.asks if self.asks else None

    def add(self, other: PlayerSummary) -> None:
        """Add another summary's totals to this one."""
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def as_json(self) -> dict[str, object]:
        """The totals, bits rounded to 3 decimals."""
        out: dict[str, object] = {"asks": self.asks, "hits": self.hits}
        out["accuracy"] = None if self.accuracy is None else round(self.accuracy, 4)
        for name in ("bits_gained", "bits_given_away"):
            out[name] = round(getattr(self, name), 3)
        for name in ("safe_claims_missed", "lost_claims", "wasted_asks", "risky_claims", "wrong_claims",
                     "best_asks_missed", "out_of_turn_claims"):
            out[name] = getattr(self, name)
        return out


@dataclass
class Review:
    """The review of a game: per event the bits each player got and the notes; totals; information over time.

    ``bits[player][i - 1]`` is what event ``i`` gave ``player``; ``known[player][i]``
    the bits known after ``i`` events (``log2`` of the count with no event over the
    count then); ``views[player]`` the view each player is judged from.
    """

    game: Game
    views: dict[str, str | None]
    counts: dict[str | None, list[int]]
    bits: dict[str, list[float]]
    notes: list[Note]
    players: dict[str, PlayerSummary]
    teams: dict[int, PlayerSummary]

    @property
    def setup(self) -> Setup:
        """The table of the reviewed game."""
        return self.game.setup

    @property
    def complete(self) -> bool:
        """Whether every player is judged from their own view."""
        return all(self.views[p] == p for p in self.setup.players)

    def known(self, player: str) -> list[float]:
        """Bits ``player`` knows after each prefix (0 before the first event)."""
        counts = self.counts[self.views[player]]
        start = math.log2(counts[0])
        return [start - math.log2(c) for c in counts]

    def team_known(self, team: int) -> list[float]:
        """The mean over a team's players of the bits they know after each prefix."""
        members = self.setup.members(team)
        series = [self.known(p) for p in members]
        return [sum(values) / len(members) for values in zip(*series, strict=True)]

    def notes_of(self, event: int) -> list[Note]:
        """The notes of event ``event`` (1-based)."""
        return self._by_event.get(event, [])

    @cached_property
    def _by_event(self) -> dict[int, list[Note]]:
        """The notes grouped by event, once (a long game has thousands of both)."""
        grouped: dict[int, list[Note]] = {}
        for note in self.notes:
            grouped.setdefault(note.event, []).append(note)
        return grouped

    def as_json(self) -> dict[str, object]:
        """The ``literature review --json`` object (see ``docs/review.md``)."""
        game = self.game
        events = []
        for i, event in enumerate(game.events, start=1):
            events.append(
                {
                    "index": i,
                    "line": game.line_of(i),
                    "text": str(event),
                    "actor": actor_of(event),
                    "bits": {p: round(self.bits[p][i - 1], 3) for p in self.setup.players},
                    "notes": [n.as_json() for n in self.notes_of(i)],
                }
            )
        summary: dict[str, object] = {
            "complete": self.complete,
            "views": {p: (v if v is not None else "public") for p, v in self.views.items()},
            "players": {p: s.as_json() for p, s in self.players.items()},
            "teams": {
                str(t): s.as_json() | {"players": list(self.setup.members(t))} for t, s in self.teams.items()
            },
            "information": {str(t): [round(x, 3) for x in self.team_known(t)] for t in (1, 2)},
            "final": _final_json(self.game),
        }
        return {"events": events, "summary": summary}


def _final_json(game: Game) -> dict[str, object]:
    state = game.state()
    sets = {}
    for half, result in state.sets.items():
        sets[str(half)] = result.team if result.status is SetStatus.WON else result.status.value
    return {"score": {str(t): n for t, n in state.score.items()}, "over": state.over, "sets": sets}


def views_of(setup: Setup) -> dict[str, str | None]:
    """The view each player is judged from: their own when their hand is listed, else the public one.

    >>> setup = Setup.create("classic", "A B C D E F".split())
    >>> set(views_of(setup).values())
    {None}
    """
    return {p: (p if p in setup.hands else None) for p in setup.players}


MAX_EVENTS = 5_000
"""The longest game a review covers: far past any real game (a complete game runs to a few hundred
events), while a review of that many cheap events still takes well under a minute and little memory."""


def review_game(
    game: Game,
    as_player: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    workers: int = 1,
    time_limit: float | None = None,
    clock: Clock | None = None,
) -> Review:
    """Review ``game``; with ``as_player``, as that player's personal log (only their hand is known).

    ``progress(done, total)`` is called as states are counted. With
    ``workers`` above 1 the views are replayed in that many processes (each
    view is independent). Errors are located in the game's file: an
    impossible history names the first event after which no deal fits.

    With ``time_limit`` (seconds on ``clock``, by default the system's
    monotonic clock) the replay stops with a :class:`TimeLimitError` once it
    has run longer, checked before each event of each view, in every worker:

    >>> from trainer.game.notation import read_game
    >>> ticks = iter(range(1000))  # a clock that moves one second each time it is read
    >>> game = read_game(EXAMPLES / "review/lost-claim.lit")
    >>> review_game(game, time_limit=3, clock=lambda: next(ticks))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    trainer.engine.deadline.TimeLimitError: .../review/lost-claim.lit: the review stopped at its time \
limit of 3 s, at event 4 of 8 in the public view (view 1 of 2); give --time-limit more seconds, or 0 for none \
(see docs/review.md)
    """
    if len(game.events) > MAX_EVENTS:
        raise LiteratureError(
            f"the game has {len(game.events):,} events, more than the {MAX_EVENTS:,} a review covers (a complete "
            "game runs to a few hundred; see docs/review.md)",
            path=game.path,
        )
    setup = game.setup
    if as_player is not None:
        setup.check_player(as_player)
        if as_player not in setup.hands:
            raise LiteratureError(
                f"{as_player}'s hand is not listed, so the game cannot be reviewed as {as_player}", path=game.path
            )
        setup = setup.only(as_player)
    events = game.events
    views = views_of(setup)
    needed: list[str | None] = [v for v in setup.players if views[v] == v]
    if any(v is None for v in views.values()):
        needed.insert(0, None)  # the public view is the slowest: start it first
    actors = [actor_of(e) for e in events]
    judged = {
        viewer: frozenset(i for i, a in enumerate(actors, start=1) if a is not None and views[a] == viewer)
        for viewer in needed
    }
    per_view = len(events) + 1
    total_work = len(needed) * per_view
    done = 0
    deadline = Deadline.after(time_limit, clock) if time_limit else None

    def step(amount: int = 1) -> None:
        nonlocal done
        done += amount
        if progress is not None:
            progress(done, total_work)

    results: dict[str | None, ViewTrace | LiteratureError] = {}

    def stopped(viewer: str | None, error: TimeLimitError) -> TimeLimitError:
        assert deadline is not None
        name = "the public view" if viewer is None else f"{viewer}'s view"
        return TimeLimitError(
            f"the review stopped at its time limit of {deadline.seconds:g} s, {error.message} in {name} "
            f"(view {needed.index(viewer) + 1} of {len(needed)}); give --time-limit more seconds, or 0 for none "
            "(see docs/review.md)",
            path=game.path,
            event=error.event,
        )

    if workers > 1 and len(needed) > 1:
        with ProcessPoolExecutor(max_workers=min(workers, len(needed))) as pool:
            futures = {pool.submit(_trace_job, setup, events, v, judged[v], None, deadline): v for v in needed}
            for future in as_completed(futures):
                viewer = futures[future]
                result = results[viewer] = future.result()
                if isinstance(result, TimeLimitError):
                    # the views still running pass the same deadline within a position; the others never start
                    pool.shutdown(wait=True, cancel_futures=True)
                    raise stopped(viewer, result)
                step(per_view)
    else:
        for viewer in needed:
            result = results[viewer] = _trace_job(setup, events, viewer, judged[viewer], step, deadline)
            if isinstance(result, TimeLimitError):
                raise stopped(viewer, result)
    traces: dict[str | None, ViewTrace] = {}
    failures: list[LiteratureError] = []
    for viewer, result in results.items():
        if isinstance(result, ViewTrace):
            traces[viewer] = result
        else:
            failures.append(result)
    if failures:
        first = min(failures, key=lambda f: f.event or 0)
        event = first.event
        line = game.line_of(event) if event else None
        raise ImpossibleHistoryError(first.message, path=game.path, line=line, event=event)
    states = list(game.states())
    counts = {v: t.counts for v, t in traces.items()}
    bits = {p: _bits(counts[views[p]]) for p in setup.players}
    notes = _notes(setup, events, states, views, traces)
    players, teams = _summaries(setup, events, bits, notes)
    return Review(game, views, counts, bits, notes, players, teams)


def _trace_job(
    setup: Setup,
    events: Sequence[Event],
    viewer: str | None,
    judged: frozenset[int],
    progress: Callable[[], None] | None = None,
    deadline: Deadline | None = None,
) -> ViewTrace | LiteratureError:
    """One view's trace, or the error that stopped it: the first impossibility, or the time limit (runs in a
    worker process: an error is returned, located by its ``event``, rather than raised)."""
    states = [State(setup)]
    for event in events:
        state = states[-1].copy()
        state.apply(event)
        states.append(state)
    try:
        return trace_view(setup, events, viewer, judged.__contains__, states, progress, deadline)
    except LiteratureError as error:
        return error


def _bits(counts: Sequence[int]) -> list[float]:
    logs = [math.log2(c) for c in counts]
    return [max(0.0, a - b) for a, b in pairwise(logs)]


def _notes(
    setup: Setup,
    events: Sequence[Event],
    states: Sequence[State],
    views: dict[str, str | None],
    traces: dict[str | None, ViewTrace],
) -> list[Note]:
    final = states[-1]
    notes: list[Note] = []
    certain: dict[tuple[int, HalfSuit], Note] = {}  # the first note of a set certain for a team
    for i, event in enumerate(events, start=1):
        actor = actor_of(event)
        if actor is None:
            continue
        view = views[actor]
        trace = traces.get(view)
        found = trace.judged.get(i) if trace is not None else None
        if found is not None:
            notes.extend(_event_notes(setup, i, event, actor, view, found, final, certain, states[i]))
    return notes


def _event_notes(
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
                outcome = "cancelled" if result.status is SetStatus.CANCELLED else "lost"
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
                              outcome="hit" if event.hit else "miss"))
    if not isinstance(event, Claim):
        return notes
    if event.out_of_turn:
        notes.append(_out_of_turn_note(event, i, view, after, found.claim))
        return notes
    kept = certain.get((team, event.half_suit))
    if kept is not None:
        result = after.sets[event.half_suit]
        fate = "won" if result.team == team else "cancelled" if result.status is SetStatus.CANCELLED else "lost"
        notes.append(Note(NoteKind.KEPT_SET, actor, i, kept.view, half_suit=event.half_suit,
                          holders=kept.holders, outcome=fate, since=kept.event))
    if found.claim is not None and found.claim < 1:
        kind = NoteKind.RISKY_CLAIM if event.correct else NoteKind.WRONG_CLAIM
        outcome = "right" if event.correct else f"wrong ({_placement(event.actual)})"
        notes.append(Note(kind, actor, i, view, half_suit=event.half_suit, probability=found.claim,
                          outcome=outcome))
    return notes


def _out_of_turn_note(claim: Claim, i: int, view: str | None, after: State, chance: Fraction | None) -> Note:
    """The penalty of an out-of-turn claim and what it cost against the same claim made in turn."""
    setup = after.setup
    team = setup.team(claim.claimer)
    result = after.sets[claim.half_suit]
    if result.status is SetStatus.WON:
        shown = tuple(sorted((c, p) for c, p in claim.holders().items() if setup.team(p) != team))
        return Note(NoteKind.OUT_OF_TURN, claim.claimer, i, view, half_suit=claim.half_suit, holders=shown,
                    probability=chance, outcome="lost", cost=0)
    return Note(NoteKind.OUT_OF_TURN, claim.claimer, i, view, half_suit=claim.half_suit, holders=claim.actual,
                probability=chance, outcome="cancelled", cost=1 if claim.correct else 0)


def event_notes(setup: Setup, events: Sequence[Event], index: int, viewer: str) -> list[Note]:
    """The review's notes on ``viewer``'s own event ``index`` (1-based), from their side just before it.

    The same notes as :func:`review_game` gives that event, except that a set
    that could be claimed is a ``safe-claim`` (what became of it is not known yet).

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Cat
    ... hand Ann: 2D 3D 4D 5D 7D 9S JS KH
    ... Cat asks Bob for 3D: no
    ... Bob asks Ann for QS: no
    ... Ann asks Bob for 6D: no''')
    >>> [(n.kind.value, n.half_suit or n.card) for n in event_notes(game.setup, game.events, 3, "Ann")]
    [('safe-claim', HalfSuit.parse('LD')), ('wasted-ask', Card.parse('6D')), ('best-ask', Card.parse('6D'))]
    """
    history = History.build(setup, events[: index - 1], viewer)
    model = counting_model(history)
    total = count_total(model.problem) * model.plain_ways
    event = events[index - 1]
    actor = actor_of(event)
    if total == 0 or actor != viewer:
        return []
    found = judge(Knowledge(history, model, total), history, history.state, event, actor)
    after = history.state.copy()
    after.apply(event)
    return _event_notes(setup, index, event, actor, viewer, found, None, {}, after)


def _summaries(
    setup: Setup, events: Sequence[Event], bits: dict[str, list[float]], notes: Sequence[Note]
) -> tuple[dict[str, PlayerSummary], dict[int, PlayerSummary]]:
    players = {p: PlayerSummary() for p in setup.players}
    for i, event in enumerate(events):
        if not isinstance(event, Ask):
            continue
        mine = players[event.asker]
        mine.asks += 1
        mine.hits += event.hit
        mine.bits_gained += bits[event.asker][i]
        opponents = setup.members(3 - setup.team(event.asker))
        mine.bits_given_away += sum(bits[p][i] for p in opponents) / len(opponents)
    missed: dict[str, set[HalfSuit]] = {p: set() for p in setup.players}
    lost: dict[str, set[HalfSuit]] = {p: set() for p in setup.players}
    for note in notes:
        mine = players[note.player]
        if note.kind is NoteKind.SAFE_CLAIM and note.half_suit is not None:
            missed[note.player].add(note.half_suit)
        elif note.kind is NoteKind.LOST_CLAIM and note.half_suit is not None:
            missed[note.player].add(note.half_suit)
            lost[note.player].add(note.half_suit)
        elif note.kind is NoteKind.WASTED_ASK:
            mine.wasted_asks += 1
        elif note.kind is NoteKind.RISKY_CLAIM:
            mine.risky_claims += 1
        elif note.kind is NoteKind.WRONG_CLAIM:
            mine.wrong_claims += 1
        elif note.kind is NoteKind.BEST_ASK:
            mine.best_asks_missed += 1
        elif note.kind is NoteKind.OUT_OF_TURN:
            mine.out_of_turn_claims += 1
    for p in setup.players:
        players[p].safe_claims_missed = len(missed[p])
        players[p].lost_claims = len(lost[p])
    teams = {1: PlayerSummary(), 2: PlayerSummary()}
    for p, s in players.items():
        teams[setup.team(p)].add(s)
    return players, teams


def note_target(note: Note) -> Card | HalfSuit:
    """What explains a note: the set for claims, the best ask's card for a best-ask, else the card asked for."""
    if note.half_suit is not None:
        return note.half_suit
    if note.kind is NoteKind.BEST_ASK and note.best:
        return note.best[0][1]
    assert note.card is not None
    return note.card


def explain_note(review: Review, note: Note) -> Explanation:
    """The explainer's steps behind a note, from the note's view just before its event."""
    events = review.game.events[: note.event - 1]
    return explain(review.game.setup, events, note.view, note_target(note))


def explain_event(review: Review, event: int) -> list[tuple[Note, Explanation]]:
    """Every note of event ``event`` (1-based) with its explanation."""
    n = len(review.game.events)
    if not 1 <= event <= n:
        raise LiteratureError(f"--explain {event} is out of range: the game has {n} events (1 to {n})",
                              path=review.game.path)
    return [(note, explain_note(review, note)) for note in review.notes_of(event)]


def seat_notes(game: Game, seat: str, progress: Callable[[], None] | None = None) -> list[Note]:
    """The review's notes on ``seat``'s own moves only, from ``seat``'s view (one view replayed).

    Cheaper than :func:`review_game` when one player's moves are all that is wanted:

    >>> from trainer.game.notation import read_game
    >>> game = read_game(EXAMPLES / "review/wrong-claim.lit")
    >>> seat = game.events[-1].claimer
    >>> [n.kind.value for n in seat_notes(game, seat)] == [
    ...     n.kind.value for n in review_game(game).notes if n.player == seat]
    True
    """
    setup = game.setup.seen_by(seat)
    events = game.events
    judged = frozenset(i for i, e in enumerate(events, start=1) if actor_of(e) == seat)
    states = list(game.states())
    trace = trace_view(setup, events, seat, judged.__contains__, states, progress)
    views: dict[str, str | None] = {p: (seat if p == seat else None) for p in setup.players}
    return _notes(setup, events, states, views, {seat: trace})
