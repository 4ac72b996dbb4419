"""The HTML report of ``literature review --html FILE``: one self-contained page a player can open or share.

Plain string templating with every text escaped; the chart is inline SVG and
the style sheet is inline, so the file needs nothing else. It is written
atomically (a temporary file in the same folder, then renamed).

    >>> from trainer.game.notation import read_game
    >>> from trainer.review import review_game
    >>> page = review_html(review_game(read_game(EXAMPLES / "six-diamonds.lit")))
    >>> page.startswith("<!DOCTYPE html>") and "<svg" in page and "</html>" in page
    True
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from pathlib import Path

from trainer.files import write_atomic
from trainer.render.review import BITS_IN_WORDS, file_name, note_lines
from trainer.review import NoteKind, PlayerSummary, Review

TEAM_COLOURS = {1: "#0e7490", 2: "#a21caf"}
NOTE_COLOURS = {
    NoteKind.SAFE_CLAIM: "#15803d",
    NoteKind.LOST_CLAIM: "#b91c1c",
    NoteKind.WASTED_ASK: "#a16207",
    NoteKind.RISKY_CLAIM: "#a16207",
    NoteKind.WRONG_CLAIM: "#b91c1c",
    NoteKind.BEST_ASK: "#1d4ed8",
    NoteKind.KEPT_SET: "#15803d",
    NoteKind.OUT_OF_TURN: "#b91c1c",
}
STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; padding: 0 1em; color: #111; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 2em; }
table { border-collapse: collapse; font-size: 0.9em; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25em 0.5em; vertical-align: top; }
th { text-align: left; background: #f4f4f5; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.zero { color: #bbb; }
.note { display: block; font-size: 0.92em; }
.kind { font-weight: bold; }
.team1 { color: #0e7490; } .team2 { color: #a21caf; }
.dim { color: #777; } tr.noted td.event { font-weight: 600; }
caption { caption-side: bottom; text-align: left; color: #555; font-size: 0.85em; padding-top: 0.5em; }
@media print {
  @page { margin: 12mm; }
  body { margin: 0; max-width: none; padding: 0; font-size: 9pt; }
  h1 { font-size: 13pt; margin: 0 0 0.3em; } h2 { font-size: 11pt; margin: 1em 0 0.3em; break-after: avoid; }
  svg { max-height: 55mm; }
  table { font-size: 8pt; width: 100%; }
  th, td { padding: 0.05em 0.3em; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
  .note { font-size: 7.5pt; }
  tr.quiet td { border-bottom: none; color: #555; }
}
"""
SUMMARY_HEADERS = (
    ("asks", "asks made"),
    ("hits", "asks that hit"),
    ("accuracy", "hits per ask"),
    ("bits gained", "bits the player's own asks gave them"),
    ("bits given away", "bits the player's asks gave the other team (mean per opponent)"),
    ("safe claims missed", "sets the player, first on the team to know them certain, did not claim at once"),
    ("lost claims", "of those, sets the team later lost or had cancelled"),
    ("wasted asks", "asks that could not hit"),
    ("better asks", "asks with a clearly better chance available"),
    ("risky claims", "claims without certainty that were right"),
    ("wrong claims", "claims without certainty that were wrong"),
    ("cards shown held", "cards the other team could prove the player held, because of the player's own asks"),
    ("cards shown not held", "cards the other team could prove the player did not hold, because of their asks"),
)


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def chart_svg(review: Review, width: int = 900, height: int = 260) -> str:
    """An SVG line chart of the bits each team knows over the game (mean per player)."""
    left, right, top, bottom = 56, 16, 16, 40
    series = {t: review.team_known(t) for t in (1, 2)}
    peak = max(max(v) for v in series.values()) or 1.0
    n = max(1, len(review.game.events))
    inner_w, inner_h = width - left - right, height - top - bottom

    def x(i: int) -> float:
        return left + inner_w * i / n

    def y(v: float) -> float:
        return top + inner_h * (1 - v / peak)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="100%" '
        f'role="img" aria-label="Information known by each team over the game">',
        f'<rect x="{left}" y="{top}" width="{inner_w}" height="{inner_h}" fill="#fafafa" stroke="#ccc"/>',
    ]
    for k in range(5):
        v = peak * k / 4
        out.append(f'<line x1="{left}" x2="{left + inner_w}" y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="#e5e5e5"/>')
        out.append(f'<text x="{left - 6}" y="{y(v) + 4:.1f}" font-size="11" text-anchor="end">{v:.0f}</text>')
    for k in range(6):
        i = round(n * k / 5)
        out.append(f'<text x="{x(i):.1f}" y="{top + inner_h + 16}" font-size="11" text-anchor="middle">{i}</text>')
    out.append(f'<text x="{left + inner_w / 2}" y="{height - 6}" font-size="12" text-anchor="middle">event</text>')
    out.append(f'<text x="14" y="{top + inner_h / 2}" font-size="12" text-anchor="middle" '
               f'transform="rotate(-90 14 {top + inner_h / 2})">bits known</text>')
    for team, values in series.items():
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
        out.append(f'<polyline fill="none" stroke="{TEAM_COLOURS[team]}" stroke-width="2" points="{points}"/>')
        members = " ".join(review.setup.members(team))
        ly = top + 14 + 16 * (team - 1)
        out.append(f'<rect x="{left + 10}" y="{ly - 9}" width="12" height="3" fill="{TEAM_COLOURS[team]}"/>')
        out.append(f'<text x="{left + 28}" y="{ly - 4}" font-size="12">team {team} ({_e(members)})</text>')
    out.append("</svg>")
    return "\n".join(out)


