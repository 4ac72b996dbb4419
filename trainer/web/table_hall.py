"""The tables a server holds: one file each, one change at a time, saved before it is announced, bots driven.

The :class:`Hall` keeps every open :class:`~trainer.play.table.Table` of the
data folder (``tables/CODE.json``). A change to a table (:meth:`Hall.change`)
runs in a worker thread while the table's lock is held (the coach's and the
bots' exact engine may think for a while without stopping the other tables),
is written to the table's file, and only then is every client listening to
that table sent its own view (:meth:`Hall.subscribe`: the JSON of the API, or
the page's fragment rendered for its viewer): a change that cannot be
saved is undone (the table is read back from its file) and announced to no one.

After each change the hall's driver plays the bots' moves, one every
``pace`` seconds, until it is a person's move or the game is over; at the end
the review is worked out once (each seat's notes from its own view and the
public ones), and each person who is a learner of this server gets the moments
they missed in their training queue (:func:`puzzles.session.queue_missed`).

Tables expire when nobody touched them for :data:`IDLE_SECONDS`, or no seat was taken within an hour
(:func:`~trainer.play.limits.stale`); an address may make a few (:func:`~trainer.play.limits.check_share`);
creating tables, taking seats and acting are rate-limited per address and per seat (:class:`Limits`).

    >>> limits = Limits(clock=lambda: 0.0)
    >>> [limits.allow("a", rate=1.0, burst=2) for _ in range(3)]
    [True, True, False]
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from trainer.files import read_kept, write_atomic
from trainer.game.errors import LiteratureError
from trainer.memory import give_back
from trainer.play.limits import MAX_TABLES_PER_ADDRESS as MAX_PER_ADDRESS
from trainer.play.limits import Limits, check_share, stale
from trainer.play.table import CODE, Options, Table, TableError
from trainer.render.web.table_frame import frame, links, state_json

log = logging.getLogger("literature.web.tables")

T = TypeVar("T")

FOLDER = "tables"
"""The tables' folder in the data folder."""
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
CREATE = (1 / 6, 20)
"""Tables a client address may create: one every 6 s, 20 at once (rate per second, burst)."""
JOIN = (1.0, 30)
"""Seats a client address may try to take."""
ACT = (10.0, 40)
"""Actions of one seat (moves, hints, …) or of one address without a seat."""
READ = (30.0, 60)
"""Reads of the state (the pages read the live stream instead)."""
CHAT = (0.5, 5)
"""Lines one seat may say at the table: five at once, then one every 2 s."""
ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"


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


