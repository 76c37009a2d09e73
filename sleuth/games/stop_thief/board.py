"""The 1979 Stop Thief board: squares, numbered spaces, walls, the two movement graphs.

Loaded once from data/board.json and checked on load. Detectives walk on
*nodes*: every square of the grid, where a large street space (drawn over
2 x 2 squares) is one node, plus the five subway stations. The thief moves on
the 183 numbered spaces by the neighbour lists in the data file.
"""

from __future__ import annotations

import json
import math
import re
from collections import deque
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal

SpaceKind = Literal["crime", "floor", "door", "window", "street"]
NodeKind = Literal["crime", "floor", "door", "window", "street", "station"]

KINDS_BY_LETTER: dict[str, NodeKind] = {
    "S": "street", "F": "floor", "C": "crime", "W": "window", "D": "door",
}  # fmt: skip
BUILDINGS = {1: "Furs", 2: "Jewelry", 3: "Antiques", 4: "Bank"}
STREETS = (5, 6, 7, 8)


class BoardError(ValueError):
    """The board data file is inconsistent."""


@dataclass(frozen=True, slots=True)
class Space:
    """A numbered space: where the thief can stand, named by its three-digit code."""

    code: int
    kind: SpaceKind
    area: int  # building 1-4 or street 5-8: the code's first digit
    row: int
    col: int
    crossing: Literal["rows", "cols", "diagonal"] | None  # which way a door/window is passed
    newsstand: bool

    @property
    def indoor(self) -> bool:
        """Floors, crime locations, doors and windows are in a building (rule g)."""
        return self.kind != "street" and not self.newsstand

    @property
    def label(self) -> str:
        """How the space is written on the board and keyed: 1-48, 5-93."""
        return f"{self.code // 100}-{self.code % 100:02d}"


@dataclass(frozen=True, slots=True)
class Node:
    """A place a detective's piece can stand (or, for windows, cannot)."""

    index: int
    id: str  # "148" for numbered spaces, "r05c12" for plain squares, "subway-nw", "acme"
    kind: NodeKind
    cells: tuple[tuple[int, int], ...]
    code: int | None

    @property
    def walkable(self) -> bool:
        return self.kind != "window"


@dataclass(frozen=True, slots=True)
class Station:
    id: str
    name: str
    front: int  # code of the street space directly in front
    corner: bool
    row: int
    col: int


