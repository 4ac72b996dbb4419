"""Issue 56: what a flood cannot exhaust. The rate limits' memory is bounded (a stated number of keys, the idle
ones pruned by age) at a constant cost per request."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from trainer.play.limits import MAX_IDLE, MAX_KEYS, Limits


class Counted(OrderedDict[str, Any]):
    """The buckets, counting every entry a request reads or removes (the cost of a request)."""

    touched = 0

    def pop(self, *args: Any) -> Any:
        Counted.touched += 1
        return super().pop(*args)

    def popitem(self, last: bool = True) -> Any:
        Counted.touched += 1
        return super().popitem(last)

    def values(self) -> Any:
        Counted.touched += 1
        return super().values()


def test_thirty_thousand_bearer_values_keep_the_buckets_bounded_at_a_constant_cost() -> None:
    now = [0.0]
    limits = Limits(clock=lambda: now[0])
    limits.buckets = Counted()
    costs = []
    for number in range(30_000):
        before = Counted.touched
        limits.allow(f"read:{number:032x}", 30.0, 60)
        costs.append(Counted.touched - before)
        now[0] += 0.001
    assert len(limits.buckets) == MAX_KEYS
    assert max(costs) <= 4  # (its own bucket, one forgotten for the new one, two idle ones at most)


def test_a_refused_key_stays_refused_among_many_and_idle_keys_are_pruned_by_age() -> None:
    now = [0.0]
    limits = Limits(clock=lambda: now[0])
    assert [limits.allow("create:10.0.0.1", 1 / 6, 2) for _ in range(3)] == [True, True, False]
    for number in range(MAX_KEYS - 1):  # others come and go: the refused key is not forgotten meanwhile
        limits.allow(f"act:{number}", 10.0, 40)
    assert not limits.allow("create:10.0.0.1", 1 / 6, 2)
    now[0] += MAX_IDLE + 1
    for number in range(MAX_KEYS // 2):  # an hour later each new request takes two idle buckets with it
        limits.allow(f"new:{number}", 1.0, 5)
    assert len(limits.buckets) == MAX_KEYS // 2
    assert limits.allow("create:10.0.0.1", 1 / 6, 2)  # (full again: forgetting it changed nothing)
