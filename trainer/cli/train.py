"""``literature train``: a session of puzzles near your rating, ending with a summary.

Puzzles missed earlier and due again are announced first and come first;
``--review`` runs only them. ``--memory`` plays each history one move at a
time and is rated on its own. In a terminal, Enter is awaited between
puzzles (``--no-pause`` goes straight on). One puzzle at the prompt is
:func:`trainer.cli.quizzing.quiz`.
"""

from __future__ import annotations

import importlib
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer

from puzzles.files import load_puzzles
from puzzles.model import Puzzle
from puzzles.packs import BUILT_IN
from puzzles.quiz import AttemptResult, matching, next_puzzle
from puzzles.store import Progress
from puzzles.verify import verified
from trainer.cli.app import command
from trainer.cli.prompt import interrupts_held, read_line
from trainer.cli.quizzing import Memory, StoppedAfter, line_editing, pause, quiz
from trainer.game.errors import LiteratureError
from trainer.render.puzzle import SessionTotals, show_line, show_summary

MEMORY_MOVES = 40
"""Memory mode draws puzzles whose history has at most this many moves."""


def load_pool(pack: Path | None) -> list[Puzzle]:
    """Puzzles from ``--pack FILE``, else from the built-in pack's training pool
    (``puzzles.packs.training_pool()``: all but the daily puzzles and the recall drills)."""
    if pack is not None:
        return load_puzzles(pack)
    try:
        packs: Any = importlib.import_module("puzzles.packs")
    except ModuleNotFoundError:
        raise LiteratureError(
            "no built-in puzzle pack is installed yet; train on a file with --pack puzzles.json "
            "(make one with 'literature generate')"
        ) from None
    return list(packs.training_pool())


@dataclass
class Session:
    """What a training session did, for its summary."""

    results: list[AttemptResult] = field(default_factory=list)
    interrupted: bool = False

    def played(self) -> list[AttemptResult]:
        """Attempts that count: answered or revealed (not skipped or quit unanswered)."""
        return [r for r in self.results if r.answered or r.ending == "revealed"]

    def weakest(self) -> str | None:
        """The hardest technique of the puzzles missed, the one with the lowest accuracy this session
        (``None`` if nothing was missed). A puzzle counts for the technique that rates it."""
        tally: dict[str, list[int]] = {}
        for result in self.played():
            counts = tally.setdefault(result.puzzle.difficulty.name, [0, 0])
            counts[0] += 1
            counts[1] += result.correct
        missed = {t: s / n for t, (n, s) in tally.items() if s < n}
        if not missed:
            return None
        return min(sorted(missed), key=lambda t: (missed[t], -tally[t][0]))


@command("train")
def train(
    level: Annotated[int | None, typer.Option(help="Only puzzles of this level (1-6); default: near you.")] = None,
    technique: Annotated[str | None, typer.Option(help="Only puzzles that need this technique.")] = None,
    kind: Annotated[str | None, typer.Option(help="Only this kind of question: locate, claim, certain.")] = None,
    count: Annotated[int, typer.Option(help="How many puzzles.", min=1)] = 5,
    pack: Annotated[Path | None, typer.Option(help="Train on this puzzles.json instead of the built-in pack.")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for the choice among equally good puzzles.")] = None,
    review: Annotated[bool, typer.Option("--review", help="Only the puzzles you missed that are due again.")] = False,
    memory: Annotated[
        bool, typer.Option("--memory", help="Memory mode: the history one move at a time, then the question.")
    ] = False,
    pace: Annotated[
        float, typer.Option(help="Memory mode: seconds per move (0: press Enter for each).", min=0.0)
    ] = 3.0,
    no_pause: Annotated[
        bool, typer.Option("--no-pause", help="Go straight on to the next puzzle (no Enter between puzzles).")
    ] = False,
) -> None:
    """Solve puzzles near your rating, with hints; ends with a summary."""
    mode = "memory" if memory else "normal"
    rng = random.Random(seed)
    session = Session()
    started = time.monotonic()
    line_editing()
    wait = sys.stdin.isatty() and not no_pause
    with Progress() as store:
        due = store.due_reviews()
        if review:
            pool = matching(due, level=level, technique=technique, kind=kind) if due else []
            if not pool:
                show_line("No puzzle is due for review now: 'literature train' for new ones.", "bold")
                return
        else:
            pool = load_pool(pack)
            known = {p.id for p in pool}  # positions missed in 'literature play' are not in any pack
            pool = matching(pool + [p for p in due if p.id not in known], level=level, technique=technique,
                            kind=kind)
            if memory:
                pool = memory_pool(pool)
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
                puzzle = next_puzzle(pool, store.rating(mode).rating, seen, [] if memory else due, rng, drawn)
                if puzzle is None:
                    show_line("You have tried every puzzle that fits; well done.", "bold")
                    break
                seen.add(puzzle.id)
                verified(puzzle, str(store.path) if puzzle in due else str(pack or BUILT_IN))
                if wait and number > 1 and not pause(read_line, f"puzzle {number}/{count}"):
                    break
                result = quiz(puzzle, store, number=number, total=count, memory=Memory(pace) if memory else None)
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
            played = session.played()
            if session.results or session.interrupted:
                show_summary(SessionTotals(
                    solved=sum(r.correct for r in played),
                    played=len(played),
                    seconds=time.monotonic() - started,
                    rating_before=before,
                    rating_after=after,
                    weakest=session.weakest(),
                    retried=sum(r.solved and not r.correct for r in played),
                    mode=mode,
                ))


def memory_pool(pool: list[Puzzle]) -> list[Puzzle]:
    """The puzzles short enough to hold in one's head (at most :data:`MEMORY_MOVES` moves)."""
    short = [p for p in pool if _moves(p) <= MEMORY_MOVES]
    if not short:
        raise LiteratureError(f"no puzzle that fits has a history of {MEMORY_MOVES} moves or fewer for --memory")
    return short


def _moves(puzzle: Puzzle) -> int:
    return sum(1 for line in puzzle.log.splitlines() if " asks " in line or " claims " in line or " passes " in line)
