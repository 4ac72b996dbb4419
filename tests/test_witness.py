"""Witnesses: deals that fit a history, drawn uniformly (trainer/engine/witness.py, ``solve --witness``)."""

from __future__ import annotations

import json
import random
from collections import Counter as Tally
from collections.abc import Callable
from itertools import product
from math import factorial, prod
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.engine import witness
from trainer.engine.constraints import History
from trainer.engine.expansion import expanded
from trainer.engine.factored import Factored
from trainer.engine.packing import PYTHON
from trainer.engine.possible import check_possible
from trainer.engine.problem import Problem, SetProblem
from trainer.engine.solve import solve
from trainer.engine.witness import as_dealt, draw, table_now
from trainer.explain.refusal import NoWitness, witnesses
from trainer.game.cards import Card, parse_cards
from trainer.game.notation import Game, parse_game, read_game, write_game
from trainer.game.randomplay import random_game

import command_line

SIX = "tests/data/six-diamonds.lit"
TABLES = [("classic", 6), ("classic", 8), ("fish54", 6), ("fish54", 8)]


def _position(seed: int, table: int, cut: float, seat: int | None) -> tuple[Game, int, str | None]:
    variant, players = TABLES[table]
    game = random_game(random.Random(seed), variant, players)
    n = int(cut * len(game.events))
    viewer = None if seat is None else game.setup.players[seat % players]
    return game, n, viewer


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(0, 3), st.floats(0, 1), st.one_of(st.none(), st.integers(0, 7)),
       st.integers(0, 2**32))
def test_a_witness_written_as_a_complete_log_passes_check_and_replays(
    seed: int, table: int, cut: float, seat: int | None, draw_seed: int
) -> None:
    game, n, viewer = _position(seed, table, cut, seat)
    events = game.events[:n]
    view = game.setup.seen_by(viewer)
    hands = draw(History.build(view, events, viewer), random.Random(draw_seed))
    assert sorted(c for h in hands.values() for c in h) == sorted(game.setup.variant.cards)
    assert {p: len(h) for p, h in hands.items()} == game.setup.dealt_sizes
    if viewer is not None:
        assert set(hands[viewer]) == set(view.hands[viewer])
    log = write_game(Game(as_dealt(game.setup, hands), events))
    again = parse_game(log, "witness.lit")  # the reader replays the events on the listed hands
    check_possible(again)  # what ``literature check`` runs
    now = table_now(game.setup, events, hands)
    assert {p: set(h) for p, h in now.items()} == {p: set(h) for p, h in again.state().hands.items()}


def _chi_square(observed: dict[str, int], expected: dict[str, float]) -> tuple[float, int]:
    stat = sum((observed.get(p, 0) - e) ** 2 / e for p, e in expected.items() if e > 0)
    return stat, sum(1 for e in expected.values() if e > 0) - 1


# chi-square critical values at p = 0.001 by degrees of freedom
CRITICAL = {1: 10.83, 2: 13.82, 3: 16.27, 4: 18.47, 5: 20.52, 6: 22.46, 7: 24.32}


