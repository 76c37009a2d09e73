"""A guided first game on the server (issue 12): a tutorial table follows its script, the coach
panel goes to the learner's seat only, an action off the lesson is refused with why, and a
table read back after a restart coaches on from where it was."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from sleuth.core.tutorial import load_script, tutorial_games
from tests.server.conftest import bearer, join, remember, view, wait_until

GAMES = tutorial_games()


def start(client: TestClient, game: str) -> tuple[str, str, int]:
    r = client.post(f"/api/games/{game}/tutorial", json={"pace": "instant"})
    assert r.status_code == 201, r.text
    made: dict[str, Any] = remember(r.json())
    learner = int(made["learner"])
    token = join(client, made["id"], seat=learner)
    return made["id"], token, learner


def coached(client: TestClient, table: str, token: str, seat: int) -> dict[str, Any]:
    """The learner's view once it is the learner's turn, or the game has left the coach."""

    def ready() -> bool:
        v = view(client, table, token)
        return v["to_move"] == seat or v["coach"]["state"] in ("finished", "lost")

    wait_until(ready, what="the learner's turn")
    return view(client, table, token)


def act(client: TestClient, table: str, token: str, action: Any, version: int) -> Any:
    return client.post(
        f"/api/tables/{table}/actions",
        json={"action": action, "version": version},
        headers=bearer(token),
    )


@pytest.mark.parametrize("game", GAMES)
def test_following_the_coach_plays_the_tutorial_to_its_end(client: TestClient, game: str) -> None:
    script = load_script(game)
    assert script is not None
    listed = {g["name"]: g for g in client.get("/api/games").json()}
    assert listed[game]["tutorial"]["steps"] == len(script.steps)
    table, token, seat = start(client, game)
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["tutorial"] is True and summary["status"] == "playing"
    assert table not in [t["id"] for t in client.get("/api/tables").json()]  # one's own lesson
    for number in range(1, len(script.steps) + 1):
        v = coached(client, table, token, seat)
        coach = v["coach"]
        assert coach["state"] == "act" and coach["step"] == number, coach
        assert coach["suggest"] in v["legal"]
        r = act(client, table, token, coach["suggest"], v["version"])
        assert r.status_code == 200, r.text
    v = coached(client, table, token, seat)
    assert v["coach"]["state"] == "finished" and v["coach"]["words"] == script.closing
    assert v["coach"]["note"] == script.steps[-1].done


def test_only_the_learner_gets_a_coach(client: TestClient) -> None:
    table, token, seat = start(client, "stop-thief")
    assert "coach" in view(client, table, token)
    assert "coach" not in view(client, table)  # a spectator
    assert "coach" not in client.get(f"/api/tables/{table}").json()
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello"})
        hello = ws.receive_json()
        assert hello["type"] == "snapshot" and "coach" not in hello


def test_another_action_is_refused_with_the_coachs_reason(client: TestClient) -> None:
    script = load_script("stop-thief")
    assert script is not None
    table, token, seat = start(client, "stop-thief")
    v = coached(client, table, token, seat)
    card = next(a for a in v["legal"] if a["kind"] == "play_card")
    r = act(client, table, token, card, v["version"])
    assert r.status_code == 409
    assert r.json() == {"error": "off_script", "message": script.steps[0].otherwise}
    assert view(client, table, token)["version"] == v["version"]  # nothing changed


def test_a_tutorial_table_read_back_coaches_on(client: TestClient) -> None:
    from tests.server.conftest import lobby_of

    table, token, seat = start(client, "stop-thief")
    for _ in range(3):
        v = coached(client, table, token, seat)
        assert act(client, table, token, v["coach"]["suggest"], v["version"]).status_code == 200
    lobby = lobby_of(client)
    before = view(client, table, token)["coach"]
    lobby.rest(table)  # out of memory, as an idle table is; the next request reads it back
    assert table not in lobby.tables
    again = view(client, table, token)
    assert again["coach"] == before
