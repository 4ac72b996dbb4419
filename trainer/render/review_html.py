"""The HTML report of ``literature review --html FILE``: one self-contained page a player can open or share.

The template ``review_report.html``, drawn with the pages' vocabulary (each
move a history row, each card as every page draws it, the chart by
:mod:`trainer.render.web.chart`); the chart is inline SVG and the style sheet
is inline, so the file needs nothing else. It is written
atomically (a temporary file in the same folder, then renamed).

    >>> from trainer.game.notation import read_game
    >>> from trainer.review import review_game
    >>> page = review_html(review_game(read_game(EXAMPLES / "six-diamonds.lit")))
    >>> page.startswith("<!DOCTYPE html>") and "<svg" in page and "</html>" in page
    True
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from markupsafe import Markup

from trainer.files import write_atomic
from trainer.render.review import BITS_IN_WORDS, file_name
from trainer.render.review_page import note_views
from trainer.render.web import render
from trainer.render.web.chart import Line, line_chart, nice_step
from trainer.render.web.table import history_rows
from trainer.review import PlayerSummary, Review

TEAM_COLOURS = {1: "#0e7490", 2: "#a21caf"}
STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; padding: 0 1em; color: #111; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 2em; }
table { border-collapse: collapse; font-size: 0.9em; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25em 0.5em; vertical-align: top; }
th { text-align: left; background: #f4f4f5; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.zero { color: #bbb; }
.note { display: block; font-size: 0.92em; }
.note.safe-claim, .note.kept-set { color: #15803d; }
.note.lost-claim, .note.wrong-claim, .note.out-of-turn { color: #b91c1c; }
.note.wasted-ask, .note.risky-claim { color: #a16207; } .note.best-ask { color: #1d4ed8; }
.card { font-weight: 700; white-space: nowrap; } .card.red { color: #c0392b; } .card.joker { color: #8e44ad; }
abbr.set { text-decoration: none; font-weight: 600; }
ol.history { list-style: none; margin: 0; padding: 0; } ol.history .num { display: inline-block; min-width: 2.2em; }
ol.history .num, ol.history .ans { color: #777; }
svg.chart { width: 100%; height: auto; max-height: 300px; }
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


def chart_svg(review: Review, width: int = 900, height: int = 260) -> str:
    """A line chart of the bits each team knows over the game (mean per player), as the pages draw a chart."""
    series = {t: review.team_known(t) for t in (1, 2)}
    peak = max(max(v) for v in series.values()) or 1.0
    step = nice_step(peak, least=1)
    n = len(review.game.events)
    ticks = sorted({(round(n * k / 5), str(round(n * k / 5))) for k in range(6)})
    lines = [Line(values, TEAM_COLOURS[team], f"team {team} ({' '.join(review.setup.members(team))})")
             for team, values in series.items()]
    return str(line_chart(lines, label="Information known by each team over the game", low=0,
                          high=step * -(-peak // step), step=step, ticks=ticks, x_title="event",
                          y_title="bits known", width=width, height=height))


OUT_OF_TURN_HEADER = ("out-of-turn claims", "claims made out of turn (classic), each a penalty")


def _summary_cells(s: PlayerSummary, out_of_turn: bool) -> list[object]:
    accuracy = "-" if s.accuracy is None else f"{s.accuracy:.0%}"
    values: list[object] = [s.asks, s.hits, accuracy, f"{s.bits_gained:.1f}", f"{s.bits_given_away:.1f}",
                            s.safe_claims_missed, s.lost_claims, s.wasted_asks, s.best_asks_missed, s.risky_claims,
                            s.wrong_claims, s.proven_held, s.proven_not_held]
    if out_of_turn:
        values.append(s.out_of_turn_claims)
    return values


def _views_text(review: Review) -> str:
    own = [p for p, v in review.views.items() if v == p]
    if review.complete:
        return "Complete record: every player is judged from their own view (their hand and the public history)."
    if not own:
        return "No hand is listed: everyone is judged from the public view."
    return f"Personal log of {' '.join(own)}: the others are judged from the public view."


def review_html(review: Review) -> str:
    """The whole report as one HTML page (the template ``review_report.html``)."""
    game = review.game
    setup = game.setup
    score = game.state().score
    title = f"Review of {file_name(game.path)}" if game.path else "Review of a game"
    counts: dict[str, int] = {}
    for note in review.notes:
        counts[note.kind.value] = counts.get(note.kind.value, 0) + 1
    out_of_turn = any(s.out_of_turn_claims for s in review.teams.values())
    headers = (*SUMMARY_HEADERS, OUT_OF_TURN_HEADER) if out_of_turn else SUMMARY_HEADERS
    summary = [(p, setup.team(p), "" if review.views[p] == p else "*", _summary_cells(review.players[p], out_of_turn))
               for p in setup.players]
    summary += [(" ".join(setup.members(t)), t, "team", _summary_cells(review.teams[t], out_of_turn)) for t in (1, 2)]
    legend = "; ".join(f"{name}: {meaning}" for name, meaning in headers)
    if not review.complete:
        legend = "* judged from the public view. " + legend
    rows = history_rows(game.events)
    events = [(row, game.line_of(i), note_views(review.notes_of(i), [], setup.variant),
               [review.bits[p][i - 1] for p in setup.players])
              for i, row in enumerate(rows, start=1)]
    about = (f"{setup.variant.value}, {len(setup.players)} players ({' '.join(setup.players)}), {len(game.events)} "
             f"events; score {score[1]}-{score[2]}. {_views_text(review)}")
    return render("review_report.html", title=title, style=STYLE, about=about, bits=BITS_IN_WORDS,
                  tally=", ".join(f"{n} {k}" for k, n in sorted(counts.items())) or "no notes",
                  chart=Markup(chart_svg(review)), headers=headers, summary=summary, legend=legend,
                  players=[(p, setup.team(p)) for p in setup.players], events=events) + "\n"


def write_html(review: Review, path: Path, *, force: bool = False, inputs: Iterable[Path] = ()) -> None:
    """Write the report to ``path`` atomically: a new file, or with ``force`` a regular file that is not one of
    ``inputs`` (:func:`trainer.files.write_atomic`; the old file stays whole until the rename)."""
    write_atomic(path, review_html(review), create_folder=False, force=force, inputs=inputs)

