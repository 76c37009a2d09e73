"""Slow and greedy clients: a deadline for headers and bodies, a cap on connections per client."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn
from starlette.types import Message, Receive, Scope, Send

from sleuth.server.errors import BodyLimit
from sleuth.server.protocol import guarded_protocol
from tests.serve_process import free_port


async def hello_app(scope: Scope, receive: Receive, send: Send) -> None:
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"hello"})


@pytest.fixture
def served() -> Iterator[str]:
    """A tiny app behind the guarded protocol: headers within 0.5 s, 3 connections a client."""
    port = free_port()
    config = uvicorn.Config(
        hello_app,
        host="127.0.0.1",
        port=port,
        http=guarded_protocol(header_seconds=0.5, per_client=3),
        log_level="warning",
        lifespan="off",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    yield f"127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


def _connect(address: str) -> socket.socket:
    host, port = address.split(":")
    return socket.create_connection((host, int(port)), timeout=5)


def _closed_within(sock: socket.socket, seconds: float) -> bool:
    """Whether the server closes `sock` (reads EOF or a reset) within `seconds`."""
    sock.settimeout(seconds)
    try:
        while sock.recv(1024):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True
    return True


def test_unfinished_headers_are_cut_off(served: str) -> None:
    slow = _connect(served)
    started = time.monotonic()
    slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    for _ in range(3):  # dribbling bytes resets no deadline
        time.sleep(0.1)
        slow.sendall(b"X-A: b\r\n")
    assert _closed_within(slow, 3.0)
    assert time.monotonic() - started < 2.5
    silent = _connect(served)
    assert _closed_within(silent, 3.0)  # a connection that never says anything too
    # A whole request is answered, and a kept-alive one gets a new deadline for the next.
    with httpx.Client(base_url=f"http://{served}") as http:
        assert http.get("/").text == "hello"
        time.sleep(0.2)
        assert http.get("/").text == "hello"


def test_one_client_holds_a_few_connections_at_most(served: str) -> None:
    held = [_connect(served) for _ in range(3)]
    extra = _connect(served)
    assert _closed_within(extra, 2.0)
    for sock in held:
        sock.close()
    time.sleep(0.1)
    with httpx.Client(base_url=f"http://{served}") as http:
        assert http.get("/").text == "hello"


def test_a_slow_body_is_refused() -> None:
    sent: list[Message] = []

    async def never_reached(scope: Scope, receive: Receive, send: Send) -> None:
        raise AssertionError("the app must not see a body that never came")

    async def trickle() -> Message:
        await asyncio.sleep(1.0)
        return {"type": "http.request", "body": b"x", "more_body": True}

    async def send(message: Message) -> None:
        sent.append(message)

    guard = BodyLimit(never_reached, seconds=0.2)
    scope: Scope = {"type": "http", "method": "POST", "headers": [], "path": "/api/tables"}
    asyncio.run(guard(scope, trickle, send))
    assert sent[0]["status"] == 408
    assert json.loads(sent[1]["body"])["error"] == "too_slow"


def test_sleuth_serve_cuts_off_unfinished_headers(tmp_path: Path) -> None:
    """The real `sleuth serve` uses the guarded protocol, with its --header-timeout and
    --connections-per-address."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "sleuth", "serve", "--port", str(port),
         "--db", str(tmp_path / "s.sqlite3"), "--header-timeout", "1",
         "--connections-per-address", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline and process.poll() is None, "no server"
                time.sleep(0.1)
        assert r.status_code == 200 and r.headers["x-frame-options"] == "DENY"
        held = [_connect(f"127.0.0.1:{port}") for _ in range(2)]
        extra = _connect(f"127.0.0.1:{port}")
        assert _closed_within(extra, 0.5)  # a third at once: closed long before the deadline
        for sock in held:
            sock.close()
        time.sleep(0.1)
        slow = _connect(f"127.0.0.1:{port}")
        slow.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        assert _closed_within(slow, 4.0)
        assert httpx.get(f"http://127.0.0.1:{port}/docs").status_code == 404
    finally:
        process.terminate()
        process.wait(10)
