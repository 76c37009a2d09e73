"""Draw the Kojak board as SVG, from the board data alone.

`board_svg()` is a pure function: the same arguments give the same text. The
picture is ours, drawn from data/board.json (the rulebook prints no board): the
white path on its roads, the seven parking lots, the four buildings on their
colour patches, each with its turntable of slots (a disc that a page can rotate),
its walls open at the front between two white lines and the white arrow, its
roof and name; Police Headquarters with the Start space, the arrowed track, the
Radio Room, the Command Room and the yellow path to the Computer Room; the
Action and Contact Card spaces and the Solution Book.

Given a seat's view (`state.view(seat)`) it also turns each turntable so its
front slot is out front, stands the informers everyone has seen in their slots,
and draws every player's pieces in his colour: the Detective's car, Kojak's car
(with the red light on its roof), Kojak's pawn in Headquarters and the Badge on
a roof. `targets` rings places (legal moves).

Every path space, lot and Headquarters space carries `data-node` (its id as the
engine names it), `data-kind` and its centre as `data-x`/`data-y`; each building
carries `data-building`, each turntable its centre, radius, slot count and the
angle of its front (`data-cx`, `data-cy`, `data-r`, `data-slots`,
`data-front-angle`), each slot `data-slot`. Pieces are `<use>`s of symbols in
`<defs>` (`#kj-car`, `#kj-kojak-car`, `#kj-pawn`, `#kj-badge`), coloured by
`color` and `stroke`, so a page can draw its own.

    >>> from sleuth.games.kojak.svg import board_svg
    >>> import sleuth
    >>> picture = board_svg(view=sleuth.new_game("kojak", players=2, seed=1).view(None))
    >>> str(picture).startswith("<svg")
    True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

from sleuth.games.kojak.board import Board, Building, HQSpace, Lot, load_board
from sleuth.games.kojak.places import place_names

__all__ = ["BUILDING_COLOURS", "SEAT_COLOURS", "SEAT_LINES", "BoardSvg", "board_svg"]

UNIT = 60  # one board unit (from one path space to the next), in SVG user units
MARGIN = 0.7  # board units around the outer loop
SPACE = 0.68  # the side of a path space
LOT = 0.84  # the side of a parking lot
DISC = 0.84  # a turntable's radius
ROOF = 0.31  # half the side of a building's roof

BUILDING_COLOURS: dict[str, str] = {
    "red": "#d23a2f",
    "blue": "#2f6fd6",
    "yellow": "#efc21a",
    "green": "#2e9e4f",
}
"""Fills for the buildings' colours (base patch, turntable, roof, informers)."""

SEAT_COLOURS: dict[str, str] = {
    "white": "#f4f2ea",
    "black": "#26282e",
    "orange": "#f08a24",
    "purple": "#8b4fc4",
}
"""Piece fills by the players' colours (sleuth.games.kojak.state.COLOURS)."""

SEAT_LINES: dict[str, str] = {
    "white": "#1b1b1b",
    "black": "#f4f2ea",
    "orange": "#2b1600",
    "purple": "#f6efff",
}
"""Piece outlines, chosen so every colour stands out on the dark roads."""

GROUND = "#34443b"
ROAD = "#20242b"
PATH = "#f7f5ee"
PATH_EDGE = "#bdb8a8"
LOT_FILL = "#4a515c"
HQ_FILL = "#1d3558"
HQ_TRACK = "#dbe6f4"
YELLOW = "#f4d03f"
INK = "#f4f2ea"
FONT = "Helvetica, Arial, sans-serif"

DEFS = (
    "<defs>"
    # Kojak's pawn: a bald head with its shine, and a lollipop
    '<symbol id="kj-pawn" viewBox="-10 -14 20 24" overflow="visible">'
    '<ellipse cx="0.8" cy="8.6" rx="7.6" ry="2.4" fill="#000" fill-opacity=".35" stroke="none"/>'
    '<path d="M-6.8,8 C-6.8,4.4 -4.2,1.2 -2.6,-0.6 L2.6,-0.6 C4.2,1.2 6.8,4.4 6.8,8 Z" '
    'fill="currentColor" stroke-width="1.1"/>'
    '<circle cx="0" cy="-5" r="4.6" fill="currentColor" stroke-width="1.1"/>'
    '<ellipse cx="-1.5" cy="-6.6" rx="1.6" ry="1" fill="#fff" fill-opacity=".75" stroke="none"/>'
    '<path d="M5.2,1.5 L8.6,-4.2" stroke="#eee" stroke-width="0.9"/>'
    '<circle cx="8.9" cy="-5.2" r="2.1" fill="#e0282c" stroke="#6b0d0d" stroke-width="0.6"/>'
    "</symbol>"
    # A car seen from above, nose to the right
    '<symbol id="kj-car" viewBox="-13 -8 26 16" overflow="visible">'
    '<rect x="-12" y="-7" width="24" height="14" rx="4.5" fill="currentColor" '
    'stroke-width="1.2"/>'
    '<rect x="2.5" y="-5" width="4.5" height="10" rx="1.5" fill="#9fc4e6" stroke="none"/>'
    '<rect x="-8.5" y="-5" width="3.5" height="10" rx="1.2" fill="#9fc4e6" stroke="none"/>'
    "</symbol>"
    # Kojak's own car: the same car with the red light on its roof
    '<symbol id="kj-kojak-car" viewBox="-13 -8 26 16" overflow="visible">'
    '<use href="#kj-car" x="-13" y="-8" width="26" height="16"/>'
    '<circle cx="-1.5" cy="0" r="3.4" fill="#ff2d2d" stroke="#5a0000" stroke-width="0.8"/>'
    '<circle cx="-2.4" cy="-1" r="1.1" fill="#fff" fill-opacity=".8" stroke="none"/>'
    "</symbol>"
    # A Badge folded like a tent, with its star
    '<symbol id="kj-badge" viewBox="-8 -8 16 14" overflow="visible">'
    '<path d="M-7,5 L0,-7 L7,5 Z" fill="currentColor" stroke-width="1.1" '
    'stroke-linejoin="round"/>'
    '<path d="M0,-2.6 L1,0 L3.6,0 L1.5,1.6 L2.3,4.2 L0,2.6 L-2.3,4.2 L-1.5,1.6 L-3.6,0 L-1,0 Z" '
    'fill="#f2c12e" stroke="#6b4e00" stroke-width="0.4"/>'
    "</symbol>"
    '<marker id="kj-arrow" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" '
    'markerHeight="4" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#fff"/></marker>'
    '<marker id="kj-arrow-yellow" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" '
    'markerHeight="4" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#f4d03f"/></marker>'
    "</defs>"
)


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
    view: Mapping[str, Any] | None = None,
    targets: Iterable[str] = (),
    size: int = 760,
    labels: bool = True,
) -> BoardSvg:
    """The board as SVG, `size` pixels square.

    view: a Kojak view (`state.view(seat)`, any seat or None): turntables turned,
        informers seen, cars, Kojaks and Badges in their places.
    targets: ids of places to ring (path spaces, lots or Headquarters spaces).
    labels: write names and signs.
    """
    b = board if board is not None else load_board()
    if size <= 0:
        raise ValueError(f"size must be positive, not {size}")
    return BoardSvg(_Drawing(b, labels).render(view, list(targets), size))


