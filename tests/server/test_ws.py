"""The WebSocket: hello, snapshot, updates for every seat, acks and errors, reconnects."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.conftest import (
    bearer,
    join,
    live,
    new_table,
    nothing_more,
    receive,
    view,
    wait_until,
)
from tests.server.views import patched, without_legal


@pytest.fixture
def table(client: TestClient) -> dict[str, Any]:
    created = new_table(client, [{"kind": "human"}] * 3)
    tid = created["id"]
    tokens = [join(client, tid, seat=n) for n in range(3)]
    return {"id": tid, "tokens": tokens, "owner": created["owner_token"]}


def _visible_only(events: list[dict[str, Any]], seat: int | None) -> bool:
    return all(e["to"] is None or e["to"] == seat for e in events)


def test_snapshots_updates_and_acks(client: TestClient, table: dict[str, Any]) -> None:
    tid, tokens = table["id"], table["tokens"]
    state = live(client, tid).state
    mover = state.to_move
    assert mover is not None
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as spectator,
        client.websocket_connect(f"/ws/tables/{tid}") as seat0,
        client.websocket_connect(f"/ws/tables/{tid}") as seat0_again,
        client.websocket_connect(f"/ws/tables/{tid}") as mover_ws,
    ):
        sockets = {None: spectator, 0: seat0, "0b": seat0_again}
        spectator.send_json({"type": "hello"})
        seat0.send_json({"type": "hello", "token": tokens[0]})
        seat0_again.send_json({"type": "hello", "token": tokens[0]})
        mover_ws.send_json({"type": "hello", "token": tokens[mover]})
        snapshots = {key: receive(ws) for key, ws in sockets.items()}
        mine = receive(mover_ws)
        for key, snap in snapshots.items():
            seat = None if key is None else 0
            assert snap["type"] == "snapshot" and snap["version"] == 0 and snap["seat"] == seat
            assert snap["view"] == state.view(seat)
            assert len(snap["events"]) == len(state.events_for(seat))
            assert _visible_only(snap["events"], seat)
            assert all(isinstance(e["text"], str) and e["text"] for e in snap["events"])
            assert snap["table"]["status"] == "playing"
        assert "hand" not in snapshots[None]["view"]
        assert all(e["to"] is None for e in snapshots[None]["events"])
        assert any(e["to"] == 0 for e in snapshots[0]["events"]), "seat 0 sees its own hand"
        assert mine["legal"] and mine["legal"] == [a.to_json() for a in state.legal_actions()]

        mover_ws.send_json({"type": "action", "id": 7, "action": mine["legal"][0], "version": 0})
        update = receive(mover_ws)
        assert update["type"] == "update" and update["version"] == 1
        assert receive(mover_ws) == {"type": "ack", "id": 7, "version": 1}
        assert patched(mine["view"], update["patch"]) == without_legal(state.view(mover))
        for key, ws in sockets.items():
            seat = None if key is None else 0
            got = receive(ws)
            assert got["type"] == "update" and got["version"] == 1 and got["seat"] == seat
            assert "view" not in got, "an update sends what changed, not the whole view"
            assert patched(snapshots[key]["view"], got["patch"]) == without_legal(state.view(seat))
            assert got["legal"] == [a.to_json() for a in state.legal_actions()] * (
                state.to_move == seat
            )
            assert got["events"] and _visible_only(got["events"], seat)
            assert nothing_more(ws, 0.02)

        # A second action at the old version is refused, to the sender only.
        mover_ws.send_json({"type": "action", "id": 8, "action": mine["legal"][0], "version": 0})
        error = receive(mover_ws)
        assert error["type"] == "error" and error["id"] == 8 and error["error"] == "stale_version"
        assert nothing_more(seat0, 0.02)
        assert live(client, tid).version == 1


def test_socket_errors_change_nothing(client: TestClient, table: dict[str, Any]) -> None:
    tid, tokens = table["id"], table["tokens"]
    t = live(client, tid)
    mover = t.state.to_move
    assert mover is not None
    other = (mover + 1) % 3
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "action", "id": 1, "action": {"kind": "clue"}, "version": 0})
        assert receive(ws)["error"] == "no_token"
        ws.send_text("{not json")
        assert receive(ws)["error"] == "malformed"
        ws.send_text("[1]")
        assert receive(ws)["error"] == "malformed"
        ws.send_json({"type": "dance"})
        assert receive(ws)["error"] == "malformed"
        ws.send_text('{"type": "ping", "pad": "' + "x" * 70_000 + '"}')
        assert receive(ws)["error"] == "too_large"
        ws.send_json({"type": "ping", "id": 3})
        assert receive(ws) == {"type": "pong", "id": 3}
        ws.send_json({"type": "hello", "token": tokens[other]})
        assert receive(ws)["type"] == "snapshot"
        cases: list[tuple[dict[str, Any], str]] = [
            ({"action": {"kind": "clue"}, "version": 0}, "not_your_turn"),
            ({"action": {"kind": "clue"}}, "malformed"),
            ({"action": {"kind": "clue"}, "version": "0"}, "malformed"),
            ({"action": "clue", "version": 0}, "malformed"),  # one schema a message, as HTTP
        ]
        for message, code in cases:
            ws.send_json({"type": "action", "id": 5, **message})
            answer = receive(ws)
            assert answer["type"] == "error" and answer["error"] == code, (message, answer)
        ws.send_json({"type": "hello", "token": tokens[mover]})
        assert receive(ws)["seat"] == mover
        for action, code in [
            ({"kind": "fly"}, "illegal"),
            ("clue", "malformed"),
            (None, "malformed"),
        ]:
            ws.send_json({"type": "action", "id": 6, "action": action, "version": 0})
            answer = receive(ws)
            assert answer["error"] == code, (action, answer)
    with client.websocket_connect(f"/ws/tables/{tid}") as spectator:
        spectator.send_json({"type": "hello"})
        receive(spectator)
        spectator.send_json({"type": "action", "id": 1, "action": {"kind": "clue"}, "version": 0})
        assert receive(spectator)["error"] == "not_a_seat"
    assert t.version == 0


def test_a_bad_hello_closes_the_socket(client: TestClient, table: dict[str, Any]) -> None:
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": "wrong"})
        assert receive(ws)["error"] == "bad_token"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    with client.websocket_connect("/ws/tables/nope") as ws:
        ws.send_json({"type": "hello"})
        assert receive(ws)["error"] == "not_found"


def test_a_reconnect_resumes_exactly(client: TestClient, table: dict[str, Any]) -> None:
    tid, tokens = table["id"], table["tokens"]
    t = live(client, tid)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tokens[1]})
        first = receive(ws)
    # While seat 1 is away, the game goes on over HTTP.
    for _ in range(6):
        mover = t.state.to_move
        assert mover is not None
        v = view(client, tid, tokens[mover])
        r = client.post(f"/api/tables/{tid}/actions", json={"action": v["legal"][0],
                        "version": v["version"]}, headers=bearer(tokens[mover]))  # fmt: skip
        assert r.status_code == 200
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tokens[1]})
        again = receive(ws)
    assert again["version"] == 6 > first["version"]
    assert again["view"] == t.state.view(1)
    assert [e["kind"] for e in again["events"]] == [e.kind for e in t.state.events_for(1)]
    assert again["events"][: len(first["events"])] == first["events"]


def test_seat_changes_are_announced(client: TestClient) -> None:
    created = new_table(client, [{"kind": "human"}, {"kind": "human"}], players=2)
    tid = created["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello"})
        assert receive(ws)["table"]["status"] == "open"
        join(client, tid)
        news = receive(ws)
        assert news["type"] == "table" and news["table"]["seats"][0]["claimed"]
        r = client.post(f"/api/tables/{tid}/seats/1/bot", json={"level": "random"},
                        headers=bearer(created["owner_token"]))  # fmt: skip
        assert r.status_code == 200
        news = receive(ws)
        assert news["type"] == "table" and news["table"]["status"] == "playing"
        # The bot's moves arrive as updates.
        t = live(client, tid)
        wait_until(lambda: t.version > 0 or t.state.to_move == 0, what="the game to start")
        if t.version:
            assert receive(ws)["type"] == "update"
