"""Known-answer tests for every rule of both variants, one short game log each.

Each test replays a small ``.lit`` text (``game``) or checks that it stops at
the expected line with the expected message (``rejects``).
"""

from __future__ import annotations

import pytest

from trainer.game.cards import Card, HalfSuit, parse_cards
from trainer.game.errors import IllegalEventError, ImpossibleHistoryError, LiteratureError, NotationError
from trainer.game.events import Ask, Claim, Pass
from trainer.game.notation import Game, parse_game
from trainer.game.state import SetStatus, Setup

CLASSIC = "variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\n"  # teams: Ann Cat Eve / Bob Dan Fay
FISH54 = "variant: fish54\nplayers: Ann Bob Cat Dan Eve Fay\n"
LATE = " (a claimer may hand the turn to a teammate, right after the claim only)"  # classic, a refused pass

# team 2 (Bob Dan Fay) holds LS HS LH HH, team 1 (Ann Cat Eve) holds LD HD LC HC
SPLIT_DEAL = """variant: classic
players: Ann Bob Cat Dan Eve Fay
dealer: Bob
hand Ann: 2D 3D 4D 5D 6D 7D 9D 10D
hand Bob: 2S 3S 4S 5S 6S 7S 9S 10S
hand Cat: JD QD KD AD 2C 3C 4C 5C
hand Dan: JS QS KS AS 2H 3H 4H 5H
hand Eve: 6C 7C 9C 10C JC QC KC AC
hand Fay: 6H 7H 9H 10H JH QH KH AH
"""


def game(text: str) -> Game:
    return parse_game(text, path="t.lit")


def rejects(text: str, line: int, message: str, kind: type[LiteratureError] = LiteratureError) -> None:
    """The log stops at ``line`` with exactly ``message``."""
    with pytest.raises(kind) as caught:
        parse_game(text, path="t.lit")
    assert str(caught.value) == f"t.lit:{line}: {message}"


def card(code: str) -> Card:
    return Card.parse(code)


# -- turn order ---------------------------------------------------------------


def test_the_dealer_asks_first() -> None:
    assert game(CLASSIC).state().turn == "Ann"  # no dealer: the first seat
    assert game(CLASSIC + "dealer: Cat\n").state().actors() == frozenset({"Cat"})
    rejects(CLASSIC + "dealer: Cat\nAnn asks Bob for 3D: no\n", 4, "Ann cannot ask now: it is Cat's turn")


