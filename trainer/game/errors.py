"""The few errors the game layer raises, all subclasses of :class:`ValueError`.

Every error can carry the file and line it was found at; ``str(error)`` is the
one line a user sees::

    >>> str(NotationError("unknown card 'XZ'", path="game.lit", line=7))
    "game.lit:7: unknown card 'XZ'"
"""

from __future__ import annotations


class LiteratureError(ValueError):
    """Base class: a message plus, when known, the file and line to blame."""

    def __init__(
        self, message: str, *, path: str | None = None, line: int | None = None, event: int | None = None
    ):
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.event = event

    def located(self, path: str | None = None, line: int | None = None) -> LiteratureError:
        """Return the same error with a file and line filled in where missing."""
        if self.path is None:
            self.path = path
        if self.line is None:
            self.line = line
        return self

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = f"{self.path}:{self.line}: " if self.line is not None else f"{self.path}: "
        elif self.line is not None:
            where = f"line {self.line}: "
        return where + self.message


class NotationError(LiteratureError):
    """Text that is not valid notation: an unknown card, a malformed line."""


class IllegalEventError(LiteratureError):
    """An event the rules forbid, or that contradicts a listed hand."""


class ImpossibleHistoryError(LiteratureError):
    """A history that no deal of the cards can satisfy."""
