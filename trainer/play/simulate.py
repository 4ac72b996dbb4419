"""Play complete games between bots and record them as ``.lit`` files.

The simulator deals, asks the right seat for a move (handing it only its
:class:`~trainer.play.view.View`), fills in what the true hands decide (the
answer to an ask, a claim's ``actual:``) and checks every event with the game
model. Each game is seeded from ``(seed, index)``, so a corpus is
reproducible byte for byte whatever the number of workers.

    >>> result = play(GameJob(0, seed=3, team1=BotKind.BASIC, team2=BotKind.RANDOM))
    >>> game = parse_game(result.text)
    >>> game.state().over, len(game.setup.hands)
    (True, 6)
    >>> play(GameJob(0, seed=3, team1=BotKind.BASIC, team2=BotKind.RANDOM)).text == result.text
    True
"""

from __future__ import annotations

import hashlib
import os
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from trainer.files import write_atomic
from trainer.game.events import Ask, Claim, Event, Pass
from trainer.game.notation import Game, parse_game, write_game
from trainer.game.randomplay import NAMES, claim_event, deal
from trainer.game.state import Setup, State
from trainer.game.variants import Variant
from trainer.play.bots import Bot, BotKind, forced_claim, keeps_signal, make_bot
from trainer.play.view import AskFor, ClaimSet, Move, PassTo, Role, View

STALL_LIMIT = 150  # events without a claim before the acting seat must claim
MAX_EVENTS = 20_000  # a game longer than this is a bug in the simulator or a bot


class BotError(RuntimeError):
    """A bot returned a move the rules or its role do not allow."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded with ``seed`` (stable across Python versions).

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    digest = hashlib.sha256(f"literature-simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def whose_move(state: State) -> tuple[str, Role]:
    """The seat that decides the next event, and what it is asked to do.

    >>> state = State(Setup.create("classic", NAMES[:6], dealer="Cat"))
    >>> whose_move(state)
    ('Cat', <Role.PLAY: 'play'>)
    """
    setup, turn, sizes = state.setup, state.turn, state.sizes
    actors = state.actors()
    seats = setup.players
    start = seats.index(turn)
    after = [seats[(start + k) % len(seats)] for k in range(len(seats))]  # turn first, then clockwise
    if state.endgame:
        if turn in actors:
            return turn, Role.CLAIM
        holding = [p for p in after if p in actors and sizes[p]]
        return max(holding, key=lambda p: (sizes[p], -after.index(p))), Role.CLAIM
    if state.picking_team is not None:
        if setup.team(turn) == state.picking_team:
            return turn, Role.PICK
        return next(p for p in after if p in actors), Role.PICK
    if turn in actors:
        return turn, Role.PLAY
    return turn, Role.PASS


class GameInPlay:
    """One game in progress: the true position, each seat's own view of it, the bots."""

    def __init__(self, setup: Setup, bots: dict[str, Bot], stall_limit: int = STALL_LIMIT) -> None:
        self.truth = State(setup)
        self.seats = {p: State(setup.only(p)) for p in setup.players}
        self.bots = bots
        self.stall_limit = stall_limit
        self.since_claim = 0
        self.forced = 0  # claims made because the stall guard required one

    def view(self, seat: str, role: Role) -> View:
        """What ``seat`` may see now (its own hand and the public events only)."""
        state = self.seats[seat]
        stalled = self.since_claim >= self.stall_limit
        return View(seat, state.setup, tuple(self.truth.events), role, stalled, state=state)

    def step(self) -> None:
        """Ask the deciding seat for a move and play the event(s) it makes."""
        seat, role = whose_move(self.truth)
        view = self.view(seat, role)
        move = self.bots[seat].decide(view)
        if view.stalled and role in (Role.PLAY, Role.PICK, Role.CLAIM):
            if not isinstance(move, ClaimSet):
                move = forced_claim(view)
            self.forced += 1
        for event in self.events_for(seat, role, move):
            self.apply(event)

    def events_for(self, seat: str, role: Role, move: Move) -> list[Event]:
        """The events a move makes, with the true answer filled in."""
        truth = self.truth
        if isinstance(move, PassTo):
            handover = role is Role.PLAY and move.to in truth.handover_targets()  # the classic stalemate breaker
            allowed = role in (Role.PASS, Role.PICK) and move.to != seat and move.to in truth.actors()
            if not (handover or allowed):
                raise BotError(f"{seat} cannot pass to {move.to} now ({role.value})")
            return [Pass(seat, move.to)]
        events: list[Event] = []
        if role is Role.PASS:
            raise BotError(f"{seat} has no cards and must pass the turn")
        if role is Role.PICK and seat != truth.turn:
            events.append(Pass(None, seat))
        if isinstance(move, AskFor):
            if role is Role.CLAIM:
                raise BotError(f"{seat} cannot ask: questions are over")
            events.append(Ask(seat, move.target, move.card, move.card in truth.hands[move.target]))
        else:
            events.append(claim_event(truth, seat, move.half_suit, dict(move.declared)))
        return events

    def apply(self, event: Event) -> None:
        """Play one event on the true position and on every seat's view."""
        self.truth.apply(event)
        for state in self.seats.values():
            state.apply(event)
        self.since_claim = 0 if isinstance(event, Claim) else self.since_claim + 1

    def play(self) -> Game:
        """Play to the end and return the complete record."""
        while not self.truth.over:
            if len(self.truth.events) >= MAX_EVENTS:
                raise BotError(f"the game did not end after {MAX_EVENTS} events")
            self.step()
        return Game(self.truth.setup, tuple(self.truth.events))


