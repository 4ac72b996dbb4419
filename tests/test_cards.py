"""Cards, half-suits and variants: parse/print round trips, leniency, errors, hand sizes."""

from __future__ import annotations

import pickle

import pytest

from trainer.game.cards import ALL_CARDS, ALL_HALF_SUITS, Card, HalfSuit, format_cards, parse_cards
from trainer.game.errors import NotationError
from trainer.game.variants import Variant


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("10S", "10S"),
        ("T♠", "10S"),
        ("t♠", "10S"),
        ("10♠", "10S"),
        ("6d", "6D"),
        ("6♦", "6D"),
        ("qh", "QH"),
        ("Q♥", "QH"),
        ("A♣", "AC"),
        ("rj", "RJ"),
        ("BJ", "BJ"),
        ("8c", "8C"),
        (" 2S ", "2S"),
    ],
)
def test_card_spellings(text: str, code: str) -> None:
    card = Card.parse(text)
    assert str(card) == code
    assert card is Card.parse(code)


@pytest.mark.parametrize("text", ["1S", "11S", "ZZ", "", "10", "S10", "2X", "JJ", "10SS", "♠2"])
def test_unknown_cards(text: str) -> None:
    with pytest.raises(NotationError, match="unknown card"):
        Card.parse(text)


def test_every_card_round_trips_and_pickles() -> None:
    assert len(ALL_CARDS) == 54
    assert len({c.code for c in ALL_CARDS}) == 54
    for card in ALL_CARDS:
        assert Card.parse(str(card)) is card
        assert Card.parse(card.symbol) is card
        assert eval(repr(card)) is card
        assert pickle.loads(pickle.dumps(card)) is card


def test_cards_are_immutable() -> None:
    with pytest.raises(AttributeError):
        Card.parse("2S").code = "3S"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("LS", "LS"),
        ("hs", "HS"),
        ("low diamonds", "LD"),
        ("Low  Diamonds", "LD"),
        ("low diamond", "LD"),
        ("high clubs", "HC"),
        ("8J", "8J"),
        ("8j", "8J"),
        ("eights", "8J"),
        ("eights and jokers", "8J"),
    ],
)
def test_half_suit_spellings(text: str, code: str) -> None:
    assert HalfSuit.parse(text).code == code


@pytest.mark.parametrize("text", ["MD", "low", "diamonds", "", "LX"])
def test_unknown_half_suits(text: str) -> None:
    with pytest.raises(NotationError, match="unknown set"):
        HalfSuit.parse(text)


def test_half_suits_partition_the_deck() -> None:
    assert [h.code for h in ALL_HALF_SUITS] == ["LS", "HS", "LH", "HH", "LD", "HD", "LC", "HC", "8J"]
    seen = [card for half in ALL_HALF_SUITS for card in half.cards]
    assert sorted(seen) == list(ALL_CARDS)
    for half in ALL_HALF_SUITS:
        assert len(half.cards) == 6
        assert all(card.half_suit is half for card in half.cards)
        assert HalfSuit.parse(half.code) is half
        assert HalfSuit.parse(half.name) is half
    assert [c.rank for c in HalfSuit.parse("LD").cards] == ["2", "3", "4", "5", "6", "7"]
    assert [c.rank for c in HalfSuit.parse("HD").cards] == ["9", "10", "J", "Q", "K", "A"]
    assert {c.code for c in HalfSuit.parse("8J").cards} == {"8S", "8H", "8D", "8C", "RJ", "BJ"}


def test_parse_and_format_card_lists() -> None:
    cards = parse_cards("KH, 2d;T♠   9S")
    assert [str(c) for c in cards] == ["KH", "2D", "10S", "9S"]
    assert format_cards(cards) == "9S 10S KH 2D"
    assert parse_cards("  ") == []
    with pytest.raises(NotationError, match="unknown card '1D'"):
        parse_cards("2D 1D")


def test_variant_decks() -> None:
    assert len(Variant.CLASSIC.cards) == 48
    assert len(Variant.CLASSIC.half_suits) == 8
    assert len(Variant.FISH54.cards) == 54
    assert len(Variant.FISH54.half_suits) == 9
    assert not any(c.rank == "8" or c.suit is None for c in Variant.CLASSIC.cards)
    assert not Variant.CLASSIC.has(Card.parse("8S"))
    assert not Variant.CLASSIC.has(Card.parse("RJ"))
    assert Variant.CLASSIC.has(Card.parse("9S"))
    assert Variant.FISH54.has(Card.parse("BJ"))
    assert Variant.CLASSIC.misclaim_cancels and not Variant.FISH54.misclaim_cancels
    assert Variant.FISH54.winner_picks_next and not Variant.CLASSIC.winner_picks_next


@pytest.mark.parametrize("text", ["classic", "Classic", " FISH54 "])
def test_variant_names(text: str) -> None:
    assert Variant.parse(text).value == text.strip().lower()


def test_unknown_variant() -> None:
    with pytest.raises(NotationError, match=r"unknown variant 'fish52' \(expected one of: classic, fish54\)"):
        Variant.parse("fish52")


@pytest.mark.parametrize("players", [6, 8])
@pytest.mark.parametrize("variant", list(Variant))
def test_hand_sizes_sum_to_the_deck(variant: Variant, players: int) -> None:
    for dealer in range(players):
        sizes = variant.hand_sizes(players, dealer)
        assert sum(sizes) == len(variant.cards)
        assert max(sizes) - min(sizes) <= 1


def test_classic_hands_are_even() -> None:
    assert Variant.CLASSIC.hand_sizes(6, 3) == (8,) * 6
    assert Variant.CLASSIC.hand_sizes(8, 5) == (6,) * 8
    assert Variant.FISH54.hand_sizes(6, 2) == (9,) * 6


@pytest.mark.parametrize("dealer", range(8))
def test_fish54_eight_players_the_last_two_seats_get_six(dealer: int) -> None:
    sizes = Variant.FISH54.hand_sizes(8, dealer)
    after_dealer = [sizes[(dealer + k) % 8] for k in range(1, 9)]  # dealt singly from the dealer's left
    assert after_dealer == [7, 7, 7, 7, 7, 7, 6, 6]
    assert sizes[dealer] == 6 and sizes[(dealer - 1) % 8] == 6


@pytest.mark.parametrize("players", [0, 4, 5, 7, 9])
def test_player_counts(players: int) -> None:
    with pytest.raises(NotationError, match=f"a game has 6 or 8 players, not {players}"):
        Variant.CLASSIC.hand_sizes(players, 0)
