"""The review counts, per player, what their own asks let the other team prove about their hand."""

from __future__ import annotations

import json
from pathlib import Path

from trainer.game.notation import parse_game, read_game
from trainer.review import review_game
from trainer.review.giveaway import counts, given_away

from command_line import run

# Teams: Ann Cat Eve / Bob Dan Fay. Counted by hand from the public view:
# 1 Bob asks for 2D: Bob cannot hold 2D (he holds another low diamond: not one card yet).  Bob 0/1
# 2, 4, 6 Ann asks for 9S, 10S, JS: each proves one more card she does not hold.           Ann 0/3
# 3, 5, 7 Dan, Fay and Bob ask Ann for 3D, 4D, 5D: she lacks them, but these are not her asks;
#   Dan 0/1, Fay 0/1, Bob 0/1 more (each lacks the card he asked for).
# 8 Ann asks for 6D: she does not hold 6D, and of the low diamonds she may hold only 7D is left
#   (2D 3D 4D 5D ruled out by the misses): she must hold 7D.                             Ann 1/1 more
# 9 Bob asks Ann for 7D, yes: Bob now holds 7D, proven; nothing new ruled out.           Bob 1/0 more
GAME = """\
variant: classic
players: Ann Bob Cat Dan Eve Fay
dealer: Bob
Bob asks Ann for 2D: no
Ann asks Dan for 9S: no
Dan asks Ann for 3D: no
Ann asks Fay for 10S: no
Fay asks Ann for 4D: no
Ann asks Bob for JS: no
Bob asks Ann for 5D: no
Ann asks Bob for 6D: no
Bob asks Ann for 7D: yes
"""
BY_HAND = {"Ann": (1, 4), "Bob": (1, 2), "Cat": (0, 0), "Dan": (0, 1), "Eve": (0, 0), "Fay": (0, 1)}


def test_known_answer_counted_by_hand() -> None:
    game = parse_game(GAME)
    assert counts(game.setup, game.events) == BY_HAND
    eighth = given_away(game.setup, game.events, 8)
    assert ([str(c) for c in eighth.held], [str(c) for c in eighth.lacks]) == (["7D"], ["6D"])
    review = review_game(game)
    assert {p: (s.proven_held, s.proven_not_held) for p, s in review.players.items()} == BY_HAND
    assert (review.teams[1].proven_held, review.teams[1].proven_not_held) == (1, 4)
    assert (review.teams[2].proven_held, review.teams[2].proven_not_held) == (1, 4)


def test_counts_equal_the_sum_of_each_ask_solved_alone() -> None:
    """The review's one replay gives what solving each ask's two positions afresh gives (play's coach)."""
    game = parse_game(GAME)
    alone = {p: [0, 0] for p in game.setup.players}
    for index in range(1, len(game.events) + 1):
        given = given_away(game.setup, game.events, index)
        alone[given.player][0] += len(given.held)
        alone[given.player][1] += len(given.lacks)
    assert {p: tuple(v) for p, v in alone.items()} == counts(game.setup, game.events)


def test_json_and_rich_views_show_the_counts(tmp_path: Path) -> None:
    path = tmp_path / "shown.lit"
    path.write_text(GAME)
    code, out, err = run("review", str(path), "--json")
    assert code == 0 and err == ""
    summary = json.loads(out)["summary"]
    assert {p: (s["proven_held"], s["proven_not_held"]) for p, s in summary["players"].items()} == BY_HAND
    assert (summary["teams"]["1"]["proven_held"], summary["teams"]["1"]["proven_not_held"]) == (1, 4)
    code, out, _ = run("review", str(path))
    assert code == 0
    assert "team 1: Ann 1/4, Cat 0/0, Eve 0/0" in out and "team 2: Bob 1/2, Dan 0/1, Fay 0/1" in out


def test_a_complete_record_and_a_personal_log_count_the_same() -> None:
    """From the public view's replay (a personal log) or from a replay of its own (a complete record)."""
    game = read_game(Path(__file__).parent / "data" / "personal-fish54-8p.lit")
    shown = {p: (s.proven_held, s.proven_not_held) for p, s in review_game(game).players.items()}
    assert shown == counts(game.setup, game.events) and sum(a + b for a, b in shown.values()) > 0
    game = read_game(Path(__file__).parent / "data" / "classic-rules.lit")
    complete, personal = review_game(game), review_game(game, as_player="Ann")
    assert complete.complete and not personal.complete
    assert {p: (s.proven_held, s.proven_not_held) for p, s in complete.players.items()} == {
        p: (s.proven_held, s.proven_not_held) for p, s in personal.players.items()
    } == counts(game.setup, game.events)
