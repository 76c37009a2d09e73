"""How a thief moves (rulebook, How a Thief Moves a-k), one concrete board situation per rule."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.core import Rng
from sleuth.games.stop_thief.board import load_board
from sleuth.games.stop_thief.thief import (
    Clue,
    Move,
    Thief,
    apply_move,
    begin_at,
    candidate_moves,
    robbable,
    start,
)

BOARD = load_board()


def targets(thief: Thief) -> set[int]:
    return {m.to for m in candidate_moves(BOARD, thief)}


def walk(thief: Thief, *codes: int) -> tuple[Thief, list[Clue]]:
    """Move the thief along `codes`, checking that every step is a move the rules allow."""
    clues = []
    for code in codes:
        moves = [m for m in candidate_moves(BOARD, thief) if m.to == code]
        assert moves, f"{code} is not a legal move from {thief}"
        thief, clue, _ = apply_move(BOARD, thief, moves[0])
        clues.append(clue)
    return thief, clues


def test_a_thief_starts_on_a_crime_location() -> None:
    """ST-THIEF-03: every new thief is caught in the act at one of the 19 crime locations."""
    seen = set()
    for seed in range(400):
        thief, clue = start(BOARD, Rng(seed))
        assert thief.space in BOARD.crime_codes
        assert clue == Clue("crime", BOARD.spaces[thief.space].area)
        seen.add(thief.space)
    assert seen == set(BOARD.crime_codes)


def test_moves_go_to_neighbouring_numbered_spaces_in_all_eight_directions() -> None:
    """ST-THIEF-07: a move goes to a neighbouring numbered space, horizontally,
    vertically or diagonally."""
    directions = set()
    for code, neighbours in BOARD.thief_neighbours.items():
        here = BOARD.spaces[code]
        for n in neighbours:
            there = BOARD.spaces[n]
            sign = ((there.row > here.row) - (there.row < here.row),)
            directions.add(sign + ((there.col > here.col) - (there.col < here.col),))
        for move in candidate_moves(BOARD, Thief(code)):
            assert move.ride or move.to in neighbours
    assert directions == {(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)} - {(0, 0)}


def test_a_move_covers_two_board_spaces_and_ends_on_a_numbered_space() -> None:
    """ST-THIEF-08: a move reaches a numbered space next to his, or one two board spaces
    away through a single unnumbered space; he never stops on an unnumbered one."""
    for code, neighbours in BOARD.thief_neighbours.items():
        here = BOARD.node_of_code[code]
        for n in neighbours:
            assert n in BOARD.spaces
            there = BOARD.node_of_code[n]
            middles = BOARD.touching[here] & BOARD.touching[there]
            assert there in BOARD.touching[here] or any(
                BOARD.nodes[m].code is None for m in middles
            ), (code, n)


def test_figure_1_neighbours_of_space_53() -> None:
    """ST-EXAMPLE-01: from space 1-53 the thief may move to exactly 44, 54, 64, 42, 52, 62.

    The clause (and the rulebook text) transcribe Figure 1 as including "73" and
    "32": that is a mis-transcription. The figure itself (rulebook page 11) draws
    arrows from 53 to 44, 54, 64 above and 42, 52, 62 below, and 73 and 32 are
    only labels of other spaces in the picture, two rooms away.
    """
    assert set(BOARD.thief_neighbours[153]) == {142, 144, 152, 154, 162, 164}
    # With crimes 44 and 64 already robbed, rule g does not narrow the choice.
    after_robbing = Thief(153, robbed=frozenset({144, 164}))
    assert targets(after_robbing) == {142, 144, 152, 154, 162, 164}


def test_no_immediate_return() -> None:
    """ST-THIEF-09: he never moves straight back to the space he has just left."""
    assert 167 not in targets(Thief(166, previous=167))
    assert 167 in targets(Thief(166, previous=176))  # only the space he left is barred


def test_figure_2_from_67_to_66_never_back_to_67() -> None:
    """ST-EXAMPLE-02: having moved 67 -> 66, his next move is never to 67."""
    thief, _ = walk(Thief(167), 166)
    assert thief.previous == 167
    assert targets(thief) == {157, 165, 176}


def test_figure_3_back_on_67_by_way_of_76() -> None:
    """ST-EXAMPLE-03: 67 -> 66 -> 76 -> 67 is possible: he may return on his third move."""
    thief, clues = walk(Thief(167), 166, 176, 167)
    assert thief.space == 167
    assert [c.kind for c in clues] == ["floor", "floor", "floor"]


def test_diagonal_moves_onto_and_through_doors_and_windows() -> None:
    """ST-THIEF-10: Figure 4's 66 -> 57 onto door 57 diagonally, then diagonally through
    it to window 48; Figure 5's door 82 crossed diagonally to street 5-93."""
    thief, clues = walk(Thief(167), 166, 157)
    assert clues[-1] == Clue("door", 1)
    assert targets(thief) == {146, 147, 148}  # 148 is a diagonal step through the door
    _, clues = walk(thief, 148)
    assert clues == [Clue("glass", 1)]
    thief, _ = walk(Thief(172, previous=171), 182)
    assert 593 in targets(thief)
    here, there = BOARD.spaces[182], BOARD.spaces[593]
    assert here.row != there.row and here.col != there.col


