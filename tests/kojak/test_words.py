"""Kojak events in words."""

from __future__ import annotations

import doctest

import pytest

import sleuth
from sleuth.bots import play
from sleuth.core import Event
from sleuth.games.kojak import cases, words
from sleuth.games.kojak.bots import ExpertBot
from sleuth.games.kojak.words import SAYINGS, Narrator, say
from tests.kojak.conftest import new


@pytest.mark.parametrize("module", [words, cases])
def test_doctests(module: object) -> None:
    assert doctest.testmod(module).failed == 0  # type: ignore[arg-type]


def test_every_event_is_put_into_words() -> None:
    seen: set[str] = set()
    narrator = Narrator()
    for game in range(8):
        version = ("fast", "advanced")[game % 2]
        state = new(2 + game % 3, seed=game, version=version)
        play(state, [ExpertBot() for _ in range(state.players)], max_actions=5_000)
        for event in state.log:
            line = narrator.say(event)
            assert line and not line.startswith("(") and "{" not in line, (event, line)
            seen.add(event.kind)
    assert seen <= set(SAYINGS)
    assert {"setup", "turn", "roll", "drive", "badge", "informer_taken", "clue", "arrest"} <= seen


def test_the_game_spec_offers_the_narrator() -> None:
    hook = sleuth.spec("kojak").load("words")
    assert hook().say(Event("roll", {"seat": 0, "dice": [6], "total": 6})) == (
        "Player 1 (white) threw 6."
    )


def test_sayings() -> None:
    assert say(Event("jump", {"seat": 0, "from": "start", "to": "radio"})) == (
        "Player 1 (white)'s Kojak jumps into the Radio Room."
    )
    assert say(
        Event(
            "drive",
            {"seat": 3, "car": "kojak", "from": "lot-lieutenant", "to": "lot-bus", "route": []},
        )
    ) == (
        "Player 4 (purple) drives Kojak's car from the Lieutenant's lot to the Bus Station's lot."
    )
    assert say(Event("arrest", {"seat": 1, "building": "hotel", "correct": False})) == (
        "Player 2 (black) makes the arrest at the Hotel, but the Solution Book disagrees."
    )
    assert say(Event("mystery")) == "(mystery)"
