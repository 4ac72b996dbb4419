"""The course's words: each lesson's title and idea, where the learner stands, and the terminal's views of it.

The lessons are values (:mod:`puzzles.course`); every sentence about them is here, once, for the terminal
(Rich) and the pages (plain strings and :class:`~trainer.render.words.Words` the templates draw).

    >>> from puzzles.course import LESSONS, standings
    >>> TITLES[1]
    'Elimination: who is left?'
    >>> course_json(standings({}))["next"], course_json(standings({}))["lessons"][6]
    (1, {'number': 7, 'title': 'Playing from memory: where every card went', 'rung': 0, 'status': 'new'})
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from puzzles.course import MASTERY_OF, MASTERY_RIGHT, Lesson, Standing, next_number
from puzzles.model import Puzzle, Step
from puzzles.store import Recorded
from trainer.game.events import Ask
from trainer.render.game import card_text
from trainer.render.screen import stdout_console
from trainer.render.words import Words

TITLES = {
    1: "Elimination: who is left?",
    2: "The careful player: one fact feeds the next",
    3: "Ask history: what an ask told you then",
    4: "Hand counting: a full hand holds nothing else",
    5: "Shared asks: so many players, so many cards",
    6: "Case analysis: suppose, and watch it break",
    7: "Playing from memory: where every card went",
}
"""Each lesson's title, by number."""

IDEAS = {
    1: ("Every card is somewhere, and the table often tells you where it is not.",
        "A player who asks for a card does not hold it: you may only ask for a card you lack. A player who "
        "answers no does not hold it. And you know your own hand.",
        "Cross off every player the table rules out. When only one is left, the card is theirs. Nothing has to "
        "be worked out first: one careful look at each player is enough."),
    2: ("A careful player keeps notes and lets one fact feed the next.",
        "Three rules, used again and again until nothing changes: a card only one player can still hold is "
        "theirs; a player who must hold a card of a set, and can hold only one of its missing cards, holds "
        "that one; a player whose whole hand is known holds nothing else.",
        "Each card you place is crossed off everyone else's list, and that may finish another card."),
    3: ("An ask is a snapshot. To ask for a card you must hold another card of its set at that moment.",
        "So read each ask at the time it was made: which cards of the set could the asker have held then? "
        "Cards that sat with someone else then (before a hit moved them) and cards the asker has asked for or "
        "denied are out.",
        "When one card is left, and it has not moved since, the asker still holds it."),
    4: ("Count the places in a hand. You always know how many cards each player holds.",
        "Add up what a player must hold: the cards seen going to them, and one card of every set they asked "
        "for. When that fills every place in the hand, there is no room for anything else.",
        "A player with two cards who must hold a low heart and a high club cannot hold the spade you are "
        "looking for."),
    5: ("Sometimes no single ask places a card, but several asks do together.",
        "If two players each need one of the same two cards, those two cards are between them, so nobody "
        "else holds either. Three players needing one each of the same three cards: the same.",
        "Look for a group of askers whose possible cards are exactly as many as they are, then cross those "
        "cards off everyone else."),
    6: ("When nothing else moves, suppose.",
        "Take one player as the card's holder and follow what must follow: hands that fill up, asks that need "
        "a card, players crossed off. If the supposition ends in something impossible, a hand too full or an "
        "asker left with no card of the set, it was false, and that player is crossed off.",
        "It is the slowest technique, so keep it for last, and try it on one card at a time."),
    7: ("Every card that changes hands does so face up: a hit shows the card and who took it, a claim shows "
        "the whole set.",
        "So a player who follows the game can know where many cards are with no deduction at all, only by "
        "remembering.",
        "Here the history is played one move at a time and then hidden, as at a real table. Keep track of "
        "where each card of a set went; the question comes at the end."),
}
"""Each lesson's idea, in a few sentences, by number."""

STATUS_WORDS = {"done": "done", "started": "started", "new": ""}


def titled(number: int) -> str:
    """A lesson's title ending a sentence (with a full stop unless it asks a question).

    >>> titled(1), titled(2)
    ('Elimination: who is left?', 'The careful player: one fact feeds the next.')
    """
    title = TITLES[number]
    return title if title.endswith("?") else title + "."


