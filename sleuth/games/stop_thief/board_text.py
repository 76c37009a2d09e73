"""The Stop Thief board as coloured text: one grid square is two characters (or one, narrow).

A pure function of the board and what to draw on it (pieces, highlighted
squares, a revealed route), so it can be tested and reused without a terminal.
Wide, every numbered space shows what the commands take: its code "447" (a space
one square wide takes the first digit from the plain or blank square beside it)
or "5-93" where it is wider; labels never run into each other and pieces stand
beside a label when the space has room. Plain squares show a faint dot, walls
nothing. Narrow (one character a square) shows letters, explained by the legend.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from rich.style import Style
from rich.text import Text

from sleuth.games.stop_thief.board import BUILDINGS, Board
from sleuth.games.stop_thief.words import space_label

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


Cell = tuple[int, int]


@dataclass(frozen=True)
class Layout:
    """Where each node is drawn and what it says, precomputed once per board."""

    cells: dict[Cell, int]  # square -> node index, stations included
    labels: dict[Cell, str]  # square -> its two characters (wide)
    narrow: dict[Cell, str]  # square -> its one character
    styles: dict[Cell, str]
    node_cells: dict[int, tuple[Cell, ...]]
    building_labels: dict[Cell, tuple[str, str]]  # blank square -> (wide, narrow)
    # A numbered space one square wide writes its whole code ("447") by taking one character
    # of the plain or blank square beside it: (square, 0 or 1) -> (character, the space's node).
    lent: dict[tuple[Cell, int], tuple[str, int]]
    label_cells: dict[int, frozenset[Cell]]  # node -> the squares its label is written on


@cache
def layout(board: Board) -> Layout:
    cells: dict[Cell, int] = dict(board.cell_node)
    labels: dict[Cell, str] = {}
    narrow: dict[Cell, str] = {}
    styles: dict[Cell, str] = {}
    node_cells: dict[int, tuple[Cell, ...]] = {}
    label_cells: dict[int, frozenset[Cell]] = {}
    for node in board.nodes:
        if not node.cells:
            continue
        node_cells[node.index] = node.cells
        plain, numbered = KIND_STYLES[node.kind]
        first_row = _label_row(board, node.cells)
        if node.id == "acme":
            text, style = "ACME", ACME_STYLE
        elif node.code is not None:
            # the code as typed: 5-93 where the first row has room, else 593 (see `lent`)
            text = space_label(node.code) if len(first_row) > 1 else f"{node.code:03d}"[1:]
            style = numbered
        else:
            text, style = "", plain
        chars = text.ljust(2 * len(first_row), " ")
        if text:
            label_cells[node.index] = frozenset(first_row)
        for cell in node.cells:
            i = first_row.index(cell) if cell in first_row else -1
            pair = chars[2 * i : 2 * i + 2] if i >= 0 else "  "
            labels[cell] = pair if pair.strip() or node.code is not None else " ·"
            styles[cell] = style
            letter = board.grid[cell[0]][cell[1]]
            narrow[cell] = (letter.upper() if node.code is not None else "·") if i == 0 else " "
            if node.code is not None and len(node.cells) > 1 and i != 0:
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
        label_cells[index] = frozenset({cell})
        tag = station.id.removeprefix("subway-")[:2].upper()
        labels[cell], narrow[cell], styles[cell] = tag, "U", STATION_STYLE
    buildings = _building_labels(board, cells)
    lent = _lend(board, cells, buildings)
    for (_, k), (_, index) in lent.items():
        code = board.nodes[index].code if index >= 0 else None
        if k == 0 and code is not None:  # lent on the right: the space shows its first two digits
            labels[board.nodes[index].cells[0]] = f"{code:03d}"[:2]
    return Layout(cells, labels, narrow, styles, node_cells, buildings, lent, label_cells)


def _label_row(board: Board, own: tuple[Cell, ...]) -> list[Cell]:
    """The row of a space's squares its label is written on: the first whose ends do not
    touch another numbered space's squares (where "7-07" would run into "317" and "217")."""
    rows = sorted({r for r, _ in own})
    cols = sorted({c for _, c in own})

    def numbered(cell: Cell) -> bool:
        index = board.cell_node.get(cell)
        return index is not None and board.nodes[index].code is not None

    for r in rows:
        if not numbered((r, cols[0] - 1)) and not numbered((r, cols[-1] + 1)):
            return [cell for cell in own if cell[0] == r]
    return [cell for cell in own if cell[0] == rows[0]]