def test_through_a_door_or_window_he_opened() -> None:
    """ST-THIEF-11: after opening a door or breaking a window, his next move is through it."""
    assert targets(Thief(157, previous=166)) == {146, 147, 148}  # came from the east
    assert targets(Thief(157, previous=147)) == {166, 167, 168}  # came from the west
    assert targets(Thief(148, previous=147)) == {539, 559}  # window: out onto the street
    assert targets(Thief(148, previous=559)) == {147, 157}  # and back in


def test_never_over_a_wall() -> None:
    """ST-THIEF-12: street 5-07 and street 8-19 are two board spaces apart diagonally, but
    the one square between them is the corner of Building 4's wall: no move either way.
    And no neighbour link anywhere passes through a wall square."""
    a, b = BOARD.spaces[507], BOARD.spaces[819]
    assert max(abs(a.row - b.row), abs(a.col - b.col)) == 2
    assert BOARD.grid[(a.row + b.row) // 2][(a.col + b.col) // 2] == " "  # a wall
    assert 819 not in BOARD.thief_neighbours[507]
    assert 507 not in BOARD.thief_neighbours[819]
    for code, neighbours in BOARD.thief_neighbours.items():
        here = BOARD.node_of_code[code]
        for n in neighbours:
            there = BOARD.node_of_code[n]
            if there not in BOARD.touching[here]:  # through a middle square: a real one
                assert BOARD.touching[here] & BOARD.touching[there]


def test_grabs_a_crime_one_move_away() -> None:
    """ST-THIEF-13: on floor 47 with crime 46 one move away, he must go and rob it."""
    thief = Thief(147, previous=136)
    assert targets(thief) == {146}
    _, clue, crime = apply_move(BOARD, thief, Move(146))
    assert crime and clue == Clue("crime", 1)
    # A crime location he has already robbed (still in the building) does not pull him.
    assert targets(Thief(147, previous=136, robbed=frozenset({146}))) == {146, 148, 157}
    # Decision: in a doorway he is not yet in the room: door 57 may go to window 48 with
    # crime 46 one move away (the rulebook's own route, Figures 9-11).
    assert targets(Thief(157, previous=166)) == {146, 147, 148}


def test_a_robbed_crime_location_registers_as_floor_while_he_is_inside() -> None:
    """ST-THIEF-14: after robbing 46 he goes through door 57 and comes back onto 46
    without leaving Building 1: a FLOOR clue, and no crime."""
    thief, _ = begin_at(BOARD, 146)
    thief, clues = walk(thief, 157, 167, 166, 157, 146)
    assert [c.kind for c in clues] == ["door", "floor", "floor", "door", "floor"]
    assert not robbable(BOARD, thief, 146)


def test_crime_locations_count_again_once_he_has_left_the_building() -> None:
    """ST-THIEF-15: robbing 46, out through window 48 to the street, back in by door 68
    and door 57: 46 is a crime location again."""
    thief, _ = begin_at(BOARD, 146)
    thief, clues = walk(thief, 147, 148, 559, 168, 157, 146)
    assert clues[2] == Clue("street", 5)
    assert clues[-1] == Clue("crime", 1)


def test_the_newsstand_is_a_street_space_until_that_thief_is_arrested() -> None:
    """ST-THIEF-16: the thief who robbed the newsstand hears St there ever after, even
    after robbing crime 3-37; only a new thief can rob it again."""
    thief, clue = begin_at(BOARD, 709)
    assert clue == Clue("crime", 7) and thief.newsstand_robbed
    thief, clues = walk(thief, 707, 317, 326, 337, 328, 719, 709)
    assert clues[3] == Clue("crime", 3)
    assert clues[-1] == Clue("street", 7)
    assert thief.newsstand_robbed
    _, clue = begin_at(BOARD, 709)  # a new thief
    assert clue == Clue("crime", 7)
    _, clue, crime = apply_move(BOARD, Thief(707, previous=705), Move(709))
    assert crime and clue == Clue("crime", 7)


def test_a_corner_station_front_forces_a_subway_ride() -> None:
    """ST-THIEF-17: on the space in front of a corner station, his next move is a ride."""
    for front in BOARD.corner_fronts:
        neighbour = BOARD.thief_neighbours[front][0]
        moves = candidate_moves(BOARD, Thief(front, previous=neighbour))
        assert moves and all(m.ride for m in moves)


def test_the_centre_station_does_not_force_a_ride() -> None:
    """ST-THIEF-17: only corner stations pull him down; in front of the centre station
    (5-00) he walks on."""
    assert 500 not in BOARD.corner_fronts
    moves = candidate_moves(BOARD, Thief(500, previous=501))
    assert moves and not any(m.ride for m in moves)
    assert {m.to for m in moves} == {610, 701, 810}


def test_a_ride_surfaces_in_front_of_any_of_the_five_stations() -> None:
    """ST-THIEF-18: a ride may end at any of the five stations, the one he entered
    included, always on the numbered space in front of it."""
    moves = candidate_moves(BOARD, Thief(899, previous=879))
    assert {m.to for m in moves} == set(BOARD.station_fronts)
    assert 899 in {m.to for m in moves}
    for move in moves:
        after, clue, crime = apply_move(BOARD, Thief(899, previous=879), move)
        assert after.space == move.to and not crime
        assert clue == Clue("subway", move.to // 100)  # the street he comes up on
        assert not all(m.ride for m in candidate_moves(BOARD, after))  # no endless loop


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_walks_obey_the_rules(seed: int) -> None:
    """ST-THIEF-09: on any random walk he never goes straight back while another move is
    open, and every clue names the kind of the space he entered."""
    rng = Rng(seed)
    thief, _ = start(BOARD, rng)
    for _ in range(60):
        moves = candidate_moves(BOARD, thief)
        move = rng.choice(moves)
        if thief.previous is not None and any(m.to != thief.previous for m in moves):
            assert move.to != thief.previous or move.ride
        after, clue, crime = apply_move(BOARD, thief, move)
        kind = BOARD.spaces[after.space].kind
        if move.ride:
            assert clue.kind == "subway"
        elif crime:
            assert kind == "crime" and clue.kind == "crime"
        else:
            expected = {"floor": "floor", "door": "door", "window": "glass", "street": "street"}
            wanted = expected.get(kind) or ("street" if after.space == BOARD.newsstand else "floor")
            assert clue.kind == wanted
        thief = after
