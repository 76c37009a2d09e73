"""Setting up: players, pieces, turntables and informers, who goes first."""

from __future__ import annotations

import pytest

import sleuth
from sleuth.core import IllegalAction
from sleuth.games.kojak.board import BUILDINGS
from tests.kojak.conftest import act, kinds, new, ready, set_up


def test_two_to_four_players() -> None:
    """KJ-SETUP-05: the game is for 2, 3 or 4 players."""
    for players in (2, 3, 4):
        assert new(players).players == players
    for players in (1, 5):
        with pytest.raises(IllegalAction, match="2 to 4"):
            sleuth.new_game("kojak", players=players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_as_many_informers_on_each_turntable_as_players(players: int) -> None:
    """KJ-INFORMER-06, KJ-INFORMER-07, KJ-INFORMER-08: 4 informers on each turntable with 4
    players, 3 with 3 and 2 with 2; the rest are out of play."""
    for seed in range(5):
        state = new(players, seed)
        for b in BUILDINGS:
            assert state.turntables[b].informers == players
            assert state.view(None)["turntables"][b]["informers"] == players


def test_informers_in_random_slots_of_their_own_turntable() -> None:
    """KJ-INFORMER-05: each turntable holds only its own colour's informers, in random slots."""
    layouts = set()
    for seed in range(30):
        state = new(3, seed)
        for b, table in state.turntables.items():
            assert table.building == b
            layouts.add(tuple(table.slots))
    assert len(layouts) > 20
    taken = ready(seed=3)
    view = taken.view(0)
    assert {b: view["turntables"][b]["colour"] for b in BUILDINGS} == {
        "movie": "red", "restaurant": "blue", "hotel": "yellow", "bus": "green",
    }  # fmt: skip


def test_an_informer_stands_out_front_of_every_building_at_set_up() -> None:
    """KJ-SETUP-02: each turntable is turned so that an informer stands out front."""
    for seed in range(20):
        state = new(2, seed)
        for table in state.turntables.values():
            assert table.out_front
            assert table.seen.count(True) == 1 and table.seen.count(None) == len(table.slots) - 1


def test_each_player_has_his_own_pieces() -> None:
    """KJ-SETUP-01, KJ-SETUP-06: each player takes one colour: a Kojak pawn, two cars (Kojak's and
    his Detective Partner's), a notebook and a Badge, and moves only his own."""
    state = ready(3)
    view = state.view(1)
    colours = [p["colour"] for p in view["pieces"]]
    assert colours == ["white", "black", "orange"]
    for piece in view["pieces"]:
        assert set(piece["cars"]) == {"detective", "kojak"}
        assert piece["kojak"] == "start" and piece["badge"] == "movie"
    assert view["notebook"] == {"clues": [], "circled": [], "suspects": list(BUILDINGS)}
    mover = state.turn.seat
    act(state, "jump", room="radio")
    act(state, "badge", building="bus")
    pieces = state.view(None)["pieces"]
    assert [p["badge"] for p in pieces] == [
        "bus" if p["seat"] == mover else "movie" for p in pieces
    ]


def test_kojak_starts_at_start() -> None:
    """KJ-SETUP-07: every Kojak pawn starts on the Start space in Headquarters."""
    state = new(4)
    assert all(p["kojak"] == "start" for p in state.view(None)["pieces"])


def test_cars_start_at_headquarters() -> None:
    """KJ-SETUP-08: Kojak's car starts in the Lieutenant's lot; the Detective's car in whichever
    Headquarters lot its player chooses."""
    state = new(2, seed=2)
    first = state.turn.seat
    assert state.turn.phase == "setup"
    assert {a["lot"] for a in state.legal_actions()} == {"lot-hq-west", "lot-hq-east"}
    act(state, "park", lot="lot-hq-east")
    act(state, "badge", building="hotel")
    act(state, "park", lot="lot-hq-west")
    act(state, "badge", building="bus")
    pieces = state.view(None)["pieces"]
    assert pieces[first]["cars"] == {"detective": "lot-hq-east", "kojak": "lot-lieutenant"}
    assert pieces[1 - first]["cars"] == {"detective": "lot-hq-west", "kojak": "lot-lieutenant"}
    with pytest.raises(IllegalAction):
        sleuth.new_game("kojak", players=2).apply({"kind": "park", "lot": "lot-movie"})


def test_badge_on_the_first_destination() -> None:
    """KJ-SETUP-10: each player puts his Badge on the roof of the building he chooses first."""
    state = new(2, seed=5)
    act(state, "park", lot="lot-hq-west")
    assert {a["building"] for a in state.legal_actions()} == set(BUILDINGS)
    act(state, "badge", building="restaurant")
    assert state.view(None)["pieces"][state.first]["badge"] == "restaurant"


def test_solution_book_set_aside() -> None:
    """KJ-SETUP-11: no player reads the solution until the end of the game."""
    state = ready(2)
    for seat in (None, 0, 1):
        view = state.view(seat)
        assert "solution" not in view and "reveal" not in view
    assert not any("hideout" in e.data for e in state.log)


def test_fast_version_has_no_action_or_contact_cards() -> None:
    """KJ-SETUP-12: the fast version is played without the Action and Contact cards."""
    state = ready(3)
    view = state.view(0)
    assert "piles" not in view and "contacts" not in view
    assert all(p["contacts"] == 0 for p in view["pieces"])
    assert "draw" not in kinds(state)
    assert not state.action_pile and not state.contact_pile


def test_highest_throw_goes_first_and_play_goes_clockwise() -> None:
    """KJ-TURN-01: the highest throw goes first (the tied highest throw again), then clockwise."""
    ties = 0
    for seed in range(40):
        state = new(4, seed)
        rolls = next(e for e in state.log if e.kind == "first_player").data["rolls"]
        ties += len(rolls) > 1
        last = rolls[-1]
        best = max(last.values())
        assert [int(s) for s, t in last.items() if t == best] == [state.first]
        for earlier in rolls[:-1]:
            top = max(earlier.values())
            assert set(rolls[rolls.index(earlier) + 1]) == {
                s for s, t in earlier.items() if t == top
            }
        set_up(state)
        order = []
        for _ in range(8):
            order.append(state.turn.seat)
            act(
                state,
                "jump",
                room="radio" if state.player(state.turn.seat).kojak != "radio" else "command",
            )
            act(state, "end_turn")
        assert order == [(state.first + i) % 4 for i in range(8)]
    assert ties > 0
