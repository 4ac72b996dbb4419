"""Each player's and each team's totals over a reviewed game: asks, hits, bits, and the notes counted.

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... Ann asks Bob for 3D: yes
    ... Ann asks Bob for 4D: no''')
    >>> players, teams = summaries(game.setup, game.events, {p: [1.0, 0.5] for p in game.setup.players}, [])
    >>> players["Ann"].asks, players["Ann"].accuracy, teams[1].bits_gained, teams[2].bits_given_away
    (2, 0.5, 1.5, 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from trainer.game.cards import HalfSuit
from trainer.game.events import Ask, Event
from trainer.game.state import Setup
from trainer.review.notes import Note, NoteKind


@dataclass
class PlayerSummary:
    """One player's (or one team's) totals over the game."""

    asks: int = 0
    hits: int = 0
    bits_gained: float = 0.0
    bits_given_away: float = 0.0
    safe_claims_missed: int = 0
    lost_claims: int = 0
    wasted_asks: int = 0
    risky_claims: int = 0
    wrong_claims: int = 0
    best_asks_missed: int = 0
    out_of_turn_claims: int = 0
    proven_held: int = 0
    """Cards the other team could prove the player held, because of the player's own asks (public view)."""
    proven_not_held: int = 0
    """Cards the other team could prove the player did not hold, because of the player's own asks."""

    @property
    def accuracy(self) -> float | None:
        """Hits per ask (``None`` without asks)."""
        return self.hits / self.asks if self.asks else None

    def add(self, other: PlayerSummary) -> None:
        """Add another summary's totals to this one."""
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def as_json(self) -> dict[str, object]:
        """The totals, bits rounded to 3 decimals."""
        out: dict[str, object] = {"asks": self.asks, "hits": self.hits}
        out["accuracy"] = None if self.accuracy is None else round(self.accuracy, 4)
        for name in ("bits_gained", "bits_given_away"):
            out[name] = round(getattr(self, name), 3)
        for name in ("safe_claims_missed", "lost_claims", "wasted_asks", "risky_claims", "wrong_claims",
                     "best_asks_missed", "out_of_turn_claims", "proven_held", "proven_not_held"):
            out[name] = getattr(self, name)
        return out


def summaries(
    setup: Setup,
    events: Sequence[Event],
    bits: dict[str, list[float]],
    notes: Sequence[Note],
    given: dict[str, tuple[int, int]] | None = None,
) -> tuple[dict[str, PlayerSummary], dict[int, PlayerSummary]]:
    """Each player's totals and each team's, from the bits each event gave each player, the notes, and
    ``given``: per player the cards their asks let the table prove they held and did not hold
    (:func:`trainer.review.giveaway.counts`)."""
    players = {p: PlayerSummary() for p in setup.players}
    for p, (held, not_held) in (given or {}).items():
        players[p].proven_held, players[p].proven_not_held = held, not_held
    for i, event in enumerate(events):
        if not isinstance(event, Ask):
            continue
        mine = players[event.asker]
        mine.asks += 1
        mine.hits += event.hit
        mine.bits_gained += bits[event.asker][i]
        opponents = setup.members(3 - setup.team(event.asker))
        mine.bits_given_away += sum(bits[p][i] for p in opponents) / len(opponents)
    missed: dict[str, set[HalfSuit]] = {p: set() for p in setup.players}
    lost: dict[str, set[HalfSuit]] = {p: set() for p in setup.players}
    for note in notes:
        mine = players[note.player]
        kind = note.kind
        match kind:
            case NoteKind.SAFE_CLAIM | NoteKind.LOST_CLAIM:
                if note.half_suit is not None:
                    missed[note.player].add(note.half_suit)
                    if kind is NoteKind.LOST_CLAIM:
                        lost[note.player].add(note.half_suit)
            case NoteKind.WASTED_ASK:
                mine.wasted_asks += 1
            case NoteKind.RISKY_CLAIM:
                mine.risky_claims += 1
            case NoteKind.WRONG_CLAIM:
                mine.wrong_claims += 1
            case NoteKind.BEST_ASK:
                mine.best_asks_missed += 1
            case NoteKind.OUT_OF_TURN:
                mine.out_of_turn_claims += 1
            case NoteKind.KEPT_SET:  # (the claim of a set kept while certain: counted when it became certain)
                pass
            case _:
                assert_never(kind)
    for p in setup.players:
        players[p].safe_claims_missed = len(missed[p])
        players[p].lost_claims = len(lost[p])
    teams = {1: PlayerSummary(), 2: PlayerSummary()}
    for p, s in players.items():
        teams[setup.team(p)].add(s)
    return players, teams
