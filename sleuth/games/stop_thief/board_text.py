"""The Stop Thief board as coloured text: one grid square is two characters (or one, narrow).

A pure function of the board and what to draw on it (pieces, highlighted
squares, a revealed route), so it can be tested and reused without a terminal.
Numbered spaces show their number (a single square shows the last two digits,
"48" for 1-48 in Building 1; a large street space shows "5-93"), plain squares
a faint dot, walls nothing.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from rich.style import Style
from rich.text import Text

from sleuth.games.stop_thief.board import BUILDINGS, Board

SEAT_STYLES = (  # pieces: a coloured digit on white, unlike any square of the board
    "bold blue1 on bright_white",
    "bold red1 on bright_white",
    "bold green4 on bright_white",
    "bold dark_magenta on bright_white",
)
# (plain square, numbered space) for each kind of square
KIND_STYLES: dict[str, tuple[str, str]] = {
    "street": ("grey46 on grey19", "bold grey93 on grey30"),
    "floor": ("#9c8466 on #4a3a28", "bold #ffe3bd on #6b5236"),
    "crime": ("bold white on red3", "bold white on red3"),
    "door": ("bold black on #d7a24f", "bold black on #d7a24f"),
    "window": ("bold black on #8fd7ff", "bold black on #8fd7ff"),
}
STATION_STYLE = "bold white on purple4"
ACME_STYLE = "bold black on green3"
BUILDING_LABEL_STYLE = "italic grey62"
MARK_STYLE = Style(bgcolor="dark_green", color="bright_white", bold=True)  # plain squares
MARK_NUMBERED = Style(bold=True, underline=True)  # a numbered space keeps its colour
ROUTE_STYLE = Style(bgcolor="gold1", color="black", bold=True)
TIP_STYLE = Style(bgcolor="orange_red1", color="black", bold=True)

LEGEND = [
    ("street", KIND_STYLES["street"][1]),
    ("floor", KIND_STYLES["floor"][1]),
    ("crime", KIND_STYLES["crime"][1]),
    ("door", KIND_STYLES["door"][1]),
    ("window", KIND_STYLES["window"][1]),
    ("subway", STATION_STYLE),
    ("ACME", ACME_STYLE),
]


@dataclass(frozen=True)
class Layout:
    """Where each node is drawn and what it says, precomputed once per board."""

    cells: dict[tuple[int, int], int]  # square -> node index, stations included
    labels: dict[tuple[int, int], str]  # square -> its two characters (wide)
    narrow: dict[tuple[int, int], str]  # square -> its one character
    styles: dict[tuple[int, int], str]
    node_cells: dict[int, tuple[tuple[int, int], ...]]
    building_labels: dict[tuple[int, int], tuple[str, str]]  # blank square -> (wide, narrow)


@cache
def layout(board: Board) -> Layout:
    cells: dict[tuple[int, int], int] = dict(board.cell_node)
    labels: dict[tuple[int, int], str] = {}
    narrow: dict[tuple[int, int], str] = {}
    styles: dict[tuple[int, int], str] = {}
    node_cells: dict[int, tuple[tuple[int, int], ...]] = {}
    for node in board.nodes:
        if not node.cells:
            continue
        node_cells[node.index] = node.cells
        plain, numbered = KIND_STYLES[node.kind]
        if node.id == "acme":
            text, style = "ACME", ACME_STYLE
        elif node.code is not None:
            code = node.code
            text = f"{code // 100}-{code % 100:02d}" if len(node.cells) > 1 else f"{code % 100:02d}"
            style = numbered
        else:
            text, style = "", plain
        chars = text.ljust(2 * len(node.cells), " ")
        for i, cell in enumerate(node.cells):
            pair = chars[2 * i : 2 * i + 2]
            labels[cell] = pair if pair.strip() or node.code is not None else " ·"
            styles[cell] = style
            letter = board.grid[cell[0]][cell[1]]
            narrow[cell] = (letter.upper() if node.code is not None else "·") if i == 0 else " "
            if node.code is not None and len(node.cells) > 1 and i > 0:
                narrow[cell] = "·"
        if node.id == "acme":
            narrow[node.cells[0]], narrow[node.cells[-1]] = "A", "A"
    for station in board.stations:
        index = board.node_by_id[station.id]
        cell = (station.row, station.col)
        if cell in board.cell_node:  # a station inside a large street space: draw it lower down
            owner = board.cell_node[cell]
            below = (station.row + 2, station.col)
            cell = below if board.cell_node.get(below) == owner else cell
        cells[cell] = index
        node_cells[index] = (cell,)
        tag = station.id.removeprefix("subway-")[:2].upper()
        labels[cell], narrow[cell], styles[cell] = tag, "U", STATION_STYLE
    return Layout(cells, labels, narrow, styles, node_cells, _building_labels(board, cells))


def _building_labels(
    board: Board, taken: Mapping[tuple[int, int], int]
) -> dict[tuple[int, int], tuple[str, str]]:
    """Each building's number and name, written in the blank (wall) squares near its middle."""
    out: dict[tuple[int, int], tuple[str, str]] = {}
    for area, name in BUILDINGS.items():
        spaces = [s for s in board.spaces.values() if s.area == area]
        rows = range(min(s.row for s in spaces), max(s.row for s in spaces) + 1)
        cols = range(min(s.col for s in spaces), max(s.col for s in spaces) + 1)
        mid_r = sum(s.row for s in spaces) / len(spaces)
        mid_c = sum(s.col for s in spaces) / len(spaces)
        label = f"{area} {name}"
        need = (len(label) + 1) // 2
        best: tuple[float, int, int] | None = None
        for r in rows:
            c = cols.start
            while c < cols.stop:
                if (r, c) in taken:
                    c += 1
                    continue
                start = c
                while c < cols.stop and (r, c) not in taken:
                    c += 1
                if c - start >= need + 2:  # a blank square either side, so it reads apart
                    first = start + (c - start - need) // 2
                    score = abs(r - mid_r) + abs(first + need / 2 - mid_c)
                    if best is None or score < best[0]:
                        best = (score, r, first)
        if best is None:
            continue
        _, r, first = best
        text = label.ljust(2 * need)
        for i in range(need):
            out[(r, first + i)] = (text[2 * i : 2 * i + 2], str(area) if i == 0 else " ")
    return out