class Hall:
    """Every table of one data folder, and the work around them (see the module's docstring)."""

    def __init__(self, home: Path, *, pace: float = PACE, clock: Callable[[], float] = time.time,
                 learner_store: Callable[[str], Path | None] | None = None) -> None:
        self.home = home
        self.folder = home / FOLDER
        self.pace = pace
        self.clock = clock
        self.learner_store = learner_store or (lambda key: None)
        self.limits = Limits()
        self.tables: dict[str, Table] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.listeners: dict[str, set[Listener]] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.owners: dict[str, str] = {}  # (the address that made each table since the server started)
        self.made: dict[str, float] = {}
        """When each table last changed (before it was saved): the live stream's messages say it."""
        self.saved = 0
        """Changes written to a table's file (the benchmark checks that every move was)."""
        self.loaded = False
        self.damaged: dict[str, str] = {}
        """The tables whose files could not be read, each kept aside under a name of its own (the name)."""
        self.closing = False
        """The server is stopping (:meth:`close`): no new live stream, no bot moves."""

    # -- the tables ----------------------------------------------------------------------------

    def path(self, code: str) -> Path:
        """The file of table ``code``."""
        return self.folder / f"{code}.json"

    def load_all(self) -> None:
        """Read every table's file (once, at the first request). A file that cannot be read, whatever its
        damage, refuses its own table only: it is renamed ``CODE.json.damaged`` (kept, never read again), named
        in the log, and its players are told so (:meth:`get`); a game a bot was to move on goes on."""
        if self.loaded:
            return
        self.loaded = True
        found, damaged = read_kept(self.folder, CODE, MAX_TABLES * 2, Table.load, lambda t: t.code,
                                   (LiteratureError,), log, "table")
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
        """Remove the tables nobody touched for :data:`IDLE_SECONDS` (their files too); their codes."""
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
        """A new table made by the address ``owner`` (saved before its code is given) and its host's secret."""
        self.load_all()
        self.expire()
        check_share(self.owners, [c for c, t in self.tables.items() if t.phase != "over"], owner, MAX_PER_ADDRESS)
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

    def _save(self, table: Table) -> None:
        write_atomic(self.path(table.code), table.text(), force=self.path(table.code).exists(), private=True)
        self.saved += 1

    # -- changes -------------------------------------------------------------------------------

    async def change(self, code: str, action: Callable[[Table], T]) -> T:
        """Run ``action`` on the table (in a worker thread, the table's lock held), save, then announce.

        A :class:`TableError` from ``action`` changes nothing; a change that cannot be saved is undone
        (the table is read again from its file) and raises a 503 :class:`TableError`.
        """
        table = self.get(code)
        lock = self.locks.setdefault(code, asyncio.Lock())
        async with lock:
            table = self.get(code)
            before = table.version
            try:
                result = await asyncio.to_thread(self._apply, table, action)
            except TableError:
                raise
            except OSError as error:
                self.tables[code] = Table.load(self.path(code).read_text(encoding="utf-8"))
                raise TableError(f"the table cannot be saved ({error.strerror or error}): nothing changed", 503) \
                    from None
            except LiteratureError as error:
                raise TableError(error.message) from None
            if table.version != before:
                self.announce(table)
        self.kick(code)
        return result

    def _apply(self, table: Table, action: Callable[[Table], T]) -> T:
        before = table.version
        result = action(table)
        if table.version != before:
            self.made[table.code] = self.clock()
            self._save(table)
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
        if listener.html is None:
            return message(table, listener.viewer, stamp, self.made.get(table.code, stamp))
        return frame(table, listener.viewer, f"/t/{table.code}", csrf=listener.html, links=links(table),
                     reply=table.said.get(listener.viewer or ""), host=listener.host)

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

    def _bot_step(self, table: Table) -> None:
        if table.bot_due():
            table.bot_step(self.clock())

    def _finish(self, table: Table) -> None:
        if table.ending is None and table.phase == "over":
            table.ending = ending(table, self.learner_store)
            table.rest()
            table.changed(self.clock())
            give_back()  # what the game's bots and coaches freed, back to the system


def message(table: Table, viewer: str | None, stamp: float, made: float) -> str:
    """One message of the live stream: the viewer's view, when the table last changed (``made``, before it
    was saved) and when the message was sent (``sent``), in the server's time."""
    return json.dumps({**state_json(table, viewer), "made": made, "sent": stamp}, separators=(",", ":"))


def ending(table: Table, learner_store: Callable[[str], Path | None]) -> dict[str, Any]:
    """What the end of a game gives: every seat's notes from its own view, the public notes, and for each
    person who is a learner here, the missed moments queued for training (how many, how many new)."""
    from puzzles.session import queue_missed
    from trainer.play.ending import own_notes
    from trainer.render.notes import note_json
    from trainer.review import review_game

    match = table.match
    assert match is not None
    game = match.game()
    complete = review_game(game)
    public = review_game(game, public=True)  # a claim judged from its claimer's view, the rest from the public
    own = {p: [{**note_json(n), "event": n.event} for n in complete.notes if n.player == p] for p in game.setup.players}
    queued: dict[str, list[int]] = {}
    for place in table.places:
        store = learner_store(place.learner) if place.held and place.learner is not None else None
        if store is None:
            continue
        seat = table.seat_match(place.name)
        try:
            missed, added = queue_missed(seat, own_notes(seat), store)
        except LiteratureError as error:
            log.warning("table %s: %s's missed moments not queued: %s", table.code, place.name, error)
            continue
        queued[place.name] = [missed, added]
    return {"own": own, "public": [{**note_json(n), "event": n.event} for n in public.notes], "queued": queued}
