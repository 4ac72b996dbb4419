"""The counting pass over each set's special players only, the others' cards folded into the free cards.

A set's facts name few players: those missing from some card's domain or named
by a "holds one of" fact are its **special** players ``S``; every card may go to
any of the others, ``O``. So the set's generating polynomial (a monomial
``x_p`` per card given to player ``p``) is a sum over assignments of its cards
to ``S`` or "someone else", ``*``::

    T(x) = sum over assignments a of  x^s(a) * (sum of x_p over O) ^ m(a)

with ``s(a)`` the cards each special player got and ``m(a)`` the cards given to
``*``. Writing ``sum over O = sum over everyone - sum over S`` and expanding
(inclusion-exclusion) leaves terms ``c * x^v * (sum over everyone)^J``, where
``v`` is a vector over ``S`` only and ``J = cards - |v|``; the coefficients
``c`` may be negative. Every ``(sum over everyone)`` factor joins the free
cards, and a deal's count is the coefficient of ``x^capacity`` in the product
of the tables and ``(sum over everyone)^free``:

    sum over one class per set of  prod c * N! / prod_p (capacity_p - U_p)!

with ``U`` the sum of the chosen vectors and ``N = sum of capacities - |U|``.
That product over players is **separable**: a player's factor
``1 / (capacity_p - U_p)!`` is known as soon as the last set that treats them
specially is combined, so the state keeps a player's count only between their
first and their last special set, plus one number, ``G = |U|``, for ``N``.
States are few (the players active at once, not all of them), and classes are
vectors over ``S`` (15 to 200, not the 786 ways six cards fall among eight
players).

A set whose expansion is one term, ``c * x^v * (sum over everyone)^J`` (four cards that
four players hold one each), is not combined at all: it lowers the capacities by ``v``,
adds ``J`` free cards and multiplies every count by ``c``.

Per card and player, the counts come from the same pairs: a special player's
from the table's cells, another player's from the table with the card given to
``*`` and an ``x_p`` factor, which only shifts ``N`` by one and multiplies the
player's final factor by ``capacity_p - U_p`` (a few extra rows, *channels*, of
the forward and backward layers).

Arithmetic is modulo a few primes below 2^50 (:mod:`trainer.engine.residues`):
inverse factorials and negative coefficients are fine there, and the final
counts, exact non-negative integers below the product of the primes, are
rebuilt by the Chinese remainder theorem. Nothing is rounded.

The expanded tables are made in :mod:`trainer.engine.expansion`, and combined
in the order :mod:`trainer.engine.plan` finds.

    >>> from trainer.engine.problem import Problem, SetProblem
    >>> f = Factored(Problem(("A", "B"), (2, 2), 2, (SetProblem(("X1", "X2"), ((0,), (0, 1)), ()),)))
    >>> f.total, f.counts().per_card
    (3, {'X1': (3, 0), 'X2': (1, 2)})
"""

from __future__ import annotations

from dataclasses import dataclass
from math import factorial, prod

import numpy as np
import numpy.typing as npt

from trainer.engine import compiled
from trainer.engine.expansion import Expanded, expanded, least, placements
from trainer.engine.packing import NUMPY
from trainer.engine.plan import plan
from trainer.engine.problem import DealCounts, Problem
from trainer.engine.residues import WIDE, factorials, primes_for, rebuild, rebuild_all

Array = npt.NDArray[np.int64]
Index = npt.NDArray[np.int32]

BITS, HALF, FIELD = NUMPY.bits, NUMPY.half, NUMPY.field  # keys are int64 arrays (:mod:`trainer.engine.packing`)
BOX = 1 << 22  # the most cells of a box in which a step finds its targets by place (16 MB)


@dataclass
class _Step:
    """One set combined: the pairs (state, class) within capacity and their target states, and for
    each player retiring at the step, their room (capacity minus their count) at each pair's target.

    The rooms of a pair are one of a few combinations (``combos[j]`` names it): per prime, combination
    and class, ``weights`` is the class's coefficient times ``1 / room!`` for each retiring player and
    ``factors`` the same without the coefficient, made once a step instead of once a pair.
    """

    table: Expanded
    retiring: tuple[int, ...]
    states: Index  # indices and rooms in 32 bits: the steps stream them once per pass and prime
    classes: Index
    targets: Index
    size: int  # the states after the step
    rooms: Index  # a row per retiring player, a column per pair
    combos: Index
    weights: Array  # (class, combination, prime)
    factors: Array  # (combination, prime)


