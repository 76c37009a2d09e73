"""When storage fails: noticed, said in words, nothing acknowledged that was not kept.

Each fault is made for real on a temporary SQLite file: the file or its WAL
deleted under a running server (a real `sleuth serve`, then SIGKILLed and
started again), random bytes over its pages, a stranger's row at a live
table's next action number, a database that takes no writes.

Read-only: the tests run as root, and root writes through `chmod a-w`, so the
database is opened through SQLite's own read-only mode (`?mode=ro`), or its
connections are switched to `PRAGMA query_only` while the server runs. Both
make SQLite refuse writes with SQLITE_READONLY, the error a server that may
not write its file gets.
"""

from __future__ import annotations

import glob
import json
import logging
import os
import random
import shutil
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event

from sleuth.server.app import create_app
from tests.serve_process import Server
from tests.server.conftest import (
    bearer,
    db_url,
    join,
    live,
    lobby_of,
    new_table,
    play_one,
    stored_actions,
    view,
    wait_until,
)

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]
PAGE = 4096


# --- helpers ------------------------------------------------------------------------------------
def seated(client: TestClient, seats: list[dict[str, Any]] = TWO_HUMANS) -> tuple[str, list[str]]:
    created = new_table(client, seats, players=len(seats))
    tid = created["id"]
    humans = [n for n, s in enumerate(seats) if s["kind"] == "human"]
    return tid, [join(client, tid, seat=n) for n in humans]


def mover_token(client: TestClient, tid: str, tokens: list[str]) -> str:
    mover = live(client, tid).state.to_move
    assert mover is not None
    return tokens[mover]


def act(http: Any, tid: str, token: str) -> Any:
    """Try the first legal action for the token's seat; the answer, whatever it is."""
    v = http.get(f"/api/tables/{tid}/view", headers=bearer(token)).json()
    return http.post(f"/api/tables/{tid}/actions", headers=bearer(token),
                     json={"action": v["legal"][0], "version": v["version"]})  # fmt: skip


def refused_for_storage(r: Any, words: str) -> None:
    assert r.status_code == 503, r.text
    assert r.json()["error"] == "storage" and words in r.json()["message"], r.text


def spoil(path: Path, pages: list[int], seed: int) -> None:
    """Random bytes over whole pages (numbered from 1, as SQLite does)."""
    rng = random.Random(seed)
    with open(path, "r+b") as f:
        for page in pages:
            f.seek((page - 1) * PAGE)
            f.write(rng.randbytes(PAGE))


def page_count(path: Path) -> int:
    return path.stat().st_size // PAGE


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "sleuth.sqlite3")
    srv.start()
    yield srv
    srv.stop()


def two_seated_over_http(http: httpx.Client) -> tuple[str, dict[int, str]]:
    r = http.post("/api/tables", json={"game": "stop-thief", "players": 2, "seed": 9})
    assert r.status_code == 201, r.text
    created = r.json()
    tokens = {}
    for seat in created["seats"]:
        got = http.post(f"/api/tables/{created['id']}/join", json={"invite": seat["invite"]})
        tokens[got.json()["seat"]] = got.json()["token"]
    return created["id"], tokens


def play_over_http(http: httpx.Client, tid: str, tokens: dict[int, str], n: int) -> int:
    version = 0
    for _ in range(n):
        mover = http.get(f"/api/tables/{tid}").json()["to_move"]
        r = act(http, tid, tokens[mover])
        assert r.status_code == 200, r.text
        version = r.json()["version"]
    return version


def stderr_of(srv: Server) -> str:
    assert srv.process is not None and srv.process.stderr is not None
    return srv.process.stderr.read().decode(errors="replace")


