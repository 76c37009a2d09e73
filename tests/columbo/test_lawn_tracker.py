"""Columbo's lawn tracker (sleuth/games/columbo/companion): an open board of numbered places
that never remembers a face-down card for anyone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from sleuth.core.companion import Refused
from sleuth.games.columbo.companion.device import LawnTracker
from sleuth.server.app import create_app
from sleuth.server.companions import events_table

BASE = "/api/companions/columbo/sessions"


def test_one_card_a_place_each_keeping_its_own_place() -> None:
    """CO-LAWN-01: never a card on top of another; CO-LAWN-02: each lawn card keeps its own
    place, counted here from 1."""
    lawn = LawnTracker({"players": 3, "places": 10})
    lawn.apply(0, {"type": "lay", "place": 1})
    lawn.apply(1, {"type": "lay", "place": 10})
    before = lawn.view(None)
    with pytest.raises(Refused, match="already holds"):
        lawn.apply(2, {"type": "lay", "place": 1})
    for bad in ({"type": "lay", "place": 0}, {"type": "lay", "place": 11},
                {"type": "lay", "place": "1"}, {"type": "show", "place": 2, "card": "Ace"},
                {"type": "lay"}):  # fmt: skip
        with pytest.raises(Refused):
            lawn.apply(2, bad)
    with pytest.raises(Refused, match="empty"):
        lawn.apply(2, {"type": "pick", "place": 5})
    assert lawn.view(None) == before
    lawn.apply(2, {"type": "pick", "place": 1})
    faces = [p["face"] for p in lawn.view(2)["places"]]
    assert faces == [None] * 9 + ["down"]


def test_a_face_up_card_is_named_and_forgotten_once_turned_down() -> None:
    lawn = LawnTracker({"players": 2, "places": 6})
    lawn.apply(0, {"type": "show", "place": 2, "card": "Jealousy"})
    assert lawn.view(1)["places"][1] == {"place": 2, "face": "up", "card": "Jealousy"}
    lawn.apply(1, {"type": "hide", "place": 2})
    assert lawn.view(0)["places"][1] == {"place": 2, "face": "down", "card": None}
    assert lawn.view(0) == lawn.view(1) == lawn.view(None)  # open: the same for all


def test_a_face_down_card_is_never_stored(tmp_path: Path) -> None:
    """Nothing about a face-down card but its place reaches the database or any answer."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'sleuth.sqlite3'}")) as client:
        sid = client.post(BASE, json={"players": 2}).json()["id"]
        token = client.post(f"{BASE}/{sid}/seats", json={"seat": 0, "name": "Ann"}).json()["token"]
        headers = {"Authorization": f"Bearer {token}"}
        laid = client.post(f"{BASE}/{sid}/actions", json={"action": {"type": "lay", "place": 4}},
                           headers=headers)  # fmt: skip
        assert laid.status_code == 200 and laid.json()["result"] == {"type": "lay", "place": 4}
        named = client.post(f"{BASE}/{sid}/actions",
                            json={"action": {"type": "lay", "place": 5, "card": "Jealousy"}},
                            headers=headers)  # fmt: skip
        assert named.status_code == 400  # a face-down card cannot even be told to it
        engine = client.app.state.companion_stores["columbo"].engine  # type: ignore[attr-defined]
        with engine.connect() as db:
            bodies = [json.loads(b) for b in db.execute(select(events_table.c.body)).scalars()]
        assert bodies[-1] == {"type": "lay", "place": 4}
        assert client.get(f"{BASE}/{sid}").json()["view"]["places"][3]["card"] is None
        assert client.post(BASE, json={"players": 2, "places": 61}).status_code == 400
