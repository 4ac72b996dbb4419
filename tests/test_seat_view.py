"""The seat view: every value a face draws holds nothing its viewer may not see (read from the values)."""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.game.cards import Card
from trainer.play.match import CoachLevel
from trainer.play.seat_view import Phase, SeatView
from trainer.play.table import Options, Table

HOST = "host"


def _objects(value: Any, seen: set[int] | None = None) -> list[Any]:
    """Every object reachable from a view's fields (through dataclasses, tuples, lists, dicts and sets)."""
    seen = seen if seen is not None else set()
    if id(value) in seen:
        return []
    seen.add(id(value))
    found = [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for item in dataclasses.fields(value):
            found += _objects(getattr(value, item.name), seen)
    elif isinstance(value, dict):
        for key, item in value.items():
            found += _objects(key, seen) + _objects(item, seen)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            found += _objects(item, seen)
    return found


def check(view: SeatView, table: Table) -> None:
    """What the viewer may see, and nothing more: its own hand, the public events, no live object."""
    match = table.match
    assert match is not None
    viewer = view.viewer
    truth = match.table.truth
    own = truth.hands[viewer] if viewer is not None else frozenset()
    assert view.hand == own
    assert view.position is not None and set(view.position.hands) == ({viewer} if viewer else set())
    assert set(view.position.hands.get(viewer or "", ())) == set(own)
    public = [str(e) for e in truth.events]
    assert all(str(e) in public for e in view.events)
    assert view.setup is not None and not view.setup.hands
    kinds = {type(item).__name__ for item in _objects(view)}
    assert not kinds & {"Table", "Match", "Seat", "Coach", "ExpertBot"}, kinds
    if view.choices is not None:
        mine = {c.half_suit for c in own}
        for cards in view.choices.asks.values():
            assert all(c not in own and c.half_suit in mine for c in cards)
    if view.seed is not None:
        assert view.phase is Phase.OVER


@settings(max_examples=6, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([6, 8]), seats=st.integers(1, 3),
       coach=st.sampled_from(list(CoachLevel)))
def test_no_seat_view_holds_what_its_viewer_may_not_see(seed: int, players: int, seats: int,
                                                        coach: CoachLevel) -> None:
    table = Table.new("abcd2345", Options(players=players, coach=(CoachLevel.OFF, coach)[: 2 if coach.value != "off"
                                                                                          else 1], seed=seed),
                      HOST, now=0.0)
    names = [p.name for p in table.places][1 : 1 + 2 * seats : 2]
    secrets = {name: table.take(name, f"P{name}", now=0.0) for name in names}
    table.start(HOST, now=1.0)
    match = table.match
    assert match is not None
    for step in range(600):
        if match.over:
            break
        if step % 7 == 0:
            for viewer in (None, *names):
                check(table.seat_view(viewer), table)
        if table.bot_due():
            table.bot_step(now=2.0)
            continue
        turn = match.decider()[0]
        reply = table.act(secrets[turn], "auto", now=2.0)
        if reply.kind.value == "confirm":
            table.act(secrets[turn], "yes", now=2.0)
    assert match.over
    for viewer in (None, *names):
        check(table.seat_view(viewer), table)


def test_a_spectators_view_is_the_public_position() -> None:
    table = Table.new("abcd2345", Options(seed=3), HOST, now=0.0)
    table.take("Dan", "Zoe", now=0.0)
    table.start(HOST, now=1.0)
    while table.bot_due():
        table.bot_step(now=2.0)
    view = table.seat_view(None)
    assert view.hand == frozenset() and view.choices is None and not view.alerts and view.offered is None
    assert view.position is not None and view.position.hands == {}
    assert view.position.sizes == table.match.state.sizes  # type: ignore[union-attr]
    assert Card.parse("2S") not in view.hand
