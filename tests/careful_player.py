"""An independent careful player (issue 29): the three deductions the issue names, to a fixpoint.

Written apart from the ladder (:mod:`puzzles.ladder`) and the ``basic`` bot's memory
(:mod:`trainer.play.memory`), to check the ladder by the issue's own definition. From one seat's
knowledge (its hand and the public history) it keeps the facts any careful player tracks:

- a "yes" puts the card with the asker (until a later "yes" moves it again, or its set is claimed);
- a "no" means neither the asker nor the asked held the card then, and as cards move only by a "yes",
  neither holds it now unless a later "yes" moved it; an asker never holds the card asked for;
- a player who asks for a card of a set **must hold a card of that set**: true when asked, and it stays
  true until they give a card of that set away (they may have given their only one) or the set is claimed;
- hand sizes from the history; the viewer's own hand.

and repeats the issue's three deductions until nothing changes:

(a) a card only one player can still hold is there;
(b) a player who must hold a card of a set, holds none of its placed cards, and can hold only one of its
    missing cards holds it;
(c) a player whose placed cards fill their hand holds nothing else.

With ``fill=True`` it also makes the dual of (c), which the ``basic`` bot's memory makes too: a player
with as many free places in their hand as cards they can still hold holds them all.

    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Cat
    ... hand Ann: 2D 3D 4D 5D 7D 9S JS KH
    ... Cat asks Bob for 3D: no''')
    >>> placed = careful_player(game.setup, game.events, "Ann")
    >>> placed[Card.parse("6D")], placed[Card.parse("2D")]
    ('Cat', 'Ann')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from trainer.game.cards import Card, HalfSuit
from trainer.game.events import Ask, Claim, Event
from trainer.game.notation import parse_game
from trainer.game.state import SetStatus, Setup, State


class Contradiction(Exception):
    """The careful player's facts leave a card nobody can hold (a bug in the rules, or an impossible history)."""


def public_facts(
    setup: Setup, events: Sequence[Event]
) -> tuple[dict[Card, str], dict[Card, set[str]], dict[str, set[HalfSuit]]]:
    """What the public record shows now: who took each card, who cannot hold it, who must hold a card of a set.

    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Cat
    ... Cat asks Bob for 3D: yes
    ... Cat asks Bob for 4D: no
    ... Bob asks Cat for 3D: yes''')
    >>> took, not_with, must = public_facts(game.setup, game.events)
    >>> took[Card.parse("3D")], sorted(not_with[Card.parse("4D")]), sorted(must["Cat"]), sorted(must["Bob"])
    ('Bob', ['Bob', 'Cat'], [], [HalfSuit.parse('LD')])
    """
    took: dict[Card, str] = {}
    not_with: dict[Card, set[str]] = {}
    must: dict[str, set[HalfSuit]] = {p: set() for p in setup.players}
    for event in events:
        if isinstance(event, Ask):
            card, half = event.card, event.card.half_suit
            must[event.asker].add(half)
            if event.hit:
                took[card] = event.asker
                not_with[card] = set()  # it moved: what was known of its old place is void
                must[event.target].discard(half)  # they may have given their only card of the set
            else:
                not_with.setdefault(card, set()).update((event.asker, event.target))
        elif isinstance(event, Claim):
            for card in event.half_suit.cards:
                took.pop(card, None)
                not_with.pop(card, None)
            for halves in must.values():
                halves.discard(event.half_suit)
    return took, not_with, must


