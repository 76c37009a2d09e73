"""The advanced game: Action Cards, Contact Cards, the track round Headquarters."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from sleuth.core import IllegalAction
from sleuth.games.kojak.board import BUILDINGS
from sleuth.games.kojak.cards import load_cards
from sleuth.games.kojak.state import Kojak
from tests.kojak.conftest import act, at_phase, informer_out_front, kinds, lot, put, ready

CARDS = load_cards()


def advanced(players: int = 2, seed: int = 1, **options: Any) -> Kojak:
    return ready(players, seed, version="advanced", **options)


def draw(state: Kojak, value: int) -> None:
    """White-box: the next Action Card shows `value`; draw it."""
    state.action_pile.append(value)
    act(state, "draw")
    assert state.turn.card == value


def test_advanced_game_adds_cards_and_a_fourth_condition() -> None:
    """KJ-ADVANCED-01, KJ-ADVANCED-08: the advanced game uses Action and Contact Cards and needs
    four conditions for a clue: Badge, car in the lot, informer out front, and a Contact Card to
    discard."""
    for version, needs_card in (("fast", False), ("advanced", True)):
        state = ready(version=version)
        put(state, car=lot("hotel"), badge="hotel", contacts=[])
        informer_out_front(state, "hotel")
        assert ("take" in kinds(state)) is not needs_card
        put(state, contacts=["hotel"])
        assert "take" in kinds(state)
    assert "draw" in kinds(advanced()) and "jump" not in kinds(advanced())


def test_action_cards_shuffled_into_one_pile() -> None:
    """KJ-ADVANCED-02: set up as the fast game, plus the Action Cards shuffled into one face-down
    pile (only its size shows)."""
    state = advanced()
    assert sorted(state.action_pile) == sorted(CARDS.action)
    assert Counter(CARDS.action) == {1: 2, 2: 4, 3: 6, 4: 6, 5: 4, 6: 2}
    assert len({tuple(advanced(seed=s).action_pile) for s in range(5)}) == 5
    view = state.view(0)
    assert view["piles"]["action"] == 24 and view["piles"]["action_discards"] == []
    assert all(p["kojak"] == "start" for p in view["pieces"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_four_contact_cards_dealt_to_each(players: int) -> None:
    """KJ-ADVANCED-03: each player is dealt 4 Contact Cards; the rest form the pile."""
    state = advanced(players)
    assert all(len(state.player(s).contacts) == 4 for s in range(players))
    assert len(state.contact_pile) == len(CARDS.contact) - 4 * players
    view = state.view(0)
    assert view["contacts"] == state.player(0).contacts
    assert all(p["contacts"] == 4 for p in view["pieces"])
    dealt = [e for e in state.log if e.kind == "contacts"]
    assert [e.to for e in dealt] == list(range(players))


def test_cars_move_by_the_dice_in_one_direction() -> None:
    """KJ-ADVANCED-04, KJ-ADVANCED-18: Detective cars move only by the dice along the paths, turning
    corners but never doubling back, to the lot of the Badge's building."""
    state = advanced()
    put(state, car="r01c02")
    act(state, "roll")
    at_phase(state, "drive", dice=(1, 1))
    # Two spots from beside the corner: round it to r02c01, or on to r01c04; never back.
    assert {a["to"] for a in state.legal_actions()} == {"r01c04", "r02c01"}


def test_kojak_follows_the_arrows_by_the_action_card() -> None:
    """KJ-ADVANCED-05: from the Start space Kojak moves round Headquarters, following the arrows,
    the number of spaces on the Action Card."""
    state = advanced()
    seat = state.turn.seat
    draw(state, 2)
    assert {a["to"] for a in state.legal_actions()} == {"h2"}
    events = act(state, "walk", to="h2")
    assert events[0].data["route"] == ["h1", "h2"]
    assert state.player(seat).kojak == "h2"


def test_roll_or_draw_each_turn() -> None:
    """KJ-ADVANCED-06: each turn the player either rolls to move his Detective's car or draws an
    Action Card to move his Kojak."""
    state = advanced()
    assert {"roll", "draw"} <= kinds(state)
    draw(state, 1)
    assert kinds(state) == {"walk"}
    act(state, "walk", to="h1")
    assert state.turn.seat != state.first  # the turn is over
    act(state, "roll")
    assert kinds(state) == {"drive"}


