"""Bot strength and speed: round-robins with Wilson confidence intervals, games per second per bot.

    .venv/bin/python benchmarks/bots.py [--games N] [--variant classic|fish54] [--players 6|8]
                                        [--kinds random,basic,expert] [--workers W] [--seed S]
    .venv/bin/python benchmarks/bots.py --breaker [--games N] [--basic-games M] [--players 6|8] [--workers W]
    .venv/bin/python benchmarks/bots.py --duel A B [--tables classic:6,...] [--games N] [--workers W] [--seed S]
    .venv/bin/python benchmarks/bots.py --length [--games N] [--variant V] [--players P] [--workers W] [--seed S]
    .venv/bin/python benchmarks/bots.py --reference [--games N] [--specs expert,alone,hard,medium,easy]
                                        [--tables classic:6,...] [--ladder-games M] [--ladder-tables classic:6]
    .venv/bin/python benchmarks/bots.py --frozen [--games N] [--pairs expert,hard,...] [--tables classic:6,...]
                                        [--audit N] [--workers W] [--seed S]

Each pair of bots plays ``--games`` games, swapping seats halfway (team 1 and
team 2 are not quite alike: the dealer's team asks first). Then each bot plays
itself to measure its speed. The goals of issue 5 are checked at the end:
``expert`` beats ``random`` in at least 95% and ``basic`` in at least 70% of
games, ``basic`` beats ``random`` in at least 80%, and a 6-player ``classic``
game between ``expert`` teams takes under 2 s, and an 8-player one under 3 s
(issue 12), both as the median CPU time of the self-play games.

``--breaker`` measures what the classic stalemate breaker is worth: the
``expert`` (a certain set kept in reserve, claimed and the turn handed to a
teammate with a clearly better ask) against the same bot without it
(``stalemate_breaker=False``: claims at once, never hands the turn over),
head to head and each against ``basic``, seats swapped halfway.

``--frozen`` (issue 44) plays today's levels against a frozen copy of the levels as they were before issue 44
(``benchmarks/frozen_bots.py``): each deal twice, today's level on either team, both variants, 6 and 8 players;
it prints the share of decided games won with its 95% Wilson interval, the CPU seconds per game of each side's
moves, the wrong claims per game, the claims its seat could know were wrong, and the sets left unclaimed while
certain (a set the deciding seat could prove is its team's, by its exact view, for more than :data:`LATE` of its
team's decisions without claiming it; counted on the first ``--audit`` deals of a row).

``--duel A B`` plays two bots head to head, each deal twice (seats swapped), on every ``--tables`` table: a
level (``hard``), a frozen level (``frozen:hard``), the expert weighing by a :class:`Tact` (``tact:giveaway=1``)
or a :class:`Level` of one's own (``level:engine=0.5,sure_misses=1``); it prints the first one's share of all games
and of the decided games (95% Wilson interval) and its side's CPU seconds per game.

``--reference`` (issue 54) plays each of ``--specs`` (the levels, and ``alone``: the expert keeping no signal)
against the reference opponent (``benchmarks/reference_bot.py``, written from public descriptions of Fish bots,
nothing of ``trainer/play`` in it) on every ``--tables`` table, each deal twice (seats swapped): the share of the
decided games won with its 95% Wilson interval, against the goals (``expert`` 85%, ``hard`` 60%, ``medium`` 35%);
then, with ``--ladder-games``, the ladder's neighbours head to head on ``--ladder-tables`` (as ``--duel``). It exits
1 when a goal is missed.

``--length`` (issue 42) measures the length of the levels' games before and after issue 42 (a frozen copy of
the levels as they were is kept here, :class:`BeforeLevelBot`): events per game, the most times one card changes
hands, the events between a seat's turns, the neighbours' win rates, and ``auto`` in the person's seat at the
default table and at an all-expert table.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import math
import os
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction

from trainer.engine import Knowledge, solve
from trainer.game.cards import Card, HalfSuit
from trainer.game.events import Ask, Claim, Event, Pass
from trainer.game.notation import parse_game, write_game
from trainer.game.state import Setup
from trainer.game.variants import Variant
from trainer.play.bots import Bot, BotKind, make_bot
from trainer.play.expert import ExpertBot, Tact
from trainer.play.levels import Level, LevelBot, surest_claim
from trainer.play.match import CoachLevel, Match, Seating, move_rng
from trainer.play.memory import Memory
from trainer.play.protocol import LEVELS, most_cards
from trainer.play.seat import Seat
from trainer.play.simulate import GameJob, GameResult, new_table, simulate
from trainer.play.view import AskFor, ClaimSet, Move, PassTo, Role, View, ping_pongs

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from frozen_bots import frozen_bot  # the levels before issue 44, kept here, not in the game
from reference_bot import ReferenceBot  # issue 54: an opponent written from public descriptions, not from ours

LEVEL_NAMES = [kind.value for kind in LEVELS]

GOALS = {("expert", "random"): 0.95, ("expert", "basic"): 0.70, ("basic", "random"): 0.80}
EXPERT_SECONDS = 2.0
EXPERT_SECONDS_8 = 3.0  # issue 12: an 8-player game between experts
STRENGTH = ["expert", "basic", "human", "random"]  # each pair is reported strongest first


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a win rate.

    >>> [round(x, 3) for x in wilson(95, 100)]
    [0.888, 0.978]
    """
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def match(
    a: str, b: str, games: int, seed: int, variant: str, players: int, pool: ProcessPoolExecutor
) -> tuple[int, int, int, list[GameResult]]:
    """``a`` against ``b``, seats swapped halfway: (wins of a, wins of b, ties, results)."""
    half = games // 2
    first = simulate(half, seed, variant, players, a, b, executor=pool)
    second = simulate(games - half, seed + 1, variant, players, b, a, executor=pool)
    wins_a = sum(r.winner == 1 for r in first) + sum(r.winner == 2 for r in second)
    wins_b = sum(r.winner == 2 for r in first) + sum(r.winner == 1 for r in second)
    return wins_a, wins_b, games - wins_a - wins_b, first + second


def breaker_game(job: GameJob, plain_team: int | None) -> tuple[int | None, int]:
    """Play ``job`` with the expert team ``plain_team`` (if any) playing without the stalemate breaker.

    Returns the winner and how many times a claimer handed the turn to a teammate.
    """
    table = new_table(job)
    setup = table.truth.setup
    for seat in setup.players:
        if setup.team(seat) == plain_team:
            table.bots[seat] = ExpertBot(random.Random(f"{job.game_seed}:{seat}"), stalemate_breaker=False)
    game = table.play()
    handovers = 0
    state = new_table(job).truth
    for event in game.events:
        if isinstance(event, Pass) and event.to in state.handover_targets() and state.sizes[state.turn]:
            handovers += 1
        state.apply(event)
    return table.truth.winner, handovers


