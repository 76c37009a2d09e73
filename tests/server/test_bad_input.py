"""Every kind of bad input gets a clear JSON error, and nothing changes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import INVITES, bearer, join, live, new_table, stored_actions, view


@pytest.fixture
def table(client: TestClient) -> dict[str, Any]:
    """A started 3-human table, one action in, with every token."""
    created = new_table(client, [{"kind": "human"}] * 3)
    tid = created["id"]
    tokens = [join(client, tid, seat=n) for n in range(3)]
    mover = live(client, tid).state.to_move
    assert mover is not None
    v = view(client, tid, tokens[mover])
    r = client.post(f"/api/tables/{tid}/actions", json={"action": v["legal"][0], "version": 0},
                    headers=bearer(tokens[mover]))  # fmt: skip
    assert r.status_code == 200
    mover = live(client, tid).state.to_move
    assert mover is not None
    return {"id": tid, "owner": created["owner_token"], "tokens": tokens, "mover": mover}


def fingerprint(client: TestClient, db_file: Path, tid: str) -> Any:
    t = live(client, tid)
    return (
        t.version,
        len(t.state.log),
        stored_actions(db_file, tid),
        client.get(f"/api/tables/{tid}").json(),
        [json.dumps(t.state.view(s), sort_keys=True) for s in (None, *range(t.players))],
    )


def _bad_requests(t: dict[str, Any]) -> list[tuple[str, dict[str, Any], int, str]]:
    """(description, request kwargs, status, error code)."""
    tid, mover, tokens = t["id"], t["mover"], t["tokens"]
    me, other = bearer(tokens[mover]), bearer(tokens[(mover + 1) % 3])
    url = f"/api/tables/{tid}/actions"
    good = {"action": {"kind": "roll"}, "version": 1}
    return [
        ("malformed JSON", {"url": url, "content": b'{"action": ', "headers": {
            **me, "content-type": "application/json"}}, 400, "malformed"),
        ("a JSON list", {"url": url, "json": [1, 2], "headers": me}, 400, "malformed"),
        ("no version", {"url": url, "json": {"action": {"kind": "roll"}}, "headers": me},
         400, "malformed"),
        ("version as a string", {"url": url, "json": {**good, "version": "1"}, "headers": me},
         400, "malformed"),
        ("an unknown field", {"url": url, "json": {**good, "extra": 1}, "headers": me},
         400, "malformed"),
        ("action not an object", {"url": url, "json": {**good, "action": "roll"}, "headers": me},
         400, "malformed"),
        ("action without kind", {"url": url, "json": {**good, "action": {"to": 1}},
         "headers": me}, 400, "malformed"),
        ("an unknown action", {"url": url, "json": {**good, "action": {"kind": "fly"}},
         "headers": me}, 400, "illegal"),
        ("a nested object", {"url": url, "json": {**good, "action": {"kind": "move",
         "to": {"x": 1}}}, "headers": me}, 400, "malformed"),
        ("an action out of phase", {"url": url, "json": {**good, "action": {"kind": "end_turn"}},
         "headers": me}, 400, "illegal"),
        ("out of turn", {"url": url, "json": good, "headers": other}, 403, "not_your_turn"),
        ("someone else's seat", {"url": url, "json": {**good, "seat": mover}, "headers": other},
         403, "not_your_seat"),
        ("the owner token", {"url": url, "json": good, "headers": bearer(t["owner"])},
         403, "not_a_seat"),
        ("no token", {"url": url, "json": good}, 401, "no_token"),
        ("a wrong token", {"url": url, "json": good, "headers": bearer("x" * 43)},
         401, "bad_token"),
        ("another scheme", {"url": url, "json": good,
         "headers": {"Authorization": f"Basic {tokens[mover]}"}}, 401, "no_token"),
        ("a stale version", {"url": url, "json": {**good, "version": 0}, "headers": me},
         409, "stale_version"),
        ("a future version", {"url": url, "json": {**good, "version": 9}, "headers": me},
         409, "stale_version"),
        ("a negative version", {"url": url, "json": {**good, "version": -1}, "headers": me},
         400, "malformed"),
        ("over 64 KiB", {"url": url, "content": b'{"action": {"kind": "roll", "pad": "'
         + b"x" * 70_000 + b'"}, "version": 1}', "headers": {**me,
         "content-type": "application/json"}}, 413, "too_large"),
        ("over 64 KiB, chunked", {"url": url, "content": iter([b"x" * 40_000] * 2),
         "headers": me}, 413, "too_large"),
        ("an unknown table", {"url": "/api/tables/nope/actions", "json": good, "headers": me},
         404, "not_found"),
        ("join a taken seat", {"url": f"/api/tables/{tid}/join",
         "json": {"seat": 0, "invite": INVITES[tid][0]}}, 409, "seat_taken"),
        ("join with a bad seat", {"url": f"/api/tables/{tid}/join", "json": {"seat": "0"}},
         400, "malformed"),
        ("bot without a token", {"url": f"/api/tables/{tid}/seats/0/bot", "json": {}},
         401, "no_token"),
        ("bot by another player", {"url": f"/api/tables/{tid}/seats/{mover}/bot", "json": {},
         "headers": other}, 403, "not_owner"),
        ("bot in no seat", {"url": f"/api/tables/{tid}/seats/9/bot", "json": {},
         "headers": bearer(t["owner"])}, 404, "no_such_seat"),
        ("bot of no level", {"url": f"/api/tables/{tid}/seats/0/bot", "json": {"level": "x"},
         "headers": bearer(t["owner"])}, 400, "bad_level"),
    ]  # fmt: skip


def test_bad_input_changes_nothing(
    client: TestClient, db_file: Path, table: dict[str, Any]
) -> None:
    before = fingerprint(client, db_file, table["id"])
    for what, request, status, code in _bad_requests(table):
        r = client.post(**request)
        assert r.status_code == status, (what, r.text)
        body = r.json()
        assert body["error"] == code, (what, body)
        assert isinstance(body["message"], str) and body["message"], what
        assert fingerprint(client, db_file, table["id"]) == before, what


def test_bad_views_change_nothing(client: TestClient, db_file: Path, table: dict[str, Any]) -> None:
    before = fingerprint(client, db_file, table["id"])
    r = client.get(f"/api/tables/{table['id']}/view", headers=bearer("nonsense"))
    assert r.status_code == 401 and r.json()["error"] == "bad_token"
    assert client.get("/api/tables/nope/view").status_code == 404
    assert client.get("/api/nothing-here").json()["error"] == "not_found"
    assert fingerprint(client, db_file, table["id"]) == before


def test_a_token_of_another_table_is_unknown(client: TestClient, table: dict[str, Any]) -> None:
    other = new_table(client, [{"kind": "human"}] * 2, players=2)["id"]
    r = client.get(f"/api/tables/{other}/view", headers=bearer(table["tokens"][0]))
    assert r.status_code == 401


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"game": "chess", "players": 2}, "unknown_game"),
        ({"game": "stop-thief", "players": 99}, "malformed"),
        ({"game": "stop-thief", "players": 9}, "bad_table"),
        ({"game": "stop-thief", "players": 1}, "bad_table"),
        ({"game": "stop-thief", "players": 2, "options": {"colour": "red"}}, "bad_table"),
        ({"game": "stop-thief", "players": 2, "options": {"win_amount": 5}}, "bad_table"),
        ({"game": "stop-thief", "players": 3, "seats": [{"kind": "human"}]}, "bad_table"),
        ({"game": "stop-thief", "players": 2, "seats": [{"kind": "bot", "level": "god"}] * 2},
         "bad_table"),
        ({"game": "stop-thief", "players": 2, "seats": [{"kind": "alien"}] * 2}, "malformed"),
        ({"game": "stop-thief", "players": 2, "seed": -1}, "malformed"),
        ({"game": "stop-thief", "players": 2, "turn_seconds": 0}, "malformed"),
        ({"game": "stop-thief", "players": True}, "malformed"),
        ({"game": "stop-thief", "players": 2, "seats": [{"name": ""}] * 2}, "malformed"),
    ],
)  # fmt: skip
def test_bad_tables_are_refused(client: TestClient, body: dict[str, Any], code: str) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400, r.text
    assert r.json()["error"] == code
    assert client.get("/api/tables").json() == []
