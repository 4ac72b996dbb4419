"""The games ``literature play`` saved: where they go, and the list of them.

Each game is one ``.lit`` file in the games folder (``games/`` in the data
directory), written again after every move. Its name says when it started and
from which seed: ``2026-12-01-0042-seed3.lit``.

    >>> import tempfile, pathlib
    >>> from trainer.play.match import Match, Seating
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> match = Match.new(Seating(seed=3, started="2026-12-01T00:42:00+00:00"))
    >>> path = save(match, folder)
    >>> path.name
    '2026-12-01-0042-seed3.lit'
    >>> [(g.result, g.events) for g in saved_games(folder)]
    [('in progress', 0)]
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from trainer.files import OutputRefused, write_atomic
from trainer.game.errors import LiteratureError
from trainer.play.match import Match


def file_name(match: Match) -> str:
    """The file a new game is saved in: its start time and seed."""
    started = match.seating.started[:16].replace("T", "-").replace(":", "") or "game"
    return f"{started}-seed{match.seating.seed}.lit"


def save(match: Match, folder: Path) -> Path:
    """Write the game atomically and return the path: a new file in ``folder`` (never over anything there),
    then its own file again after every move (a regular file only: a link or a device put in its place is
    refused, :func:`trainer.files.write_atomic`)."""
    if match.path is not None:
        write_atomic(Path(match.path), match.text(), force=True, private=True)
        return Path(match.path)
    number = 1
    while True:
        path = folder / file_name(match)
        if number > 1:
            path = path.with_name(path.name.replace(".lit", f"-{number}.lit"))
        try:
            write_atomic(path, match.text(), private=True)
        except OutputRefused:  # a name taken (by anything, even a link): the next one
            number += 1
            continue
        match.path = str(path)
        return path


MAX_SAVED_BYTES = 1024 * 1024
"""A saved game larger than this is refused unread: a whole 8-player game is about 10 KB."""


def load(path: Path) -> Match:
    """Read a saved game; a missing, damaged or oversized file, or one that is not a regular file (a
    FIFO would never end), raises :class:`LiteratureError` naming it."""
    name = str(path)
    try:
        if path.exists() and not path.is_file() and not path.is_dir():
            raise LiteratureError("is not a regular file, so not a saved game", path=name)
        with path.open("rb") as handle:
            raw = handle.read(MAX_SAVED_BYTES + 1)
        if len(raw) > MAX_SAVED_BYTES:
            raise LiteratureError(f"is larger than the {MAX_SAVED_BYTES // 1024} KB a saved game may be", path=name)
        text = raw.decode("utf-8")
    except FileNotFoundError:
        raise LiteratureError("no such file", path=name) from None
    except (IsADirectoryError, PermissionError, UnicodeDecodeError) as error:
        raise LiteratureError(f"cannot be read ({error.__class__.__name__})", path=name) from None
    except OSError as error:
        raise LiteratureError(f"cannot be read ({error.strerror or error})", path=name) from None
    return Match.from_text(text.removeprefix("\ufeff"), name)


@dataclass(frozen=True)
class SavedGame:
    """One saved game, as ``literature games`` lists it."""

    path: Path
    started: str
    variant: str
    players: int
    you: str
    partners: str
    opponents: str
    events: int
    over: bool
    score: tuple[int, int]
    result: str
    why: str = ""
    """Why the game could not be read (its result is then ``unreadable: ...``)."""

    @property
    def won(self) -> bool:
        """Whether the game is over and the person's team won it."""
        return self.result == "won"

    def as_json(self) -> dict[str, object]:
        """The ``games --json`` form of one game."""
        return {
            "file": str(self.path),
            "started": self.started,
            "variant": self.variant,
            "players": self.players,
            "you": self.you,
            "partners": self.partners,
            "opponents": self.opponents,
            "events": self.events,
            "over": self.over,
            "score": {"you": self.score[0], "them": self.score[1]},
            "result": self.result,
        }


def describe(match: Match, path: Path) -> SavedGame:
    """What the list shows about a game: its table, and how it stands or ended."""
    state = match.state
    team = match.setup.team(match.you)
    score = (state.score[team], state.score[3 - team])
    if not state.over:
        result = "in progress"
    elif state.winner is None:
        result = "tie"
    else:
        result = "won" if state.winner == team else "lost"
    seating = match.seating
    return SavedGame(
        path, seating.started, match.setup.variant.value, len(match.setup.players), match.you,
        seating.partners.value, seating.opponents.value, len(state.events), state.over, score, result,
    )


def saved_games(folder: Path) -> list[SavedGame]:
    """Every saved game in ``folder``, oldest first; a file that cannot be read is listed with the reason."""
    if not folder.is_dir():
        return []
    games = []
    for path in sorted(folder.glob("*.lit")):
        try:
            games.append(describe(load(path), path))
        except (LiteratureError, OSError) as error:
            games.append(SavedGame(path, "", "", 0, "", "", "", 0, False, (0, 0), f"unreadable: {error}",
                                   _why(error)))
    return sorted(games, key=lambda g: (g.started, str(g.path)))


def latest_unfinished(folder: Path) -> Path | None:
    """The most recently started game that is not over, if any (``None``: every game saved is over, or none is).

    When no game can be resumed because the games not known to be over cannot be read, raises
    :class:`LiteratureError` naming the newest of them and why, rather than saying there is none.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "2026-12-01-0042-seed3.lit").write_text("# literature play: seed 3\\nvariant: chess\\n")
    >>> latest_unfinished(folder)
    Traceback (most recent call last):
    ...
    trainer.game.errors.LiteratureError: ...seed3.lit: this game cannot be resumed: it is unreadable (line 2: ...
    """
    games = saved_games(folder)
    open_games = [g for g in games if g.result == "in progress"]
    if open_games:
        return open_games[-1].path
    unreadable = sorted((g for g in games if g.why), key=lambda g: g.path.name)
    if not unreadable:
        return None
    newest = unreadable[-1]
    others = len(unreadable) - 1
    more = f", and {others} other game{'s' if others != 1 else ''} cannot be read either" if others else ""
    raise LiteratureError(f"this game cannot be resumed: it is unreadable ({newest.why}); no other unfinished "
                          f"game is saved{more}", path=str(newest.path))


def _why(error: Exception) -> str:
    """What is wrong with an unreadable game, without its file name (the line, when known)."""
    if isinstance(error, LiteratureError):
        return (f"line {error.line}: " if error.line is not None else "") + error.message
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return str(error)
