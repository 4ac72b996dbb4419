"""``literature train``: a session of puzzles near your rating, ending with a summary.

:func:`quiz` runs one attempt at the terminal and stores it; ``literature daily``
uses it too. Ctrl-C (at the prompt or while the program is busy) and end of
input end the attempt and the session cleanly, with the summary; an unfinished
attempt is not stored, and an answer being saved is saved whole.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Annotated, Any

import typer

from puzzles.model import Puzzle, load_puzzles
from puzzles.quiz import Attempt, AttemptResult, matching, next_puzzle
from puzzles.store import Progress
from trainer.cli.app import command
from trainer.cli.prompt import interrupts_held, read_line
from trainer.game.errors import LiteratureError
from trainer.render.puzzle import show_line, show_puzzle, show_reply, show_summary

PROMPT = "answer> "


class StoppedAfter(KeyboardInterrupt):
    """Ctrl-C came while ``result`` was being saved: it was saved whole, then the session stops."""

    def __init__(self, result: AttemptResult) -> None:
        super().__init__()
        self.result = result


def quiz(
    puzzle: Puzzle,
    store: Progress,
    *,
    number: int | None = None,
    total: int | None = None,
    daily: date | None = None,
    read: Callable[[str], str] = read_line,
) -> AttemptResult:
    """Show ``puzzle``, read lines until the attempt ends, store it unless it was quit.

    An answer, once typed, is graded and stored whole: a Ctrl-C meanwhile is
    acted on after the verdict is shown (:class:`StoppedAfter`).
    """
    show_puzzle(puzzle, number, total)
    attempt = Attempt(puzzle)
    show_line(attempt.usage(), "dim")
    while not attempt.done:
        try:
            line = read(PROMPT)
        except (EOFError, KeyboardInterrupt):
            show_line("")
            show_reply(attempt.quit())
            break
        with interrupts_held() as held:
            reply = attempt.respond(line)
            if attempt.result is not None and attempt.result.recordable:
                _record(store, attempt.result, daily)
        show_reply(reply)
        if held.caught:
            raise StoppedAfter(attempt.result) if attempt.result is not None else KeyboardInterrupt
    assert attempt.result is not None
    return attempt.result


def _record(store: Progress, result: AttemptResult, daily: date | None) -> None:
    store.record(
        result.puzzle,
        answer=result.answer,
        outcome=result.outcome,
        correct=result.correct,
        hints=result.hints,
        seconds=result.seconds,
        daily=daily,
    )


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
        """Attempts that count: answered or revealed (not skipped or quit)."""
        return [r for r in self.results if r.outcome not in ("skipped", "quit")]

    def weakest(self) -> str | None:
        """The technique with the lowest accuracy this session (``None`` if nothing was missed)."""
        tally: dict[str, list[int]] = {}
        for result in self.played():
            for technique in result.puzzle.techniques:
                counts = tally.setdefault(technique, [0, 0])
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
) -> None:
    """Solve puzzles near your rating, with hints; ends with a summary."""
    pool = matching(load_pool(pack), level=level, technique=technique, kind=kind)
    rng = random.Random(seed)
    session = Session()
    started = time.monotonic()
    with Progress() as store:
        before = store.rating().rating
        seen = store.attempted_ids()
        due = store.due_reviews()
        seen -= {p.id for p in due}
        try:
            for number in range(1, count + 1):
                drawn = [r.puzzle for r in session.results]
                puzzle = next_puzzle(pool, store.rating().rating, seen, due, rng, drawn)
                if puzzle is None:
                    show_line("You have tried every puzzle that fits; well done.", "bold")
                    break
                seen.add(puzzle.id)
                result = quiz(puzzle, store, number=number, total=count)
                session.results.append(result)
                if result.outcome == "quit":
                    break
        except KeyboardInterrupt as stop:  # Ctrl-C while a puzzle was drawn, graded or saved
            if isinstance(stop, StoppedAfter):
                session.results.append(stop.result)
            session.interrupted = True
            show_line("")
            show_line("Stopped.")
        with interrupts_held():  # the session is ending anyway: a second Ctrl-C must not cut the summary
            after = store.rating().rating
            played = session.played()
            if session.results or session.interrupted:
                show_summary(
                    solved=sum(r.correct for r in played),
                    played=len(played),
                    seconds=time.monotonic() - started,
                    rating_before=before,
                    rating_after=after,
                    weakest=session.weakest(),
                )

