"""Set-up, turn order and the shape of a turn."""

from __future__ import annotations

from collections import Counter

import pytest

import sleuth
from sleuth.core import IllegalAction
from tests.stop_thief.conftest import act, kinds, new, quiet_turn


def test_components() -> None:
    """ST-SETUP-01: 32 Sleuth Cards, 10 WANTED posters, 8 licenses, 4 pieces, 2 dice."""
    state = new(players=4)
    content = state.content
    assert len(content.cards) == 32
    assert len(content.posters) == 10
    assert len(content.licenses) == 8
    assert len(state.detectives) == 4
    rolls = [e.data["dice"] for e in _roll_events(seed=2)]
    assert rolls and all(len(d) == 2 and all(1 <= x <= 6 for x in d) for d in rolls)


def _roll_events(seed: int, games: int = 5) -> list[sleuth.Event]:
    events = []
    for s in range(games):
        state = new(players=2, seed=seed + s)
        for _ in range(20):
            events.extend(e for e in quiet_turn(state) if e.kind == "roll")
    return events


def test_at_most_four_detectives() -> None:
    """ST-SETUP-02: one piece each, so 2 to 4 detectives (gap 13: at least 2)."""
    for players in (2, 3, 4):
        assert len(new(players=players).detectives) == players
    for players in (1, 5):
        with pytest.raises(IllegalAction):
            sleuth.new_game("stop-thief", players=players)


def test_a_roll_is_two_dice_two_to_twelve() -> None:
    """ST-SETUP-03: every roll is the total of two dice."""
    totals = Counter(e.data["total"] for e in _roll_events(seed=10, games=30))
    assert set(totals) <= set(range(2, 13))
    assert all(e.data["total"] == sum(e.data["dice"]) for e in _roll_events(seed=3))
    assert min(totals) >= 2 and max(totals) <= 12 and len(totals) >= 8


def test_each_detective_takes_a_license_four_male_four_female() -> None:
    """ST-SETUP-05: one license each, from 4 male and 4 female licenses."""
    content = new().content
    assert Counter(lic.detective for lic in content.licenses) == {"male": 4, "female": 4}
    state = new(players=4, seed=9)
    names = [d.license for d in state.detectives]
    assert len(set(names)) == 4
    assert set(names) <= {lic.name for lic in content.licenses}


def test_everyone_starts_at_acme() -> None:
    """ST-SETUP-06: every piece starts on the ACME Detective Agency."""
    state = new(players=4)
    assert {d.node for d in state.detectives} == {state.board.acme}
    assert state.view(None)["detectives"][0]["node"] == "acme"


def test_three_cards_dealt_rest_is_the_pile() -> None:
    """ST-CARDS-03: 3 cards face down to each detective, the rest form the draw pile."""
    for players in (2, 3, 4):
        state = new(players=players)
        assert all(len(d.hand) == 3 for d in state.detectives)
        assert len(state.pile) == 32 - 3 * players
        dealt = [c for d in state.detectives for c in d.hand] + list(state.pile)
        assert sorted(dealt) == list(range(32))


def test_detectives_see_only_their_own_cards() -> None:
    """ST-CARDS-04: a view shows the seat's own hand and only the count of others'."""
    state = new(players=3)
    for seat in range(3):
        view = state.view(seat)
        assert [c["id"] for c in view["hand"]] == state.detectives[seat].hand
        assert all("hand" not in d for d in view["detectives"])
        assert all(d["cards"] == 3 for d in view["detectives"])
    assert "hand" not in state.view(None)
    hands = [e for e in state.log if e.kind == "hand"]
    assert [e.to for e in hands] == [0, 1, 2]


def test_first_thief_poster_and_reward() -> None:
    """ST-SETUP-07: posters shuffled; the top one is the first thief, worth its face value."""
    firsts = set()
    for seed in range(12):
        state = new(seed=seed)
        assert sorted(state.wanted) == list(range(10))
        poster = state.content.posters[state.wanted[0]]
        assert state.view(None)["thief"] == {
            "number": 1,
            "of": 10,
            "poster": poster.name,
            "reward": poster.reward,
        }
        firsts.add(poster.name)
    assert len(firsts) > 1


def test_everyone_starts_with_300() -> None:
    """ST-MONEY-02: $300 each from the Bank."""
    assert all(d.money == 300 for d in new(players=4).detectives)


def test_highest_roll_goes_first_ties_roll_again() -> None:
    """ST-TURN-01: everyone rolls, the highest goes first; play then passes to the left."""
    for seed in range(30):
        state = new(players=4, seed=seed)
        event = next(e for e in state.log if e.kind == "first_player")
        final = event.data["rolls"][-1]
        winner = max(final, key=lambda s: final[s])
        assert int(winner) == event.data["seat"] == state.turn.seat
        assert list(final.values()).count(final[winner]) == 1
        for earlier in event.data["rolls"][:-1]:
            best = max(earlier.values())
            assert list(earlier.values()).count(best) > 1  # only ties roll again
    state = new(players=3, seed=1)
    first = state.turn.seat
    act(state, "clue")
    act(state, "roll")
    act(state, "move", to="acme")
    act(state, "end_turn")
    assert state.turn.seat == (first + 1) % 3


def test_game_starts_with_a_crime() -> None:
    """ST-SCANNER-22, ST-THIEF-03: ON twice: the first thief commits a crime, display 'nCr'."""
    for seed in range(20):
        state = new(seed=seed)
        event = next(e for e in state.log if e.kind == "new_thief")
        assert event.to is None
        assert event.data["display"] == f"{event.data['area']}Cr"
        assert state.board.spaces[state.scanner.route[0].space].kind == "crime"


def test_turn_starts_with_clue_then_roll_then_move() -> None:
    """ST-TURN-02, ST-TURN-03, ST-TURN-04: CLUE first, then the dice, then the move."""
    state = new(seed=4)
    assert "clue" in kinds(state) and not kinds(state) & {"roll", "move", "arrest"}
    with pytest.raises(IllegalAction, match="You cannot roll the dice now. Press CLUE"):
        act(state, "roll")
    act(state, "clue")
    assert "roll" in kinds(state) and not kinds(state) & {"clue", "move", "arrest"}
    act(state, "roll")
    assert "move" in kinds(state) and not kinds(state) & {"clue", "roll", "arrest"}


def test_every_clue_is_heard_by_all() -> None:
    """ST-TURN-02, ST-CLUE-03: a CLUE press (sound or bleep) is an event for every seat."""
    state = new(seed=6, still_chance=0.5)
    heard = []
    for _ in range(30):
        if state.turn.phase == "clue":
            heard.extend(e for e in act(state, "clue") if e.kind == "clue")
        elif state.turn.phase == "roll":
            act(state, "roll")
        elif state.turn.phase == "move":
            act(state, "move", to=state.board.node_id(state.detectives[state.turn.seat].node))
        else:
            act(state, "end_turn")
    assert heard and all(e.to is None for e in heard)
    assert {e.data["bleep"] for e in heard} == {True, False}
    for seat in range(3):
        assert len([e for e in state.events_for(seat) if e.kind == "clue"]) == len(heard)


def test_arrest_only_after_moving_and_on_own_turn() -> None:
    """ST-TURN-05: an arrest comes after the move, and only the seat to move may act."""
    state = new(seed=2, still_chance=0.0)
    seat = state.turn.seat
    act(state, "clue")
    act(state, "roll")
    assert "arrest" not in kinds(state)
    act(state, "move", to="acme")
    assert "arrest" in kinds(state)  # ACME touches street spaces 5-09 and 8-19
    assert state.to_move == seat
