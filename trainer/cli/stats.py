"""``literature stats [--json]``: the learner's rating, streak and accuracy per technique."""

from __future__ import annotations

from typing import Annotated

from trainer.cli.app import command, switch


@command("stats")
def stats(as_json: Annotated[bool, switch("--json", "Print the numbers as JSON.")] = False) -> None:
    """Show your progress: rating over time, daily streak, accuracy per technique."""
    import json

    from puzzles.store import Progress, games_path
    from trainer.clock import now
    from trainer.play.saved import saved_games

    now()  # a LITERATURE_NOW outside the window is refused before the store is opened
    with Progress() as store:
        summary = store.summary()
    finished = [g for g in saved_games(games_path()) if g.over]
    played, won = len(finished), sum(g.won for g in finished)
    if as_json:
        print(json.dumps(summary.to_json() | {"games_played": played, "games_won": won}))
        return
    from trainer.render.stats import show_stats

    show_stats(summary, played, won)
