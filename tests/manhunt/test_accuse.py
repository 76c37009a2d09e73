"""Accusing: the secret name, reading the card, out of the game, the winner."""

from __future__ import annotations

import json
from typing import Any

import pytest

from sleuth.core import IllegalAction
from sleuth.games.manhunt.state import Manhunt
from tests.manhunt.conftest import act, event_kinds, investigating, kinds, learn, placed, turn_to


def _ready(players: int = 3, card: int = 4, **options: Any) -> Manhunt:
    state = placed(players=players, card=card, **options)
    investigating(state, *range(players))
    turn_to(state, 0)
    return state


def _wrong(state: Manhunt) -> str:
    culprit = state.card.culprits[state.crime.key]
    return next(s.number for s in state.crime.suspects if s.number != culprit)


def test_the_first_to_name_the_culprit_wins() -> None:
    """MH-WIN-01, MH-WIN-06: the object is to identify the Culprit; the first player to name
    him correctly wins."""
    state = _ready()
    act(state, "accuse", suspect=_wrong(state))
    assert not state.over
    turn_to(state, 1)
    events = act(state, "accuse", suspect=state.card.culprits["robbery"])
    assert state.over and state.winners == [1] and state.to_move is None
    over = next(e for e in events if e.kind == "game_over").data
    assert over["reveal"]["culprit"]["number"] == state.card.culprits["robbery"]
    assert state.view(2)["reveal"]["card"] == 4


def test_partners_win_together() -> None:
    state = _ready(players=4, partners=True)
    act(state, "accuse", suspect=state.card.culprits["robbery"])
    assert state.winners == [0, 2]


def test_the_accusation_is_written_in_secret() -> None:
    """MH-WIN-02: the name and number accused are written secretly: only the accuser's side
    sees them."""
    state = _ready()
    suspect = _wrong(state)
    events = act(state, "accuse", suspect=suspect)
    public = [e for e in events if e.to is None]
    assert all("suspect" not in e.data for e in public)
    assert [e.to for e in events if e.kind == "accused"] == [0]
    assert state.view(0)["handbook"]["accusation"] == suspect
    for seat in (1, 2, None):
        seen = json.dumps([e.to_json() for e in state.events_for(seat)])
        assert f'"{suspect}"' not in seen
    assert state.view(1)["handbook"]["accusation"] is None


def test_announce_then_read_the_card() -> None:
    """MH-WIN-03: the accuser announces he has solved it, then secretly reads the card's
    Culprit."""
    state = _ready()
    events = act(state, "accuse", suspect=_wrong(state))
    assert event_kinds(events)[:3] == ["accuse", "accused", "verdict"]
    read = next(e for e in events if e.kind == "card_read")
    assert read.to == 0 and read.data["culprit"] == state.card.culprits["robbery"]


def test_a_wrong_accuser_is_out() -> None:
    """MH-WIN-04: if the name does not match, the card goes back and the accuser is out."""
    state = _ready()
    card = state.card
    events = act(state, "accuse", suspect=_wrong(state))
    assert next(e for e in events if e.kind == "verdict").data == {"seat": 0, "correct": False}
    assert state.handbook(0).out and state.cars[0].space is None
    assert state.card is card and not state.over and state.to_move == 1
    for _ in range(60):  # the turn never comes back to him
        state.apply(next(a for a in state.legal_actions() if a.kind != "accuse"))
        assert state.to_move in (1, 2)


def test_the_solution_stays_secret() -> None:
    """MH-WIN-05: a player who is out never reveals the Culprit or whom he accused."""
    state = _ready()
    culprit = state.card.culprits["robbery"]
    act(state, "accuse", suspect=_wrong(state))
    for seat in (1, 2, None):
        seen = json.dumps([e.to_json() for e in state.events_for(seat)])
        assert culprit not in seen
        view = state.view(seat, static=False)
        assert "handbook" not in view or set(view["handbook"]) == {
            "rows",
            "accusation",
            "suspects",
            "remaining",
        }
    assert state.view(0)["handbook"]["culprit_read"] == culprit


