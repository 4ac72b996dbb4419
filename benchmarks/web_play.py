"""Server time of ``/play`` at 8 players (a bot's move, your move, the table), and of ``/review`` and ``/worksheet``.

    PYTHONPATH=. .venv/bin/python benchmarks/web_play.py [--games N] [--seed S] [--variants classic,fish54]

Plays whole 8-player games through the web app in this process (Starlette's
test client, so the time is the server's: routing, the guard, the game, the
save after every move, the template), the person's seat moved by ``auto``,
``expert`` opponents and ``basic`` partners (``literature play``'s defaults),
the coach on ``alert``. Each bot request is timed, and so is the same bot
move made directly with ``Match.bot_move`` on a copy of the game (the
baseline of the same run: what the web adds is the difference). A warm-up game
(not counted) compiles the engine's loops first. The goal of issue 32: a bot
move at 8 players under 0.2 s. Prints medians, p95 and worst, with the load
average.

Then the pages of ``/review`` (a complete 6-player game of 271 events and an
8-player personal log: a moment asked for the first time, which solves the
position, and again, from the cache) and ``/worksheet`` (a set built once,
then its pages), 40 runs each, with the 404 page as the baseline.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from trainer.play.game_ids import find_game
from trainer.play.match import Match
from trainer.play.saved import load

from web_helpers import client, form, token
from web_play_helpers import read_frame

GOAL = 0.2


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]


def line(label: str, values: list[float]) -> str:
    return (f"{label:<34} n={len(values):<5} median {statistics.median(values) * 1000:7.1f} ms   "
            f"p95 {p95(values) * 1000:7.1f} ms   worst {max(values) * 1000:7.1f} ms")


def play(seed: int, variant: str, into: dict[str, list[float]]) -> int:
    """One whole 8-player game through the web app; returns its events."""
    home = Path(tempfile.mkdtemp(prefix="web-play-bench-"))
    os.environ["LITERATURE_HOME"] = str(home)
    browser = client(home)
    response = form(browser, "/play/new", {"seed": str(seed), "players": "8", "variant": variant,
                                           "coach": "alert"}, follow_redirects=False)
    name = response.headers["location"].rsplit("/", 1)[1]  # (the game's opaque id)
    path = find_game(home, home / "games", name)
    assert path is not None
    headers = {"HX-Request": "true", "X-CSRF-Token": token(browser)}
    answer: dict[str, object] = {"over": False, "your_move": False}
    while not answer["over"]:
        if answer["your_move"]:
            start = time.perf_counter()
            answer = read_frame(browser.post(f"/play/game/{name}/act", data={"line": "auto"}, headers=headers).text)
            into.setdefault("your move (auto) request", []).append(time.perf_counter() - start)
            start = time.perf_counter()
            browser.get(f"/play/game/{name}")
            into.setdefault("the table page (GET)", []).append(time.perf_counter() - start)
            continue
        before: Match = load(path)
        start = time.perf_counter()
        answer = read_frame(browser.post(f"/play/game/{name}/bot", data={}, headers=headers).text)
        into.setdefault("bot move request (POST .../bot)", []).append(time.perf_counter() - start)
        if not answer["over"] and before.decider()[0] != before.you:
            start = time.perf_counter()
            before.bot_move()
            into.setdefault("the same bot move, Match.bot_move", []).append(time.perf_counter() - start)
    return int(str(answer.get("events", 0)))


EXAMPLES = Path(__file__).resolve().parent.parent / "tests" / "data"


def pages(runs: int = 40) -> None:
    """The review's and the worksheet's pages, once warm (and a moment of a review the first time)."""
    home = Path(tempfile.mkdtemp(prefix="web-pages-bench-"))
    os.environ["LITERATURE_HOME"] = str(home)
    browser = client(home)
    timings: dict[str, list[float]] = {}

    def timed(label: str, url: str) -> None:
        start = time.perf_counter()
        response = browser.get(url)
        timings.setdefault(label, []).append(time.perf_counter() - start)
        assert response.status_code in (200, 202, 404), (url, response.status_code)

    logs = {name: form(browser, "/review/upload", {"text": (EXAMPLES / name).read_text()},
                       follow_redirects=False).headers["location"]
            for name in ("complete-classic-6p.lit", "personal-fish54-8p.lit")}
    for name, address in logs.items():
        total = 269 if "complete" in name else 45
        for _ in range(1200):  # the review's notes are worked out in the background: time the pages after
            if 'data-status="working"' not in browser.get(f"{address}?event=0").text:
                break
            time.sleep(0.1)
        for run in range(runs):
            event = 1 + run * (total - 1) // runs
            timed(f"/review moment, first time ({name[:8]})", f"{address}?event={event}")
            timed(f"/review moment, again ({name[:8]})", f"{address}?event={event}&fragment=1")
    query = "count=4&level=1&level=2&variant=classic&players=6&seed=9"
    start = time.perf_counter()
    timed("/worksheet?... (being prepared: 202)", f"/worksheet?{query}")
    while browser.get(f"/worksheet?{query}").status_code == 202:  # (made in the background)
        time.sleep(0.05)
    built = time.perf_counter() - start
    for _ in range(runs):
        timed("404 page (baseline)", "/no-such-page")
        timed("/review", "/review")
        timed("/worksheet (the form)", "/worksheet")
        timed("/worksheet?... (a set made)", f"/worksheet?{query}")
        timed("/worksheet/sheet?...", f"/worksheet/sheet?{query}")
        timed("/worksheet/file/worksheet.md?...", f"/worksheet/file/worksheet.md?{query}")
        timed("/play (the list and the form)", "/play")
    print(f"\npages, {runs} runs each (a 4-puzzle worksheet of levels 1-2 was built once in {built:.1f} s)")
    for label, values in timings.items():
        print(line(label, values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per variant (default 2)")
    parser.add_argument("--seed", type=int, default=2032)
    parser.add_argument("--variants", default="classic,fish54")
    options = parser.parse_args()
    play(options.seed - 1, "classic", {})  # warm-up: the engine's compiled loops
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    for variant in options.variants.split(","):
        timings: dict[str, list[float]] = {}
        events = [play(options.seed + k, variant, timings) for k in range(options.games)]
        print(f"\n{variant}, 8 players, {options.games} games ({', '.join(map(str, events))} events), expert "
              "opponents, basic partners, coach alert")
        for label, values in timings.items():
            print(line(label, values))
        bot = timings["bot move request (POST .../bot)"]
        base = timings["the same bot move, Match.bot_move"]
        print(f"median ratio request / Match.bot_move: {statistics.median(bot) / statistics.median(base):.2f}; "
              f"goal p95 < {GOAL * 1000:.0f} ms: {'met' if p95(bot) < GOAL else 'NOT met'}")
    pages()
    print(f"\nload average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
