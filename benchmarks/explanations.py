"""Explanation lengths: how long the answer key's explanations are, per level, as stored and as re-explained now.

    .venv/bin/python benchmarks/explanations.py [--pack puzzles.json] [--limit N] [--level L ...]

For every puzzle of the pack (the built-in one by default), the stored
explanation is measured, then the puzzle is explained again with the current
explainer (the exact engine solves the position, the explainer writes the
steps), which must still reach the stored answer. The length of an
explanation is the number of characters of its steps' texts, the text an
answer key prints; the pack keeps only puzzles under ``LIMIT`` characters
(issue 17). Reports, per level: count, median, p95 and max, before and after,
how many are over the limit, how many repeat one case argument word for word
per alternative holder, and how many argue two or more cases about one card; then the
explainer's time per puzzle (median, p95, worst).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence

from puzzles.difficulty import explain_answer
from puzzles.files import load_puzzles
from puzzles.model import Puzzle, Step
from puzzles.packs import load_pack
from trainer.engine import solve

LIMIT = 1500


def length(steps: Sequence[Step]) -> int:
    """Characters of an explanation's texts."""
    return sum(len(step.text) for step in steps)


_SUPPOSE = re.compile(r"Suppose (\S+) (?:held|did not hold) (\S+?)[.:]")
_LABEL = re.compile(r"\((?:[a-z]{1,2}|step \d+)\)")


def repeats_per_alternative(steps: Sequence[Step]) -> bool:
    """Whether one case argument is repeated word for word per alternative holder of a card.

    Two case steps about one card repeat each other when their texts are the same once the supposed
    player is renamed and the step labels are dropped ("suppose Cat held 2H ...", "suppose Dan held 2H ...").
    """
    seen: set[tuple[str, str]] = set()
    for step in steps:
        found = _SUPPOSE.match(step.text) if step.technique == "case analysis" else None
        if found is None:
            continue
        player, card = found.groups()
        argument = step.text
        for verb in ("held", "holds", "does not hold"):
            argument = argument.replace(f"{player} {verb} {card}", f"X {verb} {card}")
        argument = _LABEL.sub("", argument)
        if (card, argument) in seen:
            return True
        seen.add((card, argument))
    return False


def several_cases(steps: Sequence[Step]) -> bool:
    """Whether two case steps suppose something about the same card (different arguments, or repeated)."""
    cards = [found.group(2) for step in steps if (found := _SUPPOSE.match(step.text)) is not None]
    return len(cards) != len(set(cards))


def _quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _row(values: Sequence[int]) -> str:
    if not values:
        return "-"
    over = sum(v >= LIMIT for v in values)
    return (f"median {statistics.median(values):>6.0f}  p95 {_quantile(values, 0.95):>6.0f}  max {max(values):>6}"
            f"  >= {LIMIT}: {over}")


def main(argv: list[str] | None = None) -> int:
    """Measure and print; exit 1 if a re-explained puzzle no longer reaches its answer."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pack", help="a puzzles.json (default: the built-in pack)")
    parser.add_argument("--limit", type=int, default=0, help="only the first N puzzles of each level")
    parser.add_argument("--level", type=int, action="append", default=[], help="only these levels")
    args = parser.parse_args(argv)
    puzzles: list[Puzzle] = load_puzzles(args.pack) if args.pack else load_pack()
    by_level: dict[int, list[Puzzle]] = defaultdict(list)
    for puzzle in puzzles:
        if not args.level or puzzle.level in args.level:
            by_level[puzzle.level].append(puzzle)
    before: dict[int, list[int]] = defaultdict(list)
    after: dict[int, list[int]] = defaultdict(list)
    repeats_before: dict[int, int] = defaultdict(int)
    repeats_after: dict[int, int] = defaultdict(int)
    several_before: dict[int, int] = defaultdict(int)
    several_after: dict[int, int] = defaultdict(int)
    moved: dict[int, int] = defaultdict(int)
    seconds: list[float] = []
    failures: list[str] = []
    for level, group in sorted(by_level.items()):
        for puzzle in group[: args.limit or None]:
            before[level].append(length(puzzle.explanation))
            repeats_before[level] += repeats_per_alternative(puzzle.explanation)
            several_before[level] += several_cases(puzzle.explanation)
            game = puzzle.game
            start = time.process_time()
            knowledge = solve(game.setup, game.events, puzzle.viewer)
            explained = explain_answer(game.setup, game.events, puzzle.viewer, puzzle.question, puzzle.answer,
                                       knowledge)
            seconds.append(time.process_time() - start)
            if explained is None:
                failures.append(puzzle.id)
                continue
            after[level].append(length(explained.explanation))
            repeats_after[level] += repeats_per_alternative(explained.explanation)
            several_after[level] += several_cases(explained.explanation)
            moved[level] += explained.rung != level
    print(f"explanation length in characters (load average {os.getloadavg()[0]:.2f})")
    for level in sorted(by_level):
        print(f"level {level}: {len(before[level])} puzzles")
        print(f"  stored  {_row(before[level])}  repeated argument: {repeats_before[level]}"
              f"  several cases on a card: {several_before[level]}")
        print(f"  now     {_row(after[level])}  repeated argument: {repeats_after[level]}"
              f"  several cases on a card: {several_after[level]}  level changed: {moved[level]}")
    every_before = [v for vs in before.values() for v in vs]
    every_after = [v for vs in after.values() for v in vs]
    print(f"all: stored {_row(every_before)}")
    print(f"     now    {_row(every_after)}")
    if seconds:
        print(f"explainer CPU s per puzzle (solve + explain): median {statistics.median(seconds):.3f}  "
              f"p95 {_quantile(seconds, 0.95):.3f}  worst {max(seconds):.3f}  total {sum(seconds):.1f}")
    if failures:
        print(f"{len(failures)} puzzles no longer reach their answer: {' '.join(failures)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
