"""A fuzzer against every endpoint of the OpenAPI description, and the WebSocket.

Hypothesis draws requests (bounded and derandomized: the same inputs every
run) from the operations `/openapi.json` lists: path and query parameters,
bodies shaped by each body's schema with odd values put in (look-alike
numbers, lone surrogates, control characters, deep nesting, huge numbers,
NaN, unknown fields), raw bodies that are not JSON at all, and tokens and
origins right and wrong. Every answer must be below 500, in the error shape
when refused, and a refused request must change nothing stored.
"""

from __future__ import annotations

import json
import math
import os
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sleuth.server.app import create_app
from tests.server.conftest import db_url, join, live, new_table, receive, wait_until

# The suite's budget; SLEUTH_FUZZ_EXAMPLES=5000 runs a longer search by hand.
HTTP_EXAMPLES = int(os.environ.get("SLEUTH_FUZZ_EXAMPLES", "200"))
WS_EXAMPLES = max(60, HTTP_EXAMPLES // 4)

ODD_TEXT = ["\ud800", "\udfff", "a\x00b", "\u202eevil", "\n", "x" * 300]
WORDS = ["stop-thief", "manhunt", "human", "bot", "random", "roll", "ON", "CLUE", "0", "null"]
texts = st.sampled_from(ODD_TEXT) | st.sampled_from(WORDS) | st.text(max_size=8)
numbers = (
    st.integers(-(2**70), 2**130)
    | st.sampled_from([0, 1, 2, 3, -1, 2**53, 2**128, True, False, 3.0, 0.5, 1e308])
    | st.floats(allow_nan=True, allow_infinity=True)
)
scalars = st.none() | st.booleans() | numbers | texts
json_values = st.recursive(
    scalars,
    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(texts, kids, max_size=3),
    max_leaves=8,
)


def nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


deep = st.integers(5, 400).map(nested)
odd_values = json_values | deep

# Values that are nearly right, by field name (from the schemas' property names).
FIELD_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "game": st.sampled_from(["stop-thief", "manhunt", "kojak", "columbo", "chess"]) | texts,
    "players": st.integers(0, 6) | numbers,
    "seed": st.integers(-1, 2**129) | numbers,
    "seats": st.lists(
        st.fixed_dictionaries(
            {"kind": st.sampled_from(["human", "bot", "alien"])},
            optional={"name": texts, "level": st.sampled_from(["random", "expert", "god"]) | texts},
        ),
        max_size=5,
    )
    | odd_values,
    "options": st.dictionaries(
        st.sampled_from(["win_amount", "card", "max_turns", "version"]) | texts,
        odd_values,
        max_size=3,
    )
    | odd_values,
    "turn_seconds": numbers,
    "open_seats": st.booleans() | scalars,
    "name": texts,
    "seat": st.integers(-1, 5) | numbers,
    "invite": texts,
    "level": st.sampled_from(["random", "expert", "god"]) | texts,
    "version": st.integers(-1, 4) | numbers,
    "button": st.sampled_from(["ON", "OFF", "CLUE", "TIP", "TIP_RELEASE", "ARREST", "1"]) | texts,
    "still": numbers | texts,
    "escape": numbers | texts,
    "six": numbers | texts,
}


def _mutations(action: dict[str, Any]) -> list[dict[str, Any]]:
    """Look-alikes of a legal action: each parameter as a float, a bool, text, nested, odd."""
    out = [action]
    for key, value in action.items():
        if key == "kind":
            out.append({**action, "kind": "\ud800"})
            continue
        for other in (float(value) if isinstance(value, int) else 1.0, True, str(value),
                      [value], nested(20), "\ud800", {"x": value}, None, 2**64):  # fmt: skip
            out.append({**action, key: other})
    out.append({**action, "extra": 1})
    return out


RAW_BODIES = [b"", b"{", b"[1]", b"null", b'"x"', b"{}", b'{"a":NaN}', b"\xff\xfe", b"[" * 3000,
              b'{"game":"stop-thief","players":2,"turn_seconds":NaN}',
              b'{"game":"stop-thief","players":2,"seed":' + b"9" * 5000 + b"}",
              b'{"action":{"kind":"roll"},"version":0,"version":1}']  # fmt: skip


