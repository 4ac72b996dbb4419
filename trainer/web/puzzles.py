"""The puzzle pages: ``/daily``, ``/daily/YYYY-MM-DD`` and ``/p/PUZZLE-ID``, answered by clicking or typing.

Each page shows the position as a card table, the history and the question;
the learner answers with the same words ``literature train`` reads (a
few lines of script write them from clicks: a card, then a player). The
page's forms (the answer; Hint, Reveal, Skip) post to the page's own address,
which feeds the line to the attempt (:mod:`trainer.web.attempts`); htmx then
swaps in the reply fragment (``puzzle_reply.html``), and a browser without it
is sent back to the page (so that reloading never answers twice). Every
sentence is :mod:`trainer.render.quiz`'s, as Words: no card is looked for in text. Nothing of the answer is in a page
before the attempt ends: not the holders, not the explanation, not the
puzzle's theme (its techniques), which is shown only after answering.

A daily puzzle is stored as ``literature daily`` stores it: a date still to
come is practice that is not recorded, a daily answered before is replayed
as practice (not rated, not streaked), and the streak shows after the answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from puzzles.daily import checked_daily, parse_day
from puzzles.files import puzzles_from_json
from puzzles.marking import example_answer
from puzzles.model import Puzzle
from puzzles.packs import BUILT_IN, record
from puzzles.quiz import Reply
from puzzles.rating import is_provisional, level_for
from puzzles.store import Progress
from puzzles.verify import verified
from trainer.clock import EARLIEST, LATEST, WINDOW
from trainer.game.errors import LiteratureError
from trainer.render.quiz import deal_heading, question_words, said, step_words, usage
from trainer.render.web.table import history_rows, table_view
from trainer.web.attempts import Attempts, Served, answer
from trainer.web.learners import Learner, choose_first, current
from trainer.web.pages import not_found, page

MAX_LINE = 2000
"""The longest answer line read (the rest is cut off)."""
_ID = re.compile(r"[A-Za-z0-9_.-]{1,100}")


def attempts(request: Request) -> Attempts:
    """The app's attempts under way (made on first use)."""
    state = request.app.state
    if not hasattr(state, "attempts"):
        state.attempts = Attempts()
    found: Attempts = state.attempts
    return found


def find_puzzle(puzzle_id: str, store: Path) -> Puzzle | None:
    """The puzzle ``puzzle_id``: from the built-in pack, else from the learner's review queue (a position
    missed in a game), checked before it is served; ``None`` when neither has it."""
    if not _ID.fullmatch(puzzle_id):
        return None
    data = record(puzzle_id)
    if data is not None:
        return verified(puzzles_from_json(data, f"{BUILT_IN}, puzzle {puzzle_id}")[0], BUILT_IN)
    if not store.exists():
        return None
    with Progress(store) as progress:
        found = progress.review_puzzle(puzzle_id)
    return verified(found, str(store)) if found is not None else None


# -- what the template is given -------------------------------------------------------


def reply_view(reply: Reply, puzzle: Puzzle) -> dict[str, Any]:
    """What the page draws of one reply: its kind, the sentences before and after a refuting deal (Words),
    the deal (a value, drawn as hands) and its heading, the theme once it is over; the explanation is drawn
    step by step instead.

    >>> from puzzles.examples import example_certain
    >>> from puzzles.quiz import Attempt
    >>> puzzle = example_certain()
    >>> view = reply_view(Attempt(puzzle).respond("Bob 6D"), puzzle)
    >>> view["kind"], view["deal"] is None, [str(line) for line in view["head"]]  # doctest: +NORMALIZE_WHITESPACE
    ('wrong', True,
     ['Wrong: 1 card with the wrong holder.', '  6D: Bob cannot hold it in any deal that fits what you saw.'])
    >>> view["head"][1].cards(), str(view["tail"][0])
    ((Card.parse('6D'),), 'Try again, or Reveal the answer and why; Hint helps, Skip moves on.')
    """
    told = said(reply, puzzle, buttons=True)
    theme = told.why[:1]  # the theme's line; the steps are drawn below, with their moves
    return {"kind": reply.kind, "head": told.head, "tail": told.tail + theme, "deal": told.deal,
            "heading": deal_heading(told.deal) if told.deal is not None else None}


SHOWN = frozenset({"show", "history", "last"})
"""Replies the page has nothing to say for (it always shows the position and the history)."""


