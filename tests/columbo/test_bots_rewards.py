"""The bots in the more difficult game: they play for the rewards table (decisions A5, A6).

Each behaviour test also runs the expert as it was before (`rewards=False`, racing for the
first solution only) and checks it chooses otherwise, so the test can fail."""

from __future__ import annotations

from sleuth.core import Action
from sleuth.games.columbo.bots import EXPERT, DetectiveBot
from sleuth.games.columbo.stakes import read
from sleuth.games.columbo.state import Columbo
from tests.columbo.conftest import act, hand, lawn, new, put, table, turn


def _kind(state: Columbo, kind: str) -> list[int]:
    return [c for c in state.in_play if state.kind_of[c] == kind]


def _choices(state: Columbo, seat: int) -> tuple[Action, Action]:
    """What the expert chooses now, and what the expert before the rewards play chose."""
    new_bot = DetectiveBot(1, EXPERT, "expert")
    old_bot = DetectiveBot(1, EXPERT, "expert", rewards=False)
    return new_bot.choose(state, seat), old_bot.choose(state, seat)


def test_the_stakes_read_the_rewards_table_from_the_seats_view() -> None:
    """CO-ADVANCED-08 and CO-ADVANCED-10 as a bot reads them: ending with a figure and a
    weapon on the table pays their $1,000 plus the $1,000 bonus, less $200 for each part of
    an incomplete Columbo and for the Mystery card in hand; an opponent's hidden hand is
    not guessed at, only his laid sets count against it."""
    state = new(players=2, seed=2, advanced=True)
    seat = state.turn.seat
    them = 1 - seat
    table(state, seat, "tv-star")
    table(state, seat, "rope")
    hand(state, seat, [_kind(state, "columbo")[0], _kind(state, "mystery")[0]])
    table(state, them, "sports-figure")
    memory = state.memory(seat)
    stakes = read(state.view(seat), state.pack, memory.holder, memory.signals)
    assert stakes.mine_if_ending == 500 + 500 + 1000 - 200 - 200
    assert stakes.best_other == 500
    assert stakes.ending_pays()
    (rival,) = stakes.rivals
    assert rival.seat == them and rival.laid == {"figure"} and not rival.needs_motive_only


def test_the_expert_keeps_a_spare_motive_from_an_opponent_who_needs_only_that() -> None:
    """An opponent with a figure and a weapon on his table needs one Motive card to end the
    game; a spare Motive discarded is shown and lies on the lawn for him to name. The
    expert keeps it and lets another card go; racing alone, it threw the Motive away."""
    state = new(players=2, seed=2, advanced=True)
    seat = state.turn.seat
    them = 1 - seat
    table(state, them, "sports-figure")
    table(state, them, "poison")
    tv, rope = _kind(state, "tv-star"), _kind(state, "rope")
    motives, no_clue = _kind(state, "motive"), _kind(state, "no-clue")
    hand(state, seat, [*tv[:3], *rope[:2], motives[0], motives[1], no_clue[0]])
    turn(state, seat, (1, 2), "discard")
    new_choice, old_choice = _choices(state, seat)
    assert state.kind_of[old_choice["card"]] == "motive"  # the racer's choice
    assert new_choice.kind == "discard"
    assert state.kind_of[new_choice["card"]] != "motive"


def test_the_expert_picks_up_a_motive_an_opponent_needs_to_end() -> None:
    """The same threat with a Motive card remembered on the lawn: the expert, which holds one
    already, names it (Motive cards are named without showing) before the opponent can."""
    state = new(players=2, seed=2, advanced=True)
    seat = state.turn.seat
    them = 1 - seat
    table(state, them, "sports-figure")
    table(state, them, "poison")
    tv, rope, motives = _kind(state, "tv-star"), _kind(state, "rope"), _kind(state, "motive")
    lawn(state, [motives[1]])
    state.memories[seat].lawn[0] = motives[1]
    state.memories[seat].learnt[0] = 1
    hand(state, seat, [*tv[:2], *rope[:2], motives[0]])
    put(state, them, "room-2")
    put(state, seat, "h06-09")
    turn(state, seat, (1, 2), "move")
    act(state, "move", to="living-room")
    new_choice, old_choice = _choices(state, seat)
    assert old_choice == Action.of("end_turn")  # the racer has its Motive: it leaves this one
    assert new_choice.kind == "name" and new_choice["place"] == 0
    assert new_choice.get("evidence") == "motive"


def test_the_expert_does_not_end_a_game_it_would_lose() -> None:
    """Only solving the mystery ends the more difficult game, and the ender's $1,000 bonus
    usually wins it; but beside an opponent whose table shows more than the ender would
    have, ending loses. The expert leaves the card that would end it on the lawn."""
    state = new(players=4, seed=2, advanced=True)
    seat = state.turn.seat
    them = (seat + 1) % 4
    for kind in ("sports-figure", "mystery-writer", "poison", "electric"):
        table(state, them, kind)  # $2,000 on his table
    table(state, seat, "tv-star")
    rope, motives, columbo = _kind(state, "rope"), _kind(state, "motive"), _kind(state, "columbo")
    lawn(state, [rope[3]])
    state.memories[seat].lawn[0] = rope[3]
    state.memories[seat].learnt[0] = 1
    # ending now: $500 + $500 + $1,000 - $200 for the part = $1,800, less than his $2,000
    hand(state, seat, [*rope[:3], motives[0], columbo[0]])
    put(state, seat, "h06-09")
    turn(state, seat, (1, 2), "move")
    act(state, "move", to="living-room")
    new_choice, old_choice = _choices(state, seat)
    assert old_choice.kind == "name" and old_choice["place"] == 0  # the racer ends and loses
    assert not (new_choice.kind == "name" and new_choice["place"] == 0)


def test_the_expert_contests_the_figure_an_opponent_is_gathering() -> None:
    """With two figures dealt (2 players) and equal progress on both, the expert goes for
    the one the opponent has been seen asking for: what he holds of it can be demanded, and
    what the expert keeps his set lacks. So it lets a card of the other figure go; racing
    alone, it chose between the two by name."""
    state = new(players=2, seed=2, advanced=True)
    seat = state.turn.seat
    them = 1 - seat
    tv, sports = _kind(state, "tv-star"), _kind(state, "sports-figure")
    rope, motives = _kind(state, "rope"), _kind(state, "motive")
    hand(state, seat, [*tv[:2], *sports[:2], *rope[:3], motives[0]])
    state.memory(seat).signals[them]["tv-star"] += 1  # he asked for a T.V. Star card once
    turn(state, seat, (1, 2), "discard")
    new_choice, old_choice = _choices(state, seat)
    assert state.kind_of[old_choice["card"]] == "tv-star"
    assert state.kind_of[new_choice["card"]] == "sports-figure"
