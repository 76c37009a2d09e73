"""Events in words: every event of real games gets a sentence of its own."""

from __future__ import annotations

import doctest
import random

import sleuth
from sleuth.core import Event
from sleuth.games.columbo import words
from sleuth.games.columbo.words import Narrator, demand_words, naming_words


def test_every_event_of_many_games_is_put_into_words() -> None:
    seen: set[str] = set()
    for seed in range(12):
        state = sleuth.new_game(
            "columbo", players=2 + seed % 3, seed=seed, advanced=seed % 4 == 3, max_turns=300
        )
        rng = random.Random(seed)
        while not state.over:
            legal = state.legal_actions()
            rare = [a for a in legal if a.kind in ("draw", "name", "demand", "jump")]
            state.apply(rng.choice(rare if rare and rng.random() < 0.5 else legal))
        narrator = Narrator()
        for event in state.log:
            line = narrator.say(event)
            assert line and not line.startswith(f"{event.kind}:"), event
            seen.add(event.kind)
            later = narrator.say(event.later())  # as a log keeps it: no fleeting face
            for name in {str(c["name"]) for c in _faces(event, event.fleeting)}:
                assert name not in later, (event, later)
    assert {
        "setup",
        "hand",
        "first_player",
        "turn",
        "roll",
        "move",
        "draw",
        "drew",
        "kept",
        "discard",
        "your_discard",
        "demand",
        "has_none",
        "gave",
        "given",
        "name",
        "turned",
        "swapped",
        "rooms_empty",
        "turn_lost",
        "game_over",
    } <= seen


def test_the_rulebooks_phrases() -> None:
    assert demand_words("tv-star", True) == (
        "By the way, here is a T.V. Star card and I accuse you of withholding another one."
    )
    assert demand_words("motive", False) == "I accuse you of withholding a Motive card."
    assert naming_words("rope") == "This is a part of the Rope."
    assert naming_words("columbo") == "This is a part of Columbo."
    assert naming_words("mystery") == 'This is the "It\'s A Mystery To Me" card.'
    line = Narrator().say(
        Event(
            "game_over", {"winners": [], "reason": "cold", "by": None, "cards": [], "rewards": None}
        )
    )
    assert line == "The case goes cold: the turns are up. Nobody wins."
    assert Narrator().say(Event("mystery", {"x": 1})) == "mystery: {'x': 1}"


def test_an_before_a_vowel_and_columbo_named_once_at_the_end() -> None:
    """Seen in a hand-played game: "here is a Art Critic card" and "finds Columbo: Columbo:
    Raincoat, Columbo: Squint, ..."."""
    assert demand_words("art-critic", True).startswith("By the way, here is an Art Critic card")
    assert demand_words("electric", False) == "I accuse you of withholding an Electric card."
    assert demand_words("no-clue", False) == 'I accuse you of withholding a "No Clue" card.'
    parts = ["Columbo: Raincoat", "Columbo: Squint", "It's A Mystery To Me"]
    cards = [{"name": name} for name in parts]
    line = Narrator().say(
        Event(
            "game_over",
            {"winners": [0], "reason": "columbo", "by": 0, "cards": cards, "rewards": None},
        )
    )
    assert line == (
        "Detective 1 finds Columbo: Raincoat, Squint, It's A Mystery To Me. Detective 1 wins."
    )


def test_the_module_examples_run() -> None:
    assert doctest.testmod(words).failed == 0


def _faces(event: Event, keys: tuple[str, ...]) -> list[dict[str, object]]:
    """The cards inside an event's fleeting data."""
    found: list[dict[str, object]] = []
    for key in keys:
        value = event.data.get(key)
        cards = value if isinstance(value, list) else [value]
        found += [c for c in cards if isinstance(c, dict)]
    return found


def test_every_hallway_square_has_a_name_of_its_own_from_the_nearest_door() -> None:
    """The printed hallways are unnumbered: the log, the tooltips and the screen readers
    name a square by the nearest DOOR TO space and the way it lies from it."""
    from sleuth.games.columbo.board import load_board
    from sleuth.games.columbo.svg import board_svg
    from sleuth.games.columbo.words import place_words

    board = load_board()
    halls = [n for n in board.nodes if n.kind == "hall"]
    names = [place_words(n.id) for n in halls]
    assert len(set(names)) == len(halls)
    assert not any("column" in name or "row" in name for name in names)
    # h01-06 and h02-06 lie two and one squares west of h03-06, the DOOR TO Room 1.
    assert place_words("h02-06") == "the hallway, 1 square west of the DOOR TO Room 1"
    assert place_words("h01-06") == "the hallway, 2 squares west of the DOOR TO Room 1"
    assert "<title>The hallway, 1 square west of the DOOR TO Room 1</title>" in str(board_svg())
