"""Worksheets and answer keys for teachers: Markdown and printable, self-contained HTML.

A worksheet numbers the puzzles and shows, for each, what the viewer knows:
their hand, every hand size, the history as a table, the question, and room
to write the answer. The answer key, a separate file, gives each answer in the
notation's words with the explanation's steps.

    >>> from puzzles.grade import example_claim
    >>> sheet = worksheet_md([example_claim()], "Practice")
    >>> "## Puzzle 1" in sheet and "Claim low diamonds" in sheet
    True
    >>> "Ann 2D 3D 4D 5D 7D, Cat 6D" in answer_key_md([example_claim()], "Practice")
    True
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from pathlib import Path

from puzzles.model import Puzzle, dump_puzzles
from trainer.files import write_atomic
from trainer.game.cards import Card
from trainer.game.events import Ask, Claim, Event, Pass
from trainer.game.state import SetStatus, State

FORMATS = ("json", "md", "html")
"""What ``literature generate --format`` can write."""

FILES = {
    "json": ("puzzles.json",),
    "md": ("worksheet.md", "answers.md"),
    "html": ("worksheet.html", "answers.html"),
}
"""The files each format writes in the output directory."""


# -- shared pieces --------------------------------------------------------------------


def answer_text(answer: Mapping[Card, str]) -> str:
    """An answer in the notation's words, cards grouped by player: ``Ann 2D 3D, Cat 6D``.

    >>> answer_text({Card.parse("6D"): "Cat", Card.parse("2D"): "Ann", Card.parse("3D"): "Ann"})
    'Ann 2D 3D, Cat 6D'
    """
    by_player: dict[str, list[Card]] = {}
    for card, player in sorted(answer.items()):
        by_player.setdefault(player, []).append(card)
    return ", ".join(f"{p} " + " ".join(str(c) for c in cards) for p, cards in by_player.items())


def event_row(number: int, event: Event) -> tuple[str, str, str, str, str]:
    """One history row: number, who acted, whom, what, and the outcome.

    >>> event_row(1, Ask("Cat", "Bob", Card.parse("3D"), hit=False))
    ('1', 'Cat', 'Bob', '3D', 'no')
    """
    if isinstance(event, Ask):
        return str(number), event.asker, event.target, str(event.card), "yes" if event.hit else "no"
    if isinstance(event, Claim):
        outcome = "right" if event.correct else "wrong: " + answer_text(dict(event.actual))
        return str(number), event.claimer, "claims", f"{event.half_suit.code}: {answer_text(dict(event.declared))}", \
            outcome
    assert isinstance(event, Pass)
    return str(number), event.player or "", "turn to", event.to, ""


def _count(puzzles: Sequence[Puzzle]) -> str:
    return "1 puzzle" if len(puzzles) == 1 else f"{len(puzzles)} puzzles"


def _hand(state: State, viewer: str) -> list[Card]:
    return sorted(state.hands.get(viewer, frozenset()))


def _claimed(state: State, viewer: str) -> str:
    team = state.setup.team(viewer)
    parts = []
    for half, result in state.sets.items():
        if result.status is SetStatus.WON:
            parts.append(f"{half.code} won by {'your team' if result.team == team else 'the opponents'}")
        elif result.status is SetStatus.CANCELLED:
            parts.append(f"{half.code} cancelled")
    return "; ".join(parts)


def _answer_room(puzzle: Puzzle) -> str:
    kind = puzzle.question.kind
    if kind == "locate":
        return "Answer (player and card, e.g. `Cat 6D`):"
    if kind == "claim":
        return "Claim (every card with a teammate, e.g. `Ann 2D 3D, Cat 6D`):"
    return "Certain cards (only those, with their holders):"


def _not_certain(puzzle: Puzzle) -> list[Card]:
    return [c for c in puzzle.question.scope if c not in puzzle.answer] if puzzle.question.kind == "certain" else []


def _team_line(puzzle: Puzzle) -> str:
    mates = [p for p in puzzle.team if p != puzzle.viewer]
    return f"You are **{puzzle.viewer}** (team with {', '.join(mates)}) · {puzzle.variant.value} · " \
        f"{len(puzzle.players)} players · dealer {puzzle.state.setup.dealer}"


# -- Markdown ----------------------------------------------------------------------------


def worksheet_md(puzzles: Sequence[Puzzle], title: str) -> str:
    """The worksheet as Markdown."""
    out = [f"# {title}", "", f"{_count(puzzles)}. Each history is seen by the player named; "
           "answer in the notation's words.", ""]
    for number, puzzle in enumerate(puzzles, start=1):
        state = puzzle.state
        out += [f"## Puzzle {number}", "", f"Level {puzzle.level} · `{puzzle.id}`", "", _team_line(puzzle), ""]
        out += ["**Your hand:** " + (" ".join(str(c) for c in _hand(state, puzzle.viewer)) or "(no cards)"), ""]
        out += ["**Hand sizes:** " + ", ".join(f"{p} {state.sizes[p]}" for p in puzzle.players), ""]
        claimed = _claimed(state, puzzle.viewer)
        if claimed:
            out += [f"**Sets:** {claimed}", ""]
        out += ["| # | player | asks / does | card | answer |", "|---:|---|---|---|---|"]
        out += ["| " + " | ".join(event_row(i, e)) + " |" for i, e in enumerate(puzzle.game.events, start=1)]
        if not puzzle.game.events:
            out.append("| | (no events yet) | | | |")
        out += ["", f"**{puzzle.question.text()}**", "", _answer_room(puzzle), "", "_" * 60, "", "_" * 60, ""]
    return "\n".join(out)


def answer_key_md(puzzles: Sequence[Puzzle], title: str) -> str:
    """The answer key as Markdown: each answer, then the explanation's steps."""
    out = [f"# {title}: answer key", ""]
    for number, puzzle in enumerate(puzzles, start=1):
        d = puzzle.difficulty
        out += [f"## Puzzle {number}", "", f"`{puzzle.id}` · level {d.level} ({d.name}) · "
                f"techniques: {', '.join(puzzle.techniques) or '-'}", ""]
        out += [f"**Answer:** {answer_text(puzzle.answer)}", ""]
        open_cards = _not_certain(puzzle)
        if open_cards:
            out += [f"Not certain: {' '.join(str(c) for c in open_cards)}", ""]
        for i, step in enumerate(puzzle.explanation, start=1):
            label = f" *({step.technique})*" if step.technique else ""
            out.append(f"{i}. {step.text}{label}")
        out.append("")
    return "\n".join(out)


