"""Known answers for each technique: a short position where exactly that technique is needed, graded at its level.

Each position is a short hand-written ``.lit`` in ``tests/data/explain`` (the
case-analysis one is a real simulated game seen by one player). Every technique is also tested alone on
the board, and the facts each one states are checked against the exact engine.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from puzzles.ladder import NAMES, level_of
from trainer.engine import solve
from trainer.engine.facts import Board, Holds, Lacks
from trainer.explain.cases import case_analysis, refute, work_out
from trainer.explain.explanation import Explanation, explain, explain_game
from trainer.explain.mind import Mind, Technique
from trainer.explain.techniques import (
    ask_inference,
    chain_depth,
    chains,
    elimination,
    hand_counting,
    saturate,
    seen,
    shared_asks,
)
from trainer.game.cards import Card, HalfSuit
from trainer.game.notation import Game, parse_game, read_game

DATA = Path(__file__).parent / "data"
EXAMPLES = DATA / "explain"
TABLE = "variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\n"
SEEN = (EXAMPLES / "seen.lit").read_text()
ELIMINATION = (EXAMPLES / "elimination.lit").read_text()
# Ann claims seven sets (some wrongly: 'actual' shows where the cards were), leaving only low diamonds.
HAND_COUNTING = (EXAMPLES / "hand-counting.lit").read_text()
SHARED_ASKS = (EXAMPLES / "shared-asks.lit").read_text()
CHAINS = (EXAMPLES / "chains.lit").read_text()


def _game(text: str) -> Game:
    return parse_game(text, path="test.lit")


def _board(game: Game, viewer: str | None) -> Board:
    return Board.build(game.setup, game.events, viewer)


# -- known answers: one line each (position, viewer, target, holder, level, grade name) ----------------------

KNOWN = [
    ("seen", SEEN, None, "2S", "Ann", 1, "elimination"),
    ("elimination", ELIMINATION, "Ann", "7D", "Fay", 1, "elimination"),
    ("ask inference", (DATA / "six-diamonds.lit").read_text(), "Ann", "6D", "Cat", 2, "careful player"),
    ("chains", CHAINS, "Ann", "5D", "Bob", 2, "careful player"),
    ("hand counting", HAND_COUNTING, "Ann", "6D", "Fay", 4, "hand counting"),
    ("shared asks then elimination", SHARED_ASKS, "Ann", "AS", "Fay", 5, "shared asks"),
    ("case analysis", (EXAMPLES / "case-analysis.lit").read_text(), "Fay", "10H", "Bob", 6, "case analysis"),
]


@pytest.mark.parametrize(
    ("name", "text", "viewer", "target", "holder", "level", "label"), KNOWN, ids=[k[0] for k in KNOWN]
)
def test_known_answer(name: str, text: str, viewer: str | None, target: str, holder: str, level: int,
                      label: str) -> None:
    game = _game(text)
    found = explain_game(game, viewer, target)
    assert found.holder == holder
    assert found.difficulty is not None
    assert (found.difficulty.rung, found.difficulty.name) == (level, label)
    assert max(s.rung for s in found.steps) == level
    assert {s.rung_name for s in found.steps} <= set(NAMES.values())  # the ladder's own names
    knowledge = solve(game.setup, game.events, viewer)
    assert knowledge.forced(Card.parse(target)) == holder
    if viewer is not None:  # the explanation's rung is the puzzle level the ladder gives
        assert level_of(game.setup.only(viewer), game.events, viewer, {Card.parse(target): holder}) == level


def test_grades_sort_by_level_then_effort() -> None:
    grades = [explain_game(_game(k[1]), k[2], k[3]).difficulty for k in KNOWN]
    levels = [g.rung for g in grades if g is not None]
    assert levels == sorted(levels)
    chain = explain_game(_game(CHAINS), "Ann", "5D").difficulty
    shared = explain_game(_game(SHARED_ASKS), "Ann", "AS").difficulty
    assert chain is not None and shared is not None
    # the chain of two ask inferences is less effort than shared asks then elimination
    assert chain.score < shared.score


# -- each technique alone ---------------------------------------------------------------------------------------


def test_seen_states_a_hit() -> None:
    mind = Mind(_board(_game(SEEN), None))
    step = seen(mind)
    assert step is not None and step.facts == (Holds(Card.parse("2S"), "Ann"),)
    assert step.events == (1,) and step.rung == 1
    mind.apply(step)
    assert seen(mind) is None


def test_seen_states_the_viewers_hand() -> None:
    mind = Mind(_board(_game(ELIMINATION), "Ann"))
    steps = []
    while (step := seen(mind)) is not None:
        steps.append(mind.apply(step))
    assert {f.card for s in steps for f in s.facts} == set(_game(ELIMINATION).setup.hands["Ann"])
    assert all(str(s.text).endswith("is in your hand.") for s in steps)


def test_elimination_alone() -> None:
    mind = Mind(_board(_game(ELIMINATION), "Ann"))
    step = elimination(mind)
    assert step is not None
    assert step.facts == (Holds(Card.parse("7D"), "Fay"),)
    assert step.events == (1, 2, 3, 4) and step.uses == () and step.rung == 1
    assert "Bob, Cat, Dan and Eve said no to 7D (moves 1, 2, 3, 4)" in str(step.text)  # one clause, not four
    # nothing to eliminate without the misses
    assert elimination(Mind(_board(_game(TABLE + "hand Ann: 2D 9S JS KH QH AH 9C 10C\n"), "Ann"))) is None


def test_ask_inference_alone_matches_the_issue() -> None:
    game = read_game(DATA / "six-diamonds.lit")
    mind = Mind(_board(game, "Ann"))
    assert elimination(mind) is None
    step = ask_inference(mind)
    assert step is not None
    assert str(step.text) == (
        "Cat asked Bob for 3D on move 1, so Cat held another low diamond; you hold 2D 4D 5D 7D, so it is 6D."
    )
    assert step.text.cards() == tuple(Card.parse(c) for c in ("3D", "2D", "4D", "5D", "7D", "6D"))
    assert step.clue.parts == ("Cat must hold another card of ", HalfSuit.parse("LD"), ".")
    assert str(step.nudge) == "Look at Cat's ask on move 1."
    assert (step.rung, step.rung_name) == (2, "careful player")  # read now: the careful player's deduction
    # seen by the public, four low diamonds are left for Cat: nothing follows
    assert ask_inference(Mind(_board(game, None))) is None


def test_ask_inference_says_the_card_has_not_moved_since() -> None:
    mind = Mind(_board(_game(CHAINS), "Ann"))
    step = ask_inference(mind)
    assert step is not None and step.facts == (Holds(Card.parse("6D"), "Cat"),)
    assert "6D has not moved since, so Cat still holds it" in str(step.text)


def test_hand_counting_alone() -> None:
    mind = Mind(_board(_game(HAND_COUNTING), "Ann"))
    assert elimination(mind) is None and ask_inference(mind) is None
    step = hand_counting(mind)
    assert step is not None
    assert set(step.facts) == {Holds(Card.parse("6D"), "Fay"), Holds(Card.parse("7D"), "Fay")}
    assert step.rung == 4 and step.events == (8, 9)


def test_hand_counting_asks_that_fill_a_hand() -> None:
    game = read_game(EXAMPLES / "case-analysis.lit")
    knowledge = solve(game.setup, game.events, "Fay")
    mind = saturate(Mind(_board(game, "Fay")))
    filled = [s for s in mind.steps.values() if "that fills the hand" in str(s.text)]
    assert filled
    for step in filled:
        assert step.technique is Technique.HAND_COUNTING and step.rung == 4
        assert all(isinstance(f, Lacks) and knowledge.count(f.card, f.player) == 0 for f in step.facts)


def test_shared_asks_alone() -> None:
    mind = Mind(_board(_game(SHARED_ASKS), "Ann"))
    step = shared_asks(mind)
    assert step is not None
    assert set(step.facts) == {Lacks(Card.parse(c), p) for c in ("10S", "JS") for p in ("Cat", "Eve", "Fay")}
    assert step.events == (7, 8, 9, 10) and step.rung == 5
    assert str(step.text).startswith("Bob and Dan each held another high spade (asks on moves 8, 10)")
    assert str(step.text).endswith("and Cat, Eve and Fay hold none of them.")
    mind.apply(step)
    # with the pair placed, Fay's ask leaves her AS (a chain)
    follow = chains(mind)
    assert follow is not None and Holds(Card.parse("AS"), "Fay") in follow.facts


def test_chains_need_a_derived_fact() -> None:
    mind = Mind(_board(_game(CHAINS), "Ann"))
    assert chains(mind) is None  # nothing derived yet
    first = mind.apply(ask_inference(mind))  # type: ignore[arg-type]
    assert ask_inference(mind) is None  # Bob's ask needs Cat's 6D: not at depth 0
    step = chains(mind)
    assert step is not None
    assert step.facts == (Holds(Card.parse("5D"), "Bob"),)
    assert step.uses == (first.id,) and step.depth == 2 and step.rung == 2  # chains are free on the ladder
    assert chain_depth(mind, mind.apply(step)) == 2


def test_a_supposition_that_breaks_an_ask_is_refuted() -> None:
    proof = refute(Mind(_board(_game(SHARED_ASKS), "Ann")), Holds(Card.parse("10S"), "Fay"))
    assert proof is not None and proof[-1].impossible
    assert all(not s.impossible for s in proof[:-1])


def test_a_possible_supposition_is_not_refuted() -> None:
    game = read_game(DATA / "six-diamonds.lit")
    mind = saturate(Mind(_board(game, "Ann")))
    assert refute(mind, Holds(Card.parse("9C"), "Bob")) is None


def test_case_analysis_alone() -> None:
    game = read_game(EXAMPLES / "case-analysis.lit")
    knowledge = solve(game.setup, game.events, "Fay")
    mind = saturate(Mind(_board(game, "Fay")))  # every technique below case analysis, to the end
    ten = Card.parse("10H")
    assert mind.holder(ten) is None and knowledge.forced(ten) == "Bob"
    step = case_analysis(mind, knowledge, frozenset({ten}))
    assert step is not None and step.technique is Technique.CASE_ANALYSIS and step.rung == 6
    assert step.cases and step.cases[-1].impossible and not step.counted
    fact = step.facts[0]
    assert isinstance(fact, Lacks) and knowledge.count(fact.card, fact.player) == 0
    assert str(step.text).startswith(f"Suppose {fact.player} held {fact.card}.")


def test_case_analysis_without_a_referee_does_nothing() -> None:
    mind = Mind(_board(_game(SEEN), None))
    assert case_analysis(mind, None) is None


def test_every_stated_fact_is_true() -> None:
    for _, text, viewer, *_ in KNOWN:
        game = _game(text)
        knowledge = solve(game.setup, game.events, viewer)
        mind = work_out(Mind(_board(game, viewer)), knowledge)
        assert mind.contradiction is None
        for step in mind.steps.values():
            for fact in step.facts:
                if isinstance(fact, Holds):
                    assert knowledge.forced(fact.card) == fact.player, str(step.text)
                else:
                    assert knowledge.count(fact.card, fact.player) == 0, str(step.text)


# -- one contradiction, not one case per alternative holder (issue 17) ----------------------------------------

ONE_CONTRADICTION = EXAMPLES / "one-contradiction.lit"
_LABEL = re.compile(r"\((?:[a-z]{1,2}|step \d+)\)")


def _arguments(found: Explanation) -> list[tuple[Card, str]]:
    """Each case step's card and its full argument, the supposed player renamed in the supposition, labels dropped."""
    out = []
    for step in found.steps:
        if step.technique is Technique.CASE_ANALYSIS and step.cases:
            fact = step.facts[0]
            text = str(found.text(step))
            for verb in ("held", "holds", "does not hold"):
                text = text.replace(f"{fact.player} {verb} {fact.card}", f"X {verb} {fact.card}")
            out.append((fact.card, _LABEL.sub("", text)))
    return out