def breaker_match(
    other: str, games: int, seed: int, players: int, pool: ProcessPoolExecutor
) -> tuple[int, int, int, int]:
    """The breaker expert against ``other`` (``plain``: the expert without it), seats swapped halfway.

    Returns wins of the breaker expert, wins of the other, ties and handovers made.
    """
    half = games // 2
    futures = []
    for index in range(games):
        breaker_team = 1 if index < half else 2
        kinds = {breaker_team: BotKind.EXPERT, 3 - breaker_team: BotKind.EXPERT if other == "plain" else BotKind(other)}
        job = GameJob(index, seed, Variant.CLASSIC, players, kinds[1], kinds[2])
        plain = 3 - breaker_team if other == "plain" else None
        futures.append((breaker_team, pool.submit(breaker_game, job, plain)))
    wins = losses = handovers = 0
    for breaker_team, future in futures:
        winner, passes = future.result()
        handovers += passes
        wins += winner == breaker_team
        losses += winner == 3 - breaker_team
    return wins, losses, games - wins - losses, handovers


def plain_match(other: str, games: int, seed: int, players: int, pool: ProcessPoolExecutor) -> tuple[int, int, int]:
    """The expert without the breaker against ``other``, seats swapped halfway."""
    half = games // 2
    futures = []
    for index in range(games):
        plain_team = 1 if index < half else 2
        kinds = {plain_team: BotKind.EXPERT, 3 - plain_team: BotKind(other)}
        job = GameJob(index, seed, Variant.CLASSIC, players, kinds[1], kinds[2])
        futures.append((plain_team, pool.submit(breaker_game, job, plain_team)))
    wins = losses = 0
    for plain_team, future in futures:
        winner, _ = future.result()
        wins += winner == plain_team
        losses += winner == 3 - plain_team
    return wins, losses, games - wins - losses


def breaker_report(games: int, basic_games: int, seed: int, players: int, workers: int) -> None:
    """Print what the stalemate breaker is worth, with 95% Wilson intervals."""
    print(f"classic, {players} players, {games} games head to head, {basic_games} against basic, {workers} workers; "
          "expert+SB: with the stalemate breaker, expert-SB: without")
    print(f"{'pair':<24} {'wins':>9} {'ties':>5} {'win rate':>9} {'95% CI':>15} {'handovers':>10}")
    with ProcessPoolExecutor(max_workers=workers) as pool:
        rows: list[tuple[str, int, int, int, int | None]] = []
        wins, losses, ties, passes = breaker_match("plain", games, seed, players, pool)
        rows.append(("expert+SB v expert-SB", wins, losses, ties, passes))
        wins, losses, ties, passes = breaker_match("basic", basic_games, seed + 1, players, pool)
        rows.append(("expert+SB v basic", wins, losses, ties, passes))
        wins, losses, ties = plain_match("basic", basic_games, seed + 1, players, pool)
        rows.append(("expert-SB v basic", wins, losses, ties, None))
        for name, wins, losses, ties, passes in rows:
            n = wins + losses + ties
            low, high = wilson(wins, n)
            shown = "-" if passes is None else str(passes)
            print(f"{name:<24} {wins:>4}-{losses:<4} {ties:>5} {wins / n:>9.0%} "
                  f"{f'{low:.0%}-{high:.0%}':>15} {shown:>10}", flush=True)


# -- issue 31: the levels, the discreet expert, ping-pong, auto at an all-expert table ----------------


def ping_pong(text: str) -> tuple[int, int]:
    """In one game: the asks that took a card from the same player a third time or more, and how many of those
    were made while the asker had another ask (:func:`trainer.play.view.ping_pongs`).

    >>> ping_pong(simulate(1, 3, team1="medium", team2="easy", workers=1)[0].text)
    (0, 0)
    """
    game = parse_game(text)
    return ping_pongs(game.setup, game.events)


def special_game(job: GameJob, old_team: int | None) -> tuple[int | None, int, int, float]:
    """Play ``job``, the experts of ``old_team`` (if any) playing as before issue 31 (``discreet=False``).

    Returns the winner, the ping-pong counts of :func:`ping_pong` and the CPU seconds.
    """
    start = time.process_time()
    table = new_table(job)
    setup = table.truth.setup
    for seat in setup.players:
        if setup.team(seat) == old_team:
            table.bots[seat] = ExpertBot(random.Random(f"{job.game_seed}:{seat}"), discreet=False)
    game = table.play()
    excess, avoidable = ping_pong(write_game(game))
    return table.truth.winner, excess, avoidable, time.process_time() - start


def duel(a: str, b: str, games: int, seed: int, players: int, pool: ProcessPoolExecutor) -> dict[str, float]:
    """``a`` against ``b`` (``expert-old``: the expert before issue 31), seats swapped halfway."""
    half = games // 2
    futures = []
    for index in range(games):
        a_team = 1 if index < half else 2
        kinds = {a_team: a, 3 - a_team: b}
        old = next((team for team, kind in kinds.items() if kind == "expert-old"), None)
        bots = {team: BotKind.EXPERT if kind == "expert-old" else BotKind(kind) for team, kind in kinds.items()}
        job = GameJob(index, seed, Variant.CLASSIC, players, bots[1], bots[2])
        futures.append((a_team, pool.submit(special_game, job, old)))
    wins = losses = excess = avoidable = 0
    seconds = 0.0
    games_with = 0
    for a_team, future in futures:
        winner, extra, needless, cpu = future.result()
        wins += winner == a_team
        losses += winner == 3 - a_team
        excess += extra
        avoidable += needless
        games_with += bool(extra)
        seconds += cpu
    return {"wins": wins, "losses": losses, "ties": games - wins - losses, "excess": excess,
            "avoidable": avoidable, "games_with": games_with, "seconds": seconds / games}


def auto_game(seed: int, players: int) -> int | None:
    """One ``literature play`` game at an all-``expert`` table, the person's seat played by ``auto``: the
    winning team seen from the person's side (1: theirs, 2: the other, ``None``: a tie)."""
    seat = Seat(Match.new(Seating(seed=seed, players=players, partners=BotKind.EXPERT, opponents=BotKind.EXPERT,
                                  coach=CoachLevel.OFF)))
    match = seat.match
    while not match.over:
        if seat.your_move():
            seat.respond("auto")
        else:
            match.bot_move()
    winner = match.state.winner
    return None if winner is None else 1 if winner == match.setup.team(match.you) else 2