# -- HTML ----------------------------------------------------------------------------------

_CSS = """
body { font-family: Georgia, 'Times New Roman', serif; max-width: 46rem; margin: 2rem auto; color: #111; }
h1 { font-size: 1.6rem; border-bottom: 2px solid #333; }
section.puzzle { border: 1px solid #bbb; border-radius: 6px; padding: 0.6rem 1rem; margin: 1rem 0;
  break-inside: avoid; page-break-inside: avoid; }
h2 { font-size: 1.15rem; margin: 0.2rem 0 0.4rem; }
.meta { color: #555; font-size: 0.85rem; }
table { border-collapse: collapse; font-size: 0.85rem; margin: 0.4rem 0; }
th, td { border: 1px solid #ccc; padding: 0.1rem 0.45rem; text-align: left; }
th { background: #eee; }
.card { font-family: 'DejaVu Sans Mono', Menlo, monospace; font-weight: bold; white-space: nowrap; }
.red { color: #c00; }
.black { color: #111; }
.question { font-weight: bold; margin: 0.6rem 0; }
.room { border-bottom: 1px solid #555; height: 1.8rem; margin: 0.2rem 0; }
ol.steps li { margin: 0.2rem 0; }
.answer { font-size: 1.05rem; }
@media print {
  body { margin: 0; max-width: none; font-size: 11pt; }
  section.puzzle { border: none; border-top: 1px solid #999; border-radius: 0; padding: 0.3rem 0; }
  th { background: #eee !important; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .red { color: #c00 !important; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  a { color: inherit; text-decoration: none; }
}
"""


def card_html(card: Card) -> str:
    """A card with its suit symbol, red for hearts and diamonds.

    >>> card_html(Card.parse("6D"))
    '<span class="card red">6♦</span>'
    """
    colour = "red" if card.suit in ("H", "D") or card.code == "RJ" else "black"
    return f'<span class="card {colour}">{html.escape(card.symbol)}</span>'


def _cards_html(cards: Sequence[Card]) -> str:
    return " ".join(card_html(c) for c in cards) or "(no cards)"


def _answer_html(answer: Mapping[Card, str]) -> str:
    by_player: dict[str, list[Card]] = {}
    for card, player in sorted(answer.items()):
        by_player.setdefault(player, []).append(card)
    return ", ".join(f"{html.escape(p)} {_cards_html(cs)}" for p, cs in by_player.items())


def _page(title: str, body: list[str]) -> str:
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        f"<title>{html.escape(title)}</title>", f"<style>{_CSS}</style>", "</head>", "<body>",
        *body, "</body>", "</html>", "",
    ])


def _history_html(puzzle: Puzzle) -> str:
    rows = ['<table class="history">', "<tr><th>#</th><th>player</th><th>asks / does</th><th>card</th>"
            "<th>answer</th></tr>"]
    for number, event in enumerate(puzzle.game.events, start=1):
        cells = [html.escape(c) for c in event_row(number, event)]
        if isinstance(event, Ask):
            cells[3] = card_html(event.card)
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    if not puzzle.game.events:
        rows.append('<tr><td colspan="5">(no events yet)</td></tr>')
    rows.append("</table>")
    return "\n".join(rows)