def puzzle_context(served: Served) -> dict[str, Any]:
    """What ``puzzle.html`` draws of an attempt: before the end only what the viewer may know."""
    puzzle = served.puzzle
    attempt = served.attempt
    focus = {card.half_suit for card in puzzle.question.scope}
    own = puzzle.own_cards
    context: dict[str, Any] = {
        "puzzle": puzzle,
        "table": table_view(puzzle.state, puzzle.viewer),
        "history": history_rows(puzzle.game.events),
        "focus": sorted(focus),
        "focus_codes": " ".join(sorted(h.code for h in focus)),
        "question": question_words(puzzle),
        "kind": puzzle.question.kind,
        "level": puzzle.level,
        "places": [(card, card in own) for card in puzzle.asked],
        "team": list(puzzle.team) if puzzle.question.kind == "claim" else list(puzzle.players),
        "usage": usage(puzzle),
        "example": example_answer(puzzle).strip("'"),
        "replies": [reply_view(r, puzzle) for r in served.replies if r.kind not in SHOWN],
        "hints": attempt.hints,
        "confirming": attempt.confirming,
        "tries": attempt.tries,
        "done": served.done,
        "note": served.note,
        "recorded": served.recorded,
        "record": served.record,
        "streak": served.streak,
        "daily": served.daily,
    }
    if served.done:
        result = attempt.result
        assert result is not None
        context.update(
            theme=puzzle.difficulty.name,
            techniques=list(puzzle.techniques),
            steps=[(step_words(step, puzzle), step.technique, list(step.events)) for step in puzzle.explanation],
            ending=result.ending,
            correct=result.correct,
            solved=result.solved,
            seconds=result.seconds,
        )
        recorded = served.recorded
        if recorded is not None and recorded.kept is None:
            context.update(rating_before=recorded.rating_before.rating, rating_after=recorded.rating_after.rating,
                           rated=recorded.rated, provisional=is_provisional(recorded.rating_after),
                           new_level=level_for(recorded.rating_after.rating),
                           unrated="practice" if served.practice else (
                               "rated on your first attempt at it" if result.answered or result.ending == "revealed"
                               else "not answered"))
    return context


def swapping(request: Request) -> bool:
    """Whether the request is htmx's (it swaps a fragment in), not a whole page's."""
    return request.headers.get("hx-request") == "true"


def show(request: Request, served: Served, *, action: str, heading: str, nav: str, title: str,
         **extra: Any) -> Response:
    """The page of an attempt, its forms posting to ``action``. After a post: htmx gets the reply fragment
    (the question, the replies and the forms; the theme too once the attempt is over); a plain form is sent
    back to the page."""
    if request.method == "POST":
        if not swapping(request):
            return RedirectResponse(action + "#reply", status_code=303)
        if getattr(request.state, "stale", False):  # a page of another puzzle (training went on): load it whole
            return Response(status_code=204, headers={"HX-Redirect": action})
        return page(request, "puzzle_reply.html", nav=nav, action=action, oob=True, **puzzle_context(served),
                    **extra)
    return page(request, "puzzle.html", nav=nav, title=title, heading=heading, action=action,
                **puzzle_context(served), **extra)


PRESSED = {"hint": "hint", "reveal": "reveal", "skip": "skip", "none": "none"}
"""The buttons of the page and the line each stands for."""


async def read_line(request: Request) -> tuple[str, str]:
    """The posted answer line (or the button pressed: Hint, Reveal, Skip, None is certain) and the puzzle it is
    for."""
    async with request.form(max_files=0, max_fields=20, max_part_size=64 * 1024) as form:
        pressed = str(form.get("do") or "")
        line = PRESSED.get(pressed) or str(form.get("line") or "")
        return line[:MAX_LINE], str(form.get("puzzle") or "")


async def take_answer(request: Request, served: Served, learner: Learner, for_puzzle: str, line: str) -> None:
    """Feed ``line`` to ``served`` when it is the puzzle the form was for (a stale page's post changes nothing, and
    :func:`show` then sends htmx to the page whole)."""
    if for_puzzle == served.puzzle.id:
        await run_in_threadpool(answer, served, line, learner.store)
    else:
        request.state.stale = True


# -- the daily puzzle ------------------------------------------------------------------


def long_date(day: date) -> str:
    """A date in words: ``Wednesday 10 June 2026``.

    >>> long_date(date(2026, 6, 10))
    'Wednesday 10 June 2026'
    """
    return f"{day:%A} {day.day} {day:%B %Y}"


def daily_of(text: str) -> date | None:
    """The date of ``/daily/TEXT``, or ``None`` when it is not a date of the window.

    >>> daily_of("2026-06-10"), daily_of("2026-02-30"), daily_of("9999-01-01")
    (datetime.date(2026, 6, 10), None, None)
    """
    if len(text) != 10:
        return None
    try:
        return parse_day(text)
    except LiteratureError:
        return None


def _served_daily(when: date, store: Path) -> Served:
    puzzle = checked_daily(when)
    with Progress(store) as progress:
        today = progress.clock().date()
        if when > today:
            return Served(puzzle, record=False,
                          note=f"The daily puzzle of {long_date(when)} is still to come: try it if you like, "
                               "nothing is recorded.")
        first = progress.daily_answered(when)
    if first is not None:
        how = "solved it" if first["correct"] else "did not solve it"
        return Served(puzzle, daily=when, practice=True,
                      note=f"You answered this daily on {first['day']} and {how}: this replay is practice "
                           "(not rated, not streaked).")
    return Served(puzzle, daily=when)


