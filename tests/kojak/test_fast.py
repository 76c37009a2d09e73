"""The fast version: turns, Kojak's jumps, badges, turntables and clues."""

from __future__ import annotations

import pytest

from sleuth.core import IllegalAction
from sleuth.games.kojak.board import BUILDINGS
from tests.kojak.conftest import act, at_phase, informer_out_front, kinds, lot, put, ready


def test_kojak_jumps_from_start_into_either_room() -> None:
    """KJ-HQ-01: Kojak begins on the Start space and may jump into the Radio or the Command Room."""
    state = ready()
    assert state.player(state.turn.seat).kojak == "start"
    jumps = {a["room"] for a in state.legal_actions() if a.kind == "jump"}
    assert jumps == {"radio", "command"}
    act(state, "jump", room="command")
    assert state.view(None)["pieces"][state.turn.seat]["kojak"] == "command"


def test_kojak_jumps_between_the_rooms_as_often_as_wished() -> None:
    """KJ-HQ-02: on later turns Kojak may jump from either room to the other, again and again."""
    state = ready()
    seat = state.turn.seat
    rooms = []
    for _ in range(6):
        mover = state.turn.seat
        here = state.player(mover).kojak
        allowed = {a["room"] for a in state.legal_actions() if a.kind == "jump"}
        if here in ("radio", "command"):
            assert allowed == {"command" if here == "radio" else "radio"}
        room = "radio" if here != "radio" else "command"
        act(state, "jump", room=room)
        act(state, "end_turn")
        if mover == seat:
            rooms.append(room)
    assert rooms == ["radio", "command", "radio"]


def test_jumps_ignore_the_path_and_use_no_dice() -> None:
    """KJ-HQ-03: Kojak's jumps ignore the white spaces around Headquarters and use no dice."""
    state = ready()
    events = act(state, "jump", room="command")
    assert [e.kind for e in events] == ["jump"]
    assert events[0].data == {"seat": state.turn.seat, "from": "start", "to": "command"}
    assert state.turn.dice is None and "walk" not in kinds(state)


def test_one_thing_a_turn() -> None:
    """KJ-TURN-02: a turn is either a roll to move the Detective's car or a jump of Kojak."""
    state = ready()
    seat = state.turn.seat
    assert {"roll", "jump"} <= kinds(state)
    act(state, "roll")
    assert kinds(state) == {"drive"}  # no jumping after the roll
    state.apply(state.legal_actions()[0])
    assert state.turn.seat != seat  # the turn is over: the other player's
    act(state, "jump", room="radio")
    assert kinds(state) == {"badge", "end_turn"}  # no rolling after the jump


def test_radio_room_moves_the_badge_to_any_building() -> None:
    """KJ-HQ-05: jumping into the Radio Room lets the player move his Badge, that same turn, to the
    roof of any building."""
    state = ready()
    act(state, "jump", room="radio")
    assert {a["building"] for a in state.legal_actions() if a.kind == "badge"} == (
        set(BUILDINGS) - {"movie"}
    )
    seat = state.turn.seat
    act(state, "badge", building="hotel")
    assert state.player(seat).badge == "hotel"


def test_command_room_turns_only_the_badge_buildings_table() -> None:
    """KJ-HQ-06, KJ-INFORMER-02: jumping into the Command Room lets the player turn the turntable
    under his Badge 1 or 2 spaces clockwise, and no other; one space brings the next slot to the
    front."""
    state = ready()
    put(state, badge="bus")
    act(state, "jump", room="command")
    turns = {(a["building"], a["spaces"]) for a in state.legal_actions() if a.kind == "turn"}
    assert turns == {("bus", 1), ("bus", 2)}
    with pytest.raises(IllegalAction, match="under your Badge"):
        act(state, "turn", building="hotel", spaces=1)
    table = state.turntables["bus"]
    before = table.front
    events = act(state, "turn", building="bus", spaces=2)
    assert table.front == (before + 2) % len(table.slots)
    turned = events[0].data
    assert turned["passed"] == [table.slots[(before + 1) % 8], table.slots[(before + 2) % 8]]
    assert table.seen[(before + 1) % 8] is not None  # the slot swung past was seen


def test_a_kojak_in_a_room_may_act_again_without_jumping() -> None:
    """KJ-HQ-07: a Kojak staying in either room may be used for a turn: move the Badge again, or
    turn the turntable again."""
    state = ready()
    seat = state.turn.seat
    act(state, "jump", room="command")
    act(state, "turn", building="movie", spaces=1)
    act(state, "jump", room="radio")  # the rival
    act(state, "end_turn")
    assert state.turn.seat == seat and "stay" in kinds(state)
    act(state, "stay")
    assert state.turn.phase == "command"
    act(state, "turn", building="movie", spaces=1)
    assert state.player(seat).kojak == "command"
    act(state, "stay")  # the rival stays in the Radio Room and moves his Badge again
    assert state.turn.phase == "radio"


def test_all_three_conditions() -> None:
    """KJ-CLUE-01, KJ-CLUE-04: a clue needs the Badge on the building, the Detective's car in its
    lot and an informer out front; without any one, no card may be taken."""
    state = ready()
    put(state, car=lot("hotel"), badge="hotel")
    informer_out_front(state, "hotel")
    assert "take" in kinds(state)
    put(state, badge="bus")
    assert "take" not in kinds(state)
    put(state, badge="hotel", car="r07c11")
    assert "take" not in kinds(state)
    put(state, car=lot("hotel"))
    informer_out_front(state, "hotel", out=False)
    assert "take" not in kinds(state)
    with pytest.raises(IllegalAction, match="informer out front"):
        act(state, "take")


