"""Worksheets and answer keys for teachers: Markdown and printable, self-contained HTML.

A worksheet has a name and date line and numbers the puzzles; each starts with
what the viewer knows (who they are, their hand, every hand size) and the
question, then the history as a table across the page (two columns when long,
the header repeated on every printed page; a long history folds the moves no
step needs, :func:`puzzles.pick.folded`), then room to write the answer.
The answer key, a separate file, gives each answer with the explanation's steps.
In HTML every card shows its suit symbol, in the history's claims too.
:func:`export` writes the files ``literature generate --format`` asks for
(the puzzles themselves as JSON beside them).

    >>> from puzzles.examples import example_claim
    >>> sheet = worksheet_md([example_claim()], "Practice")
    >>> "## Puzzle 1" in sheet and "Claim low diamonds" in sheet
    True
    >>> "Ann 2D 3D 4D 5D 7D, Cat 6D" in answer_key_md([example_claim()], "Practice")
    True
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from puzzles.files import dump_puzzles
from puzzles.marking import format_answer
from puzzles.model import Puzzle
from puzzles.pick import FOLD_AFTER as FOLD_AFTER  # (re-exported: how a sheet folds is decided there)
from puzzles.pick import FOLD_RUN as FOLD_RUN
from puzzles.pick import TWO_COLUMNS, Shortfall, folded
from trainer.files import write_atomic
from trainer.game.cards import Card
from trainer.game.events import Ask, Claim, Event, Pass
from trainer.game.state import SetStatus, State
from trainer.render import web
from trainer.render.phrases import event_words
from trainer.render.quiz import question_words, step_words
from trainer.render.words import Words

FORMATS = ("json", "md", "html")
"""What ``literature generate --format`` can write."""

FILES = {
    "json": ("puzzles.json",),
    "md": ("worksheet.md", "answers.md"),
    "html": ("worksheet.html", "answers.html"),
}
"""The files each format writes in the output directory."""


# -- shared pieces --------------------------------------------------------------------


def event_row(number: int, event: Event) -> tuple[str, str, str, str, str]:
    """One history row: number, who acted, whom, what, and the outcome.

    >>> event_row(1, Ask("Cat", "Bob", Card.parse("3D"), hit=False))
    ('1', 'Cat', 'Bob', '3D', 'no')
    """
    if isinstance(event, Ask):
        return str(number), event.asker, event.target, str(event.card), "yes" if event.hit else "no"
    if isinstance(event, Claim):
        outcome = "right" if event.correct else "wrong: " + format_answer(dict(event.actual))
        if event.out_of_turn:
            outcome = f"out of turn, {outcome}"
        return str(number), event.claimer, "claims", f"{event.half_suit.code}: {format_answer(dict(event.declared))}", \
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


def _answer_room(puzzle: Puzzle, number: int | None = None) -> str:
    """What to write, and how: ``Answer to puzzle 3 (player and card, e.g. `Cat 6D`):``."""
    kind = puzzle.question.kind
    to = f" to puzzle {number}" if number is not None else ""
    of = f" for puzzle {number}" if number is not None else ""
    if kind == "locate":
        return f"Answer{to} (player and card, e.g. `Cat 6D`):"
    if kind == "claim":
        return f"Claim{of} (every card with a teammate, e.g. `Ann 2D 3D, Cat 6D`):"
    return f"Certain cards{of} (only those, with their holders):"


def _not_certain(puzzle: Puzzle) -> list[Card]:
    return [c for c in puzzle.question.scope if c not in puzzle.answer] if puzzle.question.kind == "certain" else []


def asked(puzzle: Puzzle) -> dict[Card, str]:
    """The answer the question asks for: for a ``certain`` question, the cards of other players (the
    viewer's own cards need no deduction); otherwise the whole answer.

    >>> from puzzles.examples import example_claim
    >>> len(asked(example_claim()))  # a claim names every card, the viewer's own too
    6
    """
    if puzzle.question.kind != "certain":
        return dict(puzzle.answer)
    return {card: player for card, player in puzzle.answer.items() if player != puzzle.viewer}


def _own(puzzle: Puzzle) -> list[Card]:
    """The viewer's own cards in a ``certain`` answer (listed apart in the key)."""
    return sorted(c for c in puzzle.answer if c not in asked(puzzle))


def rests_on(puzzle: Puzzle) -> list[tuple[int, Event]]:
    """The moves the answer rests on: every move a step of the explanation cites, with the event."""
    events = puzzle.game.events
    cited = sorted({n for step in puzzle.explanation for n in step.events if 0 < n <= len(events)})
    return [(n, events[n - 1]) for n in cited]


def shortfall_text(short: Sequence[Shortfall]) -> str:
    """The one line a sheet says when the pack had too few of a kind (empty when it had enough).

    >>> shortfall_text([Shortfall("claim", 2, (5,))])
    'The pack has too few claim puzzles of level 5: 2 of the other kinds instead.'
    >>> shortfall_text([])
    ''
    """
    if not short:
        return ""
    parts = []
    for item in short:
        levels = sorted(item.levels)
        where = (f" of level {levels[0]}" if len(levels) == 1 else
                 f" of levels {', '.join(map(str, levels))}" if levels else "")
        parts.append(f"{item.kind} puzzles{where}")
    missing = sum(item.missing for item in short)
    return f"The pack has too few {' or '.join(parts)}: {missing} of the other kinds instead."


def _team_line(puzzle: Puzzle) -> str:
    mates = [p for p in puzzle.team if p != puzzle.viewer]
    return f"You are **{puzzle.viewer}** (team with {', '.join(mates)}) · {puzzle.variant.value} · " \
        f"{len(puzzle.players)} players · dealer {puzzle.state.setup.dealer}"


# -- Markdown ----------------------------------------------------------------------------


def worksheet_md(puzzles: Sequence[Puzzle], title: str, short: Sequence[Shortfall] = ()) -> str:
    """The worksheet as Markdown: per puzzle who you are, your hand, hand sizes and the question, then the history
    (and, first, the one line :func:`shortfall_text` when the pack had too few of a kind)."""
    out = [f"# {title}", "", "Name: ______________________________  Date: ______________", "",
           f"{_count(puzzles)}. Each history is seen by the player named; answer in the notation's words.", ""]
    if short:
        out += [f"*{shortfall_text(short)}*", ""]
    for number, puzzle in enumerate(puzzles, start=1):
        state = puzzle.state
        out += [f"## Puzzle {number}", "", f"Level {puzzle.level} · `{puzzle.id}`", "", _team_line(puzzle), ""]
        out += ["**Your hand:** " + (" ".join(str(c) for c in _hand(state, puzzle.viewer)) or "(no cards)"), ""]
        out += ["**Hand sizes:** " + ", ".join(f"{p} {state.sizes[p]}" for p in puzzle.players), ""]
        claimed = _claimed(state, puzzle.viewer)
        if claimed:
            out += [f"**Sets:** {claimed}", ""]
        out += [f"**{question_words(puzzle)}**", ""]
        out += ["| # | player | asks / does | card | answer |", "|---:|---|---|---|---|"]
        events = puzzle.game.events
        for item in folded(puzzle):
            if isinstance(item, tuple):
                first, last = item
                out.append(f"| {first}–{last} | *{last - first + 1} {FOLD_TEXT}* | | | |")
            else:
                out.append("| " + " | ".join(event_row(item, events[item - 1])) + " |")
        if not puzzle.game.events:
            out.append("| | (no events yet) | | | |")
        out += ["", _answer_room(puzzle), "", "_" * 60, "", "_" * 60, ""]
    return "\n".join(out)


def answer_key_md(puzzles: Sequence[Puzzle], title: str) -> str:
    """The answer key as Markdown: each answer, then the explanation's steps."""
    out = [f"# {title}: answer key", ""]
    for number, puzzle in enumerate(puzzles, start=1):
        d = puzzle.difficulty
        out += [f"## Puzzle {number}", "", f"`{puzzle.id}` · level {d.level} ({d.name}) · "
                f"techniques: {', '.join(puzzle.techniques) or '-'}", ""]
        out += [f"**Answer:** {format_answer(asked(puzzle)) or '(only your own cards)'}", ""]
        own = _own(puzzle)
        if own:
            out += [f"Your own cards, also certain: {' '.join(str(c) for c in own)}", ""]
        moves = rests_on(puzzle)
        if moves:
            out += ["**Rests on moves:** " + "; ".join(f"{n} ({event})" for n, event in moves), ""]
        open_cards = _not_certain(puzzle)
        if open_cards:
            out += [f"Not certain: {' '.join(str(c) for c in open_cards)}", ""]
        for i, step in enumerate(puzzle.explanation, start=1):
            label = f" *({step.technique})*" if step.technique else ""
            out.append(f"{i}. {step.text}{label}")
        out.append("")
    return "\n".join(out)


# -- HTML ----------------------------------------------------------------------------------

ONE_PAGE = 40
"""A puzzle whose printed history (:func:`~puzzles.pick.folded`) is at most this many rows is kept on one page
(in two columns it takes a third of one); a longer one may break across pages, its table header repeated on each."""

FOLD_TEXT = "moves hidden: other sets, no step needs them"
"""What a folded line says after how many moves it hides (the Markdown and the HTML sheet alike)."""

_CSS = """
body { font-family: Georgia, 'Times New Roman', serif; max-width: 52rem; margin: 2rem auto; padding: 0 1rem;
  color: #111; font-size: 11pt; }
h1 { font-size: 1.5rem; margin: 0 0 0.3rem; border-bottom: 2px solid #333; }
.name-line { display: flex; gap: 2rem; margin: 0.5rem 0; }
.name-line span { flex: 1; border-bottom: 1px solid #333; padding-top: 0.9rem; font-size: 0.9rem; }
.name-line span.short { flex: 0.5; }
.intro { margin: 0.3rem 0 0.6rem; font-size: 0.9rem; }
.short-note { margin: 0 0 0.5rem; font-size: 0.8rem; font-style: italic; color: #555; }
section.puzzle { border-top: 1.5px solid #555; padding: 0.25rem 0 0.3rem; margin: 0.3rem 0 0; }
section.puzzle.short { break-inside: avoid; page-break-inside: avoid; }
.brief { break-inside: avoid; page-break-inside: avoid; break-after: avoid; page-break-after: avoid; }
.brief p { margin: 0.1rem 0; }
h2 { font-size: 1.05rem; margin: 0 0 0.15rem; }
.meta { color: #555; font-size: 0.8rem; font-weight: normal; margin-left: 0.5rem; }
.question { font-weight: bold; margin: 0.2rem 0 0.1rem; font-size: 1.02rem; }
.history-wrap { margin: 0.2rem 0; }
.history-wrap.two { column-count: 2; column-gap: 1.2rem; column-rule: 1px solid #ddd; }
table { border-collapse: collapse; }
table.history { width: 100%; font-size: 0.8rem; line-height: 1.15; }
table.history th, table.history td { border-bottom: 0.5px solid #ccc; padding: 0 0.35rem; text-align: left;
  vertical-align: top; }
table.history th { background: #eee; border-bottom: 1px solid #999; }
table.history td.n { text-align: right; color: #555; width: 2.2em; white-space: nowrap; }
table.history tr.claim td.what { font-style: italic; }
table.history tr.fold td { font-style: italic; color: #555; }
thead { display: table-header-group; }
tr { break-inside: avoid; page-break-inside: avoid; }
table.history tbody tr:nth-child(-n+6) { break-before: avoid; page-break-before: avoid; }
.card { font-family: 'DejaVu Sans', 'Segoe UI Symbol', Arial, sans-serif; font-weight: bold; white-space: nowrap; }
.red { color: #c00; }
.black, .joker { color: #111; }
.joker[data-card="RJ"] { color: #c00; }
abbr.set { text-decoration: none; }
.answer-room { break-inside: avoid; page-break-inside: avoid; break-before: avoid; page-break-before: avoid;
  margin-top: 0.1rem; font-size: 0.9rem; display: flex; gap: 0.6rem; align-items: flex-end; }
.answer-room .rooms { flex: 1; }
.room { border-bottom: 1px solid #555; height: 1.25rem; }
ol.steps { margin: 0.2rem 0; padding-left: 1.4rem; }
ol.steps li { margin: 0.15rem 0; }
.answer { font-size: 1.05rem; margin: 0.2rem 0; }
@page { margin: 10mm 11mm; }
@media print {
  body { margin: 0; max-width: none; padding: 0; font-size: 10pt; line-height: 12.5pt; }
  table.history { font-size: 7.5pt; line-height: 8.2pt; }
  th { background: #eee !important; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .red, .joker[data-card="RJ"] { color: #c00 !important; -webkit-print-color-adjust: exact;
    print-color-adjust: exact; }
  a { color: inherit; text-decoration: none; }
}
"""


def card_html(card: Card) -> str:
    """A card as every page draws it (:func:`trainer.render.web.card_html`: its suit symbol, red or black).

    >>> card_html(Card.parse("6D"))
    '<span class="card red" data-card="6D">6♦</span>'
    """
    return str(web.card_html(card))


def words_html(words: Words) -> str:
    """A sentence with its cards drawn (:func:`trainer.render.web.words_html`)."""
    return str(web.words_html(words))


def _cards_html(cards: Sequence[Card]) -> str:
    return " ".join(card_html(c) for c in cards) or "(no cards)"


def _answer_html(answer: Mapping[Card, str]) -> str:
    by_player: dict[str, list[Card]] = {}
    for card, player in sorted(answer.items()):
        by_player.setdefault(player, []).append(card)
    return ", ".join(f"{html.escape(p)} {_cards_html(cs)}" for p, cs in by_player.items())


def _rests_html(puzzle: Puzzle) -> str:
    """The moves an answer rests on, each with its text (cards with their suit symbols), as the key marks them."""
    parts = []
    for number, event in rests_on(puzzle):
        parts.append(f"<b>{number}</b> {words_html(event_words(event))}")
    return "; ".join(parts)


def _page(title: str, body: list[str]) -> str:
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        '<link rel="icon" href="data:,">',  # a sheet is one self-contained file: no icon to fetch (nor a 404)
        f"<title>{html.escape(title)}</title>", f"<style>{_CSS}</style>", "</head>", "<body>",
        *body, "</body>", "</html>", "",
    ])


