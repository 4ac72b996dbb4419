"""The review page's words, from the values of :mod:`trainer.review.moment`: one moment of a game, for a viewer.

``/review`` (and ``/t/CODE/review``, the review of a table's game) draws a
moment with the templates ``review_game.html`` / ``review_step.html``: the
position's grid (each player's exact chance, as a short percentage), the sets
that can be claimed with certainty, the review's notes as sentences
(:class:`~trainer.render.words.Words`, their cards drawn by the ``words``
filter), each with its Why, and the game's moves as history rows
(:func:`trainer.render.web.table.history_rows`, the ``history_row`` macro).

    >>> from trainer.game.notation import read_game
    >>> from trainer.review.moment import position
    >>> game = read_game(EXAMPLES / "review/lost-claim.lit")
    >>> grid = grid_view(position(game, 4, "Ann"))
    >>> grid["deals"], str(grid["claimable"][0]["where"])
    ('435,184,986,819,501,353,184,750', 'Ann 2D 3D 4D 5D 7D, Cat 6D')
    >>> [(c["player"], c["chance"]) for c in grid["rows"][0]["cells"]]  # 2S: Bob asked Ann for it
    [('Ann', ''), ('Bob', ''), ('Cat', '22%'), ('Dan', '26%'), ('Eve', '26%'), ('Fay', '26%')]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from trainer.explain.phrases import percent
from trainer.game.cards import Card
from trainer.game.notation import Game
from trainer.game.variants import Variant
from trainer.render.notes import best_asks_words, note_sentence
from trainer.render.web.table import history_rows
from trainer.render.words import Words
from trainer.review import Note, NoteKind
from trainer.review.moment import Position, Why

WORKING = "The review's notes are being worked out (a whole 8-player game takes up to half a minute)…"


def placement(holders: Iterable[tuple[Card, str]]) -> Words:
    """Where cards are, by player in card order: ``Ann 2D 3D, Cat 6D`` (the cards kept as values).

    >>> str(placement([(Card.parse("6D"), "Cat"), (Card.parse("3D"), "Ann"), (Card.parse("2D"), "Ann")]))
    'Ann 2D 3D, Cat 6D'
    """
    by_player: dict[str, list[Card]] = {}
    for card, player in sorted(holders):
        by_player.setdefault(player, []).append(card)
    return Words.join(", ", (Words.of(f"{p} ", Words.join(" ", cards)) for p, cards in by_player.items()))


def grid_view(seen: Position) -> dict[str, Any]:
    """The grid of ``seen`` for the template: per card each player's chance (a short percentage, blank where
    they cannot hold it), its weight for the cell's shade, the forced holder; the sets claimable with certainty."""
    rows = []
    for row in seen.rows:
        cells = [{"player": p, "chance": percent(q) if q else "", "weight": round(float(q), 3),
                  "forced": p == row.forced} for p, q in zip(seen.players, row.chances, strict=True)]
        rows.append({"card": row.card, "first": row.first, "forced": row.forced, "cells": cells})
    claimable = [{"set": half, "where": placement(where)} for half, where in seen.claimable]
    return {"rows": rows, "deals": f"{seen.deals:,}", "claimable": claimable,
            "sizes": list(zip(seen.players, seen.sizes, seen.teams, strict=True)), "score": seen.score}


def _without_stop(said: Words) -> Words:
    """A sentence without its final full stop (to go on with ``; ...``)."""
    parts = list(said.parts)
    if parts and isinstance(parts[-1], str):
        parts[-1] = parts[-1].removesuffix(".")
    return Words.of(*parts)


