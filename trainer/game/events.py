"""The three kinds of event in a game: asks, claims and passes of the turn.

Events are values; whether one is legal depends on the position and is
checked by :meth:`trainer.game.state.State.apply`.

    >>> ask = Ask("Cat", "Bob", Card.parse("3D"), hit=False)
    >>> str(ask)
    'Cat asks Bob for 3D: no'
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.game.cards import Card, HalfSuit


@dataclass(frozen=True, slots=True)
class Ask:
    """``asker`` asks ``target`` for ``card``; ``hit`` is the answer."""

    asker: str
    target: str
    card: Card
    hit: bool

    def __str__(self) -> str:
        answer = "yes" if self.hit else "no"
        return f"{self.asker} asks {self.target} for {self.card}: {answer}"


@dataclass(frozen=True, slots=True)
class Claim:
    """``claimer`` claims ``half_suit``.

    ``declared`` maps each of the six cards to the teammate named for it, in
    card order; ``actual`` lists only the cards whose true holder differs.
    ``out_of_turn`` marks a claim made when it was not the claimer's turn
    (``classic`` only: a penalty, see ``docs/rules.md``).

    >>> claim = Claim.of("Cat", HalfSuit.parse("LD"), {Card.parse(c): "Ann" for c in
    ...     ["2D", "3D", "4D", "5D", "6D"]} | {Card.parse("7D"): "Cat"},
    ...     actual={Card.parse("7D"): "Eve"})
    >>> str(claim)
    'Cat claims LD: Ann 2D 3D 4D 5D 6D, Cat 7D (actual: Eve 7D)'
    >>> claim.holders()[Card.parse("7D")]
    'Eve'
    >>> str(Claim.of("Eve", HalfSuit.parse("LD"), claim.holders(), out_of_turn=True))
    'Eve claims LD out of turn: Ann 2D 3D 4D 5D 6D, Eve 7D'
    """

    claimer: str
    half_suit: HalfSuit
    declared: tuple[tuple[Card, str], ...]
    actual: tuple[tuple[Card, str], ...] = ()
    out_of_turn: bool = False

    @classmethod
    def of(
        cls,
        claimer: str,
        half_suit: HalfSuit,
        declared: dict[Card, str],
        actual: dict[Card, str] | None = None,
        *,
        out_of_turn: bool = False,
    ) -> Claim:
        """Build a claim from mappings (stored sorted, so equal claims compare equal)."""
        return cls(
            claimer,
            half_suit,
            tuple(sorted(declared.items())),
            tuple(sorted((actual or {}).items())),
            out_of_turn,
        )

    def holders(self) -> dict[Card, str]:
        """The true holder of every card of the set, revealed by the claim."""
        return dict(self.declared) | dict(self.actual)

    @property
    def correct(self) -> bool:
        """Whether every card was where the claimer said."""
        return not self.actual

    def __str__(self) -> str:
        when = " out of turn" if self.out_of_turn else ""
        text = f"{self.claimer} claims {self.half_suit}{when}: {_group(self.declared)}"
        if self.actual:
            text += f" (actual: {_group(self.actual)})"
        return text


@dataclass(frozen=True, slots=True)
class Pass:
    """The turn moves to ``to``; ``player`` passes it, or ``None`` for ``turn: X``."""

    player: str | None
    to: str

    def __str__(self) -> str:
        if self.player is None:
            return f"turn: {self.to}"
        return f"{self.player} passes to {self.to}"


Event = Ask | Claim | Pass


def _group(pairs: tuple[tuple[Card, str], ...]) -> str:
    """``Ann 2D 3D, Cat 6D``: cards grouped by player, in order of first card."""
    by_player: dict[str, list[Card]] = {}
    for card, player in sorted(pairs):
        by_player.setdefault(player, []).append(card)
    return ", ".join(f"{p} " + " ".join(str(c) for c in cs) for p, cs in by_player.items())
