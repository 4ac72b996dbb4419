"""Properties of random legal games, and a fuzz test of the reader.

Random games come from :func:`trainer.game.randomplay.random_game` with a seed
drawn by hypothesis: they always replay, survive the notation round trip and
keep every invariant. Mutated logs (lines deleted, duplicated, swapped, a
card, name or answer changed, bytes inserted) only ever raise
:class:`~trainer.game.errors.LiteratureError`.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.game.cards import Card
from trainer.game.errors import LiteratureError
from trainer.game.events import Ask, Claim, Pass
from trainer.game.notation import Game, parse_game, read_game, write_game
from trainer.game.randomplay import random_game
from trainer.game.state import SetStatus, State
from trainer.game.variants import Variant

DATA = Path(__file__).parent / "data"
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

games = st.builds(
    lambda seed, variant, players: random_game(random.Random(seed), variant, players),
    st.integers(min_value=0, max_value=2**32 - 1),
    st.sampled_from(list(Variant)),
    st.sampled_from([6, 8]),
)


def check_invariants(state: State) -> None:
    """Every card is in exactly one place and the counts add up."""
    setup = state.setup
    deck = setup.variant.cards
    assert len(deck) == (48 if setup.variant is Variant.CLASSIC else 54)
    in_play = [c for c in deck if state.in_play(c)]
    claimed = [c for c in deck if not state.in_play(c)]
    assert len(in_play) + len(claimed) == len(deck)
    assert len(in_play) == 6 * sum(r.status is SetStatus.IN_PLAY for r in state.sets.values())
    assert sum(state.sizes.values()) == len(in_play)
    assert all(size >= 0 for size in state.sizes.values())
    # every hand is listed in a random game: the hands partition the cards in play
    seen: dict[Card, str] = {}
    for player, hand in state.hands.items():
        assert len(hand) == state.sizes[player]
        for card in hand:
            assert card not in seen, f"{card} is with {seen[card]} and {player}"
            assert state.in_play(card)
            seen[card] = player
    assert sorted(seen) == in_play
    for card, holder in state.located.items():
        assert seen[card] == holder
    score = state.score
    cancelled = sum(r.status is SetStatus.CANCELLED for r in state.sets.values())
    assert score[1] + score[2] + cancelled == len(state.sets) - len(in_play) // 6
    if setup.variant is Variant.FISH54:
        assert cancelled == 0
    actors = state.actors()
    if state.over:
        assert not actors and sum(state.sizes.values()) == 0
    else:
        assert actors and all(state.sizes[p] for p in actors)
        if state.endgame:
            assert len({setup.team(p) for p in actors}) == 1


@pytest.mark.slow
@FAST
@given(games)
def test_random_games_replay_and_keep_every_invariant(game: Game) -> None:
    final = game.state()
    assert final.over
    if game.setup.variant is Variant.FISH54:
        assert final.winner in (1, 2)  # nine sets, none cancelled: no ties
    for state in game.states():
        check_invariants(state)


@FAST
@given(games)
def test_random_games_round_trip_through_the_notation(game: Game) -> None:
    text = write_game(game)
    again = parse_game(text)
    assert again == game
    assert write_game(again) == text
    assert again.state().score == game.state().score


@FAST
@given(games, st.data())
def test_random_games_replay_from_any_viewer(game: Game, data: st.DataObject) -> None:
    """The rules accept the history whatever is listed: every hand, one hand, or none."""
    viewer = data.draw(st.sampled_from(game.setup.players))
    for setup in (game.setup.only(viewer), game.setup.public()):
        state = State(setup)
        for event in game.events:
            state.apply(event)
        assert state.over and state.score == game.state().score


@FAST
@given(games)
def test_random_games_use_every_kind_of_event(game: Game) -> None:
    kinds = {type(e) for e in game.events}
    assert Ask in kinds and Claim in kinds
    claims = [e for e in game.events if isinstance(e, Claim)]
    assert len(claims) == len(game.setup.variant.half_suits)
    assert all(isinstance(e, Ask | Claim | Pass) for e in game.events)



@FAST
@given(games)
def test_random_out_of_turn_claims_keep_the_turn_and_follow_the_penalty_rule(game: Game) -> None:
    setup = game.setup
    states = list(game.states())
    for before, event, after in zip(states, game.events, states[1:], strict=False):
        if isinstance(event, Claim) and event.out_of_turn:
            assert setup.variant is Variant.CLASSIC and event.claimer not in before.actors()
            assert after.turn == before.turn
            team = setup.team(event.claimer)
            result = after.sets[event.half_suit]
            if any(setup.team(p) != team for p in event.holders().values()):
                assert result.status is SetStatus.WON and result.team == 3 - team
            else:
                assert result.status is SetStatus.CANCELLED
        if isinstance(event, Pass) and before.handover_targets():
            assert event.to in before.handover_targets() or event.to in before.actors()


def test_random_classic_games_contain_both_classic_rules() -> None:
    """Random classic games do exercise the stalemate-breaker pass and the out-of-turn claim."""
    handovers = blurts = 0
    for seed in range(12):
        game = random_game(random.Random(seed), "classic", 6)
        states = list(game.states())
        for before, event in zip(states, game.events, strict=False):
            if isinstance(event, Pass) and event.to in before.handover_targets() and before.sizes[before.turn]:
                handovers += 1
            blurts += isinstance(event, Claim) and event.out_of_turn
    assert handovers >= 5 and blurts >= 3
    for seed in range(6):
        game = random_game(random.Random(seed), "fish54", 6)
        assert not any(isinstance(e, Claim) and e.out_of_turn for e in game.events)

# -- fuzz: mutated logs only ever give a clean error ------------------------------

SEEDS = [p.read_text(encoding="utf-8") for p in sorted(DATA.glob("*.lit"))]
SEEDS.append(write_game(random_game(random.Random(5), "fish54", 8)))
SEEDS.append(write_game(random_game(random.Random(9), "classic", 8)))
TOKENS = [
    "2D",
    "8S",
    "RJ",
    "1D",
    "10♠",
    "t♥",
    "LD",
    "8J",
    "HS",
    "Ann",
    "Zed",
    "Gus",
    "yes",
    "no",
    "maybe",
    ":",
    "(",
    ")",
    "(actual:",
    ",",
    "#",
    "claims",
    "asks",
    "for",
    "passes to",
    "turn:",
    "hand Ann:",
    "variant: fish54",
    "players: A B C",
    "dealer: Bob",
    "",
    " ",
    "\t",
    "\x00",
    "\ufeff",
    "é",
]


@st.composite
def mutated_logs(draw: st.DrawFn) -> str:
    lines = draw(st.sampled_from(SEEDS)).splitlines()
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        if not lines:
            lines.append(draw(st.sampled_from(TOKENS)))
        i = draw(st.integers(min_value=0, max_value=len(lines) - 1))
        j = draw(st.integers(min_value=0, max_value=len(lines) - 1))
        how = draw(st.sampled_from(["delete", "duplicate", "swap", "token", "word", "bytes"]))
        if how == "delete":
            del lines[i]
        elif how == "duplicate":
            lines.insert(j, lines[i])
        elif how == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif how in ("token", "word"):
            words = lines[i].split(" ")
            k = draw(st.integers(min_value=0, max_value=len(words) - 1))
            words[k] = draw(st.sampled_from(TOKENS)) if how == "token" else draw(st.text(max_size=4))
            lines[i] = " ".join(words)
        else:
            at = draw(st.integers(min_value=0, max_value=len(lines[i])))
            lines[i] = lines[i][:at] + draw(st.text(min_size=1, max_size=6)) + lines[i][at:]
    return "\n".join(lines) + "\n"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_logs())
def test_mutated_logs_only_raise_literature_errors(text: str) -> None:
    try:
        game = parse_game(text, path="fuzz.lit")
    except LiteratureError as error:
        message = str(error)
        assert message.startswith("fuzz.lit") and "\n" not in message.rstrip("\n")
        return
    # whatever was accepted replays and round-trips
    assert parse_game(write_game(game)) == game
    game.state()


@settings(max_examples=40, deadline=None)
@given(st.binary(max_size=300), st.sampled_from(SEEDS[:3]))
def test_random_bytes_in_a_file_only_raise_literature_errors(junk: bytes, seed: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.lit"
        data = seed.encode()
        cut = len(data) // 2
        path.write_bytes(data[:cut] + junk + data[cut:])
        try:
            read_game(path)
        except LiteratureError as error:
            assert str(error).startswith(str(path))