# --- a file deleted under the running server -----------------------------------------------------
def test_a_deleted_wal_is_noticed_and_no_acknowledged_action_is_lost(served: Server) -> None:
    db = served.database
    with httpx.Client(base_url=served.url, timeout=10) as http:
        tid, tokens = two_seated_over_http(http)
        acked = play_over_http(http, tid, tokens, 6)
        assert Path(f"{db}-wal").exists()
        os.remove(f"{db}-wal")
        mover = http.get(f"/api/tables/{tid}").json()["to_move"]
        refused_for_storage(act(http, tid, tokens[mover]), "storage lost")
        refused_for_storage(http.post("/api/tables", json={"game": "stop-thief", "players": 2}),
                            "storage lost")  # fmt: skip
        # What can be read is still served.
        assert (
            http.get(f"/api/tables/{tid}/view", headers=bearer(tokens[0])).json()["version"]
            == acked
        )
    served.kill()  # a crash: nothing is closed cleanly
    log = stderr_of(served)
    assert "STORAGE LOST" in log and "-wal was deleted" in log
    served.start()
    with httpx.Client(base_url=served.url, timeout=10) as http:
        assert http.get(f"/api/tables/{tid}").json()["version"] == acked, "nothing acked is lost"
        assert play_over_http(http, tid, tokens, 1) == acked + 1, "and it plays on"


def test_a_deleted_database_is_noticed_and_a_copy_keeps_what_was_acknowledged(
    served: Server,
) -> None:
    db = served.database
    with httpx.Client(base_url=served.url, timeout=10) as http:
        tid, tokens = two_seated_over_http(http)
        acked = play_over_http(http, tid, tokens, 5)
        os.remove(db)
        mover = http.get(f"/api/tables/{tid}").json()["to_move"]
        refused_for_storage(act(http, tid, tokens[mover]), "restart the server")
        assert (
            http.get(f"/api/tables/{tid}/view", headers=bearer(tokens[0])).json()["version"]
            == acked
        )
    served.kill()
    log = stderr_of(served)
    assert "STORAGE LOST" in log and "was deleted" in log
    (copy,) = glob.glob(f"{db}.rescued-*")
    assert copy in log, "the log says where the copy is"
    # The recovery docs/server.md gives: the copy into place, the old WAL and index away.
    for stale in (f"{db}-wal", f"{db}-shm"):
        if os.path.exists(stale):
            os.remove(stale)
    shutil.move(copy, db)
    served.start()
    with httpx.Client(base_url=served.url, timeout=10) as http:
        assert http.get(f"/api/tables/{tid}").json()["version"] == acked
        assert play_over_http(http, tid, tokens, 1) == acked + 1


def test_a_file_deleted_while_nothing_is_written_is_noticed_at_once(
    client: TestClient, db_file: Path, caplog: pytest.LogCaptureFixture
) -> None:
    tid, tokens = seated(client)
    play_one(client, tid, mover_token(client, tid, tokens))
    store = lobby_of(client).store
    with caplog.at_level(logging.CRITICAL, logger="sleuth.server"):
        os.remove(db_file)
        wait_until(lambda: "STORAGE LOST" in caplog.text, timeout=10, what="the watch")
    assert store.refusing is not None and "storage lost" in store.refusing
    (copy,) = glob.glob(f"{db_file}.rescued-*")
    assert len(stored_actions(Path(copy), tid)) == 1


# --- damaged pages ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def many_tables(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """A database of 12 unfinished tables, a few actions each, closed cleanly (no WAL)."""
    path = tmp_path_factory.mktemp("pages") / "sleuth.sqlite3"
    ids = []
    with TestClient(create_app(db_url(path), bot_delay=0)) as client:
        for _ in range(12):
            tid, tokens = seated(client)
            for _ in range(4):
                play_one(client, tid, mover_token(client, tid, tokens))
            ids.append(tid)
    return path, ids


def started_on(path: Path) -> TestClient:
    client = TestClient(create_app(db_url(path), bot_delay=0))
    client.__enter__()
    return client