@dataclass(frozen=True)
class GameJob:
    """Everything that decides one simulated game."""

    index: int
    seed: int = 0
    variant: Variant = Variant.CLASSIC
    players: int = 6
    team1: BotKind = BotKind.BASIC
    team2: BotKind = BotKind.RANDOM
    stall_limit: int = STALL_LIMIT

    @property
    def game_seed(self) -> int:
        """The seed this game is dealt and played from."""
        return game_seed(self.seed, self.index)


@dataclass(frozen=True)
class GameResult:
    """One finished game: its ``.lit`` text and what the summary needs."""

    index: int
    text: str
    score: tuple[int, int]
    winner: int | None
    events: int
    seconds: float
    forced_claims: int


def new_table(job: GameJob) -> GameInPlay:
    """Deal the game of ``job`` and seat its bots (each seat has its own random stream)."""
    base = job.game_seed
    rng = random.Random(base)
    names = NAMES[: job.players]
    dealer = rng.choice(names)
    variant = Variant(job.variant)
    setup = Setup.create(variant, names, dealer, deal(rng, variant, names, dealer))
    bots: dict[str, Bot] = {}
    for seat in names:
        kind = job.team1 if setup.team(seat) == 1 else job.team2
        mates = [p for p in setup.members(setup.team(seat)) if p != seat]  # (a team's bots are of one kind)
        other = job.team2 if setup.team(seat) == 1 else job.team1
        rivals = setup.members(3 - setup.team(seat)) if keeps_signal(BotKind(other)) else ()
        bots[seat] = make_bot(kind, random.Random(f"{base}:{seat}"), partners=mates, rivals=rivals)
    return GameInPlay(setup, bots, job.stall_limit)


def play(job: GameJob) -> GameResult:
    """Play one game (this runs in a worker process)."""
    start = time.perf_counter()
    table = new_table(job)
    game = table.play()
    seconds = time.perf_counter() - start
    state = table.truth
    score = state.score
    return GameResult(
        job.index, write_game(game), (score[1], score[2]), state.winner, len(game.events), seconds, table.forced
    )


