"""``/learn`` and ``/learn/N``: the course (:mod:`puzzles.course`), the same progress as ``literature learn``.

``/learn/N`` shows the idea and the worked example, stepped with ``?step=K`` (htmx asks for the step's
fragment); its guided puzzle and practice are the puzzle page's own answer flow
(:func:`trainer.web.puzzles.answered`), a practice attempt stored as the lesson's
(:class:`puzzles.attempts.Served` ``lesson``), which marks the lesson done at mastery.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from puzzles.attempts import Served
from puzzles.course import LESSONS, Lesson, course_of, open_lesson, practice_for, puzzle
from trainer.render.course import (
    TITLES,
    course_page,
    example_board,
    example_page,
    guided_intro,
    lesson_page,
    watch_page,
)
from trainer.render.course import practice_line as practice_words
from trainer.web.learners import choose_first, current
from trainer.web.pages import not_found, page
from trainer.web.puzzles import answered, attempts


async def course(request: Request) -> Response:
    """``/learn``: every lesson, its status for the learner, and what is next."""
    learner = current(request)
    found = await run_in_threadpool(course_of, learner.store if learner else None)
    return page(request, "learn.html", nav="learn", title="Learn", course=course_page(found))


def _chosen(request: Request) -> Lesson | None:
    text = str(request.path_params["number"])
    return next((x for x in LESSONS if str(x.number) == text), None)


async def lesson(request: Request) -> Response:
    """``/learn/N``: the lesson's idea and worked example (``?step=K``: that step; htmx gets the fragment)."""
    chosen, learner = _chosen(request), current(request)
    if chosen is None:
        return not_found(request, f"There is no lesson {str(request.path_params['number'])[:20]!r}: the lessons "
                                  f"are 1 to {len(LESSONS)}.")
    if learner is None:
        return choose_first(request)
    text = request.query_params.get("step", "")
    example = await run_in_threadpool(puzzle, chosen.example)
    shown = example_page(example, int(text) if text.isdigit() and len(text) < 4 else 0)
    if request.headers.get("hx-request") == "true":
        return page(request, "learn_example.html", ex=shown, number=chosen.number)
    await run_in_threadpool(open_lesson, learner.store, chosen.number)
    standing = (await run_in_threadpool(course_of, learner.store))[LESSONS.index(chosen)]
    return page(request, "learn_lesson.html", nav="learn", title=TITLES[chosen.number], ex=shown,
                number=chosen.number, lesson=lesson_page(chosen, standing), board=example_board(example))


async def puzzles(request: Request) -> Response:
    """``/learn/N/guided``: the guided puzzle (``/again``: try it again); ``/learn/N/practice``: practice at the
    lesson's level, one puzzle at a time until mastery (``POST /learn/N/next``: the next, once one has ended)."""
    chosen, learner, path = _chosen(request), current(request), request.url.path
    if chosen is None or learner is None:
        return choose_first(request) if chosen is not None else not_found(request, "There is no such lesson.")
    n, is_guided = chosen.number, "/guided" in path
    key = (str(learner.store), f"learn:{n}" + (":guided" if is_guided else ""), "")
    action = f"/learn/{n}/guided" if is_guided else f"/learn/{n}/practice"
    served = attempts(request).get(key)
    if served is None or (path.endswith(("/next", "/again")) and served.done):
        drawn = await run_in_threadpool(lambda: puzzle(chosen.guided) if is_guided else practice_for(learner.store,
                                                                                                       chosen))
        if drawn is None:
            return not_found(request, f"There is no practice puzzle for lesson {n}.")
        served = attempts(request).replace(key, Served(drawn, lesson=None if is_guided else n,
                                                       memory=chosen.memory and not is_guided))
    if path.endswith(("/next", "/again")):
        return RedirectResponse(action, status_code=303)
    standing = (await run_in_threadpool(course_of, learner.store))[LESSONS.index(chosen)]
    line = guided_intro(chosen) if is_guided else practice_words(chosen, standing)
    if served.memory and request.method == "GET" and "watched" not in request.query_params and not served.done:
        return page(request, "learn_watch.html", nav="learn", title=TITLES[n], heading=f"Lesson {n} · practice",
                    number=n, lesson_line=line, w=await run_in_threadpool(watch_page, served.puzzle, 0))
    return await answered(request, served, action=action + ("?watched=1" if served.memory else ""), nav="learn",
                          title=TITLES[n], lesson_number=n,
                          heading=f"Lesson {n} · {'guided puzzle' if is_guided else 'practice'}",
                          lesson_line=line, memory=served.memory,
                          again=f"{action}/again" if is_guided else None, next_form=f"/learn/{n}/next",
                          next_label="On to practice" if is_guided else "Next practice puzzle")


async def watch(request: Request) -> Response:
    """``/learn/N/watch?move=K``: move K of the memory practice puzzle under way (htmx gets the fragment)."""
    chosen, learner, text = _chosen(request), current(request), request.query_params.get("move", "")
    if chosen is None or learner is None:
        return RedirectResponse("/learn", status_code=303)
    served = attempts(request).get((str(learner.store), f"learn:{chosen.number}", ""))
    if served is None or not served.memory:
        return RedirectResponse(f"/learn/{chosen.number}/practice", status_code=303)
    shown = await run_in_threadpool(watch_page, served.puzzle, int(text) if text.isdigit() and len(text) < 5 else 0)
    standing = (await run_in_threadpool(course_of, learner.store))[LESSONS.index(chosen)]
    return page(request, "learn_watch_move.html" if request.headers.get("hx-request") == "true" else "learn_watch.html",
                nav="learn", number=chosen.number, title=TITLES[chosen.number], w=shown,
                heading=f"Lesson {chosen.number} · practice", lesson_line=practice_words(chosen, standing))


routes = [
    Route("/learn", course, methods=["GET"]),
    Route("/learn/{number}", lesson, methods=["GET"]),
    Route("/learn/{number}/guided", puzzles, methods=["GET", "POST"]),
    Route("/learn/{number}/guided/again", puzzles, methods=["POST"]),
    Route("/learn/{number}/practice", puzzles, methods=["GET", "POST"]),
    Route("/learn/{number}/next", puzzles, methods=["POST"]),
    Route("/learn/{number}/watch", watch, methods=["GET"]),
]