def _lend(
    board: Board, cells: Mapping[Cell, int], buildings: Mapping[Cell, tuple[str, str]]
) -> dict[tuple[Cell, int], tuple[str, int]]:
    """For each numbered space one square wide, one character of a square beside it for the
    first digit of its code: the left neighbour's second character ("4" + "47"), else the
    right one's first ("44" + "7"). Only a plain or blank square lends, and only once, so
    labels never run into each other; a space with no such neighbour shows its last two
    digits (its building or street says the first)."""
    lent: dict[tuple[Cell, int], tuple[str, int]] = {}

    def free(cell: Cell) -> bool:
        index = cells.get(cell)
        if cell in buildings or not (0 <= cell[1] < board.size):
            return False
        return index is None or (board.nodes[index].code is None and board.nodes[index].id != "acme"
                                 and board.nodes[index].kind != "station")  # fmt: skip

    for node in board.nodes:
        if node.code is None or len({c for _, c in node.cells}) > 1:
            continue
        r, c = node.cells[0]
        digit = str(node.code // 100)
        if free((r, c - 1)) and ((r, c - 1), 1) not in lent:
            lent[((r, c - 1), 1)] = (digit, node.index)
        elif free((r, c + 1)) and ((r, c + 1), 0) not in lent:
            lent[((r, c + 1), 0)] = (f"{node.code % 10}", node.index)
            lent[((r, c + 1), 1)] = (" ", -1)  # keeps the lender's dot off the label's end
    return lent


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

    pieces: node id -> the seats standing there (drawn as the digits 1-4 in seat colours;
    on a space's other squares when it has them, so its label stays readable).
    marks: node ids to highlight (where the player may move or arrest).
    route: numbered spaces of a revealed thief route (the last one is where he ended).
    tips: numbered spaces the Tipster named to this player.
    """
    lay = layout(board)
    width = 2 if wide else 1
    mark_nodes = {board.node_by_id[m] for m in marks if m in board.node_by_id}
    route_nodes = {board.node_of_code[c] for c in route if c in board.node_of_code}
    tip_nodes = {board.node_of_code[c] for c in tips if c in board.node_of_code}
    overlay: dict[tuple[Cell, int], tuple[str, str]] = {}  # (square, character) -> piece
    rewritten: dict[tuple[Cell, int], str] = {}  # a label squeezed beside a piece
    covered: set[int] = set()  # nodes whose label a piece hides
    occupied = {cell for node_id, seats in (pieces or {}).items() if seats
                for cell in lay.node_cells.get(board.node_by_id.get(node_id, -1), ())}  # fmt: skip
    for node_id, seats in (pieces or {}).items():
        index = board.node_by_id.get(node_id)
        if index is None or not seats:
            continue
        own = lay.node_cells.get(index, ())
        written = lay.label_cells.get(index, frozenset())
        free = [cell for cell in own if cell not in written] if wide else []
        slots = [(cell, k) for cell in (free or own) for k in range(width)]
        if wide and not free and written:
            # a space with no square beside its label: keep its code readable next to the
            # piece ("507" then the piece on 5-07; "447" with the piece on the lent square)
            squeezed = _squeezed(board, lay, index, rewritten, occupied)
            if squeezed:
                slots = squeezed
            else:
                covered.add(index)
        elif not free and written:
            covered.add(index)
        ordered = sorted(seats)
        for slot, seat in zip(slots, ordered, strict=False):
            overlay[slot] = (str(seat + 1), SEAT_STYLES[seat % 4])
        if len(ordered) > len(slots) and slots:
            overlay[slots[-1]] = ("+", SEAT_STYLES[ordered[-1] % 4])

    def style_of(index: int, cell: Cell) -> Style | str:
        if index in route_nodes:
            return ROUTE_STYLE
        if index in tip_nodes:
            return TIP_STYLE
        if index in mark_nodes:
            node = board.nodes[index]
            if node.code is not None or node.kind == "station":
                return Style.parse(lay.styles[cell]) + MARK_NUMBERED
            return MARK_STYLE
        return lay.styles[cell]

    text = Text(no_wrap=True, overflow="crop")
    for r in range(board.size):
        for c in range(board.size):
            cell = (r, c)
            index = lay.cells.get(cell)
            piece_here = any((cell, k) in overlay for k in range(width))
            for k in range(width):
                borrowed = lay.lent.get((cell, k)) if wide else None
                if (cell, k) in overlay:
                    text.append(*overlay[(cell, k)])
                elif (cell, k) in rewritten and index is not None:
                    text.append(rewritten[(cell, k)], style_of(index, cell))
                elif borrowed is not None and borrowed[1] >= 0 and borrowed[1] not in covered:
                    owner = borrowed[1]
                    text.append(borrowed[0], style_of(owner, board.nodes[owner].cells[0]))
                elif index is None:
                    label = lay.building_labels.get(cell)
                    chunk = (label[0] if wide else label[1]) if label else " " * width
                    text.append(chunk[k], BUILDING_LABEL_STYLE if label else None)
                elif borrowed is not None:  # the lender's dot, kept off a label's end
                    text.append(" ", style_of(index, cell))
                else:
                    chars = lay.labels[cell] if wide else lay.narrow[cell]
                    if index in covered or (piece_here and chars.strip() and chars != " ·"):
                        chars = " " * width  # a piece hides this label: no stray digit
                    elif index in mark_nodes and chars == " ·":
                        chars = " •"
                    text.append(chars[k], style_of(index, cell))
        if r < board.size - 1:
            text.append("\n")
    return text


def _squeezed(
    board: Board,
    lay: Layout,
    index: int,
    rewritten: dict[tuple[Cell, int], str],
    occupied: Collection[Cell],
) -> list[tuple[Cell, int]]:
    """Where pieces go on a space whose every square carries its label: after the code
    written without its dash ("507" + piece, on a space two squares wide), or on the spare
    character of the square that lends a one-square space its first digit. Records the
    squeezed label in `rewritten`; [] when there is no room (the lender has a piece)."""
    code = board.nodes[index].code
    written = sorted(lay.label_cells.get(index, frozenset()))
    if code is None or not written:
        return []
    if len(written) >= 2:
        chars = f"{code:03d}".ljust(2 * len(written))
        for i, cell in enumerate(written):
            for k in range(2):
                rewritten[(cell, k)] = chars[2 * i + k]
        return [(cell, k) for i, cell in enumerate(written) for k in range(2) if 2 * i + k >= 3]
    for (lender, k), (_, owner) in lay.lent.items():
        if owner == index and lender not in occupied:  # a piece there keeps its square
            return [(lender, 1 - k)]  # left lender: its first character; right: its second
    return []


def legend(wide: bool = True) -> Text:
    """What the colours, letters and labels mean, for under the board: two lines of at most
    76 columns (wide), or a few of 38 (narrow)."""
    text = Text(no_wrap=False)
    if wide:
        for name, style in LEGEND:
            text.append(f" {name} ", style)
            text.append(" ")
        text.append(" • ", MARK_STYLE)
        text.append(" in reach\n447 or 4-47 = space 4-47: m 4-47 · NW = subway: ride nw · ")
    else:
        for letter, name, style in LETTERS:
            text.append(letter, style)
            text.append(f" {name} ")
        text.append(" • ", MARK_STYLE)
        text.append(" in reach\nLetters: numbered spaces; 'zoom' shows their numbers · ")
    for seat, style in enumerate(SEAT_STYLES):
        text.append(str(seat + 1), style)
    text.append(" detectives")
    return text


LETTERS = [
    ("S", "street", KIND_STYLES["street"][1]),
    ("F", "floor", KIND_STYLES["floor"][1]),
    ("C", "crime", KIND_STYLES["crime"][1]),
    ("D", "door", KIND_STYLES["door"][1]),
    ("W", "window", KIND_STYLES["window"][1]),
    ("·", "plain", KIND_STYLES["floor"][0]),
    ("U", "subway", STATION_STYLE),
    ("A", "ACME", ACME_STYLE),
]


def node_at(board: Board, x: int, y: int, wide: bool = True) -> int | None:
    """The node drawn at character column x, row y of the rendered board (for mouse clicks):
    a digit a space took from the square beside it belongs to the space."""
    lay = layout(board)
    if not wide:
        return lay.cells.get((y, x))
    borrowed = lay.lent.get(((y, x // 2), x % 2))
    if borrowed is not None and borrowed[1] >= 0:
        return borrowed[1]
    return lay.cells.get((y, x // 2))
