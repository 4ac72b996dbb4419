"""The Rich view of ``literature review``: events with their bits and notes, the summary, and a chart.

The chart shows the information each team knows over the game (the mean over
its players of the bits they know, from the view they are judged from), as
two rows of block characters on one scale, so it reads without colour too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import PurePath

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from trainer.explain.explanation import Explanation
from trainer.game.cards import Card
from trainer.render.explain import explanation_view
from trainer.render.notes import best_asks_words, note_sentence
from trainer.render.progress import Bar
from trainer.render.screen import stdout_console
from trainer.render.witness import deal_text
from trainer.review import Note, NoteKind, PlayerSummary, Review

TEAM_STYLES = {1: "cyan", 2: "magenta"}
NOTE_STYLES = {
    NoteKind.SAFE_CLAIM: "green",
    NoteKind.LOST_CLAIM: "bold red",
    NoteKind.WASTED_ASK: "yellow",
    NoteKind.RISKY_CLAIM: "yellow",
    NoteKind.WRONG_CLAIM: "bold red",
    NoteKind.BEST_ASK: "blue",
    NoteKind.KEPT_SET: "green",
    NoteKind.OUT_OF_TURN: "bold red",
}
BITS_IN_WORDS = (
    "Bits say how much an event narrowed down where the cards can be, for each player: "
    "1 bit halves the deals they could still imagine, 2 bits leave a quarter, 10 bits about one in a thousand; "
    "· is nothing new."
)
BLOCKS = " ▁▂▃▄▅▆▇█"


class ReviewProgress(Bar):
    """A progress bar on standard error while the states are counted; shown only on a terminal."""

    def __init__(self, label: str) -> None:
        super().__init__(label, terminal_only=True, remaining=False)

    def update(self, done: int, total: int) -> None:
        """``done`` of ``total`` states counted."""
        self.show(done, total)


def headline(review: Review) -> Text:
    """What was reviewed and from which views.

    >>> from trainer.game.notation import read_game
    >>> from trainer.review import review_game
    >>> headline(review_game(read_game(EXAMPLES / "six-diamonds.lit"))).plain.split("; ")[1]
    'personal log of Ann (the others are judged from the public view)'
    """
    game = review.game
    n = len(game.events)
    text = Text(f"{file_name(game.path)}: ", style="bold")
    text.append(f"{game.setup.variant.value}, {len(game.setup.players)} players, {n} event{'s' if n != 1 else ''}; ")
    own = [p for p, v in review.views.items() if v == p]
    if review.complete:
        text.append("complete record (every player is judged from their own view)")
    elif not own:
        text.append("no hand is listed (everyone is judged from the public view)")
    else:
        text.append(f"personal log of {' '.join(own)} (the others are judged from the public view)")
    return text


def file_name(path: str | None) -> str:
    """The name a report gives the game: its file name, not the folders it sits in.

    >>> file_name("/home/ann/games/tuesday.lit"), file_name(None)
    ('tuesday.lit', '<game>')
    """
    return PurePath(path).name if path else "<game>"


def note_lines(notes: Sequence[Note]) -> list[tuple[str, NoteKind, str]]:
    """An event's notes as lines to show: label, kind (for the colour) and sentence.

    A wasted ask's best-ask note joins the wasted-ask line ("the ask could not
    hit; Bob for JS was certain"): one line says both.
    """
    return [(label, kind, text) for _, label, kind, text in noted_lines(notes)]


def noted_lines(notes: Sequence[Note]) -> list[tuple[Note, str, NoteKind, str]]:
    """:func:`note_lines`, each with the note it is about (a joined line's: the wasted ask)."""
    wasted = next((n for n in notes if n.kind is NoteKind.WASTED_ASK), None)
    lines = []
    for note in notes:
        if note.kind is NoteKind.BEST_ASK and wasted is not None:
            continue
        if note is wasted:
            best = next((n for n in notes if n.kind is NoteKind.BEST_ASK), None)
            if best is not None:
                text = f"{str(note_sentence(note)).removesuffix('.')}; {best_asks_words(best)}."
                lines.append((note, f"{note.kind.value}, {best.kind.value}", note.kind, text))
                continue
        lines.append((note, note.kind.value, note.kind, str(note_sentence(note))))
    return lines


def note_text(label: str, kind: NoteKind, text: str) -> Text:
    """A note line: its label and sentence, in the kind's colour."""
    style = NOTE_STYLES[kind]
    return Text.assemble((f"{label}: ", f"bold {style}"), (text, style))


def events_table(review: Review, only_notes: bool = False) -> Table:
    """One row per event: number, the event (its line in the file, its notes below it), the bits each player got."""
    setup = review.setup
    table = Table(title="Events: the bits each player got, and the notes", title_justify="left")
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("event (line) and notes", ratio=1, min_width=24)
    for player in setup.players:
        table.add_column(player, justify="right", no_wrap=True, min_width=4, style=TEAM_STYLES[setup.team(player)])
    for i, event in enumerate(review.game.events, start=1):
        notes = review.notes_of(i)
        if only_notes and not notes:
            continue
        cell = Text(str(event), style="bold" if notes else "")
        line = review.game.line_of(i)
        if line is not None:
            cell.append(f" ({line})", style="dim")
        for label, kind, text in note_lines(notes):
            cell.append("\n")
            cell.append_text(note_text(label, kind, text))
        bits = [_bits(review.bits[p][i - 1]) for p in setup.players]
        table.add_row(str(i), cell, *bits)
    return table


def _bits(value: float) -> str:
    return "·" if value < 0.005 else f"{value:.2f}"


SUMMARY_COLUMNS = (
    ("asks", "asks made"),
    ("hits", "asks that hit"),
    ("acc", "hits per ask"),
    ("gained", "bits the player's own asks gave them"),
    ("given", "bits the player's asks gave the other team (mean per opponent)"),
    ("safe", "sets the player, first on the team to know them certain, did not claim at once"),
    ("lost", "of those, sets the team later lost or had cancelled"),
    ("waste", "asks that could not hit"),
    ("better", "asks with a clearly better chance available"),
    ("risky", "claims without certainty that were right"),
    ("wrong", "claims without certainty that were wrong"),
)
OUT_OF_TURN_COLUMN = ("oot", "claims made out of turn (classic)")


def summary_table(review: Review) -> Group:
    """Per player and per team: asks, accuracy, bits gained and given away, and the notes counted.

    The legend of the columns follows the table as plain text (it wraps to the terminal's width).
    """
    setup = review.setup
    columns: tuple[tuple[str, str], ...] = SUMMARY_COLUMNS
    out_of_turn = any(s.out_of_turn_claims for s in review.teams.values())
    if out_of_turn:  # a column only for the games that have such a claim: the table fits 80 columns
        columns = (*columns, OUT_OF_TURN_COLUMN)
    caption = "; ".join(f"{short}: {meaning}" for short, meaning in columns)
    table = Table(title="Summary", title_justify="left", box=box.SIMPLE_HEAD, padding=(0, 0), pad_edge=False)
    table.add_column("player", no_wrap=True)
    pad = 0 if out_of_turn else 1
    for short, _ in columns:
        table.add_column(short, justify="right", no_wrap=True, min_width=len(short) + pad)
    for player in setup.players:
        team = setup.team(player)
        view = "" if review.views[player] == player else "*"
        row = _summary_row(f"{player}{view}", review.players[player], out_of_turn)
        table.add_row(*row, style=TEAM_STYLES[team])
    for team in (1, 2):
        row = _summary_row(f"team {team}", review.teams[team], out_of_turn)
        table.add_row(*row, style=f"bold {TEAM_STYLES[team]}")
    if not review.complete:
        caption = f"* judged from the public view. {caption}"
    return Group(table, Text(caption))


def _summary_row(name: str, s: PlayerSummary, out_of_turn: bool = False) -> list[str]:
    accuracy = "-" if s.accuracy is None else f"{s.accuracy:.0%}"
    row = [
        name, str(s.asks), str(s.hits), accuracy, f"{s.bits_gained:.1f}", f"{s.bits_given_away:.1f}",
        str(s.safe_claims_missed), str(s.lost_claims), str(s.wasted_asks), str(s.best_asks_missed),
        str(s.risky_claims), str(s.wrong_claims),
    ]
    return [*row, str(s.out_of_turn_claims)] if out_of_turn else row


GIVEN_TITLE = "Cards each player's asks proved to the other team (held / not held)"


def given_cards(review: Review) -> Group:
    """Per team, one line: each player's cards the other team could prove they held and did not hold, because
    of their own asks (:func:`trainer.review.giveaway.counts`)."""
    setup = review.setup
    lines = [Text(GIVEN_TITLE, style="bold")]
    for team in (1, 2):
        shown = ", ".join(f"{p} {review.players[p].proven_held}/{review.players[p].proven_not_held}"
                          for p in setup.members(team))
        lines.append(Text(f"team {team}: {shown}", style=TEAM_STYLES[team]))
    return Group(*lines)


def sparkline(values: Sequence[float], top: float, width: int, rows: int) -> list[str]:
    """``values`` resampled to ``width`` columns, drawn ``rows`` high in eighth blocks on the scale 0..``top``.

    >>> sparkline([0, 1, 2, 3, 4], top=4, width=5, rows=1)
    [' ▂▄▆█']
    """
    if not values:
        return [""] * rows
    columns = []
    for x in range(width):
        k = round(x * (len(values) - 1) / max(1, width - 1))
        columns.append(values[k])
    lines = []
    for row in range(rows - 1, -1, -1):
        chars = []
        for v in columns:
            level = 0 if top <= 0 else v / top * rows * 8 - row * 8
            chars.append(BLOCKS[max(0, min(8, round(level)))])
        lines.append("".join(chars))
    return lines


def information_chart(review: Review, width: int = 72, rows: int = 4) -> Group:
    """The bits each team knows over the game (mean per player), one block chart per team on one scale."""
    series = {t: review.team_known(t) for t in (1, 2)}
    top = max(max(s) for s in series.values()) or 1.0
    n = len(review.game.events)
    width = max(10, min(width, n + 1))
    parts: list[RenderableType] = [
        Text("Information known by each team (bits, mean per player)", style="bold")
    ]
    for team, values in series.items():
        members = " ".join(review.setup.members(team))
        parts.append(Text(f"team {team} ({members}): {values[-1]:.1f} bits at the end", style=TEAM_STYLES[team]))
        for k, line in enumerate(sparkline(values, top, width, rows)):
            label = f"{top:6.1f} " if k == 0 else " " * 7
            parts.append(Text.assemble(label, "│", (line, TEAM_STYLES[team])))
        parts.append(Text(f"{0:6.1f} └{'─' * width}"))
    parts.append(Text(f"{' ' * 8}event 0{' ' * max(1, width - 7 - len(str(n)) - 6)}event {n}", style="dim"))
    return Group(*parts)


def review_view(review: Review, only_notes: bool = False, width: int = 72) -> Group:
    """The whole review: headline, events, summary and chart."""
    return Group(
        headline(review),
        Text(BITS_IN_WORDS, style="dim"),
        events_table(review, only_notes),
        summary_table(review),
        given_cards(review),
        information_chart(review, width),
    )


def show_review(review: Review, only_notes: bool = False) -> None:
    """Print the review on the terminal (colours follow ``NO_COLOR``)."""
    console = stdout_console()
    console.print(review_view(review, only_notes, width=max(20, min(100, console.width - 10))))


def show_explanations(pairs: Sequence[tuple[Note, Explanation]], event: int,
                      deals: Sequence[Mapping[str, Sequence[Card]] | None] = ()) -> None:
    """Print the explanation of each note of one event, and, for a card that was not forced, the deal
    drawn that shows it (``deals``, one per note or ``None``)."""
    console = stdout_console()
    if not pairs:
        console.print(f"event {event} has no notes")
    for n, (note, found) in enumerate(pairs):
        console.print(Text.assemble((f"{note.kind.value}: ", "bold"), str(note_sentence(note))))
        console.print(explanation_view(found))
        deal = deals[n] if n < len(deals) else None
        if deal is not None:
            card = found.unforced
            console.print(Text(f"Could {note.view or 'the public'} have known? No: this deal fits everything "
                               f"seen then (hands before event {note.event}; {card} marked):", style="bold"))
            console.print(deal_text(deal, card))
