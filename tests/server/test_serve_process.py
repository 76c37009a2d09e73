"""The real `python -m sleuth serve`, killed with SIGKILL mid-game and started again."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import sleuth
from tests.serve_process import Server as ServerProcess
from tests.server.conftest import bearer


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    srv = ServerProcess(tmp_path / "sleuth.sqlite3")
    srv.start()
    yield srv
    srv.stop()


def _my_view(http: httpx.Client, tid: str, token: str, seat: int) -> dict[str, Any]:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        v: dict[str, Any] = http.get(f"/api/tables/{tid}/view", headers=bearer(token)).json()
        if v["to_move"] == seat or v["view"]["over"]:
            return v
        time.sleep(0.01)
    raise AssertionError("my turn never came")


def _act(http: httpx.Client, tid: str, token: str, v: dict[str, Any]) -> int:
    r = http.post(f"/api/tables/{tid}/actions", headers=bearer(token),
                  json={"action": v["legal"][0], "version": v["version"]})  # fmt: skip
    assert r.status_code == 200, r.text
    version: int = r.json()["version"]
    return version


def test_a_killed_server_resumes_every_accepted_action(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as http:
        seats = [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot", "level": "random"}]
        body = {"game": "stop-thief", "players": 3, "seed": 11, "seats": seats}
        r = http.post("/api/tables", json={**body, "options": {"win_amount": 1000}})
        assert r.status_code == 201
        tid = r.json()["id"]
        invite = r.json()["seats"][0]["invite"]
        token = http.post(f"/api/tables/{tid}/join", json={"invite": invite}).json()["token"]
        for _ in range(6):
            acked = _act(http, tid, token, _my_view(http, tid, token, 0))
        before = http.get(f"/api/tables/{tid}/view", headers=bearer(token)).json()
        # Kill it right after an acknowledged action, while the bots may be mid-move.
        server.kill()

    server.start()
    with httpx.Client(base_url=server.url, timeout=10) as http:
        first = http.get(f"/api/tables/{tid}/view", headers=bearer(token)).json()
        assert first["version"] >= before["version"] >= acked, "no accepted action is lost"
        for _ in range(500):
            v = _my_view(http, tid, token, 0)
            if v["view"]["over"]:
                break
            _act(http, tid, token, v)
        else:
            raise AssertionError("the game did not finish")
        replay = http.get(f"/api/tables/{tid}/replay").json()
    record = sleuth.Record.from_json(replay["record"])
    # The whole game, before and after the crash, replays from its record.
    assert sleuth.replay(record).view(None)["over"]
    assert sleuth.replay(record, upto=before["version"]).view(0) == before["view"]
    assert sleuth.replay(record, upto=first["version"]).view(0) == first["view"]
    assert len(record.actions) > first["version"] >= acked
