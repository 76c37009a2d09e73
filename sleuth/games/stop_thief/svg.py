"""Draw the 1979 Stop Thief board as SVG, from the board data alone.

`board_svg()` is a pure function: the same arguments give the same text. The
picture is ours, drawn from the grid in data/board.json (never from the
publisher's artwork): squares coloured by kind, walls along every edge where a
building meets a wall gap or the street (doors and windows leave their
opening), numbered spaces labelled as printed ("48" inside buildings, "5-93"
on the streets), the five subway stations, the ACME Detective Agency, the
newsstand and the four building names.

On top of the board it can draw detectives' pawns, the spaces a tracker still
thinks possible (or their probabilities), and the thief's revealed route.
Every square, space, station and piece carries `data-node` (and numbered spaces
`data-code`) so a web page can attach click handlers; each has a `<title>`
tooltip.

    >>> from sleuth.games.stop_thief.svg import board_svg
    >>> picture = board_svg(pieces={0: "acme"}, possible=[148, 153], path=[123, 124])
    >>> str(picture).startswith("<svg")
    True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from .board import BUILDINGS, Board, Node, load_board
from .words import node_label

__all__ = ["BoardSvg", "PIECE_COLOURS", "board_svg"]

CELL = 20  # one grid square, in SVG user units
MARGIN = CELL  # room around the grid for the corner subway stations

PIECE_COLOURS: tuple[str, ...] = ("#d62828", "#1d5fd1", "#2a9d3a", "#f2c12e")
"""Pawn colours for seats 0-3 (red, blue, green, yellow); later seats cycle."""

FILL = {
    "street": "#c3c3bd",
    "street-space": "#dfded8",
    "floor": "#f1dc94",
    "floor-space": "#f6e6aa",
    "crime": "#d7301f",
    "door": "#8a5a2b",
    "window": "#3f9bb0",
    "station": "#1f3a5f",
    "outside": "#56684a",
    "gap": "#c4b698",
}
GRID_LINE = {
    "street": "#9d9c95",
    "floor": "#c8ab5c",
    "crime": "#8e1c12",
    "door": "#5a3815",
    "window": "#23677a",
}
WALL = "#2a1f16"
INK = "#3b2a14"
NAMES = {area: f"{area} {name.upper()}" for area, name in BUILDINGS.items()}
KIND_WORD = {
    "crime": "crime location",
    "floor": "floor",
    "door": "door",
    "window": "window",
    "street": "street",
    "station": "subway station",
}


@dataclass(frozen=True, slots=True)
class BoardSvg:
    """An SVG picture of the board: `str()` or `.text` is the document; notebooks show it."""

    text: str

    def __str__(self) -> str:
        return self.text

    def _repr_svg_(self) -> str:
        return self.text

    def save(self, path: str) -> None:
        """Write the SVG document to a file."""
        with open(path, "w", encoding="utf-8") as out:
            out.write(self.text)


def board_svg(
    board: Board | None = None,
    *,
    pieces: Mapping[int, str] | None = None,
    possible: Iterable[int] | Mapping[int, float] | None = None,
    path: Sequence[int] | None = None,
    size: int = 760,
    labels: bool = True,
) -> BoardSvg:
    """The board as SVG, `size` pixels square.

    pieces: seat -> node id ("148", "r05c12", "acme", "subway-nw"): a pawn per seat.
    possible: codes of the spaces the thief may be on (circled), or code -> probability
        (circle size and strength follow the probability; zero is not drawn).
    path: the thief's revealed route as space codes; each move is an arrow, a subway
        ride (two consecutive codes that are not neighbours) a dashed arrow.
    labels: write space numbers, names and signs.
    """
    b = board if board is not None else load_board()
    if size <= 0:
        raise ValueError(f"size must be positive, not {size}")
    return BoardSvg(_Drawing(b, labels).render(pieces, possible, path, size))


# --- helpers ---------------------------------------------------------------------------


def _n(value: float) -> str:
    """A coordinate written shortly and always the same way."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _attrs(**values: str | float) -> str:
    parts = []
    for key, value in values.items():
        name = key.rstrip("_").replace("_", "-")
        text = _n(value) if isinstance(value, float | int) else escape(value, {'"': "&quot;"})
        parts.append(f'{name}="{text}"')
    return " ".join(parts)


