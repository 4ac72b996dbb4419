"""The Rich view of a puzzle, of an attempt's replies, and of a training session's summary.

The view shows what the viewer knows: their hand (suits coloured, sorted by
set), every hand size, claimed sets and the score, the history as a numbered
table, then the question in plain words.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from puzzles.counts import Counts
from puzzles.model import Puzzle
from puzzles.quiz import BEGINNER_FOLD, BEGINNER_LEVELS, QuizReply, cited_moves
from trainer.game.cards import Card, HalfSuit
from trainer.game.events import Ask, Claim, Event
from trainer.game.state import SetStatus
from trainer.render.game import card_text, hand_text
from trainer.render.quiz import question_words, reply_lines, usage
from trainer.render.screen import stdout_console
from trainer.render.words import shown


def _hand(cards: Iterable[Card]) -> Text:
    """A hand as :func:`trainer.render.game.hand_text` shows it, or ``(no cards)``."""
    text = hand_text(cards)
    return text if text.plain else Text("(no cards)", style="dim")


SHORT_FRAME = 16
"""Lines a short puzzle takes besides its history rows (panel, hand, sizes, question, usage, prompt)."""
LONG_FRAME = 14
"""Lines a long puzzle takes besides its (folded) history rows: the panel frame and the recap below it."""


def puzzle_view(
    puzzle: Puzzle, number: int | None = None, total: int | None = None, *, height: int | None = None
) -> Group:
    """The whole puzzle, fitted to a screen of ``height`` lines (default: no limit).

    A short history is shown in full inside one panel. A long one is folded
    (:func:`history_table`): the events about the asked set(s) and every move a
    hint or a step cites (:func:`puzzles.quiz.cited_moves`) in full, the others
    folded into one row per run, the oldest uncited ones folded when even those
    do not fit; the hand, hand sizes, score and question then follow the panel,
    just above the prompt. At levels 1 and 2 (:data:`~puzzles.quiz.BEGINNER_LEVELS`) a history
    of more than :data:`~puzzles.quiz.BEGINNER_FOLD` moves is folded so whatever the height.
    """
    title = numbered("Puzzle", number, total)
    subtitle = puzzle.id  # the level and theme come after the answer (trainer.render.quiz.explanation_words)
    history, folded = history_view(puzzle, height)
    if not folded:
        parts: list[Table | Text] = [header_text(puzzle), *position_parts(puzzle, table=True), history]
        parts.append(Text("\n" + shown(question_words(puzzle)), style="bold green"))
        return Group(Panel(Group(*parts), title=title, subtitle=subtitle, expand=False))
    body = Group(header_text(puzzle), history)
    return Group(Panel(body, title=title, subtitle=subtitle, expand=False), position_view(puzzle))


def history_view(puzzle: Puzzle, height: int | None = None) -> tuple[Table, bool]:
    """The history as a puzzle first shows it on a screen of ``height`` lines, and whether it is folded
    (:func:`puzzle_view`): every move a hint or a step cites is in it, whatever the height.

    >>> from puzzles.examples import example_claim
    >>> table, folded = history_view(example_claim(), 24)
    >>> folded, table.row_count
    (False, 1)
    """
    events = len(puzzle.game.events)
    beginner = puzzle.level in BEGINNER_LEVELS and events > BEGINNER_FOLD
    if not beginner and (height is None or events <= max(1, height - SHORT_FRAME)):
        return history_table(puzzle), False
    rows = max(6, height - LONG_FRAME) if height is not None else None
    return history_table(puzzle, focus=focus_sets(puzzle), rows=rows, keep=cited_moves(puzzle)), True


def numbered(title: str, number: int | None, total: int | None) -> str:
    """A panel's title with the puzzle's place in the session, when it has one.

    >>> numbered("Puzzle", 2, 5), numbered("Puzzle", None, None)
    ('Puzzle 2/5', 'Puzzle')
    """
    return title + (f" {number}/{total}" if number is not None and total is not None else "")


def header_text(puzzle: Puzzle) -> Text:
    """``You are Ann (team with Cat, Eve) · classic · dealer Cat``."""
    setup = puzzle.state.setup
    viewer = puzzle.viewer
    mates = [p for p in setup.members(setup.team(viewer)) if p != viewer]
    header = Text()
    header.append(f"You are {viewer}", style="bold")
    header.append(f" (team with {', '.join(mates)}) · {setup.variant.value} · dealer {setup.dealer}")
    return header


def position_parts(puzzle: Puzzle, *, table: bool = False) -> list[Table | Text]:
    """The viewer's hand, every hand size (a table, or one line), and the score."""
    state = puzzle.state
    setup = state.setup
    team = setup.team(puzzle.viewer)
    parts: list[Table | Text] = [
        Text.assemble((f"Your hand ({puzzle.viewer}): ", "bold"), _hand(state.hands.get(puzzle.viewer, set())))
    ]
    names = [Text(p, style="bold cyan" if setup.team(p) == team else "bold yellow") for p in setup.players]
    if table:
        sizes = Table.grid(padding=(0, 2))
        sizes.add_row(*names)
        sizes.add_row(*(Text(f"{state.sizes[p]} cards") for p in setup.players))
        parts += [Text("Hand sizes (cyan: your team):", style="bold"), sizes]
    else:
        line = Text("Hand sizes: ", style="bold")
        sized = (Text.assemble(name, f" {state.sizes[p]}") for name, p in zip(names, setup.players, strict=True))
        line.append_text(Text(" · ").join(sized))
        parts.append(line)
    ours: list[str] = []
    theirs: list[str] = []
    cancelled: list[str] = []
    for half, result in state.sets.items():
        if result.status is SetStatus.WON:
            (ours if result.team == team else theirs).append(half.code)
        elif result.status is SetStatus.CANCELLED:
            cancelled.append(half.code)
    score = state.score
    scored = f"Score: your team {score[team]}" + (f" ({' '.join(ours)})" if ours else "")
    scored += f" – {score[3 - team]} opponents" + (f" ({' '.join(theirs)})" if theirs else "")
    scored += f"; cancelled: {' '.join(cancelled)}" if cancelled else ""
    parts.append(Text(scored))
    return parts


