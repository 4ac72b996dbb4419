"""The expert bots' signal (issue 44): partners ask only for a card next to one they hold, and read each other so."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.engine import solve
from trainer.game.cards import Card, parse_cards
from trainer.game.notation import parse_game
from trainer.game.randomplay import true_holders
from trainer.play.bots import BotKind
from trainer.play.expert import ExpertBot
from trainer.play.levels import LevelBot
from trainer.play.match import Match, Seating
from trainer.play.signals import knowledge, neighbours, signalling
from trainer.play.simulate import GameJob, new_table, whose_move
from trainer.play.table import AWAY_SECONDS, Options, Table
from trainer.play.view import AskFor, Role, View

POSITION = """variant: classic
players: Ann Bob Cat Dan Eve Fay
dealer: Cat
hand Ann: 4D 9S JS KH 2C 3C QH 10D
Cat asks Bob for 5D: no
"""


def test_a_partners_ask_read_as_a_signal_places_the_card_next_to_it() -> None:
    """Cat (Ann's partner) asks for 5D: the rules say Cat holds one of 2D 3D 6D 7D (Ann holds 4D); the signal
    says 4D or 6D, so 6D is Cat's for certain, which Ann's plain exact view cannot say."""
    game = parse_game(POSITION)
    view = View.of(game.setup, game.events, "Ann")
    plain = solve(game.setup, game.events, "Ann")
    read = knowledge(view, {"Cat", "Eve"})
    six = Card.parse("6D")
    assert plain.forced(six) is None and 0 < plain.holders(six)["Cat"] < 1
    assert read.forced(six) == "Cat" and read.deals < plain.deals
    assert knowledge(view, {"Eve"}).deals == plain.deals  # (Cat's ask is read only when Cat is a partner)
    rival = parse_game(POSITION.replace("Cat asks Bob for 5D: no", "Cat asks Bob for 9D: no\nBob asks Cat for 5D: no"))
    mine = View.of(rival.setup, rival.events, "Ann")
    assert solve(rival.setup, rival.events, "Ann").forced(six) is None
    assert knowledge(mine, {"Bob", "Dan", "Fay"}).forced(six) == "Bob"  # (an opponent's ask, read the same way)


def test_a_signal_no_deal_can_meet_is_left_out() -> None:
    """Ann holds both of 5D's neighbours, so Cat's ask cannot have kept the signal: Ann's view is the plain one."""
    game = parse_game(POSITION.replace("9S JS", "6D JS"))
    view = View.of(game.setup, game.events, "Ann")
    assert knowledge(view, {"Cat", "Eve"}).deals == solve(game.setup, game.events, "Ann").deals


def test_neighbours_make_a_ring_and_every_seat_holding_part_of_a_set_can_signal() -> None:
    assert [str(c) for c in neighbours(Card.parse("2D"))] == ["7D", "3D"]
    assert [str(c) for c in neighbours(Card.parse("BJ"))] == ["RJ", "8S"]
    for hand in (parse_cards("2D"), parse_cards("2D 4D 6D"), parse_cards("2D 3D 4D 5D 6D")):
        lacking = [c for c in hand[0].half_suit.cards if c not in hand]
        assert signalling(frozenset(hand), [("Bob", c) for c in lacking])


@pytest.mark.parametrize("kind", [BotKind.EXPERT, BotKind.HARD])
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), variant=st.sampled_from(["classic", "fish54"]))
def test_partners_keep_the_signal_and_their_reading_never_rules_out_the_truth(
    seed: int, variant: str, kind: BotKind
) -> None:
    """In random games of expert (or hard) teams, every ask keeps the signal (a neighbour of the card in the
    asker's hand), and at every tenth decision the exact view read with the partners' signals leaves the true
    holder of every card possible."""
    table = new_table(GameJob(seed, seed, variant=variant, team1=kind, team2=kind))
    asks = checked = 0
    while not table.truth.over:
        seat, role = whose_move(table.truth)
        view = table.view(seat, role)
        bot = table.bots[seat]
        assert isinstance(bot, ExpertBot | LevelBot) and len(bot.partners) == 2
        expert = bot if isinstance(bot, ExpertBot) else bot.expert
        assert expert is not None and expert.partners == bot.partners
        assert expert.read == expert.partners | set(table.truth.setup.members(3 - table.truth.setup.team(seat)))
        if role in (Role.PLAY, Role.PICK) and len(view.events) % 10 == 0:
            k = expert.knowledge(view)
            for half in view.live_sets():
                for card, holder in true_holders(table.truth, half).items():
                    assert k.count(card, holder) > 0, (seat, len(view.events), card)
            checked += 1
        move = bot.decide(view)
        if isinstance(move, AskFor):
            assert any(c in view.hand for c in neighbours(move.card)), (seat, move)
            asks += 1
        table.step()
    assert asks > 10 and checked > 2


