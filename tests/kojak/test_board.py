"""The board: buildings and colours, the white path, parking lots, Headquarters."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from sleuth.games.kojak.board import BUILDINGS, BoardError, load_board, parse_board
from tests.kojak.conftest import ready

BOARD = load_board()


def raw() -> dict[str, Any]:
    text = resources.files("sleuth.games.kojak").joinpath("data/board.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data


def test_four_buildings_each_with_its_lot() -> None:
    """KJ-BOARD-01: clues are sought at the Movie House, the Restaurant, the Hotel and the Bus
    Station; the criminal hides in one of them, and each has a parking lot."""
    names = [b.name for b in BOARD.buildings.values()]
    assert names == ["Movie House", "Restaurant", "Hotel", "Bus Station"]
    for b in BOARD.buildings.values():
        assert BOARD.lots[b.lot].building == b.id and BOARD.building_at[b.lot] == b.id


def test_informer_colours_follow_the_example() -> None:
    """KJ-BOARD-05: green informers at the Bus Station, red at the Movie House, blue at the
    Restaurant (and, by our design, yellow at the Hotel)."""
    assert BOARD.colour_of == {
        "movie": "red", "restaurant": "blue", "hotel": "yellow", "bus": "green",
    }  # fmt: skip


def test_base_turntable_roof_and_informers_share_the_building_colour() -> None:
    """KJ-BOARD-02, KJ-BOARD-03: each building's base, turntable and roof match its colour area;
    the view shows each turntable in its building's colour."""
    view = ready().view(0)
    for b in BUILDINGS:
        assert view["turntables"][b]["colour"] == BOARD.buildings[b].colour
    colours = [b.colour for b in BOARD.buildings.values()]
    assert len(set(colours)) == 4
    broken = raw()
    broken["buildings"][1]["colour"] = "red"
    with pytest.raises(BoardError, match="colour"):
        parse_board(broken)


def test_path_is_one_piece_without_dead_ends() -> None:
    assert len(BOARD.path) == 80
    for space in BOARD.path:
        assert len([n for n in BOARD.neighbours[space] if n in BOARD.path]) >= 2
    broken = raw()
    broken["links"] = [link for link in broken["links"] if "r01c01" not in link]
    with pytest.raises(BoardError):
        parse_board(broken)


def test_distances_make_a_race() -> None:
    """Designed: from Headquarters, each building is nearer to one lot than the other, and no
    building is a single throw from every other."""
    west, east = "lot-hq-west", "lot-hq-east"
    assert BOARD.distance(west, "lot-movie") < BOARD.distance(east, "lot-movie")
    assert BOARD.distance(east, "lot-hotel") < BOARD.distance(west, "lot-hotel")
    for b in BOARD.buildings.values():
        far = max(BOARD.distance(b.lot, c.lot) for c in BOARD.buildings.values())
        assert far > 12


def test_cars_move_exactly_the_roll_along_the_path() -> None:
    """KJ-MOVE-01: a car moves along the white path one space for each spot rolled."""
    start = "r10c07"
    for roll in range(1, 13):
        for end in BOARD.destinations(start, roll):
            route = BOARD.route(start, end, roll)
            assert route[-1] == end
            if end in BOARD.path:
                assert len(route) == roll  # every spot, one space
            for a, b in zip((start, *route), route, strict=False):
                assert b in BOARD.neighbours[a]


def test_one_direction_a_turn_and_corners() -> None:
    """KJ-ADVANCED-04: cars may turn corners but keep to one direction within a move: no space is
    entered twice, so no car doubles back."""
    corner = "r01c01"
    assert BOARD.destinations(corner, 1) == ("r01c02", "r02c01")
    assert BOARD.destinations(corner, 2) == ("r01c03", "r03c01")  # never back to the corner
    for end in BOARD.destinations("r07c04", 6):
        route = BOARD.route("r07c04", end, 6)
        assert len(set(route)) == len(route) and "r07c04" not in route


def test_parking_lot_counts_as_a_space_and_needs_no_exact_count() -> None:
    """KJ-ADVANCED-09, KJ-ADVANCED-18: the lot is one space beyond the path space it opens onto,
    and a car reaching it may stop there with spots to spare."""
    at = BOARD.lots["lot-hotel"].at
    assert "lot-hotel" in BOARD.destinations(at, 1)
    assert "lot-hotel" in BOARD.destinations(at, 6)  # five spots to spare
    assert BOARD.distance("lot-hq-east", "lot-hotel") == 7
    assert "lot-hotel" not in BOARD.destinations("lot-hq-east", 6)
    # No car drives through a lot.
    for lot_id in BOARD.lots:
        for roll in range(2, 13):
            for end in BOARD.destinations(lot_id, roll):
                assert not any(p in BOARD.lots for p in BOARD.route(lot_id, end, roll)[:-1])


def test_headquarters_track() -> None:
    """Designed: the arrows go round Headquarters from Start, with the Radio and
    Command Room entrances and the special path to the Computer Room's last yellow space."""
    assert BOARD.start == "start" and BOARD.computer == "y3"
    assert BOARD.room_of_entrance == {"h2": "radio", "h6": "command"}
    assert BOARD.hq_walks("start", 3) == {"h3": ("h1", "h2", "h3"), "radio": ("h1", "h2", "radio")}
    broken = copy.deepcopy(raw())
    broken["headquarters"]["spaces"][8]["next"] = ["h3"]  # the Radio Room leads elsewhere
    with pytest.raises(BoardError, match="entrance"):
        parse_board(broken)


def test_board_json_round_trip() -> None:
    data = BOARD.to_json()
    assert len(data["path"]) == 80 and len(data["lots"]) == 7
    assert {b["id"] for b in data["buildings"]} == set(BUILDINGS)
    json.dumps(data)


def test_out_front_is_the_slot_at_the_front_centre() -> None:
    """KJ-BOARD-04: informers pass in and out through the open front; an informer is out front
    when its slot stands at the front centre, and only that slot can be seen."""
    state = ready(players=2, seed=6)
    table = state.turntables["hotel"]
    view = state.view(0)["turntables"]["hotel"]
    assert view["out_front"] and view["front"] == table.front
    assert [s for s in view["seen"] if s is not None] == [True]  # the rest are inside, unseen
    for _ in range(8):
        table.turn(1)
        shown = state.view(0)["turntables"]["hotel"]
        assert shown["out_front"] == table.slots[table.front]
        assert shown["seen"][table.front] == table.slots[table.front]
    assert state.view(0)["turntables"]["hotel"]["seen"] == table.slots  # all seen go by