def test_if_everyone_is_wrong_nobody_wins() -> None:
    """Decision R10: when every side has accused wrongly the game ends without a winner."""
    state = _ready(players=2)
    act(state, "accuse", suspect=_wrong(state))
    events = act(state, "accuse", suspect=_wrong(state))
    assert state.over and state.winners == []
    assert next(e for e in events if e.kind == "game_over").data["winners"] == []


def test_the_last_side_left_must_still_name_him() -> None:
    state = _ready(players=2)
    act(state, "accuse", suspect=_wrong(state))
    assert not state.over and state.to_move == 1 and "accuse" in kinds(state)


def test_accusing_only_at_the_start_of_a_turn_after_the_scenes() -> None:
    """Decision R9: an accusation replaces the turn's spin, once both Scenes are written."""
    state = placed(card=2)
    assert kinds(state) == {"spin"}
    with pytest.raises(IllegalAction, match="both Scenes"):
        act(state, "accuse", suspect="R1")
    learn(state, state.turn.seat, 1, 2)
    assert "accuse" in kinds(state)
    act(state, "spin")
    with pytest.raises(IllegalAction, match="start of your turn"):
        act(state, "accuse", suspect="R1")


def test_only_the_chosen_crimes_suspects_can_be_named() -> None:
    state = _ready(crime="murder")
    with pytest.raises(IllegalAction, match="no suspect"):
        act(state, "accuse", suspect="R1")
    assert {a["suspect"] for a in state.legal_actions() if a.kind == "accuse"} == {
        f"M{i}" for i in range(1, 33)
    }


def test_accusing_at_the_end_of_a_turn_that_brought_a_clue() -> None:
    """Decision R9 (MH-CLUE-09, MH-WIN-02): a side with both Scenes that learns a clue in its
    own turn (a probe ON LINE, or a flap copied on RECEIVE) may accuse before the turn passes,
    or end it; OFF LINE, a BROADCAST or a probe without both Scenes brings no such chance."""
    from sleuth.games.manhunt.computer import BROADCAST, OFF_LINE, RECEIVE
    from tests.manhunt.conftest import move_onto, put

    state = placed(card=4)
    investigating(state, 0)
    move_onto(state, 0, "5")
    act(state, "spin")  # ON LINE: the Crime Lab 5 row
    assert state.turn.phase == "solve" and state.to_move == 0
    assert kinds(state) == {"accuse", "end"}
    act(state, "end")
    assert state.turn.seat == 1 and state.turn.phase == "start"

    state = placed(card=4)
    investigating(state, 0)
    move_onto(state, 0, "5")
    act(state, "spin")
    act(state, "accuse", suspect=state.card.culprits["robbery"])
    assert state.over and state.winners == [0]

    state = placed(card=4)
    investigating(state, 0)
    move_onto(state, 0, "5", line=OFF_LINE)
    act(state, "spin")
    assert state.turn.seat == 1 and state.turn.phase == "start"

    state = placed(card=4)
    learn(state, 0, 1)
    move_onto(state, 0, "2")
    act(state, "spin")  # Scene 2 written: both Scenes now, so he may accuse at once
    assert state.turn.phase == "solve"

    for signal, solve in ((RECEIVE, True), (BROADCAST, False)):
        state = placed(card=4)
        investigating(state, 0, 1)
        learn(state, 0, 6)
        learn(state, 1, 5)
        put(state, 1, "a2-a3/1")
        move_onto(state, 0, "a2-a3/1", signal=signal)
        act(state, "spin")
        act(state, "ask", flap=5 if signal == RECEIVE else 6)
        assert (state.turn.phase == "solve") is solve
        if solve:  # the exchange is over: nobody is still waiting to be asked
            assert state.view(1)["exchange"] is None
            assert "ask you" not in state.prompt(1).words


def test_accusing_after_a_clue_can_be_turned_off() -> None:
    """Decision R9, option accuse_after_clue=False: only at the start of one's turn."""
    from tests.manhunt.conftest import move_onto

    state = placed(card=4, accuse_after_clue=False)
    investigating(state, 0)
    move_onto(state, 0, "5")
    act(state, "spin")
    assert state.turn.seat == 1 and state.turn.phase == "start"
    with pytest.raises(IllegalAction, match="You cannot end the turn now"):
        act(state, "end")