def lesson_heading(lesson: Lesson) -> str:
    """``Lesson 3 · ask history``: the lesson's number and the rung it teaches.

    >>> from puzzles.course import lesson
    >>> lesson_heading(lesson(7))
    'Lesson 7 · playing from memory'
    """
    return f"Lesson {lesson.number} · {'playing from memory' if lesson.rung == 0 else lesson.name}"


def practice_words(standing: Standing) -> str:
    """How practice stands: ``3 of your last 5 right at the first answer (4 of 5 masters it)``.

    >>> from puzzles.course import LESSONS, LessonProgress
    >>> practice_words(Standing(LESSONS[0], "started", LessonProgress(1, "t", None, (True, False, True))))
    '2 of your last 3 right at the first answer (4 of the last 5 masters the lesson)'
    >>> practice_words(Standing(LESSONS[0], "new", None))
    'no practice yet (4 of the last 5 right at the first answer masters the lesson)'
    """
    recent = standing.recent
    rule = f"{MASTERY_RIGHT} of the last {MASTERY_OF}"
    if not recent:
        return f"no practice yet ({rule} right at the first answer masters the lesson)"
    return f"{standing.right} of your last {len(recent)} right at the first answer ({rule} masters the lesson)"


def where_you_are(course: Sequence[Standing]) -> tuple[str, str]:
    """Two sentences: how far the learner is, and what is next (with the command that opens it).

    >>> from puzzles.course import standings
    >>> for sentence in where_you_are(standings({})):
    ...     print(sentence)
    The course has 7 lessons; you have done none yet.
    Next: lesson 1, Elimination: who is left? Open it with 'literature learn 1'.
    """
    done = sum(s.status == "done" for s in course)
    total = len(course)
    so_far = "none yet" if done == 0 else "all of them" if done == total else f"{done} of them"
    first = f"The course has {total} lessons; you have done {so_far}."
    number = next_number(course)
    if number is None:
        return first, "Every lesson is done: open any of them again with 'literature learn N', or train."
    return first, f"Next: lesson {number}, {titled(number)} Open it with 'literature learn {number}'."


def course_json(course: Sequence[Standing]) -> dict[str, Any]:
    """``learn --json``: ``{"lessons": [{"number", "title", "rung", "status"}], "next"}``."""
    return {"lessons": [{"number": s.lesson.number, "title": TITLES[s.lesson.number], "rung": s.lesson.rung,
                         "status": s.status} for s in course],
            "next": next_number(course)}


def course_view(course: Sequence[Standing]) -> Group:
    """``literature learn``: every lesson with its status, then where you are and what is next.

    >>> from puzzles.course import standings
    >>> from rich.console import Console
    >>> console = Console(width=80, color_system=None)
    >>> with console.capture() as captured:
    ...     console.print(course_view(standings({})))
    >>> print(captured.get().splitlines()[1].rstrip())
    → 1 Elimination: who is left?                     level 1
    """
    number = next_number(course)
    table = Table.grid(padding=(0, 1))
    for column in ("mark", "number", "title", "rung", "status"):
        table.add_column(justify="right" if column == "number" else "left")
    for s in course:
        n = s.lesson.number
        mark = Text("✓", style="green") if s.status == "done" else Text("→", style="bold") if n == number else ""
        rung = "from memory" if s.lesson.rung == 0 else f"level {s.lesson.rung}"
        status = STATUS_WORDS[s.status]
        if s.status == "started" and s.recent:
            status = f"{s.right}/{len(s.recent)} right"
        table.add_row(mark, str(n), Text(TITLES[n], style="bold" if n == number else ""), Text(rung, style="dim"),
                      Text(status, style="green" if s.status == "done" else ""))
    first, then = where_you_are(course)
    return Group(Text("The course", style="bold"), table, Text(""), Text(first), Text(then, style="bold"))


def show_course(course: Sequence[Standing]) -> None:
    """Print the course on the terminal (colours follow ``NO_COLOR``)."""
    stdout_console().print(course_view(course))


def idea_view(lesson: Lesson) -> Panel:
    """The lesson's opening: its title and the idea, in a panel."""
    body = Text("\n\n").join(Text(sentence) for sentence in IDEAS[lesson.number])
    return Panel(body, title=f"Lesson {lesson.number}: {TITLES[lesson.number]}", title_align="left",
                 expand=False, width=80)