def test_kojak_leaves_for_his_car_to_arrest() -> None:
    """KJ-ADVANCED-07: to make the arrest Kojak leaves Headquarters, his pawn off the board, and
    travels in his car by the dice."""
    state = advanced()
    seat = state.turn.seat
    put(state, taken=["bus", "hotel"], kojak="h4")
    act(state, "leave_hq")
    assert state.view(None)["pieces"][seat]["kojak"] is None
    assert kinds(state) == {"roll"}
    act(state, "roll")
    assert "kojak" in {a["car"] for a in state.legal_actions()}


def test_taking_an_informer_costs_a_contact_card() -> None:
    """KJ-ADVANCED-10: the player discards one Contact Card for the informer, face up."""
    state = advanced()
    seat = state.turn.seat
    put(state, car=lot("bus"), badge="bus", contacts=["any", "bus", "hotel"])
    informer_out_front(state, "bus")
    events = act(state, "take")
    assert state.player(seat).contacts == ["any", "hotel"]  # the Bus Station card, not "any"
    assert state.contact_discards == ["bus"]
    assert events[0].data["contact"] == "bus"
    assert state.view(1 - seat)["piles"]["contact_discards"] == ["bus"]
    put(state, car=lot("hotel"), badge="hotel", contacts=["any"], seat=seat)
    informer_out_front(state, "hotel")
    act(state, "take")
    assert state.player(seat).contacts == [] and state.contact_discards == ["bus", "any"]


def test_contact_cards_name_their_building_unless_the_option_is_off() -> None:
    state = advanced()
    put(state, car=lot("bus"), badge="bus", contacts=["hotel", "movie"])
    informer_out_front(state, "bus")
    assert "take" not in kinds(state)
    plain = advanced(contacts_name_buildings=False)
    assert set(plain.contact_pile) == {"any"}
    assert all(set(plain.player(s).contacts) == {"any"} for s in (0, 1))


def test_informers_of_one_building_give_one_clue() -> None:
    """KJ-ADVANCED-11, KJ-ADVANCED-16: each player takes only one informer from a building,
    because all of a building's informers carry the same clue."""
    state = ready(players=4, seed=2, game=17)
    codes = set()
    for _ in range(4):
        seat = state.turn.seat
        put(state, car=lot("restaurant"), badge="restaurant")
        informer_out_front(state, "restaurant")
        events = act(state, "take")
        codes.add(next(e for e in events if e.kind == "clue").data["code"])
        informer_out_front(state, "restaurant", out=bool(state.turntables["restaurant"].informers))
        assert "take" not in kinds(state)
        act(state, "roll")
        state.apply(state.legal_actions()[0])
        assert state.turn.seat != seat
    assert len(codes) == 1 and state.turntables["restaurant"].informers == 0


def test_requirements_in_any_order() -> None:
    """KJ-ADVANCED-16: buildings may be visited, and the four requirements met, in any order."""
    for order in (("car", "badge", "informer"), ("informer", "car", "badge")):
        state = advanced(seed=5)
        put(state, contacts=["movie"], badge="bus")
        informer_out_front(state, "movie", out=False)
        for step in order:
            assert "take" not in kinds(state)
            if step == "car":
                put(state, car=lot("movie"))
            elif step == "badge":
                put(state, badge="movie")
            else:
                informer_out_front(state, "movie")
        assert "take" in kinds(state)


def test_radio_room_not_by_exact_count_moves_badge_to_another_building() -> None:
    """KJ-ADVANCED-12, KJ-ADVANCED-17: entering the Radio Room, even with spaces to spare, lets the
    player move his Badge, only from one building to another; nothing else moves the Badge."""
    state = advanced()
    seat = state.turn.seat
    assert "badge" not in kinds(state)
    draw(state, 6)
    assert "radio" in {a["to"] for a in state.legal_actions()}  # 3 steps in, 3 to spare
    act(state, "walk", to="radio")
    assert state.turn.phase == "radio"
    assert {a["building"] for a in state.legal_actions() if a.kind == "badge"} == (
        set(BUILDINGS) - {"movie"}
    )
    act(state, "badge", building="bus")
    assert state.player(seat).badge == "bus"


