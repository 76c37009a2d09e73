"""The detective bot's Sleuth Cards: it cycles a Press CLUE card rather than sit on it."""

from __future__ import annotations

from sleuth.games.stop_thief.bots import DetectiveBot
from tests.stop_thief.conftest import act, hand_with, new, place, to_phase


def test_far_from_the_thief_it_plays_extra_clues_before_moving() -> None:
    """ST-CARDS-05, ST-CARDS-07: far from every place the thief may be, the bot plays its
    Press CLUE card before moving (and draws a fresh card) instead of holding it."""
    state = new(players=2, seed=4)
    seat = state.turn.seat
    card = hand_with(state, seat, "extra_clues")
    for other in list(state.detectives[seat].hand):
        if other != card:  # nothing else worth playing first
            state.detectives[seat].hand.remove(other)
            state.detectives[seat].hand.append(hand_with_kind(state, "collect", other))
    act(state, "clue")
    to_phase(state, "move", dice=(1, 1))
    thief = state.scanner.thief
    assert thief is not None
    far_corner = "subway-se" if thief.space // 100 in (1, 5, 8) else "subway-nw"
    place(state, seat, far_corner)
    state.turn.start_node = state.detectives[seat].node
    state.turn.rode_first = True  # no ride to weigh
    action = DetectiveBot(1).choose(state, seat)
    assert action.kind == "play_card" and action["card"] == card


def hand_with_kind(state, effect: str, replacing: int) -> int:  # type: ignore[no-untyped-def]
    """A card of `effect` from the pile, the `replacing` card going to the pile instead."""
    new_card = next(c for c in state.pile if state.content.cards[c].effect == effect)
    state.pile.remove(new_card)
    state.pile.append(replacing)
    state._legal_cache = None
    return int(new_card)


def test_on_the_fine_turn_it_pays_or_plays_a_card_first() -> None:
    """ST-ARREST-13, ST-CARDS-05 (decision D7): on its fine turn the bot may play a card, and
    pays the fine once it has played one."""
    state = new(players=2, seed=5)
    seat = state.turn.seat
    state.detectives[seat].licensed = False
    state.turn.phase = "fine"
    state._legal_cache = None
    bot = DetectiveBot(2)
    first = bot.choose(state, seat)
    assert first.kind in ("pay_fine", "play_card")
    if first.kind == "play_card":
        state.apply(first)
        assert bot.choose(state, seat).kind == "pay_fine"
