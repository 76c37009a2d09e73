"""The rulebook's worked example: John solves Game #1, the Stake Out Game."""

from __future__ import annotations

from sleuth.core import Event
from sleuth.games.kojak.state import Kojak
from tests.kojak.conftest import act, informer_out_front, lot, put, ready


def john_takes(state: Kojak, building: str) -> list[Event]:
    """John (the player to move) parks at `building` with his Badge there and an informer out."""
    put(state, car=lot(building), badge=building)
    informer_out_front(state, building)
    return act(state, "take")


def test_john_solves_game_one() -> None:
    """KJ-EXAMPLE-04, KJ-EXAMPLE-05, KJ-EXAMPLE-06, KJ-EXAMPLE-07, KJ-CLUE-09, KJ-CLUE-05,
    KJ-CLUE-07: John takes the green informer at the Bus Station (code B: he circles the Bus
    Station), the red one at the Movie House (code G: the Hotel, not the informer's own
    building) and the blue one at the Restaurant (code H: the Movie House); with three buildings
    cleared, Fats must be hiding in the Restaurant, and the Solution Book agrees."""
    state = ready(players=2, seed=7, game=1, solution="book")  # the printed Game #1
    john = state.turn.seat
    steps = [
        ("bus", "green", "B", "I was at the Bus Station all day and Fats wasn't.", "bus"),
        ("movie", "red", "G", "The hotel is too good for Fats. He's not there.", "hotel"),
        ("restaurant", "blue", "H", "Fats is laying low and isn't at the movies.", "movie"),
    ]
    circled: list[str] = []
    for building, colour, code, text, clears in steps:
        events = john_takes(state, building)
        public = next(e for e in events if e.kind == "informer_taken")
        assert public.to is None and public.data["colour"] == colour
        clue = next(e for e in events if e.kind == "clue")
        assert clue.to == john
        assert (clue.data["game"], clue.data["code"], clue.data["statement"]) == (1, code, text)
        assert clue.data["clears"] == clears
        circled.append(clears)
        notebook = state.view(john)["notebook"]
        assert notebook["circled"] == sorted(
            circled, key=["movie", "restaurant", "hotel", "bus"].index
        )
        assert notebook["clues"][-1]["code"] == code
    assert state.view(john)["notebook"]["suspects"] == ["restaurant"]
    assert state.case.hideout == "restaurant"
    # John's rival saw him take three cards, but not one letter.
    rival = state.view(1 - john)
    assert rival["pieces"][john]["informers"] == ["bus", "movie", "restaurant"]
    assert rival["notebook"]["clues"] == []
    assert not any(e.kind == "clue" for e in state.events_for(1 - john))