def _walk_first(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Make the first problem a draw meets too large to walk: its named cards come from the factored
    pass walked backwards, and what is left is walked as usual. Returns a list that counts the walks."""
    walkable, named_cards = witness._walkable, witness.named_cards
    seen: set[int] = set()
    walks: list[int] = []

    def counted(problem: Problem, rng: random.Random) -> object:
        walks.append(1)
        return named_cards(problem, rng)

    def first_too_large(problem: Problem) -> object:
        if not seen:
            seen.add(1)
            return None
        return walkable(problem)

    def draw_once(*args: object) -> object:
        seen.clear()
        return draw(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(witness, "_walkable", first_too_large)
    monkeypatch.setattr(witness, "draw", draw_once)
    monkeypatch.setattr(witness, "named_cards", counted)
    return walks


def _counting(used: Tally[str], name: str, real: Callable[..., object]) -> Callable[..., object]:
    """``real``, counting its calls in ``used[name]``."""

    def counted(*args: object) -> object:
        used[name] += 1
        return real(*args)

    return counted


@pytest.mark.parametrize("path", ["plain", "sweep", "pinning", "named"])
def test_drawn_witnesses_follow_the_exact_chances(path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """1,000 draws (200 pinning cards first, the slow way) on a small position (fixed seed): each card's
    holders against solve's exact chances,
    by each way of drawing (the plain pass walked back, the array pass walked back, cards pinned first,
    each set's named cards drawn from the factored pass walked back and the rest by the plain pass)."""
    if path == "plain":
        monkeypatch.setattr(witness, "BUDGET", 10**7)  # the plain pass however large
    if path in ("sweep", "pinning"):
        monkeypatch.setattr(witness, "BUDGET", 0)
    if path == "pinning":
        monkeypatch.setattr(witness, "SWEEP_BUDGET", 0)
        monkeypatch.setattr(witness, "NAMED", False)
    walks = _walk_first(monkeypatch) if path == "named" else []
    used: Tally[str] = Tally()  # which way each draw went
    for name in ("_walk_counter", "_walk_sweep", "_pin_one"):
        monkeypatch.setattr(witness, name, _counting(used, name, getattr(witness, name)))
    game = random_game(random.Random(7), "classic", 6)
    events = game.events[:14]
    viewer = game.setup.players[0]
    view = game.setup.seen_by(viewer)
    knowledge = solve(view, events, viewer)
    history = History.build(view, events, viewer)
    runs = 1000 if path != "pinning" else 200
    rng = random.Random(11)
    deals = [table_now(view, events, witness.draw(history, rng)) for _ in range(runs)]
    open_cards = [c for c in knowledge.cards if knowledge.forced(c) is None]
    assert len(open_cards) >= 6
    state = game.state(14)
    for card in open_cards[:: max(1, len(open_cards) // 6)]:
        seen = Tally(p for deal in deals for p, cards in deal.items() if card in cards)
        assert set(seen) <= set(knowledge.holders(card))  # never a player the engine rules out
        expected = {p: float(f) * runs for p, f in knowledge.holders(card).items()}
        stat, df = _chi_square(dict(seen), expected)
        assert stat < CRITICAL[df], (card, seen, expected)
    assert state is not None
    assert len(walks) == (runs if path == "named" else 0)
    way = {"plain": "_walk_counter", "sweep": "_walk_sweep", "pinning": "_pin_one"}.get(path)
    assert (way is None or used[way] >= runs) and (path == "pinning" or used["_pin_one"] == 0), used


def _brute_force(problem: Problem) -> dict[tuple[int, ...], int]:
    """Per assignment of the constrained cards (dimensions, the sets' cards in order), the deals giving it:
    the ways to share the free cards into the room left."""
    cards = [(s, i) for s in problem.sets for i in range(len(s.cards))]
    found: dict[tuple[int, ...], int] = {}
    for holders in product(*(s.domains[i] for s, i in cards)):
        at = dict(zip((s.cards[i] for s, i in cards), holders, strict=True))
        facts = [(s, p, positions) for s in problem.sets for p, positions in s.holds_one_of]
        if not all(any(at[s.cards[i]] == p for i in positions) for s, p, positions in facts):
            continue
        rest = [c - holders.count(d) for d, c in enumerate(problem.capacity)]
        if min(rest) >= 0:
            found[holders] = factorial(problem.free) // prod(factorial(r) for r in rest)
    return found


def _joint_test(problem: Problem, keep: int, draw_one: Callable[[random.Random], dict[str, int]]) -> None:
    """Over 1,500 draws (fixed seed), every whole assignment of the first ``keep`` sets' cards as often
    as brute force counts it (chi-square, p = 0.001), never an impossible one."""
    exact: Tally[tuple[int, ...]] = Tally()
    for holders, deals in _brute_force(problem).items():
        exact[holders[: sum(len(s.cards) for s in problem.sets[:keep])]] += deals
    total = sum(exact.values())
    rng = random.Random(5)
    runs = 1500
    seen: Tally[tuple[int, ...]] = Tally()
    for _ in range(runs):
        holder = draw_one(rng)
        seen[tuple(holder[c] for s in problem.sets[:keep] for c in s.cards)] += 1
    assert set(seen) <= set(exact)
    assert len(exact) >= 10
    stat = sum((seen[a] - runs * w / total) ** 2 / (runs * w / total) for a, w in exact.items())
    df = len(exact) - 1
    critical = df * (1 - 2 / (9 * df) + 3.09 * (2 / (9 * df)) ** 0.5) ** 3  # p = 0.001 (Wilson-Hilferty)
    assert stat < critical, (stat, critical, seen, exact)


X = SetProblem(("X1", "X2", "X3"), ((0, 1, 2), (1, 2), (0, 1, 2)), ((0, (0, 2)), (1, (0, 1))))
Y = SetProblem(("Y1", "Y2"), ((0, 2), (0, 1, 2)), ((2, (0, 1)),))


@pytest.mark.parametrize("factored", [False, True])
def test_cards_taken_out_one_at_a_time_follow_the_exact_joint_counts(
    factored: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The large problems' slow path (a card drawn from a full pass, taken out of its set, its holder's
    room one smaller, a "holds one of" fact it meets dropped, until nothing is left), forced on a small
    problem with facts: every whole assignment of the constrained cards as often as brute force counts
    it. With ``factored``, each card's counts come from the factored pass with its set combined last
    and one backward step, as on a large problem."""
    if factored:
        monkeypatch.setattr(witness, "full_pass", lambda problem, final: Factored(problem, True, final))
    monkeypatch.setattr(witness, "BUDGET", 0)
    monkeypatch.setattr(witness, "SWEEP_BUDGET", 0)
    monkeypatch.setattr(witness, "NAMED", False)
    problem = Problem(("A", "B", "C"), (2, 2, 2), 1, (X, Y))

    def draw_one(rng: random.Random) -> dict[str, int]:
        left, chosen, rest, pinned, anyone = witness._classes(problem, rng)
        assert left.sets == () and chosen == [] and sum(rest) == problem.free and anyone == []
        return pinned

    _joint_test(problem, 2, draw_one)


@pytest.mark.parametrize("then", ["plain", "pins"])
def test_named_cards_walked_back_follow_the_exact_joint_counts(then: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The large problems' path: each set's cards for the players it names drawn by walking the
    factored pass backwards (:mod:`trainer.engine.walk`), then the cards given to "someone else" by
    the plain pass walked back, or taken out one at a time: every whole assignment of the constrained
    cards as often as brute force counts it. The problem has a set whose coefficients cancel out in
    some classes, and one that names nobody (its cards join the free ones)."""
    z = SetProblem(("Z1", "Z2"), ((0, 1, 2, 3),) * 2, ())  # names nobody
    w = SetProblem(("W1", "W2", "W3"), ((0, 1), (0, 1, 3), (1, 2, 3)), ())
    problem = Problem(("A", "B", "C", "D"), (3, 3, 2, 3), 1, (X, Y, w, z))
    assert len(expanded(w, 4).coef) < len(expanded(w, 4, every=True).coef)  # terms cancel out there
    n = len(problem.players)
    walkable = witness._walkable
    if then == "plain":  # the problem itself is too large, what is left is not
        monkeypatch.setattr(witness, "_walkable", lambda left: None if left == problem else walkable(left))
    else:
        monkeypatch.setattr(witness, "BUDGET", 0)
        monkeypatch.setattr(witness, "SWEEP_BUDGET", 0)

    def draw_one(rng: random.Random) -> dict[str, int]:
        left, chosen, _, pinned, anyone = witness._classes(problem, rng)
        assert anyone == ["Z1", "Z2"]
        by_cards = {s.cards: s for s in left.sets}
        for cards, vector in chosen:
            pinned.update(witness._one_solution(by_cards[cards], PYTHON.pack(vector), n, rng))
        return pinned

    _joint_test(problem, 3, draw_one)


def test_where_finds_a_deal_exactly_when_the_chance_is_above_zero() -> None:
    game = random_game(random.Random(3), "fish54", 6)
    game = Game(game.setup, game.events[:20])
    viewer = game.setup.players[1]
    game = Game(game.setup.seen_by(viewer), game.events)
    knowledge = solve(game.setup, game.events, viewer)
    state = game.state()
    cards = [c for c in knowledge.cards if c not in state.hands.get(viewer, ())][:: 7]
    for card in cards:
        for player in game.setup.players:
            chance = knowledge.holders(card).get(player, 0)
            if chance > 0:
                deal = witnesses(game, viewer, None, 1, [f"{card}={player}"], seed=1)[0]
                assert card in table_now(game.setup, game.events, deal)[player]
            else:
                with pytest.raises(NoWitness):
                    witnesses(game, viewer, None, 1, [f"{card}={player}"], seed=1)


def test_cli_witness_json_and_text() -> None:
    code, out, _ = command_line.run("solve", SIX, "--witness", "3", "--seed", "5", "--json")
    assert code == 0
    data = json.loads(out)
    assert len(data["witnesses"]) == 3
    for deal in data["witnesses"]:
        hands = deal["hands"]
        assert hands["Ann"] == ["9S", "JS", "KH", "2D", "3D", "4D", "5D", "7D"]
        assert "6D" in hands["Cat"] and sum(map(len, hands.values())) == 48
    code, again, _ = command_line.run("solve", SIX, "--witness", "3", "--seed", "5", "--json")
    assert again == out  # the seed makes it reproducible
    code, text, _ = command_line.run("solve", SIX, "--witness", "1", "--where", "9C=Bob", "--seed", "1")
    assert code == 0 and "deal 1" in text
    bob = next(line for line in text.splitlines() if line.startswith("Bob"))
    assert "9♣" in bob


def test_cli_where_with_no_deal_is_one_line_and_exit_1() -> None:
    code, out, err = command_line.run("solve", SIX, "--witness", "1", "--where", "6D=Eve")
    assert code == 1 and out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"{SIX}: no deal fits with Eve holding 6D: Cat asked Bob for 3D")
    code, _, err = command_line.run("solve", SIX, "--witness", "1", "--where", "2D=Bob")  # Ann's own card
    assert code == 1 and "Bob holding 2D" in err


def test_cli_bad_where_is_exit_2() -> None:
    code, _, err = command_line.run("solve", SIX, "--witness", "1", "--where", "9C")
    assert code == 2 and "CARD=PLAYER" in err
    code, _, err = command_line.run("solve", SIX, "--witness", "1", "--where", "9C=Zed")
    assert code == 2 and "Zed" in err


def test_a_witness_of_a_long_personal_log(tmp_path: Path) -> None:
    game = read_game("tests/data/personal-fish54-8p.lit")
    deal = witnesses(game, None, None, 1, [], seed=4)[0]
    log = tmp_path / "witness.lit"
    log.write_text(write_game(Game(as_dealt(game.setup, deal), game.events)), encoding="utf-8")
    code, _, err = command_line.run("check", str(log))
    assert code == 0, err
    assert Card.parse("2S") in {c for h in deal.values() for c in h}


def test_the_trainer_shows_the_deal_that_refutes_a_card_named_that_is_not_certain() -> None:
    from puzzles.packs import load_pack
    from puzzles.quiz import Attempt

    puzzle = next(p for p in load_pack() if p.id == "p-5dc5b6b1b428")  # the tutorial's daily: LC, certain

    def attempt() -> Attempt:
        return Attempt(puzzle, clock=iter(range(100)).__next__)

    reply = attempt().respond("Fay 6C, Eve 7C, Dan 2C")
    assert reply.kind == "wrong" and reply.deal is not None  # the deal is a value: the hands, the card, who
    deal = reply.deal
    assert (str(deal.card), deal.said, deal.events) == ("2C", "Dan", 18)
    hands = deal.shown()
    assert set(hands) == set(puzzle.players)
    assert Card.parse("2C") not in hands["Dan"] and deal.holder != "Dan" and Card.parse("2C") in hands[deal.holder]
    shown = {card for cards in hands.values() for card in cards}
    assert not shown & set(parse_cards("6C 7C"))  # the other forced cards would give the answer away
    assert set(deal.hidden) >= set(parse_cards("6C 7C")) and not shown & set(deal.hidden)
    assert attempt().respond("Fay 6C, Eve 7C, Dan 2C").deal == deal  # the same deal for the same answer
    plain = attempt().respond("Fay 6C")  # a certain card left out: nothing to refute
    assert plain.kind == "wrong" and plain.deal is None


def test_explain_shows_a_deal_for_a_card_that_is_not_forced() -> None:
    code, out, _ = command_line.run("explain", SIX, "9C")
    assert code == 0 and "One deal that fits everything seen" in out
    code, out, _ = command_line.run("explain", SIX, "9C", "--json")
    hands = json.loads(out)["witness"]["hands_now"]
    assert sum(map(len, hands.values())) == 48 and "6D" in hands["Cat"]
    code, out, _ = command_line.run("explain", SIX, "6D", "--json")
    assert "witness" not in json.loads(out)


def test_review_explain_shows_a_deal_under_a_note_that_was_not_certain() -> None:
    code, out, _ = command_line.run("review", "tests/data/review/risky-claim.lit", "--explain", "1")
    assert code == 0
    assert "Could Ann have known? No: this deal fits everything seen then" in out
