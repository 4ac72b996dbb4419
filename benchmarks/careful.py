"""The careful player of issue 29 over the whole built-in pack: per level, the puzzles it solves.

    PYTHONPATH=. .venv/bin/python benchmarks/careful.py [--engine]

The careful player is ``tests/careful_player.py`` (written apart from the ladder and the ``basic`` bot): the
issue's three deductions to a fixpoint, from the viewer's hand and the public history. A puzzle is solved
when it places every card of the answer with its holder. The issue asks that it solves every puzzle of
levels 1 and 2 and none of levels 5 and 6. The column "+ fill" adds the ``basic`` bot's fourth deduction (a
hand with as many free places as cards it can still hold holds them all), which is hand counting, not one of
the three. Every placement is checked against the true deal and the puzzle's answer, and with ``--engine``
against the exact engine too (about half a minute more); any that disagrees is printed as unsound.
"""

from __future__ import annotations

import argparse
import time

from puzzles.model import LEVELS
from tests.careful_player import survey


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", action="store_true", help="check every placement against the exact engine too")
    args = parser.parse_args()
    started = time.perf_counter()
    plain = survey(engine=args.engine)
    seconds = time.perf_counter() - started
    filled = survey(fill=True)
    print(f"{'level':>5} {'puzzles':>8} {'careful':>8} {'share':>6} {'+ fill':>7}")
    for level in (0, *LEVELS):
        count = plain.puzzles[level]
        share = plain.solved[level] / count if count else 0.0
        print(f"{level:>5} {count:>8} {plain.solved[level]:>8} {share:>6.0%} {filled.solved[level]:>7}")
    checks = "the deal, the answer and the engine" if args.engine else "the deal and the answer"
    print(f"{plain.placements} placements of cards outside the viewer's hand checked against {checks}: "
          f"{len(plain.unsound)} unsound; with fill {filled.placements}, {len(filled.unsound)} unsound")
    for why in plain.unsound[:10] + filled.unsound[:10]:
        print("  unsound:", why)
    missed = [f"{level}: {plain.puzzles[level] - plain.solved[level]} missed" for level in (1, 2)
              if plain.solved[level] < plain.puzzles[level]]
    beyond = [f"{level}: {plain.solved[level]} solved" for level in (5, 6) if plain.solved[level]]
    print("requirement (levels 1-2 all solved, none of 5-6):", "holds" if not missed + beyond else
          "fails, " + ", ".join(missed + beyond))
    print(f"survey {seconds:.1f} s")


if __name__ == "__main__":
    main()
