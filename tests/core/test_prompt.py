"""`prompt(seat)`, checked on every registered game over whole random games.

At every position the seat to move is offered exactly the kinds of its legal
actions, each in words; every other seat and a spectator get a waiting line
naming the same task; once the game is over nobody is asked anything. A prompt
is JSON, sits in its seat's view (with the header every view shares), and
reveals nothing hidden: a state resampled for that seat gives the same prompt.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import sleuth
from sleuth.bots import bot_levels, make_bot
from sleuth.core import GameState, IllegalAction, Rng
from sleuth.core.game import VIEW_HEADER
from sleuth.core.prompt import Prompt, ask, count, either, kinds, sentence, wait

VIEW_EVERY = 9  # positions between full-view checks (views cost more than prompts)


def variant(game: str) -> dict[str, Any]:
    """Every option that has a choice set away from its default (bools flipped, the last
    choice), so the rarer phases of each game come up too."""
    options: dict[str, Any] = {}
    for option in sleuth.spec(game).describe()["options"]:
        if option["type"] == "bool":
            options[option["name"]] = not option["default"]
        elif option.get("choices"):
            options[option["name"]] = option["choices"][-1]
    return options


def _cases() -> Iterator[Any]:
    for game in sleuth.game_names():
        spec = sleuth.spec(game)
        yield pytest.param(game, spec.min_players, {}, id=f"{game}-{spec.min_players}")
        yield pytest.param(game, spec.max_players, variant(game), id=f"{game}-variant")


CASES = list(_cases())


def positions(
    game: str, players: int, options: dict[str, Any], seed: int, bots: bool
) -> Iterator[GameState]:
    """Every position of one game, played to its end (the last one is over): at random, or by
    the game's strongest bots, which reach the phases random play seldom does (exchanges)."""
    state = sleuth.new_game(game, players=players, seed=seed, **options)
    level = bot_levels(game)[-1]
    robots = [make_bot(game, level, seed=seed * 10 + s) for s in range(players)]
    chooser = random.Random(seed)
    yield state
    while not state.over:
        seat = state.to_move
        assert seat is not None
        if bots:
            state.apply(robots[seat].choose(state, seat))
        else:
            state.apply(chooser.choice(state.legal_actions()))
        yield state


def check_prompts(state: GameState) -> dict[int | None, Prompt]:
    mover = state.to_move
    assert mover is not None
    prompts: dict[int | None, Prompt] = {}
    for seat in [None, *range(state.players)]:
        prompt = state.prompt(seat)
        assert prompt is not None
        prompts[seat] = prompt
        assert prompt.seat == seat and prompt.to_move == mover
        assert prompt.words and prompt.task and prompt.words[0].isupper()
        assert prompt.words.endswith((".", "!", "?")), prompt.words
        again = json.loads(json.dumps(prompt.to_json()))
        assert again == prompt.to_json()
        if seat == mover:
            assert not prompt.waiting
            assert {c.kind for c in prompt.choices} == set(kinds(state.legal_actions()))
            assert len(prompt.choices) == len({c.kind for c in prompt.choices})
            assert all(c.words and c.words != c.kind for c in prompt.choices)
        else:
            assert prompt.waiting and prompt.choices == ()
    assert len({p.task for p in prompts.values()}) == 1, "the task is public: one for all"
    return prompts


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_every_position_prompts_the_seat_to_move(
    game: str, players: int, options: dict[str, Any]
) -> None:
    for seed, bots in ((1, False), (2, True)):
        for number, state in enumerate(positions(game, players, options, seed, bots)):
            if state.over:
                assert all(state.prompt(s) is None for s in [None, *range(state.players)])
                assert all(state.view(s)["prompt"] is None for s in [None, *range(players)])
                break
            prompts = check_prompts(state)
            if number % VIEW_EVERY == 0:
                for seat, prompt in prompts.items():
                    view = state.view(seat)
                    assert set(VIEW_HEADER) <= set(view), set(VIEW_HEADER) - set(view)
                    assert view["prompt"] == prompt.to_json()
                    assert view["to_move"] == state.to_move and view["seat"] == seat
        else:
            pytest.fail("the game never ended")


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_a_prompt_reveals_nothing_hidden(game: str, players: int, options: dict[str, Any]) -> None:
    """The same words for the seat whatever its hidden parts are: built from what it knows.

    Checked at the first position of each set of kinds on offer (resampling is slow),
    for every seat: the one to move and those waiting.
    """
    for seed, bots in ((3, False), (4, True)):
        seen: set[frozenset[str]] = set()
        for number, state in enumerate(positions(game, players, options, seed, bots)):
            offered = frozenset(kinds(state.legal_actions()))
            if state.over or offered in seen:
                continue
            seen.add(offered)
            for seat in range(players):
                twin = state.resample(seat, Rng(number))
                assert twin.prompt(seat) == state.prompt(seat), (number, seat)
        assert len(seen) >= 3


@pytest.mark.parametrize("game", sleuth.game_names())
def test_no_prompt_for_a_seat_that_is_not_there(game: str) -> None:
    state = sleuth.new_game(game, players=sleuth.spec(game).min_players)
    with pytest.raises(IllegalAction):
        state.prompt(state.players)
    with pytest.raises(IllegalAction):
        state.prompt(-1)


def test_words_are_put_together_in_one_way() -> None:
    assert either([]) == "" and either(["a"]) == "a" and either(["a", "b"]) == "a or b"
    assert either(["a", "b", "c"]) == "a, b or c"
    assert sentence("roll the dice") == "Roll the dice." and sentence("Right!") == "Right!"
    assert count(1, "space") == "1 space" and count(7, "space") == "7 spaces"
    say = {"roll": "roll", "end_turn": "stop"}
    offered = ask(2, "roll", ["end_turn", "roll", "end_turn"], say)
    assert [c.kind for c in offered.choices] == ["roll", "end_turn"]
    assert offered.words == "Roll or stop." and not offered.waiting
    waiting = wait(None, 2, "Detective 3", "roll")
    assert waiting.waiting and waiting.words == "Waiting for Detective 3 to roll."
    assert waiting.to_json()["choices"] == [] and waiting.to_json()["seat"] is None


def test_a_kind_without_words_is_a_mistake_not_a_blank() -> None:
    with pytest.raises(KeyError):
        ask(0, "roll", ["roll", "fly"], {"roll": "roll the dice"})
