"""The recap since a person's last move, by set: every public event in it, in its set's line, and nothing else."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.game.events import Ask, Claim, Pass
from trainer.game.randomplay import random_game
from trainer.play.recap import Claimed, Missed, Took, by_set, recap
from trainer.render.play import recap_lines


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), cut=st.floats(0.05, 1.0), who=st.integers(0, 5))
def test_every_event_since_the_last_move_is_in_its_sets_line_and_no_card_beyond_them(seed: int, cut: float,
                                                                                      who: int) -> None:
    game = random_game(random.Random(seed))
    events = list(game.events)[: max(1, int(len(game.events) * cut))]
    you = game.setup.players[who]
    summary = recap(game.setup, events, you)
    since = events[summary.first - 1:]
    news = by_set(summary)
    halves = [n.half_suit for n in news if n.half_suit is not None]
    assert len(halves) == len(set(halves))  # one line a set
    told = 0
    for item in news:
        for bit in item.bits:
            if isinstance(bit, Took):
                assert Ask(bit.who, bit.whom[0], bit.card, True) in since
                told += 1
            elif isinstance(bit, Missed):
                assert all(Ask(bit.who, whom, bit.card, False) in since for whom in bit.whom)
                told += len(bit.whom)
            else:
                assert isinstance(bit, Claimed) and bit.claim in since and bit.claim.half_suit == item.half_suit
                told += 1
            assert bit.card is None or bit.card.half_suit == item.half_suit
        told += len(item.passes)
    repeated = len(since) - len(set(since))  # (the same miss asked again is told once)
    assert told + repeated >= len(since) >= told
    lines = recap_lines(summary, list(game.states())[len(events)])  # (the position after those events)
    public = {c for e in since for c in ([e.card] if isinstance(e, Ask) else
                                          [c for c, _ in e.declared] if isinstance(e, Claim) else [])}
    assert {c for line in lines for c in line.cards()} <= public  # nothing but the public events' cards
    assert len(lines) == 1 + len(news) <= 1 + 9  # a few lines: a set each (and the passes)
    assert all(isinstance(p, Pass) for n in news for p in n.passes)