def _event_html(number: int, event: Event) -> str:
    """One history row; a claim or a pass spans the row, every card with its symbol."""
    if isinstance(event, Ask):
        cells = [html.escape(event.asker), html.escape(event.target), card_html(event.card),
                 "yes" if event.hit else "no"]
        return f'<tr><td class="n">{number}</td>' + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"
    if isinstance(event, Claim):
        when = " out of turn" if event.out_of_turn else ""
        outcome = "right" if event.correct else "wrong: " + _answer_html(dict(event.actual))
        what = (f"{html.escape(event.claimer)} claims {event.half_suit.code}{when}: "
                f"{_answer_html(dict(event.declared))} ({outcome})")
        return f'<tr class="claim"><td class="n">{number}</td><td class="what" colspan="4">{what}</td></tr>'
    assert isinstance(event, Pass)
    who = f"{html.escape(event.player)} passes the turn to" if event.player else "Turn to"
    return f'<tr class="pass"><td class="n">{number}</td><td colspan="4">{who} {html.escape(event.to)}</td></tr>'


def hidden(puzzle: Puzzle) -> int:
    """How many moves the printed history folds away."""
    return sum(last - first + 1 for item in folded(puzzle) if isinstance(item, tuple) for first, last in [item])


def _history_html(puzzle: Puzzle) -> str:
    events = puzzle.game.events
    shown = folded(puzzle)
    wrap = "history-wrap two" if len(shown) > TWO_COLUMNS else "history-wrap"
    rows = [f'<div class="{wrap}">', '<table class="history">',
            "<thead><tr><th>#</th><th>player</th><th>asks</th><th>card</th><th>answer</th></tr></thead>", "<tbody>"]
    for item in shown:
        if isinstance(item, tuple):
            first, last = item
            rows.append(f'<tr class="fold"><td class="n">{first}–{last}</td><td colspan="4">{last - first + 1} '
                        f"{FOLD_TEXT}</td></tr>")
        else:
            rows.append(_event_html(item, events[item - 1]))
    if not events:
        rows.append('<tr><td colspan="5">(no events yet)</td></tr>')
    rows += ["</tbody>", "</table>", "</div>"]
    return "\n".join(rows)


