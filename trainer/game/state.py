"""The table (who plays, who dealt, which hands are known) and the position.

:class:`State` replays events and checks every rule that can be checked with
what is known: turn order, teams, cards still in play, empty hands, and, where
a hand is listed, that the asker holds another card of the set and the
target's answer is true.

    >>> from trainer.game.cards import Card
    >>> setup = Setup.create("classic", "Ann Bob Cat Dan Eve Fay".split(), dealer="Cat")
    >>> state = State(setup)
    >>> state.apply(Ask("Cat", "Bob", Card.parse("3D"), hit=False))
    >>> state.turn, state.sizes["Bob"]
    ('Bob', 8)
    >>> state.apply(Ask("Bob", "Dan", Card.parse("9S"), hit=True))
    Traceback (most recent call last):
    ...
    trainer.game.errors.IllegalEventError: Bob cannot ask Dan: they are on the same team
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import overload

from trainer.game.cards import Card, HalfSuit
from trainer.game.errors import IllegalEventError, ImpossibleHistoryError, NotationError
from trainer.game.events import Ask, Claim, Event, Pass
from trainer.game.variants import PLAYER_COUNTS, Variant

_NOT_IN_NAMES = set(":#,;()")


def check_name(name: str) -> str:
    """Return ``name`` if it can be a player's name (one word, no ``: # , ; ( )``), else raise.

    >>> check_name("Ann")
    'Ann'
    >>> check_name("Ann:")
    Traceback (most recent call last):
    ...
    trainer.game.errors.NotationError: 'Ann:' cannot be a player's name: it contains ':'
    """
    if not name or any(ch.isspace() for ch in name):
        raise NotationError(f"{name!r} cannot be a player's name: names are single words")
    bad = sorted(set(name) & _NOT_IN_NAMES)
    if bad:
        raise NotationError(f"{name!r} cannot be a player's name: it contains {bad[0]!r}")
    return name


@dataclass(frozen=True)
class Setup:
    """Everything before the first event: variant, seats, dealer, listed hands."""

    variant: Variant
    players: tuple[str, ...]
    dealer: str
    hands: Mapping[str, frozenset[Card]] = field(default_factory=dict)

    @classmethod
    def create(
        cls,
        variant: Variant | str,
        players: Iterable[str],
        dealer: str | None = None,
        hands: Mapping[str, Iterable[Card]] | None = None,
    ) -> Setup:
        """Build and validate a setup; ``dealer`` defaults to the first seat."""
        seats = tuple(players)
        if len(seats) not in PLAYER_COUNTS:
            raise NotationError(f"a game has 6 or 8 players, not {len(seats)}")
        for name in seats:
            check_name(name)
        if len(set(seats)) != len(seats):
            raise NotationError("a player name appears twice in 'players:'")
        listed = {p: frozenset(h) for p, h in (hands or {}).items()}
        kind = variant if isinstance(variant, Variant) else Variant.parse(variant)
        setup = cls(kind, seats, dealer or seats[0], listed)
        setup.validate()
        return setup

    def validate(self) -> None:
        """Check the dealer, and that listed hands fit the deal."""
        if self.dealer not in self.players:
            raise NotationError(f"unknown dealer {self.dealer!r}")
        owner: dict[Card, str] = {}
        for player, hand in self.hands.items():
            self.check_player(player)
            want = self.dealt_size(player)
            if len(hand) != want:
                raise NotationError(f"{player} was dealt {want} cards, but {len(hand)} are listed")
            for card in sorted(hand):
                if not self.variant.has(card):
                    raise NotationError(self.not_in_variant(card))
                if card in owner:
                    raise NotationError(f"{card} is listed in the hands of {owner[card]} and {player}")
                owner[card] = player

    def not_in_variant(self, card: Card) -> str:
        """The message for a card this variant does not use."""
        return f"{card} is not in {self.variant.value} (it has no 8s or jokers)"

    def check_player(self, name: str) -> str:
        """Return ``name`` if it is a player at the table, else raise."""
        if name not in self.seat_of:
            raise NotationError(f"unknown player {name!r} (players: {' '.join(self.players)})")
        return name

    @cached_property
    def seat_of(self) -> dict[str, int]:
        """Seat index (0-based) of each player."""
        return {p: i for i, p in enumerate(self.players)}

    def team(self, player: str) -> int:
        """Team 1 holds seats 1, 3, 5 (7); team 2 seats 2, 4, 6 (8)."""
        return 1 + self.seat_of[player] % 2

    def members(self, team: int) -> tuple[str, ...]:
        """The players of a team, in seat order."""
        return self._teams[team - 1]

    @cached_property
    def _teams(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        return self.players[0::2], self.players[1::2]

    @property
    def dealt_sizes(self) -> dict[str, int]:
        """How many cards each player was dealt (a fresh dict)."""
        return dict(self._dealt)

    @cached_property
    def _dealt(self) -> dict[str, int]:
        sizes = self.variant.hand_sizes(len(self.players), self.players.index(self.dealer))
        return dict(zip(self.players, sizes, strict=True))

    def dealt_size(self, player: str) -> int:
        """How many cards ``player`` was dealt."""
        return self._dealt[player]

    def only(self, player: str) -> Setup:
        """The same table with only ``player``'s hand listed (``None``: no hand)."""
        hands = {player: self.hands[player]} if player in self.hands else {}
        return Setup(self.variant, self.players, self.dealer, hands)

    def public(self) -> Setup:
        """The same table with no hand listed."""
        return Setup(self.variant, self.players, self.dealer, {})

    def seen_by(self, viewer: str | None) -> Setup:
        """The table as ``viewer`` knows it: only their hand (``None``: the public, no hand).

        >>> Setup.create("classic", "A B C D E F".split()).seen_by("A")
        Traceback (most recent call last):
        ...
        trainer.game.errors.NotationError: A's hand is not listed, so the game cannot be seen as A
        """
        if viewer is None:
            return self.public()
        self.check_player(viewer)
        if viewer not in self.hands:
            raise NotationError(f"{viewer}'s hand is not listed, so the game cannot be seen as {viewer}")
        return self.only(viewer)


