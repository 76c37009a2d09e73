"""The Columbo bots: levels, legality, memory, and the choices that make the expert strong."""

from __future__ import annotations

from typing import Any

import sleuth
from sleuth.bots import bot_levels, make_bot, play
from sleuth.games.columbo.bots import DetectiveBot, Recall
from sleuth.games.columbo.state import Columbo
from tests.columbo.conftest import act, hand, lawn, new, put, turn


def _kind(state: Columbo, kind: str) -> list[int]:
    return [c for c in state.in_play if state.kind_of[c] == kind]


def test_levels() -> None:
    assert bot_levels("columbo") == ["random", "beginner", "intermediate", "expert"]
    assert isinstance(make_bot("columbo", "expert", seed=1), DetectiveBot)
    assert make_bot("columbo", "forgetful").bot.recall.fade > 0  # type: ignore[attr-defined]


def _record(levels: list[str], seed: int) -> dict[str, Any]:
    state = sleuth.new_game("columbo", players=len(levels), seed=seed)
    bots = [make_bot("columbo", level, seed + i) for i, level in enumerate(levels)]
    play(state, bots, 3000)
    return state.record().to_json()


def test_bots_play_legally_to_the_end_and_repeat_themselves() -> None:
    record = _record(["expert", "forgetful", "random"], 4)
    assert record == _record(["expert", "forgetful", "random"], 4)
    state = sleuth.replay(record)
    assert state.over


def test_the_expert_beats_random_play() -> None:
    wins = 0
    for seed in range(8):
        levels = ["expert", "random"] if seed % 2 else ["random", "expert"]
        state = sleuth.new_game("columbo", players=2, seed=seed)
        play(state, [make_bot("columbo", lv, seed) for lv in levels], 5000)
        wins += levels.index("expert") in state.winners
    assert wins >= 7


def test_the_forgetful_memory_fades_and_the_expert_forgets_nothing() -> None:
    state = new(players=2, seed=3)
    seat = state.turn.seat
    cards = [c for pile in state.piles.values() for c in pile][:8]
    lawn(state, [])
    for place, card in enumerate(cards):  # eight discards everyone saw shown
        state.lawn.append(card)
        next(p for p in state.piles.values() if card in p).remove(card)
        state.memories[seat].feed(
            [sleuth.Event("discard", {"seat": 1 - seat, "place": place, "card": state._card(card)})]
        )
    expert = DetectiveBot(1)
    assert expert.remembered(state, seat) == dict(enumerate(cards))
    forgetful = DetectiveBot(1, Recall(capacity=4, fade=0.5), "forgetful")
    kept = forgetful.remembered(state, seat)
    assert kept == {p: cards[p] for p in range(4, 8)}  # the newest four
    for _ in range(6):
        forgetful._fade(state, seat)
    assert len(forgetful.remembered(state, seat)) < 4


def test_the_expert_picks_up_what_it_remembers() -> None:
    state = new(players=2, seed=2)
    seat = state.turn.seat
    rope, tv = _kind(state, "rope"), _kind(state, "tv-star")
    lawn(state, [tv[3], rope[3], _kind(state, "no-clue")[0]])
    state.memories[seat].lawn.update({0: tv[3], 1: rope[3]})
    state.memories[seat].learnt.update({0: 1, 1: 2})
    hand(state, seat, [*rope[:3], *tv[:2], *_kind(state, "motive")[:2]])
    put(state, seat, "h06-09")
    turn(state, seat, (1, 2), "move")
    act(state, "move", to="living-room")
    bot = make_bot("columbo", "expert", 1)
    first = bot.choose(state, seat)
    assert first.kind == "name" and first["place"] in (0, 1)
    assert state.kind_of[state.lawn[first["place"]]] == state.kind_of[first["show"]]


def test_the_expert_takes_a_wanted_card_by_false_identification() -> None:
    """Special Rule 2 as a tool: a wanted card of a kind it cannot show is named wrongly on
    purpose, and its least useful card goes down in its place."""
    state = new(players=2, seed=2)
    seat = state.turn.seat
    tv, sports = _kind(state, "tv-star"), _kind(state, "sports-figure")
    poison, columbo = _kind(state, "poison"), _kind(state, "columbo")
    lawn(state, [poison[0]])
    state.memories[seat].lawn[0] = poison[0]
    state.memories[seat].learnt[0] = 1
    hand(state, seat, [*tv[:3], _kind(state, "motive")[0], columbo[0], *sports[:2]])
    put(state, seat, "h06-09")
    turn(state, seat, (1, 2), "move")
    act(state, "move", to="living-room")
    bot = make_bot("columbo", "expert", 1)
    choice = bot.choose(state, seat)
    assert choice.kind == "name" and choice["place"] == 0
    state.apply(choice)
    if state.turn.phase == "lay":
        state.apply(bot.choose(state, seat))
    assert poison[0] in state.detectives[seat].hand and state.lawn[0] == columbo[0]


