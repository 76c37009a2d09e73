"""The Manhunt bots: what they may read, how well they play."""

from __future__ import annotations

import random

import sleuth
from sleuth.bots import Bot, bot_levels, make_bot, play
from sleuth.core import Rng
from sleuth.games.manhunt.bots import ExpertBot
from sleuth.games.manhunt.state import Manhunt
from tests.manhunt.conftest import learn, placed


def _match(levels: list[str], games: int, **options: object) -> list[int]:
    wins = [0] * len(levels)
    for g in range(games):
        state = sleuth.new_game("manhunt", players=len(levels), seed=g, **options)
        order = [(k + g) % len(levels) for k in range(len(levels))]  # everyone sits everywhere
        bots = [make_bot("manhunt", levels[o], seed=g * 7 + k) for k, o in enumerate(order)]
        play(state, bots)
        assert state.over
        for seat in state.winners:
            wins[order[seat]] += 1
    return wins


def test_the_levels() -> None:
    assert {"random", "beginner", "intermediate", "expert"} <= set(bot_levels("manhunt"))
    assert isinstance(make_bot("manhunt", "expert"), Bot)


def test_the_expert_beats_the_random_bot() -> None:
    expert, _ = _match(["expert", "random"], 40)
    assert expert >= 38


def test_the_expert_beats_the_novice() -> None:
    expert, novice = _match(["expert", "novice"], 80)
    assert expert >= 0.65 * 80 and expert + novice == 80


def test_the_expert_is_never_wrong_when_it_does_not_gamble() -> None:
    for g in range(25):
        state = sleuth.new_game("manhunt", players=3, seed=g, crime="murder")
        play(state, [ExpertBot(g * 3 + k, gamble=False) for k in range(3)])
        verdicts = [e.data["correct"] for e in state.log if e.kind == "verdict"]
        assert verdicts == [True]


def test_the_novice_only_accuses_when_sure() -> None:
    for g in range(15):
        state = sleuth.new_game("manhunt", players=2, seed=g)
        play(state, [make_bot("manhunt", "novice", seed=g + k) for k in range(2)])
        assert [e.data["correct"] for e in state.log if e.kind == "verdict"] == [True]


def test_the_expert_decides_only_on_what_its_seat_may_know() -> None:
    """Its choice is the same in every state its seat cannot tell apart from the real one."""
    rng = random.Random(3)
    for g in range(12):
        state = sleuth.new_game("manhunt", players=3, seed=g, partners=False)
        assert isinstance(state, Manhunt)
        bots = [ExpertBot(k) for k in range(3)]
        for _ in range(rng.randrange(20, 120)):
            if state.over:
                break
            seat = state.to_move
            assert seat is not None
            other = state.resample(seat, Rng(g))
            assert ExpertBot(5).choose(other, seat) == ExpertBot(5).choose(state, seat)
            state.apply(bots[seat].choose(state, seat))


def test_bots_wait_for_the_scenes_before_accusing() -> None:
    """A side shown flaps on BROADCAST may be sure before it has Scene 2: it spins on."""
    state = placed(card=6)
    seat = state.to_move
    assert seat is not None
    learn(state, seat, 1, 3, 4, 5, 6, 7, 8)
    assert len(state.handbook(seat).remaining) == 1
    for level in ("expert", "novice"):
        assert make_bot("manhunt", level).choose(state, seat).kind == "spin"


def test_the_expert_reasons_from_its_clue_sheet_not_the_cards() -> None:
    """Decision V3: the expert's suspects are those its records leave, innocents included
    (it cannot see which suspects the cards name), and it asks only for flaps written."""
    from sleuth.games.manhunt.bots import _Table
    from tests.manhunt.conftest import investigating, move_onto, put, turn_to

    state = placed(card=3)
    investigating(state, 0)
    turn_to(state, 0)
    table = _Table(state, 0)
    guilty = {c.culprits["robbery"] for c in state.book.cards}
    names = {s.number for s in table.suspects}
    assert len(names) == 8 and names - guilty and names & guilty
    assert names == set(state.handbook(0).remaining)

    investigating(state, 1)
    learn(state, 1, 7)
    put(state, 1, "a2-a3/1")
    move_onto(state, 0, "a2-a3/1")
    state.apply(state.legal_actions()[0])  # the red spin: RECEIVE, as rigged
    assert state.turn.phase == "ask" and state.to_move == 0
    assert ExpertBot(1).choose(state, 0)["flap"] == 7  # the only flap Red has written
