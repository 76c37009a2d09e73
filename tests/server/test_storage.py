"""Storage survives: a new app on the same database resumes every table exactly."""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import sleuth
from sleuth.server.app import create_app
from tests.server.conftest import (
    bearer,
    db_url,
    join,
    live,
    lobby_of,
    my_turn,
    new_table,
    play_one,
    stored_actions,
    view,
    wait_until,
)

MIXED = [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot", "level": "random"}]


def test_a_new_app_resumes_every_accepted_action(db_file: Path) -> None:
    first = TestClient(create_app(db_url(db_file), bot_delay=0))
    first.__enter__()
    tid = new_table(first, MIXED)["id"]
    token = join(first, tid)
    for _ in range(8):
        wait_until(my_turn(first, tid, token, 0), what="my turn")
        play_one(first, tid, token)
    wait_until(my_turn(first, tid, token, 0), what="my turn")
    seen = view(first, tid, token)
    record = live(first, tid).state.record()
    # The first app is abandoned as it stands (a crash: nothing more is written), and a
    # second app opens the same file.
    with TestClient(create_app(db_url(db_file), bot_delay=0)) as second:
        assert view(second, tid, token) == seen
        assert live(second, tid).state.record() == record
        assert len(stored_actions(db_file, tid)) == seen["version"]
        # ...and the game goes on where it was.
        for _ in range(30):
            wait_until(my_turn(second, tid, token, 0), what="my turn")
            if {s for _n, s, _a in stored_actions(db_file, tid)[seen["version"] :]} >= {0, 1}:
                break
            play_one(second, tid, token)
        else:
            raise AssertionError("the bots did not play on")
        stored = [json.loads(a) for _n, _s, a in stored_actions(db_file, tid)]
        assert stored[: seen["version"]] == record.actions
        assert stored == live(second, tid).state.record().actions
    first.__exit__(None, None, None)


def test_open_tables_and_seats_survive(db_file: Path) -> None:
    with TestClient(create_app(db_url(db_file), bot_delay=0)) as first:
        created = new_table(first, [{"kind": "human"}] * 2, players=2)
        tid = created["id"]
        token = join(first, tid, name="Ann")
    with TestClient(create_app(db_url(db_file), bot_delay=0)) as second:
        summary = second.get(f"/api/tables/{tid}").json()
        assert summary["status"] == "open"
        assert summary["seats"][0]["name"] == "Ann" and summary["seats"][0]["claimed"]
        assert view(second, tid, token)["seat"] == 0
        r = second.post(f"/api/tables/{tid}/seats/1/bot", headers=bearer(created["owner_token"]))
        assert r.status_code == 200 and r.json()["status"] == "playing"


def test_finished_tables_replay_after_a_restart(db_file: Path) -> None:
    with TestClient(create_app(db_url(db_file), bot_delay=0)) as first:
        tid = new_table(first, [{"kind": "bot", "level": "random"}] * 2, players=2,
                        options={"win_amount": 400})["id"]  # fmt: skip
        wait_until(lambda: live(first, tid).state.over, 120, "the bots to finish")
        final = live(first, tid).state.view(None)
    with TestClient(create_app(db_url(db_file), bot_delay=0)) as second:
        assert tid not in lobby_of(second).tables, "finished tables are not rebuilt at start-up"
        replay = second.get(f"/api/tables/{tid}/replay").json()
        assert sleuth.replay(replay["record"]).view(None) == final
        assert second.get(f"/api/tables/{tid}").json()["status"] == "finished"


def test_a_corrupt_table_is_reported_and_skipped(
    db_file: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A table whose row cannot be read is reported; one whose action does not replay plays on
    from the action before it, says which one failed, and keeps that action set aside."""
    with TestClient(create_app(db_url(db_file), bot_delay=0)) as first:
        bad = new_table(first, [{"kind": "human"}] * 2, players=2)["id"]
        tokens = [join(first, bad) for _ in range(2)]
        mover = live(first, bad).state.to_move
        assert mover is not None
        play_one(first, bad, tokens[mover])
        play_one(first, bad, tokens[live(first, bad).state.to_move or 0])
        good = new_table(first, [{"kind": "human"}] * 2, players=2)["id"]
        broken_seats = new_table(first, [{"kind": "human"}] * 2, players=2)["id"]
    with sqlite3.connect(db_file) as db:
        db.execute(
            "UPDATE actions SET action = ? WHERE table_id = ? AND number = 1",
            ('{"kind": "fly"}', bad),
        )
        db.execute("UPDATE tables SET seats = ? WHERE id = ?", ("not json", broken_seats))
    with (
        caplog.at_level(logging.ERROR, logger="sleuth.server"),
        TestClient(create_app(db_url(db_file), bot_delay=0)) as second,
    ):
        assert second.get("/api/games").status_code == 200
        assert sorted(t["id"] for t in second.get("/api/tables").json()) == sorted([good, bad])
        r = second.get(f"/api/tables/{broken_seats}")
        assert r.status_code == 404 and r.json()["error"] == "corrupt"
        summary = second.get(f"/api/tables/{bad}").json()
        assert summary["version"] == 1, "the table plays on from the last action that replays"
        assert summary["damage"]["action"] == 1 and "fly" in summary["damage"]["why"]
        assert len(stored_actions(db_file, bad)) == 1
        play_one(second, bad, tokens[live(second, bad).state.to_move or 0])
        assert len(stored_actions(db_file, bad)) == 2, "new actions take the freed number"
    with sqlite3.connect(db_file) as db:
        kept = db.execute(
            "SELECT number, action FROM set_aside_actions WHERE table_id = ?", (bad,)
        ).fetchall()
    assert kept == [(1, '{"kind": "fly"}')], "the action that did not replay is kept, not lost"
    assert bad in caplog.text and broken_seats in caplog.text


def test_bots_start_once_and_their_actions_are_stored(client: TestClient, db_file: Path) -> None:
    tid = new_table(client, [{"kind": "bot", "level": "random"}] * 3,
                    options={"win_amount": 400})["id"]  # fmt: skip
    table = live(client, tid)
    lobby = lobby_of(client)
    driver = table.driver
    assert driver is not None

    def start_again() -> None:
        lobby._start(table)
        lobby._start(table)

    assert client.portal is not None
    client.portal.call(_sync, start_again)
    assert table.driver is driver
    # "finished" is set once the last action is stored (it is applied a moment before).
    wait_until(lambda: table.status == "finished", 120, "the bots to finish")
    stored = stored_actions(db_file, tid)
    assert [n for n, _s, _a in stored] == list(range(table.version))
    assert [json.loads(a) for _n, _s, a in stored] == table.state.record().actions
    assert sleuth.replay(table.state.record()).view(None) == table.state.view(None)


async def _sync(fn: Callable[[], None]) -> None:
    """Run `fn` inside the app's event loop."""
    fn()


def test_two_actions_at_once_are_taken_one_at_a_time(client: TestClient, db_file: Path) -> None:
    """A double click: the same action twice at the same version; exactly one is accepted."""
    tid = new_table(client, [{"kind": "human"}] * 2, players=2)["id"]
    tokens = [join(client, tid) for _ in range(2)]
    table = live(client, tid)
    lobby = lobby_of(client)
    mover = table.state.to_move
    assert mover is not None
    action = view(client, tid, tokens[mover])["legal"][0]

    async def both() -> list[object]:
        import asyncio

        return await asyncio.gather(
            *(lobby.act(table, mover, action, 0) for _ in range(5)), return_exceptions=True
        )

    assert client.portal is not None
    results = client.portal.call(both)
    assert results.count(1) == 1
    assert sorted(getattr(r, "code", "") for r in results if r != 1) == ["stale_version"] * 4
    assert table.version == 1 and len(stored_actions(db_file, tid)) == 1


def test_a_storage_failure_refuses_the_action(
    client: TestClient, db_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid = new_table(client, [{"kind": "human"}] * 2, players=2)["id"]
    tokens = [join(client, tid) for _ in range(2)]
    table = live(client, tid)
    mover = table.state.to_move
    assert mover is not None
    before = view(client, tid, tokens[mover])

    def broken(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(lobby_of(client).store, "append_actions", broken)
    r = client.post(f"/api/tables/{tid}/actions", headers=bearer(tokens[mover]),
                    json={"action": before["legal"][0], "version": 0})  # fmt: skip
    assert r.status_code == 503 and r.json()["error"] == "storage"
    assert view(client, tid, tokens[mover]) == before and stored_actions(db_file, tid) == []
    monkeypatch.undo()
    play_one(client, tid, tokens[mover])
    assert len(stored_actions(db_file, tid)) == 1


def test_the_writer_commits_together_but_answers_each(db_file: Path) -> None:
    from sleuth.server.store import Store, TableRow, Writer

    store = Store(db_url(db_file))
    store.create_schema()
    for tid in ("a", "b"):
        store.insert_table(TableRow(tid, "stop-thief", 2, 1, {}, [], "x" * 64, "playing"))
    writer = Writer(store)
    try:
        futures = [
            writer.append("a", 0, 0, {"kind": "clue"}),
            writer.append("b", 0, 0, {"kind": "clue"}),
            writer.append("a", 0, 1, {"kind": "roll"}),  # clashes with the first
            writer.append("b", 1, 1, {"kind": "roll"}),
        ]
        outcomes = [f.exception(timeout=10) for f in futures]
    finally:
        writer.close()
        store.close()
    assert [o is None for o in outcomes] == [True, True, False, True]
    assert [a for _n, _s, a in stored_actions(db_file, "a")] == ['{"kind": "clue"}']
    assert len(stored_actions(db_file, "b")) == 2


def test_a_batch_of_several_tables_actions_is_stored_whole_or_not_at_all(tmp_path: Path) -> None:
    """The store's thread commits the appends queued together in one transaction: each table's
    action must follow its stored one (else nothing of the batch is stored) and each table's
    row says when it last changed."""
    from sleuth.server.store import ActionGap, Store, TableRow

    store = Store(db_url(tmp_path / "batch.sqlite3"))
    store.open()
    for tid in ("a", "b", "c"):
        store.insert_table(TableRow(tid, "stop-thief", 2, 1, {}, [], "x" * 64, "playing"))
    store.append_actions([("a", 0, 0, {"n": 0}), ("b", 0, 0, {"n": 0}), ("a", 1, 1, {"n": 1})])
    before = {tid: store.load(tid) for tid in ("a", "b", "c")}
    with pytest.raises(ActionGap, match="table c: action 0 is not stored"):
        store.append_actions([("a", 2, 0, {"n": 2}), ("c", 1, 0, {"n": 1})])
    with pytest.raises(ActionGap, match="table b: action 1 is not stored"):
        store.append_actions([("b", 2, 0, {"n": 2}), ("c", 0, 0, {"n": 0})])
    assert {tid: store.load(tid) for tid in ("a", "b", "c")} == before  # nothing stored
    store.append_actions([("c", 0, 0, {"n": 0}), ("a", 2, 0, {"n": 2}), ("b", 1, 1, {"n": 1})])
    after = {tid: store.load(tid) for tid in ("a", "b", "c")}
    assert {tid: [a["n"] for a in s.actions] for tid, s in after.items() if s} == {
        "a": [0, 1, 2], "b": [0, 1], "c": [0]}  # fmt: skip
    for tid in ("a", "b", "c"):
        old, new = before[tid], after[tid]
        assert old is not None and new is not None and new.row.updated > old.row.updated
    store.close()
