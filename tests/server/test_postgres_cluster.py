"""Two real server processes on one real PostgreSQL server: seats split across them, one
SIGKILLed mid-game, nothing acknowledged lost, every game finished with an exact replay.

Each table (one of every game) is made on process A; its seat 0 plays through A, its
seat 1 through B, and a bot plays a third seat where the game allows one. A spectator
socket on B watches every table: the updates it gets (actions stored by either
process, heard through LISTEN/NOTIFY) come one version at a time and patch its view
into exactly the replay's. Mid-game A is killed; its seats go on through B, then the
owner hands the people's seats to bots, which B must now run (A held their leases),
and every game plays out. A second test sends a chat line and an undo through A to a
socket on B, then plays the move taken back through B.

Needs PostgreSQL (Debian's package: found under /usr/lib/postgresql, installed with
apt-get as root if missing; tests/server/postgres.py) and psycopg (the `postgres`
extra). docs/server.md, "Several processes on PostgreSQL", says how to run it.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import jsonpatch
import pytest
from websockets.sync.client import ClientConnection, connect

import sleuth
from sleuth.bots import bot_levels
from sleuth.server.limits import SHARE_SECONDS
from tests.serve_process import Server
from tests.server.postgres import Unavailable, postgres_server

pytest.importorskip("psycopg", reason="psycopg is not installed: pip install -e '.[postgres]'")

GAMES = ("stop-thief", "manhunt", "kojak", "columbo")
BEFORE_KILL = 12  # client actions acknowledged, over all tables, before A is killed
AFTER_KILL = 12  # and after, through B alone
DEADLINE = 50.0  # seconds for the whole test's play


def canon(action: Any) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    try:
        with postgres_server() as url:
            yield url
    except Unavailable as why:
        pytest.skip(f"no PostgreSQL server can be started here: {why}")


@dataclass
class Table:
    id: str
    game: str
    owner: str
    seats: dict[int, tuple[str, str]] = field(default_factory=dict)  # seat -> (token, process)
    acks: dict[int, str] = field(default_factory=dict)  # number -> the action, as acknowledged
    watched: list[dict[str, Any]] = field(default_factory=list)  # what B's socket said


class Clients:
    """The test's players: one thread a table, acting for its people through their process."""

    def __init__(self, urls: dict[str, str]) -> None:
        self.urls = urls
        self.lock = threading.Lock()
        self.dead: set[str] = set()
        self.acked = 0
        self.stop = threading.Event()

    def base(self, process: str) -> str:
        with self.lock:
            return self.urls["B" if process in self.dead else process]

    def play(self, table: Table, rng: random.Random) -> None:
        with httpx.Client(timeout=10) as http:
            while not self.stop.is_set():
                if not self._turn(http, table, rng):
                    time.sleep(0.02)

    def _turn(self, http: httpx.Client, table: Table, rng: random.Random) -> bool:
        for token, process in table.seats.values():
            try:
                url = f"{self.base(process)}/api/tables/{table.id}"
                view = http.get(f"{url}/view", headers=bearer(token)).json()
                if view.get("status") == "finished":
                    return False
                if not view.get("legal"):
                    continue
                action = rng.choice(view["legal"])
                r = http.post(
                    f"{url}/actions",
                    json={"action": action, "version": view["version"]},
                    headers=bearer(token),
                )
            except httpx.TransportError:
                return False  # the process died under it: the next try goes to B
            if r.status_code == 200:
                with self.lock:
                    number = r.json()["version"] - 1
                    assert number not in table.acks, f"{table.id}: {number} acknowledged twice"
                    table.acks[number] = canon(action)
                    self.acked += 1
                return True
            assert r.status_code == 409, r.text  # a stale view: the other process moved on
        return False


def watch(url: str, table: Table, stop: threading.Event) -> None:
    """A spectator's socket on one process: every message, until told to stop."""
    with connect(f"{url.replace('http', 'ws')}/ws/tables/{table.id}") as ws:
        ws.send(json.dumps({"type": "hello"}))
        while not stop.is_set():
            try:
                table.watched.append(json.loads(ws.recv(timeout=0.2)))
            except TimeoutError:
                continue