# --- helpers ---------------------------------------------------------------------------


def _n(value: float) -> str:
    """A number written shortly and always the same way."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _attrs(**values: str | float) -> str:
    parts = []
    for key, value in values.items():
        name = key.rstrip("_").replace("_", "-")
        text = _n(value) if isinstance(value, float | int) else escape(value, {'"': "&quot;"})
        parts.append(f'{name}="{text}"')
    return " ".join(parts)


def _title(text: str) -> str:
    return f"<title>{escape(text)}</title>"


def _text(x: float, y: float, words: str, size: float, **more: str | float) -> str:
    return (
        f"<text {_attrs(x=x, y=y, font_size=size, **more)} "
        f'text-anchor="middle" pointer-events="none">{escape(words)}</text>'
    )


Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in board units


def _shade(colour: str, amount: float) -> str:
    """A colour mixed with black (amount > 0) or white (amount < 0)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    target = 0 if amount > 0 else 255
    f = abs(amount)
    return "#" + "".join(f"{round(c + (target - c) * f):02x}" for c in (r, g, b))


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class _Drawing:
    """Builds the SVG text for one board."""

    def __init__(self, board: Board, labels: bool) -> None:
        self.b = board
        self.labels = labels
        xs = [x for x, _ in board.path.values()]
        ys = [y for _, y in board.path.values()]
        self.x0 = min(xs) - MARGIN
        self.y0 = min(ys) - MARGIN
        self.width = (max(xs) - min(xs) + 2 * MARGIN) * UNIT
        self.height = (max(ys) - min(ys) + 2 * MARGIN) * UNIT
        self.front = {b.id: self._front_angle(b) for b in board.buildings.values()}
        self.obstacles: list[Box] = [
            (x - SPACE / 2, y - SPACE / 2, x + SPACE / 2, y + SPACE / 2)
            for x, y in board.path.values()
        ]
        self.obstacles += [
            (lot.x - LOT / 2, lot.y - LOT / 2, lot.x + LOT / 2, lot.y + LOT / 2)
            for lot in board.lots.values()
        ]
        self.obstacles += [
            (bd.x - DISC, bd.y - DISC, bd.x + DISC, bd.y + DISC) for bd in board.buildings.values()
        ]
        self.obstacles.append(tuple(board.hq_box))  # type: ignore[arg-type]

    # --- geometry ----------------------------------------------------------------------
    def xy(self, x: float, y: float) -> tuple[float, float]:
        """Board units -> SVG user units."""
        return (x - self.x0) * UNIT, (y - self.y0) * UNIT

    def place_xy(self, place: str) -> tuple[float, float]:
        """The centre of a path space, a lot or a Headquarters space."""
        if place in self.b.path:
            return self.xy(*self.b.path[place])
        if place in self.b.lots:
            lot = self.b.lots[place]
            return self.xy(lot.x, lot.y)
        if place in self.b.hq:
            space = self.b.hq[place]
            return self.xy(space.x, space.y)
        raise ValueError(f"no place called {place!r} on the Kojak board")

    def _front_angle(self, building: Building) -> float:
        """Degrees (SVG: clockwise from +x) from the building's centre towards its lot."""
        lot = self.b.lots[building.lot]
        return math.degrees(math.atan2(lot.y - building.y, lot.x - building.x))

    def _free(self, box: Box, own: Box | None = None) -> bool:
        return all(not _overlaps(box, o) for o in self.obstacles if o != own)

    # --- the whole picture -------------------------------------------------------------
    def render(self, view: Mapping[str, Any] | None, targets: Sequence[str], size: int) -> str:
        w, h = self.width, self.height
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" '
            f"{_attrs(width=size, height=_n(size * h / w))} "
            f'viewBox="0 0 {_n(w)} {_n(h)}" class="kojak-board" font-family="{FONT}">',
            _title("The Kojak Detective Game board"),
            DEFS,
            f"<rect {_attrs(x=0, y=0, width=w, height=h, rx=18, fill=GROUND)}/>",
            f'<rect {_attrs(x=6, y=6, width=w - 12, height=h - 12, rx=14)} fill="none" '
            'stroke="#f4f2ea" stroke-opacity=".25" stroke-width="2"/>',
        ]
        out += self._roads()
        out += self._decor()
        out += self._headquarters()
        out += self._lots()
        out += self._path()
        for building in self.b.buildings.values():
            table = view["turntables"][building.id] if view else None
            out += self._building(building, table)
        if targets:
            out += self._targets(targets)
        if view:
            out += self._pieces(view)
        out.append("</svg>")
        return "\n".join(out) + "\n"

    # --- roads and the white path ------------------------------------------------------
    def _roads(self) -> list[str]:
        out = [
            f'<g class="roads" stroke="{ROAD}" stroke-width="{_n(0.9 * UNIT)}" '
            'stroke-linecap="square" fill="none">'
        ]
        drawn: set[tuple[str, str]] = set()
        for a in self.b.path:
            for n in self.b.neighbours[a]:
                if n in self.b.path and (n, a) not in drawn:
                    drawn.add((a, n))
                    (x1, y1), (x2, y2) = self.place_xy(a), self.place_xy(n)
                    out.append(f"<line {_attrs(x1=x1, y1=y1, x2=x2, y2=y2)}/>")
        for lot in self.b.lots.values():  # driveways
            (x1, y1), (x2, y2) = self.place_xy(lot.id), self.place_xy(lot.at)
            out.append(
                f"<line {_attrs(x1=x1, y1=y1, x2=x2, y2=y2)} "
                f'stroke-width="{_n(0.5 * UNIT)}" stroke-linecap="butt"/>'
            )
        out.append("</g>")
        return out

    def _path(self) -> list[str]:
        names = place_names(self.b)  # the words the log uses, for tooltips and the page
        out = ['<g class="path">']
        side = SPACE * UNIT
        for pid in self.b.path:
            cx, cy = self.place_xy(pid)
            rect = _attrs(
                x=cx - side / 2,
                y=cy - side / 2,
                width=side,
                height=side,
                rx=7,
                fill=PATH,
                stroke=PATH_EDGE,
                stroke_width=1.2,
            )
            out.append(
                f'<rect id="space-{pid}" class="space" data-node="{pid}" data-kind="path" '
                f"{_attrs(data_x=cx, data_y=cy, data_name=_cap(names[pid]))} {rect}>"
                f"{_title(_cap(names[pid]))}</rect>"
            )
        out.append("</g>")
        return out

    def _lots(self) -> list[str]:
        out = ['<g class="lots">']
        for lot in self.b.lots.values():
            out.append(self._lot(lot))
        out.append("</g>")
        return out

    def _lot(self, lot: Lot) -> str:
        cx, cy = self.place_xy(lot.id)
        side = LOT * UNIT
        x, y = cx - side / 2, cy - side / 2
        if lot.building:
            bd = self.b.buildings[lot.building]
            edge = BUILDING_COLOURS.get(bd.colour, "#fff")
            name = f"{bd.name} parking lot"
        elif lot.kind == "lieutenant":
            edge, name = "#f2c12e", "The Lieutenant's parking lot (Kojak's car)"
        else:
            side_word = "west" if "west" in lot.id else "east"
            edge, name = "#f4f2ea", f"Headquarters parking lot ({side_word})"
        stripes = "".join(
            f"<line {_attrs(x1=x + side * f, y1=y + 4, x2=x + side * f, y2=y + side * 0.34)}/>"
            for f in (0.25, 0.5, 0.75)
        )
        label = ""
        if self.labels:
            word = {"lieutenant": "LIEUT.", "headquarters": "HQ"}.get(lot.kind, "")
            label = _text(cx, cy + side * 0.3, "P", 15, fill="#fff", font_weight="bold")
            if word:
                label += _text(cx, cy + side * 0.44, word, 7, fill="#d9dde4")
        return (
            f'<g id="{lot.id}" class="lot lot-{lot.kind}" data-node="{lot.id}" data-kind="lot" '
            f'data-lot="{lot.kind}"'
            + (f' data-building="{lot.building}"' if lot.building else "")
            + f" {_attrs(data_x=cx, data_y=cy, data_name=place_names(self.b)[lot.id])}>"
            f"{_title(name)}"
            f"<rect {_attrs(x=x, y=y, width=side, height=side, rx=6, fill=LOT_FILL)} "
            f'stroke="{edge}" stroke-width="2.4"/>'
            f'<g stroke="#f4f2ea" stroke-opacity=".7" stroke-width="1.4">{stripes}</g>'
            f"{label}</g>"
        )

    # --- buildings and turntables ------------------------------------------------------
    def _building(self, bd: Building, table: Mapping[str, Any] | None) -> list[str]:
        cx, cy = self.xy(bd.x, bd.y)
        colour = BUILDING_COLOURS.get(bd.colour, "#999")
        r = DISC * UNIT
        front = self.front[bd.id]
        step = 360 / bd.slots
        out = [
            f'<g id="building-{bd.id}" class="building" data-building="{bd.id}" '
            f'data-colour="{bd.colour}">',
            _title(f"The {bd.name} ({bd.colour})"),
            f"<circle {_attrs(cx=cx, cy=cy, r=r + 7, fill=colour, fill_opacity=0.35)} "
            f'stroke="{colour}" stroke-width="2"/>',
        ]
        # The white lines either side of the front, and the white arrow between them.
        for side in (-1, 1):
            a = math.radians(front + side * step / 2)
            out.append(
                f"<line {_attrs(x1=cx + math.cos(a) * (r - 2), y1=cy + math.sin(a) * (r - 2))} "
                f"{_attrs(x2=cx + math.cos(a) * (r + 13), y2=cy + math.sin(a) * (r + 13))} "
                'stroke="#fff" stroke-width="2.2" stroke-linecap="round"/>'
            )
        a0, a1 = math.radians(front - step * 0.28), math.radians(front + step * 0.28)
        ar = r + 8
        out.append(
            f'<path class="rotation-arrow" d="M{_n(cx + math.cos(a0) * ar)},'
            f"{_n(cy + math.sin(a0) * ar)} A{_n(ar)},{_n(ar)} 0 0 1 "
            f'{_n(cx + math.cos(a1) * ar)},{_n(cy + math.sin(a1) * ar)}" fill="none" '
            'stroke="#fff" stroke-width="2.2" marker-end="url(#kj-arrow)"/>'
        )
        # The turntable: a disc of slots that turns under the building.
        turned = front + (int(table["front"]) if table else 0) * step
        seen: list[Any] = list(table["seen"]) if table else [None] * bd.slots
        at_front = int(table["front"]) if table else -1
        out.append(
            f'<g class="turntable" data-building="{bd.id}" transform="translate({_n(cx)} '
            f'{_n(cy)})" {_attrs(data_cx=cx, data_cy=cy, data_r=r, data_slots=bd.slots)} '
            f"{_attrs(data_front_angle=round(front, 2))}>"
        )
        out.append(
            f'<g class="disc" data-front="{at_front if table else ""}" '
            f'transform="rotate({_n(turned)})">'
            f'<circle r="{_n(r)}" fill="{_shade(colour, 0.55)}" stroke="#111" '
            'stroke-width="1.5"/>'
            f'<circle r="{_n(r * 0.93)}" fill="none" stroke="{colour}" stroke-opacity=".6" '
            'stroke-width="1.2"/>'
        )
        for k in range(bd.slots):
            out.append(self._slot(k, step, r, colour, seen[k], k == at_front))
        out.append("</g>")
        # The walls: everything but the open front is inside the building.
        out.append(self._walls(front, step, r))
        out.append(self._roof(bd, colour))
        out.append("</g>")
        if self.labels:
            out.append(self._building_label(bd))
        out.append("</g>")
        return out

    def _slot(self, k: int, step: float, r: float, colour: str, seen: Any, front: bool) -> str:
        """Slot k, drawn along +x and turned into place: slots come to the front in order."""
        rs = r * 0.71
        state = "unknown" if seen is None else ("informer" if seen else "empty")
        figure_shown = "visible" if seen else "hidden"
        unknown_shown = "visible" if seen is None else "hidden"
        return (
            f'<g class="slot" data-slot="{k}" data-state="{state}"'
            + (' data-front="true"' if front else "")
            + f' transform="rotate({_n(-k * step)})">'
            f'<line x1="{_n(r * 0.46)}" y1="0" x2="{_n(r)}" y2="0" stroke="#000" '
            f'stroke-opacity=".3" stroke-width="1" transform="rotate({_n(step / 2)})"/>'
            f'<rect class="holder" x="{_n(rs - 3)}" y="-9" width="6" height="18" rx="2" '
            'fill="#111" fill-opacity=".45"/>'
            f'<circle class="unknown" cx="{_n(rs)}" cy="0" r="5" fill="none" stroke="#fff" '
            f'stroke-opacity=".7" stroke-width="1.3" stroke-dasharray="2 2" '
            f'visibility="{unknown_shown}"/>'
            f'<circle class="spot" cx="{_n(rs)}" cy="0" r="11" fill="#fff" '
            f'fill-opacity="{".45" if front and seen else "0"}"/>'
            f'<g class="informer" visibility="{figure_shown}" '
            f'transform="translate({_n(rs)} 0)">'
            f'<ellipse rx="5.4" ry="9" fill="{colour}" stroke="#fff" stroke-width="1.3"/>'
            '<circle r="5.6" fill="#3a2c20" stroke="#111" stroke-width="1"/>'
            f'<circle r="3.4" fill="#5b4533" stroke="{colour}" stroke-width="1.3"/>'
            "</g></g>"
        )

    def _walls(self, front: float, step: float, r: float) -> str:
        """The building's walls over the turntable, open between the white lines."""
        inner, outer = r * 0.42, r + 1
        a0 = math.radians(front + step / 2)
        a1 = math.radians(front + 360 - step / 2)

        def pt(a: float, rad: float) -> str:
            return f"{_n(math.cos(a) * rad)},{_n(math.sin(a) * rad)}"

        d = (
            f"M{pt(a0, inner)} L{pt(a0, outer)} A{_n(outer)},{_n(outer)} 0 1 1 {pt(a1, outer)} "
            f"L{pt(a1, inner)} A{_n(inner)},{_n(inner)} 0 1 0 {pt(a0, inner)} Z"
        )
        return (
            f'<path class="walls" d="{d}" fill="#0d0f12" fill-opacity=".5" stroke="#0d0f12" '
            'stroke-opacity=".8" stroke-width="1.2" pointer-events="none"/>'
        )

    def _roof(self, bd: Building, colour: str) -> str:
        half = ROOF * UNIT
        dark = "#00000055"
        body = (
            f'<rect class="roof" {_attrs(x=-half, y=-half, width=2 * half, height=2 * half)} '
            f'rx="3" fill="{colour}" stroke="#111" stroke-width="1.6"/>'
        )
        # A detail for each building, so they differ at a glance.
        if bd.id == "movie":  # a marquee of bulbs
            bulbs = "".join(
                f'<circle cx="{_n(-half + 4 + i * (2 * half - 8) / 5)}" cy="{_n(half - 5)}" '
                'r="1.6" fill="#fff6b0"/>'
                for i in range(6)
            )
            detail = (
                f'<rect x="{_n(-half)}" y="{_n(half - 9)}" width="{_n(2 * half)}" height="9" '
                f'fill="#2a1010"/>{bulbs}'
            )
        elif bd.id == "restaurant":  # a striped awning
            detail = "".join(
                f'<rect x="{_n(-half + i * half / 3)}" y="{_n(half - 8)}" '
                f'width="{_n(half / 3)}" height="8" fill="{"#fff" if i % 2 else "#b8221a"}"/>'
                for i in range(6)
            )
        elif bd.id == "hotel":  # two wings, tabbed together
            detail = (
                f'<line x1="0" y1="{_n(-half)}" x2="0" y2="{_n(half)}" stroke="#111" '
                'stroke-width="1.4"/>'
                f'<rect x="{_n(-half + 4)}" y="{_n(-half + 4)}" width="6" height="6" '
                f'fill="{dark}"/>'
                f'<rect x="{_n(half - 10)}" y="{_n(-half + 4)}" width="6" height="6" '
                f'fill="{dark}"/>'
            )
        else:  # the Bus Station: two buildings and a bus bay
            detail = (
                f'<line x1="{_n(-half)}" y1="0" x2="{_n(half)}" y2="0" stroke="#111" '
                'stroke-width="1.4"/>'
                f'<rect x="{_n(-half + 4)}" y="{_n(half - 9)}" width="{_n(2 * half - 8)}" '
                'height="5" rx="2" fill="#f4f2ea" fill-opacity=".8"/>'
            )
        return f'<g class="roof-group" data-building="{bd.id}">{body}{detail}</g>'

    def _building_label(self, bd: Building) -> str:
        """The building's name in the first free place around it (above, below, beside)."""
        words = bd.name.upper()
        size = 11.0
        half_w = len(words) * size * 0.36 / UNIT
        high = size * 1.1 / UNIT
        reach = DISC + 0.14
        candidates = [
            (0.0, -reach - high / 2),
            (0.0, reach + high / 2 + 0.04),
            (half_w + 0.2, reach + high / 2 - 0.08),
            (-half_w - 0.2, reach + high / 2 - 0.08),
            (half_w + 0.2, -reach - high / 2 + 0.08),
            (-half_w - 0.2, -reach - high / 2 + 0.08),
        ]
        own = (bd.x - DISC, bd.y - DISC, bd.x + DISC, bd.y + DISC)
        dx, dy = candidates[0]
        for cdx, cdy in candidates:
            x, y = bd.x + cdx, bd.y + cdy
            box = (x - half_w, y - high / 2, x + half_w, y + high / 2)
            if self._free(box, own):
                dx, dy = cdx, cdy
                break
        x, y = self.xy(bd.x + dx, bd.y + dy)
        return (
            f'<text class="building-name" data-building="{bd.id}" '
            f'{_attrs(x=x, y=y + size * 0.36, font_size=size)} fill="{INK}" '
            'font-weight="bold" letter-spacing="1" text-anchor="middle" '
            'paint-order="stroke" stroke="#000" stroke-opacity=".45" stroke-width="3" '
            f'pointer-events="none">{escape(words)}</text>'
        )

    # --- Headquarters ------------------------------------------------------------------
    def _headquarters(self) -> list[str]:
        x0, y0, x1, y1 = self.b.hq_box
        (ax, ay), (bx, by) = self.xy(x0, y0), self.xy(x1, y1)
        out = [
            '<g class="headquarters">',
            _title("Police Headquarters"),
            f"<rect {_attrs(x=ax, y=ay, width=bx - ax, height=by - ay, rx=8, fill=HQ_FILL)} "
            'stroke="#f4f2ea" stroke-width="3"/>',
            f"<rect {_attrs(x=ax + 5, y=ay + 5, width=bx - ax - 10, height=by - ay - 10)} "
            'rx="5" fill="none" stroke="#f4f2ea" stroke-opacity=".35" stroke-width="1.2"/>',
        ]
        spaces = self.b.hq
        # The emblem in the middle of the track: a police shield.
        track = [s for s in spaces.values() if s.kind in ("start", "track")]
        mx = sum(s.x for s in track) / len(track)
        my = sum(s.y for s in track) / len(track)
        ex, ey = self.xy(mx, my)
        out.append(
            f'<path d="M{_n(ex)},{_n(ey - 20)} L{_n(ex + 16)},{_n(ey - 13)} '
            f"L{_n(ex + 13)},{_n(ey + 8)} L{_n(ex)},{_n(ey + 20)} L{_n(ex - 13)},{_n(ey + 8)} "
            f'L{_n(ex - 16)},{_n(ey - 13)} Z" fill="#c9a227" stroke="#f6dc7a" stroke-width="1.5"/>'
        )
        if self.labels:
            out.append(_text(ex, ey + 2, "POLICE", 6.5, fill="#1d3558", font_weight="bold"))
            out.append(_text(ex, ey + 9, "N.Y.C.", 5.5, fill="#1d3558", font_weight="bold"))
        # Rooms first, then the track over them, arrows, then the spaces' own shapes.
        for s in spaces.values():
            if s.kind in ("radio", "command"):
                out += self._room(s)
        out += self._hq_arrows()
        for s in spaces.values():
            if s.kind not in ("radio", "command"):
                out.append(self._hq_space(s))
        if self.labels:
            out += self._hq_sign()
        out.append("</g>")
        return out

    def _room(self, s: HQSpace) -> list[str]:
        cx, cy = self.xy(s.x, s.y)
        w, h = 0.84 * UNIT, 1.62 * UNIT
        entrance = self.b.hq[s.next[0]]
        ex, _ = self.xy(entrance.x, entrance.y)
        door_x = cx + w / 2 if ex > cx else cx - w / 2
        name = "Radio Room" if s.kind == "radio" else "Command Room"
        fill = "#2c5d8f" if s.kind == "radio" else "#7a2f2f"
        effect = (
            "move your Badge to another roof"
            if s.kind == "radio"
            else "turn a turntable 1 or 2 spaces clockwise"
        )
        out = [
            f'<g id="hq-{s.id}" class="hq-space room" data-node="{s.id}" data-kind="{s.kind}" '
            f"{_attrs(data_x=cx, data_y=cy)}>{_title(f'The {name}: {effect}')}",
            f"<rect {_attrs(x=cx - w / 2, y=cy - h / 2, width=w, height=h, rx=6, fill=fill)} "
            'stroke="#f4f2ea" stroke-width="2.2"/>',
            # the doorway, facing the entrance space
            f'<line {_attrs(x1=door_x, y1=cy - 11, x2=door_x, y2=cy + 11)} stroke="{fill}" '
            'stroke-width="4"/>',
            f'<circle {_attrs(cx=cx, cy=cy, r=0.3 * UNIT)} fill="#000" fill-opacity=".22" '
            'stroke="#f4f2ea" stroke-opacity=".5" stroke-dasharray="3 2"/>',
        ]
        if self.labels:
            top, bottom = ("RADIO", "ROOM") if s.kind == "radio" else ("COMMAND", "ROOM")
            size = 8.5 if s.kind == "radio" else 7.2
            out.append(_text(cx, cy - h / 2 + 13, top, size, fill="#fff", font_weight="bold"))
            out.append(_text(cx, cy + h / 2 - 6, bottom, size, fill="#fff", font_weight="bold"))
            out.append(self._room_icon(s.kind, cx, cy - h / 2 + 26))
        out.append("</g>")
        return out

    @staticmethod
    def _room_icon(kind: str, x: float, y: float) -> str:
        if kind == "radio":  # a microphone
            return (
                f'<g transform="translate({_n(x)} {_n(y)})" fill="none" stroke="#fff" '
                'stroke-width="1.3" pointer-events="none">'
                '<rect x="-2.5" y="-5" width="5" height="7" rx="2.5" fill="#fff"/>'
                '<path d="M-4.5,0 A4.5,4.5 0 0 0 4.5,0 M0,4.5 L0,7 M-3,7 L3,7"/></g>'
            )
        return (  # a map with a pin
            f'<g transform="translate({_n(x)} {_n(y)})" pointer-events="none">'
            '<rect x="-7" y="-5" width="14" height="10" rx="1" fill="#f4f2ea"/>'
            '<path d="M-7,1 L-2,-2 L3,2 L7,-1" stroke="#2f6fd6" stroke-width="1.2" fill="none"/>'
            '<circle cx="2" cy="-1" r="1.8" fill="#e0282c"/></g>'
        )

    def _hq_arrows(self) -> list[str]:
        out = ['<g class="hq-arrows" pointer-events="none">']
        for s in self.b.hq.values():
            if s.kind in ("radio", "command"):
                continue
            for nxt in s.next:
                t = self.b.hq[nxt]
                (x1, y1), (x2, y2) = self.xy(s.x, s.y), self.xy(t.x, t.y)
                dx, dy = x2 - x1, y2 - y1
                length = math.hypot(dx, dy)
                ux, uy = dx / length, dy / length
                start = SPACE * UNIT / 2 - 2
                end = start + 8 if t.kind in ("radio", "command") else start + 2
                yellow = t.kind in ("yellow", "computer")
                out.append(
                    f"<line {_attrs(x1=x1 + ux * start, y1=y1 + uy * start)} "
                    f"{_attrs(x2=x2 - ux * end, y2=y2 - uy * end)} "
                    f'stroke="{YELLOW if yellow else "#fff"}" stroke-width="2.4" '
                    f'marker-end="url(#{"kj-arrow-yellow" if yellow else "kj-arrow"})"/>'
                )
        out.append("</g>")
        return out

    def _hq_space(self, s: HQSpace) -> str:
        cx, cy = self.xy(s.x, s.y)
        side = SPACE * UNIT
        fill = {"start": "#f4f2ea", "yellow": YELLOW, "computer": YELLOW}.get(s.kind, HQ_TRACK)
        words = {
            "start": "Start: every Kojak begins here",
            "track": f"Headquarters track space {s.id}",
            "yellow": f"The Computer Room path ({s.id})",
            "computer": "The last yellow space, by the Computer Room: take 2 Contact Cards",
        }[s.kind]
        rect = _attrs(x=cx - side / 2, y=cy - side / 2, width=side, height=side, rx=7, fill=fill)
        parts = [
            f'<g id="hq-{s.id}" class="hq-space" data-node="{s.id}" data-kind="{s.kind}" '
            f"{_attrs(data_x=cx, data_y=cy)}>{_title(words)}"
            f'<rect {rect} stroke="#0e1d33" stroke-width="1.6"/>'
        ]
        if s.kind == "computer":
            # a room of its own around the last yellow space, with tape drives
            parts.append(
                f"<rect {_attrs(x=cx - side / 2 + 3, y=cy - side / 2 + 3)} "
                f'width="{_n(side - 6)}" height="{_n(side - 6)}" rx="5" fill="none" '
                'stroke="#7a5b00" stroke-width="1.2" stroke-dasharray="3 2"/>'
            )
            if self.labels:
                for ox in (-8, 8):
                    parts.append(
                        f'<circle cx="{_n(cx + ox)}" cy="{_n(cy - 7)}" r="5" fill="#fff" '
                        'stroke="#333" stroke-width="1.2"/>'
                        f'<circle cx="{_n(cx + ox)}" cy="{_n(cy - 7)}" r="1.6" fill="#333"/>'
                    )
                parts.append(_text(cx, cy + 9, "COMPUTER", 6.6, fill="#3b2a00", font_weight="bold"))
                parts.append(_text(cx, cy + 16, "ROOM", 6.6, fill="#3b2a00", font_weight="bold"))
        elif s.kind == "start" and self.labels:
            parts.append(_text(cx, cy + 4, "START", 10, fill="#1d3558", font_weight="bold"))
        parts.append("</g>")
        return "".join(parts)

    def _hq_sign(self) -> list[str]:
        """The name over the empty corner of Headquarters, left of the yellow path."""
        x0, y0, _, _ = self.b.hq_box
        x, y = self.xy(x0 + 1.0, y0 + 0.42)
        return [
            _text(x, y, "POLICE", 11, fill="#f4f2ea", font_weight="bold", letter_spacing=2),
            _text(x, y + 12, "HEADQUARTERS", 8.4, fill="#f4f2ea", letter_spacing=0.6),
        ]

    # --- the rest of the board -------------------------------------------------------------
    def _decor(self) -> list[str]:
        """The title, the card spaces and the Solution Book, in the free corners."""
        out = ['<g class="decor" pointer-events="none">']
        spots = self._free_spots()
        title, action, contact, book = spots
        if self.labels:
            tx, ty = self.xy(*title)
            out.append(
                f'<text {_attrs(x=tx, y=ty + 6, font_size=36)} fill="#f2c12e" '
                'font-weight="900" text-anchor="middle" letter-spacing="2" '
                "font-family=\"'Arial Black', Impact, Helvetica, sans-serif\" "
                'paint-order="stroke" stroke="#111" stroke-width="4">KOJAK</text>'
            )
            out.append(
                _text(tx, ty + 22, "DETECTIVE GAME", 9.5, fill="#f4f2ea", letter_spacing=2.5)
            )
        out.append(self._card_space("action", action, "#b8221a", "ACTION", "CARDS"))
        out.append(self._card_space("contact", contact, "#1f56b0", "CONTACT", "CARDS"))
        bx, by = self.xy(*book)
        out.append(
            f'<g class="solution-book" transform="translate({_n(bx)} {_n(by)})">'
            '<rect x="-30" y="-19" width="60" height="38" rx="3" fill="#5b3a1e" '
            'stroke="#111" stroke-width="1.4"/>'
            '<rect x="-27" y="-16" width="54" height="32" rx="2" fill="#7a4f2a"/>'
            '<line x1="0" y1="-16" x2="0" y2="16" stroke="#3b2410" stroke-width="1.5"/>'
            + (
                _text(0, -3, "SOLUTION", 7.5, fill="#f2c12e", font_weight="bold")
                + _text(0, 7, "BOOK", 7.5, fill="#f2c12e", font_weight="bold")
                if self.labels
                else ""
            )
            + "</g>"
        )
        out.append("</g>")
        return out

    def _card_space(
        self, pile: str, at: tuple[float, float], colour: str, top: str, bottom: str
    ) -> str:
        x, y = self.xy(*at)
        w, h = 0.86 * UNIT, 1.16 * UNIT
        words = ""
        if self.labels:
            words = _text(x, y - 3, top, 8, fill="#fff", font_weight="bold") + _text(
                x, y + 9, bottom, 8, fill="#fff", font_weight="bold"
            )
        return (
            f'<g class="card-space" data-pile="{pile}">'
            f'<rect {_attrs(x=x - w / 2, y=y - h / 2, width=w, height=h, rx=6)} fill="none" '
            'stroke="#f4f2ea" stroke-opacity=".6" stroke-width="1.6" stroke-dasharray="5 3"/>'
            f"<rect {_attrs(x=x - w / 2 + 5, y=y - h / 2 + 5, width=w - 10, height=h - 10)} "
            f'rx="4" fill="{colour}" stroke="#111" stroke-width="1"/>{words}</g>'
        )

    def _free_spots(self) -> list[tuple[float, float]]:
        """Centres (board units) of the title, the two card spaces and the Solution Book.

        Each is the free 2 x 2 square (on the half-unit grid) farthest from what is
        already placed, so the corners between the loops are filled evenly.
        """
        xs = [x for x, _ in self.b.path.values()]
        ys = [y for _, y in self.b.path.values()]
        sizes = [(2.0, 1.2), (0.9, 1.2), (0.9, 1.2), (1.0, 0.7)]
        taken: list[Box] = list(self.obstacles)
        label_boxes = [self._label_box(bd) for bd in self.b.buildings.values()]
        taken += label_boxes
        spots: list[tuple[float, float]] = []
        for w, h in sizes:
            best: tuple[float, float, float] | None = None
            y = min(ys)
            while y <= max(ys):
                x = min(xs)
                while x <= max(xs):
                    box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
                    if all(not _overlaps(box, o) for o in taken):
                        gap = min(
                            max(o[0] - box[2], box[0] - o[2], o[1] - box[3], box[1] - o[3])
                            for o in taken
                        )
                        if best is None or gap > best[0] + 1e-9:
                            best = (gap, x, y)
                    x += 0.25
                y += 0.25
            if best is None:
                raise ValueError("no room on the board for its decorations")
            _, x, y = best
            spots.append((x, y))
            taken.append((x - w / 2 - 0.3, y - h / 2 - 0.3, x + w / 2 + 0.3, y + h / 2 + 0.3))
        return spots

    def _label_box(self, bd: Building) -> Box:
        text = self._building_label(bd)
        x = float(text.split(' x="')[1].split('"')[0]) / UNIT + self.x0
        y = float(text.split(' y="')[1].split('"')[0]) / UNIT + self.y0
        half_w = len(bd.name) * 11 * 0.36 / UNIT
        return (x - half_w, y - 0.2, x + half_w, y + 0.05)

    # --- on top: targets and pieces ------------------------------------------------------
    def _targets(self, targets: Sequence[str]) -> list[str]:
        out = ['<g class="targets" fill="none" stroke="#16c784" stroke-width="3" '
               'pointer-events="none">']  # fmt: skip
        for place in targets:
            x, y = self.place_xy(place)
            out.append(
                f'<circle class="target" data-node="{escape(place)}" '
                f"{_attrs(cx=x, cy=y, r=0.4 * UNIT)}/>"
            )
        out.append("</g>")
        return out

    def _pieces(self, view: Mapping[str, Any]) -> list[str]:
        out = ['<g class="pieces" pointer-events="none">']
        at: dict[str, list[tuple[str, int, str]]] = {}
        for p in view["pieces"]:
            seat, colour = int(p["seat"]), str(p["colour"])
            cars = p["cars"]
            if cars.get("detective"):
                at.setdefault(cars["detective"], []).append(("car", seat, colour))
            if cars.get("kojak"):
                at.setdefault(cars["kojak"], []).append(("kojak-car", seat, colour))
            if p.get("kojak"):
                at.setdefault(p["kojak"], []).append(("pawn", seat, colour))
        for place in sorted(at):
            cx, cy = self.place_xy(place)
            here = at[place]
            for (kind, seat, colour), (ox, oy) in zip(here, _spread(len(here)), strict=True):
                out.append(self._piece(kind, seat, colour, place, cx + ox, cy + oy))
        badges: dict[str, list[tuple[int, str]]] = {}
        for p in view["pieces"]:
            if p.get("badge"):
                badges.setdefault(p["badge"], []).append((int(p["seat"]), str(p["colour"])))
        for building, seats in sorted(badges.items()):
            bd = self.b.buildings[building]
            cx, cy = self.xy(bd.x, bd.y)
            for seat, colour in seats:
                ox, oy = _badge_offset(seat)
                out.append(
                    _use("kj-badge", cx + ox, cy + oy, colour)
                    .replace("<use ", f'<use class="badge" data-seat="{seat}" '
                             f'data-building="{building}" ', 1)
                )  # fmt: skip
        out.append("</g>")
        return out

    def _piece(self, kind: str, seat: int, colour: str, place: str, x: float, y: float) -> str:
        symbol = {"car": "kj-car", "kojak-car": "kj-kojak-car", "pawn": "kj-pawn"}[kind]
        return _use(symbol, x, y, colour).replace(
            "<use ", f'<use class="piece {kind}" data-seat="{seat}" data-node="{escape(place)}" ', 1
        )


