"""The WebSocket `/ws/tables/{id}` (docs/server.md): hello, snapshot, updates, actions.

A connection has two halves: this handler reads the client's messages, and
one writer task sends everything queued on the connection's `Subscriber`, in
order (snapshots, updates, acks and errors alike), so a slow client never
holds up a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketState

from sleuth.server.errors import MAX_MESSAGE, ApiError, error_message
from sleuth.server.lobby import Lobby, Subscriber, dumps

router = APIRouter()

HELLO_SECONDS = 60.0
"""How long a new connection may wait before its hello."""


async def _writer(websocket: WebSocket, sub: Subscriber) -> None:
    while True:
        text = await sub.next()
        if text is None:  # fell too far behind: drop it; the client reconnects and resumes
            await websocket.close(code=1013, reason="too slow: reconnect")
            return
        await websocket.send_text(text)


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    await websocket.accept()
    lobby: Lobby = websocket.app.state.lobby
    sub = Subscriber()
    writer = asyncio.get_running_loop().create_task(_writer(websocket, sub))
    try:
        while True:
            timeout = HELLO_SECONDS if sub.table is None else None
            try:
                message = await asyncio.wait_for(websocket.receive(), timeout)
            except TimeoutError:
                break
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                raw = message.get("bytes") or b""
                text = raw.decode("utf-8", "replace")
            if len(text.encode()) > MAX_MESSAGE:
                sub.send(_error(None, ApiError(413, "too_large", "messages are limited to 64 KiB")))
                continue
            try:
                data = json.loads(text)
            except ValueError:
                sub.send(_error(None, ApiError(400, "malformed", "a message must be JSON")))
                continue
            if not isinstance(data, dict):
                sub.send(_error(None, ApiError(400, "malformed", "a message must be an object")))
                continue
            if await _handle(lobby, table_id, sub, data) == "close":
                break
    finally:
        if sub.table is not None:
            sub.table.subscribers.discard(sub)
        # Let what is queued (a last error, say) go out before closing.
        for _ in range(50):
            if writer.done() or not sub.pending:
                break
            await asyncio.sleep(0.01)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer
        if websocket.client_state == WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await websocket.close()


def _error(request_id: Any, err: ApiError) -> str:
    return dumps(error_message(err, request_id))


async def _handle(lobby: Lobby, table_id: str, sub: Subscriber, data: dict[str, Any]) -> str:
    """Answer one message; "close" ends the connection (after a refused hello)."""
    request_id = data.get("id")
    try:
        if data.get("type") == "hello":
            await _hello(lobby, table_id, sub, data)
        elif data.get("type") == "ping":
            sub.send(dumps({"type": "pong", "id": request_id}))
        elif data.get("type") == "action":
            version = await _action(lobby, sub, data)
            sub.send(dumps({"type": "ack", "id": request_id, "version": version}))
        else:
            raise ApiError(400, "malformed", "the type must be hello, action or ping")
    except ApiError as err:
        sub.send(_error(request_id, err))
        return "close" if data.get("type") == "hello" else "ok"
    return "ok"


async def _hello(lobby: Lobby, table_id: str, sub: Subscriber, data: dict[str, Any]) -> None:
    token = data.get("token")
    if token is not None and not isinstance(token, str):
        raise ApiError(400, "malformed", "the token must be a string")
    table = await lobby.table(table_id)
    seat = lobby.seat_of(table, token)
    if sub.table is not None:
        sub.table.subscribers.discard(sub)
    # Snapshot and subscribe under the table's lock, with no await between: no update can
    # fall in the gap, and no action is seen before it is stored.
    async with table.lock:
        sub.table, sub.seat = table, seat
        sub.send(dumps(table.snapshot(seat)))
        table.subscribers.add(sub)


async def _action(lobby: Lobby, sub: Subscriber, data: dict[str, Any]) -> int:
    if sub.table is None:
        raise ApiError(401, "no_token", "say hello with your token first")
    if sub.seat is None:
        raise ApiError(403, "not_a_seat", "spectators watch; join a seat to play")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ApiError(400, "malformed", "an action message needs the version it acts on")
    return await lobby.act(sub.table, sub.seat, data.get("action"), version)
