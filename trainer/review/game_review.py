"""Review a game log: what each player could know, what they missed, what each event gave away.

Every player is judged from the view they had at the table: a player whose
hand is listed from their own view (their hand plus the public history), a
player whose hand is not listed from the public view (what anyone watching
knew; they knew at least that much). A complete record lists every hand, so
everyone is judged from their own seat; a personal log lists one.

Each view is replayed once (:func:`trainer.review.trace.trace_view`), and
every state is counted once. For every event the review gives the **bits**
each player got from it (``log2(count before / count after)`` from their
view) and the notes on the player who acted (:mod:`trainer.review.notes`),
then each player's and team's totals (:mod:`trainer.review.summary`).

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Cat
    ... hand Ann: 2D 3D 4D 5D 7D 9S JS KH
    ... Cat asks Bob for 9C: no
    ... Bob asks Cat for 9C: no''')
    >>> review = review_game(game)
    >>> [round(b, 3) for b in review.bits["Ann"]], [round(b, 3) for b in review.bits["Bob"]]
    ([1.241, 0.59], [1.264, 0.795])
    >>> [(n.kind.value, n.player, n.event, n.view, n.target, str(n.card)) for n in review.notes]
    [('wasted-ask', 'Bob', 2, None, 'Cat', '9C')]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise

from trainer.engine.deadline import Clock, Deadline, TimeLimitError
from trainer.game.errors import ImpossibleHistoryError, LiteratureError
from trainer.game.events import Claim, Event
from trainer.game.notation import Game
from trainer.game.state import Setup, State
from trainer.review.giveaway import counts as giveaway_counts
from trainer.review.judgement import actor_of
from trainer.review.notes import Note, game_notes
from trainer.review.summary import PlayerSummary, summaries
from trainer.review.trace import ViewTrace, trace_view


@dataclass
class Review:
    """The review of a game: per event the bits each player got and the notes; totals; information over time.

    ``bits[player][i - 1]`` is what event ``i`` gave ``player``; ``known[player][i]``
    the bits known after ``i`` events (``log2`` of the count with no event over the
    count then); ``views[player]`` the view each player is judged from.
    """

    game: Game
    views: dict[str, str | None]
    counts: dict[str | None, list[int]]
    bits: dict[str, list[float]]
    notes: list[Note]
    players: dict[str, PlayerSummary]
    teams: dict[int, PlayerSummary]

    @property
    def setup(self) -> Setup:
        """The table of the reviewed game."""
        return self.game.setup

    @property
    def complete(self) -> bool:
        """Whether every player is judged from their own view."""
        return all(self.views[p] == p for p in self.setup.players)

    def known(self, player: str) -> list[float]:
        """Bits ``player`` knows after each prefix (0 before the first event)."""
        counts = self.counts[self.views[player]]
        start = math.log2(counts[0])
        return [start - math.log2(c) for c in counts]

    def team_known(self, team: int) -> list[float]:
        """The mean over a team's players of the bits they know after each prefix."""
        members = self.setup.members(team)
        series = [self.known(p) for p in members]
        return [sum(values) / len(members) for values in zip(*series, strict=True)]

    def notes_of(self, event: int) -> list[Note]:
        """The notes of event ``event`` (1-based)."""
        return self._by_event.get(event, [])

    @cached_property
    def _by_event(self) -> dict[int, list[Note]]:
        """The notes grouped by event, once (a long game has thousands of both)."""
        grouped: dict[int, list[Note]] = {}
        for note in self.notes:
            grouped.setdefault(note.event, []).append(note)
        return grouped


def views_of(setup: Setup) -> dict[str, str | None]:
    """The view each player is judged from: their own when their hand is listed, else the public one.

    >>> setup = Setup.create("classic", "A B C D E F".split())
    >>> set(views_of(setup).values())
    {None}
    """
    return {p: (p if p in setup.hands else None) for p in setup.players}


