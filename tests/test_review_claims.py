"""A claim is judged by what the claimer could know: their own hand and the public history.

A set claimed from one's own hand, or proven from one's own view, is never noted "without certainty", whatever
view the rest of the review takes: the complete record, the public view a spectator is shown, a personal log of
another player, the coach's notes on the claimer's own moves.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.engine.constraints import History
from trainer.game.events import Claim
from trainer.game.notation import Game, read_game
from trainer.game.randomplay import random_game
from trainer.render.notes import note_sentence
from trainer.review import Note, NoteKind, event_notes, review_game, seat_notes
from trainer.review.judgement import claim_probability

REVIEW = Path(__file__).parent / "data" / "review"
UNCERTAIN = (NoteKind.RISKY_CLAIM, NoteKind.WRONG_CLAIM)


def public(game: Game) -> Game:
    """The record with every hand dropped: what a spectator's review starts from."""
    return Game(game.setup.public(), game.events)


def claim_notes(notes: list[Note], event: int) -> list[Note]:
    return [n for n in notes if n.event == event and (n.kind in UNCERTAIN or n.kind is NoteKind.OUT_OF_TURN)]


def test_six_cards_from_the_claimers_own_hand_are_never_without_certainty() -> None:
    game = read_game(REVIEW / "claim-from-own-hand.lit")
    claim = game.events[-1]
    assert isinstance(claim, Claim) and claim.claimer == "Dan" and set(claim.holders().values()) == {"Dan"}
    # hand-checked: the six high spades were dealt to Dan and never asked for, so from Dan's view they are his
    mine = History.build(game.setup.seen_by("Dan"), game.events[:-1], "Dan")
    assert claim_probability(mine, claim) == 1
    # the public, not knowing Dan's hand, could not be sure: the old review called the claim uncertain from it
    watching = History.build(game.setup.public(), game.events[:-1], None)
    assert 0 < claim_probability(watching, claim) < Fraction(1, 100)
    event = len(game.events)
    reviews = {
        "complete": review_game(game),
        "public": review_game(game, public=True),
        "no hand listed": review_game(public(game)),
        "Ann's log": review_game(game, as_player="Ann"),
    }
    for face, review in reviews.items():
        assert claim_notes(review.notes, event) == [], face
        assert not any("without certainty" in str(note_sentence(n)) for n in review.notes), face
    assert claim_notes(seat_notes(game, "Dan"), event) == []  # the end of the game's review of Dan's own moves
    assert claim_notes(event_notes(game.setup.seen_by("Dan"), game.events, event, "Dan"), event) == []  # the coach
    # what the complete review says of the claim instead: Dan kept a certain set and banked it
    kept = [n for n in reviews["complete"].notes if n.event == event]
    assert [(n.kind, n.player, n.view, n.outcome) for n in kept] == [(NoteKind.KEPT_SET, "Dan", "Dan", "won")]


def test_the_public_review_judges_a_claim_from_the_claimers_view() -> None:
    # Ann claims HS knowing only 9S and JS of them: from her own view a 7 in 9139 chance, noted as risky in the
    # public review too (judged from Ann's view, her hand being listed), and not noted at all when no hand is
    game = read_game(REVIEW / "risky-claim.lit")
    (note,) = review_game(game, public=True).notes
    assert (note.kind, note.view, note.probability) == (NoteKind.RISKY_CLAIM, "Ann", Fraction(7, 9139))
    assert "(from the public view)" not in str(note_sentence(note))
    assert review_game(public(game)).notes == []


def test_a_wrong_claim_is_noted_from_every_view() -> None:
    game = read_game(REVIEW / "wrong-claim.lit")  # the true deal fits every view: a wrong claim was never certain
    for review in (review_game(game), review_game(game, public=True), review_game(public(game))):
        assert [n.kind for n in review.notes] == [NoteKind.WRONG_CLAIM]


def forced_claim(game: Game, within: int = 200) -> Game | None:
    """The game up to its first claim whose every card the claimer could place from their own view (their hand
    and the public history), if one comes within ``within`` events."""
    for i, event in enumerate(game.events[:within], start=1):
        if isinstance(event, Claim):
            mine = History.build(game.setup.seen_by(event.claimer), game.events[: i - 1], event.claimer)
            if claim_probability(mine, event) == 1:
                return Game(game.setup, game.events[:i])
    return None


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(["classic", "fish54"]))
def test_no_claim_forced_from_the_claimers_view_is_ever_noted_uncertain(seed: int, variant: str) -> None:
    rng = random.Random(seed)
    game = None
    while game is None:  # about one random game in three has such a claim early enough
        game = forced_claim(random_game(rng, variant, 6))
    event = len(game.events)
    claim = game.events[-1]
    assert isinstance(claim, Claim)
    someone = rng.choice([p for p in game.setup.players if p != claim.claimer])
    faces = {
        "public": review_game(game, public=True).notes,
        "no hand listed": review_game(public(game)).notes,
        f"{someone}'s log": review_game(game, as_player=someone).notes,
        "the coach": seat_notes(game, claim.claimer),
    }
    for face, notes in faces.items():
        wrong = [n for n in claim_notes(notes, event) if n.kind in UNCERTAIN or n.probability not in (None, 1)]
        assert not wrong, (face, [str(note_sentence(n)) for n in wrong])
