"""What happened since the person last moved, in one place, and what each claim came to.

When the person's turn comes, :func:`recap` gathers the events since their
last move: the turns the others played (who asked whom for what), the cards
that changed hands, and the claims with their outcome
(:func:`claim_outcome`), so a turn never starts on a board the person has not
seen. The words are :mod:`trainer.render.play`'s.

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Ann
    ... Ann asks Bob for 3D: no
    ... Bob asks Ann for 9S: no
    ... Ann asks Dan for 10S: yes
    ... Ann asks Dan for 4D: no
    ... Dan asks Cat for 2H: yes
    ... Dan asks Eve for 3H: no''')
    >>> r = recap(game.setup, game.events, "Ann")
    >>> r.first, [(t.player, len(t.asks)) for t in r.turns]
    (5, [('Dan', 2)])
    >>> [(str(card), giver, taker) for card, giver, taker in r.moved]
    [('2H', 'Cat', 'Dan')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from trainer.game.cards import Card
from trainer.game.events import Ask, Claim, Event, Pass
from trainer.game.state import SetStatus, Setup, State
from trainer.review import actor_of


@dataclass(frozen=True)
class Turn:
    """One player's run of events: their asks in order, or a claim, or a pass."""

    player: str
    asks: tuple[Ask, ...] = ()
    other: Event | None = None


@dataclass(frozen=True)
class Recap:
    """The events since the person's last move (events ``first`` on, 1-based)."""

    first: int
    turns: tuple[Turn, ...] = ()
    moved: tuple[tuple[Card, str, str], ...] = field(default=())
    """Each card that changed hands: (card, from, to), in order."""

    @property
    def empty(self) -> bool:
        """Whether nothing happened since the person's last move."""
        return not self.turns


def recap(setup: Setup, events: Sequence[Event], you: str) -> Recap:
    """The events after ``you``'s last move (all of them if ``you`` has not moved yet)."""
    first = next((i + 1 for i in range(len(events) - 1, -1, -1) if actor_of(events[i]) == you), 0) + 1
    turns: list[Turn] = []
    moved: list[tuple[Card, str, str]] = []
    for event in events[first - 1 :]:
        if isinstance(event, Ask):
            if event.hit:
                moved.append((event.card, event.target, event.asker))
            if turns and turns[-1].other is None and turns[-1].player == event.asker:
                turns[-1] = Turn(event.asker, (*turns[-1].asks, event))
            else:
                turns.append(Turn(event.asker, (event,)))
        else:
            player = event.claimer if isinstance(event, Claim) else event.player if isinstance(event, Pass) else None
            turns.append(Turn(player or "", (), event))
    return Recap(first, tuple(turns), tuple(moved))


def claim_outcome(state: State, claim: Claim) -> tuple[str, int | None]:
    """What a claim came to, once played on ``state``: ``right``, ``wrong`` or ``cancelled``, and the team that
    won the set (``None``: cancelled).

    >>> from trainer.game.cards import HalfSuit
    >>> from trainer.game.notation import read_game
    >>> game = read_game(EXAMPLES / "six-diamonds.lit")  # Bob holds 2S to 7S, and it is his turn
    >>> low_spades = HalfSuit.parse("LS")
    >>> state = game.state()
    >>> claim = Claim.of("Bob", low_spades, {c: "Bob" for c in low_spades.cards})
    >>> state.apply(claim)
    >>> claim_outcome(state, claim)
    ('right', 2)
    """
    result = state.sets[claim.half_suit]
    if result.status is SetStatus.CANCELLED:
        return "wrong", None
    return ("wrong" if claim.actual else "right"), result.team
