"""The plain counting pass: exact counts of the deals consistent with a history, in Python integers.

The problem (:mod:`trainer.engine.problem`) splits as the design notes say:

1. **One constraint problem per half-suit.** Its variables are the dealt
   holders of the set's cards that are not pinned; its constraints are the
   exclusions and the "holds one of" facts about that set. python-constraint
   enumerates the solutions, which are summarised by how many cards each
   player got (a *class*), with, per class, how often each card went to each
   player. Tables are cached: an event changes only one set's problem.
2. **Hand sizes tie the sets together.** A dynamic programme over the sets,
   whose state is the vector of cards given to each player so far, combines
   the tables; the cards of untouched sets (every player but the viewer still
   possible, no other fact) are interchangeable and are counted at the end
   with one multinomial coefficient. A backward pass gives, for every card
   and player, the exact number of deals that put the card there.

Vectors are packed into integers, eight bits per player
(:data:`trainer.engine.packing.PYTHON`), so adding two vectors is one integer
addition and checking bounds is one mask. The array passes
(:mod:`trainer.engine.sweep`, :mod:`trainer.engine.factored`) give the same
numbers on larger problems; :mod:`trainer.engine.passes` chooses among them.

    >>> from trainer.engine.problem import Problem
    >>> c = count_deals(Problem(players=("A", "B"), capacity=(1, 1), free=2, sets=()))
    >>> c.total
    2
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from math import comb, factorial

from trainer.engine.packing import PYTHON
from trainer.engine.problem import SET_CACHE, DealCounts, Problem, SetProblem, solved, special_players

BITS, FIELD, HALF = PYTHON.bits, PYTHON.field, PYTHON.half  # keys are Python integers (:mod:`trainer.engine.packing`)
pack, unpack = PYTHON.pack, PYTHON.unpack


@dataclass(frozen=True)
class SetTable:
    """The solutions of a :class:`SetProblem`, grouped by class.

    ``classes`` holds ``(packed vector, solutions, per_card)`` where
    ``per_card[i][p]`` counts the solutions of the class giving card ``i`` to
    player ``p``.
    """

    cards: tuple[str, ...]
    classes: tuple[tuple[int, int, tuple[tuple[int, ...], ...]], ...]
    solutions: int
    most: tuple[int, ...] = field(default=(), compare=False)
    """The most cards of the set any class gives each player (empty: worked out from ``classes``); derived
    from ``classes``, so two tables of the same classes are equal whether or not they carry it."""


@lru_cache(maxsize=SET_CACHE)
def set_table(problem: SetProblem, n: int) -> SetTable:
    """A set's local problem solved and grouped by class, as Python integers.

    >>> set_table(SetProblem(("X", "Y"), ((0, 1), (1,)), ()), 2).classes  # X with player 0 or 1, Y with 1
    ((257, 1, ((1, 0), (0, 1))), (512, 1, ((0, 1), (0, 1))))

    A card no player can hold (an empty domain) leaves no solution:

    >>> set_table(SetProblem(("2H", "3H"), ((0, 1), ()), ()), 2).solutions
    0
    """
    table = solved(problem, n)
    classes = tuple(
        (pack(vector), int(count), tuple(tuple(int(x) for x in row) for row in cells))
        for vector, count, cells in zip(table.vectors.tolist(), table.solutions, table.cells, strict=True)
    )
    most = tuple(int(x) for x in table.vectors.max(axis=0)) if len(table.vectors) else (0,) * n
    return SetTable(problem.cards, classes, int(table.solutions.sum()), most)


def search_table(problem: SetProblem, n: int) -> SetTable:
    """:func:`set_table` by a constraint search (python-constraint): the slow reference the tests compare with."""
    import constraint  # here, not at the top: only the tests' reference search needs python-constraint

    names = problem.cards
    if not all(problem.domains):
        return SetTable(names, (), 0)
    solver = constraint.Problem()
    for name, domain in zip(names, problem.domains, strict=True):
        solver.addVariable(name, list(domain))
    for player, positions in problem.holds_one_of:
        solver.addConstraint(constraint.SomeInSetConstraint({player}), [names[i] for i in positions])
    classes: dict[int, list[int]] = {}
    per_card: dict[int, list[list[int]]] = {}
    total = 0
    shifts = [1 << (BITS * p) for p in range(n)]
    for solution in solver.getSolutionIter():
        holders = [solution[name] for name in names]
        key = sum(shifts[p] for p in holders)
        entry = classes.get(key)
        if entry is None:
            entry = classes[key] = [0]
            per_card[key] = [[0] * n for _ in names]
        entry[0] += 1
        rows = per_card[key]
        for i, p in enumerate(holders):
            rows[i][p] += 1
        total += 1
    packed = tuple(
        (key, classes[key][0], tuple(tuple(row) for row in per_card[key])) for key in sorted(classes)
    )
    return SetTable(names, packed, total)


def _bounds(capacity: Sequence[int], lower: Sequence[int]) -> tuple[int, int, int]:
    """Masks testing ``u <= capacity`` (``(u + over) & high == 0``) and then, for such
    ``u``, ``lower <= u`` (``(u + under) & high == high``) on packed vectors."""
    over = pack([HALF - 1 - c for c in capacity])
    under = pack([HALF - lo for lo in lower])
    high = pack([HALF] * len(capacity))
    return over, under, high


def _ways(rest: Sequence[int], fact: Sequence[int], without: int | None = None) -> int:
    """Ways to deal the free cards so each player gets ``rest[p]`` of them (one fewer for
    ``without``, whose count is for one particular free card going to that player)."""
    ways = fact[sum(rest) - (without is not None)]
    for p, r in enumerate(rest):
        ways //= fact[r - 1] if p == without else fact[r]
    return ways


def _back_step(states: Iterable[int], pairs: Sequence[tuple[int, int]], after: dict[int, int]) -> dict[int, int]:
    """One step of the backward pass: completions of each state through one table."""
    before: dict[int, int] = {}
    for u in states:
        acc = 0
        for v, tv in pairs:
            b = after.get(u + v)
            if b:
                acc += tv * b
        if acc:
            before[u] = acc
    return before


def count_deals(problem: Problem) -> DealCounts:
    """Count the consistent deals exactly, and the deals per card and player."""
    return Counter(problem).counts()


class OverBudget(Exception):
    """A :class:`Counter` given a budget needed more steps than that."""


class Counter:
    """The forward pass runs at once and gives :attr:`total`; the per-card
    counts (a backward pass) are computed only when :meth:`counts` is called.
    With a ``budget``, the forward pass stops with :class:`OverBudget` after
    about that many steps."""

    def __init__(self, problem: Problem, budget: int | None = None):
        self.problem = problem
        n = self.n = len(problem.players)
        self.total = 0
        self.tables: list[SetTable] = []
        self.layers: list[dict[int, int]] = []
        self.end: dict[int, int] = {}
        self._counts: DealCounts | None = None
        capacity = problem.capacity
        if any(c < 0 or c >= HALF - 6 for c in capacity):
            return
        tables = sorted((set_table(s, n) for s in problem.sets), key=lambda t: len(t.classes))
        if any(t.solutions == 0 for t in tables):
            return
        self.tables = tables
        # most each player can still receive after table k: prunes states that cannot fill up
        room_after: list[list[int]] = [[0] * n for _ in range(len(tables) + 1)]
        room_after[len(tables)] = [problem.free] * n
        for k in range(len(tables) - 1, -1, -1):
            best = list(tables[k].most)
            if not best:
                best = [0] * n
                for key, _, _ in tables[k].classes:
                    for p, x in enumerate(unpack(key, n)):
                        best[p] = max(best[p], x)
            room_after[k] = [a + b for a, b in zip(room_after[k + 1], best, strict=True)]
        layers: list[dict[int, int]] = [{0: 1}]
        for k, table in enumerate(tables):
            lower = [max(0, c - r) for c, r in zip(capacity, room_after[k + 1], strict=True)]
            over, under, high = _bounds(capacity, lower)
            following: dict[int, int] = {}
            get = following.get
            pairs = [(v, tv) for v, tv, _ in table.classes]
            if budget is not None:
                budget -= len(layers[-1]) * len(pairs)
                if budget < 0:
                    raise OverBudget
            for u, fu in layers[-1].items():
                for v, tv in pairs:
                    w = u + v
                    if (w + over) & high or (w + under) & high != high:
                        continue
                    following[w] = get(w, 0) + fu * tv
            layers.append(following)
            if not following:
                return
        self.layers = layers
        free = problem.free
        self.fact = fact = [factorial(i) for i in range(free + 1)]
        for u in layers[-1]:
            rest = self.remaining(u)
            if sum(rest) == free and min(rest, default=0) >= 0:
                self.end[u] = _ways(rest, fact)
        self.total = sum(layers[-1][u] * w for u, w in self.end.items())

    def remaining(self, u: int) -> tuple[int, ...]:
        """Room each player has left for free cards after the partial deal ``u``."""
        return unpack(pack(self.problem.capacity) - u, self.n)

    def counts(self) -> DealCounts:
        """Per card and player, the number of consistent deals giving the card to the player."""
        if self._counts is None:
            self._counts = self._marginals()
        return self._counts

    def _marginals(self) -> DealCounts:
        n, tables, layers = self.n, self.tables, self.layers
        if self.total == 0:
            return DealCounts(0, {}, (0,) * n)
        # backward pass: back[k][u] = completions of a partial deal u after k tables
        back: list[dict[int, int]] = [{} for _ in layers]
        back[-1] = self.end
        for k in range(len(tables) - 1, -1, -1):
            back[k] = _back_step(layers[k], [(v, tv) for v, tv, _ in tables[k].classes], back[k + 1])
        per_card: dict[str, tuple[int, ...]] = {}
        for k, table in enumerate(tables):
            nxt = back[k + 1]
            start = [(u, fu) for u, fu in layers[k].items() if u in back[k]]
            totals = [[0] * n for _ in table.cards]
            for v, _, rows in table.classes:
                weight = 0
                for u, fu in start:
                    b = nxt.get(u + v)
                    if b:
                        weight += fu * b
                if weight:
                    for i, row in enumerate(rows):
                        acc = totals[i]
                        for p, x in enumerate(row):
                            if x:
                                acc[p] += weight * x
            for name, acc in zip(table.cards, totals, strict=True):
                per_card[name] = tuple(acc)
        free, fact = self.problem.free, self.fact
        free_per_player = [0] * n
        if free:
            for u in self.end:
                rest = self.remaining(u)
                for p, r in enumerate(rest):
                    if r:
                        free_per_player[p] += layers[-1][u] * _ways(rest, fact, without=p)
        return DealCounts(self.total, per_card, tuple(free_per_player))


class Retiring:
    """The forward pass with retired players merged into a bucket; players in ``keep``
    are never retired, so :meth:`column` can give their exact per-card counts. With a
    ``budget``, it stops with :class:`OverBudget` once it has tried more state-class pairs."""

    def __init__(self, problem: Problem, keep: frozenset[int] = frozenset(), budget: int | None = None):
        self.problem = problem
        n = self.n = len(problem.players)
        capacity = list(problem.capacity)
        self.total = 0
        # steps: ("table", table, pairs, layer before) or ("merge", d, bucket, capacity before, layer before)
        self.steps: list[tuple[object, ...]] = []
        self.layer: dict[int, int] = {}
        self.capacity = capacity
        self.work = 0  # state-class pairs tried by the forward pass
        if any(c < 0 or c >= HALF - 6 for c in capacity):
            return
        pending = [(set_table(s, n), special_players(s, n)) for s in problem.sets]
        if any(t.solutions == 0 for t, _ in pending):
            return
        bucket = next((d for d in range(n) if d not in keep and not any(d in sp for _, sp in pending)), None)
        retired: set[int] = set() if bucket is None else {bucket}
        layer: dict[int, int] = {0: 1}
        while pending:
            uses = [sum(d in sp for _, sp in pending) for d in range(n)]
            pick = max(
                range(len(pending)),
                key=lambda i: (sum(uses[d] == 1 for d in pending[i][1]), -len(pending[i][0].classes)),
            )
            table, _ = pending.pop(pick)
            over, _, high = _bounds(capacity, [0] * n)
            mask = pack([0 if d not in retired or d == bucket else FIELD for d in range(n)])
            pairs = [(v, tv) for v, tv, _ in table.classes if not v & mask]
            following: dict[int, int] = {}
            get = following.get
            self.work += len(layer) * len(pairs)
            if budget is not None and self.work > budget:
                raise OverBudget
            for u, fu in layer.items():
                for v, tv in pairs:
                    w = u + v
                    if (w + over) & high:
                        continue
                    following[w] = get(w, 0) + fu * tv
            self.steps.append(("table", table, pairs, layer))
            layer = following
            if not layer:
                return
            leaving = [
                d for d in range(n) if d not in retired and d not in keep and not any(d in sp for _, sp in pending)
            ]
            for d in leaving:
                if bucket is None:
                    bucket = d
                    retired.add(d)
                    continue
                self.steps.append(("merge", d, bucket, tuple(capacity), layer))
                layer = _merge(layer, d, bucket, capacity)
                capacity[bucket] += capacity[d]
                capacity[d] = 0
                retired.add(d)
        self.layer = layer
        free = problem.free
        self.fact = fact = [factorial(i) for i in range(free + 1)]
        cap_packed = pack(capacity)
        self.end: dict[int, int] = {}
        for u in layer:
            rest = unpack(cap_packed - u, n)
            if sum(rest) == free:
                self.end[u] = _ways(rest, fact)
        self.total = sum(layer[u] * w for u, w in self.end.items())

    def column(self, player: int) -> tuple[dict[str, int], int]:
        """Per card of the constrained sets, the deals giving it to ``player`` (who must
        have been kept), and the same for any one free card."""
        n = self.n
        per_card: dict[str, int] = {}
        if self.total == 0:
            return per_card, 0
        back = self.end
        for step in reversed(self.steps):
            if step[0] == "merge":
                _, d, bucket, capacity, before = step
                assert isinstance(d, int) and isinstance(bucket, int) and isinstance(capacity, tuple)
                assert isinstance(before, dict)
                shift_d, shift_b = BITS * d, BITS * bucket
                earlier: dict[int, int] = {}
                for u in before:
                    ud = (u >> shift_d) & FIELD
                    ub = (u >> shift_b) & FIELD
                    b = back.get(u - (ud << shift_d) + (ud << shift_b))
                    if b:
                        earlier[u] = b * comb(capacity[d] - ud + capacity[bucket] - ub, capacity[d] - ud)
                back = earlier
                continue
            _, table, pairs, before = step
            assert isinstance(table, SetTable) and isinstance(pairs, list) and isinstance(before, dict)
            totals = [0] * len(table.cards)
            for v, _, rows in table.classes:
                if not any(row[player] for row in rows):
                    continue
                weight = 0
                for u, fu in before.items():
                    b = back.get(u + v)
                    if b:
                        weight += fu * b
                if weight:
                    for i, row in enumerate(rows):
                        totals[i] += weight * row[player]
            per_card.update(zip(table.cards, totals, strict=True))
            back = _back_step(before, pairs, back)
        free = self.problem.free
        free_count = 0
        if free:
            cap_packed = pack(self.capacity)
            for u in self.end:
                rest = unpack(cap_packed - u, n)
                if rest[player]:
                    free_count += self.layer[u] * _ways(rest, self.fact, without=player)
        return per_card, free_count


def marginals(problem: Problem) -> DealCounts:
    """The same as ``Counter(problem).counts()``: one retiring pass per player kept active
    when players retire early enough to pay for it, else the full pass of :class:`Counter`."""
    n = len(problem.players)
    probe = Retiring(problem)
    try:
        return Counter(problem, budget=n * probe.work + 1000).counts()
    except OverBudget:
        return retiring_marginals(problem)


def retiring_marginals(problem: Problem) -> DealCounts:
    """Per-card counts from one :class:`Retiring` pass per player, that player kept active."""
    n = len(problem.players)
    per_card: dict[str, list[int]] = {}
    free_per_player = [0] * n
    total = Retiring(problem).total if n == 0 else 0  # with players, the first run's total
    for player in range(n):
        run = Retiring(problem, keep=frozenset([player]))
        total = run.total
        if total == 0:
            return DealCounts(0, {}, (0,) * n)
        column, free_count = run.column(player)
        for code, count in column.items():
            per_card.setdefault(code, [0] * n)[player] = count
        free_per_player[player] = free_count
    return DealCounts(total, {c: tuple(v) for c, v in per_card.items()}, tuple(free_per_player))


def _merge(layer: dict[int, int], d: int, bucket: int, capacity: list[int]) -> dict[int, int]:
    """Fold dimension ``d`` into ``bucket``: counts add, the weight takes the ways to split the room."""
    shift_d, shift_b = BITS * d, BITS * bucket
    merged: dict[int, int] = {}
    for u, fu in layer.items():
        ud = (u >> shift_d) & FIELD
        ub = (u >> shift_b) & FIELD
        rd, rb = capacity[d] - ud, capacity[bucket] - ub
        key = u - (ud << shift_d) + (ud << shift_b)
        merged[key] = merged.get(key, 0) + fu * comb(rd + rb, rd)
    return merged
