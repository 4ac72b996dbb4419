"""What the give-away count (cards each player's asks proved) costs a review, 8-player games.

    .venv/bin/python benchmarks/review_giveaway.py [--games N] [--seed S] [--players 8] [--before ROOT]

Complete games played by the bots (``expert`` against ``basic``, every hand
listed) and the personal log of ``tests/data``. For each: the review in one
process (the give-away count included), the give-away count alone (one replay
of the public view, :func:`trainer.review.giveaway.counts`), and the baseline
it replaced: two fresh exact solves per ask (:func:`given_away` summed, what
``play``'s end screen did before). Medians, worst cases, and the ratios.

With ``--before ROOT`` (a checkout without the count), the whole command
``literature review FILE --json --workers 1`` of each game is timed with
that checkout and with this one, in turn, three times each (medians).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from trainer.game.events import Ask
from trainer.game.notation import Game, parse_game, read_game
from trainer.play.bots import BotKind
from trainer.play.simulate import GameJob, play
from trainer.review import review_game
from trainer.review.giveaway import counts, given_away

PERSONAL = Path(__file__).parent.parent / "tests" / "data" / "personal-fish54-8p.lit"


def seconds(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def solved_alone(game: Game) -> dict[str, tuple[int, int]]:
    totals = {p: (0, 0) for p in game.setup.players}
    for index, event in enumerate(game.events, start=1):
        if isinstance(event, Ask):
            given = given_away(game.setup, game.events, index)
            old = totals[given.player]
            totals[given.player] = (old[0] + len(given.held), old[1] + len(given.lacks))
    return totals


def command(root: Path, log: Path) -> float:
    """Wall seconds of ``literature review LOG --json --workers 1`` run from the checkout ``root``."""
    env = dict(os.environ, PYTHONPATH=str(root))
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "trainer", "review", str(log), "--json", "--workers", "1"], env=env, cwd=root,
                   check=True, capture_output=True)
    return time.perf_counter() - start


def before_after(games: list[Game], texts: list[str], before: Path) -> None:
    """The command with the checkout ``before`` and with this one, in turn."""
    here = Path(__file__).resolve().parent.parent
    ratios = []
    with tempfile.TemporaryDirectory() as folder:
        for number, (game, text) in enumerate(zip(games, texts, strict=True)):
            log = Path(folder) / f"game{number}.lit"
            log.write_text(text)
            old, new = [], []
            for _ in range(3):
                old.append(command(before, log))
                new.append(command(here, log))
            a, b = statistics.median(old), statistics.median(new)
            ratios.append(b / a)
            print(f"{game.path}: literature review --json, before {a:.2f} s, after {b:.2f} s ({b / a:.2f}x)")
    print(f"after / before: median {statistics.median(ratios):.2f}x, worst {max(ratios):.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--before", type=Path, help="a checkout without the count, for the command's times")
    args = parser.parse_args()
    games = [read_game(PERSONAL)]
    texts = [PERSONAL.read_text()]
    for index in range(args.games):
        job = GameJob(index, seed=args.seed, players=args.players, team1=BotKind.EXPERT, team2=BotKind.BASIC)
        texts.append(play(job).text)
        games.append(parse_game(texts[-1], path=f"seed {args.seed} game {index}"))
    rows = []
    for game in games:
        review = seconds(lambda g=game: review_game(g))
        alone = seconds(lambda g=game: counts(g.setup, g.events))
        baseline = seconds(lambda g=game: solved_alone(g))
        assert solved_alone(game) == counts(game.setup, game.events)
        rows.append((review, alone, baseline))
        print(f"{game.path}: {len(game.events)} events; review {review:.2f} s (give-away {alone:.2f} s, "
              f"{alone / review:.0%} of it); two solves per ask {baseline:.2f} s ({baseline / alone:.1f}x)")
    for name, k in (("review", 0), ("give-away count", 1), ("two solves per ask", 2)):
        values = [r[k] for r in rows]
        print(f"{name}: median {statistics.median(values):.2f} s, worst {max(values):.2f} s")
    share = [r[1] / r[0] for r in rows]
    print(f"give-away share of the review: median {statistics.median(share):.0%}, worst {max(share):.0%}"
          " (a personal log's review takes it from the public view's replay instead)")
    if args.before is not None:
        before_after(games, texts, args.before)


if __name__ == "__main__":
    main()
