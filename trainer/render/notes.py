"""The review's notes in words: one sentence a player can read, and the note as ``review --json`` gives it.

Every place that shows a note says it the same way: ``literature review``
(terminal and HTML), its ``--json`` (each note's ``text``), and ``play``'s
coach and end-of-game review.

    >>> from trainer.game.cards import Card
    >>> from trainer.game.notation import parse_game
    >>> from trainer.review import review_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Cat
    ... hand Ann: 2D 3D 4D 5D 7D 9S JS KH
    ... Cat asks Bob for 9C: no
    ... Bob asks Cat for 9C: no''')
    >>> said = note_sentence(review_game(game).notes[0])
    >>> str(said), said.cards()
    ('Bob could know Cat did not hold 9C: the ask could not hit (from the public view).', (Card.parse('9C'),))
"""

from __future__ import annotations

from fractions import Fraction
from typing import assert_never

from trainer.explain.phrases import percent
from trainer.render.phrases import placement_words
from trainer.render.words import Words
from trainer.review import Note, NoteKind, NoteOutcome

BEST_SHOWN = 5  # how many of the best asks a note lists


def note_sentence(note: Note) -> Words:
    """The note as one sentence a player can read, its cards and sets kept as values (``str`` for the terminal)."""
    who = note.player
    suffix = "" if note.view == note.player else " (from the public view)"
    kind = note.kind
    match kind:
        case NoteKind.KEPT_SET:
            return _kept(note)
        case NoteKind.OUT_OF_TURN:
            return _out_of_turn(note, "" if note.view == note.player else ", from the public view")
        case NoteKind.SAFE_CLAIM | NoteKind.LOST_CLAIM:
            text = Words.of(f"{who} could claim ", _set(note), " with certainty (", placement_words(note.holders), ")")
            if note.since is not None and note.since < note.event:
                text += f", since event {note.since}"
            if kind is NoteKind.LOST_CLAIM:
                fate = "had it cancelled" if note.outcome is NoteOutcome.CANCELLED else "lost it"
                return Words.of(text, f"{suffix}; the team later {fate}.")
            return Words.of(text, f"{suffix}. Keeping a certain set as a stalemate breaker is a real strategy; "
                                  "claiming it banks the set.")
        case NoteKind.WASTED_ASK:
            assert note.card is not None
            return Words.of(f"{who} could know {note.target} did not hold ", note.card,
                            f": the ask could not hit{suffix}.")
        case NoteKind.RISKY_CLAIM | NoteKind.WRONG_CLAIM:
            outcome = _outcome(note)
            if note.probability == 0:
                return Words.of(f"{who} claimed ", _set(note), f" although {who} could know the claim could not be "
                                f"right{suffix}; it was ", outcome, ".")
            chance = percent(note.probability)
            return Words.of(f"{who} claimed ", _set(note), " without certainty: every card was where declared "
                            f"in {chance} of the deals {who} could not rule out{suffix}; the claim was ", outcome, ".")
        case NoteKind.BEST_ASK:
            best = best_asks_words(note)
            chance = percent(note.probability)
            if note.outcome is NoteOutcome.HIT:
                return Words.of(f"{who}'s ask was {article(chance)} ask that happened to hit; ", best, f"{suffix}.")
            if note.outcome is NoteOutcome.MISS:
                return Words.of(f"{who}'s ask had {article(chance)} chance of a hit and missed; ", best, f"{suffix}.")
            return Words.of(f"{who}'s ask had {article(chance)} chance of a hit; ", best, f"{suffix}.")
        case _:
            assert_never(kind)


def _set(note: Note) -> Words:
    return Words.of(note.half_suit) if note.half_suit is not None else Words.of("a set")


def best_asks_words(note: Note) -> Words:
    """A ``best-ask`` note's best asks in words (``Bob for JS was certain``, ``the best had 60%: ...``)."""
    listed = Words.join(", ", (Words.of(f"{t} for ", c) for t, c in note.best[:BEST_SHOWN]))
    more = f" and {len(note.best) - BEST_SHOWN} more" if len(note.best) > BEST_SHOWN else ""
    if note.best_probability == 1:
        return Words.of(listed, f"{more} {'was' if len(note.best) == 1 else 'were'} certain")
    return Words.of(f"the best had {percent(note.best_probability)}: ", listed, more)


def outcome_words(note: Note) -> str | None:
    """The note's outcome; a wrong claim's names where the misplaced cards were: ``wrong (Bob 10S)``."""
    return str(_outcome(note)) if note.outcome is not None else None


