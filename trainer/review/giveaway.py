"""What an ask gives away: the cards the whole table can now prove the asker holds, or cannot hold.

Every player at the table knows at least the public history, so what the
public view proves (the exact engine, no hand listed) the opponents can
prove too. :func:`given_away` compares that view just before and just after
one event; :func:`counts` adds it up over a game, per player (``play``'s full
coach says it after each of the person's asks; ``play``'s end screen and the
review count it).

An ask for 6D proves the asker holds a low diamond other than 6D; a yes
then puts 6D in their hand, a no proves the target does not hold it:

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Ann
    ... Ann asks Bob for 3D: yes
    ... Ann asks Bob for 4D: no''')
    >>> first = given_away(game.setup, game.events, 1)
    >>> first.player, [str(c) for c in first.held], [str(c) for c in first.lacks]
    ('Ann', ['3D'], [])
    >>> [str(c) for c in given_away(game.setup, game.events, 2).lacks]
    ['4D']
    >>> counts(game.setup, game.events)["Ann"]
    (1, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from trainer.engine import Knowledge, solve
from trainer.engine.constraints import History
from trainer.engine.deadline import Deadline, TimeLimitError
from trainer.engine.passes import Pass, full_pass
from trainer.engine.solve import Model, counting_model
from trainer.game.cards import Card
from trainer.game.errors import LiteratureError
from trainer.game.events import Ask, Event
from trainer.game.state import Setup


@dataclass(frozen=True)
class GiveAway:
    """What event ``event`` (1-based) let the table prove about ``player``'s hand that it could not before."""

    player: str
    event: int
    held: tuple[Card, ...] = ()
    """Cards the table can now prove ``player`` holds."""
    lacks: tuple[Card, ...] = ()
    """Cards the table can now prove ``player`` does not hold."""


def proven(knowledge: Knowledge, player: str) -> tuple[frozenset[Card], frozenset[Card]]:
    """The cards in play that ``knowledge`` proves ``player`` holds, and those it proves they do not hold."""
    held = knowledge.certain(player)
    lacks = frozenset(c for c in knowledge.cards if not knowledge.count(c, player))
    return held, lacks


class Shown:
    """The running totals of :func:`counts`: each ask's position just before it, then just after it.

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game("variant: classic\\nplayers: Ann Bob Cat Dan Eve Fay\\ndealer: Ann\\n"
    ...                   "Ann asks Bob for 3D: yes")
    >>> shown = Shown(game.setup.players)
    >>> shown.before(public(game.setup, ()), "Ann")
    >>> shown.after(public(game.setup, game.events), "Ann")
    >>> shown.totals["Ann"]
    (1, 0)
    """

    def __init__(self, players: Sequence[str]):
        self.totals: dict[str, tuple[int, int]] = {p: (0, 0) for p in players}
        self._before: tuple[frozenset[Card], frozenset[Card]] = (frozenset(), frozenset())

    def before(self, knowledge: Knowledge, asker: str) -> None:
        """The public knowledge just before ``asker``'s ask (read at once: it may change after)."""
        self._before = proven(knowledge, asker)

    def after(self, knowledge: Knowledge, asker: str) -> None:
        """The public knowledge just after ``asker``'s ask: add what it proved."""
        held_before, lacks_before = self._before
        held, lacks = proven(knowledge, asker)
        old = self.totals[asker]
        self.totals[asker] = (old[0] + len(held - held_before),
                              old[1] + len((lacks - lacks_before) & set(knowledge.cards)))


def public(setup: Setup, events: Sequence[Event]) -> Knowledge:
    """The public view's exact knowledge after ``events``."""
    return solve(setup.public(), events, None)


def given_away(setup: Setup, events: Sequence[Event], index: int, before: Knowledge | None = None) -> GiveAway:
    """What ask ``index`` (1-based) of ``events`` let the table prove about the asker's hand.

    ``before``: the public knowledge just before it, if already worked out.
    """
    event = events[index - 1]
    if not isinstance(event, Ask):
        raise ValueError(f"event {index} is not an ask")
    player = event.asker
    try:
        before = before or public(setup, events[: index - 1])
        after = public(setup, events[:index])
    except LiteratureError:  # not a real game: nothing to say
        return GiveAway(player, index)
    held_before, lacks_before = proven(before, player)
    held, lacks = proven(after, player)
    in_play = set(after.cards)
    return GiveAway(player, index, tuple(sorted(held - held_before)),
                    tuple(sorted((lacks - lacks_before) & in_play)))


def counts(
    setup: Setup,
    events: Sequence[Event],
    progress: Callable[[], None] | None = None,
    deadline: Deadline | None = None,
) -> dict[str, tuple[int, int]]:
    """Over a whole game, per player: how many cards their asks let the table prove they held, and how many
    they did not hold (the same as :func:`given_away` summed over their asks).

    The public view is replayed once; a position is counted only next to an ask, and positions with the same
    counting problem share one per-card pass. A history no deal fits stops the count there.
    ``progress()`` is called after each event; past ``deadline`` a :class:`TimeLimitError` (``event`` set)
    is raised before the next event.
    """
    shown = Shown(setup.players)
    history = History.build(setup.public(), (), None)
    solved: tuple[Model, Pass] | None = None
    facts = (-1, -1, -1)

    def knowledge() -> Knowledge | None:
        """The public knowledge at the history's current position (``None``: no deal fits)."""
        nonlocal solved, facts
        if history.facts != facts:
            facts = history.facts
            model = counting_model(history)
            if solved is None or solved[0] != model:
                solved = None  # let the last pass go first
                solved = (model, full_pass(model.problem))
        assert solved is not None
        model, passes = solved
        deals = passes.total * model.plain_ways
        return Knowledge(history, model, deals, passes) if deals else None

    now: Knowledge | None = None  # the knowledge at the current position, once worked out
    for index, event in enumerate(events, start=1):
        if deadline is not None and deadline.passed():
            raise TimeLimitError(f"at event {index:,} of {len(events):,}", event=index)
        if isinstance(event, Ask):
            now = now or knowledge()
            if now is None:
                break
            shown.before(now, event.asker)
        try:
            history.observe(event, index)
        except LiteratureError:
            break
        now = None
        if isinstance(event, Ask):
            now = knowledge()
            if now is None:
                break
            shown.after(now, event.asker)
        if progress is not None:
            progress()
    return shown.totals