class World:
    """The app under fuzz, its fixed tables and session, and what must not change."""

    def __init__(self, client: TestClient, db_file: Path) -> None:
        self.client = client
        self.db_file = db_file
        created = new_table(client, [{"kind": "human"}] * 2, players=2)
        self.tid = created["id"]
        self.owner = created["owner_token"]
        self.tokens = [join(client, self.tid, seat=n) for n in range(2)]
        bots = [{"kind": "bot", "level": "random"}] * 2
        self.done = new_table(client, bots, players=2, game="manhunt", seed=2)["id"]
        wait_until(lambda: live(client, self.done).status == "finished", 30, "the bots")
        # From here bots wait an hour: a seat the fuzz hands to a bot changes nothing while
        # a request is checked against what is stored.
        client.app.state.lobby.bot_delay = 3600.0  # type: ignore[attr-defined]
        self.sid = client.post("/api/scanner/sessions", json={"seed": 3}).json()["id"]
        mover = live(client, self.tid).state.to_move
        legal = [a.to_json() for a in live(client, self.tid).state.legal_actions()]
        self.actions = [m for a in legal for m in _mutations(a)]
        assert mover is not None and self.actions

    def fingerprint(self) -> Any:
        """Everything stored about the fixed tables and session, and how many others."""
        with sqlite3.connect(self.db_file) as db:
            ids = (self.tid, self.done)
            return (
                db.execute("SELECT count(*) FROM tables").fetchone(),
                db.execute("SELECT count(*) FROM scanner_sessions").fetchone(),
                db.execute(
                    "SELECT id, seats, status, updated FROM tables WHERE id IN (?, ?) ORDER BY id",
                    ids,
                ).fetchall(),  # fmt: skip
                db.execute(
                    "SELECT table_id, number, action FROM actions WHERE table_id IN "
                    "(?, ?) ORDER BY table_id, number",
                    ids,
                ).fetchall(),  # fmt: skip
                db.execute(
                    "SELECT number, button FROM scanner_presses WHERE session_id = ?", (self.sid,)
                ).fetchall(),  # fmt: skip
            )


@pytest.fixture
def world(db_file: Path) -> Iterator[World]:
    app = create_app(db_url(db_file), bot_delay=0)
    with TestClient(app, raise_server_exceptions=False) as client:  # a 500 is an answer here
        yield World(client, db_file)


def operations(client: TestClient) -> list[tuple[str, str, dict[str, Any]]]:
    schema = client.get("/openapi.json").json()
    return [(m.upper(), p, op) for p, ops in schema["paths"].items() for m, op in ops.items()]


def body_fields(schema: dict[str, Any], op: dict[str, Any]) -> list[str]:
    """The property names of an operation's JSON body (through $ref and anyOf)."""
    content = op.get("requestBody", {}).get("content", {}).get("application/json", {})
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if "$ref" in node:
                walk(schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]])
            found.extend(node.get("properties", {}))
            for part in node.get("anyOf", []):
                walk(part)

    walk(content.get("schema"))
    return found