def example_intro(puzzle: Puzzle) -> Group:
    """Before the worked example's steps: the position and the question."""
    from trainer.render.puzzle import header_text, position_parts
    from trainer.render.quiz import question_words

    return Group(Text(f"Worked example ({puzzle.id})", style="bold"), header_text(puzzle), *position_parts(puzzle),
                 Text(str(question_words(puzzle)), style="bold green"))


def step_view(puzzle: Puzzle, step: Step, number: int, total: int) -> Group:
    """One step of the worked example: what it says, then the moves it rests on, lit (the rest of the
    history folded into ``…`` rows), so that the step is read beside the moves it uses.

    >>> from puzzles.course import LESSONS, puzzle as lesson_puzzle
    >>> example = lesson_puzzle(LESSONS[0].example)
    >>> from rich.console import Console
    >>> console = Console(width=80, color_system=None)
    >>> with console.capture() as captured:
    ...     console.print(step_view(example, example.explanation[0], 1, 1))
    >>> lines = captured.get().splitlines()
    >>> for line in [lines[0], *(line for line in lines if line.lstrip()[:1] in "▶…")]:
    ...     print(line)
    Step 1 of 1 · elimination
      ▶ Move 1 of 3: Dan asks Cat for 2♦: no
        … move 2
      ▶ Move 3 of 3: Bob asks Ann for 2♦: no
    """
    from trainer.render.puzzle import event_text
    from trainer.render.quiz import step_words

    parts: list[Text | Table] = [Text.assemble((f"Step {number} of {total}", "bold"),
                                       (f" · {step.technique}" if step.technique else "", "cyan")),
                         Text(str(step_words(step, puzzle)))]
    moves = sorted(set(step.events))
    if len(moves) > FOLDED_MOVES:  # many moves: two to a line, so that a step fits a 24-line terminal
        grid = Table.grid(padding=(0, 2))
        grid.add_column()
        grid.add_column()
        cells = [_short_move(puzzle, move) for move in moves]
        for left in range(0, len(cells), 2):
            grid.add_row(*cells[left:left + 2])
        parts.append(grid)
        return Group(*parts)
    shown = 0
    for move in moves:
        if move > shown + 1:
            gap = move - shown - 1
            parts.append(Text(f"    … move {shown + 1}" if gap == 1 else f"    … moves {shown + 1}–{move - 1}",
                              style="dim"))
        line = Text("  ▶ ", style="bold yellow")
        line.append_text(event_text(puzzle, move))
        parts.append(line)
        shown = move
    return Group(*parts)


FOLDED_MOVES = 6
"""A step resting on more moves than this lists them two to a line, without the folds between them."""


def _short_move(puzzle: Puzzle, number: int) -> Text:
    """``▶ 14 Ann asks Dan for 7♥: yes``: one cited move in half a line."""
    event = puzzle.game.events[number - 1]
    text = Text("▶ ", style="bold yellow")
    text.append(f"{number:>3} ", style="bold")
    if isinstance(event, Ask):
        text.append(f"{event.asker} asks {event.target} for ")
        text.append_text(card_text(event.card))
        text.append(": yes" if event.hit else ": no", style="green" if event.hit else "")
    else:
        text.append(str(event))
    return text


def answer_words(puzzle: Puzzle) -> Words:
    """The worked example's answer, after its last step: ``So: 2D is with Eve.``

    >>> from puzzles.course import LESSONS, puzzle as lesson_puzzle
    >>> str(answer_words(lesson_puzzle(LESSONS[0].example)))
    'So: 2D is with Eve.'
    """
    placed = [Words.of(card, f" is with {holder}") for card, holder in puzzle.expected.items()]
    return Words.of("So: ", Words.join("; ", placed), ".")


def guided_intro(lesson: Lesson) -> Words:
    """Before the guided puzzle: what to look for."""
    return Words.of(f"Now you try one. Look for {LOOK_FOR[lesson.number]} If you are stuck, 'hint' gives a "
                    "nudge, then a clue.")