def simulate(
    games: int,
    seed: int = 0,
    variant: Variant | str = Variant.CLASSIC,
    players: int = 6,
    team1: BotKind | str = BotKind.BASIC,
    team2: BotKind | str = BotKind.RANDOM,
    workers: int | None = None,
    executor: Executor | None = None,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play ``games`` independent games and return them in order.

    Games run on ``executor`` if given (any :class:`concurrent.futures.Executor`,
    left open), else in ``workers`` processes (default: all cores; 1 runs them
    here). ``on_result`` is called as each game finishes, in finishing order.

    >>> [r.index for r in simulate(2, seed=5, workers=1)]
    [0, 1]
    """
    jobs = [GameJob(i, seed, Variant(variant), players, BotKind(team1), BotKind(team2)) for i in range(games)]
    results: list[GameResult] = []
    if executor is None and (workers == 1 or games <= 1):
        for job in jobs:
            results.append(play(job))
            if on_result:
                on_result(results[-1])
        return results
    own = executor is None
    pool = executor or ProcessPoolExecutor(max_workers=workers or os.cpu_count())
    try:
        futures = [pool.submit(play, job) for job in jobs]
        for future in as_completed(futures):
            result = future.result()
            results.append(result)
            if on_result:
                on_result(result)
    finally:
        if own:
            pool.shutdown(cancel_futures=True)
    return sorted(results, key=lambda r: r.index)


def file_name(index: int, games: int) -> str:
    """``game-0001.lit`` (wider numbers when there are more than 9999 games).

    >>> file_name(0, 10), file_name(41, 20000)
    ('game-0001.lit', 'game-00042.lit')
    """
    width = max(4, len(str(games)))
    return f"game-{index + 1:0{width}d}.lit"


def save(result: GameResult, out: Path, games: int, *, force: bool = False) -> Path:
    """Write one game to ``out`` and return its path: a new file, or with ``force`` over a regular file
    (:func:`trainer.files.write_atomic`)."""
    path = out / file_name(result.index, games)
    write_atomic(path, result.text, force=force)
    return path


def existing(out: Path, games: int) -> list[Path]:
    """The files of ``out`` that a run of ``games`` games would write, as they are there already (anything
    by those names: files, links, folders), in order. Reads the folder once, whatever ``games`` is.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> for name in ("game-0002.lit", "game-0011.lit", "game-02.lit", "notes.txt"):
    ...     _ = (folder / name).write_text("x")
    >>> [p.name for p in existing(folder, 10)], [p.name for p in existing(folder, 20)]
    (['game-0002.lit'], ['game-0002.lit', 'game-0011.lit'])
    """
    if not out.is_dir():
        return []
    width = len(file_name(0, games)) - len("game-.lit")
    found = []
    with os.scandir(out) as entries:
        for entry in entries:
            number = entry.name.removeprefix("game-").removesuffix(".lit")
            if (entry.name == f"game-{number}.lit" and len(number) == width and number.isascii()
                    and number.isdigit() and 1 <= int(number) <= games):
                found.append(int(number))
    return [out / file_name(n - 1, games) for n in sorted(found)]


@dataclass(frozen=True)
class RunSummary:
    """What a run of games came to."""

    games: int
    wins: dict[str, int]
    average_sets: dict[str, float]
    average_events: float
    seconds_per_game: float
    forced_claims: int

    @classmethod
    def of(cls, results: Sequence[GameResult]) -> RunSummary:
        """Summarise finished games.

        >>> RunSummary.of(simulate(2, seed=1, workers=1)).games
        2
        """
        n = len(results) or 1
        wins = {"1": 0, "2": 0, "tie": 0}
        for r in results:
            wins[str(r.winner) if r.winner else "tie"] += 1
        return cls(
            len(results),
            wins,
            {"1": sum(r.score[0] for r in results) / n, "2": sum(r.score[1] for r in results) / n},
            sum(r.events for r in results) / n,
            sum(r.seconds for r in results) / n,
            sum(r.forced_claims for r in results),
        )


def replay(result: GameResult) -> Game:
    """Read a result back through the notation (checks every event again)."""
    return parse_game(result.text)
