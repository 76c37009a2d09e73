"""The board: eight numbered places, grey roadways, four Badge spaces, movement by count."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from sleuth.games.manhunt.board import Board, BoardError, expected_turns, load_board
from tests.manhunt.conftest import new

NAMES = {
    1: "Scene of Crime 1",
    2: "Scene of Crime 2",
    3: "Witness 3",
    4: "Witness 4",
    5: "Crime Lab 5",
    6: "Crime Lab 6",
    7: "Stake Out 7",
    8: "Stake Out 8",
}


def _data() -> dict[str, Any]:
    text = resources.files("sleuth.games.manhunt").joinpath("data/board.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data


def test_eight_numbered_places() -> None:
    """MH-BOARD-01: 8 numbered pictures, the places detectives visit to collect clues."""
    board = load_board()
    assert sorted(board.places) == list(range(1, 9))
    for number, place in board.places.items():
        assert place.spaces and all(board.place_at(board.index[s]) == number for s in place.spaces)
    blocks = [p.block for p in board.places.values()]
    assert len(set(blocks)) == 8 and not set(blocks) & set(board.hq_blocks)


def test_places_are_named_as_in_the_rulebook() -> None:
    """MH-BOARD-04: Scenes of Crime 1 and 2, WITNESS 3 and 4, Crime Labs 5 and 6, STAKE OUT 7
    and 8, each visited by stopping on its coloured numbered space."""
    board = load_board()
    assert {n: p.name for n, p in board.places.items()} == NAMES
    colours = [p.colour for p in board.places.values()]
    assert len(set(colours)) == 8 and board.places[1].colour == "red"
    coloured = [s for s in board.spaces if s.kind == "place"]
    assert sorted(s.id for s in coloured) == sorted(
        s for p in board.places.values() for s in p.spaces
    )


def test_grey_roadways_carry_the_cars() -> None:
    """MH-BOARD-02: the grey spaces are the roadways; a one-space move follows a road."""
    board = load_board()
    roads = [s for s in board.spaces if s.kind == "road"]
    assert len(roads) > len(board.spaces) // 2
    for space in board.spaces:
        assert board.reach(space.index, 1) == board.neighbours[space.index]


def test_four_badge_spaces_ring_the_centre_and_are_the_start() -> None:
    """MH-BOARD-03: the 4 Badge spaces around the centre picture are the starting spaces."""
    board = load_board()
    assert len(board.badges) == 4 and all(board.spaces[b].kind == "badge" for b in board.badges)
    centre_x = sum(board.spaces[b].x for b in board.badges) / 4
    centre_y = sum(board.spaces[b].y for b in board.badges) / 4
    # each badge faces the centre: no other space lies between it and the picture
    for b in board.badges:
        d = abs(board.spaces[b].x - centre_x) + abs(board.spaces[b].y - centre_y)
        assert all(
            abs(s.x - centre_x) + abs(s.y - centre_y) >= d
            for s in board.spaces
            if s.kind != "badge"
        )
    state = new(players=4)
    starts = {a["badge"] for a in state.legal_actions()}
    assert starts == {board.id_of(b) for b in board.badges}


def test_scene_of_crime_1_has_two_red_spaces() -> None:
    """MH-BOARD-05: Scene of Crime 1 has two "Red 1" spaces (stopping on either counts:
    see test_moves)."""
    board = load_board()
    reds = board.place_spaces[1]
    assert len(reds) == 2 and all(board.spaces[r].kind == "place" for r in reds)
    assert all(len(board.place_spaces[n]) == 1 for n in range(2, 9))


def test_a_move_never_turns_back() -> None:
    """Decision B2: a car never turns back during a move, so two spaces never return it."""
    board = load_board()
    for space in board.spaces:
        assert space.index not in board.reach(space.index, 2)
    mid = board.index["a0-a1/1"]  # a plain roadway space in mid-street
    assert board.reach(mid, 3) == tuple(
        sorted(board.index[s] for s in ("a1-a2/1", "a1-b1/1", "a0-b0/2"))
    )


def test_every_place_can_be_reached_by_exact_count_from_everywhere() -> None:
    board = load_board()
    faces = (1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8)
    for spaces in board.place_spaces.values():
        turns = expected_turns(board, frozenset(spaces), faces)
        assert max(turns) < 12


def test_layout_json_lists_every_space_and_link() -> None:
    board = load_board()
    layout = board.to_json()
    assert len(layout["spaces"]) == len(board.spaces)
    assert len(layout["links"]) == sum(len(n) for n in board.neighbours) // 2
    assert len(layout["places"]) == 8 and len(layout["badges"]) == 4
    json.dumps(layout)


def _one_red(data: dict[str, Any]) -> None:
    data["places"][0]["spaces"] = ["1a"]
    data["streets"] = [s.replace(" 1b ", " . ") for s in data["streets"]]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["streets"].append("a0 . . . x9"), "between two junctions"),
        (_one_red, "two Red 1"),
        (lambda d: d["places"][-1].update(number=9), "eight numbered places"),
        (lambda d: d["headquarters"].update(badges=["hq-n", "hq-w", "hq-e"]), "four Badge"),
        (lambda d: d["streets"].append("a0 9 a4"), "no place's space"),
        (lambda d: d["streets"].extend(["a0 a1", "a1 a0"]), "doubles a link"),
        (lambda d: d["junctions"].update(zz=[30, 30]), "dead end"),
    ],
)
def test_a_broken_board_file_is_refused(change: Any, message: str) -> None:
    data = copy.deepcopy(_data())
    change(data)
    with pytest.raises(BoardError, match=message):
        Board(data)


def test_a_board_in_two_pieces_is_refused() -> None:
    data = copy.deepcopy(_data())
    data["junctions"].update(z1=[30, 30], z2=[31, 30])
    data["streets"] += ["z1 . z2", "z2 . . z1"]
    with pytest.raises(BoardError, match="reachable"):
        Board(data)