def resumed_words(lesson: Lesson) -> Words:
    """Opening a lesson whose guided puzzle is done: straight on to practice, and how to see the rest again.

    >>> from puzzles.course import lesson
    >>> str(resumed_words(lesson(2)))  # doctest: +NORMALIZE_WHITESPACE
    "Lesson 2: you have seen its idea and worked example and tried its guided puzzle, so on to practice
    ('literature learn 2 --again' shows them again)."
    """
    return Words.of(f"Lesson {lesson.number}: you have seen its idea and worked example and tried its guided "
                    f"puzzle, so on to practice ('literature learn {lesson.number} --again' shows them again).")


LOOK_FOR = {
    1: "the players the table rules out: who asked for the card, who said no to it.",
    2: "a card only one player can still hold, then what placing it tells you next.",
    3: "an ask for a card of the set: which card could the asker have held at that moment?",
    4: "a player whose hand the cards they must hold already fill.",
    5: "players who each need one card among the same few cards.",
    6: "one player to suppose as the holder, and what would then go wrong.",
    7: "where each card of the set went. Here the history stays in view; in practice it will not.",
}


def practice_intro(lesson: Lesson, *, terminal: bool = True) -> str:
    """Before practice: the rule of mastery (in the terminal, how to stop)."""
    what = "recall drills, played from memory" if lesson.rung == 0 else f"puzzles of level {lesson.rung}"
    stop = " 'q' stops; your practice so far is kept." if terminal else " Your practice so far is always kept."
    return f"Practice: {what}, until {MASTERY_RIGHT} of your last {MASTERY_OF} are right at the first answer.{stop}"


def mastered_words(lesson: Lesson, following: int | None) -> str:
    """What mastery says: the lesson is done, and which opens next."""
    then = f" Next: lesson {following}, {titled(following)}" if following is not None else (
        " That was the last lesson: the whole course is done.")
    return f"Lesson {lesson.number} is done: {MASTERY_RIGHT} of your last {MASTERY_OF} right.{then}"


# -- the pages ---------------------------------------------------------------------
# (the puzzle's views are imported where they are used: ``literature learn`` alone lists the course quickly)


def course_rows(course: Sequence[Standing]) -> list[dict[str, Any]]:
    """What ``/learn`` and the home page list of each lesson: number, title, rung, status, practice so far."""
    number = next_number(course)
    return [{"number": s.lesson.number, "title": TITLES[s.lesson.number], "status": s.status,
             "rung": "from memory" if s.lesson.rung == 0 else f"level {s.lesson.rung}",
             "next": s.lesson.number == number,
             "practice": f"{s.right} of last {len(s.recent)} right" if s.status == "started" and s.recent else ""}
            for s in course]


def course_page(course: Sequence[Standing]) -> dict[str, Any]:
    """What ``learn.html`` (and the home page's course panel) draws: the lessons, where you are, what is next.

    >>> from puzzles.course import standings
    >>> page = course_page(standings({}))
    >>> page["next"], page["where"][0], page["rows"][0]["title"], page["go"]
    (1, 'The course has 7 lessons; you have done none yet.', 'Elimination: who is left?', 'Start with lesson 1')
    """
    first, then = where_you_are(course)
    number = next_number(course)
    done = sum(s.status == "done" for s in course)
    started = any(s.lesson.number == number and s.status == "started" for s in course)
    go = f"Continue lesson {number}" if started else f"On to lesson {number}" if done else f"Start with lesson {number}"
    return {"rows": course_rows(course), "where": (first, then.split(" Open it with")[0]), "next": number,
            "done": done, "total": len(course), "go": go}


def example_page(example: Puzzle, step: int) -> dict[str, Any]:
    """What the worked example's fragment (``learn_example.html``) draws at ``step`` (1 to the number of
    steps; 0: the position before any step): the step's words and technique, the moves it lights, and where
    the previous and next steps are.

    >>> from puzzles.course import LESSONS, puzzle as lesson_puzzle
    >>> shown = example_page(lesson_puzzle(LESSONS[0].example), 1)
    >>> shown["step"], shown["total"], shown["moves"], str(shown["answer"])
    (1, 1, [1, 3], 'So: 2D is with Eve.')
    """
    from trainer.render.quiz import step_words

    steps = [s for s in example.explanation if s.events or s.technique]
    at = max(0, min(step, len(steps)))
    chosen = steps[at - 1] if at else None
    return {"step": at, "total": len(steps), "puzzle_id": example.id,
            "words": step_words(chosen, example) if chosen else None,
            "technique": chosen.technique if chosen else "",
            "moves": sorted(set(chosen.events)) if chosen else [],
            "answer": answer_words(example) if at == len(steps) else None}


