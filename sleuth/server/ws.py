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
from pydantic import ValidationError
from starlette.websockets import WebSocketState

from sleuth.server.errors import MAX_MESSAGE, ApiError, describe_problems, error_message
from sleuth.server.limits import Bucket, RateLimiter, client_key, too_many
from sleuth.server.lobby import Lobby, Subscriber, dumps, off_loop
from sleuth.server.messages import (
    CLIENT_MESSAGES,
    ActionMessage,
    ChatMessage,
    Hello,
    UndoMessage,
    request_id,
)

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
            except (ValueError, RecursionError):  # RecursionError: nested past Python's stack
                sub.send(_error(None, ApiError(400, "malformed", "a message must be JSON")))
                continue
            if not isinstance(data, dict):
                sub.send(_error(None, ApiError(400, "malformed", "a message must be an object")))
                continue
            if await _handle(websocket, lobby, table_id, sub, data) == "close":
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


def _echoed_id(data: dict[str, Any]) -> int | str | None:
    """The message's `id` to echo in its answer, if it is a valid one (else None)."""
    try:
        return request_id.validate_python(data.get("id"))
    except ValidationError:
        return None


async def _handle(
    websocket: WebSocket, lobby: Lobby, table_id: str, sub: Subscriber, data: dict[str, Any]
) -> str:
    """Answer one message; "close" ends the connection (after a refused hello)."""
    echo = _echoed_id(data)
    try:
        kind = data.get("type")
        model = CLIENT_MESSAGES.get(kind) if isinstance(kind, str) else None
        if model is None:
            raise ApiError(400, "malformed", "the type must be hello, action, undo, chat or ping")
        try:
            message = model.model_validate(data)
        except ValidationError as err:
            raise ApiError(400, "malformed", describe_problems(err.errors())) from None
        if isinstance(message, Hello):
            await _hello(websocket, lobby, table_id, sub, message)
        elif isinstance(message, ActionMessage):
            version = await _action(websocket, lobby, sub, message)
            sub.send(dumps({"type": "ack", "id": message.id, "version": version}))
        elif isinstance(message, UndoMessage):
            version = await _undo(websocket, lobby, sub, message)
            sub.send(dumps({"type": "ack", "id": message.id, "version": version}))
        elif isinstance(message, ChatMessage):
            line = await _chat(websocket, lobby, sub, message)
            sub.send(dumps({"type": "ack", "id": message.id, "chat": line}))
        else:
            sub.send(dumps({"type": "pong", "id": message.id}))
    except ApiError as err:
        sub.send(_error(echo, err))
        return "close" if data.get("type") == "hello" else "ok"
    return "ok"


async def _hello(
    websocket: WebSocket, lobby: Lobby, table_id: str, sub: Subscriber, message: Hello
) -> None:
    try:
        table = await lobby.table(table_id)
    except ApiError as err:
        if err.code == "not_found":  # a lookup that cost a database read
            _limiter(websocket).spend("misses", client_key(websocket.scope))
        raise
    websocket.app.state.sweeper.touch(table_id)
    seat = lobby.seat_of(table, message.token)
    if sub.table is not None:
        sub.table.subscribers.discard(sub)
    # Snapshot and subscribe under the table's lock: no update can fall in the gap, and
    # no action is seen before it is stored. A big game's snapshot takes a while to
    # make, so a worker thread makes it (the lock keeps the state still meanwhile).
    async with table.lock:
        text = await off_loop(table.snapshot_text, seat)
        sub.table, sub.seat = table, seat
        sub.send(text)
        table.subscribers.add(sub)


def _limiter(websocket: WebSocket) -> RateLimiter:
    limiter: RateLimiter = websocket.app.state.limiter
    return limiter


async def _action(
    websocket: WebSocket, lobby: Lobby, sub: Subscriber, message: ActionMessage
) -> int:
    if sub.table is None:
        raise ApiError(401, "no_token", "say hello with your token first")
    if sub.seat is None:
        raise ApiError(403, "not_a_seat", "spectators watch; join a seat to play")
    _limiter(websocket).take("actions", client_key(websocket.scope))  # as an HTTP action does
    return await lobby.act(sub.table, sub.seat, message.action, message.version)


async def _undo(websocket: WebSocket, lobby: Lobby, sub: Subscriber, message: UndoMessage) -> int:
    if sub.table is None:
        raise ApiError(401, "no_token", "say hello with your token first")
    if sub.seat is None:
        raise ApiError(403, "not_a_seat", "spectators watch; join a seat to play")
    _limiter(websocket).take("actions", client_key(websocket.scope))
    return await lobby.undo(sub.table, sub.seat, message.version)


async def _chat(websocket: WebSocket, lobby: Lobby, sub: Subscriber, message: ChatMessage) -> int:
    """Write a chat line; its own socket's bucket limits how fast (docs/server.md)."""
    if sub.table is None:
        raise ApiError(401, "no_token", "say hello first")
    limiter = _limiter(websocket)
    if limiter.limits.enabled:
        if sub.chat_bucket is None:
            sub.chat_bucket = Bucket(limiter.limits.chat, limiter.clock())
        wait = sub.chat_bucket.take(limiter.clock())
        if wait:
            raise too_many("chat", wait)
    line = await lobby.say(sub.table, sub.seat, message.text)
    return line.id
