"""Reasons gathered into short sentences: one clause per player (or per card) instead of one per fact.

A step lists why players are ruled out, one reason per fact, as the table
gives them. A reason of a known form is a value (:class:`Reason`: its kind,
player, card and note), so reasons of one kind are gathered by player (or,
when each player gives one reason, by card) and said as a person would say
them, the cards kept as values (:class:`~trainer.explain.said.Said`):

    >>> from trainer.game.cards import Card
    >>> from trainer.explain.said import Move
    >>> c = Card.parse
    >>> m = Move
    >>> [str(s) for s in gather([Reason("no", "Bob", c("9H"), m(119)), Reason("no", "Bob", c("KH"), m(102)),
    ...                          Reason("asked", "Bob", c("5D"), m(116)), Reason("asked", "Bob", c("3H"), m(101))])]
    ['Bob said no to 9H KH (moves 119, 102)', 'Bob asked for 5D 3H (moves 116, 101), so held none of them']
    >>> [str(s) for s in gather([Reason("no", "Ann", c("3C"), m(10)), Reason("no", "Bob", c("3C"), m(44)),
    ...                          Reason("hand", "hand", c("3C"))])]
    ['Ann and Bob said no to 3C (moves 10, 44)', '3C is not in your hand']

Sentences of any other form (a :class:`~trainer.explain.said.Said`) are kept as they are, in their place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from trainer.explain.said import Move, Said, agree, moves_said, names
from trainer.game.cards import Card

Parts = Sequence[Card]


class Reason(NamedTuple):
    """One reason of a known form: ``kind`` (``no``, ``asked``, ``lacks``, ``holds``, ``still``, ``with``,
    ``hand``), the player, the card and a note (a move number, a step reference or ``the supposition``).

    >>> told = Reason("asked", "Bob", Card.parse("5D"), Move(116)).said()
    >>> str(told), told.moves()
    ('Bob asked for 5D on move 116, so did not hold it', (116,))
    """

    kind: str
    player: str
    card: Card
    note: str | Move = ""

    def said(self) -> Said:
        """The reason alone, in words."""
        return _FORMS[self.kind].one(self.player, self.card, self.note)


Clause = Said | Reason
"""A reason: a value of a known form, or a sentence kept as it is."""


def said(clause: Clause) -> Said:
    """A clause in words."""
    return clause.said() if isinstance(clause, Reason) else clause


def _cards(cards: Parts) -> Said:
    return Said.join(" ", cards)


class _Form(NamedTuple):
    """One way a reason is worded: alone, several cards of one player, several players of one card."""

    one: Callable[[str, Card, str | Move], Said]  # player, card, note
    by_player: Callable[[str, Parts, Said], Said]  # player, cards, notes
    by_card: Callable[[list[str], Card, Said], Said] | None  # players, card, notes (None: by player only)
    moves: bool = False  # the notes are move numbers


_FORMS = {
    "no": _Form(
        lambda p, c, n: Said.of(f"{p} said no to ", c, " on move ", n),
        lambda p, cs, ns: Said.of(f"{p} said no to ", _cards(cs), " (", ns, ")"),
        lambda ps, c, ns: Said.of(f"{names(ps)} said no to ", c, " (", ns, ")"),
        moves=True,
    ),
    "asked": _Form(
        lambda p, c, n: Said.of(f"{p} asked for ", c, " on move ", n, ", so did not hold it"),
        lambda p, cs, ns: Said.of(f"{p} asked for ", _cards(cs), " (", ns, "), so held none of them"),
        lambda ps, c, ns: Said.of(f"{names(ps)} asked for ", c, " (", ns, "), so did not hold it"),
        moves=True,
    ),
    "lacks": _Form(
        lambda p, c, n: Said.of(f"{p} does not hold ", c, " (", n, ")"),
        lambda p, cs, ns: Said.of(f"{p} does not hold ", _cards(cs), " (", ns, ")"),
        lambda ps, c, ns: Said.of(agree(ps, "does not hold", "do not hold") + " ", c, " (", ns, ")"),
    ),
    "holds": _Form(
        lambda p, c, n: Said.of(f"{p} holds ", c, " (", n, ")"),
        lambda p, cs, ns: Said.of(f"{p} holds ", _cards(cs), " (", ns, ")"),
        lambda ps, c, ns: Said.of(agree(ps, "holds", "hold") + " ", c, " (", ns, ")"),
    ),
    "still": _Form(
        lambda p, c, n: Said.of(f"{p} still had ", c, " then (gave it up on move ", n, ")"),
        lambda p, cs, ns: Said.of(f"{p} still had ", _cards(cs), " then (gave them up on ", ns, ")"),
        None,
        moves=True,
    ),
    "with": _Form(
        lambda p, c, n: Said.of(c, f" was with {p} then", *((" (taken on move ", n, ")") if n else ())),
        lambda p, cs, ns: Said.of(_cards(cs), f" were with {p} then", *((" (taken on ", ns, ")") if ns else ())),
        None,
        moves=True,
    ),
    "hand": _Form(
        lambda p, c, n: Said.of(c, " is not in your hand"),
        lambda p, cs, ns: Said.of(_cards(cs), " are not in your hand"),
        None,
    ),
}


def _say(group: Sequence[Reason], by_player: bool) -> Said:
    form = _FORMS[group[0].kind]
    notes = [r.note for r in group]
    numbers = list(dict.fromkeys(n for n in notes if isinstance(n, Move)))
    told = (moves_said(numbers) if numbers else Said()) if form.moves \
        else Said.of(", ".join(dict.fromkeys(str(n) for n in notes)))
    if by_player or form.by_card is None:
        return form.by_player(group[0].player, list(dict.fromkeys(r.card for r in group)), told)
    return form.by_card([r.player for r in group], group[0].card, told)


def gather(clauses: Iterable[Clause]) -> list[Said]:
    """The reasons, duplicates dropped and reasons of one form gathered, each group where its first one stood.

    Reasons of one form are gathered by player, or by card when there are more players than cards.

    >>> c = Card.parse
    >>> [str(s) for s in gather([Reason("lacks", "Cat", c("2H"), "⟨2⟩"), Reason("lacks", "Dan", c("2H"), "⟨3⟩"),
    ...                          Reason("lacks", "Cat", c("2H"), "⟨2⟩")])]
    ['Cat and Dan do not hold 2H (⟨2⟩, ⟨3⟩)']
    >>> [str(s) for s in gather([Reason("holds", "Bob", c("3D"), "b"), Reason("holds", "Bob", c("4D"), "b"),
    ...                          Reason("holds", "Bob", c("7D"), "c"), Said.of("Eve has no cards left")])]
    ['Bob holds 3D 4D (b)', 'Bob holds 7D (c)', 'Eve has no cards left']
    >>> [str(s) for s in gather([Reason("still", "Eve", c("10C"), Move(20)), Reason("still", "Eve", c("AC"), Move(78)),
    ...                          Reason("with", "Ann", c("10C")), Reason("with", "Ann", c("KC"))])]
    ['Eve still had 10C AC then (gave them up on moves 20, 78)', '10C KC were with Ann then']
    >>> [str(s) for s in gather([Reason("with", "Ann", c("10C"), Move(20)), Reason("with", "Ann", c("KC"), Move(31))])]
    ['10C KC were with Ann then (taken on moves 20, 31)']
    """
    unique = list(dict.fromkeys(clauses))
    reasons = [r for r in unique if isinstance(r, Reason)]
    by_player: dict[str, bool] = {}
    for kind in {r.kind for r in reasons}:
        same = [r for r in reasons if r.kind == kind]
        by_player[kind] = _FORMS[kind].by_card is None or len({r.player for r in same}) <= len({r.card for r in same})

    def key(r: Reason) -> tuple[str, str, object]:
        # a player's derived facts are gathered only when they rest on the same step
        return (r.kind, r.player, r.note if r.kind in ("lacks", "holds") else "") if by_player[r.kind] \
            else (r.kind, "", r.card)

    groups: dict[tuple[str, str, object], list[Reason]] = {}
    for r in reasons:
        groups.setdefault(key(r), []).append(r)
    out: list[Said] = []
    told: set[tuple[str, str, object]] = set()
    for clause in unique:
        if not isinstance(clause, Reason):
            out.append(clause)
            continue
        if key(clause) in told:
            continue
        told.add(key(clause))
        group = groups[key(clause)]
        out.append(clause.said() if len(group) == 1 else _say(group, by_player[clause.kind]))
    return out


def join_reasons(clauses: Iterable[Clause]) -> Said:
    """The reasons gathered (:func:`gather`) and said in one clause each, separated by semicolons.

    >>> str(join_reasons([Reason("lacks", "Cat", Card.parse("2H"), "⟨2⟩"),
    ...                   Reason("lacks", "Dan", Card.parse("2H"), "⟨3⟩"), Said.of("you hold 3H")]))
    'Cat and Dan do not hold 2H (⟨2⟩, ⟨3⟩); you hold 3H'
    """
    return Said.join("; ", gather(clauses))
