"""The review schedule: a failed puzzle comes back, at growing intervals while it is solved.

FSRS (the ``fsrs`` library, no fuzzing) decides when: first after a day, then
at intervals that grow with each solve. A puzzle solved at the first try is
never scheduled; one already scheduled keeps being reviewed.

    >>> from datetime import datetime, timezone
    >>> now = datetime(2025, 3, 1, 9, 0, tzinfo=timezone.utc)
    >>> next_review(None, "c0ffee", correct=True, hints=0, now=now) is None
    True
    >>> card, due = next_review(None, "c0ffee", correct=False, hints=0, now=now)
    >>> due - now
    datetime.timedelta(days=1)
    >>> card, due = next_review(card, "c0ffee", correct=True, hints=0, now=due)
    >>> (due - now).days > 1
    True
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import fsrs

_SCHEDULER = fsrs.Scheduler(
    learning_steps=(timedelta(days=1),), relearning_steps=(timedelta(days=1),), enable_fuzzing=False
)


def next_review(
    card: str | None, puzzle_id: str, *, correct: bool, hints: int, now: datetime
) -> tuple[str, datetime] | None:
    """The puzzle's FSRS card state (JSON) and when it is due after this attempt.

    ``card`` is the stored state, ``None`` when the puzzle is not scheduled yet;
    the answer is ``None`` when it need not be (solved, never failed). A stored
    state whose numbers or dates are out of range (an infinite stability, a
    due date past the calendar's end) is a ``ValueError``, as a damaged one is,
    never an ``OverflowError``; from a moment in :func:`trainer.clock.in_window`
    the next review (at most 36,500 days later) is always a date.

    >>> import json
    >>> card, _ = next_review(None, "c0ffee", correct=False, hints=0, now=datetime(2025, 3, 1, tzinfo=UTC))
    >>> next_review(json.dumps(json.loads(card) | {"stability": float("inf")}), "c0ffee", correct=True, hints=0,
    ...             now=datetime(2025, 3, 2, tzinfo=UTC))
    Traceback (most recent call last):
    ...
    ValueError: the review state is out of range (cannot convert float infinity to integer)
    """
    if card is None and correct:
        return None
    try:
        if card is None:
            state = fsrs.Card(card_id=int(puzzle_id.encode().hex()[-12:], 16), due=now.astimezone(UTC))
        else:
            state = fsrs.Card.from_json(card)
        how_well = fsrs.Rating.Again if not correct else (fsrs.Rating.Hard if hints else fsrs.Rating.Good)
        state, _ = _SCHEDULER.review_card(state, how_well, review_datetime=now.astimezone(UTC))
    except ArithmeticError as error:  # OverflowError: a date or a number past its range
        raise ValueError(f"the review state is out of range ({error})") from None
    return state.to_json(), state.due


def new_card(puzzle_id: str, now: datetime) -> tuple[str, datetime]:
    """The FSRS card state (JSON) of a puzzle put in the queue, due ``now``.

    >>> from datetime import datetime, timezone
    >>> now = datetime(2025, 3, 1, 9, 0, tzinfo=timezone.utc)
    >>> new_card("c0ffee", now)[1] == now
    True
    """
    state = fsrs.Card(card_id=int(puzzle_id.encode().hex()[-12:], 16), due=now.astimezone(UTC))
    return state.to_json(), state.due
