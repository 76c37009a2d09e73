"""Headers and origins, strict input on every path, rate limits, lobby pages, eviction."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

from sleuth.server.app import create_app
from sleuth.server.errors import ApiError
from sleuth.server.limits import Limits, Rate, RateLimiter
from tests.server.conftest import (
    bearer,
    db_url,
    join,
    live,
    lobby_of,
    my_turn,
    new_table,
    nothing_more,
    play_one,
    receive,
    stored_actions,
    view,
    wait_until,
)

PAGES = ["/", "/t/abc", "/t/abc/join/0", "/t/abc/replay", "/scanner"]
FILES = ["/static/js/lobby.js", "/static/css/sleuth.css", "/static/games/stop-thief/index.js"]


@pytest.fixture
def table(client: TestClient) -> dict[str, Any]:
    """A started 2-human Stop Thief table with both tokens, and who moves."""
    created = new_table(client, [{"kind": "human"}] * 2, players=2)
    tid = created["id"]
    tokens = [join(client, tid, seat=n) for n in range(2)]
    mover = live(client, tid).state.to_move
    assert mover is not None
    return {"id": tid, "tokens": tokens, "mover": mover}


def refused_socket(client: TestClient, url: str, **kwargs: Any) -> int:
    """The HTTP status a refused WebSocket upgrade is answered with."""
    with pytest.raises(WebSocketDenialResponse) as denied, client.websocket_connect(url, **kwargs):
        pass
    return denied.value.status_code


def fingerprint(client: TestClient, db_file: Path, tid: str) -> Any:
    t = live(client, tid)
    return t.version, stored_actions(db_file, tid), json.dumps(t.summary(), sort_keys=True)


# --- headers ---------------------------------------------------------------------------------
def _assert_strict_headers(headers: Any, what: str) -> None:
    policy = headers.get("content-security-policy", "")
    for part in ("script-src 'self'", "frame-ancestors 'none'", "object-src 'none'"):
        assert part in policy, (what, policy)
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, what
    assert "connect-src 'self' ws://testserver wss://testserver" in policy, what
    assert headers.get("x-frame-options") == "DENY", what
    assert headers.get("x-content-type-options") == "nosniff", what
    assert headers.get("referrer-policy") == "no-referrer", what


def test_every_answer_carries_the_strict_headers(client: TestClient) -> None:
    answers = {path: client.get(path) for path in [*PAGES, *FILES, "/api/games", "/openapi.json"]}
    answers["404"] = client.get("/api/tables/nope")
    answers["400"] = client.post("/api/tables", json={"game": 3})
    answers["413"] = client.post("/api/tables", content=b"x" * 70_000)
    answers["svg"] = client.get("/api/games/stop-thief/board.svg")
    for what, r in answers.items():
        assert r.status_code in (200, 400, 404, 413), (what, r.status_code)
        _assert_strict_headers(r.headers, what)
    assert answers["/"].status_code == 200 and answers["/static/js/lobby.js"].status_code == 200


def test_a_bug_answers_500_in_the_error_shape_with_the_headers(db_file: Path) -> None:
    app = create_app(db_url(db_file))

    @app.get("/api/boom")
    def boom() -> None:
        raise RuntimeError("a bug")

    with TestClient(app, raise_server_exceptions=False) as c:
        r = c.get("/api/boom")
    assert r.status_code == 500 and r.json()["error"] == "server"
    _assert_strict_headers(r.headers, "500")


def test_the_pages_need_no_inline_script_or_style() -> None:
    """What the CSP forbids, no page of ours does (the browser tests run the pages with it)."""
    web = Path(__file__).resolve().parents[2] / "sleuth"
    pages = [*web.glob("web/*.html"), *web.glob("games/*/web/**/*.html")]
    assert len(pages) >= 4
    for page in pages:
        text = page.read_text()
        assert "<script>" not in text and " onload=" not in text and " onclick=" not in text
        assert "style=" not in text and "<style" not in text, page
        assert "javascript:" not in text, page


def test_api_docs_are_off_unless_asked_for(db_file: Path) -> None:
    with TestClient(create_app(db_url(db_file))) as off:
        assert off.get("/docs").status_code == 404
        assert off.get("/redoc").status_code == 404
        assert off.get("/openapi.json").status_code == 200
    with TestClient(create_app(db_url(db_file), api_docs=True)) as on:
        docs = on.get("/docs")
        assert docs.status_code == 200 and "swagger" in docs.text.lower()
        # Their own policy allows the CDN they load; the game pages keep the strict one.
        assert "cdn.jsdelivr.net" in docs.headers["content-security-policy"]
        _assert_strict_headers(on.get("/").headers, "/ with docs on")


def test_openapi_says_400_with_the_error_shape(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    text = json.dumps(schema)
    assert '"422"' not in text and "HTTPValidationError" not in text
    error = schema["components"]["schemas"]["Error"]
    assert error["required"] == ["error", "message"]
    operations = [op for ops in schema["paths"].values() for op in ops.values()]
    assert len(operations) >= 10
    for op in operations:
        refused = op["responses"]["400"]["content"]["application/json"]["schema"]
        assert refused == {"$ref": "#/components/schemas/Error"}
        assert "429" in op["responses"]


# --- Host and Origin -------------------------------------------------------------------------
def test_the_host_must_name_this_server(client: TestClient, db_file: Path) -> None:
    for host in ("evil.example", "127.0.0.1.evil.example", "localhost.evil.example:80", ""):
        r = client.get("/api/games", headers={"host": host})
        assert r.status_code == 400 and r.json()["error"] == "bad_host", host
    for host in ("localhost:8000", "127.0.0.1:8000", "[::1]:8000", "192.168.1.20:8000"):
        assert client.get("/api/games", headers={"host": host}).status_code == 200, host
    assert refused_socket(client, "/ws/tables/x", headers={"host": "evil.example"}) == 400
    named = create_app(db_url(db_file), allowed_hosts=["localhost", "*.example.org"])
    with TestClient(named, base_url="http://play.example.org") as c:
        assert c.get("/api/games").status_code == 200
        assert c.get("/api/games", headers={"host": "example.org.evil"}).status_code == 400
        assert c.get("/api/games", headers={"host": "testserver"}).status_code == 400


def test_cross_origin_posts_and_sockets_are_refused(
    client: TestClient, db_file: Path, table: dict[str, Any]
) -> None:
    tid, mover = table["id"], table["mover"]
    free = new_table(client, [{"kind": "human"}] * 2, players=2, open_seats=True)["id"]
    before = fingerprint(client, db_file, tid)
    foreign = {"origin": "https://evil.example"}
    v = view(client, tid, table["tokens"][mover])
    attempts = [
        ("/api/tables", {"json": {"game": "stop-thief", "players": 2}, "headers": foreign}),
        (f"/api/tables/{free}/join", {"headers": foreign}),  # a bodyless form post
        (f"/api/tables/{free}/join", {"headers": {"origin": "null"}}),
        (f"/api/tables/{free}/join", {"headers": {"origin": "http://testserver:8080"}}),
        (f"/api/tables/{free}/join", {"headers": {"origin": "https://testserver"}}),
        (f"/api/tables/{tid}/actions", {"json": {"action": v["legal"][0], "version": 0},
         "headers": {**foreign, **bearer(table["tokens"][mover])}}),
    ]  # fmt: skip
    for url, request in attempts:
        r = client.post(url, **request)
        assert r.status_code == 403 and r.json()["error"] == "bad_origin", (url, r.text)
    assert fingerprint(client, db_file, tid) == before
    assert {t["id"] for t in client.get("/api/tables").json()} == {tid, free}
    assert not any(s["claimed"] for s in client.get(f"/api/tables/{free}").json()["seats"])
    # Reading from anywhere is fine; the same origin may post.
    assert client.get(f"/api/tables/{tid}", headers=foreign).status_code == 200
    same = {"origin": "http://testserver", **bearer(table["tokens"][mover])}
    r = client.post(f"/api/tables/{tid}/actions", json={"action": v["legal"][0], "version": 0},
                    headers=same)  # fmt: skip
    assert r.status_code == 200, r.text
    assert refused_socket(client, f"/ws/tables/{tid}", headers=foreign) == 403
    with client.websocket_connect(
        f"/ws/tables/{tid}", headers={"origin": "http://testserver"}
    ) as ws:
        ws.send_json({"type": "hello"})
        assert receive(ws)["type"] == "snapshot"


# --- input -----------------------------------------------------------------------------------
BAD_NAMES = ["a\x00b", "\u202eevil", "x\u2066y\u2069", "a\u200fb", "two\nlines", "\ud800", "\x7f"]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_names_with_control_or_direction_characters_are_refused(
    client: TestClient, name: str
) -> None:
    body = json.dumps({"game": "stop-thief", "players": 2, "seats": [{"name": name}] * 2})
    r = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"] == "malformed", r.text
    tid = new_table(client, [{"kind": "human"}] * 2, players=2)["id"]
    body = json.dumps({"name": name})
    r = client.post(f"/api/tables/{tid}/join", content=body,
                    headers={"content-type": "application/json"})  # fmt: skip
    assert r.status_code == 400 and r.json()["error"] == "malformed", r.text
    assert not any(s["claimed"] for s in client.get(f"/api/tables/{tid}").json()["seats"])


def test_names_in_any_script_and_emoji_are_kept(client: TestClient) -> None:
    names = ["Zoë", "שרה", "محمد", "👩‍👩‍👧", "李小龙"]
    tid = new_table(client, [{"kind": "human", "name": n} for n in names[:4]], players=4)["id"]
    seats = client.get(f"/api/tables/{tid}").json()["seats"]
    assert [s["name"] for s in seats] == names[:4]


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def _raw_bodies(version: int) -> list[tuple[str, str]]:
    """(what, JSON text) of action bodies the server must refuse with 400."""

    def action(x: str, kind: str = '"roll"', version: str = str(version)) -> str:
        return f'{{"action": {{"kind": {kind}, "x": {x}}}, "version": {version}}}'

    return [
        *[(f"nested {d}", action(_nested(d))) for d in (10, 500, 950, 5000, 30_000)],
        ("a lone surrogate", action('"\\ud800"')),
        ("a lone surrogate as a key", action('1, "\\udfff": 1')),
        ("a surrogate kind", action("1", kind='"\\ud800"')),
        ("a huge number", action("9" * 5000)),
        ("an object inside", action('{"a": 1}')),
        ("a float version", action("1", version=f"{version}.0")),
        ("true as version", action("1", version="true")),
    ]


def test_deep_nesting_and_surrogates_answer_400_over_http(
    client: TestClient, db_file: Path, table: dict[str, Any]
) -> None:
    tid = table["id"]
    before = fingerprint(client, db_file, tid)
    for token in table["tokens"]:  # the schema refuses them before whose turn it is matters
        for what, body in _raw_bodies(0):
            headers = {**bearer(token), "content-type": "application/json"}
            r = client.post(f"/api/tables/{tid}/actions", content=body, headers=headers)
            assert r.status_code == 400 and r.json()["error"] == "malformed", (what, r.text)
    tables = [
        '{"game": "\\ud800", "players": 2}',
        '{"game": "stop-thief", "players": 2, "options": {"\\ud800": 1}}',
        '{"game": "stop-thief", "players": 2, "options": {"win_amount": "\\udc00"}}',
        '{"game": "stop-thief", "players": 2, "options": {"win_amount": ' + _nested(900) + "}}",
        '{"game": "stop-thief", "players": 2, "seats": [{"kind": "bot", "level": "\\ud800"}]}',
    ]
    for body in tables:
        r = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["error"] == "malformed", (body[:80], r.text)
    r = client.post(f"/api/tables/{tid}/join", content='{"invite": "\\ud800"}',
                    headers={"content-type": "application/json"})  # fmt: skip
    assert r.status_code == 400, r.text
    assert fingerprint(client, db_file, tid) == before
    assert [t["id"] for t in client.get("/api/tables").json()] == [tid]


def test_deep_nesting_and_surrogates_answer_400_on_the_socket(
    client: TestClient, db_file: Path, table: dict[str, Any]
) -> None:
    tid, mover = table["id"], table["mover"]
    before = fingerprint(client, db_file, tid)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "token": table["tokens"][mover]})
        assert receive(ws)["type"] == "snapshot"
        raw = [
            *[body.replace('{"action"', '{"type": "action", "id": 4, "action"', 1)
              for _, body in _raw_bodies(0)],
            '{"type": "ping", "id": "\\ud800"}',
            '{"type": "ping", "id": [1]}',
            '{"type": "ping", "id": ' + _nested(900) + "}",
            '{"type": "ping", "\\ud800": 1}',
            '{"type": "\\ud800"}',
            '{"type": ["hello"]}',
            '{"type": "action", "id": 4, "action": {"kind": "roll"}, "version": "0"}',
            _nested(5000),
        ]  # fmt: skip
        for text in raw:
            if len(text.encode()) > 64 * 1024:
                continue  # refused as too large: tested elsewhere
            ws.send_text(text)
            answer = receive(ws)
            assert answer["type"] == "error" and answer["error"] == "malformed", (text[:60], answer)
            # The socket stays usable: the next ping is answered.
            ws.send_json({"type": "ping", "id": 1})
            assert receive(ws) == {"type": "pong", "id": 1}, text[:60]
        assert nothing_more(ws, 0.02)
    assert fingerprint(client, db_file, tid) == before


def test_a_hello_with_a_surrogate_token_is_refused(
    client: TestClient, table: dict[str, Any]
) -> None:
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_text('{"type": "hello", "token": "\\ud800"}')
        assert receive(ws)["error"] == "malformed"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


# --- rate limits -----------------------------------------------------------------------------
TINY = Limits(
    creates=Rate(2, 0.001),
    actions=Rate(3, 0.001),
    misses=Rate(3, 0.001),
    sockets=Rate(4, 0.001),
    open_sockets=2,
)


@pytest.fixture
def tiny(db_file: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db_url(db_file), bot_delay=0, limits=TINY)) as c:
        yield c


def _assert_429(r: Any) -> None:
    assert r.status_code == 429, r.text
    assert r.json()["error"] == "rate_limited" and r.json()["message"]
    assert int(r.headers["retry-after"]) >= 1
    _assert_strict_headers(r.headers, "429")


def test_table_creation_is_limited(tiny: TestClient) -> None:
    body = {"game": "stop-thief", "players": 2}
    assert [tiny.post("/api/tables", json=body).status_code for _ in range(2)] == [201, 201]
    _assert_429(tiny.post("/api/tables", json=body))
    _assert_429(tiny.post("/api/scanner/sessions", json={}))  # the same bucket
    assert len(tiny.get("/api/tables").json()) == 2
    # Another client has its own allowance.
    other = TestClient(tiny.app, client=("10.0.0.9", 4000))
    assert other.post("/api/tables", json=body).status_code == 201


def test_companion_sessions_seats_and_actions_are_limited(tiny: TestClient) -> None:
    base = "/api/companions/kojak/sessions"
    sid = tiny.post(base, json={"game": 1, "players": 2}).json()["id"]
    token = tiny.post(f"{base}/{sid}/seats", json={"seat": 0, "name": "Ann"}).json()["token"]
    act = {"action": {"type": "take", "building": "bus"}}
    assert tiny.post(f"{base}/{sid}/actions", json=act, headers=bearer(token)).status_code == 200
    assert tiny.post(f"{base}/{sid}/actions", json=act, headers=bearer(token)).status_code == 400
    _assert_429(tiny.post(f"{base}/{sid}/actions", json=act, headers=bearer(token)))
    tiny.post(base, json={"game": 2, "players": 2})
    _assert_429(tiny.post("/api/companions/manhunt/sessions", json={}))  # one creates bucket
    for _ in range(3):
        assert tiny.get(f"{base}/nobody").status_code == 404
    _assert_429(tiny.get(f"{base}/nobody"))  # misses cost a database read each


def test_actions_are_limited_over_http_and_the_socket(tiny: TestClient, db_file: Path) -> None:
    created = new_table(tiny, [{"kind": "human"}] * 2, players=2)
    tid = created["id"]
    tokens = [join(tiny, tid, seat=n) for n in range(2)]
    for _ in range(2):  # two real actions
        mover = live(tiny, tid).state.to_move
        assert mover is not None
        v = view(tiny, tid, tokens[mover])
        r = tiny.post(f"/api/tables/{tid}/actions", json={"action": v["legal"][0],
                      "version": v["version"]}, headers=bearer(tokens[mover]))  # fmt: skip
        assert r.status_code == 200, r.text
    before = stored_actions(db_file, tid)
    mover = live(tiny, tid).state.to_move
    assert mover is not None
    with tiny.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tokens[mover]})
        snap = receive(ws)
        ws.send_json({"type": "action", "id": 9, "action": {"kind": "fly"}, "version": 2})
        assert receive(ws)["error"] == "illegal"  # the third: counted, and refused by the game
        ws.send_json({"type": "action", "id": 10, "action": snap["legal"][0], "version": 2})
        answer = receive(ws)
        assert answer["error"] == "rate_limited" and answer["id"] == 10, answer
        ws.send_json({"type": "ping", "id": 11})
        assert receive(ws)["type"] == "pong"
    r = tiny.post(f"/api/tables/{tid}/actions", json={"action": snap["legal"][0],
                  "version": 2}, headers=bearer(tokens[mover]))  # fmt: skip
    _assert_429(r)
    assert stored_actions(db_file, tid) == before


def test_lookups_of_unknown_tables_are_limited(tiny: TestClient) -> None:
    tid = new_table(tiny, [{"kind": "human"}] * 2, players=2)["id"]
    for _ in range(3):
        assert tiny.get("/api/tables/nosuchtable").status_code == 404
    _assert_429(tiny.get("/api/tables/another"))
    _assert_429(tiny.get(f"/api/tables/{tid}"))  # until the bucket refills, even known ones
    assert tiny.get("/api/tables").status_code == 200  # the lobby is no lookup


def test_open_sockets_per_client_are_capped(tiny: TestClient) -> None:
    tid = new_table(tiny, [{"kind": "human"}] * 2, players=2)["id"]
    with (
        tiny.websocket_connect(f"/ws/tables/{tid}") as one,
        tiny.websocket_connect(f"/ws/tables/{tid}") as two,
    ):
        assert refused_socket(tiny, f"/ws/tables/{tid}") == 429
        for ws in (one, two):
            ws.send_json({"type": "hello"})
            assert receive(ws)["type"] == "snapshot"
    # Closed ones make room again, until the connection rate runs out (4 in all: the one
    # refused for the cap took none).
    for _ in range(2):
        with tiny.websocket_connect(f"/ws/tables/{tid}") as again:
            again.send_json({"type": "ping", "id": 1})
            assert receive(again)["type"] == "pong"
    assert refused_socket(tiny, f"/ws/tables/{tid}") == 429


def test_limits_are_configurable_and_can_be_turned_off() -> None:
    limits = Limits().with_override("actions=5/0.5").with_override("open-sockets=3")
    assert limits.actions == Rate(5, 0.5) and limits.open_sockets == 3
    for bad in ("speed=1/1", "actions=fast", "open_sockets=x"):
        with pytest.raises(ValueError):
            Limits().with_override(bad)
    assert "off" in Limits(enabled=False).describe()


def test_a_process_of_several_allows_its_share_of_each_limit() -> None:
    """With the database served by several processes, each allows the limit divided among
    them (a client a balancer spreads over them gets the limit once), and the whole again
    when it serves alone (docs/server.md, "Limits")."""
    clock = [0.0]
    limiter = RateLimiter(Limits(creates=Rate(6, 0.0), open_sockets=5), clock=lambda: clock[0])
    limiter.share(3)
    for _ in range(2):
        limiter.take("creates", "1.2.3.4")
    with pytest.raises(ApiError) as refused:
        limiter.take("creates", "1.2.3.4")
    assert refused.value.status == 429
    limiter.take("creates", "5.6.7.8")  # another client has its own share
    for _ in range(2):  # 5 sockets among 3 processes: 2 here (rounded up)
        limiter.open_socket("1.2.3.4")
    with pytest.raises(ApiError):
        limiter.open_socket("1.2.3.4")
    limiter.share(1)  # the others went away: the whole limit again
    limiter.open_socket("1.2.3.4")
    assert limiter._bucket("creates", "9.9.9.9").rate == Rate(6, 0.0)


# --- lobby pages -----------------------------------------------------------------------------
def test_the_lobby_listing_comes_in_pages(client: TestClient) -> None:
    ids = [new_table(client, [{"kind": "human"}] * 2, players=2)["id"] for _ in range(5)]
    newest_first = ids[::-1]
    everything = client.get("/api/tables")
    assert [t["id"] for t in everything.json()] == newest_first and "link" not in everything.headers
    seen: list[str] = []
    url = "/api/tables?limit=2"
    pages = 0
    while url:
        r = client.get(url)
        assert r.status_code == 200 and isinstance(r.json(), list)
        seen += [t["id"] for t in r.json()]
        pages += 1
        link = r.headers.get("link")
        url = link.split(">")[0].lstrip("<") if link else ""
    assert seen == newest_first and pages == 3
    for bad in ("limit=0", "limit=201", "limit=x", "before=yesterday"):
        r = client.get(f"/api/tables?{bad}")
        assert r.status_code == 400 and r.json()["error"] == "malformed", bad


# --- eviction --------------------------------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_idle_finished_tables_leave_memory_and_come_back(client: TestClient) -> None:
    lobby = lobby_of(client)
    tid = new_table(client, [{"kind": "bot", "level": "random"}] * 2, players=2, game="manhunt",
                    seed=2)["id"]  # fmt: skip
    wait_until(lambda: lobby.tables[tid].status == "finished", 30, "the bots to finish")
    wait_until(lambda: lobby.tables[tid].driver is None or lobby.tables[tid].driver.done())
    replay = client.get(f"/api/tables/{tid}/replay").json()
    summary = client.get(f"/api/tables/{tid}").json()
    sweeper = client.app.state.sweeper  # type: ignore[attr-defined]
    clock = Clock()
    clock.now = lobby.tables[tid].updated.timestamp()
    sweeper.clock = clock
    sweeper.touch(tid)
    clock.now += sweeper.idle_seconds - 1
    assert sweeper.sweep() == [] and tid in lobby.tables  # not idle long enough
    clock.now += 2
    assert sweeper.sweep() == [tid]
    assert tid not in lobby.tables
    # Read back from storage on demand, the same as before.
    again = client.get(f"/api/tables/{tid}").json()
    assert again.pop("updated")[:19] == summary.pop("updated")[:19]  # stored apart, by a hair
    assert again == summary
    assert tid in lobby.tables
    reread = client.get(f"/api/tables/{tid}/replay").json()
    assert reread["record"] == replay["record"] and reread["events"] == replay["events"]


def test_idle_unfinished_tables_leave_memory_and_come_back(client: TestClient) -> None:
    """An abandoned open table and a game waiting for a person leave memory when idle (their
    drivers stop), stay listed as they were, and play on when someone comes back; a table
    with a turn timer running stays (its timer runs in memory)."""
    lobby = lobby_of(client)
    waiting = new_table(client, [{"kind": "human"}] * 2, players=2)["id"]
    join(client, waiting, seat=0)
    humans = new_table(client, [{"kind": "human"}, {"kind": "bot", "level": "random"}],
                       players=2)["id"]  # fmt: skip
    token = join(client, humans, seat=0)
    timed = new_table(client, [{"kind": "human"}, {"kind": "bot", "level": "random"}],
                      players=2, turn_seconds=3600)["id"]  # fmt: skip
    join(client, timed, seat=0)
    wait_until(my_turn(client, humans, token, 0), what="seat 0's turn")
    listed = client.get("/api/tables?limit=100").json()
    driver = lobby.tables[humans].driver
    sweeper = client.app.state.sweeper  # type: ignore[attr-defined]
    clock = Clock()
    clock.now = max(lobby.tables[t].updated.timestamp() for t in (waiting, humans, timed))
    sweeper.clock = clock
    clock.now += sweeper.idle_seconds + 1
    assert sorted(sweeper.sweep()) == sorted([waiting, humans])
    assert timed in lobby.tables and waiting not in lobby.tables and humans not in lobby.tables
    assert driver is not None
    wait_until(driver.done, what="the driver to stop")
    assert client.get("/api/tables?limit=100").json() == listed  # listed as before
    # Read back on demand: the second seat joins, the game plays on, the bot with it.
    join(client, waiting, seat=1)
    assert waiting in lobby.tables and waiting not in lobby.resting
    assert client.get(f"/api/tables/{waiting}").json()["status"] == "playing"
    while True:  # seat 0's turn to its end, then the bot's move
        before = play_one(client, humans, token)["version"]
        if view(client, humans, token)["to_move"] != 0 or lobby.tables[humans].version > before + 1:
            break
    wait_until(lambda: lobby.tables[humans].version > before + 1, what="the bot's move")


def test_a_watched_finished_table_stays(client: TestClient) -> None:
    lobby = lobby_of(client)
    tid = new_table(client, [{"kind": "bot", "level": "random"}] * 2, players=2, game="manhunt",
                    seed=2)["id"]  # fmt: skip
    wait_until(lambda: lobby.tables[tid].status == "finished", 30, "the bots to finish")
    sweeper = client.app.state.sweeper  # type: ignore[attr-defined]
    clock = Clock()
    clock.now = lobby.tables[tid].updated.timestamp() + 10 * sweeper.idle_seconds
    sweeper.clock = clock
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello"})
        assert receive(ws)["status"] == "finished"
        clock.now += 10 * sweeper.idle_seconds
        assert sweeper.sweep() == []  # watched: it stays however long
    wait_until(lambda: not lobby.tables[tid].subscribers, what="the socket to close")
    assert sweeper.sweep() == [tid]


def test_idle_scanner_sessions_leave_memory_and_come_back(client: TestClient) -> None:
    created = client.post("/api/scanner/sessions", json={"seed": 7}).json()
    sid = created["id"]
    for button in ("ON", "CLUE"):
        assert (
            client.post(f"/api/scanner/sessions/{sid}/presses", json={"button": button}).status_code
            == 200
        )
    before = client.get(f"/api/scanner/sessions/{sid}").json()
    store = client.app.state.scanner_store  # type: ignore[attr-defined]
    clock = Clock()
    store.clock = clock
    store.used[sid] = clock.now
    clock.now += store.idle_seconds + 1
    assert store.evict_idle() == [sid] and sid not in store.cache
    assert client.get(f"/api/scanner/sessions/{sid}").json() == before
    assert sid in store.cache
    r = client.post(f"/api/scanner/sessions/{sid}/presses", json={"button": "CLUE"})
    assert r.status_code == 200 and r.json()["version"] == before["version"] + 1


def test_scripts_and_styles_are_checked_again_before_each_use(client: TestClient) -> None:
    """Without Cache-Control a browser kept a game's script on its own guess and, after an
    update, ran the old one (seen: a fixed click handler not taking effect on reload). Each
    file says `no-cache`, and an unchanged one costs a 304."""
    for path in ["/static/js/table.js", "/static/games/stop-thief/index.js"]:
        first = client.get(path)
        assert first.status_code == 200 and first.headers["cache-control"] == "no-cache", path
        again = client.get(path, headers={"If-None-Match": first.headers["etag"]})
        assert again.status_code == 304, path
