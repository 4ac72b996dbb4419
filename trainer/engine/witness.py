"""Witnesses: deals that fit a history, drawn at random in proportion to how many there are.

Every consistent deal is equally likely (a fair shuffle, and nothing but the
rules read into the events), so drawing one *uniformly* among them makes
"how likely" and "an example" agree: over many draws each card is with each
player as often as :func:`trainer.engine.solve.solve`'s exact chances say.

The draw uses the exact counts, nothing rounded:

1. While the counting problem is large, each set's cards for the players it
   names are drawn first, by walking the factored pass backwards
   (:func:`trainer.engine.walk.named_cards`): what is left is the cards each
   set gave to "someone else", interchangeable now, a far smaller problem.
   Were that still too large, one card of the set with the most classes is
   drawn from its exact counts per player (a full pass of the engine,
   :func:`trainer.engine.passes.full_pass`) and taken out of its set, its
   holder's room one smaller (a "holds one of" fact it meets dropped), then
   the rest of that set's cards: the problem that is left counts exactly the
   deals that agree so far, and is smaller each time. The card's counts come
   from a factored pass with its set combined last, whose backward half stops
   after that one step (:meth:`~trainer.engine.factored.Factored.counts` with
   ``only``). Whether the plain pass may be small enough is bounded first,
   without running it.
2. Once the plain Python pass (:class:`trainer.engine.counting.Counter`)
   finishes within :data:`BUDGET` state-class pairs, or else the array pass
   (:class:`trainer.engine.sweep.Sweep`) within :data:`SWEEP_BUDGET`, its
   forward layers (the number of partial deals reaching each vector of "cards
   given to each player so far"; the sweep's rebuilt exactly from their
   residues) are walked backwards: the end state in proportion to its deals,
   then each set's class in proportion to (deals reaching the state before
   it) x (the class's solutions). Within the class, one of its solutions is
   taken uniformly; the free cards are shuffled into the room left, and the
   cards of interchangeable players shared among them the same way. The pass
   is kept for the next draws of the same problem.

    >>> import random
    >>> from trainer.game.notation import read_game
    >>> game = read_game(EXAMPLES / "six-diamonds.lit")
    >>> hands = draw(History.build(game.setup, game.events, "Ann"), random.Random(1))
    >>> [str(c) for c in hands["Ann"]][:6], Card.parse("6D") in hands["Cat"]
    (['9S', 'JS', 'KH', '2D', '3D', '4D'], True)
    >>> sorted(len(h) for h in hands.values())
    [8, 8, 8, 8, 8, 8]
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from trainer.engine.constraints import History
from trainer.engine.counting import Counter, OverBudget
from trainer.engine.factored import Factored
from trainer.engine.packing import PYTHON
from trainer.engine.passes import full_pass
from trainer.engine.problem import Problem, SetProblem, shape
from trainer.engine.residues import rebuild_all
from trainer.engine.solve import NoDealError, counting_model
from trainer.engine.sweep import Sweep, sweep_work
from trainer.engine.walk import named_cards
from trainer.game.cards import Card
from trainer.game.errors import ImpossibleHistoryError
from trainer.game.events import Event
from trainer.game.state import Setup, State

BUDGET = 20_000
"""State-class pairs up to which the plain Python pass is run and walked backwards (a hundredth of a
second)."""

SWEEP_BUDGET = 100_000
"""State-class pairs up to which the array pass (:class:`~trainer.engine.sweep.Sweep`) is run and walked
backwards instead (a few milliseconds; it is tried where its bound, :func:`~trainer.engine.sweep.sweep_work`,
is at most :data:`GUARD` times this); a larger problem has its named cards drawn from the factored pass
first (10 to 60 ms), then cards taken out one at a time (3 to 5 ms each once the named cards are out).
Over every position of ``benchmarks/witness.py``'s games (5,174), one witness each: 4 million pairs gave
p99 73 ms and worst 212 ms, 1 million 40 and 151, 300,000 37 and 85, 100,000 32 and 81."""

NAMED = True
"""Whether a problem too large to walk backwards has each set's cards for the players it names drawn
first, from one factored pass walked backwards (:func:`~trainer.engine.walk.named_cards`), before any
card is taken out one at a time (off only to test that way on its own)."""

GUARD = 4
"""How far above :data:`SWEEP_BUDGET` the sweep's bound may be for the sweep to be tried (the bound is 2 to 6
times the pairs it tries)."""

Hands = dict[str, tuple[Card, ...]]
"""Every player's hand as dealt, in the variant's card order."""


def draw(history: History, rng: random.Random) -> Hands:
    """One deal that fits ``history``, each consistent deal equally likely.

    Raises :class:`~trainer.engine.solve.NoDealError` (``first`` 0: the caller knows which event) when
    none fits.
    """
    model = counting_model(history)
    problem = model.problem
    solved, chosen, rest, holder, anyone = _classes(problem, rng)  # holder: card code -> dimension, so far
    n = len(problem.players)
    by_cards = {s.cards: s for s in solved.sets}
    for cards, vector in chosen:
        holder.update(_one_solution(by_cards[cards], PYTHON.pack(vector), n, rng))
    constrained = {code for s in problem.sets for code in s.cards}
    free = [c for c in history.setup.variant.cards if c not in history.pinned and c.code not in constrained]
    free += [Card.parse(code) for code in anyone]
    rng.shuffle(free)
    for d, room in enumerate(rest):
        for card in free[:room]:
            holder[card.code] = d
        free = free[room:]
    hands: dict[str, list[Card]] = {p: [] for p in history.setup.players}
    for card, player in history.pinned.items():
        hands[player].append(card)
    shared: list[Card] = []
    for code, d in holder.items():
        name = problem.players[d]
        if name == "*":
            shared.append(Card.parse(code))
        else:
            hands[name].append(Card.parse(code))
    rng.shuffle(shared)
    for player, room in zip(model.plain, model.plain_room, strict=True):
        hands[player].extend(shared[:room])
        shared = shared[room:]
    order = {c: i for i, c in enumerate(history.setup.variant.cards)}
    return {p: tuple(sorted(h, key=order.__getitem__)) for p, h in hands.items()}


Choice = list[tuple[tuple[str, ...], tuple[int, ...]]]
"""Per constrained set (its cards), the class drawn: how many of its cards each dimension got."""


def _classes(problem: Problem, rng: random.Random) -> tuple[Problem, Choice, list[int], dict[str, int], list[str]]:
    """The problem once small enough to walk backwards (each set's cards for the players it names
    drawn first, then cards drawn and taken out until it is), one class per set drawn from it, the
    room each dimension has left for the free cards, the cards taken out with their holders, and
    the cards that joined the free ones."""
    pinning: int | None = None  # the set whose cards are being pinned: finish it first
    pinned: dict[str, int] = {}
    anyone: list[str] = []
    walked = False
    while True:
        walkable = _walkable(problem)
        if walkable is None and NAMED and not walked:
            problem, pinned, anyone = named_cards(problem, rng)
            walked = True
            continue
        if walkable is None:
            problem, pinning, card, d = _pin_one(problem, rng, pinning)
            pinned[card] = d
            continue
        if walkable.total == 0:
            raise NoDealError((), 0)
        if isinstance(walkable, Counter):
            return (problem, *_walk_counter(walkable, rng), pinned, anyone)
        return (problem, *_walk_sweep(walkable, rng), pinned, anyone)


@lru_cache(maxsize=8)
def _walkable(problem: Problem) -> Counter | Sweep | None:
    """The plain pass over ``problem`` within :data:`BUDGET`, else the array pass within
    :data:`SWEEP_BUDGET`, else ``None`` (a card is to be pinned first). Kept for the next draws."""
    settled = not problem.sets  # nothing left to pin
    if settled or _counter_work(problem) <= BUDGET:
        try:
            return Counter(problem, budget=None if settled else BUDGET)
        except OverBudget:
            pass
    if sweep_work(problem) > GUARD * SWEEP_BUDGET:
        return None
    sweep = Sweep(problem, budget=SWEEP_BUDGET)
    return sweep if sweep.finished else None


def _counter_work(problem: Problem) -> int:
    """An upper bound on the plain pass's state-class pairs, without solving a large set (as
    :func:`~trainer.engine.passes.full_pass` bounds it): each layer holds at most the product of the
    class counts before it (:func:`~trainer.engine.problem.shape`), the smallest tables first."""
    work, states = 0, 1
    for classes in sorted(shape(s, len(problem.players)).classes for s in problem.sets):
        work += states * classes
        states *= classes
        if work > BUDGET:
            break
    return work


def _walk_counter(counter: Counter, rng: random.Random) -> tuple[Choice, list[int]]:
    """The plain pass's layers walked backwards: the end state, then each set's class, by exact weights."""
    n = counter.n
    chosen: Choice = []
    u = _weighted(rng, [(key, counter.layers[-1][key] * ways) for key, ways in counter.end.items()])
    rest = list(counter.remaining(u))
    for k in range(len(counter.tables) - 1, -1, -1):
        table, before = counter.tables[k], counter.layers[k]
        have = PYTHON.unpack(u, n)
        options = []
        for key, solutions, _ in table.classes:
            give = PYTHON.unpack(key, n)
            if all(g <= h for g, h in zip(give, have, strict=True)):
                weight = before.get(u - key, 0) * solutions
                if weight:
                    options.append((key, weight))
        key = _weighted(rng, options)
        chosen.append((table.cards, PYTHON.unpack(key, n)))
        u -= key
    return chosen, rest


def _walk_sweep(sweep: Sweep, rng: random.Random) -> tuple[Choice, list[int]]:
    """The array pass's layers walked backwards; each weight rebuilt exactly from its residues."""
    primes, moduli = sweep.primes, sweep.moduli
    last = sweep.layers[-1]
    exact = rebuild_all((last.values * sweep.end % moduli).T[None, :, :], primes)[0]
    at = _weighted(rng, list(enumerate(exact)))
    digits = sweep._digits(last.keys[at : at + 1])[0]
    rest = [int(x) for x in np.asarray(sweep.problem.capacity) - digits]
    chosen: Choice = []
    for k in range(len(sweep.tables) - 1, -1, -1):
        table, before = sweep.tables[k], sweep.layers[k]
        sweep.index[before.grid] = np.arange(len(before.grid))
        earlier = digits[None, :] - table.digits
        fits = (earlier >= 0).all(axis=1)
        grid = earlier @ sweep.strides
        spot = np.where(fits, sweep.index[np.where(fits, grid, 0)], 0)
        fits &= before.grid[spot] == grid
        classes = np.flatnonzero(fits)
        weights = rebuild_all(before.values[:, spot[classes]].T[None, :, :], primes)[0]
        pick = _weighted(rng, [(int(c), w * int(table.solutions[c])) for c, w in zip(classes, weights, strict=True)])
        chosen.append((table.cards, tuple(int(x) for x in table.digits[pick])))
        digits = earlier[pick]
    return chosen, rest


