"""Helpers for the server tests: an app on a temporary SQLite file, tables, seats, waiting."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from sleuth.server.app import create_app
from sleuth.server.lobby import LiveTable, Lobby


def db_url(path: Path) -> str:
    return f"sqlite:///{path}"


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    return tmp_path / "sleuth.sqlite3"


@pytest.fixture
def app(db_file: Path) -> FastAPI:
    return create_app(db_url(db_file), bot_delay=0)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as c:
        yield c


def lobby_of(client: TestClient) -> Lobby:
    lobby: Lobby = client.app.state.lobby  # type: ignore[attr-defined]
    return lobby


def live(client: TestClient, table_id: str) -> LiveTable:
    return lobby_of(client).tables[table_id]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_table(
    client: TestClient,
    seats: list[dict[str, Any]] | None = None,
    players: int = 3,
    seed: int = 5,
    **extra: Any,
) -> dict[str, Any]:
    body: dict[str, Any] = {"game": "stop-thief", "players": players, "seed": seed, **extra}
    if seats is not None:
        body["seats"] = seats
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    created: dict[str, Any] = r.json()
    return remember(created)


INVITES: dict[str, dict[int, str]] = {}
"""Each table's seat invites, as its creator holds them (the create answer shows them once)."""


def remember(created: dict[str, Any]) -> dict[str, Any]:
    """Keep a create answer's invites for `join`, as the table's creator would; `created`."""
    INVITES[created["id"]] = {s["seat"]: s["invite"] for s in created["seats"] if "invite" in s}
    return created


def invite_in(join_url: str) -> str:
    """The invite a join link carries (`/t/{id}?seat=2#invite=...`)."""
    return join_url.split("#invite=", 1)[1]


def join(client: TestClient, table_id: str, **body: Any) -> str:
    """Take a seat as the person its creator sent the invite to: `seat`, or the first free
    human seat, with that seat's invite (unless the body names an invite itself)."""
    if "invite" not in body and table_id in INVITES:
        seat = body.get("seat")
        if seat is None:
            seats = client.get(f"/api/tables/{table_id}").json()["seats"]
            free = [s["seat"] for s in seats if s["kind"] == "human" and not s["claimed"]]
            seat = free[0] if free else None
        if seat in INVITES[table_id]:
            body = {**body, "seat": seat, "invite": INVITES[table_id][seat]}
    r = client.post(f"/api/tables/{table_id}/join", json=body)
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    return token


def wait_until(check: Callable[[], bool], timeout: float = 10.0, what: str = "it") -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout} s for {what}")
        time.sleep(0.005)


def view(client: TestClient, table_id: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table_id}/view", headers=bearer(token) if token else {})
    assert r.status_code == 200, r.text
    answer: dict[str, Any] = r.json()
    return answer


def my_turn(client: TestClient, table_id: str, token: str, seat: int) -> Callable[[], bool]:
    def check() -> bool:
        v = view(client, table_id, token)
        return bool(v["to_move"] == seat or v["view"]["over"])

    return check


def play_one(client: TestClient, table_id: str, token: str) -> dict[str, Any]:
    """Take the first legal action for the token's seat (it must be that seat's turn)."""
    v = view(client, table_id, token)
    r = client.post(
        f"/api/tables/{table_id}/actions",
        json={"action": v["legal"][0], "version": v["version"]},
        headers=bearer(token),
    )
    assert r.status_code == 200, r.text
    return v


def stored_actions(db_file: Path, table_id: str) -> list[tuple[int, int, str]]:
    import sqlite3

    with sqlite3.connect(db_file) as db:
        rows = db.execute(
            "SELECT number, seat, action FROM actions WHERE table_id = ? ORDER BY number",
            (table_id,),
        ).fetchall()
    return [(int(n), int(s), str(a)) for n, s, a in rows]


def receive(ws: WebSocketTestSession, timeout: float = 5.0) -> dict[str, Any]:
    """The next message, failing (not hanging) if none comes in `timeout` seconds."""

    async def get() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    message = ws.portal.call(get)
    assert message["type"] == "websocket.send", message
    answer: dict[str, Any] = json.loads(message["text"])
    return answer


def nothing_more(ws: WebSocketTestSession, wait: float = 0.1) -> bool:
    try:
        receive(ws, wait)
    except TimeoutError:
        return True
    return False
