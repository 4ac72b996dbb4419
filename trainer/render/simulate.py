"""The Rich view of ``literature simulate``: a progress bar while games run, then a summary table."""

from __future__ import annotations

from rich.table import Table

from trainer.play.simulate import RunSummary
from trainer.render.progress import Bar
from trainer.render.screen import stdout_console


class SimulationProgress(Bar):
    """A progress bar on standard error, advanced once per finished game (silent when disabled)."""

    def __init__(self, games: int, label: str, enabled: bool = True) -> None:
        super().__init__(label, games, enabled=enabled)


def summary_table(summary: RunSummary, team1: str, team2: str, wall: float, out: str) -> Table:
    """The summary of a run: wins, ties, sets, length and time per game.

    >>> from trainer.play.simulate import simulate
    >>> table = summary_table(RunSummary.of(simulate(2, seed=1, workers=1)), "basic", "random", 1.0, "games")
    >>> table.row_count
    9
    """
    table = Table(title=f"{summary.games} games: team 1 ({team1}) vs team 2 ({team2})", title_justify="left")
    table.add_column("")
    table.add_column("value", justify="right", overflow="fold")  # a long folder wraps, never cut
    n = summary.games or 1
    table.add_row(f"team 1 ({team1}) wins", f"{summary.wins['1']} ({summary.wins['1'] / n:.0%})")
    table.add_row(f"team 2 ({team2}) wins", f"{summary.wins['2']} ({summary.wins['2'] / n:.0%})")
    table.add_row("ties", str(summary.wins["tie"]))
    table.add_row("average sets, team 1", f"{summary.average_sets['1']:.2f}")
    table.add_row("average sets, team 2", f"{summary.average_sets['2']:.2f}")
    table.add_row("average length", f"{summary.average_events:.1f} events")
    table.add_row("time per game", f"{summary.seconds_per_game:.3f} s (total {wall:.1f} s)")
    table.add_row("claims forced by the stall guard", str(summary.forced_claims))
    table.add_row("games written to", out)
    return table


def show_summary(summary: RunSummary, team1: str, team2: str, wall: float, out: str) -> None:
    """Print the summary table."""
    stdout_console().print(summary_table(summary, team1, team2, wall, out))