def _pin_one(problem: Problem, rng: random.Random, pinning: int | None = None) -> tuple[Problem, int, str, int]:
    """``problem`` with one card drawn from the exact counts and taken out, its holder's room one
    smaller (the deals left are exactly those that agree): a card of the set ``pinning`` while it
    has one left, else of the widest set; the set it was taken from (``-1``: its last card, the set
    gone), the card and its holder (a dimension).

    >>> from trainer.engine.problem import SetProblem
    >>> x = SetProblem(("X1", "X2"), ((0, 1), (0,)), ((1, (0, 1)),))  # B holds X1 or X2: X1, since X2 is A's
    >>> left, at, card, d = _pin_one(Problem(("A", "B"), (1, 1), 0, (x,)), random.Random(0))
    >>> (card, d), left.capacity, left.sets[0]
    (('X1', 1), (1, 0), SetProblem(cards=('X2',), domains=((0,),), holds_one_of=()))
    """
    n = len(problem.players)
    open_sets = [i for i, s in enumerate(problem.sets) if s.cards]
    widest = pinning if pinning in open_sets else max(open_sets, key=lambda i: shape(problem.sets[i], n).classes)
    chosen = problem.sets[widest]
    position = max(range(len(chosen.cards)), key=lambda i: len(chosen.domains[i]))
    counted = full_pass(problem, final=chosen.cards)  # the factored pass: that set last, one backward step
    counts = counted.counts(chosen.cards) if isinstance(counted, Factored) else counted.counts()
    if counts.total == 0:
        raise NoDealError((), 0)
    d = _weighted(rng, list(enumerate(counts.per_card[chosen.cards[position]])))
    facts = []
    for player, positions in chosen.holds_one_of:
        if player == d and position in positions:
            continue  # the card pinned is the one the fact wants
        facts.append((player, tuple(i - (i > position) for i in positions if i != position)))
    cards = chosen.cards[:position] + chosen.cards[position + 1 :]
    domains = chosen.domains[:position] + chosen.domains[position + 1 :]
    sets = list(problem.sets)
    capacity = list(problem.capacity)
    capacity[d] -= 1
    if cards:
        sets[widest] = SetProblem(cards, domains, tuple(facts))
    else:
        del sets[widest]
        widest = -1
    return replace(problem, capacity=tuple(capacity), sets=tuple(sets)), widest, chosen.cards[position], d


