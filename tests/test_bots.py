"""The bots: they see only their seat, play legally, remember only true facts, and win by skill."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from trainer.game.cards import Card, HalfSuit, parse_cards
from trainer.game.events import Ask, Claim, Event
from trainer.game.notation import Game, parse_game, read_game, write_game
from trainer.game.randomplay import random_game, true_holders
from trainer.game.state import Setup, State
from trainer.play.bots import BotKind, make_bot
from trainer.play.expert import ExpertBot
from trainer.play.memory import Memory
from trainer.play.simulate import GameJob, RunSummary, new_table, play, simulate, whose_move
from trainer.play.view import AskFor, ClaimSet, PassTo, Role, View

from checked import checks_at_least

FAST_KINDS = [BotKind.RANDOM, BotKind.BASIC, BotKind.HUMAN]
CONFIGS = [("classic", 6), ("classic", 8), ("fish54", 6), ("fish54", 8)]


def mentioned(events: tuple[Event, ...]) -> set[Card]:
    """Cards named by any event (asked for, or revealed by a claim)."""
    cards: set[Card] = set()
    for event in events:
        if isinstance(event, Ask):
            cards.add(event.card)
        elif isinstance(event, Claim):
            cards.update(event.half_suit.cards)
    return cards


def other_deal(setup: Setup, events: tuple[Event, ...], seat: str) -> Setup | None:
    """Another full deal agreeing with ``seat``'s hand and the public history.

    Two cards of one set that no event names, held by two players other than
    ``seat``, change hands: every public fact stays true.
    """
    named = mentioned(events)
    owner = {c: p for p, hand in setup.hands.items() for c in hand}
    for half in setup.variant.half_suits:
        free = [c for c in half.cards if c not in named and owner[c] != seat]
        for a in free:
            for b in free:
                if owner[a] != owner[b]:
                    hands = {p: set(h) for p, h in setup.hands.items()}
                    hands[owner[a]].remove(a)
                    hands[owner[a]].add(b)
                    hands[owner[b]].remove(b)
                    hands[owner[b]].add(a)
                    return Setup.create(setup.variant, setup.players, setup.dealer, hands)
    return None


def position(seed: int, variant: str, players: int, fraction: float) -> tuple[Game, int, str, Role]:
    """A position part-way through a basic-vs-random game, and who decides there."""
    job = GameJob(0, seed, variant, players, BotKind.BASIC, BotKind.RANDOM)  # type: ignore[arg-type]
    game = parse_game(play(job).text)
    cut = int(len(game.events) * fraction)
    seat, role = whose_move(game.state(cut))
    return game, cut, seat, role


@pytest.mark.slow
@checks_at_least(25)  # positions without another deal to compare are drawn again
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    config=st.sampled_from(CONFIGS),
    fraction=st.floats(0, 0.9),
    kind=st.sampled_from(FAST_KINDS),
)
def test_hidden_cards_do_not_change_the_move(
    seed: int, config: tuple[str, int], fraction: float, kind: BotKind
) -> None:
    check_hidden_cards(seed, config, fraction, kind)


@checks_at_least(8)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), variant=st.sampled_from(["classic", "fish54"]), fraction=st.floats(0.2, 0.9))
def test_hidden_cards_do_not_change_the_expert(seed: int, variant: str, fraction: float) -> None:
    check_hidden_cards(seed, (variant, 6), fraction, BotKind.EXPERT)  # 6 players: the engine is fast there


def check_hidden_cards(seed: int, config: tuple[str, int], fraction: float, kind: BotKind) -> None:
    """Two deals that agree on the seat's hand and the public history give the same move."""
    game, cut, seat, role = position(seed, *config, fraction)
    events = game.events[:cut]
    other = other_deal(game.setup, events, seat)
    assume(other is not None)
    assert other is not None
    assert other.hands != game.setup.hands and other.hands[seat] == game.setup.hands[seat]
    replayed = State(other)
    for event in events:  # the same history is legal on the other deal
        replayed.apply(event)
    moves = [make_bot(kind, random.Random(seed)).decide(View.of(s, events, seat, role)) for s in (game.setup, other)]
    assert moves[0] == moves[1]


