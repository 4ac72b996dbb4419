"""``literature generate``: puzzles with one provable answer, as JSON, worksheets and answer keys.

The puzzles come from the built-in pack (:func:`puzzles.pick.pick`: short to print, the kinds mixed, in a
second); ``--fresh`` mines new simulated games instead, ``--from`` a game log.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from trainer.cli.app import MAX_GENERATE, MAX_SEED, MAX_TIME_LIMIT, MAX_WORKERS, TIME_LIMIT, command, fail, switch
from trainer.cli.choices import VariantChoice, to

if TYPE_CHECKING:
    from puzzles.model import Puzzle

LEVELS = (1, 2, 3, 4, 5, 6)
"""The difficulty levels (:data:`puzzles.model.LEVELS`; a test checks that they agree)."""


class Format(str, Enum):
    """What ``--format`` writes (:data:`trainer.render.worksheet.FORMATS`; a test checks that they agree)."""

    JSON = "json"
    MD = "md"
    HTML = "html"


class Kind(str, Enum):
    """A question kind (:data:`puzzles.model.KINDS`; a test checks that they agree)."""

    LOCATE = "locate"
    CLAIM = "claim"
    CERTAIN = "certain"


def levels_of(level: int | None, min_level: int | None, max_level: int | None) -> tuple[int, ...]:
    """The allowed levels from ``--level`` or ``--min-level``/``--max-level``.

    >>> levels_of(None, 2, 4), levels_of(5, None, None), levels_of(None, None, None)
    ((2, 3, 4), (5,), (1, 2, 3, 4, 5, 6))
    """
    if level is not None and (min_level is not None or max_level is not None):
        raise fail("give --level, or --min-level/--max-level, not both")
    for name, value in (("--level", level), ("--min-level", min_level), ("--max-level", max_level)):
        if value is not None and value not in LEVELS:
            raise fail(f"{name} must be from 1 to 6, not {value}")
    if level is not None:
        return (level,)
    low, high = min_level or 1, max_level or 6
    if low > high:
        raise fail(f"--min-level {low} is above --max-level {high}")
    return tuple(range(low, high + 1))


def check_out(out: Path, formats: list[str], force: bool, inputs: Sequence[Path] = ()) -> None:
    """Refuse, before any mining, an ``--out`` that is not a writable folder or holds files it would replace
    (without ``force``), or where a file it would write is not a regular file or is one of ``inputs`` (with
    ``force`` too). A folder made to try writing is removed again: the mining may stop, and leave nothing."""
    if out.exists() and not out.is_dir():
        raise fail(f"{out}: exists and is not a folder")
    from trainer.files import OutputExists, OutputRefused, check_target, probe_folder
    from trainer.render.worksheet import targets

    present = []
    for target in targets(out, formats):
        try:
            check_target(target, force=force, inputs=inputs)
        except OutputExists:
            present.append(target.name)
        except OutputRefused as error:
            raise fail(str(error)) from None
    if present:
        raise fail(f"{out}: would replace {', '.join(present)}; pass --force to overwrite, or choose another --out")
    try:
        probe_folder(out)
    except OSError as error:
        raise fail(f"{error.filename or out}: cannot write there ({error.strerror or error})") from None


@command("generate", short_help="Make puzzles with one answer: JSON, worksheets and answer keys.")
def generate_command(
    out_text: Annotated[
        str, typer.Option("--out", metavar="PATH", help="Folder to write puzzles.json, worksheets and answer keys.")
    ],
    count: Annotated[
        int, typer.Option("--count", "-n", min=1, max=MAX_GENERATE, metavar="N", help="How many puzzles.")
    ] = 20,
    seed: Annotated[
        int,
        typer.Option(metavar="S", min=0, max=MAX_SEED, help="Seed: the same request and seed give the same puzzles."),
    ] = 0,
    level: Annotated[int | None, typer.Option(metavar="L", help="Only this level (1-6).", show_default=False)] = None,
    min_level: Annotated[
        int | None, typer.Option(metavar="L", help="Lowest level (default 1).", show_default=False)
    ] = None,
    max_level: Annotated[
        int | None, typer.Option(metavar="L", help="Highest level (default 6).", show_default=False)
    ] = None,
    kind: Annotated[
        list[Kind] | None, typer.Option(help="Only this kind of question (repeatable).", show_default=False)
    ] = None,
    variant: Annotated[VariantChoice | None, typer.Option(help="Only this variant (default: both).")] = None,
    players: Annotated[int | None, typer.Option(metavar="6|8", help="Only tables of 6 or 8 (default: both).")] = None,
    from_file: Annotated[
        Path | None, typer.Option("--from", metavar="GAME.lit", help="Mine this game log instead of simulated games.",
                                   show_default=False)
    ] = None,
    formats: Annotated[
        list[Format] | None, typer.Option("--format", help="json, md, html (repeatable; default json).")
    ] = None,
    title: Annotated[str, typer.Option(metavar="TEXT", help="Title of the worksheets.")] = "Literature puzzles",
    fresh: Annotated[
        bool, switch("--fresh", "Mine new simulated games instead of taking the puzzles from the built-in pack.")
    ] = False,
    workers: Annotated[
        int, typer.Option(min=1, max=MAX_WORKERS, metavar="W", help="Worker processes for --fresh games.")
    ] = 1,
    as_json: Annotated[bool, switch("--json", "Print a JSON summary instead of the Rich one.")] = False,
    force: Annotated[bool, switch("--force", "Replace files a previous run wrote in --out.")] = False,
    time_limit: Annotated[
        float,
        typer.Option("--time-limit", min=0, max=MAX_TIME_LIMIT, metavar="SECONDS",
                     help="With --from: stop with an error once the command has run this long (0: no limit)."),
    ] = TIME_LIMIT,
) -> None:
    """Puzzles with one provable answer, as JSON, worksheets and answer keys.

    They come from the built-in pack (short histories, the kinds mixed, the
    same for the same seed); --fresh mines new simulated games, --from a game
    log. Files already in --out are never replaced without --force (and never the
    --from log, a link, a folder or a device, even with it), and --out is
    checked (a folder that can be written) before any mining.
    """
    import json

    from puzzles.model import KINDS
    from puzzles.pick import Shortfall, pick
    from puzzles.request import Request
    from trainer.engine.deadline import Deadline
    from trainer.game.variants import Variant
    from trainer.render.generate import GenerationProgress, show_summary
    from trainer.render.worksheet import export

    chosen_variant = to(Variant, variant) if variant is not None else None
    deadline = Deadline.after(time_limit) if time_limit and from_file is not None else None  # reading counts too
    if players is not None and players not in (6, 8):
        raise fail(f"--players must be 6 or 8, not {players}")
    if not out_text.strip():
        raise fail("--out needs a folder, not an empty path (use --out . for the current folder)")
    out = Path(out_text)
    chosen = [f.value for f in formats] if formats else ["json"]
    inputs = [from_file] if from_file is not None else []
    check_out(out, chosen, force, inputs)
    request = Request(
        count=count,
        seed=seed,
        levels=levels_of(level, min_level, max_level),
        kinds=tuple(k.value for k in kind) if kind else KINDS,
        variants=(chosen_variant,) if chosen_variant is not None else (Variant.CLASSIC, Variant.FISH54),
        players=(players,) if players is not None else (6, 8),
        max_games=None,
    )
    if from_file is not None and fresh:
        raise fail("give --from (mine this game) or --fresh (mine new games), not both")
    started = time.perf_counter()
    puzzles: list[Puzzle]
    short: tuple[Shortfall, ...] = ()
    source = "file" if from_file is not None else "fresh" if fresh else "pack"
    if from_file is not None:
        from puzzles.generate import generate_from_game  # (the miner is loaded only to mine)
        from trainer.engine.possible import check_possible, read_game

        game = read_game(from_file)
        check_possible(game)
        if chosen_variant is not None and game.setup.variant is not chosen_variant:
            raise fail(f"{from_file}: the game is {game.setup.variant.value}, not {chosen_variant.value}")
        puzzles = generate_from_game(game, request, str(from_file), deadline)
    elif not fresh:
        picked = pick(request)
        puzzles, short = list(picked.puzzles), picked.short
    else:
        from puzzles.generate import Tally, generate

        tally = Tally()
        with GenerationProgress(count, f"mining {request.describe()}", enabled=not as_json) as progress:
            puzzles = generate(
                request, workers=workers, on_puzzle=lambda _p, t: progress.update(t.kept, t.games), tally=tally
            )
    try:
        files = export(puzzles, out, chosen, title, force=force, inputs=inputs, short=short)
    except OSError as error:
        raise fail(f"{error.filename or out}: {error.strerror or error}") from None
    seconds = time.perf_counter() - started
    if as_json:
        levels: dict[str, int] = {}
        for p in puzzles:
            levels[str(p.level)] = levels.get(str(p.level), 0) + 1
        kinds = {k: n for k in KINDS if (n := sum(1 for p in puzzles if p.question.kind == k))}
        print(json.dumps({"puzzles": len(puzzles), "source": source, "levels": dict(sorted(levels.items())),
                          "kinds": kinds,
                          "short": [{"kind": s.kind, "missing": s.missing, "levels": list(s.levels)} for s in short],
                          "files": [os.fspath(f) for f in files], "seconds": round(seconds, 2)}))
        return
    show_summary(puzzles, files, seconds, short, source)
