"""Explanations: the shortest chain of human steps to a card or a set, at three depths, with its difficulty.

:func:`derive` applies the techniques of :mod:`trainer.explain.techniques`
cheapest first (case analysis, :mod:`trainer.explain.cases`, last), restarting
from the cheapest after each new fact, until nothing follows (or the targets
are reached). :func:`explain` keeps only the steps the target's final fact
rests on, numbers them, and rates them: the **rung** is that of the hardest
step on the ladder (:data:`~trainer.explain.mind.RUNGS`: 1 elimination … 6
case analysis, the names of the puzzles' levels) and the **score** adds, for
every step, its rung over 6 (and the effort of its cases), so two deductions on
one rung still sort by effort. (People read the rung as the explanation's
*grade*: ``explain`` prints ``grade 3``, its JSON ``"grade": {"level": 3, ...}``.)
:func:`explain` with a ``level`` uses only the techniques of the rungs up to it
(:func:`~trainer.explain.techniques.ladder_of`).

    >>> from trainer.game.notation import read_game
    >>> game = read_game(EXAMPLES / "six-diamonds.lit")
    >>> found = explain_game(game, "Ann", "6D")
    >>> found.holder, found.difficulty
    ('Cat', Hardness(rung=2, score=2.33, name='careful player'))
    >>> [str(text) for text in found.texts("nudge")]
    ["Look at Cat's ask on move 1."]
    >>> [text.parts for text in found.texts("clue")]
    [('Cat must hold another card of ', HalfSuit.parse('LD'), '.')]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from trainer.engine.facts import Board, Fact, Holds, Lacks
from trainer.engine.solve import Knowledge, solve, solve_game
from trainer.explain.cases import work_out
from trainer.explain.depth import Depth
from trainer.explain.mind import Deduction, Mind, Technique, render_refs
from trainer.explain.rungs import RUNGS
from trainer.explain.said import Move, Said
from trainer.explain.sightings import sighting
from trainer.explain.techniques import LADDER, ladder_of
from trainer.game.cards import Card, HalfSuit
from trainer.game.errors import LiteratureError, NotationError
from trainer.game.events import Claim, Event
from trainer.game.notation import Game
from trainer.game.state import Setup


@dataclass(frozen=True)
class Hardness:
    """How hard an explanation is: the rung of the hardest technique it needs (1–6) and the effort of all
    its steps."""

    rung: int
    score: float
    name: str = ""

    def __post_init__(self) -> None:
        if not self.name:
            object.__setattr__(self, "name", RUNGS[self.rung])

    def as_json(self) -> dict[str, object]:
        """``{"level": 3, "name": "ask history", "score": 3.5}``."""
        return {"level": self.rung, "name": self.name, "score": self.score}


def difficulty_of(steps: Sequence[Deduction]) -> Hardness | None:
    """The difficulty of a chain of steps (``None`` for no step).

    >>> step = Deduction(Technique.ELIMINATION, (), Said(), Said(), Said(), level=2)
    >>> difficulty_of([step, step])
    Hardness(rung=2, score=2.67, name='careful player')
    """
    if not steps:
        return None
    rung = max(s.rung for s in steps)
    return Hardness(rung, round(rung + sum(s.weight for s in steps), 2), RUNGS[rung])


def derive(
    board: Board,
    knowledge: Knowledge | None = None,
    targets: Sequence[Card] = (),
    level: int | None = None,
) -> Mind:
    """Everything the techniques find on ``board`` (stopping once ``targets`` are settled).

    With ``knowledge`` (the exact engine), case analysis is the last resort, so
    every forced card is reached; a target that is not forced is settled when
    the human steps rule out exactly the players the exact engine rules out.
    With a ``level`` below 6, only the techniques of the rungs up to it, and no case analysis.
    """
    mind = Mind(board)
    focus = frozenset(targets)
    ladder = LADDER if level is None or level >= 6 else ladder_of(level)
    referee = None if level is not None and level < 6 else knowledge
    if not targets:
        return work_out(mind, referee, ladder=ladder)

    def settled(mind: Mind) -> bool:
        for card in targets:
            if card in board.seen:
                if card not in mind.stated:
                    return False
                continue
            if card not in board.unseen or mind.holder(card) is not None:
                continue
            if knowledge is None:
                return False
            possible = {p for p in board.players if knowledge.count(card, p)}
            if len(possible) == 1 or set(mind.candidates(card)) != possible:
                return False
        return True

    return work_out(mind, referee, settled, focus, ladder)


def backtrack(mind: Mind, ids: Sequence[int]) -> list[Deduction]:
    """The steps ``ids`` rest on, themselves included, in the order they were found."""
    want: set[int] = set()
    todo = list(ids)
    while todo:
        i = todo.pop()
        if i in want or i not in mind.steps:
            continue
        want.add(i)
        todo.extend(mind.steps[i].uses)
    return [mind.steps[i] for i in sorted(want)]


def final_step(mind: Mind, card: Card) -> Deduction | None:
    """The step that placed ``card`` (a seen step for a seen card)."""
    for step in mind.steps.values():
        if any(isinstance(f, Holds) and f.card is card for f in step.facts):
            return step
    return None


def _cases(steps: Sequence[Deduction]) -> Iterator[Deduction]:
    for step in steps:
        for case in step.cases:
            yield case
            yield from _cases([case])


def _letters(n: int) -> str:
    out = ""
    n += 1
    while n:
        n, r = divmod(n - 1, 26)
        out = chr(97 + r) + out
    return out


@dataclass(frozen=True)
class Explanation:
    """Why a card (or every card of a set) is where it is, as numbered steps.

    For a card that is not forced, ``holder`` is ``None``, ``holders`` gives the
    exact probabilities and ``settle`` says what would settle it; ``steps``
    then shows what can be ruled out.
    """

    target: str
    board: Board
    steps: tuple[Deduction, ...]
    difficulty: Hardness | None
    assignment: dict[Card, str | None]
    holders: dict[Card, dict[str, Fraction]] = field(default_factory=dict)
    settle: tuple[str, ...] = ()
    is_set: bool = False

    @property
    def unforced(self) -> Card | None:
        """The first card whose holder the history leaves open (``None``: every card is forced)."""
        return next((card for card, holder in self.assignment.items() if holder is None), None)

    @property
    def holder(self) -> str | None:
        """The holder of a card target (``None``: not forced, or a set target)."""
        if self.is_set:
            return None
        return next(iter(self.assignment.values()))

    @property
    def labels(self) -> dict[int, str]:
        """How each step is referred to: ``step 2`` for numbered steps, ``b`` for steps inside cases."""
        labels = {s.id: f"step {n}" for n, s in enumerate(self.steps, start=1)}
        for n, case in enumerate(_cases(self.steps)):
            labels[case.id] = _letters(n)
        return labels

    def text(self, step: Deduction, depth: Depth | str = Depth.FULL) -> Said:
        """One step at a depth, its cards kept as values; the full text spells out the cases of a case analysis."""
        depth = Depth(depth)
        if depth is Depth.NUDGE:
            return step.nudge
        if depth is Depth.CLUE:
            return render_refs(step.clue, self.labels)
        return self._full(step, self.labels)

    def _full(self, step: Deduction, labels: dict[int, str]) -> Said:
        text = render_refs(step.text, labels)
        if step.cases:
            inner = Said.join(" ", (Said.of(f"({labels[c.id]}) ", self._full(c, labels)) for c in step.cases))
            text = Said.of(text, " ", inner)
            if step.facts:
                text += Said.of(" So ", Said.join("; ", (fact_said(f) for f in step.facts)), ".")
        return text

    def events(self, step: Deduction) -> tuple[int, ...]:
        """The moves ``step`` rests on: those of its premises and of its cases' steps (every move its text names,
        "gave it up on move 41" too, so a reader is shown every move the text relies on)."""
        return tuple(sorted(set(step.events).union(*(self.events(case) for case in step.cases))))

    def texts(self, depth: Depth | str = Depth.FULL) -> list[Said]:
        """Every step at a depth (a nudge gives only where to start)."""
        if Depth(depth) is Depth.NUDGE:
            return [self.steps[0].nudge] if self.steps else []
        return [self.text(s, depth) for s in self.steps]

    def as_json(self, depth: Depth | str = Depth.FULL) -> dict[str, object]:
        """The ``literature explain --json`` object."""
        numbers = {s.id: n for n, s in enumerate(self.steps, start=1)}
        steps = []
        for step in self.steps:
            steps.append(
                {
                    "technique": step.technique.label,
                    "rung": step.rung,
                    "text": self.text(step, depth).symbols(),
                    "facts": facts_json(step),
                    "events": list(self.events(step)),
                    "uses_steps": [numbers[u] for u in step.uses if u in numbers],
                }
            )
        out: dict[str, object] = {"target": self.target}
        if self.is_set:
            out["assignment"] = {str(c): h for c, h in self.assignment.items()}
        else:
            out["holder"] = self.holder
        out["grade"] = self.difficulty.as_json() if self.difficulty else None
        out["steps"] = steps
        if self.holders:
            out["holders"] = {
                str(c): {p: float(round(q, 4)) for p, q in probs.items()} for c, probs in self.holders.items()
            }
        if self.settle:
            out["settle"] = list(self.settle)
        return out


def fact_said(fact: Fact) -> Said:
    """A fact in words, its card a value: ``Cat holds 6D``, ``Bob does not hold 2H``.

    >>> str(fact_said(Lacks(Card.parse("2H"), "Bob")))
    'Bob does not hold 2H'
    """
    return Said.of(f"{fact.player} {'holds' if isinstance(fact, Holds) else 'does not hold'} ", fact.card)


def facts_json(step: Deduction) -> list[dict[str, object]]:
    """A step's facts: ``{"card", "holder"}``, or ``{"card", "excluded": [...]}`` per card."""
    out: list[dict[str, object]] = []
    excluded: dict[Card, list[str]] = {}
    for fact in step.facts:
        if isinstance(fact, Holds):
            out.append(fact.as_json())
        else:
            excluded.setdefault(fact.card, []).append(fact.player)
    for card, players in sorted(excluded.items()):
        out.append({"card": str(card), "excluded": players})
    return out


