"""The exact engine checked against brute force: every deal enumerated, each replayed against the history.

Enumerating is only possible late in a game, when few cards are of unknown whereabouts. The enumeration is
bounded by construction: :func:`late_position` picks a position whose deals to enumerate are at most
:data:`MOST_DEALS`, and :func:`brute_force` refuses (an assertion, never a silent pass) a position with more
than :data:`MAX_DEALS`. Every check compares at least one deal: the true deal always fits its own game.

    >>> import random
    >>> from trainer.game.randomplay import random_game
    >>> game = random_game(random.Random(2), "classic", 6)
    >>> n = late_position(game, "Ann", most=500)
    >>> 1 < deals_to_enumerate(game.setup, game.events[:n], "Ann") <= 500 < deals_to_enumerate(
    ...     game.setup, game.events[: n - 1], "Ann")
    True
    >>> assert_matches_brute_force(game, n, "Ann") >= 1
    True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from math import factorial

from trainer.engine import solve
from trainer.game.cards import Card
from trainer.game.events import Ask, Claim, Event
from trainer.game.notation import Game
from trainer.game.state import Setup, State

MAX_DEALS = 20_000
"""The most deals :func:`brute_force` enumerates (a few seconds of replays)."""
MOST_DEALS = 10_000
"""The most deals of a position :func:`late_position` picks."""


def known_holders(setup: Setup, events: Sequence[Event], viewer: str | None) -> dict[Card, str]:
    """Who was dealt each card the history shows: the viewer's hand, the first hit on a card (the target held
    it), and a claim's cards that no earlier hit moved."""
    dealt: dict[Card, str] = {}
    if viewer:
        dealt.update(dict.fromkeys(setup.hands[viewer], viewer))
    for i, event in enumerate(events):
        if not (isinstance(event, Ask) and event.hit) or event.card in dealt:
            continue
        if not any(isinstance(e, Ask) and e.hit and e.card is event.card for e in events[:i]):
            dealt[event.card] = event.target
    for i, event in enumerate(events):
        if isinstance(event, Claim):
            for card, holder in event.holders().items():
                if card not in dealt and not any(
                    isinstance(e, Ask) and e.hit and e.card is card for e in events[:i]
                ):
                    dealt[card] = holder
    return dealt


def _rooms(setup: Setup, dealt: dict[Card, str]) -> tuple[list[Card], dict[str, int]]:
    """The cards of unknown deal, and how many of them each player was dealt."""
    room = dict(setup.dealt_sizes)
    for holder in dealt.values():
        room[holder] -= 1
    return [c for c in setup.variant.cards if c not in dealt], room


def deals_to_enumerate(setup: Setup, events: Sequence[Event], viewer: str | None) -> int:
    """How many deals :func:`brute_force` replays: the unknown cards shared out in the players' rooms
    (only shrinks along a game: each card placed divides it by the cards unknown and multiplies it by a room)."""
    unknown, room = _rooms(setup, known_holders(setup, events, viewer))
    ways = factorial(len(unknown))
    for left in room.values():
        ways //= factorial(max(left, 0))
    return ways


def brute_force(setup: Setup, events: Sequence[Event], viewer: str | None) -> tuple[int, dict[Card, dict[str, int]]]:
    """Enumerate every deal; keep those under which every event is possible: how many, and for each card in
    play how many of them put it with each player."""
    state = State(setup.only(viewer) if viewer else setup.public())
    for event in events:
        state.apply(event)
    size = deals_to_enumerate(setup, events, viewer)
    assert size <= MAX_DEALS, f"{size} deals are too many to enumerate: take a later position"
    dealt = known_holders(setup, events, viewer)
    unknown, room = _rooms(setup, dealt)
    total = 0
    per: dict[Card, dict[str, int]] = {}
    for deal in _assign(unknown, room):
        ok, current = _replay(setup, events, dealt | deal)
        if ok:
            total += 1
            for card, holder in current.items():
                per.setdefault(card, {}).setdefault(holder, 0)
                per[card][holder] += 1
    return total, per


def _assign(cards: list[Card], room: dict[str, int]) -> Iterator[dict[Card, str]]:
    if not cards:
        yield {}
        return
    first, rest = cards[0], cards[1:]
    for player, left in room.items():
        if left > 0:
            room[player] -= 1
            for tail in _assign(rest, room):
                yield {first: player} | tail
            room[player] += 1


def _replay(setup: Setup, events: Sequence[Event], deal: dict[Card, str]) -> tuple[bool, dict[Card, str]]:
    holder = dict(deal)
    claimed: set[Card] = set()
    for event in events:
        if isinstance(event, Ask):
            same_set = [c for c in event.card.half_suit.cards if c is not event.card and c not in claimed]
            if holder[event.card] == event.asker or not any(holder[c] == event.asker for c in same_set):
                return False, {}
            if (holder[event.card] == event.target) != event.hit:
                return False, {}
            if event.hit:
                holder[event.card] = event.asker
        elif isinstance(event, Claim):
            for card, who in event.holders().items():
                if holder[card] != who:
                    return False, {}
                claimed.add(card)
    return True, {c: p for c, p in holder.items() if c not in claimed}


def late_position(game: Game, viewer: str | None, most: int = MOST_DEALS) -> int:
    """The first event count after which brute force enumerates at most ``most`` deals (there is one: once
    every set is claimed, one deal is left)."""
    lo, hi = 0, len(game.events)
    assert deals_to_enumerate(game.setup, game.events, viewer) <= most
    while lo < hi:  # the deals to enumerate only shrink along the game
        mid = (lo + hi) // 2
        if deals_to_enumerate(game.setup, game.events[:mid], viewer) <= most:
            hi = mid
        else:
            lo = mid + 1
    return lo


def assert_matches_brute_force(game: Game, n: int, who: str | None) -> int:
    """Check the engine's count and every card's holders after ``n`` events against brute force; the
    number of deals compared (at least one)."""
    events = game.events[:n]
    k = solve(game.setup, events, who)
    total, per = brute_force(game.setup, events, who)
    assert total >= 1  # the true deal fits
    assert k.deals == total
    for card in k.cards:
        assert {p: k.count(card, p) for p in game.setup.players if k.count(card, p)} == per[card]
    return total