def _title(text: str) -> str:
    return f"<title>{escape(text)}</title>"


class _Drawing:
    """Builds the SVG text for one board."""

    def __init__(self, board: Board, labels: bool) -> None:
        self.b = board
        self.labels = labels
        self.size = board.size
        self.kind_at: dict[tuple[int, int], str] = {}
        for node in board.nodes:
            for cell in node.cells:
                self.kind_at[cell] = node.kind
        for code in (board.newsstand,):
            for cell in board.nodes[board.node_of_code[code]].cells:
                self.kind_at[cell] = "street"
        self.station_xy = {st.id: self._station_centre(i) for i, st in enumerate(board.stations)}
        self.extents = self._extents()
        self.gaps: frozenset[tuple[int, int]] = frozenset(
            (r, c)
            for r0, c0, r1, c1 in self.extents.values()
            for r in range(r0, r1 + 1)
            for c in range(c0, c1 + 1)
            if (r, c) not in self.kind_at
        )

    # --- geometry --------------------------------------------------------------------
    @staticmethod
    def xy(row: float, col: float) -> tuple[float, float]:
        """Grid (row, col) in squares -> SVG (x, y)."""
        return MARGIN + col * CELL, MARGIN + row * CELL

    def node_centre(self, index: int) -> tuple[float, float]:
        node = self.b.nodes[index]
        if not node.cells:
            return self.station_xy[node.id]
        rows = [r for r, _ in node.cells]
        cols = [c for _, c in node.cells]
        return self.xy(sum(rows) / len(rows) + 0.5, sum(cols) / len(cols) + 0.5)

    def code_centre(self, code: int) -> tuple[float, float]:
        row, col = self.b.centre(code)
        return self.xy(row, col)

    def _station_centre(self, i: int) -> tuple[float, float]:
        st = self.b.stations[i]
        inside = self.b.cell_node.get((st.row, st.col))
        if inside is not None:  # the centre station stands in the middle of its plaza
            return self.node_centre(inside)
        half = (self.size - 1) / 2
        shift = 0.3
        dr = shift if st.row > half else -shift
        dc = shift if st.col > half else -shift
        return self.xy(st.row + 0.5 + dr, st.col + 0.5 + dc)

    # --- the whole picture -----------------------------------------------------------
    def render(
        self,
        pieces: Mapping[int, str] | None,
        possible: Iterable[int] | Mapping[int, float] | None,
        path: Sequence[int] | None,
        size: int,
    ) -> str:
        full = self.size * CELL + 2 * MARGIN
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" {_attrs(width=size, height=size)} '
            f'viewBox="0 0 {full} {full}" class="stop-thief-board" '
            'font-family="Helvetica, Arial, sans-serif">',
            _title("Stop Thief (1979) board"),
            self._defs(),
            f"<rect {_attrs(x=0, y=0, width=full, height=full, fill=FILL['outside'])}/>",
        ]
        out += self._gaps()
        out += self._squares()
        out += self._walls()
        out += self._specials()
        if self.labels:
            out += self._labels()
        if possible is not None:
            out += self._possible(possible)
        if path:
            out += self._path(path)
        if pieces:
            out += self._pieces(pieces)
        out.append("</svg>")
        return "\n".join(out) + "\n"

    def _defs(self) -> str:
        return (
            "<defs>"
            '<marker id="st-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
            'markerHeight="5" orient="auto-start-reverse">'
            '<path d="M0,0 L10,5 L0,10 z" fill="#111"/></marker>'
            f'<pattern id="st-hatch" patternUnits="userSpaceOnUse" width="6" height="6">'
            f'<rect width="6" height="6" fill="{FILL["gap"]}"/>'
            '<path d="M-1,1 L1,-1 M0,6 L6,0 M5,7 L7,5" stroke="#a8987a" stroke-width="1"/>'
            "</pattern>"
            "</defs>"
        )

    # --- the board itself --------------------------------------------------------------
    def _extents(self) -> dict[int, tuple[int, int, int, int]]:
        out: dict[int, tuple[int, int, int, int]] = {}
        for area in sorted(BUILDINGS):
            spaces = [s for s in self.b.spaces.values() if s.area == area]
            out[area] = (
                min(s.row for s in spaces),
                min(s.col for s in spaces),
                max(s.row for s in spaces),
                max(s.col for s in spaces),
            )
        return out

    def _gaps(self) -> list[str]:
        """Blank squares inside a building's extent: the walls and gaps between rooms."""
        out = ['<g class="gaps" fill="url(#st-hatch)">']
        for r, c0, c1 in _runs(self.gaps):
            x, y = self.xy(r, c0)
            out.append(f"<rect {_attrs(x=x, y=y, width=(c1 - c0) * CELL, height=CELL)}/>")
        out.append("</g>")
        return out

    def _squares(self) -> list[str]:
        out = ['<g class="squares">']
        for node in self.b.nodes:
            if node.cells and node.index != self.b.acme:  # ACME is drawn with the landmarks
                out.append(self._square(node))
        out.append("</g>")
        return out

    def _square(self, node: Node) -> str:
        rows = [r for r, _ in node.cells]
        cols = [c for _, c in node.cells]
        x, y = self.xy(min(rows), min(cols))
        w = (max(cols) - min(cols) + 1) * CELL
        h = (max(rows) - min(rows) + 1) * CELL
        numbered = node.code is not None
        kind = node.kind
        fill = FILL[kind]
        if kind in ("street", "floor") and numbered:
            fill = FILL[f"{kind}-space"]
        if node.code == self.b.newsstand:
            kind_name = "newsstand (crime location)"
        else:
            kind_name = KIND_WORD[kind]
        pad = 1.5 if kind == "street" and numbered else 0.0
        rect = _attrs(
            x=x + pad,
            y=y + pad,
            width=w - 2 * pad,
            height=h - 2 * pad,
            fill=fill,
            stroke=GRID_LINE[kind],
            stroke_width=0.8 if not numbered or kind != "street" else 1.2,
        )
        if node.code is not None:
            space = self.b.spaces[node.code]
            where = BUILDINGS.get(space.area)
            tip = f"{space.label}: {kind_name}" + (f" ({where})" if where else "")
            corner = ' rx="6"' if len(node.cells) > 9 else ""
            return (
                f'<rect id="space-{node.code}" class="space {kind}" data-node="{node.id}" '
                f'data-code="{node.code}" data-kind="{kind}" {rect}{corner}>'
                f"{_title(tip)}</rect>"
            )
        label = node_label(node.id)  # the same words the log uses for this square
        return (
            f'<rect class="square {kind}" data-node="{node.id}" data-kind="{kind}" '
            f'data-label="{escape(label)}" {rect}>{_title(f"{kind_name}: {label}")}</rect>'
        )

    def _walls(self) -> list[str]:
        """Thick lines on every edge where a building square meets a gap or the street.

        A door or window keeps its opening open: the two edges it is crossed through.
        """
        spaces = {(s.row, s.col): s for s in self.b.spaces.values()}
        horizontal: set[tuple[int, int]] = set()  # (r, c): top edge of square (r, c)
        vertical: set[tuple[int, int]] = set()  # (r, c): left edge of square (r, c)
        for r, c in sorted(self.gaps):  # the outline of each building
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                if (r + dr, c + dc) in self.gaps or self.kind_at.get((r + dr, c + dc)) not in (
                    None,
                    "street",
                ):
                    continue
                if dr:
                    horizontal.add((r + max(dr, 0), c))
                else:
                    vertical.add((r, c + max(dc, 0)))
        for (r, c), kind in sorted(self.kind_at.items()):
            if kind in ("street", "station"):
                continue
            space = spaces.get((r, c))
            crossing = space.crossing if space is not None else None
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                other = self.kind_at.get((r + dr, c + dc))
                if other is not None and other != "street":
                    continue
                if other == "street" and crossing in (
                    "diagonal",
                    "rows" if dr else "cols",
                ):
                    continue  # the opening of a door or window
                if dr:
                    horizontal.add((r + max(dr, 0), c))
                else:
                    vertical.add((r, c + max(dc, 0)))
        out = [f'<g class="walls" stroke="{WALL}" stroke-width="3.2" stroke-linecap="square">']
        for r, c0, c1 in _runs(horizontal):
            x0, y = self.xy(r, c0)
            x1, _ = self.xy(r, c1)
            out.append(f"<line {_attrs(x1=x0, y1=y, x2=x1, y2=y)}/>")
        for c, r0, r1 in _runs({(c, r) for r, c in vertical}):
            x, y0 = self.xy(r0, c)
            _, y1 = self.xy(r1, c)
            out.append(f"<line {_attrs(x1=x, y1=y0, x2=x, y2=y1)}/>")
        out.append("</g>")
        return out

    def _specials(self) -> list[str]:
        """Subway stations, the ACME Detective Agency, the newsstand."""
        out = ['<g class="landmarks">']
        for st in self.b.stations:
            cx, cy = self.station_xy[st.id]
            side = CELL * (1.9 if st.corner else 1.7)
            box = _attrs(
                x=cx - side / 2,
                y=cy - side / 2,
                width=side,
                height=side,
                rx=3,
                fill=FILL["station"],
                stroke="#f2f2f2",
                stroke_width=1.5,
            )
            out.append(
                f'<g id="{st.id}" class="station" data-node="{st.id}" data-front="{st.front}">'
                f"{_title(f'{st.name} (in front: {self.b.spaces[st.front].label})')}"
                f"<rect {box}/>"
            )
            if self.labels:
                angle = 0.0
                if st.corner:
                    angle = -45.0 if (st.row < self.size / 2) == (st.col < self.size / 2) else 45.0
                out.append(
                    f"<text {_attrs(x=cx, y=cy + 2.2, font_size=6.4, fill='#ffffff')} "
                    f'font-weight="bold" text-anchor="middle" '
                    f'transform="rotate({_n(angle)} {_n(cx)} {_n(cy)})" '
                    f'pointer-events="none">SUBWAY</text>'
                )
            out.append("</g>")
        acme = self.b.nodes[self.b.acme]
        rows = [r for r, _ in acme.cells]
        cols = [c for _, c in acme.cells]
        x, y = self.xy(min(rows), min(cols))
        w = (max(cols) - min(cols) + 1) * CELL
        h = (max(rows) - min(rows) + 1) * CELL
        out.append(
            f'<g id="acme" class="acme square street" data-node="acme" data-kind="street">'
            f"{_title('ACME Detective Agency: the detectives start here')}"
            f"<rect {_attrs(x=x, y=y, width=w, height=h)} "
            f'fill="{FILL["street"]}" stroke="{GRID_LINE["street"]}" stroke-width="0.8"/>'
            f"<rect {_attrs(x=x + 1, y=y + 1, width=w - 2, height=h - 2, rx=2)} "
            'fill="#20407a" stroke="#f2c12e" stroke-width="1.2"/>'
        )
        if self.labels:
            cx, cy = x + w / 2, y + h / 2
            out.append(
                f"<text {_attrs(x=cx, y=cy - 1.5, font_size=6)} "
                'fill="#f2c12e" font-weight="bold" text-anchor="middle" '
                'pointer-events="none">ACME</text>'
                f"<text {_attrs(x=cx, y=cy + 5, font_size=3.6)} "
                'fill="#ffffff" text-anchor="middle" pointer-events="none">DETECTIVES</text>'
            )
        out += ["</g>", "</g>"]
        return out

    def _labels(self) -> list[str]:
        out = ['<g class="labels" text-anchor="middle" pointer-events="none">']
        for code in sorted(self.b.spaces):
            space = self.b.spaces[code]
            node = self.b.nodes[self.b.node_of_code[code]]
            cx, cy = self.code_centre(code)
            text = space.label if space.area in (5, 6, 7, 8) else f"{code % 100:02d}"
            colour = INK
            if space.kind in ("crime", "door", "window"):
                colour = "#ffffff"
            big = len(node.cells) > 1
            font = 7.0 if big else (5.6 if space.area >= 5 else 6.4)
            if code == self.b.newsstand:
                out.append(
                    f"<text {_attrs(x=cx, y=cy - 1, font_size=5.2, fill=colour)} "
                    f'font-weight="bold">NEWS</text>'
                )
                cy += 6
                font = 5.2
            elif len(node.cells) > 9:  # the central plaza: number above the station
                cy = self.xy(min(r for r, _ in node.cells) + 0.6, 0)[1]
            out.append(
                f'<text data-code="{code}" '
                f"{_attrs(x=cx, y=cy + font * 0.36, font_size=font, fill=colour)}>"
                f"{text}</text>"
            )
        extents = self.extents
        for area in sorted(extents):
            x, y, angle = self._name_place(area, extents[area])
            out.append(
                f'<text class="building-name" data-building="{area}" '
                f"{_attrs(x=x, y=y, font_size=9.5)} "
                f'fill="#6b1d10" font-weight="bold" letter-spacing="1.5" '
                f'transform="rotate({_n(angle)} {_n(x)} {_n(y)})">{NAMES[area]}</text>'
            )
        out.append("</g>")
        return out

    def _name_place(
        self, area: int, extent: tuple[int, int, int, int]
    ) -> tuple[float, float, float]:
        """Where a building's name goes: the longest run of wall gap in its quadrant."""
        r0, c0, r1, c1 = extent
        best: tuple[int, float, float, float] = (0, 0.0, 0.0, 0.0)
        for r in range(r0, r1 + 1):
            c = c0
            while c <= c1:
                start = c
                while c <= c1 and (r, c) not in self.kind_at:
                    c += 1
                if c - start > best[0]:
                    x, y = self.xy(r + 0.5, (start + c) / 2)
                    best = (c - start, x, y + 3.4, 0.0)
                c += 1
        for c in range(c0, c1 + 1):
            r = r0
            while r <= r1:
                start = r
                while r <= r1 and (r, c) not in self.kind_at:
                    r += 1
                if r - start > best[0]:
                    x, y = self.xy((start + r) / 2, c + 0.5)
                    best = (r - start, x + 3.4, y, -90.0)
                r += 1
        return best[1], best[2], best[3]

    # --- what is drawn on top ---------------------------------------------------------
    def _possible(self, possible: Iterable[int] | Mapping[int, float]) -> list[str]:
        if isinstance(possible, Mapping):
            weights = {int(c): float(p) for c, p in possible.items()}
        else:
            weights = {int(c): 1.0 for c in possible}
        for code in weights:
            if code not in self.b.spaces:
                raise ValueError(f"{code} is not a numbered space")
        top = max(weights.values(), default=0.0)
        out = ['<g class="possible" fill="none" stroke="#ff2d95" pointer-events="none">']
        for code in sorted(weights):
            p = weights[code]
            if p <= 0 or top <= 0:
                continue
            share = p / top
            cx, cy = self.code_centre(code)
            radius = CELL * (0.28 + 0.2 * share**0.5)
            out.append(
                f'<circle class="possible-space" data-code="{code}" data-p="{p:.4f}" '
                f"{_attrs(cx=cx, cy=cy, r=radius)} "
                f"{_attrs(stroke_width=1.4 + 1.4 * share, stroke_opacity=0.35 + 0.65 * share)}/>"
            )
        out.append("</g>")
        return out

    def _path(self, path: Sequence[int]) -> list[str]:
        codes = [int(c) for c in path]
        for code in codes:
            if code not in self.b.spaces:
                raise ValueError(f"{code} is not a numbered space")
        out = ['<g class="path" stroke="#111" fill="none" pointer-events="none">']
        x, y = self.code_centre(codes[0])
        out.append(
            f'<circle class="path-start" data-code="{codes[0]}" '
            f'{_attrs(cx=x, cy=y, r=3.2)} fill="#111" stroke="#fff" stroke-width="0.8"/>'
        )
        step = 0
        for a, b in zip(codes, codes[1:], strict=False):
            if a == b:
                continue
            step += 1
            ride = b not in self.b.thief_neighbours[a]
            (x0, y0), (x1, y1) = self.code_centre(a), self.code_centre(b)
            dx, dy = x1 - x0, y1 - y0
            length = (dx * dx + dy * dy) ** 0.5
            trim = min(6.5, length / 3)
            x0, y0 = x0 + dx * trim / length, y0 + dy * trim / length
            x1, y1 = x1 - dx * trim / length, y1 - dy * trim / length
            kind = "ride" if ride else "move"
            dash = ' stroke-dasharray="5 3"' if ride else ""
            out.append(
                f'<line class="path-step {kind}" data-step="{step}" data-from="{a}" '
                f'data-to="{b}" {_attrs(x1=x0, y1=y0, x2=x1, y2=y1)} '
                f'stroke-width="{2 if not ride else 1.6}"{dash} marker-end="url(#st-arrow)"/>'
            )
        out.append("</g>")
        return out

    def _pieces(self, pieces: Mapping[int, str]) -> list[str]:
        by_node: dict[int, list[int]] = {}
        for seat in sorted(pieces):
            index = self.b.parse_node(pieces[seat])
            if index is None:
                raise ValueError(f"seat {seat}: no square called {pieces[seat]!r}")
            by_node.setdefault(index, []).append(seat)
        out = ['<g class="pieces">']
        for index in sorted(by_node):
            seats = by_node[index]
            node = self.b.nodes[index]
            cx, cy = self.node_centre(index) if node.cells else self._beside_sign(node)
            offsets = _spread(len(seats), wide=_is_wide(node))
            for seat, (ox, oy) in zip(seats, offsets, strict=True):
                out.append(self._pawn(seat, self.b.nodes[index].id, cx + ox, cy + oy))
        out.append("</g>")
        return out

    def _beside_sign(self, node: Node) -> tuple[float, float]:
        """Where a pawn stands in a station box: beside its SUBWAY sign, towards the board."""
        x, y = self.station_xy[node.id]
        station = next(st for st in self.b.stations if st.id == node.id)
        if not station.corner:
            return x, y + CELL * 0.5
        half = (self.size - 1) / 2
        dx = -1.0 if station.col > half else 1.0
        dy = -1.0 if station.row > half else 1.0
        return x + dx * CELL * 0.32, y + dy * CELL * 0.32

    def _pawn(self, seat: int, node_id: str, x: float, y: float) -> str:
        colour = PIECE_COLOURS[seat % len(PIECE_COLOURS)]
        s = CELL / 20 * 0.62  # pawn drawn on a 20-unit design, scaled to ~0.6 square
        body = (
            f"M{_n(x - 7 * s)},{_n(y + 8 * s)} L{_n(x + 7 * s)},{_n(y + 8 * s)} "
            f"L{_n(x + 3 * s)},{_n(y - 1 * s)} L{_n(x - 3 * s)},{_n(y - 1 * s)} z"
        )
        return (
            f'<g id="piece-{seat}" class="piece" data-seat="{seat}" data-node="{node_id}">'
            f"{_title(f'Detective {seat + 1} on {node_id}')}"
            f'<path d="{body}" fill="{colour}" stroke="#111" stroke-width="0.9"/>'
            f"<circle {_attrs(cx=x, cy=y - 4 * s, r=4.2 * s)} "
            f'fill="{colour}" stroke="#111" stroke-width="0.9"/></g>'
        )


