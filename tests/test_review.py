"""``literature review``: known answers for every note kind, exact bits, views that agree, clean errors.

The hand-written logs live in ``tests/data/review``; each says in comments
what a reviewer should find.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

import pytest

from trainer.engine import count
from trainer.game.cards import Card, HalfSuit
from trainer.game.errors import ImpossibleHistoryError
from trainer.game.notation import Game, parse_game, read_game, write_game
from trainer.render.notes import note_json, note_sentence, outcome_words
from trainer.render.review_json import review_json
from trainer.review import Note, NoteKind, Review, review_game

from command_line import run

DATA = Path(__file__).parent / "data"
REVIEW = DATA / "review"
KINDS = {k.value for k in NoteKind}


def prefix(game: Game, n: int) -> Game:
    """The first ``n`` events of a game, as a game read from text (lines renumbered)."""
    return parse_game(write_game(Game(game.setup, game.events[:n])), path="prefix.lit")


def summary(notes: list[Note]) -> list[tuple[int, str, str]]:
    return [(n.event, n.kind.value, n.player) for n in notes]


@pytest.fixture(scope="module")
def lost() -> Review:
    return review_game(read_game(REVIEW / "lost-claim.lit"))


# -- known answers, one note kind at a time ---------------------------------------------


def test_lost_claim_log_has_exactly_the_expected_notes(lost: Review) -> None:
    assert summary(lost.notes) == [
        (4, "lost-claim", "Ann"),  # once, when LD becomes certain for Ann's team ...
        (4, "best-ask", "Ann"),
        (6, "wasted-ask", "Ann"),
        (6, "best-ask", "Ann"),
        (8, "kept-set", "Cat"),  # ... and once when the team claims it
        (8, "wrong-claim", "Cat"),
    ]


def test_lost_claim_names_the_certain_placement_and_the_fate(lost: Review) -> None:
    note = lost.notes[0]
    assert note.half_suit is HalfSuit.parse("LD") and note.view == "Ann" and note.since == 4
    assert dict(note.holders) == {Card.parse(c): "Ann" for c in ["2D", "3D", "4D", "5D", "7D"]} | {
        Card.parse("6D"): "Cat"
    }
    assert note.outcome == "cancelled"
    assert "the team later had it cancelled" in str(note_sentence(note))
    kept = lost.notes[4]
    assert (kept.kind, kept.since, kept.view, kept.outcome) == (NoteKind.KEPT_SET, 4, "Ann", "cancelled")
    assert str(note_sentence(kept)) == (
        "Cat claimed LD, kept while certain since event 4 (certain for Ann, 4 events earlier); "
        "the team had it cancelled."
    )
    assert lost.players["Ann"].safe_claims_missed == 1 and lost.players["Ann"].lost_claims == 1


def test_safe_claim_when_the_set_is_still_in_play_says_it_can_be_a_strategy() -> None:
    review = review_game(prefix(read_game(REVIEW / "lost-claim.lit"), 4))
    notes = [n for n in review.notes if n.kind is NoteKind.SAFE_CLAIM]
    assert summary(notes) == [(4, "safe-claim", "Ann")]
    assert "stalemate breaker is a real strategy" in str(note_sentence(notes[0]))
    assert note_json(notes[0])["set"] == "LD"


def test_best_ask_lists_the_sure_hit(lost: Review) -> None:
    best = [n for n in lost.notes if n.kind is NoteKind.BEST_ASK]
    assert [n.best for n in best] == [(("Bob", Card.parse("JS")),)] * 2
    assert all(n.best_probability == 1 for n in best)
    assert best[0].probability is not None and 0 < best[0].probability <= Fraction(3, 4)
    assert best[1].probability == 0
    assert str(note_sentence(best[0])) == "Ann's ask had a 17% chance of a hit and missed; Bob for JS was certain."


def test_an_ask_that_hit_by_luck_says_so() -> None:
    """Dan's QS ask at move 4 of the lost-claim log, had it hit: a 17% ask while Bob for JS was certain."""
    text = write_game(prefix(read_game(REVIEW / "lost-claim.lit"), 4))
    review = review_game(parse_game(text.replace("Ann asks Dan for QS: no", "Ann asks Dan for QS: yes")))
    (note,) = [n for n in review.notes if n.kind is NoteKind.BEST_ASK]
    assert note.outcome == "hit" and note_json(note)["outcome"] == "hit"
    assert str(note_sentence(note)) == "Ann's ask was a 17% ask that happened to hit; Bob for JS was certain."


