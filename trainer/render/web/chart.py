"""The rating over time as an SVG line chart, drawn on the server (no script, no library).

    >>> svg = str(rating_chart([("2026-06-01T10:00:00+00:00", 1500.0), ("2026-06-02T10:00:00+00:00", 1540.0)]))
    >>> svg.startswith("<svg") and "polyline" in svg and "1540" in svg
    True
    >>> "No rated" in str(rating_chart([]))
    True
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from markupsafe import Markup, escape

WIDTH = 520
HEIGHT = 220
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 44, 12, 12, 28


def nice_step(span: float) -> float:
    """A round gridline step for a span of ratings (about four lines).

    >>> nice_step(90), nice_step(400), nice_step(0)
    (25, 100, 25)
    """
    raw = max(span, 1) / 4
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * magnitude:
            step = factor * magnitude
            return int(step) if step == int(step) and step >= 25 else max(25, round(step))
    return int(10 * magnitude)  # pragma: no cover


def rating_chart(points: Sequence[tuple[str, float]], *, width: int = WIDTH, height: int = HEIGHT) -> Markup:
    """The ratings after each rated attempt (``(ISO time, rating)``, oldest first), as an ``<svg>``."""
    if not points:
        return Markup('<p class="dim">No rated puzzle yet: the chart starts with your first answer.</p>')
    values = [r for _, r in points]
    low, high = min(values), max(values)
    step = nice_step(high - low)
    low = math.floor((low - 1) / step) * step
    high = math.ceil((high + 1) / step) * step
    inner_w, inner_h = width - PAD_LEFT - PAD_RIGHT, height - PAD_TOP - PAD_BOTTOM

    def x(index: int) -> float:
        return PAD_LEFT + (inner_w * index / (len(points) - 1) if len(points) > 1 else inner_w / 2)

    def y(value: float) -> float:
        return PAD_TOP + inner_h * (1 - (value - low) / (high - low))

    parts = [f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="rating over time, from {values[0]:.0f} to {values[-1]:.0f}" '
             'xmlns="http://www.w3.org/2000/svg">']
    level = low
    while level <= high + 1e-9:
        parts.append(f'<line x1="{PAD_LEFT}" x2="{width - PAD_RIGHT}" y1="{y(level):.1f}" y2="{y(level):.1f}" '
                     'stroke="#e3e0d6" stroke-width="1"/>')
        parts.append(f'<text x="{PAD_LEFT - 6}" y="{y(level) + 4:.1f}" text-anchor="end" font-size="13" '
                     f'fill="#5f6b64">{level:.0f}</text>')
        level += step
    line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    parts.append(f'<polyline points="{line}" fill="none" stroke="#1c6e8c" stroke-width="2.5" '
                 'stroke-linejoin="round"/>')
    for i, (at, value) in enumerate(points):
        parts.append(f'<circle cx="{x(i):.1f}" cy="{y(value):.1f}" r="3" fill="#1c6e8c">'
                     f"<title>{escape(at[:16].replace('T', ' '))}: {value:.0f}</title></circle>")
    first, last = points[0][0][:10], points[-1][0][:10]
    parts.append(f'<text x="{PAD_LEFT}" y="{height - 8}" font-size="13" fill="#5f6b64">{escape(first)}</text>')
    if len(points) > 1:
        parts.append(f'<text x="{width - PAD_RIGHT}" y="{height - 8}" font-size="13" text-anchor="end" '
                     f'fill="#5f6b64">{escape(last)}</text>')
    parts.append(f'<text x="{x(len(points) - 1):.1f}" y="{y(values[-1]) - 8:.1f}" font-size="12" font-weight="700" '
                 f'text-anchor="end" fill="#1d2420">{values[-1]:.0f}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