def levels_report(games: int, far_games: int, old_games: int, auto_games: int, seed: int, players: int,
                  workers: int) -> None:
    """Print the round robin of the levels, the expert against the expert before issue 31, ping-pong per table
    and the person's results with ``auto`` at an all-expert table, with 95% Wilson intervals."""
    print(f"classic, {players} players, {games} games per pair of neighbouring levels, {far_games} per other pair, "
          f"{old_games} expert v expert-old, {auto_games} auto games, {workers} workers; {load()}")
    print(f"{'pair':<22} {'games':>5} {'wins':>9} {'ties':>5} {'win rate':>9} {'95% CI':>13} {'decisive':>9} "
          f"{'ping-pong':>10} {'avoidable':>9} {'CPU s/game':>10}")
    levels = list(reversed(LEVEL_NAMES))  # strongest first
    pairs = [(stronger, weaker) for weaker, stronger in itertools.pairwise(LEVEL_NAMES)]  # neighbours first
    pairs.append(("expert", "expert-old"))
    pairs += [(a, b) for i, a in enumerate(levels) for b in levels[i + 2 :]]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for index, (a, b) in enumerate(pairs):
            if not games:  # --games 0: the auto games only
                break
            n = old_games if b == "expert-old" else games if (a, b) in pairs[:3] else far_games
            row = duel(a, b, n, seed + 10 * index, players, pool)
            wins, losses, ties = int(row["wins"]), int(row["losses"]), int(row["ties"])
            low, high = wilson(wins, n)
            pongs = f"{int(row['excess'])} in {int(row['games_with'])}"
            decisive = wins / max(wins + losses, 1)
            print(f"{a + ' v ' + b:<22} {n:>5} {wins:>4}-{losses:<4} {ties:>5} {wins / n:>9.0%} "
                  f"{f'{low:.0%}-{high:.0%}':>13} {decisive:>9.0%} {pongs:>10} {int(row['avoidable']):>9} "
                  f"{row['seconds']:>10.2f}", flush=True)
        if auto_games:
            results = list(pool.map(auto_game, range(seed, seed + auto_games), [players] * auto_games))
            wins, losses = results.count(1), results.count(2)
            low, high = wilson(wins, auto_games)
            print(f"{'auto at expert table':<22} {auto_games:>5} {wins:>4}-{losses:<4} {results.count(None):>5} "
                  f"{wins / auto_games:>9.0%} {f'{low:.0%}-{high:.0%}':>13}", flush=True)
    print(load())


def tact_game(job: GameJob, new_team: int, tact: Tact | None) -> int | None:
    """Play ``job``: team ``new_team`` the expert weighing its asks by ``tact`` (``None``: the chance alone, as
    the expert in the table of issue 31), the other team ``expert-old``. Returns the winner."""
    table = new_table(job)
    setup = table.truth.setup
    for seat in setup.players:
        rng = random.Random(f"{job.game_seed}:{seat}")
        mine = setup.team(seat) == new_team
        table.bots[seat] = ExpertBot(rng, tact=tact) if mine else ExpertBot(rng, discreet=False)
    table.play()
    return table.truth.winner


def read_tact(spec: str) -> Tact | None:
    """A :class:`Tact` from ``name=value,...`` (``none``: no tact at all).

    >>> read_tact("miss=0,hoard=1").hoard, read_tact("none")
    (True, None)
    """
    if spec == "none":
        return None
    return Tact(**read_fields(Tact, spec))  # type: ignore[arg-type]


def read_fields(cls: type, spec: str) -> dict[str, object]:
    """``name=value,...`` as the fields of the dataclass ``cls``, each value read by its field's type (a flag as 0 or
    1, ``None`` as itself).

    >>> read_fields(Level, "span=45,hand_counting=0,engine=0.5")
    {'span': 45, 'hand_counting': False, 'engine': 0.5}
    """
    kinds = {f.name: str(f.type).split(" | ")[0] for f in dataclasses.fields(cls)}
    readers: dict[str, Callable[[str], object]] = {"bool": lambda v: bool(int(v)), "int": int, "float": float,
                                                   "Fraction": Fraction}
    fields: dict[str, object] = {}
    for part in filter(None, spec.split(",")):
        name, value = part.split("=")
        fields[name] = None if value == "None" else readers[kinds[name]](value)
    return fields


def tact_report(specs: list[str], games: int, seed: int, players: int, workers: int) -> None:
    """Each weighing of the expert's asks against ``expert-old``, seats swapped halfway, with 95% intervals."""
    print(f"classic, {players} players, {games} games per weighing v expert-old, {workers} workers; {load()}")
    half = games // 2
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for spec in specs:
            tact = read_tact(spec)
            futures = []
            for index in range(games):
                team = 1 if index < half else 2
                job = GameJob(index if team == 1 else index - half, seed if team == 1 else seed + 1,
                              Variant.CLASSIC, players, BotKind.EXPERT, BotKind.EXPERT)
                futures.append((team, pool.submit(tact_game, job, team, tact)))
            wins = losses = 0
            for team, future in futures:
                winner = future.result()
                wins += winner == team
                losses += winner == 3 - team
            low, high = wilson(wins, wins + losses)
            print(f"{spec:<40} {games:>5} {wins:>4}-{losses:<4} {games - wins - losses:>5} "
                  f"decided {wins / max(wins + losses, 1):.0%} ({low:.0%}-{high:.0%})", flush=True)
    print(load())


# -- issue 42: games of human length, a turn that comes back -------------------------------------------------


class BeforeExpert(ExpertBot):
    """The expert as it played before issue 42: it took back a card the other team had just taken."""

    def retakes(
        self, view: View, moved: Mapping[Card, tuple[str, str]], holder: Mapping[Card, str | None]
    ) -> Callable[[str, Card], bool]:
        """No ask is left for being a retake."""
        return lambda target, card: False