def worksheet_html(puzzles: Sequence[Puzzle], title: str) -> str:
    """The worksheet as one self-contained HTML page that prints cleanly."""
    body = [f"<h1>{html.escape(title)}</h1>",
            f"<p>{_count(puzzles)}. Each history is seen by the player named; answer in the notation's "
            "words (for example <code>Cat 6D</code>).</p>"]
    for number, puzzle in enumerate(puzzles, start=1):
        state = puzzle.state
        mates = ", ".join(p for p in puzzle.team if p != puzzle.viewer)
        sizes = ", ".join(f"{html.escape(p)} {state.sizes[p]}" for p in puzzle.players)
        claimed = _claimed(state, puzzle.viewer)
        body += [
            f'<section class="puzzle" id="puzzle-{number}">',
            f"<h2>Puzzle {number}</h2>",
            f'<p class="meta">Level {puzzle.level} · {html.escape(puzzle.id)} · {puzzle.variant.value} · '
            f"{len(puzzle.players)} players · dealer {html.escape(state.setup.dealer)}</p>",
            f"<p>You are <b>{html.escape(puzzle.viewer)}</b> (team with {html.escape(mates)}).</p>",
            f"<p><b>Your hand:</b> {_cards_html(_hand(state, puzzle.viewer))}</p>",
            f"<p><b>Hand sizes:</b> {sizes}</p>",
            *([f"<p><b>Sets:</b> {html.escape(claimed)}</p>"] if claimed else []),
            _history_html(puzzle),
            f'<p class="question">{html.escape(puzzle.question.text())}</p>',
            f"<p>{html.escape(_answer_room(puzzle).replace('`', ''))}</p>",
            '<div class="room"></div>', '<div class="room"></div>',
            "</section>",
        ]
    return _page(title, body)


def answer_key_html(puzzles: Sequence[Puzzle], title: str) -> str:
    """The answer key as one self-contained HTML page."""
    body = [f"<h1>{html.escape(title)}: answer key</h1>"]
    for number, puzzle in enumerate(puzzles, start=1):
        d = puzzle.difficulty
        open_cards = _not_certain(puzzle)
        steps = "".join(
            f"<li>{html.escape(s.text)}{f' <i>({html.escape(s.technique)})</i>' if s.technique else ''}</li>"
            for s in puzzle.explanation
        )
        body += [
            f'<section class="puzzle" id="answer-{number}">',
            f"<h2>Puzzle {number}</h2>",
            f'<p class="meta">{html.escape(puzzle.id)} · level {d.level} ({html.escape(d.name)}) · techniques: '
            f"{html.escape(', '.join(puzzle.techniques) or '-')}</p>",
            f'<p class="answer"><b>Answer:</b> {_answer_html(puzzle.answer)}</p>',
            *([f"<p>Not certain: {_cards_html(open_cards)}</p>"] if open_cards else []),
            f'<ol class="steps">{steps}</ol>',
            "</section>",
        ]
    return _page(title, body)


# -- files -------------------------------------------------------------------------------------


def targets(out: Path, formats: Sequence[str]) -> list[Path]:
    """The files :func:`export` writes for ``formats`` into ``out``.

    >>> [p.name for p in targets(Path("set"), ["md", "json", "md"])]
    ['worksheet.md', 'answers.md', 'puzzles.json']
    """
    return [out / name for fmt in dict.fromkeys(formats) for name in FILES[fmt]]


def export(
    puzzles: Sequence[Puzzle], out: Path, formats: Sequence[str], title: str = "Literature puzzles"
) -> list[Path]:
    """Write every requested format into ``out``; returns the paths written.

    >>> import tempfile
    >>> from puzzles.grade import example_claim
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     [p.name for p in export([example_claim()], Path(tmp), ["json", "html"])]
    ['puzzles.json', 'worksheet.html', 'answers.html']
    """
    written: list[Path] = []
    for fmt in dict.fromkeys(formats):
        if fmt == "json":
            texts = [dump_puzzles(puzzles)]
        elif fmt == "md":
            texts = [worksheet_md(puzzles, title), answer_key_md(puzzles, title)]
        elif fmt == "html":
            texts = [worksheet_html(puzzles, title), answer_key_html(puzzles, title)]
        else:
            raise ValueError(f"unknown format {fmt!r} (formats: {', '.join(FORMATS)})")
        for name, text in zip(FILES[fmt], texts, strict=True):
            path = out / name
            write_atomic(path, text)
            written.append(path)
    return written
