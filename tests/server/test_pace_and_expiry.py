"""The bots' pace per table, and abandoned tables handed to bots (docs/server.md)."""

from __future__ import annotations

import time
from pathlib import Path

from fastapi.testclient import TestClient

from sleuth.server.app import create_app
from sleuth.server.expiry import Expirer
from tests.server.conftest import bearer, db_url, join, live, lobby_of, new_table, wait_until

BOTS = [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]


def test_the_pace_is_chosen_at_creation_and_changed_by_the_owner_only(db_file: Path) -> None:
    with TestClient(create_app(db_url(db_file), bot_delay=0)) as client:
        r = client.post("/api/tables", json={"game": "stop-thief", "players": 2, "pace": "dawdle"})
        assert r.status_code == 400 and not lobby_of(client).tables, "nothing is created"
        created = new_table(client, [{"kind": "human"}, *BOTS[:1]], players=2, pace="slow")
        tid, owner = created["id"], created["owner_token"]
        assert client.get(f"/api/tables/{tid}").json()["pace"] == "slow"
        player = join(client, tid)
        assert client.post(f"/api/tables/{tid}/pace", json={"pace": "fast"}).status_code == 401
        r = client.post(f"/api/tables/{tid}/pace", json={"pace": "fast"}, headers=bearer(player))
        assert (r.status_code, r.json()["error"]) == (403, "not_owner")
        r = client.post(f"/api/tables/{tid}/pace", json={"pace": "dawdle"}, headers=bearer(owner))
        assert r.status_code == 400
        assert client.get(f"/api/tables/{tid}").json()["pace"] == "slow", "refusals change nothing"
        r = client.post(f"/api/tables/{tid}/pace", json={"pace": "fast"}, headers=bearer(owner))
        assert r.status_code == 200 and r.json()["pace"] == "fast"
    with TestClient(create_app(db_url(db_file), bot_delay=0)) as again:  # kept in storage
        assert again.get(f"/api/tables/{tid}").json()["pace"] == "fast"


def test_bots_wait_at_a_slow_pace_and_catch_up_when_the_owner_makes_it_instant(
    client: TestClient,
) -> None:
    created = new_table(client, BOTS, players=2, pace="slow")
    table = live(client, created["id"])
    time.sleep(0.5)
    assert table.version == 0, "at the slow pace a bot waits 2.5 s before its action"
    r = client.post(
        f"/api/tables/{table.id}/pace",
        json={"pace": "instant"},
        headers=bearer(created["owner_token"]),
    )
    assert r.status_code == 200
    wait_until(lambda: table.version >= 5, timeout=5, what="the bots at the instant pace")


def test_an_abandoned_table_goes_to_bots_and_plays_out(client: TestClient) -> None:
    """Idle tables: untouched for the expiry time with no seat connected, every human seat
    goes to a bot (instant pace); the game ends and leaves the lobby's list."""
    lobby = lobby_of(client)
    waiting = new_table(client, [{"kind": "human"}, BOTS[0]], players=2, game="kojak")
    fresh = new_table(client, [{"kind": "human"}, BOTS[0]], players=2, game="kojak")
    listed = {t["id"] for t in client.get("/api/tables").json()}
    assert {waiting["id"], fresh["id"]} <= listed
    hours_later = live(client, waiting["id"]).updated.timestamp() + 7200
    live(client, fresh["id"]).updated = live(client, fresh["id"]).updated.replace(
        year=live(client, fresh["id"]).updated.year + 1
    )  # touched "after" the clock below: not idle
    expirer = Expirer(lobby, 7200, clock=lambda: hours_later)
    assert client.portal.call(expirer.expire) == [waiting["id"]]  # type: ignore[union-attr]
    table = live(client, waiting["id"])
    assert [s.kind for s in table.seats] == ["bot", "bot"] and table.pace == "instant"
    wait_until(lambda: table.status == "finished", timeout=20, what="the bots to finish")
    assert waiting["id"] not in {t["id"] for t in client.get("/api/tables").json()}
    assert fresh["id"] in {t["id"] for t in client.get("/api/tables").json()}


def test_a_table_with_a_seat_connected_never_expires(client: TestClient) -> None:
    created = new_table(client, [{"kind": "human"}, BOTS[0]], players=2, game="kojak")
    token = join(client, created["id"])
    table = live(client, created["id"])
    later = table.updated.timestamp() + 10 * 7200
    expirer = Expirer(lobby_of(client), 7200, clock=lambda: later)
    with client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        ws.send_json({"type": "hello", "token": token})
        ws.receive_json()  # the snapshot: the seat is connected
        assert client.portal.call(expirer.expire) == []  # type: ignore[union-attr]
        assert table.seats[0].kind == "human"


def test_an_abandoned_table_out_of_memory_is_read_back_and_goes_to_bots(
    client: TestClient,
) -> None:
    """Idle tables leave memory (sleuth.server.memory) long before they expire: the expiry
    finds them among the resting ones too."""
    lobby = lobby_of(client)
    created = new_table(client, [{"kind": "human"}, BOTS[0]], players=2, game="kojak")
    later = live(client, created["id"]).updated.timestamp() + 7200
    lobby.rest(created["id"])
    assert created["id"] not in lobby.tables and created["id"] in lobby.resting
    expirer = Expirer(lobby, 7200, clock=lambda: later)
    assert client.portal.call(expirer.expire) == [created["id"]]  # type: ignore[union-attr]
    table = live(client, created["id"])
    assert [s.kind for s in table.seats] == ["bot", "bot"]
    wait_until(lambda: table.status == "finished", timeout=20, what="the bots to finish")