def parse_target(text: str, setup: Setup) -> Card | HalfSuit:
    """A card (``6D``) or a set (``LD``, ``low diamonds``).

    >>> from trainer.game.state import Setup
    >>> setup = Setup.create("classic", "A B C D E F".split())
    >>> parse_target("ld", setup), parse_target("6d", setup)
    (HalfSuit.parse('LD'), Card.parse('6D'))
    """
    try:
        target: Card | HalfSuit = Card.parse(text)
    except NotationError:
        try:
            target = HalfSuit.parse(text)
        except NotationError:
            raise NotationError(f"unknown target {text!r}: give a card (6D) or a set (LD)") from None
    half = target.half_suit if isinstance(target, Card) else target
    if half not in setup.variant.half_suits:
        raise NotationError(f"{target} is not in {setup.variant.value}")
    return target


def explain(
    setup: Setup,
    events: Sequence[Event],
    viewer: str | None,
    target: Card | HalfSuit,
    knowledge: Knowledge | None = None,
    level: int | None = None,
) -> Explanation:
    """Explain where ``target`` is, as ``viewer`` (``None``: the public) after ``events`` (with the techniques of
    the rungs up to ``level`` only, when given)."""
    board = Board.build(setup, events, viewer)
    if knowledge is None:
        knowledge = solve(setup, events, viewer)
    cards = list(target.cards) if isinstance(target, HalfSuit) else [target]
    if all(c in board.claimed for c in cards):
        return _claimed(board, target, cards)
    mind = derive(board, knowledge, [c for c in cards if c in board.unseen or c in board.seen], level)
    assignment: dict[Card, str | None] = {}
    finals: list[int] = []
    holders: dict[Card, dict[str, Fraction]] = {}
    settle: list[str] = []
    for card in cards:
        if card in board.claimed:
            assignment[card] = board.claimed[card].player
            continue
        step = final_step(mind, card)
        held = mind.holder(card)
        if step is not None and held is not None:
            assignment[card] = held[0]
            finals.append(step.id)
            continue
        assignment[card] = None
        holders[card] = knowledge.holders(card)
        finals.extend(s.id for s in mind.steps.values() if any(isinstance(f, Lacks) and f.card is card
                                                               for f in s.facts))
        settle.extend(settle_texts(card, holders[card]))
    steps = tuple(_merge_seen(backtrack(mind, finals)))
    forced = all(h is not None for h in assignment.values())
    return Explanation(
        target=str(target),
        board=board,
        steps=steps,
        difficulty=difficulty_of(steps) if forced else None,
        assignment=assignment,
        holders=holders,
        settle=tuple(settle),
        is_set=isinstance(target, HalfSuit),
    )


