"""Gathered reasons: shorter, and never losing a reason (every player, card and move still said)."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.explain.said import Move, Said, agree, names
from trainer.explain.wording import Clause, Reason, gather, said
from trainer.game.cards import Card

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
CARDS = [Card.parse(c) for c in ("2S", "10H", "QD", "AC", "RJ")]
reason = st.one_of(
    st.builds(lambda p, c, m: Reason("no", p, c, Move(m)), st.sampled_from(PLAYERS), st.sampled_from(CARDS),
              st.integers(1, 200)),
    st.builds(lambda p, c, m: Reason("asked", p, c, Move(m)), st.sampled_from(PLAYERS), st.sampled_from(CARDS),
              st.integers(1, 200)),
    st.builds(lambda p, c, s: Reason("lacks", p, c, f"⟨{s}⟩"), st.sampled_from(PLAYERS), st.sampled_from(CARDS),
              st.integers(1, 9)),
    st.builds(lambda c: Reason("hand", "hand", c), st.sampled_from(CARDS)),
    st.builds(lambda p: Said.of(f"{p} has no cards left"), st.sampled_from(PLAYERS)),
)


def _words(text: str) -> list[str]:
    return re.findall(r"⟨\d+⟩|[A-Za-z0-9]+", text)


@settings(max_examples=60, deadline=None)
@given(st.lists(reason, min_size=1, max_size=12))
def test_gathering_keeps_every_player_card_and_move(clauses: list[Clause]) -> None:
    out = gather(clauses)
    joined = "; ".join(str(s) for s in out)
    texts = [str(said(c)) for c in clauses]
    glue = {"on", "move", "so", "did", "not", "hold", "it", "does", "is"}
    assert set(_words("; ".join(texts))) - glue <= set(_words(joined))
    assert len(out) <= len(set(clauses))
    assert len(joined) <= len("; ".join(dict.fromkeys(texts)))  # never longer
    # the cards are values in the gathered sentences: each card of a reason is among them
    assert {c.card for c in clauses if isinstance(c, Reason)} <= {card for s in out for card in s.cards()}
    # and so are the moves: each move a reason rests on is a value of the sentences, read without their letters
    assert {c.note.number for c in clauses if isinstance(c, Reason) and isinstance(c.note, Move)} == \
        {n for s in out for n in s.moves()}


def test_known_gatherings() -> None:
    c = Card.parse

    def told(*clauses: Clause) -> list[str]:
        return [str(s) for s in gather(clauses)]

    assert told(Reason("no", "Bob", c("9H"), Move(119)), Reason("no", "Bob", c("KH"), Move(102))) == \
        ["Bob said no to 9H KH (moves 119, 102)"]
    assert told(Reason("no", "Ann", c("3C"), Move(10)), Reason("no", "Bob", c("3C"), Move(44))) == \
        ["Ann and Bob said no to 3C (moves 10, 44)"]
    # one reason of a form is left as it was
    assert told(Reason("no", "Ann", c("3C"), Move(10)), Reason("hand", "hand", c("3C"))) == \
        ["Ann said no to 3C on move 10", "3C is not in your hand"]
    # one player twice for one card is named once
    assert told(Reason("no", "Bob", c("3C"), Move(10)), Reason("no", "Bob", c("3C"), Move(44))) == \
        ["Bob said no to 3C (moves 10, 44)"]


# -- agreement: wherever names are put into a sentence, the verb agrees with them (issue 40, item 5) --------------


def test_names_and_their_verb_agree_with_one_two_and_three() -> None:
    assert [agree(who, "holds", "hold") for who in (["Dan"], ["Bob", "Dan"], ["Bob", "Cat", "Dan"])] == \
        ["Dan holds", "Bob and Dan hold", "Bob, Cat and Dan hold"]
    assert names(["Bob", "Bob"]) == "Bob"  # a name said twice is said once, and the verb is singular
    assert agree(["Bob", "Bob"], "does not hold", "do not hold") == "Bob does not hold"


def test_gathered_holders_agree_with_one_two_and_three() -> None:
    two = Card.parse("2H")
    for verb, one, many in (("holds", "holds", "hold"), ("lacks", "does not hold", "do not hold")):
        for who in (["Cat"], ["Cat", "Dan"], ["Bob", "Cat", "Dan"]):
            [only] = gather([Reason(verb, p, two, f"⟨{n}⟩") for n, p in enumerate(who)])
            assert str(only).startswith(f"{names(who)} {one if len(who) == 1 else many} 2H ("), str(only)
            assert only.cards() == (two,)


def test_shared_asks_say_hold_for_three_players_left_out() -> None:
    from pathlib import Path

    from trainer.engine.facts import Board
    from trainer.explain.mind import Mind
    from trainer.explain.techniques import shared_asks
    from trainer.game.notation import parse_game

    game = parse_game((Path(__file__).parent / "data" / "explain" / "shared-asks.lit").read_text(), path="t.lit")
    step = shared_asks(Mind(Board.build(game.setup, game.events, "Ann")))
    assert step is not None and str(step.text).endswith("and Cat, Eve and Fay hold none of them.")


# -- words written once from values: the terminal's text and the cards a page draws agree ----------------------------


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["classic", "fish54"]))
def test_a_move_in_words_is_the_notation_and_keeps_its_cards(seed: int, variant: str) -> None:
    import random

    from trainer.game.events import Ask, Claim
    from trainer.game.randomplay import random_game
    from trainer.render.phrases import event_words

    game = random_game(random.Random(seed), variant, max_events=120)
    for event in game.events:
        said = event_words(event)
        assert str(said) == str(event)  # the terminal prints what it always printed
        if isinstance(event, Ask):
            assert said.cards() == (event.card,)
        elif isinstance(event, Claim):
            assert set(said.cards()) == {c for c, _ in (*event.declared, *event.actual)}


def test_every_pack_puzzle_is_worded_from_values_as_the_terminal_says_it() -> None:
    from puzzles.packs import load_pack
    from puzzles.quiz import hint_for
    from trainer.render.quiz import hint_words, question_words, step_words

    for puzzle in load_pack():
        question = question_words(puzzle)
        kind = puzzle.question.kind
        short = question_words(puzzle, short=True)  # the daily's calendar: a certain question without its cards
        assert str(short) == str(question) if kind != "certain" else "outside your hand" not in str(short)
        named = {"locate": puzzle.question.cards, "certain": puzzle.asked, "claim": ()}[kind]
        assert question.cards() == tuple(named), puzzle.id  # the cards named, as values, for the page to draw
        assert (puzzle.question.half_suit in question.parts) == (kind == "claim"), puzzle.id
        for step in puzzle.explanation:
            said = step_words(step, puzzle)
            assert str(said) == step.text and not re.search(r"\b(?:10|[2-9JQKA])[SHDC]\b", "".join(
                part for part in said.parts if isinstance(part, str))), (puzzle.id, step.text)
        for depth in ("nudge", "clue"):
            assert len(str(hint_words(hint_for(puzzle, depth), puzzle))) <= 80, puzzle.id


def test_a_certain_question_reads_the_same_on_every_face(tmp_path: Path) -> None:
    """The terminal's puzzle, the web's puzzle page and a printed worksheet (Markdown and HTML) ask a "certain"
    question in one sentence, naming the cards to decide about (a class set's pages draw the web's)."""
    from rich.console import Console

    from puzzles.packs import load_pack
    from trainer.render.puzzle import puzzle_view
    from trainer.render.quiz import question_words
    from trainer.render.worksheet import worksheet_html, worksheet_md

    from web_helpers import client, text_of

    puzzle = next(p for p in load_pack() if p.question.kind == "certain" and len(p.asked) > 1)
    sentence = str(question_words(puzzle))
    assert "outside your hand (" + " ".join(str(c) for c in puzzle.asked) + ")" in sentence
    console = Console(width=400, color_system=None)
    with console.capture() as terminal:
        console.print(puzzle_view(puzzle))
    symbols = sentence  # (the pages and the terminal draw cards as symbols; a Markdown sheet keeps the codes)
    for card in puzzle.asked:
        symbols = symbols.replace(str(card), card.symbol)

    def flat(text: str) -> str:  # (a page's text has spaces where its elements meet)
        return re.sub(r"\(\s+", "(", re.sub(r"\s+\)", ")", " ".join(text.split())))

    assert symbols in flat(terminal.get())  # (the terminal draws them as the pages do: 2♠)
    assert symbols in flat(text_of(client(tmp_path).get(f"/p/{puzzle.id}").text))
    assert f"**{sentence}**" in worksheet_md([puzzle], "Set")
    assert symbols in flat(text_of(worksheet_html([puzzle], "Set")))
