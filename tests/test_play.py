"""`literature play`: the match, the seat and its coach, saving and resuming, whole games in a terminal."""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from puzzles.missed import missed_puzzles
from puzzles.store import Progress, games_path
from trainer.cli import app
from trainer.game.cards import Card, HalfSuit
from trainer.game.events import Ask, Claim, Event
from trainer.game.notation import parse_game, read_game
from trainer.play import match as match_module
from trainer.play.bots import BotKind, make_bot
from trainer.play.match import CoachLevel, Match, Seating, move_rng
from trainer.play.saved import load, save, saved_games
from trainer.play.seat import Certain, Doubt, Seat
from trainer.play.view import AskFor, Role, View
from trainer.render.play import alert_lines, alert_sentence, reply_lines
from trainer.review import seat_notes

from pty_harness import Terminal

# A full deal in which Ann (seat 1) can prove where 6D is after two events (the notation's worked example).
SIX_DIAMONDS = """\
{header}
variant: classic
players: Ann Bob Cat Dan Eve Fay
dealer: Cat
hand Ann: 2D 3D 4D 5D 7D 9S JS KH
hand Bob: 9D 10D 2S 3S 4S 5S 6S 7S
hand Cat: 6D 2H 3H 4H 5H 6H 7H 9H
hand Dan: JD QD AD 2C 3C 4C 5C 6C
hand Eve: KD 7C 9C 10C JC QC KC AC
hand Fay: 10S QS KS AS 10H JH QH AH
Cat asks Bob for 3D: no
Bob asks Ann for KD: no
"""


def six_diamonds(coach: CoachLevel = CoachLevel.ALERT, open_book: bool = False) -> Seat:
    seating = Seating(seed=1, coach=coach, open_book=open_book, opponents=BotKind.BASIC)
    header = seating.header().replace("you=Ann", "you=Ann")
    return Seat(Match.from_text(SIX_DIAMONDS.format(header=header)))


def play_out(seat: Seat, limit: int = 3000) -> Match:
    """Play to the end, the person's moves made by `auto`."""
    match = seat.match
    for _ in range(limit):
        if match.over:
            return match
        if seat.your_move():
            reply = seat.respond("auto")
            assert reply.kind == "moved", reply
        else:
            match.bot_move()
    raise AssertionError("the game did not end")


# -- the seat: moves, bad input, the coach ---------------------------------------------------


def test_bad_input_gets_one_line_and_changes_nothing() -> None:
    seat = six_diamonds(CoachLevel.OFF)
    assert seat.your_move()
    before = list(seat.match.state.events)
    for line, reason in [
        ("Zed 6D", "'Zed' is not at the table"),
        ("Cat 6D", "Ann cannot ask Cat: they are on the same team"),
        ("Bob 2D", "Ann cannot ask for 2D: Ann holds it"),
        ("Bob 2C", "Ann holds no other card of LC"),
        ("claim LD Ann 2D 3D", "name a holder for 4D 5D 6D 7D too"),
        ("claim LD: Ann 2D 3D 4D 5D 7D, Bob 6D", "Bob is an opponent"),
        ("claim XX: Ann 2D", "unknown set 'XX'"),
        ("claim LD: 2D 3D", "name the player before the cards"),
        ("Bob 6X", "'6X' is not a card"),
        ("Bob", "name the card to ask Bob for, as in 'Bob 6D'"),
        ("Bob 6D 7D", "ask for one card at a time"),
        ("pass Zed", "'Zed' is not at the table"),
        ("pass Cat", "Ann cannot pass the turn now: with cards in hand, Ann asks or claims"),
        ("frobnicate", "unknown command 'frobnicate'"),
        ("Bob 6D" * 2000, "that line is 12000 characters long"),
        ("history", "only the last question and answer may be repeated: Bob asks Ann for KD: no"),
        ("odds 6D", "odds needs the full coach"),
        ("hint", "The coach is off"),
        ("yes", "nothing to say yes to"),
    ]:
        reply = seat.respond(line)
        assert reply.kind == "invalid", (line, reply)
        assert len(reply_lines(reply)) == 1 and reason in reply_lines(reply)[0], (line, reply_lines(reply))
        assert seat.match.state.events == before
    assert seat.respond("").kind == "info"
    assert seat.respond("hand").kind == "hand"
    help_lines = reply_lines(seat.respond("help"))
    assert help_lines[0].startswith("Bob 6D") and any(line.startswith("quit ") for line in help_lines)
    assert any("Enter skips the pauses" in line for line in help_lines)  # the terminal's own, not the page's
    assert not any("on the page" in line for line in help_lines)


