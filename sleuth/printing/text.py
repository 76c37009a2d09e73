"""Text set in SVG: escaped, wrapped to a width, in the kit's fonts.

SVG does not wrap text, so lines are broken here by an estimate of each line's width
(an average character is about 0.55 of the font size in DejaVu or Liberation Sans):
the boxes leave room for the estimate to be a little short.
"""

from __future__ import annotations

import textwrap
from xml.sax.saxutils import escape

FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif"
AVERAGE_WIDTH = 0.55  # of the font size, for mixed text in a sans-serif font


def lines_for(text: str, width: float, size: float) -> list[str]:
    """`text` broken into lines no wider than `width` (mm) at `size` (mm)."""
    columns = max(4, int(width / (size * AVERAGE_WIDTH)))
    out: list[str] = []
    for paragraph in text.split("\n"):
        out.extend(textwrap.wrap(paragraph, columns) or [""])
    return out


def block(
    text: str,
    x: float,
    y: float,
    width: float,
    size: float,
    *,
    anchor: str = "start",
    weight: str = "normal",
    fill: str = "#111",
    leading: float = 1.25,
) -> tuple[str, float]:
    """SVG for `text` wrapped into `width` from (x, y) (the first baseline), and the y
    just below its last line."""
    rows = lines_for(text, width, size)
    parts = []
    for i, row in enumerate(rows):
        parts.append(
            f'<text x="{x:.2f}" y="{y + i * size * leading:.2f}" font-family="{FONT}"'
            f' font-size="{size:.2f}" font-weight="{weight}" fill="{fill}"'
            f' text-anchor="{anchor}">{escape(row)}</text>'
        )
    return "".join(parts), y + len(rows) * size * leading


def line(
    text: str,
    x: float,
    y: float,
    size: float,
    *,
    anchor: str = "start",
    weight: str = "normal",
    fill: str = "#111",
) -> str:
    """One line of text, not wrapped."""
    return (
        f'<text x="{x:.2f}" y="{y:.2f}" font-family="{FONT}" font-size="{size:.2f}"'
        f' font-weight="{weight}" fill="{fill}" text-anchor="{anchor}">{escape(text)}</text>'
    )
