"""People's names at a table: two names that look alike are the same name.

A name is compared in two forms a reader could take it for, after NFKC
(fullwidth ``Ａｌｉｃｅ`` is ``Alice``) with spaces collapsed, trailing
punctuation dropped (``Alice.``), small capitals read as capitals (``ᴀ``,
``ʟ``) and accents dropped (``í``, ``Ƶ``): its confusable skeleton (Unicode's
UTS #39: each character mapped to the prototype it can be confused with, by
the confusables table as the `confusable_homoglyphs` library keeps it:
Cyrillic ``А`` and Greek ``ο``, the digit ``0`` as ``O``, a capital ``I`` as
``l``, a dotless ``ı`` as ``i``), and the skeleton of its case folding
(``alice`` is ``Alice``; but ``Ian`` is not ``Lan``). Two names clash when
either form of one meets the same form of the other.

    >>> look_alike("Аlice", ["Bob", "Alice"]), look_alike("Ａｌｉｃｅ", ["Alice"]), look_alike("alice.", ["Alice"])
    ('Alice', 'Alice', 'Alice')
    >>> [look_alike(name, ["Alice"]) for name in ("AIice", "ᴀlice", "Aʟice", "Alıce", "Alíce")]
    ['Alice', 'Alice', 'Alice', 'Alice', 'Alice']
    >>> look_alike("Alicia", ["Alice"]) is None, look_alike("Zoe B", ["Zoe"]) is None, look_alike("Ƶoe", ["Zoe"])
    (True, True, 'Zoe')
    >>> look_alike("Ian", ["Lan"]) is None, look_alike("ALICE", ["Alice"])
    (True, 'Alice')
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable

from confusable_homoglyphs import confusables

_TRAILING = " .,'-_!?;:"


def forms(name: str) -> tuple[str, str]:
    """The two forms ``name`` is compared in (see the module's docstring): its skeleton, and its folded one.

    >>> forms(" Саt. "), forms("Ｚｏë  B"), forms("0scar"), forms("ᴢoe") == forms("Zoe")  # (Cyrillic С and а)
    (('Cat', 'cat'), ('Zoe B', 'zoe b'), ('Oscar', 'oscar'), True)
    """
    text = " ".join(unicodedata.normalize("NFKC", name).split()).rstrip(_TRAILING)
    text = "".join(_small_capital(c) for c in _plain(text))
    return _plain(skeleton(text)), _plain(skeleton(text.casefold())).casefold()


def _plain(text: str) -> str:
    """``text`` without its accents and overlays (NFD, the combining marks dropped)."""
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``: NFD, each character replaced by its prototype in Unicode's confusables
    table, NFD again.

    >>> skeleton("AIice") == skeleton("Alice"), skeleton("Ꭺlice") == skeleton("Alice"), skeleton("Alicia")
    (True, True, 'Alicia')
    """
    mapped = "".join(_prototype(c) for c in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def _small_capital(char: str) -> str:
    """The capital a small capital letter is read as (``ᴀ``: ``A``), or ``char``."""
    name = unicodedata.name(char, "")
    return name[-1] if name.startswith("LATIN LETTER SMALL CAPITAL ") and name[-2] == " " else char


@functools.lru_cache(maxsize=4096)
def _prototype(char: str) -> str:
    """The prototype ``char`` is confused with in Unicode's confusables table (a source maps to one prototype,
    which the library lists among the source's homoglyphs, and whose own list holds its sources), or ``char``."""
    found = _homoglyphs(char)
    if len(found) != 1:
        return char  # (a prototype, or a character of no confusion)
    target = found[0]
    back = _homoglyphs(target)
    if back == [char]:
        return min(char, target)  # (two that only look like each other: either is the prototype, one is chosen)
    return target if char in back or not back else char


def _homoglyphs(char: str) -> list[str]:
    return [str(g["c"]).replace("\u200e", "") for g in confusables.confusables_data.get(char, [])]


def look_alike(name: str, taken: Iterable[str]) -> str | None:
    """The first of the ``taken`` names that ``name`` looks like, or ``None``."""
    mine = forms(name)
    for other in taken:
        theirs = forms(other)
        if theirs[0] == mine[0] or theirs[1] == mine[1]:
            return other
    return None