def test_coach_alerts_a_certain_claim_and_asks_before_a_hopeless_ask() -> None:
    seat = six_diamonds(CoachLevel.ALERT)
    (alert,) = seat.alerts()  # a value: the set and where each card is
    assert isinstance(alert, Certain) and str(alert.half_suit) == "LD"
    assert {str(c): p for c, p in alert.holders.items()} == {"2D": "Ann", "3D": "Ann", "4D": "Ann", "5D": "Ann",
                                                              "7D": "Ann", "6D": "Cat"}
    assert alert_lines(seat.alerts()) == (
        "Coach: your team can claim LD with certainty: claim LD: Ann 2D 3D 4D 5D 7D, Cat 6D",)
    said = alert_sentence(alert)
    assert said.cards() == tuple(Card.parse(c) for c in ("2D", "3D", "4D", "5D", "7D", "6D"))  # drawn as cards
    reply = seat.respond("Bob 6D")
    assert reply.kind == "confirm" and reply.doubt == Doubt("ask", Fraction(0), target="Bob", card=Card.parse("6D"))
    assert reply_lines(reply) == (
        "Coach: Bob cannot hold 6D (you could know it): the ask cannot hit. Ask anyway? (yes/no)",)
    assert reply_lines(seat.respond("no")) == ("Not played.",)
    reply = seat.respond("claim LD: Ann 2D 3D 4D 5D 6D, Cat 7D")
    assert reply.kind == "confirm" and "right in 0% of the deals" in reply_lines(reply)[0]
    reply = seat.respond("hand")  # anything but yes drops the pending move
    assert seat.respond("yes").kind == "invalid"
    reply = seat.respond("Bob 6D")
    reply = seat.respond("yes")
    assert reply.kind == "moved" and reply.events == (Ask("Ann", "Bob", Card.parse("6D"), False),)
    assert seat.respond("history").kind == "history"  # the coach on: the history is open


def test_a_risky_claim_gets_its_exact_chance_and_a_sure_one_is_played_at_once() -> None:
    seat = six_diamonds(CoachLevel.ALERT)
    events = seat.match.state.events
    chance = seat.coach.claim_chance(events, HalfSuit.parse("HS"), {
        Card.parse(c): p for c, p in [("9S", "Ann"), ("JS", "Ann"), ("10S", "Cat"), ("QS", "Cat"), ("KS", "Eve"),
                                      ("AS", "Eve")]})
    assert 0 < chance < 1
    reply = seat.respond("claim LD: cat 6D, ann 2D 3D 4D 5D 7D")
    assert reply.kind == "moved"
    (claim,) = reply.events
    assert isinstance(claim, Claim) and claim.correct
    assert seat.match.state.score == {1: 1, 2: 0}


def test_after_a_classic_claim_the_turn_may_be_handed_to_a_teammate() -> None:
    """The stalemate breaker: the game layer says the pass is legal, the prompt plays it."""
    seat = six_diamonds(CoachLevel.OFF)
    assert seat.respond("claim LD: Ann 2D 3D 4D 5D 7D, Cat 6D").kind == "moved"
    assert reply_lines(seat.respond("pass Bob")) == ("Ann cannot pass to Bob: they are an opponent",)
    reply = seat.respond("pass eve")
    assert reply.kind == "moved" and [str(e) for e in reply.events] == ["Ann passes to Eve"]
    assert seat.match.decider()[0] == "Eve" and not seat.your_move()