def claims_judged_from(setup: Setup, views: dict[str, str | None]) -> dict[str, str | None]:
    """The view each player's claims are judged from: their own whenever their hand is listed (a claim is judged
    by what the claimer could know), else the view their other moves are judged from.

    >>> from trainer.game.notation import parse_game
    >>> log = "variant: classic\\nplayers: Ann Bob Cat Dan Eve Fay\\nhand Ann: 2D 3D 4D 5D 7D 9S JS KH"
    >>> setup = parse_game(log).setup
    >>> claims_judged_from(setup, {"Ann": None, "Bob": None})
    {'Ann': 'Ann', 'Bob': None}
    """
    return {p: (p if p in setup.hands else v) for p, v in views.items()}


def judging_views(
    events: Sequence[Event], views: dict[str, str | None], claim_views: dict[str, str | None]
) -> dict[int, str | None]:
    """For every event with an actor (1-based), the view its actor is judged from."""
    judging: dict[int, str | None] = {}
    for i, event in enumerate(events, start=1):
        actor = actor_of(event)
        if actor is not None:
            judging[i] = claim_views[actor] if isinstance(event, Claim) else views[actor]
    return judging


MAX_EVENTS = 5_000
"""The longest game a review covers: far past any real game (a complete game runs to a few hundred
events), while a review of that many cheap events still takes well under a minute and little memory."""