def _merge_seen(steps: list[Deduction]) -> list[Deduction]:
    """One step for all the seen cards of an explanation (nothing rests on them), placed first."""
    sights = [s for s in steps if s.technique is Technique.SEEN]
    if len(sights) < 2:
        return steps
    yours = [s for s in sights if not s.events]
    moved = [s for s in sights if s.events]
    texts = [Said.of(Said.join(" ", [f.card for s in yours for f in s.facts]), " are in your hand.")] \
        if len(yours) > 1 else []
    texts += [s.text for s in (moved if len(yours) > 1 else sights)]
    merged = Deduction(
        Technique.SEEN,
        tuple(f for s in sights for f in s.facts),
        Said.join(" ", texts),
        Said.of("Some of these cards have been seen."),
        Said.of("Look at your hand and at the hits." if moved else "Look at your hand."),
        events=tuple(sorted({e for s in sights for e in s.events})),
        depth=0,
        id=sights[0].id,
        level=1,
    )
    return [merged, *(s for s in steps if s.technique is not Technique.SEEN)]


def _claimed(board: Board, target: Card | HalfSuit, cards: list[Card]) -> Explanation:
    """A target whose set was claimed: the claim showed every card, and they left the game."""
    shown_by = board.claimed[cards[0]]
    event = shown_by.event
    holders = {c: board.claimed[c].player for c in cards}
    if len(cards) == 1:
        text = Said.of(sighting(cards[0], shown_by, board.viewer), "; it has left the game.")
    else:
        text = Said.of("The claim on move ", Move(event) if event else "", " (",
                       claim_said(board.events[event - 1]) if event else "",
                       ") showed where every card was; the set has left the game.")
    step = Deduction(Technique.SEEN, tuple(Holds(c, p) for c, p in holders.items()), text,
                Said.of(cards[0].half_suit, " has been claimed."),
                Said.of("Look at move ", Move(event) if event else "", "."),
                events=(event,) if event else (), depth=0, id=1, level=1)
    return Explanation(str(target), board, (step,), difficulty_of([step]), dict(holders),
                       is_set=isinstance(target, HalfSuit))


