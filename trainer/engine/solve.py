"""What a history proves about every card, exactly, from one viewer's side.

    >>> from trainer.game.notation import read_game
    >>> k = solve_game(read_game(EXAMPLES / "six-diamonds.lit"), "Ann")
    >>> k.forced(Card.parse("6D")), sorted(k.claimable(1)[HalfSuit.parse("LD")].values())
    ('Cat', ['Ann', 'Ann', 'Ann', 'Ann', 'Ann', 'Cat'])
    >>> k.holders(Card.parse("9C"))["Bob"]
    Fraction(8, 39)
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import factorial

from trainer.engine.constraints import History
from trainer.engine.passes import Pass, count_total, full_pass
from trainer.engine.problem import DealCounts, Problem, SetProblem
from trainer.game.cards import Card, HalfSuit
from trainer.game.errors import ImpossibleHistoryError, LiteratureError
from trainer.game.events import Event
from trainer.game.notation import Game
from trainer.game.state import SetStatus, Setup, State


class Knowledge:
    """Everything the viewer can know after some events: exact counts per card and player.

    The number of deals is counted at once; the per-card counts are worked out
    the first time a question about a card is asked.
    """

    def __init__(self, history: History, model: Model, deals: int, passes: Pass | None = None):
        self.setup: Setup = history.setup
        self.viewer: str | None = history.viewer
        self.state: State = history.state
        self.deals: int = deals
        self._history = history
        self._model = model
        self._passes = passes

    @cached_property
    def _counts(self) -> dict[Card, dict[str, int]]:
        passes = self._passes if self._passes is not None else full_pass(self._model.problem)
        return _current(self._history, self._model, passes.counts())

    @property
    def events_applied(self) -> int:
        """How many events of the history were taken into account."""
        return len(self.state.events)

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        """The cards still in play, in canonical order."""
        return tuple(c for c in self.setup.variant.cards if self.state.in_play(c))

    def count(self, card: Card, player: str) -> int:
        """How many consistent deals put ``card`` with ``player`` now."""
        return self._counts.get(card, {}).get(player, 0)

    def holders(self, card: Card) -> dict[str, Fraction]:
        """The exact probability of each possible current holder of ``card``."""
        counts = self._counts[card]
        return {p: Fraction(counts[p], self.deals) for p in self.setup.players if counts.get(p)}

    def forced(self, card: Card) -> str | None:
        """The current holder of ``card`` when every consistent deal agrees on it."""
        possible = [p for p, n in self._counts[card].items() if n]
        return possible[0] if len(possible) == 1 else None

    def certain(self, player: str) -> frozenset[Card]:
        """The cards ``player`` certainly holds now."""
        return frozenset(c for c in self.cards if self.forced(c) == player)

    def claimable(self, team: int) -> dict[HalfSuit, dict[Card, str]]:
        """The sets in play whose six cards are all forced onto ``team``, with the holders."""
        members = set(self.setup.members(team))
        found: dict[HalfSuit, dict[Card, str]] = {}
        for half, result in self.state.sets.items():
            if result.status is not SetStatus.IN_PLAY:
                continue
            holders = {c: self.forced(c) for c in half.cards}
            if all(h is not None and h in members for h in holders.values()):
                found[half] = {c: h for c, h in holders.items() if h is not None}
        return found


    def claimable_for_viewer(self) -> dict[HalfSuit, dict[Card, str]]:
        """Sets the viewer's team can claim with certainty (the public view: either team)."""
        if self.viewer is not None:
            return self.claimable(self.setup.team(self.viewer))
        return self.claimable(1) | self.claimable(2)

    def as_json(self) -> dict[str, object]:
        """The JSON form used by ``literature solve --json`` (probabilities as floats).

        >>> from trainer.game.notation import read_game
        >>> data = solve_game(read_game(EXAMPLES / "six-diamonds.lit"), "Ann").as_json()
        >>> data["cards"]["6D"], data["claimable"]["LD"]["6D"], data["score"]
        ({'holders': {'Cat': 1.0}, 'forced': 'Cat'}, 'Cat', {'1': 0, '2': 0})
        """
        state = self.state
        return {
            "viewer": self.viewer,
            "events_applied": self.events_applied,
            "consistent_deals": str(self.deals),
            "hand_sizes": dict(state.sizes),
            "cards": {
                card.code: {
                    "holders": {p: float(f) for p, f in self.holders(card).items()},
                    "forced": self.forced(card),
                }
                for card in self.cards
            },
            "sets": {
                half.code: {"status": result.status.value, "team": result.team} for half, result in state.sets.items()
            },
            "score": {str(team): n for team, n in state.score.items()},
            "claimable": {
                half.code: {card.code: holder for card, holder in sorted(assignment.items())}
                for half, assignment in self.claimable_for_viewer().items()
            },
        }


