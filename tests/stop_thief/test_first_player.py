"""Who goes first at the server's tables and in the terminal: the rulebook's high roll."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

import sleuth
from sleuth.games.stop_thief.tui import StopThiefApp
from sleuth.server.app import create_app


def first_roll(players: int, seed: int) -> tuple[int, dict[str, int]]:
    """The seat the engine's roll sends first, and the last round of rolls."""
    state = sleuth.new_game("stop-thief", players=players, seed=seed)
    event = next(e for e in state.log if e.kind == "first_player")
    return int(event.data["seat"]), event.data["rolls"][-1]


def test_the_server_starts_with_the_highest_roll(tmp_path: Path) -> None:
    """ST-TURN-01: a table made through the server starts with the detective who rolled
    highest (the engine's roll at set-up, ties rolling again), not with seat 0."""
    starts = set()
    with TestClient(create_app(f"sqlite:///{tmp_path / 'db.sqlite3'}", bot_delay=0)) as client:
        for seed in range(4):
            body = {"game": "stop-thief", "players": 3, "seed": seed,
                    "seats": [{"kind": "human"}] * 3}  # fmt: skip
            made = client.post("/api/tables", json=body)
            assert made.status_code == 201, made.text
            view = client.get(f"/api/tables/{made.json()['id']}/view").json()
            seat, rolls = first_roll(3, seed)
            assert view["view"]["turn"] == view["to_move"] == seat and rolls[str(seat)] == max(
                rolls.values()
            )
            starts.add(seat)
    assert len(starts) > 1  # not always the same seat


def test_the_terminal_starts_with_the_highest_roll() -> None:
    """ST-TURN-01: the terminal game starts with the high roller too, and says so."""
    for seed in range(6):
        app = StopThiefApp(players=3, bots=0, seed=seed, bot_delay=0)
        seat, rolls = first_roll(3, seed)
        assert app.state.to_move == seat and rolls[str(seat)] == max(rolls.values())
