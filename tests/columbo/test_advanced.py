"""The more difficult game (Special Rule 3): a lawn kept face down, more figures, rewards."""

from __future__ import annotations

from sleuth.games.columbo.state import (
    COLUMBO_REWARD,
    ENDING_BONUS,
    FIGURE_REWARD,
    PART_PENALTY,
    WEAPON_REWARD,
    Columbo,
)
from tests.columbo.conftest import act, hand, new, put, table, turn


def _kind(state: Columbo, kind: str) -> list[int]:
    return [c for c in state.in_play if state.kind_of[c] == kind]


def _draw_into(state: Columbo, seat: int, top: int) -> None:
    pile = state.piles[3]
    if top in pile:
        pile.remove(top)
    pile.append(top)
    for det in state.detectives:
        put(state, det.seat, "living-room")
    put(state, seat, "h17-06")
    turn(state, seat, (1, 2), "move")
    act(state, "move", to="room-3")


def test_lawn_cards_stay_face_down() -> None:
    """CO-ADVANCED-01: in the more difficult game lawn cards stay face down: a discard is shown
    to all once (CO-LAWN-01 holds in both games) and from then on no view carries its face."""
    state = new(players=3, seed=4, advanced=True)
    seat = state.turn.seat
    _draw_into(state, seat, state.piles[3][-1])
    thrown = state.detectives[seat].hand[0]
    events = act(state, "discard", card=thrown)
    assert events[0].kind == "discard" and events[0].data["card"]["id"] == thrown
    assert events[0].later().data["card"] is None  # shown once, then face down
    place = events[0].data["place"]
    for viewer in (None, 0, 1, 2):
        assert state.view(viewer)["lawn"][place] == "down"
    for other in range(3):
        assert state.memory(other).lawn[place] == thrown


def test_discards_never_shown_is_an_option() -> None:
    """Decision L1's option: with show_discards off a discard goes down unseen in either game
    (CO-ADVANCED-01 played strictly), and only its owner's private event names it."""
    for advanced in (False, True):
        state = new(players=3, seed=4, advanced=advanced, show_discards=False)
        seat = state.turn.seat
        _draw_into(state, seat, state.piles[3][-1])
        events = act(state, "discard", card=state.detectives[seat].hand[0])
        assert events[0].kind == "discard" and events[0].data["card"] is None
        assert events[1].kind == "your_discard" and events[1].to == seat
        assert events[1].later().data["card"] is None  # its owner, too, must remember it
        for other in range(3):
            known = state.memory(other).lawn
            assert (events[0].data["place"] in known) == (other == seat)


def test_more_than_one_figure_may_be_laid_down() -> None:
    """CO-ADVANCED-02: in the more difficult game a player may complete and lay down more than
    one figure to raise his reward."""
    state = new(players=3, seed=4, advanced=True)
    seat = state.turn.seat
    table(state, seat, "tv-star")
    sports = _kind(state, "sports-figure")
    hand(state, seat, [*sports[:3], *_kind(state, "rope")[:3]])
    _draw_into(state, seat, sports[3])
    assert [state.kind_of[s[0]] for s in state.detectives[seat].table] == [
        "tv-star",
        "sports-figure",
    ]


def test_only_solving_the_mystery_ends_the_game() -> None:
    """CO-ADVANCED-03: finding Columbo does not end the more difficult game; the mystery
    does."""
    state = new(players=3, seed=4, advanced=True)
    seat = state.turn.seat
    columbo, mystery = _kind(state, "columbo"), _kind(state, "mystery")[0]
    hand(state, seat, [*columbo[:5], mystery])
    _draw_into(state, seat, columbo[5])
    assert not state.over
    table(state, seat, "tv-star")
    table(state, seat, "rope")
    hand(state, seat, [*columbo, mystery])
    _draw_into(state, seat, _kind(state, "motive")[0])
    assert state.over and state.end_reason == "solved"