def test_the_expert_asks_the_right_player() -> None:
    state = new(players=3, seed=2)
    seat = state.turn.seat
    a, b = (seat + 1) % 3, (seat + 2) % 3
    rope, tv = _kind(state, "rope"), _kind(state, "tv-star")
    hand(state, seat, [*rope[:3], *tv[:3], _kind(state, "motive")[0]])
    hand(state, b, [rope[3], *_kind(state, "columbo")[:6]])
    state.memories[seat].holder[rope[3]] = b  # b showed it earlier
    for det in (seat, a, b):
        put(state, det, "room-2")
    turn(state, seat, (2, 2), "move")
    choice = make_bot("columbo", "expert", 1).choose(state, seat)
    assert choice.kind == "demand" and choice["target"] == b
    assert state.kind_of[choice["show"]] == "rope"


def test_the_expert_shields_with_a_no_clue_card() -> None:
    state = new(players=2, seed=2)
    seat = state.turn.seat
    them = 1 - seat
    rope, tv = _kind(state, "rope"), _kind(state, "tv-star")
    no_clue = _kind(state, "no-clue")[0]
    hand(state, seat, [tv[0], *rope[:3], *_kind(state, "columbo")[:3]])
    hand(state, them, [*tv[1:4], no_clue, *_kind(state, "motive")[:3]])
    for det in (seat, them):
        put(state, det, "room-2")
    turn(state, seat, (2, 2), "move")
    act(state, "demand", target=them, show=tv[0])
    assert make_bot("columbo", "expert", 1).choose(state, them)["card"] == no_clue


def test_no_bot_pairing_goes_cold_in_a_small_sample() -> None:
    """CO-ENDGAME-02 played by bots: once the rooms are empty the bots search the lawn, blind
    where they must, so no case goes cold. A small sample here; bench/bench_columbo_cold.py
    plays 1000 games of every pairing and variant."""
    variants: list[dict[str, Any]] = [
        {},
        {"advanced": True},
        {"advanced": True, "show_discards": False},
    ]
    for k, options in enumerate(variants):
        for pair in (["forgetful", "forgetful"], ["expert", "forgetful"], ["expert", "expert"]):
            for seed in range(2):
                state = sleuth.new_game("columbo", players=2, seed=10 * k + seed, **options)
                play(
                    state, [make_bot("columbo", lv, seed + i) for i, lv in enumerate(pair)], 50_000
                )
                assert state.over and state.end_reason != "cold", (options, pair, seed)


def test_the_expert_searches_blind_in_the_end_phase_rather_than_pass() -> None:
    """CO-ENDGAME-02: on an odd throw in the end phase the expert names an unknown lawn card
    (it cannot win otherwise) instead of ending its turn; the place is drawn at random, so
    repeated searches do not all try the same place."""
    places: set[int] = set()
    for seed in range(6):
        state = new(players=2, seed=3, advanced=True, show_discards=False)
        seat = state.turn.seat
        lawn(state, [c for pile in state.piles.values() for c in pile])  # the rooms are empty
        state.endgame = True
        for det in state.detectives:
            put(state, det.seat, "living-room")
        turn(state, seat, (1, 2), "move")
        assert "name" in {a.kind for a in state.legal_actions()}
        choice = make_bot("columbo", "expert", seed).choose(state, seat)
        assert choice.kind == "name"
        places.add(int(choice["place"]))
    assert len(places) > 1


def test_no_bot_pairing_lets_these_cases_go_cold() -> None:
    """Two games of the more difficult game that once went cold at 1000 turns: one where
    each detective held half of Columbo with the rooms shut (neither went after the other
    half), one where the only way left to win was Columbo and the planner never looked at
    him; and, playing for the rewards, one where each detective took the last sets the
    other needed (decision A6: a seat that can no longer solve lets them go) and two, with
    discards unseen, where an expert swapped one lawn place between two weapons for ever.
    bench/bench_columbo_cold.py runs 1000 games of every pairing."""
    from sleuth.bots import make_bot, play

    cases = (
        (366, ("intermediate", "beginner"), True),
        (623, ("beginner", "beginner"), True),
        (706, ("intermediate", "intermediate"), True),
        (268, ("expert", "expert"), False),
        (537, ("expert", "expert"), False),
    )
    for seed, pair, shown in cases:
        state = sleuth.new_game(
            "columbo", players=2, seed=seed, max_turns=1000, advanced=True, show_discards=shown
        )
        bots = [make_bot("columbo", level, seed * 10 + i) for i, level in enumerate(pair)]
        play(state, bots, 1_000_000)
        assert state.over and state.end_reason != "cold", (seed, pair)
