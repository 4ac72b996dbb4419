"""Why a card cannot be with a player: the first reason a person can follow, for refusing a witness.

``literature solve --witness K --where 6D=Eve`` draws deals in which Eve holds
6D now; when the exact engine finds none, this gives the reason in words: the
explainer's own reason that Eve lacks 6D (a fact the history states, or the
step that deduces it), else who holds it for certain.

    >>> from trainer.game.notation import read_game
    >>> game = read_game(EXAMPLES / "six-diamonds.lit")
    >>> print(why_not(game.setup, game.events, "Ann", Card.parse("6D"), "Eve"))
    Cat asked Bob for 3D on move 1, so Cat held another low diamond; you hold 2D 4D 5D 7D, so it is 6D.
    >>> len(witnesses(game, "Ann", None, 2, ["9C=Bob"], seed=1))
    2
    >>> try:
    ...     witnesses(game, "Ann", None, 1, ["6D=Eve"], seed=1)
    ... except NoWitness as error:
    ...     print(str(error)[:60])
    no deal fits with Eve holding 6D: Cat asked Bob for 3D on mo
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.engine.constraints import History
from trainer.engine.facts import Board
from trainer.engine.solve import Knowledge, NoDealError, deals_of, solve, solve_game
from trainer.engine.witness import Hands, draws, with_holders
from trainer.explain.explanation import derive
from trainer.explain.mind import render_refs
from trainer.explain.wording import said
from trainer.game.cards import Card
from trainer.game.errors import ImpossibleHistoryError, LiteratureError, NotationError
from trainer.game.events import Event
from trainer.game.notation import Game
from trainer.game.state import Setup


class NoWitness(LiteratureError):
    """No deal fits the history with the cards where ``--where`` puts them (``literature solve`` exits 1)."""


def parse_where(text: str, setup: Setup) -> tuple[Card, str]:
    """``6D=Eve`` read against the table.

    >>> from trainer.game.state import Setup
    >>> parse_where("6d=Eve", Setup.create("classic", "Ann Bob Cat Dan Eve Fay".split()))
    (Card.parse('6D'), 'Eve')
    """
    card_text, sep, player = text.partition("=")
    if not sep or not player.strip():
        raise NotationError(f"--where wants CARD=PLAYER, such as 6D=Eve, not {text!r}")
    card = Card.parse(card_text.strip())
    if not setup.variant.has(card):
        raise NotationError(setup.not_in_variant(card))
    return card, setup.check_player(player.strip())


def witnesses(
    game: Game, viewer: str | None, at: int | None, count: int, where: Sequence[str], seed: int | None = None
) -> list[Hands]:
    """``count`` deals that fit the first ``at`` events of ``game`` seen by ``viewer``, each card of
    ``where`` (``6D=Eve``) with that player now, drawn uniformly (:mod:`trainer.engine.witness`).
    Raises :class:`NoWitness` naming the first reason the explainer gives when none fits."""
    knowledge = solve_game(game, viewer, at)
    events = game.events[: knowledge.events_applied]
    try:
        wanted = [parse_where(text, game.setup) for text in where]
    except LiteratureError as error:
        raise error.located(game.path) from None
    history = History.build(game.setup, events, viewer)
    for card, player in wanted:
        try:
            history = with_holders(history, {card: player})
            fits = deals_of(history) > 0
        except ImpossibleHistoryError as error:
            reason: str | None = str(error)
            fits = False
        else:
            reason = None
        if not fits:
            if knowledge.count(card, player) == 0:
                reason = why_not(game.setup, events, viewer, card, player, knowledge) or reason
            else:
                reason = "with the cards named before it where they are, no deal is left"
            raise NoWitness(f"no deal fits with {player} holding {card}" + (f": {reason}" if reason else ""))
    try:
        return draws(history, count, seed)
    except NoDealError:
        raise NoWitness("no deal fits the history") from None


def why_not(
    setup: Setup, events: Sequence[Event], viewer: str | None, card: Card, player: str,
    knowledge: Knowledge | None = None,
) -> str | None:
    """The explainer's reason that ``player`` cannot hold ``card`` now (``None``: it finds none)."""
    board = Board.build(setup, events, viewer)
    if knowledge is None:
        knowledge = solve(setup, events, viewer)
    mind = derive(board, knowledge, [card])
    why = mind.why_lacks(card, player)
    if why is None:
        return None
    if not why.steps:
        return str(said(why.text))  # a fact the history states
    step = mind.steps[max(why.steps)]  # the step that deduces it: its own words
    return str(render_refs(step.text, {}))
