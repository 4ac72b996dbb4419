"""A deal shown as cards: one line a player, short enough to read at a glance (``solve --witness``,
the trainer's refuting deal, ``explain`` and the review's "could you have known?" notes).

    >>> from trainer.game.cards import Card
    >>> print(deal_text({"Ann": [Card.parse("2D"), Card.parse("10S")], "Bob": []}).plain)
    Ann  2♦ 10♠
    Bob  —
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text

from trainer.game.cards import Card
from trainer.render.game import card_text
from trainer.render.screen import stdout_console


def deal_text(hands: Mapping[str, Sequence[Card]], mark: Card | None = None) -> Text:
    """Every hand on its own line, the names aligned; ``mark`` (a card in question) in bold reverse."""
    width = max((len(p) for p in hands), default=0)
    text = Text()
    for n, (player, cards) in enumerate(hands.items()):
        if n:
            text.append("\n")
        text.append(player.ljust(width) + "  ", style="bold")
        if not cards:
            text.append("—", style="dim")
        for i, card in enumerate(cards):
            if i:
                text.append(" ")
            shown = card_text(card)
            if card == mark:
                shown.stylize("bold reverse")
            text.append_text(shown)
    return text


def show_witnesses(deals: Sequence[Mapping[str, Sequence[Card]]], title: str, viewer: str | None, events: int) -> None:
    """``solve --witness``: each deal drawn, as dealt."""
    console = stdout_console()
    who = viewer or "the public (no hand known)"
    console.print(Text.assemble((title, "bold"), f"  seen by {who}, after {events} event(s)"))
    console.print(f"{len(deals)} deal(s) that fit, hands as dealt")
    for n, hands in enumerate(deals, start=1):
        console.print(Text(f"deal {n}", style="bold"))
        console.print(deal_text(hands))


def show_deal(hands: Mapping[str, Sequence[Card]], heading: str, mark: Card | None = None) -> None:
    """One deal under a heading (``explain`` for a card whose holder is not forced)."""
    console = stdout_console()
    console.print(Text(heading, style="bold"))
    console.print(deal_text(hands, mark))