def test_a_miss_passes_the_turn_to_the_player_asked() -> None:
    state = game(CLASSIC + "Ann asks Bob for 3D: no\n").state()
    assert state.turn == "Bob" and state.actors() == frozenset({"Bob"})
    assert state.sizes == dict.fromkeys(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"], 8)
    rejects(CLASSIC + "Ann asks Bob for 3D: no\nAnn asks Dan for 4D: no\n", 4, "Ann cannot ask now: it is Bob's turn")


def test_a_hit_moves_the_card_and_the_asker_goes_on() -> None:
    state = game(CLASSIC + "Ann asks Bob for 3D: yes\nAnn asks Dan for 4D: no\n").state(1)
    assert state.turn == "Ann"
    assert state.sizes["Ann"] == 9 and state.sizes["Bob"] == 7
    assert state.known_holder(card("3D")) == "Ann" and state.located == {card("3D"): "Ann"}


def test_out_of_turn_ask() -> None:
    rejects(CLASSIC + "Ann asks Bob for 3D: no\nFay asks Cat for 3D: no\n", 4, "Fay cannot ask now: it is Bob's turn")


def test_teams_alternate_seats() -> None:
    setup = game(CLASSIC).setup
    assert setup.members(1) == ("Ann", "Cat", "Eve") and setup.members(2) == ("Bob", "Dan", "Fay")
    assert [setup.team(p) for p in setup.players] == [1, 2, 1, 2, 1, 2]


# -- what an ask may be -------------------------------------------------------


def test_asking_a_teammate() -> None:
    rejects(CLASSIC + "Ann asks Cat for 3D: no\n", 3, "Ann cannot ask Cat: they are on the same team")


def test_asking_yourself() -> None:
    rejects(CLASSIC + "Ann asks Ann for 3D: no\n", 3, "Ann cannot ask Ann: they are on the same team")


def test_unknown_player() -> None:
    rejects(CLASSIC + "Ann asks Zed for 3D: no\n", 3, "unknown player 'Zed' (players: Ann Bob Cat Dan Eve Fay)")
    rejects(CLASSIC + "ann asks Bob for 3D: no\n", 3, "unknown player 'ann' (players: Ann Bob Cat Dan Eve Fay)")


def test_a_card_not_in_classic() -> None:
    rejects(CLASSIC + "Ann asks Bob for 8D: no\n", 3, "8D is not in classic (it has no 8s or jokers)")
    rejects(CLASSIC + "Ann asks Bob for RJ: no\n", 3, "RJ is not in classic (it has no 8s or jokers)")
    assert game(FISH54 + "Ann asks Bob for 8D: no\nBob asks Ann for BJ: yes\n").state().sizes["Bob"] == 10


def test_unknown_card() -> None:
    rejects(CLASSIC + "Ann asks Bob for 1D: no\n", 3, "unknown card '1D'", NotationError)


def test_asking_for_a_card_you_hold() -> None:
    text = CLASSIC + "hand Ann: 2D 3D 4D 5D 7D 9S JS KH\nAnn asks Bob for 3D: no\n"
    rejects(text, 4, "Ann cannot ask for 3D: Ann holds it", IllegalEventError)


def test_asking_from_a_set_you_hold_none_of() -> None:
    text = CLASSIC + "hand Ann: 2D 3D 4D 5D 7D 9S JS KH\nAnn asks Bob for 2C: no\n"
    rejects(text, 4, "Ann cannot ask for 2C: Ann holds no other card of LC", IllegalEventError)


def test_asking_for_a_card_you_won_earlier() -> None:
    text = CLASSIC + "Ann asks Bob for 3D: yes\nAnn asks Dan for 3D: no\n"
    rejects(text, 4, "Ann cannot ask for 3D: Ann holds it")


def test_a_withheld_card() -> None:
    text = CLASSIC + "hand Bob: 3D 4S 5S 6S 7S 9S 10S JS\nAnn asks Bob for 3D: no\n"
    rejects(text, 4, "Bob withheld 3D: Bob's listed hand has it", IllegalEventError)


def test_giving_a_card_a_listed_hand_lacks() -> None:
    text = CLASSIC + "hand Bob: 3D 4S 5S 6S 7S 9S 10S JS\nAnn asks Bob for 4D: yes\n"
    rejects(text, 4, "Bob cannot give 4D: Bob's listed hand lacks it", IllegalEventError)


def test_a_card_known_elsewhere_cannot_be_given() -> None:
    text = CLASSIC + "Ann asks Bob for 3D: yes\nAnn asks Bob for 4D: no\nBob asks Cat for 3D: yes\n"
    rejects(text, 5, "Cat cannot give 3D: it is known to be with Ann", ImpossibleHistoryError)
    text = CLASSIC + "Ann asks Bob for 3D: yes\nAnn asks Bob for 4D: no\nBob asks Ann for 3D: no\n"
    rejects(text, 5, "Ann withheld 3D: Ann is known to hold it", ImpossibleHistoryError)


def test_a_card_asked_after_its_set_was_claimed() -> None:
    text = CLASSIC + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D\nAnn asks Bob for 3D: no\n"
    rejects(text, 4, "3D cannot be asked for: LD has been claimed", IllegalEventError)


def test_nobody_is_asked_with_an_empty_hand() -> None:
    # Bob gives away all 8 cards, then cannot be asked
    hits = "".join(f"Ann asks Bob for {c}: yes\n" for c in ["2S", "3S", "4S", "5S", "6S", "7S", "9S", "10S"])
    state = game(CLASSIC + hits).state()
    assert state.sizes["Bob"] == 0 and state.sizes["Ann"] == 16
    rejects(CLASSIC + hits + "Ann asks Bob for JS: no\n", 11, "Ann cannot ask Bob: Bob has no cards")


# -- claims in classic --------------------------------------------------------


def test_classic_right_claim_wins_and_the_claimer_goes_on() -> None:
    state = game(CLASSIC + "Ann claims low diamonds: Ann 2D 3D 4D, Cat 5D 6D 7D\nAnn asks Bob for 9D: no\n").state(1)
    assert state.sets[HalfSuit.parse("LD")].status is SetStatus.WON
    assert state.sets[HalfSuit.parse("LD")].team == 1 and state.score == {1: 1, 2: 0}
    assert state.sizes["Ann"] == 5 and state.sizes["Cat"] == 5
    assert state.turn == "Ann" and state.actors() == frozenset({"Ann"})


def test_classic_misplaced_within_the_team_is_cancelled() -> None:
    state = game(CLASSIC + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D (actual: Cat 7D)\n").state()
    assert state.sets[HalfSuit.parse("LD")].status is SetStatus.CANCELLED
    assert state.sets[HalfSuit.parse("LD")].team is None and state.score == {1: 0, 2: 0}
    assert state.sizes["Ann"] == 3 and state.sizes["Cat"] == 7
    assert state.actors() == frozenset({"Ann"})  # the claimer's turn goes on


def test_classic_a_card_with_the_other_team_gives_them_the_set() -> None:
    state = game(CLASSIC + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D (actual: Cat 6D, Bob 7D)\n").state()
    assert state.sets[HalfSuit.parse("LD")].team == 2 and state.score == {1: 0, 2: 1}
    assert state.sizes == {"Ann": 4, "Bob": 7, "Cat": 7, "Dan": 8, "Eve": 8, "Fay": 8}
    assert state.actors() == frozenset({"Ann"})  # classic: the claimer goes on even after losing the set


def test_classic_claimer_who_emptied_their_hand_passes_to_a_teammate() -> None:
    two = CLASSIC + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D\nAnn claims HD: Ann 9D 10D, Cat JD QD KD AD\n"
    state = game(two).state()
    assert state.sizes["Ann"] == 0 and state.actors() == frozenset({"Cat", "Eve"})
    assert game(two + "Ann passes to Eve\nEve asks Bob for 2C: no\n").state().turn == "Bob"
    assert game(two + "turn: Cat\n").state().actors() == frozenset({"Cat"})
    assert game(two + "Cat asks Bob for 2C: no\n").state().turn == "Bob"  # the pass may go unwritten
    rejects(two + "Ann asks Bob for 2C: no\n", 5, "Ann cannot ask now: it is Cat or Eve's turn")
    rejects(two + "Ann passes to Bob\n", 5, "Ann cannot pass to Bob: they are an opponent")
    rejects(two + "Ann passes to Ann\n", 5, "Ann cannot pass the turn to themselves")
    rejects(two + "Bob passes to Dan\n", 5, "Bob cannot pass the turn: it is not theirs")



# -- classic: the stalemate breaker -------------------------------------------


def test_classic_claimer_may_pass_the_turn_to_a_teammate_after_any_claim() -> None:
    claimed = CLASSIC + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D\n"  # Ann keeps 2 cards
    state = game(claimed).state()
    assert state.actors() == frozenset({"Ann"}) and state.handover_targets() == frozenset({"Cat", "Eve"})
    passed = game(claimed + "Ann passes to Cat\n").state()
    assert passed.turn == "Cat" and passed.actors() == frozenset({"Cat"}) and not passed.handover_targets()
    assert game(claimed + "turn: Eve\nEve asks Bob for 2S: no\n").state().turn == "Bob"
    assert game(claimed + "Ann asks Bob for 2S: no\n").state().turn == "Bob"  # or Ann goes on


def test_classic_stalemate_breaker_after_a_lost_or_cancelled_claim_too() -> None:
    lost = CLASSIC + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D (actual: Bob 7D)\n"
    assert game(lost + "Ann passes to Eve\n").state().actors() == frozenset({"Eve"})
    cancelled = CLASSIC + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D (actual: Cat 7D)\n"
    assert game(cancelled + "Ann passes to Cat\n").state().actors() == frozenset({"Cat"})


def test_classic_stalemate_breaker_is_only_right_after_the_claim() -> None:
    claimed = CLASSIC + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D\n"
    rejects(
        claimed + "Cat asks Bob for 2S: no\n",
        4,
        "Cat cannot ask now: it is Ann's turn (after a claim Ann may pass it: write 'Ann passes to Cat' first)",
    )
    rejects(claimed + "Ann passes to Bob\n", 4, "Ann cannot pass to Bob: they are an opponent")
    rejects(claimed + "Cat passes to Eve\n", 4, "Cat cannot pass the turn: it is not theirs")
    rejects(claimed + "Ann passes to Cat\nCat passes to Eve\n", 5,
            "Cat cannot pass the turn now: with cards in hand, Cat asks or claims" + LATE)
    after_ask = claimed + "Ann asks Bob for 2S: yes\n"
    rejects(after_ask + "Ann passes to Cat\n", 5,
            "Ann cannot pass the turn now: with cards in hand, Ann asks or claims" + LATE)
    two = claimed + "Ann claims HD: Ann 9D 10D, Cat JD QD KD AD\n"  # Ann now has no cards
    rejects(two + "Ann passes to Ann\n", 5, "Ann cannot pass the turn to themselves")


def test_fish54_has_no_stalemate_breaker_for_the_losing_claimer() -> None:
    lost = FISH54 + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D (actual: Cat 7D)\n"  # team 2 picks
    assert not game(lost).state().handover_targets()
    rejects(lost + "Ann passes to Cat\n", 4, "the turn cannot pass to Cat now: it is Bob or Dan or Fay's turn")


# -- classic: the out-of-turn claim -------------------------------------------


def test_classic_out_of_turn_claim_wholly_on_the_team_is_cancelled_even_when_right() -> None:
    text = SPLIT_DEAL + "Eve claims LC out of turn: Cat 2C 3C 4C 5C, Eve 6C 7C\n"  # Bob's turn, all correct
    state = game(text).state()
    assert state.sets[HalfSuit.parse("LC")].status is SetStatus.CANCELLED and state.score == {1: 0, 2: 0}
    assert state.turn == "Bob" and state.actors() == frozenset({"Bob"})  # the turn stays where it was
    assert state.sizes["Cat"] == 4 and state.sizes["Eve"] == 6
    wrong = SPLIT_DEAL + "Eve claims LC out of turn: Eve 2C 3C 4C 5C 6C 7C (actual: Cat 2C 3C 4C 5C)\n"
    assert game(wrong).state().sets[HalfSuit.parse("LC")].status is SetStatus.CANCELLED


def test_classic_out_of_turn_claim_goes_to_the_opponents_if_they_hold_a_card() -> None:
    text = CLASSIC + "Eve claims LD out of turn: Eve 2D 3D, Cat 4D 5D 6D 7D (actual: Bob 2D)\n"
    state = game(text).state()
    assert state.sets[HalfSuit.parse("LD")].team == 2 and state.score == {1: 0, 2: 1}
    assert state.turn == "Ann" and state.sizes["Bob"] == 7 and state.sizes["Cat"] == 4
    # the revealed holders are known from then on: Bob held 2D, so he cannot be asked for it again
    rejects(text + "Ann asks Bob for 3D: no\n", 4, "3D cannot be asked for: LD has been claimed")


def test_classic_out_of_turn_claim_by_a_teammate_of_the_player_to_move() -> None:
    text = SPLIT_DEAL + "Dan claims LH out of turn: Dan 2H 3H 4H 5H, Fay 6H 7H\n"  # Bob's own teammate
    state = game(text).state()
    assert state.sets[HalfSuit.parse("LH")].status is SetStatus.CANCELLED and state.turn == "Bob"
    assert game(text + "Bob asks Ann for JS: no\n").state().turn == "Ann"  # Bob plays on as usual


def test_an_out_of_turn_claim_must_really_be_out_of_turn() -> None:
    text = CLASSIC + "Ann claims LD out of turn: Ann 2D 3D 4D 5D 6D 7D\n"
    rejects(text, 3, "Ann's claim is not out of turn: Ann may claim now")
    rejects(
        CLASSIC + "Eve claims LD out of turn: Eve 2D 3D 4D 5D 6D, Bob 7D\n",
        3,
        "Eve cannot name Bob in a claim: they are an opponent",
    )


def test_fish54_refuses_the_out_of_turn_claim() -> None:
    rejects(
        FISH54 + "Eve claims LD out of turn: Eve 2D 3D, Cat 4D 5D 6D 7D\n",
        3,
        "fish54 has no out-of-turn claim: only the player whose turn it is may claim (it is Ann's turn)",
        IllegalEventError,
    )


def test_out_of_turn_claim_round_trips_and_is_an_event_of_its_own() -> None:
    text = CLASSIC + "Eve claims low diamonds Out Of Turn: Eve 2D 3D; Cat 4D 5D 6D 7D\n"
    claim = game(text).events[0]
    assert isinstance(claim, Claim) and claim.out_of_turn and claim.half_suit == HalfSuit.parse("LD")
    assert str(claim) == "Eve claims LD out of turn: Eve 2D 3D, Cat 4D 5D 6D 7D"
    assert claim != Claim.of(claim.claimer, claim.half_suit, dict(claim.declared))

def test_a_pass_to_a_teammate_without_cards() -> None:
    two = CLASSIC + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D\nAnn claims HD: Ann 9D 10D, Cat JD QD KD AD\n"
    rejects(two + "Cat passes to Ann\n", 5, "the turn cannot pass to Ann: Ann has no cards")
    assert game(two + "Cat passes to Eve\n").state().actors() == frozenset({"Eve"})


def test_a_player_with_cards_cannot_pass() -> None:
    holds = "Ann cannot pass the turn now: with cards in hand, Ann asks or claims"
    rejects(CLASSIC + "Ann passes to Cat\n", 3, holds + LATE)
    rejects(FISH54 + "Ann passes to Cat\n", 3, holds)
    rejects(CLASSIC + "turn: Cat\n", 3, "the turn cannot pass to Cat now: it is Ann's turn")


def test_claim_naming_an_opponent() -> None:
    text = CLASSIC + "Ann claims LD: Ann 2D 3D 4D 5D 6D, Bob 7D\n"
    rejects(text, 3, "Ann cannot name Bob in a claim: they are an opponent", IllegalEventError)


def test_claim_missing_a_card() -> None:
    rejects(CLASSIC + "Ann claims LD: Ann 2D 3D 4D 5D 6D\n", 3, "the claim of LD misses 7D", IllegalEventError)
    rejects(CLASSIC + "Ann claims LD: Ann 2D 3D 4D, Cat 9D 5D 6D 7D\n", 3, "9D is not in LD")


def test_claim_naming_a_card_twice() -> None:
    rejects(CLASSIC + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D, Cat 7D\n", 3, "7D is named twice in the claim")
    rejects(
        CLASSIC + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D (actual: Cat 7D, Eve 7D)\n", 3, "7D is named twice in 'actual:'"
    )


def test_claim_actual_must_differ_from_the_declaration() -> None:
    rejects(
        CLASSIC + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D (actual: Ann 7D)\n",
        3,
        "'actual:' gives 7D to Ann, who was declared for it",
    )


def test_claim_of_a_set_twice_or_out_of_the_variant() -> None:
    text = CLASSIC + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D\nAnn claims LD: Ann 2D 3D 4D 5D 6D 7D\n"
    rejects(text, 4, "LD has already been claimed")
    rejects(CLASSIC + "Ann claims 8J: Ann 8S 8H 8D 8C RJ BJ\n", 3, "8J is not a set in classic")


def test_claim_that_cannot_fit_the_hand_sizes() -> None:
    text = CLASSIC + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D\nAnn claims HD: Ann 9D 10D JD QD KD AD\n"
    rejects(text, 4, "Ann holds 2 cards, not 6", ImpossibleHistoryError)


def test_claim_against_a_listed_hand_or_a_known_card() -> None:
    text = CLASSIC + "hand Ann: 3D 4D 5D 6D 7D 9D 10D JD\nAnn claims LD: Ann 2D 3D 4D 5D 6D 7D\n"
    rejects(text, 4, "2D is not in Ann's listed hand")
    text = CLASSIC + "Ann asks Bob for 3D: yes\nAnn claims LD: Cat 2D 3D 4D 5D 6D 7D\n"
    rejects(text, 4, "3D is known to be with Ann, not Cat", ImpossibleHistoryError)


def test_classic_four_all_is_a_tie() -> None:
    text = (
        SPLIT_DEAL
        + """Bob claims LS: Bob 2S 3S 4S 5S 6S 7S
Bob claims HS: Bob 9S 10S, Dan JS QS KS AS
Bob passes to Dan
Dan claims LH: Dan 2H 3H 4H 5H, Fay 6H 7H
Dan passes to Fay
Fay claims HH: Fay 9H 10H JH QH KH AH
Fay passes to Cat
Cat claims LD: Ann 2D 3D 4D 5D 6D 7D
Cat claims HD: Ann 9D 10D, Cat JD QD KD AD
Cat claims LC: Cat 2C 3C 4C 5C, Eve 6C 7C
Cat passes to Eve
Eve claims HC: Eve 9C 10C JC QC KC AC
"""
    )
    state = game(text).state()
    assert state.over and state.score == {1: 4, 2: 4} and state.winner is None
    assert state.actors() == frozenset() and sum(state.sizes.values()) == 0
    rejects(text + "turn: Ann\n", 22, "the game is over: every set has been claimed")
    rejects(text + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D\n", 22, "the game is over: every set has been claimed")


# -- the end of the questions: a team out of cards ----------------------------

ENDGAME = (
    SPLIT_DEAL
    + """Bob claims LS: Bob 2S 3S 4S 5S 6S 7S
Bob claims HS: Bob 9S 10S, Dan JS QS KS AS
Bob passes to Dan
Dan claims LH: Dan 2H 3H 4H 5H, Fay 6H 7H
Dan passes to Fay
Fay claims HH: Fay 9H 10H JH QH KH AH
"""
)  # lines 10-15: team 2 is now out of cards


def test_a_team_out_of_cards_stops_the_questions() -> None:
    state = game(ENDGAME).state()
    assert state.endgame and not state.over
    assert state.team_cards(2) == 0 and state.team_cards(1) == 24
    # the empty-handed active player (Fay) chooses an opponent with cards
    assert state.actors() == frozenset({"Ann", "Cat", "Eve"})
    chosen = game(ENDGAME + "Fay passes to Eve\n").state()
    assert chosen.actors() == frozenset({"Eve"}) and chosen.endgame
    assert game(ENDGAME + "turn: Ann\n").state().actors() == frozenset({"Ann"})


def test_only_claims_remain_in_the_endgame() -> None:
    rejects(
        ENDGAME + "Fay passes to Cat\nCat asks Bob for 2S: no\n",
        17,
        "questions have stopped: a team is out of cards, only claims remain",
    )


def test_only_the_active_player_claims_in_the_endgame() -> None:
    text = ENDGAME + "Fay passes to Cat\nEve claims HC: Eve 9C 10C JC QC KC AC\n"
    rejects(text, 17, "Eve cannot claim now: it is Cat's turn")
    text = ENDGAME + "Fay passes to Cat\nCat claims HC: Eve 9C 10C JC QC KC AC\n"
    assert game(text).state().actors() == frozenset({"Cat"})


def test_the_endgame_claims_cannot_come_from_the_empty_team() -> None:
    rejects(
        ENDGAME + "Fay claims LD: Fay 2D 3D 4D 5D 6D 7D\n", 16, "Fay cannot claim now: it is Ann or Cat or Eve's turn"
    )


def test_in_the_endgame_a_claimer_who_emptied_their_hand_passes_on() -> None:
    text = (
        ENDGAME
        + "Fay passes to Ann\nAnn claims LD: Ann 2D 3D 4D 5D 6D 7D\nAnn claims HD: Ann 9D 10D, Cat JD QD KD AD\n"
    )
    state = game(text).state()
    assert state.sizes["Ann"] == 0 and state.actors() == frozenset({"Cat", "Eve"})
    rejects(text + "Ann passes to Bob\n", 19, "the turn cannot pass to Bob: Bob has no cards")


def test_a_hit_that_empties_a_team_starts_the_endgame() -> None:
    state = game(CLASSIC).state()
    hits = [
        ("Bob", "2S 3S 4S 5S 6S 7S 9S 10S"),
        ("Dan", "JS QS KS AS 2H 3H 4H 5H"),
        ("Fay", "6H 7H 9H 10H JH QH KH AH"),
    ]
    for target, cards in hits:
        for code in cards.split():
            state.apply(Ask("Ann", target, Card.parse(code), hit=True))
    assert state.endgame and state.team_cards(2) == 0 and state.actors() == frozenset({"Ann"})
    with pytest.raises(IllegalEventError, match="questions have stopped"):
        state.apply(Ask("Ann", "Bob", Card.parse("JS"), hit=False))
    with pytest.raises(IllegalEventError, match="Cat cannot claim now: it is Ann's turn"):
        state.apply(Claim.of("Cat", HalfSuit.parse("LS"), dict.fromkeys(HalfSuit.parse("LS").cards, "Ann")))
    state.apply(Claim.of("Ann", HalfSuit.parse("LS"), dict.fromkeys(HalfSuit.parse("LS").cards, "Ann")))
    assert state.score == {1: 1, 2: 0} and state.actors() == frozenset({"Ann"})


# -- claims in fish54 ---------------------------------------------------------


def test_fish54_misplaced_within_the_team_loses_the_set() -> None:
    state = game(FISH54 + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D (actual: Cat 7D)\n").state()
    assert state.sets[HalfSuit.parse("LD")].status is SetStatus.WON
    assert state.sets[HalfSuit.parse("LD")].team == 2 and state.score == {1: 0, 2: 1}


def test_fish54_the_team_that_won_picks_who_plays_next() -> None:
    lost = FISH54 + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D (actual: Cat 7D)\n"
    assert game(lost).state().actors() == frozenset({"Bob", "Dan", "Fay"})
    assert game(lost + "turn: Dan\n").state().actors() == frozenset({"Dan"})
    assert game(lost + "Bob passes to Fay\n").state().actors() == frozenset({"Fay"})
    assert game(lost + "Dan asks Ann for 9D: no\n").state().turn == "Ann"  # the pick may go unwritten
    rejects(lost + "Ann asks Bob for 9D: no\n", 4, "Ann cannot ask now: it is Bob or Dan or Fay's turn")
    rejects(lost + "Ann passes to Bob\n", 4, "Ann cannot pass to Bob: they are an opponent")
    won = FISH54 + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D\n"
    assert game(won).state().actors() == frozenset({"Ann", "Cat", "Eve"})
    assert game(won + "Eve asks Bob for 9D: no\n").state().turn == "Bob"
    assert game(won + "Ann asks Bob for 9D: no\n").state().turn == "Bob"


def test_fish54_the_picking_team_chooses_among_players_with_cards() -> None:
    text = FISH54 + "Ann claims LD: Ann 2D 3D 4D 5D 6D 7D\nAnn claims HD: Ann 9D 10D JD, Cat QD KD AD\n"
    assert game(text).state().actors() == frozenset({"Cat", "Eve"})  # Ann (9 - 9 = 0 cards) is skipped
    rejects(text + "Cat passes to Ann\n", 5, "the turn cannot pass to Ann: Ann has no cards")


def test_fish54_eights_and_jokers_are_a_ninth_set_and_there_are_no_ties() -> None:
    state = game(FISH54 + "Ann claims 8J: Ann 8S 8H 8D 8C, Cat RJ BJ\n").state()
    assert state.sets[HalfSuit.parse("8J")].team == 1
    assert len(state.sets) == 9


def test_fish54_eight_players_hand_sizes_follow_the_dealer() -> None:
    header = "variant: fish54\nplayers: Ann Bob Cat Dan Eve Fay Gus Hal\ndealer: Cat\n"
    sizes = game(header).state().sizes
    assert sizes == {"Dan": 7, "Eve": 7, "Fay": 7, "Gus": 7, "Hal": 7, "Ann": 7, "Bob": 6, "Cat": 6}
    rejects(
        header + "hand Cat: 2D 3D 4D 5D 6D 7D 9D\nCat asks Dan for 8D: no\n",
        4,
        "Cat was dealt 6 cards, but 7 are listed",
    )


# -- the table ----------------------------------------------------------------


def test_setup_create_checks_the_table() -> None:
    players = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
    with pytest.raises(NotationError, match="a game has 6 or 8 players, not 5"):
        Setup.create("classic", players[:5])
    with pytest.raises(NotationError, match="a player name appears twice"):
        Setup.create("classic", [*players[:5], "Ann"])
    with pytest.raises(NotationError, match="unknown dealer 'Zed'"):
        Setup.create("classic", players, dealer="Zed")
    with pytest.raises(NotationError, match="unknown variant 'poker'"):
        Setup.create("poker", players)
    with pytest.raises(NotationError, match="2D is listed in the hands of Ann and Bob"):
        Setup.create("classic", players, hands={"Ann": parse_cards("2D 3D 4D 5D 6D 7D 9D 10D"),
                                                "Bob": parse_cards("2D 2S 3S 4S 5S 6S 7S 9S")})


def test_setup_views() -> None:
    setup = game(SPLIT_DEAL).setup
    assert setup.dealer == "Bob" and setup.dealt_size("Ann") == 8
    assert set(setup.only("Cat").hands) == {"Cat"} and setup.public().hands == {}
    assert setup.only("Cat").hands["Cat"] == setup.hands["Cat"]


def test_state_copy_is_independent() -> None:
    state = game(CLASSIC).state()
    before = state.copy()
    state.apply(Ask("Ann", "Bob", card("3D"), hit=True))
    assert before.sizes["Ann"] == 8 and before.located == {} and before.events == []
    assert state.sizes["Ann"] == 9 and len(state.events) == 1


def test_events_print_as_notation() -> None:
    assert str(Ask("Cat", "Bob", card("3D"), hit=True)) == "Cat asks Bob for 3D: yes"
    assert str(Pass("Ann", "Cat")) == "Ann passes to Cat"
    assert str(Pass(None, "Cat")) == "turn: Cat"
    claim = Claim.of(
        "Cat", HalfSuit.parse("LD"), {card(c): "Ann" for c in ["2D", "3D", "4D", "5D", "7D"]} | {card("6D"): "Cat"}
    )
    assert str(claim) == "Cat claims LD: Ann 2D 3D 4D 5D 7D, Cat 6D"
    assert claim.correct and claim.holders()[card("6D")] == "Cat"