def position_view(puzzle: Puzzle) -> Group:
    """What ``show`` reprints: hand, hand sizes, score and the question, in a few lines."""
    return Group(*position_parts(puzzle), Text(shown(question_words(puzzle)), style="bold green"))


def focus_sets(puzzle: Puzzle) -> frozenset[HalfSuit]:
    """The sets the question is about."""
    return frozenset(card.half_suit for card in puzzle.question.scope)


def _concerns(event: Event, sets: frozenset[HalfSuit] | None, player: str | None) -> bool:
    if player is not None:
        if isinstance(event, Ask):
            return player in (event.asker, event.target)
        if isinstance(event, Claim):
            return player == event.claimer or player in {p for _, p in event.declared}
        return player in (event.player, event.to)
    if sets is None:
        return True
    if isinstance(event, Ask):
        return event.card.half_suit in sets
    return isinstance(event, Claim)  # a claim changes hand sizes: always worth seeing


def history_table(
    puzzle: Puzzle,
    *,
    focus: frozenset[HalfSuit] | None = None,
    player: str | None = None,
    rows: int | None = None,
    keep: frozenset[int] = frozenset(),
) -> Table:
    """The events as a numbered table: asker, target, card, yes/no.

    With ``focus`` (sets) or ``player``, the other events are folded into one
    row per run, except the moves numbered in ``keep``; with ``rows``, the
    oldest rows not kept are folded too until at most ``rows`` rows remain (or
    only kept ones do). A folded row says how to see what it hides.
    """
    events = puzzle.game.events
    codes = " ".join(sorted((h.code for h in focus), key=lambda c: c)) if focus else ""
    title = "History"
    if focus is not None or player is not None:
        what = f"{codes} and claims" if focus is not None else player
        if keep and focus is not None:
            what = f"{codes}, claims, key moves"
        title += f": {what} ('a' shows all)" if keep else f": {what} (all: 'history')"
    table = Table(title=title, title_justify="left", show_edge=False, pad_edge=False, min_width=len(title))
    for name, justify in (("#", "right"), ("asker", "left"), ("target", "left"), ("card", "left"), ("answer", "left")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    shown = [number in keep or _concerns(event, focus, player) for number, event in enumerate(events, start=1)]
    if rows is not None:
        count = len(fold_runs(shown))
        for oldest in range(len(events)):  # the oldest first, never a kept move
            if count <= rows:
                break
            if shown[oldest] and oldest + 1 not in keep:
                shown[oldest] = False  # a row less, and the folds either side (if any) become one with it
                before = oldest > 0 and not shown[oldest - 1]
                after = oldest + 1 < len(shown) and not shown[oldest + 1]
                count += 1 - 1 - before - after
    runs = fold_runs(shown)
    tight = rows is not None and len(runs) > rows  # even the kept moves hardly fit: no row for each fold
    if tight and rows is not None:  # then the newest moves of the focus fill what room is left
        room = rows - 1 - shown.count(True)
        for back in reversed(range(len(events))):
            if room <= 0:
                break
            if not shown[back] and _concerns(events[back], focus, player):
                shown[back] = True
                room -= 1
        runs = fold_runs(shown)
    for first, last, index in runs:
        shown_event = events[index] if index is not None else None
        if shown_event is None and tight:
            continue
        if shown_event is None:
            span = str(first) if first == last else f"{first}–{last}"
            count = last - first + 1
            others = Text(f"{count} other{'s' if count != 1 else ''}", style="dim")
            table.add_row(span, Text("…", style="dim"), "", "", others)
        else:
            table.add_row(*_event_cells(first, shown_event))
    if tight:
        hidden = shown.count(False)
        table.add_row("", Text("…", style="dim"), "", "", Text(f"{hidden} others folded", style="dim"))
    if not events:
        table.add_row("", Text("(no events yet)", style="dim"), "", "", "")
    return table


def fold_runs(shown: list[bool]) -> list[tuple[int, int, int | None]]:
    """The rows of a folded history: ``(first, last, index)`` for each move shown (its index) and each run of
    folded ones (``None``), moves numbered from 1.

    >>> fold_runs([True, False, False, True])
    [(1, 1, 0), (2, 3, None), (4, 4, 3)]
    """
    lines: list[tuple[int, int, int | None]] = []
    for index, visible in enumerate(shown):
        number = index + 1
        if visible:
            lines.append((number, number, index))
        elif lines and lines[-1][2] is None:
            lines[-1] = (lines[-1][0], number, None)
        else:
            lines.append((number, number, None))
    return lines


def _event_cells(number: int, event: Event) -> tuple[str | Text, ...]:
    if isinstance(event, Ask):
        answer = Text("yes", style="green") if event.hit else Text("no", style="dim")
        return (str(number), event.asker, event.target, card_text(event.card), answer)
    if isinstance(event, Claim):
        verdict = "right" if event.correct else "wrong: " + ", ".join(f"{c} {p}" for c, p in event.actual)
        if event.out_of_turn:
            verdict = f"out of turn, {verdict}"
        return (str(number), event.claimer, "claims", event.half_suit.code, verdict)
    return (str(number), event.player or "", "turn to", event.to, "")


def event_text(puzzle: Puzzle, number: int) -> Text:
    """One event in words: ``Move 3 of 12: Cat asks Bob for 3♦: no``."""
    events = puzzle.game.events
    text = Text(f"Move {number} of {len(events)}: ", style="bold")
    event = events[number - 1]
    if isinstance(event, Ask):
        text.append(f"{event.asker} asks {event.target} for ")
        text.append_text(card_text(event.card))
        text.append(": ")
        text.append("yes" if event.hit else "no", style="green" if event.hit else "")
    else:
        text.append(str(event))
    return text


def show_puzzle(puzzle: Puzzle, number: int | None = None, total: int | None = None) -> None:
    """Print the puzzle, fitted to the terminal's height."""
    console = stdout_console()
    console.print(puzzle_view(puzzle, number, total, height=console.size.height))


def show_position(puzzle: Puzzle) -> None:
    """Reprint the hand, hand sizes, score and question."""
    stdout_console().print(position_view(puzzle))


def show_history(puzzle: Puzzle, focus: str) -> None:
    """Print the history: all of it (``""``), one set's (a set code) or one player's."""
    if not focus:
        table = history_table(puzzle)
    elif focus in puzzle.players:
        table = history_table(puzzle, player=focus)
    else:
        table = history_table(puzzle, focus=frozenset({HalfSuit.parse(focus)}))
    stdout_console().print(table)


def show_last(puzzle: Puzzle) -> None:
    """Print the last event (the one the game lets a player ask to hear again)."""
    events = puzzle.game.events
    if not events:
        show_line("No move has been made yet.", "dim")
    else:
        stdout_console().print(event_text(puzzle, len(events)))


def memory_intro(puzzle: Puzzle, number: int | None, total: int | None, pace: float) -> None:
    """Memory mode: who you are and your hand at the deal, before the moves are played."""
    title = numbered("Memory puzzle", number, total)
    dealt = puzzle.game.setup.hands.get(puzzle.viewer, frozenset())
    how = f"one every {pace:g} s" if pace > 0 else "press Enter for each"
    body = Group(
        header_text(puzzle),
        Text.assemble(("Your hand at the deal: ", "bold"), _hand(dealt)),
        Text(f"{len(puzzle.game.events)} moves follow, {how}; then the question. No notes: only the last move "
             "can be heard again.", style="dim"),
    )
    stdout_console().print(Panel(body, title=title, subtitle=puzzle.id, expand=False))


def event_line(puzzle: Puzzle, number: int) -> str:
    """One move as plain text (for a prompt): ``Move 3 of 12: Cat asks Bob for 3♦: no``."""
    return event_text(puzzle, number).plain


def show_event(puzzle: Puzzle, number: int) -> None:
    """Print one move, alone (memory mode)."""
    stdout_console().print(event_text(puzzle, number))


def forget_event(lines: int) -> None:
    """Erase the last ``lines`` lines in a terminal (memory mode: the move shown is gone); elsewhere nothing."""
    console = stdout_console()
    if console.is_terminal:
        console.file.write("\x1b[1A\x1b[2K" * lines)
        console.file.flush()


def show_usage(puzzle: Puzzle) -> None:
    """Print the one-line reminder of what can be typed."""
    show_line(usage(puzzle), "dim")


def show_line(line: str, style: str = "") -> None:
    """Print one line of plain text (with an optional Rich style)."""
    stdout_console().print(Text(line, style=style))


def show_reply(reply: QuizReply, puzzle: Puzzle) -> None:
    """Print what the quiz says after one line (:func:`trainer.render.quiz.reply_lines`): verdicts in colour,
    hints highlighted."""
    console = stdout_console()
    for index, line in enumerate(reply_lines(reply, puzzle)):
        if index == 0 and reply.kind == "verdict":
            style = "bold green" if reply.mark is not None and reply.mark.correct else "bold red"
            console.print(Text(line, style=style))
        elif reply.kind == "invalid":
            console.print(Text(line, style="yellow"))
        elif reply.kind == "hint":
            console.print(Text(line, style="cyan"))
        else:
            console.print(Text(line))


@dataclass(frozen=True)
class SessionTotals:
    """What a training session's summary shows: its ``counts`` (:meth:`puzzles.session.Session.counts`, counted
    as ``literature stats`` counts), its time, the rating before and after, the weakest technique; ``mode`` is
    ``normal`` or ``memory`` (whose rating is its own)."""

    counts: Counts
    seconds: float
    rating_before: float
    rating_after: float
    weakest: str | None
    mode: str = "normal"


def session_summary(totals: SessionTotals) -> Panel:
    """The end-of-session summary panel, in the words of ``literature stats`` (:mod:`trainer.render.stats`).

    >>> from rich.console import Console
    >>> from puzzles.counts import Counts
    >>> console = Console(width=80, color_system=None)
    >>> counts = Counts(first_answer=3, later_try=1, attempts=4)
    >>> console.print(session_summary(SessionTotals(counts, 95, 1500, 1521.4, "chains")))
    ╭───────────────────────── Session ──────────────────────────╮
    │ Puzzles            4 solved of 4 tried                     │
    │                    3 at the first answer, 1 on a later try │
    │ First answer       75% right                               │
    │ Time               1:35                                    │
    │ Rating             1521 (+21)                              │
    │ Weakest technique  chains                                  │
    ╰────────────────────────────────────────────────────────────╯
    """
    from trainer.render.stats import attempts_text, first_answer_text, solved_text, split_lines

    counts = totals.counts
    table = Table.grid(padding=(0, 2))
    table.add_row("Puzzles", solved_text(counts) if counts.tried else "none answered")
    for line in split_lines(counts):
        table.add_row("", line)
    table.add_row("First answer", first_answer_text(counts))
    if counts.skipped or counts.quit:
        table.add_row("Attempts", attempts_text(counts))
    minutes, secs = divmod(round(totals.seconds), 60)
    table.add_row("Time", f"{minutes}:{secs:02d}")
    change = totals.rating_after - totals.rating_before
    rating = "Memory rating" if totals.mode == "memory" else "Rating"
    table.add_row(rating, f"{totals.rating_after:.0f} ({change:+.0f})")
    table.add_row("Weakest technique", totals.weakest or "—")
    return Panel(table, title="Session" + (" (memory mode)" if totals.mode == "memory" else ""), expand=False)


def show_summary(totals: SessionTotals) -> None:
    """Print the end-of-session summary."""
    stdout_console().print(session_summary(totals))
