"""``/play``: a game against bots in the browser, saved exactly as ``literature play`` saves it, hiding every
hand but the seat's."""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from trainer.game.notation import parse_game
from trainer.play.game_ids import KEY_FILE, game_id
from trainer.play.match import Match
from trainer.play.saved import load
from trainer.play.seat import Seat
from trainer.render.play import reply_words
from trainer.render.web import words_html

from command_line import run
from web_helpers import client, form, text_of, token
from web_play_helpers import WebGame, cards_named, hidden_cards, scannable


def home() -> Path:
    """The data folder the command line uses in this test (conftest's ``LITERATURE_HOME``)."""
    return Path(os.environ["LITERATURE_HOME"])


def games() -> Path:
    return home() / "games"


def test_a_new_game_is_saved_as_play_saves_it_and_listed_by_games() -> None:
    browser = client(home())
    game = WebGame.start(browser, games(), seed="3", coach="alert")
    text = game.path.read_text()
    match = Match.from_text(text)
    assert text == match.text()  # the saved form of literature play: the seating line, then the complete log
    # the fair default of issue 31: partners and opponents at the same level, medium
    assert text.startswith("# literature play: seed=3 you=Ann partners=medium opponents=medium coach=alert")
    assert game.path.name == "2026-06-10-1400-seed3.lit"  # started by the fixed clock, as literature play names it
    assert re.fullmatch(r"[0-9a-f]{20}", game.name)  # its address: an opaque id, not the name that holds the seed
    code, out, _ = run("games", "--json")
    listed = json.loads(out)["games"]
    assert code == 0 and [(Path(g["file"]).name, g["result"]) for g in listed] == [(game.path.name, "in progress")]
    page = text_of(browser.get("/play").text)
    assert "go on" in page and "classic 6p v medium" in page


def test_the_new_game_form_offers_the_four_levels_and_takes_the_old_names() -> None:
    browser = client(home())
    page = browser.get("/play").text
    for name in ("partners", "opponents"):
        select = re.search(rf'<select name="{name}">(.*?)</select>', page, re.S)
        assert select is not None
        assert re.findall(r"<option[^>]*>(\w+)</option>", select.group(1)) == ["easy", "medium", "hard", "expert"]
        assert "<option selected>medium</option>" in select.group(1)
    old = WebGame.start(browser, games(), seed="4", partners="basic", opponents="human")  # a link made before
    assert "partners=medium opponents=easy" in old.path.read_text().splitlines()[0]
    hard = WebGame.start(browser, games(), seed="5", partners="hard", opponents="expert")
    assert "partners=hard opponents=expert" in hard.path.read_text().splitlines()[0]
    refused = form(browser, "/play/new", {"partners": "grandmaster"}, follow_redirects=False)
    assert refused.status_code == 400 and "partners: &#39;grandmaster&#39; is not one of" in refused.text


def test_every_move_is_saved_and_the_bots_move_one_at_a_time() -> None:
    game = WebGame.start(client(home()), games(), seed="3")
    before = len(game.match.state.events)
    answer = game.bot()  # Dan deals and asks first
    assert len(answer["moved"]) >= 1 and answer["events"] == len(game.match.state.events) > before
    while not answer["your_move"]:
        answer = game.bot()
        assert answer["events"] == len(game.match.state.events)  # saved after each move
    answer = game.say("auto")
    assert answer["moved"] and answer["moved"][0]["yours"] and answer["moved"][0]["auto"]
    assert game.match.seating.auto  # marked in the header, as literature play marks auto moves


