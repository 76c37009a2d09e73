"""No table stalls another: slow bots, restores and snapshots run in worker threads.

Each test makes one piece of slow work take half a second in its thread (a sleep,
which is what a thinking bot or a long replay is to the event loop) and, while it
is still under way, asks another table's socket for a ping. The pong must come
back before the slow work has ended: on the event loop, it could not.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from sleuth.core import Action, GameState
from sleuth.server import lobby as lobby_module
from sleuth.server.lobby import LiveTable
from tests.server.conftest import bearer, join, live, lobby_of, new_table, receive, wait_until

SLOW = 0.5  # seconds the slow work takes
QUICK = 0.25  # a pong within this, while the slow work goes on, shows nothing waited for it


class Slow:
    """Half a second of work in whatever thread calls it, and when it started and ended."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.ended = threading.Event()

    def __call__(self) -> None:
        self.started.set()
        time.sleep(SLOW)
        self.ended.set()


class SlowBot:
    def __init__(self, slow: Slow) -> None:
        self.slow = slow

    def choose(self, state: GameState, seat: int) -> Action:
        self.slow()
        return state.legal_actions()[0]


@pytest.fixture
def other(client: TestClient) -> Iterator[WebSocketTestSession]:
    """A socket watching another table, to ping while the slow work goes on."""
    tid = new_table(client, [{"kind": "human"}] * 2, players=2)["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello"})
        assert receive(ws)["type"] == "snapshot"
        yield ws


def _ping_during(slow: Slow, ws: WebSocketTestSession, start: Callable[[], Any]) -> None:
    """Start the slow work (in a thread of the test's own), ping while it runs, check both."""
    done: list[Any] = []
    runner = threading.Thread(target=lambda: done.append(start()), daemon=True)
    runner.start()
    assert slow.started.wait(10), "the slow work never started"
    sent = time.monotonic()
    ws.send_json({"type": "ping", "id": 1})
    assert receive(ws) == {"type": "pong", "id": 1}
    took = time.monotonic() - sent
    assert not slow.ended.is_set(), "the pong waited for the slow work"
    assert took < QUICK
    runner.join(10)
    assert done, "the slow work did not finish"


def test_a_slow_bot_does_not_block_another_table(
    client: TestClient, other: WebSocketTestSession
) -> None:
    created = new_table(client, [{"kind": "human"}] * 2, players=2)
    tid = created["id"]
    for seat in range(2):
        join(client, tid, seat=seat)
    table = live(client, tid)
    slow = Slow()
    for seat in range(2):  # the bots the driver would make: slow ones instead
        table.bots[(seat, "random")] = SlowBot(slow)

    def bots_take_over() -> None:
        for seat in range(2):
            r = client.post(f"/api/tables/{tid}/seats/{seat}/bot", json={"level": "random"},
                            headers=bearer(created["owner_token"]))  # fmt: skip
            assert r.status_code == 200, r.text

    _ping_during(slow, other, bots_take_over)
    wait_until(lambda: table.version > 0, what="the slow bot's move")


