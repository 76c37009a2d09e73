"""Arresting a thief, rewards, fines, a new thief and winning."""

from __future__ import annotations

import json

import pytest

from sleuth.core import IllegalAction
from sleuth.games.stop_thief.state import StopThief
from tests.stop_thief.conftest import act, kinds, new, quiet_turn, to_phase


def ready_to_arrest(state: StopThief, at: int | None = None) -> int:
    """Stand the seat to move on the thief's space (or `at`), in the after-move phase."""
    seat = state.turn.seat
    if state.turn.phase == "clue":
        act(state, "clue")
    thief = state.scanner.thief
    assert thief is not None
    target = thief.space if at is None else at
    state.detectives[seat].node = state.board.node_of_code[target]
    to_phase(state, "after", dice=(1, 1))
    return target


def arrests(state: StopThief) -> set[int]:
    return {a["space"] for a in state.legal_actions() if a.kind == "arrest"}


def test_arrest_only_on_or_next_to_the_space() -> None:
    """ST-ARREST-06: the arrest space must be the detective's own or one directly next to it."""
    state = new(seed=3)
    ready_to_arrest(state, at=153)
    board = state.board
    here = board.node_of_code[153]
    expected = {board.nodes[n].code for n in {here, *board.touching[here]}} - {None}
    assert arrests(state) == expected == {153}  # 1-53 has only plain floor around it
    state.detectives[state.turn.seat].node = board.node_by_id["503"]  # a big street space
    state._legal_cache = None
    near = arrests(state)
    assert near == {113, 413, 503}  # itself and the two doors it touches (5-01 is a square off)
    assert all(board.next_to(board.node_by_id["503"], c) for c in near)
    with pytest.raises(IllegalAction, match="directly next to"):
        act(state, "arrest", space=148)


def test_arrest_outcomes_are_exactly_three() -> None:
    """ST-ARREST-01, ST-ARREST-03: an arrest names a space and the scanner decides: every arrest
    is successful, false or unsuccessful."""
    seen = set()
    for seed in range(40):
        state = new(seed=seed, escape_chance=0.5)
        thief_at = ready_to_arrest(state)
        wrong = seed % 3 == 0
        target = next(iter(arrests(state) - {thief_at}), thief_at) if wrong else thief_at
        events = act(state, "arrest", space=target)
        outcome = next(e.data["outcome"] for e in events if e.kind == "arrest")
        seen.add(outcome)
        assert outcome in {"successful", "false", "unsuccessful"}
    assert seen == {"successful", "false", "unsuccessful"}


def test_false_arrest_costs_the_license_and_ends_the_turn() -> None:
    """ST-ARREST-04, ST-ARREST-12, ST-ARREST-14, ST-EXAMPLE-12: the wrong space is a false
    arrest, guess or not: the License is turned over, the turn ends, the thief stays put."""
    state = new(seed=8, still_chance=0.0)
    seat = state.turn.seat
    act(state, "clue")
    assert state.scanner.thief is not None
    thief_at = state.scanner.thief.space
    wrong = 153 if thief_at != 153 else 154
    ready_to_arrest(state, at=wrong)  # standing right on it: a wild guess, or a belief
    route_before = list(state.scanner.route)
    events = act(state, "arrest", space=wrong)
    assert [e.kind for e in events][:2] == ["arrest", "license_lost"]
    assert events[0].data["outcome"] == "false"
    assert state.detectives[seat].licensed is False
    assert state.turn.seat != seat  # the turn ended
    assert state.scanner.thief is not None and state.scanner.thief.space == thief_at
    assert state.scanner.route == route_before


@pytest.mark.parametrize(("money", "paid"), [(300, 100), (100, 100), (50, 50), (0, 0)])
def test_fine_next_turn(money: int, paid: int) -> None:
    """ST-ARREST-13, ST-MONEY-03: next turn the detective only pays $100 ($50 if that is all,
    nothing if broke) to the Bank, gets the License back, and the turn ends."""
    state = new(players=2, seed=5)
    seat = state.turn.seat
    state.detectives[seat].licensed = False
    state.detectives[seat].money = money
    quiet_turn(state)  # the seat to move plays on (this seat's license was lost earlier)
    if state.turn.seat != seat:
        quiet_turn(state)
    assert state.turn.seat == seat and state.turn.phase == "fine"
    assert {a.kind for a in state.legal_actions()} <= {"pay_fine", "play_card"}  # D7
    events = act(state, "pay_fine")
    assert events[0].data == {"seat": seat, "paid": paid}
    assert state.detectives[seat].money == money - paid
    assert state.detectives[seat].licensed
    assert state.turn.seat != seat


