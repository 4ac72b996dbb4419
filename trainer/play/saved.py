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

from trainer.files import write_atomic
from trainer.game.errors import LiteratureError
from trainer.game.notation import MAX_LOG_BYTES
from trainer.game.reading import read_bounded
from trainer.play.match import Match


def file_name(match: Match) -> str:
    """The file a new game is saved in: its start time and seed."""
    started = match.seating.started[:16].replace("T", "-").replace(":", "") or "game"
    return f"{started}-seed{match.seating.seed}.lit"


def save(match: Match, folder: Path) -> Path:
    """Write the game atomically (to its own file, or a new one in ``folder``) and return the path."""
    if match.path is None:
        path = folder / file_name(match)
        number = 1
        while path.exists():
            number += 1
            path = folder / file_name(match).replace(".lit", f"-{number}.lit")
        match.path = str(path)
    write_atomic(Path(match.path), match.text())
    return Path(match.path)


def load(path: Path) -> Match:
    """Read a saved game; a missing or damaged file raises :class:`LiteratureError` naming it."""
    raw = read_bounded(path, max_bytes=MAX_LOG_BYTES, kind="game log")  # a device or a FIFO: no further than that
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LiteratureError("this is a binary file, not a game log (not UTF-8 text)", path=str(path)) from None
    return Match.from_text(text, str(path))


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
            games.append(SavedGame(path, "", "", 0, "", "", "", 0, False, (0, 0), f"unreadable: {error}"))
    return sorted(games, key=lambda g: (g.started, str(g.path)))


def latest_unfinished(folder: Path) -> Path | None:
    """The most recently started game that is not over, if any."""
    open_games = [g for g in saved_games(folder) if g.result == "in progress"]
    return open_games[-1].path if open_games else None
