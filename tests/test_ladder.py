"""The ladder of levels (puzzles.ladder): each level needs a mode of reasoning the level below lacks.

Known answers on the explainer's example positions, then the whole built-in pack checked by the
technique-limited solvers: a level-k puzzle is solved with the techniques of level k and not with those of
any level below; levels 1-2 are solved by the careful player's deductions (the ``basic`` bot's memory), and
no puzzle of level 5 or 6 is.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from puzzles.ladder import NAMES, careful_player, level_of, solves
from puzzles.model import LEVELS, Puzzle
from puzzles.packs import load_pack
from trainer.engine import solve
from trainer.game.cards import Card
from trainer.game.notation import read_game

EXAMPLES = Path(__file__).parent / "data"


@pytest.mark.parametrize(("name", "viewer", "card", "level"), [
    ("explain/elimination.lit", "Ann", "7D", 1),  # four "no"s leave Fay
    ("six-diamonds.lit", "Ann", "6D", 2),  # Cat asked for a low diamond; Ann holds the others
    ("explain/chains.lit", "Ann", "5D", 2),  # two ask inferences chained: still the careful player's
    ("explain/shared-asks.lit", "Ann", "AS", 5),  # Bob, Dan and Fay share 10S JS AS
    ("explain/case-analysis.lit", "Fay", "10H", 6),
    ("explain/one-contradiction.lit", "Ann", "2H", 6),
])
def test_levels_of_known_positions(name: str, viewer: str, card: str, level: int) -> None:
    game = read_game(EXAMPLES / name)
    target = Card.parse(card)
    holder = solve(game.setup, game.events, viewer).forced(target)
    assert holder is not None
    answer = {target: holder}
    assert level_of(game.setup, game.events, viewer, answer) == level
    assert [solves(k, game.setup, game.events, viewer, answer) for k in LEVELS] == [k >= level for k in LEVELS]
    assert (careful_player(game.setup, game.events, viewer).get(target) == holder) == (level <= 2)


def test_a_wrong_answer_is_solved_at_no_level_below_case_analysis() -> None:
    game = read_game(EXAMPLES / "six-diamonds.lit")
    wrong = {Card.parse("6D"): "Bob"}
    assert not any(solves(k, game.setup, game.events, "Ann", wrong) for k in range(1, 6))


def test_every_level_has_a_name() -> None:
    assert sorted(NAMES) == list(LEVELS)
    assert len(set(NAMES.values())) == len(NAMES)


def _checked(puzzle: Puzzle) -> str | None:
    """What is wrong with a pack puzzle's level (``None``: nothing)."""
    game = puzzle.game
    setup, events, viewer, answer = game.setup, game.events, puzzle.viewer, puzzle.answer
    level = puzzle.level
    if not solves(level, setup, events, viewer, answer):
        return f"{puzzle.id}: level {level} but its techniques do not solve it"
    below = [k for k in range(1, level) if solves(k, setup, events, viewer, answer)]
    if below:
        return f"{puzzle.id}: level {level} but solved with the techniques of level {below[0]}"
    placed = careful_player(setup, events, viewer)
    by_careful = all(placed.get(card) == player for card, player in answer.items())
    if by_careful != (level <= 2) and level in (1, 2, 5, 6):
        return f"{puzzle.id}: level {level}, and the careful player {'solves' if by_careful else 'misses'} it"
    if puzzle.difficulty.name != NAMES[level]:
        return f"{puzzle.id}: level {level} named {puzzle.difficulty.name!r}"
    return None


@pytest.mark.slow
def test_every_pack_puzzle_needs_its_level_and_no_less() -> None:
    puzzles = [p for p in load_pack() if p.level in LEVELS]
    wrong = [why for p in puzzles if (why := _checked(p)) is not None]
    assert not wrong, f"{len(wrong)} of {len(puzzles)} puzzles misgraded, the first: {wrong[:3]}"
    assert set(Counter(p.level for p in puzzles)) == set(LEVELS)
