"""The hall: every table of one data folder behind one service, whichever door it is played through.

``literature play`` (the terminal), ``/play`` (a game against bots in the
browser) and ``/t/CODE`` (friends) are doors onto the :class:`Hall`. It opens,
saves and loads tables in one form (:meth:`Table.text` and :meth:`Table.load`:
the game's complete ``.lit``, a friends' table's own record in its first line;
``tables/CODE.lit`` for a friends' table, ``games/`` for one person's), takes
each change under the table's one lock and saves it before anyone hears of it
(:meth:`Hall.guarded`: whatever an action raises, the lock is released, the
table goes on, and the door gets a :class:`TableError` with a status and one
line), drives the bots (:meth:`Hall.bot_moves`: the one driver;
the pace is the door's: the terminal's pause, ``/play``'s one step per request,
a friends' table's second), and ends a game once (:meth:`Hall.end`: the
result, what decided it, the give-away, each seat's reviewed moves, the missed
positions queued), worded by ``render`` on every face alike.

A change to a friends' table (:meth:`Hall.change`) runs in a worker thread
while the table's lock is held, is written to the table's file, and only then
is every client listening to that table sent its own view
(:meth:`Hall.subscribe`; the door says how a view is written: the JSON of the
API, or the page's fragment): a change that cannot be saved is undone (the
table is read back from its file) and announced to no one.

    >>> import tempfile
    >>> from trainer.play.match import Match, Seating
    >>> hall = Hall(Path(tempfile.mkdtemp()))
    >>> table = hall.new_game(Match.new(Seating(seed=3)))
    >>> moved = hall.bot_moves(table)
    >>> [str(e) for e in moved], table.bot_due()
    (['Dan asks Ann for 2S: no'], False)
    >>> hall.respond(table, "Ann", "claim LS: Ann 2S 3S 4S 5S 6S 7S").kind  # the coach asks first
    <ReplyKind.CONFIRM: 'confirm'>
    >>> [str(e) for e in hall.respond(table, "Ann", "yes").events]  # doctest: +ELLIPSIS
    ['Ann claims LS: Ann 2S 3S 4S 5S 6S 7S (actual: ...)']
    >>> hall.respond(table, "Ann", "claim LS: Ann 2S 3S 4S 5S 6S 7S").message
    'LS has already been claimed'
    >>> hall.game(Path(table.match.path)) is table  # saved after every move: the file is the game
    True
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from trainer.files import read_kept, write_atomic
from trainer.game.errors import LiteratureError
from trainer.game.events import Event
from trainer.memory import give_back
from trainer.play.ending import SeatEnding, own_notes, seat_ending
from trainer.play.game_ids import GameIds
from trainer.play.limits import MAX_TABLES_PER_ADDRESS, Limits, check_share, stale
from trainer.play.match import Match
from trainer.play.saved import load, save
from trainer.play.seat import Reply
from trainer.play.seat_view import SeatView
from trainer.play.table import CODE, Options, Table, TableError
from trainer.review import Note, Review, review_game
from trainer.review.kept import Reviews
from trainer.review.opened import review_source

log = logging.getLogger("literature.web.tables")

T = TypeVar("T")

FOLDER = "tables"
"""The tables' folder in the data folder."""
GAMES = "games"
"""The one-person games' folder in the data folder (``literature games`` lists it)."""
IDLE_SECONDS = 24 * 3600.0
"""A table nobody touched for this long expires (its file is removed)."""
MAX_TABLES = 200
"""Tables a server holds at once."""
MAX_SPECTATORS = 48
"""Spectators' live streams open on one table at once (the seats' streams are not counted: they have their own)."""
MAX_SPECTATORS_PER_ADDRESS = 4
"""Spectators' live streams one address may hold open on one table."""
MAX_PER_SEAT = 4
"""Live streams of one seat (its person's tabs and devices); a fifth closes the oldest, never the new one."""
MAX_QUEUED = 200
"""Messages waiting for one slow listener; past this it is dropped (its page reconnects and gets the state)."""
PACE = 1.0
"""Seconds between two bots' moves, so that people can follow them."""
ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
"""The letters of a table's code."""
_OPENED = itertools.count()


