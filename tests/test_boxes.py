"""Counting the vectors of boxes: the polynomial product and the closed form against brute force."""

from __future__ import annotations

from itertools import product

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.boxes import box_counts, box_sums

BOXES = st.lists(st.lists(st.integers(0, 4), min_size=4, max_size=4), min_size=1, max_size=6)


def _vectors(low: list[int], high: list[int]) -> list[tuple[int, ...]]:
    return list(product(*(range(a, b + 1) for a, b in zip(low, high, strict=True))))


@settings(max_examples=60, deadline=None)
@given(BOXES, st.data())
def test_box_sums_count_the_vectors_of_each_sum(highs: list[list[int]], data: st.DataObject) -> None:
    lows = [[data.draw(st.integers(0, h + 1)) for h in row] for row in highs]  # low > high: an empty box
    top = data.draw(st.integers(0, 18))
    sums = box_sums(np.array(lows, np.int64), np.array(highs, np.int64), top)
    for row, (low, high) in enumerate(zip(lows, highs, strict=True)):
        vectors = _vectors(low, high)
        assert sums[row].tolist() == [sum(1 for v in vectors if sum(v) == t) for t in range(top + 1)]


@settings(max_examples=60, deadline=None)
@given(BOXES, st.data())
def test_box_counts_count_the_vectors_up_to_the_limit(highs: list[list[int]], data: st.DataObject) -> None:
    limits = [data.draw(st.integers(0, 18)) for _ in highs]
    counts = box_counts(np.array(highs, np.int64), np.array(limits, np.int64))
    for row, (high, limit) in enumerate(zip(highs, limits, strict=True)):
        assert counts[row] == sum(1 for v in _vectors([0] * len(high), high) if sum(v) <= limit)