def worksheet_html(puzzles: Sequence[Puzzle], title: str, short: Sequence[Shortfall] = ()) -> str:
    """The worksheet as one self-contained HTML page that prints cleanly.

    Each puzzle starts with who you are, your hand, the hand sizes and the
    question; then the history across the page (in two columns when long, the
    header repeated on every printed page), then room for the answer. A puzzle
    with a short history stays on one page; a long one may break across pages.
    """
    body = [f"<h1>{html.escape(title)}</h1>",
            '<p class="name-line"><span>Name</span><span class="short">Date</span></p>',
            f'<p class="intro">{_count(puzzles)}. Each history is seen by the player named; answer in the '
            "notation's words (for example <code>Cat 6D</code>).</p>"]
    if short:
        body.append(f'<p class="short-note">{html.escape(shortfall_text(short))}</p>')
    for number, puzzle in enumerate(puzzles, start=1):
        state = puzzle.state
        mates = ", ".join(p for p in puzzle.team if p != puzzle.viewer)
        sizes = ", ".join(f"{html.escape(p)} {state.sizes[p]}" for p in puzzle.players)
        claimed = _claimed(state, puzzle.viewer)
        size = "short" if len(folded(puzzle)) <= ONE_PAGE else "long"
        body += [
            f'<section class="puzzle {size}" id="puzzle-{number}">',
            '<div class="brief">',
            f'<h2>Puzzle {number}<span class="meta">level {puzzle.level} · {html.escape(puzzle.id)} · '
            f"{puzzle.variant.value} · {len(puzzle.players)} players · dealer {html.escape(state.setup.dealer)}"
            "</span></h2>",
            f"<p>You are <b>{html.escape(puzzle.viewer)}</b> (team with {html.escape(mates)}). "
            f"<b>Your hand:</b> {_cards_html(_hand(state, puzzle.viewer))}</p>",
            f"<p><b>Hand sizes:</b> {sizes}" + (f" · <b>Sets:</b> {html.escape(claimed)}" if claimed else "") + "</p>",
            f'<p class="question">{words_html(question_words(puzzle))}</p>',
            "</div>",
            _history_html(puzzle),
            '<div class="answer-room">',
            f"<span>{html.escape(_answer_room(puzzle, number).replace('`', ''))}</span>",
            '<div class="rooms">' + '<div class="room"></div>' * (1 if puzzle.question.kind == "locate" else 2)
            + "</div>",
            "</div>",
            "</section>",
        ]
    return _page(title, body)


