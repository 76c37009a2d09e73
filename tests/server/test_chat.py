"""Table chat (docs/server.md, "Table chat"): stored apart from the actions, told to everyone
at the table, the recent lines on joining, limited in length and rate; bad input stores nothing."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from sleuth.core import replay
from sleuth.server.app import create_app
from sleuth.server.limits import Limits, Rate
from tests.server.conftest import db_url, join, live, new_table, nothing_more, receive


def _chat_rows(db_file: Path, tid: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db_file) as db:
        return db.execute(
            "SELECT seat, name, kind, text FROM chat WHERE table_id = ? ORDER BY id", (tid,)
        ).fetchall()


def _table(client: TestClient, **extra: Any) -> tuple[str, list[str]]:
    created = new_table(
        client, [{"kind": "human", "name": "Ann"}, {"kind": "human"}], players=2, **extra
    )
    tid = created["id"]
    return tid, [join(client, tid, seat=n) for n in range(2)]


def test_seats_talk_everyone_hears_and_it_is_kept(client: TestClient, db_file: Path) -> None:
    tid, tokens = _table(client)
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as ann,
        client.websocket_connect(f"/ws/tables/{tid}") as other,
        client.websocket_connect(f"/ws/tables/{tid}") as watcher,
    ):
        ann.send_json({"type": "hello", "token": tokens[0]})
        other.send_json({"type": "hello", "token": tokens[1]})
        watcher.send_json({"type": "hello"})
        for ws in (ann, other, watcher):
            assert receive(ws)["chat"] == []
        ann.send_json({"type": "chat", "id": 1, "text": "  <script>alert(1)</script> hi  "})
        heard = [receive(ws) for ws in (ann, other, watcher)]
        for message in heard:
            assert message["type"] == "chat"
            line = message["line"]
            assert line["text"] == "<script>alert(1)</script> hi", "kept as written, trimmed"
            assert (line["seat"], line["name"], line["kind"]) == (0, "Ann", "say")
        assert receive(ann) == {"type": "ack", "id": 1, "chat": heard[0]["line"]["id"]}
    assert _chat_rows(db_file, tid) == [(0, "Ann", "say", "<script>alert(1)</script> hi")]
    state = live(client, tid).state
    assert state.history == [] and replay(state.record()).log == state.log, "actions untouched"


def test_history_on_joining_and_after_a_restart(db_file: Path, app: Any) -> None:
    with TestClient(app) as client:
        tid, tokens = _table(client)
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            ws.send_json({"type": "hello", "token": tokens[1]})
            receive(ws)
            for n in range(3):
                ws.send_json({"type": "chat", "id": n, "text": f"line {n}"})
                receive(ws), receive(ws)
    with (
        TestClient(create_app(db_url(db_file), bot_delay=0)) as again,
        again.websocket_connect(f"/ws/tables/{tid}") as ws,
    ):
        ws.send_json({"type": "hello"})
        chat = receive(ws)["chat"]
    assert [(c["seat"], c["name"], c["text"]) for c in chat] == [
        (1, "Detective 2", f"line {n}") for n in range(3)
    ]


def test_bad_lines_are_refused_and_store_nothing(client: TestClient, db_file: Path) -> None:
    tid, tokens = _table(client)
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as ws,
        client.websocket_connect(f"/ws/tables/{tid}") as watcher,
    ):
        ws.send_json({"type": "hello", "token": tokens[0]})
        watcher.send_json({"type": "hello"})
        receive(ws), receive(watcher)
        cases: list[tuple[dict[str, Any], str]] = [
            ({"type": "chat", "id": 1, "text": ""}, "at least 1"),
            ({"type": "chat", "id": 2, "text": "   "}, "at least 1"),
            ({"type": "chat", "id": 3, "text": "x" * 301}, "at most 300"),
            ({"type": "chat", "id": 4, "text": "two\nlines"}, "one line"),
            ({"type": "chat", "id": 5, "text": "turned \u202e around"}, "direction"),
            ({"type": "chat", "id": 6, "text": 7}, "string"),
            ({"type": "chat", "id": 7}, "text"),
            ({"type": "chat", "id": 8, "text": "hi", "seat": 1}, "extra"),
        ]
        for message, words in cases:
            ws.send_json(message)
            answer = receive(ws)
            assert answer["type"] == "error" and answer["error"] == "malformed", answer
            assert answer["id"] == message["id"]
            assert words in answer["message"].lower(), answer["message"]
        ws.send_json({"type": "chat", "id": 9, "text": "x" * 300})
        assert receive(ws)["line"]["text"] == "x" * 300
        receive(ws)
        assert receive(watcher)["type"] == "chat", "the watcher hears the seat's line"
        watcher.send_json({"type": "chat", "id": 10, "text": "from the crowd"})
        answer = receive(watcher)
        assert answer["error"] == "chat_closed" and "spectators" in answer["message"]
        assert nothing_more(watcher) and nothing_more(ws)
    assert [row[3] for row in _chat_rows(db_file, tid)] == ["x" * 300]


def test_a_wrong_token_never_gets_to_talk(client: TestClient, db_file: Path) -> None:
    tid, _tokens = _table(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "chat", "id": 1, "text": "before hello"})
        assert receive(ws)["error"] == "no_token"
        ws.send_json({"type": "hello", "token": "not-a-token"})
        assert receive(ws)["error"] == "bad_token"
    assert _chat_rows(db_file, tid) == []


def test_spectators_talk_where_the_table_allows(client: TestClient, db_file: Path) -> None:
    tid, _tokens = _table(client, spectator_chat=True)
    assert client.get(f"/api/tables/{tid}").json()["spectator_chat"] is True
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello"})
        receive(ws)
        ws.send_json({"type": "chat", "id": 1, "text": "go Ann"})
        line = receive(ws)["line"]
        assert (line["seat"], line["name"]) == (None, "spectator")
    assert _chat_rows(db_file, tid) == [(None, "spectator", "say", "go Ann")]


def test_each_connection_has_its_own_rate(db_file: Path) -> None:
    limits = Limits(chat=Rate(2, 0.001))
    with TestClient(create_app(db_url(db_file), bot_delay=0, limits=limits)) as client:
        tid, tokens = _table(client)
        with (
            client.websocket_connect(f"/ws/tables/{tid}") as ws,
            client.websocket_connect(f"/ws/tables/{tid}") as fresh,
        ):
            ws.send_json({"type": "hello", "token": tokens[0]})
            fresh.send_json({"type": "hello", "token": tokens[0]})
            receive(ws), receive(fresh)
            for n in range(2):
                ws.send_json({"type": "chat", "id": n, "text": f"line {n}"})
                receive(ws), receive(ws), receive(fresh)
            ws.send_json({"type": "chat", "id": 9, "text": "one too many"})
            answer = receive(ws)
            assert answer["error"] == "rate_limited" and "chat" in answer["message"]
            fresh.send_json({"type": "chat", "id": 1, "text": "another tab may"})
            assert receive(fresh)["type"] == "chat"
    assert [row[3] for row in _chat_rows(db_file, tid)] == ["line 0", "line 1", "another tab may"]
