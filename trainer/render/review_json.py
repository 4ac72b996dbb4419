"""``literature review --json``: the review as one JSON object (see ``docs/review.md``).

    >>> from trainer.game.notation import read_game
    >>> from trainer.review import review_game
    >>> data = review_json(review_game(read_game(EXAMPLES / "review/wrong-claim.lit")))
    >>> [n["text"] for e in data["events"] for n in e["notes"]]  # doctest: +NORMALIZE_WHITESPACE
    ['Ann claimed HS without certainty: every card was where declared in <1% of the deals Ann could not rule out;
      the claim was wrong (Bob 10S).']
"""

from __future__ import annotations

from trainer.game.notation import Game
from trainer.game.state import SetStatus
from trainer.render.notes import note_json
from trainer.review import Review, actor_of


def review_json(review: Review) -> dict[str, object]:
    """Per event its index, line, text, actor, the bits each player got and its notes; then the summary."""
    game = review.game
    setup = review.setup
    events = []
    for i, event in enumerate(game.events, start=1):
        events.append(
            {
                "index": i,
                "line": game.line_of(i),
                "text": str(event),
                "actor": actor_of(event),
                "bits": {p: round(review.bits[p][i - 1], 3) for p in setup.players},
                "notes": [note_json(n) for n in review.notes_of(i)],
            }
        )
    summary: dict[str, object] = {
        "complete": review.complete,
        "views": {p: (v if v is not None else "public") for p, v in review.views.items()},
        "players": {p: s.as_json() for p, s in review.players.items()},
        "teams": {str(t): s.as_json() | {"players": list(setup.members(t))} for t, s in review.teams.items()},
        "information": {str(t): [round(x, 3) for x in review.team_known(t)] for t in (1, 2)},
        "final": _final_json(game),
    }
    return {"events": events, "summary": summary}


def _final_json(game: Game) -> dict[str, object]:
    state = game.state()
    sets = {}
    for half, result in state.sets.items():
        sets[str(half)] = result.team if result.status is SetStatus.WON else result.status.value
    return {"score": {str(t): n for t, n in state.score.items()}, "over": state.over, "sets": sets}