def test_one_contradiction_places_a_card_four_other_players_could_hold() -> None:
    game = read_game(ONE_CONTRADICTION)
    knowledge = solve(game.setup, game.events, "Ann")
    two = Card.parse("2H")
    below = saturate(Mind(_board(game, "Ann")))  # every technique below case analysis, to the end
    assert below.candidates(two) == ["Bob", "Cat", "Dan", "Eve", "Fay"] and knowledge.forced(two) == "Bob"
    found = explain_game(game, "Ann", "2H")
    cases = [s for s in found.steps if s.technique is Technique.CASE_ANALYSIS]
    # one supposition about the holder, not "suppose Cat held 2H", "suppose Dan held 2H", ... each argued alike
    assert len(cases) == 1 and str(cases[0].text) == "Suppose Bob did not hold 2H."
    assert cases[0].facts == (Holds(two, "Bob"),) and cases[0].cases[-1].impossible
    full = str(found.text(cases[0]))
    assert full.endswith("Impossible. So Bob holds 2H.")
    assert "Bob does not hold 2H (the supposition)" in full
    # the reasons are gathered per player: one clause for Bob's asks, one for his "no"s
    assert "Bob asked for 3H 5H 6H 7H 5D (moves 101, 111, 120, 103, 116), so held none of them" in full
    assert "Bob said no to 9H KH AH 3C 6C (moves 119, 102, 112, 44, 24)" in full
    assert (found.holder, found.difficulty.rung if found.difficulty else 0) == ("Bob", 6)
    assert sum(len(str(t)) for t in found.texts()) < 1500  # it was 5 cases and 11,000 characters for 2H and 4H
    # the hints before the answer never name the holder the supposition is about
    assert cases[0].nudge and cases[0].clue and two in cases[0].nudge.cards()
    assert "Bob" not in str(cases[0].nudge) and "Bob" not in str(cases[0].clue)