def test_a_move_is_checked_by_the_rules_and_a_wrong_one_changes_nothing() -> None:
    game = WebGame.start(client(home()), games(), seed="3", coach="off")
    answer = game.bot()
    while not answer["your_move"]:
        answer = game.bot()
    events = answer["events"]
    expected = [str(w) for w in reply_words(Seat(load(game.path)).respond("Ann 2D"))]  # the terminal's own reason
    answer = game.say("Ann 2D")
    assert answer["said_kind"] == "invalid" and [text_of(s) for s in answer["said"]] == list(expected)
    assert answer["events"] == events == len(game.match.state.events)
    answer = game.say("hint")
    assert answer["said_kind"] == "invalid" and "coach is off" in answer["said"][0]
    answer = game.say("history")
    assert "only the last question" in text_of(answer["said"][0])


def test_the_coach_asks_before_an_ask_that_cannot_hit() -> None:
    game = WebGame.start(client(home()), games(), seed="3", coach="alert")
    answer = game.bot()
    while not answer["your_move"]:
        answer = game.bot()
    match = game.match
    mine = next(iter(match.state.hands["Ann"]))
    asked = next(c for c in mine.half_suit.cards if c not in match.state.hands["Ann"])
    # a card Ann holds cannot be asked for; one she does not hold, of a set she holds, from an opponent may be
    answer = game.say(f"Bob {mine}")
    assert answer["said_kind"] == "invalid"
    seat = Seat(load(game.path))
    expected = seat.respond(f"Bob {asked}")
    answer = game.say(f"Bob {asked}")
    assert answer["said_kind"] == expected.kind
    if expected.kind == "confirm":
        assert "Ask anyway?" in answer["said"][0] and 'name="line" value="yes"' in answer["table"]
        answer = game.say("no")
        assert text_of(answer["said"][0]) == "Not played."


def test_a_game_begun_here_goes_on_in_the_terminal_and_back() -> None:
    browser = client(home())
    game = WebGame.start(browser, games(), seed="5", coach="off")
    answer = game.bot()
    while not answer["your_move"]:
        answer = game.bot()
    answer = game.say("auto")
    here = len(game.match.state.events)
    code, out, err = run("play", "--resume", str(game.path), "--fast", input="auto\nauto\nquit\n")
    assert code == 0, err
    there = load(game.path)
    assert len(there.state.events) > here and "Saved:" in out
    page = game.page()  # the file changed under the page: it is read again
    assert f'data-events="{len(there.state.events)}"' in page
    answer = game.bot() if 'data-your-move="0"' in page else game.say("auto")
    assert answer["events"] > len(there.state.events)
    code, out, err = run("play", "--resume", str(game.path), "--fast", input="quit\n")
    assert code == 0, err


def test_a_game_begun_in_the_terminal_goes_on_here() -> None:
    code, out, err = run("play", "--seed", "7", "--players", "8", "--fast", input="auto\nquit\n")
    assert code == 0, err
    [path] = sorted(games().glob("*.lit"))
    played = len(load(path).state.events)
    browser = client(home())
    assert f"/play/game/{game_id(home(), path)}" in browser.get("/play").text
    game = WebGame(browser, game_id(home(), path), path)
    page = game.page()
    assert "8 players" in page
    answer = game.bot() if 'data-your-move="0"' in page else game.say("auto")
    assert answer["events"] > played and len(load(path).state.events) == answer["events"]
    code, out, err = run("play", "--resume", "--fast", input="quit\n")
    assert code == 0 and path.name in out


def test_a_whole_game_ends_with_the_review_of_your_moves() -> None:
    game = WebGame.start(client(home()), games(), seed="11", coach="full", partners="basic", opponents="basic")
    answer = game.play_out()
    page = text_of(game.page())
    assert answer["over"] and "Game over" in page and ("wins" in page or "loses" in page or "tie" in page)
    assert "Your moves, reviewed" in page
    code, out, _ = run("games", "--json")
    assert code == 0 and json.loads(out)["games"][0]["over"] is True
    assert parse_game(game.path.read_text()).state().over