def _one_solution(problem: SetProblem, key: int, n: int, rng: random.Random) -> dict[str, int]:
    """One of the solutions of a set's problem in the class ``key`` (a packed vector), each equally likely."""
    holders, keys = _solutions(problem)
    rows = holders[keys == key]
    row = rows[rng.randrange(len(rows))].tolist()
    return dict(zip(problem.cards, row, strict=True))


@lru_cache(maxsize=256)
def _solutions(problem: SetProblem) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Every solution of a set's problem (one row of holders each) and its class, packed."""
    axes = [np.asarray(d, dtype=np.int64) for d in problem.domains]
    holders = np.stack([a.ravel() for a in np.meshgrid(*axes, indexing="ij")], axis=1)
    for player, positions in problem.holds_one_of:
        holders = holders[(holders[:, list(positions)] == player).any(axis=1)]
    keys = (np.int64(1) << (PYTHON.bits * holders)).sum(axis=1)
    return holders, keys


def _weighted(rng: random.Random, options: Sequence[tuple[int, int]]) -> int:
    """One of the options ``(value, weight)``, chosen with probability weight / total (whole numbers)."""
    total = sum(w for _, w in options)
    pick = rng.randrange(total)
    for value, weight in options:
        if pick < weight:
            return value
        pick -= weight
    raise AssertionError("unreachable: the weights add up to the total")


