"""The 1979 board's facts that the rulebook states, checked against the board file."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from sleuth.games.stop_thief.board import BUILDINGS, STREETS, load_board

BOARD = load_board()
ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "data" / "stop-thief"


def test_one_city_block_of_buildings_streets_and_stations() -> None:
    """ST-BOARD-01: numbered spaces lie in buildings 1-4 and on streets 5-8, and detectives
    can walk from the agency to every square and every subway station."""
    assert {s.area for s in BOARD.spaces.values()} == set(BUILDINGS) | set(STREETS)
    for code, space in BOARD.spaces.items():
        assert (space.kind == "street") == (space.area in STREETS) or space.newsstand, code
    walkable = {n.index for n in BOARD.nodes if n.walkable}
    assert walkable <= BOARD.reachable_from(BOARD.acme)
    assert set(BOARD.station_nodes) <= BOARD.reachable_from(BOARD.acme)


def test_19_crime_locations() -> None:
    """ST-BOARD-02: there are exactly 19 crime locations."""
    assert len(BOARD.crime_codes) == 19
    assert sum(1 for s in BOARD.spaces.values() if s.kind == "crime") == 19


def test_the_newsstand_is_the_only_outdoor_crime_location() -> None:
    """ST-BOARD-03: the newsstand is outdoors (on a street); the other 18 are in buildings."""
    outdoor = [c for c in BOARD.crime_codes if not BOARD.spaces[c].indoor]
    assert outdoor == [BOARD.newsstand]
    assert BOARD.spaces[BOARD.newsstand].area in STREETS
    indoor = [c for c in BOARD.crime_codes if c != BOARD.newsstand]
    assert len(indoor) == 18 and all(BOARD.spaces[c].area in BUILDINGS for c in indoor)


def test_building_names_and_numbers() -> None:
    """ST-BOARD-04: Furs is Building 1, Jewelry 2, Antiques 3, the Bank 4."""
    assert BUILDINGS == {1: "Furs", 2: "Jewelry", 3: "Antiques", 4: "Bank"}


def test_five_subway_stations_four_at_the_corners() -> None:
    """ST-BOARD-05: five stations; four stand at the board's corners, each facing a
    street space."""
    assert len(BOARD.stations) == 5
    last = BOARD.size - 1
    corners = {(st.row, st.col) for st in BOARD.stations if st.corner}
    assert corners == {(0, 0), (0, last), (last, 0), (last, last)}
    assert len(set(BOARD.station_fronts)) == 5
    assert all(BOARD.spaces[f].kind == "street" for f in BOARD.station_fronts)
    assert BOARD.corner_fronts == {st.front for st in BOARD.stations if st.corner}


def test_building_1_has_four_crime_locations() -> None:
    """ST-BOARD-06: Building 1 (Furs) contains exactly four crime locations."""
    assert sorted(c for c in BOARD.crime_codes if c // 100 == 1) == [123, 144, 146, 164]


def test_building_1_door_36_floors_47_54_window_48() -> None:
    """ST-BOARD-07: Building 1 has door 36, floors 47 and 54 and window 48."""
    kinds = {code: BOARD.spaces[code].kind for code in (136, 147, 154, 148)}
    assert kinds == {136: "door", 147: "floor", 154: "floor", 148: "window"}
    assert all(BOARD.spaces[code].area == 1 for code in kinds)
    assert BOARD.spaces[148].label == "1-48"


def test_neighbours_are_mutual_and_never_the_space_itself() -> None:
    for code, neighbours in BOARD.thief_neighbours.items():
        assert code not in neighbours
        for n in neighbours:
            assert code in BOARD.thief_neighbours[n]


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared is not beside the project")
def test_board_file_equals_a_rebuild_from_shared() -> None:
    """The committed board.json is exactly what tools/build_stop_thief_board.py makes."""
    done = subprocess.run(
        [sys.executable, "tools/build_stop_thief_board.py", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_square_has_a_name_to_type_that_reads_back_to_it() -> None:
    """Issue 13: a plain square had no name a player could type (only an internal id). Each
    now has one, the nearest numbered space and the steps from its top-left square
    ('4-68nw'); no two squares share a name and each reads back to its own square."""
    board = load_board()
    names = [board.square_name(n.index) for n in board.nodes]
    assert len(set(names)) == len(names)
    for node, name in zip(board.nodes, names, strict=True):
        assert board.parse_node(name) == node.index, name
        if node.code is None and node.kind in ("street", "floor"):
            assert re.fullmatch(r"\d-\d\d[ns]*[we]*", name), name
    assert board.parse_node("4-68xyz") is None and board.parse_node("9-99n") is None
