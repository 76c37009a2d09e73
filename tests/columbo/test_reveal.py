"""Columbo's `reveal()`: every hand, every lawn card's face, the room piles, a fresh card."""

from __future__ import annotations

import sleuth
from sleuth.games.columbo.state import Columbo
from tests.finished_games import played


def positions() -> list[Columbo]:
    """Every fifth position of a whole game, and its end."""
    game = played("columbo")
    chosen = [*range(0, len(game.history), 5), len(game.history)]
    states = [sleuth.replay(game.record(), upto=n) for n in chosen]
    assert all(isinstance(s, Columbo) for s in states)
    return states  # type: ignore[return-value]


def test_reveal_shows_every_hand_the_lawn_and_the_piles() -> None:
    faces = 0
    for state in positions():
        revealed = state.reveal()
        assert set(revealed["hidden"]) == {"hands", "lawn_faces", "piles", "drawn"}
        for seat in range(state.players):
            assert revealed["hands"][seat] == state.view(seat)["hand"]
        lawn = revealed["lawn_faces"]
        assert [None if c is None else c["id"] for c in lawn] == state.lawn
        assert [c is None for c in lawn] == [p is None for p in revealed["lawn"]]
        faces += sum(c is not None for c in lawn)
        for room in revealed["rooms"]:
            pile = revealed["piles"].get(str(room["room"]), [])
            assert len(pile) == room["cards"]
            assert [c["id"] for c in pile] == state.piles.get(room["room"], [])[::-1]
        seat = state.turn.seat
        assert revealed["drawn"] == state.view(seat)["drawn"]
    assert faces, "the game should have cards on the lawn"


def test_a_spectator_sees_none_of_it() -> None:
    for state in positions():
        spectator = state.view(None)
        assert not {"hands", "hand", "lawn_faces", "piles", "drawn"} & set(spectator)
        assert all(p in (None, "down") for p in spectator["lawn"])


def test_reveal_is_the_same_after_a_replay() -> None:
    for state in positions():
        assert sleuth.replay(state.record()).reveal() == state.reveal()