def test_clue_on_fine_turn_option() -> None:
    """ST-ARREST-13: with the clue_on_fine_turn option the CLUE press comes first, then the fine."""
    state = new(players=2, seed=5, clue_on_fine_turn=True)
    seat = state.turn.seat
    state.detectives[seat].licensed = False
    state._legal_cache = None
    assert kinds(state) - {"play_card"} == {"clue"}
    act(state, "clue")
    assert kinds(state) - {"play_card"} == {"pay_fine"}


def test_successful_arrest_pays_the_reward_with_poster() -> None:
    """ST-ARREST-02, ST-ARREST-10, ST-MONEY-05, ST-MONEY-04: the poster and all its reward money,
    at least $800, added to the money already held."""
    state = new(seed=12, escape_chance=0.0)
    seat = state.turn.seat
    poster = state.content.posters[state.poster]
    thief_at = ready_to_arrest(state)
    state.scanner.crimes = 1
    events = act(state, "arrest", space=thief_at)
    reward = next(e for e in events if e.kind == "reward")
    assert reward.data["amount"] == poster.reward >= 800
    assert state.detectives[seat].money == 300 + poster.reward
    assert state.detectives[seat].posters == [poster.id]


def test_reward_rises_100_for_each_further_crime() -> None:
    """ST-MONEY-06: each crime after the first adds $100 to the thief's reward."""
    for seed in range(60):
        state = new(seed=seed, still_chance=0.0)
        face = state.content.posters[state.poster].reward
        crimes_seen = 1
        for _ in range(40):
            for e in quiet_turn(state):
                if e.kind == "clue" and e.data.get("kind") == "crime":
                    crimes_seen += 1
            assert state.view(None)["thief"]["reward"] == face + 100 * (crimes_seen - 1)
        if crimes_seen > 1:
            return
    raise AssertionError("no thief robbed twice in 60 games")


def test_unsuccessful_arrest_escape_of_five_or_six_clues() -> None:
    """ST-ARREST-11, ST-THIEF-19, ST-THIEF-06, ST-ARREST-15, ST-ARREST-05: at the right space
    the arrest may fail; the thief always runs 5 or 6 moves, everyone hears the clues, and the
    detective pays nothing."""
    lengths = set()
    for seed in range(30):
        state = new(seed=seed, escape_chance=1.0, still_chance=0.9)
        seat = state.turn.seat
        thief_at = ready_to_arrest(state)
        money = state.detectives[seat].money
        events = act(state, "arrest", space=thief_at)
        assert events[0].data["outcome"] == "unsuccessful"
        run = [e for e in events if e.kind == "clue"]
        assert all(e.to is None and e.data["type"] == "escape" for e in run)
        assert all(not e.data["bleep"] for e in run)  # he always moves, despite still_chance
        lengths.add(len(run))
        assert state.detectives[seat].money == money and state.detectives[seat].licensed
        assert state.turn.seat != seat
    assert lengths == {5, 6}


def test_new_thief_after_an_arrest() -> None:
    """ST-THIEF-02, ST-THIEF-20, ST-SETUP-08, ST-SCANNER-28, ST-TURN-06: pieces stay, the next
    poster is turned over, ON once makes the new thief's crime, and the player to the arrester's
    left goes next."""
    state = new(players=3, seed=21, escape_chance=0.0)
    seat = state.turn.seat
    thief_at = ready_to_arrest(state)
    nodes = [d.node for d in state.detectives]
    second = state.content.posters[state.wanted[1]]
    events = act(state, "arrest", space=thief_at)
    kinds_seen = [e.kind for e in events]
    assert kinds_seen.index("reward") < kinds_seen.index("new_thief") < kinds_seen.index("turn")
    new_thief = next(e for e in events if e.kind == "new_thief")
    assert new_thief.data["by"] == seat and new_thief.data["display"].endswith("Cr")
    assert new_thief.data["poster"] == {"name": second.name, "reward": second.reward}
    assert [d.node for d in state.detectives] == nodes
    assert state.turn.seat == (seat + 1) % 3 and state.turn.phase == "clue"
    assert state.view(None)["thief"]["number"] == 2
    assert len(state.routes) == 2


