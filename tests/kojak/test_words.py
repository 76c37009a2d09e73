"""Kojak events in words."""

from __future__ import annotations

import doctest
import re

import pytest

import sleuth
from sleuth.bots import play
from sleuth.core import Event
from sleuth.games.kojak import cases, places, words
from sleuth.games.kojak.board import load_board
from sleuth.games.kojak.bots import ExpertBot
from sleuth.games.kojak.places import place_names
from sleuth.games.kojak.words import SAYINGS, Narrator, say
from tests.kojak.conftest import new


@pytest.mark.parametrize("module", [words, cases, places])
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


def test_every_place_is_named_in_words_once() -> None:
    """The log never shows an internal space id: every path space and lot has a name a player
    can find (street and nearest landmark), and no two places share one."""
    board = load_board()
    names = place_names(board)
    assert set(names) == set(board.places)
    assert len(set(names.values())) == len(names)
    for place_id, name in names.items():
        assert place_id not in name and not re.search(r"r\d\dc\d\d", name), name
        assert words.place(place_id) == name
    assert words.place("lot-bus") == "the Bus Station's lot"
    opening = board.lots["lot-restaurant"].at
    assert words.place(opening) == "the north road, outside the Restaurant"


def test_a_drive_is_told_by_street_and_landmark() -> None:
    line = say(Event("drive", {"seat": 1, "car": "kojak", "from": "r04c07", "to": "lot-hotel"}))
    assert line == (
        "Player 2 (black) drives Kojak's car from the ring road, 4 spaces north-east of the "
        "Movie House to the Hotel's lot."
    )


def test_the_first_player_line_shows_the_throws() -> None:
    """KJ-TURN-01: the highest throw goes first; a tie among the highest throws again."""
    state = new(3, seed=0)
    first = next(e for e in state.log if e.kind == "first_player")
    line = say(first)
    assert line.endswith(f"{words.player(first.data['seat'])} threw highest and goes first.")
    for throws in first.data["rolls"]:
        for seat, total in throws.items():
            assert f"{words.player(seat)} {total}" in line
    tie = Event("first_player", {"seat": 1, "rolls": [{"0": 9, "1": 9, "2": 4}, {"0": 5, "1": 8}]})
    assert say(tie) == (
        "Throws for first: Player 1 (white) 9, Player 2 (black) 9, Player 3 (orange) 4; then "
        "Player 1 (white) 5, Player 2 (black) 8. Player 2 (black) threw highest and goes first."
    )