def test_a_view_cannot_hold_another_hand() -> None:
    game = read_game("tests/data/complete-classic-6p.lit")
    with pytest.raises(ValueError, match="Cat's hand only"):
        View("Cat", game.setup, ())
    with pytest.raises(ValueError, match="needs Cat's hand"):
        View("Cat", game.setup.public(), ())
    view = View.of(game.setup, game.events[:10], "Cat")
    assert set(view.setup.hands) == {"Cat"} and set(view.state.hands) == {"Cat"}


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    config=st.sampled_from(CONFIGS),
    fraction=st.floats(0, 1, exclude_max=True),
    span=st.sampled_from([None, 5, 24]),
    counting=st.booleans(),
)
def test_memory_remembers_only_true_facts(
    seed: int, config: tuple[str, int], fraction: float, span: int | None, counting: bool
) -> None:
    game = random_game(random.Random(seed), *config)
    cut = min(int(len(game.events) * fraction), len(game.events) - 1)  # before the last event: a set is in play
    truth = game.state(cut)
    assert not truth.over
    seat = random.Random(seed).choice(game.setup.players)
    memory = Memory(View.of(game.setup, game.events[:cut], seat), span, counting)
    for half in memory.halves:
        for card, holder in true_holders(truth, half).items():
            if card in memory.holder:
                assert memory.holder[card] == holder, (card, holder)
            else:
                assert holder in memory.candidates[card], (card, holder)
            assert memory.chance(card, holder) > 0


def test_memory_finds_the_worked_example() -> None:
    game = read_game("tests/data/six-diamonds.lit")
    memory = Memory(View.of(game.setup, game.events, "Ann"))
    assert memory.holder[Card.parse("6D")] == "Cat"
    assert memory.chance(Card.parse("6D"), "Cat") == 1 and memory.chance(Card.parse("6D"), "Bob") == 0


@pytest.mark.parametrize("kind", FAST_KINDS)
def test_bots_are_deterministic(kind: BotKind) -> None:
    game = read_game("tests/data/complete-classic-6p.lit")
    for cut in (0, 5, 17):
        seat, role = whose_move(game.state(cut))
        view = View.of(game.setup, game.events[:cut], seat, role)
        first = [make_bot(kind, random.Random(9)).decide(view) for _ in range(3)]
        assert first[0] == first[1] == first[2]


@pytest.mark.parametrize("kind", [*FAST_KINDS, BotKind.EXPERT])
def test_a_seat_without_cards_passes_to_a_teammate_with_cards(kind: BotKind) -> None:
    game = random_game(random.Random(4), "classic", 6)
    found = next(((cut, state) for cut, state in enumerate(game.states()) if whose_move(state)[1] is Role.PASS), None)
    assert found is not None, "no empty-handed turn in this game"
    cut, state = found
    seat, role = whose_move(state)
    move = make_bot(kind, random.Random(0)).decide(View.of(game.setup, game.events[:cut], seat, role))
    assert isinstance(move, PassTo)
    assert game.setup.team(move.to) == game.setup.team(seat) and state.sizes[move.to] > 0


@pytest.mark.parametrize("kind", [*FAST_KINDS, BotKind.EXPERT])
def test_in_the_endgame_bots_claim(kind: BotKind) -> None:
    games = (random_game(random.Random(seed), "fish54", 8) for seed in range(40))
    found = next(((game, cut, state) for game in games for cut, state in enumerate(game.states()) if state.endgame),
                 None)
    assert found is not None, "no endgame in 40 games"
    game, cut, state = found
    seat, role = whose_move(state)
    assert role is Role.CLAIM
    view = View.of(game.setup, game.events[:cut], seat, role)
    move = make_bot(kind, random.Random(0)).decide(view)
    assert isinstance(move, ClaimSet)
    assert {game.setup.team(p) for _, p in move.declared} == {game.setup.team(seat)}


