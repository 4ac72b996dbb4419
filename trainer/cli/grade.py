"""``literature grade PUZZLE.json [--id ID] --answer TEXT [--json]``: grade one answer, no prompt."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from trainer.cli.app import command, switch


@command("grade", short_help="Grade one answer the way the game scores it (for scripts).")
def grade(
    puzzle_file: Annotated[
        Path, typer.Argument(metavar="PUZZLE.json", help="A puzzle record or a puzzles.json set.", show_default=False)
    ],
    answer: Annotated[
        str, typer.Option("--answer", "-a", metavar="TEXT", help="The answer, e.g. 'Ann 2D 3D 4D 5D 7D, Cat 6D'.")
    ],
    puzzle_id: Annotated[str | None, typer.Option("--id", metavar="ID", help="Which puzzle of a set to grade.")] = None,
    as_json: Annotated[bool, switch("--json", "Print the verdict as JSON.")] = False,
) -> None:
    """Grade one answer the way the game scores it (for scripts and teachers)."""
    import json

    from puzzles.files import load_puzzles, pick
    from puzzles.marking import mark_text
    from puzzles.verify import verified
    from trainer.render.quiz import explanation_words, miss_words, verdict_words
    from trainer.render.words import print_plain, shown

    puzzle = verified(pick(load_puzzles(puzzle_file), puzzle_id, str(puzzle_file)), str(puzzle_file))
    result = mark_text(puzzle, answer)
    if as_json:
        out = result.to_json() | {"explanation": [step.to_json() for step in puzzle.explanation]}
        print(json.dumps(out))
        return
    print_plain([shown(verdict_words(result)), *(f"  {shown(line)}" for line in miss_words(result)),
                 *(shown(line) for line in explanation_words(puzzle))])