class BeforeLevelBot:
    """``easy``, ``medium`` and ``hard`` as they played before issue 42 (a frozen copy of
    :class:`trainer.play.levels.LevelBot` then): they took back a card the other team had just taken from them,
    and the other team took it back again."""

    def __init__(self, level: Level, rng: random.Random) -> None:
        self.level = level
        self.kind = level.kind
        self.rng = rng
        self.expert = BeforeExpert(rng) if level.engine else None

    def decide(self, view: View) -> Move:
        """The move of the level before issue 42."""
        if view.role is Role.PASS or (view.role is Role.PICK and not view.hand):
            return PassTo(most_cards(view, view.pass_targets()))
        if self.expert is not None and self.rng.random() < self.level.engine:
            return self.expert.decide(view)
        memory = Memory(view, self.level.span, self.level.hand_counting)
        if view.role is Role.CLAIM or view.stalled:
            return surest_claim(view, memory)
        certain = memory.certain_sets(view.team)
        if certain:
            return ClaimSet.of(certain[0], {c: memory.holder[c] for c in certain[0].cards})
        asks = view.legal_asks()
        if not asks:
            return surest_claim(view, memory)
        if self.level.careless and self.rng.random() < self.level.careless:
            target, card = self.rng.choice(view.fair(asks))
            return AskFor(target, card)
        fair = view.fair(asks)
        scored: dict[tuple[str, Card], Fraction] = {a: memory.chance(a[1], a[0]) for a in fair}
        best = max(scored.values())
        target, card = self.rng.choice([a for a in fair if scored[a] == best])
        return AskFor(target, card)


BEFORE_LEVEL = {
    BotKind.EASY: Level(BotKind.EASY, span=20, hand_counting=False),
    BotKind.MEDIUM: Level(BotKind.MEDIUM),
    BotKind.HARD: Level(BotKind.HARD, engine=0.5),
}
"""The levels before issue 42 (``easy`` remembered 20 events, ``hard`` made the expert's move half the time)."""


def before_bot(kind: BotKind, rng: random.Random) -> Bot:
    """The bot of ``kind`` as it played before issue 42."""
    if kind is BotKind.EXPERT:
        return BeforeExpert(rng)
    return BeforeLevelBot(BEFORE_LEVEL[kind], rng) if kind in BEFORE_LEVEL else make_bot(kind, rng)


def actor(event: Event) -> str | None:
    """The seat that decided ``event`` (``None``: a pass the rules make, in ``fish54``)."""
    if isinstance(event, Ask):
        return event.asker
    if isinstance(event, Claim):
        return event.claimer
    return event.player if isinstance(event, Pass) else None


def hand_changes(events: Sequence[Event]) -> int:
    """The most times one card changed hands in a game.

    >>> from trainer.game.notation import read_game
    >>> hand_changes(read_game(EXAMPLES / "complete-classic-6p.lit").events)
    5
    """
    moves = Counter(e.card for e in events if isinstance(e, Ask) and e.hit)
    return max(moves.values(), default=0)


def turn_gaps(events: Sequence[Event], seat: str) -> list[int]:
    """The events between ``seat``'s turns (a turn: the seat's moves in a row), from its first turn on.

    >>> e = [Ask("Ann", "Bob", Card.parse("2D"), True), Ask("Ann", "Bob", Card.parse("3D"), False),
    ...      Ask("Bob", "Cat", Card.parse("4D"), False), Ask("Cat", "Ann", Card.parse("5D"), False),
    ...      Ask("Ann", "Bob", Card.parse("6D"), False)]
    >>> turn_gaps(e, "Ann"), turn_gaps(e, "Bob"), turn_gaps(e, "Dan")
    ([2], [], [])
    """
    gaps: list[int] = []
    since: int | None = None
    for event in events:
        if actor(event) == seat:
            if since:
                gaps.append(since)
            since = 0
        elif since is not None:
            since += 1
    return gaps


@dataclass
class Lengths:
    """What a run of games came to: events per game, the most hand changes of a card per game, the events
    between a seat's turns, and the wins of the first side."""

    events: list[int] = field(default_factory=list)
    changes: list[int] = field(default_factory=list)
    gaps: list[int] = field(default_factory=list)
    wins: int = 0
    losses: int = 0

    def add(self, events: Sequence[Event], seats: Iterable[str], winner: int | None, side: int) -> None:
        """Count one game, the first side being team ``side``."""
        self.events.append(len(events))
        self.changes.append(hand_changes(events))
        for seat in seats:
            self.gaps += turn_gaps(events, seat)
        self.wins += winner == side
        self.losses += winner == 3 - side

    def games(self) -> int:
        """Games counted."""
        return len(self.events)


def quantile(values: Sequence[int], q: float) -> float:
    """The ``q`` quantile of ``values`` (the median at 0.5; nearest rank above).

    >>> quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9), quantile([3, 1, 2], 0.5)
    (9, 2)
    """
    if not values:
        return 0
    ordered = sorted(values)
    return ordered[max(math.ceil(q * len(ordered)) - 1, 0)]


def length_game(job: GameJob, before: bool, side: int) -> tuple[tuple[Event, ...], list[str], int | None, int]:
    """Play ``job`` with the levels of now (or ``before`` issue 42): the events, the seats, the winner."""
    table = new_table(job)
    setup = table.truth.setup
    if before:
        for seat in setup.players:
            kind = job.team1 if setup.team(seat) == 1 else job.team2
            table.bots[seat] = before_bot(kind, random.Random(f"{job.game_seed}:{seat}"))
    game = table.play()
    return game.events, list(setup.players), table.truth.winner, side


def default_table_game(
    seed: int, before: bool, level: BotKind = BotKind.MEDIUM, variant: str = "classic", players: int = 6
) -> tuple[tuple[Event, ...], list[str], int | None, int]:
    """One game at ``literature play``'s default table (medium bots; or bots of ``level``), the person's seat
    played by ``auto``: the events, the person's seat, and the winner with the person's team as side 1."""
    match = Match.new(Seating(seed=seed, variant=Variant(variant), players=players, partners=level, opponents=level,
                              coach=CoachLevel.OFF))
    while not match.over:
        seat, role = match.decider()
        if seat == match.you and not before:
            match.play(match.suggest(), auto=True)
            continue
        if seat == match.you:  # Match.suggest with the expert of before issue 42
            view = match.table.view(seat, role)
            if role is Role.PASS and not view.pass_targets():
                move: Move = PassTo(most_cards(view, sorted(match.state.actors())))
            else:
                move = BeforeExpert(move_rng(seed, len(match.state.events), seat)).decide(view)
            match.play(move, auto=True)
            continue
        count = len(match.state.events)
        kind = match.kind_of(seat)
        rng = move_rng(seed, count, seat)
        match.table.bots[seat] = (before_bot(kind, rng) if before else
                                  make_bot(kind, rng, match.partners_of(seat), match.rivals(seat)))
        match.table.step()
    winner = match.state.winner
    mine = match.setup.team(match.you)
    return tuple(match.state.events), [match.you], None if winner is None else 1 if winner == mine else 2, 1