@pytest.mark.parametrize("players", ["6", "8"])
def test_no_response_of_a_whole_game_names_a_hidden_card(players: str) -> None:
    """Every response of two scripted whole games, with the full coach's odds, hints and notes, and typed lines."""
    game = WebGame.start(client(home()), games(), seed="21", players=players, coach="full", open_book="1",
                         partners="basic", opponents="expert" if players == "6" else "basic")
    answer = game.bot()
    turns = 0
    while not answer["over"]:
        if answer["your_move"]:
            turns += 1
            if turns % 3 == 1:
                mine = sorted(game.match.state.hands[game.match.you])
                for line in ("hint", f"odds {mine[0]}" if mine else "odds 2S", "history", "hand", "Zed 2S", "help"):
                    game.say(line)
                game.page()
            answer = game.say("auto")
        else:
            answer = game.bot()
    game.page()
    assert len(game.responses) > 100
    assert not game.leaks()


def test_the_leak_scan_would_see_a_hand() -> None:
    """The scan itself: a response listing another seat's hand is caught."""
    game = WebGame.start(client(home()), games(), seed="3")
    match = game.match
    hidden = hidden_cards(match, set())
    assert hidden  # at the deal, most of the other hands are hidden
    other = " ".join(str(c) for c in sorted(match.state.hands["Bob"]))
    assert cards_named(scannable(f"<p>hand Bob: {other}</p>")) & hidden


def swapped(text: str, you: str) -> str | None:
    """The same saved game with two hidden cards of one set swapped between two other seats, or ``None`` when
    no such pair is left: a deal the seat cannot tell from the true one."""
    match = Match.from_text(text)
    named = {c for e in match.state.events for c in ([e.card] if hasattr(e, "card") else
                                                       list(e.half_suit.cards) if hasattr(e, "half_suit") else [])}
    hands = {p: set(h) for p, h in match.state.hands.items()}
    for first in match.setup.players:
        for second in match.setup.players:
            if len({first, second, you}) < 3:
                continue
            for card in sorted(hands[first] - named):
                other = next((c for c in sorted(hands[second] - named) if c.half_suit is card.half_suit), None)
                if other is None:
                    continue
                lines = text.splitlines()
                for number, line in enumerate(lines):
                    for player, mine, theirs in ((first, card, other), (second, other, card)):
                        if line.startswith(f"hand {player}:"):
                            cards = [theirs.code if c == mine.code else c for c in line.split(":")[1].split()]
                            lines[number] = f"hand {player}: {' '.join(cards)}"
                changed = "\n".join(lines) + "\n"
                try:
                    Match.from_text(changed)
                except ValueError:
                    continue
                return changed
    return None


@pytest.mark.parametrize("players", ["6", "8"])
def test_a_page_is_the_same_whatever_the_hidden_hands(players: str, tmp_path: Path) -> None:
    """Non-interference: swap two hidden cards between two other seats (a deal the seat cannot tell from the
    true one) and every page of the seat, and its review while the game goes on, is the same, byte for byte."""
    game = WebGame.start(client(home()), games(), seed="4", players=players, coach="full", opponents="basic")
    other_home = tmp_path / "other"
    (other_home / "games").mkdir(parents=True)
    (other_home / KEY_FILE).write_text((home() / KEY_FILE).read_text())  # (the same key: the same game ids)
    twin = client(other_home)
    compared = 0
    answer = game.bot()
    for _ in range(60):
        if answer["over"]:
            break
        if answer["your_move"]:
            changed = swapped(game.path.read_text(), game.match.you)
            if changed is not None:
                (other_home / "games" / game.path.name).write_text(changed)
                urls = [f"/play/game/{game.name}"]
                if compared < 2:
                    urls.append(f"/review/game/{game.name}?event={answer['events']}")
                for url in urls:
                    mine, theirs = settled(game.browser, url), settled(twin, url)
                    assert mine.replace(token(game.browser), "T") == theirs.replace(token(twin), "T"), url
                for line in ("hint", "history"):
                    headers = {"HX-Request": "true"}
                    mine = game.browser.post(f"/play/game/{game.name}/act", data={"line": line},
                                             headers={**headers, "X-CSRF-Token": token(game.browser)}).text
                    theirs = twin.post(f"/play/game/{game.name}/act", data={"line": line},
                                       headers={**headers, "X-CSRF-Token": token(twin)}).text
                    assert mine.replace(token(game.browser), "T") == theirs.replace(token(twin), "T"), line
                compared += 1
            answer = game.say("auto")
        else:
            answer = game.bot()
    assert compared >= 3