def render_board(
    board: Board,
    pieces: Mapping[str, Sequence[int]] | None = None,
    marks: Collection[str] = (),
    route: Sequence[int] = (),
    tips: Collection[int] = (),
    wide: bool = True,
) -> Text:
    """The board as rich Text.

    pieces: node id -> the seats standing there (drawn as the digits 1-4 in seat colours).
    marks: node ids to highlight (where the player may move or arrest).
    route: numbered spaces of a revealed thief route (the last one is where he ended).
    tips: numbered spaces the Tipster named to this player.
    """
    lay = layout(board)
    width = 2 if wide else 1
    mark_nodes = {board.node_by_id[m] for m in marks if m in board.node_by_id}
    route_nodes = {board.node_of_code[c] for c in route if c in board.node_of_code}
    tip_nodes = {board.node_of_code[c] for c in tips if c in board.node_of_code}
    overlay: dict[tuple[int, int], list[tuple[str, str]]] = {}
    for node_id, seats in (pieces or {}).items():
        index = board.node_by_id.get(node_id)
        if index is None or not seats:
            continue
        slots = [(cell, k) for cell in lay.node_cells.get(index, ()) for k in range(width)]
        for (cell, _k), seat in zip(slots, sorted(seats), strict=False):
            overlay.setdefault(cell, []).append((str(seat + 1), SEAT_STYLES[seat % 4]))
        if len(seats) > len(slots) and slots:
            overlay[slots[-1][0]][-1] = ("+", SEAT_STYLES[sorted(seats)[-1] % 4])
    text = Text(no_wrap=True, overflow="crop")
    for r in range(board.size):
        for c in range(board.size):
            cell = (r, c)
            index = lay.cells.get(cell)
            if index is None:
                label = lay.building_labels.get(cell)
                chunk = (label[0] if wide else label[1]) if label else " " * width
                text.append(chunk, BUILDING_LABEL_STYLE if label else None)
                continue
            chars = lay.labels[cell] if wide else lay.narrow[cell]
            style: Style | str = lay.styles[cell]
            if index in route_nodes:
                style = ROUTE_STYLE
            elif index in tip_nodes:
                style = TIP_STYLE
            elif index in mark_nodes:
                numbered = (
                    board.nodes[index].code is not None or board.nodes[index].kind == "station"
                )
                style = Style.parse(lay.styles[cell]) + MARK_NUMBERED if numbered else MARK_STYLE
            if index in mark_nodes and chars == " ·":
                chars = " •"
            pieces_here = overlay.get(cell, [])
            for k in range(width):
                if k < len(pieces_here):
                    text.append(pieces_here[k][0], pieces_here[k][1])
                else:
                    text.append(chars[k], style)
        if r < board.size - 1:
            text.append("\n")
    return text


def legend() -> Text:
    """Two lines naming the colours, for under the board."""
    text = Text(no_wrap=True)
    for name, style in LEGEND:
        text.append(f" {name} ", style)
        text.append(" ")
    text.append("\n48 = 1-48 in Building 1 · 5-93 street · ")
    for seat, style in enumerate(SEAT_STYLES):
        text.append(str(seat + 1), style)
    text.append(" detectives · ")
    text.append(" • ", MARK_STYLE)
    text.append(" within reach")
    return text


def node_at(board: Board, x: int, y: int, wide: bool = True) -> int | None:
    """The node drawn at character column x, row y of the rendered board (for mouse clicks)."""
    col = x // 2 if wide else x
    return layout(board).cells.get((y, col))