def claim_said(event: Event) -> Said:
    """A move in the notation's words (``str(event)``), a claim's cards kept as values."""
    if not isinstance(event, Claim):
        return Said.of(str(event))
    when = " out of turn" if event.out_of_turn else ""
    said = Said.of(f"{event.claimer} claims ", event.half_suit, f"{when}: ", placement_said(event.declared))
    if event.actual:
        said += Said.of(" (actual: ", placement_said(event.actual), ")")
    return said


def placement_said(holders: Iterable[tuple[Card, str]]) -> Said:
    """Where cards are, grouped by player in card order: ``Ann 2D 3D, Cat 6D``.

    >>> str(placement_said({Card.parse("3D"): "Ann", Card.parse("6D"): "Cat", Card.parse("2D"): "Ann"}.items()))
    'Ann 2D 3D, Cat 6D'
    """
    by_player: dict[str, list[Card]] = {}
    for card, player in sorted(holders):
        by_player.setdefault(player, []).append(card)
    return Said.join(", ", (Said.of(f"{p} ", Said.join(" ", cs)) for p, cs in by_player.items()))


def settle_texts(card: Card, holders: dict[str, Fraction]) -> list[str]:
    """What would settle where a card that is not forced is.

    >>> settle_texts(Card.parse("6D"), {"Bob": Fraction(1, 2), "Dan": Fraction(1, 2)})
    ["6♦: ruling out Bob or Dan settles it (a 'no' from one of them to 6♦, or one of them asking for it)."]
    """
    names = sorted(holders, key=lambda p: (-holders[p], p))
    shown = card.symbol
    if len(names) == 2:
        a, b = names
        return [f"{shown}: ruling out {a} or {b} settles it (a 'no' from one of them to {shown}, "
                "or one of them asking for it)."]
    return [f"{shown}: {len(names) - 1} of {', '.join(names)} must be ruled out to settle it "
            f"(each 'no' to {shown}, or ask for it, rules a player out; a hit shows it)."]


def explain_game(
    game: Game, viewer: str | None, target: str | Card | HalfSuit, at: int | None = None
) -> Explanation:
    """:func:`explain` on the first ``at`` events of a game (errors located in its file)."""
    knowledge = solve_game(game, viewer, at)
    n = knowledge.events_applied
    try:
        goal = parse_target(target, game.setup) if isinstance(target, str) else target
    except LiteratureError as error:
        raise error.located(game.path) from None
    return explain(game.setup, game.events[:n], viewer, goal, knowledge)
