"""Draw the Columbo board, and the lawn beside it, as SVG.

`board_svg()` is a pure function: the same arguments give the same text. The
picture is ours, drawn from data/board.json: the six numbered rooms and the
Living Room, the hallway squares, each DOOR TO space marked with its room, and
off the board the lawn, where every place is a card back or an empty outline.

Given a view (`state.view(seat)`), it also draws the pieces, the cards left in
each room, the rooms not in play, and the lawn as that view has it: places,
never faces (a face-down card's identity is not in any view to draw).
Squares, rooms and lawn places carry `data-node` / `data-place` so a web page
can attach click handlers; each has a `<title>` tooltip.

    >>> from sleuth.games.columbo.svg import board_svg
    >>> str(board_svg()).startswith("<svg")
    True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

from sleuth.games.columbo.board import LIVING_ROOM, Board, Node, load_board
from sleuth.games.columbo.words import hallway_words

__all__ = ["PIECE_COLOURS", "BoardSvg", "board_svg"]

CELL = 28
MARGIN = 14
LAWN_COLUMNS = 6
CARD_W, CARD_H, CARD_GAP = 30, 42, 8

PIECE_COLOURS: tuple[str, ...] = ("#c8102e", "#1d5fd1", "#2a9d3a", "#f2b705")
"""Piece colours for seats 0-3 (red, blue, green, yellow)."""

FILL = {
    "hall": "#efe6cf",
    "door": "#d9b45a",
    "room": "#8fa7b8",
    "living": "#b9865a",
    "closed": "#9a9a9a",
    "lawn": "#5f8f4e",
    "back": "#7a1f2b",
}
INK = "#2b2118"


@dataclass(frozen=True, slots=True)
class BoardSvg:
    """An SVG picture: `str()` or `.text` is the document; notebooks show it by themselves."""

    text: str

    def __str__(self) -> str:
        return self.text

    def _repr_svg_(self) -> str:
        return self.text


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _rect(x: float, y: float, w: float, h: float, **style: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in style.items())
    return f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{extra}/>'


def _text(x: float, y: float, words: str, size: float, fill: str = INK, **style: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in style.items())
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" text-anchor="middle"'
        f' font-family="Georgia, serif" fill="{fill}"{extra}>{escape(words)}</text>'
    )


def _box(node: Node) -> tuple[float, float, float, float]:
    xs = [x for x, _ in node.cells]
    ys = [y for _, y in node.cells]
    x0, y0 = MARGIN + min(xs) * CELL, MARGIN + min(ys) * CELL
    return x0, y0, (max(xs) - min(xs) + 1) * CELL, (max(ys) - min(ys) + 1) * CELL


def board_svg(view: Mapping[str, Any] | None = None) -> BoardSvg:
    """The board (and, given a seat's or a spectator's view, the pieces, piles and lawn)."""
    board = load_board()
    view = view or {}
    rooms = {int(r["room"]): r for r in view.get("rooms", [])}
    lawn: Sequence[Any] = view.get("lawn", [])
    width = 2 * MARGIN + board.width * CELL
    lawn_x = width
    lawn_w = 2 * MARGIN + LAWN_COLUMNS * (CARD_W + CARD_GAP)
    height = 2 * MARGIN + board.height * CELL
    rows_needed = max(1, -(-max(len(lawn), 1) // LAWN_COLUMNS))
    height = max(height, 60 + rows_needed * (CARD_H + CARD_GAP) + MARGIN)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width + lawn_w} {height}"'
        f' width="{width + lawn_w}" height="{height}" role="img"'
        ' aria-label="The Columbo Detective Game board and the lawn">',
        _rect(0, 0, width + lawn_w, height, fill=FILL["lawn"]),
        _rect(MARGIN / 2, MARGIN / 2, width - MARGIN, height - MARGIN, fill="#f7f1e1", rx="6"),
    ]
    for node in board.nodes:
        parts.append(_room(board, node, rooms) if node.kind == "room" else _square(node))
    parts.extend(_thresholds(board))
    middle = MARGIN + board.height * CELL / 2
    for x, words in ((MARGIN + 4.5 * CELL, "COLUMBO"), (MARGIN + 17.5 * CELL, "DETECTIVE")):
        parts.append(_text(x, middle + 5, words, 13, fill="#8a6d3b", font_weight="bold"))
    parts.extend(_pieces(board, view.get("detectives", [])))
    parts.extend(_lawn(lawn, lawn_x))
    parts.append("</svg>")
    return BoardSvg("\n".join(parts))


def _room(board: Board, node: Node, rooms: Mapping[int, Any]) -> str:
    assert node.room is not None
    x, y, w, h = _box(node)
    info = rooms.get(node.room)
    closed = info is not None and not info["in_play"]
    fill = FILL["living"] if node.room == LIVING_ROOM else FILL["room"]
    name = board.room_names[node.room]
    label = name.upper() if node.room == LIVING_ROOM else str(node.room)
    size = 15 if node.room == LIVING_ROOM else 40
    title = name
    body = [
        _rect(
            x + 2,
            y + 2,
            w - 4,
            h - 4,
            fill=FILL["closed"] if closed else fill,
            stroke=INK,
            stroke_width="3",
            rx="3",
        ),
        _text(x + w / 2, y + h / 2 + size / 3, label, size, font_weight="bold"),
    ]
    if closed:
        body.append(_text(x + w / 2, y + h - 12, "not in play", 11))
        title += " (not in play)"
    elif info is not None:
        cards = int(info["cards"])
        body.append(_text(x + w / 2, y + h - 12, f"{cards} card{'s' * (cards != 1)}", 11))
        title += f": {cards} card{'s' * (cards != 1)}"
    return f'<g data-node="{node.id}"><title>{escape(title)}</title>' + "".join(body) + "</g>"


def _square(node: Node) -> str:
    x, y, w, h = _box(node)
    fill = FILL["door"] if node.kind == "door" else FILL["hall"]
    inner = [_rect(x + 1, y + 1, w - 2, h - 2, fill=fill, stroke="#a89a78", stroke_width="1")]
    words = hallway_words(node.id)  # the same words as the log's
    title = words[0].upper() + words[1:]
    if node.kind == "door":
        assert node.room is not None
        to = "LR" if node.room == LIVING_ROOM else str(node.room)
        inner.append(_text(x + w / 2, y + 11, "DOOR", 7))
        inner.append(_text(x + w / 2, y + 21, f"TO {to}", 7))
        title = "Door to Living Room" if node.room == LIVING_ROOM else f"DOOR TO {node.room}"
    return f'<g data-node="{node.id}"><title>{title}</title>' + "".join(inner) + "</g>"


def _thresholds(board: Board) -> list[str]:
    """A gap in each room's wall where its DOOR TO space opens onto it."""
    out = []
    for room, door in sorted(board.door.items()):
        dx, dy = board.nodes[door].cells[0]
        cells = set(board.nodes[board.room_node[room]].cells)
        for cx, cy in ((dx + 1, dy), (dx - 1, dy), (dx, dy + 1), (dx, dy - 1)):
            if (cx, cy) in cells:
                mx = MARGIN + (dx + cx + 1) * CELL / 2
                my = MARGIN + (dy + cy + 1) * CELL / 2
                w, h = (6, CELL - 8) if cx != dx else (CELL - 8, 6)
                out.append(_rect(mx - w / 2, my - h / 2, w, h, fill=FILL["door"]))
                break
    return out