async def _daily(request: Request, when: date) -> Response:
    learner = current(request)
    if learner is None:
        return choose_first(request)
    key = (str(learner.store), f"daily:{when.isoformat()}", "")
    found = attempts(request).get(key)
    if found is None:
        made = await run_in_threadpool(_served_daily, when, learner.store)
        found = attempts(request).open(key, lambda: made)
    served = found
    action = f"/daily/{when.isoformat()}"
    if request.method == "POST":
        line, for_puzzle = await read_line(request)
        await take_answer(request, served, learner, for_puzzle, line)
    day_before, day_after = when - timedelta(days=1), when + timedelta(days=1)
    return show(request, served, action=action, nav="daily", title=f"Daily puzzle {when.isoformat()}",
                heading=f"Daily puzzle · {long_date(when)}",
                before=day_before.isoformat() if day_before >= EARLIEST else None,
                after=day_after.isoformat() if day_after <= LATEST else None, again=f"{action}/again")


async def daily_today(request: Request) -> Response:
    """``/daily``: today's daily puzzle (its own address is ``/daily/YYYY-MM-DD``)."""
    return await _daily(request, await run_in_threadpool(parse_day, None))


async def daily_on(request: Request) -> Response:
    """``/daily/YYYY-MM-DD``: the daily puzzle of that date."""
    text = str(request.path_params["day"])
    when = daily_of(text)
    if when is None:
        shown = text if len(text) <= 40 else text[:30] + "…"
        return not_found(request, f"There is no daily puzzle for {shown!r}: the address takes a date as YYYY-MM-DD, "
                                  f"{WINDOW}.")
    return await _daily(request, when)


async def daily_again(request: Request) -> Response:
    """``POST /daily/YYYY-MM-DD/again``: replay a daily that was answered (practice)."""
    text = str(request.path_params["day"])
    when = daily_of(text)
    learner = current(request)
    if when is None:
        return not_found(request, f"There is no daily puzzle for {text[:40]!r}.")
    if learner is None:
        return choose_first(request)
    key = (str(learner.store), f"daily:{when.isoformat()}", "")
    old = attempts(request).get(key)
    if old is not None and old.done:
        made = await run_in_threadpool(_served_daily, when, learner.store)
        attempts(request).replace(key, made)
    return RedirectResponse(f"/daily/{when.isoformat()}", status_code=303)


# -- any puzzle by its id --------------------------------------------------------------------


async def _by_id(request: Request, make: Callable[[Puzzle], Served]) -> tuple[Response | None, Served | None]:
    learner = current(request)
    if learner is None:
        return choose_first(request), None
    puzzle_id = str(request.path_params["puzzle_id"])
    key = (str(learner.store), "p", puzzle_id)
    served = attempts(request).get(key)
    if served is None:
        puzzle = await run_in_threadpool(find_puzzle, puzzle_id, learner.store)
        if puzzle is None:
            shown = puzzle_id if len(puzzle_id) <= 40 else puzzle_id[:30] + "…"
            return not_found(request, f"There is no puzzle {shown!r} in the built-in pack or your review queue."), None
        served = attempts(request).open(key, lambda: make(puzzle))
    return None, served


async def by_id(request: Request) -> Response:
    """``/p/PUZZLE-ID``: any puzzle of the built-in pack (or of the learner's review queue)."""
    refused, served = await _by_id(request, Served)
    if refused is not None:
        return refused
    assert served is not None
    action = f"/p/{served.puzzle.id}"
    if request.method == "POST":
        learner = current(request)
        assert learner is not None
        line, for_puzzle = await read_line(request)
        await take_answer(request, served, learner, for_puzzle, line)
    return show(request, served, action=action, nav="", title=f"Puzzle {served.puzzle.id}",
                heading=f"Puzzle {served.puzzle.id}", again=f"{action}/again")


async def by_id_again(request: Request) -> Response:
    """``POST /p/PUZZLE-ID/again``: try a puzzle again after its attempt ended."""
    refused, served = await _by_id(request, Served)
    if refused is not None:
        return refused
    assert served is not None
    learner = current(request)
    assert learner is not None
    if served.done:
        attempts(request).replace((str(learner.store), "p", served.puzzle.id), Served(served.puzzle))
    return RedirectResponse(f"/p/{served.puzzle.id}", status_code=303)


routes = [
    Route("/daily", daily_today, methods=["GET", "POST"]),
    Route("/daily/{day}", daily_on, methods=["GET", "POST"]),
    Route("/daily/{day}/again", daily_again, methods=["POST"]),
    Route("/p/{puzzle_id}", by_id, methods=["GET", "POST"]),
    Route("/p/{puzzle_id}/again", by_id_again, methods=["POST"]),
]