def test_full_coach_gives_odds_and_notes_on_each_move() -> None:
    seat = six_diamonds(CoachLevel.FULL)
    odds = seat.respond("odds 6D").odds
    assert odds is not None and (odds.card, dict(odds.chances)) == (Card.parse("6D"), {"Cat": Fraction(1)})
    assert reply_lines(seat.respond("odds 6D")) == ("6D: Cat 100%",)
    odds = reply_lines(seat.respond("odds 9C"))[0]
    assert odds.startswith("9C: ") and "Ann" not in odds
    advice = seat.respond("hint").advice
    assert advice is not None and advice.kind == "claim" and advice.certain is not None
    (hint,) = reply_lines(seat.respond("hint"))
    assert hint.startswith("Hint: claim LD: Ann 2D 3D 4D 5D 7D, Cat 6D (certain). The expert would ask ")
    seat.respond("Bob 6D")
    reply = seat.respond("yes")
    assert reply.kind == "moved"
    kinds = " ".join(reply_lines(reply))
    assert "Ann could claim LD with certainty" in kinds and "the ask could not hit" in kinds


def test_history_is_open_with_open_book() -> None:
    assert six_diamonds(CoachLevel.OFF, open_book=True).respond("history lh").kind == "history"


# -- the match: bots' views, whole games, saving and resuming -------------------------------


def test_bots_see_only_their_own_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every view a bot is handed lists its own hand and no other (the person's least of all)."""
    seen: list[str] = []
    real = match_module.make_bot

    class Spy:
        def __init__(self, kind: BotKind | str, rng: object, partners: frozenset[str] = frozenset(),
                     rivals: frozenset[str] = frozenset()) -> None:
            self.bot = real(kind, rng, partners, rivals)  # type: ignore[arg-type]
            self.kind = self.bot.kind

        def decide(self, view: View) -> object:
            assert set(view.setup.hands) == {view.seat}  # `auto` decides in Ann's seat, from Ann's view
            seen.append(view.seat)
            return self.bot.decide(view)

    monkeypatch.setattr(match_module, "make_bot", Spy)
    seat = Seat(Match.new(Seating(seed=11, opponents=BotKind.BASIC)))
    for _ in range(80):
        if seat.your_move():
            seat.respond("auto")
        else:
            seat.match.bot_move()
    assert {"Bob", "Dan", "Fay"} <= set(seen)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "players", "opponents"), [("classic", 6, "expert"), ("fish54", 8, "basic")]
)
def test_a_whole_game_is_saved_complete_and_replays_to_its_score(variant: str, players: int, opponents: str,
                                                                 tmp_path: Path) -> None:
    seating = Seating(seed=7, variant=variant, players=players, opponents=BotKind(opponents))  # type: ignore[arg-type]
    match = play_out(Seat(Match.new(seating)))
    path = save(match, tmp_path)
    game = read_game(str(path))
    assert len(game.setup.hands) == players
    final = game.state()
    assert final.over and final.score == match.state.score
    assert CliRunner().invoke(app, ["check", str(path)]).exit_code == 0
    assert load(path).state.events == match.state.events


@functools.cache
def whole_game(seating: Seating) -> tuple[Event, ...]:
    return tuple(play_out(Seat(Match.new(seating))).state.events)


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 3), cut=st.integers(0, 200))
def test_resuming_after_any_event_goes_on_identically(seed: int, cut: int) -> None:
    """Leave at any moment (only the saved text survives), resume: the same game, event for event."""
    seating = Seating(seed=seed, opponents=BotKind.BASIC, partners=BotKind.HUMAN)
    whole = list(whole_game(seating))
    seat = Seat(Match.new(seating))
    while len(seat.match.state.events) < min(cut, len(whole)):
        if seat.your_move():
            seat.respond("auto")
        else:
            seat.match.bot_move()
    resumed = Match.from_text(seat.match.text())
    assert play_out(Seat(resumed)).state.events == whole


