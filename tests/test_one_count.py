"""One count: after the same answers, every face says the same numbers in the same words.

A scripted learner answers over two days (a fixed clock: ``LITERATURE_NOW``), through the terminal's
``daily`` and ``train`` and through the web's daily page: some puzzles right at the first answer, one right
on a later try, one revealed, one answered wrong then skipped (missed), one skipped before any answer. Then the
terminal's session summaries, ``literature stats``, ``stats --json``, the web's home page and ``/stats`` are
read, and each must show the figures worked out by hand below. A face that counted for itself (the session's
"solved" as only the first answers, a page's "solved" as only the first answers, the attempts of replays...)
would show another number and fail.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from answers import wrong_answer
from hypothesis import given
from hypothesis import strategies as st

from puzzles import session as session_module
from puzzles.counts import Attempted, Counts, by_level, count
from puzzles.daily import daily_puzzle
from puzzles.files import load_puzzles
from puzzles.marking import format_answer
from puzzles.model import Puzzle
from puzzles.progress import learner_summary

import command_line
from web_helpers import client, form, text_of

DATA = Path(__file__).parent / "data" / "puzzles" / "six-diamonds.json"
PUZZLES = load_puzzles(DATA)
DAY_1, DAY_2 = date(2026, 6, 10), date(2026, 6, 11)


def right(puzzle: Puzzle) -> str:
    return format_answer(puzzle.answer) + "\n"


def wrong(puzzle: Puzzle) -> str:
    return wrong_answer(puzzle) + "\n"


def run(*args: str, input: str = "") -> str:
    result = command_line.invoke(*args, input=input, env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Puzzle]]:
    """``train`` draws the puzzles of this list, in order (which puzzle comes is not what is tested here)."""
    queue: list[Puzzle] = []

    def draw(*args: Any, **kwargs: Any) -> Puzzle | None:
        return queue.pop(0) if queue else None

    monkeypatch.setattr(session_module, "draw", draw)
    yield queue


def session_panel(out: str) -> str:
    """The text of the session summary at the end of a ``train`` run."""
    return out[out.rindex("Session"):]


def squeeze(text: str) -> str:
    """Panel text without borders, one space between words."""
    return " ".join(text.replace("│", " ").replace("╭", " ").replace("╰", " ").split())


def test_every_face_shows_the_same_figures_after_the_same_answers(
    scripted: list[Puzzle], monkeypatch: pytest.MonkeyPatch
) -> None:
    claim, locate, claim54, locate54, certain = PUZZLES
    # -- day 1, in the terminal: the daily right at the first answer; a session of three
    monkeypatch.setenv("LITERATURE_NOW", f"{DAY_1}T14:00:00+00:00")
    run("daily", input=right(daily_puzzle(DAY_1)))
    scripted[:] = [claim, locate, claim54]
    out = run("train", "--pack", str(DATA), "--count", "3", "--no-pause",
              input=right(claim) + wrong(locate) + right(locate) + "reveal\n")
    first_session = squeeze(session_panel(out))
    assert "Puzzles 2 solved of 3 tried 1 at the first answer, 1 on a later try 1 revealed" in first_session
    assert "First answer 33% right" in first_session

    # -- day 2: the daily right at the first answer in the browser; a session in the terminal
    monkeypatch.setenv("LITERATURE_NOW", f"{DAY_2}T09:30:00+00:00")
    browser = client(Path(os.environ["LITERATURE_HOME"]))
    daily_2 = daily_puzzle(DAY_2)
    browser.get(f"/daily/{DAY_2}")
    answered = form(browser, f"/daily/{DAY_2}", {"line": right(daily_2).strip(), "puzzle": daily_2.id})
    assert answered.status_code == 200 and "Correct" in answered.text
    scripted[:] = [locate54, certain]
    out = run("train", "--pack", str(DATA), "--count", "2", "--no-pause",
              input=wrong(locate54) + "skip\n" + "skip\n")
    second_session = squeeze(session_panel(out))
    assert "Puzzles 0 solved of 1 tried 0 at the first answer 1 missed" in second_session
    assert "Attempts 1 attempt (also 1 skipped)" in second_session

    # -- every figure, worked out by hand: two dailies and the claim right at the first answer, the locate on a
    # later try, the fish-54 claim revealed, the fish-54 locate missed; the certain question only skipped
    expected = Counts(first_answer=3, later_try=1, revealed=1, missed=1, attempts=6, skipped=1, quit=0)
    summary = learner_summary()
    assert summary.counts == expected
    assert (summary.streak.current, summary.streak.best, summary.streak.today_done) == (2, 2, True)

    data = json.loads(run("stats", "--json"))
    assert {k: data[k] for k in ("tried", "solved", "first_answer", "later_try", "revealed", "missed", "attempts",
                                 "skipped", "quit")} == {"tried": 6, "solved": 4, "first_answer": 3, "later_try": 1,
                                                         "revealed": 1, "missed": 1, "attempts": 6, "skipped": 1,
                                                         "quit": 0}
    assert (data["attempted"], data["first_try_accuracy"], data["first_answer_share"]) == (6, 0.5, 0.5)
    assert (data["streak"], data["best_streak"], data["today_done"]) == (2, 2, True)
    levels = data["by_level"]
    assert sum(row["tried"] for row in levels.values()) == 6 and sum(row["solved"] for row in levels.values()) == 4
    assert sum(row["first_answer"] for row in levels.values()) == 3
    rating = round(data["rating"])
    deviation = round(data["rating_deviation"])

    # the session summaries add up to what stats says of the sessions' puzzles (every puzzle once)
    sessions = [(2, 3), (0, 1)]
    dailies = 2  # both right at the first answer
    assert sum(s for s, _ in sessions) + dailies == data["solved"]
    assert sum(t for _, t in sessions) + dailies == data["tried"]

    text = squeeze(run("stats"))
    assert f"Rating {rating}? ± {deviation} (provisional)" in text
    assert "Puzzles 4 solved of 6 tried 3 at the first answer, 1 on a later try 1 revealed, 1 missed" in text
    assert "First answer 50% right" in text
    assert "Attempts 6 attempts (also 1 skipped)" in text
    assert "Daily streak 2 days (best 2; done today)" in text

    home = text_of(browser.get("/").text)
    assert f"Rating {rating}? ± {deviation}" in home
    assert "Daily streak 2 days (best 2; done today)" in home
    assert "Puzzles 4 solved of 6 tried" in home
    assert "Solved today at the first answer: the streak goes on." in home  # the day's daily, as the streak counts it
    assert "3 at the first answer, 1 on a later try, 1 revealed, 1 missed" in home

    page = browser.get("/stats")
    assert page.status_code == 200
    stats = text_of(page.text)
    assert f"{rating}? ± {deviation}" in stats
    assert "4 solved of 6 tried" in stats
    assert "3 at the first answer, 1 on a later try, 1 revealed, 1 missed" in stats
    assert "First answer 50% right · 6 attempts (also 1 skipped)" in stats
    assert "Daily streak 2 days best 2; done today" in stats
    rows = re.findall(r"(\d) · [a-z ]+ (\d+)/(\d+) (\d+)%", stats)  # level, solved/tried, first answer
    assert sorted((int(lvl), int(s), int(t), int(pct)) for lvl, s, t, pct in rows) == sorted(
        (int(lvl), row["solved"], row["tried"], round(100 * row["first_answer_share"]))
        for lvl, row in levels.items() if int(lvl))
    assert len(rows) == len(levels)


def test_a_later_try_counts_as_solved_in_the_session_and_in_stats(scripted: list[Puzzle]) -> None:
    """The disagreement of issue 38: the session said "1 more on a later try", stats counted it unsolved."""
    scripted[:] = [PUZZLES[1]]
    out = run("train", "--pack", str(DATA), "--count", "1", "--no-pause",
              input=wrong(PUZZLES[1]) + right(PUZZLES[1]))
    assert "1 solved of 1 tried" in squeeze(session_panel(out))
    data = json.loads(run("stats", "--json"))
    assert (data["solved"], data["first_answer"], data["later_try"]) == (1, 0, 1)



def test_the_web_trainers_summary_counts_as_stats_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """The web's /train ends with the terminal's figures, in its words; stats then says the same."""
    from puzzles import training

    queue = [PUZZLES[1], PUZZLES[2]]
    monkeypatch.setattr(training, "draw", lambda *args, **kwargs: queue.pop(0) if queue else None)
    browser = client(Path(os.environ["LITERATURE_HOME"]))
    form(browser, "/train/start", {"count": "2"})
    form(browser, "/train", {"line": wrong(PUZZLES[1]).strip(), "puzzle": PUZZLES[1].id})
    form(browser, "/train", {"line": right(PUZZLES[1]).strip(), "puzzle": PUZZLES[1].id})
    form(browser, "/train/next", {})
    form(browser, "/train", {"do": "reveal", "puzzle": PUZZLES[2].id})
    summary = text_of(form(browser, "/train/end", {}).text)
    assert "Session over" in summary
    assert "1 solved of 2 tried 0 at the first answer, 1 on a later try, 1 revealed" in summary
    data = json.loads(run("stats", "--json"))
    assert (data["tried"], data["solved"], data["first_answer"], data["later_try"], data["revealed"]) == (2, 1, 0, 1, 1)
    assert "Puzzles 1 solved of 2 tried" in text_of(browser.get("/").text)


# -- the counting itself ------------------------------------------------------------------------------------------

def _attempt(puzzle: str, correct: bool, ending: str, answered: bool) -> Attempted:
    """A consistent attempt: a right first answer solves; solving takes an answer; each puzzle has one level."""
    if correct:
        ending = "solved"
    answered = answered or ending == "solved"
    return Attempted(puzzle, "abcd".index(puzzle) % 3 + 1, correct, ending, answered)


ATTEMPTS = st.lists(
    st.builds(_attempt, st.sampled_from("abcd"), st.booleans(), st.sampled_from(["solved", "revealed", "skipped",
                                                                                 "quit"]), st.booleans()),
    max_size=12,
)


@given(ATTEMPTS)
def test_every_puzzle_tried_is_counted_once(attempts: list[Attempted]) -> None:
    counts = count(attempts)
    played = [a for a in attempts if a.played]
    assert counts.tried == len({a.puzzle_id for a in played})
    assert counts.first_answer + counts.later_try + counts.revealed + counts.missed == counts.tried
    assert counts.attempts == len(played)
    assert counts.skipped + counts.quit == len(attempts) - len(played)
    assert counts.solved == len({a.puzzle_id for a in played if a.ending == "solved" or a.correct})
    levels = by_level(attempts)  # a puzzle has one level: the levels' counts add up to the whole
    assert all(c.tried for c in levels.values())
    assert sum(c.tried for c in levels.values()) == counts.tried
    assert sum(c.solved for c in levels.values()) == counts.solved


@given(ATTEMPTS, ATTEMPTS)
def test_a_puzzle_first_answered_wrong_is_never_right_at_the_first_answer(
    earlier: list[Attempted], later: list[Attempted]
) -> None:
    first = {}
    for a in earlier + later:
        if a.played:
            first.setdefault(a.puzzle_id, a.correct)
    assert count(earlier + later).first_answer == sum(first.values())