def note_views(notes: Sequence[Note], whys: Sequence[Why], variant: Variant) -> list[dict[str, Any]]:
    """An event's notes as the page shows them: label, kind (for the colour), the sentence and its Why.

    A wasted ask's best-ask note joins the wasted-ask line ("the ask could not hit; Bob for JS was certain"),
    as ``literature review`` prints it. ``whys`` are the notes' :class:`Why`, in the same order; ``variant``: the
    game's (its cards are kept in the Why's steps).
    """
    by_note = {id(w.note): w for w in whys}
    wasted = next((n for n in notes if n.kind is NoteKind.WASTED_ASK), None)
    best = next((n for n in notes if n.kind is NoteKind.BEST_ASK), None)
    shown = []
    for note in notes:
        if note.kind is NoteKind.BEST_ASK and wasted is not None:
            continue
        said = note_sentence(note)
        label = note.kind.value
        if note is wasted and best is not None:
            said = Words.of(_without_stop(said), "; ", best_asks_words(best), ".")
            label = f"{label}, {best.kind.value}"
        why = by_note.get(id(note), Why(note))
        shown.append({
            "label": label, "kind": note.kind.value, "words": said, "event": note.event,
            "steps": [(step.text, step.technique, step.events) for step in why.steps],
            "deal": why.deal, "card": why.card, "who": note.view or "the public", "before": note.event,
        })
    return shown


def moment_view(game: Game, event: int, viewer: str | None, seen: Position, notes: Sequence[Why] | str | None,
                noted: Sequence[int], *, title: str, address: str, views: Sequence[str | None], table: bool = False,
                only: str | None = None, remark: str = "", links: Sequence[tuple[str, str]] = ()) -> dict[str, Any]:
    """What ``review_step.html`` shows of the moment after ``event`` events seen by ``viewer``: ``notes`` are the
    Why of each note on the move (a line saying why there are none when the review failed, ``None`` while it is
    being worked out), ``noted`` the events that have notes; ``only``: the seat whose notes alone are shown."""
    rows = history_rows(game.events)
    name = "public" if viewer is None else viewer
    status = "working" if notes is None else "failed" if isinstance(notes, str) else "ready"
    return {
        "title": title, "address": address, "remark": remark, "event": event, "total": len(game.events),
        "view": name, "viewer": viewer, "links": links, "here": f"{address}?event={event}&view={name}",
        "audience": audience(viewer, views, table, only), "views": ["public" if v is None else v for v in views],
        "rows": rows, "current": rows[event - 1] if event else None, "line": game.line_of(event) if event else None,
        "grid": grid_view(seen), "players": game.setup.players, "status": status, "working": WORKING,
        "problem": notes if isinstance(notes, str) else "", "noted": noted,
        "notes": note_views([w.note for w in notes], notes, game.setup.variant)
        if isinstance(notes, list | tuple) else [],
    }


def audience(viewer: str | None, views: Sequence[str | None], table: bool, only: str | None) -> str:
    """Who the page is shown as, in one line (a table's review tells a spectator plainly it is the public view).

    >>> audience(None, (None,), True, None)[:44]
    'You are watching: you see the public view, w'
    >>> audience("Dan", ("Dan", None), True, "Dan")[:40]
    "You played Dan: the review's notes on yo"
    """
    if table and only is not None:
        return (f"You played {only}: the review's notes on your own moves, each judged from what you knew then, "
                "and the chances seen from your seat (or the public view).")
    if table:
        return ("You are watching: you see the public view, what anyone watching could work out; the notes "
                "judge each move from the public view, and each claim from what its claimer could know. "
                "A player who opens this page from their seat sees their own notes.")
    return ""


def queued_words(queued: Sequence[int] | None) -> str:
    """The moments a learner missed at a table, queued for training (how many, how many new), in one line.

    >>> queued_words([3, 2]), queued_words([0, 0]), queued_words(None)
    ('3 moments you missed are in your training queue (2 new): Train brings them back.', '', '')
    """
    if not queued or not queued[0]:
        return ""
    missed, added = queued[0], queued[1] if len(queued) > 1 else 0
    what = "moment you missed is" if missed == 1 else "moments you missed are"
    return f"{missed} {what} in your training queue ({added} new): Train brings them back."