class Board:
    """Every fact about the board the rules need, precomputed for speed."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.about: str = data["about"]
        self.grid: tuple[str, ...] = tuple(data["grid"])
        self.size = len(self.grid)
        self.spaces: dict[int, Space] = {}
        for s in data["spaces"]:
            space = Space(
                code=int(s["code"]), kind=s["kind"], area=int(s["code"]) // 100,
                row=int(s["row"]), col=int(s["col"]), crossing=s["crossing"],
                newsstand=bool(s["newsstand"]),
            )  # fmt: skip
            if space.code in self.spaces:
                raise BoardError(f"space {space.code} appears twice")
            self.spaces[space.code] = space
        self.stations: tuple[Station, ...] = tuple(Station(**st) for st in data["stations"])
        self._build_nodes(data["acme"])
        self.thief_neighbours: dict[int, tuple[int, ...]] = {
            int(code): tuple(int(n) for n in ns) for code, ns in data["thief_neighbours"].items()
        }
        self.crime_codes: tuple[int, ...] = tuple(
            c for c, s in self.spaces.items() if s.kind == "crime"
        )
        self.newsstand: int = next(c for c, s in self.spaces.items() if s.newsstand)
        self.corner_fronts: frozenset[int] = frozenset(
            st.front for st in self.stations if st.corner
        )
        self.station_fronts: tuple[int, ...] = tuple(st.front for st in self.stations)
        self._validate()

    # --- construction --------------------------------------------------------------
    def _build_nodes(self, acme: dict[str, int]) -> None:
        owner: dict[tuple[int, int], tuple[int, int]] = {}
        for r, line in enumerate(self.grid):
            if len(line) != self.size:
                raise BoardError(f"grid row {r} has {len(line)} squares, not {self.size}")
            for c, ch in enumerate(line):
                if ch == " ":
                    continue
                if ch == "<":
                    owner[(r, c)] = owner[(r, c - 1)]
                elif ch == "^":
                    owner[(r, c)] = owner[(r - 1, c)]
                elif ch.upper() in KINDS_BY_LETTER:
                    owner[(r, c)] = (r, c)
                else:
                    raise BoardError(f"unknown square {ch!r} at row {r}, column {c}")
        # Each anchor's squares, gathered in one pass (asking every anchor to scan every
        # square was quadratic: 600 nodes x 800 squares, most of the board's build time).
        cells_of: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for cell, anchor in owner.items():
            cells_of.setdefault(anchor, []).append(cell)
        anchors = sorted(cells_of)
        code_at = {(s.row, s.col): s.code for s in self.spaces.values()}
        acme_anchor = owner.get((acme["row"], acme["col"]))
        if acme_anchor is None:
            raise BoardError("the ACME Detective Agency is not on a square")
        nodes: list[Node] = []
        self.cell_node: dict[tuple[int, int], int] = {}
        for anchor in anchors:
            cells = tuple(sorted(cells_of[anchor]))
            letter = self.grid[anchor[0]][anchor[1]]
            code = code_at.get(anchor)
            if letter.isupper() != (code is not None):
                raise BoardError(
                    f"square {anchor} is {'un' if code is None else ''}numbered in error"
                )
            node_id = str(code) if code is not None else f"r{anchor[0]:02d}c{anchor[1]:02d}"
            if anchor == acme_anchor:
                node_id = "acme"
            node = Node(len(nodes), node_id, KINDS_BY_LETTER[letter.upper()], cells, code)
            nodes.append(node)
            for cell in cells:
                self.cell_node[cell] = node.index
        for st in self.stations:
            nodes.append(Node(len(nodes), st.id, "station", (), None))
        self.nodes: tuple[Node, ...] = tuple(nodes)
        self.node_by_id: dict[str, int] = {n.id: n.index for n in nodes}
        self.node_of_code: dict[int, int] = {n.code: n.index for n in nodes if n.code is not None}
        self.acme: int = self.node_by_id["acme"]
        self.station_nodes: tuple[int, ...] = tuple(self.node_by_id[st.id] for st in self.stations)
        self.walkable: tuple[int, ...] = tuple(n.index for n in nodes if n.walkable)
        self.touching: tuple[frozenset[int], ...] = self._touching()
        self.steps: tuple[tuple[int, ...], ...] = self._detective_steps()
        self._rings: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self._in_order: dict[tuple[int, int], tuple[int, ...]] = {}  # `within_in_order`'s

    def _touching(self) -> tuple[frozenset[int], ...]:
        """Nodes sharing an edge or a corner of a square: 'directly next to' for arrests.

        A station is next to the numbered space in front of it, and only to that."""
        out: list[set[int]] = [set() for _ in self.nodes]
        for node in self.nodes:
            for r, c in node.cells:
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        other = self.cell_node.get((r + dr, c + dc))
                        if other is not None and other != node.index:
                            out[node.index].add(other)
        for st in self.stations:  # a station has no squares: it touches the space in front
            here, front = self.node_by_id[st.id], self.node_of_code[st.front]
            out[here].add(front)
            out[front].add(here)
        return tuple(frozenset(s) for s in out)

    def _walkable_cell(self, cell: tuple[int, int]) -> bool:
        index = self.cell_node.get(cell)
        return index is not None and self.nodes[index].walkable

    def _detective_steps(self) -> tuple[tuple[int, ...], ...]:
        """One detective step: to a touching node, never onto a window, never between two
        wall squares that meet at a corner."""
        out: list[set[int]] = [set() for _ in self.nodes]
        for node in self.nodes:
            if not node.walkable:
                continue
            for r, c in node.cells:
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        other = self.cell_node.get((r + dr, c + dc))
                        if other is None or other == node.index or not self.nodes[other].walkable:
                            continue
                        if (
                            dr
                            and dc
                            and not (
                                self._walkable_cell((r + dr, c)) or self._walkable_cell((r, c + dc))
                            )
                        ):
                            continue  # squeezing diagonally past a wall corner
                        out[node.index].add(other)
        for st in self.stations:
            here, front = self.node_by_id[st.id], self.node_of_code[st.front]
            out[here].add(front)
            out[front].add(here)
        return tuple(tuple(sorted(s)) for s in out)

    def _validate(self) -> None:
        if len(self.spaces) != 183:
            raise BoardError(f"expected 183 numbered spaces, found {len(self.spaces)}")
        for code, space in self.spaces.items():
            if not (1 <= space.area <= 8):
                raise BoardError(f"space {code} has no building or street digit")
            letter = self.grid[space.row][space.col]
            if KINDS_BY_LETTER.get(letter) != space.kind:
                raise BoardError(f"space {code} is a {space.kind} but its square shows {letter!r}")
            if (space.kind in ("door", "window")) != (space.crossing is not None):
                raise BoardError(f"space {code}: only doors and windows have a crossing")
        if set(self.thief_neighbours) != set(self.spaces):
            raise BoardError("every numbered space needs a neighbour list")
        for code, ns in self.thief_neighbours.items():
            for n in ns:
                if n not in self.spaces:
                    raise BoardError(f"space {code} lists unknown neighbour {n}")
                if code not in self.thief_neighbours[n]:
                    raise BoardError(f"neighbours are not mutual: {code} -> {n}")
            if len(ns) < 2:
                raise BoardError(f"space {code} has fewer than two neighbours")
        crimes = [s for s in self.spaces.values() if s.kind == "crime"]
        if len(crimes) != 19 or sum(1 for s in crimes if not s.indoor) != 1:
            raise BoardError("there must be 19 crime locations, only the newsstand outdoors")
        if len(self.stations) != 5 or sum(st.corner for st in self.stations) != 4:
            raise BoardError("there must be five subway stations, four of them at corners")
        for st in self.stations:
            if st.front not in self.spaces or self.spaces[st.front].kind != "street":
                raise BoardError(f"station {st.id} must face a street space")
        unreached = set(range(len(self.nodes))) - self.reachable_from(self.acme)
        walkable_unreached = [self.nodes[i].id for i in unreached if self.nodes[i].walkable]
        if walkable_unreached:
            raise BoardError(f"squares no detective can reach: {walkable_unreached[:5]}")

    # --- questions the rules ask --------------------------------------------------------
    def reachable_from(self, start: int) -> set[int]:
        seen = {start}
        queue = deque([start])
        while queue:
            for nxt in self.steps[queue.popleft()]:
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        return seen

    def distances(self, start: int, limit: int) -> dict[int, int]:
        """Detective steps from `start` to every node within `limit` steps."""
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            d = dist[here]
            if d == limit:
                continue
            for nxt in self.steps[here]:
                if nxt not in dist:
                    dist[nxt] = d + 1
                    queue.append(nxt)
        return dist

    def within(self, start: int, limit: int) -> tuple[int, ...]:
        """Every node at most `limit` detective steps from `start` (start included).

        Precomputed per start node on first use: detectives ask at every move.
        """
        ring = self._rings.get(start)
        if ring is None:
            ring = self._rings[start] = self._ring(start)
        order, counts = ring
        return order[: counts[min(limit, len(counts) - 1)]] if limit >= 0 else ()

    def within_in_order(self, start: int, limit: int) -> tuple[int, ...]:
        """`within` by node index (the order a mover's moves are listed in), kept once worked
        out: a move step asks for it and sorting some 120 nodes cost more than the rest of the
        listing."""
        found = self._in_order.get((start, limit))
        if found is None:
            found = self._in_order[start, limit] = tuple(sorted(self.within(start, limit)))
        return found

    def reach_all(self) -> None:
        """Work out every start node's rings now (some 70 ms a process) rather than at first
        use: for a process that steps through many games, such as an RL environment, which
        otherwise meets a new start node, and a breadth-first search over the board, every
        hundred steps or so for thousands of steps."""
        for start in self.walkable:
            self.within(start, 0)  # works out the start's rings, once

    def _ring(self, start: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Every node reachable from `start`, nearest first (by index within one distance),
        and how many lie within 0, 1, 2, ... steps: a breadth-first search a layer at a time
        (each game process meets most start nodes once, so this is worth keeping lean)."""
        steps = self.steps
        seen = {start}
        order: list[int] = []
        counts: list[int] = []
        layer = [start]
        while layer:
            layer.sort()
            order += layer
            counts.append(len(order))
            ahead = []
            for here in layer:
                for nxt in steps[here]:
                    if nxt not in seen:
                        seen.add(nxt)
                        ahead.append(nxt)
            layer = ahead
        return tuple(order), tuple(counts)

    def next_to(self, node: int, code: int) -> bool:
        """Is a detective on `node` on or directly next to numbered space `code`?"""
        target = self.node_of_code[code]
        return node == target or target in self.touching[node]

    def centre(self, code: int) -> tuple[float, float]:
        """The middle of a numbered space, in squares (row, col)."""
        cells = self.nodes[self.node_of_code[code]].cells
        return (
            sum(r for r, _ in cells) / len(cells) + 0.5,
            sum(c for _, c in cells) / len(cells) + 0.5,
        )

    def nearest_space(self, index: int) -> int:
        """The numbered space nearest a node, to name a plain square by: one it touches
        (the closest centre, then the lowest code), else the first a detective reaches."""
        node = self.nodes[index]
        if node.code is not None:
            return node.code
        r0, c0 = _middle(node.cells) if node.cells else (0.0, 0.0)
        touching = [self.nodes[n] for n in self.touching[index] if self.nodes[n].code is not None]
        if touching:
            best = min(
                touching,
                key=lambda n: (math.dist((r0, c0), _middle(n.cells)), n.code),
            )
            assert best.code is not None
            return best.code
        dist = self.distances(index, self.size * 2)
        reached = [(d, code) for n, d in dist.items() if (code := self.nodes[n].code) is not None]
        return min(reached)[1]

    def node_id(self, index: int) -> str:
        return self.nodes[index].id

    def parse_node(self, text: str) -> int | None:
        """A node from how a player writes it: '148', '1-48', a plain square by its name
        ('4-68nw', see `square_name`), 'r05c12', 'acme', 'subway-nw'."""
        key = text.strip().lower().replace("-", "") if text[:1].isdigit() else text.strip().lower()
        found = self.node_by_id.get(key)
        if found is None and (walk := _SQUARE.fullmatch(key)) is not None:
            code, steps = int(walk[1]), walk[2]
            if code in self.node_of_code and _VECTOR.fullmatch(steps):
                r, c = self.nodes[self.node_of_code[code]].cells[0]
                for step in steps:
                    r, c = r + _STEP[step][0], c + _STEP[step][1]
                found = self.cell_node.get((r, c))
        return found

    def square_name(self, index: int) -> str:
        """What a player types for a square: a numbered space's label ('4-68'), a plain
        square's nearest numbered space with the steps to it from that space's first (top
        left) square ('4-68nw': one north, one west), so no two squares share a name."""
        node = self.nodes[index]
        if node.code is not None:
            return self.spaces[node.code].label
        if node.kind not in ("street", "floor"):
            return node.id  # 'acme', 'subway-nw'
        code = self.nearest_space(index)
        r0, c0 = self.nodes[self.node_of_code[code]].cells[0]
        dr, dc = node.cells[0][0] - r0, node.cells[0][1] - c0
        steps = ("n" * -dr if dr < 0 else "s" * dr) + ("w" * -dc if dc < 0 else "e" * dc)
        return f"{self.spaces[code].label}{steps}"


_SQUARE = re.compile(r"(\d{3})([nsew]+)")  # '468nw' once the dash is gone
_VECTOR = re.compile(r"(n*|s*)(w*|e*)")  # up or down, then left or right: one way to write it
_STEP = {"n": (-1, 0), "s": (1, 0), "w": (0, -1), "e": (0, 1)}


def _middle(cells: tuple[tuple[int, int], ...]) -> tuple[float, float]:
    return sum(r for r, _ in cells) / len(cells), sum(c for _, c in cells) / len(cells)


@cache
def load_board() -> Board:
    """The real 1979 board (loaded and validated once)."""
    text = resources.files("sleuth.games.stop_thief").joinpath("data/board.json").read_text()
    return Board(json.loads(text))