def test_command_room_turns_any_turntable() -> None:
    """KJ-ADVANCED-13: entering the Command Room (not by exact count) lets the player turn any
    turntable 1 or 2 spaces clockwise, that same turn."""
    state = advanced()
    put(state, kojak="h4")
    draw(state, 5)
    act(state, "walk", to="command")
    turns = {(a["building"], a["spaces"]) for a in state.legal_actions() if a.kind == "turn"}
    assert turns == {(b, n) for b in BUILDINGS for n in (1, 2)}
    before = state.turntables["restaurant"].front
    act(state, "turn", building="restaurant", spaces=1)
    assert state.turntables["restaurant"].front == (before + 1) % 8


def test_computer_room_gives_two_contact_cards_and_sends_kojak_back() -> None:
    """KJ-ADVANCED-14, KJ-ADVANCED-20: a player without a Contact Card moves Kojak down the special
    path; reaching the last yellow space (not by exact count) he draws 2 Contact Cards and Kojak
    goes back to the Start space, all that turn."""
    state = advanced()
    seat = state.turn.seat
    put(state, kojak="h3", contacts=[])
    pile = len(state.contact_pile)
    draw(state, 6)  # h4, y1, y2, y3: four steps, two to spare
    assert "y3" in {a["to"] for a in state.legal_actions()}
    events = act(state, "walk", to="y3")
    assert [e.kind for e in events][:3] == ["walk", "computer_room", "contacts"]
    assert events[2].to == seat and len(events[2].data["new"]) == 2
    assert len(state.player(seat).contacts) == 2 and len(state.contact_pile) == pile - 2
    assert state.player(seat).kojak == "start" and state.turn.seat != seat


def test_contact_pile_is_reshuffled_from_the_discards() -> None:
    state = advanced()
    state.contact_discards, state.contact_pile = state.contact_pile[:5], []
    put(state, kojak="y2")
    draw(state, 1)
    events = act(state, "walk", to="y3")
    assert "reshuffled" in [e.kind for e in events]
    assert len(state.contact_pile) == 3 and state.contact_discards == []


def test_action_pile_is_reshuffled_from_the_discards() -> None:
    state = advanced()
    state.action_discards, state.action_pile = state.action_pile, []
    events = act(state, "draw")
    assert events[0].kind == "reshuffled" and len(state.action_pile) == 23


def test_rooms_are_left_through_their_entrances() -> None:
    """KJ-ADVANCED-15: Kojak leaves a room through its entrance when he moves on."""
    state = advanced()
    put(state, kojak="radio")
    draw(state, 2)
    assert {a["to"] for a in state.legal_actions()} == {"h3"}  # never straight back in
    events = act(state, "walk", to="h3")
    assert events[0].data["route"] == ["h2", "h3"]


def test_command_room_again_next_turn() -> None:
    """KJ-ADVANCED-19: turntables turn only from the Command Room; if no informer comes out,
    Kojak may stay there and turn 1 or 2 again next turn."""
    state = advanced()
    seat = state.turn.seat
    assert "turn" not in kinds(state)
    with pytest.raises(IllegalAction):
        act(state, "turn", building="bus", spaces=1)
    put(state, kojak="command")
    act(state, "stay")
    act(state, "turn", building="bus", spaces=1)
    act(state, "roll")  # the rival
    state.apply(state.legal_actions()[0])
    assert state.turn.seat == seat and "stay" in kinds(state)
    act(state, "stay")
    assert {a["spaces"] for a in state.legal_actions() if a.kind == "turn"} == {1, 2}


def test_advanced_arrest_needs_no_contact_card() -> None:
    """KJ-ADVANCED-21: the advanced arrest is as in the fast game and needs no Badge on the
    hide-out, no informer out front and no Contact Card."""
    state = advanced()
    hideout = state.case.hideout
    put(state, kojak=None, taken=["bus", "movie"], contacts=[], badge=None)
    put(state, car=lot(hideout), kojak_car=lot(hideout))
    assert "arrest" in kinds(state)
    act(state, "arrest")
    assert state.winners == [state.turn.seat]