def test_random_bot_claims_only_proven_sets_unless_stalled() -> None:
    wrong_when_stalled = 0
    for index in range(4):
        table = new_table(GameJob(index, 11, team1=BotKind.RANDOM, team2=BotKind.RANDOM))
        while not table.truth.over:
            before, endgame, stalled = len(table.truth.events), table.truth.endgame, table.since_claim >= 150
            table.step()
            for event in table.truth.events[before:]:
                if isinstance(event, Claim) and not endgame:
                    assert event.correct or stalled, str(event)
                    wrong_when_stalled += not event.correct
    assert wrong_when_stalled  # the stall guard did make random players claim


def test_expert_never_asks_where_the_card_cannot_be_while_another_ask_can_hit() -> None:
    """Its ask has the best chance (by its exact view, its partners' signals read) among the asks the signal and
    the no-ping-pong rule leave (a card taken from its team among them, issue 54), or at least its share of it when
    a hit would make a set certain (worth 1 + TACT.completes hits), and can hit whenever one of them can."""
    from trainer.play.expert import TACT, ExpertBot

    table = new_table(GameJob(2, 5, team1=BotKind.EXPERT, team2=BotKind.BASIC))
    checked = 0
    while not table.truth.over:
        seat, role = whose_move(table.truth)
        if table.truth.setup.team(seat) == 1 and role in (Role.PLAY, Role.PICK):
            view = table.view(seat, role)
            bot = table.bots[seat]
            assert isinstance(bot, ExpertBot) and len(bot.partners) == 2
            move = bot.decide(view)
            if isinstance(move, AskFor):
                k = bot.knowledge(view)
                fair = view.fair(bot.legal(view))
                best = max(k.holders(c).get(t, 0) for t, c in fair)
                chance = k.holders(move.card).get(move.target, 0)
                assert (move.target, move.card) in fair
                assert chance * (1 + TACT.completes) >= best and (chance > 0 or best == 0)
                checked += 1
        table.step()
    assert checked > 5


def test_expert_keeps_its_only_certain_set_in_reserve_and_claims_the_others() -> None:
    from trainer.play.expert import ExpertBot

    game = read_game("tests/data/six-diamonds.lit")
    turn = parse_game(write_game(game) + "Bob asks Ann for KD: no\n")  # Ann's turn
    view = View.of(turn.setup, turn.events, "Ann")
    assert isinstance(ExpertBot(random.Random(0)).decide(view), AskFor)  # LD is certain: kept as a breaker
    plain = ExpertBot(random.Random(0), stalemate_breaker=False).decide(view)
    assert isinstance(plain, ClaimSet) and dict(plain.declared)[Card.parse("6D")] == "Cat"
    bot = ExpertBot(random.Random(0))
    claimable = bot.knowledge(view).claimable(1)
    assert list(claimable) == [HalfSuit.parse("LD")] and bot.reserve(view, claimable) == HalfSuit.parse("LD")
    fish = read_game("tests/data/personal-fish54-8p.lit")
    fish_view = View.of(fish.setup, (), "Dan")
    assert bot.reserve(fish_view, claimable) == HalfSuit.parse("LD")
    assert bot.reserve(fish_view, {}) is None


# Ann holds all of LD (certain). Bob took 2H from Cat, then Cat took 7H from Bob, 4H and 3H from Dan, 5H from Fay:
# Cat holds the rest of the low hearts (6H too: the low heart she asked with) and has a sure hit that makes the set
# certain (Bob for 2H); Ann's best ask is under 50%.
STUCK = """variant: classic
players: Ann Bob Cat Dan Eve Fay
dealer: Ann
hand Ann: 2D 3D 4D 5D 6D 7D 9S JS
Ann asks Bob for 10S: no
Bob asks Cat for 2H: yes
Bob asks Cat for 3H: no
Cat asks Bob for 7H: yes
Cat asks Dan for 4H: yes
Cat asks Dan for 3H: yes
Cat asks Fay for 5H: yes
Cat asks Dan for AD: no
Dan asks Ann for QS: no
"""


