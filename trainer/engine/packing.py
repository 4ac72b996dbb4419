"""Count vectors (how many cards each player got) packed into integers, a field of bits per player.

Adding two packed vectors is one integer addition, and testing every field
against a bound is one mask: a field's top bit is a guard, set only when the
field overflows (see the ``over``/``under``/``high`` masks of the passes).
Two widths are used, for two kinds of integer:

* :data:`PYTHON`, **8 bits** a field: keys that are Python integers (the plain
  pass, :mod:`trainer.engine.counting`), unbounded, so a byte a player is the
  simplest choice; a set's classes are ordered by these keys
  (:mod:`trainer.engine.tables`, eight players in 64 bits).
* :data:`NUMPY`, **7 bits** a field: keys that are ``int64`` numpy arrays (the
  sweep, :mod:`trainer.engine.sweep`, and the factored pass,
  :mod:`trainer.engine.factored`, whose key also holds ``G``, every card the
  named players got): nine fields of seven bits fit 63 bits, below the sign
  bit, where nine bytes would not. A field then holds at most 63, guard aside:
  hand sizes and their sum stay far below it.

    >>> PYTHON.unpack(PYTHON.pack([3, 0, 7]), 3)
    (3, 0, 7)
    >>> NUMPY.pack([1, 1]), NUMPY.field, NUMPY.half
    (129, 127, 64)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Packing:
    """Vectors packed ``bits`` bits a field: field ``i`` holds entry ``i``."""

    bits: int

    @property
    def field(self) -> int:
        """The mask of one field (at the lowest place)."""
        return (1 << self.bits) - 1

    @property
    def half(self) -> int:
        """A field's top bit, the guard: values below it are counts, a sum reaching it overflowed."""
        return 1 << (self.bits - 1)

    def pack(self, vector: Sequence[int]) -> int:
        """Pack a vector of small non-negative entries (or bounds built from ``half``).

        >>> PYTHON.pack([1, 2])
        513
        """
        bits, value = self.bits, 0
        for i, x in enumerate(vector):
            value |= x << (bits * i)
        return value

    def unpack(self, value: int, n: int) -> tuple[int, ...]:
        """The first ``n`` fields of ``value``: the inverse of :meth:`pack`.

        >>> NUMPY.unpack(129, 2)
        (1, 1)
        """
        bits, field = self.bits, self.field
        return tuple((value >> (bits * i)) & field for i in range(n))


PYTHON = Packing(8)
NUMPY = Packing(7)
