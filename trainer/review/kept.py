"""Reviews a server works out once and keeps, and the logs it keeps uploaded (``/review``, :mod:`trainer.web.review`).

A game is known by its ``source`` (a file, or a table's code) and a
``stamp`` that changes when the game does; its review is worked out in the
background (:func:`trainer.background.start`), one at a time, the latest few
kept, and every card's holder chances at a moment are kept too. An uploaded
log (at most :data:`MAX_LOG_BYTES`) is checked as ``literature check`` checks
it and kept under its content's name, so a link to it lasts while it is kept:
for :data:`KEEP_UPLOAD_DAYS` after it was last uploaded, the oldest removed
first once the uploads pass :data:`MAX_UPLOADS` files or
:data:`MAX_UPLOAD_BYTES` in all.

    >>> upload_name("my game (2).lit"), upload_name("../../x"), upload_name(""), upload_name("..")
    ('my game (2).lit', 'x', 'upload.lit', 'upload.lit')
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> stamp(folder / "none.lit"), uploaded(folder, "../x")
    ((0, 0), None)
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import tempfile
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future
from pathlib import Path

from trainer.background import start
from trainer.files import write_atomic
from trainer.game.errors import LiteratureError
from trainer.game.notation import Game
from trainer.review.game_review import Review, review_game
from trainer.review.moment import Position, checked_log, position

REVIEW_SECONDS = 50.0
"""The review's time limit (``literature review --time-limit``'s default)."""
UPLOADS = "uploads"
MAX_LOG_BYTES = 256 * 1024
"""The largest log kept (a long game of 8 players is about 10 kB; the rest would be comments or padding)."""
MAX_UPLOAD_BYTES = 20 * 1024 * 1024
"""What the kept uploads may take on disk in all (a game of 150 events is about 2 kB)."""
MAX_UPLOADS = 5000
"""Uploads kept at most."""
UPLOAD_RATE = (1 / 30, 20)
"""Logs one address may upload: 20 at once, then one every 30 s (rate per second, burst)."""
KEEP_UPLOAD_DAYS = 30
"""An upload nobody uploaded again for this many days is removed (its link then says so)."""
_KEY = re.compile(r"[0-9a-f]{24}")
Stamp = tuple[int, int]


class Reviews:
    """The reviews being worked out, or done, by game (one at a time, in the background), and the positions
    asked for recently."""

    def __init__(self) -> None:
        self._jobs: OrderedDict[tuple[str, Stamp, bool], Future[Review]] = OrderedDict()
        self._positions: OrderedDict[tuple[str, Stamp, int, str | None], Position] = OrderedDict()
        self._lock = threading.Lock()

    def review(self, source: str, stamp: Stamp, game: Game, public: bool) -> Future[Review]:
        """The review of ``game`` (started now if it was not yet); ``public``: every move judged from the public
        view (each claim from its claimer's)."""
        key = (source, stamp, public)
        with self._lock:
            job = self._jobs.get(key)
            if job is None:
                job = start("review", _review, game, public)
                self._jobs[key] = job
                while len(self._jobs) > 8:
                    self._jobs.popitem(last=False)
            return job

    def keep(self, source: str, stamp: Stamp, public: bool, review: Review) -> None:
        """Keep a review worked out elsewhere (the hall's, at a table's end), so that its page never works it out
        again."""
        done: Future[Review] = Future()
        done.set_result(review)
        with self._lock:
            self._jobs[(source, stamp, public)] = done
            while len(self._jobs) > 8:
                self._jobs.popitem(last=False)

    def position(self, source: str, stamp: Stamp, game: Game, event: int, view: str | None) -> Position:
        """Every card's holder chances after ``event`` events, seen by ``view`` (cached)."""
        key = (source, stamp, event, view)
        with self._lock:
            found = self._positions.get(key)
        if found is None:
            found = position(game, event, view)
            with self._lock:
                self._positions[key] = found
                while len(self._positions) > 400:
                    self._positions.popitem(last=False)
        return found


def _review(game: Game, public: bool) -> Review:
    return review_game(game, None, None, 1, REVIEW_SECONDS, public=public)



def stamp(path: Path) -> Stamp:
    """What changes when the file at ``path`` does: its time and size (``(0, 0)`` when it cannot be read)."""
    try:
        found = path.stat()
    except OSError:
        return (0, 0)
    return (found.st_mtime_ns, found.st_size)


def upload_name(name: str) -> str:
    """The name a log is called by in its errors: the uploaded file's own name, made safe."""
    base = re.split(r"[\\/]", name)[-1].strip()
    safe = re.sub(r"[\x00-\x1f\x7f]", "_", base).lstrip(".")[:120]
    return safe or "upload.lit"


def check_log(data: bytes, name: str) -> Game:
    """Check a log as ``literature check NAME`` would; the error names ``name`` and the line."""
    with tempfile.TemporaryDirectory(prefix="literature-upload-") as folder:
        path = Path(folder) / "upload.lit"  # (never the uploaded name: a long or odd one is not a file name here)
        path.write_bytes(data)
        try:
            return checked_log(path)
        except LiteratureError as error:
            if error.path is not None and error.path == str(path):
                error.path = name
            raise


def keep_log(folder: Path, data: bytes) -> str:
    """Keep a checked log in the data folder ``folder`` under its content's name (nothing is ever written over:
    the same log uploaded again is kept longer), remove what is past the bounds (:func:`prune_uploads`), and
    return that name; a :class:`LiteratureError` for a log over :data:`MAX_LOG_BYTES`."""
    if len(data) > MAX_LOG_BYTES:
        raise LiteratureError(f"a log kept here is at most {MAX_LOG_BYTES // 1024} kB, and this one is "
                              f"{len(data) // 1024} kB: remove its comments, or review it with literature review")
    key = hashlib.sha256(data).hexdigest()[:24]
    path = folder / UPLOADS / f"{key}.lit"
    if path.exists():
        with contextlib.suppress(OSError):
            os.utime(path)
    else:
        write_atomic(path, data.decode("utf-8-sig"), private=True)
    prune_uploads(folder / UPLOADS, keep=path)
    return key


def prune_uploads(folder: Path, keep: Path | None = None, now: float | None = None) -> list[str]:
    """Remove the uploads in ``folder`` past :data:`KEEP_UPLOAD_DAYS`, then the oldest while they are more than
    :data:`MAX_UPLOADS` or take more than :data:`MAX_UPLOAD_BYTES` (never ``keep``, the one just kept); the
    names removed.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> for n in range(3):
    ...     _ = (folder / f"{n}.lit").write_text("x" * 10)
    ...     os.utime(folder / f"{n}.lit", (n * 86400.0, n * 86400.0))
    >>> prune_uploads(folder, now=(KEEP_UPLOAD_DAYS + 0.5) * 86400)
    ['0.lit']
    """
    now = time.time() if now is None else now
    found = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if entry.name.endswith(".lit") and entry.is_file(follow_symlinks=False):
                info = entry.stat(follow_symlinks=False)
                found.append((info.st_mtime, info.st_size, Path(entry.path)))
    found.sort(reverse=True)  # newest first
    kept, size, gone = 0, 0, []
    for changed, bytes_, path in found:
        kept, size = kept + 1, size + bytes_
        over = kept > MAX_UPLOADS or size > MAX_UPLOAD_BYTES or now - changed > KEEP_UPLOAD_DAYS * 86400
        if over and path != keep:
            with contextlib.suppress(OSError):
                path.unlink()
                gone.append(path.name)
    return sorted(gone)


def uploaded(folder: Path, key: str) -> Path | None:
    """The log kept as ``key`` in the data folder ``folder``, if there is one."""
    path = folder / UPLOADS / f"{key}.lit"
    return path if _KEY.fullmatch(key) and path.is_file() else None