def make_table(http: httpx.Client, a: str, b: str, game: str) -> Table:
    """A table made on A: seat 0 joins through A, seat 1 through B, a bot where there is room."""
    players = max(2, sleuth.spec(game).min_players)
    seats: list[dict[str, Any]] = [{"kind": "human"}, {"kind": "human"}]
    if sleuth.spec(game).max_players > players:
        players += 1
        seats.append({"kind": "bot", "level": bot_levels(game)[-1]})
    r = http.post(f"{a}/api/tables", json={"game": game, "players": players, "seats": seats})
    assert r.status_code == 201, r.text
    made = r.json()
    table = Table(made["id"], game, made["owner_token"])
    for seat, process, base in ((0, "A", a), (1, "B", b)):
        invite = made["seats"][seat]["invite"]
        joined = http.post(f"{base}/api/tables/{table.id}/join", json={"invite": invite})
        assert joined.status_code == 200, joined.text
        table.seats[seat] = (joined.json()["token"], process)
    return table


def test_two_processes_one_killed_lose_nothing(database: str) -> None:
    args = ["--no-rate-limits"]
    a, b = Server(database, args), Server(database, args)
    a.start()
    b.start()
    stop_watching = threading.Event()
    clients = Clients({"A": a.url, "B": b.url})
    threads: list[threading.Thread] = []
    try:
        with httpx.Client(timeout=10) as http:
            tables = [make_table(http, a.url, b.url, game) for game in GAMES]
            watchers = [
                threading.Thread(target=watch, args=(b.url, t, stop_watching), daemon=True)
                for t in tables
            ]
            for thread in watchers:
                thread.start()
            rng = random.Random(10)
            threads = [
                threading.Thread(
                    target=clients.play, args=(t, random.Random(rng.random())), daemon=True
                )
                for t in tables
            ]
            for thread in threads:
                thread.start()
            deadline = time.monotonic() + DEADLINE

            def until(count: int) -> None:
                while clients.acked < count:
                    assert time.monotonic() < deadline, f"only {clients.acked} actions"
                    time.sleep(0.02)

            until(BEFORE_KILL)
            a.kill()  # SIGKILL, mid-game: its seats carry on through B
            with clients.lock:
                clients.dead.add("A")
            until(clients.acked + AFTER_KILL)
            clients.stop.set()
            for thread in threads:
                thread.join(15)
            # Bots finish the games: B runs them all now, A's leases having died with it.
            for table in tables:
                for seat in table.seats:
                    r = http.post(
                        f"{b.url}/api/tables/{table.id}/seats/{seat}/bot",
                        json={},
                        headers=bearer(table.owner),
                    )
                    assert r.status_code in (200, 409), r.text  # 409: the game is over
            for table in tables:
                while http.get(f"{b.url}/api/tables/{table.id}").json()["status"] != "finished":
                    assert time.monotonic() < deadline, f"{table.game} did not finish"
                    time.sleep(0.05)
            time.sleep(0.3)  # the last updates reach the sockets
            stop_watching.set()
            for thread in watchers:
                thread.join(5)
            for table in tables:
                check(http, b.url, table)
    finally:
        clients.stop.set()
        stop_watching.set()
        a.kill()
        b.stop()


def check(http: httpx.Client, url: str, table: Table) -> None:
    """Every acknowledged action stored at its number; the record replays exactly; B's
    spectator socket got every version in order and its patched view is the replay's."""
    answer = http.get(f"{url}/api/tables/{table.id}/replay")
    assert answer.status_code == 200, answer.text
    assert "damage" not in answer.json()["table"], answer.json()["table"]
    record = sleuth.Record.from_json(answer.json()["record"])
    stored = [canon(a) for a in record.actions]
    for number, action in table.acks.items():
        assert stored[number] == action, f"{table.game}: acknowledged action {number} lost"
    again = sleuth.replay(record)
    assert again.over, table.game
    first, *updates = table.watched
    assert first["type"] == "snapshot", first
    view = first["view"]
    version = first["version"]
    for message in updates:
        if message["type"] != "update":
            continue
        assert message["version"] == version + 1, f"{table.game}: a gap after {version}"
        version = message["version"]
        view = jsonpatch.apply_patch(view, message["patch"])
    assert version == len(record.actions), f"{table.game}: socket stopped at {version}"
    assert view == json.loads(json.dumps(again.view(None))), table.game


