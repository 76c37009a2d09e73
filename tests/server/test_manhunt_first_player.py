"""Manhunt on the server starts as the rulebook says: the high spinner places first."""

from __future__ import annotations

from fastapi.testclient import TestClient

from sleuth.games.manhunt.state import Manhunt
from tests.server.conftest import live, new_table


def test_the_high_spinner_places_first_on_the_server(client: TestClient) -> None:
    """MH-TURN-01: a Manhunt table begins with everyone spinning the NUMBERED dial; the highest
    spinner (ties spin again) is the first to place his car, whatever his seat."""
    firsts = set()
    for seed in (4, 5, 6, 7):
        created = new_table(client, game="manhunt", players=3, seed=seed)
        state = live(client, created["id"]).state
        assert isinstance(state, Manhunt)
        spin = next(e for e in state.log if e.kind == "first_spin").data
        last = spin["rounds"][-1]
        assert last[str(spin["first"])] == max(last.values())
        assert state.to_move == spin["first"] and state.turn.phase == "place"
        firsts.add(spin["first"])
    assert firsts != {0}
