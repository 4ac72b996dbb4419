"""How many examples a hypothesis test checked: a test that filters its inputs (``assume``) must still check enough.

Hypothesis discards an example that fails an ``assume`` and draws another, but when too many are discarded it
stops quietly with fewer; :func:`checks_at_least` makes the test fail instead.

    >>> from hypothesis import assume, given, settings, strategies as st
    >>> @checks_at_least(10)
    ... @settings(max_examples=20, database=None)
    ... @given(st.integers(0, 1000))
    ... def test_even(n: int) -> None:
    ...     assume(n % 2 == 0)
    ...     assert n // 2 * 2 == n
    >>> test_even()
    >>> @checks_at_least(5)
    ... @settings(max_examples=20, database=None)
    ... @given(st.integers(0, 9))
    ... def test_zero(n: int) -> None:
    ...     assume(n == 0)  # one value of ten: hypothesis runs out of values to try
    >>> test_zero()  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    AssertionError: 1 examples checked, fewer than 5...
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T", bound=Callable[..., Any])


def checks_at_least(floor: int) -> Callable[[T], T]:
    """Wrap a ``@given`` test: it fails unless at least ``floor`` of its examples ran to their end (past every
    ``assume``)."""

    def decorate(test: T) -> T:
        handle = test.hypothesis  # type: ignore[attr-defined]
        inner = handle.inner_test
        checked = [0]

        @functools.wraps(inner)
        def counted(*args: Any, **kwargs: Any) -> Any:
            result = inner(*args, **kwargs)
            checked[0] += 1
            return result

        handle.inner_test = counted

        @functools.wraps(test)
        def run(*args: Any, **kwargs: Any) -> None:
            checked[0] = 0
            test(*args, **kwargs)
            assert checked[0] >= floor, f"{checked[0]} examples checked, fewer than {floor}"

        return run  # type: ignore[return-value]

    return decorate
