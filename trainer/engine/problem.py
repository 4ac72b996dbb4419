"""The counting problem: what is unknown about the deal, one local problem per half-suit, tied by hand sizes.

A :class:`Problem` is built from a history by :func:`trainer.engine.solve.counting_model`;
every counting pass (:mod:`trainer.engine.counting`, :mod:`trainer.engine.sweep`,
:mod:`trainer.engine.factored`) reads it and answers with :class:`DealCounts`, and
:mod:`trainer.engine.passes` chooses among them.

    >>> problem = Problem(players=("A", "B"), capacity=(1, 1), free=0,
    ...                   sets=(SetProblem(("X", "Y"), ((0, 1), (1,)), ()),))  # X with A or B, Y with B
    >>> solved(problem.sets[0], 2).vectors.tolist()  # the classes: A one and B one, or B both
    [[1, 1], [0, 2]]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import prod
from typing import NamedTuple

import numpy as np

from trainer.engine.boxes import box_sums
from trainer.engine.tables import SolvedSet, solve_set

EXACT = 1024  # assignments of a set's cards up to which :func:`shape` solves the set for its classes


@dataclass(frozen=True)
class SetProblem:
    """One half-suit's local problem: card codes, the allowed players of each
    (as indices into the problem's players) and "holds one of" facts
    (player index, card positions)."""

    cards: tuple[str, ...]
    domains: tuple[tuple[int, ...], ...]
    holds_one_of: tuple[tuple[int, tuple[int, ...]], ...]


@dataclass(frozen=True)
class Problem:
    """The whole deal: players (the dimensions), how many unknown cards each
    still has room for, the number of interchangeable free cards, and one
    local problem per constrained set."""

    players: tuple[str, ...]
    capacity: tuple[int, ...]
    free: int
    sets: tuple[SetProblem, ...]


@dataclass(frozen=True)
class DealCounts:
    """Exact counts: ``total`` consistent deals; ``per_card[code][p]`` of them
    deal the card to player index ``p``; ``free_per_player[p]`` the same for
    any one free card."""

    total: int
    per_card: dict[str, tuple[int, ...]]
    free_per_player: tuple[int, ...]


def special_players(problem: SetProblem, n: int) -> frozenset[int]:
    """The dimensions a set's problem does not treat like every other: missing from
    some card's domain, or named by a "holds one of" fact."""
    special = {p for p in range(n) for domain in problem.domains if p not in domain}
    special |= {p for p, _ in problem.holds_one_of}
    return frozenset(special)


SET_CACHE = 512
"""How many sets' tables each of the engine's per-set caches keeps (:func:`solved`, :func:`shape`,
``counting.set_table``, ``expansion.expanded``, ``sweep.table_arrays``). Consecutive positions share all
sets but one, so the hits come from the last few positions: over 16 table games the hit rates were the
same at 512 as at 4,096 entries (86%, 38%, 94%, 95%) and the CPU time too, while a server's memory grew
13.7 MB instead of about 80 MB (``benchmarks/RESULTS.md``, the soak)."""


@lru_cache(maxsize=SET_CACHE)
def solved(problem: SetProblem, n: int) -> SolvedSet:
    """A set's local problem solved with arrays (:mod:`trainer.engine.tables`), cached: an event
    changes only one set's problem, so consecutive positions share the others."""
    return solve_set(problem.domains, problem.holds_one_of, n)


class Shape(NamedTuple):
    """At most how many classes a set's table has, and at most how many of its cards each player gets."""

    classes: int
    most: tuple[int, ...]


@lru_cache(maxsize=SET_CACHE)
def shape(problem: SetProblem, n: int) -> Shape:
    """A set's :class:`Shape`, to choose a pass by: exact (the set :func:`solved`) where its cards have at
    most :data:`EXACT` assignments; else bounds that need no solving (early on, with every player
    possible, solving one set of six cards among eight players, 8^6 assignments, takes longer than
    many a whole pass): a player gets at most the cards they may hold, and at least one if they hold
    one of some; the classes (how many each gets) are at most the vectors within those bounds that
    share out all the cards (:func:`~trainer.engine.boxes.box_sums`), and at most the assignments.

    >>> everyone = SetProblem(tuple("ABCDEF"), ((0, 1, 2, 3, 4, 5, 6, 7),) * 6, ())
    >>> shape(everyone, 8).classes  # 8^6 assignments; C(13, 6) ways to share six cards among eight
    1716
    >>> # players 0 and 1 hold one of two of them: at least one each, C(11, 4) ways to share the rest
    >>> shape(SetProblem(everyone.cards, everyone.domains, ((0, (0, 1)), (1, (2, 3)))), 8).classes
    330
    >>> shape(SetProblem(("X", "Y"), ((0, 1), (1,)), ()), 2)  # solved: X with 0 or 1, Y with 1
    Shape(classes=2, most=(1, 2))
    """
    assignments = prod(len(domain) for domain in problem.domains)
    if assignments <= EXACT:
        table = solved(problem, n)
        most = table.vectors.max(axis=0).tolist() if len(table.solutions) else [0] * n
        return Shape(len(table.solutions), tuple(most))
    k = len(problem.cards)
    most = [sum(p in domain for domain in problem.domains) for p in range(n)]
    least = [int(any(p == q for q, _ in problem.holds_one_of)) for p in range(n)]
    vectors = box_sums(np.array([least], np.int64), np.array([most], np.int64), k)[0, k]
    return Shape(min(assignments, round(vectors)), tuple(most))