SYMBOL_BOX = {
    "kj-car": (-13, -8, 26, 16),
    "kj-kojak-car": (-13, -8, 26, 16),
    "kj-pawn": (-10, -14, 20, 24),
    "kj-badge": (-8, -8, 16, 14),
}
"""Each symbol's viewBox: a `<use>` with these x, y, width, height draws it 1:1 around 0,0."""


def _use(symbol: str, x: float, y: float, colour: str) -> str:
    """A piece symbol centred on (x, y), in a player's colour."""
    vx, vy, w, h = SYMBOL_BOX[symbol]
    return (
        f'<use href="#{symbol}" {_attrs(x=vx, y=vy, width=w, height=h)} '
        f'transform="translate({_n(x)} {_n(y)})" color="{SEAT_COLOURS.get(colour, "#888")}" '
        f'stroke="{SEAT_LINES.get(colour, "#111")}"/>'
    )


def _spread(count: int) -> list[tuple[float, float]]:
    """Offsets (SVG units) for `count` pieces sharing a place."""
    if count == 1:
        return [(0.0, 0.0)]
    d = UNIT * 0.17
    grid = [(-d, -d), (d, -d), (-d, d), (d, d)]
    if count <= 4:
        return grid[:count]
    step = 2 * math.pi / count
    return [(d * 1.3 * math.cos(i * step), d * 1.3 * math.sin(i * step)) for i in range(count)]


def _badge_offset(seat: int) -> tuple[float, float]:
    """Where seat's Badge stands on a roof (four fit, one in each quarter)."""
    d = ROOF * UNIT * 0.5
    return ((-d, -d), (d, -d), (-d, d), (d, d))[seat % 4]