def test_expert_breaks_the_stalemate_in_classic() -> None:
    from trainer.play.expert import ExpertBot

    game = parse_game(STUCK)
    bot = ExpertBot(random.Random(0))
    view = View.of(game.setup, game.events, "Ann")
    k = bot.knowledge(view)
    assert bot.teammate_chance(view, k, "Cat") == 1 and bot.teammate_chance(view, k, "Eve") == 0
    assert max(chance for chance, _, _ in bot.asks(view, k)) < Fraction(1, 2)
    move = bot.decide(view)
    assert isinstance(move, ClaimSet) and move.half_suit == HalfSuit.parse("LD")  # the reserve, spent now
    claimed = parse_game(STUCK + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D\n")
    after = View.of(claimed.setup, claimed.events, "Ann")
    assert after.handover_targets() == ["Cat", "Eve"]
    assert bot.decide(after) == PassTo("Cat")
    assert isinstance(ExpertBot(random.Random(0), stalemate_breaker=False).decide(after), AskFor)


def test_the_simulator_plays_the_stalemate_breaker() -> None:
    """The STUCK position in a complete deal: the expert's two moves become a claim and a pass."""
    from trainer.play.expert import ExpertBot
    from trainer.play.simulate import GameInPlay

    hands = {
        "Ann": "2D 3D 4D 5D 6D 7D 9S JS", "Bob": "7H QH 2S 3S 4S 5S 6S QS", "Cat": "2H 6H 9D 10D JD QD KD 9C",
        "Dan": "3H 4H KS AS 7S 9H 10H JH", "Eve": "2C 3C 4C 5C 6C 7C 10C AD", "Fay": "10S 5H KH AH JC QC KC AC",
    }
    setup = Setup.create("classic", list(hands), "Ann", {p: parse_cards(h) for p, h in hands.items()})
    table = GameInPlay(setup, {p: ExpertBot(random.Random(0)) for p in setup.players})
    for event in parse_game(STUCK).events:
        table.apply(event)
    table.step()
    table.step()
    assert [str(e) for e in table.truth.events[-2:]] == ["Ann claims LD: Ann 2D 3D 4D 5D 6D 7D", "Ann passes to Cat"]
    table.step()
    assert str(table.truth.events[-1]) == "Cat asks Bob for 2H: yes"  # the sure hit Ann could see: it makes LH certain


def binomial_tail(wins: int, games: int) -> float:
    """P(at least ``wins`` of ``games``) for a coin flip: how likely the margin is by chance."""
    return float(sum(math.comb(games, k) for k in range(wins, games + 1)) / 2**games)


def seat_swapped(games: int, seed: int, strong: BotKind, weak: BotKind, players: int = 6, workers: int = 1) -> int:
    """Games won by ``strong``, playing team 1 in half the games and team 2 in the other half."""
    half = games // 2
    first = simulate(half, seed, "classic", players, strong, weak, workers=workers)
    second = simulate(games - half, seed + 1, "classic", players, weak, strong, workers=workers)
    return RunSummary.of(first).wins["1"] + RunSummary.of(second).wins["2"]


@pytest.mark.slow
def test_basic_beats_random_beyond_chance() -> None:
    wins = seat_swapped(30, 100, BotKind.BASIC, BotKind.RANDOM)
    assert binomial_tail(wins, 30) < 1e-4, wins


@pytest.mark.slow
def test_expert_beats_random_beyond_chance() -> None:
    wins = seat_swapped(8, 200, BotKind.EXPERT, BotKind.RANDOM, workers=2)
    assert binomial_tail(wins, 8) < 5e-3, wins


# Bob took 2D from Ann, then missed her: Ann's turn (tests/test_human_length.py). 2D is her one sure hit.
TAKEN = """variant: classic
players: Ann Bob Cat Dan Eve Fay
dealer: Bob
hand Ann: 2D 3D 4D 5D 9S JS KH QH
Bob asks Ann for 2D: yes
Bob asks Ann for 10S: no
"""


def test_the_expert_takes_back_a_card_just_taken_from_its_team() -> None:
    """Issue 54: 2D, which Bob took from Ann, is her one sure hit; the expert takes it (until issue 54 it left it,
    and the coach said why: 'leave'), and the coach has nothing to add to the best chance."""
    game = parse_game(TAKEN)
    view = View.of(game.setup, game.events, "Ann")
    for seed in range(4):
        bot = ExpertBot(random.Random(seed))
        move = bot.decide(view)
        assert move == AskFor("Bob", Card.parse("2D"))
        assert bot.why(view, move) is None