def test_missed_positions_become_puzzles_in_the_training_queue() -> None:
    seat = six_diamonds(CoachLevel.OFF)
    assert seat.respond("Bob 10S").kind == "moved"  # a legal ask, not the certain claim
    game = seat.match.game()
    notes = seat_notes(game, "Ann")
    assert next(n.kind.value for n in notes if n.event == 3) == "safe-claim"
    puzzles = missed_puzzles(game, "Ann", notes)
    claim = next(p for p in puzzles if p.question.kind == "claim")
    assert claim.answer[Card.parse("6D")] == "Cat" and claim.source["event"] == 2
    with Progress() as store:
        assert store.queue(puzzles) == len(puzzles)
        assert store.queue(puzzles) == 0
        assert {p.id for p in store.due_reviews()} == {p.id for p in puzzles}


# -- the command line --------------------------------------------------------------------------


def run_play(*args: str, lines: str) -> subprocess.CompletedProcess[str]:
    env = os.environ | {"COLUMNS": "80", "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "trainer", "play", *args], input=lines, text=True,
                          capture_output=True, env=env, timeout=600, check=False)


@pytest.mark.slow
def test_auto_lines_play_a_whole_game_and_games_lists_it() -> None:
    done = run_play("--seed", "3", "--fast", lines="auto\n" * 400)
    assert done.returncode == 0, done.stderr
    saved = re.search(r"Saved: (\S+\.lit)", done.stdout)
    assert saved and "Game over" in done.stdout and ("Your team" in done.stdout or "A tie" in done.stdout)
    assert "Traceback" not in done.stdout + done.stderr
    # every move was auto's: the end says none was the person's own, never that each was as good as could be
    assert "none of your own to review" in " ".join(done.stdout.split()) and "Nothing to remark" not in done.stdout
    listed = json.loads(CliRunner().invoke(app, ["games", "--json"]).stdout)
    (entry,) = listed["games"]
    assert entry["file"] == saved.group(1) and entry["over"] and entry["result"] in ("won", "lost", "tie")
    stats = json.loads(CliRunner().invoke(app, ["stats", "--json"]).stdout)
    assert stats["games_played"] == 1 and stats["games_won"] == (entry["result"] == "won")
    table = CliRunner().invoke(app, ["games"], env={"COLUMNS": "80"}).stdout
    assert "classic 6p" in table and Path(saved.group(1)).name in table  # the whole name, to copy
    assert all(len(line.rstrip()) <= 80 for line in table.splitlines()) and "…" not in table
    # the end screen's give-away counts are the review's, for the same game
    line = re.search(r"Given away by each player's asks.*?did not\s+hold\):(.*?)\.\n", done.stdout, re.S)
    assert line
    shown = {p: (int(a), int(b)) for p, a, b in re.findall(r"(\w+)(?: \(you\))? (\d+)/(\d+)",
                                                       " ".join(line.group(1).split()))}
    review = json.loads(CliRunner().invoke(app, ["review", "--json", saved.group(1)]).stdout)["summary"]["players"]
    assert shown == {p: (s["proven_held"], s["proven_not_held"]) for p, s in review.items()}
    assert sum(a + b for a, b in shown.values()) > 0