def review_game(
    game: Game,
    as_player: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    workers: int = 1,
    time_limit: float | None = None,
    clock: Clock | None = None,
    public: bool = False,
) -> Review:
    """Review ``game``; with ``as_player``, as that player's personal log (only their hand is known).

    With ``public``, every move is judged from the public view (what anyone
    watching knew: the notes a spectator is shown), except a claim, which is
    judged from the claimer's own view whenever the record lists their hand:
    a claim is judged by what the claimer could know.

    ``progress(done, total)`` is called as states are counted. With
    ``workers`` above 1 the views are replayed in that many processes (each
    view is independent). Errors are located in the game's file: an
    impossible history names the first event after which no deal fits.

    With ``time_limit`` (seconds on ``clock``, by default the system's
    monotonic clock) the replay stops with a :class:`TimeLimitError` once it
    has run longer, checked before each event of each view, in every worker:

    >>> from trainer.game.notation import read_game
    >>> ticks = iter(range(1000))  # a clock that moves one second each time it is read
    >>> game = read_game(EXAMPLES / "review/lost-claim.lit")
    >>> review_game(game, time_limit=3, clock=lambda: next(ticks))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    trainer.engine.deadline.TimeLimitError: .../review/lost-claim.lit: the review stopped at its time \
limit of 3 s, at event 4 of 8 in the public view (view 1 of 2); give --time-limit more seconds, or 0 for none \
(see docs/review.md)
    """
    if len(game.events) > MAX_EVENTS:
        raise LiteratureError(
            f"the game has {len(game.events):,} events, more than the {MAX_EVENTS:,} a review covers (a complete "
            "game runs to a few hundred; see docs/review.md)",
            path=game.path,
        )
    setup = game.setup
    if as_player is not None:
        setup.check_player(as_player)
        if as_player not in setup.hands:
            raise LiteratureError(
                f"{as_player}'s hand is not listed, so the game cannot be reviewed as {as_player}", path=game.path
            )
        setup = setup.only(as_player)
    events = game.events
    views: dict[str, str | None] = dict.fromkeys(setup.players) if public else views_of(setup)
    claim_views = claims_judged_from(setup, views)
    judging = judging_views(events, views, claim_views)
    needed: list[str | None] = [v for v in setup.players if views[v] == v or v in judging.values()]
    if None in views.values() or None in judging.values():
        needed.insert(0, None)  # the public view is the slowest: start it first
    judged = {viewer: frozenset(i for i, v in judging.items() if v == viewer) for viewer in needed}
    per_view = len(events) + 1
    total_work = len(needed) * per_view + len(events)  # and the give-away count, one step an event
    done = 0
    deadline = Deadline.after(time_limit, clock) if time_limit else None

    def step(amount: int = 1) -> None:
        nonlocal done
        done += amount
        if progress is not None:
            progress(done, total_work)

    results: dict[str | None, ViewTrace | LiteratureError] = {}

    def stopped(viewer: str | None, error: TimeLimitError, what: str = "") -> TimeLimitError:
        assert deadline is not None
        name = "the public view" if viewer is None else f"{viewer}'s view"
        where = what or f"in {name} (view {needed.index(viewer) + 1} of {len(needed)})"
        return TimeLimitError(
            f"the review stopped at its time limit of {deadline.seconds:g} s, {error.message} {where}; "
            "give --time-limit more seconds, or 0 for none (see docs/review.md)",
            path=game.path,
            event=error.event,
        )

    def give_away() -> dict[str, tuple[int, int]]:
        try:
            return giveaway_counts(setup, events, step, deadline)
        except TimeLimitError as error:
            raise stopped(None, error, "in counting what each player's asks proved, after the views") from None

    if workers > 1 and len(needed) > 1:
        with ProcessPoolExecutor(max_workers=min(workers, len(needed))) as pool:
            futures = {pool.submit(_trace_job, setup, events, v, judged[v], None, deadline): v for v in needed}
            for future in as_completed(futures):
                viewer = futures[future]
                result = results[viewer] = future.result()
                if isinstance(result, TimeLimitError):
                    # the views still running pass the same deadline within a position; the others never start
                    pool.shutdown(wait=True, cancel_futures=True)
                    raise stopped(viewer, result)
                step(per_view)
    else:
        for viewer in needed:
            result = results[viewer] = _trace_job(setup, events, viewer, judged[viewer], step, deadline)
            if isinstance(result, TimeLimitError):
                raise stopped(viewer, result)
    traces: dict[str | None, ViewTrace] = {}
    failures: list[LiteratureError] = []
    for viewer, result in results.items():
        if isinstance(result, ViewTrace):
            traces[viewer] = result
        else:
            failures.append(result)
    if failures:
        first = min(failures, key=lambda f: f.event or 0)
        event = first.event
        line = game.line_of(event) if event else None
        raise ImpossibleHistoryError(first.message, path=game.path, line=line, event=event)
    public_trace = traces.get(None)
    if public_trace is not None and public_trace.given is not None:
        given = public_trace.given  # the public view's replay worked it out already
        step(len(events))
    else:  # a complete record: one more replay of the public view, here (the deadline read in one order)
        given = give_away()
    states = list(game.states())
    counts = {v: t.counts for v, t in traces.items()}
    bits = {p: _bits(counts[views[p]]) for p in setup.players}
    notes = game_notes(setup, events, states, views, traces, claim_views)
    players, teams = summaries(setup, events, bits, notes, given)
    return Review(game, views, counts, bits, notes, players, teams)


def _trace_job(
    setup: Setup,
    events: Sequence[Event],
    viewer: str | None,
    judged: frozenset[int],
    progress: Callable[[], None] | None = None,
    deadline: Deadline | None = None,
) -> ViewTrace | LiteratureError:
    """One view's trace, or the error that stopped it: the first impossibility, or the time limit (runs in a
    worker process: an error is returned, located by its ``event``, rather than raised)."""
    states = [State(setup)]
    for event in events:
        state = states[-1].copy()
        state.apply(event)
        states.append(state)
    try:
        return trace_view(setup, events, viewer, judged.__contains__, states, progress, deadline)
    except LiteratureError as error:
        return error


def _bits(counts: Sequence[int]) -> list[float]:
    logs = [math.log2(c) for c in counts]
    return [max(0.0, a - b) for a, b in pairwise(logs)]
