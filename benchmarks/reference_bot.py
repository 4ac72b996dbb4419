"""A reference opponent written from public descriptions of how popular Fish (Literature) bots play, not from ours.

Nothing here comes from ``trainer/play``: it reads the game through ``trainer/game`` alone (cards, the setup, the
state and its rules) and answers with the game's own events. What it does is what the open-source Fish bots
commonly describe (a knowledge grid, known cards first, claim when the grid is sure):

- **a YES/NO/MAYBE grid**, a cell per card and player, kept as the set of players each card may be with
  (one player: YES for that player, NO for the others), updated by every event and propagated to a fixpoint:

  - an ask proves the asker held a card of the set (and not the card asked for);
  - a miss rules the card out of the target (and of the asker); a hit places it with the asker;
  - a claim takes its set out of the game;
  - counting: a player whose YES cards fill their hand holds nothing else; a player whose YES and MAYBE cards
    are exactly their hand size holds every one of them; a player who must hold a card of a set and can hold
    only one of its cards holds that one; a card only one player can hold is with that player;

- **asks**: a card the grid places with an opponent first (the set the team holds most of first), then the
  likeliest (each possible holder weighted by their unplaced cards, twice for a player who must hold a card of
  the set); among equals, at random;
- **claims**: a set as soon as the grid places all six of its cards on the team; when it must claim (the
  endgame, or the table's stall guard) and nothing is certain, the set whose likeliest placement is most
  probable;
- **passes**: to the teammate with most cards.

It keeps no convention of its own and reads none. ``benchmarks/bots.py --reference`` measures every level
against it.

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Bob
    ... hand Ann: 2D 3D 4D 9S JS KH QH AH
    ... Bob asks Ann for 2D: yes
    ... Bob asks Ann for 10S: no''')
    >>> bot = ReferenceBot(random.Random(0))
    >>> bot.decide(game.setup.only("Ann"), game.events, "Ann", "play")
    Ask(asker='Ann', target='Bob', card=Card.parse('2D'), hit=False)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from trainer.game.cards import Card, HalfSuit
from trainer.game.events import Ask, Claim, Event, Pass
from trainer.game.state import SetStatus, Setup, State

Decision = Ask | Claim | Pass
"""The bot's move as a game event (an ask's ``hit`` is left ``False``: the table fills in the answer; a claim's
``actual`` is left empty)."""


class Grid:
    """Where each card in play may be, from one seat: the YES/NO/MAYBE grid, replayed event by event.

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Cat
    ... hand Ann: 2D 3D 4D 5D 7D 9S JS KH
    ... Cat asks Bob for 3D: no''')
    >>> grid = Grid(game.setup.only("Ann"), "Ann")
    >>> grid.update(game.events)
    >>> grid.holder(Card.parse("6D")), grid.certain(1)
    ('Cat', [HalfSuit.parse('LD')])
    """

    def __init__(self, setup: Setup, seat: str) -> None:
        self.seat = seat
        self.setup = setup
        self.state = State(setup)
        self.players = setup.players
        others = frozenset(p for p in self.players if p != seat)
        hand = setup.hands[seat]
        self.may: dict[Card, set[str]] = {c: {seat} if c in hand else set(others) for c in setup.variant.cards}
        self.must: dict[str, set[HalfSuit]] = {p: set() for p in self.players}
        self.seen = 0
        self.propagate()

    def update(self, events: Sequence[Event]) -> None:
        """Observe the events not yet seen (``events`` extends what was seen before)."""
        for event in events[self.seen :]:
            self.observe(event)
        self.seen = len(events)

    def observe(self, event: Event) -> None:
        """One event: its facts on the grid, then the grid propagated."""
        if isinstance(event, Ask):
            half = event.card.half_suit
            cell = self.may[event.card]
            cell.discard(event.asker)
            self.must[event.asker].add(half)
            if event.hit:
                cell.clear()
                cell.add(event.asker)
                self.must[event.target].discard(half)  # it may have been their only card of the set
            else:
                cell.discard(event.target)
        elif isinstance(event, Claim):
            for card in event.half_suit.cards:
                self.may.pop(card, None)
            for sets in self.must.values():
                sets.discard(event.half_suit)
        self.state.apply(event)
        self.propagate()

    def propagate(self) -> None:
        """Apply the counting rules until nothing changes."""
        sizes = self.state.sizes
        changed = True
        while changed:
            changed = False
            yes: dict[str, list[Card]] = {p: [] for p in self.players}
            maybe: dict[str, list[Card]] = {p: [] for p in self.players}
            for card, cell in self.may.items():
                if not cell:  # cannot happen in a true history; never hold on to an empty cell
                    cell.update(p for p in self.players if sizes[p])
                if len(cell) == 1:
                    yes[next(iter(cell))].append(card)
                else:
                    for p in cell:
                        maybe[p].append(card)
            for p in self.players:
                if not maybe[p]:
                    continue
                if len(yes[p]) >= sizes[p]:  # the hand is full: nothing else
                    for card in maybe[p]:
                        self.may[card].discard(p)
                    changed = True
                elif len(yes[p]) + len(maybe[p]) == sizes[p]:  # exactly enough room: all of them
                    for card in maybe[p]:
                        self.may[card] = {p}
                    changed = True
            if changed:
                continue
            for p, sets in self.must.items():
                for half in sets:
                    if any(c in self.may and self.may[c] == {p} for c in half.cards):
                        continue
                    options = [c for c in half.cards if c in self.may and p in self.may[c]]
                    if len(options) == 1:
                        self.may[options[0]] = {p}
                        changed = True

    def holder(self, card: Card) -> str | None:
        """The player the grid places ``card`` with (``None``: not placed)."""
        cell = self.may.get(card)
        return next(iter(cell)) if cell is not None and len(cell) == 1 else None

    def chance(self, card: Card, player: str) -> Fraction:
        """How likely ``player`` holds ``card``: each possible holder weighted by their unplaced cards, twice for
        one who must hold a card of its set and has none placed."""
        cell = self.may.get(card, set())
        if player not in cell:
            return Fraction(0)
        if len(cell) == 1:
            return Fraction(1)
        weights = {p: self.weight(p, card.half_suit) for p in cell}
        total = sum(weights.values())
        return Fraction(weights[player], total) if total else Fraction(1, len(cell))

    def weight(self, player: str, half: HalfSuit) -> int:
        """A possible holder's weight (see :meth:`chance`)."""
        placed = sum(1 for cell in self.may.values() if cell == {player})
        free = max(self.state.sizes[player] - placed, 1)
        if half in self.must[player] and not any(self.holder(c) == player for c in half.cards):
            free *= 2
        return free

    def certain(self, team: int) -> list[HalfSuit]:
        """The sets in play the grid places wholly on ``team``."""
        members = set(self.setup.members(team))
        return [h for h, r in self.state.sets.items()
                if r.status is SetStatus.IN_PLAY and all(self.holder(c) in members for c in h.cards)]


class ReferenceBot:
    """The reference opponent (see the module documentation)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.grid: Grid | None = None

    def decide(self, setup: Setup, events: Sequence[Event], seat: str, role: str, stalled: bool = False) -> Decision:
        """The move of ``seat`` (``setup``: its own hand only; ``role``: ``play``, ``pass``, ``pick`` or
        ``claim``; ``stalled``: the table requires a claim)."""
        grid = self.grid
        if grid is None or grid.seat != seat or grid.seen > len(events):
            grid = self.grid = Grid(setup, seat)
        grid.update(events)
        state = grid.state
        team = setup.team(seat)
        mates = [p for p in setup.members(team) if p != seat and state.sizes[p]]
        if role == "pass" or (role == "pick" and not state.sizes[seat]):
            return Pass(seat, max(mates, key=lambda p: (state.sizes[p], -setup.players.index(p))))
        certain = grid.certain(team)
        if certain:
            half = certain[0]
            return Claim.of(seat, half, {c: grid.holder(c) or seat for c in half.cards})
        asks = self.legal(grid)
        if role == "claim" or stalled or not asks:
            return self.surest(grid, team)
        known = [(t, c) for t, c in asks if grid.holder(c) == t]
        if known:
            members = set(setup.members(team))
            most = max(sum(grid.holder(x) in members for x in c.half_suit.cards) for _, c in known)
            target, card = self.rng.choice(
                [(t, c) for t, c in known if sum(grid.holder(x) in members for x in c.half_suit.cards) == most])
            return Ask(seat, target, card, False)
        chances = {(t, c): grid.chance(c, t) for t, c in asks}
        best = max(chances.values())
        target, card = self.rng.choice([a for a in asks if chances[a] == best])
        return Ask(seat, target, card, False)

    @staticmethod
    def legal(grid: Grid) -> list[tuple[str, Card]]:
        """The asks the rules allow: a card of a set the seat holds a card of, not in its hand, from an opponent
        with cards."""
        state, seat = grid.state, grid.seat
        if state.endgame:
            return []
        hand = state.hands[seat]
        opponents = [p for p in state.setup.members(3 - state.setup.team(seat)) if state.sizes[p]]
        halves = sorted({c.half_suit for c in hand})
        return [(t, c) for h in halves for c in h.cards if c not in hand for t in opponents]

    def surest(self, grid: Grid, team: int) -> Claim:
        """The set whose likeliest placement on the team (among its players with cards) is most probable."""
        state = grid.state
        among = [p for p in state.setup.members(team) if state.sizes[p]] or list(state.setup.members(team))
        live = [h for h, r in state.sets.items() if r.status is SetStatus.IN_PLAY]

        def placement(half: HalfSuit) -> tuple[Fraction, dict[Card, str]]:
            sure = Fraction(1)
            named: dict[Card, str] = {}
            for card in half.cards:
                best = max(among, key=lambda p: (grid.chance(card, p), -among.index(p)))
                named[card] = best
                sure *= grid.chance(card, best)
            return sure, named

        scored = [(placement(h), h) for h in live]
        (_, named), half = max(scored, key=lambda s: (s[0][0], -s[1].index))
        return Claim.of(grid.seat, half, named)