@pytest.mark.slow
def test_end_of_input_saves_and_resume_finishes_the_same_game() -> None:
    straight = run_play("--seed", "9", "--fast", "--opponents", "basic", lines="auto\n" * 400)
    whole = parse_game(Path(re.findall(r"Saved: (\S+\.lit)", straight.stdout)[-1]).read_text())
    left = run_play("--seed", "9", "--fast", "--opponents", "basic", lines="auto\nauto\n")
    assert left.returncode == 0 and "'literature play --resume' goes on with it" in left.stdout
    path = Path(re.findall(r"Saved: (\S+\.lit)", left.stdout)[-1])
    assert not parse_game(path.read_text()).state().over
    resumed = run_play("--resume", str(path), "--fast", lines="auto\n" * 400)
    assert resumed.returncode == 0, resumed.stderr
    assert parse_game(path.read_text()).events == whole.events


def test_resume_errors_are_one_line() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["play", "--resume"])
    assert result.exit_code == 2 and "no unfinished game to resume" in result.output
    result = runner.invoke(app, ["play", "--resume", "missing.lit"])
    assert result.exit_code == 2 and "missing.lit: no such file" in result.output
    result = runner.invoke(app, ["play", "--resume", "tests/data/six-diamonds.lit"])
    assert result.exit_code == 2 and "not a game saved by 'literature play'" in result.output
    result = runner.invoke(app, ["play", "--players", "7"])
    assert result.exit_code == 2 and "--players must be 6 or 8" in result.output


BAD_LINES = [b"Zed 6D", b"claim LD Ann", b"x" * 3000, b"pass Nobody", b"frobnicate", b"hint", b"odds 2S",
             b"history", b"hand"]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "players", "coach"),
    [("classic", 6, "off"), ("fish54", 8, "full"), ("fish54", 6, "off"), ("classic", 8, "full")],
)
def test_whole_games_in_a_terminal(tmp_path: Path, variant: str, players: int, coach: str) -> None:
    """A scripted player: bad lines first (none ends the game), then `auto` to the end."""
    with Terminal(tmp_path, "play", "--seed", "21", "--fast", "--variant", variant, "--players", str(players),
                  "--coach", coach, "--opponents", "basic") as term:
        bad = list(BAD_LINES)
        for _ in range(2000):  # far more prompts than a game has moves
            if term.expect(b"your move> ", b"Your moves, reviewed") != b"your move> ":
                break
            term.type((bad.pop(0) if bad else b"auto") + b"\n")
        assert term.exit_code() == 0
    text = term.text()
    assert not bad and "Traceback" not in text
    assert "'Zed' is not at the table" in text and "3000 characters long" in text
    score = re.search(r"Your team (?:wins|loses), (\d+)-(\d+)|A tie, (\d+)-(\d+)", text)
    assert score
    path = Path(re.findall(r"Saved: (\S+\.lit)", text)[-1])
    game = read_game(str(path))
    final = game.state()
    team = game.setup.team("Ann")
    mine, theirs = [int(n) for n in score.groups() if n is not None]
    assert (final.score[team], final.score[3 - team]) == (mine, theirs) and final.over
    assert len(game.setup.hands) == players
    assert CliRunner().invoke(app, ["check", str(path)], env={"LITERATURE_HOME": str(tmp_path)}).exit_code == 0


@pytest.mark.slow
def test_ctrl_c_then_resume_continues_the_identical_game(tmp_path: Path) -> None:
    straight = run_play("--seed", "5", "--fast", "--opponents", "basic", lines="auto\n" * 400)
    whole = parse_game(Path(re.findall(r"Saved: (\S+\.lit)", straight.stdout)[-1]).read_text())
    with Terminal(tmp_path, "play", "--seed", "5", "--fast", "--opponents", "basic") as term:
        for _ in range(3):
            term.expect(b"your move> ")
            term.type(b"auto\n")
        term.expect(b"your move> ")
        term.type(b"\x03")
        term.expect(b"goes on with it")
        assert term.exit_code() == 130
    (path,) = sorted((tmp_path / "games").glob("*.lit"))
    assert not parse_game(path.read_text()).state().over
    env = os.environ | {"LITERATURE_HOME": str(tmp_path), "NO_COLOR": "1"}
    resumed = subprocess.run([sys.executable, "-m", "trainer", "play", "--resume", "--fast"], input="auto\n" * 400,
                             text=True, capture_output=True, env=env, timeout=600, check=False)
    assert resumed.returncode == 0, resumed.stderr
    assert parse_game(path.read_text()).events == whole.events
    assert [g.over for g in saved_games(tmp_path / "games")] == [True]
    assert games_path().name == "games"


