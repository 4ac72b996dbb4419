"""The puzzle pages, training and stats in the browser, through the test client (the clock is conftest's:
Wednesday 2026-06-10, whose daily puzzle is p-8f225eb05bae, a level-3 (ask history) puzzle, "Who holds KD?",
answered ``Ann KD``; checked by hand: Dan's ask on move 18 leaves him JD, then Ann's on move 81 leaves her KD)."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from puzzles.daily import checked_daily
from puzzles.marking import format_answer
from puzzles.store import Progress
from trainer.game.cards import Card
from trainer.game.errors import NotationError

from web_helpers import client, form, text_of

TODAY = "2026-06-10"
DAILY = checked_daily(date(2026, 6, 10)).id
RIGHT = format_answer(checked_daily(date(2026, 6, 10)).expected)
WRONG = "Dan KD"  # well formed, but Dan asked for KD on move 68
TOMORROW = checked_daily(date(2026, 6, 11)).id
OTHER = "p-06b0605bce3d"  # a level-5 (shared asks) puzzle of the training pool: "Who holds QD?"


def drawn(text: str) -> str:
    """Text as a page shows it once its cards are drawn (each card a span: its symbol, spaces round it)."""
    return " ".join(Card.parse(w.strip(",")).symbol + w[len(w.strip(",")):] if _card(w.strip(",")) else w
                    for w in text.split())


def _card(word: str) -> bool:
    try:
        Card.parse(word)
    except NotationError:
        return False
    return True


def _store(home: Path) -> Progress:
    return Progress(home / "progress.sqlite3")


def test_the_daily_is_drawn_as_a_table_with_the_hand_history_and_question(tmp_path: Path) -> None:
    page = client(tmp_path).get("/daily")
    assert page.status_code == 200
    text = text_of(page.text)
    assert (DAILY, RIGHT) == ("p-8f225eb05bae", "Ann KD")  # the answer, checked by hand
    assert "Daily puzzle · Wednesday 10 June 2026" in text
    assert page.text.count('data-seat="') == 6  # six seats round the table
    for size in ("You 8 cards", "Ann 14 cards", "Bob 8 cards", "Dan 8 cards", "Eve 6 cards", "Fay 4 cards"):
        assert size in text  # the viewer's seat and every hand size
    assert "us 0 – 0 them" in text  # no set claimed yet
    assert "your team (Cat, Ann, Eve)" in text
    assert "HH 9♥ LD 3♦ 5♦ LC 2♣ 7♣ HC 9♣ 10♣ A♣" in text  # the hand, by set
    assert '<span class="card red" data-card="9H">9♥</span>' in page.text
    assert 'id="m84"' in page.text and 'id="m85"' not in page.text  # the whole history, one entry per move
    assert "81 Ann → Dan 9♦ yes" in text  # the cards of a move drawn as the rest
    question = re.search(r'<h2 class="question">(.*?)</h2>', page.text, re.S)
    assert question and "KD" not in text_of(question.group(1))  # the question's cards drawn as the page draws cards
    assert question.group(1).count('<span class="card red"') == 1
    assert "Who holds K♦ ?" in text
    assert len(re.findall(r'class="place[ "]', page.text)) == 1  # the card to place, to click
    assert "level" not in text and "ask history" not in text  # the level and theme come after the answer


def test_solving_the_daily_stores_it_and_shows_rating_and_streak(tmp_path: Path) -> None:
    browser = client(tmp_path)
    browser.get("/daily")
    done = form(browser, f"/daily/{TODAY}", {"line": RIGHT, "puzzle": DAILY})
    text = text_of(done.text)
    assert done.status_code == 200 and done.url.path == f"/daily/{TODAY}"
    assert "Correct." in text
    assert re.search(r"Rating 1500 → 1\d{3} \(\+\d+\)", text), text
    assert "Daily streak: 1 day (best 1) · today's is done" in text
    # Dan's ask, the moves since, and move 9, which brought A♦ to Ann ("A♦ was with Ann then (taken on move 9)")
    assert "Why, step by step" in text and 'data-events="9 18 65 66 68"' in done.text
    assert "Theme: level 3, ask history." in text  # the level and theme, now
    assert "Ann asked Dan for 9♦ on move 81" in text  # the steps' cards drawn too (values, not letters)
    with _store(tmp_path) as store:
        [attempt] = store.attempts()
        assert (attempt["puzzle_id"], attempt["daily"], attempt["correct"], attempt["answer"]) == (
            DAILY, TODAY, 1, RIGHT)
        assert store.streak().current == 1
    again = form(browser, f"/daily/{TODAY}", {"line": RIGHT, "puzzle": DAILY})  # a second post changes nothing
    assert "Correct." in text_of(again.text)
    with _store(tmp_path) as store:
        assert len(store.attempts()) == 1


def test_a_wrong_answer_then_retry_and_hints_as_the_trainer_says_them(tmp_path: Path) -> None:
    browser = client(tmp_path)
    browser.get(f"/daily/{TODAY}")
    bad = form(browser, f"/daily/{TODAY}", {"line": "Fay 10S 9H", "puzzle": DAILY}).text
    assert '<div class="reply invalid"' in bad  # a malformed answer: its reason, and the attempt goes on
    wrong_page = form(browser, f"/daily/{TODAY}", {"line": WRONG, "puzzle": DAILY}).text
    assert '<div class="reply invalid"' not in wrong_page  # the slip, read, is not drawn again
    wrong = text_of(wrong_page)
    assert "Wrong:" in wrong and "Try again" in wrong
    assert "level" not in wrong and "ask history" not in wrong  # not answered yet: still no theme
    hinted = text_of(form(browser, f"/daily/{TODAY}", {"do": "hint", "puzzle": DAILY}).text)
    assert "Nudge: " in hinted and "Hint (1 taken)" in hinted
    clue = text_of(form(browser, f"/daily/{TODAY}", {"do": "hint", "puzzle": DAILY}).text)
    assert "Clue: " in clue
    confirm = text_of(form(browser, f"/daily/{TODAY}", {"do": "hint", "puzzle": DAILY}).text)
    assert "Show the answer (ends this puzzle, not solved)" in confirm
    assert "Press Show the answer to see it, or go on solving." in confirm  # the page's button, not 'hint' typed
    solved = text_of(form(browser, f"/daily/{TODAY}", {"line": RIGHT, "puzzle": DAILY}).text)
    assert "Correct, on try 2 (rated on your first answer)." in solved
    assert "Daily streak: 0 days" in solved  # the first answer was wrong: no streak
    with _store(tmp_path) as store:
        [attempt] = store.attempts()
        assert (attempt["correct"], attempt["hints"], attempt["answer"]) == (0, 2, WRONG)


def test_a_bad_answer_gets_the_trainers_one_line_reason(tmp_path: Path) -> None:
    from puzzles.daily import checked_daily
    from puzzles.marking import parse_answer
    from trainer.clock import today
    from trainer.game.holders import AnswerError

    try:
        parse_answer("Zed 10S", checked_daily(today()))
    except AnswerError as error:
        reason = error.message
    browser = client(tmp_path)
    browser.get("/daily")
    page = text_of(form(browser, f"/daily/{TODAY}", {"line": "Zed 10S", "puzzle": DAILY}).text)
    assert reason in page
    with _store(tmp_path) as store:
        assert store.attempts() == []


def test_reveal_ends_the_puzzle_unsolved_with_the_answer_and_why(tmp_path: Path) -> None:
    browser = client(tmp_path)
    before = text_of(browser.get(f"/p/{DAILY}").text)
    assert "level" not in before and "ask history" not in before
    page = text_of(form(browser, f"/p/{DAILY}", {"do": "reveal", "puzzle": DAILY}).text)
    assert f"The answer: {drawn(RIGHT)}.".replace(" ", "") in page.replace(" ", "") and "Why, step by step" in page
    assert "level 3 · ask history" in page and "Theme: level 3, ask history." in page  # shown only now
    with _store(tmp_path) as store:
        [attempt] = store.attempts()
        assert attempt["outcome"] == "revealed" and attempt["daily"] is None


def test_a_daily_to_come_is_not_recorded_and_one_answered_is_practice(tmp_path: Path) -> None:
    browser = client(tmp_path)
    future = text_of(browser.get("/daily/2026-06-11").text)
    assert "still to come" in future
    form(browser, "/daily/2026-06-11", {"do": "reveal", "puzzle": TOMORROW})
    with _store(tmp_path) as store:
        assert store.attempts() == []
    browser.get(f"/daily/{TODAY}")
    form(browser, f"/daily/{TODAY}", {"line": RIGHT, "puzzle": DAILY})
    form(browser, f"/daily/{TODAY}/again", {})
    replay = text_of(browser.get(f"/daily/{TODAY}").text)
    assert "You answered this daily on 2026-06-10 and solved it: this replay is practice" in replay
    done = text_of(form(browser, f"/daily/{TODAY}", {"line": WRONG, "puzzle": DAILY}).text)
    assert "Wrong:" in done
    solved = text_of(form(browser, f"/daily/{TODAY}", {"line": RIGHT, "puzzle": DAILY}).text)
    assert "Correct, on try 2." in solved and "(rated on" not in solved  # a replay is never rated, nor said to be
    with _store(tmp_path) as store:
        assert [a["practice"] for a in store.attempts()] == [0, 1]
        assert store.streak().current == 1


def test_unknown_puzzles_and_dates_are_404_pages(tmp_path: Path) -> None:
    browser = client(tmp_path)
    for path, words in [("/p/p-000000000000", "There is no puzzle 'p-000000000000'"),
                        ("/p/%3Cscript%3E", "There is no puzzle '<script>'"),
                        ("/daily/2026-02-30", "There is no daily puzzle for '2026-02-30'"),
                        ("/daily/9999-01-01", "YYYY-MM-DD, from 1970-01-01 to 9899-12-31"),
                        ("/daily/tomorrow", "There is no daily puzzle for 'tomorrow'")]:
        page = browser.get(path)
        assert page.status_code == 404, path
        assert words in text_of(page.text), path
        assert "<script>" not in page.text


def test_an_answer_for_another_puzzle_is_ignored(tmp_path: Path) -> None:
    browser = client(tmp_path)
    browser.get(f"/daily/{TODAY}")
    page = text_of(form(browser, f"/daily/{TODAY}", {"line": RIGHT, "puzzle": TOMORROW}).text)
    assert "Correct" not in page
    with _store(tmp_path) as store:
        assert store.attempts() == []


def test_a_training_session_draws_answers_and_sums_up(tmp_path: Path) -> None:
    browser = client(tmp_path)
    start = browser.get("/train")
    assert "mixed (every technique)" in text_of(start.text)
    first = form(browser, "/train/start", {"technique": "elimination", "count": "5", "seed": "3"})
    text = text_of(first.text)
    assert "Training · puzzle 1 of 5 · elimination" in text
    puzzle = re.search(r'name="puzzle" value="([^"]+)"', first.text)
    assert puzzle
    assert "class=\"technique\"" not in first.text  # the theme comes after the answer
    answered = form(browser, "/train", {"do": "reveal", "puzzle": puzzle.group(1)})
    assert "Next puzzle" in text_of(answered.text)
    second = form(browser, "/train/next", {})
    assert "Training · puzzle 2 of 5" in text_of(second.text)
    summary = text_of(form(browser, "/train/end", {}).text)
    assert "Session over" in summary and "0 solved of 1 tried 0 at the first answer, 1 revealed" in summary
    assert "To practise next:" in summary
    with _store(tmp_path) as store:
        [attempt] = store.attempts()
        assert attempt["puzzle_id"] == puzzle.group(1) and attempt["outcome"] == "revealed"
        assert store.due_reviews() or store.scheduled()


def test_training_on_an_unknown_technique_says_which_there_are(tmp_path: Path) -> None:
    browser = client(tmp_path)
    page = form(browser, "/train/start", {"technique": "telepathy"})
    assert page.status_code == 400
    assert "no puzzle uses the technique 'telepathy' (there are: " in text_of(page.text)


def test_stats_draw_the_rating_chart_accuracy_calendar_and_reviews(tmp_path: Path) -> None:
    browser = client(tmp_path)
    browser.get("/daily")
    form(browser, f"/daily/{TODAY}", {"line": RIGHT, "puzzle": DAILY})
    browser.get(f"/p/{OTHER}")
    form(browser, f"/p/{OTHER}", {"do": "reveal", "puzzle": OTHER})
    page = browser.get("/stats")
    text = text_of(page.text)
    assert page.status_code == 200
    assert "<svg" in page.text and "<polyline" in page.text  # two rated answers: a line
    assert "Daily streak 1 day" in text
    assert '<td class="solved today"><a href="/daily/2026-06-10"' in page.text
    # accuracy by the name of each puzzle's level, weakest first (the reveal, then the solved daily)
    assert "5 · shared asks 0/1 0% 3 · ask history 1/1 100%" in text
    assert '<a href="/train?level=5">' in page.text  # train on that level
    with _store(tmp_path) as store:
        summary = store.summary()
        [(missed, due)] = store.scheduled()
    assert missed.id == OTHER and summary.reviews_due == 0 and summary.reviews_next is not None
    day, count = summary.reviews_next
    assert count == 1 and day == due.astimezone().date().isoformat() > TODAY
    shown = date.fromisoformat(day)
    assert f"None due now; next: 1 puzzle on {shown:%a} {shown.day} {shown:%b %Y}." in text  # what is due, when
    assert f'<a href="/p/{OTHER}">' in page.text and "in " in text  # the missed one is due later
    from trainer.render.quiz import question_words

    label = f"Level {missed.level}: {question_words(missed).symbols()}"
    assert label in re.sub(r" ([?.,:])", r"\1", text)  # by what it is, not its id (the card drawn as a card)
    assert f">{OTHER}<" not in page.text
    rating = summary.rating
    assert f"{round(rating.rating)}? ± {round(rating.rd)}" in text  # the deviation the CLI gives, provisional


def test_the_home_page_shows_the_daily_streak_rating_and_training(tmp_path: Path) -> None:
    browser = client(tmp_path)
    before = text_of(browser.get("/").text)
    assert "Solve today's puzzle" in before and "Start training" in before
    assert "ask history" not in before  # today's theme only once it is answered
    assert "Who holds K♦ ?" in before  # its cards drawn
    browser.get("/daily")
    form(browser, f"/daily/{TODAY}", {"line": RIGHT, "puzzle": DAILY})
    after = text_of(browser.get("/").text)
    assert "Solved today" in after and "Daily streak 1 day" in after
    assert "Wednesday 10 June 2026 · level 3, ask history" in after
    form(browser, "/train/start", {"count": "5"})
    assert "Continue training" in text_of(browser.get("/").text)


def test_a_learner_of_a_browser_elsewhere_keeps_progress_apart(tmp_path: Path) -> None:
    browser = client(tmp_path, remote=True)
    assert browser.get("/daily", follow_redirects=False).status_code == 303
    form(browser, "/learner", {"new": "Ann", "next": "/daily"})
    browser.get("/daily")
    form(browser, f"/daily/{TODAY}", {"line": RIGHT, "puzzle": DAILY})
    with Progress(tmp_path / "learners" / "Ann" / "progress.sqlite3") as store:
        assert store.streak().current == 1
    assert not (tmp_path / "progress.sqlite3").exists() or not _store(tmp_path).attempts()


def test_the_home_page_lists_the_games_play_saved(tmp_path: Path) -> None:
    from trainer.play.match import Match, Seating
    from trainer.play.saved import save

    path = save(Match.new(Seating(seed=3, started="2026-06-09T18:30:00+00:00")), tmp_path / "games")
    from trainer.play.game_ids import game_id

    text = client(tmp_path).get("/").text
    assert f'href="/play/game/{game_id(tmp_path, path)}">2026-06-09 18:30</a>' in text  # in progress: go on playing it
    assert path.stem not in text  # (its file's name holds the seed, which deals every hand)
    assert "· in progress" in text_of(text)


def test_training_on_one_level_of_the_ladder(tmp_path: Path) -> None:
    browser = client(tmp_path)
    assert '<option value="5" selected>5 · shared asks</option>' in browser.get("/train?level=5").text
    first = form(browser, "/train/start", {"level": "5", "count": "5", "seed": "3"})
    assert "Training · puzzle 1 of 5 · level 5 · shared asks" in text_of(first.text)
    puzzle = re.search(r'name="puzzle" value="([^"]+)"', first.text)
    assert puzzle
    answered = text_of(form(browser, "/train", {"do": "reveal", "puzzle": puzzle.group(1)}).text)
    assert "Theme: level 5, shared asks." in answered
    summary = text_of(form(browser, "/train/end", {}).text)
    assert "To practise next: shared asks ( level 5 )." in summary


def test_a_card_named_that_is_not_certain_is_refuted_by_a_deal_drawn_as_hands(tmp_path: Path) -> None:
    """The tutorial's train example (docs/tutorial.md, section 4): naming Eve for QC, which is not certain,
    shows a deal that fits as a table of hands, QC marked where this deal puts it (not Eve), the other
    asked cards left out while the puzzle is open and named below, every card where the engine allows it."""
    from puzzles.packs import load_pack
    from trainer.engine.solve import solve
    from trainer.game.cards import Card

    puzzle = next(p for p in load_pack() if p.id == "p-55c5c3a2b56d")
    url = f"/p/{puzzle.id}"
    browser = client(tmp_path)
    browser.get(url)
    page = form(browser, url, {"line": "Cat 9C 10C KC AC, Eve QC", "puzzle": puzzle.id}).text
    assert "Wrong: 1 card named that is not certain." in text_of(page)
    deal = page[page.index('<div class="deal">') :]
    deal = deal[: deal.index("</div>")]
    rows = re.findall(r'<tr( class="holder")?><th scope="row">(\w+)</th>(.*?)</tr>', deal, re.S)
    assert [name for _, name, _ in rows] == list(puzzle.players)
    hands = {name: [Card.parse(c) for c in re.findall(r'data-card="(\w+)"', cells)] for _, name, cells in rows}
    qc = Card.parse("QC")
    [holder] = [name for name, cards in hands.items() if qc in cards]
    assert holder != "Eve" and [name for marked, name, _ in rows if marked] == [holder]
    assert deal.count('class="refutes"') == 1
    hidden = [c for c in puzzle.asked if c != qc]
    assert not any(c in cards for cards in hands.values() for c in hidden)  # the rest of the answer stays open
    note = re.search(r"Not shown: (.*?)\(the question's other cards, while it is open\)", deal, re.S)
    assert note is not None
    assert sorted(Card.parse(c) for c in re.findall(r'data-card="(\w+)"', note.group(1))) == sorted(hidden)
    shown = [c for cards in hands.values() for c in cards]
    assert len(shown) == len(set(shown)) == sum(puzzle.state.sizes.values()) - len(hidden)
    assert hands[puzzle.viewer] == sorted(puzzle.state.hands[puzzle.viewer])
    game = puzzle.game
    knowledge = solve(game.setup, game.events, puzzle.viewer)
    assert all(knowledge.count(c, name) > 0 for name, cards in hands.items() for c in cards)
    over = form(browser, url, {"line": "reveal", "puzzle": puzzle.id}).text  # the end: every card of the deal
    deal = over[over.index('<div class="deal">') :]
    deal = deal[: deal.index("</div>")]
    rows = re.findall(r'<tr( class="holder")?><th scope="row">(\w+)</th>(.*?)</tr>', deal, re.S)
    after = {name: [Card.parse(c) for c in re.findall(r'data-card="(\w+)"', cells)] for _, name, cells in rows}
    assert "Not shown" not in deal
    assert sum(len(cards) for cards in after.values()) == sum(puzzle.state.sizes.values())
    assert all(set(hands[name]) <= set(cards) for name, cards in after.items())  # the same deal, complete


# -- replies are values, drawn once; htmx swaps them in ---------------------------------------------------------------

REFUTED = "p-5dc5b6b1b428"  # the tutorial's daily (LC, certain): "Dan 2C" is named but not certain


def _cards_in(html: str) -> list[str]:
    return re.findall(r'data-card="([^"]+)"', html)


def test_a_wrong_answer_draws_the_refuting_deal_of_the_reply_value_and_htmx_gets_only_the_fragment(
        tmp_path: Path) -> None:
    from puzzles.packs import load_pack
    from puzzles.quiz import Attempt

    puzzle = next(p for p in load_pack() if p.id == REFUTED)
    line = "Fay 6C, Eve 7C, Dan 2C"
    deal = Attempt(puzzle).respond(line).deal  # the same answer draws the same deal
    assert deal is not None and str(deal.card) == "2C" and deal.said == "Dan"
    browser = client(tmp_path)
    browser.get(f"/p/{REFUTED}")
    fragment = form(browser, f"/p/{REFUTED}", {"line": line, "puzzle": REFUTED}, headers={"HX-Request": "true"})
    assert fragment.status_code == 200
    html = fragment.text
    assert html.lstrip().startswith("<section") and "<html" not in html  # the reply fragment, not a page
    assert 'id="reply"' in html and 'hx-post="/p/' in html
    rows = re.findall(r'<tr(?: class="holder")?><th scope="row">(\w+)</th>\s*<td>(.*?)</td></tr>', html, re.S)
    assert {player: _cards_in(cells) for player, cells in rows} == {
        player: [c.code for c in cards] for player, cards in deal.shown().items()}  # the value, drawn card by card
    assert re.search(r'<tr class="holder"><th scope="row">' + deal.holder, html)
    assert re.search(r'<span class="refutes"[^>]*><span class="card black" data-card="2C">2♣</span>', html)
    heading = re.search(r'<div class="deal">\s*<p>(.*?)</p>', html, re.S)
    assert heading and _cards_in(heading.group(1)) == ["2C"]
    assert "Not shown:" in html and {"6C", "7C"} <= set(_cards_in(html.split("Not shown:")[1].split("</p>")[0]))
    text = text_of(html)
    assert "2♣ : Dan may hold it, but this deal fits what you saw and puts it elsewhere:" in text
    assert "Try again, or Reveal the answer and why; Hint helps, Skip moves on." in text and "Theme" not in text


def test_a_left_out_card_is_named_and_skip_moves_on(tmp_path: Path) -> None:
    browser = client(tmp_path)
    browser.get(f"/p/{REFUTED}")
    wrong = form(browser, f"/p/{REFUTED}", {"line": "Fay 6C", "puzzle": REFUTED}, headers={"HX-Request": "true"})
    said = re.search(r"Certain, but left out: (.*?)\.</p>", wrong.text)
    assert said and _cards_in(said.group(1)) == ["7C"]  # which card, drawn: not only "1 certain card left out"
    assert '<button type="submit" name="do" value="skip"' in wrong.text
    skipped = form(browser, f"/p/{REFUTED}", {"do": "skip", "puzzle": REFUTED}, headers={"HX-Request": "true"})
    text = text_of(skipped.text)
    assert "Skipped." in text and "Your last answer:" in text and "Why, step by step" in text
    assert '<span id="theme" hx-swap-oob="true"><span class="theme">level' in skipped.text  # out of band, now
    with _store(tmp_path) as store:
        [attempt] = store.attempts()
        assert (attempt["puzzle_id"], attempt["correct"]) == (REFUTED, 0)
    page = browser.get(f"/p/{REFUTED}").text  # a plain reload draws the same, whole
    assert "Skipped." in text_of(page) and "<html" in page


def test_none_is_certain_is_a_button_the_server_reads(tmp_path: Path) -> None:
    browser = client(tmp_path)
    browser.get(f"/p/{REFUTED}")
    reply = form(browser, f"/p/{REFUTED}", {"do": "none", "puzzle": REFUTED}, headers={"HX-Request": "true"})
    assert "Wrong: 2 certain cards left out." in text_of(reply.text)


def test_no_page_looks_for_cards_in_a_sentence_the_program_built() -> None:
    """Every web module, template and render module draws cards from values (Words, the card filter): the
    regex that found card codes in finished sentences is gone, and nothing brings it back."""
    from trainer import render

    root = Path(render.__file__).parent
    sources = [*root.rglob("*.py"), *(root / "web" / "templates").glob("*.html"), *(root.parent / "web").glob("*.py")]
    assert len(sources) > 40
    for path in sources:
        source = path.read_text(encoding="utf-8")
        assert "cards_in_text" not in source and "text_html" not in source and "_CARD_WORD" not in source, path
    assert len((root / "web" / "static" / "puzzle.js").read_text(encoding="utf-8").splitlines()) <= 70


def test_a_wrong_answers_reply_never_places_an_answer_card_before_the_end(tmp_path: Path) -> None:
    """Each line of a reply (and each row of a refuting deal), its cards drawn as symbols, never names an answer
    card beside its holder while the puzzle is open, for a wrong answer to each daily of a week."""
    from datetime import timedelta

    browser = client(tmp_path)
    reasons = 0
    for k in range(7):
        day = date(2026, 6, 8) + timedelta(days=k)
        puzzle = checked_daily(day)
        url = f"/daily/{day.isoformat()}"
        browser.get(url)
        others = [p for p in puzzle.players if p != puzzle.viewer]
        line = ", ".join(f"{others[(others.index(h) + 1) % len(others)] if h in others else others[0]} {c}"
                         for c, h in puzzle.expected.items())
        reply = form(browser, url, {"line": line, "puzzle": puzzle.id}, headers={"HX-Request": "true"}).text
        if "Correct" in reply:
            continue
        assert "Wrong:" in text_of(reply)
        said = re.findall(r"<p>(.*?)</p>|<tr[^>]*>(.*?)</tr>", reply.split('<div class="builder"')[0], re.S)
        for lines in said:
            shown = text_of("".join(lines))
            shown = re.sub(r"What rules \w+ out:", "What rules out:", shown)  # the learner's own wrong holder
            reasons += "cannot hold it" in shown
            for card, holder in puzzle.expected.items():
                if card not in puzzle.own_cards:
                    assert not (card.symbol in shown.split() and holder in shown.split()), (url, shown)
    assert reasons >= 7  # every wrong holder named got its reason (each card given to the next seat)


def test_a_stale_pages_post_changes_nothing_and_htmx_is_sent_to_the_page_whole(tmp_path: Path) -> None:
    browser = client(tmp_path)
    browser.get(f"/daily/{TODAY}")
    stale = form(browser, f"/daily/{TODAY}", {"line": RIGHT, "puzzle": OTHER}, headers={"HX-Request": "true"})
    assert stale.status_code == 204 and stale.headers["hx-redirect"] == f"/daily/{TODAY}"
    with _store(tmp_path) as store:
        assert store.attempts() == []


def test_the_home_page_draws_the_dailys_question_from_its_values(tmp_path: Path) -> None:
    from trainer.render.quiz import question_words

    page = client(tmp_path).get("/").text
    card = re.search(r'<section class="panel daily-card">(.*?)</section>', page, re.S)
    assert card
    question = question_words(checked_daily(date(2026, 6, 10)))
    assert _cards_in(card.group(1)) == [c.code for c in question.cards()] and len(question.cards()) == 1
