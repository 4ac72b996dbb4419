"""Gathered reasons: shorter, and never losing a reason (every player, card and move still said)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.explain.wording import gather

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
CARDS = ["2S", "10H", "QD", "AC", "RJ"]
reason = st.one_of(
    st.builds(lambda p, c, m: f"{p} said no to {c} on move {m}", st.sampled_from(PLAYERS), st.sampled_from(CARDS),
              st.integers(1, 200)),
    st.builds(lambda p, c, m: f"{p} asked for {c} on move {m}, so did not hold it", st.sampled_from(PLAYERS),
              st.sampled_from(CARDS), st.integers(1, 200)),
    st.builds(lambda p, c, s: f"{p} does not hold {c} (⟨{s}⟩)", st.sampled_from(PLAYERS), st.sampled_from(CARDS),
              st.integers(1, 9)),
    st.builds(lambda c: f"{c} is not in your hand", st.sampled_from(CARDS)),
    st.builds(lambda p: f"{p} has no cards left", st.sampled_from(PLAYERS)),
)


def _words(text: str) -> list[str]:
    return re.findall(r"⟨\d+⟩|[A-Za-z0-9]+", text)


@settings(max_examples=60, deadline=None)
@given(st.lists(reason, min_size=1, max_size=12))
def test_gathering_keeps_every_player_card_and_move(texts: list[str]) -> None:
    out = gather(texts)
    joined = "; ".join(out)
    glue = {"on", "move", "so", "did", "not", "hold", "it", "does", "is"}
    assert set(_words("; ".join(texts))) - glue <= set(_words(joined))
    assert len(out) <= len(set(texts))
    assert len(joined) <= len("; ".join(dict.fromkeys(texts)))  # never longer


def test_known_gatherings() -> None:
    assert gather(["Bob said no to 9H on move 119", "Bob said no to KH on move 102"]) == \
        ["Bob said no to 9H KH (moves 119, 102)"]
    assert gather(["Ann said no to 3C on move 10", "Bob said no to 3C on move 44"]) == \
        ["Ann and Bob said no to 3C (moves 10, 44)"]
    # one reason of a form is left as it was
    assert gather(["Ann said no to 3C on move 10", "3C is not in your hand"]) == \
        ["Ann said no to 3C on move 10", "3C is not in your hand"]


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
        assert str(question) == puzzle.question_text(), puzzle.id
        assert str(question_words(puzzle, plain=True)) == puzzle.question.text(), puzzle.id
        kind = puzzle.question.kind
        named = {"locate": puzzle.question.cards, "certain": puzzle.asked, "claim": ()}[kind]
        assert question.cards() == tuple(named), puzzle.id  # the cards named, as values, for the page to draw
        assert (puzzle.question.half_suit in question.parts) == (kind == "claim"), puzzle.id
        for step in puzzle.explanation:
            said = step_words(step, puzzle)
            assert str(said) == step.text and not re.search(r"\b(?:10|[2-9JQKA])[SHDC]\b", "".join(
                part for part in said.parts if isinstance(part, str))), (puzzle.id, step.text)
        for depth in ("nudge", "clue"):
            assert len(str(hint_words(hint_for(puzzle, depth), puzzle))) <= 80, puzzle.id
