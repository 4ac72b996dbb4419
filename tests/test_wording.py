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