class SetStatus(str, Enum):
    """What has become of a half-suit."""

    IN_PLAY = "in_play"
    WON = "won"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class SetResult:
    """A half-suit's status and, when won, the winning team (1 or 2)."""

    status: SetStatus = SetStatus.IN_PLAY
    team: int | None = None


class Events(Sequence[Event]):
    """A read-only view of the first ``length`` events of a shared log (see :attr:`State.events`)."""

    __slots__ = ("_length", "_log")

    def __init__(self, log: list[Event], length: int):
        self._log = log
        self._length = length

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        if isinstance(index, slice):
            return self._log[: self._length][index]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("event index out of range")
        return self._log[index]

    def __iter__(self) -> Iterator[Event]:
        return iter(self._log[: self._length])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Events | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Events({list(self)!r})"


class State:
    """The position after some events; :meth:`apply` adds one, checking the rules."""

    def __init__(self, setup: Setup):
        self.setup = setup
        self.sizes: dict[str, int] = setup.dealt_sizes
        self.hands: dict[str, set[Card]] = {p: set(h) for p, h in setup.hands.items()}
        self.located: dict[Card, str] = {}
        self.sets: dict[HalfSuit, SetResult] = dict.fromkeys(setup.variant.half_suits, SetResult())
        self.turn: str = setup.dealer
        self.picking_team: int | None = None
        self.claimer: str | None = None  # classic: who just claimed and may pass the turn to a teammate
        self._log: list[Event] = []
        self._length = 0
        self._claimed = 0

    def copy(self) -> State:
        """An independent copy (applying to it leaves this state unchanged).

        Cards, events and the setup are immutable values, so they are shared.
        """
        other = State.__new__(State)
        other.setup = self.setup
        other.sizes = dict(self.sizes)
        other.hands = {p: set(h) for p, h in self.hands.items()}
        other.located = dict(self.located)
        other.sets = dict(self.sets)
        other.turn = self.turn
        other.picking_team = self.picking_team
        other.claimer = self.claimer
        other._log = self._log  # shared: see :attr:`events`
        other._length = self._length
        other._claimed = self._claimed
        return other

    @property
    def events(self) -> Events:
        """The events played so far, oldest first (a read-only view).

        Copies share one log and see only their own prefix of it, so copying a
        state costs the same after ten events as after ten thousand: a game's
        replay, every position kept, is linear in its length.

        >>> state = State(Setup.create("classic", "A B C D E F".split()))
        >>> state.apply(Pass(None, "A")); early = state.copy()
        >>> state.apply(Ask("A", "B", Card.parse("2D"), hit=False))
        >>> len(early.events), len(state.events), early.events == [Pass(None, "A")]
        (1, 2, True)
        """
        return Events(self._log, self._length)

    # -- what is publicly known -------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The rule variant of the game."""
        return self.setup.variant

    def in_play(self, card: Card) -> bool:
        """Whether the card's set has not been claimed yet."""
        return self.sets[card.half_suit].status is SetStatus.IN_PLAY

    def known_holder(self, card: Card) -> str | None:
        """The current holder of a card in play, when a hit or a listed hand shows it."""
        if card in self.located:
            return self.located[card]
        for player, hand in self.hands.items():
            if card in hand:
                return player
        return None

    def team_cards(self, team: int) -> int:
        """How many cards the team holds now."""
        sizes = self.sizes
        return sum(sizes[p] for p in self.setup.members(team))

    @property
    def endgame(self) -> bool:
        """A team is out of cards: questions stop, the other team claims the rest."""
        if self.over:
            return False
        sizes = self.sizes
        for members in self.setup._teams:
            for player in members:
                if sizes[player]:
                    break
            else:
                return True
        return False

    @property
    def over(self) -> bool:
        """Every set has been claimed."""
        return self._claimed == len(self.sets)

    @property
    def score(self) -> dict[int, int]:
        """Sets won by each team."""
        won = [r.team for r in self.sets.values() if r.status is SetStatus.WON]
        return {1: won.count(1), 2: won.count(2)}

    @property
    def winner(self) -> int | None:
        """The winning team once the game is over; ``None`` for a tie or while playing."""
        if not self.over:
            return None
        score = self.score
        if score[1] == score[2]:
            return None
        return 1 if score[1] > score[2] else 2

    def actors(self) -> frozenset[str]:
        """The players who may ask, claim or be passed the turn now.

        Normally only the player whose turn it is. A player whose turn comes
        with no cards gives it to a teammate with cards; in ``fish54`` the
        team that won the last set picks who plays next (any of its players
        with cards). When a whole team is out of cards, the turn can only go
        to a player of the other team who still holds cards: the empty-handed
        player (or team) picks one, and only claims remain.
        """
        if self.over:
            return frozenset()
        team_of = self.setup.team
        if self.picking_team is not None:
            team = self.picking_team
        elif self.sizes[self.turn]:
            return frozenset((self.turn,))
        else:
            team = team_of(self.turn)
        chosen = self._holding(team) or self._holding(3 - team)
        return frozenset(chosen)

    def handover_targets(self) -> frozenset[str]:
        """The teammates a ``classic`` claimer may pass the turn to, just after their claim.

        The stalemate breaker: after any claim the claimer goes on, or passes
        the turn to a teammate who still holds cards (``Ann passes to Cat``).
        Empty when nobody just claimed, and in ``fish54`` (where the team
        that won the set picks, see :meth:`actors`).
        """
        claimer = self.claimer
        if claimer is None or self.over or self.turn != claimer:
            return frozenset()
        return frozenset(p for p in self._holding(self.setup.team(claimer)) if p != claimer)

    def _holding(self, team: int) -> list[str]:
        return [p for p in self.setup.members(team) if self.sizes[p]]

    # -- applying events --------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Check ``event`` against the rules and what is known, then play it."""
        if isinstance(event, Ask):
            self._ask(event)
        elif isinstance(event, Claim):
            self._claim(event)
        else:
            self._pass(event)
        if len(self._log) != self._length:  # a copy went on from here first: this state's own log, once
            self._log = self._log[: self._length]
        self._log.append(event)
        self._length += 1

    def _require_actor(self, player: str, doing: str) -> None:
        if player == self.turn and self.picking_team is None and self.sizes[player]:
            return  # the usual case, same answer as actors() without building it
        if self.over:
            raise IllegalEventError("the game is over: every set has been claimed")
        if player not in self.actors():
            allowed = " or ".join(sorted(self.actors()))
            hint = ""
            if player in self.handover_targets():
                hint = f" (after a claim {self.turn} may pass it: write '{self.turn} passes to {player}' first)"
            raise IllegalEventError(f"{player} cannot {doing} now: it is {allowed}'s turn{hint}")

    def _ask(self, ask: Ask) -> None:
        setup = self.setup
        asker, target, card = setup.check_player(ask.asker), setup.check_player(ask.target), ask.card
        if not self.variant.has(card):
            raise IllegalEventError(setup.not_in_variant(card))
        if self.endgame:
            raise IllegalEventError("questions have stopped: a team is out of cards, only claims remain")
        self._require_actor(asker, "ask")
        if setup.team(asker) == setup.team(target):
            raise IllegalEventError(f"{asker} cannot ask {target}: they are on the same team")
        if not self.in_play(card):
            raise IllegalEventError(f"{card} cannot be asked for: {card.half_suit} has been claimed")
        if not self.sizes[target]:
            raise IllegalEventError(f"{asker} cannot ask {target}: {target} has no cards")
        if asker in self.hands:
            hand = self.hands[asker]
            if card in hand:
                raise IllegalEventError(f"{asker} cannot ask for {card}: {asker} holds it")
            if not any(c.half_suit is card.half_suit for c in hand):
                raise IllegalEventError(
                    f"{asker} cannot ask for {card}: {asker} holds no other card of {card.half_suit}"
                )
        holder = self.known_holder(card)
        if holder == asker:
            raise IllegalEventError(f"{asker} cannot ask for {card}: {asker} holds it")
        if target in self.hands and (card in self.hands[target]) != ask.hit:
            if ask.hit:
                raise IllegalEventError(f"{target} cannot give {card}: {target}'s listed hand lacks it")
            raise IllegalEventError(f"{target} withheld {card}: {target}'s listed hand has it")
        if holder is not None and (holder == target) != ask.hit:
            if ask.hit:
                raise ImpossibleHistoryError(f"{target} cannot give {card}: it is known to be with {holder}")
            raise ImpossibleHistoryError(f"{target} withheld {card}: {target} is known to hold it")
        if ask.hit:
            self.sizes[target] -= 1
            self.sizes[asker] += 1
            self.hands.get(target, set()).discard(card)
            if asker in self.hands:
                self.hands[asker].add(card)
            self.located[card] = asker
            self.turn = asker
        else:
            self.turn = target
        self.picking_team = None
        self.claimer = None

    def _claim(self, claim: Claim) -> None:
        setup = self.setup
        claimer, half = setup.check_player(claim.claimer), claim.half_suit
        if half not in self.variant.half_suits:
            raise IllegalEventError(f"{half} is not a set in {self.variant.value}")
        if claim.out_of_turn:
            self._require_out_of_turn(claimer)
        else:
            self._require_actor(claimer, "claim")
        if not self.in_play(half.cards[0]):
            raise IllegalEventError(f"{half} has already been claimed")
        team = setup.team(claimer)
        declared = dict(claim.declared)
        if len(declared) != len(claim.declared):
            raise IllegalEventError("a card is named twice in the claim")
        for card, player in claim.declared:
            setup.check_player(player)
            if card.half_suit is not half:
                raise IllegalEventError(f"{card} is not in {half}")
            if setup.team(player) != team:
                raise IllegalEventError(f"{claimer} cannot name {player} in a claim: they are an opponent")
        missing = [c for c in half.cards if c not in declared]
        if missing:
            raise IllegalEventError(f"the claim of {half} misses {' '.join(map(str, missing))}")
        actual = dict(claim.actual)
        if len(actual) != len(claim.actual):
            raise IllegalEventError("a card is named twice in 'actual:'")
        for card, player in claim.actual:
            setup.check_player(player)
            if card.half_suit is not half:
                raise IllegalEventError(f"{card} in 'actual:' is not in {half}")
            if declared[card] == player:
                raise IllegalEventError(f"'actual:' gives {card} to {player}, who was declared for it")
        holders = claim.holders()
        count: dict[str, int] = {}
        for card, player in holders.items():
            known = self.known_holder(card)
            if player in self.hands and card not in self.hands[player]:
                raise IllegalEventError(f"{card} is not in {player}'s listed hand")
            if known is not None and known != player:
                raise ImpossibleHistoryError(f"{card} is known to be with {known}, not {player}")
            count[player] = count.get(player, 0) + 1
        for player, n in count.items():
            if n > self.sizes[player]:
                raise ImpossibleHistoryError(f"{player} holds {self.sizes[player]} cards, not {n}")
        for card, player in holders.items():
            self.sizes[player] -= 1
            self.hands.get(player, set()).discard(card)
            self.located.pop(card, None)
        other = 3 - team
        if claim.correct and not claim.out_of_turn:
            result = SetResult(SetStatus.WON, team)
        elif any(setup.team(p) == other for p in holders.values()) or not self.variant.misclaim_cancels:
            result = SetResult(SetStatus.WON, other)
        else:
            result = SetResult(SetStatus.CANCELLED, None)  # classic: an out-of-turn claim too, even if right
        self.sets[half] = result
        self._claimed += 1
        if claim.out_of_turn:
            return  # a penalty: the turn stays where it was
        self.turn = claimer
        self.picking_team = None
        self.claimer = claimer if self.variant.pass_after_claim else None
        if self.variant.winner_picks_next and result.team is not None:
            self.picking_team = result.team

    def _require_out_of_turn(self, claimer: str) -> None:
        """An out-of-turn claim: ``classic`` only, and only by a player who may not claim now."""
        if self.over:
            raise IllegalEventError("the game is over: every set has been claimed")
        actors = " or ".join(sorted(self.actors()))
        if not self.variant.out_of_turn_claims:
            raise IllegalEventError(
                f"fish54 has no out-of-turn claim: only the player whose turn it is may claim (it is {actors}'s turn)"
            )
        if claimer in self.actors():
            raise IllegalEventError(f"{claimer}'s claim is not out of turn: {claimer} may claim now")

    def _pass(self, event: Pass) -> None:
        setup = self.setup
        to = setup.check_player(event.to)
        if self.over:
            raise IllegalEventError("the game is over: every set has been claimed")
        if event.player is not None:
            giver = setup.check_player(event.player)
            if giver == to:
                raise IllegalEventError(f"{giver} cannot pass the turn to themselves")
            choosers = {self.turn} | set(self.actors())
            if self.picking_team is not None:
                choosers |= set(setup.members(self.picking_team))
            if giver not in choosers:
                raise IllegalEventError(f"{giver} cannot pass the turn: it is not theirs")
            if not self.endgame and setup.team(giver) != setup.team(to):
                raise IllegalEventError(f"{giver} cannot pass to {to}: they are an opponent")
        actors = self.actors()
        if to in self.handover_targets() and event.player in (None, self.claimer):
            actors = actors | {to}  # the stalemate breaker: a classic claimer hands the turn on
        if to not in actors:
            if not self.sizes[to]:
                raise IllegalEventError(f"the turn cannot pass to {to}: {to} has no cards")
            by = event.player
            if by is not None and by in actors and self.sizes[by]:
                later = " (a claimer may hand the turn to a teammate, right after the claim only)"
                raise IllegalEventError(f"{by} cannot pass the turn now: with cards in hand, {by} asks or "
                                        f"claims{later if self.variant.pass_after_claim else ''}")
            raise IllegalEventError(f"the turn cannot pass to {to} now: it is {' or '.join(sorted(actors))}'s turn")
        self.turn = to
        self.picking_team = None
        self.claimer = None
