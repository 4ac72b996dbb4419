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

:func:`by_set` groups the same events by the set they touched: what changed
in each (a card taken, a card asked for and not held, a claim), in the order
things happened; the passes on their own:

    >>> [(str(news.half_suit), [(type(b).__name__, b.who, b.whom, str(b.card)) for b in news.bits])
    ...  for news in by_set(r)]
    [('LH', [('Took', 'Dan', ('Cat',), '2H'), ('Missed', 'Dan', ('Eve',), '3H')])]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from trainer.game.cards import Card, HalfSuit
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


@dataclass(frozen=True)
class Took:
    """``who`` took ``card`` from ``whom`` (one name): a hit."""

    who: str
    whom: tuple[str, ...]
    card: Card


@dataclass(frozen=True)
class Missed:
    """``who`` asked each of ``whom`` for ``card`` and none of them had it."""

    who: str
    whom: tuple[str, ...]
    card: Card


@dataclass(frozen=True)
class Claimed:
    """``who`` claimed the set (the claim itself, for its outcome)."""

    who: str
    claim: Claim
    whom: tuple[str, ...] = ()
    card: None = None


Bit = Took | Missed | Claimed
"""One thing that changed in a set."""


@dataclass(frozen=True)
class SetNews:
    """What changed in one set since the person's last move, in order; ``half_suit`` is ``None`` for the
    passes (the turn handed to a teammate), which touch no set."""

    half_suit: HalfSuit | None
    bits: tuple[Bit, ...] = ()
    passes: tuple[Pass, ...] = ()


def by_set(summary: Recap) -> tuple[SetNews, ...]:
    """The recap grouped by set, in the order the sets were first touched: each set's hits, misses (one
    asker's misses for the same card are one bit, however many were asked) and claims; the passes last.
    Only what the events say in public: who asked whom for what, and the answers.

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Fay
    ... Fay asks Ann for QS: yes
    ... Fay asks Ann for JC: no
    ... Ann asks Bob for 9C: no
    ... Bob asks Ann for 10C: no
    ... Ann asks Dan for 9C: no''')
    >>> news = by_set(recap(game.setup, game.events, "Eve"))
    >>> [(str(n.half_suit), [(b.who, b.whom) for b in n.bits]) for n in news]
    [('HS', [('Fay', ('Ann',))]), ('HC', [('Fay', ('Ann',)), ('Ann', ('Bob', 'Dan')), ('Bob', ('Ann',))])]
    """
    sets: dict[HalfSuit, list[Bit]] = {}
    passes: list[Pass] = []
    for turn in summary.turns:
        if isinstance(turn.other, Claim):
            sets.setdefault(turn.other.half_suit, []).append(Claimed(turn.player, turn.other))
        elif isinstance(turn.other, Pass):
            passes.append(turn.other)
        for ask in turn.asks:
            bits = sets.setdefault(ask.card.half_suit, [])
            if ask.hit:
                bits.append(Took(ask.asker, (ask.target,), ask.card))
                continue
            same = next((i for i, b in enumerate(bits) if isinstance(b, Missed) and b.who == ask.asker
                         and b.card == ask.card), None)
            if same is None:
                bits.append(Missed(ask.asker, (ask.target,), ask.card))
            elif ask.target not in bits[same].whom:
                bits[same] = Missed(ask.asker, (*bits[same].whom, ask.target), ask.card)
    news = [SetNews(half, tuple(bits)) for half, bits in sets.items()]
    if passes:
        news.append(SetNews(None, (), tuple(passes)))
    return tuple(news)


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