def lesson_page(lesson: Lesson, standing: Standing) -> dict[str, Any]:
    """What ``learn_lesson.html`` draws around the worked example: the title, the idea, what the guided puzzle
    asks you to look for, and how practice stands."""
    return {"number": lesson.number, "title": TITLES[lesson.number], "heading": lesson_heading(lesson),
            "idea": IDEAS[lesson.number], "look_for": guided_intro(lesson), "status": standing.status,
            "practice": practice_words(standing), "practice_intro": practice_intro(lesson, terminal=False)}


def practice_line(lesson: Lesson, standing: Standing) -> str:
    """The line above a practice puzzle on the page: how practice stands (``So far: 2 of your last 3 right ...``).

    >>> from puzzles.course import LESSONS
    >>> practice_line(LESSONS[0], Standing(LESSONS[0], "new", None))
    'So far: no practice yet (4 of the last 5 right at the first answer masters the lesson)'
    """
    return f"So far: {practice_words(standing)}"


def example_board(example: Puzzle) -> dict[str, Any]:
    """The worked example's table as the puzzle page draws one: the felt, the hand, the history, the question."""
    from trainer.render.quiz import question_words
    from trainer.render.web.table import history_rows, table_view

    focus = sorted({card.half_suit for card in example.question.scope})
    return {"table": table_view(example.state, example.viewer), "history": history_rows(example.game.events),
            "question": question_words(example), "focus": focus}


def lesson_said(number: int, recorded: Recorded | None) -> str:
    """After a practice puzzle of lesson ``number`` is stored: how practice stands, or that it is mastered.

    >>> from puzzles.rating import Rating
    >>> print(lesson_said(1, Recorded(1, True, Rating(), Rating(), None, lesson_recent=(True, False, True))))
    Practice: 2 of your last 3 right at the first answer (4 of the last 5 masters the lesson).
    >>> print(lesson_said(1, Recorded(1, True, Rating(), Rating(), None, lesson_done=True,
    ...                              lesson_recent=(True, False, True, True, True))))
    Lesson 1 is done: 4 of your last 5 right at the first answer. The course shows what is next.
    """
    if recorded is None or not recorded.lesson_recent:
        return ""
    recent = recorded.lesson_recent[-MASTERY_OF:]
    right = sum(recent)
    if recorded.lesson_done:
        return (f"Lesson {number} is done: {right} of your last {len(recent)} right at the first answer. "
                "The course shows what is next.")
    return (f"Practice: {right} of your last {len(recent)} right at the first answer ({MASTERY_RIGHT} of the last "
            f"{MASTERY_OF} masters the lesson).")


WATCH_SECONDS = 2
"""Seconds each move of a memory lesson's history is shown on the page before the next."""


def watch_page(puzzle: Puzzle, move: int) -> dict[str, Any]:
    """A memory practice puzzle's history played on the page, at ``move`` (0: the deal): the table then, the
    move, and what comes next.

    >>> from puzzles.course import LESSONS, puzzle as lesson_puzzle
    >>> shown = watch_page(lesson_puzzle(LESSONS[6].example), 3)
    >>> shown["move"], shown["total"], shown["row"].number, shown["seconds"]
    (3, 42, 3, 2)
    """
    from trainer.render.web.table import history_rows, table_view

    events = puzzle.game.events
    at = max(0, min(move, len(events)))
    intro = (f"You are {puzzle.viewer}. {len(events)} moves follow, one every {WATCH_SECONDS} s; then the question. "
             "No notes: keep track of where each card goes.")
    return {"move": at, "total": len(events), "table": table_view(puzzle.game.state(at), puzzle.viewer),
            "row": history_rows(events[:at])[-1] if at else None, "seconds": WATCH_SECONDS, "intro": intro}
