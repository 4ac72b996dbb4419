"""``literature review GAME.lit``: what was knowable, what was missed, what was given away, event by event."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from trainer.cli.app import GAME, MAX_TIME_LIMIT, MAX_WORKERS, TIME_LIMIT, command, fail, switch

PARALLEL_FROM = 60  # events: shorter games are reviewed in one process (starting workers costs more)


@command("review", short_help="Review a game: what was knowable, what was missed or given away.")
def review(
    file: Annotated[Path, GAME()],
    as_player: Annotated[
        str | None,
        typer.Option("--as", metavar="PLAYER", help="Review as this player's personal log: only their hand is known."),
    ] = None,
    as_json: Annotated[bool, switch("--json", "Print JSON instead of the Rich view.")] = False,
    html_text: Annotated[
        str | None, typer.Option("--html", metavar="FILE", help="Write a self-contained HTML report here.",
                                 show_default=False)
    ] = None,
    force: Annotated[bool, switch("--force", "Replace the --html file if it exists.")] = False,
    explain: Annotated[
        int | None, typer.Option("--explain", metavar="N", help="Explain the notes of event N (numbered from 1).")
    ] = None,
    only_notes: Annotated[bool, switch("--only-notes", "List only the events that have notes.")] = False,
    workers: Annotated[
        int | None,
        typer.Option("--workers", min=1, max=MAX_WORKERS, metavar="W", show_default=False,
                     help="Processes replaying the views (default: all cores for long games)."),
    ] = None,
    time_limit: Annotated[
        float,
        typer.Option("--time-limit", min=0, max=MAX_TIME_LIMIT, metavar="SECONDS",
                     help="Stop with an error once the analysis has run this long (0: no limit)."),
    ] = TIME_LIMIT,
) -> None:
    """Review a game: bits each event gave each player, claims missed, wasted asks, risky claims, better asks."""
    import json

    from trainer.engine.possible import read_game
    from trainer.render.notes import note_json
    from trainer.render.review import ReviewProgress, show_explanations, show_review
    from trainer.render.review_json import review_json
    from trainer.review import explain_event, review_game

    html = None if html_text is None else _html_target(html_text, file, force)
    game = read_game(file)
    if workers is None:
        workers = (os.cpu_count() or 1) if len(game.events) >= PARALLEL_FROM else 1
    with ReviewProgress(f"reviewing {file.name}") as progress:
        found = review_game(game, as_player, progress.update, workers, time_limit)
    if explain is not None:
        pairs = explain_event(found, explain)
        if as_json:
            print(json.dumps({"event": explain, "notes": [
                note_json(note) | {"explanation": why.as_json()} for note, why in pairs
            ]}, ensure_ascii=False))
        else:
            from trainer.review.explaining import note_witness

            show_explanations(pairs, explain, [note_witness(found, note, why) for note, why in pairs])
        return
    if html is not None:
        from trainer.render.review_html import write_html

        try:
            write_html(found, html, force=force, inputs=[file])
        except OSError as error:
            raise fail(f"{html}: {error.strerror or error}") from None
    if as_json:
        print(json.dumps(review_json(found), ensure_ascii=False))
    elif html is not None:
        print(f"wrote {html}")
    else:
        show_review(found, only_notes)


def _html_target(text: str, log: Path, force: bool) -> Path:
    """The ``--html`` file, checked before the analysis: a file name, and a file that may be written (new,
    or a regular file other than the log with ``--force``; see :func:`trainer.files.check_target`)."""
    from trainer.files import OutputRefused, check_target

    if not text.strip():
        raise fail("--html needs a file name, not an empty path")
    path = Path(text)
    if not path.parent.exists():
        raise fail(f"{path}: the folder {path.parent} does not exist (--html writes a file, not its folder)")
    try:
        check_target(path, force=force, inputs=[log])
    except OutputRefused as error:
        raise fail(str(error)) from None
    return path
