"""Manhunt's `reveal()`: every side's Handbook and the card in the Clue Scanner."""

from __future__ import annotations

import sleuth
from sleuth.games.manhunt.state import Manhunt
from tests.finished_games import played


def positions() -> list[Manhunt]:
    """Every tenth position of a whole game, and its end."""
    game = played("manhunt")
    chosen = [*range(0, len(game.history), 10), len(game.history)]
    states = [sleuth.replay(game.record(), upto=n) for n in chosen]
    assert all(isinstance(s, Manhunt) for s in states)
    return states  # type: ignore[return-value]


def test_reveal_shows_every_handbook_and_the_card() -> None:
    written = 0
    for state in positions():
        revealed = state.reveal()
        assert set(revealed["hidden"]) == {"handbooks", "reveal"}
        assert len(revealed["handbooks"]) == len(state.handbooks)
        for book in state.handbooks:
            # Each side's Handbook, as every seat of the side sees its own.
            for seat in book.seats:
                assert revealed["handbooks"][book.side] == state.view(seat)["handbook"]
            holes = {r["row"]: r["hole"] for r in revealed["handbooks"][book.side]["rows"]}
            assert {row: hole for row, hole in holes.items() if hole} == book.entries
            written += len(book.entries)
        culprit = state.book.culprit(state.card, state.crime.key)
        assert revealed["reveal"] == {
            "card": state.card.number,
            "holes": state.card.holes,
            "culprit": {"number": culprit.number, "name": culprit.name},
        }
    assert written, "the game should have written some Handbook rows"


def test_a_spectator_sees_none_of_it_until_the_end() -> None:
    for state in positions():
        spectator = state.view(None)
        assert "handbooks" not in spectator and "handbook" not in spectator
        assert ("reveal" in spectator) == state.over


def test_reveal_is_the_same_after_a_replay() -> None:
    for state in positions():
        assert sleuth.replay(state.record()).reveal() == state.reveal()
