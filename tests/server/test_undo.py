"""Undo within a turn (docs/server.md, "Undo"): offered only where the table and the game allow
it, stored as one action row fewer, told to every seat, never a way to peek."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from sleuth.core import replay
from tests.server.conftest import (
    bearer,
    join,
    live,
    new_table,
    receive,
    stored_actions,
    view,
)
from tests.server.views import patched, without_legal


def _post(client: TestClient, tid: str, token: str, action: dict[str, Any], version: int) -> None:
    r = client.post(
        f"/api/tables/{tid}/actions",
        json={"action": action, "version": version},
        headers=bearer(token),
    )
    assert r.status_code == 200, r.text


def _to_the_move(client: TestClient, tid: str, token: str) -> dict[str, Any]:
    """Clue and roll for the seat to move (Stop Thief): it now has a move to make."""
    for kind in ("clue", "roll"):
        v = view(client, tid, token)
        _post(client, tid, token, {"kind": kind}, v["version"])
    return view(client, tid, token)


def _two_people(client: TestClient, **extra: Any) -> tuple[str, list[str], str]:
    created = new_table(client, [{"kind": "human"}] * 2, players=2, **extra)
    tid = created["id"]
    tokens = [join(client, tid, seat=n) for n in range(2)]
    return tid, tokens, created["owner_token"]


def test_a_move_is_taken_back_and_storage_forgets_it(client: TestClient, db_file: Path) -> None:
    tid, tokens, _ = _two_people(client, undo=True)
    mover = live(client, tid).state.to_move
    assert mover is not None
    token = tokens[mover]
    v = _to_the_move(client, tid, token)
    assert v["undo"] is False, "a roll is chance: never taken back"
    before = v["view"]
    move = next(
        a
        for a in v["legal"]
        if a["kind"] == "move" and a["to"] != before["detectives"][mover]["node"]
    )
    _post(client, tid, token, move, v["version"])
    after = view(client, tid, token)
    assert after["undo"] is True and after["version"] == 3
    other = view(client, tid, tokens[1 - mover])
    assert other["undo"] is False, "only the mover is offered the undo"

    r = client.post(f"/api/tables/{tid}/undo", json={"version": 3}, headers=bearer(token))
    assert r.status_code == 200, r.text
    assert r.json() == {"version": 2}
    again = view(client, tid, token)
    assert again["view"] == before and again["legal"] == v["legal"]
    assert [n for n, _s, _a in stored_actions(db_file, tid)] == [0, 1]
    state = live(client, tid).state
    assert replay(state.record()).view(mover) == state.view(mover)
    # The next action takes the freed number.
    _post(client, tid, token, move, 2)
    assert [n for n, _s, _a in stored_actions(db_file, tid)] == [0, 1, 2]


def test_refusals_say_why_and_change_nothing(client: TestClient, db_file: Path) -> None:
    tid, tokens, owner = _two_people(client)  # two people: undo is off unless asked for
    assert client.get(f"/api/tables/{tid}").json()["undo"] is False
    mover = live(client, tid).state.to_move
    assert mover is not None
    v = _to_the_move(client, tid, tokens[mover])
    move = next(a for a in v["legal"] if a["kind"] == "move")
    _post(client, tid, tokens[mover], move, v["version"])
    stored = stored_actions(db_file, tid)

    def refused(body: Any, token: str | None) -> tuple[int, str]:
        r = client.post(
            f"/api/tables/{tid}/undo", json=body, headers=bearer(token) if token else {}
        )
        return r.status_code, r.json()["error"]

    assert refused({"version": 3}, tokens[mover]) == (403, "undo_off")
    assert refused({"version": 3}, None) == (401, "no_token")
    assert refused({"version": 3}, owner) == (403, "not_a_seat")
    assert refused({"version": 3}, "not-a-token") == (401, "bad_token")
    assert refused({"version": "3"}, tokens[mover]) == (400, "malformed")
    assert refused({"version": 3, "extra": 1}, tokens[mover]) == (400, "malformed")
    assert stored_actions(db_file, tid) == stored


def test_nothing_to_take_back_and_stale_versions(client: TestClient, db_file: Path) -> None:
    tid, tokens, _ = _two_people(client, undo=True)
    mover = live(client, tid).state.to_move
    assert mover is not None
    v = _to_the_move(client, tid, tokens[mover])
    body = {"version": v["version"]}
    r = client.post(f"/api/tables/{tid}/undo", json=body, headers=bearer(tokens[mover]))
    assert r.status_code == 409 and r.json()["error"] == "cannot_undo"
    assert "chance" in r.json()["message"]
    move = next(a for a in v["legal"] if a["kind"] == "move")
    _post(client, tid, tokens[mover], move, v["version"])
    r = client.post(f"/api/tables/{tid}/undo", json=body, headers=bearer(tokens[mover]))
    assert r.status_code == 409 and r.json()["error"] == "stale_version"
    r = client.post(
        f"/api/tables/{tid}/undo", json={"version": 3}, headers=bearer(tokens[1 - mover])
    )
    assert r.status_code == 409 and r.json()["error"] == "cannot_undo"
    assert len(stored_actions(db_file, tid)) == 3


def test_every_socket_hears_it_and_the_chat_keeps_a_note(client: TestClient) -> None:
    tid, tokens, _ = _two_people(client, undo=True)
    mover = live(client, tid).state.to_move
    assert mover is not None
    v = _to_the_move(client, tid, tokens[mover])
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as mine,
        client.websocket_connect(f"/ws/tables/{tid}") as theirs,
        client.websocket_connect(f"/ws/tables/{tid}") as watcher,
    ):
        mine.send_json({"type": "hello", "token": tokens[mover]})
        theirs.send_json({"type": "hello", "token": tokens[1 - mover]})
        watcher.send_json({"type": "hello"})
        first = {key: receive(ws) for key, ws in (("m", mine), ("t", theirs), ("w", watcher))}
        assert first["m"]["undo"] is False
        move = next(a for a in first["m"]["legal"] if a["kind"] == "move")
        mine.send_json({"type": "action", "id": 1, "action": move, "version": v["version"]})
        update = receive(mine)
        assert update["type"] == "update" and update["undo"] is True
        assert receive(mine)["type"] == "ack"
        told = {"t": receive(theirs), "w": receive(watcher)}
        assert told["t"]["undo"] is False and told["w"]["undo"] is False
        assert patched(first["t"]["view"], told["t"]["patch"]) == without_legal(
            live(client, tid).state.view(1 - mover)
        )

        mine.send_json({"type": "undo", "id": 2, "version": v["version"] + 1})
        for key, ws in (("m", mine), ("t", theirs), ("w", watcher)):
            note = receive(ws)
            assert note["type"] == "chat" and note["line"]["kind"] == "undo"
            assert note["line"]["seat"] == mover and note["line"]["text"].startswith("took back")
            again = receive(ws)
            assert again["type"] == "snapshot" and again["version"] == v["version"]
            assert again["undone"]["seat"] == mover
            assert again["view"] == first[key]["view"], "everyone is back where they were"
            assert again["chat"][-1] == note["line"]
        assert receive(mine) == {"type": "ack", "id": 2, "version": v["version"]}


def test_a_table_of_one_person_allows_it_by_default_and_bots_never_undo(
    client: TestClient,
) -> None:
    created = new_table(client, [{"kind": "human"}, {"kind": "bot"}], players=2, pace="instant")
    tid = created["id"]
    assert client.get(f"/api/tables/{tid}").json()["undo"] is True
    token = join(client, tid, seat=0)
    table = live(client, tid)
    assert not table.undo_open(1), "a bot's seat is never offered an undo"
    assert view(client, tid, token)["undo"] is False


def test_it_survives_a_restart(db_file: Path, app: Any) -> None:
    from sleuth.server.app import create_app
    from tests.server.conftest import db_url

    with TestClient(app) as client:
        tid, tokens, _ = _two_people(client, undo=True)
        mover = live(client, tid).state.to_move
        assert mover is not None
        v = _to_the_move(client, tid, tokens[mover])
        _post(client, tid, tokens[mover], next(a for a in v["legal"] if a["kind"] == "move"), 2)
        r = client.post(
            f"/api/tables/{tid}/undo", json={"version": 3}, headers=bearer(tokens[mover])
        )
        assert r.status_code == 200
        shown = view(client, tid, tokens[mover])
    with TestClient(create_app(db_url(db_file), bot_delay=0)) as again:
        assert view(again, tid, tokens[mover]) == shown
        assert again.get(f"/api/tables/{tid}").json()["undo"] is True


def test_storage_takes_back_only_the_last_action_and_never_leaves_a_gap(tmp_path: Path) -> None:
    """The referee for several processes: an undo removes only the last stored action, and
    an action is stored only after the one before it (docs/server.md, "Undo")."""
    import pytest

    from sleuth.server.store import ActionGap, Store, TableRow, UndoClash
    from tests.server.conftest import db_url

    store = Store(db_url(tmp_path / "referee.sqlite3"))
    store.open()
    store.insert_table(TableRow("t1", "stop-thief", 2, 1, {}, [], "x" * 64, "playing"))
    for number in range(3):
        store.append_action("t1", number, 0, {"kind": "clue", "n": number})
    with pytest.raises(UndoClash):
        store.take_back("t1", 1, (0, "Ann", "took back: a move"))
    note = store.take_back("t1", 2, (0, "Ann", "took back: a move"))
    assert (note.kind, note.seat, note.text) == ("undo", 0, "took back: a move")
    with pytest.raises(ActionGap):  # a process that has not heard of the undo
        store.append_action("t1", 3, 0, {"kind": "roll"})
    store.append_action("t1", 2, 0, {"kind": "roll"})
    loaded = store.load("t1")
    assert loaded is not None and [a["kind"] for a in loaded.actions] == ["clue", "clue", "roll"]
    assert [line.text for line in store.recent_chat("t1", 10)] == ["took back: a move"]
    store.close()
