"""The options that are choices, as light ``str`` enums of their own.

Typer needs a choice's enum when it builds the command line, that is at every
start, even for ``--help``; the library's enums (``Variant``, ``BotKind``,
``CoachLevel``, ``Depth``) live in modules that import the game, the bots or
the explainer. These mirror their values (a test checks that they agree), and
a command turns one into the library's with :func:`to`:

    >>> from trainer.game.variants import Variant
    >>> to(Variant, VariantChoice.FISH54)
    <Variant.FISH54: 'fish54'>
"""

from __future__ import annotations

from enum import Enum
from typing import TypeVar

E = TypeVar("E", bound=Enum)


class VariantChoice(str, Enum):
    """``--variant``: :class:`trainer.game.variants.Variant`."""

    CLASSIC = "classic"
    FISH54 = "fish54"


class BotChoice(str, Enum):
    """``--team1``, ``--partners``…: :class:`trainer.play.protocol.BotKind`."""

    RANDOM = "random"
    BASIC = "basic"
    HUMAN = "human"
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"


class CoachChoice(str, Enum):
    """``--coach``: :class:`trainer.play.match.CoachLevel`."""

    OFF = "off"
    ALERT = "alert"
    FULL = "full"


class DepthChoice(str, Enum):
    """``--depth``: :class:`trainer.explain.depth.Depth`."""

    NUDGE = "nudge"
    CLUE = "clue"
    FULL = "full"


def to(library: type[E], choice: Enum) -> E:
    """The member of the library's enum ``library`` with the value of ``choice``."""
    return library(choice.value)
