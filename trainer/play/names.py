"""People's names at a table: two names that look alike are the same name.

A name is compared in the forms a reader could take it for: NFKC (fullwidth
``Ａｌｉｃｅ`` is ``Alice``), case folded, spaces collapsed, trailing
punctuation dropped (``Alice.``), and each character mapped to the Latin letter
it can be confused with (Cyrillic ``А``, Greek ``ο``, the digit ``0``), by the
Unicode confusables table as the `confusable_homoglyphs` library keeps it. Two
names clash when their forms meet.

    >>> look_alike("Аlice", ["Bob", "Alice"]), look_alike("Ａｌｉｃｅ", ["Alice"]), look_alike("alice.", ["Alice"])
    ('Alice', 'Alice', 'Alice')
    >>> look_alike("Alicia", ["Alice"]) is None, look_alike("Zoe B", ["Zoe"]) is None
    (True, True)
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable

from confusable_homoglyphs import confusables

_TRAILING = " .,'-_!?;:"


def form(name: str) -> str:
    """The form ``name`` is compared in (see the module's docstring).

    >>> form(" Саt. "), form("Ｚｏë  B"), form("0scar")  # (Cyrillic С and а)
    ('cat', 'zoë b', 'oscar')
    """
    text = " ".join(unicodedata.normalize("NFKC", name).split()).rstrip(_TRAILING)
    return "".join(_latin(c) for c in text).casefold()


@functools.lru_cache(maxsize=4096)
def _latin(char: str) -> str:
    """The Latin letter ``char`` can be taken for, or ``char``."""
    found = confusables.is_confusable(char, preferred_aliases=["latin"])
    if found:
        for glyph in found[0]["homoglyphs"]:
            if glyph["n"].startswith("LATIN"):
                return str(glyph["c"])
    return char


def look_alike(name: str, taken: Iterable[str]) -> str | None:
    """The first of the ``taken`` names that ``name`` looks like, or ``None``."""
    mine = form(name)
    for other in taken:
        if form(other) == mine:
            return other
    return None
