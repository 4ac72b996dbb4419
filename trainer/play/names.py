"""People's names at a table: two names that look alike are the same name.

A name is compared in the forms a reader could take it for: NFKC (fullwidth
``Ａｌｉｃｅ`` is ``Alice``), case folded, spaces collapsed, trailing
punctuation dropped (``Alice.``), and each character mapped to the Latin letter
it can be confused with (Cyrillic ``А``), by the Unicode confusables table as
the `confusables` library keeps it. Two names clash when any of their forms
meet.

    >>> look_alike("Аlice", ["Bob", "Alice"]), look_alike("Ａｌｉｃｅ", ["Alice"]), look_alike("alice.", ["Alice"])
    ('Alice', 'Alice', 'Alice')
    >>> look_alike("Alicia", ["Alice"]) is None, look_alike("Zoe B", ["Zoe"]) is None
    (True, True)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

import confusables

_TRAILING = " .,'-_!?;:"


def forms(name: str) -> frozenset[str]:
    """The forms ``name`` may be read as (see the module's docstring).

    >>> "cat" in forms(" Саt. ")  # (Cyrillic С and а)
    True
    """
    text = " ".join(unicodedata.normalize("NFKC", name).split()).rstrip(_TRAILING).casefold()
    return frozenset(confusables.normalize(text, prioritize_alpha=True)) | {text}


def look_alike(name: str, taken: Iterable[str]) -> str | None:
    """The first of the ``taken`` names that ``name`` looks like, or ``None``."""
    mine = forms(name)
    for other in taken:
        if mine & forms(other):
            return other
    return None
