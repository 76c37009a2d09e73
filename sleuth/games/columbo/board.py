"""The board: six numbered rooms, the Living Room, hallways of squares, the DOOR TO spaces.

Loaded once from data/board.json (a grid, one character per square) and
checked on load. Pieces stand on *nodes*: every hallway square is one, and so
is each room, however many squares it covers. A room touches the hallways
only at its DOOR TO space (CO-MOVE-02, CO-MOVE-06), and entering or leaving
it counts the room as one space (CO-MOVE-07).

`reach` answers the movement question of a turn: from here, with this throw,
where may a piece end? In a hallway it uses the whole throw and never visits a
square twice (so never reverses, CO-MOVE-05); a room is entered by exact count
or more (CO-MOVE-07) and ends the move.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal

NodeKind = Literal["hall", "door", "room"]
LIVING_ROOM = 0  # rooms are numbered 1-6; the Living Room is room 0
NUMBERED = (1, 2, 3, 4, 5, 6)
ROOMS_USED: dict[int, tuple[int, ...]] = {2: (1, 2, 3, 4)}  # CO-SPECIAL-02; else all six


class BoardError(ValueError):
    """The board data file is inconsistent."""


@dataclass(frozen=True, slots=True)
class Node:
    index: int
    id: str  # "h03-06" for a hallway square (column, row), "room-1", "living-room"
    kind: NodeKind
    room: int | None  # a room's number (0: Living Room), or the room a DOOR TO space opens on
    cells: tuple[tuple[int, int], ...]  # (column, row) squares it covers

    @property
    def in_room(self) -> bool:
        return self.kind == "room"


def room_id(room: int) -> str:
    return "living-room" if room == LIVING_ROOM else f"room-{room}"


class Board:
    """Every fact about the board the rules need, precomputed."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.about: str = data["about"]
        self.grid: tuple[str, ...] = tuple(data["grid"])
        self.height = len(self.grid)
        self.width = len(self.grid[0]) if self.grid else 0
        self.room_names: dict[int, str] = {int(k): str(v) for k, v in data["room_names"].items()}
        doors: dict[str, int] = {str(k): int(v) for k, v in data["doors"].items()}
        nodes: list[Node] = []
        cell_node: dict[tuple[int, int], int] = {}
        room_cells: dict[int, list[tuple[int, int]]] = {}
        for y, line in enumerate(self.grid):
            if len(line) != self.width:
                raise BoardError(f"grid row {y} has {len(line)} squares, not {self.width}")
            for x, ch in enumerate(line):
                if ch == " ":
                    continue
                if ch.isdigit() or ch == "L":
                    room_cells.setdefault(0 if ch == "L" else int(ch), []).append((x, y))
                elif ch == "." or ch in doors:
                    kind: NodeKind = "door" if ch in doors else "hall"
                    cell_node[(x, y)] = len(nodes)
                    nodes.append(
                        Node(len(nodes), f"h{x:02d}-{y:02d}", kind, doors.get(ch), ((x, y),))
                    )
                else:
                    raise BoardError(f"unknown square {ch!r} at column {x}, row {y}")
        if sorted(room_cells) != [LIVING_ROOM, *NUMBERED]:
            raise BoardError(
                f"the board has rooms {sorted(room_cells)}, not the Living Room and 1-6"
            )
        self.room_node: dict[int, int] = {}
        for room in sorted(room_cells):
            self.room_node[room] = len(nodes)
            nodes.append(Node(len(nodes), room_id(room), "room", room, tuple(room_cells[room])))
        self.nodes: tuple[Node, ...] = tuple(nodes)
        self.node_by_id: dict[str, int] = {n.id: n.index for n in nodes}
        links: list[set[int]] = [set() for _ in nodes]
        for (x, y), index in cell_node.items():
            for other in ((x + 1, y), (x, y + 1)):
                if other in cell_node:
                    links[index].add(cell_node[other])
                    links[cell_node[other]].add(index)
        self.door: dict[int, int] = {}  # room -> its DOOR TO space
        for node in nodes:
            if node.kind != "door":
                continue
            assert node.room is not None
            if node.room in self.door:
                raise BoardError(f"room {node.room} has two DOOR TO spaces")
            (x, y) = node.cells[0]
            if not {(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)} & set(room_cells[node.room]):
                raise BoardError(f"the DOOR TO space {node.id} does not touch room {node.room}")
            self.door[node.room] = node.index
            links[node.index].add(self.room_node[node.room])
            links[self.room_node[node.room]].add(node.index)
        self.links: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(s)) for s in links)
        self.living = self.room_node[LIVING_ROOM]
        self._validate()

    def _validate(self) -> None:
        missing = sorted(set(self.room_node) - set(self.door))
        if missing:
            raise BoardError(f"rooms {missing} have no DOOR TO space")
        for node in self.nodes:
            if node.kind != "room":
                halls = [n for n in self.links[node.index] if self.nodes[n].kind != "room"]
                if len(halls) < 2:
                    raise BoardError(f"hallway square {node.id} is a dead end")
        if len(self.distances(self.living)) != len(self.nodes):
            raise BoardError("some squares cannot be reached from the Living Room")

    # --- questions ------------------------------------------------------------------
    def room_of(self, node: int) -> int | None:
        """The room a piece on `node` is in (0 for the Living Room), None in a hallway."""
        n = self.nodes[node]
        return n.room if n.kind == "room" else None

    def reach(self, start: int, steps: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Where a throw of `steps` may take a piece on `start`: (hallway squares, rooms).

        Hallway squares need the exact count; a room is entered by exact count or
        more and ends the move; no square is visited twice. The room the piece
        starts in is never among the rooms (CO-ROOM-05).
        """
        return _reach(self, start, steps)

    def distances(self, start: int) -> dict[int, int]:
        """Fewest spaces from `start` to every node (rooms end a move, so none is passed)."""
        return _distances(self, start)


@cache
def _reach(board: Board, start: int, steps: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    halls: set[int] = set()
    rooms: set[int] = set()
    nodes, links = board.nodes, board.links
    visited = {start}

    def walk(here: int, left: int) -> None:
        if left == 0:
            halls.add(here)
            return
        for step in links[here]:
            if step in visited:
                continue
            if nodes[step].kind == "room":
                rooms.add(step)  # exact count or more: the rest of the throw is not used
                continue
            visited.add(step)
            walk(step, left - 1)
            visited.discard(step)

    if steps > 0:
        walk(start, steps)
    halls.discard(start)
    return tuple(sorted(halls)), tuple(sorted(rooms))


@cache
def _distances(board: Board, start: int) -> dict[int, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here != start and board.nodes[here].kind == "room":
            continue  # a move ends in a room
        for step in board.links[here]:
            if step not in dist:
                dist[step] = dist[here] + 1
                queue.append(step)
    return dist


@cache
def load_board() -> Board:
    text = resources.files("sleuth.games.columbo").joinpath("data/board.json").read_text()
    return Board(json.loads(text))
