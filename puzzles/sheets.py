"""A teacher's worksheet asked for in a browser: the form's fields read into a request, and the sets picked from
the pack (:func:`puzzles.pick.pick`, as ``literature generate`` does) one at a time in the background, the latest
few kept (``/worksheet``, :mod:`trainer.web.worksheet`).

A request is its address (``?count=6&level=1&level=2&seed=4``): the same
address always gives the same puzzles, and a set made once is kept while the
server runs.

    >>> wanted, title = form_request({"count": ["4"], "level": ["2", "3"], "variant": ["fish54"], "players": ["8"]})
    >>> wanted.describe(), address(wanted, title)
    ('puzzles of levels 2-3', 'count=4&level=2&level=3&variant=fish54&players=8&seed=0&title=Literature+puzzles')
    >>> form_request({"count": ["0"]})
    Traceback (most recent call last):
    ...
    trainer.game.errors.LiteratureError: count: a whole number from 1 to 40, not '0'
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from concurrent.futures import Future
from urllib.parse import urlencode

from puzzles.model import KINDS, LEVELS
from puzzles.pick import Picked, pick
from puzzles.request import Request as Wanted
from trainer.background import start
from trainer.game.errors import LiteratureError
from trainer.game.variants import Variant

MAX_COUNT = 40
"""The most puzzles one worksheet may ask for here (``literature generate --count`` allows more, in a terminal)."""
MAX_SEED = 2**63 - 1
MAX_TITLE = 100
DEFAULT_TITLE = "Literature puzzles"
DEFAULT_LEVELS = ("1", "2", "3")
"""The levels asked for when none is chosen (the quick ones; the form starts with them ticked)."""
DEFAULT_PLAYERS = "6"
"""The table size asked for when none is chosen: 6 players (when sets were mined, a set of 6 puzzles of levels 1-3
was made in about a second; with 8-player games too it took 30 s)."""


def form_request(query: Mapping[str, Sequence[str]]) -> tuple[Wanted, str]:
    """The generator's request and the title a form (or an address) asks for; ``LiteratureError`` naming the
    field that is wrong."""

    def one(name: str, default: str) -> str:
        values = query.get(name) or [default]
        return (values[0] or default).strip()

    count = one("count", "6")
    if not count.isdigit() or not 1 <= int(count) <= MAX_COUNT:
        raise LiteratureError(f"count: a whole number from 1 to {MAX_COUNT}, not {count[:20]!r}")
    levels = []
    for text in query.get("level") or DEFAULT_LEVELS:
        if not text.strip().isdigit() or int(text) not in LEVELS:
            raise LiteratureError(f"level: from 1 to 6, not {text[:20]!r}")
        levels.append(int(text))
    variant = one("variant", "both")
    variants: tuple[Variant, ...]
    if variant == "both":
        variants = (Variant.CLASSIC, Variant.FISH54)
    elif variant in {v.value for v in Variant}:
        variants = (Variant(variant),)
    else:
        raise LiteratureError(f"variant: both, classic or fish54, not {variant[:20]!r}")
    players = one("players", DEFAULT_PLAYERS)
    if players not in ("both", "6", "8"):
        raise LiteratureError(f"players: both, 6 or 8, not {players[:20]!r}")
    seed = one("seed", "0")
    if not seed.isdigit() or int(seed) > MAX_SEED:
        raise LiteratureError(f"seed: a whole number from 0 to {MAX_SEED}, not {seed[:30]!r}")
    title = " ".join(one("title", DEFAULT_TITLE).split())[:MAX_TITLE] or DEFAULT_TITLE
    wanted = Wanted(count=int(count), seed=int(seed), levels=tuple(sorted(set(levels))), kinds=KINDS,
                    variants=variants, players=(6, 8) if players == "both" else (int(players),), max_games=None)
    return wanted, title


def address(wanted: Wanted, title: str) -> str:
    """The query string that asks for ``wanted`` again."""
    variant = "both" if len(wanted.variants) > 1 else wanted.variants[0].value
    players = "both" if len(wanted.players) > 1 else str(wanted.players[0])
    pairs = [("count", str(wanted.count)), *(("level", str(n)) for n in wanted.levels), ("variant", variant),
             ("players", players), ("seed", str(wanted.seed)), ("title", title)]
    return urlencode(pairs)


WORKSHEET_SECONDS = 120.0
"""The most time one set was allowed when sets were mined (kept for callers that set it; a set from the pack takes
a second or two)."""
MAX_WAITING = 2
"""The most sets being made or waiting to be made at once; a request for another is told to come back."""
MAX_KEPT = 16
"""Sets kept made (the latest asked for)."""


class Sets:
    """The puzzle sets made so far, or being made: one made at a time in the background
    (:func:`trainer.background.start`), at most :data:`MAX_WAITING` waiting, the latest few kept.

    A request never waits for a set: it is told whether the set is ready, and comes back
    (the page refreshes itself) until it is.
    """

    def __init__(self) -> None:
        self._made: OrderedDict[Wanted, Future[Picked]] = OrderedDict()
        self._lock = threading.Lock()
        self.seconds = WORKSHEET_SECONDS

    def puzzles(self, wanted: Wanted) -> Future[Picked] | None:
        """The puzzles of ``wanted``: made, being made (started now if they were not asked for yet), or
        ``None`` when :data:`MAX_WAITING` other sets are being made already."""
        with self._lock:
            job = self._made.get(wanted)
            if job is not None:
                self._made.move_to_end(wanted)
                return job
            if sum(not other.done() for other in self._made.values()) >= MAX_WAITING:
                return None
            job = start("worksheet", _generate, wanted, self.seconds)
            self._made[wanted] = job
            while len(self._made) > MAX_KEPT:
                _, old = self._made.popitem(last=False)
                old.cancel()  # (one still waiting to start never starts)
            return job


def _generate(wanted: Wanted, seconds: float) -> Picked:
    """The set, picked from the pack in the background (``seconds`` is not needed: picking takes a second)."""
    return pick_set(wanted)


def pick_set(wanted: Wanted) -> Picked:
    """The puzzles of ``wanted`` from the pack (:func:`puzzles.pick.pick`) and the kinds it had too few of; a
    request the pack cannot meet is a :class:`~puzzles.request.GenerationError` saying so."""
    return pick(wanted)

