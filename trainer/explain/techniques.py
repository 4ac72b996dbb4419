"""Named, human-sized deduction techniques, one small function each, cheapest first; and the ladder.

A technique looks at a :class:`~trainer.explain.mind.Mind` (what a player has
worked out) and returns the next :class:`~trainer.explain.mind.Deduction` it can
take (a new fact, with its reasons), or ``None``:

1. :func:`seen`: the card moved in a hit or is in your own hand;
2. :func:`elimination`: every player but one is ruled out for a card;
3. :func:`ask_inference`: an asker held another card of the set, and only one is left for them;
4. :func:`hand_counting`: a hand is full with known cards, or has exactly as many places as candidates;
   :func:`shared_asks` (same rung): k askers each need one of the same k cards, so nobody else has them;
5. :func:`chains`: techniques 2 to 4 again, now allowed to use derived facts (shallowest first);
6. case analysis, in :mod:`trainer.explain.cases`: "suppose Eve held 9C ..." until a contradiction, for
   what the exact engine proves and nothing above reaches.

Techniques 2 to 4 take a ``limit``: the deepest derived fact they may use
(0: only what the table shows). A step's ``depth`` is one more than the deepest
fact it uses, and a step of depth 2 or more counts as a chain. :func:`saturate`
climbs the :data:`LADDER`: it applies the cheapest technique that finds a step,
and starts again from the cheapest, until nothing follows.

    >>> from trainer.game.notation import read_game
    >>> from trainer.engine.facts import Board
    >>> game = read_game(EXAMPLES / "six-diamonds.lit")
    >>> mind = Mind(Board.build(game.setup, game.events, "Ann"))
    >>> step = ask_inference(mind)
    >>> step.technique.label, [str(f) for f in step.facts], step.events
    ('ask inference', ['Cat holds 6D'], (1,))
    >>> str(step.text)
    'Cat asked Bob for 3D on move 1, so Cat held another low diamond; you hold 2D 4D 5D 7D, so it is 6D.'
    >>> step.text.cards()[:2], step.rung, step.rung_name
    ((Card.parse('3D'), Card.parse('2D')), 2, 'careful player')
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable
from functools import partial

from trainer.engine.facts import Fact, Holds, Lacks, OneOf
from trainer.explain.mind import DEEP, Because, Deduction, Mind, Premises, Technique, ref
from trainer.explain.said import Move, Said, agree, cards_said, names
from trainer.explain.sightings import elsewhere, kind_of, sighting
from trainer.explain.wording import Clause, join_reasons
from trainer.game.cards import Card

_Text = Said | str


def _step(
    technique: Technique,
    facts: tuple[Fact, ...],
    premises: Premises,
    *,
    text: _Text,
    clue: _Text,
    nudge: _Text,
    level: int,
    impossible: bool = False,
) -> Deduction:
    return Deduction(technique, facts, _sentences(Said.of(text)), _sentences(Said.of(clue)), _sentences(Said.of(nudge)),
                premises.events, premises.uses, premises.depth, impossible=impossible, level=level)


_START = re.compile(r"(^|[.!?]\s+)([a-z])")
_NEXT = re.compile(r"([.!?]\s+)([a-z])")


def _sentences(text: Said) -> Said:
    """Start every sentence with a capital ("... move 119. You took ...").

    >>> str(_sentences(Said.of("you hold ", Card.parse("2D"), ". you took 10C from Bob.")))
    'You hold 2D. You took 10C from Bob.'
    """
    parts = [(_START if i == 0 else _NEXT).sub(lambda m: m.group(1) + m.group(2).upper(), p)
             if isinstance(p, str) else p for i, p in enumerate(text.parts)]
    return Said.of(*parts)


def _whys(whys: Iterable[Because]) -> list[Clause]:
    return [w.text for w in whys]


# -- 1. seen ---------------------------------------------------------------------


def seen(mind: Mind) -> Deduction | None:
    """A seen card not yet stated: it moved in a hit, or it is in your hand.

    >>> from trainer.engine.facts import Board
    >>> from trainer.game.notation import parse_game
    >>> game = parse_game("variant: classic\\nplayers: A B C D E F\\nA asks B for 2S: yes")
    >>> str(seen(Mind(Board.build(game.setup, game.events, None))).text)
    'A took 2S from B on move 1.'
    """
    for card, seen_card in mind.board.seen.items():
        if card in mind.stated:
            continue
        events = (seen_card.event,) if seen_card.event else ()
        where = Said.of("move ", Move(seen_card.event)) if seen_card.event else Said.of("your hand")
        return Deduction(
            Technique.SEEN,
            (Holds(card, seen_card.player),),
            text=_sentences(Said.of(sighting(card, seen_card, mind.board.viewer), ".")),
            clue=Said.of(card, " has been seen."),
            nudge=Said.of("Look at ", where, "."),
            events=events,
            depth=0,
            level=1,
        )
    return None


# -- 2. elimination --------------------------------------------------------------


def elimination(mind: Mind, limit: int = 0) -> Deduction | None:
    """A card that only one player can still hold (or, under a supposition, none).

    >>> from trainer.engine.facts import Board
    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... hand Ann: 2D 3D 4D 5D 6D 9S JS KH
    ... Ann asks Bob for 7D: no
    ... Bob asks Cat for 7D: no
    ... Cat asks Dan for 7D: no
    ... Dan asks Eve for 7D: no''')
    >>> str(elimination(Mind(Board.build(game.setup, game.events, "Ann"))).text)
    'Only Fay can hold 7D: 7D is not in your hand; Bob, Cat, Dan and Eve said no to 7D (moves 1, 2, 3, 4).'
    """
    players = mind.board.players
    for card in mind.board.unseen:
        if mind.holder(card) is not None:
            continue
        whys: list[Because] = []
        ruled: list[str] = []
        left: list[str] = []
        for player in players:
            why = mind.why_lacks(card, player, limit)
            if why is None:
                left.append(player)
            else:
                whys.append(why)
                ruled.append(mind.board.name(player))
        if len(left) > 1:
            continue
        reasons = join_reasons(_whys(whys))
        nudge = Said.of("Look at who could still hold ", card, ".")
        premises = Premises.of(whys)
        level = 1 if premises.depth <= 1 else 2
        if not left:
            return _step(Technique.ELIMINATION, (), premises, text=Said.of("Then nobody can hold ", card, ": ",
                         reasons, ". Impossible."), clue=Said.of("Nobody is left for ", card, "."), nudge=nudge,
                         impossible=True, level=level)
        holder = left[0]
        return _step(Technique.ELIMINATION, (Holds(card, holder),), premises,
                     text=Said.of(f"Only {holder} can hold ", card, ": ", reasons, "."),
                     clue=Said.of(card, f" cannot be with {', '.join(ruled)}."), nudge=nudge, level=level)
    return None


# -- 3. ask inference ------------------------------------------------------------


def reads_history(mind: Mind, one: OneOf) -> bool:
    """Whether an ask must be read at the time it was made (ask history, rung 3), not only now (the careful
    player's "must hold a card of the set"): a card of the set is seen with the asker now (the card asked
    for, when the ask was a hit, or one that reached them since), or the asker gave one up after the ask."""
    if mind.board.given_up.get((one.player, one.half_suit), -1) >= one.event:
        return True  # the asker gave a card of the set up since: it may have been the one
    return any((seen := mind.board.seen.get(card)) is not None and seen.player == one.player
               for card in one.half_suit.cards)


def ask_inference(mind: Mind, limit: int = 0, *, history: bool = True) -> Deduction | None:
    """An asker held another card of the set: when only one is left for them, it is theirs.

    With ``history=False`` only the asks a careful player reads now (:func:`reads_history` is false).
    """
    board = mind.board
    for one in board.one_of:
        old = reads_history(mind, one)
        if old and not history:
            continue
        asker = one.player
        remaining, whys = mind.split(one.cards, asker, limit)
        if len(remaining) > 1:
            continue
        if remaining and mind.knows(Holds(remaining[0], asker)):
            continue
        ask = one.ask
        kind = kind_of(one.half_suit)
        target = "you" if ask.target == mind.board.viewer else ask.target
        start = Said.of(f"{asker} asked {target} for ", ask.card, " on move ", Move(one.event),
                        f", so {asker} held another {kind}")
        reasons = join_reasons([elsewhere(reason) for reason in one.ruled_out] + _whys(whys))
        nudge = Said.of(f"Look at {asker}'s ask on move ", Move(one.event), ".")
        clue = Said.of(f"{asker} must hold another card of ", one.half_suit, ".")
        premises = Premises.of(whys, [one.event, *(r.event for r in one.ruled_out if r.event)])
        level = 3 if old else 2
        if not remaining:
            return _step(Technique.ASK_INFERENCE, (), premises, text=Said.of(start, ", but none is left: ", reasons,
                         ". Impossible."), clue=clue, nudge=nudge, impossible=True, level=level)
        card = remaining[0]
        text = Said.of(start, "; ", reasons, ", so it is ", card) if reasons else Said.of(
            start, ", and it can only be ", card)
        if one.event < len(board.events):
            text += Said.of("; ", card, f" has not moved since, so {asker} still holds it")
        return _step(Technique.ASK_INFERENCE, (Holds(card, asker),), premises, text=text + ".", clue=clue,
                     nudge=nudge, level=level)
    return None


# -- 4. hand counting ------------------------------------------------------------


def _accounted(mind: Mind, player: str, limit: int) -> tuple[list[Said], list[Because]]:
    """The cards known to be with ``player``, as short texts, and the reasons for them (a seen card's: the move
    that showed it)."""
    parts: list[Said] = []
    whys: list[Because] = []
    for card in mind.board.seen_with(player):
        seen_card = mind.board.seen[card]
        parts.append(Said.of(card, " (move ", Move(seen_card.event), ")") if seen_card.event
                     else Said.of(card, " (dealt)"))
        if seen_card.event:
            whys.append(Because(Said(), frozenset({seen_card.event})))
    for card in mind.board.unseen:
        held = mind.holder(card, limit)
        if held is not None and held[0] == player:
            steps = held[1].steps
            parts.append(Said.of(card, f" ({ref(min(steps))})" if steps else " (supposed)"))
            whys.append(held[1])
    return parts, whys


def _packing(mind: Mind, player: str, limit: int) -> list[tuple[OneOf, tuple[Card, ...]]]:
    """Asks by ``player`` not yet explained by a known card, whose possible cards do not overlap."""
    found: list[tuple[OneOf, tuple[Card, ...]]] = []
    for one in mind.board.one_of:
        if one.player != player:
            continue
        if any((h := mind.holder(c, limit)) is not None and h[0] == player for c in one.cards):
            continue
        possible = tuple(c for c in one.cards if mind.why_lacks(c, player, limit) is None)
        found.append((one, possible))
    found.sort(key=lambda item: len(item[1]))
    chosen: list[tuple[OneOf, tuple[Card, ...]]] = []
    used: set[Card] = set()
    for one, possible in found:
        if not used.intersection(possible):
            chosen.append((one, possible))
            used.update(possible)
    return chosen


def _one_of(cards: Iterable[Card]) -> Said:
    listed = list(cards)
    return cards_said(listed) if len(listed) == 1 else Said.of("one of ", cards_said(listed))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def hand_counting(mind: Mind, limit: int = 0, *, packing: bool = True, places: bool = True) -> Deduction | None:
    """A hand whose size is reached by known cards (the careful player's full hand, rung 2), or by separate
    asks, or equals its candidates (hand counting, rung 4).

    With ``packing=False`` a hand filled by separate asks is left out; with ``places=False`` a hand with as
    many places as candidates is left out too (only the careful player's full hand is left).
    """
    board = mind.board
    for player in board.players:
        size = board.sizes[player]
        if size == 0:
            continue
        parts, mine = _accounted(mind, player, limit)
        left = size - len(parts)
        held_by = {c: mind.holder(c, limit) for c in board.unseen}
        possible = [c for c in board.unseen if held_by[c] is None and mind.why_lacks(c, player, limit) is None]
        nudge = f"Count {player}'s cards."
        have = f"{player} holds {_plural(size, 'card')}"
        known = Said.of(": ", Said.join(", ", parts)) if parts else Said()
        more = Said.of(have, known, f", so {left} more") if parts else Said.of(have)
        if left < 0:
            return _step(Technique.HAND_COUNTING, (), Premises.of(mine), text=Said.of(f"Then {have} but {len(parts)} "
                         "are known", known, ". Impossible."), clue=f"{player}'s hand overflows.", nudge=nudge,
                         impossible=True, level=2)
        if left == 0:
            new = [c for c in possible if not mind.knows(Lacks(c, player))]
            if new:
                return _step(Technique.HAND_COUNTING, tuple(Lacks(c, player) for c in new), Premises.of(mine),
                             text=Said.of(have, ", all known", known, f"; so {player} holds none of ",
                                          cards_said(new), "."),
                             clue=f"Every card of {player}'s is accounted for.", nudge=nudge, level=2)
            continue
        if not places:
            continue
        others = [c for c in board.unseen if c not in possible and (held_by[c] is None or held_by[c][0] != player)]  # type: ignore[index]
        other_whys = [w for c in others if (w := mind.why_lacks(c, player, limit)) is not None]
        if len(possible) < left:
            return _step(Technique.HAND_COUNTING, (), Premises.of(mine + other_whys),
                         text=Said.of(f"Then {have}", known, f", and only {_plural(len(possible), 'other card')} "
                                      f"can still be {player}'s, not {left}. Impossible."),
                         clue=f"{player}'s hand cannot be filled.", nudge=nudge, impossible=True, level=4)
        if len(possible) == left:
            facts = tuple(Holds(c, player) for c in possible)
            if all(mind.knows(f) for f in facts):
                continue
            return _step(Technique.HAND_COUNTING, facts, Premises.of(mine + other_whys),
                         text=Said.of(more, f"; every other unseen card is ruled out for {player} (",
                                      join_reasons(_whys(other_whys)), f"), so {player} holds ", cards_said(possible),
                                      "."),
                         clue=f"Only {_plural(left, 'card')} can still be {player}'s.", nudge=nudge, level=4)
        packs = _packing(mind, player, limit) if packing else []
        if not packs or len(packs) < left:
            continue
        asks = _listed([Said.of(_one_of(cs), " (ask on move ", Move(one.event), ")") for one, cs in packs])
        pack_whys = [w for one, cs in packs for c in one.cards if c not in cs
                     if (w := mind.why_lacks(c, player, limit)) is not None]
        premises = Premises.of(mine + pack_whys, [one.event for one, _ in packs])
        if len(packs) > left:
            return _step(Technique.HAND_COUNTING, (), premises,
                         text=Said.of("Then ", more, f", yet {player} must hold ", asks, ". Impossible."),
                         clue=f"{player}'s asks need more cards than {player} has.", nudge=nudge, impossible=True,
                         level=4)
        inside = {c for _, cs in packs for c in cs}
        new = [c for c in possible if c not in inside and not mind.knows(Lacks(c, player))]
        if not new:
            continue
        return _step(Technique.HAND_COUNTING, tuple(Lacks(c, player) for c in new), premises,
                     text=Said.of(more, f", and {player} must hold ", asks, ": that fills the hand, "
                                  f"so {player} holds none of ", cards_said(new), "."),
                     clue=f"{player}'s asks account for the rest of {player}'s hand.", nudge=nudge, level=4)

    return None


def _listed(items: list[Said]) -> Said:
    """Sentences listed as a person would say them: ``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return Said.of(*items)
    return Said.of(Said.join(", ", items[:-1]), " and ", items[-1])


def _open_asks(mind: Mind, limit: int) -> dict[str, list[tuple[OneOf, tuple[Card, ...], list[Because]]]]:
    """Per player, the asks not yet explained by a card known to be theirs, with the cards still possible."""
    found: dict[str, list[tuple[OneOf, tuple[Card, ...], list[Because]]]] = {}
    seen_sets: set[tuple[str, tuple[Card, ...]]] = set()
    for one in mind.board.one_of:
        player = one.player
        if any((h := mind.holder(c, limit)) is not None and h[0] == player for c in one.cards):
            continue
        possible, whys = mind.split(one.cards, player, limit)
        key = (player, tuple(possible))
        if key in seen_sets:
            continue
        seen_sets.add(key)
        found.setdefault(player, []).append((one, tuple(possible), whys))
    return found


def _ruled_out(ones: Iterable[OneOf]) -> list[Clause]:
    """The reasons several asks' other cards were ruled out, your own cards gathered in one clause."""
    yours: set[Card] = set()
    verb = "hold"
    texts: list[Clause] = []
    for one in ones:
        for reason in one.ruled_out:
            if reason.how == "yours":
                yours.update(reason.cards)
                verb = "held" if reason.moved else verb
            else:
                texts.append(elsewhere(reason))
    return ([Said.of(f"you {verb} ", cards_said(yours))] if yours else []) + texts


def shared_asks(mind: Mind, limit: int = 0) -> Deduction | None:
    """Several askers each need one of the same few cards: with as many cards as askers, nobody else has them.

    Two to four players, one ask each, in one half-suit.
    """
    asks = _open_asks(mind, limit)
    by_half: dict[object, dict[str, list[tuple[OneOf, tuple[Card, ...], list[Because]]]]] = {}
    for player, options in asks.items():
        for option in options:
            if 2 <= len(option[1]) <= 4:
                by_half.setdefault(option[0].half_suit, {}).setdefault(player, []).append(option)
    for per_player in by_half.values():
        players = sorted(per_player, key=mind.board.players.index)
        for k in range(2, min(4, len(players)) + 1):
            for group in itertools.combinations(players, k):
                for combo in itertools.product(*(per_player[p] for p in group)):
                    choice = sorted(combo, key=lambda option: option[0].event)
                    group = tuple(option[0].player for option in choice)
                    union = sorted({c for _, cs, _ in choice for c in cs})
                    if len(union) > k:
                        continue
                    whys = [w for _, _, ws in choice for w in ws]
                    premises = Premises.of(whys, [one.event for one, _, _ in choice] + [
                        r.event for one, _, _ in choice for r in one.ruled_out if r.event])
                    moves = Said.join(", ", [Move(one.event) for one, _, _ in choice])
                    kind = kind_of(choice[0][0].half_suit)
                    need = Said.of(f"{names(group)} each held another {kind} (asks on moves ", moves, ")")
                    reasons = join_reasons(_ruled_out([one for one, _, _ in choice]) + _whys(whys))
                    nudge = Said.of("Compare the asks on moves ", moves, ".")
                    if len(union) < k:
                        return _step(Technique.SHARED_ASKS, (), premises,
                                     text=Said.of("Then ", need, ", but only ", cards_said(union) or "no card",
                                                  f" {'is' if len(union) == 1 else 'are'} left for them (", reasons,
                                                  "). Impossible."),
                                     clue=f"{names(group)} need more cards than are left.", nudge=nudge,
                                     impossible=True, level=5)
                    others = [p for p in mind.board.players if p not in group]
                    new = tuple(Lacks(c, p) for c in union for p in others if not mind.knows(Lacks(c, p)))
                    if not new:
                        continue
                    ruled = agree(sorted({f.player for f in new}, key=mind.board.players.index), "holds", "hold")
                    return _step(Technique.SHARED_ASKS, new, premises,
                                 text=Said.of(need, "; only ", cards_said(union), " are left for them (", reasons,
                                              f"), so these {k} cards are theirs, one each, and {ruled} none of "
                                              "them."),
                                 clue=Said.of(f"{names(group)} share ", cards_said(union), " between them."),
                                 nudge=nudge, level=5)
    return None


# -- 5. chains -------------------------------------------------------------------

DIRECT: tuple[Callable[[Mind, int], Deduction | None], ...] = (elimination, ask_inference, hand_counting, shared_asks)


def chains(mind: Mind) -> Deduction | None:
    """Elimination, ask inference, hand counting or shared asks resting on derived facts, shallowest first."""
    for limit in range(1, mind.max_depth + 1):
        for technique in DIRECT:
            step = technique(mind, limit)
            if step is not None:
                return step
    return None


def chain_depth(mind: Mind, step: Deduction) -> int:
    """How many derived steps lead to ``step`` at most (1: it rests on the table only)."""
    below = [chain_depth(mind, mind.steps[i]) for i in step.uses if i in mind.steps]
    return 1 + max(below, default=0)


# -- the ladder ------------------------------------------------------------------

LADDER: tuple[Callable[[Mind], Deduction | None], ...] = (
    seen, elimination, ask_inference, hand_counting, shared_asks, chains
)
HUMAN: tuple[Callable[[Mind], Deduction | None], ...] = LADDER[1:]  # what a supposition runs: nothing new is seen


def next_step(mind: Mind, ladder: tuple[Callable[[Mind], Deduction | None], ...] = LADDER) -> Deduction | None:
    """The step of the cheapest technique on ``ladder`` that finds one, or ``None``.

    >>> from trainer.engine.facts import Board
    >>> from trainer.game.notation import read_game
    >>> game = read_game("tests/data/six-diamonds.lit")
    >>> mind = Mind(Board.build(game.setup, game.events, "Ann"))
    >>> str(next_step(mind).text), next_step(mind, HUMAN).technique.label
    ('9S is in your hand.', 'ask inference')
    """
    for technique in ladder:
        step = technique(mind)
        if step is not None:
            return step
    return None


def saturate(
    mind: Mind,
    ladder: tuple[Callable[[Mind], Deduction | None], ...] = LADDER,
    done: Callable[[Mind], bool] | None = None,
) -> Mind:
    """Apply techniques cheapest first, restarting from the cheapest after each step, until nothing follows.

    ``done`` stops early, and so does a contradiction (only possible under a supposition). Case analysis
    comes on top of the ladder in :func:`trainer.explain.cases.work_out`.
    """
    while mind.contradiction is None and not (done is not None and done(mind)):
        step = next_step(mind, ladder)
        if step is None:
            return mind
        mind.apply(step)
    return mind


_Ladder = tuple[Callable[[Mind], Deduction | None], ...]


def ladder_of(level: int) -> _Ladder:
    """The techniques of the rungs up to ``level`` (1 to 5, :data:`~trainer.explain.mind.RUNGS`), cheapest first,
    each allowed every derived fact from rung 2 on (chains are free): what a level-``level`` puzzle is explained
    with, and (from level 3) what :mod:`puzzles.ladder` solves it with.

    >>> [len(ladder_of(k)) for k in range(1, 6)]
    [2, 4, 5, 6, 7]
    """
    if level <= 1:
        return (seen, partial(elimination, limit=0))
    careful: _Ladder = (
        seen, partial(elimination, limit=DEEP), partial(ask_inference, limit=DEEP, history=False),
        partial(hand_counting, limit=DEEP, packing=False, places=False))
    if level == 2:
        return careful
    history: _Ladder = (*careful, partial(ask_inference, limit=DEEP))
    if level == 3:
        return history
    counting: _Ladder = (*history, partial(hand_counting, limit=DEEP))
    if level == 4:
        return counting
    return (*counting, partial(shared_asks, limit=DEEP))