def test_a_wasted_ask_and_its_best_ask_read_as_one_line(lost: Review) -> None:
    from trainer.render.review import note_lines

    (line,) = note_lines(lost.notes_of(6))
    assert line[0] == "wasted-ask, best-ask"
    assert line[2] == "Ann could know Bob did not hold 6D: the ask could not hit; Bob for JS was certain."


def test_wasted_ask_is_an_ask_the_asker_knew_could_not_hit(lost: Review) -> None:
    (note,) = [n for n in lost.notes if n.kind is NoteKind.WASTED_ASK]
    assert (note.player, note.target, note.card, note.probability) == ("Ann", "Bob", Card.parse("6D"), 0)
    assert note_json(note) | {"text": ""} == {
        "kind": "wasted-ask", "player": "Ann", "card": "6D", "target": "Bob", "probability": 0.0,
        "probability_exact": "0", "view": "Ann", "text": "",
    }


def test_wrong_claim_judged_from_the_public_view_in_a_personal_log(lost: Review) -> None:
    note = lost.notes[-1]
    assert note.view is None and note.probability == 0  # Cat asked for 3D: not all six can be Cat's
    assert outcome_words(note) == "wrong (Ann 2D 3D 4D 5D 7D)"
    assert "(from the public view)" in str(note_sentence(note))


def test_risky_claim_probability_is_exact() -> None:
    review = review_game(read_game(REVIEW / "risky-claim.lit"))
    (note,) = review.notes
    # Cat holds 8 of the 40 cards Ann cannot see: all four named spades are Cat's with chance 8·7·6·5 / 40·39·38·37
    assert (note.kind, note.probability, note.outcome) == (NoteKind.RISKY_CLAIM, Fraction(7, 9139), "right")
    assert review.players["Ann"].risky_claims == 1


def test_wrong_claim_with_the_same_odds() -> None:
    review = review_game(read_game(REVIEW / "wrong-claim.lit"))
    (note,) = review.notes
    assert (note.kind, note.probability, note.outcome) == (NoteKind.WRONG_CLAIM, Fraction(7, 9139), "wrong")
    assert outcome_words(note) == "wrong (Bob 10S)" and note.misplaced == ((Card.parse("10S"), "Bob"),)
    assert review.teams[1].wrong_claims == 1


def test_a_certain_claim_has_no_note() -> None:
    game = parse_game(
        "variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\ndealer: Cat\n"
        "hand Ann: 2D 3D 4D 5D 7D 9S JS KH\nCat asks Bob for 3D: no\nBob asks Ann for 9C: no\n"
        "Ann claims LD: Ann 2D 3D 4D 5D 7D, Cat 6D\n"
    )
    review = review_game(game)
    assert review.notes == []


def test_complete_record_own_view_wasted_asks() -> None:
    review = review_game(prefix(read_game(DATA / "complete-classic-6p.lit"), 18))
    wasted = [(n.event, n.player, n.target, str(n.card)) for n in review.notes if n.kind is NoteKind.WASTED_ASK]
    # move 4: Dan said no to QS; move 14: Bob asked for 10C, so he lacks it; move 1: 3D went to Cat
    assert wasted == [(15, "Cat", "Dan", "QS"), (17, "Cat", "Bob", "10C"), (18, "Bob", "Eve", "3D")]
    assert all(n.view == n.player for n in review.notes)


# -- bits ----------------------------------------------------------------------------------


