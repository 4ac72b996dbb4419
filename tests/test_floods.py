"""Issue 56: what a flood cannot exhaust. The rate limits' memory is bounded (a stated number of keys, the idle
ones pruned by age) at a constant cost per request; tables and classes are capped per address, and the ones
nobody uses give way or expire sooner, so an honest newcomer is served after a flood from many addresses;
uploads are bounded on disk."""

from __future__ import annotations

import asyncio
import os
from collections import OrderedDict
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from starlette.testclient import TestClient

from puzzles.classes import MAX_CLASSES, UNUSED_DAYS, ClassError, Classes, Settings
from puzzles.classes import MAX_PER_ADDRESS as CLASSES_PER_ADDRESS
from puzzles.classes import SPARE_SECONDS as CLASS_SPARE
from trainer.game.errors import LiteratureError
from trainer.play.hall import MAX_TABLES, Hall
from trainer.play.limits import MAX_IDLE, MAX_KEYS, MAX_TABLES_PER_ADDRESS, SPARE_SECONDS, UNOPENED_SECONDS, Limits
from trainer.play.table import Options, TableError
from trainer.review.kept import MAX_UPLOAD_BYTES, UPLOAD_RATE, UPLOADS, keep_log

from web_helpers import client, form

ROOT = Path(__file__).resolve().parent.parent


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


# -- caps a flood cannot exhaust ------------------------------------------------------------------------------


def _flood(make: Any, addresses: int) -> tuple[int, set[int]]:
    """Make things from ``addresses`` addresses until each is refused; how many were made, and the refusals."""
    made, refusals = 0, set()
    for number in range(addresses):
        while True:
            try:
                make(f"10.1.{number}.1")
            except TableError as error:
                refusals.add(error.status)
                break
            made += 1
    return made, refusals


def test_a_flood_of_tables_from_many_addresses_leaves_room_for_an_honest_newcomer(tmp_path: Path) -> None:
    now = [1_000_000.0]
    hall = Hall(tmp_path, clock=lambda: now[0])
    honest, _ = asyncio.run(hall.create(Options(seed=3), "192.0.2.1"))
    honest.take("Dan", "Zoe", now=now[0])  # a table someone sits at is never given up to a flood
    made, refusals = _flood(lambda address: asyncio.run(hall.create(Options(seed=3), address)), 30)
    assert made == MAX_TABLES - 1 and refusals == {429, 503}  # (10 an address, then the server is full)
    with pytest.raises(TableError) as full:
        asyncio.run(hall.create(Options(seed=3), "192.0.2.9"))
    assert full.value.status == 503  # (the flood's tables are minutes old: they are kept a while)
    now[0] += SPARE_SECONDS + 1
    newcomer, _ = asyncio.run(hall.create(Options(seed=3), "192.0.2.9"))  # served: the empty tables gave way
    assert hall.get(newcomer.code) is newcomer and hall.get(honest.code) is honest
    assert len(hall.tables) == 2 and len(list((tmp_path / "tables").glob("*.lit"))) == 2


def test_a_table_no_seat_was_taken_at_expires_within_the_hour(tmp_path: Path) -> None:
    now = [1_000_000.0]
    hall = Hall(tmp_path, clock=lambda: now[0])
    empty, _ = asyncio.run(hall.create(Options(seed=3), "192.0.2.1"))
    sat, _ = asyncio.run(hall.create(Options(seed=3), "192.0.2.1"))
    sat.take("Dan", "Zoe", now=now[0])
    now[0] += UNOPENED_SECONDS + 1
    with pytest.raises(TableError) as gone:
        hall.get(empty.code)
    assert gone.value.status == 404 and hall.get(sat.code) is sat