def test_only_bots_that_played_a_seat_from_the_start_are_partners() -> None:
    """At a table of expert bots, a seat a person played (a friend who came late, a seat handed to a bot) is
    nobody's partner, nor are its partners its own: its asks were not all signals."""
    match = Match.new(Seating(seed=3, partners=BotKind.EXPERT, opponents=BotKind.EXPERT))
    assert match.partners_of("Bob") == {"Dan", "Fay"} and match.partners_of("Cat") == {"Eve"}
    mixed = Match.new(Seating(seed=3, partners=BotKind.MEDIUM, opponents=BotKind.EXPERT))
    assert mixed.partners_of("Bob") == {"Dan", "Fay"}
    table = Table.new("abcd2345", Options(seed=3), "host", now=0.0)
    table.take("Bob", "Zoe", now=0.0)
    table.take("Dan", "Al", now=0.0)
    table.start("host", now=1.0)
    table.hand_to_bot("host", "Dan", now=1.0 + AWAY_SECONDS)
    table.late("host", "Cat", "Max", now=2.0 + AWAY_SECONDS)
    playing = table.playing()
    assert playing.partners_of("Dan") == set() and playing.partners_of("Fay") == set()
    assert playing.partners_of("Ann") == {"Eve"} and playing.partners_of("Eve") == {"Ann"}
    again = Table.load(table.text()).playing()  # (the saved table remembers who played which seat)
    assert {s: again.partners_of(s) for s in ["Ann", "Dan", "Eve", "Fay"]} == {
        s: playing.partners_of(s) for s in ["Ann", "Dan", "Eve", "Fay"]}


def test_the_expert_without_partners_asks_as_before() -> None:
    """Alone (a person's partners, the coach, ``auto``), the expert keeps no signal: its asks are all legal asks."""
    game = parse_game(POSITION + "Bob asks Ann for KS: no\n")  # (Ann's turn)
    view = View.of(game.setup, game.events, "Ann")
    alone, paired = ExpertBot(random.Random(0)), ExpertBot(random.Random(0), partners={"Cat", "Eve"})
    assert alone.legal(view) == view.legal_asks()
    assert set(paired.legal(view)) < set(view.legal_asks())
    assert all(any(c in view.hand for c in neighbours(card)) for _, card in paired.legal(view))


def test_the_coach_and_auto_read_the_bots_signals_and_say_so() -> None:
    """At an all-expert table, the expert in the person's seat (``auto``, the full coach's advice) reads the
    signals the bots keep (partners' and opponents') and keeps none itself; where that changes its ask from the
    best by the rules alone, the hint says why (seed 4: the first such turn is at event 7)."""
    from trainer.play.match import CoachLevel
    from trainer.play.seat import Seat
    from trainer.render.play import advice_words

    seat = Seat(Match.new(Seating(seed=4, partners=BotKind.EXPERT, opponents=BotKind.EXPERT, coach=CoachLevel.FULL)))
    match = seat.match
    assert match.signallers("Ann") == {"Cat", "Eve"} and match.rivals("Ann") == {"Bob", "Dan", "Fay"}
    advice = None
    while not match.over:
        if not seat.your_move():
            match.bot_move()
            continue
        advice = seat.respond("hint").advice
        if advice is not None and advice.why is not None and advice.why.reason == "signals":
            break
        seat.respond("auto")
    assert advice is not None and advice.why is not None and advice.why.reason == "signals"
    assert len(match.state.events) == 7
    assert advice.why.chance < advice.why.best == advice.chance  # (by the rules alone, as the hint says)
    move = match.suggest()
    assert move == advice.expert and isinstance(move, AskFor)
    view = match.your_view()
    reader = ExpertBot(random.Random(0), partners=match.signallers("Ann"), keeps=False, rivals=match.rivals("Ann"))
    assert reader.legal(view) == view.legal_asks()  # (it keeps no signal itself: nobody reads the person's seat)
    read = reader.knowledge(view)  # by the signals, the expert's ask is the likeliest
    assert advice.why.better == read.holders(move.card)[move.target] == max(
        read.holders(c).get(t, 0) for t, c in view.legal_asks())
    said = str(advice_words(advice))
    assert f"The expert would ask {move.target} for {move.card}" in said and "the bots' signals" in said
