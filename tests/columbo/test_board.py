"""The board: rooms reached only through their DOOR TO spaces, and moves by count."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from sleuth.games.columbo.board import LIVING_ROOM, Board, BoardError, load_board


def _data() -> dict[str, Any]:
    text = resources.files("sleuth.games.columbo").joinpath("data/board.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data


def test_six_numbered_rooms_the_living_room_and_hallways() -> None:
    board = load_board()
    assert sorted(board.room_node) == [0, 1, 2, 3, 4, 5, 6]
    halls = [n for n in board.nodes if n.kind != "room"]
    assert len(halls) == 50
    assert sorted(board.door) == [0, 1, 2, 3, 4, 5, 6]


def test_rooms_open_only_onto_their_door_to_spaces() -> None:
    """CO-MOVE-06 (rooms are entered and left only through the DOOR TO spaces) and CO-MOVE-02
    (the Living Room only through the Door to Living Room)."""
    board = load_board()
    for room, node in board.room_node.items():
        assert board.links[node] == (board.door[room],)
        door = board.nodes[board.door[room]]
        assert door.kind == "door" and door.room == room
    assert board.reach(board.living, 1) == ((board.door[LIVING_ROOM],), ())
    for throw in range(2, 13):  # every way out of the Living Room passes its door
        halls, rooms = board.reach(board.living, throw)
        for node in halls:
            assert board.distances(board.door[LIVING_ROOM])[node] <= throw - 1


def _walks(board: Board, start: int, steps: int) -> set[int]:
    """Brute force: every end of a walk of exactly `steps` hallway squares, never revisiting."""
    ends: set[int] = set()

    def go(path: list[int]) -> None:
        if len(path) - 1 == steps:
            ends.add(path[-1])
            return
        for nxt in board.links[path[-1]]:
            if nxt not in path and board.nodes[nxt].kind != "room":
                go([*path, nxt])

    go([start])
    return ends - {start}


def test_a_throw_is_counted_square_by_square() -> None:
    """CO-MOVE-03 and CO-MOVE-04: a piece moves along the hallways by the throw, each square
    one space, in any direction: the hallway ends are exactly the walks of that length."""
    board = load_board()
    for start in (
        board.node_by_id["h03-06"],
        board.node_by_id["h06-08"],
        board.node_by_id["h19-08"],
    ):
        for throw in range(1, 13):
            assert set(board.reach(start, throw)[0]) == _walks(board, start, throw)
    start = board.node_by_id["h10-06"]  # the DOOR TO 2 space: both ways along the hallway
    assert {board.nodes[n].id for n in board.reach(start, 2)[0]} == {"h08-06", "h12-06"}


def test_no_reversing_during_a_turn() -> None:
    """CO-MOVE-05: a piece may go either way but not reverse within the turn."""
    board = load_board()
    start = board.node_by_id["h04-06"]
    for throw in (2, 4, 6):
        assert start not in board.reach(start, throw)[0]
    assert board.node_by_id["h04-06"] not in board.reach(board.node_by_id["h02-06"], 4)[0]
    halls, _ = board.reach(start, 2)
    assert {board.nodes[n].id for n in halls} == {"h02-06", "h06-06"}


def test_a_room_is_entered_by_exact_count_or_more() -> None:
    """CO-MOVE-07: the room counts as one space, and a throw that reaches it with spaces to
    spare enters it too."""
    board = load_board()
    door = board.door[1]
    room_1 = board.room_node[1]
    for throw in range(1, 13):
        assert room_1 in board.reach(door, throw)[1]
    two_away = board.node_by_id["h04-06"]  # next to the DOOR TO 1 space
    assert room_1 not in board.reach(two_away, 1)[1]
    assert room_1 in board.reach(two_away, 2)[1] and room_1 in board.reach(two_away, 11)[1]
    leaving = board.reach(room_1, 1)  # leaving counts the room as one space too
    assert leaving == ((door,), ())


def test_a_room_just_left_is_not_reentered_that_turn() -> None:
    """CO-ROOM-05: a piece that leaves a room cannot re-enter it in the same turn, but may
    from the hallway on a later turn."""
    board = load_board()
    for room, node in board.room_node.items():
        for throw in range(2, 13):
            assert node not in board.reach(node, throw)[1]
        door = board.door[room]
        assert node in board.reach(door, 1)[1]


def test_board_errors_are_caught_on_load() -> None:
    data = _data()
    grid = list(data["grid"])
    broken = [*grid[:8], grid[8].replace("l", "."), *grid[9:]]
    with pytest.raises(BoardError, match="no DOOR TO"):
        Board({**data, "grid": broken})
    dead_end = [grid[0].replace(" ", ".", 1), *grid[1:]]
    with pytest.raises(BoardError, match="dead end"):
        Board({**data, "grid": dead_end})
    with pytest.raises(BoardError, match="unknown square"):
        Board({**data, "grid": [grid[0].replace("1", "?", 1), *grid[1:]]})
    two_doors = [*grid[:6], grid[6].replace("..a", ".aa"), *grid[7:]]
    with pytest.raises(BoardError, match="two DOOR TO"):
        Board({**data, "grid": two_doors})