def _pieces(board: Board, detectives: Sequence[Mapping[str, Any]]) -> list[str]:
    by_node: dict[str, list[int]] = {}
    for det in detectives:
        by_node.setdefault(str(det["at"]), []).append(int(det["seat"]))
    out = []
    for node_id, seats in sorted(by_node.items()):
        x, y, w, h = _box(board.nodes[board.node_by_id[node_id]])
        room = w > CELL
        radius = 9 if room else 5 if len(seats) > 1 else 8
        for i, seat in enumerate(seats):
            if room:
                cx, cy = x + 22 + i * 22, y + 20
            else:
                cx = x + w / 2 + (i % 2 - 0.5) * 10 * (len(seats) > 1)
                cy = y + h / 2 + (i // 2 - 0.5) * 10 * (len(seats) > 2)
            colour = PIECE_COLOURS[seat % len(PIECE_COLOURS)]
            out.append(
                f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{radius}" fill="{colour}"'
                f' stroke="#fff" stroke-width="2" data-seat="{seat}">'
                f"<title>Detective {seat + 1}</title></circle>"
            )
    return out


def _lawn(lawn: Sequence[Any], left: float) -> list[str]:
    out = [
        _text(
            left + MARGIN + LAWN_COLUMNS * (CARD_W + CARD_GAP) / 2,
            34,
            "THE LAWN",
            16,
            fill="#f7f1e1",
            font_weight="bold",
        )
    ]
    for place, card in enumerate(lawn):
        x = left + MARGIN + (place % LAWN_COLUMNS) * (CARD_W + CARD_GAP)
        y = 50 + (place // LAWN_COLUMNS) * (CARD_H + CARD_GAP)
        if card is None:
            shape = _rect(
                x, y, CARD_W, CARD_H, fill="none", stroke="#c9dcbf", stroke_dasharray="3 3", rx="3"
            )
            title = f"place {place}: empty"
        else:
            shape = _rect(
                x, y, CARD_W, CARD_H, fill=FILL["back"], stroke="#f7f1e1", stroke_width="2", rx="3"
            )
            title = f"place {place}: a card, face down"
        label = _text(x + CARD_W / 2, y + CARD_H / 2 + 4, str(place), 11, fill="#f7f1e1")
        out.append(f'<g data-place="{place}"><title>{title}</title>{shape}{label}</g>')
    return out