def with_holders(history: History, where: Mapping[Card, str]) -> History:
    """A copy of ``history`` keeping only the deals in which each card of ``where`` is now with the
    player given for it. Raises :class:`ImpossibleHistoryError` when a fact already rules that out
    (a card seen elsewhere, claimed, or dealt to someone else).

    >>> from trainer.game.notation import read_game
    >>> from trainer.engine.solve import deals_of
    >>> game = read_game(EXAMPLES / "six-diamonds.lit")
    >>> history = History.build(game.setup, game.events, "Ann")
    >>> deals_of(with_holders(history, {Card.parse("9C"): "Bob"})) * 39 == deals_of(history) * 8
    True
    """
    kept = history.copy()
    state = kept.state
    for card, player in where.items():
        if not state.in_play(card):
            raise ImpossibleHistoryError(f"{card} is out of play: its set has been claimed")
        now = state.located.get(card)
        if now is not None:
            if now != player:
                raise ImpossibleHistoryError(f"{card} is with {now}: everyone saw it move there")
            continue
        kept.pin(card, player, len(state.events))
    return kept


def draws(history: History, count: int, seed: int | None = None) -> list[Hands]:
    """``count`` deals drawn independently (:func:`draw`), from ``seed`` (``None``: unpredictable).

    >>> from trainer.game.notation import read_game
    >>> game = read_game(EXAMPLES / "six-diamonds.lit")
    >>> first, second = draws(History.build(game.setup, game.events, None), 2, seed=3)
    >>> first == draws(History.build(game.setup, game.events, None), 1, seed=3)[0], first == second
    (True, False)
    """
    rng = random.Random(seed)
    return [draw(history, rng) for _ in range(count)]


def as_dealt(setup: Setup, hands: Mapping[str, Sequence[Card]]) -> Setup:
    """The table with every hand listed as dealt (a witness written as a complete log: its events
    replay on it, and ``literature check`` accepts it)."""
    return Setup.create(setup.variant, setup.players, setup.dealer, {p: tuple(h) for p, h in hands.items()})


def table_now(setup: Setup, events: Sequence[Event], hands: Mapping[str, Sequence[Card]]) -> Hands:
    """The hands of a witness as they are at the table after ``events`` (the game replayed on it).

    >>> from trainer.game.notation import read_game
    >>> game = read_game(EXAMPLES / "six-diamonds.lit")
    >>> dealt = draws(History.build(game.setup, game.events, "Ann"), 1, seed=2)[0]
    >>> table_now(game.setup, game.events, dealt) == dealt  # a miss moves no card
    True
    """
    state = State(as_dealt(setup, hands))
    for event in events:
        state.apply(event)
    order = {c: i for i, c in enumerate(setup.variant.cards)}
    return {p: tuple(sorted(state.hands[p], key=order.__getitem__)) for p in setup.players}


__all__ = ["BUDGET", "Hands", "ImpossibleHistoryError", "as_dealt", "draw", "draws", "table_now", "with_holders"]
