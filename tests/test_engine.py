"""The exact engine: known answers, and agreement with brute force over all deals."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine import count, solve, solve_game
from trainer.engine.constraints import History
from trainer.game.cards import Card, HalfSuit
from trainer.game.errors import ImpossibleHistoryError
from trainer.game.notation import parse_game, read_game
from trainer.game.randomplay import random_game

from brute_force import assert_matches_brute_force, late_position

HEADER = "variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\ndealer: Cat\nhand Ann: 2D 3D 4D 5D 7D 9S JS KH\n"
C = Card.parse


def k_of(text: str, viewer: str | None = "Ann"):  # type: ignore[no-untyped-def]
    return solve_game(parse_game(HEADER + text), viewer)


def test_six_diamonds_forced_and_claimable() -> None:
    k = solve_game(read_game("tests/data/six-diamonds.lit"), "Ann")
    assert k.forced(C("6D")) == "Cat"
    ld = {C(c): "Ann" for c in ["2D", "3D", "4D", "5D", "7D"]} | {C("6D"): "Cat"}
    assert k.claimable(1) == {HalfSuit.parse("LD"): ld}
    assert k.claimable(2) == {}
    # the public does not know it
    assert solve_game(read_game("tests/data/six-diamonds.lit"), None).forced(C("6D")) is None


def test_hit_moves_the_card_and_pins_nothing_else() -> None:
    k = k_of("Cat asks Bob for 9C: yes\n")
    assert k.forced(C("9C")) == "Cat"
    assert k.holders(C("10C"))["Cat"] > 0


def test_miss_excludes_the_target_and_the_asker() -> None:
    k = k_of("Cat asks Bob for QS: no\n")
    assert set(k.holders(C("QS"))) == {"Dan", "Eve", "Fay"}


def test_asker_holds_another_card_of_the_set() -> None:
    # Cat asked for a high spade; Ann holds 9S and JS, so Cat holds one of 10S QS KS AS (not QS: Cat asked for it)
    k = k_of("Cat asks Bob for QS: no\n")
    chance = sum((k.holders(C(c)).get("Cat", Fraction(0)) for c in ["10S", "KS", "AS"]), Fraction(0))
    assert chance > 1  # expected number of those three with Cat exceeds one
    assert "Cat" not in k.holders(C("QS"))


def test_hand_counting_forces_the_last_cards() -> None:
    text = (
        "variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\nhand Ann: 2S 3S 4S 5S 6S 7S 9S 10S\n"
        "Ann claims LS: Ann 2S 3S 4S 5S 6S 7S\n"
    )
    k = solve_game(parse_game(text), "Ann")
    assert k.state.sizes["Ann"] == 2
    assert k.certain("Ann") == {C("9S"), C("10S")}


def test_claim_with_actual_pins_the_true_holder() -> None:
    text = HEADER + "Cat claims LD: Ann 2D 3D 4D 5D 7D, Cat 6D (actual: Eve 6D)\n"
    game = parse_game(text)
    assert game.state().sets[HalfSuit.parse("LD")].team is None  # cancelled in classic
    k = solve_game(game, None)
    assert k.state.sizes["Eve"] == 7


def test_impossible_history_is_reported_at_the_first_event() -> None:
    text = HEADER + "Cat asks Bob for 9C: no\nBob asks Cat for 10H: no\nCat asks Bob for 6D: no\n"
    # Cat's ask for 6D needs another low diamond with Cat, but Ann holds all the others
    with pytest.raises(ImpossibleHistoryError) as caught:
        solve_game(parse_game(text, path="x.lit"), "Ann")
    assert str(caught.value).startswith("x.lit:7: ")


def test_impossible_by_hand_sizes_only() -> None:
    # Fay (6 cards in 8-player classic) asks for cards of seven different sets
    asks = ["2S", "9C", "9S", "10C", "2H", "JC", "9H", "QC", "2D", "KC", "9D", "2C", "3C"]
    lines = [f"{'Fay asks Ann' if i % 2 == 0 else 'Ann asks Fay'} for {c}: no" for i, c in enumerate(asks)]
    text = "variant: classic\nplayers: Ann Bob Cat Dan Eve Fay Gus Hal\ndealer: Fay\n" + "\n".join(lines) + "\n"
    game = parse_game(text, path="y.lit")
    with pytest.raises(ImpossibleHistoryError) as caught:
        solve_game(game, None)
    assert str(caught.value).startswith("y.lit:16: no deal")
    assert count(game.setup, game.events[:12], None) > 0


# positions found by a scan of random games with 2 to 6 consistent deals (checked by brute force)
@pytest.mark.slow
@pytest.mark.parametrize(
    ("seed", "variant", "players", "viewer", "n"),
    [(12, "fish54", 6, "Ann", 101), (12, "fish54", 6, None, 101), (18, "classic", 6, "Ann", 197),
     (33, "classic", 6, None, 152)],
)
def test_agrees_with_brute_force_on_known_positions(
    seed: int, variant: str, players: int, viewer: str | None, n: int
) -> None:
    game = random_game(random.Random(seed), variant, players)
    assert_matches_brute_force(game, min(n, len(game.events)), viewer)


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), variant=st.sampled_from(["classic", "fish54"]), players=st.sampled_from([6, 8]))
def test_agrees_with_brute_force_on_late_positions(seed: int, variant: str, players: int) -> None:
    game = random_game(random.Random(seed), variant, players)
    viewer = game.setup.players[seed % players]
    for who in (viewer, None):
        assert assert_matches_brute_force(game, late_position(game, who), who) >= 1


@pytest.mark.slow
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), variant=st.sampled_from(["classic", "fish54"]), players=st.sampled_from([6, 8]))
def test_true_deal_is_consistent_and_probabilities_add_up(seed: int, variant: str, players: int) -> None:
    rng = random.Random(seed)
    game = random_game(rng, variant, players)
    viewer = rng.choice(game.setup.players)
    previous: int | None = None
    for n in sorted({rng.randrange(len(game.events) + 1) for _ in range(4)}):
        truth = game.state(n)
        k = solve(game.setup, game.events[:n], viewer)
        assert previous is None or k.deals <= previous
        previous = k.deals
        for card in k.cards:
            holders = k.holders(card)
            assert sum(holders.values()) == 1
            assert truth.known_holder(card) in holders
            forced = k.forced(card)
            assert forced is None or forced == truth.known_holder(card)
        for player in game.setup.players:
            expected = sum((k.holders(c).get(player, Fraction(0)) for c in k.cards), Fraction(0))
            assert expected == truth.sizes[player]


def test_counts_only_shrink_along_a_game() -> None:
    game = read_game("tests/data/complete-classic-6p.lit")
    counts = [count(game.setup, game.events[:n], "Ann") for n in range(0, 60, 3)]
    assert all(a >= b > 0 for a, b in itertools.pairwise(counts))


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), variant=st.sampled_from(["classic", "fish54"]), players=st.sampled_from([6, 8]))
def test_fast_passes_equal_the_full_pass(seed: int, variant: str, players: int) -> None:
    from trainer.engine.counting import Counter, marginals, retiring_marginals
    from trainer.engine.passes import count_total
    from trainer.engine.solve import counting_model

    rng = random.Random(seed)
    game = random_game(rng, variant, players)
    for viewer in (rng.choice(game.setup.players), None if players == 6 else game.setup.players[0]):
        n = rng.randrange(len(game.events) // 3, len(game.events) + 1)
        model = counting_model(History.build(game.setup, game.events[:n], viewer))
        full = Counter(model.problem)
        assert count_total(model.problem) == full.total
        assert marginals(model.problem) == full.counts()
        assert retiring_marginals(model.problem) == full.counts()