def solve(setup: Setup, events: Sequence[Event], viewer: str | None) -> Knowledge:
    """The exact knowledge of ``viewer`` (``None``: the public) after ``events``.

    Raises :class:`ImpossibleHistoryError` naming the first event after which
    no deal fits (its ``event`` attribute is that event's 1-based index).
    """
    try:
        history = replayed(setup, events, viewer)
    except ImpossibleHistoryError as error:
        raise _earlier(setup, events, viewer, error) from None
    known = _counted(history)
    if known is None:
        raise NoDealError(events, _first_impossible(setup, events, viewer))
    return known


def knowing(history: History) -> Knowledge:
    """The exact knowledge a history's facts give (:func:`solve` counts them so after replaying the events; a
    caller that adds facts of its own, such as :mod:`trainer.play.signals`, counts them here).

    Raises :class:`ImpossibleHistoryError` when no deal meets the facts.

    >>> history = History.build(Setup.create("classic", "A B C D E F".split()), (), None)
    >>> knowing(history).deals == solve(history.setup, (), None).deals
    True
    """
    known = _counted(history)
    if known is None:
        raise ImpossibleHistoryError("no deal meets these facts")
    return known


def _counted(history: History) -> Knowledge | None:
    """The knowledge of ``history``'s facts, counted (``None``: no deal meets them)."""
    model = counting_model(history)
    passes = full_pass(model.problem)
    deals = passes.total * model.plain_ways
    return Knowledge(history, model, deals, passes) if deals else None


def _earlier(
    setup: Setup, events: Sequence[Event], viewer: str | None, error: ImpossibleHistoryError
) -> ImpossibleHistoryError:
    """``error`` (a fact no deal meets, at its event), unless the count finds no deal already before it."""
    before = (error.event or 1) - 1
    if count(setup, events[:before], viewer):
        return error
    return NoDealError(events, _first_impossible(setup, events[:before], viewer))


def default_viewer(setup: Setup, as_player: str | None, public: bool) -> str | None:
    """The viewer for a command: ``--as``, ``--public``, or the only listed hand.

    >>> setup = Setup.create("classic", "A B C D E F".split())
    >>> default_viewer(setup, None, False) is None
    True
    """
    if as_player is not None and public:
        raise LiteratureError("give --as PLAYER or --public, not both")
    if public:
        return None
    if as_player is not None:
        setup.seen_by(as_player)
        return as_player
    listed = [p for p in setup.players if p in setup.hands]
    if len(listed) > 1:
        raise LiteratureError(
            f"several hands are listed ({' '.join(listed)}): choose a viewer with --as PLAYER, or --public"
        )
    return listed[0] if listed else None


def solve_game(game: Game, viewer: str | None, at: int | None = None) -> Knowledge:
    """:func:`solve` on the first ``at`` events of a game, errors located in its file."""
    n = len(game.events) if at is None else at
    try:
        if not 0 <= n <= len(game.events):
            game.state(n)  # raises the same out-of-range error as ``show``
        return solve(game.setup, game.events[:n], viewer)
    except LiteratureError as error:
        line = game.line_of(error.event) if error.event else None
        raise error.located(game.path, line) from None


def count(setup: Setup, events: Sequence[Event], viewer: str | None) -> int:
    """Only the number of consistent deals (0 when the history is impossible)."""
    try:
        history = replayed(setup, events, viewer)
    except ImpossibleHistoryError:
        return 0
    return deals_of(history)


REPLAYS = 16  # the last histories kept (a table and viewer each) for :func:`replayed`

_replays: dict[tuple[object, ...], tuple[tuple[Event, ...], History]] = {}
_replays_lock = threading.Lock()


def replayed(setup: Setup, events: Sequence[Event], viewer: str | None) -> History:
    """``History.build(setup, events, viewer)``, taken on from the last history built for the same table
    and viewer when its events begin these (a review, a bot, the miner and the server solve a game's
    positions in order: only the events since the last are read). The histories kept are copies, and each
    is copied before it is taken on, so nothing a caller does to the history it gets reaches the next.

    >>> from trainer.game.notation import read_game
    >>> game = read_game(EXAMPLES / "six-diamonds.lit")
    >>> replayed(game.setup, game.events, "Ann").facts == History.build(game.setup, game.events, "Ann").facts
    True
    """
    view = setup.seen_by(viewer)
    key = (view.variant, view.players, view.dealer, tuple(sorted(view.hands.items())), viewer)
    events = tuple(events)
    with _replays_lock:  # the server solves in several threads
        kept = _replays.pop(key, None)
    if kept is not None and len(kept[0]) <= len(events) and events[: len(kept[0])] == kept[0]:
        history = kept[1].copy()
        for index in range(len(kept[0]) + 1, len(events) + 1):
            try:
                history.observe(events[index - 1], index)
            except LiteratureError as error:
                if error.event is None:
                    error.event = index
                raise
    else:
        history = History.replay(view, events, viewer)
    copy = history.copy()
    with _replays_lock:
        _replays[key] = (events, copy)
        while len(_replays) > REPLAYS:
            del _replays[next(iter(_replays))]
    return history


