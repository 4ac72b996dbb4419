"""``literature simulate``: play games between bots and write them as ``.lit`` files."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from trainer.cli.app import MAX_GAMES, MAX_SEED, MAX_WORKERS, command, fail, switch
from trainer.cli.choices import BotChoice, VariantChoice, to

PLAYER_COUNTS = (6, 8)
"""Table sizes (:data:`trainer.game.variants.PLAYER_COUNTS`; a test checks that they agree)."""


@command("simulate", short_help="Play whole games between two bots and record them.")
def simulate_command(
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, max=MAX_GAMES, metavar="N", help="How many games to play.")
    ] = 10,
    seed: Annotated[
        int, typer.Option(metavar="S", min=0, max=MAX_SEED, help="Seed of the run: the same seed gives the same files.")
    ] = 0,
    variant: Annotated[VariantChoice, typer.Option(help="Rule variant.")] = VariantChoice.CLASSIC,
    players: Annotated[int, typer.Option(metavar="6|8", help="Players at the table: 6 or 8.")] = 6,
    team1: Annotated[BotChoice, typer.Option(help="Bot playing seats 1, 3, 5 (7).")] = BotChoice.BASIC,
    team2: Annotated[BotChoice, typer.Option(help="Bot playing seats 2, 4, 6 (8).")] = BotChoice.RANDOM,
    out_text: Annotated[
        str, typer.Option("--out", metavar="FOLDER", help="Folder for game-0001.lit and the rest.")
    ] = "games",
    workers: Annotated[
        int | None,
        typer.Option(min=1, max=MAX_WORKERS, metavar="W", help="Worker processes (default: all cores).",
                     show_default=False),
    ] = None,
    as_json: Annotated[bool, switch("--json", "Print the summary as JSON.")] = False,
    force: Annotated[bool, switch("--force", "Replace game files a previous run wrote in --out.")] = False,
) -> None:
    """Play complete games between two bots and record them (every hand listed)."""
    import json

    from trainer.game.variants import Variant
    from trainer.play.protocol import BotKind
    from trainer.play.simulate import GameResult, RunSummary, save, simulate
    from trainer.render.simulate import SimulationProgress, show_summary

    if players not in PLAYER_COUNTS:
        raise fail(f"--players must be 6 or 8, not {players}")
    if not out_text.strip():
        raise fail("--out needs a folder, not an empty path (use --out . for the current folder)")
    out = Path(out_text)
    if out.exists() and not out.is_dir():
        raise fail(f"{out}: exists and is not a folder")
    check_out(out, games, force)
    files: dict[int, Path] = {}
    start = time.perf_counter()
    label = f"{variant.value} {players}p: {team1.value} vs {team2.value}"
    try:
        with SimulationProgress(games, label, enabled=not as_json) as progress:

            def finished(result: GameResult) -> None:
                files[result.index] = save(result, out, games, force=force)
                progress.advance()

            results = simulate(games, seed, to(Variant, variant), players, to(BotKind, team1), to(BotKind, team2),
                               workers, on_result=finished)
    except OSError as error:
        raise fail(f"{error.filename or out}: {error.strerror or error}") from None
    wall = time.perf_counter() - start
    summary = RunSummary.of(results)
    if as_json:
        report = {
            "games": summary.games,
            "wins": summary.wins,
            "average_sets": summary.average_sets,
            "files": [str(files[i]) for i in sorted(files)],
        }
        print(json.dumps(report))
        return
    show_summary(summary, team1.value, team2.value, wall, str(out))


def check_out(out: Path, games: int, force: bool) -> None:
    """Refuse, before any game is played, a folder that cannot be written, a game file already in ``out``
    without ``force``, or anything there by a game file's name that is not a regular file (a link, a folder,
    a device) even with it."""
    from trainer.files import OutputRefused, check_target, probe_folder
    from trainer.play.simulate import existing

    try:
        probe_folder(out)
    except OSError as error:
        raise fail(f"{error.filename or out}: cannot write there ({error.strerror or error})") from None

    present = existing(out, games)
    for path in present:
        try:
            check_target(path, force=True)  # what is refused even with --force
        except OutputRefused as error:
            raise fail(str(error)) from None
    if present and not force:
        names = ", ".join(p.name for p in present[:3]) + (", …" if len(present) > 3 else "")
        count = f"{len(present)} game file{'s' if len(present) > 1 else ''}"
        raise fail(f"{out}: would replace {count} ({names}); pass --force to overwrite, or choose another --out")