def test_a_big_restore_does_not_block_another_table(
    client: TestClient, other: WebSocketTestSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid = new_table(client, [{"kind": "bot"}] * 2, players=2)["id"]
    table = live(client, tid)
    wait_until(lambda: table.status == "finished", what="the bots to finish")
    del lobby_of(client).tables[tid]  # as the sweeper leaves an idle finished table
    slow = Slow()
    narrate = LiveTable.narrate

    def slow_narrate(self: LiveTable) -> None:  # the words for thousands of past events
        slow()
        narrate(self)

    monkeypatch.setattr(LiveTable, "narrate", slow_narrate)
    _ping_during(slow, other, lambda: client.get(f"/api/tables/{tid}").json())
    assert lobby_of(client).tables[tid].version == table.version


def test_a_slow_replay_on_restore_does_not_block_another_table(
    client: TestClient, other: WebSocketTestSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid = new_table(client, [{"kind": "bot"}] * 2, players=2)["id"]
    table = live(client, tid)
    wait_until(lambda: table.status == "finished", what="the bots to finish")
    del lobby_of(client).tables[tid]
    slow = Slow()
    replay = lobby_module._replay_as_far_as_possible

    def slow_replay(*args: Any) -> Any:
        slow()
        return replay(*args)

    monkeypatch.setattr(lobby_module, "_replay_as_far_as_possible", slow_replay)
    _ping_during(slow, other, lambda: client.get(f"/api/tables/{tid}").json())


def test_a_big_snapshot_does_not_block_another_table(
    client: TestClient, other: WebSocketTestSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid = new_table(client, [{"kind": "human"}] * 2, players=2)["id"]
    slow = Slow()
    snapshot = LiveTable.snapshot

    def slow_snapshot(
        self: LiveTable, seat: int | None, undone: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        slow()
        return snapshot(self, seat, undone)

    monkeypatch.setattr(LiveTable, "snapshot", slow_snapshot)

    def hello() -> dict[str, Any]:
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            ws.send_json({"type": "hello"})
            return receive(ws)

    _ping_during(slow, other, hello)


def test_a_slow_view_does_not_block_another_table(
    client: TestClient, other: WebSocketTestSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`GET .../view` makes and encodes the view in a worker thread."""
    tid = new_table(client, [{"kind": "human"}] * 2, players=2)["id"]
    token = join(client, tid, seat=0)
    slow = Slow()
    seat_view = LiveTable.seat_view

    def slow_view(self: LiveTable, seat: int | None) -> dict[str, Any]:
        slow()
        return seat_view(self, seat)

    monkeypatch.setattr(LiveTable, "seat_view", slow_view)

    def get_view() -> dict[str, Any]:
        r = client.get(f"/api/tables/{tid}/view", headers=bearer(token))
        assert r.status_code == 200 and r.headers["content-type"] == "application/json"
        answer: dict[str, Any] = r.json()
        assert answer["seat"] == 0 and answer["view"]["seat"] == 0
        return answer

    _ping_during(slow, other, get_view)


class Crowd:
    """Slow bots that note how many of them think at once, and in which threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.now = self.most = self.calls = 0
        self.threads: set[str] = set()
        self.full = threading.Event()  # as many think at once as the pool allows

    def choose(self, state: GameState, seat: int) -> Action:
        with self.lock:
            self.now += 1
            self.calls += 1
            self.most = max(self.most, self.now)
            self.threads.add(threading.current_thread().name)
            if self.now >= lobby_module.BOT_THREADS:
                self.full.set()
        time.sleep(SLOW / 2)
        with self.lock:
            self.now -= 1
        return state.legal_actions()[0]


def test_bots_think_in_a_bounded_pool_of_their_own(
    client: TestClient, other: WebSocketTestSession
) -> None:
    """Four bot tables at once: at most `BOT_THREADS` bots think at a time, in the bots' own
    threads, and while they fill them a view of another table is answered at once."""
    crowd = Crowd()
    lobby = lobby_of(client)
    tables = []
    for _ in range(4):
        created = new_table(client, [{"kind": "human"}] * 2, players=2)
        for seat in range(2):
            join(client, created["id"], seat=seat)
        table = live(client, created["id"])
        for seat in range(2):
            table.bots[(seat, "random")] = crowd  # type: ignore[assignment]
        tables.append((created, table))
    watched = new_table(client, [{"kind": "human"}] * 2, players=2)["id"]
    for created, _ in tables:
        for seat in range(2):
            owner = bearer(created["owner_token"])
            r = client.post(f"/api/tables/{created['id']}/seats/{seat}/bot",
                            json={"level": "random"}, headers=owner)  # fmt: skip
            assert r.status_code == 200, r.text
    assert crowd.full.wait(10), "the bots never filled their pool"
    sent = time.monotonic()
    assert client.get(f"/api/tables/{watched}/view").status_code == 200
    other.send_json({"type": "ping", "id": 2})
    assert receive(other) == {"type": "pong", "id": 2}
    assert time.monotonic() - sent < QUICK
    wait_until(lambda: crowd.calls >= 8, what="more bot moves")
    assert crowd.most == lobby_module.BOT_THREADS == lobby.bot_threads
    assert crowd.threads and all(name.startswith("sleuth-bot") for name in crowd.threads)
