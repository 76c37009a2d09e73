"""A discard shown face up once is not shown again to whoever (re)connects later."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import live, new_table, wait_until


def test_a_reconnect_never_sees_a_face_down_lawn_card(client: TestClient) -> None:
    bots = [{"kind": "bot", "level": "random"}] * 3
    created = new_table(client, seats=bots, game="columbo", players=3, seed=4)
    table = live(client, created["id"])

    def discards_shown() -> list[Any]:
        return [e for e in table.state.log if e.kind == "discard" and e.data.get("card")]

    wait_until(lambda: len(discards_shown()) >= 2 or table.state.over, what="two discards")
    assert discards_shown(), "the bots discarded nothing face up"
    with client.websocket_connect(f"/ws/tables/{created['id']}") as ws:
        ws.send_json({"type": "hello"})
        snapshot = ws.receive_json()
    assert snapshot["type"] == "snapshot"
    told = [e for e in snapshot["events"] if e["kind"] in ("discard", "swapped")]
    assert told and all(e["data"]["card"] is None for e in told)
    faces = {json.dumps(e.data["card"], sort_keys=True) for e in discards_shown()}
    text = json.dumps(snapshot["events"], sort_keys=True)
    assert not any(face in text for face in faces)
    assert all(e.fleeting == ("card",) for e in discards_shown())  # live updates still show it