def test_a_flood_of_classes_leaves_room_and_an_unused_class_expires_sooner(tmp_path: Path) -> None:
    now = [1_000_000.0]
    classes = Classes(tmp_path, clock=lambda: now[0])
    used, _ = classes.create(Settings(), ["p-1"], "192.0.2.1")
    classes.change(used.code, lambda found: found.join("Zoe", now[0]))
    made, refusals = _flood(lambda address: classes.create(Settings(), ["p-1"], address), 30)
    assert made == MAX_CLASSES - 1 and refusals == {429, 503}
    with pytest.raises(ClassError) as full:
        classes.create(Settings(), ["p-1"], "192.0.2.9")
    assert full.value.status == 503
    now[0] += CLASS_SPARE + 1
    newcomer, _ = classes.create(Settings(), ["p-1"], "192.0.2.9")  # served: the oldest unused class gave way
    assert classes.get(newcomer.code) is newcomer and len(classes.classes) == MAX_CLASSES
    now[0] += UNUSED_DAYS * 86400
    assert set(classes.classes) >= {used.code} and classes.get(used.code) is used
    with pytest.raises(ClassError):
        classes.get(newcomer.code)  # (no student joined it: it expired after a week)
    assert len(classes.classes) == 1


def test_uploads_are_bounded_on_disk_and_a_padded_log_is_refused(tmp_path: Path) -> None:
    log = (ROOT / "tests" / "data" / "six-diamonds.lit").read_bytes()
    with pytest.raises(LiteratureError, match="at most 256 kB"):
        keep_log(tmp_path, log + b"# padding\n" * 500_000)
    keys = [keep_log(tmp_path, log + f"# game {n}\n".encode()) for n in range(30)]
    folder = tmp_path / UPLOADS
    assert len(list(folder.iterdir())) == 30
    old = 1_000_000.0
    for key in keys[:10]:
        os.utime(folder / f"{key}.lit", (old, old))
    keep_log(tmp_path, log)  # each upload removes the ones past their days
    assert {p.stem for p in folder.iterdir()} == set(keys[10:]) | {keep_log(tmp_path, log)}
    sizes = sum(p.stat().st_size for p in folder.iterdir())
    assert sizes <= MAX_UPLOAD_BYTES


def test_what_an_address_has_finished_or_put_to_use_does_not_count_against_it(tmp_path: Path) -> None:
    """A club behind one address plays game after game; a school's teacher makes set after set."""
    now = [1_000_000.0]
    hall = Hall(tmp_path, clock=lambda: now[0])
    made = [asyncio.run(hall.create(Options(seed=3), "192.0.2.1"))[0] for _ in range(MAX_TABLES_PER_ADDRESS)]
    with pytest.raises(TableError) as capped:
        asyncio.run(hall.create(Options(seed=3), "192.0.2.1"))
    assert capped.value.status == 429
    made[0].match = SimpleNamespace(over=True)  # type: ignore[assignment]  # (its game is over)
    asyncio.run(hall.create(Options(seed=3), "192.0.2.1"))
    classes = Classes(tmp_path, clock=lambda: now[0])
    sets = [classes.create(Settings(), ["p-1"], "192.0.2.1")[0] for _ in range(CLASSES_PER_ADDRESS)]
    with pytest.raises(ClassError) as full:
        classes.create(Settings(), ["p-1"], "192.0.2.1")
    assert full.value.status == 429
    for found in sets:
        classes.change(found.code, lambda c: c.join("Zoe", now[0]))
    now[0] += 86400 + 1
    classes.create(Settings(), ["p-1"], "192.0.2.1")  # (the sets in use, made yesterday, no longer count)


def test_uploads_are_rate_limited_per_address(tmp_path: Path) -> None:
    log = (ROOT / "tests" / "data" / "six-diamonds.lit").read_text()
    browser = client(tmp_path)
    other = TestClient(browser.app, raise_server_exceptions=False, client=("192.0.2.9", 50000),
                       base_url="http://127.0.0.1:8000")
    statuses = [form(browser, "/review/upload", {"text": log + f"# game {n}\n"}, follow_redirects=False).status_code
                for n in range(UPLOAD_RATE[1] + 1)]
    assert statuses == [303] * UPLOAD_RATE[1] + [400]
    refused = form(browser, "/review/upload", {"text": log}, follow_redirects=False)
    assert "too many requests" in refused.text
    assert form(other, "/review/upload", {"text": log}, follow_redirects=False).status_code == 303
