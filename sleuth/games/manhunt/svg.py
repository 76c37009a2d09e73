"""Draw the Manhunt board as SVG, from the board data alone.

`board_svg()` is a pure function: the same arguments give the same text. The
picture is ours, drawn from data/board.json (the rulebook prints no board): a
city of 4 x 4 blocks, grey roadways with their spaces, the eight numbered
places (a picture, a name and a big number in each one's block, its coloured
numbered spaces on the street beside it), the four Badge spaces of Headquarters
and the MANHUNT picture in the centre, where the Computer stands.

On top it can draw the cars (one per seat, in the seat's colour) and ring
spaces (the moves a player may make). Every space carries `data-node` (its id,
as the engine names it: "a0", "a0-a1/1", "1a", "hq-n"), `data-kind` and its
centre as `data-x`/`data-y`, so a web page can attach click handlers and drive
cars; each has a `<title>` tooltip.

    >>> from sleuth.games.manhunt.svg import board_svg
    >>> picture = board_svg(pieces={0: "hq-n", 1: "1a"}, targets=["a1"])
    >>> str(picture).startswith("<svg")
    True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from xml.sax.saxutils import escape

from sleuth.games.manhunt.board import Board, Place, Space, load_board
from sleuth.games.manhunt.state import COLOURS
from sleuth.games.manhunt.words import space_name

__all__ = ["CAR_COLOURS", "PLACE_COLOURS", "BoardSvg", "board_svg"]

UNIT = 30  # one board unit (a sixth of a block), in SVG user units
MARGIN = 40
BLOCK = 6  # board units from one street to the next
ROAD = 34  # the width of a roadway
SPACE = 26  # the side of a space's square
FULL = 24 * UNIT + 2 * MARGIN

CAR_COLOURS: dict[str, str] = {
    "green": "#2e9e44",
    "red": "#d62828",
    "blue": "#1d5fd1",
    "yellow": "#f2c12e",
    "white": "#f4f4f0",
    "black": "#26262b",
}
"""Car colours by name; seat s drives COLOURS[s] (green, red, blue, yellow, white, black)."""

PLACE_COLOURS: dict[str, str] = {
    "red": "#d32f2f",
    "blue": "#1e63c6",
    "green": "#2e8b3e",
    "yellow": "#e0b000",
    "orange": "#ef7d1a",
    "purple": "#7b3fa0",
    "brown": "#8b5a2b",
    "pink": "#df5c97",
}
"""The coloured numbered spaces, by the colour the board data gives each place."""

GROUND = "#cfc8b2"  # pavements between the roads
ASPHALT = "#6c7078"
KERB = "#e9e3d1"
ROAD_SPACE = "#dcdcd6"
SPACE_LINE = "#3e4148"
NAVY = "#1b2a4a"
GOLD = "#f2c12e"
INK = "#2b2216"
BLOCK_FILL = {"buildings": "#b9ad95", "park": "#8fb07a"}
QUIET_BLOCKS = {(0, 1): "buildings", (1, 0): "park", (2, 3): "park", (3, 2): "buildings"}
PICTURE = {1: "scene", 2: "scene", 3: "witness", 4: "witness", 5: "lab", 6: "lab"}


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
    pieces: Mapping[int, str | None] | None = None,
    targets: Iterable[str] | None = None,
    size: int = 760,
    labels: bool = True,
) -> BoardSvg:
    """The board as SVG, `size` pixels square.

    pieces: seat -> space id (None: not on the board): a car per seat, in its colour.
    targets: space ids to ring (where a move may stop).
    labels: write the places' names and numbers and the centre's title.
    """
    b = board if board is not None else load_board()
    if size <= 0:
        raise ValueError(f"size must be positive, not {size}")
    return BoardSvg(_Drawing(b, labels).render(pieces or {}, list(targets or ()), size))


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


def xy(x: float, y: float) -> tuple[float, float]:
    """Board units -> SVG (x, y)."""
    return MARGIN + x * UNIT, MARGIN + y * UNIT


def _star(cx: float, cy: float, points: int, outer: float, inner: float) -> str:
    """A star's polygon points, the first point straight up."""
    out = []
    for k in range(2 * points):
        r = outer if k % 2 == 0 else inner
        a = math.pi * k / points - math.pi / 2
        out.append(f"{_n(cx + r * math.cos(a))},{_n(cy + r * math.sin(a))}")
    return " ".join(out)


