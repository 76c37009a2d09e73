"""A finished game brought in from a file is watched in the replay viewer (issue 14).

A terminal save and a tournament's results hold each game's record; POST /api/replays
replays it through the engine and stores it as a finished table, so its replay is served
like any other and lasts across a restart. A record that does not replay, or a game not
yet over, is refused with the reason and stores nothing.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from sleuth.lab.results import load, save
from sleuth.lab.tournament import Tournament, run
from sleuth.server.app import create_app
from tests.finished_games import GAMES, played
from tests.server.conftest import db_url


def tables_stored(db_file: Path) -> int:
    with sqlite3.connect(db_file) as db:
        count: int = db.execute("SELECT count(*) FROM tables").fetchone()[0]
        return count


def bring_in(client: TestClient, record: dict[str, Any]) -> dict[str, Any]:
    r = client.post("/api/replays", json={"record": record})
    assert r.status_code == 201, r.text
    answer: dict[str, Any] = r.json()
    return answer


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_finished_games_record_becomes_a_replay_that_lasts(
    client: TestClient, db_file: Path, game: str
) -> None:
    state = played(game)
    record = state.record().to_json()
    answer = bring_in(client, record)
    table = answer["id"]
    assert answer["url"] == f"/t/{table}/replay"
    assert answer["actions"] == len(state.history)
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["status"] == "finished"
    full = client.get(f"/api/tables/{table}/replay").json()
    assert full["record"]["actions"] == record["actions"]
    last = client.get(f"/api/tables/{table}/replay", params={"step": len(state.history)})
    assert last.status_code == 200, last.text
    # Nobody can take a seat or act at it: it is over.
    assert client.post(f"/api/tables/{table}/join", json={}).status_code == 409
    # A restarted server reads it back from storage.
    with TestClient(create_app(db_url(db_file), bot_delay=0)) as again:
        replayed = again.get(f"/api/tables/{table}/replay").json()
        assert replayed["record"] == full["record"]


def test_a_tournaments_results_file_gives_records_the_viewer_takes(
    client: TestClient, tmp_path: Path
) -> None:
    results = run(Tournament("kojak", ("random", "expert"), games=2), workers=1)
    path = tmp_path / "results.csv"
    save(results, path)
    for row in load(path):  # a record taken out of the file
        answer = bring_in(client, row.record)
        assert client.get(f"/api/tables/{answer['id']}").json()["status"] == "finished"
    text = path.read_text(encoding="utf-8")  # or the file itself, and a game's number
    r = client.post("/api/replays", json={"results": text, "number": results[1].number})
    assert r.status_code == 201, r.text
    full = client.get(f"/api/tables/{r.json()['id']}/replay").json()
    assert full["record"]["actions"] == results[1].record["actions"]
    r = client.post("/api/replays", json={"results": text, "number": 7})
    assert r.status_code == 400 and r.json()["error"] == "no_such_game", r.text
    r = client.post("/api/replays", json={"results": "a,b\n1,2\n", "number": 0})
    assert r.status_code == 400 and "not a tournament file" in r.json()["message"], r.text
    for body in ({"results": text}, {}, {"results": text, "number": 0, "record": row.record}):
        r = client.post("/api/replays", json=body)
        assert r.status_code == 400 and r.json()["error"] == "malformed", (body, r.text)


def test_a_record_that_does_not_replay_is_refused_and_nothing_is_stored(
    client: TestClient, db_file: Path
) -> None:
    state = played("stop-thief")
    before = tables_stored(db_file)
    record = state.record().to_json()
    broken = dict(record, actions=[*record["actions"][:5], {"kind": "arrest", "space": 999}])
    r = client.post("/api/replays", json={"record": broken})
    assert r.status_code == 400 and r.json()["error"] == "bad_record", r.text
    assert "action 5" in r.json()["message"]
    unfinished = dict(record, actions=record["actions"][:-1])
    r = client.post("/api/replays", json={"record": unfinished})
    assert r.status_code == 400 and r.json()["error"] == "not_over", r.text
    assert "sleuth play --resume" in r.json()["message"]
    for bad in (
        dict(record, game="chess"),
        dict(record, players=9),
        dict(record, seed=-1),
        dict(record, options={"no_such_option": 1}),
        {**record, "extra": 1},
    ):
        r = client.post("/api/replays", json={"record": bad})
        assert r.status_code == 400, (bad, r.text)
        assert r.json()["error"] in ("bad_record", "malformed"), r.text
    assert tables_stored(db_file) == before


def test_a_long_record_may_be_larger_than_other_messages(client: TestClient) -> None:
    """Other bodies stop at 64 KiB; a record may run past that (a long game)."""
    padding = [{"kind": "clue"}] * 8_000  # about 130 KiB, refused as a record, not as a size
    r = client.post(
        "/api/replays",
        json={"record": {"game": "stop-thief", "players": 2, "seed": 1, "actions": padding}},
    )
    assert r.status_code == 400 and r.json()["error"] == "bad_record", r.text
    big = client.post("/api/tables", json={"game": "stop-thief", "players": 2, "x": "a" * 70_000})
    assert big.status_code == 413