def test_bits_are_log2_of_the_exact_count_ratio() -> None:
    game = prefix(read_game(DATA / "complete-classic-6p.lit"), 14)
    review = review_game(game)
    for player in game.setup.players:
        for i in range(1, len(game.events) + 1):
            before = count(game.setup, game.events[: i - 1], player)
            after = count(game.setup, game.events[:i], player)
            assert review.bits[player][i - 1] == pytest.approx(math.log2(before / after), abs=1e-9)


def test_bits_in_a_personal_log_use_the_public_view_for_the_others(lost: Review) -> None:
    game = lost.game
    public = game.setup.public()
    for i in range(1, len(game.events) + 1):
        before = count(public, game.events[: i - 1], None)
        after = count(public, game.events[:i], None)
        assert lost.bits["Bob"][i - 1] == pytest.approx(math.log2(before / after), abs=1e-9)
        assert lost.bits["Bob"][i - 1] == lost.bits["Fay"][i - 1]
    assert lost.views == {"Ann": "Ann", "Bob": None, "Cat": None, "Dan": None, "Eve": None, "Fay": None}


def test_information_known_adds_up_the_bits(lost: Review) -> None:
    for player in lost.setup.players:
        assert lost.known(player)[-1] == pytest.approx(sum(lost.bits[player]), abs=1e-9)
    team1 = lost.team_known(1)
    assert team1[0] == 0 and len(team1) == len(lost.game.events) + 1


# -- views agree -----------------------------------------------------------------------------


@pytest.mark.slow
def test_complete_record_and_personal_log_agree_on_that_players_notes() -> None:
    game = prefix(read_game(DATA / "complete-classic-6p.lit"), 24)
    complete = review_game(game)
    for player in ("Cat", "Dan"):
        personal = review_game(game, as_player=player)
        mine = [note_json(n) for n in complete.notes if n.player == player]
        assert mine and mine == [note_json(n) for n in personal.notes if n.player == player]
        assert complete.bits[player] == personal.bits[player]
        assert personal.views[player] == player and not personal.complete


# -- command line ---------------------------------------------------------------------------------


