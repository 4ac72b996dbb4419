"""Class sets on ``serve``: the teacher's pages (``/classes``), the class's (``/c/CODE``), and their JSON API.

The class and its rules are :mod:`puzzles.classes`; the words and views
:mod:`trainer.render.classes`. A student's secret (and the teacher's) is kept
in this browser's cookie for the class's addresses only; a seat link
(``/c/CODE#seat=SECRET``, the teacher's ``/classes/CODE#seat=SECRET``) moves it
to another browser (``seat.js`` posts it to ``.../resume``). The API, with the
secrets as ``Authorization: Bearer``:

- ``POST /api/classes`` ``{"levels", "count", "kinds", "variant", "players", "hints", "closes", "title"}`` →
  ``{"class", "teacher", "puzzles", "link", "teacher_link", "expires", "closes"}``
- ``POST /api/classes/CODE/students`` ``{"name"}`` → ``{"secret", "link"}`` (409: the name, or one like it, is
  taken)
- ``GET /api/classes/CODE/puzzles/N`` (a student) → the puzzle as they see it; ``POST .../puzzles/N/hint``
- ``POST /api/classes/CODE/answers`` ``{"puzzle": N, "answer": "Bob 6D"}`` (a student) → the verdict
- ``GET /api/classes/CODE/results`` and ``.../results.csv`` (the teacher)
"""

from __future__ import annotations

import os
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from puzzles import classes as rules
from puzzles.classes import ClassError, Classes, ClassSet, Settings, pack_puzzle, well_formed
from puzzles.model import KINDS, LEVELS
from puzzles.quiz import QuizReply
from trainer import clock
from trainer.play.limits import ACT, CREATE, JOIN, READ, Limits
from trainer.render import classes as views
from trainer.render.quiz import hint_words
from trainer.web.pages import csrf_token, error_page, page
from trainer.web.table_api import answer, api, body_of, client_key, secret_of

MAX_AGE = 60 * 24 * 3600
"""How long a browser keeps a class's cookie (a class expires 60 days after it was made)."""


def store(request: Request) -> Classes:
    """The app's classes (made at the first request that needs them), and their rate limits."""
    state = request.app.state
    if getattr(state, "classes", None) is None:
        state.classes = Classes(state.home, clock=lambda: clock.now().timestamp())
        state.class_limits = Limits()
    found: Classes = state.classes
    return found


def limit(request: Request, key: str, rate: tuple[float, int]) -> None:
    """429 when ``key`` is over ``rate`` (per client address, or per secret)."""
    store(request)
    request.app.state.class_limits.check(key, rate)


def _now(request: Request) -> float:
    return store(request).clock()


# -- the API -----------------------------------------------------------------------------------


async def _make(request: Request, settings: Settings) -> tuple[ClassSet, str]:
    """A new class picked from the pack (in a worker thread) and the teacher's secret."""
    return await run_in_threadpool(rules.make_class, store(request), settings, int.from_bytes(os.urandom(7)),
                                   client_key(request))


@api
async def create(request: Request) -> Response:
    """``POST /api/classes``: a new class set; its code, the teacher's secret, the puzzles' ids, its dates."""
    limit(request, "create:" + client_key(request), CREATE)
    settings = Settings.read(await body_of(request), clock.today())
    made, teacher = await _make(request, settings)
    return answer({"class": made.code, "teacher": teacher, "puzzles": list(made.puzzles), "link": f"/c/{made.code}",
                   "teacher_link": f"/classes/{made.code}#seat={teacher}", **views.expiry_json(made)}, 201)


@api
async def join(request: Request) -> Response:
    """``POST /api/classes/CODE/students`` ``{"name"}``: a student joins; their secret (409: the name is taken)."""
    limit(request, "join:" + client_key(request), JOIN)
    body, code = await body_of(request), request.path_params["code"]
    secret = store(request).change(code, lambda c: c.join(body.get("name"), _now(request)))
    return answer({"secret": secret, "link": f"/c/{code}#seat={secret}"}, 201)


@api
async def puzzle(request: Request) -> Response:
    """``GET /api/classes/CODE/puzzles/N``: puzzle N as the student sees it (nothing of its answer before theirs)."""
    secret = secret_of(request)
    limit(request, "read:" + (secret or client_key(request)), READ)
    code, n = request.path_params["code"], request.path_params["n"]
    work = store(request).change(code, lambda c: c.open(secret, n, _now(request)))
    found = store(request).get(code)
    shown = await run_in_threadpool(views.student_json, found, n, pack_puzzle(found.puzzle_id(n)), work)
    return answer(shown)


@api
async def hint(request: Request) -> Response:
    """``POST /api/classes/CODE/puzzles/N/hint``: the next hint, when the teacher allows them."""
    secret = secret_of(request)
    limit(request, "act:" + (secret or client_key(request)), ACT)
    code, n = request.path_params["code"], request.path_params["n"]
    found = store(request).get(code)
    shown = pack_puzzle(found.puzzle_id(n))
    given = store(request).change(code, lambda c: c.hint(secret, n, shown, _now(request)))
    work = store(request).change(code, lambda c: c.open(secret, n, _now(request)))
    return answer({"hint": str(hint_words(given, shown)), "taken": work.hints})


