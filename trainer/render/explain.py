"""The Rich view of ``literature explain``: the answer, the grade, then numbered steps with their moves.

At depth ``nudge`` only where to start is shown, at ``clue`` each step's key
idea, and at ``full`` every step with its reasons; the answer itself (the
holder) is shown only at ``full``.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from puzzles.model import Puzzle
from trainer.explain.depth import Depth
from trainer.explain.explanation import Explanation
from trainer.game.cards import Card
from trainer.render.phrases import event_words
from trainer.render.screen import stdout_console
from trainer.render.words import shown


def headline(found: Explanation, depth: Depth) -> Text:
    """The first line: the answer (at full depth), or what is asked, and the grade.

    >>> from trainer.game.notation import read_game
    >>> from trainer.explain.explanation import explain_game
    >>> found = explain_game(read_game(EXAMPLES / "six-diamonds.lit"), "Ann", "6D")
    >>> headline(found, Depth.FULL).plain
    '6♦ is with Cat · grade 2 (careful player), score 2.33'
    >>> headline(found, Depth.NUDGE).plain
    'Where is 6♦? · grade 2 (careful player), score 2.33'
    """
    text = Text()
    target = found.target if found.is_set else Card.parse(found.target).symbol
    forced = all(h is not None for h in found.assignment.values())
    if depth is not Depth.FULL and forced:
        text.append(f"Where {'are the cards of' if found.is_set else 'is'} {target}?", style="bold")
    elif found.is_set:
        placed = ", ".join(f"{c.symbol} {h}" for c, h in found.assignment.items() if h is not None)
        text.append(f"{found.target}: ", style="bold")
        text.append(placed or "no card is placed")
        if not forced:
            text.append(" (not every card is forced)")
    elif found.holder is not None:
        text.append(f"{target} is with {found.holder}", style="bold")
    else:
        text.append(f"{target} is not forced", style="bold")
    if found.difficulty is not None:
        hardest = found.difficulty
        text.append(f" · grade {hardest.rung} ({hardest.name}), score {hardest.score}")
    return text


def explanation_view(found: Explanation, depth: Depth | str = Depth.FULL) -> Group:
    """The whole explanation: headline, steps (each with its moves), odds and what would settle it."""
    depth = Depth(depth)
    parts: list[Text | Table] = [headline(found, depth)]
    texts = found.texts(depth)
    if depth is Depth.NUDGE:
        if texts:
            parts.append(Text.assemble(("Hint: ", "bold"), shown(texts[0])))
    elif found.steps:
        numbers = {s.id: n for n, s in enumerate(found.steps, start=1)}
        table = Table.grid(padding=(0, 1))
        table.add_column(justify="right", style="bold")
        table.add_column()
        for n, (step, text) in enumerate(zip(found.steps, texts, strict=True), start=1):
            label = Text(f"[{step.rung_name}]", style="cyan")
            body = Text.assemble(label, " ", shown(text))
            if depth is Depth.FULL:
                for event in found.events(step):
                    body.append(f"\n  move {event}: {shown(event_words(found.board.events[event - 1]))}", style="dim")
                used = [str(numbers[u]) for u in step.uses if u in numbers]
                if used:
                    body.append(f"\n  uses step{'s' if len(used) > 1 else ''} {', '.join(used)}", style="dim")
            table.add_row(f"{n}.", body)
        parts.append(table)
    for card, odds in found.holders.items():
        line = ", ".join(f"{p} {float(q):.0%}" for p, q in sorted(odds.items(), key=lambda item: -item[1]))
        parts.append(Text.assemble((f"{card.symbol}: ", "bold"), line))
    for sentence in found.settle:
        parts.append(Text(sentence))
    return Group(*parts)


def show_explanation(found: Explanation, depth: Depth | str = Depth.FULL) -> None:
    """Print the explanation on the terminal (colours follow ``NO_COLOR``)."""
    stdout_console().print(explanation_view(found, depth))


def puzzle_explanation_view(puzzle: Puzzle) -> Group:
    """A stored puzzle's explanation: its level, then each step with its rung's name and the moves it rests on."""
    parts: list[Text] = [Text(f"{puzzle.id} · level {puzzle.level} ({puzzle.difficulty.name})", style="bold")]
    events = puzzle.game.events
    for n, step in enumerate(puzzle.explanation, start=1):
        body = Text(f"{n}. ")
        if step.technique:
            body.append(f"[{step.technique}] ", style="cyan")
        body.append(step.text)
        for number in step.events:
            if 1 <= number <= len(events):
                body.append(f"\n     move {number}: {events[number - 1]}", style="dim")
        parts.append(body)
    return Group(*parts)


def show_puzzle_explanation(puzzle: Puzzle) -> None:
    """Print a stored puzzle's explanation on the terminal."""
    stdout_console().print(puzzle_explanation_view(puzzle))
