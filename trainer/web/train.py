"""``/train``: a session of puzzles near the learner's rating, mixed or on one technique, the review queue first.

The session is :class:`puzzles.training.Training` (drawn exactly as
``literature train`` draws), one per learner, kept in the server's memory
like the attempts; each puzzle is shown on the puzzle page
(:func:`trainer.web.puzzles.answered`), and the session ends with the
command's summary (:func:`trainer.render.web.attempt.summary_view`).
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from puzzles import training as trainings
from puzzles.training import COUNTS, Training, level_choice
from trainer.game.errors import LiteratureError
from trainer.render.web.attempt import focus_of, summary_view
from trainer.web.learners import choose_first, current
from trainer.web.pages import page
from trainer.web.puzzles import answered

MAX_SESSIONS = 5_000


def sessions(request: Request) -> dict[str, Training]:
    """The sessions under way, by learner store."""
    state = request.app.state
    if not hasattr(state, "sessions"):
        state.sessions = {}
    found: dict[str, Training] = state.sessions
    return found


def session_of(request: Request) -> Training | None:
    """The session under way of the browser's learner, if any (for the home page)."""
    learner = current(request)
    return sessions(request).get(str(learner.store)) if learner is not None else None


async def train(request: Request) -> Response:
    """``/train``: the puzzle under way, the summary of a session just ended, or the form to start one."""
    learner = current(request)
    if learner is None:
        return choose_first(request)
    training = sessions(request).get(str(learner.store))
    if training is not None and training.served is not None:
        last = training.number >= training.count
        return await answered(request, training.served, action="/train", nav="train", title="Train", heading="Train",
                              session={"number": training.number, "count": training.count,
                                       "focus": focus_of(training.level, training.technique, training.review)},
                              next_form="/train/next", next_label="See the summary" if last else "Next puzzle",
                              end_form="/train/end")
    if request.method == "POST":
        return RedirectResponse("/train", status_code=303)
    summary = summary_view(await run_in_threadpool(training.summary)) if training is not None else None
    options = await run_in_threadpool(trainings.options, learner.store)
    return page(request, "train.html", nav="train", title="Train", summary=summary, reason="",
                chosen=level_choice(request.query_params.get("level", "")[:3]), **options)


async def start(request: Request) -> Response:
    """``POST /train/start``: a new session (``level``: 1-6, or empty for near the rating; ``technique``: one,
    or empty for mixed; ``count``; ``review``)."""
    learner = current(request)
    if learner is None:
        return choose_first(request)
    async with request.form(max_files=0, max_fields=20, max_part_size=4096) as form:
        technique = str(form.get("technique") or "").strip()[:60] or None
        level = level_choice(str(form.get("level") or "")[:3])
        count_text = str(form.get("count") or "10")
        review = str(form.get("review") or "") == "yes"
        seed_text = str(form.get("seed") or "")
    count = int(count_text) if count_text in {str(c) for c in COUNTS} else 10
    seed = int(seed_text) if seed_text.isdigit() and len(seed_text) < 19 else None
    try:
        training = await run_in_threadpool(trainings.start, learner.store, count, level, technique, review, seed)
    except LiteratureError as error:
        options = await run_in_threadpool(trainings.options, learner.store)
        return page(request, "train.html", status=400, nav="train", title="Train", summary=None,
                    reason=error.message, chosen=level, **options)
    found = sessions(request)
    found[str(learner.store)] = training
    while len(found) > MAX_SESSIONS:
        found.pop(next(iter(found)))
    return RedirectResponse("/train", status_code=303)


async def next_or_end(request: Request) -> Response:
    """``POST /train/next``: on to the next puzzle of the session (once the shown one is answered);
    ``POST /train/end``: stop the session and see its summary."""
    training = session_of(request)
    if current(request) is None:
        return choose_first(request)
    if training is not None:
        await run_in_threadpool(training.end if request.url.path == "/train/end" else training.next)
    return RedirectResponse("/train", status_code=303)


routes = [
    Route("/train", train, methods=["GET", "POST"]),
    Route("/train/start", start, methods=["POST"]),
    Route("/train/next", next_or_end, methods=["POST"]),
    Route("/train/end", next_or_end, methods=["POST"]),
]
