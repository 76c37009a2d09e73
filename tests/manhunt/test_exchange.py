"""Collecting clues from opponents: landing on their cars and calling them to Headquarters."""

from __future__ import annotations

from typing import Any

import pytest

from sleuth.core import IllegalAction
from sleuth.games.manhunt.computer import BROADCAST, OFF_LINE, ON_LINE, RECEIVE
from sleuth.games.manhunt.state import Manhunt
from sleuth.games.manhunt.words import describe
from tests.manhunt.conftest import (
    act,
    event_kinds,
    investigating,
    kinds,
    learn,
    move_onto,
    park,
    placed,
    put,
    rig,
    turn_to,
)

MEETING = "a2-a3/1"  # a plain roadway space


def _meeting(players: int = 2, signal: str = RECEIVE, **options: Any) -> Manhunt:
    """Seat 0 (both Scenes) stops on seat 1's car (Scenes and Crime Lab 5) and spins."""
    state = placed(players=players, **options)
    investigating(state, *range(players))
    learn(state, 1, 5)
    put(state, 1, MEETING)
    move_onto(state, 0, MEETING, signal=signal)
    return state


def test_three_ways_to_collect_clues_after_scene_2() -> None:
    """MH-CLUE-05: after Scene 2, clues come from visiting places, landing on an opponent and
    calling an opponent to a Badge space; before it, neither meeting nor calling happens."""
    state = placed()
    learn(state, 0, 1)
    put(state, 1, MEETING)
    assert "meet" not in event_kinds(move_onto(state, 0, MEETING))
    move_onto(state, 0, "hq-s")
    assert state.turn.phase == "start" and state.to_move == 1  # no call before Scene 2

    state = placed()
    investigating(state, 0, 1)
    assert "stop" in event_kinds(move_onto(state, 0, "6"))
    put(state, 1, MEETING)
    assert "meet" in event_kinds(move_onto(state, 0, MEETING))
    state = placed()
    investigating(state, 0, 1)
    park(state, 1)
    move_onto(state, 0, "hq-s")
    assert state.turn.phase == "badge" and "call" in kinds(state)


def test_landing_on_an_opponent_spins_the_red_dial() -> None:
    """MH-EXCHANGE-01: stopping by exact count on an opponent's car: the player spins again and
    reads BROADCAST-RECEIVE."""
    state = _meeting()
    assert state.turn.phase == "spin" and state.turn.partner == 1
    events = act(state, "spin")
    assert next(e for e in events if e.kind == "spin").data["read"] == ["signal"]
    assert next(e for e in events if e.kind == "exchange").data["signal"] == RECEIVE


def test_no_side_asks_before_its_own_scene_2() -> None:
    """MH-CLUE-05: clues are collected only after Scene 2, by either side of an exchange: when
    the red dial favours a side still without Scene 2 (met, or called to Headquarters), nobody
    asks and the turn ends; the lander with both Scenes still asks on RECEIVE."""
    for how in ("meet", "call"):
        for signal in (BROADCAST, RECEIVE):
            state = placed()
            investigating(state, 0)
            learn(state, 0, 5)
            learn(state, 1, 1)  # Scene 1 only
            if how == "meet":
                put(state, 1, MEETING)
                move_onto(state, 0, MEETING, signal=signal)
            else:
                park(state, 1)
                move_onto(state, 0, "hq-n", signal=signal)
                act(state, "call", seat=1)
            events = act(state, "spin")
            exchange = next(e for e in events if e.kind == "exchange")
            assert exchange.data["may_ask"] is (signal == RECEIVE)
            if signal == BROADCAST:
                assert exchange.data["asker"] == 1
                assert "may not ask" in describe(exchange)
                assert state.turn.seat == 1 and state.turn.phase == "start"
                assert 5 not in state.handbook(1).entries
            else:
                assert state.turn.phase == "ask" and state.to_move == 0


def test_receive_lets_the_lander_ask_for_a_flap() -> None:
    """MH-EXCHANGE-02: on RECEIVE the player who landed asks for any one number, 3 to 8."""
    state = _meeting()
    act(state, "spin")
    assert state.to_move == 0 and state.turn.phase == "ask"
    assert sorted(a["flap"] for a in state.legal_actions()) == [3, 4, 5, 6, 7, 8]


def test_the_scenes_of_crime_have_no_flap() -> None:
    """MH-EXCHANGE-03: numbers 1 and 2 can never be asked for."""
    state = _meeting()
    act(state, "spin")
    for row in (1, 2, 9):
        with pytest.raises(IllegalAction, match="3 to 8"):
            act(state, "ask", flap=row)


