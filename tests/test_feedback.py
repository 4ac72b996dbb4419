"""Feedback that says what was right (issue 40, item 3): a partly right answer names what it got right, a wrong
holder gets the explanation's step that rules that holder out, a card named that is not certain keeps its
refuting deal; the words are trainer.render.quiz's, the same in the terminal and on the page."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from puzzles.model import Puzzle
from puzzles.packs import load_pack
from puzzles.quiz import Attempt, ruling
from trainer.game.cards import Card
from trainer.render.quiz import reply_lines, ruling_words

PARTLY = "p-1529dfd6c6ee"  # "Which high hearts ... can you place for certain?": Cat 9H JH KH, Hal 10H, Bob QH
HAND_COUNTED = "p-597d9f615dbf"  # "Who holds QH?" (Ann): step 3 counts Bob's hand full, step 4 eliminates


@cache
def pack() -> dict[str, Puzzle]:
    return {p.id: p for p in load_pack()}


def test_a_partly_right_answer_names_what_was_right_and_after_the_end_what_was_missing() -> None:
    puzzle = pack()[PARTLY]
    assert puzzle.expected == {Card.parse(c): p for c, p in
                               {"9H": "Cat", "JH": "Cat", "KH": "Cat", "10H": "Hal", "QH": "Bob"}.items()}
    attempt = Attempt(puzzle)
    reply = attempt.respond("Cat 9H JH, Hal 10H, Bob QH")  # four right, KH left out
    assert reply.kind == "wrong" and reply.mark is not None
    assert {str(c): p for c, p in reply.mark.right.items()} == {"9H": "Cat", "JH": "Cat", "10H": "Hal", "QH": "Bob"}
    lines = reply_lines(reply, puzzle)
    assert lines[:3] == ("Wrong: 1 certain card left out.", "  Right: Cat 9♥ J♥, Hal 10♥, Bob Q♥.",
                         "  Certain, but left out: K♥.")
    assert not any("Cat K♥" in line or "K♥: " in line for line in lines)  # not yet where K♥ is
    over = reply_lines(attempt.respond("skip"), puzzle)
    assert "  Right: Cat 9♥ J♥, Hal 10♥, Bob Q♥." in over
    assert "  K♥: you left it out, but it is certain: Cat holds it" in over


def test_a_wrong_holder_gets_the_step_that_rules_that_holder_out() -> None:
    puzzle = pack()[HAND_COUNTED]
    attempt = Attempt(puzzle)
    reply = attempt.respond("Bob QH")  # step 3's facts exclude Bob for QH, and place no answer card
    assert [(str(r.card), r.said, r.step, r.safe) for r in reply.ruled] == [("QH", "Bob", 3, True)]
    lines = reply_lines(reply, puzzle)
    assert lines[1] == "  Q♥: Bob cannot hold it in any deal that fits what you saw."
    assert lines[2].startswith("    Why: Bob holds 8 cards, all known: 2♠ (move 29), ")
    assert lines[2].endswith("7♠ (step 2); so Bob holds none of Q♥.")
    reply = attempt.respond("Eve QH")  # only step 4 (which places QH) rules Eve out: every move it rests on, meanwhile
    assert [(r.step, r.safe, [n for n, _ in r.moves]) for r in reply.ruled] == [(4, False, [185, 270])]
    assert reply_lines(reply, puzzle)[2] == ("    What rules Eve out: move 185: Eve asks Fay for Q♥: no; "
                                             "move 270: Cat asks Dan for Q♥: no.")
    over = reply_lines(attempt.respond("reveal"), puzzle)
    assert "  Q♥: you said Eve, it is with Ann (step 4 rules Eve out)" in over


def symbols(text: str) -> str:
    """The notation's card codes in ``text`` written with suit symbols, as every face shows them (``QH`` -> ``Q♥``).

    >>> symbols("Cat asks Hal for QS: no; 10D")
    'Cat asks Hal for Q♠: no; 10♦'
    """
    return re.sub(r"(?<![\w♠♥♦♣])(10|[2-9JQKA])([SHDC])(?!\w)", lambda m: Card.parse(m.group()).symbol, text)


def wrong_holders() -> Iterator[tuple[Puzzle, Card, str]]:
    """Every hidden answer card of the pack with each player who does not hold it (the viewer aside)."""
    for puzzle in pack().values():
        for card, holder in puzzle.expected.items():
            if card not in puzzle.own_cards:
                yield from ((puzzle, card, said) for said in puzzle.players if said not in (holder, puzzle.viewer))


def test_every_impossible_holder_in_the_pack_has_a_step_that_rules_it_out_and_no_reply_tells_a_holder() -> None:
    """Over the whole pack: for every hidden answer card and every player who cannot hold it, a step whose facts
    exclude that player or place the card elsewhere; the reply to that wrong holder, while the puzzle is open,
    never names a hidden answer card beside its holder."""
    checked = 0
    for puzzle, card, said in wrong_holders():
        found = ruling(puzzle, card, said)
        assert found.step is not None, (puzzle.id, card, said)
        facts = puzzle.explanation[found.step - 1].facts
        assert any(str(f.get("card")) == str(card) and (said in (f.get("excluded") or ())
                   or f.get("holder") not in (None, said)) for f in facts), (puzzle.id, card, said)
        checked += 1
    for puzzle in pack().values():
        hidden = {c: p for c, p in puzzle.expected.items() if c not in puzzle.own_cards}
        if puzzle.question.kind != "locate" or not hidden:
            continue
        moves = [line for line in puzzle.log.splitlines()
                 if line and not line.startswith(("variant:", "players:", "dealer:", "hand ", "#"))]
        card, holder = next(iter(hidden.items()))
        said = next(p for p in puzzle.players if p not in (holder, puzzle.viewer))
        answer = ", ".join(f"{said if c == card else p} {c}" for c, p in puzzle.expected.items())
        for line in reply_lines(Attempt(puzzle).respond(answer), puzzle):
            if line.startswith("  Right: "):  # the learner's own words given back: nothing they did not say
                given = set(symbols(answer).replace(",", " ").split())
                assert set(line[9:].rstrip(".").replace(",", " ").split()) <= given
                continue
            pieces = line.split("; ") if "What rules" in line else [line]  # moves listed: each one alone
            for piece in pieces:
                quoted = re.search(r"move (\d+): (.+?)(?: and \d+ more)?\.?$", piece)
                if quoted:  # a move of the history, word for word: public, on the learner's screen already
                    assert symbols(moves[int(quoted.group(1)) - 1]) == quoted.group(2), (puzzle.id, piece)
                    continue
                words = set(piece.replace(",", " ").replace(":", " ").split())
                assert not any(c.symbol in words and p in words for c, p in hidden.items()), (puzzle.id, line)
    assert checked > 20_000


def test_a_card_named_that_is_not_certain_keeps_its_refuting_deal() -> None:
    puzzle = next(p for p in pack().values() if p.question.kind == "certain"
                  and any(c not in p.expected for c in p.asked))
    card = next(c for c in puzzle.asked if c not in puzzle.expected)
    said = next(p for p in puzzle.players if p != puzzle.viewer)
    reply = Attempt(puzzle).respond(f"{said} {card}")
    assert reply.kind == "wrong" and reply.deal is not None
    assert reply.deal.card == card and reply.deal.holder != said
    lines = reply_lines(reply, puzzle)
    assert any(line.startswith(f"  {card.symbol}: {said} may hold it, but this deal fits") for line in lines)
    assert any(line.startswith("A deal that fits all") for line in lines)


def _sets_of(puzzle: Puzzle, number: int) -> set[object]:
    """The sets the facts of step ``number`` are about."""
    return {Card.parse(str(f["card"])).half_suit for f in puzzle.explanation[number - 1].facts}


def test_the_first_hint_skips_a_premise_in_another_set_for_the_first_step_about_the_question() -> None:
    """On the daily of 2026-12-03 (who holds QH?) step 1 places QS, a premise among the high spades; the first hint
    leads past it to step 2, the first step about the high hearts (it counts Eve's hand full: she holds none of
    9H JH QH 10D AD)."""
    from puzzles.quiz import hint_for
    from trainer.game.cards import HalfSuit

    puzzle = pack()["p-2fb8bff024d6"]
    assert puzzle.question.cards == (Card.parse("QH"),) and puzzle.expected == {Card.parse("QH"): "Bob"}
    assert _sets_of(puzzle, 1) == {HalfSuit.parse("HS")}  # the step a hint following the order would take
    nudge, clue = hint_for(puzzle, "nudge"), hint_for(puzzle, "clue")
    assert nudge.step == clue.step == 2
    assert str(nudge.written) == "Count Eve's cards."
    assert HalfSuit.parse("HH") in _sets_of(puzzle, 2)


def test_every_first_hint_in_the_pack_leads_into_the_questions_set() -> None:
    """By values: the step each hint follows has a fact about a card of the question's set(s), and a clue's card
    is one the question asks about."""
    from puzzles.quiz import hint_for

    for puzzle in pack().values():
        sets = {card.half_suit for card in puzzle.question.scope}
        for depth in ("nudge", "clue"):
            hint = hint_for(puzzle, depth)
            assert hint.step is not None, puzzle.id
            assert _sets_of(puzzle, hint.step) & sets, (puzzle.id, depth, hint.step)
            assert hint.card is None or hint.card in puzzle.question.scope, (puzzle.id, hint.card)


def test_a_move_that_would_give_the_answer_away_is_named_by_number_with_where_to_look() -> None:
    """While a puzzle is open, a move that places an answer card is cited by its number only, said to be in the
    history (never a bare 'move 274' among quoted moves)."""
    for puzzle, card, said in wrong_holders():
        found = ruling(puzzle, card, said)
        if found.step is None or not any(e is None for _, e in found.moves[:3]):
            continue
        [line] = [str(w) for w in ruling_words(found, puzzle)] or [""]
        if "What rules" not in line:
            continue
        assert re.search(r"moves? [\d, and]+ \(in the history\)", line), line
        assert not re.search(r"move \d+(;|\.$| and \d+ more)", line), line
        return
    raise AssertionError("no ruling in the pack cites a move by number only")
