"""``literature learn [N] [--json]``: the course, one lesson per rung of the ladder and one for playing from memory.

Alone it says where the learner is and what is next; ``--json`` gives
``{"lessons": [{"number", "title", "rung", "status"}], "next"}``; ``learn N``
opens lesson N: the idea, a worked example stepped through with the moves each
step rests on, a guided puzzle, then practice at the lesson's level until
mastery (:mod:`puzzles.course`). Each puzzle is played at the prompt as
``literature train`` plays it (:func:`trainer.cli.quizzing.quiz`). In a
terminal, Enter is awaited between the parts (``--no-pause`` goes straight on).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from trainer.cli.app import MAX_PACE, command, switch

if TYPE_CHECKING:
    from puzzles.course import Lesson


@command("learn", short_help="The course: each technique taught, shown, then tested.")
def learn(
    number: Annotated[int | None, typer.Argument(metavar="N", help="Open lesson N (1-7).")] = None,
    as_json: Annotated[bool, switch("--json", "Print the course and your progress as JSON.")] = False,
    pace: Annotated[
        float,
        typer.Option(metavar="SECONDS", help="Lesson 7 (from memory): seconds per move (0: press Enter for each).",
                     min=0, max=MAX_PACE),
    ] = 2.0,
    no_pause: Annotated[bool, switch("--no-pause", "Go straight on (no Enter between the parts).")] = False,
    again: Annotated[bool, switch("--again", "Show the idea, example and guided puzzle of a lesson begun.")] = False,
) -> None:
    """Learn each technique before being tested on it: where you are in the course, or lesson N."""
    import json
    import sys

    from puzzles.course import lesson, standings
    from puzzles.store import Progress
    from trainer.clock import now
    from trainer.render.course import course_json, show_course

    now()  # a LITERATURE_NOW outside the window is refused before the store is opened
    if number is None:
        with Progress() as store:
            course = standings(store.lessons())
        if as_json:
            print(json.dumps(course_json(course)))
        else:
            show_course(course)
        return
    chosen = lesson(number)
    if as_json:
        with Progress() as store:
            found = next(s for s in standings(store.lessons()) if s.lesson.number == number)
        print(json.dumps(course_json([found])["lessons"][0]))
        return
    run_lesson(chosen, pace=pace, wait=sys.stdin.isatty() and not no_pause, again=again)


def run_lesson(chosen: Lesson, *, pace: float, wait: bool, again: bool = False) -> None:
    """Lesson ``chosen`` at the prompt: the idea, the worked example step by step, the guided puzzle, then
    practice until mastery (or until the learner stops: what was practised is kept). A lesson whose guided
    puzzle was tried opens at practice, unless ``again``."""
    from puzzles.course import mastered, next_number, next_practice, practice_pool, puzzle, standings
    from puzzles.store import Progress
    from trainer.cli.prompt import read_line
    from trainer.cli.quizzing import Playback, line_editing, pause, quiz
    from trainer.render.course import (
        answer_words,
        example_intro,
        guided_intro,
        idea_view,
        mastered_words,
        practice_intro,
        practice_words,
        resumed_words,
        step_view,
    )
    from trainer.render.puzzle import show_line
    from trainer.render.screen import stdout_console

    console = stdout_console()
    line_editing()

    def go_on(coming: str) -> bool:
        return not wait or pause(read_line, coming)

    def introduce(store: Progress) -> bool:
        """The idea, the worked example and the guided puzzle: whether to go on to practice."""
        console.print(idea_view(chosen))
        if not go_on("the worked example"):
            return False
        example = puzzle(chosen.example)
        console.print(example_intro(example))
        steps = [s for s in example.explanation if s.events or s.technique]
        for n, step in enumerate(steps, start=1):
            if not go_on(f"step {n} of {len(steps)}"):
                return False
            console.print(step_view(example, step, n, len(steps)))
        show_line(str(answer_words(example)), "bold")
        if not go_on("the guided puzzle"):
            return False
        show_line(str(guided_intro(chosen)))
        return quiz(puzzle(chosen.guided), store).ending != "quit" and go_on("practice")

    with Progress() as store:
        store.open_lesson(chosen.number)
        if chosen.guided in store.attempted_ids() and not again:
            show_line(str(resumed_words(chosen)), "dim")
        elif not introduce(store):
            return
        show_line(practice_intro(chosen), "bold")
        pool = practice_pool(chosen)
        memory = Playback(pace) if chosen.memory else None
        while True:
            tried = store.attempted_ids()
            drawn = next_practice(chosen, tried, pool)
            if drawn is None:
                show_line("There is no practice puzzle for this lesson in the pack.")
                return
            result = quiz(drawn, store, memory=memory, lesson=chosen.number)
            course = standings(store.lessons())
            standing = next(s for s in course if s.lesson.number == chosen.number)
            if result.ending == "quit" and not result.answered:
                return
            if standing.progress is not None and mastered(standing.progress.recent):
                show_line(mastered_words(chosen, next_number(course)), "bold green")
                return
            show_line(practice_words(standing))
            if result.ending == "quit" or not go_on("the next practice puzzle"):
                return
