"""Two processes on one database cannot both give away one seat (docs/server.md,
"Several processes"): a seat change is written only over the seats it was decided from.

Two apps on one SQLite file stand in for two processes that have not heard of each
other's change (the PostgreSQL test covers the notifications).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from sleuth.server.app import create_app
from sleuth.server.store import SeatsChanged, Store, TableRow
from tests.server.conftest import INVITES, db_url, live, new_table


def test_the_storage_writes_seats_only_over_the_version_they_came_from(tmp_path: Path) -> None:
    store = Store(db_url(tmp_path / "seats.sqlite3"))
    store.open()
    store.insert_table(TableRow("t1", "kojak", 2, 1, {}, [], "x" * 64, "open"))
    store.update_table("t1", seats=[{"kind": "human"}], seats_version=0)
    with pytest.raises(SeatsChanged):  # decided from the seats before that change
        store.update_table("t1", seats=[{"kind": "bot"}], seats_version=0)
    row = store.row_of("t1")
    assert row is not None and row.seats == [{"kind": "human"}] and row.seats_version == 1
    store.update_table("t1", status="playing")  # other changes need no version
    store.close()


def test_two_processes_taking_one_seat_give_it_to_one_person(db_file: Path) -> None:
    url = db_url(db_file)
    with (
        TestClient(create_app(url, bot_delay=0)) as a,
        TestClient(create_app(url, bot_delay=0)) as b,
    ):
        created = new_table(a, [{"kind": "human"}] * 2, players=2)
        tid, invite = created["id"], INVITES[created["id"]][1]
        assert b.get(f"/api/tables/{tid}").status_code == 200  # B holds the table too
        first = a.post(f"/api/tables/{tid}/join", json={"seat": 1, "invite": invite})
        assert first.status_code == 200, first.text
        late = b.post(f"/api/tables/{tid}/join", json={"seat": 1, "invite": invite})
        # B's write found the seats changed, read them again, and then saw the seat taken.
        assert late.status_code == 409 and late.json()["error"] == "seat_taken", late.text
        assert live(b, tid).seats == live(a, tid).seats


def test_a_stale_process_gives_a_free_seat_after_reading_the_seats_again(db_file: Path) -> None:
    """Another seat taken on A meanwhile does not stop a join on B: B decides again."""
    url = db_url(db_file)
    with (
        TestClient(create_app(url, bot_delay=0)) as a,
        TestClient(create_app(url, bot_delay=0)) as b,
    ):
        created = new_table(a, [{"kind": "human"}] * 2, players=2)
        tid, invites = created["id"], INVITES[created["id"]]
        assert b.get(f"/api/tables/{tid}").status_code == 200
        assert a.post(f"/api/tables/{tid}/join", json={"invite": invites[0]}).status_code == 200
        second = b.post(f"/api/tables/{tid}/join", json={"invite": invites[1]})
        assert second.status_code == 200, second.text
        assert [s.claimed for s in live(b, tid).seats] == [True, True]  # both, as stored
