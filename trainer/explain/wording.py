"""Reasons gathered into short sentences: one clause per player (or per card) instead of one per fact.

A step lists why players are ruled out, one reason per fact, as the table
gives them. Said one by one they make long, repetitive sentences; gathered
by player (or, when each player gives one reason, by card) they read as a
person would say them:

    >>> gather(["Bob said no to 9H on move 119", "Bob said no to KH on move 102",
    ...         "Bob asked for 5D on move 116, so did not hold it", "Bob asked for 3H on move 101, so did not hold it"])
    ['Bob said no to 9H KH (moves 119, 102)', 'Bob asked for 5D 3H (moves 116, 101), so held none of them']
    >>> gather(["Ann said no to 3C on move 10", "Bob said no to 3C on move 44", "3C is not in your hand"])
    ['Ann and Bob said no to 3C (moves 10, 44)', '3C is not in your hand']

Texts of any other form are kept as they are, in their place.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple


class _Form(NamedTuple):
    """One way a reason is worded: how to read it, and how to say several at once."""

    pattern: re.Pattern[str]
    by_player: Callable[[str, str, str], str]  # player, cards, notes -> sentence
    by_card: Callable[[str, str, str], str] | None  # players, card, notes -> sentence (None: by player only)
    moves: bool = False  # the notes are move numbers


def _moves(numbers: Sequence[str]) -> str:
    return f"move {numbers[0]}" if len(numbers) == 1 else f"moves {', '.join(numbers)}"


_FORMS = {
    "no": _Form(
        re.compile(r"(?P<player>\S+) said no to (?P<card>\S+) on move (?P<note>\d+)"),
        lambda p, cs, ns: f"{p} said no to {cs} ({ns})",
        lambda ps, c, ns: f"{ps} said no to {c} ({ns})",
        moves=True,
    ),
    "asked": _Form(
        re.compile(r"(?P<player>\S+) asked for (?P<card>\S+) on move (?P<note>\d+), so did not hold it"),
        lambda p, cs, ns: f"{p} asked for {cs} ({ns}), so held none of them",
        lambda ps, c, ns: f"{ps} asked for {c} ({ns}), so did not hold it",
        moves=True,
    ),
    "lacks": _Form(
        re.compile(r"(?P<player>\S+) does not hold (?P<card>\S+) \((?P<note>[^()]*)\)"),
        lambda p, cs, ns: f"{p} does not hold {cs} ({ns})",
        lambda ps, c, ns: f"{ps} do not hold {c} ({ns})",
    ),
    "holds": _Form(
        re.compile(r"(?P<player>\S+) holds (?P<card>\S+) \((?P<note>[^()]*)\)"),
        lambda p, cs, ns: f"{p} holds {cs} ({ns})",
        lambda ps, c, ns: f"{ps} hold {c} ({ns})",
    ),
    "still": _Form(
        re.compile(r"(?P<player>\S+) still had (?P<card>\S+) then \(gave it up on move (?P<note>\d+)\)"),
        lambda p, cs, ns: f"{p} still had {cs} then (gave them up on {ns})",
        None,
        moves=True,
    ),
    "with": _Form(
        re.compile(r"(?P<card>\S+) was with (?P<player>\S+) then"),
        lambda p, cs, ns: f"{cs} were with {p} then",
        None,
    ),
    "hand": _Form(
        re.compile(r"(?P<card>\S+) is not in your (?P<player>hand)"),
        lambda p, cs, ns: f"{cs} are not in your hand",
        lambda ps, c, ns: f"{c} is not in your hand",
    ),
}


def names(players: Iterable[str]) -> str:
    """Players (or anything named) in a list a person would say.

    >>> names(["Bob"]), names(["Bob", "Dan"]), names(["Bob", "Cat", "Dan"])
    ('Bob', 'Bob and Dan', 'Bob, Cat and Dan')
    """
    listed = list(players)
    return ", ".join(listed[:-1]) + f" and {listed[-1]}" if len(listed) > 1 else listed[0]


class _Reason(NamedTuple):
    kind: str
    player: str
    card: str
    note: str


def _read(text: str) -> _Reason | None:
    for kind, form in _FORMS.items():
        found = form.pattern.fullmatch(text)
        if found is not None:
            return _Reason(kind, found["player"], found["card"], found.groupdict().get("note") or "")
    return None


def _say(group: Sequence[_Reason], by_player: bool) -> str:
    kind = group[0].kind
    form = _FORMS[kind]
    notes = [r.note for r in group]
    said = _moves(notes) if form.moves else ", ".join(dict.fromkeys(notes))
    if by_player or form.by_card is None:
        return form.by_player(group[0].player, " ".join(r.card for r in group), said)
    return form.by_card(names([r.player for r in group]), group[0].card, said)


def gather(texts: Iterable[str]) -> list[str]:
    """The reasons, duplicates dropped and reasons of one form gathered, each group where its first one stood.

    Reasons of one form are gathered by player, or by card when there are more players than cards.

    >>> gather(["Cat does not hold 2H (⟨2⟩)", "Dan does not hold 2H (⟨3⟩)", "Cat does not hold 2H (⟨2⟩)"])
    ['Cat and Dan do not hold 2H (⟨2⟩, ⟨3⟩)']
    >>> gather(["Bob holds 3D (b)", "Bob holds 4D (b)", "Bob holds 7D (c)", "Eve has no cards left"])
    ['Bob holds 3D 4D (b)', 'Bob holds 7D (c)', 'Eve has no cards left']
    >>> gather(["Eve still had 10C then (gave it up on move 20)", "Eve still had AC then (gave it up on move 78)",
    ...         "10C was with Ann then", "KC was with Ann then"])
    ['Eve still had 10C AC then (gave them up on moves 20, 78)', '10C KC were with Ann then']
    """
    unique = list(dict.fromkeys(texts))
    reasons = [_read(text) for text in unique]
    by_player: dict[str, bool] = {}
    for kind in {r.kind for r in reasons if r is not None}:
        same = [r for r in reasons if r is not None and r.kind == kind]
        by_player[kind] = _FORMS[kind].by_card is None or len({r.player for r in same}) <= len({r.card for r in same})

    def key(r: _Reason) -> tuple[str, str, str]:
        # a player's derived facts are gathered only when they rest on the same step
        return (r.kind, r.player, r.note if r.kind in ("lacks", "holds") else "") if by_player[r.kind] \
            else (r.kind, r.card, "")

    groups: dict[tuple[str, str, str], list[_Reason]] = {}
    for r in reasons:
        if r is not None:
            groups.setdefault(key(r), []).append(r)
    out: list[str] = []
    said: set[tuple[str, str, str]] = set()
    for text, r in zip(unique, reasons, strict=True):
        if r is None:
            out.append(text)
            continue
        if key(r) in said:
            continue
        said.add(key(r))
        group = groups[key(r)]
        out.append(text if len(group) == 1 else _say(group, by_player[r.kind]))
    return out


def join_reasons(texts: Iterable[str]) -> str:
    """The reasons gathered (:func:`gather`) and said in one clause each, separated by semicolons.

    >>> join_reasons(["Cat does not hold 2H (⟨2⟩)", "Dan does not hold 2H (⟨3⟩)", "you hold 3H"])
    'Cat and Dan do not hold 2H (⟨2⟩, ⟨3⟩); you hold 3H'
    """
    return "; ".join(gather(texts))
