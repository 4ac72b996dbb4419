"""``literature train``: a session of puzzles near your rating, ending with a summary.

Puzzles missed earlier and due again are announced first and come first;
``--review`` runs only them. ``--memory`` plays each history one move at a
time and is rated on its own. In a terminal, Enter is awaited between
puzzles (``--no-pause`` goes straight on). Which puzzles a session draws from
and what it did is :mod:`puzzles.session`; one puzzle at the prompt is
:func:`trainer.cli.quizzing.quiz`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from trainer.cli.app import MAX_PACE, MAX_SEED, MAX_TRAIN, command, switch


@command("train", short_help="Solve puzzles near your rating, with hints; ends with a summary.")
def train(
    level: Annotated[
        int | None, typer.Option(metavar="L", help="Only puzzles of this level (1-6); default: near you.")
    ] = None,
    technique: Annotated[str | None, typer.Option(metavar="T", help="Only puzzles that need this technique.")] = None,
    kind: Annotated[
        str | None, typer.Option(metavar="KIND", help="Only this kind of question: locate, claim, certain.")
    ] = None,
    count: Annotated[int, typer.Option(metavar="N", help="How many puzzles.", min=1, max=MAX_TRAIN)] = 5,
    pack: Annotated[
        Path | None, typer.Option(metavar="FILE", help="Train on this puzzles.json instead of the built-in pack.")
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(metavar="S", help="Seed for the choice among equally good puzzles.", min=0, max=MAX_SEED),
    ] = None,
    review: Annotated[bool, switch("--review", "Only the puzzles you missed that are due again.")] = False,
    memory: Annotated[bool, switch("--memory", "Memory mode: the history one move at a time, then the question.")] = (
        False
    ),
    pace: Annotated[
        float,
        typer.Option(metavar="SECONDS", help="Memory mode: seconds per move (0: press Enter for each).", min=0,
                     max=MAX_PACE),
    ] = 3.0,
    no_pause: Annotated[
        bool, switch("--no-pause", "Go straight on to the next puzzle (no Enter between puzzles).")
    ] = False,
) -> None:
    """Solve puzzles near your rating, with hints; ends with a summary."""
    import random
    import sys
    import time

    from puzzles.packs import BUILT_IN
    from puzzles.session import Session, draw, session_pool
    from puzzles.store import Progress
    from trainer.cli.prompt import interrupts_held, read_line
    from trainer.cli.quizzing import Playback, StoppedAfter, line_editing, pause, quiz
    from trainer.clock import now
    from trainer.render.puzzle import SessionTotals, show_line, show_summary

    now()  # a LITERATURE_NOW outside the window is refused before any puzzle is shown (or answer given)
    mode = "memory" if memory else "normal"
    rng = random.Random(seed)
    session = Session()
    started = time.monotonic()
    line_editing()
    wait = sys.stdin.isatty() and not no_pause
    with Progress() as store:
        due = store.due_reviews()
        pool = session_pool(due, review=review, pack=pack, memory=memory, level=level, technique=technique, kind=kind)
        if review and not pool:
            show_line("No puzzle is due for review now: 'literature train' for new ones.", "bold")
            return
        if due and not memory:
            n = len(due)
            what = "it comes" if n == 1 else "they come"
            also = "" if review else f" {what} first ('literature train --review' for them alone)"
            show_line(f"{n} puzzle{'s' if n != 1 else ''} you missed earlier {'is' if n == 1 else 'are'} "
                      f"due for review;{also or ' here they are.'}", "bold")
        before = store.rating(mode).rating
        seen = store.attempted_ids()
        seen -= {p.id for p in due}
        try:
            for number in range(1, count + 1):
                drawn = [r.puzzle for r in session.results]
                puzzle = draw(pool, store.rating(mode).rating, seen, [] if memory else due, rng, drawn,
                              lambda p: str(store.path) if p in due else str(pack or BUILT_IN),
                              level=level, technique=technique, kind=kind)
                if puzzle is None:
                    show_line("You have tried every puzzle that fits; well done.", "bold")
                    break
                if wait and number > 1 and not pause(read_line, f"puzzle {number}/{count}"):
                    break
                result = quiz(puzzle, store, number=number, total=count, memory=Playback(pace) if memory else None)
                session.results.append(result)
                if result.ending == "quit":
                    break
        except KeyboardInterrupt as stop:  # Ctrl-C while a puzzle was drawn, graded or saved
            if isinstance(stop, StoppedAfter):
                session.results.append(stop.result)
            session.interrupted = True
            show_line("")
            show_line("Stopped.")
        with interrupts_held():  # the session is ending anyway: a second Ctrl-C must not cut the summary
            after = store.rating(mode).rating
            if session.results or session.interrupted:
                show_summary(SessionTotals(
                    counts=session.counts(),
                    seconds=time.monotonic() - started,
                    rating_before=before,
                    rating_after=after,
                    weakest=session.weakest(),
                    mode=mode,
                ))