def answer_key_html(puzzles: Sequence[Puzzle], title: str) -> str:
    """The answer key as one self-contained HTML page (cards with their suit symbols, in the steps too)."""
    body = [f"<h1>{html.escape(title)}: answer key</h1>"]
    for number, puzzle in enumerate(puzzles, start=1):
        d = puzzle.difficulty
        open_cards = _not_certain(puzzle)
        steps = "".join(
            f"<li>{words_html(step_words(s, puzzle))}"
            f"{f' <i>({html.escape(s.technique)})</i>' if s.technique else ''}</li>"
            for s in puzzle.explanation
        )
        body += [
            f'<section class="puzzle short" id="answer-{number}">',
            f'<h2>Puzzle {number}<span class="meta">{html.escape(puzzle.id)} · level {d.level} '
            f"({html.escape(d.name)}) · techniques: {html.escape(', '.join(puzzle.techniques) or '-')}</span></h2>",
            f'<p class="answer"><b>Answer:</b> {_answer_html(asked(puzzle)) or "(only your own cards)"}</p>',
            *([f"<p>Your own cards, also certain: {_cards_html(own)}</p>"] if (own := _own(puzzle)) else []),
            *([f'<p class="rests"><b>Rests on moves:</b> {_rests_html(puzzle)}</p>'] if rests_on(puzzle) else []),
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
    puzzles: Sequence[Puzzle], out: Path, formats: Sequence[str], title: str = "Literature puzzles", *,
    force: bool = False, inputs: Iterable[Path] = (), short: Sequence[Shortfall] = (),
) -> list[Path]:
    """Write every requested format into ``out``; returns the paths written. A file already there is
    replaced only with ``force``, and only a regular file that is not one of ``inputs`` (the files being read;
    :func:`trainer.files.write_atomic`). The worksheets say ``short`` (:func:`shortfall_text`) in one line.

    >>> import tempfile
    >>> from puzzles.examples import example_claim
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     [p.name for p in export([example_claim()], Path(tmp), ["json", "html"])]
    ['puzzles.json', 'worksheet.html', 'answers.html']
    """
    inputs = tuple(inputs)
    written: list[Path] = []
    for fmt in dict.fromkeys(formats):
        if fmt == "json":
            texts = [dump_puzzles(puzzles)]
        elif fmt == "md":
            texts = [worksheet_md(puzzles, title, short), answer_key_md(puzzles, title)]
        elif fmt == "html":
            texts = [worksheet_html(puzzles, title, short), answer_key_html(puzzles, title)]
        else:
            raise ValueError(f"unknown format {fmt!r} (formats: {', '.join(FORMATS)})")
        for name, text in zip(FILES[fmt], texts, strict=True):
            path = out / name
            write_atomic(path, text, force=force, inputs=inputs)
            written.append(path)
    return written