def careful_player(setup: Setup, events: Sequence[Event], viewer: str, *, fill: bool = False) -> dict[Card, str]:
    """Every card in play the careful player places, with its holder (the viewer's own cards included)."""
    state = State(setup)
    for event in events:
        state.apply(event)
    sizes = state.sizes
    halves = [h for h, result in state.sets.items() if result.status is SetStatus.IN_PLAY]
    took, not_with, must = public_facts(setup, events)
    hand = state.hands[viewer]
    holder: dict[Card, str] = {}
    can: dict[Card, set[str]] = {}
    players = [p for p in setup.players if sizes[p] and p != viewer]
    for half in halves:
        for card in half.cards:
            if card in hand:
                holder[card] = viewer
            elif card in took:
                holder[card] = took[card]
            else:
                can[card] = set(players) - not_with.get(card, set())

    def place(card: Card, player: str) -> None:
        holder[card] = player
        del can[card]

    changed = True
    while changed:
        changed = False
        for card, possible in list(can.items()):  # (a)
            if not possible:
                raise Contradiction(f"nobody can hold {card}")
            if len(possible) == 1:
                place(card, next(iter(possible)))
                changed = True
        for player, needed in must.items():  # (b)
            for half in needed:
                if half not in halves or any(holder.get(c) == player for c in half.cards):
                    continue
                options = [c for c in half.cards if player in can.get(c, ())]
                if not options:
                    raise Contradiction(f"{player} must hold a card of {half} but can hold none")
                if len(options) == 1:
                    place(options[0], player)
                    changed = True
        counts = dict.fromkeys(setup.players, 0)
        for player in holder.values():
            counts[player] += 1
        for player in setup.players:  # (c), and with fill its dual
            free = sizes[player] - counts[player]
            options = [c for c, possible in can.items() if player in possible]
            if free < 0:
                raise Contradiction(f"{player} holds {sizes[player]} cards, fewer than placed")
            if options and free == 0:
                for card in options:
                    can[card].discard(player)
                changed = True
            elif fill and options and free == len(options):
                for card in options:
                    place(card, player)
                changed = True
    return holder


# -- the survey of the built-in pack -------------------------------------------------------------------------


@dataclass
class Survey:
    """Per level: puzzles, those whose whole answer the careful player places, and any unsound placement."""

    puzzles: Counter[int] = field(default_factory=Counter)
    solved: Counter[int] = field(default_factory=Counter)
    solved_ids: dict[int, list[str]] = field(default_factory=dict)
    placements: int = 0
    unsound: list[str] = field(default_factory=list)


def true_holders(game: Mapping[str, Any], events: int) -> dict[Card, str]:
    """Who really holds each card in play after the first ``events`` events of a pack game (every hand listed)."""
    lines = [*game["head"], *(f"hand {name}: {cards}" for name, cards in game["hands"].items()),
             *game["events"][:events]]
    full = parse_game("\n".join(lines) + "\n")
    state = State(full.setup)
    for event in full.events:
        state.apply(event)
    return {card: player for player, cards in state.hands.items() for card in cards}


def survey(*, fill: bool = False, engine: bool = False) -> Survey:
    """The careful player over the whole built-in pack, each placement checked against the true deal, the
    puzzle's answer (a ``certain`` answer lists every card of its set that can be placed) and, with
    ``engine``, the exact engine (every card it places must be forced to that holder)."""
    from puzzles.packs import expand, load_compact  # the pack as stored: the games keep every hand
    from trainer.engine import solve

    content = load_compact()
    result = Survey()
    for entry in content["puzzles"]:
        record = expand(entry, content["games"])
        level = entry["difficulty"]["level"]
        game = parse_game(record["log"])
        viewer = record["viewer"]
        answer = {Card.parse(c): p for c, p in record["answer"].items()}
        question = record["question"]
        try:
            placed = careful_player(game.setup, game.events, viewer, fill=fill)
        except Contradiction as error:
            result.unsound.append(f"{entry['id']}: {error}")
            continue
        result.puzzles[level] += 1
        if all(placed.get(card) == player for card, player in answer.items()):
            result.solved[level] += 1
            result.solved_ids.setdefault(level, []).append(entry["id"])
        truth = true_holders(content["games"][entry["game"]], entry["events"])
        knowledge = solve(game.setup, game.events, viewer) if engine else None
        own = set(game.setup.hands[viewer])
        for card, player in placed.items():
            if card in own:
                continue
            result.placements += 1
            wrong = []
            if truth.get(card) != player:
                wrong.append(f"the deal has it with {truth.get(card)}")
            if card in answer and answer[card] != player:
                wrong.append(f"the answer says {answer[card]}")
            if question["kind"] == "certain" and card.half_suit.code == question["set"] and card not in answer:
                wrong.append("the answer says it cannot be placed")
            if knowledge is not None and knowledge.forced(card) != player:
                wrong.append(f"the engine forces {knowledge.forced(card)}")
            if wrong:
                result.unsound.append(f"{entry['id']}: {card} placed with {player}, but " + "; ".join(wrong))
    return result