def test_only_the_flap_asked_for_is_opened() -> None:
    """MH-EXCHANGE-04: the player asked opens only the flap for the number requested."""
    state = _meeting()
    learn(state, 1, 7)
    act(state, "spin")
    events = act(state, "ask", flap=5)
    shown = next(e for e in events if e.kind == "shown")
    assert shown.data["flap"] == 5 and shown.data["hole"] == state.card.hole(5)
    assert sorted(state.handbook(0).entries) == [1, 2, 5]


def test_what_is_shown_goes_to_the_asker_alone() -> None:
    """MH-EXCHANGE-05: the entry is shown only to the player who asked."""
    state = _meeting(players=3)
    act(state, "spin")
    events = act(state, "ask", flap=5)
    assert [e.to for e in events if e.kind == "shown"] == [0]
    public = next(e for e in events if e.kind == "ask")
    assert public.to is None and "hole" not in public.data and public.data["shown"]
    assert state.view(2)["handbook"]["rows"][4]["hole"] is None
    assert not any(e.kind == "shown" for e in state.events_for(2))


def test_the_asker_copies_it_and_need_not_visit() -> None:
    """MH-EXCHANGE-06: the asker copies the entry into his Handbook and then does not need to
    visit that location."""
    state = _meeting()
    act(state, "spin")
    act(state, "ask", flap=5)
    row = state.view(0)["handbook"]["rows"][4]
    assert row["hole"] == state.card.hole(5)
    assert row["learned"] == {"how": "shown", "seat": 0, "by": 1}
    assert "stop" not in event_kinds(move_onto(state, 0, "5"))


def test_broadcast_lets_the_opponent_ask() -> None:
    """MH-EXCHANGE-07: on BROADCAST the opponent asks the player who landed, by the same
    rules."""
    state = _meeting(signal=BROADCAST)
    learn(state, 0, 8)
    events = act(state, "spin")
    exchange = next(e for e in events if e.kind == "exchange").data
    assert (exchange["asker"], exchange["asked"]) == (1, 0)
    assert state.to_move == 1 and kinds(state) == {"ask"}
    events = act(state, "ask", flap=8)
    assert [e.to for e in events if e.kind == "shown"] == [1]
    assert state.handbook(1).entries[8] == state.card.hole(8)
    assert 5 not in state.handbook(0).entries
    assert state.to_move == 1 and state.turn.seat == 1 and state.turn.phase == "start"


def test_one_number_a_turn_even_when_blank() -> None:
    """MH-EXCHANGE-08: one number may be asked in a turn, and the request is used up even if
    nothing is revealed."""
    state = _meeting(players=3)
    act(state, "spin")
    events = act(state, "ask", flap=3)  # seat 1 has nothing under flap 3
    assert next(e for e in events if e.kind == "ask").data["shown"] is False
    shown = next(e for e in events if e.kind == "shown").data
    assert shown["hole"] is None and not shown["copied"]
    assert 3 not in state.handbook(0).entries
    assert state.turn.seat == 1 and state.turn.phase == "start"  # the turn is over
    with pytest.raises(IllegalAction):
        act(state, "ask", flap=5)


def test_landing_on_an_opponent_is_a_choice() -> None:
    """MH-EXCHANGE-09: stopping on an opponent's space is the mover's choice: other spaces the
    count reaches stay open, and only the chosen stop brings the exchange."""
    state = placed()
    investigating(state, 0, 1)
    put(state, 1, MEETING)
    put(state, 0, "3")
    turn_to(state, 0)
    rig(state, (1, OFF_LINE, BROADCAST))
    act(state, "spin")
    assert {a["to"] for a in state.legal_actions()} == {MEETING, "a2-a3/3"}
    events = act(state, "move", to="a2-a3/3")
    assert "meet" not in event_kinds(events)


def test_several_opponents_the_mover_chooses_one() -> None:
    """Decision R8: stopping on several opponents' cars, the mover confers with one of them."""
    state = placed(players=3)
    investigating(state, 0, 1, 2)
    put(state, 1, MEETING)
    put(state, 2, MEETING)
    move_onto(state, 0, MEETING)
    assert state.turn.phase == "meet"
    assert sorted(a["seat"] for a in state.legal_actions()) == [1, 2]
    act(state, "confer", seat=2)
    assert state.turn.partner == 2 and kinds(state) == {"spin"}