def _outcome(note: Note) -> Words:
    if note.outcome is NoteOutcome.WRONG and note.misplaced:
        return Words.of("wrong (", placement_words(note.misplaced), ")")
    return Words.of(note.outcome.value if note.outcome is not None else "")


def article(chance: str) -> str:
    """The article before a spoken percentage: ``a 17%``, ``an 18%``, ``an 8%``, ``a <1%``.

    >>> article("17%"), article("18%"), article("80%"), article("8%"), article("11%"), article(">99%")
    ('a 17%', 'an 18%', 'an 80%', 'an 8%', 'an 11%', 'a >99%')
    """
    digits = chance.rstrip("%")
    an = digits.isdigit() and (digits.startswith("8") or digits in ("11", "18"))
    return f"{'an' if an else 'a'} {chance}"


def _kept(note: Note) -> Words:
    """``kept-set``: the claim of a set the team had kept while certain."""
    fate = {NoteOutcome.WON: "won it", NoteOutcome.CANCELLED: "had it cancelled",
            NoteOutcome.LOST: "lost it"}.get(note.outcome, "") if note.outcome is not None else ""
    first = note.view if note.view is not None else "the table"
    kept = note.event - (note.since or note.event)
    return Words.of(
        f"{note.player} claimed ", _set(note), f", kept while certain since event {note.since} "
        f"(certain for {first}, {kept} event{'s' if kept != 1 else ''} earlier); the team {fate}."
    )


def _out_of_turn(note: Note, public: str) -> Words:
    """``out-of-turn``: the penalty, and what it cost against the same claim made in turn."""
    who = note.player
    head = Words.of(f"{who} claimed ", _set(note), " out of turn")
    if note.outcome is NoteOutcome.LOST:
        what = Words.of("the other team held ", placement_words(note.holders), ", so the set went to them, as it "
                        f"would have on {who}'s turn")
    elif note.cost:
        what = Words.of(f"every card was where declared, so on {who}'s turn the team would have won the set; "
                        "out of turn it was cancelled: the penalty cost a set")
    else:
        what = Words.of("the set was cancelled; the misplaced cards (", placement_words(note.holders),
                        f") would have had it cancelled on {who}'s turn too, but the team lost the chance to claim "
                        "it right later")
    if note.probability is None:  # a right claim judged from another view than the claimer's: nothing to say
        return Words.of(head, ": ", what, ".")
    if note.probability == 1:
        known = f"{who} could know where every card was"
    elif note.probability == 0:
        known = f"{who} could know the declaration could not be right"
    else:
        chance = percent(note.probability)
        known = f"every card was where declared in {chance} of the deals {who} could not rule out"
    return Words.of(head, ": ", what, f" ({known}{public}).")


def note_json(note: Note) -> dict[str, object]:
    """The note as in ``literature review --json``: ``kind`` and ``player`` first, then its fields, its
    view and its sentence (``text``).

    >>> from trainer.game.cards import Card
    >>> note = Note(NoteKind.WASTED_ASK, "Ann", 6, "Ann", card=Card.parse("6D"), target="Bob",
    ...             probability=Fraction(0))
    >>> note_json(note)  # doctest: +NORMALIZE_WHITESPACE
    {'kind': 'wasted-ask', 'player': 'Ann', 'card': '6D', 'target': 'Bob', 'probability': 0.0,
     'probability_exact': '0', 'view': 'Ann', 'text': 'Ann could know Bob did not hold 6D: the ask could not hit.'}
    """
    out: dict[str, object] = {"kind": note.kind.value, "player": note.player}
    if note.half_suit is not None:
        out["set"] = str(note.half_suit)
    if note.card is not None:
        out["card"] = str(note.card)
    if note.target is not None:
        out["target"] = note.target
    if note.holders:
        out["holders"] = {str(c): p for c, p in note.holders}
    if note.probability is not None:
        out["probability"] = _round(note.probability)
        out["probability_exact"] = str(note.probability)
    if note.best:
        out["best"] = [{"target": t, "card": str(c)} for t, c in note.best]
        out["best_probability"] = _round(note.best_probability)
    if note.outcome is not None:
        out["outcome"] = outcome_words(note)
    if note.since is not None:
        out["since"] = note.since
    if note.cost is not None:
        out["cost"] = note.cost
    out["view"] = note.view if note.view is not None else "public"
    out["text"] = str(note_sentence(note))
    return out


def _round(value: Fraction | None) -> float | None:
    return None if value is None else round(float(value), 4)
