"""``literature solve``'s Rich view: a grid of cards by players with exact probabilities.

Forced holders are highlighted, sets the viewer's team can claim are called
out with the claim to make, and the header gives the hand sizes and the exact
number of consistent deals.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from trainer.engine.solve import Knowledge
from trainer.explain.phrases import percent, placement
from trainer.game.state import SetStatus
from trainer.render.game import card_text
from trainer.render.screen import stdout_console


def knowledge_view(knowledge: Knowledge, title: str) -> Group:
    """The grid and the call-outs for one solved position."""
    setup, state = knowledge.setup, knowledge.state
    who = knowledge.viewer or "the public (no hand known)"
    header = Text.assemble(
        (title, "bold"),
        f"  seen by {who}, after {knowledge.events_applied} event(s)\n",
        f"{knowledge.deals:,} consistent deals; hand sizes: ",
        "  ".join(f"{p} {state.sizes[p]}" for p in setup.players),
    )
    grid = Table(show_header=True, header_style="bold", pad_edge=False, box=None)
    grid.add_column("card")
    for player in setup.players:
        style = "cyan" if setup.team(player) == 1 else "yellow"
        grid.add_column(f"{player}\n({state.sizes[player]})", justify="right", header_style=style)
    previous = None
    for card in knowledge.cards:
        if previous is not None and card.half_suit is not previous.half_suit:
            grid.add_row()
        previous = card
        holders = knowledge.holders(card)
        forced = knowledge.forced(card)
        cells: list[Text | str] = []
        for player in setup.players:
            chance = holders.get(player)
            if chance is None:
                cells.append(Text("·", style="dim"))
            elif player == forced:
                cells.append(Text("100%", style="bold green reverse"))
            else:
                cells.append(percent(chance))
        grid.add_row(card_text(card), *cells)
    parts: list[Text | Table] = [header, grid]
    claimable = knowledge.claimable_for_viewer()
    for half, assignment in claimable.items():
        claim = placement(assignment.items())
        parts.append(Text(f"Claimable with certainty: {half} ({half.name}): {claim}", style="bold green"))
    if not claimable:
        parts.append(Text("No set can be claimed with certainty yet.", style="dim"))
    done = [f"{h} {'team ' + str(r.team) if r.team else 'cancelled'}" for h, r in state.sets.items()
            if r.status is not SetStatus.IN_PLAY]
    score = state.score
    parts.append(Text(f"Score {score[1]}-{score[2]}" + (f"; claimed: {', '.join(done)}" if done else "")))
    return Group(*parts)


def show_knowledge(knowledge: Knowledge, title: str) -> None:
    """Print :func:`knowledge_view` to the terminal."""
    stdout_console().print(knowledge_view(knowledge, title))