def test_json_contract(tmp_path: Path) -> None:
    code, out, err = run("review", str(REVIEW / "lost-claim.lit"), "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    events = data["events"]
    assert [e["index"] for e in events] == list(range(1, 9))
    assert events[0] | {"bits": {}} == {
        "index": 1, "line": 6, "text": "Cat asks Bob for 3D: no", "actor": "Cat", "bits": {}, "notes": [],
    }
    for event in events:
        assert set(event["bits"]) == {"Ann", "Bob", "Cat", "Dan", "Eve", "Fay"}
        assert all(n["kind"] in KINDS and n["player"] for n in event["notes"])
    assert events[3]["notes"][0] | {"text": "", "holders": {}} == {
        "kind": "lost-claim", "player": "Ann", "set": "LD", "holders": {}, "outcome": "cancelled", "since": 4,
        "view": "Ann", "text": "",
    }
    summary = data["summary"]
    assert summary["players"]["Ann"]["wasted_asks"] == 1 and summary["teams"]["1"]["players"] == ["Ann", "Cat", "Eve"]
    assert len(summary["information"]["1"]) == 9 and summary["information"]["2"][0] == 0


def test_rich_view_shows_notes_summary_and_chart() -> None:
    code, out, _ = run("review", str(REVIEW / "lost-claim.lit"))
    assert code == 0
    assert "lost-claim" in out and "wasted-ask" in out and "Summary" in out
    assert "Information known by each team" in out and "team 2 (Bob Dan Fay)" in out
    code, only, _ = run("review", str(REVIEW / "lost-claim.lit"), "--only-notes")
    assert code == 0 and "Dan asks Ann for 10S" not in only and "Ann asks Bob for 6D" in only


def test_html_report_is_one_self_contained_file(tmp_path: Path) -> None:
    target = tmp_path / "report.html"
    code, out, _ = run("review", str(REVIEW / "lost-claim.lit"), "--html", str(target))
    assert code == 0 and out.strip() == f"wrote {target}"
    page = target.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert "<svg" in page and "<polyline" in page and "wasted-ask" in page
    assert "<script" not in page and "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]  # no temporary file left behind


def test_html_into_a_missing_folder_is_a_clean_error(tmp_path: Path) -> None:
    code, _, err = run("review", str(REVIEW / "risky-claim.lit"), "--html", str(tmp_path / "nope" / "r.html"))
    assert code == 2 and len(err.strip().splitlines()) == 1 and f"the folder {tmp_path / 'nope'} does not exist" in err


def test_explain_a_note_through_the_explainer() -> None:
    code, out, _ = run("review", str(REVIEW / "lost-claim.lit"), "--explain", "4", "--json")
    assert code == 0
    data = json.loads(out)
    assert [n["kind"] for n in data["notes"]] == ["lost-claim", "best-ask"]
    assert data["notes"][0]["explanation"]["assignment"]["6D"] == "Cat"
    assert data["notes"][1]["explanation"]["holder"] == "Bob"  # JS, seen moving to Bob
    code, out, _ = run("review", str(REVIEW / "lost-claim.lit"), "--explain", "6")
    assert code == 0 and "6♦ is with Cat" in out
    code, _, err = run("review", str(REVIEW / "lost-claim.lit"), "--explain", "99")
    assert code == 2 and "out of range" in err


@pytest.mark.parametrize(
    "text",
    [
        "variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\nCat asks Bob for 3Z: no\n",
        "variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\nAnn asks Cat for 3D: no\n",
        "variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\nhand Bob: 3D 4D 5D 6D 7D 9S JS KH\n"
        "Ann asks Bob for 3D: no\n",
        "variant: classic\nplayers: Ann Bob Cat\n",
        "variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\nAnn asks Bob for 3D: yes\nBob asks Ann for 3D: no\n",
    ],
)
def test_malformed_logs_get_the_same_error_as_check(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.lit"
    path.write_text(text)
    checked = run("check", str(path))
    reviewed = run("review", str(path))
    assert checked[0] == reviewed[0] == 2
    assert reviewed[2] == checked[2] and len(reviewed[2].strip().splitlines()) == 1 and str(path) in reviewed[2]


def test_missing_file_and_unknown_viewer(tmp_path: Path) -> None:
    missing = str(tmp_path / "none.lit")
    assert run("review", missing)[::2] == run("check", missing)[::2]
    code, _, err = run("review", str(REVIEW / "lost-claim.lit"), "--as", "Bob")
    assert code == 2 and "Bob's hand is not listed" in err
    code, _, err = run("review", str(REVIEW / "lost-claim.lit"), "--as", "Zed")
    assert code == 2 and "unknown player 'Zed'" in err


def test_impossible_history_names_the_first_event_no_deal_fits() -> None:
    path = str(REVIEW / "impossible.lit")
    code, out, err = run("review", path)
    assert code == 2 and out == ""
    # Cat asked for 3D, so was dealt 6D (Ann holds the rest); asking for 6D says otherwise
    assert err == f"{path}:8: Cat asked for 3D at event 1, yet now Cat can have been dealt none of 2D 4D 5D 6D 7D\n"
    assert run("explain", path, "6D")[2] == err  # the same message as every other command that reads it
    assert run("check", path)[::2] == (2, err)  # the listed hand proves it, so check says so too


def test_a_claim_naming_more_cards_than_a_player_was_dealt_has_chance_zero() -> None:
    game = parse_game(
        "variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\ndealer: Bob\nhand Ann: 2D 3D 4D 5D 7D 9S JS KH\n"
        "Bob asks Eve for 2C: yes\nBob asks Eve for 3C: yes\nBob asks Eve for 4C: yes\nBob asks Cat for 5C: no\n"
        "Cat claims HC: Eve 9C 10C JC QC KC AC (actual: Cat 9C 10C JC QC KC AC)\n"
    )
    (note,) = review_game(game).notes
    # Eve was dealt 8 cards and 2C 3C 4C were three of them: six more cannot all have been hers
    assert (note.kind, note.player, note.probability, note.view) == (NoteKind.WRONG_CLAIM, "Cat", 0, None)


def test_parallel_views_give_the_same_review() -> None:
    game = prefix(read_game(DATA / "complete-classic-6p.lit"), 20)
    assert review_json(review_game(game, workers=2)) == review_json(review_game(game))
    with pytest.raises(ImpossibleHistoryError, match=r"impossible\.lit:8: Cat asked for 3D at event 1"):
        review_game(read_game(REVIEW / "impossible.lit"), workers=2)


# -- the classic rules: a kept set, out-of-turn claims, and how the report reads ---------------------


def test_a_kept_set_is_noted_when_certain_and_when_claimed_not_on_every_event() -> None:
    review = review_game(read_game(REVIEW / "stalemate-breaker.lit"))
    assert summary(review.notes) == [(1, "safe-claim", "Ann"), (7, "kept-set", "Ann")]
    kept = review.notes[1]
    assert (kept.since, kept.outcome, kept.half_suit) == (1, "won", HalfSuit.parse("LD"))
    assert str(note_sentence(kept)) == (
        "Ann claimed LD, kept while certain since event 1 (certain for Ann, 6 events earlier); the team won it."
    )
    assert review.players["Ann"].safe_claims_missed == 1 and review.game.state().turn == "Dan"


def test_out_of_turn_claims_are_notes_of_their_own_with_what_they_cost() -> None:
    review = review_game(read_game(REVIEW / "out-of-turn.lit"))
    assert summary(review.notes) == [(1, "lost-claim", "Ann"), (2, "out-of-turn", "Eve"), (4, "out-of-turn", "Cat")]
    right, lost = review.notes[1], review.notes[2]
    assert (right.outcome, right.cost, right.view) == ("cancelled", 1, None)
    assert str(note_sentence(right)).startswith(
        "Eve claimed LD out of turn: every card was where declared, so on Eve's turn the team would have won "
        "the set; out of turn it was cancelled: the penalty cost a set"
    )
    assert (lost.outcome, lost.cost, lost.holders) == ("lost", 0, ((Card.parse("10S"), "Dan"),))
    assert "the other team held Dan 10S, so the set went to them" in str(note_sentence(lost))
    assert note_json(lost)["cost"] == 0 and note_json(lost)["kind"] == "out-of-turn"
    assert review.players["Eve"].out_of_turn_claims == 1 and review.teams[1].out_of_turn_claims == 2
    assert review.game.state().score == {1: 0, 2: 1}


def test_out_of_turn_claim_misplaced_within_the_team() -> None:
    right = "Eve claims LD out of turn: Ann 2D 3D 4D 5D 6D 7D "
    misplaced = "Eve claims LD out of turn: Ann 2D 3D 4D 5D 6D, Eve 7D (actual: Ann 7D)"
    text = (REVIEW / "out-of-turn.lit").read_text(encoding="utf-8").replace(right, misplaced)
    note = review_game(parse_game(text)).notes[1]
    assert (note.kind, note.outcome, note.cost) == (NoteKind.OUT_OF_TURN, "cancelled", 0)
    assert "the misplaced cards (Ann 7D) would have had it cancelled on Eve's turn too" in str(note_sentence(note))


def test_the_report_names_the_file_and_says_what_bits_are(tmp_path: Path) -> None:
    target = tmp_path / "r.html"
    code, out, _ = run("review", str((REVIEW / "out-of-turn.lit").resolve()), "--html", str(target))
    page = target.read_text(encoding="utf-8")
    assert code == 0 and "<title>Review of out-of-turn.lit</title>" in page and str(REVIEW) not in page
    assert "1 bit halves the deals they could still imagine" in page and "out-of-turn claims" in page
    code, out, _ = run("review", str((REVIEW / "out-of-turn.lit").resolve()))
    assert code == 0 and out.startswith("out-of-turn.lit: classic") and str(REVIEW) not in out
    assert out.index("1 bit halves") < out.index("Events:")  # explained before the first bits
    assert " oot" in out  # the out-of-turn column, only in games that have such a claim