@st.composite
def requests(draw: st.DrawFn, world: World, ops: list[Any], schema: dict[str, Any]) -> Any:
    posts = [o for o in ops if o[0] == "POST"] or ops
    method, path, op = draw(st.sampled_from(ops) | st.sampled_from(posts))  # bodies: more surface
    # Mostly the real ones: a request for no table stops at the first step.
    real = st.sampled_from([world.tid, world.tid, world.done])
    ids = st.sampled_from(["nosuch", "a" * 65, "\ud800", "x y", "-"]) | texts
    values = {
        "table_id": real | real | ids,
        "sid": st.sampled_from([world.sid, world.sid, "nosuch", "\ud800"]) | texts,
        "game": st.sampled_from(["stop-thief", "kojak", "chess"]) | texts,
        "seat": st.sampled_from(["0", "1", "9", "-1", "x", "1.0"]),
    }
    url = path
    for name in re.findall(r"{(\w+)}", path):
        url = url.replace("{" + name + "}", _quote(str(draw(values.get(name, texts)))))
    query = []
    for param in op.get("parameters", []):
        if param["in"] == "query" and draw(st.booleans()):
            value = str(draw(st.integers(-2, 300) | texts))
            query.append(f"{param['name']}={_quote(value)}")
    if query:
        url += "?" + "&".join(query)
    headers: dict[str, Any] = {}
    token = draw(st.sampled_from([None, *world.tokens, *world.tokens, world.owner, "x" * 43,
                                  "\u00e9", "\x01"]))  # fmt: skip
    if token is not None:
        headers["authorization"] = f"Bearer {token}".encode()  # bytes: any octets go
    origin = draw(st.sampled_from([None, None, "http://testserver", "https://evil.example"]))
    if origin:
        headers["origin"] = origin
    content: bytes | None = None
    if method == "POST":
        fields = body_fields(schema, op)
        kind = draw(st.sampled_from(["mutated"] * 4 + ["shaped"] * 2 + ["any", "raw", "none"]))
        if kind == "mutated":
            body = valid_body(world, path)
            assert set(body) <= set(fields), (path, body, fields)  # the description says so
            for _ in range(draw(st.integers(1, 2))):
                mutate(draw, body)
            content = json.dumps(body).encode()
        elif kind == "shaped":
            body: Any = {}
            for name in fields:
                if draw(st.integers(0, 3)):
                    if name == "action":
                        body[name] = draw(st.sampled_from(world.actions) | odd_values)
                    else:
                        body[name] = draw(FIELD_VALUES.get(name, odd_values))
            if draw(st.integers(0, 9)) == 0:
                body[draw(texts)] = draw(odd_values)
            content = json.dumps(body).encode()
        elif kind == "any":
            content = json.dumps(draw(odd_values)).encode()
        elif kind == "raw":
            content = draw(st.sampled_from(RAW_BODIES))
        if content is not None:
            headers["content-type"] = "application/json"
    return method, path, url, headers, content


def valid_body(world: World, path: str) -> Any:
    """A body each POST operation would accept (the fuzz changes one or two things in it)."""
    table = live(world.client, world.tid)
    legal = [a.to_json() for a in table.state.legal_actions()] or [{"kind": "roll"}]
    bodies: dict[str, Any] = {
        "/api/tables": {"game": "stop-thief", "players": 2, "options": {"win_amount": 500},
                        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot",
                                  "level": "random"}]},
        "/api/tables/{table_id}/join": {"seat": 0, "name": "Bo"},
        "/api/tables/{table_id}/actions": {"action": legal[0], "version": table.version},
        "/api/tables/{table_id}/seats/{seat}/bot": {"level": "random"},
        "/api/tables/{table_id}/seats/{seat}/human": {"name": "Cy"},
        "/api/scanner/sessions": {"seed": 1, "still": 0.5},
        "/api/scanner/sessions/{sid}/presses": {"button": "ON"},
    }  # fmt: skip
    return json.loads(json.dumps(bodies.get(path, {})))


def look_alike(value: Any) -> list[Any]:
    """Values a lax parser would take for `value`: 3.0 or true for 3, "3" for 3, and so on."""
    if isinstance(value, bool):
        return [int(value), str(value).lower(), None]
    if isinstance(value, int):
        return [float(value), value == 1, str(value), [value], -value - 1, 2**64]
    if isinstance(value, float):
        return [str(value), int(value) if math.isfinite(value) else 0, True, float("nan")]
    if isinstance(value, str):
        return [[value], {"x": value}, 0, value + "\ud800", "\x00" + value, value * 200]
    return [None, "", 0, {}]


def mutate(draw: st.DrawFn, body: Any) -> None:
    """Change one thing somewhere in `body`: an odd key, an odd or look-alike value, nesting."""
    places: list[Any] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict | list):
            places.append(node)
            for child in node.values() if isinstance(node, dict) else node:
                walk(child)

    walk(body)
    how = draw(st.sampled_from(["key", "value", "look-alike", "deep"]))
    objects = [p for p in places if isinstance(p, dict)]
    if how == "key" and objects:
        draw(st.sampled_from(objects))[draw(st.sampled_from(ODD_TEXT))] = 1
        return
    place = draw(st.sampled_from(places))
    keys = sorted(place) if isinstance(place, dict) else list(range(len(place)))
    if not keys:
        place.append(draw(odd_values)) if isinstance(place, list) else place.update(x=1)
        return
    key = draw(st.sampled_from(keys))
    if how == "look-alike":
        place[key] = draw(st.sampled_from(look_alike(place[key])))
    elif how == "deep":
        place[key] = nested(draw(st.integers(9, 900)))
    else:
        place[key] = draw(odd_values)


