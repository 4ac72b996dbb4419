"""The learners of a data folder: the command line's, and one folder each for the others.

Progress lives where the commands keep it. The command line's learner is the
store in the data folder itself (``progress.sqlite3``, what ``literature
train`` uses); every other learner has a folder of its own,
``learners/NAME/progress.sqlite3``, so a classroom can share one machine
(the browser's choice among them is :mod:`trainer.web.learners`').

    >>> check_name("Ann"), check_name("  Room 4b ")
    ('Ann', 'Room 4b')
    >>> check_name("../etc")
    Traceback (most recent call last):
    ...
    trainer.game.errors.LiteratureError: a name is a letter, then up to 29 letters, digits, spaces, - or _, not '../etc'
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> create(folder, "ann").key, create(folder, " Ann ").key, [learner.label for learner in everyone(folder)]
    ('ann', 'ann', ["this computer's learner", 'ann'])
    >>> named(folder, "ann") == create(folder, "ANN"), named(folder, "bob"), named(folder, "").key
    (True, None, '')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from puzzles.store import DB_NAME
from trainer.files import private_folder
from trainer.game.errors import LiteratureError

FOLDER = "learners"
CLI = ""
"""The key of the command line's learner (the store in the data folder itself)."""
CLI_LABEL = "this computer's learner"
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9 _-]{0,29}")
MAX_LEARNERS = 500


@dataclass(frozen=True)
class Learner:
    """A learner: ``key`` (``""`` for the command line's), the ``label`` shown, the ``store`` file."""

    key: str
    label: str
    store: Path


def check_name(text: str) -> str:
    """A new learner's name, trimmed, or :class:`LiteratureError` saying what a name may be."""
    name = " ".join(text.split())
    if not _NAME.fullmatch(name):
        shown = name if len(name) <= 40 else name[:30] + "…"
        raise LiteratureError(f"a name is a letter, then up to 29 letters, digits, spaces, - or _, "
                              f"not {shown!r}")
    return name


def cli_learner(folder: Path) -> Learner:
    """The command line's learner of the data folder ``folder``."""
    return Learner(CLI, CLI_LABEL, folder / DB_NAME)


def named(folder: Path, name: str) -> Learner | None:
    """The learner called ``name`` (``""``: the command line's), if there is one."""
    if name == CLI:
        return cli_learner(folder)
    if not _NAME.fullmatch(name):
        return None
    store = folder / FOLDER / name / DB_NAME
    return Learner(name, name, store) if store.parent.is_dir() else None


def everyone(folder: Path) -> list[Learner]:
    """The command line's learner, then the others by name."""
    found = [cli_learner(folder)]
    try:
        names = sorted((p.name for p in (folder / FOLDER).iterdir() if p.is_dir() and _NAME.fullmatch(p.name)),
                       key=str.lower)
    except OSError:
        names = []
    found.extend(Learner(n, n, folder / FOLDER / n / DB_NAME) for n in names[:MAX_LEARNERS])
    return found


def create(folder: Path, text: str) -> Learner:
    """The learner called ``text`` (checked by :func:`check_name`), its folder made unless a learner of that
    name in any case has one; ``LiteratureError`` for a bad name or when :data:`MAX_LEARNERS` are there
    already, ``OSError`` when the folder cannot be made."""
    chosen = check_name(text)
    learners = everyone(folder)
    taken = [learner for learner in learners[1:] if learner.key.lower() == chosen.lower()]
    if taken:
        return taken[0]
    if len(learners) > MAX_LEARNERS:
        raise LiteratureError(f"this computer has {MAX_LEARNERS} learners already: pick one")
    private_folder(folder / FOLDER / chosen)  # (0700: no other user of the computer lists the learners)
    return Learner(chosen, chosen, folder / FOLDER / chosen / DB_NAME)