def test_ten_thieves_at_most_then_the_richest_wins() -> None:
    """ST-SETUP-04: one thief per WANTED poster; after the tenth arrest the game ends (gap 10:
    the richest detective wins)."""
    state = new(players=4, seed=2, escape_chance=0.0, win_amount=100_000)
    for number in range(1, 11):
        assert state.view(None)["thief"]["number"] == number
        act(state, "arrest", space=ready_to_arrest(state))
    assert state.over and state.end_reason == "all thieves caught"
    best = max(d.money for d in state.detectives)
    assert state.winners == [d.seat for d in state.detectives if d.money == best]


def test_first_to_2500_wins_at_once() -> None:
    """ST-WIN-01, ST-WIN-02, ST-MONEY-04: the $300 start counts; reaching $2,500 wins."""
    state = new(players=2, seed=4, escape_chance=0.0)
    seat = state.turn.seat
    state.detectives[seat].money = 2500 - state.reward
    events = act(state, "arrest", space=ready_to_arrest(state))
    assert events[-1].kind == "game_over" and events[-1].data["winners"] == [seat]
    assert state.over and state.winners == [seat] and state.to_move is None
    assert state.view(None)["reveal"]["routes"]


def test_thief_is_never_in_a_view() -> None:
    """ST-THIEF-01: nobody sees the thief's space (until the game is over)."""
    state = new(players=3, seed=30, still_chance=0.0)
    for _ in range(30):
        quiet_turn(state)
    assert state.scanner.thief is not None
    text = json.dumps([state.view(s) for s in (None, 0, 1, 2)])
    assert "reveal" not in text and "route" not in text
    assert all("space" not in c for c in state.view(None)["clues"])
    assert all(
        "space" not in json.dumps(e.data) for e in state.events_for(None) if e.kind == "clue"
    )


def test_thief_moves_only_on_clue_or_escape() -> None:
    """ST-THIEF-04, ST-THIEF-05: rolling, moving and ending a turn never move the thief; a CLUE
    press usually moves him, sometimes not."""
    state = new(players=2, seed=31, still_chance=0.25)
    moved = stayed = 0
    for _ in range(200):
        before = len(state.scanner.route)
        if state.turn.phase == "clue":
            act(state, "clue")
            if len(state.scanner.route) > before:
                moved += 1
            else:
                stayed += 1
        else:
            quiet_turn(state)
            assert len(state.scanner.route) == before
    assert moved > stayed > 0


def test_fines_go_to_the_bank_not_to_a_detective() -> None:
    """ST-MONEY-01: the Bank is kept apart from every detective's money, the Banker's too."""
    state = new(players=3, seed=14)
    seat = state.turn.seat
    state.detectives[seat].licensed = False
    state.turn.phase = "fine"
    state._legal_cache = None
    before = [d.money for d in state.detectives]
    act(state, "pay_fine")
    after = [d.money for d in state.detectives]
    assert sum(before) - sum(after) == 100
    assert [b - a for b, a in zip(before, after, strict=True)].count(0) == 2


def test_each_thief_move_makes_one_clue_naming_what_he_did() -> None:
    """ST-SCANNER-01, ST-CLUE-01: one clue per move, naming the kind of space entered and the
    building or street it is in (decision S1, as the real unit showed it), never the space."""
    state = new(players=2, seed=15, still_chance=0.0)
    for _ in range(60):
        before = len(state.scanner.route)
        events = quiet_turn(state)
        steps = state.scanner.route[before:]
        clues = [e for e in events if e.kind == "clue"]
        assert len(clues) == len(steps)
        for event, step in zip(clues, steps, strict=True):
            assert event.data["kind"] == step.clue.kind
            assert set(event.data) == {"by", "type", "bleep", "kind", "area", "display", "sound"}
            assert event.data["area"] == state.board.spaces[step.space].area
            assert event.data["display"] == f"{event.data['area']}{step.clue.display[1:]}"