@api
async def answers(request: Request) -> Response:
    """``POST /api/classes/CODE/answers`` ``{"puzzle": N, "answer": "Bob 6D"}``: the verdict (400: unreadable)."""
    secret = secret_of(request)
    limit(request, "act:" + (secret or client_key(request)), ACT)
    body, code = await body_of(request), request.path_params["code"]
    found = store(request).get(code)
    found.student(secret)
    n = found.number(body.get("puzzle"))
    reply, counted, shown = await run_in_threadpool(store(request).mark, code, secret, n, body.get("answer"),
                                                    _now(request))
    if reply.kind not in ("wrong", "verdict"):
        raise ClassError(views.refused_answer(reply, shown))
    return answer({"puzzle": n, **views.verdict_json(reply, shown, counted)})


def _teacher(request: Request, secret: str | None) -> ClassSet:
    limit(request, "read:" + (secret or client_key(request)), READ)
    found = store(request).get(request.path_params["code"])
    found.check_teacher(secret)
    return found


@api
async def results(request: Request) -> Response:
    """``GET /api/classes/CODE/results`` (the teacher): every student's answers, and per puzzle the share right
    and the wrong answers given most; ``.../results.csv``: the same as a spreadsheet."""
    found = _teacher(request, secret_of(request) or request.cookies.get(f"lit_teacher_{request.path_params['code']}"))
    if request.url.path.endswith(".csv"):
        return PlainTextResponse(views.results_csv(found.results()), media_type="text/csv", headers={
            "content-disposition": f'attachment; filename="class-{found.code}.csv"', "cache-control": "no-store"})
    return answer(views.results_json(found))


# -- the pages ---------------------------------------------------------------------------------


def _keep(response: Response, name: str, secret: str, path: str) -> None:
    response.set_cookie(name, secret, max_age=MAX_AGE, path=path, httponly=True, samesite="strict")


def _form(request: Request, error: str = "", status: int = 200) -> Response:
    return page(request, "classes.html", status=status, nav="classes", title="Class sets", error=error,
                levels=LEVELS, kinds=KINDS, max_count=rules.MAX_COUNT, max_students=rules.MAX_STUDENTS)


async def teacher_home(request: Request) -> Response:
    """``GET /classes``: the form for a new set; ``POST /classes``: make it (this browser is its teacher)."""
    if request.method != "POST":
        return _form(request)
    async with request.form(max_files=0, max_fields=40, max_part_size=4096) as raw:
        fields = {key: [str(v) for v in raw.getlist(key)] for key in raw}
    try:
        limit(request, "create:" + client_key(request), CREATE)
        settings = Settings.read(rules.form_settings(fields), clock.today())
        made, teacher = await _make(request, settings)
    except ClassError as error:
        return _form(request, error.message, error.status)
    response = RedirectResponse(f"/classes/{made.code}", status_code=303)
    _keep(response, f"lit_teacher_{made.code}", teacher, f"/classes/{made.code}")
    return response


async def teacher_page(request: Request) -> Response:
    """``GET /classes/CODE``: the teacher's grid (``/grid``: the fragment alone, which the page reloads), and
    ``/sheet``, ``/answers``: the set as a printable worksheet and its key. Without the teacher's cookie: 403."""
    code = request.path_params["code"]
    secret = request.cookies.get(f"lit_teacher_{code}")
    try:
        found = _teacher(request, secret if well_formed(secret) else None)
    except ClassError as error:
        return page(request, "class_teacher.html", status=error.status, nav="classes", title="Class set",
                    refused=error.message, code=code)
    part = request.url.path.rsplit("/", 1)[-1]
    puzzles = [pack_puzzle(p) for p in found.puzzles]
    if part in ("sheet", "answers"):
        text = await run_in_threadpool(views.printable, found, puzzles, part)
        return HTMLResponse(text, headers={"cache-control": "no-store"})
    view = views.teacher_view(found, puzzles, str(secret), str(request.base_url).rstrip("/"))
    if part == "grid":
        return page(request, "class_grid.html", **view)
    return page(request, "class_teacher.html", nav="classes", title=f"Class {code}", **view)


async def resume(request: Request) -> Response:
    """``POST /c/CODE/resume`` (or ``/classes/CODE/resume``) ``secret``: a seat link opened in this browser."""
    code, teacher = request.path_params["code"], request.url.path.startswith("/classes/")
    async with request.form(max_files=0, max_fields=5) as raw:
        secret = str(raw.get("secret", ""))[:100]
    try:
        limit(request, "join:" + client_key(request), JOIN)
        found = store(request).get(code)
        found.check_teacher(secret) if teacher else found.student(secret)
    except ClassError as error:
        return error_page(request, error.status, "Cannot do that", error.message)
    base = f"/classes/{code}" if teacher else f"/c/{code}"
    response = RedirectResponse(base, status_code=303)
    _keep(response, f"lit_teacher_{code}" if teacher else f"lit_class_{code}", secret, base)
    return response