class _Drawing:
    """Builds the SVG text for one board."""

    def __init__(self, board: Board, labels: bool) -> None:
        self.b = board
        self.labels = labels

    def centre(self, space: Space) -> tuple[float, float]:
        return xy(space.x, space.y)

    def block_box(self, row: int, col: int, inset: float = 6) -> tuple[float, float, float, float]:
        """The pavement inside a city block, between its four roads."""
        x0, y0 = xy(col * BLOCK, row * BLOCK)
        x1, y1 = xy((col + 1) * BLOCK, (row + 1) * BLOCK)
        pad = ROAD / 2 + inset
        return x0 + pad, y0 + pad, x1 - pad, y1 - pad

    # --- the whole picture -----------------------------------------------------------
    def render(self, pieces: Mapping[int, str | None], targets: list[str], size: int) -> str:
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" {_attrs(width=size, height=size)} '
            f'viewBox="0 0 {FULL} {FULL}" class="manhunt-board" '
            'font-family="Helvetica, Arial, sans-serif">',
            _title("Manhunt (1972) board: the city, its eight places and Headquarters"),
            self._defs(),
            f"<rect {_attrs(x=0, y=0, width=FULL, height=FULL, fill=GROUND)}/>",
        ]
        out += self._blocks()
        out += self._headquarters()
        out += self._roads()
        out += self._spaces()
        if targets:
            out += self._targets(targets)
        if pieces:
            out += self._cars(pieces)
        out.append("</svg>")
        return "\n".join(out) + "\n"

    def _defs(self) -> str:
        return (
            "<defs>"
            '<radialGradient id="mh-night" cx="50%" cy="38%" r="70%">'
            '<stop offset="0" stop-color="#2f4a7d"/><stop offset="1" stop-color="#0d1424"/>'
            "</radialGradient>"
            '<linearGradient id="mh-beam" x1="0" y1="1" x2="0" y2="0">'
            '<stop offset="0" stop-color="#fff7c2" stop-opacity=".55"/>'
            '<stop offset="1" stop-color="#fff7c2" stop-opacity="0"/>'
            "</linearGradient>"
            "</defs>"
        )

    # --- blocks: the eight places and the quiet ones -----------------------------------
    def _blocks(self) -> list[str]:
        out = ['<g class="blocks">']
        for place in self.b.places.values():
            out += self._place_block(place)
        for (row, col), kind in sorted(QUIET_BLOCKS.items()):
            out += self._quiet_block(row, col, kind)
        out.append("</g>")
        return out

    def _place_block(self, place: Place) -> list[str]:
        row, col = place.block
        x0, y0, x1, y1 = self.block_box(row, col)
        colour = PLACE_COLOURS.get(place.colour, "#888888")
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        out = [
            f'<g class="place-block" data-place="{place.number}" data-block="{row},{col}">',
            _title(place.name),
            f"<rect {_attrs(x=x0, y=y0, width=x1 - x0, height=y1 - y0, rx=10)} "
            f'fill="#f6f0df" stroke="{colour}" stroke-width="4"/>',
            f"<rect {_attrs(x=x0 + 4, y=y0 + 4, width=x1 - x0 - 8, height=26, rx=6)} "
            f'fill="{colour}"/>',
        ]
        out += _picture(PICTURE.get(place.number, "stakeout"), cx, cy + 8, colour)
        if self.labels:
            kind = place.name.rsplit(" ", 1)[0].upper()
            font = 13 if len(kind) <= 10 else 11
            out.append(
                f'<text {_attrs(x=cx, y=y0 + 17 + font / 3, font_size=font)} fill="#ffffff" '
                f'font-weight="bold" text-anchor="middle" letter-spacing="1">{escape(kind)}</text>'
            )
            nx, ny = x1 - 22, y1 - 22
            out.append(
                f'<circle {_attrs(cx=nx, cy=ny, r=17)} fill="{colour}" stroke="#ffffff" '
                'stroke-width="2.5"/>'
                f'<text {_attrs(x=nx, y=ny + 8, font_size=22)} fill="#ffffff" '
                f'font-weight="bold" text-anchor="middle">{place.number}</text>'
            )
        out.append("</g>")
        return out

    def _quiet_block(self, row: int, col: int, kind: str) -> list[str]:
        x0, y0, x1, y1 = self.block_box(row, col)
        w, h = x1 - x0, y1 - y0
        out = [
            f'<g class="quiet-block {kind}" pointer-events="none">',
            f"<rect {_attrs(x=x0, y=y0, width=w, height=h, rx=10, fill=BLOCK_FILL[kind])}/>",
        ]
        if kind == "park":
            for fx, fy, r in ((0.25, 0.3, 15), (0.7, 0.22, 12), (0.55, 0.62, 18), (0.2, 0.75, 11),
                              (0.82, 0.8, 13)):  # fmt: skip
                tx, ty = x0 + fx * w, y0 + fy * h
                out.append(
                    f'<circle {_attrs(cx=tx + 2, cy=ty + 3, r=r)} fill="#5d7d4b"/>'
                    f'<circle {_attrs(cx=tx, cy=ty, r=r)} fill="#4f8f3f" stroke="#3d6f31"/>'
                )
            out.append(
                f'<path d="M{_n(x0)},{_n(y0 + h * 0.45)} C{_n(x0 + w * 0.4)},{_n(y0 + h * 0.35)} '
                f'{_n(x0 + w * 0.5)},{_n(y0 + h * 0.9)} {_n(x1)},{_n(y0 + h * 0.55)}" '
                'fill="none" stroke="#e8dcb5" stroke-width="5"/>'
            )
        else:
            roofs = (
                (0.06, 0.06, 0.42, 0.38, "#8e8472"),
                (0.54, 0.06, 0.4, 0.26, "#a2927a"),
                (0.54, 0.38, 0.4, 0.56, "#7f7869"),
                (0.06, 0.5, 0.42, 0.44, "#9a8d79"),
            )
            for fx, fy, fw, fh, fill in roofs:
                out.append(
                    f"<rect {_attrs(x=x0 + fx * w, y=y0 + fy * h, width=fw * w, height=fh * h)} "
                    f'rx="3" fill="{fill}" stroke="#5f5749" stroke-width="1.2"/>'
                )
        out.append("</g>")
        return out

    # --- Headquarters: the centre picture ---------------------------------------------------
    def _headquarters(self) -> list[str]:
        rows = [r for r, _ in self.b.hq_blocks]
        cols = [c for _, c in self.b.hq_blocks]
        x0, y0, _, _ = self.block_box(min(rows), min(cols))
        _, _, x1, y1 = self.block_box(max(rows), max(cols))
        w, h = x1 - x0, y1 - y0
        cx = (x0 + x1) / 2
        out = [
            '<g class="headquarters" pointer-events="none">',
            _title("Headquarters: the MANHUNT picture, under the Computer"),
            f'<rect {_attrs(x=x0, y=y0, width=w, height=h, rx=16)} fill="url(#mh-night)" '
            f'stroke="{GOLD}" stroke-width="4"/>',
            # searchlights
            f'<path d="M{_n(cx - 70)},{_n(y1 - 70)} L{_n(cx - 150)},{_n(y0 + 20)} '
            f'L{_n(cx - 95)},{_n(y0 + 10)} Z" fill="url(#mh-beam)"/>',
            f'<path d="M{_n(cx + 80)},{_n(y1 - 75)} L{_n(cx + 110)},{_n(y0 + 10)} '
            f'L{_n(cx + 160)},{_n(y0 + 30)} Z" fill="url(#mh-beam)"/>',
        ]
        # the skyline, windows lit
        heights = (60, 92, 70, 118, 84, 100, 64, 88, 74)
        bw = w / len(heights)
        for i, bh in enumerate(heights):
            bx = x0 + i * bw
            out.append(
                f'<rect {_attrs(x=bx + 1, y=y1 - bh, width=bw - 2, height=bh - 3)} fill="#0a0f1c"/>'
            )
            for wy in range(int(y1 - bh + 10), int(y1 - 12), 14):
                for k, wx in enumerate((bx + 7, bx + bw / 2 - 2, bx + bw - 12)):
                    if (i * 7 + wy // 14 + k * 3) % 4 == 0:
                        out.append(
                            f'<rect {_attrs(x=wx, y=wy, width=5, height=7)} fill="{GOLD}" '
                            'opacity=".8"/>'
                        )
        # the detective: fedora, collar up, magnifying glass
        hx, hy = cx, y0 + h * 0.36
        out.append(
            f'<g class="detective" transform="translate({_n(hx)} {_n(hy)})">'
            '<path d="M-34,-18 C-34,-30 -20,-44 0,-44 C20,-44 34,-30 34,-18 Z" fill="#0a0f1c"/>'
            '<path d="M-58,-16 C-40,-24 40,-24 58,-16 C40,-8 -40,-8 -58,-16 Z" fill="#0a0f1c"/>'
            '<rect x="-34" y="-22" width="68" height="6" fill="#8e1c12"/>'
            '<path d="M-26,-12 C-26,8 -14,22 0,22 C14,22 26,8 26,-12 Z" fill="#e3c9a4"/>'
            '<path d="M-26,-12 L26,-12 L24,-2 L-24,-2 Z" fill="#0a0f1c" opacity=".55"/>'
            '<path d="M-62,70 C-58,30 -40,14 -22,10 L0,40 L22,10 C40,14 58,30 62,70 Z" '
            'fill="#0a0f1c"/>'
            '<path d="M-22,10 L0,40 L-10,44 L-30,16 Z M22,10 L0,40 L10,44 L30,16 Z" '
            'fill="#27324a"/>'
            f'<circle cx="44" cy="20" r="17" fill="#9fd3ff" fill-opacity=".35" stroke="{GOLD}" '
            'stroke-width="5"/>'
            f'<path d="M33,33 L16,52" stroke="{GOLD}" stroke-width="7" stroke-linecap="round"/>'
            "</g>"
        )
        if self.labels:
            ty = y0 + h * 0.74
            out.append(
                f'<text {_attrs(x=cx, y=ty, font_size=46)} fill="{GOLD}" stroke="#0a0f1c" '
                'stroke-width="3" paint-order="stroke" font-weight="900" text-anchor="middle" '
                f'letter-spacing="3" font-family="Arial Black, Impact, sans-serif">MANHUNT</text>'
                f'<text {_attrs(x=cx, y=ty + 22, font_size=12)} fill="#dfe7f5" '
                'text-anchor="middle" letter-spacing="4">HEADQUARTERS</text>'
            )
        out.append("</g>")
        return out

    # --- roads and spaces -----------------------------------------------------------------
    def _roads(self) -> list[str]:
        lines = []
        for u, near in enumerate(self.b.neighbours):
            for v in near:
                if u < v:
                    x0, y0 = self.centre(self.b.spaces[u])
                    x1, y1 = self.centre(self.b.spaces[v])
                    lines.append(f"M{_n(x0)},{_n(y0)} L{_n(x1)},{_n(y1)}")
        path = " ".join(lines)
        return [
            '<g class="roads" fill="none" stroke-linecap="square" pointer-events="none">',
            f'<path d="{path}" stroke="{KERB}" stroke-width="{ROAD + 8}"/>',
            f'<path d="{path}" stroke="{ASPHALT}" stroke-width="{ROAD}"/>',
            "</g>",
        ]

    def _spaces(self) -> list[str]:
        out = ['<g class="spaces">']
        for space in self.b.spaces:
            out.append(self._space(space))
        out.append("</g>")
        return out

    def _space(self, space: Space) -> str:
        cx, cy = self.centre(space)
        half = SPACE / 2
        head = (
            f'<g id="space-{escape(space.id)}" class="space {space.kind}" '
            f'data-node="{escape(space.id)}" data-kind="{space.kind}" '
            f"{_attrs(data_x=cx, data_y=cy)}"
        )
        box = _attrs(x=cx - half, y=cy - half, width=SPACE, height=SPACE)
        if space.kind == "badge":
            return (
                f"{head}>{_title(space_name(space.id).capitalize() + ' (Headquarters)')}"
                f"<rect {_attrs(x=cx - half - 3, y=cy - half - 3, width=SPACE + 6)}"
                f' height="{SPACE + 6}" rx="8" fill="{NAVY}" stroke="{GOLD}" stroke-width="2.5"/>'
                f'<polygon points="{_star(cx, cy + 0.5, 6, 13, 7.5)}" fill="{GOLD}" '
                'stroke="#8a6a08" stroke-width="1"/>'
                f'<circle {_attrs(cx=cx, cy=cy + 0.5, r=4.2)} fill="{NAVY}"/></g>'
            )
        if space.kind == "place" and space.place is not None:
            place = self.b.places[space.place]
            colour = PLACE_COLOURS.get(place.colour, "#888888")
            label = (
                f'<text {_attrs(x=cx, y=cy + 6.5, font_size=18)} fill="#ffffff" '
                'font-weight="bold" text-anchor="middle" pointer-events="none">'
                f"{place.number}</text>"
                if self.labels
                else ""
            )
            return (
                f'{head} data-place="{place.number}">{_title(space_name(space.id))}'
                f'<rect {box} rx="5" fill="{colour}" stroke="#ffffff" stroke-width="2.5"/>'
                f"{label}</g>"
            )
        return (
            f"{head}>{_title('Roadway')}"
            f'<rect {box} rx="4" fill="{ROAD_SPACE}" stroke="{SPACE_LINE}" stroke-width="1.4"/></g>'
        )

    # --- what is drawn on top ---------------------------------------------------------
    def _targets(self, targets: list[str]) -> list[str]:
        out = ['<g class="targets" fill="none" stroke="#2ee59d" pointer-events="none">']
        for sid in targets:
            index = self.b.index.get(sid)
            if index is None:
                raise ValueError(f"no space called {sid!r}")
            cx, cy = self.centre(self.b.spaces[index])
            out.append(
                f'<rect class="target" data-node="{escape(sid)}" '
                f"{_attrs(x=cx - SPACE / 2 - 4, y=cy - SPACE / 2 - 4, width=SPACE + 8)} "
                f'height="{SPACE + 8}" rx="7" stroke-width="3"/>'
            )
        out.append("</g>")
        return out

    def _cars(self, pieces: Mapping[int, str | None]) -> list[str]:
        by_space: dict[int, list[int]] = {}
        for seat in sorted(pieces):
            sid = pieces[seat]
            if sid is None:
                continue
            index = self.b.index.get(sid)
            if index is None:
                raise ValueError(f"seat {seat}: no space called {sid!r}")
            by_space.setdefault(index, []).append(seat)
        out = ['<g class="cars" pointer-events="none">']
        for index in sorted(by_space):
            seats = by_space[index]
            cx, cy = self.centre(self.b.spaces[index])
            for seat, (ox, oy) in zip(seats, _spread(len(seats)), strict=True):
                out.append(car(seat, cx + ox, cy + oy, self.b.spaces[index].id))
        out.append("</g>")
        return out


def car(seat: int, x: float, y: float, space: str) -> str:
    """One car, side on, in the seat's colour, centred on (x, y)."""
    name = COLOURS[seat % len(COLOURS)]
    colour = CAR_COLOURS[name]
    line = "#dddddd" if name == "black" else "#111111"
    return (
        f'<g id="car-{seat}" class="car" data-seat="{seat}" data-node="{escape(space)}" '
        f'transform="translate({_n(x)} {_n(y)})">{_title(f"The {name} car")}'
        f'<path d="M-13,4 L-13,-1 C-13,-3 -11,-4 -8,-4 L-5,-9.5 L5,-9.5 L9,-4 L11,-4 '
        f'C13,-4 13.5,-2 13.5,0 L13.5,4 Z" fill="{colour}" stroke="{line}" stroke-width="1.1"/>'
        '<path d="M-3.6,-4.4 L-2,-8.2 L0,-8.2 L0,-4.4 Z M1.4,-4.4 L1.4,-8.2 L4.2,-8.2 L7,-4.4 Z" '
        'fill="#cfe8ff"/>'
        '<circle cx="-7" cy="4.5" r="3.3" fill="#111"/><circle cx="7.5" cy="4.5" r="3.3" '
        'fill="#111"/><circle cx="-7" cy="4.5" r="1.2" fill="#bbb"/>'
        '<circle cx="7.5" cy="4.5" r="1.2" fill="#bbb"/></g>'
    )


def _picture(kind: str, cx: float, cy: float, colour: str) -> list[str]:
    """A place's picture, about 70 units across, centred on (cx, cy)."""
    g = f'<g class="picture {kind}" transform="translate({_n(cx)} {_n(cy)})">'
    if kind == "scene":  # police tape across a chalk outline, and a magnifying glass
        return [
            g,
            '<rect x="-44" y="-30" width="88" height="60" rx="6" fill="#3d3a36"/>',
            '<path d="M-22,18 L-14,2 L-20,-10 L-8,-18 L4,-10 L0,2 L14,-4 L24,4 L10,10 L6,20" '
            'fill="none" stroke="#f4f4f4" stroke-width="2.5" stroke-linejoin="round"/>',
            '<circle cx="-8" cy="-22" r="6" fill="none" stroke="#f4f4f4" stroke-width="2.5"/>',
            '<g transform="rotate(-14)"><rect x="-52" y="-6" width="104" height="12" '
            f'fill="{GOLD}" stroke="#111" stroke-width="1"/>'
            '<text x="0" y="3.5" font-size="8" font-weight="bold" text-anchor="middle" '
            'fill="#111" letter-spacing="1">POLICE LINE</text></g>',
            "</g>",
        ]
    if kind == "witness":  # an eye that saw it all
        return [
            g,
            '<path d="M-42,0 C-24,-28 24,-28 42,0 C24,28 -24,28 -42,0 Z" fill="#ffffff" '
            f'stroke="{INK}" stroke-width="3"/>',
            f'<circle cx="0" cy="0" r="16" fill="{colour}"/>',
            '<circle cx="0" cy="0" r="7" fill="#111"/><circle cx="5" cy="-5" r="3.5" fill="#fff"/>',
            f'<path d="M-34,-20 L-40,-30 M-16,-27 L-18,-38 M0,-29 L0,-40 M16,-27 L18,-38 '
            f'M34,-20 L40,-30" stroke="{INK}" stroke-width="3" stroke-linecap="round"/>',
            "</g>",
        ]
    if kind == "lab":  # a flask on the bench, bubbling
        return [
            g,
            '<path d="M-9,-34 L9,-34 L9,-10 L30,26 C32,31 29,34 24,34 L-24,34 C-29,34 -32,31 '
            f'-30,26 L-9,-10 Z" fill="#eaf6ff" stroke="{INK}" stroke-width="3" '
            'stroke-linejoin="round"/>',
            f'<path d="M-19,12 L19,12 L29,28 C30,31 28,32 25,32 L-25,32 C-28,32 -30,31 -29,28 Z" '
            f'fill="{colour}"/>',
            f'<circle cx="-6" cy="20" r="3" fill="#fff"/><circle cx="6" cy="4" r="2.5" '
            f'fill="{colour}"/><circle cx="-2" cy="-6" r="2" fill="{colour}"/>',
            f'<rect x="-12" y="-38" width="24" height="6" rx="2" fill="{INK}"/>',
            "</g>",
        ]
    return [  # a stake out: binoculars
        g,
        f'<rect x="-34" y="-22" width="26" height="40" rx="9" fill="{INK}"/>',
        f'<rect x="8" y="-22" width="26" height="40" rx="9" fill="{INK}"/>',
        f'<rect x="-10" y="-14" width="20" height="14" rx="3" fill="{INK}"/>',
        f'<circle cx="-21" cy="22" r="14" fill="{colour}" stroke="{INK}" stroke-width="4"/>',
        f'<circle cx="21" cy="22" r="14" fill="{colour}" stroke="{INK}" stroke-width="4"/>',
        '<circle cx="-25" cy="18" r="4" fill="#fff" opacity=".8"/>',
        '<circle cx="17" cy="18" r="4" fill="#fff" opacity=".8"/>',
        "</g>",
    ]


def _spread(count: int) -> list[tuple[float, float]]:
    """Offsets for `count` cars sharing a space."""
    if count == 1:
        return [(0.0, 0.0)]
    d = 7.0
    spots = [(-d, -d), (d, d), (d, -d), (-d, d), (0.0, 0.0), (0.0, -d)]
    return spots[:count]
