"""Review speed: complete 150-event games, 6 and 8 players, the 271-event test game, and random play.

    .venv/bin/python benchmarks/review.py [--games N] [--events 150] [--workers W] [--seed S] [--random N]

Games are played by the bots (``expert`` against ``basic``, every hand
listed) and cut to their first ``--events`` events when longer; shorter games
are skipped, so every timed game has exactly that many events. Each game is
reviewed once from every player's own view (each state counted once). The
goals of issue 8: a 150-event 6-player game in under 10 s, an 8-player game in
under 30 s. Then ``--random`` games of random legal play per variant at 8
players (:func:`trainer.game.randomplay.random_game`: every set touched from the
first round, the hard case), whole, every hand listed (every player judged
from their own view); issue 12's goal: a 400-event 8-player game in under 20 s.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

from trainer.game.notation import Game, parse_game, read_game
from trainer.game.randomplay import random_game
from trainer.play.bots import BotKind
from trainer.play.simulate import GameJob, play
from trainer.review import review_game

GOALS = {6: 10.0, 8: 30.0}
TEST_GAME = Path(__file__).parent.parent / "tests" / "data" / "complete-classic-6p.lit"


def games_of(players: int, events: int, wanted: int, seed: int) -> list[Game]:
    """``wanted`` complete games of at least ``events`` events, cut to exactly that many."""
    found: list[Game] = []
    index = 0
    while len(found) < wanted and index < 50 * wanted:
        job = GameJob(index, seed=seed, players=players, team1=BotKind.EXPERT, team2=BotKind.BASIC)
        game = parse_game(play(job).text, path=f"seed {seed} game {index}")
        index += 1
        if len(game.events) >= events:
            found.append(Game(game.setup, game.events[:events], game.lines[:events], game.path))
    return found


def cpu_seconds() -> float:
    """CPU time of this process and of the worker processes it has waited for."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def timed(game: Game, workers: int) -> tuple[float, float, int]:
    """Wall and CPU seconds (workers included) to review a game, and its number of notes."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    review = review_game(game, workers=workers)
    return time.perf_counter() - wall, cpu_seconds() - cpu, len(review.notes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per table size")
    parser.add_argument("--events", type=int, default=150)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--random", type=int, default=2, help="games of random play per variant at 8 players")
    args = parser.parse_args()
    ok = True
    for players in (6, 8):
        walls, cpus = [], []
        for game in games_of(players, args.events, args.games, args.seed):
            wall, cpu, notes = timed(game, args.workers)
            walls.append(wall)
            cpus.append(cpu)
            states = players * (len(game.events) + 1)
            print(f"{players}p {game.path}: {len(game.events)} events, {states} states, {notes} notes: "
                  f"{wall:.2f} s wall, {cpu:.2f} s CPU ({1000 * cpu / states:.1f} ms CPU per state)")
        if walls:
            worst = max(walls)
            met = worst < GOALS[players]
            ok &= met
            print(f"{players}p: median {statistics.median(walls):.2f} s, worst {worst:.2f} s wall "
                  f"(goal < {GOALS[players]:.0f} s: {'met' if met else 'NOT met'}; "
                  f"worst CPU {max(cpus):.2f} s, load average {os.getloadavg()[0]:.1f})")
    wall, cpu, notes = timed(read_game(TEST_GAME), args.workers)
    print(f"{TEST_GAME.name}: 271 events, {notes} notes: {wall:.2f} s wall, {cpu:.2f} s CPU")
    for variant in ("classic", "fish54"):
        for index in range(args.random):
            played = random_game(random.Random(args.seed * 1000 + index), variant, 8)
            game = Game(played.setup, played.events, path=f"random {variant} 8p game {index}")
            wall, cpu, notes = timed(game, args.workers)
            met = wall < 20 or len(game.events) < 400
            print(f"{game.path}: {len(game.events)} events, {notes} notes: {wall:.2f} s wall, {cpu:.2f} s CPU"
                  f"{'' if len(game.events) < 400 else ' (goal < 20 s: ' + ('met' if met else 'NOT met') + ')'};"
                  f" load average {os.getloadavg()[0]:.1f}")
            ok &= met
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