def settled(browser: TestClient, url: str) -> str:
    """The page at ``url`` once the review's notes are worked out (they are worked out in the background)."""
    for _ in range(600):
        text = browser.get(url).text
        if 'data-status="working"' not in text:
            return text
        time.sleep(0.1)
    raise AssertionError(f"{url}: the review was not done in a minute")


@pytest.mark.parametrize(("data", "reason"), [
    ({"players": "7"}, "players: a game has 6 or 8 players, not 7"),
    ({"variant": "chess"}, "variant: 'chess' is not one of classic, fish54"),
    ({"seed": "-1"}, "seed: a whole number"),
    ({"seed": "9" * 30}, "seed: a whole number"),
    ({"seat": "a b"}, "seat:"),
    ({"seat": "x" * 500}, "seat: a seat's name has at most 30 characters, not 500"),
    ({"coach": "loud"}, "coach: 'loud' is not one of off, alert, full"),
])
def test_a_bad_new_game_form_gets_its_reason(data: dict[str, str], reason: str) -> None:
    response = form(client(home()), "/play/new", data)
    assert response.status_code == 400 and reason in text_of(response.text)
    assert not games().exists() or not list(games().glob("*.lit"))


def test_bad_addresses_and_bodies_are_pages_not_errors() -> None:
    browser = client(home())
    game = WebGame.start(browser, games(), seed="3")
    headers = {"X-CSRF-Token": token(browser)}
    for url in ("/play/game/nope", "/play/game/..%2F..%2Fetc", "/play/game/a%00b", "/play/game/" + "x" * 300):
        assert browser.get(url).status_code == 404
        assert browser.post(url + "/act", data={"line": "auto"}, headers=headers).status_code in (404, 405)
    for body in ({"line": "x" * 5000}, {"line": "claim ZZ: Ann 2D"}, {"line": "\x00"}, {}, {"card": "2D"}):
        assert browser.post(f"/play/game/{game.name}/act", data=body, headers=headers).status_code == 200
    game.path.write_text("# literature play: seed=x\nvariant: chess\n")
    response = browser.get(f"/play/game/{game.name}")
    assert response.status_code == 400 and game.path.name in text_of(response.text)
    assert re.search(r"Saved games", browser.get("/play").text)


def test_a_page_without_scripts_plays_through_its_forms() -> None:
    """The forms work without scripts: the bots' button plays every bot up to your move, a card is a link that
    picks it, and the opponents who may be asked for it become buttons at the table."""
    browser = client(home())
    game = WebGame.start(browser, games(), seed="3", coach="off")
    page = form(browser, f"/play/game/{game.name}/bot", {"all": "1"})
    assert page.status_code == 200 and 'data-your-move="1"' in page.text and "<html" in page.text
    events = len(game.match.state.events)
    card = re.search(r'href="/play/game/\w+\?card=(\w+)"', page.text)
    assert card
    picked = browser.get(f"/play/game/{game.name}?card={card.group(1)}").text
    targets = re.findall(rf'name="line" value="(\w+) {card.group(1)}"', picked)
    view = game.match.your_view()
    assert sorted(targets) == sorted(t for t, c in view.legal_asks() if c.code == card.group(1))  # the table's
    page = form(browser, f"/play/game/{game.name}/act", {"line": f"{targets[0]} {card.group(1)}"})
    assert page.status_code == 200
    assert str(game.match.state.events[events]).startswith(f"Ann asks {targets[0]} for {card.group(1)}")


