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
        f"M{i}" for i in range(1, 17)
    }
