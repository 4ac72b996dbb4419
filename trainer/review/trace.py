"""One viewer's side of a game, replayed once: the count after every prefix, and the judged moves.

The count after event ``i`` is the count before event ``i + 1``, so each
position is counted once; a position whose actor this view judges also gets
its per-card counts, shared with the following positions while the counting
problem stays the same (misses of repeated asks add no fact).

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Cat
    ... hand Ann: 2D 3D 4D 5D 7D 9S JS KH
    ... Cat asks Bob for 9C: no
    ... Bob asks Cat for 9C: no''')
    >>> trace = trace_view(game.setup, game.events, None, lambda i: i == 2, list(game.states()))
    >>> len(trace.counts), sorted(trace.judged), trace.judged[2].ask[0]
    (3, [2], Fraction(0, 1))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from trainer.engine.constraints import History
from trainer.engine.counting import Counter
from trainer.engine.deadline import Deadline, TimeLimitError
from trainer.engine.passes import count_total, full_pass
from trainer.engine.solve import Knowledge, Model, NoDealError, counting_model
from trainer.game.errors import LiteratureError
from trainer.game.events import Ask, Event
from trainer.game.state import Setup, State
from trainer.review.giveaway import Shown
from trainer.review.judgement import Judgement, Looks, actor_of, judge

if TYPE_CHECKING:
    from trainer.engine.factored import Factored  # imports numpy: only where a problem needs it
    from trainer.engine.sweep import Sweep


@dataclass
class ViewTrace:
    """A viewer's count after each prefix (``counts[i]`` after ``i`` events) and their judgements."""

    viewer: str | None
    counts: list[int]
    judged: dict[int, Judgement] = field(default_factory=dict)
    given: dict[str, tuple[int, int]] | None = None
    """The public view's only: per player, the cards their asks proved they held and did not hold
    (:func:`trainer.review.giveaway.counts`, worked out from this replay's per-card counts)."""


def trace_view(
    setup: Setup,
    events: Sequence[Event],
    viewer: str | None,
    judged: Callable[[int], bool],
    states: Sequence[State],
    progress: Callable[[], None] | None = None,
    deadline: Deadline | None = None,
) -> ViewTrace:
    """Replay ``events`` once from ``viewer``'s side, counting every prefix once.

    ``judged(i)`` says whether this view judges the actor of event ``i``
    (1-based); ``states[i]`` is the true position after ``i`` events. Raises
    :class:`ImpossibleHistoryError` (``event`` set) at the first prefix no deal fits,
    and :class:`TimeLimitError` (``event`` set to the event it was about to take)
    when ``deadline`` has passed before an event.
    """
    history = History.build(setup, (), viewer)
    trace = ViewTrace(viewer, [])
    given = Shown(setup.players) if viewer is None else None
    previous: tuple[Model, int] | None = None
    passes: Counter | Sweep | Factored | None = None  # the per-card counts of ``previous``'s model
    facts = (-1, -1, -1)
    looks: Looks | None = None  # valid while the problem stays and no card moves (only misses)
    for i in range(len(events) + 1):
        if i:
            if deadline is not None and deadline.passed():
                raise TimeLimitError(f"at event {i:,} of {len(events):,}", event=i)
            try:
                history.observe(events[i - 1], i)
            except LiteratureError as error:
                if error.event is None:
                    error.event = i
                raise
            last = events[i - 1]
            if not isinstance(last, Ask) or last.hit:
                looks = None  # a card moved, a set was claimed or the turn passed on
        actor = actor_of(events[i]) if i < len(events) and judged(i + 1) else None
        after = events[i - 1] if given is not None and i else None  # the ask just made, if any
        before = events[i] if given is not None and i < len(events) else None  # the ask about to be made
        asks = isinstance(after, Ask) or isinstance(before, Ask)  # the give-away needs this position's counts
        if history.facts != facts:  # otherwise the event added no fact: the same problem
            facts = history.facts
            model = counting_model(history)
            if previous is None or previous[0] != model:
                # a new problem; a judged position needs its per-card counts, whose pass gives the total too
                passes = looks = None  # let the last problem's passes go first: they may hold hundreds of MB
                passes = full_pass(model.problem) if actor is not None or asks else None
                previous = (model, passes.total if passes is not None else count_total(model.problem))
                looks = None
        assert previous is not None
        model, found = previous
        total = found * model.plain_ways
        if total == 0:
            raise NoDealError(events, i)
        trace.counts.append(total)
        if actor is not None:
            if passes is None:  # shared by every event until the model changes (repeated asks do not)
                passes = full_pass(model.problem)
            if looks is None:
                looks = Looks(Knowledge(history, model, total, passes))
            trace.judged[i + 1] = judge(looks.knowledge, history, states[i], events[i], actor, looks)
        if given is not None and asks:
                if passes is None:
                    passes = full_pass(model.problem)
                knowledge = Knowledge(history, model, total, passes)
                if isinstance(after, Ask):
                    given.after(knowledge, after.asker)
                if isinstance(before, Ask):
                    given.before(knowledge, before.asker)
        if progress is not None:
            progress()
    if given is not None:
        trace.given = given.totals
    return trace