def test_the_pages_script_gets_its_errors_in_json() -> None:
    browser = client(home())
    response = browser.post("/play/game/nope/act", data={"line": "auto"},
                            headers={"Accept": "application/json", "X-CSRF-Token": token(browser)})
    assert response.status_code == 404 and "No saved game has the id 'nope'" in response.json()["error"]


def test_the_seed_the_server_drew_never_reaches_the_browser_while_the_game_goes_on() -> None:
    """The seed alone deals the game (``Match.new``), and the file's name holds it: no page, address or answer
    shows either before the game is over (a player who had it could deal again and see every bot's hand)."""
    browser = client(home())
    game = WebGame.start(browser, games(), coach="full", opponents="basic", partners="basic")  # no seed: drawn
    seed = game.match.seating.seed
    assert f"seed{seed}" in game.path.name  # (the file is named as literature play names it)
    answer = game.bot()
    for _ in range(6):
        answer = game.say("auto") if answer["your_move"] else game.bot()
    assert not answer["over"]
    seen = [text for _, text, _ in game.responses]
    for url in ("/", "/play", "/review", f"/play/game/{game.name}", f"/review/game/{game.name}",
                f"/review/game/{game.name}?event=1&fragment=1"):
        response = browser.get(url)
        assert response.status_code == 200, url
        seen.append(f"{url}\n{response.headers}\n{response.text}")
    forms = form(browser, f"/play/game/{game.name}/act", {"line": "hand"}, follow_redirects=False)
    seen.append(f"{forms.headers}\n{forms.text}")
    number = re.compile(rf"(?<![0-9]){seed}(?![0-9])")
    for text in seen:
        assert game.path.stem not in text and f"seed{seed}" not in text and f"seed={seed}" not in text
        assert f"seed {seed}" not in text
        if seed >= 10_000:  # (a short number may be anything on a page)
            assert not number.search(text), number.search(text)
    # the file's name is no address of the game (it would tell whether a guessed seed is the game's)
    assert browser.get(f"/play/game/{game.path.stem}").status_code == 404
    assert browser.get(f"/review/game/{game.path.stem}").status_code == 404


def test_the_seed_is_shown_once_the_game_is_over() -> None:
    browser = client(home())
    game = WebGame.start(browser, games(), seed="3", coach="off", opponents="basic", partners="basic")
    assert game.play_out()["over"]
    page = browser.get(f"/play/game/{game.name}").text
    assert "seed 3" in text_of(page) and game.path.name in page


def test_a_turn_begins_with_the_moves_since_the_last_and_an_ask_says_what_it_gave_away() -> None:
    from trainer.play.giveaway import given_away
    from trainer.play.recap import recap
    from trainer.render.play import given_words, recap_lines

    game = WebGame.start(client(home()), games(), seed="3", coach="full")
    answer = game.bot()
    while not answer["your_move"]:
        answer = game.bot()
    first = text_of(answer["table"])
    assert "Since your last move" in first  # the dealer's moves before Ann's first turn, in one place
    answer = game.say("auto")
    while not answer["your_move"] and not answer["over"]:
        answer = game.bot()
    match = game.match
    lines = recap_lines(recap(match.setup, match.state.events, "Ann"), match.state)
    shown = text_of(answer["table"])
    assert str(lines[0]).startswith("Since your last move") and all(
        text_of(words_html(line)) in shown for line in lines)
    view = match.your_view()
    target, card = view.legal_asks()[0]
    answer = game.say(f"{target} {card}")
    if answer["said_kind"] == "confirm":  # the coach asks before an ask that cannot hit
        answer = game.say("yes")
    after = game.match.state.events
    index = next(i for i in range(len(after), 0, -1) if getattr(after[i - 1], "asker", None) == "Ann")
    expected = "Coach: " + given_words(given_away(game.match.setup, after, index))
    assert text_of(words_html(expected)) in [text_of(s) for s in answer["said"]]


