"""Pages: SVG documents in millimetres, and sheets of cards with crop marks and backs.

Cards are laid edge to edge in a grid centred on the page (one cut between two
cards), with crop marks outside the grid at every cut line. For double-sided printing each sheet of
faces is followed by its sheet of backs, the columns mirrored, so that a sheet
printed on both sides (flipped on its long edge) puts every back behind its face.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sleuth.printing.paper import Paper
from sleuth.printing.text import line

Draw = Callable[[float, float], str]
"""Draws something at an offset (x, y) in mm: returns SVG elements."""


@dataclass(frozen=True)
class Page:
    """One printed page: its paper, its SVG body (mm units) and a caption for the cover."""

    paper: Paper
    body: str
    caption: str

    def svg(self) -> str:
        w, h = self.paper.width, self.paper.height
        return (
            '<svg xmlns="http://www.w3.org/2000/svg"'
            f' width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}">'
            f'<rect width="{w}" height="{h}" fill="#fff"/>{self.body}</svg>'
        )


@dataclass(frozen=True)
class Card:
    """A card to print: its face and its back, each drawn in a box of the card's size."""

    face: Draw
    back: Draw


CROP = 2.0  # length of a crop mark, mm
GAP = 0.0  # cards share their cut lines: one cut between two cards
EDGE = 5.0  # card sheets use the page to within this of its edges (nine cards on A4 or Letter)
FOOTER = 3.5  # the height of the sheet's label line


def card_sheets(
    cards: Sequence[Card],
    size: tuple[float, float],
    paper: Paper,
    caption: str,
    *,
    backs: bool = True,
) -> list[Page]:
    """The cards laid out on as many sheets as they need, each sheet's backs after it."""
    width, height = size
    room_w = paper.width - 2 * EDGE
    room_h = paper.height - 2 * EDGE - FOOTER
    columns = max(1, int((room_w + GAP) // (width + GAP)))
    rows = max(1, int((room_h + GAP) // (height + GAP)))
    per_sheet = columns * rows
    grid_w = columns * width + (columns - 1) * GAP
    grid_h = rows * height + (rows - 1) * GAP
    left = (paper.width - grid_w) / 2
    top = EDGE + (room_h - grid_h) / 2
    pages: list[Page] = []
    sheets = [cards[i : i + per_sheet] for i in range(0, len(cards), per_sheet)]
    for number, sheet in enumerate(sheets, start=1):
        label = f"{caption}, sheet {number} of {len(sheets)}"
        faces, behind = [], []
        for i, card in enumerate(sheet):
            row, column = divmod(i, columns)
            y = top + row * (height + GAP)
            faces.append(card.face(left + column * (width + GAP), y))
            mirrored = columns - 1 - column  # flipped on the long edge
            behind.append(card.back(left + mirrored * (width + GAP), y))
        marks = _crop_marks(left, top, width, height, columns, rows)
        footer = line(label, paper.width / 2, paper.height - 3, 2.4, anchor="middle")
        pages.append(Page(paper, "".join(faces) + marks + footer, label))
        if backs:
            back_label = f"{label}: backs (print on the other side, flip on the long edge)"
            back_footer = line(back_label, paper.width / 2, paper.height - 3, 2.4, anchor="middle")
            mirror_left = paper.width - left - grid_w  # the grid mirrored on the page
            back_marks = _crop_marks(mirror_left, top, width, height, columns, rows)
            pages.append(Page(paper, "".join(behind) + back_marks + back_footer, back_label))
    return pages


def _crop_marks(
    left: float, top: float, width: float, height: float, columns: int, rows: int
) -> str:
    """Short lines outside the grid at every cut line (never over a card)."""
    marks = []
    grid_w = columns * width + (columns - 1) * GAP
    grid_h = rows * height + (rows - 1) * GAP
    xs = sorted(
        {left + c * (width + GAP) for c in range(columns)}
        | {left + c * (width + GAP) + width for c in range(columns)}
    )
    ys = sorted(
        {top + r * (height + GAP) for r in range(rows)}
        | {top + r * (height + GAP) + height for r in range(rows)}
    )
    bottom, right = top + grid_h, left + grid_w

    def mark(x1: float, y1: float, x2: float, y2: float) -> str:
        return (
            f'<line x1="{x1:.2f}" y1="{y1:.2f}" x2="{x2:.2f}" y2="{y2:.2f}"'
            ' stroke="#000" stroke-width="0.2"/>'
        )

    for x in xs:
        marks.append(mark(x, top - CROP - 1, x, top - 1))
        marks.append(mark(x, bottom + 1, x, bottom + CROP + 1))
    for y in ys:
        marks.append(mark(left - CROP - 1, y, left - 1, y))
        marks.append(mark(right + 1, y, right + CROP + 1, y))
    return "".join(marks)
