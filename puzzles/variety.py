"""Variety in a sitting: one puzzle per game moment, and no answer given away by another puzzle.

Mining one game gives many near-duplicates: the same moment seen by several
viewers, one card and then the two cards of a set that became certain
together, the claim and the certain-cards question of one set. They are one
**group**: the same game, the same number of events and the same set
(:func:`group_key`). A training session, a worksheet, the built-in pack and the
run of daily puzzles keep one puzzle per group, and by default no two puzzles
of one game (:func:`game_key`): puzzles of different games cannot give each
other away, since every game has its own deal. Nor do they hold
**near-duplicates** (:func:`near_duplicates`): two puzzles of one game and set
within :data:`NEAR_EVENTS` events, or one answer containing another's.

When puzzles of one game must share a sitting (a worksheet made from one
log), :func:`gives_away` says whether one puzzle's explanation or answer
places a card another puzzle asks about; :func:`spread` never puts two such
puzzles together.

    >>> from puzzles.examples import example_claim
    >>> one = example_claim()
    >>> group_key(one) == group_key(one), gives_away(one, one)
    (True, True)
    >>> [p.id for p in spread([one, one], 2)] == [one.id]
    True
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache

from puzzles.model import Puzzle

OPENING_EVENTS = 12
"""Events of a log's opening that identify its game when the record does not say (see :func:`game_key`)."""

_HEADER = re.compile(r"^\s*(variant|players|dealer|turn|hand\s+\S+)\s*:", re.IGNORECASE)


def _event_lines(log: str) -> Iterator[str]:
    for raw in log.splitlines():
        line = " ".join(raw.split("#", 1)[0].split())
        if line and not _HEADER.match(line):
            yield line


def _header(log: str, name: str) -> str:
    match = re.search(rf"^\s*{name}\s*:\s*([^#\n]*)", log, re.IGNORECASE | re.MULTILINE)
    return " ".join(match.group(1).split()) if match else ""


@lru_cache(maxsize=65536)
def game_key(puzzle: Puzzle) -> str:
    """Which game a puzzle comes from.

    A record that names its game in ``source`` (``game_id``, or the seed and
    index of a simulated game, or a file) is taken at its word; otherwise the
    table (variant, players, dealer) and the opening :data:`OPENING_EVENTS`
    events identify it: two moments of one game share their opening.

    >>> from puzzles.examples import example_claim
    >>> game_key(example_claim())
    'log:06f7c8954fa519ce'
    """
    source = puzzle.source
    if isinstance(source.get("game_id"), str):
        return str(source["game_id"])
    if source.get("kind") == "simulated" and "seed" in source and "game" in source:
        return "sim:" + ":".join(str(source.get(k)) for k in ("seed", "game", "variant", "players", "bots"))
    log = puzzle.log
    opening: list[str] = []
    for line in _event_lines(log):
        opening.append(line)
        if len(opening) == OPENING_EVENTS:
            break
    table = [puzzle.variant.value, _header(log, "players"), _header(log, "dealer")]
    if source.get("kind") == "file" and isinstance(source.get("file"), str):
        table.append(str(source["file"]))
    digest = hashlib.sha256("\n".join(table + opening).encode()).hexdigest()[:16]
    return "log:" + digest


def moment(puzzle: Puzzle) -> int:
    """How many events the puzzle's history holds (the moment of the game it is asked at)."""
    event = puzzle.source.get("event")
    if isinstance(event, int) and not isinstance(event, bool):
        return event
    return sum(1 for _ in _event_lines(puzzle.log))


@lru_cache(maxsize=65536)
def group_key(puzzle: Puzzle) -> str:
    """The near-duplicate group: one game, one moment, one set (whoever the viewer is)."""
    question = puzzle.question
    half = question.half_suit if question.half_suit is not None else question.cards[0].half_suit
    return f"{game_key(puzzle)}@{moment(puzzle)}/{half.code}"


def one_per_group(puzzles: Iterable[Puzzle]) -> list[Puzzle]:
    """The first puzzle of each group, in the given order."""
    seen: set[str] = set()
    kept = []
    for puzzle in puzzles:
        key = group_key(puzzle)
        if key not in seen:
            seen.add(key)
            kept.append(puzzle)
    return kept


def placed_cards(puzzle: Puzzle) -> set[str]:
    """Every card the puzzle's answer or explanation places or names (as text such as ``"6D"``)."""
    cards = {str(card) for card in puzzle.answer}
    for step in puzzle.explanation:
        for fact in step.facts:
            card = fact.get("card")
            if isinstance(card, str):
                cards.add(card)
        for said in (step.said, step.clue_said, step.nudge_said):
            if said is not None:  # the cards a sentence names are values among its parts
                cards.update(str(card) for card in said.cards())
    return cards


def gives_away(shown: Puzzle, other: Puzzle) -> bool:
    """Whether solving ``shown`` (its answer and explanation) could tell the answer of ``other``.

    Only a puzzle of the same game can: the deal is the same. It gives the other
    away when it names any card the other asks about.
    """
    if game_key(shown) != game_key(other):
        return False
    return bool(placed_cards(shown) & {str(card) for card in other.question.scope})


NEAR_EVENTS = 12
"""Two puzzles of one game and one set asked within this many events of each other are near-duplicates."""


def half_of(puzzle: Puzzle) -> str:
    """The set a puzzle asks about (its code, ``LD``)."""
    question = puzzle.question
    half = question.half_suit if question.half_suit is not None else question.cards[0].half_suit
    return half.code


def contains(bigger: Puzzle, smaller: Puzzle) -> bool:
    """Whether ``bigger``'s answer holds every card of ``smaller``'s with the same holder."""
    return set(smaller.answer.items()) <= set(bigger.answer.items())


def near_duplicates(one: Puzzle, other: Puzzle) -> bool:
    """Whether two puzzles repeat each other: of one game, and either of one set within
    :data:`NEAR_EVENTS` events of each other (whoever the viewers), or one's answer containing the other's.

    >>> from puzzles.examples import example_claim
    >>> near_duplicates(example_claim(), example_claim())
    True
    """
    if game_key(one) != game_key(other):
        return False
    if contains(one, other) or contains(other, one):
        return True
    return half_of(one) == half_of(other) and abs(moment(one) - moment(other)) <= NEAR_EVENTS


def compatible(puzzle: Puzzle, chosen: Sequence[Puzzle], *, same_game: bool = False) -> bool:
    """Whether ``puzzle`` may join ``chosen`` in one sitting: no near-duplicate of a chosen one
    (:func:`near_duplicates`), and by default another game; with ``same_game`` a puzzle of a chosen
    game is allowed when it repeats none of them and neither gives the other away."""
    game = game_key(puzzle)
    for other in chosen:
        if game_key(other) != game:
            continue  # another game: no group, no near-duplicate and no answer given away across games
        if not same_game or group_key(other) == group_key(puzzle) or near_duplicates(puzzle, other):
            return False
        if gives_away(puzzle, other) or gives_away(other, puzzle):
            return False
    return True


def spread(puzzles: Iterable[Puzzle], count: int | None = None, *, same_game: bool = False) -> list[Puzzle]:
    """Up to ``count`` puzzles, in order, that may share one sitting (see :func:`compatible`).

    By default one puzzle per game; ``same_game=True`` also takes further puzzles
    of a game when they neither share a group nor give each other away.
    """
    chosen: list[Puzzle] = []
    for puzzle in puzzles:
        if count is not None and len(chosen) >= count:
            break
        if compatible(puzzle, chosen, same_game=same_game):
            chosen.append(puzzle)
    return chosen