def _quote(text: str) -> str:
    from urllib.parse import quote

    return quote(text.encode("utf-8", "surrogatepass"), safe="")


def test_no_input_makes_a_server_error_or_changes_anything_when_refused(world: World) -> None:
    client = world.client
    schema = client.get("/openapi.json").json()
    ops = operations(client)
    assert len(ops) >= 14
    tried: list[tuple[str, str, int]] = []

    def fuzz(chosen: list[Any], examples: int) -> None:
        @settings(
            max_examples=examples,
            derandomize=True,
            deadline=None,
            database=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        )
        @given(request=requests(world, chosen, schema))
        def one(request: Any) -> None:
            method, path, url, headers, content = request
            before = world.fingerprint()
            r = client.request(method, url, headers=headers, content=content)
            tried.append((method, path, r.status_code))
            assert r.status_code < 500, (method, url, content and content[:200], r.text[:300])
            if r.status_code >= 400:
                if r.headers.get("content-type", "").startswith("application/json"):
                    answer = r.json()
                    assert isinstance(answer.get("error"), str) and isinstance(
                        answer.get("message"), str
                    )
                assert world.fingerprint() == before, (
                    method,
                    url,
                    content and content[:200],
                    r.text,
                )

        one()

    fuzz(ops, HTTP_EXAMPLES)
    # The run is derandomised, so which operations it reaches depends on how many there
    # are: any it missed get a few inputs of their own, so every operation is tried.
    missed = [op for op in ops if (op[0], op[1]) not in {(m, p) for m, p, _ in tried}]
    for op in missed:
        fuzz([op], 5)
    assert len(tried) >= HTTP_EXAMPLES * 0.9
    assert not [t for t in tried if t[2] >= 500]
    hit = {(m, p) for m, p, _ in tried}
    assert hit == {(m, p) for m, p, _ in ops}, "every operation is tried"
    refused = sum(1 for t in tried if t[2] >= 400)
    assert (
        refused >= len(tried) // 2
    )  # most fuzz is refused; some gets through (valid joins, reads)


def _socket_messages(world: World) -> st.SearchStrategy[str]:
    shaped = st.fixed_dictionaries(
        {"type": st.sampled_from(["action", "action", "ping", "hello", "dance"]) | texts},
        optional={
            "id": scalars | deep,
            "action": st.sampled_from(world.actions) | odd_values,
            "version": st.integers(-1, 3) | numbers,
            "token": st.sampled_from(world.tokens) | texts,
            "extra": odd_values,
        },
    ).map(json.dumps)
    raw = st.sampled_from(["", "{", "[]", "null", '"x"', "[" * 3000, '{"type": "ping", "id": NaN}',
                           '{"type": "ping", "id": "\\ud800"}'])  # fmt: skip
    return shaped | raw | odd_values.map(json.dumps)


def test_no_socket_message_makes_a_server_error_or_silences_the_socket(world: World) -> None:
    client = world.client
    mover = live(client, world.tid).state.to_move
    assert mover is not None
    tried: list[str] = []
    with client.websocket_connect(f"/ws/tables/{world.tid}") as ws:
        ws.send_json({"type": "hello", "token": world.tokens[mover]})
        assert receive(ws)["type"] == "snapshot"

        @settings(
            max_examples=WS_EXAMPLES,
            derandomize=True,
            deadline=None,
            database=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        )
        @given(text=_socket_messages(world))
        def one(text: str) -> None:
            if '"hello"' in text:
                return  # a refused hello closes the socket, by design (tested elsewhere)
            before = world.fingerprint()
            ws.send_text(text)
            ws.send_json({"type": "ping", "id": "after"})
            answers = []
            while True:  # everything this message caused, up to the pong that follows it
                got = receive(ws)
                if got == {"type": "pong", "id": "after"}:
                    break
                answers.append(got)
            tried.append(text)
            assert answers, ("no answer", text[:200])
            codes = [a.get("error") for a in answers if a["type"] == "error"]
            assert "server" not in codes and "storage" not in codes, (text[:200], answers)
            if codes:
                assert world.fingerprint() == before, (text[:200], answers)

        one()
    assert len(tried) >= WS_EXAMPLES * 0.5
