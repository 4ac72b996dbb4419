"""Line charts as SVG, drawn on the server (no script, no library): the rating over time, the review's bits.

    >>> svg = str(rating_chart([("2026-06-01T10:00:00+00:00", 1500.0), ("2026-06-02T10:00:00+00:00", 1540.0)]))
    >>> svg.startswith("<svg") and "polyline" in svg and "1540" in svg
    True
    >>> "No rated" in str(rating_chart([]))
    True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

WIDTH = 520
HEIGHT = 220
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 44, 12, 12, 28


@dataclass(frozen=True)
class Line:
    """One line of a chart: its values (one per step, left to right), colour, name in the legend (none when
    empty), and the title of a dot on each value (no dots when empty)."""

    values: Sequence[float]
    colour: str = "#1c6e8c"
    name: str = ""
    dots: Sequence[str] = ()


def nice_step(span: float, least: float = 25) -> float:
    """A round gridline step for a span of values (about four lines), at least ``least`` (a rating's 25).

    >>> nice_step(90), nice_step(400), nice_step(0), nice_step(7, least=1)
    (25, 100, 25, 2)
    """
    raw = max(span, least) / 4
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * magnitude:
            step = factor * magnitude
            return int(step) if step == int(step) and step >= least else max(least, round(step))
    return int(10 * magnitude)  # pragma: no cover


def line_chart(lines: Sequence[Line], *, label: str, low: float, high: float, step: float,
               ticks: Sequence[tuple[int, str]] = (), x_title: str = "", y_title: str = "", last: bool = False,
               width: int = WIDTH, height: int = HEIGHT) -> Markup:
    """Lines over the same steps as an ``<svg>``: gridlines every ``step`` from ``low`` to ``high`` with their
    values, ``ticks`` (step, text) under the axis, the axes' titles, a legend of the named lines, and with
    ``last`` the last value of the first line written beside it. Every page's chart and the HTML review's.

    >>> svg = str(line_chart([Line([0, 4, 9], "#0e7490", "team 1")], label="bits", low=0, high=10, step=5))
    >>> svg.count("<polyline"), "team 1" in svg, svg.count("<line ")
    (1, True, 3)
    """
    left = PAD_LEFT + (18 if y_title else 0)
    bottom = PAD_BOTTOM + (18 if x_title else 0)
    inner_w, inner_h = width - left - PAD_RIGHT, height - PAD_TOP - bottom
    count = max((len(line.values) for line in lines), default=1)

    def x(index: float) -> float:
        return left + (inner_w * index / (count - 1) if count > 1 else inner_w / 2)

    def y(value: float) -> float:
        return PAD_TOP + inner_h * (1 - (value - low) / ((high - low) or 1))

    parts = [f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-label="{escape(label)}" '
             'xmlns="http://www.w3.org/2000/svg">']
    level = low
    while level <= high + 1e-9:
        parts.append(f'<line x1="{left}" x2="{width - PAD_RIGHT}" y1="{y(level):.1f}" y2="{y(level):.1f}" '
                     'stroke="#e3e0d6" stroke-width="1"/>')
        parts.append(f'<text x="{left - 6}" y="{y(level) + 4:.1f}" text-anchor="end" font-size="13" '
                     f'fill="#5f6b64">{level:.0f}</text>')
        level += step
    for index, text in ticks:
        anchor = "start" if index == 0 and count > 1 else "end" if index == count - 1 and count > 1 else "middle"
        parts.append(f'<text x="{x(index):.1f}" y="{PAD_TOP + inner_h + 18}" font-size="13" text-anchor="{anchor}" '
                     f'fill="#5f6b64">{escape(text)}</text>')
    if x_title:
        parts.append(f'<text x="{left + inner_w / 2:.1f}" y="{height - 6}" font-size="13" text-anchor="middle" '
                     f'fill="#5f6b64">{escape(x_title)}</text>')
    if y_title:
        middle = PAD_TOP + inner_h / 2
        parts.append(f'<text x="14" y="{middle:.1f}" font-size="13" text-anchor="middle" fill="#5f6b64" '
                     f'transform="rotate(-90 14 {middle:.1f})">{escape(y_title)}</text>')
    for number, line in enumerate(lines):
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(line.values))
        parts.append(f'<polyline points="{points}" fill="none" stroke="{line.colour}" stroke-width="2.5" '
                     'stroke-linejoin="round"/>')
        for i, (title, value) in enumerate(zip(line.dots, line.values, strict=False)):
            parts.append(f'<circle cx="{x(i):.1f}" cy="{y(value):.1f}" r="3" fill="{line.colour}">'
                         f"<title>{escape(title)}</title></circle>")
        if line.name:
            at = PAD_TOP + 14 + 16 * number
            parts.append(f'<rect x="{left + 10}" y="{at - 9}" width="12" height="3" fill="{line.colour}"/>')
            parts.append(f'<text x="{left + 28}" y="{at - 4}" font-size="12">{escape(line.name)}</text>')
    if last and lines and lines[0].values:
        values = lines[0].values
        parts.append(f'<text x="{x(len(values) - 1):.1f}" y="{y(values[-1]) - 8:.1f}" font-size="12" '
                     f'font-weight="700" text-anchor="end" fill="#1d2420">{values[-1]:.0f}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def rating_chart(points: Sequence[tuple[str, float]], *, width: int = WIDTH, height: int = HEIGHT) -> Markup:
    """The ratings after each rated attempt (``(ISO time, rating)``, oldest first), as an ``<svg>``."""
    if not points:
        return Markup('<p class="dim">No rated puzzle yet: the chart starts with your first answer.</p>')
    values = [r for _, r in points]
    low, high = min(values), max(values)
    step = nice_step(high - low)
    low = math.floor((low - 1) / step) * step
    high = math.ceil((high + 1) / step) * step
    dots = [f"{at[:16].replace('T', ' ')}: {value:.0f}" for at, value in points]
    ticks = [(0, points[0][0][:10])] + ([(len(points) - 1, points[-1][0][:10])] if len(points) > 1 else [])
    label = f"rating over time, from {values[0]:.0f} to {values[-1]:.0f}"
    return line_chart([Line(values, dots=dots)], label=label, low=low, high=high, step=step, ticks=ticks, last=True,
                      width=width, height=height)