@pytest.mark.parametrize("seed", range(6))
def test_random_bytes_in_three_pages_never_stop_the_server(
    many_tables: tuple[Path, list[str]],
    tmp_path: Path,
    seed: int,
    caplog: pytest.LogCaptureFixture,
) -> None:
    source, ids = many_tables
    path = tmp_path / "sleuth.sqlite3"
    shutil.copy(source, path)
    pages = random.Random(seed).sample(range(2, page_count(path) + 1), 3)
    spoil(path, pages, seed)
    with caplog.at_level(logging.WARNING, logger="sleuth.server"):
        client = started_on(path)
    try:
        assert "failed its check" in caplog.text, f"pages {pages}: the damage is said"
        assert client.get("/api/games").status_code == 200
        assert client.get("/api/tables").status_code == 200
        served = 0
        for tid in ids:
            r = client.get(f"/api/tables/{tid}")
            assert r.status_code in (200, 404), r.text
            if r.status_code == 404:
                assert r.json()["error"] in ("corrupt", "not_found"), r.text
                continue
            served += 1
            assert client.get(f"/api/tables/{tid}/view").status_code == 200
            token = bearer("x" * 43)
            r = client.post(f"/api/tables/{tid}/actions", json={"action": {}, "version": 0},
                            headers=token)  # fmt: skip
            assert r.status_code < 500 or r.json()["error"] == "storage", r.text
        made = client.post("/api/tables", json={"game": "stop-thief", "players": 2})
        assert made.status_code == 201 or made.json()["error"] == "storage", made.text
    finally:
        client.__exit__(None, None, None)
    assert served > 0 or any(p in pages for p in (2, 3)), f"pages {pages}: nothing was served"


