"""Turning what was typed into an option's value, for the plain types the commands use, without pydantic.

Typer (0.29 and later) checks every value it parses with a pydantic
``TypeAdapter``, and importing pydantic costs about a quarter of a second at
every start of a command: more than half of the budget of a one-off
``literature solve``. The commands' options are all of a few plain types
(``str``, ``int``, ``float``, ``Path``, a ``str`` enum, or a list of one of
them, with ``min``/``max`` on numbers), which :class:`Plain` converts and
checks itself, with errors in the words of the rest of the command line.
:func:`install` gives each parameter of a command such a converter before
Typer builds its own; a parameter of any other type, or a Typer whose
parameters are built otherwise, is left to Typer as before.

    >>> from enum import Enum
    >>> class Colour(str, Enum):
    ...     RED = "red"
    >>> Plain(int, low=1).convert("3"), Plain(Colour).convert("red")
    (3, <Colour.RED: 'red'>)
    >>> Plain(int, low=1).convert("0")
    Traceback (most recent call last):
    ...
    ValueError: must be at least 1, not 0
"""

from __future__ import annotations

import math
import sys
from enum import Enum
from pathlib import Path
from typing import Any, get_args, get_origin

from typer._click import exceptions as errors

PLAIN = (str, int, float, Path)
"""The plain types (besides ``str`` enums, and ``bool`` for switches, which take no value)."""


class Plain:
    """A converter of one plain type (or a list of it), with the bounds ``low`` and ``high`` on numbers."""

    def __init__(self, kind: type[Any], *, many: bool = False, low: float | None = None, high: float | None = None):
        self.kind = kind
        self.many = many
        self.low = low
        self.high = high

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        """What Typer calls (as its own converters'): ``value`` as the parameter's type, or a ``BadParameter``."""
        multiple = param.multiple or param.nargs == -1
        if value is None:
            return () if multiple else None
        try:
            if multiple:
                return [self.convert(item) for item in value]
            return self.convert(value)
        except ValueError as error:
            raise errors.BadParameter(str(error), ctx=ctx, param=param) from None

    def convert(self, value: Any) -> Any:
        """One value as the type; ``ValueError`` saying what is wrong.

        A number must be finite (``nan``, ``inf`` and ``1e400`` are refused) and
        within ``low`` and ``high``; a value too long to show is shortened in the message.

        >>> Plain(float, low=0, high=300).convert("1e308")
        Traceback (most recent call last):
        ...
        ValueError: must be at most 300, not 1e+308
        >>> Plain(float).convert("nan")
        Traceback (most recent call last):
        ...
        ValueError: 'nan' is not a finite number
        >>> Plain(int, high=10).convert("9" * 5000)
        Traceback (most recent call last):
        ...
        ValueError: '99999999999999999999…' (5000 characters) is not a whole number of at most 4300 digits
        """
        kind = self.kind
        result: Any
        if isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
            result = value
        elif kind is bool:
            raise ValueError(f"{shown(value)} is not a switch's value")
        elif issubclass(kind, Enum):
            by_value = {str(m.value): m for m in kind}
            if str(value) not in by_value:
                raise ValueError(f"{shown(value)} is not one of {', '.join(repr(v) for v in by_value)}")
            result = by_value[str(value)]
        elif kind is int:
            try:
                result = int(str(value).strip())
            except ValueError:
                digits = sys.get_int_max_str_digits()
                if digits and str(value).strip().lstrip("+-").isdigit() and len(str(value).strip()) > digits:
                    raise ValueError(f"{shown(value)} is not a whole number of at most {digits} digits") from None
                raise ValueError(f"{shown(value)} is not a whole number") from None
        elif kind is float:
            try:
                result = float(str(value).strip())
            except ValueError:
                raise ValueError(f"{shown(value)} is not a number") from None
            if not math.isfinite(result):
                raise ValueError(f"{shown(value)} is not a finite number")
        else:
            result = kind(value)
        if isinstance(result, int | float):  # exact comparisons: a huge whole number is no float
            if self.low is not None and result < self.low:
                raise ValueError(f"must be at least {number(self.low)}, not {number(result)}")
            if self.high is not None and result > self.high:
                raise ValueError(f"must be at most {number(self.high)}, not {number(result)}")
        return result


def shown(value: object, width: int = 20) -> str:
    """``value`` quoted as typed, its start only when it is longer than ``width`` characters.

    >>> shown("abc"), shown("x" * 30, 5)
    ("'abc'", "'xxxxx…' (30 characters)")
    """
    text = str(value)
    return repr(text) if len(text) <= width else f"{text[:width]!r}"[:-1] + f"…' ({len(text)} characters)"


def number(value: float) -> str:
    """A bound or a value in a message: a whole float without ``.0``, a long whole number shortened.

    >>> number(0.0), number(2.5), number(1e308), number(10**30)
    ('0', '2.5', '1e+308', '1000000000000000000000000000000')
    >>> number(10**100)
    '10000000000000000000… (101 digits)'
    """
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e16:
        return str(int(value))
    text = str(value)
    return text if len(text) <= 40 else f"{text[:20]}… ({len(text.lstrip('-'))} digits)"


def plain_for(annotation: Any, info: Any) -> Plain | None:
    """The converter for a parameter of type ``annotation`` (Typer's ``ParameterInfo`` ``info``), or ``None``
    when it is not one of the plain types (or asks for what :class:`Plain` does not do, as ``clamp``)."""
    many = get_origin(annotation) is list
    if many:
        (annotation,) = get_args(annotation)
    if not isinstance(annotation, type):
        return None
    if not (issubclass(annotation, PLAIN) or issubclass(annotation, Enum) or annotation is bool):
        return None
    if getattr(info, "clamp", False) or getattr(info, "case_sensitive", True) is False:
        return None
    return Plain(annotation, many=many, low=getattr(info, "min", None), high=getattr(info, "max", None))


def install(command: Any, ctx: Any) -> None:
    """Give each parameter of ``command`` (``--help`` too, in the context ``ctx``) that is of a plain type a
    :class:`Plain` converter."""
    for param in command.get_params(ctx):
        descriptor = getattr(param, "type_descriptor", None)
        if descriptor is None or getattr(param, "_runtime_param", "absent") is not None:
            continue
        plain = plain_for(descriptor.annotation, descriptor.parameter_info)
        if plain is not None:
            param._runtime_param = plain
