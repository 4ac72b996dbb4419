"""The words and views of class sets: the student's puzzle and replies, the teacher's grid, the CSV, the API's JSON.

Before a student's first answer to a puzzle, nothing of its answer, level,
theme or explanation is drawn or sent (:func:`student_json`,
:func:`student_context`); after it, they are, with the refuting deal of a
wrong answer, as on the training pages (:mod:`trainer.render.web.attempt`).

    >>> stamp(86400.0 * 365)
    '1971-01-01 00:00 UTC'
    >>> seconds_text(None), seconds_text(75.0), seconds_text(3725.0)
    ('', '1:15', '62:05')
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from puzzles.classes import MAX_HINTS, Answer, ClassSet, Student, describe_levels, end_of
from puzzles.marking import Mark, Miss, Outcome, example_answer, format_answer
from puzzles.model import Puzzle
from puzzles.quiz import Hint, QuizReply
from trainer.game.cards import Card
from trainer.render import worksheet
from trainer.render.quiz import (
    answer_words,
    hint_words,
    miss_words,
    question_words,
    reason_words,
    refusal,
    said,
    step_words,
)
from trainer.render.web.attempt import SHOWN, reply_view
from trainer.render.web.table import history_rows, table_view
from trainer.render.words import Words, shown

PRACTICE = "Your first answer is the one that counts; answer again for practice."
"""What follows a reply on a class's page (instead of the training page's Reveal, Hint, Skip advice)."""


def class_usage(puzzle: Puzzle) -> str:
    """What a class's answer looks like (a class takes answers only: no command of the prompt).

    >>> from puzzles.examples import example_certain
    >>> class_usage(example_certain())
    "Your answer, for example 'Bob 6S' ('none' when no card is certain)."
    """
    none = " ('none' when no card is certain)" if puzzle.question.kind == "certain" else ""
    return f"Your answer, for example {example_answer(puzzle)}{none}."


def stamp(seconds: float) -> str:
    """A moment as the pages state it (UTC, to the minute)."""
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M UTC")


def seconds_text(seconds: float | None) -> str:
    """Seconds as minutes:seconds (empty when there are none)."""
    if seconds is None:
        return ""
    whole = round(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def settings_line(found: ClassSet) -> str:
    """What the set is, in one line: ``10 puzzles · levels 3-4 · classic, 6 players · hints allowed``."""
    s = found.settings
    levels = f"level{'s' if len(s.levels) > 1 else ''} {describe_levels(s.levels)}"
    return (f"{len(found.puzzles)} puzzles · {levels} · {', '.join(s.kinds)} · {s.variant.value}, {s.players} "
            f"players · hints {'allowed' if s.hints else 'off'}")


def student_line(found: ClassSet) -> str:
    """What the set is, as its students are told (not its levels: a puzzle's level is said once it is answered)."""
    s = found.settings
    hints = "allowed" if s.hints else "off"
    return f"{len(found.puzzles)} puzzles · {s.variant.value}, {s.players} players · hints {hints}"


def dates_line(found: ClassSet) -> str:
    """When answers close (if the teacher said) and when the class expires."""
    closes = found.settings.closes
    close = f"Answers are taken until {stamp(end_of(closes))}. " if closes else ""
    unused = f" (on {stamp(found.expires_unused)} if no student has joined by then)" if not found.students else ""
    return f"{close}The class and its results are deleted on {stamp(found.expires)}{unused}."


def expiry_json(found: ClassSet) -> dict[str, Any]:
    """The class's dates for the API: ``expires``, ``expires_unused`` (when it expires if no student has joined
    by then) and ``closes`` (ISO moments, UTC; ``closes`` may be null)."""
    closes = found.settings.closes
    return {"expires": datetime.fromtimestamp(found.expires, UTC).isoformat(),
            "expires_unused": datetime.fromtimestamp(found.expires_unused, UTC).isoformat(),
            "closes": datetime.fromtimestamp(end_of(closes), UTC).isoformat() if closes else None}


# -- the student's side -------------------------------------------------------------------------


def student_json(found: ClassSet, n: int, puzzle: Puzzle, work: Answer) -> dict[str, Any]:
    """Puzzle ``n`` as the student sees it: who they are, their hand, the hand sizes, the history as ``.lit``
    lines, the question; the answer, level, theme and explanation only once they have answered it."""
    state = puzzle.state
    out: dict[str, Any] = {
        "puzzle": n, "count": len(found.puzzles), "variant": puzzle.variant.value, "players": list(puzzle.players),
        "you": puzzle.viewer, "team": list(puzzle.team), "hand": [str(c) for c in sorted(puzzle.own_cards)],
        "sizes": {p: state.sizes[p] for p in puzzle.players}, "history": [str(e) for e in puzzle.game.events],
        "question": {"kind": puzzle.question.kind, "text": shown(question_words(puzzle)),
                     "cards": [str(c) for c in puzzle.asked]},
        "usage": class_usage(puzzle),
        "hints": {"allowed": found.settings.hints, "taken": work.hints, "most": MAX_HINTS},
        "answered": work.first is not None, "tries": work.tries,
    }
    if work.first is not None:
        out.update(first={"answer": work.first, "outcome": work.outcome, "mark": work.mark},
                   answer=format_answer(puzzle.expected), level=puzzle.level, theme=puzzle.difficulty.name,
                   techniques=list(puzzle.techniques),
                   explanation=[shown(step_words(step, puzzle)) for step in puzzle.explanation])
    return out


def verdict_json(reply: QuizReply, puzzle: Puzzle, counted: bool) -> dict[str, Any]:
    """What ``POST /api/classes/CODE/answers`` answers: the mark, whether it was the first answer (``counted``),
    the lines the page shows, and a wrong answer's refuting deal (the hands of a deal that fits the history)."""
    assert reply.mark is not None
    told = said(reply, puzzle)
    out: dict[str, Any] = {"correct": reply.mark.correct, "outcome": reply.mark.outcome.value, "counted": counted,
                           "mark": reply.mark.to_json(), "lines": [shown(w) for w in (*told.head, *told.tail)]}
    if told.deal is not None:
        out["deal"] = {"card": str(told.deal.card), "said": told.deal.said,
                       "hands": {p: [str(c) for c in cards] for p, cards in told.deal.shown(True).items()}}
    return out


def refused_answer(reply: QuizReply, puzzle: Puzzle) -> str:
    """The one line saying why an answer cannot be read (nothing was counted)."""
    if reply.kind == "empty":
        return f"answer: {class_usage(puzzle)}"
    return refusal(reply, puzzle)


def _class_view(reply: QuizReply, puzzle: Puzzle) -> dict[str, Any]:
    view = reply_view(reply, puzzle)
    if reply.kind in ("wrong", "verdict"):  # (the theme and the answer are drawn below the replies)
        view["tail"] = (Words.of(PRACTICE),) if reply.kind == "wrong" else ()
    return view


def first_reply(work: Answer) -> dict[str, Any] | None:
    """The student's first answer drawn again (their words and the verdict), once they answered."""
    if work.first is None:
        return None
    misses = miss_words(mark_of(work.mark)) if work.mark else ()
    lines = (Words.of(f"Your first answer: {work.first}."), *misses)
    return {"kind": "verdict" if work.right else "wrong", "head": lines, "tail": (), "deal": None, "heading": None}


def student_context(found: ClassSet, student: Student, n: int, puzzle: Puzzle, work: Answer,
                    replies: Sequence[QuizReply] = (), hints: Sequence[Hint] = ()) -> dict[str, Any]:
    """What ``class_puzzle.html`` draws: the board, the history and the question as the puzzle page draws them;
    the hints taken; the first answer and, once answered, the answer, the theme and the steps; ``replies``:
    what the last answer or hint got."""
    answered = work.first is not None
    own = puzzle.own_cards
    shown: list[dict[str, Any]] = [{"kind": "hint", "head": (hint_words(h, puzzle),), "tail": (), "deal": None,
                                    "heading": None} for h in hints]
    first = first_reply(work)
    if first is not None:
        shown.append(first)
    shown += [_class_view(r, puzzle) for r in replies if r.kind not in SHOWN]
    context: dict[str, Any] = {
        "class_set": found, "student": student, "n": n, "count": len(found.puzzles), "puzzle": puzzle,
        "table": table_view(puzzle.state, puzzle.viewer), "history": history_rows(puzzle.game.events),
        "focus": sorted({card.half_suit for card in puzzle.question.scope}),
        "focus_codes": " ".join(sorted({card.half_suit.code for card in puzzle.question.scope})),
        "question": question_words(puzzle), "kind": puzzle.question.kind,
        "places": [(card, card in own) for card in puzzle.asked],
        "team": list(puzzle.team) if puzzle.question.kind == "claim" else list(puzzle.players),
        "usage": class_usage(puzzle), "replies": shown, "hints": work.hints, "hints_allowed": found.settings.hints,
        "more_hints": found.settings.hints and not answered and work.hints < MAX_HINTS,
        "answered": answered, "done": answered, "tries": work.tries,
        "progress": progress(found, student),
    }
    if answered:
        context.update(level=puzzle.level, theme=puzzle.difficulty.name, techniques=list(puzzle.techniques),
                       answer=answer_words(puzzle.expected),
                       steps=[(step_words(s, puzzle), s.technique, list(s.events)) for s in puzzle.explanation])
    return context


def progress(found: ClassSet, student: Student) -> list[tuple[int, str]]:
    """Each puzzle's number and how the student stands on it (``right``, ``wrong``, ``none``)."""
    return [(n, student.answers[n].outcome if n in student.answers else "none")
            for n in range(1, len(found.puzzles) + 1)]


# -- the teacher's side ----------------------------------------------------------------------


def mark_of(data: dict[str, Any]) -> Mark:
    """A mark read back from its JSON (:meth:`puzzles.marking.Mark.to_json`).

    >>> mark_of({"correct": False, "outcome": "wrong", "wrong": {"6D": {"said": "Bob", "actual": "Cat"}}}).wrong
    {Card.parse('6D'): Miss(said='Bob', actual='Cat')}
    """
    wrong = {Card.parse(card): Miss(m.get("said"), m.get("actual")) for card, m in data.get("wrong", {}).items()}
    return Mark(bool(data.get("correct")), Outcome(data.get("outcome", "wrong")), wrong)


def results_json(found: ClassSet) -> dict[str, Any]:
    """What ``GET /api/classes/CODE/results`` answers: :meth:`ClassSet.results`, each wrong answer with ``why``
    (a line per card: what the answer said, and where the card is), the class's dates and settings."""
    results = found.results()
    for item in results["puzzles"]:
        for given in item["wrong_answers"]:
            given["why"] = [shown(line) for line in miss_words(mark_of(given["mark"]))]
    return {**results, **expiry_json(found), "settings": found.settings.to_json()}


def grid(found: ClassSet, puzzles: Sequence[Puzzle]) -> dict[str, Any]:
    """The teacher's grid: a row per student (a cell per puzzle: the first answer's outcome, tries, hints,
    time), and per puzzle its level, kind and question, the share right and the wrong answers given most, each
    with why it is wrong."""
    results = found.results()
    rows = []
    for student in results["students"]:
        cells = [{**a, "time": seconds_text(a["seconds"])} for a in student["answers"]]
        right = sum(1 for a in student["answers"] if a["first"] == "right")
        rows.append({"name": student["name"], "cells": cells, "right": right,
                     "answered": sum(1 for a in student["answers"] if a["first"] != "none")})
    columns = []
    for item in results["puzzles"]:
        share = item["right_share"]
        puzzle = puzzles[item["puzzle"] - 1]
        columns.append({**item, "share": "" if share is None else f"{round(share * 100)}%", "level": puzzle.level,
                        "question": question_words(puzzle), "answer": answer_words(puzzle.expected),
                        "wrong": [{"answer": w["answer"], "count": w["count"],
                                   "why": reason_words(mark_of(w["mark"]), puzzle)} for w in item["wrong_answers"]],
                        "steps": [step_words(s, puzzle) for s in puzzle.explanation]})
    return {"rows": rows, "columns": columns}


def teacher_view(found: ClassSet, puzzles: Sequence[Puzzle], secret: str, origin: str) -> dict[str, Any]:
    """What the teacher's page draws: the class, its grid, what it is, its dates, the two links (``origin``:
    the server's address as the teacher's browser reached it)."""
    return {"class_set": found, "grid": grid(found, puzzles), "settings_line": settings_line(found),
            "dates": dates_line(found), "student_link": f"{origin}/c/{found.code}",
            "teacher_link": f"{origin}/classes/{found.code}#seat={secret}"}


def printable(found: ClassSet, puzzles: Sequence[Puzzle], part: str) -> str:
    """The set as the printable worksheet (``part`` ``sheet``) or its key (``answers``), as
    :mod:`trainer.render.worksheet` writes them, with a bar of links on top that does not print."""
    write = worksheet.worksheet_html if part == "sheet" else worksheet.answer_key_html
    text = write(puzzles, found.settings.title)
    other, label = ("answers", "Answer key") if part == "sheet" else ("sheet", "Worksheet")
    bar = (f'<nav class="sheet-tools" aria-label="worksheet"><a href="/classes/{found.code}">← Class</a> '
           f'<a href="/classes/{found.code}/{other}">{label}</a> <button type="button" id="print">Print</button></nav>')
    tools = '<link rel="stylesheet" href="/static/worksheet.css">\n<script src="/static/worksheet.js" defer></script>\n'
    return text.replace("</head>", tools + "</head>", 1).replace("<body>", "<body>\n" + bar, 1)


CSV_FIELDS = ("first", "tries", "hints", "seconds")


def results_csv(results: dict[str, Any]) -> str:
    """The results as CSV: a row per student, four columns per puzzle (first answer's outcome, tries, hints,
    seconds), the answer first given, then the count right.

    >>> print(results_csv({"students": [{"name": "Zoe", "answers": [{"puzzle": 1, "first": "right", "tries": 1,
    ...     "hints": 0, "seconds": 12.5, "answer": "Cat 6D"}]}], "puzzles": []}), end="")
    name,p1 first,p1 tries,p1 hints,p1 seconds,p1 answer,right
    Zoe,right,1,0,12.5,Cat 6D,1
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    count = len(results["students"][0]["answers"]) if results["students"] else len(results["puzzles"])
    writer.writerow(["name", *(f"p{n} {f}" for n in range(1, count + 1) for f in (*CSV_FIELDS, "answer")), "right"])
    for student in results["students"]:
        cells: list[Any] = [_safe(student["name"])]
        for a in student["answers"]:
            cells += [a["first"], a["tries"], a["hints"], "" if a["seconds"] is None else a["seconds"],
                      _safe(a["answer"] or "")]
        cells.append(sum(1 for a in student["answers"] if a["first"] == "right"))
        writer.writerow(cells)
    return out.getvalue()


def _safe(text: str) -> str:
    """A cell a spreadsheet will not run as a formula.

    >>> _safe("=1+1"), _safe("Zoe")
    ("'=1+1", 'Zoe')
    """
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text
