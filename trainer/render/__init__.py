"""All terminal output: Rich lives here and nowhere else.

Plain-text helpers return strings; Rich views print to a console that respects
``NO_COLOR`` and narrows to the terminal.
"""

from __future__ import annotations

from trainer.game.notation import Game
from trainer.game.state import SetStatus


def summary_line(game: Game) -> str:
    """One line about a game: variant, players, events, sets claimed, score, turn.

    >>> from trainer.game.notation import parse_game
    >>> summary_line(parse_game("variant: classic\\nplayers: A B C D E F\\nA asks B for 2S: no",
    ...     path="g.lit"))
    'g.lit: classic, 6 players, 1 event, 0/8 sets claimed, score 0-0, B to play'
    """
    state = game.state()
    claimed = sum(r.status is not SetStatus.IN_PLAY for r in state.sets.values())
    score = state.score
    n = len(game.events)
    if state.over:
        winner = state.winner
        ending = "tie" if winner is None else f"team {winner} wins"
    elif state.endgame:
        ending = "questions over, claims remain"
    else:
        ending = f"{' or '.join(sorted(state.actors()))} to play"
    return (
        f"{game.path or '<game>'}: {game.setup.variant.value}, {len(game.setup.players)} players, "
        f"{n} event{'s' if n != 1 else ''}, {claimed}/{len(state.sets)} sets claimed, "
        f"score {score[1]}-{score[2]}, {ending}"
    )