def deals_of(history: History) -> int:
    """The number of deals consistent with ``history`` (0 when none is).

    >>> deals_of(History.build(Setup.create("classic", "A B C D E F".split()), (), None)) > 10**30
    True
    """
    model = counting_model(history)
    return count_total(model.problem) * model.plain_ways


def _first_impossible(setup: Setup, events: Sequence[Event], viewer: str | None) -> int:
    """The smallest prefix length with no consistent deal (``events`` has none)."""
    return first_empty_prefix(History.build(setup, (), viewer), events, len(events))


CHECKPOINTS = 16  # histories kept per pass of :func:`first_empty_prefix`


def first_empty_prefix(start: History, events: Sequence[Event], hi: int) -> int:
    """The smallest ``k`` such that no deal fits ``start`` (a history before any event) taken on by ``events[:k]``,
    given that none fits ``events[:hi]``.

    A binary search (counts only shrink) over one replay: a pass replays the events between the bounds once,
    copying the history at :data:`CHECKPOINTS` evenly spaced events, searches among the copies, and the next
    pass goes on between the two that bound the answer. The events are replayed about once in all, and the
    counts are as many as a plain binary search makes (which, replaying every probe from the start, cost a
    long log its length times its logarithm: 18 replays of a 5 MB log).

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Cat
    ... Cat asks Dan for 2S: no
    ... Dan asks Cat for 2H: no
    ... Cat asks Dan for 2D: no
    ... Dan asks Cat for 3H: no
    ... Cat asks Dan for 2C: no
    ... Dan asks Cat for 4H: no
    ... Cat asks Dan for 9S: no
    ... Dan asks Cat for 5H: no
    ... Cat asks Dan for 9H: no
    ... Dan asks Cat for 6H: no
    ... Cat asks Dan for 9D: no
    ... Dan asks Cat for 7H: no
    ... Cat asks Dan for 9C: no''')
    >>> first_empty_prefix(History.build(game.setup, (), None), game.events, len(game.events))  # Dan asked
    12
    >>> str(game.events[11])  # for every low heart: none is his, yet he must hold one to ask
    'Dan asks Cat for 7H: no'
    """
    if not deals_of(start):
        return 0
    lo = 0  # a deal fits ``start`` taken on by ``events[:lo]``
    while hi - lo > 1:
        step = -(-(hi - lo) // CHECKPOINTS)
        marks = [(lo, start)]
        history = start.copy()
        for index in range(lo + 1, hi):
            try:
                history.observe(events[index - 1], index)
            except ImpossibleHistoryError:
                hi = index  # a fact no deal meets: no deal fits from here on
                break
            if (index - lo) % step == 0:
                marks.append((index, history.copy()))
        found, above = 0, len(marks)  # a deal fits marks[found]; none fits marks[above] (or hi)
        while above - found > 1:
            middle = (found + above) // 2
            if deals_of(marks[middle][1]):
                found = middle
            else:
                above = middle
        lo, start = marks[found]
        hi = marks[above][0] if above < len(marks) else hi
    return hi


class NoDealError(ImpossibleHistoryError):
    """No deal fits a history, though each event alone broke no rule: its facts and the hand sizes
    together leave none. ``first`` is the first event after which none is left (0: none fits the
    listed hands and hand sizes before any event), also its ``event`` (``None`` for 0), and
    ``after`` that event.

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game("variant: classic\\nplayers: A B C D E F\\nA asks B for 3D: no")
    >>> error = NoDealError(game.events, 1)
    >>> str(error), error.event, str(error.after)
    ('no deal of the cards fits the history after event 1 (A asks B for 3D: no)', 1, 'A asks B for 3D: no')
    >>> str(NoDealError((), 0)), NoDealError((), 0).event
    ('no deal fits the listed hands and hand sizes', None)
    """

    def __init__(self, events: Sequence[Event], first: int):
        self.first = first
        self.after = events[first - 1] if first else None
        if self.after is None:
            message = "no deal fits the listed hands and hand sizes"
        else:
            message = f"no deal of the cards fits the history after event {first} ({self.after})"
        super().__init__(message, event=first or None)


@dataclass(frozen=True)
class Model:
    """The counting problem for a history, and how its dimensions map back to players.

    Players about whom the history says nothing special (every unknown card
    may be theirs, no ask mentions them) are interchangeable; they share one
    dimension, ``plain``, and their cards are split among them at the end by
    one multinomial coefficient, ``plain_ways``.
    """

    problem: Problem
    plain: tuple[str, ...]
    plain_room: tuple[int, ...]
    plain_ways: int


def counting_model(history: History) -> Model:
    """Turn the history's constraints into the counting problem (review and the generator replay a
    history once and build it at each position).

    Before any event, nobody special: every unseen card is free, one merged dimension.

    >>> from trainer.game.state import Setup
    >>> setup = Setup.create("classic", "Ann Bob Cat Dan Eve Fay".split())
    >>> problem = counting_model(History.build(setup, (), None)).problem
    >>> problem.players, problem.free, problem.sets
    (('*',), 48, ())
    """
    setup = history.setup
    capacity = dict(setup.dealt_sizes)
    for player in history.pinned.values():
        capacity[player] -= 1
    names = tuple(p for p in setup.players if capacity[p] != 0)
    everyone = frozenset(names)
    by_set: dict[HalfSuit, list[tuple[str, tuple[Card, ...]]]] = {}
    for fact in history.holds_one_of:
        if any(history.pinned.get(c) == fact.player for c in fact.cards):
            continue
        open_cards = tuple(c for c in fact.cards if c not in history.pinned)
        by_set.setdefault(fact.half_suit, []).append((fact.player, open_cards))
    special: set[str] = set()
    local: list[tuple[list[Card], list[frozenset[str]], list[tuple[str, tuple[Card, ...]]]]] = []
    free = 0
    for half in setup.variant.half_suits:
        cards = [c for c in half.cards if c not in history.pinned]
        domains = [everyone - history.excluded.get(c, set()) for c in cards]
        facts = by_set.get(half, [])
        if not facts and all(d == everyone for d in domains):
            free += len(cards)
            continue
        if not cards:
            continue
        for domain in domains:
            special |= everyone - domain
        special |= {p for p, _ in facts}
        local.append((cards, domains, facts))
    plain = tuple(p for p in names if p not in special)
    if len(plain) < 2:
        plain = ()
    dims = tuple(p for p in names if p not in plain) + (("*",) if plain else ())
    index = {p: i for i, p in enumerate(dims)}
    for p in plain:
        index[p] = len(dims) - 1
    sets: list[SetProblem] = []
    for cards, domains, facts in local:
        position = {c: i for i, c in enumerate(cards)}
        holds = tuple(sorted({(index[p], tuple(position[c] for c in cs)) for p, cs in facts if p in index}))
        if any(p not in index for p, _ in facts):
            # a player with no room left cannot hold an unpinned card: impossible
            holds = ((-1, (0,)),)
        sets.append(
            SetProblem(
                tuple(c.code for c in cards),
                tuple(tuple(sorted({index[p] for p in d})) for d in domains),
                holds,
            )
        )
    room = tuple(capacity[p] for p in plain)
    capacities = tuple(capacity[p] for p in dims if p != "*") + ((sum(room),) if plain else ())
    if any(c < 0 for c in capacity.values()):
        capacities = (-1,) * len(dims)
    ways = factorial(sum(room))
    for r in room:
        ways //= factorial(r)
    return Model(Problem(dims, capacities, free, tuple(sets)), plain, room, ways)


def _current(history: History, model: Model, counts: DealCounts) -> dict[Card, dict[str, int]]:
    """Per card in play: the number of deals putting it with each player now."""
    state, dims = history.state, model.problem.players
    ways, plain, room = model.plain_ways, model.plain, model.plain_room
    shared = sum(room)
    total = counts.total * ways
    result: dict[Card, dict[str, int]] = {}
    for card in history.setup.variant.cards:
        if not state.in_play(card):
            continue
        if card in state.located:
            result[card] = {state.located[card]: total}
            continue
        if card in history.pinned:
            result[card] = {history.pinned[card]: total}
            continue
        row = counts.per_card.get(card.code, counts.free_per_player)
        holders: dict[str, int] = {}
        for d, n in enumerate(row):
            if not n:
                continue
            if dims[d] == "*":
                for p, r in zip(plain, room, strict=True):
                    if r:
                        holders[p] = n * ways * r // shared
            else:
                holders[dims[d]] = n * ways
        result[card] = holders
    return result