OUT_OF_TURN_HEADER = ("out-of-turn claims", "claims made out of turn (classic), each a penalty")


def _summary_cells(s: PlayerSummary, out_of_turn: bool) -> list[str]:
    accuracy = "-" if s.accuracy is None else f"{s.accuracy:.0%}"
    values = [s.asks, s.hits, accuracy, f"{s.bits_gained:.1f}", f"{s.bits_given_away:.1f}", s.safe_claims_missed,
              s.lost_claims, s.wasted_asks, s.best_asks_missed, s.risky_claims, s.wrong_claims, s.proven_held,
              s.proven_not_held]
    if out_of_turn:
        values.append(s.out_of_turn_claims)
    return [f'<td class="num">{_e(v)}</td>' for v in values]


def summary_html(review: Review) -> str:
    """The summary table, one row per player then one per team."""
    setup = review.setup
    out_of_turn = any(s.out_of_turn_claims for s in review.teams.values())
    headers = (*SUMMARY_HEADERS, OUT_OF_TURN_HEADER) if out_of_turn else SUMMARY_HEADERS
    head = "".join(f'<th title="{_e(meaning)}">{_e(name)}</th>' for name, meaning in headers)
    rows = []
    for player in setup.players:
        team = setup.team(player)
        mark = "" if review.views[player] == player else "*"
        cells = "".join(_summary_cells(review.players[player], out_of_turn))
        rows.append(f'<tr class="team{team}"><td>{_e(player)}{mark}</td>{cells}</tr>')
    for team in (1, 2):
        members = " ".join(setup.members(team))
        rows.append(f'<tr class="team{team}"><td><b>team {team}</b> <span class="dim">({_e(members)})</span></td>'
                    f'{"".join(_summary_cells(review.teams[team], out_of_turn))}</tr>')
    legend = "; ".join(f"{name}: {meaning}" for name, meaning in headers)
    if not review.complete:
        legend = "* judged from the public view. " + legend
    return (f'<table><thead><tr><th>player</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody>'
            f"<caption>{_e(legend)}</caption></table>")


def events_html(review: Review) -> str:
    """The table of events: number, line, event and its notes, the bits each player got."""
    setup = review.setup
    head = "".join(f'<th class="team{setup.team(p)}">{_e(p)}</th>' for p in setup.players)
    rows = []
    for i, event in enumerate(review.game.events, start=1):
        notes = review.notes_of(i)
        cell = _e(event)
        for label, kind, text in note_lines(notes):
            colour = NOTE_COLOURS[kind]
            cell += (f'<span class="note" style="color:{colour}"><span class="kind">{_e(label)}</span>: '
                     f"{_e(text)}</span>")
        bits = []
        for p in setup.players:
            value = review.bits[p][i - 1]
            bits.append('<td class="num zero">·</td>' if value < 0.005 else f'<td class="num">{value:.2f}</td>')
        line = review.game.line_of(i)
        rows.append(f'<tr class="{"noted" if notes else "quiet"}"><td class="num">{i}</td>'
                    f'<td class="num dim">{_e(line or "")}</td><td class="event">{cell}</td>{"".join(bits)}</tr>')
    return (f"<table><thead><tr><th>#</th><th>line</th><th>event and notes</th>{head}</tr></thead>"
            f'<tbody>{"".join(rows)}</tbody></table>')


def _views_text(review: Review) -> str:
    own = [p for p, v in review.views.items() if v == p]
    if review.complete:
        return "Complete record: every player is judged from their own view (their hand and the public history)."
    if not own:
        return "No hand is listed: everyone is judged from the public view."
    return f"Personal log of {' '.join(own)}: the others are judged from the public view."


def review_html(review: Review) -> str:
    """The whole report as one HTML page."""
    game = review.game
    setup = game.setup
    score = game.state().score
    title = f"Review of {file_name(game.path)}" if game.path else "Review of a game"
    counts: dict[str, int] = {}
    for note in review.notes:
        counts[note.kind.value] = counts.get(note.kind.value, 0) + 1
    tally = ", ".join(f"{n} {k}" for k, n in sorted(counts.items())) or "no notes"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{_e(title)}</h1>",
        f"<p>{_e(setup.variant.value)}, {len(setup.players)} players ({_e(' '.join(setup.players))}), "
        f"{len(game.events)} events; score {score[1]}-{score[2]}. {_e(_views_text(review))}</p>",
        f"<p>Notes: {_e(tally)}.</p>",
        f"<p>{_e(BITS_IN_WORDS)} (Exactly: log2 of how much the event shrank the number of deals consistent "
        "with what the player knew.)</p>",
        "<h2>Information known by each team</h2>",
        "<p>Mean over the team's players of the bits they know since the deal.</p>",
        chart_svg(review),
        "<h2>Summary</h2>",
        summary_html(review),
        "<h2>Events</h2>",
        events_html(review),
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"


def write_html(review: Review, path: Path, *, force: bool = False, inputs: Iterable[Path] = ()) -> None:
    """Write the report to ``path`` atomically: a new file, or with ``force`` a regular file that is not one of
    ``inputs`` (:func:`trainer.files.write_atomic`; the old file stays whole until the rename)."""
    write_atomic(path, review_html(review), create_folder=False, force=force, inputs=inputs)

