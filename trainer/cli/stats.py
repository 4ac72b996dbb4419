"""``literature stats [--json]``: the learner's rating, streak and accuracy per technique."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from puzzles.store import Progress
from trainer.cli.app import command
from trainer.render.stats import show_stats


@command("stats")
def stats(
    as_json: Annotated[bool, typer.Option("--json", help="Print the numbers as JSON.")] = False,
) -> None:
    """Show your progress: rating over time, daily streak, accuracy per technique."""
    with Progress() as store:
        summary = store.summary()
    if as_json:
        print(json.dumps(summary.to_json()))
        return
    show_stats(summary)