def test_clue_on_the_turn_the_conditions_are_met() -> None:
    """KJ-CLUE-02: the turn the last condition is met, the player may take the informer out front
    and read its code for the game being played."""
    state = ready(game=1, solution="book")  # the printed Game #1: green informers carry B
    put(state, car=lot("bus"), badge="bus")
    table = state.turntables["bus"]
    table.slots = [False] * 8
    table.slots[(table.front + 2) % 8] = table.slots[(table.front + 5) % 8] = True
    assert "take" not in kinds(state)
    act(state, "jump", room="command")
    act(state, "turn", building="bus", spaces=2)
    assert state.turn.phase == "after" and kinds(state) == {"take", "end_turn"}
    events = act(state, "take")
    clue = next(e for e in events if e.kind == "clue")
    assert (clue.data["game"], clue.data["code"]) == (1, "B")


def test_one_informer_from_each_building() -> None:
    """KJ-CLUE-03: a player may take at most one informer card from each building."""
    state = ready(players=4)
    seat = state.turn.seat
    put(state, car=lot("hotel"), badge="hotel")
    act(state, "take")
    informer_out_front(state, "hotel")
    assert "take" not in kinds(state)
    put(state, taken=list(BUILDINGS))
    for b in BUILDINGS:
        put(state, car=lot(b), badge=b)
        informer_out_front(state, b)
        assert "take" not in kinds(state)
    assert len(state.player(seat).taken) == 4


def test_kojak_sets_badge_and_turntable_only_the_car_parks() -> None:
    """KJ-HQ-04: Kojak's jumps can give the Badge and the informer out front, never the parking
    lot: only the Detective's car counts there, not Kojak's."""
    state = ready()
    put(
        state,
        kojak=None,
        kojak_car=lot("hotel"),
        car="r07c11",
        badge="hotel",
        taken=["bus", "movie"],
    )
    informer_out_front(state, "hotel")
    assert "take" not in kinds(state)
    put(state, car=lot("hotel"))
    assert "take" in kinds(state)


def test_the_card_leaves_the_turntable() -> None:
    """KJ-CLUE-08: the card taken hangs on the taker's notebook: it no longer stands on the
    turntable, and everyone sees how many (and which buildings') cards each player holds."""
    state = ready(players=3)
    seat = state.turn.seat
    put(state, car=lot("hotel"), badge="hotel")
    informer_out_front(state, "hotel")
    front = state.turntables["hotel"].front
    act(state, "take")
    table = state.view(None)["turntables"]["hotel"]
    assert table["informers"] == 2 and not table["out_front"] and table["seen"][front] is False
    for viewer in (None, 0, 1, 2):
        assert state.view(viewer)["pieces"][seat]["informers"] == ["hotel"]


def test_informers_help_reveal_the_hideout() -> None:
    """KJ-INFORMER-01: an informer's clue narrows down where the criminal is."""
    state = ready(game=9)
    seat = state.turn.seat
    put(state, car=lot("restaurant"), badge="restaurant")
    informer_out_front(state, "restaurant")
    act(state, "take")
    suspects = state.view(seat)["notebook"]["suspects"]
    assert len(suspects) == 3 and state.case.hideout in suspects


def test_kojak_out_cannot_come_back_or_move_badge_or_turntable() -> None:
    """KJ-HQ-08: once Kojak has left Headquarters he cannot return: no more Badge moves or
    turntable turns for his player."""
    state = ready()
    put(state, taken=["bus", "hotel"])
    act(state, "leave_hq")
    assert kinds(state) == {"roll"}
    with pytest.raises(IllegalAction, match="cannot return"):
        act(state, "jump", room="radio")
    with pytest.raises(IllegalAction):
        act(state, "stay")


def test_clue_still_possible_after_kojak_left() -> None:
    """KJ-CLUE-10: with Kojak gone, a clue can still be taken if the conditions happen to hold."""
    state = ready()
    put(state, taken=["bus", "hotel"], badge="movie", car=lot("movie"))
    informer_out_front(state, "movie")
    act(state, "leave_hq")
    assert "take" in kinds(state)
    act(state, "take")
    assert state.player(state.turn.seat).taken == ["bus", "hotel", "movie"]


def test_kojaks_car_moves_by_the_dice_one_car_a_turn() -> None:
    """KJ-MOVE-02: Kojak's car moves by the dice like the Detective's car, and each turn only one
    of the two cars moves."""
    state = ready()
    seat = state.turn.seat
    put(state, taken=["bus", "hotel"])
    act(state, "leave_hq")
    act(state, "roll")
    total = sum(state.turn.dice or ())
    cars = {a["car"] for a in state.legal_actions()}
    assert cars == {"detective", "kojak"}
    board = state.board
    kojak_moves = {a["to"] for a in state.legal_actions() if a["car"] == "kojak"}
    assert kojak_moves == set(board.destinations("lot-lieutenant", total))
    target = sorted(kojak_moves)[0]
    car_before = state.player(seat).car
    act(state, "drive", car="kojak", to=target)
    assert state.player(seat).kojak_car == target and state.player(seat).car == car_before
    assert state.turn.seat != seat


def test_drive_must_follow_the_roll() -> None:
    state = ready()
    act(state, "roll")
    at_phase(state, "drive", dice=(1, 1))
    with pytest.raises(IllegalAction, match="by the roll"):
        act(state, "drive", car="detective", to="lot-bus")
