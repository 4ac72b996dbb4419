"""``literature stats [--json]``: the learner's rating, streak and puzzles per level."""

from __future__ import annotations

from typing import Annotated

from trainer.cli.app import command, switch


@command("stats", short_help="Your progress: rating, daily streak, puzzles per level.")
def stats(as_json: Annotated[bool, switch("--json", "Print the numbers as JSON.")] = False) -> None:
    """Show your progress: rating over time, daily streak, puzzles solved per level."""
    import json

    from puzzles.progress import learner_summary
    from trainer.clock import now

    now()  # a LITERATURE_NOW outside the window is refused before the store is opened
    summary = learner_summary()
    if as_json:
        print(json.dumps(summary.to_json()))
        return
    from trainer.render.stats import show_stats

    show_stats(summary)