def test_a_supposed_absence_is_refuted_and_a_possible_one_is_not() -> None:
    game = read_game(ONE_CONTRADICTION)
    mind = saturate(Mind(_board(game, "Ann")))
    proof = refute(mind, Lacks(Card.parse("2H"), "Bob"))
    assert proof is not None and proof[-1].impossible and all(not s.impossible for s in proof[:-1])
    # 3H's holder is not forced: supposing any one candidate lacks it leads to no contradiction
    three = Card.parse("3H")
    knowledge = solve(game.setup, game.events, "Ann")
    assert knowledge.forced(three) is None and len(mind.candidates(three)) == 4
    for player in mind.candidates(three):
        assert refute(mind, Lacks(three, player)) is None


@pytest.mark.parametrize(("path", "viewer"), [(ONE_CONTRADICTION, "Ann"), (EXAMPLES / "case-analysis.lit", "Fay")])
def test_no_case_argument_is_repeated_per_alternative_holder(path: Path, viewer: str) -> None:
    game = read_game(path)
    knowledge = solve(game.setup, game.events, viewer)
    seen = Board.build(game.setup, game.events, viewer).seen
    deduced = [c for c in knowledge.cards if knowledge.forced(c) is not None and c not in seen]
    assert deduced
    for card in deduced:
        holder = knowledge.forced(card)
        found = explain(game.setup, game.events, viewer, card, knowledge)
        assert found.holder == holder
        arguments = _arguments(found)
        assert len(arguments) == len(set(arguments)), card  # never the same argument for two alternatives
        for step in found.steps:  # and every fact the explanation states is true
            for fact in step.facts:
                if isinstance(fact, Holds):
                    assert knowledge.forced(fact.card) == fact.player
                else:
                    assert knowledge.count(fact.card, fact.player) == 0
