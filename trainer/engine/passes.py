"""Which exact counting pass to run on a problem: the one likely to be the quickest.

Three passes give the same counts, exactly (the tests check them against each
other and against brute force):

* :class:`~trainer.engine.counting.Counter`, Python integers: no array
  overhead, the quickest on a small problem;
* :class:`~trainer.engine.sweep.Sweep`, numpy arrays over every player: the
  quickest where hand sizes leave few states (six players, or late on);
* :class:`~trainer.engine.factored.Factored`, the state only over the players
  a set names: the quickest on large problems, at the price of loading its
  compiled loops once a process.

This module stands above the three and is the only one that knows them all.

    >>> from trainer.engine.problem import SetProblem
    >>> x = SetProblem(("X1", "X2"), ((0, 1), (0, 1)), ((1, (0, 1)),))  # B holds X1 or X2
    >>> full_pass(Problem(("A", "B"), (1, 2), 1, (x,))).counts().per_card
    {'X1': (1, 2), 'X2': (1, 2)}
"""

from __future__ import annotations

import sys
from math import prod

from trainer.engine import compiled
from trainer.engine.counting import Counter, Retiring
from trainer.engine.factored import Factored
from trainer.engine.plan import plan
from trainer.engine.problem import Problem, shape
from trainer.engine.sweep import Sweep, sweep_work

Pass = Counter | Sweep | Factored
"""A pass under way: its ``total`` counted, its ``counts()`` (per card and player) on demand."""

SMALL = 10_000  # forward state-class pairs up to which the plain Python pass is the quicker (measured)


def _small(problem: Problem) -> bool:
    """Whether an upper bound on the plain Python pass's work is at most :data:`SMALL` state-class pairs
    (each layer has at most the product of the class counts before it, each at most
    :func:`shape` says)."""
    work, states = 0, 1
    for classes in sorted(shape(s, len(problem.players)).classes for s in problem.sets):
        work += states * classes
        states *= classes
        if work > SMALL:
            break
    return work <= SMALL


SWEEP_QUICK = 300_000  # state-class pairs the sweep may try (about 20 ms) while the compiled code is not loaded
SWEEP_QUICK_FEW = 3_000_000  # where hand sizes leave few states, pairs a process may spend so in all (about 0.3 s)
SWEEP_GRID = 1_000_000  # hand-size vectors up to which the sweep's states stay few (6 players; 8 late on)
SWEEP_RATIO = 0.5  # there, the sweep runs if its work's bound is below this share of the factored pass's estimate
KERNELS = "trainer.engine.kernels"  # the compiled code at run time (numba): half a second to load, once a process


def _loaded() -> bool:
    """Whether the factored pass's compiled loops cost nothing more in this process: loaded already, or built
    ahead of time (:mod:`~trainer.engine.compiled`: a millisecond to import)."""
    return KERNELS in sys.modules or compiled.built()


class _Spent:
    """The state-class pairs this process's sweeps have tried on few hand sizes, the compiled loops not loaded."""

    spent = 0


_before_kernels = _Spent()


def full_pass(problem: Problem, final: tuple[str, ...] | None = None) -> Pass:
    """The exact counts of ``problem``, by the pass likely to be the quickest.

    The Python :class:`Counter` for a small problem (no array overhead); else the
    :class:`~trainer.engine.factored.Factored` pass, whose work grows with the players a set
    names, not with all of them, unless :class:`~trainer.engine.sweep.Sweep` is likely the
    quicker: where there are at most :data:`SWEEP_GRID` vectors of hand sizes (few players, or
    small hands: hand sizes prune the sweep's states) and a bound on the sweep's work
    (:func:`~trainer.engine.sweep.sweep_work`) is below :data:`SWEEP_RATIO` times the factored
    pass's estimated work; or if it finishes within :data:`SWEEP_QUICK` state-class pairs
    while the factored pass's compiled code is not loaded (half a second to a second, once a
    process). Where the hand sizes are few, an attempt may use what is left of
    :data:`SWEEP_QUICK_FEW` pairs a process spends so in all: a one-off command on a six-player
    position does not pay the load, and a long run pays at most about 0.3 s of sweeps before it.
    Each gives ``total`` at once and ``counts()`` on demand. ``final`` (a set's cards) has the factored
    pass combine that set last, so that its ``counts(final)`` is one backward step.

    >>> full_pass(Problem(players=("A", "B"), capacity=(1, 1), free=2, sets=())).total
    2
    """
    return _pass(problem, per_card=True, final=final)


def _pass(problem: Problem, per_card: bool, final: tuple[str, ...] | None = None) -> Pass:
    """:func:`full_pass`; without ``per_card`` only the total is wanted, the factored pass's forward
    half (a third of its work or less), so the sweep is only tried while the compiled code is not loaded."""
    if _small(problem):
        return Counter(problem)
    few = prod(c + 1 for c in problem.capacity) <= SWEEP_GRID
    if per_card and few and sweep_work(problem) < SWEEP_RATIO * plan(problem)[1]:
        return Sweep(problem)  # its work is at most that bound: no budget needed
    if not _loaded():
        budget = max(SWEEP_QUICK, SWEEP_QUICK_FEW - _before_kernels.spent) if few else SWEEP_QUICK
        sweep = Sweep(problem, budget=budget)
        if few:
            _before_kernels.spent += sweep.tried
        if sweep.finished:
            return sweep
    return Factored(problem, per_card, final)


def count_total(problem: Problem) -> int:
    """Only the number of consistent deals: the same as ``Counter(problem).total``, faster.

    A small problem takes the :class:`~trainer.engine.counting.Retiring` pass: players are *retired* as
    soon as no set still to be combined treats them specially, merged into one
    dimension (a bucket), the state's weight taking the binomial coefficient of
    the split. A larger one takes the forward half of an array pass, chosen as
    :func:`full_pass` chooses, but for the total alone.

    >>> count_total(Problem(players=("A", "B", "C"), capacity=(2, 1, 1), free=4, sets=()))
    12
    """
    if _small(problem):
        return Retiring(problem).total
    return _pass(problem, per_card=False).total  # the forward half of either array pass
