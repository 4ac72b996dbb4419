"""Case analysis, the sixth technique: suppose a card were elsewhere, and reach a contradiction.

When the human techniques (:mod:`trainer.explain.techniques`) are stuck, the
exact engine (a :class:`Referee`) still knows where some cards cannot be.
:func:`case_analysis` argues one of those facts as a person would: "suppose Eve
held 9C" (ruling Eve out), or "suppose Bob did not hold 9C" (one contradiction
for every other candidate at once, placing 9C with Bob), then runs the human
techniques under the supposition until two lines of reasoning clash
(:func:`refute`). When nothing is found, the step rests on the exact count
alone (``counted``). :func:`work_out` climbs the whole ladder with case
analysis as the last resort.

    >>> from trainer.engine.facts import Board, Holds
    >>> from trainer.game.cards import Card
    >>> from trainer.game.notation import read_game
    >>> game = read_game("tests/data/explain/shared-asks.lit")
    >>> mind = Mind(Board.build(game.setup, game.events, "Ann"))
    >>> proof = refute(mind, Holds(Card.parse("10S"), "Fay"))
    >>> [step.technique.label for step in proof], proof[-1].impossible
    (['ask inference', 'ask inference'], True)
    >>> print(str(proof[-1].text))  # doctest: +NORMALIZE_WHITESPACE
    Dan asked you for QS on move 10, so Dan held another high spade; you hold 9S KS; Fay holds 10S (the
    supposition); Dan said no to AS on move 9, so it is JS; JS has not moved since, so Dan still holds it, but
    Bob holds JS (⟨1⟩). Impossible.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple, Protocol

from trainer.engine.facts import Fact, Holds, Lacks
from trainer.explain.mind import Deduction, Mind, Premises, Technique
from trainer.explain.said import Said
from trainer.explain.techniques import HUMAN, LADDER, next_step, saturate
from trainer.explain.wording import join_reasons
from trainer.game.cards import Card


class Referee(Protocol):
    """What case analysis needs from the exact engine: deal counts per card and player."""

    def count(self, card: Card, player: str) -> int: ...


def work_out(
    mind: Mind,
    referee: Referee | None,
    done: Callable[[Mind], bool] | None = None,
    focus: frozenset[Card] = frozenset(),
    ladder: tuple[Callable[[Mind], Deduction | None], ...] = LADDER,
) -> Mind:
    """Apply the ``ladder``'s techniques cheapest first, with case analysis (given a ``referee``) as the last
    resort, restarting from the cheapest after each step, until nothing follows.

    ``done`` stops early; case analysis tries the ``focus`` cards first.

    >>> from trainer.engine.facts import Board
    >>> from trainer.engine.solve import solve
    >>> from trainer.game.notation import read_game
    >>> game = read_game("tests/data/explain/case-analysis.lit")
    >>> referee = solve(game.setup, game.events, "Fay")
    >>> mind = work_out(Mind(Board.build(game.setup, game.events, "Fay")), referee)
    >>> [str(step.text) for step in mind.steps.values() if step.technique is Technique.CASE_ANALYSIS]
    ['Suppose Dan held 10H.']
    """
    while mind.contradiction is None and not (done is not None and done(mind)):
        step = next_step(mind, ladder)
        if step is None and referee is not None:
            step = case_analysis(mind, referee, focus)
        if step is None:
            return mind
        mind.apply(step)
    return mind


def _needed(mind: Mind, final: Deduction, since: Mind) -> list[Deduction]:
    """The steps of ``mind`` after ``since`` that ``final`` rests on, in order, ending with ``final``."""
    want: set[int] = set()
    todo = [final.id]
    while todo:
        i = todo.pop()
        if i in want or i in since.steps:
            continue
        want.add(i)
        todo.extend(mind.steps[i].uses)
    return [mind.steps[i] for i in sorted(want)]


def refute(mind: Mind, fact: Fact, splits: int = 0) -> list[Deduction] | None:
    """Steps showing ``fact`` is impossible (the last one states the contradiction), or ``None``.

    With ``splits`` > 0, a supposition that leads nowhere is split on a card with few candidates,
    and every branch must be refuted in turn.
    """
    sub = saturate(mind.suppose(fact), HUMAN)
    if sub.contradiction is not None:
        return _needed(sub, sub.contradiction, mind)
    if splits <= 0:
        return None
    options = sorted(
        ((len(c), card, c) for card in sub.open_cards() if len(c := sub.candidates(card)) >= 2),
        key=lambda item: (item[0], item[1]),
    )
    for _, card, players in options[:3]:
        branches: list[Deduction] = []
        for player in players:
            found = refute(sub, Holds(card, player), splits - 1)
            if found is None:
                break
            branches.append(_case_step(Holds(card, player), found, sub))
        else:
            whys = [w for p in sub.board.players if (w := sub.why_lacks(card, p)) is not None]
            reasons = Said.of(" (", join_reasons(w.text for w in whys), ")") if whys else Said()
            premises = Premises.of(whys)
            split = sub.apply(
                Deduction(
                    Technique.CASE_ANALYSIS, (),
                    text=Said.of("Then ", card, f" is with {' or '.join(players)}", reasons,
                                 ", and each case is impossible."),
                    clue=Said.of("Try each place ", card, " could be."), nudge=Said.of("Where could ", card, " be?"),
                    events=premises.events, uses=tuple(sorted(set(premises.uses).union(*(b.uses for b in branches)))),
                    depth=premises.depth, impossible=True, cases=tuple(branches),
                )
            )
            return _needed(sub, split, mind)
    return None


def _tree(steps: Iterable[Deduction]) -> Iterator[Deduction]:
    """Every step of a proof, with the steps of its cases, depth first."""
    for step in steps:
        yield step
        yield from _tree(step.cases)


def _away_nudge(card: Card) -> Said:
    return Said.of("Suppose ", card, " were not where the moves point: what would break?")


def _away_clue(card: Card) -> Said:
    return Said.of("Take ", card, " away from the one player the moves point to, and look for a contradiction.")


def _case_step(supposed: Fact, proof: list[Deduction], mind: Mind) -> Deduction:
    """The opposite of ``supposed`` holds: supposing it leads to the contradiction ``proof`` ends with.

    "Suppose Eve held 9C" rules Eve out for 9C; "suppose Bob did not hold 9C"
    puts 9C with Bob in one argument, however many other players were left.
    The step rests on the steps of ``mind`` the proof uses, and on every move the proof cites.
    """
    every = list(_tree(proof))
    inner = {s.id for s in every}
    outer = sorted({u for s in every for u in s.uses if u not in inner and u in mind.steps})
    card, player = supposed.card, supposed.player
    if isinstance(supposed, Holds):
        fact: Fact = Lacks(card, player)
        text, clue, nudge = (Said.of(f"Suppose {player} held ", card, "."),
                             Said.of(f"What if {player} held ", card, "?"),
                             Said.of("Try putting ", card, f" with {player}."))
    else:
        fact = Holds(card, player)
        # the supposition names the card's true holder: the hints must not (they come before the answer)
        text, clue, nudge = (Said.of(f"Suppose {player} did not hold ", card, "."), _away_clue(card),
                             _away_nudge(card))
    return Deduction(
        Technique.CASE_ANALYSIS,
        (fact,),
        text=text,
        clue=clue,
        nudge=nudge,
        events=tuple(sorted({e for s in every for e in s.events})),
        uses=tuple(outer),
        depth=1 + max((mind.steps[u].depth for u in outer), default=0),
        id=mind.new_id(),
        cases=tuple(proof),
    )


class _Option(NamedTuple):
    """A supposition case analysis may refute, and its refutation (``None``: none found)."""

    supposed: Fact
    proof: list[Deduction] | None

    @property
    def cost(self) -> float:
        return sum(s.weight for s in self.proof) if self.proof is not None else float("inf")


def _settle(mind: Mind, card: Card, holders: list[str], ruled: list[str]) -> tuple[float, _Option] | None:
    """The best way to rule players out for ``card`` by contradiction, with its cost per player ruled out.

    When the exact engine puts the card with one candidate and two or more others are left, one
    contradiction ("suppose Bob did not hold 2H") settles it: that is taken unless separate cases
    ("suppose Cat held 2H", "suppose Dan held 2H", ...) cost less in all; never one case per
    alternative that repeats one argument.
    """
    pairs = [_Option(Holds(card, p), refute(mind, Holds(card, p))) for p in ruled]
    found = [o for o in pairs if o.proof is not None]
    if len(holders) == 1 and len(ruled) >= 2:
        supposed = Lacks(card, holders[0])
        negation = _Option(supposed, refute(mind, supposed))
        if negation.proof is None and len(found) == len(pairs):
            # separate cases are possible; one contradiction with a split may still say it in fewer words
            negation = _Option(supposed, refute(mind, supposed, splits=1))
        if negation.proof is not None and (len(found) < len(pairs) or negation.cost <= sum(o.cost for o in pairs)):
            return negation.cost / len(ruled), negation
    if not found:
        return None
    cheapest = min(found, key=lambda o: o.cost)
    return cheapest.cost, cheapest


def case_analysis(mind: Mind, referee: Referee | None, focus: frozenset[Card] = frozenset()) -> Deduction | None:
    """Rule a player out for a card by supposing they hold it and reaching a contradiction, or place a card
    by supposing its holder did not hold it (one contradiction for all the other candidates).

    Only suppositions the exact engine (``referee``) already knows to be impossible are tried; the
    cheapest refutation per player it rules out wins; with none, one level of splitting is tried
    (``focus`` cards first); as a last resort the step rests on the exact count alone (``counted``).
    """
    if referee is None:
        return None
    cards: list[tuple[Card, list[str], list[str]]] = []
    for card in sorted(mind.open_cards(), key=lambda c: (c not in focus, c)):
        candidates = mind.candidates(card)
        ruled = [p for p in candidates if referee.count(card, p) == 0]
        if ruled:
            cards.append((card, [p for p in candidates if p not in ruled], ruled))
    if not cards:
        return None
    best: tuple[float, _Option] | None = None
    for group in ([c for c in cards if c[0] in focus], [c for c in cards if c[0] not in focus]):
        for card, holders, ruled in group:
            found = _settle(mind, card, holders, ruled)
            if found is not None and (best is None or found[0] < best[0]):
                best = found
        if best is not None:
            break
    if best is None:
        negations: list[Fact] = [Lacks(c, hs[0]) for c, hs, ruled in cards if len(hs) == 1 and len(ruled) >= 2]
        pairs: list[Fact] = [Holds(c, p) for c, _, ruled in cards for p in ruled]
        for supposed in [*negations[:3], *pairs[:6]]:
            proof = refute(mind, supposed, splits=1)
            if proof is not None:
                best = (0.0, _Option(supposed, proof))
                break
    if best is not None and best[1].proof is not None:
        return _case_step(best[1].supposed, best[1].proof, mind)
    card, holders, ruled = cards[0]
    if len(holders) == 1:
        return Deduction(
            Technique.CASE_ANALYSIS,
            (Holds(card, holders[0]),),
            text=Said.of(f"Suppose {holders[0]} did not hold ", card, ": then no deal fits every ask and hand size "
                         "together (every deal was counted, and each puts ", card, f" with {holders[0]})."),
            clue=_away_clue(card),
            nudge=_away_nudge(card),
            counted=True,
        )
    player = ruled[0]
    return Deduction(
        Technique.CASE_ANALYSIS,
        (Lacks(card, player),),
        text=Said.of(f"Suppose {player} held ", card, ": then no deal fits every ask and hand size together "
                     "(every deal was counted, and none puts ", card, f" with {player})."),
        clue=Said.of(f"What if {player} held ", card, "?"),
        nudge=Said.of("Try putting ", card, f" with {player}."),
        counted=True,
    )
