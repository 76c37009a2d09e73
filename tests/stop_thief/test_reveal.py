"""Stop Thief's `reveal()`: every hand and tip, where the thief is, his routes, the pile."""

from __future__ import annotations

import sleuth
from sleuth.games.stop_thief.state import StopThief
from tests.finished_games import played


def positions() -> list[StopThief]:
    """Every tenth position of a whole game (tips, new thieves, an end), and the end."""
    game = played("stop-thief")
    chosen = [*range(0, len(game.history), 10), len(game.history)]
    states = [sleuth.replay(game.record(), upto=n) for n in chosen]
    assert all(isinstance(s, StopThief) for s in states)
    return states  # type: ignore[return-value]


def test_reveal_shows_every_secret_as_its_seat_or_the_scanner_holds_it() -> None:
    tipped = False
    for state in positions():
        revealed = state.reveal()
        assert set(revealed["hidden"]) == {"hands", "tips", "thief_at", "reveal", "pile", "wanted"}
        for seat in range(state.players):
            mine = state.view(seat)
            assert revealed["hands"][seat] == mine["hand"]
            tips = [{k: v for k, v in t.items() if k != "seat"} for t in revealed["tips"]
                    if t["seat"] == seat]  # fmt: skip
            assert tips == mine["tips"]
            tipped = tipped or bool(tips)
        thief = state.scanner.thief
        routes = revealed["reveal"]["routes"]
        assert len(routes) == state.thief_number
        assert routes[-1] == [step.space for step in state.scanner.route]
        if thief is not None:
            assert revealed["thief_at"] == thief.space == routes[-1][-1]
        else:
            assert revealed["thief_at"] is None and state.over
        assert [c["id"] for c in revealed["pile"]] == list(state.pile)
        assert len(revealed["wanted"]) == len(state.wanted) - state.thief_number
    assert tipped, "the game should have a tip to reveal"


def test_a_spectator_sees_none_of_it_until_the_end() -> None:
    for state in positions():
        spectator = state.view(None)
        assert not {"hands", "tips", "thief_at", "pile", "wanted"} & set(spectator)
        assert ("reveal" in spectator) == state.over


def test_reveal_is_the_same_after_a_replay() -> None:
    for state in positions():
        assert sleuth.replay(state.record()).reveal() == state.reveal()