def _runs(edges: Iterable[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """Unit edges (line, position) merged into runs (line, start, end)."""
    out: list[tuple[int, int, int]] = []
    for line, pos in sorted(edges):
        if out and out[-1][0] == line and out[-1][2] == pos:
            out[-1] = (line, out[-1][1], pos + 1)
        else:
            out.append((line, pos, pos + 1))
    return out


def _is_wide(node: Node) -> bool:
    """A square at least twice as wide as it is tall (the ACME Detective Agency)."""
    rows = {r for r, _ in node.cells}
    cols = {c for _, c in node.cells}
    return len(cols) >= 2 * len(rows) > 0


def _spread(count: int, *, wide: bool = False) -> list[tuple[float, float]]:
    """Offsets for `count` pawns sharing a square: side by side on a wide one."""
    if count == 1:
        return [(0.0, 0.0)]
    if wide and count <= 4:
        gap = CELL * 0.45
        return [((i - (count - 1) / 2) * gap, 0.0) for i in range(count)]
    d = CELL * 0.26
    corners = [(-d, -d), (d, -d), (-d, d), (d, d)]
    if count <= 4:
        return corners[:count]
    step = 2 * math.pi / count
    return [(d * 1.2 * math.cos(i * step), d * 1.2 * math.sin(i * step)) for i in range(count)]