# --- chat and undo across the processes (docs/server.md, "Table chat" and "Undo") ---------------
def _next(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of `kind` (others, such as table summaries, are passed over)."""
    deadline = time.monotonic() + 10
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message["type"] == kind:
            return message


def test_chat_and_undo_reach_the_other_process(database: str) -> None:
    a, b = Server(database, ["--no-rate-limits"]), Server(database, ["--no-rate-limits"])
    a.start()
    b.start()
    try:
        with httpx.Client(timeout=10) as http:
            made = http.post(
                f"{a.url}/api/tables",
                json={"game": "stop-thief", "players": 2, "seed": 21, "undo": True},
            ).json()
            tid = made["id"]
            tokens = []
            for seat in (0, 1):
                joined = http.post(
                    f"{a.url}/api/tables/{tid}/join", json={"invite": made["seats"][seat]["invite"]}
                )
                tokens.append(joined.json()["token"])
            api = f"{a.url}/api/tables/{tid}"
            mover = http.get(f"{api}/view", headers={"Authorization": f"Bearer {tokens[0]}"})
            seat = mover.json()["to_move"]
            auth = {"Authorization": f"Bearer {tokens[seat]}"}
            deadline = time.monotonic() + 10
            for token in tokens:  # B hears of the joins on A a moment later
                while http.get(
                    f"{b.url}/api/tables/{tid}/view", headers={"Authorization": f"Bearer {token}"}
                ).is_error:
                    assert time.monotonic() < deadline, "B never heard of the seats taken on A"
                    time.sleep(0.02)
            with connect(f"{b.url.replace('http', 'ws')}/ws/tables/{tid}") as watcher:
                watcher.send(json.dumps({"type": "hello", "token": tokens[1 - seat]}))
                first = _next(watcher, "snapshot")
                with connect(f"{a.url.replace('http', 'ws')}/ws/tables/{tid}") as writer:
                    writer.send(json.dumps({"type": "hello", "token": tokens[seat]}))
                    _next(writer, "snapshot")
                    writer.send(json.dumps({"type": "chat", "id": 1, "text": "hello from A"}))
                    line = _next(watcher, "chat")["line"]
                    assert (line["seat"], line["text"]) == (seat, "hello from A")

                for kind in ("clue", "roll"):
                    version = http.get(f"{api}/view", headers=auth).json()["version"]
                    r = http.post(
                        f"{api}/actions",
                        json={"action": {"kind": kind}, "version": version},
                        headers=auth,
                    )
                    assert r.status_code == 200, r.text
                before = http.get(f"{api}/view", headers=auth).json()
                move = next(x for x in before["legal"] if x["kind"] == "move")
                r = http.post(
                    f"{api}/actions",
                    json={"action": move, "version": before["version"]},
                    headers=auth,
                )
                assert r.status_code == 200, r.text
                while _next(watcher, "update")["version"] < before["version"] + 1:
                    pass
                r = http.post(f"{api}/undo", json={"version": before["version"] + 1}, headers=auth)
                assert r.status_code == 200, r.text
                note = _next(watcher, "chat")["line"]
                assert note["kind"] == "undo" and note["seat"] == seat
                again = _next(watcher, "snapshot")
                assert again["version"] == before["version"] and again["undone"]["seat"] == seat
                assert first["view"]["game"] == again["view"]["game"]

            # B had the move in memory until it heard of the undo: the move is now played
            # through B at the freed number, and stored exactly once.
            on_b = f"{b.url}/api/tables/{tid}"
            r = http.post(
                f"{on_b}/actions", json={"action": move, "version": before["version"]}, headers=auth
            )
            assert r.status_code == 200, r.text
            deadline = time.monotonic() + 10
            while http.get(f"{api}/view", headers=auth).json()["version"] != before["version"] + 1:
                assert time.monotonic() < deadline, "A never heard of the move played on B"
                time.sleep(0.02)
    finally:
        a.stop()
        b.stop()


def test_two_processes_share_each_client_limit(database: str) -> None:
    """Each of two processes allows half of a client's limit (counted from PostgreSQL's
    sessions), so a client going to both gets the limit once: 4 new tables here, not 8."""
    limit = ["--limit", "creates=4/0.001"]
    a, b = Server(database, limit), Server(database, limit)
    a.start()
    b.start()
    try:
        time.sleep(SHARE_SECONDS + 1)  # A counted itself alone at start: let it count again
        made, refused = 0, 0
        with httpx.Client(timeout=10) as http:
            for n in range(10):
                url = (a if n % 2 == 0 else b).url
                r = http.post(f"{url}/api/tables", json={"game": "stop-thief", "players": 2})
                if r.status_code == 429:
                    assert r.json()["error"] == "rate_limited"
                    refused += 1
                else:
                    assert r.status_code in (200, 201), r.text
                    made += 1
        assert (made, refused) == (4, 6)
    finally:
        a.stop()
        b.stop()
