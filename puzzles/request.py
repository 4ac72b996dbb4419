"""What a set of puzzles is asked for: how many, of which levels, kinds, variants and table sizes.

A :class:`Request` is read by the generator (:func:`puzzles.generate.generate`, which mines new games) and by
the picker (:func:`puzzles.pick.pick`, which takes puzzles from the pack); it lives apart from both so that
picking a sheet does not load the miner.

    >>> Request(count=10).quotas()
    {1: 2, 2: 2, 3: 2, 4: 1, 5: 2, 6: 1}
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzles.model import KINDS, LEVELS
from trainer.game.errors import LiteratureError
from trainer.game.variants import Variant

RARE_LEVELS = {4: "hand counting", 6: "case analysis"}
"""Levels the mined games rarely give (few hands fill up; most forced cards have a human chain)."""


class GenerationError(LiteratureError):
    """A request the generator could not meet (it never answers with other puzzles instead)."""


@dataclass(frozen=True)
class Request:
    """What to generate. ``levels``, ``kinds``, ``variants`` and ``players`` are the allowed values.

    ``count`` is spread evenly over ``levels`` (:meth:`quotas`); ``per_game`` puzzles
    at most come from one game (default 1: no two puzzles of a set share a game,
    so none can give another's answer away).

    >>> Request(count=10).quotas()
    {1: 2, 2: 2, 3: 2, 4: 1, 5: 2, 6: 1}
    >>> Request(count=3, levels=(3,)).quotas()
    {3: 3}
    """

    count: int = 20
    seed: int = 0
    levels: tuple[int, ...] = tuple(LEVELS)
    kinds: tuple[str, ...] = KINDS
    variants: tuple[Variant, ...] = (Variant.CLASSIC, Variant.FISH54)
    players: tuple[int, ...] = (6, 8)
    per_game: int = 1
    per_moment: int | None = None
    max_games: int | None = None
    recall: bool = False
    max_explanation: int | None = None

    def __post_init__(self) -> None:
        if self.count < 1:
            raise GenerationError(f"--count must be at least 1, not {self.count}")
        bad = [level for level in self.levels if level not in LEVELS]
        if bad or not self.levels:
            raise GenerationError(f"levels must be from 1 to 6, not {bad or 'none'}")
        unknown = [kind for kind in self.kinds if kind not in KINDS]
        if unknown or not self.kinds:
            raise GenerationError(f"unknown kind {unknown[0] if unknown else 'none'!r} (kinds: {', '.join(KINDS)})")
        if not self.players or any(n not in (6, 8) for n in self.players):
            raise GenerationError("a game has 6 or 8 players")
        if self.per_game < 1:
            raise GenerationError(f"at least one puzzle per game, not {self.per_game}")

    def quotas(self) -> dict[int, int]:
        """How many puzzles of each level: ``count`` spread evenly, the odd ones to common levels first."""
        order = sorted(set(self.levels), key=lambda level: (level in RARE_LEVELS, level))
        base, extra = divmod(self.count, len(order))
        return {level: base + (i < extra) for i, level in sorted(enumerate(order), key=lambda x: x[1])}

    def kind_quotas(self) -> dict[str, int]:
        """How many puzzles of each kind: ``count`` spread evenly over ``kinds`` (a worksheet mixes them),
        the odd ones to the commonest kinds first (locate, certain, claim).

        >>> Request(count=10).kind_quotas()
        {'locate': 4, 'claim': 3, 'certain': 3}
        """
        order = sorted(self.kinds, key=("locate", "certain", "claim").index)
        base, extra = divmod(self.count, len(order))
        return {kind: base + (order.index(kind) < extra) for kind in KINDS if kind in order}

    @property
    def game_budget(self) -> int:
        """How many games to mine before giving up."""
        if self.max_games is not None:
            return self.max_games
        games = -(-self.count // self.per_game)
        rare = 12 if set(self.levels) <= set(RARE_LEVELS) else 6
        return max(40, games * rare)

    def describe(self) -> str:
        """The request in words, for messages."""
        levels = sorted(self.levels)
        if levels == list(LEVELS):
            what = "puzzles"
        elif len(levels) == 1:
            what = f"level-{levels[0]} puzzles"
        else:
            what = f"puzzles of levels {levels[0]}-{levels[-1]}" if levels == list(range(levels[0], levels[-1] + 1)) \
                else f"puzzles of levels {', '.join(map(str, levels))}"
        if tuple(self.kinds) != KINDS:
            what += f" ({'/'.join(self.kinds)})"
        return what
