"""A board too big for one sheet, printed over several: tiles that overlap, with
assembly marks.

The board is scaled to the width asked for and cut into page-sized windows that overlap
by `OVERLAP`. Each tile's left and top overlap strips are shaded, to be trimmed off or
glued under the neighbour; registration crosses at every tile seam show on both
tiles, so the pieces line up; each tile is labelled with its row and column.
"""

from __future__ import annotations

import math
import re

from sleuth.printing.paper import Paper
from sleuth.printing.sheets import Page
from sleuth.printing.text import line

OVERLAP = 10.0  # mm shared by two neighbouring tiles
LABEL = 6.0  # mm under each tile for its label


def svg_body(document: str) -> tuple[str, float, float]:
    """The inside of an `<svg>` document and its viewBox width and height."""
    match = re.search(r"<svg\b[^>]*viewBox=\"0 0 ([\d.]+) ([\d.]+)\"[^>]*>", document)
    if match is None:
        raise ValueError("the picture has no viewBox starting at 0 0")
    body = document[match.end() : document.rindex("</svg>")]
    return body, float(match.group(1)), float(match.group(2))


def tiled(
    body: str, width: float, height: float, board_mm: float, paper: Paper, caption: str
) -> list[Page]:
    """`body` (drawn in a `width` x `height` box) printed `board_mm` wide over tiles."""
    scale = board_mm / width  # mm per unit
    board_h = height * scale
    window_w, window_h = paper.inner_width, paper.inner_height - LABEL
    columns = max(1, math.ceil((board_mm - OVERLAP) / (window_w - OVERLAP)))
    rows = max(1, math.ceil((board_h - OVERLAP) / (window_h - OVERLAP)))
    seams_x = [c * (window_w - OVERLAP) for c in range(1, columns)]
    seams_y = [r * (window_h - OVERLAP) for r in range(1, rows)]
    # Registration crosses down the middle of every overlap strip: each prints on both
    # tiles that share the strip, so laying one cross over the other lines the tiles up.
    points = [(seam + OVERLAP / 2, y) for seam in seams_x for y in _every(60.0, board_h)] + [
        (x, seam + OVERLAP / 2) for seam in seams_y for x in _every(60.0, board_mm)
    ]
    crosses = "".join(_cross(x / scale, y / scale, 3 / scale) for x, y in points)
    pages = []
    for row in range(rows):
        for column in range(columns):
            x0 = column * (window_w - OVERLAP)
            y0 = row * (window_h - OVERLAP)
            w = min(window_w, board_mm - x0)
            h = min(window_h, board_h - y0)
            left, top = paper.margin, paper.margin
            view = f"{x0 / scale:.3f} {y0 / scale:.3f} {w / scale:.3f} {h / scale:.3f}"
            parts = [
                f'<svg x="{left}" y="{top}" width="{w:.3f}" height="{h:.3f}" viewBox="{view}"'
                f' preserveAspectRatio="xMinYMin meet">{body}{crosses}</svg>',
                f'<rect x="{left}" y="{top}" width="{w:.3f}" height="{h:.3f}" fill="none"'
                ' stroke="#000" stroke-width="0.2"/>',
            ]
            if column > 0:  # the strip under the left neighbour
                parts.append(_strip(left, top, OVERLAP, h))
            if row > 0:  # the strip under the neighbour above
                parts.append(_strip(left, top, w, OVERLAP))
            label = (
                f"{caption}: tile {chr(65 + row)}{column + 1} (rows A-{chr(64 + rows)},"
                f" columns 1-{columns}). Shaded strips go under the tile to the left or above;"
                " line up the crosses."
            )
            parts.append(line(label, left, top + h + 4.5, 2.8))
            pages.append(
                Page(paper, "".join(parts), f"{caption}, tile {chr(65 + row)}{column + 1}")
            )
    return pages


def _every(step: float, length: float) -> list[float]:
    """Points `step` apart along `length`, centred."""
    count = max(1, int(length // step))
    start = (length - (count - 1) * step) / 2
    return [start + i * step for i in range(count)]


def _cross(x: float, y: float, arm: float) -> str:
    return (
        f'<path d="M{x - arm:.3f},{y:.3f}H{x + arm:.3f}M{x:.3f},{y - arm:.3f}V{y + arm:.3f}"'
        f' stroke="#000" stroke-width="{arm / 12:.3f}"/>'
        f'<circle cx="{x:.3f}" cy="{y:.3f}" r="{arm / 2:.3f}" fill="none" stroke="#000"'
        f' stroke-width="{arm / 12:.3f}"/>'
    )


def _strip(x: float, y: float, w: float, h: float) -> str:
    return (
        f'<rect x="{x}" y="{y}" width="{w:.3f}" height="{h:.3f}" fill="#000" fill-opacity="0.12"/>'
    )