@dataclass(eq=False)
class Listener:
    """One client of a table's live stream: the seat it is for (``None``: a spectator) and its queue."""

    viewer: str | None
    html: str | None = None
    """For a page's stream: the browser's form token (the fragment's forms carry it); ``None``: the JSON API's."""
    host: bool = False
    """The page's browser is the table's host (its fragment has the Start button)."""
    address: str = ""
    """The client's address (spectators are capped per address)."""
    queue: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(MAX_QUEUED))
    dropped: bool = False
    opened: int = field(default_factory=lambda: next(_OPENED))


Shown = Callable[[SeatView, "Listener", float, float], str]
"""How a door writes a table's view for one listener (its viewer's view, the listener, sent, made): the API's
JSON, a page's fragment."""
Queue = Callable[[Match, Sequence[Note]], tuple[int, int]]
"""Queues the positions the person of a match missed as puzzles for training: how many, how many new
(:func:`puzzles.session.queue_missed` into the learner's store, given by the door)."""
FAULT = "something went wrong on our side with that (it is logged): nothing changed, and the table goes on"
"""What a person is told of a fault of ours inside an action."""


@dataclass
class TableReview:
    """The one review of a finished table: every move judged from its player's view, and from the public's."""

    complete: Review
    public: Review


class Hall:
    """Every table of one data folder, and the work around them (see the module's docstring)."""

    def __init__(self, home: Path, *, pace: float = PACE, clock: Callable[[], float] = time.time,
                 learner_queue: Callable[[str], Queue | None] | None = None, shown: Shown | None = None) -> None:
        """``learner_queue``: the queue of a table's learner by key (``None``: not a learner here);
        ``shown``: how the door writes a listener's view."""
        self.home = home
        self.folder = home / FOLDER
        self.pace = pace
        self.clock = clock
        self.learner_queue = learner_queue or (lambda key: None)
        self.shown: Shown = shown or (lambda view, listener, sent, made: str(view.version))
        self.tables: dict[str, Table] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.listeners: dict[str, set[Listener]] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.owners: dict[str, str] = {}
        """The address that made each table (since the server started): an address may hold only a few."""
        self.made: dict[str, float] = {}
        """When each table last changed (before it was saved): the live stream's messages say it."""
        self.saved = 0
        """Changes written to a table's file (the benchmark checks that every move was)."""
        self.loaded = False
        self.damaged: dict[str, str] = {}
        """The tables whose files could not be read, each kept aside under a name of its own (the name)."""
        self.closing = False
        """The server is stopping (:meth:`close`): no new live stream, no bot moves."""
        self.games: dict[Path, tuple[Table, tuple[int, int]]] = {}
        """The one-person games open, by file, with the file's stamp when last read or written."""
        self.game_locks: dict[Path, threading.Lock] = {}
        self.table_reviews: dict[str, TableReview] = {}
        """The one review of each finished friends' table (worked out once, at its end)."""
        self.reviews = Reviews()
        """The reviews the review pages work out and keep (a finished table's is the hall's own)."""
        self._registry = threading.Lock()
        self.ids = GameIds()
        self.limits = Limits()
        """The rate of what each client address and seat may do (:mod:`trainer.play.limits`)."""
        """The web addresses of the one-person games (keyed hashes of their files' names)."""

    # -- one change at a time, whatever it raises -----------------------------------------------

    def guarded(self, table: Table, action: Callable[[Table], T]) -> T:
        """Run ``action`` on ``table`` and save it if it changed; the caller holds the table's lock.

        Whatever ``action`` raises comes out as a :class:`TableError`: the rules' refusal as a 400 with its
        line, a file that cannot be written as a 503 (the table read back from its file), and a fault of ours
        (anything else, even a ``StopIteration``, which a worker thread could not hand back to the event loop)
        logged with the table's code and answered with :data:`FAULT`, the table read back as it was saved.

        >>> import tempfile
        >>> from trainer.play.match import Match, Seating
        >>> hall = Hall(Path(tempfile.mkdtemp()))
        >>> table = hall.new_game(Match.new(Seating(seed=3)))
        >>> hall.guarded(table, lambda t: next(iter(())))
        Traceback (most recent call last):
        ...
        trainer.play.table.TableError: something went wrong on our side with that (it is logged): ...
        """
        before = table.version
        try:
            result = action(table)
            if table.version != before:
                self.made[table.code] = self.clock()
                self._save(table)
            return result
        except TableError:
            raise
        except OSError as error:
            self._reload(table)
            saving = "the table cannot be saved" if table.code else "cannot save the game"
            raise TableError(f"{saving} ({error.strerror or error}): nothing changed", 503) from None
        except LiteratureError as error:
            raise TableError(error.message) from None
        except Exception:
            log.exception("table %s: a fault inside an action; the table is read back as saved",
                          table.code or (table.match.path if table.match is not None else "?"))
            self._reload(table)
            raise TableError(FAULT, 503) from None

    def _reload(self, table: Table) -> None:
        """Put the table back as its file has it (after a change that failed half-way)."""
        try:
            if table.code:
                self.tables[table.code] = Table.load(self.path(table.code).read_text(encoding="utf-8"))
            elif table.match is not None and table.match.path is not None:
                path = Path(table.match.path)
                with self._registry:
                    self.games.pop(path, None)
        except (OSError, LiteratureError) as error:
            log.error("table %s could not be read back: %s", table.code, error)

    def _save(self, table: Table) -> None:
        if not table.code:  # a one-person game: its .lit in the games folder (a new file the first time)
            assert table.match is not None
            where = Path(table.match.path).parent if table.match.path else self.home / GAMES
            path = save(table.match, where)
            with self._registry:
                self.games[path] = (table, _stamp(path))
            self.saved += 1
            return
        write_atomic(self.path(table.code), table.text(), force=self.path(table.code).exists(), private=True)
        self.saved += 1

    # -- one-person games (the terminal's play, /play) ----------------------------------------

    def new_game(self, match: Match, folder: Path | None = None) -> Table:
        """A new one-person game, saved in ``folder`` (default: the hall's ``games/``) before it is played
        (:func:`trainer.play.saved.save`: never over a file there); a game read from its file goes on in it."""
        table = Table.solo(match)
        if match.path is None:
            path = save(match, folder or self.home / GAMES)
            with self._registry:
                self.games[path] = (table, _stamp(path))
        return table

    def game(self, path: Path) -> Table:
        """The one-person game saved at ``path``, read again when the file changed since it was last read or
        written (another program played it: the terminal, another server); :class:`LiteratureError` if it cannot
        be read."""
        stamp = _stamp(path)
        with self._registry:
            found = self.games.get(path)
            if found is not None and found[1] == stamp:
                return found[0]
        table = Table.solo(load(path))
        with self._registry:
            self.games[path] = (table, stamp)
        return table

    def _lock(self, table: Table) -> threading.Lock:
        assert table.match is not None
        key = Path(table.match.path or "")
        with self._registry:
            return self.game_locks.setdefault(key, threading.Lock())

    def run(self, table: Table, action: Callable[[Table], T]) -> T:
        """``action`` on a one-person game: the one place its lock is taken (released whatever happens), the
        change saved, a fault a :class:`TableError` (:meth:`guarded`). A friends' table changes through
        :meth:`change`."""
        with self._lock(table):
            return self.guarded(table, action)

    def respond(self, table: Table, seat: str, line: object) -> Reply:
        """One line typed at ``seat`` of a one-person game (:meth:`Table.respond`), saved when it played a move."""
        return self.run(table, lambda t: t.respond(seat, line, self.clock()))

    def bot_moves(self, table: Table, steps: int | None = 1,
                  after: Callable[[list[Event]], None] | None = None) -> list[Event]:
        """The one bot driver of a one-person game: the bots play while it is their move, at most ``steps`` moves
        (``None``: until a person's move or the end), each saved before the next; ``after`` is told each move's
        events (the terminal shows them and pauses: the pace is the door's). A friends' table's driver
        (:meth:`drive`) plays the same step (:meth:`_bot_step`) a second apart."""
        moved: list[Event] = []
        done = 0
        while table.bot_due() and (steps is None or done < steps):
            events = self.run(table, self._bot_step)
            moved += events
            done += 1
            if after is not None:
                after(events)
        return moved

    # -- the end of a game -------------------------------------------------------------------

    def end(self, table: Table, seat: str, queue: Queue | None = None) -> SeatEnding:
        """What the end of the finished game says to ``seat`` (:func:`trainer.play.ending.seat_ending`), worked
        out once a seat; its missed positions queued the first time with ``queue`` (the door's learner), or
        with the queue of the seat's learner at a friends' table (once, ever: the table's file keeps it)."""
        found = table.endings.get(seat)
        if found is not None:
            return found
        match = table.seat_match(seat)
        queued: tuple[int, int] | None = None
        if table.code:
            kept = (table.ending or {}).get("queued", {}).get(seat)
            queued = (kept[0], kept[1]) if kept else None
        elif queue is not None:
            try:
                queued = queue(match, own_notes(match))
            except (LiteratureError, OSError) as error:
                log.warning("game %s: the missed positions were not queued: %s", table.match and table.match.path,
                            error)
        ending = seat_ending(match, queued)
        table.endings[seat] = ending
        table.rest()
        return ending

    def review(self, table: Table) -> TableReview:
        """The one review of a finished table (worked out at its end, kept; again after a restart)."""
        found = self.table_reviews.get(table.code)
        if found is None:
            assert table.match is not None
            game = table.match.game()
            found = TableReview(review_game(game), review_game(game, public=True))
            self.table_reviews[table.code] = found
            source, stamp = review_source(table.code, game)
            self.reviews.keep(source, stamp, False, found.complete)
            self.reviews.keep(source, stamp, True, found.public)
        return found

    # -- the tables ----------------------------------------------------------------------------

    def path(self, code: str) -> Path:
        """The file of table ``code`` (a ``.lit``: :meth:`Table.text`)."""
        return self.folder / f"{code}.lit"

    def load_all(self) -> None:
        """Read every table's file (once, at the first request). A file that cannot be read, whatever its
        damage, refuses its own table only: it is renamed ``CODE.lit.damaged`` (kept, never read again), named
        in the log, and its players are told so (:meth:`get`); a game a bot was to move on goes on."""
        if self.loaded:
            return
        self.loaded = True
        found, damaged = read_kept(self.folder, CODE, MAX_TABLES * 2, Table.load, lambda t: t.code,
                                   (LiteratureError,), log, "table", (".lit", ".json"))
        for code, table in found.items():  # a table kept as JSON before issue 53: written as a .lit, once
            old = self.folder / f"{code}.json"
            if old.exists():
                try:
                    self._save(table)
                    old.unlink()
                except OSError as error:
                    log.warning("table %s: its old file could not be written again as a .lit: %s", code, error)
        self.tables.update(found)
        self.damaged.update(damaged)
        self.expire()
        for code in list(self.tables):
            self.kick(code)

    def get(self, code: str) -> Table:
        """The table ``code`` (404 when there is none, or it expired)."""
        self.load_all()
        if code in self.damaged:
            raise TableError(f"table {code}'s file is damaged and cannot be read (the server kept it aside as "
                             f"{self.damaged[code]}): its game cannot go on; start a new table", 410)
        table = self.tables.get(code) if CODE.fullmatch(code) else None
        if table is None or self._idle(table):
            if table is not None:
                self.expire()
            raise TableError(f"there is no table {code[:20]!r} here (it may have expired)", 404)
        return table

    async def steady(self, code: str) -> Table:
        """The table ``code`` between two changes: once a change under way (a bot's move made in a worker thread)
        is done. What is read from it before the caller's next ``await`` is one state, never a move half made
        (a change starts only in the event loop, and only after taking the table's lock).

        >>> hall = Hall(Path("/nonexistent"))
        >>> asyncio.run(hall.steady("abcd2345"))
        Traceback (most recent call last):
        trainer.play.table.TableError: there is no table 'abcd2345' here (it may have expired)
        """
        self.get(code)
        async with self.locks.setdefault(code, asyncio.Lock()):
            return self.get(code)

    def _idle(self, table: Table) -> bool:
        return stale(table, self.clock(), IDLE_SECONDS, full=len(self.tables) >= MAX_TABLES)

    def expire(self) -> list[str]:
        """Remove the tables nobody touched for :data:`IDLE_SECONDS`, or at which no seat was taken within an
        hour (:func:`~trainer.play.limits.stale`), their files too; their codes."""
        gone = [code for code, table in self.tables.items() if self._idle(table)]
        for code in gone:
            del self.tables[code]
            self.owners.pop(code, None)
            with contextlib.suppress(OSError):
                self.path(code).unlink()
            for listener in self.listeners.pop(code, set()):
                listener.dropped = True
                with contextlib.suppress(asyncio.QueueFull):
                    listener.queue.put_nowait("")
        return gone

    async def create(self, options: Options, owner: str = "") -> tuple[Table, str]:
        """A new table made by the address ``owner`` (saved before its code is given) and its host's secret; an
        address may have made only :data:`~trainer.play.limits.MAX_TABLES_PER_ADDRESS` tables not over yet."""
        self.load_all()
        self.expire()
        check_share(self.owners, [c for c, t in self.tables.items() if t.phase != "over"], owner,
                    MAX_TABLES_PER_ADDRESS)
        if len(self.tables) >= MAX_TABLES:
            raise TableError(f"this server holds {MAX_TABLES} tables already: try again later", 503)
        while True:
            code = "".join(secrets.choice(ALPHABET) for _ in range(8))
            if code not in self.tables and not self.path(code).exists():
                break
        host = secrets.token_urlsafe(18)
        table = Table.new(code, options, host, self.clock())
        await asyncio.to_thread(self._save, table)
        self.tables[code], self.owners[code] = table, owner
        return table, host

    # -- changes -------------------------------------------------------------------------------

    async def change(self, code: str, action: Callable[[Table], T]) -> T:
        """Run ``action`` on the table in a worker thread, the table's lock held (:meth:`guarded`: released
        whatever happens, every failure a :class:`TableError`), save, then announce the change."""
        self.get(code)
        lock = self.locks.setdefault(code, asyncio.Lock())
        async with lock:
            table = self.get(code)
            before = table.version
            try:
                result = await asyncio.to_thread(self.guarded, table, action)
            finally:
                table = self.tables.get(code, table)
            if table.version != before:
                self.announce(table)
        self.kick(code)
        return result

    def announce(self, table: Table, pages: bool = True) -> None:
        """Send each listener of the table its view as it is now (a listener too slow to keep up is dropped;
        ``pages=False``: the API's listeners only, for what the pages do not show)."""
        listeners = {item for item in self.listeners.get(table.code, set()) if pages or item.html is None}
        if not listeners:
            return
        stamp = self.clock()
        views: dict[tuple[str | None, str | None, bool], str] = {}
        for listener in list(listeners):
            key = (listener.viewer, listener.html, listener.host)
            if key not in views:
                views[key] = self._message(table, listener, stamp)
            try:
                listener.queue.put_nowait(views[key])
            except asyncio.QueueFull:
                listener.dropped = True
                self.listeners.get(table.code, set()).discard(listener)

    def _message(self, table: Table, listener: Listener, stamp: float) -> str:
        return self.shown(table.seat_view(listener.viewer), listener, stamp, self.made.get(table.code, stamp))

    def subscribe(self, code: str, viewer: str | None, html: str | None = None, host: bool = False,
                  since: int = -1, address: str = "") -> Listener:
        """A new listener of table ``code`` for ``viewer`` (``html``: a page's, with its form token, ``host``: the
        host's browser; ``address``: the client's); its queue holds the current view first, unless the table is
        still at version ``since`` (the page that opens the stream shows it already).

        Watchers never lock a player out: a seat's streams have room of their own (a fifth one of the same seat
        closes its oldest), and spectators are capped apart, per table and per address (429)."""
        if self.closing:
            raise TableError("the server is stopping: come back when it is started again", 503)
        table = self.get(code)
        listeners = self.listeners.setdefault(code, set())
        if viewer is None:
            watching = [other for other in listeners if other.viewer is None]
            if len(watching) >= MAX_SPECTATORS:
                raise TableError(f"{MAX_SPECTATORS} people are watching this table already: try again later", 429)
            if sum(other.address == address for other in watching) >= MAX_SPECTATORS_PER_ADDRESS:
                raise TableError(f"{MAX_SPECTATORS_PER_ADDRESS} pages of yours are watching this table already",
                                 429)
        else:
            own = sorted((other for other in listeners if other.viewer == viewer), key=lambda other: other.opened)
            for oldest in own[: max(0, len(own) - MAX_PER_SEAT + 1)]:
                self._drop(code, oldest)
        listener = Listener(viewer, html, host, address)
        listeners.add(listener)
        if viewer is not None:
            table.connected[viewer] += 1
            table.place(viewer).seen = self.clock()
            self.announce(table, pages=False)  # the API's clients see that the seat is back
        if (viewer is None or html is not None) and since != table.version:
            listener.queue.put_nowait(self._message(table, listener, self.clock()))
        return listener

    def _drop(self, code: str, listener: Listener) -> None:
        """End a listener's stream (its page reconnects if it is still open)."""
        self.unsubscribe(code, listener)
        listener.dropped = True
        with contextlib.suppress(asyncio.QueueFull):
            listener.queue.put_nowait("")

    def unsubscribe(self, code: str, listener: Listener) -> None:
        """The listener left (its page closed, its network lost); once only, whoever says it first."""
        listeners = self.listeners.get(code, set())
        if listener not in listeners:
            return
        listeners.discard(listener)
        table = self.tables.get(code)
        if table is not None and listener.viewer is not None:
            table.connected[listener.viewer] -= 1
            table.place(listener.viewer).seen = self.clock()
            self.announce(table, pages=False)

    def close(self) -> None:
        """The server is stopping: end every live stream at once (so that none holds the server up; a page's
        script reconnects to the server started next), and stop the bots' drivers (every move made is saved:
        a restart goes on from there). Called in the server's event loop."""
        self.closing = True
        for listeners in self.listeners.values():
            for listener in listeners:
                listener.dropped = True
                with contextlib.suppress(asyncio.QueueFull):  # (a full queue wakes its stream anyway)
                    listener.queue.put_nowait("")
        for task in self.tasks.values():
            task.cancel()

    # -- the bots and the end ---------------------------------------------------------------------

    def kick(self, code: str) -> None:
        """Start the table's driver unless it runs already (it stops when a person is to move)."""
        task = self.tasks.get(code)
        if self.closing or (task is not None and not task.done()):
            return
        table = self.tables.get(code)
        if table is None or not (table.bot_due() or (table.phase == "over" and table.ending is None)):
            return
        try:
            self.tasks[code] = asyncio.get_running_loop().create_task(self.drive(code))
        except RuntimeError:  # no loop running (a script using the hall without a server): nothing to drive
            return

    async def drive(self, code: str) -> None:
        """Play the bots' moves at the hall's pace while it is their move; at the end, work out the review."""
        try:
            while True:
                table = self.tables.get(code)
                if table is None:
                    return
                if table.bot_due():
                    if self.pace:
                        await asyncio.sleep(self.pace)
                    await self.change(code, self._bot_step)
                    continue
                if table.phase == "over" and table.ending is None:
                    await self.change(code, self._finish)
                return
        except TableError as error:
            log.warning("table %s stopped: %s", code, error)
        except Exception:  # a defect: logged, and the table waits (the next change kicks it again)
            log.exception("table %s: the driver failed", code)

    def _bot_step(self, table: Table) -> list[Event]:
        """One bot's move, when it is a bot's (every door's bots move through this)."""
        return table.bot_step(self.clock()) if table.bot_due() else []

    def _finish(self, table: Table) -> None:
        """The end of a friends' table, once: its one review, and each learner's missed positions queued (the
        table's file keeps how many, so that a restart never queues them again)."""
        if table.ending is not None or table.phase != "over":
            return
        self.review(table)
        queued: dict[str, list[int]] = {}
        for place in table.places:
            queue = self.learner_queue(place.learner) if place.held and place.learner is not None else None
            if queue is None:
                continue
            seat = table.seat_match(place.name)
            try:
                missed, added = queue(seat, own_notes(seat))
            except (LiteratureError, OSError) as error:
                log.warning("table %s: %s's missed moments not queued: %s", table.code, place.name, error)
                continue
            queued[place.name] = [missed, added]
        table.ending = {"queued": queued}
        for place in table.places:
            if place.held:
                self.end(table, place.name)
        table.rest()
        table.changed(self.clock())
        give_back()  # what the game's bots and coaches freed, back to the system


def _stamp(path: Path) -> tuple[int, int]:
    try:
        found = path.stat()
    except OSError:
        return (0, 0)
    return (found.st_mtime_ns, found.st_size)
