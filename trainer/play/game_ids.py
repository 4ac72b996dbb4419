"""The web address of a saved game: an opaque id, never its file name (which holds the seed that deals it).

``literature play`` names a game's file after its start and its seed
(``2026-12-01-0042-seed3.lit``), and the seed alone decides the deal: a page
that showed the name would let a player deal the game again and see the bots'
hands. So the web pages call a game by a keyed hash of its file name,
:func:`game_id`: the key is a random secret kept in the data folder
(``web-key``, made on first use), so an id names one file, is the same after a
restart (links last), and tells nothing about the seed; :func:`find_game` finds
the file again. The files themselves keep the names ``literature play`` gives
them, so ``literature games`` and ``literature play --resume`` go on as before.

    >>> import tempfile
    >>> home = Path(tempfile.mkdtemp())
    >>> (home / "games").mkdir()
    >>> path = home / "games" / "2026-12-01-0042-seed3.lit"
    >>> _ = path.write_text("")
    >>> gid = game_id(home, path)
    >>> len(gid), "seed" in gid, gid == game_id(home, path)
    (20, False, True)
    >>> find_game(home, home / "games", gid) == path, find_game(home, home / "games", "2026-12-01-0042-seed3")
    (True, None)
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import threading
from pathlib import Path

from trainer.files import OutputRefused, write_atomic
from trainer.game.errors import LiteratureError

KEY_FILE = "web-key"
"""The file in the data folder holding the key of the games' ids."""
_ID = re.compile(r"[0-9a-f]{20}")


class GameIds:
    """The ids of the saved games of one server, with each data folder's key read once (the hall keeps one)."""

    def __init__(self) -> None:
        self._keys: dict[Path, bytes] = {}
        self._lock = threading.Lock()

    def key(self, home: Path) -> bytes:
        """The data folder's key (made, and written once, on first use; never replaced)."""
        with self._lock:
            found = self._keys.get(home)
            if found is None:
                found = self._keys[home] = _key(home)
            return found

    def game_id(self, home: Path, path: Path) -> str:
        """The id of the game saved at ``path`` (20 hex digits: a keyed hash of its file name)."""
        return hmac.new(self.key(home), path.name.encode(), hashlib.sha256).hexdigest()[:20]

    def find_game(self, home: Path, folder: Path, gid: str) -> Path | None:
        """The saved game in ``folder`` whose id is ``gid``; ``None`` if there is none (or ``gid`` is no id)."""
        if not _ID.fullmatch(gid):
            return None
        try:
            paths = sorted(folder.glob("*.lit"))
        except OSError:
            return None
        for path in paths:
            if hmac.compare_digest(self.game_id(home, path), gid):
                return path
        return None


def _key(home: Path) -> bytes:
    """The data folder's key, read, or made and written once on first use (never replaced)."""
    path = home / KEY_FILE
    text = _read(path)
    if text is None:
        try:
            write_atomic(path, secrets.token_hex(32) + "\n", private=True)
        except OutputRefused:  # made at the same moment by another server over the same folder (or damaged)
            pass
        except OSError as error:
            raise LiteratureError(f"cannot keep the key of the games' web addresses ({error})", path=str(path)) \
                from None
        text = _read(path)
    if text is None:
        raise LiteratureError("is not the key of the games' web addresses (64 hex digits): remove it to make "
                              "a new one (the games' old links then change)", path=str(path))
    return text.encode()


def _read(path: Path) -> str | None:
    try:
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return text if re.fullmatch(r"[0-9a-f]{64}", text) else None


def game_id(home: Path, path: Path) -> str:
    """The id of the game saved at ``path`` (:meth:`GameIds.game_id`, the key read afresh)."""
    return GameIds().game_id(home, path)


def find_game(home: Path, folder: Path, gid: str) -> Path | None:
    """The saved game in ``folder`` whose id is ``gid`` (:meth:`GameIds.find_game`, the key read afresh)."""
    return GameIds().find_game(home, folder, gid)