def test_the_end_says_what_decided_the_game_and_announces_your_claims() -> None:
    from trainer.game.events import Claim
    from trainer.play.ending import decided, result
    from trainer.render.play import claim_announcement, result_words

    game = WebGame.start(client(home()), games(), seed="52", coach="alert")  # a game Ann's team loses, 2-6
    said: list[str] = []
    answer = game.bot()
    for _ in range(3000):
        said += [text_of(s) for s in answer["said"]]
        if answer["over"]:
            break
        answer = game.say("auto") if answer["your_move"] else game.bot()
    match = game.match
    assert match.over
    for event in match.state.events:
        if isinstance(event, Claim):  # every claim announced with its outcome as it happened (the score of its time)
            assert any(line.startswith(str(claim_announcement(match.state, event, "Ann")).split(" (score")[0])
                       for line in said), event
    page = text_of(game.page())
    what = decided(match)
    assert result_words(result(match)) in page
    assert "Won " + (" ".join(str(r.half_suit) for r in what.won()) or "none") in page
    assert "Lost " + (" ".join(str(r.half_suit) for r in what.lost()) or "none") in page
    assert result_words(result(match)) == "Your team loses, 2-6."
    assert what.moments and "What mattered most for your team" in page
    assert "Nothing to remark" not in page  # never after a loss


def test_an_answer_given_while_a_bot_is_to_move_holds_the_bots_until_it_is_read() -> None:
    """At a paced table the bots move by themselves (the fragment's `.bots` asks after the pace); a line answered
    while a bot is to move replaces that with 'Next bot's move', so the answer stays until the person goes on."""
    game = WebGame.start(client(home()), games(), seed="3")
    answer = game.bot()
    while answer["your_move"]:
        answer = game.say("auto")
    assert not answer["your_move"] and not answer["over"]  # a bot is to move
    headers = {"HX-Request": "true", "X-CSRF-Token": token(game.browser)}
    paced = game.browser.post(f"/play/game/{game.name}/act", data={"line": "help", "pace": "800"}, headers=headers)
    assert paced.status_code == 200 and "hand the turn" in paced.text
    said = text_of(paced.text)  # the page's help: no terminal-only command or note
    assert "on the page all the time" in said and "literature play --resume" not in said and "Enter skips" not in said
    assert "pass Cat — hand the turn to Cat" in said  # (what to type, then what it does: no terminal padding)
    assert "hx-trigger=\"load delay" not in paced.text and "Next bot's move" in paced.text  # the bots wait
    later = game.browser.post(f"/play/game/{game.name}/bot", data={"pace": "800"}, headers=headers)
    assert "hx-trigger=\"load delay" in later.text or 'data-your-move="1"' in later.text  # then on by themselves


def test_a_line_is_answered_at_the_pace_it_sends_not_the_pace_chosen_before() -> None:
    """The pace chosen just before a typed line holds for the table that answers it: 'step' after the bots ran
    at once means no paced move follows (the page's next bots' move would race the person's next line)."""
    game = WebGame.start(client(home()), games(), seed="3")
    headers = {"HX-Request": "true", "X-CSRF-Token": token(game.browser)}
    fast = game.browser.post(f"/play/game/{game.name}/bot", data={"pace": "0"}, headers=headers)
    assert game.browser.cookies.get("pace") == "0" and 'data-your-move="1"' in fast.text
    stepped = game.browser.post(f"/play/game/{game.name}/act", data={"line": "auto", "pace": "step"}, headers=headers)
    while 'data-your-move="1"' in stepped.text:  # (auto's ask hit: the person asks again)
        stepped = game.browser.post(f"/play/game/{game.name}/act", data={"line": "auto", "pace": "step"},
                                    headers=headers)
    assert "hx-trigger=\"load delay" not in stepped.text and "Next bot's move" in stepped.text
    assert game.browser.cookies.get("pace") == "step"