@dataclass
class _Sums:
    """What one backward step sums: ``wanted``, pairs of a forward and a backward channel (the
    counts themselves, then those of the players the set does not name, grouped by the channels
    they read), ``source[p]`` the pair player ``p`` reads, ``derived`` the group left out (their
    counts are the total less everyone else's), the labels of the backward channels of the layer
    before the step, and ``live``, a bit for each of those that some earlier step reads."""

    wanted: list[tuple[int, int]]
    source: dict[int, int]
    derived: tuple[int, ...]
    labels: list[int]
    live: int


class Factored:
    """The forward pass runs at once and gives :attr:`total`; :meth:`counts` runs the backward pass.

    The same numbers as :class:`~trainer.engine.counting.Counter`, exactly.
    """

    def __init__(
        self, problem: Problem, per_card: bool = True, final: tuple[str, ...] | None = None, every: bool = False
    ):
        self.problem = problem
        self.per_card = per_card
        n = self.n = len(problem.players)
        self.total = 0
        self._counts: DealCounts | None = None
        self.steps: list[_Step] = []
        self.pairs = 0  # state-class pairs the forward pass combined
        self.fixed: list[Expanded] = []  # the sets of one class, folded into the capacities
        self.scale = 1  # the product of their coefficients
        if any(c < 0 for c in problem.capacity):
            return
        if any(c >= HALF - 6 for c in problem.capacity) or sum(problem.capacity) >= HALF:
            raise ValueError(f"capacities up to {HALF - 7} (all together below {HALF}) fit a packed field")
        tables = [expanded(s, n, every) for s in problem.sets]
        if not all(t.possible for t in tables):
            return
        dealt = sum(len(t.cards) for t in tables) + problem.free
        if dealt != sum(problem.capacity):
            return
        self.inner = inner = self._fold(tables)
        if any(c < 0 for c in inner.capacity):
            return
        capacity = inner.capacity
        at = [i for i, s in enumerate(inner.sets) if s.cards == final]  # a set of one class is folded: anywhere
        self.tables, self.work = plan(inner, at[0] if at else None, every)
        # no count exceeds the ways to deal the unknown cards into the hands, nor those to place each
        # set's cards and the free ones with no thought of hand sizes (a set's table at x = 1)
        hands = factorial(sum(capacity)) // prod(factorial(c) for c in capacity)
        placed = n**inner.free * prod(placements(t, n) for t in self.tables)
        self.primes = primes_for(min(hands, placed), WIDE)
        self.moduli = np.array(self.primes, dtype=np.int64)[:, None]
        self.fact = np.array([factorials(p, HALF)[0] for p in self.primes], dtype=np.int64)
        self.inverse = np.array([factorials(p, HALF)[1] for p in self.primes], dtype=np.int64)
        self._kernels = compiled.load()  # built ahead of time, or numba's (half a second to load, once)
        last = {p: k for k, t in enumerate(self.tables) for p in t.special}
        self.first = {p: k for k, t in reversed(list(enumerate(self.tables))) for p in t.special}
        self.last = last
        self.never = tuple(p for p in range(n) if p not in last)
        self.limits = self._limits()
        self.high = NUMPY.pack([HALF] * (n + 1))
        self.retiring = [tuple(p for p in t.special if last[p] == k) for k, t in enumerate(self.tables)]
        # the forward channels' labels: a channel per player retired so far, and those some step reads
        self.ahead = [[-1]]
        for retiring in self.retiring:
            self.ahead.append([*self.ahead[-1], *retiring])
        self.sums = self._sums(self.ahead)
        self.alive = self._alive()
        # forward layers: packed keys (a field per player, then G) and the counts' residues; with the
        # per-card counts, each layer's channels too (channel 0 the counts), made by the same pass
        keys = np.zeros(1, np.int64)
        values = np.ones((1, len(self.primes)), np.int64)  # a row per state, a column per prime
        self.layers: list[tuple[Array, Array]] = [(keys, values)]
        self.channels: list[tuple[list[int], Array]] = [([-1], values[:, :, None])]
        for k, table in enumerate(self.tables):
            keys, values = self._forward(k, keys, values, table)
            if len(keys) == 0:
                return
        grand = self._end(keys, 0)
        self.counted = self._rebuild(self._kernels.dot(np.ascontiguousarray(values.T), grand, self.moduli[:, 0]))
        self.total = self.scale * self.counted

    def _limits(self) -> list[list[int]]:
        """Per layer, the most each player's field and ``G`` may hold there: their capacity (all the
        capacities for ``G``) less the least every set still to combine gives them (its least class).
        A state past them has no completion, so no count anywhere reads it: early on, half the states
        and pairs, all of them exactly zero (the sets a player asked about give them a card each).

        >>> from trainer.engine.problem import SetProblem
        >>> x = SetProblem(("X1", "X2"), ((0, 1), (0, 1)), ((1, (0, 1)),))  # B holds X1 or X2
        >>> f = Factored(Problem(("A", "B", "C"), (2, 2, 2), 4, (x,)))
        >>> f.limits  # before X: B at most 1, G at most 5; after it, the capacities
        [[2, 1, 2, 5], [2, 2, 2, 6]]
        """
        capacity = self.inner.capacity
        limits = [[*capacity, sum(capacity)]]
        for table in reversed(self.tables):
            lower = np.array(limits[0]) - least(table, self.n)
            limits.insert(0, np.maximum(lower, -1).tolist())  # -1: no state at all (its field test always fails)
        return limits

    def _fold(self, tables: list[Expanded]) -> Problem:
        """The problem left once every set of one class (a vector ``v`` over its special players and
        ``J`` cards for anyone, such as four cards that four players hold one each) is taken out: its
        ``x^v (sum over everyone)^J`` only lowers the capacities by ``v`` and adds ``J`` free cards,
        and its coefficient multiplies every count (:attr:`scale`). Such a set no longer makes its
        players active: fewer states."""
        capacity, free, sets = list(self.problem.capacity), self.problem.free, []
        for problem, table in zip(self.problem.sets, tables, strict=True):
            if len(table.coef) > 1:
                sets.append(problem)
                continue
            self.fixed.append(table)
            self.scale *= int(table.coef[0])
            for p, v in zip(table.special, table.vectors[0].tolist(), strict=True):
                capacity[p] -= v
            free += len(table.cards) - int(table.vectors[0].sum())
        return Problem(self.problem.players, tuple(capacity), free, tuple(sets))

    def _class_keys(self, table: Expanded) -> Array:
        """The classes packed as states are: a field per special player, and their sum in the field of G."""
        shifts = np.array([1 << (BITS * p) for p in table.special], dtype=np.int64)
        keys: Array = table.vectors @ shifts + (table.vectors.sum(axis=1) << (BITS * self.n))
        return keys

    def _forward(self, k: int, keys: Array, values: Array, table: Expanded) -> tuple[Array, Array]:
        """Combine one more set: the states after it and their counts (the pairs are kept in :attr:`steps`;
        with :attr:`per_card`, the layer's channels in :attr:`channels`)."""
        retiring = self.retiring[k]
        shifts = np.array([BITS * p for p in retiring], np.int64)
        capacity = np.array([self.inner.capacity[p] for p in retiring], np.int64)
        mask = ~sum(FIELD << (BITS * p) for p in retiring)
        states, classes, targets, rooms, unique = self._kernels.pairs(
            keys, self._class_keys(table), NUMPY.pack([HALF - 1 - c for c in self.limits[k + 1]]), self.high, shifts,
            capacity, mask, self.n + 1, BOX,
        )
        combos, factors = self._combinations(rooms, capacity)
        coef = np.ascontiguousarray(np.repeat(table.coef[None, :, None] % self.moduli[:, :, None], factors.shape[1], 2))
        spread = np.ascontiguousarray(np.repeat(factors[:, None, :], len(table.coef), 1))
        weights = self._kernels.products(
            coef.reshape(len(self.primes), -1), spread.reshape(len(self.primes), -1), self.moduli[:, 0]
        ).reshape(coef.shape)
        weights, factors = np.ascontiguousarray(weights.transpose(1, 2, 0)), np.ascontiguousarray(factors.T)
        step = _Step(table, retiring, states, classes, targets, len(unique), rooms, combos, weights, factors)
        self.steps.append(step)
        self.pairs += len(states)
        if not self.per_card:
            after = self._combine(values[:, :, None], [0], step, False, self.moduli)[:, :, 0]
            self.layers.append((unique, after))
            return unique, after
        labels, before = self.channels[-1]
        channels, made = self._channels(k, step, unique, labels, before)
        self.layers.append((unique, channels[:, :, 0]))
        self.channels.append((made, channels))
        return unique, channels[:, :, 0]

    def _combinations(self, rooms: Index, capacity: Array) -> tuple[Index, Array]:
        """Each pair's combination of rooms (:func:`~trainer.engine.kernels.combinations`), and per
        prime and combination the product of ``1 / room!`` over the retiring players."""
        combos, distinct = self._kernels.combinations(rooms, capacity)
        factors = np.ones((len(self.primes), len(distinct)), np.int64)
        for e in range(len(rooms)):
            inverse = np.ascontiguousarray(self.inverse[:, distinct[:, e]])
            factors = self._kernels.products(factors, inverse, self.moduli[:, 0])
        return combos, factors

    def _combine(
        self, values: Array, chosen: list[int], step: _Step, channels: bool, moduli: Array,
        rooms: Index | None = None, spare: int = 0,
    ) -> Array:  # fmt: skip
        """One step forward (:func:`~trainer.engine.kernels.combine`) of the ``chosen`` channels of
        ``values``; with ``channels``, a new channel per row of ``rooms`` (default: one per player
        retiring at the step); and ``spare`` channels at zero."""
        r = len(moduli)
        combined: Array = self._kernels.combine(
            values, np.array(chosen, np.int64), step.states, step.classes, step.targets, step.combos,
            *self._tables(step, r), np.ascontiguousarray(step.rooms if rooms is None else rooms), channels,
            step.size, spare, moduli[:, 0],
        )  # fmt: skip
        return combined

    @staticmethod
    def _tables(step: _Step, r: int) -> tuple[Array, Array]:
        """A step's weights and factors for the first ``r`` primes."""
        if r == step.factors.shape[1]:
            return step.weights, step.factors
        return np.ascontiguousarray(step.weights[:, :, :r]), np.ascontiguousarray(step.factors[:, :r])

    def _channels(self, k: int, step: _Step, keys: Array, labels: list[int], before: Array) -> tuple[Array, list[int]]:
        """Step ``k`` forward (to the states ``keys``) with the channels: the counts (channel ``-1``)
        and, for each player retired so far whose channel some later step reads (:attr:`alive`), the
        same with their final factor times their room (channel ``p``), without the channels no later
        step reads; an array (state, prime, channel) and its channels' labels. The count's product by
        a pair's weight is made once for the count and the new channels.

        The retired players' rooms add up to a number each state fixes (their capacities less the cards
        they got, ``G`` less the active players' fields), so their channels add up to the count times
        it: where every retired player's channel is kept, one of them is that less the others, state by
        state, instead of a sum over the pairs."""
        live = self.alive[k + 1]
        retired = self.ahead[k + 1][1:]
        old = [label for label in labels[1:] if label in live]
        derived = old[-1] if old and all(p in live for p in retired) else None
        kept = [c for c, label in enumerate(labels) if c == 0 or (label in live and label != derived)]
        new = [e for e, p in enumerate(step.retiring) if p in live]
        spare = derived is not None
        rooms = step.rooms if len(new) == len(step.retiring) else step.rooms[new]  # no copy of them all
        after = self._combine(before, kept, step, True, self.moduli, rooms, spare)
        made = [labels[c] for c in kept] + [step.retiring[e] for e in new]
        if derived is not None:  # into the spare channel
            after[:, :, -1] = self._rest(keys, after[:, :, :-1], retired)
            made.append(derived)
        return after, made

    def _alive(self) -> list[list[int]]:
        """Per layer, the retired players whose forward channel some later step reads (all of them at
        the end when there are free cards: their counts need it)."""
        alive: list[list[int]] = [[] for _ in self.ahead]
        read = set(self.ahead[-1]) if self.inner.free else set()
        for k in range(len(self.ahead) - 1, -1, -1):
            alive[k] = [p for p in self.ahead[k] if p in read]
            if k > 0:
                read |= {self.ahead[k - 1][q] for q, _ in self.sums[k - 1].wanted}
        return alive

    def _rest(self, keys: Array, channels: Array, retired: list[int]) -> Array:
        """At the states ``keys``, the count times the retired players' rooms in all, less their channels
        given in ``channels`` (after channel 0): the one retired player's channel left out."""
        rooms = np.full(len(keys), sum(self.inner.capacity[p] for p in retired), np.int64)
        rooms -= (keys >> (BITS * self.n)) & FIELD  # G: every card the named players got
        for p in range(self.n):
            rooms += (keys >> (BITS * p)) & FIELD  # less the active players' cards
        moduli = self.moduli[:, 0]
        rest: Array = channels[:, :, 0] * rooms[:, None] % moduli  # below 2^50 times 2^6
        for c in range(1, channels.shape[2]):
            rest = (rest - channels[:, :, c]) % moduli
        return rest

    def _end(self, keys: Array, less: int) -> Array:
        """Residues of ``N! / prod (never-special capacity)!`` at the end states, ``N`` lowered by ``less``."""
        dealt = sum(self.inner.capacity) - ((keys >> (BITS * self.n)) & FIELD) - less
        ways = np.ascontiguousarray(np.where(dealt >= 0, self.fact[:, np.maximum(dealt, 0)], 0))
        for p in self.never:
            factor = np.repeat(self.inverse[:, self.inner.capacity[p]][:, None], ways.shape[1], axis=1)
            ways = self._kernels.products(ways, factor, self.moduli[:, 0])
        return ways

    def completions(self) -> Array:
        """Per state of the last layer (rows) and prime, the residues of the ways to complete it: the
        free cards dealt into the room left (what a walk backwards starts from)."""
        keys, _ = self.layers[-1]
        return np.ascontiguousarray(self._end(keys, 0).T)

    def _contract(self, weights: Array, cells: Array, moduli: Array) -> Array:
        """Per card (columns of ``cells``) and prime, the sum over classes of weight times cell."""
        contracted: Array = self._kernels.contract(
            np.ascontiguousarray(weights), np.ascontiguousarray(cells), moduli[:, 0])
        return contracted

    def _rebuild(self, residues: Array) -> int:
        return rebuild([int(x) for x in residues], self.primes)

    def counts(self, only: tuple[str, ...] | None = None) -> DealCounts:
        """Per card and player, the number of consistent deals giving the card to the player (a pass
        made with ``per_card``, the default: its forward half made the channels they need). With
        ``only`` (the cards of the set made ``final``), the backward pass stops once it has their
        counts (one step; others' are missing), and the pass is spent.

        >>> from trainer.engine.problem import SetProblem
        >>> x = SetProblem(("X1", "X2"), ((0, 1), (0, 1)), ((0, (0, 1)),))  # A holds X1 or X2
        >>> y = SetProblem(("Y1", "Y2"), ((0, 1), (1,)), ((0, (0,)),))  # A holds Y1
        >>> p = Problem(("A", "B", "C"), (2, 2, 1), 1, (x, y))
        >>> Factored(p, final=x.cards).counts(x.cards).per_card["X1"] == Factored(p).counts().per_card["X1"]
        True
        """
        if not self.per_card:
            raise ValueError("this pass counted the total only: make it with per_card=True")
        if only is not None and self.total:
            inner = {code for table in self.tables for code in table.cards}
            return self._unfold(self._backward(set(only) & inner))
        if self._counts is None:
            self._counts = self._unfold(self._backward()) if self.total else DealCounts(0, {}, (0,) * self.n)
            self.steps, self.layers = [], []  # the pairs and layers are needed no more: free their memory
        return self._counts

    def _backward(self, only: set[str] | None = None) -> DealCounts:
        n, capacity = self.n, self.inner.capacity
        # every count now is at most the total: fewer primes may do
        primes = primes_for(self.counted, WIDE)
        r = len(primes)
        moduli = self.moduli[:r]
        ahead, sums = self.ahead, self.sums
        forward = self.channels  # every prime of the forward pass: the backward step reads the first r
        self.channels = []
        keys, _ = self.layers[-1]
        back = np.stack([self._end(keys, 0)[:r].T, self._end(keys, 1)[:r].T], axis=-1)  # state, prime, channel
        free = [0] * n
        if self.inner.free:
            last_labels, last = forward[-1]
            completions = np.ascontiguousarray(back[:, :, 1].T)
            for p in range(n):
                if p in last_labels:
                    room = last[:, :r, last_labels.index(p)]
                else:
                    room = last[:, :r, 0] * capacity[p] % moduli.T
                residues = self._kernels.dot(np.ascontiguousarray(room.T), completions, moduli[:, 0])
                free[p] = rebuild(residues.tolist(), primes)
        per_card: dict[str, tuple[int, ...]] = {}
        for k in range(len(self.steps) - 1, -1, -1):
            if only is not None and only <= per_card.keys():
                break
            step, (kept, before) = self.steps[k], forward[k]
            table = step.table
            source, labels, live = sums[k].source, sums[k].labels, sums[k].live
            wanted = [(kept.index(ahead[k][q]), b) for q, b in sums[k].wanted]  # the forward channels kept
            needed, at = self._shifts(k, labels)
            needed &= live  # a channel no earlier step reads is not summed
            at[[not (live >> b) & 1 for b in range(len(labels))]] = -1
            weights, back = self._kernels.back(
                np.ascontiguousarray(before), np.ascontiguousarray(back),
                step.states, step.classes, step.targets, step.combos, *self._tables(step, r), step.rooms,
                np.array(wanted, np.int64), np.ascontiguousarray(table.star.any(axis=1)), needed, moduli[:, 0],
            )  # fmt: skip
            self._kernels.gather(back, at)
            cells = np.zeros((len(table.cards), n, r), np.int64)
            for j, p in enumerate(table.special):
                cells[:, p, :] = self._contract(weights[:, :, 0], table.cells[:, :, j], moduli)
            for p, q in source.items():
                w = weights[:, :, q] * capacity[p] % moduli if p in self.never else weights[:, :, q]
                cells[:, p, :] = self._contract(w, table.star, moduli)
            derived = sums[k].derived
            share = sum(capacity[p] for p in derived)  # a group of several: the never-special players
            for code, row in zip(table.cards, rebuild_all(cells, primes), strict=True):
                for p in derived:
                    row[p] = 0
                rest = self.counted - sum(row)  # the derived group's deals: the card is with one of them
                for p in derived:
                    row[p] = rest if len(derived) == 1 else rest * capacity[p] // share if share else 0
                per_card[code] = tuple(row)
        return DealCounts(self.counted, per_card, tuple(free))

    def _sums(self, ahead: list[list[int]]) -> list[_Sums]:
        """Per step, given the forward layers' channel labels: what its backward step sums (:class:`_Sums`).

        The players a set does not name fall into groups by the pair of channels their counts read;
        one group per step is left out and its counts found from the total, since a card's counts
        add up to it: preferably a player whose backward channel no earlier step reads either, so
        that channel is not summed at all (a step's channel nobody reads is not summed)."""
        labels = [-1, -2]
        groups: list[dict[tuple[int, int], list[int]]] = []
        every: list[list[int]] = []  # the backward channels' labels of each layer, the last first
        for k in range(len(self.tables) - 1, -1, -1):
            group: dict[tuple[int, int], list[int]] = {}
            for p in range(self.n):
                if p in self.tables[k].special:
                    continue
                if p in self.never:
                    pair = (0, 1)  # one card fewer to deal; the room is the capacity
                elif p in ahead[k]:  # retired before this set
                    pair = (ahead[k].index(p), 1)
                else:  # special in a later set: their own backward channel
                    pair = (0, labels.index(p))
                group.setdefault(pair, []).append(p)
            groups.append(group)
            labels = [*labels, *self.retiring[k]]
            every.append(labels)
        groups.reverse()
        every.reverse()
        unread = set(range(self.n))  # players whose backward channel no step so far reads
        sums: list[_Sums] = []
        live = 0  # layer 0's channels: nobody reads them
        for k, group in enumerate(groups):
            derived = self._derived(group, unread)
            wanted = [(0, 0), *(pair for pair in group if pair != derived)]
            source = {p: wanted.index(pair) for pair, players in group.items() if pair != derived for p in players}
            unread -= {players[0] for pair, players in group.items() if pair != derived and _own(pair)}
            sums.append(_Sums(wanted, source, tuple(group[derived]) if derived else (), every[k], live))
            # the layer after step k: what step k reads, and what the live channels of layer k are
            # summed from (the same channel; a player retiring at step k, from channel -2)
            carried = len(every[k]) - len(self.retiring[k])
            reads = sum(1 << b for b in {b for _, b in wanted})
            live = reads | (live & ((1 << carried) - 1)) | (2 if live >> carried else 0)
        return sums

    def _derived(self, group: dict[tuple[int, int], list[int]], unread: set[int]) -> tuple[int, int] | None:
        """The group of a step to leave out: a player whose own backward channel no step below reads
        (left out wherever it would be read first, it is never summed), the one retiring last."""

        def gain(pair: tuple[int, int]) -> tuple[bool, bool, int]:
            player = group[pair][0]
            return _own(pair) and player in unread, _own(pair), self.last.get(player, -1)

        return max(group, key=gain) if group else None

    def _unfold(self, inner: DealCounts) -> DealCounts:
        """The counts of the whole problem from those without the sets of one class: each times their
        coefficients; a folded card with a special player ``j``, the class's coefficient there
        (``cells``) times the others' count; with another player, its ``star`` coefficient times the
        count of one free card with that player (the card joined the free ones)."""
        scale, n = self.scale, self.n
        per_card = {code: tuple(scale * c for c in row) for code, row in inner.per_card.items()}
        free = tuple(scale * c if self.problem.free else 0 for c in inner.free_per_player)
        for table in self.fixed:
            rest = scale // int(table.coef[0])
            for i, code in enumerate(table.cards):
                row = [rest * int(table.star[0, i]) * inner.free_per_player[p] for p in range(n)]
                for j, p in enumerate(table.special):
                    row[p] = rest * int(table.cells[0, i, j]) * inner.total
                per_card[code] = tuple(row)
        return DealCounts(scale * inner.total, per_card, free)

    def _shifts(self, k: int, labels: list[int]) -> tuple[Array, Array]:
        """Which backward channels of layer ``k`` the step must sum, state by state, and which it can read.

        Player ``p``'s channel at a state is the completions with ``p``'s room one smaller and one card
        fewer to deal: exactly the completions of the state with one more card given to ``p``
        (``p``'s field and ``G`` one higher), when ``p`` has a field in the layer; channel ``-2`` (one
        card fewer to deal, every room the same) is the completions of the state with ``G`` one
        higher, since ``G`` only sets how many cards are left to deal. Where that state is in the
        layer, the channel is read from its first channel (``at[b, s]``, the state read); where it
        would pass the layer's limit for ``p`` or ``G`` (:meth:`_limits`: no completion), the channel
        is zero; elsewhere, and for every other channel, it is summed (bit ``b`` of ``needed[s]``).
        """
        n, limit = self.n, self.limits[k]
        g = 1 << (BITS * n)
        shifts = [  # per label: the key's shift, the field it raises and that field's limit
            (g, BITS * n, limit[n]) if p == -2
            else ((1 << (BITS * p)) + g, BITS * p, limit[p]) if p >= 0 and self.first[p] < k <= self.last[p]
            else (0, 0, 0)
            for p in labels
        ]  # fmt: skip
        deltas, bits, limits = (np.array(column, np.int64) for column in zip(*shifts, strict=True))
        needed, at = self._kernels.shifts(self.layers[k][0], deltas, bits, limits, BITS * n, limit[n])
        return needed, at


def _own(pair: tuple[int, int]) -> bool:
    """Whether a backward step's sum reads a player's own backward channel (a player the set does
    not name but a later one does): channels 0 and 1 are everyone's."""
    return pair[0] == 0 and pair[1] >= 2


