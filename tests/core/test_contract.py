"""The contract every game meets, checked on every registered game."""

from __future__ import annotations

import json
import random

import pytest

import sleuth
from sleuth.core import Action, CorruptRecord, Event, IllegalAction, Record


@pytest.fixture(params=sleuth.game_names())
def game(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def test_games_lists_stop_thief() -> None:
    assert "stop-thief" in sleuth.game_names()


def test_new_game_rejects_bad_arguments(game: str) -> None:
    spec = sleuth.spec(game)
    with pytest.raises(IllegalAction, match="players"):
        sleuth.new_game(game, players=spec.max_players + 1)
    with pytest.raises(IllegalAction, match="unknown option"):
        sleuth.new_game(game, players=spec.min_players, no_such_option=1)
    with pytest.raises(IllegalAction, match="no game called"):
        sleuth.new_game("chess", players=2)


def test_action_round_trips_through_json() -> None:
    action = Action.of("move", to="148", path=[1, 2])
    assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
    assert action in {action}
    with pytest.raises(IllegalAction):
        Action.from_json({"to": "148"})
    with pytest.raises(IllegalAction):
        Action.from_json("move")


def test_event_round_trips_and_visibility() -> None:
    private = Event("tip", {"space": 148}, to=2)
    assert Event.from_json(json.loads(json.dumps(private.to_json()))) == private
    assert private.visible_to(2) and not private.visible_to(1) and not private.visible_to(None)
    assert Event("clue").visible_to(None)


def test_a_seat_not_at_the_table_has_no_view(game: str) -> None:
    """A seat number past the table's (or below it) is refused, by `view` and by `views`
    (which the server asks for every seat at once), before anything is shown."""
    state = sleuth.new_game(game, players=sleuth.spec(game).min_players, seed=1)
    for seat in (state.players, -1):
        with pytest.raises(IllegalAction, match="no seat"):
            state.view(seat)
        with pytest.raises(IllegalAction, match="no seat"):
            state.views([None, 0, seat])


def _random_game(game: str, seed: int, steps: int) -> sleuth.GameState:
    spec = sleuth.spec(game)
    state = sleuth.new_game(game, players=spec.max_players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_illegal_action_changes_nothing(game: str) -> None:
    state = _random_game(game, seed=5, steps=40)
    before = json.dumps([state.view(s) for s in [None, *range(state.players)]], sort_keys=True)
    for bad in ({"kind": "no-such-action"}, {"kind": "arrest", "space": 999}, {"kind": 3}, []):
        with pytest.raises(IllegalAction):
            state.apply(bad)  # type: ignore[arg-type]
    after = json.dumps([state.view(s) for s in [None, *range(state.players)]], sort_keys=True)
    assert before == after
    assert len(state.history) == 40


def test_record_replays_identically(game: str) -> None:
    state = _random_game(game, seed=11, steps=300)
    record = json.loads(json.dumps(state.record().to_json()))
    again = sleuth.replay(record)
    for seat in [None, *range(state.players)]:
        assert again.view(seat) == state.view(seat)
    assert again.legal_actions() == state.legal_actions()
    assert [e.to_json() for e in again.log] == [e.to_json() for e in state.log]


def test_same_seed_same_game_different_seed_different_game(game: str) -> None:
    a, b, c = (_random_game(game, seed, 60) for seed in (1, 1, 2))
    assert a.view(None) == b.view(None)
    assert [e.to_json() for e in a.log] != [e.to_json() for e in c.log]


def test_corrupt_records_are_refused(game: str) -> None:
    state = _random_game(game, seed=3, steps=20)
    good = state.record().to_json()
    with pytest.raises(CorruptRecord):
        sleuth.replay({"players": 2})
    with pytest.raises(CorruptRecord):
        sleuth.replay({**good, "game": "nonsense"})
    with pytest.raises(CorruptRecord):
        sleuth.replay({**good, "actions": [*good["actions"], {"kind": "teleport"}]})
    assert Record.from_json(good).to_json() == good


def test_game_over_refuses_actions(game: str) -> None:
    state = _random_game(game, seed=4, steps=100_000)
    assert state.over and state.to_move is None and state.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply({"kind": "end_turn"})


def test_spec_describes_options(game: str) -> None:
    description = sleuth.spec(game).describe()
    assert description["name"] == game
    assert all({"name", "type", "default", "help"} <= set(o) for o in description["options"])


def test_fleeting_data_is_blanked_when_told_later() -> None:
    shown = Event("discard", {"place": 3, "card": {"id": 7}}, fleeting=("card",))
    assert shown.later().data == {"place": 3, "card": None}
    assert Event.from_json(json.loads(json.dumps(shown.to_json()))) == shown
    plain = Event("clue", {"display": "1Cr"})
    assert plain.later() is plain and "fleeting" not in plain.to_json()