def _student(request: Request, found: ClassSet) -> tuple[str | None, Any]:
    secret = request.cookies.get(f"lit_class_{found.code}")
    try:
        return secret, found.student(secret if well_formed(secret) else None)
    except ClassError:
        return None, None


async def student_home(request: Request) -> Response:
    """``GET /c/CODE``: the class's page: a name to join with, or the student's puzzles and seat link;
    ``POST /c/CODE/join`` ``name``: join (this browser keeps the seat)."""
    code = request.path_params["code"]
    try:
        found = store(request).get(code)
        if request.method == "POST":
            async with request.form(max_files=0, max_fields=5, max_part_size=1024) as raw:
                name = str(raw.get("name", ""))[:100]
            limit(request, "join:" + client_key(request), JOIN)
            secret = store(request).change(code, lambda c: c.join(name, _now(request)))
            response = RedirectResponse(f"/c/{code}/1", status_code=303)
            _keep(response, f"lit_class_{code}", secret, f"/c/{code}")
            return response
    except ClassError as error:
        status = error.status
        if request.method != "POST" or status in (404, 410):
            return page(request, "class_student.html", status=status, title="Class", refused=error.message, code=code)
        return page(request, "class_student.html", status=status, title="Class", code=code, class_set=found,
                    error=error.message, settings_line=views.student_line(found), dates=views.dates_line(found))
    secret, student = _student(request, found)
    link = f"{request.base_url}c/{code}#seat={secret}" if student else None
    return page(request, "class_student.html", title=f"Class {code}", code=code, class_set=found, student=student,
                progress=views.progress(found, student) if student else [], settings_line=views.student_line(found),
                dates=views.dates_line(found), own_link=link)


async def student_puzzle(request: Request) -> Response:
    """``GET /c/CODE/N``: puzzle N for this browser's student; ``POST`` ``do`` (``answer``, ``hint``) and ``line``:
    htmx swaps in the reply fragment (a plain form is sent back to the page)."""
    code, n = request.path_params["code"], request.path_params["n"]
    try:
        found = store(request).get(code)
        found.number(n)
    except ClassError as error:
        return page(request, "class_student.html", status=error.status, title="Class", refused=error.message,
                    code=code)
    secret, student = _student(request, found)
    if student is None:
        return RedirectResponse(f"/c/{code}", status_code=303)
    shown = pack_puzzle(found.puzzle_id(n))
    replies: list[QuizReply] = []
    refused = ""
    if request.method == "POST":
        async with request.form(max_files=0, max_fields=10, max_part_size=8192) as raw:
            do, line = str(raw.get("do", "answer")), str(raw.get("line", ""))[:2000]
        line = "none" if do == "none" else line
        try:
            limit(request, "act:" + str(secret), ACT)
            if do == "hint":
                store(request).change(code, lambda c: c.hint(secret, n, shown, _now(request)))
            else:
                replies.append((await run_in_threadpool(store(request).mark, code, secret, n, line,
                                                        _now(request)))[0])
        except ClassError as error:
            refused = error.message
        if request.headers.get("hx-request") != "true":
            return RedirectResponse(f"/c/{code}/{n}#reply", status_code=303)
    work = store(request).change(code, lambda c: c.open(secret, n, _now(request)))
    context = await run_in_threadpool(views.student_context, found, student, n, shown, work, replies,
                                      found.hints_taken(work, shown))
    template = "class_reply.html" if request.method == "POST" else "class_puzzle.html"
    return page(request, template, title=f"Class {code} · puzzle {n}", action=f"/c/{code}/{n}", refused=refused,
                csrf=csrf_token(request), **context)


routes = [
    Route("/api/classes", create, methods=["POST"]),
    Route("/api/classes/{code}/students", join, methods=["POST"]),
    Route("/api/classes/{code}/puzzles/{n:int}", puzzle, methods=["GET"]),
    Route("/api/classes/{code}/puzzles/{n:int}/hint", hint, methods=["POST"]),
    Route("/api/classes/{code}/answers", answers, methods=["POST"]),
    Route("/api/classes/{code}/results", results, methods=["GET"]),
    Route("/api/classes/{code}/results.csv", results, methods=["GET"]),
    Route("/classes", teacher_home, methods=["GET", "POST"]),
    Route("/classes/{code}", teacher_page, methods=["GET"]),
    Route("/classes/{code}/grid", teacher_page, methods=["GET"]),
    Route("/classes/{code}/sheet", teacher_page, methods=["GET"]),
    Route("/classes/{code}/answers", teacher_page, methods=["GET"]),
    Route("/classes/{code}/results.csv", results, methods=["GET"]),
    Route("/classes/{code}/resume", resume, methods=["POST"]),
    Route("/c/{code}", student_home, methods=["GET"]),
    Route("/c/{code}/join", student_home, methods=["POST"]),
    Route("/c/{code}/resume", resume, methods=["POST"]),
    Route("/c/{code}/{n:int}", student_puzzle, methods=["GET", "POST"]),
]