def length_report(games: int, seed: int, workers: int, variant: str = "classic", players: int = 6,
                  now_only: bool = False) -> None:
    """Print, before and after issue 42: each level's self-play length, the most hand changes of a card, the
    events between a seat's turns; the neighbours' win rates; the default table (medium bots) and an all-expert
    table with ``auto`` in the person's seat (the events between the person's turns, how often their team won).

    ``events``: per game, its median and 90th percentile; ``changes``: the most times one card changed hands in
    a game, its 90th percentile and most; ``between turns``: the events between a seat's turns (every seat in
    self-play and duels, the person's at a table). ``now_only``: the levels of now alone (half the time)."""
    print(f"{variant}, {players} players, {games} games per row, seeds from {seed}, {workers} workers; {load()}")
    head = (f"{'':<24} {'':<6} {'events':>13} {'changes':>9} {'between turns':>14} "
            f"{'wins':>9} {'ties':>5} {'win rate (95% CI)':>18}")
    print(head)
    print(f"{'':<24} {'':<6} {'median  p90':>13} {'p90  max':>9} {'median  p90':>14}")
    half = games // 2
    rows: list[tuple[str, str, str]] = [(kind, kind, "self") for kind in LEVEL_NAMES]
    rows += [(stronger, weaker, "duel") for weaker, stronger in itertools.pairwise(LEVEL_NAMES)]
    rows.append(("auto", "medium", "table"))
    rows.append(("auto", "expert", "table"))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for index, (a, b, how) in enumerate(rows):
            for before in (False,) if now_only else (True, False):
                futures = []
                for i in range(games):
                    if how == "table":
                        futures.append(pool.submit(default_table_game, seed + i, before, BotKind(b), variant, players))
                        continue
                    side = 1 if i < half else 2
                    kinds = {side: BotKind(a), 3 - side: BotKind(b)}
                    job = GameJob(i, seed + 10 * index + (side - 1), Variant(variant), players, kinds[1], kinds[2])
                    futures.append(pool.submit(length_game, job, before, side))
                found = Lengths()
                for future in futures:
                    events, seats, winner, side = future.result()
                    found.add(events, seats, winner, side)
                name = f"{a} v {b}" if how != "table" else f"auto at {b} table"
                n = found.games()
                low, high = wilson(found.wins, n)
                ties = n - found.wins - found.losses
                shown = "" if how == "self" else (f"{found.wins:>4}-{found.losses:<4} {ties:>5} "
                                                  f"{found.wins / n:>5.0%} ({low:.0%}-{high:.0%})")
                print(f"{name:<24} {'before' if before else 'after':<6} "
                      f"{quantile(found.events, .5):>6} {quantile(found.events, .9):>6} "
                      f"{quantile(found.changes, .9):>4} {max(found.changes):>4} "
                      f"{quantile(found.gaps, .5):>6} {quantile(found.gaps, .9):>7} {shown}", flush=True)
    print(load())


# -- issue 44: today's levels against the levels before it (a frozen copy, benchmarks/frozen_bots.py) ------------

LATE = 3
"""A certain set unclaimed for more than this many of its team's decisions is counted as left unclaimed."""


class Timed:
    """A bot whose moves' CPU time is added up."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.kind = bot.kind
        self.seconds = 0.0

    def decide(self, view: View) -> Move:
        """The bot's move, timed."""
        start = time.process_time()
        try:
            return self.bot.decide(view)
        finally:
            self.seconds += time.process_time() - start


@dataclass
class Side:
    """One side's account of a game: CPU seconds of its moves, claims, wrong claims, claims its claimer could know
    were wrong, and sets left unclaimed while certain (only in audited games)."""

    seconds: float = 0.0
    claims: int = 0
    wrong: int = 0
    knowable: int = 0
    late: int = 0
    audited: bool = False


def audit(setup: Setup, events: Sequence[Event], team: int, side: Side) -> None:
    """Count, for ``team``, the claims its claimer could know were wrong and the sets left unclaimed while
    certain (:data:`LATE`), solving each decision of the team from the deciding seat's view."""
    waiting: Counter[HalfSuit] = Counter()
    for index, event in enumerate(events):
        seat = event.asker if isinstance(event, Ask) else event.claimer if isinstance(event, Claim) else None
        if seat is not None and setup.team(seat) == team and not (isinstance(event, Claim) and event.out_of_turn):
            k = solve(setup.only(seat), events[:index], seat)
            if isinstance(event, Claim):
                side.knowable += any(not k.holders(c).get(p) for c, p in event.declared)
            certain = set(k.claimable(team))
            claimed = event.half_suit if isinstance(event, Claim) else None
            for half in certain - {claimed}:
                waiting[half] += 1
    side.late = sum(count > LATE for count in waiting.values())
    side.audited = True


def frozen_game(job: GameJob, kind: str, new_team: int, check: bool) -> tuple[int | None, Side, Side]:
    """Play ``job``: team ``new_team`` today's ``kind``, the other team the frozen ``kind`` (before issue 44).
    Returns the winner and each side's account (today's first); ``check``: audit the game (:func:`audit`)."""
    table = new_table(job)
    setup = table.truth.setup
    timed: dict[str, Timed] = {}
    for seat in setup.players:
        rng = random.Random(f"{job.game_seed}:{seat}")
        mates = [p for p in setup.members(setup.team(seat)) if p != seat]
        bot = make_bot(kind, rng, mates) if setup.team(seat) == new_team else frozen_bot(kind, rng)
        timed[seat] = table.bots[seat] = Timed(bot)  # type: ignore[assignment]
    game = table.play()
    sides = {new_team: Side(), 3 - new_team: Side()}
    for seat, bot in timed.items():
        sides[setup.team(seat)].seconds += bot.seconds
    for event in game.events:
        if isinstance(event, Claim):
            side = sides[setup.team(event.claimer)]
            side.claims += 1
            side.wrong += bool(event.actual)
    if check:
        for team, side in sides.items():
            audit(setup, game.events, team, side)
    return table.truth.winner, sides[new_team], sides[3 - new_team]


