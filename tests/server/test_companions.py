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


def test_the_host_reissues_a_lost_seat_and_the_old_token_stops_working(
    client: TestClient, tmp_path: Path
) -> None:
    """A phone that lost its storage gets its seat back through the host: a new token, the
    old one void, nothing of the seat's secrets to anyone else; a restart keeps it so."""
    made = client.post(BASE, json={"game": 1, "players": 2}).json()
    sid, host = made["id"], made["host_token"]
    assert "host_token" not in client.get(f"{BASE}/{sid}").json()
    old = client.post(f"{BASE}/{sid}/seats", json={"seat": 0, "name": "Ann"}).json()["token"]
    other = client.post(f"{BASE}/{sid}/seats", json={"seat": 1, "name": "Bob"}).json()["token"]
    took = client.post(f"{BASE}/{sid}/actions",
                       json={"action": {"type": "take", "building": "bus"}},
                       headers={"Authorization": f"Bearer {old}"})  # fmt: skip
    assert took.status_code == 200

    url = f"{BASE}/{sid}/seats/0/reissue"
    assert client.post(url).json()["error"] == "no_token"
    for wrong in (old, other, "made-up"):  # a seat's token is not the host's
        refused = client.post(url, headers={"Authorization": f"Bearer {wrong}"})
        assert refused.status_code == 403 and refused.json()["error"] == "not_host"
    version = client.get(f"{BASE}/{sid}").json()["version"]
    nowhere = client.post(f"{BASE}/{sid}/seats/5/reissue",
                          headers={"Authorization": f"Bearer {host}"})  # fmt: skip
    assert nowhere.status_code == 404
    assert client.get(f"{BASE}/{sid}").json()["version"] == version  # refusals change nothing

    fresh = client.post(url, headers={"Authorization": f"Bearer {host}"})
    assert fresh.status_code == 201 and fresh.json()["name"] == "Ann"
    new = fresh.json()["token"]
    assert new not in (old, host)
    gone = client.get(f"{BASE}/{sid}", headers={"Authorization": f"Bearer {old}"})
    assert gone.status_code == 403
    mine = client.get(f"{BASE}/{sid}", headers={"Authorization": f"Bearer {new}"}).json()
    assert mine["seat"] == 0 and mine["view"]["mine"]["clues"][0]["code"] == "B"
    assert (
        client.get(f"{BASE}/{sid}", headers={"Authorization": f"Bearer {host}"}).status_code == 403
    )

    with TestClient(create_app(f"sqlite:///{tmp_path / 'sleuth.sqlite3'}")) as restarted:
        again = restarted.get(f"{BASE}/{sid}", headers={"Authorization": f"Bearer {new}"})
        assert again.json()["seat"] == 0
        old_again = restarted.get(f"{BASE}/{sid}", headers={"Authorization": f"Bearer {old}"})
        assert old_again.status_code == 403
