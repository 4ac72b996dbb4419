"""How long the puzzle view takes to fold a history to a screen of 24 lines (issue 40: the moves a hint or a
step cites are never folded), over the whole built-in pack, against the baseline that recounts the rows after
each move it folds (the first way it was written). Games are parsed before timing (the parse is not the fold's).

    PYTHONPATH=. python benchmarks/history_fold.py
"""

from __future__ import annotations

import statistics
import time

from puzzles.packs import load_pack
from puzzles.quiz import cited_moves
from trainer.render.puzzle import _concerns, focus_sets, fold_runs, history_view


def recounting(puzzle, rows: int = 10) -> int:  # type: ignore[no-untyped-def]
    """The baseline: the rows recounted after every move folded."""
    keep = cited_moves(puzzle)
    focus = focus_sets(puzzle)
    events = puzzle.game.events
    shown = [n in keep or _concerns(e, focus, None) for n, e in enumerate(events, start=1)]
    for oldest in range(len(events)):
        if len(fold_runs(shown)) <= rows:
            break
        if oldest + 1 not in keep:
            shown[oldest] = False
    return len(fold_runs(shown))


def timed(function, puzzles) -> list[float]:  # type: ignore[no-untyped-def]
    times = []
    for puzzle in puzzles:
        start = time.perf_counter()
        function(puzzle)
        times.append(time.perf_counter() - start)
    return sorted(times)


def main() -> None:
    puzzles = [p for p in load_pack() if len(p.game.events) > 8]
    for puzzle in puzzles:
        cited_moves(puzzle)  # parsed and its hints found once, out of the timing
    now = timed(lambda p: history_view(p, 24), puzzles)
    before = timed(recounting, puzzles)
    for name, times in (("recount per fold (baseline)", before), ("counted as it folds", now)):
        print(f"{name:30} median {statistics.median(times) * 1e3:6.2f} ms  worst {times[-1] * 1e3:7.1f} ms")
    print(f"ratio of medians {statistics.median(before) / statistics.median(now):.1f}, "
          f"of worst cases {before[-1] / now[-1]:.1f} ({len(puzzles)} puzzles)")


if __name__ == "__main__":
    main()