def test_partners_never_exchange() -> None:
    """Decision R13: a partner's car is not an opponent's: no meeting, no call."""
    state = placed(players=4, partners=True)
    investigating(state, 0, 1)
    put(state, 2, MEETING)
    assert "meet" not in event_kinds(move_onto(state, 0, MEETING))
    park(state, 1, 2, 3)
    move_onto(state, 0, "hq-s")
    assert {a.get("seat") for a in state.legal_actions() if a.kind == "call"} == {1, 3}


def test_a_badge_space_lets_you_call_any_opponent() -> None:
    """MH-HQ-01: stopping on any of the 4 Badge spaces by exact count, a player may call any one
    opponent's car there for a conference (or not)."""
    for badge in ("hq-n", "hq-e", "hq-s", "hq-w"):
        state = placed(players=3)
        investigating(state, 0)
        park(state, 1, 2)
        move_onto(state, 0, badge)
        assert state.turn.phase == "badge"
        assert {str(a) for a in state.legal_actions()} == {"call seat=1", "call seat=2", "no_call"}
    act(state, "no_call")
    assert state.turn.seat == 1 and state.turn.phase == "start"


def test_the_called_car_comes_at_once() -> None:
    """MH-HQ-02: a car that is called is placed on that Badge space immediately."""
    state = placed(players=3)
    investigating(state, 0)
    park(state, 1)
    put(state, 2, "7")
    move_onto(state, 0, "hq-e")
    events = act(state, "call", seat=2)
    assert state.cars[2].space == state.board.index["hq-e"]
    assert next(e for e in events if e.kind == "call").data == {
        "seat": 0,
        "called": 2,
        "from": "7",
        "badge": "hq-e",
    }


def test_calling_the_green_car_back_to_headquarters() -> None:
    """MH-EXAMPLE-04: calling "the Green Car back to Headquarters" puts the Green car on the
    caller's Badge space at once."""
    state = placed(players=3)
    assert state.cars[0].colour == "green"
    investigating(state, 1)
    park(state, 2)
    put(state, 0, "5")
    move_onto(state, 1, "hq-w")
    events = act(state, "call", seat=0)
    assert state.cars[0].space == state.cars[1].space == state.board.index["hq-w"]
    call = next(e for e in events if e.kind == "call")
    assert describe(call).startswith("Red calls the Green car back to Headquarters")


def test_after_the_call_the_red_dial_decides() -> None:
    """MH-HQ-03: after the call the caller spins the BROADCAST-RECEIVE dial, and the exchange
    rules (a)-(d) follow."""
    state = placed()
    investigating(state, 0, 1)
    learn(state, 1, 6)
    park(state, 1)
    move_onto(state, 0, "hq-n", signal=RECEIVE)
    act(state, "call", seat=1)
    events = act(state, "spin")
    assert next(e for e in events if e.kind == "spin").data["read"] == ["signal"]
    assert state.turn.phase == "ask" and state.to_move == 0
    act(state, "ask", flap=6)
    assert state.handbook(0).entries[6] == state.card.hole(6)


def test_both_cars_leave_headquarters_on_their_next_turns() -> None:
    """MH-HQ-04: both cars move from the Badge space on their owners' next turns."""
    state = placed()
    investigating(state, 0, 1)
    park(state, 1)
    move_onto(state, 0, "hq-n", signal=BROADCAST)
    act(state, "call", seat=1)
    act(state, "spin")
    act(state, "ask", flap=4)
    badge = state.board.index["hq-n"]
    for seat in (1, 0):
        assert state.to_move == seat and state.cars[seat].space == badge
        rig(state, (2, ON_LINE, RECEIVE))
        act(state, "spin")
        target = next(a for a in state.legal_actions() if a["to"] != "hq-n")
        act(state, "move", to=target["to"])
        assert state.cars[seat].space != badge
        while state.to_move == seat:
            state.apply(state.legal_actions()[-1])


def test_a_called_car_stops_waiting() -> None:
    """Decision R7: a car called away from its destination loses its OFF LINE wait."""
    state = placed()
    investigating(state, 0, 1)
    move_onto(state, 1, "7", line=OFF_LINE)
    act(state, "spin")
    assert state.cars[1].waiting
    move_onto(state, 0, "hq-e")
    assert state.turn.phase == "badge"
    act(state, "call", seat=1)
    assert not state.cars[1].waiting