def frozen_report(kinds: list[str], tables: list[tuple[str, int]], games: int, audited: int, seed: int,
                  workers: int) -> None:
    """Print today's levels against the frozen levels: decided games won with 95% Wilson intervals, CPU per game of
    each side, wrong claims per game, claims that could be known wrong, sets left unclaimed while certain."""
    print(f"today's levels v the frozen levels (before issue 44): {games} games a row, each deal played twice "
          f"(seats swapped), seeds from {seed}, {audited} deals audited a row, {workers} workers; {load()}")
    print(f"{'row':<26} {'wins':>9} {'ties':>5} {'decided won (95% CI)':>21} {'CPU s/game':>11} "
          f"{'wrong/game':>11} {'knowable':>9} {'late/game':>10}")
    print(f"{'':<26} {'':>9} {'':>5} {'':>21} {'new  old':>11} {'new  old':>11} {'new old':>9} {'new  old':>10}")
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for index, ((variant, players), kind) in enumerate(itertools.product(tables, kinds)):
            futures = []
            for deal in range(games // 2):
                for new_team in (1, 2):
                    job = GameJob(deal, seed + 100 * index, Variant(variant), players, BotKind(kind), BotKind(kind))
                    futures.append((new_team, pool.submit(frozen_game, job, kind, new_team, deal < audited)))
            wins = losses = 0
            new, old = Side(), Side()
            audits = 0
            for new_team, future in futures:
                winner, mine, theirs = future.result()
                wins += winner == new_team
                losses += winner == 3 - new_team
                audits += mine.audited
                for total, one in ((new, mine), (old, theirs)):
                    total.seconds += one.seconds
                    total.claims += one.claims
                    total.wrong += one.wrong
                    total.knowable += one.knowable
                    total.late += one.late
            n = len(futures)
            low, high = wilson(wins, wins + losses)
            decided = wins / max(wins + losses, 1)
            late = (f"{new.late / audits:>4.2f} {old.late / audits:>4.2f}" if audits else "   -    -")
            print(f"{kind + f' {variant} {players}p':<26} {wins:>4}-{losses:<4} {n - wins - losses:>5} "
                  f"{f'{decided:.0%} ({low:.0%}-{high:.0%})':>21} {new.seconds / n:>5.2f} {old.seconds / n:>5.2f} "
                  f"{new.wrong / n:>5.2f} {old.wrong / n:>5.2f} {new.knowable:>4} {old.knowable:>4} {late:>10}",
                  flush=True)
    print(load())


def duel_bot(spec: str, rng: random.Random, partners: Sequence[str] = ()) -> Bot:
    """The bot ``spec`` names (see ``--duel``); ``partners``: its teammates, bots of the same spec.

    >>> [type(duel_bot(s, random.Random(0))).__name__ for s in ("hard", "frozen:expert", "tact:hoard=0", "level:")]
    ['LevelBot', 'ExpertBot', 'ExpertBot', 'LevelBot']
    """
    kind, _, rest = spec.partition(":")
    if kind == "frozen":
        return frozen_bot(rest, rng)  # type: ignore[return-value]
    if kind == "tact":
        return ExpertBot(rng, tact=read_tact(rest), partners=partners)
    if kind == "level":
        return LevelBot(Level(BotKind.HARD, **read_fields(Level, rest)), rng, partners)  # type: ignore[arg-type]
    if kind == "alone":  # the expert without partners: no signal kept or read
        return ExpertBot(rng)
    return make_bot(spec, rng, partners)


class SightedExpert(ExpertBot):
    """A ceiling, not a fair bot: the expert as if it also saw some other seats' dealt hands (``sighted:team``
    its teammates', ``sighted:all`` every hand), its exact view solved with them pinned. What it wins against
    the expert bounds what knowing more (a teammate's hand, say, from any signalling) could win this policy."""

    def __init__(self, rng: random.Random, truth: Setup, seen: str) -> None:
        super().__init__(rng)
        self.truth, self.seen = truth, seen

    def knowledge(self, view: View) -> Knowledge:
        from trainer.engine.constraints import History
        from trainer.engine.solve import knowing

        key = (view.seat, len(view.events))
        if self._cached is None or self._cached[0] != key:
            shown = [p for p in self.truth.players if self.seen == "all" or self.truth.team(p) == view.team]
            table = Setup(self.truth.variant, self.truth.players, self.truth.dealer,
                          {p: self.truth.hands[p] for p in shown})
            self._cached = (key, knowing(History.replay(table, view.events, view.seat)))
        return self._cached[1]


def duel_game(job: GameJob, a: str, b: str, a_team: int) -> tuple[int | None, float]:
    """Play ``job``, team ``a_team`` the bot ``a``, the other ``b``: the winner and ``a``'s side's CPU seconds."""
    table = new_table(job)
    setup = table.truth.setup
    timed: dict[str, Timed] = {}
    for seat in setup.players:
        rng = random.Random(f"{job.game_seed}:{seat}")
        spec = a if setup.team(seat) == a_team else b
        mates = [p for p in setup.members(setup.team(seat)) if p != seat]
        bot = (SightedExpert(rng, setup, spec.partition(":")[2]) if spec.startswith("sighted:") else
               duel_bot(spec, rng, mates))
        timed[seat] = table.bots[seat] = Timed(bot)  # type: ignore[assignment]
    keeping = {seat for seat, t in timed.items()
               if (isinstance(t.bot, ExpertBot) and t.bot.keeps) or (isinstance(t.bot, LevelBot) and t.bot.partners)}
    for seat, t in timed.items():  # an expert of today (not frozen) reads the opponents that keep the signal
        spec = a if setup.team(seat) == a_team else b
        expert = t.bot.expert if isinstance(t.bot, LevelBot) and t.bot.partners else t.bot
        if isinstance(expert, ExpertBot) and not spec.startswith(("frozen:", "alone", "sighted:")):
            expert.read = expert.read | (keeping & set(setup.members(3 - setup.team(seat))))
    table.play()
    return table.truth.winner, sum(bot.seconds for seat, bot in timed.items() if setup.team(seat) == a_team)


def duel_report(a: str, b: str, tables: list[tuple[str, int]], games: int, seed: int, workers: int) -> None:
    """``a`` against ``b`` on each table, each deal both ways: its share of the games and of the decided ones."""
    print(f"{a} v {b}: {games} games a table, each deal played twice (seats swapped), seed {seed}, {workers} workers; "
          f"{load()}")
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for variant, players in tables:
            futures = []
            for deal in range(games // 2):
                for a_team in (1, 2):
                    job = GameJob(deal, seed, Variant(variant), players, BotKind.EXPERT, BotKind.EXPERT)
                    futures.append((a_team, pool.submit(duel_game, job, a, b, a_team)))
            wins = losses = 0
            seconds = 0.0
            for a_team, future in futures:
                winner, spent = future.result()
                wins += winner == a_team
                losses += winner == 3 - a_team
                seconds += spent
            n = len(futures)
            low, high = wilson(wins, wins + losses)
            print(f"{variant} {players}p  n={n}  {wins}-{losses}  ties {n - wins - losses}  games {wins / n:.0%}  "
                  f"decided {wins / max(wins + losses, 1):.0%} ({low:.0%}-{high:.0%})  CPU s/game {seconds / n:.2f}",
                  flush=True)
    print(load())


# -- issue 54: every level against a reference opponent we did not derive from our bots ------------------------


class ReferenceSeat:
    """The reference opponent (``benchmarks/reference_bot.py``) in a table's seat: it is handed the seat's own
    setup, the public events and the role, and answers with a game event, made a move here."""

    kind = BotKind.BASIC

    def __init__(self, rng: random.Random) -> None:
        self.bot = ReferenceBot(rng)

    def decide(self, view: View) -> Move:
        """The reference bot's move in ``view``."""
        event = self.bot.decide(view.setup, view.events, view.seat, view.role.value, view.stalled)
        if isinstance(event, Ask):
            return AskFor(event.target, event.card)
        if isinstance(event, Claim):
            return ClaimSet.of(event.half_suit, dict(event.declared))
        return PassTo(event.to)


def reference_game(job: GameJob, spec: str, side: int) -> tuple[int | None, int, float, float, int, int]:
    """Play ``job``: team ``side`` the bot ``spec`` (a level, or any ``--duel`` spec: ``alone`` is the expert
    keeping no signal), the other team the reference opponent. Returns the winner, the events, each side's CPU
    seconds (``spec``'s first), the most times one card changed hands and the sets ``spec`` won less the
    reference's."""
    table = new_table(job)
    setup = table.truth.setup
    timed: dict[str, Timed] = {}
    for seat in setup.players:
        rng = random.Random(f"{job.game_seed}:{seat}")
        mates = [p for p in setup.members(setup.team(seat)) if p != seat]
        bot: Bot = duel_bot(spec, rng, mates) if setup.team(seat) == side else ReferenceSeat(rng)
        timed[seat] = table.bots[seat] = Timed(bot)  # type: ignore[assignment]
    game = table.play()
    mine = sum(t.seconds for seat, t in timed.items() if setup.team(seat) == side)
    theirs = sum(t.seconds for seat, t in timed.items() if setup.team(seat) != side)
    score = table.truth.score
    return table.truth.winner, len(game.events), mine, theirs, hand_changes(game.events), score[side] - score[3 - side]


@dataclass
class Row:
    """One row of the reference table: a bot against the reference opponent on one table."""

    spec: str
    variant: str
    players: int
    wins: int = 0
    losses: int = 0
    ties: int = 0
    events: list[int] = field(default_factory=list)
    seconds: float = 0.0
    theirs: float = 0.0
    margin: int = 0

    def line(self) -> str:
        """The row as a line of docs/bots.md's table."""
        n = self.wins + self.losses + self.ties
        low, high = wilson(self.wins, self.wins + self.losses)
        decided = self.wins / max(self.wins + self.losses, 1)
        return (f"| `{self.spec}` | {self.variant} {self.players}p | {n} | {self.wins}-{self.losses} | {self.ties} | "
                f"**{decided:.0%}** ({100 * low:.0f}-{100 * high:.0f}) | {statistics.median(self.events or [0]):.0f} | "
                f"{self.margin / max(n, 1):+.2f} | {self.seconds / max(n, 1):.2f} / {self.theirs / max(n, 1):.2f} |")


REFERENCE_GOALS = {"expert": 0.85, "hard": 0.60, "medium": 0.35}
"""Issue 54: the share of the decided games against the reference opponent each level must win."""


def reference_report(specs: list[str], tables: list[tuple[str, int]], games: int, seed: int, workers: int,
                     ladder: list[tuple[str, int]], ladder_games: int) -> int:
    """Every bot of ``specs`` against the reference opponent on every table, each deal twice (seats swapped), then
    the ladder's neighbours head to head on ``ladder``; rows as docs/bots.md's tables. Returns how many goals
    (:data:`REFERENCE_GOALS`) were missed."""
    print(f"issue 54: each bot v the reference opponent (benchmarks/reference_bot.py), {games} games a row, each deal "
          f"played twice (seats swapped), seed {seed}, {workers} workers; {load()}")
    print("| bot | table | games | wins-losses | ties | decided won (95% CI) | events (median) | sets won less "
          "lost, a game | CPU s/game, bot / reference |")
    print("|---|---|---|---|---|---|---|---|---|")
    missed = 0
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for variant, players in tables:
            for spec in specs:
                row = Row(spec, variant, players)
                futures = []
                for deal in range(games // 2):
                    for side in (1, 2):
                        job = GameJob(deal, seed, Variant(variant), players, BotKind.EXPERT, BotKind.EXPERT)
                        futures.append((side, pool.submit(reference_game, job, spec, side)))
                for side, future in futures:
                    winner, events, mine, theirs, _, margin = future.result()
                    row.margin += margin
                    row.wins += winner == side
                    row.losses += winner == 3 - side
                    row.ties += winner is None
                    row.events.append(events)
                    row.seconds += mine
                    row.theirs += theirs
                goal = REFERENCE_GOALS.get(spec)
                share = row.wins / max(row.wins + row.losses, 1)
                mark = "" if goal is None else f"  goal {goal:.0%}: {_mark(share >= goal)}"
                missed += goal is not None and share < goal
                print(row.line() + mark, flush=True)
    if ladder_games:
        for variant, players in ladder:
            for weaker, stronger in itertools.pairwise(LEVEL_NAMES):
                duel_report(stronger, weaker, [(variant, players)], ladder_games, seed, workers)
    print(load())
    return missed


def read_tables(spec: str) -> list[tuple[str, int]]:
    """``classic:6,fish54:8`` as (variant, players) pairs.

    >>> read_tables("classic:6,fish54:8")
    [('classic', 6), ('fish54', 8)]
    """
    found = []
    for part in filter(None, spec.split(",")):
        variant, players = part.split(":")
        found.append((Variant(variant).value, int(players)))
    return found


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; exit 1 when a goal is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per pair (default 40)")
    parser.add_argument("--speed-games", type=int, default=6, help="self-play games per bot for speed (default 6)")
    parser.add_argument("--variant", default="classic", choices=["classic", "fish54"])
    parser.add_argument("--players", type=int, default=6, choices=[6, 8])
    parser.add_argument("--kinds", default="random,basic,expert", help="comma-separated bot kinds")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--breaker", action="store_true", help="measure the classic stalemate breaker instead")
    parser.add_argument("--basic-games", type=int, help="with --breaker: games against basic (default: --games)")
    parser.add_argument("--levels", action="store_true",
                        help="issue 31: the levels' round robin, expert v expert-old, ping-pong, auto at expert tables")
    parser.add_argument("--old-games", type=int, help="with --levels: expert v expert-old games (default: --games)")
    parser.add_argument("--far-games", type=int, help="with --levels: games per pair of levels that are not "
                        "neighbours (default: --games)")
    parser.add_argument("--auto-games", type=int, default=0, help="with --levels: auto games at an expert table")
    parser.add_argument("--now-only", action="store_true",
                        help="with --length: only the levels of now (no 'before' rows)")
    parser.add_argument("--length", action="store_true",
                        help="issue 42: game length, hand changes, events between turns, before and after")
    parser.add_argument("--tact", action="append",
                        help="the expert weighing its asks by this Tact (name=value,...; 'none') v expert-old")
    parser.add_argument("--duel", nargs=2, metavar=("A", "B"),
                        help="two bots head to head on --tables (hard, frozen:hard, tact:SPEC, level:FIELDS)")
    parser.add_argument("--frozen", action="store_true",
                        help="issue 44: today's levels against the frozen levels before it, seats swapped")
    parser.add_argument("--pairs", default="expert,hard,medium,easy",
                        help="with --frozen: the levels played against their frozen selves")
    parser.add_argument("--tables", default="classic:6,fish54:6,classic:8,fish54:8",
                        help="with --frozen or --duel: variant:players, comma-separated")
    parser.add_argument("--audit", type=int, default=10,
                        help="with --frozen: deals per row audited for late and knowably wrong claims")
    parser.add_argument("--reference", action="store_true",
                        help="issue 54: every level (and the expert without its signal) v the reference opponent "
                        "on --tables, then the ladder's neighbours on --ladder-tables")
    parser.add_argument("--specs", default="expert,alone,hard,medium,easy",
                        help="with --reference: the bots measured (levels, or --duel specs; alone: no signal)")
    parser.add_argument("--ladder-tables", default="classic:6", help="with --reference: the neighbours' tables")
    parser.add_argument("--ladder-games", type=int, default=0,
                        help="with --reference: games per pair of neighbours (default 0: none)")
    args = parser.parse_args(argv)
    if args.reference:
        missed = reference_report(args.specs.split(","), read_tables(args.tables), args.games, args.seed,
                                  args.workers, read_tables(args.ladder_tables), args.ladder_games)
        return 1 if missed else 0
    if args.duel:
        duel_report(*args.duel, read_tables(args.tables), args.games, args.seed, args.workers)
        return 0
    if args.frozen:
        frozen_report([BotKind(k).value for k in args.pairs.split(",")], read_tables(args.tables), args.games,
                      args.audit, args.seed, args.workers)
        return 0
    if args.length:
        length_report(args.games, args.seed, args.workers, args.variant, args.players, args.now_only)
        return 0
    if args.tact:
        tact_report(args.tact, args.games, args.seed, args.players, args.workers)
        return 0
    if args.levels:
        levels_report(args.games, args.far_games or args.games, args.old_games or args.games, args.auto_games,
                      args.seed, args.players, args.workers)
        return 0
    if args.breaker:
        breaker_report(args.games, args.basic_games or args.games, args.seed, args.players, args.workers)
        return 0
    kinds = [BotKind(k.strip()).value for k in args.kinds.split(",")]
    print(f"{args.variant}, {args.players} players, {args.games} games per pair, {args.workers} workers")
    print(f"{'pair':<18} {'wins':>9} {'ties':>5} {'win rate':>9} {'95% CI':>15} {'s/game':>7}")
    rates: dict[tuple[str, str], tuple[float, float, float]] = {}
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for index, (a, b) in enumerate(itertools.combinations(kinds, 2)):
            order = (a, b) if STRENGTH.index(a) <= STRENGTH.index(b) else (b, a)
            wins_a, wins_b, ties, results = match(
                *order, args.games, args.seed + 10 * index, args.variant, args.players, pool
            )
            low, high = wilson(wins_a, args.games)
            rate = wins_a / args.games
            rates[order] = (rate, low, high)
            per_game = sum(r.seconds for r in results) / len(results)
            print(
                f"{order[0] + ' v ' + order[1]:<18} {wins_a:>4}-{wins_b:<4} {ties:>5} {rate:>9.0%} "
                f"{f'{low:.0%}-{high:.0%}':>15} {per_game:>7.2f}",
                flush=True,
            )
    print()
    print(f"self-play speed, CPU seconds per game (the machine may be shared); {load()}")
    print(f"{'bot (self-play)':<18} {'median':>7} {'mean':>7} {'worst':>7} {'games/s':>8} {'events':>7}")
    speed: dict[str, float] = {}
    for kind in kinds:
        clock = [time.process_time()]
        results = simulate(args.speed_games, args.seed, args.variant, args.players, kind, kind, workers=1,
                           on_result=lambda _, marks=clock: marks.append(time.process_time()))  # type: ignore[misc]
        per_game = [b - a for a, b in itertools.pairwise(clock)]
        events = sum(r.events for r in results) / len(results)
        speed[kind] = statistics.median(per_game)
        mean = statistics.fmean(per_game)
        print(f"{kind:<18} {speed[kind]:>7.3f} {mean:>7.3f} {max(per_game):>7.3f} {1 / mean:>8.1f} {events:>7.0f}",
              flush=True)
    print()
    missed = 0
    for pair, goal in GOALS.items():
        if pair in rates:
            rate, low, high = rates[pair]
            ok = rate >= goal
            missed += not ok
            print(f"goal {pair[0]} beats {pair[1]} >= {goal:.0%}: {rate:.0%} ({low:.0%}-{high:.0%}) {_mark(ok)}")
    if "expert" in speed and args.variant == "classic" and args.players == 6:
        ok = speed["expert"] < EXPERT_SECONDS
        missed += not ok
        print(f"goal 6p classic expert-vs-expert game < {EXPERT_SECONDS:.0f} s (median): {speed['expert']:.2f} s"
              f" {_mark(ok)}")
    if "expert" in speed and args.players == 8:
        ok = speed["expert"] < EXPERT_SECONDS_8
        missed += not ok
        print(f"goal 8p expert-vs-expert game < {EXPERT_SECONDS_8:.0f} s (median): {speed['expert']:.2f} s {_mark(ok)}")
    print(load())
    return 1 if missed else 0


def load() -> str:
    return "load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def _mark(ok: bool) -> str:
    return "ok" if ok else "MISSED"


if __name__ == "__main__":
    sys.exit(main())
