"""The shared companion server (sleuth/server/companions.py), seen through Kojak's: the link
for other phones and its QR code, sessions kept per game, memory swept but never storage."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from sleuth.games.kojak.companion.api import SPEC
from sleuth.server.app import create_app
from sleuth.server.companions import CompanionStore

BASE = "/api/companions/kojak/sessions"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'sleuth.sqlite3'}")) as c:
        yield c


def test_the_share_link_names_the_network_address_when_there_is_one(client: TestClient) -> None:
    sid = client.post(BASE, json={"game": 4, "players": 2}).json()["id"]
    here = client.get(f"{BASE}/{sid}/share").json()["url"]
    assert here == f"http://testserver/companion/kojak?session={sid}"
    client.app.state.phone_url = "http://192.168.1.20:8000/"  # type: ignore[attr-defined]
    assert client.get(f"{BASE}/{sid}/share").json()["url"] == (
        f"http://192.168.1.20:8000/companion/kojak?session={sid}"
    )
    picture = client.get(f"{BASE}/{sid}/share", params={"picture": True})
    assert picture.status_code == 200 and picture.headers["content-type"] == "image/svg+xml"
    assert picture.text.startswith("<svg") and "path" in picture.text
    assert client.get(f"{BASE}/nothing/share").status_code == 404


def test_a_session_belongs_to_its_game(client: TestClient) -> None:
    sid = client.post(BASE, json={"game": 4, "players": 2}).json()["id"]
    assert client.get(f"/api/companions/manhunt/sessions/{sid}").status_code == 404
    assert client.get("/companion/kojak").headers["content-type"].startswith("text/html")


def test_idle_sessions_leave_memory_and_come_back_the_same(tmp_path: Path) -> None:
    now = [0.0]
    store = CompanionStore(SPEC, f"sqlite:///{tmp_path / 'c.sqlite3'}", 60.0, lambda: now[0])
    session = store.create({"game": 9, "players": 2, "version": "fast"})
    store.take_seat(session, 1, "Bo")
    store.act(session, 1, {"type": "take", "building": "hotel"})
    before = session.summary(1)
    now[0] = 61.0
    other = store.create({"game": 2, "players": 3, "version": "fast"})  # sweeps the idle one
    assert session.id not in store.cache and other.id in store.cache
    again = store.get(session.id)
    assert again is not None and again is not session and again.summary(1) == before


def test_two_processes_on_one_database_see_each_others_events(tmp_path: Path) -> None:
    from sleuth.server.companions import Conflict

    url = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    a, b = CompanionStore(SPEC, url), CompanionStore(SPEC, url)
    session = a.create({"game": 1, "players": 2, "version": "fast"})
    a.take_seat(session, 0, "Ann")
    seen = b.get(session.id)
    assert seen is not None and seen.version == 1
    a.act(session, 0, {"type": "take", "building": "bus"})
    fresh = b.get(session.id)  # B notices A's action and replays it
    assert fresh is not None and fresh is not seen and fresh.summary(0) == session.summary(0)
    with pytest.raises(Conflict):  # B acts on the stale copy it held: refused, nothing kept
        b.act(seen, 0, {"type": "take", "building": "hotel"})
    again = b.get(session.id)
    assert again is not None and again.version == 2
    assert again.summary(0)["view"]["players"][0]["taken"] == ["bus"]
