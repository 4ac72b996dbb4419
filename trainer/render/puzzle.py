"""The Rich view of a puzzle, of an attempt's replies, and of a training session's summary.

The view shows what the viewer knows: their hand (suits coloured, sorted by
set), every hand size, claimed sets and the score, the history as a numbered
table, then the question in plain words.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from puzzles.model import Puzzle
from puzzles.quiz import Reply
from trainer.game.cards import Card
from trainer.game.events import Ask, Claim, Pass
from trainer.game.state import SetStatus

_SUIT_STYLE = {"S": "bold", "C": "bold", "H": "bold red", "D": "bold red"}


def card_text(card: Card) -> Text:
    """A card with its unicode suit, red for hearts and diamonds."""
    if card.suit is None:
        return Text(card.code, style="bold magenta" if card.code == "RJ" else "bold")
    return Text(card.symbol, style=_SUIT_STYLE[card.suit])


def hand_text(cards: Sequence[Card] | set[Card] | frozenset[Card]) -> Text:
    """Cards sorted by set, sets separated by `` | ``."""
    text = Text()
    previous = None
    for card in sorted(cards):
        if previous is not None:
            text.append(" | " if card.half_suit is not previous.half_suit else " ")
        text.append_text(card_text(card))
        previous = card
    return text if text.plain else Text("(no cards)", style="dim")


def puzzle_view(puzzle: Puzzle, number: int | None = None, total: int | None = None) -> Panel:
    """The whole puzzle as one panel."""
    state = puzzle.state
    setup = state.setup
    viewer = puzzle.viewer
    team = setup.team(viewer)
    parts: list[Table | Text] = []

    header = Text()
    header.append(f"You are {viewer}", style="bold")
    mates = [p for p in setup.members(team) if p != viewer]
    header.append(f" (team with {', '.join(mates)}) · {setup.variant.value} · dealer {setup.dealer}")
    parts.append(header)
    parts.append(Text.assemble(("Your hand: ", "bold"), hand_text(state.hands.get(viewer, set()))))

    sizes = Table.grid(padding=(0, 2))
    sizes.add_row(*(Text(p, style="bold cyan" if setup.team(p) == team else "bold yellow") for p in setup.players))
    sizes.add_row(*(Text(f"{state.sizes[p]} cards") for p in setup.players))
    parts.append(Text("Hand sizes (cyan: your team):", style="bold"))
    parts.append(sizes)

    claimed = []
    for half, result in state.sets.items():
        if result.status is SetStatus.WON:
            who = "your team" if result.team == team else "opponents"
            claimed.append(f"{half.code} won by {who}")
        elif result.status is SetStatus.CANCELLED:
            claimed.append(f"{half.code} cancelled")
    score = state.score
    ours, theirs = score[team], score[3 - team]
    sets = f" ({'; '.join(claimed)})" if claimed else ""
    parts.append(Text(f"Score: your team {ours} – {theirs} opponents{sets}"))

    parts.append(history_table(puzzle))
    question = Text("\n" + puzzle.question.text(), style="bold green")
    parts.append(question)
    title = "Puzzle" + (f" {number}/{total}" if number is not None and total is not None else "")
    level = puzzle.difficulty
    subtitle = f"level {level.level} · {level.name} · {puzzle.id}"
    return Panel(Group(*parts), title=title, subtitle=subtitle, expand=False)


def history_table(puzzle: Puzzle) -> Table:
    """The events as a numbered table: asker, target, card, yes/no."""
    table = Table(title="History", title_justify="left", show_edge=False, pad_edge=False)
    for name, justify in (("#", "right"), ("asker", "left"), ("target", "left"), ("card", "left"), ("answer", "left")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    events = puzzle.game.events
    for number, event in enumerate(events, start=1):
        if isinstance(event, Ask):
            answer = Text("yes", style="green") if event.hit else Text("no", style="dim")
            table.add_row(str(number), event.asker, event.target, card_text(event.card), answer)
        elif isinstance(event, Claim):
            verdict = "right" if event.correct else "wrong: " + ", ".join(f"{c} {p}" for c, p in event.actual)
            if event.out_of_turn:
                verdict = f"out of turn, {verdict}"
            table.add_row(str(number), event.claimer, "claims", event.half_suit.code, verdict)
        elif isinstance(event, Pass):
            table.add_row(str(number), event.player or "", "turn to", event.to, "")
    if not events:
        table.add_row("", Text("(no events yet)", style="dim"), "", "", "")
    return table


def show_puzzle(puzzle: Puzzle, number: int | None = None, total: int | None = None) -> None:
    """Print the puzzle."""
    Console().print(puzzle_view(puzzle, number, total))


def show_line(line: str, style: str = "") -> None:
    """Print one line of plain text (with an optional Rich style)."""
    Console().print(Text(line, style=style))


def show_reply(reply: Reply) -> None:
    """Print what the quiz says after one line: verdicts in colour, hints highlighted."""
    console = Console()
    for index, line in enumerate(reply.lines):
        if index == 0 and reply.kind == "verdict":
            style = "bold green" if line.startswith("Correct") else "bold red"
            console.print(Text(line, style=style))
        elif reply.kind == "invalid":
            console.print(Text(line, style="yellow"))
        elif reply.kind == "hint":
            console.print(Text(line, style="cyan"))
        else:
            console.print(Text(line))


def session_summary(
    solved: int,
    played: int,
    seconds: float,
    rating_before: float,
    rating_after: float,
    weakest: str | None,
) -> Panel:
    """The end-of-session summary panel."""
    table = Table.grid(padding=(0, 2))
    table.add_row("Solved", f"{solved} of {played}" if played else "none answered (all skipped)")
    table.add_row("Accuracy", f"{(solved / played if played else 0):.0%}")
    minutes, secs = divmod(round(seconds), 60)
    table.add_row("Time", f"{minutes}:{secs:02d}")
    change = rating_after - rating_before
    table.add_row("Rating", f"{rating_after:.0f} ({change:+.0f})")
    table.add_row("Weakest technique", weakest or "—")
    return Panel(table, title="Session", expand=False)


def show_summary(
    solved: int, played: int, seconds: float, rating_before: float, rating_after: float, weakest: str | None
) -> None:
    """Print the end-of-session summary."""
    Console().print(session_summary(solved, played, seconds, rating_before, rating_after, weakest))