def test_an_unreadable_first_page_still_starts_and_says_so(
    many_tables: tuple[Path, list[str]], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "sleuth.sqlite3"
    shutil.copy(many_tables[0], path)
    spoil(path, [1], seed=1)
    with caplog.at_level(logging.CRITICAL, logger="sleuth.server"):
        client = started_on(path)
    try:
        assert "cannot be read" in caplog.text
        assert client.get("/api/tables").json() == []
        made = client.post("/api/tables", json={"game": "stop-thief", "players": 2})
        refused_for_storage(made, "cannot be read")
        assert client.get(f"/api/tables/{many_tables[1][0]}").status_code == 404
    finally:
        client.__exit__(None, None, None)


def _pages(path: Path, name: str, kind: str) -> list[tuple[int, int]]:
    """(page number, rows) of the b-tree `name`'s pages of `kind` (leaf, internal), in key order."""
    with sqlite3.connect(path) as db:
        rows = db.execute(
            "SELECT pageno, ncell FROM dbstat WHERE name = ? AND pagetype = ? ORDER BY path",
            (name, kind),
        ).fetchall()
    return [(int(p), int(n)) for p, n in rows]


def test_tables_past_a_damaged_page_are_shown_as_far_as_they_read(
    db_file: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The actions of table B span several pages; one in the middle is destroyed. Table A (on
    other pages) plays on; B is shown up to the damage and takes no more actions."""
    with TestClient(create_app(db_url(db_file), bot_delay=0)) as client:
        a, a_tokens = seated(client)
        for _ in range(20):
            play_one(client, a, mover_token(client, a, a_tokens))
        b, b_tokens = seated(client)
        for _ in range(160):
            play_one(client, b, mover_token(client, b, b_tokens))
    leaves = _pages(db_file, "actions", "leaf")
    first_rowid, middle = 1, None
    for number, (page, rows) in enumerate(leaves):
        if first_rowid > 20 and 0 < number < len(leaves) - 1:
            middle, b_readable = page, first_rowid - 1 - 20
            break
        first_rowid += rows
    assert middle is not None, f"B's actions need three pages: {leaves}"
    spoil(db_file, [middle], seed=3)
    with (
        caplog.at_level(logging.ERROR, logger="sleuth.server"),
        TestClient(create_app(db_url(db_file), bot_delay=0)) as again,
    ):
        assert "failed its check" in caplog.text
        summary = again.get(f"/api/tables/{b}").json()
        assert summary["version"] == b_readable and "damaged" in summary["read_only"]
        assert view(again, b, b_tokens[0])["version"] == b_readable
        refused_for_storage(act(again, b, mover_token(again, b, b_tokens)), "takes no more")
        assert "read_only" not in again.get(f"/api/tables/{a}").json()
        r = act(again, a, mover_token(again, a, a_tokens))
        assert r.status_code == 200 and r.json()["version"] == 21, r.text


def test_a_damaged_index_shows_every_table_and_takes_no_actions(
    db_file: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with TestClient(create_app(db_url(db_file), bot_delay=0)) as client:
        tid, tokens = seated(client)
        for _ in range(6):
            play_one(client, tid, mover_token(client, tid, tokens))
    ((index, _rows),) = _pages(db_file, "sqlite_autoindex_actions_1", "leaf")
    spoil(db_file, [index], seed=4)
    with TestClient(create_app(db_url(db_file), bot_delay=0)) as again:
        summary = again.get(f"/api/tables/{tid}").json()
        assert summary["version"] == 6 and "read_only" in summary
        refused_for_storage(act(again, tid, mover_token(again, tid, tokens)), "damaged")
        assert again.get(f"/api/tables/{tid}").json()["version"] == 6


# --- a stranger's row at a live table's next number ---------------------------------------------
def garbage_at(db_file: Path, tid: str, number: int, action: str = "not json at all") -> None:
    with sqlite3.connect(db_file) as db:
        db.execute(
            "INSERT INTO actions (table_id, number, seat, action, time) VALUES (?, ?, 0, ?, ?)",
            (tid, number, action, "2020-01-01 00:00:00.000000"),
        )


def set_aside_rows(db_file: Path, tid: str) -> list[tuple[int, str, str]]:
    with sqlite3.connect(db_file) as db:
        rows = db.execute(
            "SELECT number, action, why FROM set_aside_actions WHERE table_id = ?", (tid,)
        ).fetchall()
    return [(int(n), str(a), str(w)) for n, a, w in rows]


def test_a_garbage_row_at_the_next_number_is_set_aside_and_play_goes_on(
    client: TestClient, db_file: Path
) -> None:
    tid, tokens = seated(client)
    table = live(client, tid)
    play_one(client, tid, mover_token(client, tid, tokens))
    garbage_at(db_file, tid, 1)
    garbage_at(db_file, tid, 2, '{"kind": "fly"}')
    r = act(client, tid, mover_token(client, tid, tokens))
    assert r.status_code == 200 and r.json()["version"] == 2, r.text
    assert [(n, a) for n, a, _w in set_aside_rows(db_file, tid)] == [
        (1, "not json at all"), (2, '{"kind": "fly"}')
    ]  # fmt: skip
    stored = [a for _n, _s, a in stored_actions(db_file, tid)]
    assert len(stored) == 2 == table.version
    play_one(client, tid, mover_token(client, tid, tokens))
    assert len(stored_actions(db_file, tid)) == 3


def test_a_bot_after_a_garbage_row_plays_on(client: TestClient, db_file: Path) -> None:
    """Garbage waits at each next number while the human plays: the bot's turn meets one too."""
    tid, (token,) = seated(client, [{"kind": "human"}, {"kind": "bot", "level": "random"}])
    table = live(client, tid)
    for _ in range(40):
        if table.state.to_move != 0:
            break
        garbage_at(db_file, tid, table.version + 1)  # the bot is not playing now
        play_one(client, tid, token)

    def bot_played() -> bool:
        return any(seat == 1 for _n, seat, _a in stored_actions(db_file, tid))

    def back_to_the_human() -> bool:  # read through the API: never mid-action
        summary = client.get(f"/api/tables/{tid}").json()
        return bool(summary["to_move"] == 0 and summary["version"] == table.version)

    wait_until(bot_played, what="the bot to play past the garbage")
    wait_until(back_to_the_human, what="the bot's turn to end")
    assert set_aside_rows(db_file, tid), "the garbage was set aside"
    stored = [json.loads(a) for _n, _s, a in stored_actions(db_file, tid)]
    assert stored == table.state.record().actions, "what is stored is exactly the game"


def test_a_row_that_cannot_be_stored_stops_the_bot_hammering(
    client: TestClient, db_file: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The database refuses every row for a table (a trigger): the bot waits longer each time."""
    tid, (token,) = seated(client, [{"kind": "human"}, {"kind": "bot", "level": "random"}])
    with sqlite3.connect(db_file) as db:
        db.execute(
            f"CREATE TRIGGER refuse BEFORE INSERT ON actions WHEN NEW.table_id = '{tid}' "
            "AND NEW.seat = 1 BEGIN SELECT RAISE(ABORT, 'refused'); END"
        )
    for _ in range(30):
        summary = client.get(f"/api/tables/{tid}").json()  # read under the table's lock
        if summary["to_move"] == 1:
            break
        play_one(client, tid, token)
    version = summary["version"]
    with caplog.at_level(logging.ERROR, logger="sleuth.server"):
        wait_until(lambda: "could not be stored" in caplog.text, what="a refusal")
        started = caplog.text.count("could not be stored")
        time.sleep(3.0)
        tries = caplog.text.count("could not be stored") - started
    assert tries <= 3, f"{tries} tries in 3 s: the bot must back off"
    assert client.get(f"/api/tables/{tid}").json()["version"] == version, "nothing was taken"
    assert len(stored_actions(db_file, tid)) == version


# --- a database that takes no writes ------------------------------------------------------------
def test_a_read_only_database_is_shown_and_refuses_writes_in_words(
    db_file: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with TestClient(create_app(db_url(db_file), bot_delay=0)) as client:
        created = new_table(client, TWO_HUMANS, players=2)
        tid = created["id"]
        ann = join(client, tid, seat=0)
        bea = join(client, tid, seat=1)
        play_one(client, tid, mover_token(client, tid, [ann, bea]))
    read_only = f"sqlite:///file:{db_file}?mode=ro&uri=true"
    with (
        caplog.at_level(logging.CRITICAL, logger="sleuth.server"),
        TestClient(create_app(read_only, bot_delay=0)) as ro,
    ):
        assert "read-only" in caplog.text
        assert view(ro, tid, ann)["version"] == 1
        refused_for_storage(act(ro, tid, mover_token(ro, tid, [ann, bea])), "read-only")
        refused_for_storage(ro.post("/api/tables", json={"game": "stop-thief", "players": 2}),
                            "read-only")  # fmt: skip
        owner = bearer(created["owner_token"])
        refused_for_storage(ro.post(f"/api/tables/{tid}/seats/1/bot", headers=owner), "read-only")
        assert view(ro, tid, ann)["version"] == 1 and view(ro, tid, bea)["seat"] == 1
    assert len(stored_actions(db_file, tid)) == 1


def test_a_database_that_turns_read_only_while_running(client: TestClient, db_file: Path) -> None:
    tid, tokens = seated(client)
    store = lobby_of(client).store

    @event.listens_for(store.engine, "connect")
    def _query_only(connection: Any, _record: Any) -> None:
        connection.execute("PRAGMA query_only = ON")

    store.engine.dispose()  # new connections from here on: every write is refused
    refused_for_storage(act(client, tid, mover_token(client, tid, tokens)), "read-only")
    refused_for_storage(client.post("/api/tables", json={"game": "stop-thief", "players": 2}),
                        "read-only")  # fmt: skip
    assert view(client, tid, tokens[0])["version"] == 0 and stored_actions(db_file, tid) == []
    event.remove(store.engine, "connect", _query_only)
    store.engine.dispose()
    assert act(client, tid, mover_token(client, tid, tokens)).status_code == 200, "and back"