def test_rewards_count_the_table_and_the_hand() -> None:
    """CO-ADVANCED-04: at the end every player adds up his rewards from the cards on the table
    and in his hand (a complete weapon still in the hand counts)."""
    state = new(players=3, seed=4, advanced=True)
    me, other = state.turn.seat, (state.turn.seat + 1) % 3
    table(state, other, "sports-figure")
    hand(state, other, [*_kind(state, "electric"), *_kind(state, "motive")[:1]])
    reward = state.reward(other, ender=None)
    assert reward["figures"] == FIGURE_REWARD and reward["weapons"] == WEAPON_REWARD
    assert reward["total"] == 1000
    del me


def test_the_rewards_table() -> None:
    """The rewards table as printed (CO-EXAMPLE-05): a complete figure $500 (CO-ADVANCED-05), a
    complete weapon $500 (CO-ADVANCED-06), a complete Columbo $1,000 (CO-ADVANCED-07), $1,000
    to the player who ends the game (CO-ADVANCED-08), Motive and No Clue cards nothing
    (CO-ADVANCED-09), and $200 off for each part of an incomplete Columbo and for the "It's A
    Mystery To Me" card (CO-ADVANCED-10)."""
    assert (FIGURE_REWARD, WEAPON_REWARD, COLUMBO_REWARD, ENDING_BONUS, PART_PENALTY) == (
        500,
        500,
        1000,
        1000,
        200,
    )
    state = new(players=4, seed=4, advanced=True)
    seat = state.turn.seat
    table(state, seat, "tv-star")
    table(state, seat, "sports-figure")
    table(state, seat, "rope")
    hand(state, seat, [*_kind(state, "columbo"), _kind(state, "mystery")[0]])
    assert state.reward(seat, ender=seat) == {
        "figures": 1000,
        "weapons": 500,
        "columbo": 1000,
        "mystery": 0,  # decision A2: beside a complete Columbo it completes "finding Columbo"
        "bonus": 1000,
        "total": 3500,
    }
    hand(state, seat, [*_kind(state, "columbo")[:5], _kind(state, "mystery")[0]])
    assert state.reward(seat, ender=None)["mystery"] == -200  # beside a part: $200 off
    assert state.reward(seat, ender=None)["columbo"] == -1000
    hand(
        state,
        seat,
        [*_kind(state, "columbo")[:3], *_kind(state, "motive")[:2], *_kind(state, "no-clue")[:2]],
    )
    assert state.reward(seat, ender=None) == {
        "figures": 1000,
        "weapons": 500,
        "columbo": -600,
        "mystery": 0,
        "bonus": 0,
        "total": 900,
    }


def test_the_largest_reward_wins() -> None:
    """CO-ADVANCED-11: the player with the largest reward wins, who may not be the one who
    ended the game."""
    state = new(players=3, seed=4, advanced=True)
    ender, rich = state.turn.seat, (state.turn.seat + 1) % 3
    for kind in ("sports-figure", "mystery-writer", "electric"):
        table(state, rich, kind)
    hand(state, rich, _kind(state, "columbo"))
    table(state, ender, "tv-star")
    table(state, ender, "rope")
    hand(state, ender, _kind(state, "no-clue")[:3])
    _draw_into(state, ender, _kind(state, "motive")[0])
    assert state.over and state.end_reason == "solved"
    totals = [r["total"] for r in state.rewards or []]
    assert totals[ender] == 2000 and totals[rich] == 2500
    assert state.winners == [rich]
    assert state.log[-1].data["rewards"] == state.rewards


def test_the_mystery_card_beside_a_complete_columbo() -> None:
    """CO-ADVANCED-10 and CO-WIN-02 (decision A2): "finding Columbo" is his six parts and the
    Mystery card, so beside a complete Columbo the Mystery card costs nothing; the option
    mystery_penalty="always" charges its $200 all the same."""
    for penalty, mystery in (("alone", 0), ("always", -200)):
        state = new(players=3, seed=4, advanced=True, mystery_penalty=penalty)
        seat = state.turn.seat
        hand(state, seat, [*_kind(state, "columbo"), _kind(state, "mystery")[0]])
        reward = state.reward(seat, ender=None)
        assert (reward["columbo"], reward["mystery"]) == (1000, mystery)
        hand(state, seat, [_kind(state, "mystery")[0]])
        assert state.reward(seat, ender=None)["mystery"] == -200