def test_as_takes_a_seat_by_name_or_gives_seat_one_your_name() -> None:
    dan = Match.new(Seating(seed=4, you="Dan", opponents=BotKind.EXPERT))
    assert dan.you == "Dan" and dan.kind_of("Bob") is BotKind.MEDIUM and dan.kind_of("Ann") is BotKind.EXPERT
    zoe = Match.new(Seating(seed=4, you="Zoe"))
    assert zoe.setup.players[0] == "Zoe" and Match.from_text(zoe.text()).you == "Zoe"
    result = CliRunner().invoke(app, ["play", "--seed", "4", "--fast", "--as", "Dan", "--opponents", "basic"],
                                input="quit\n")
    assert result.exit_code == 0 and "you: Dan" in result.output
    (game,) = saved_games(games_path())
    assert (game.you, game.result) == ("Dan", "in progress")


def test_the_full_coach_names_the_experts_move_where_it_is_not_the_best_chance() -> None:
    """Issue 44: in classic the expert keeps a certain set (nothing can take it away) and asks; the full coach says
    so after the claim it advises, naming the expert's ask and why; the alert coach gives the hint alone."""
    seat = six_diamonds(CoachLevel.FULL)
    advice = seat.respond("hint").advice
    assert advice is not None and advice.why is not None and isinstance(advice.expert, AskFor)
    assert advice.why.reason == "keep" and advice.why.half_suit == HalfSuit.parse("LD")
    bot = make_bot(BotKind.EXPERT, move_rng(1, len(seat.match.state.events), "Ann"))
    view = seat.match.table.view("Ann", Role.PLAY)
    assert advice.expert == bot.decide(view)
    chance = seat.coach.ask_chance(seat.match.state.events, advice.expert.target, advice.expert.card)
    assert advice.why.chance == chance > 0
    (line,) = reply_lines(seat.respond("hint"))
    assert f"The expert would ask {advice.expert.target} for {advice.expert.card}" in line
    assert "it keeps LD (the other team holds none of its cards" in line
    alert = six_diamonds(CoachLevel.ALERT).respond("hint").advice
    assert alert is not None and alert.expert is None and alert.why is None


def test_plain_lines_wrap_at_spaces_and_keep_paths_and_commands_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """At 40 columns a long message breaks between words only: a path longer than the screen stays whole on its
    own line (the terminal wraps it), and the quoted command a user would copy is never split."""
    import io

    from rich.console import Console

    import trainer.render.play as render

    out = io.StringIO()
    monkeypatch.setattr(render, "_console", Console(file=out, width=40, no_color=True, force_terminal=True))
    path = "/home/someone/.local/share/literature/games/20261206-0544-seed3.lit"
    said = (f"Saved: {path} ('literature play --resume' goes on with it). Ask anyway? (yes/no) and "
            "naming your teammate for each card")
    render.show_lines([said])
    lines = out.getvalue().splitlines()
    assert " ".join(lines).split() == said.split()  # no word cut in two, none lost
    assert all(len(line) <= 40 or " " not in line.strip() for line in lines if "literature play" not in line)
    assert path in lines and any("'literature play --resume'" in line for line in lines)
    piped = io.StringIO()  # not a terminal (a pipe, a file): every line whole, as a script reads it
    monkeypatch.setattr(render, "_console", Console(file=piped, width=40, no_color=True))
    render.show_lines([said])
    assert piped.getvalue() == said + "\n"
