"""The real server SIGKILLed at random moments and started again on the same SQLite file:
every acknowledged action is stored at its number, and every game ends with an exact replay.

Tables of every game run at once: some played by the server's bots (no delay), some
by this test's own clients over HTTP (one thread per table, acting for its human
seats; in bursts, several threads submit one version at once). The server is killed
at seeded random moments: any moment, in a burst, just after new bot tables start,
and while the bots play every game out. While it is dead the database is read and
checked; then it is started again on that file and checked through the API.

The seed is printed; `SLEUTH_CRASH_SEED=n` repeats a run's choices (thread timing
still varies).
"""

from __future__ import annotations

import json
import os
import random
import secrets
import sqlite3
import subprocess
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

import sleuth
from sleuth.bots import bot_levels
from tests.serve_process import Server as ServerProcess

KILLS_PLAYING = 8  # while the clients and the bots play
KILLS_FINISHING = 2  # after the clients' seats went to bots, while they play the games out
BURST = 4  # submissions of one version at once, each from its own thread
TABLES_MAX = 36  # finished bot tables are replaced with new ones up to this many


def canon(action: Mapping[str, Any]) -> str:
    """An action as exact JSON: `1`, `1.0` and `true` stay different."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def as_sent(value: Any) -> Any:
    """A value as JSON brings it to a client (a view's number keys become text)."""
    return json.loads(json.dumps(value))


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


# --- the server -----------------------------------------------------------------------------
class Crashable(ServerProcess):
    """The shared server helper, keeping what each life of the server wrote to stderr
    (read as it comes, so a chatty server never blocks on a full pipe)."""

    def __init__(self, database: Path) -> None:
        super().__init__(database)
        self.lives: list[str] = []
        self._lines: list[str] = []
        self._reader: threading.Thread | None = None

    def start(self) -> None:
        super().start()
        assert self.process is not None and self.process.stderr is not None
        stream = self.process.stderr
        self._lines = []
        lines = self._lines

        def read() -> None:
            for line in stream:
                lines.append(line.decode(errors="replace"))

        self._reader = threading.Thread(target=read, name="server-stderr", daemon=True)
        self._reader.start()

    def _collect(self) -> None:
        if self._reader is not None:
            self._reader.join(10)
            self._reader = None
            self.lives.append("".join(self._lines))
        if self.process is not None and self.process.stderr is not None:
            self.process.stderr.close()

    def kill(self) -> None:
        super().kill()
        self._collect()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self._collect()


# --- what the clients saw -------------------------------------------------------------------
@dataclass
class Ledger:
    """Every acknowledgement and the last view each seat was shown, from all threads."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    acks: dict[tuple[str, int], tuple[int, str]] = field(default_factory=dict)
    seen: dict[tuple[str, int | None], tuple[int, dict[str, Any]]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    bursts: int = 0
    stale: int = 0  # a burst's submissions refused as stale (one version, one action)
    limited: int = 0  # submissions refused with 429: this address's share was spent
    bursting: threading.Event = field(default_factory=threading.Event)  # submissions in flight

    def ack(self, table_id: str, number: int, seat: int, action: Mapping[str, Any]) -> None:
        with self.lock:
            if (table_id, number) in self.acks:
                self.problems.append(f"{table_id}: action {number} acknowledged twice")
            self.acks[(table_id, number)] = (seat, canon(action))

    def saw(self, table_id: str, seat: int | None, version: int, view: dict[str, Any]) -> None:
        with self.lock:
            self.seen[(table_id, seat)] = (version, view)

    def count(self, what: str) -> None:
        with self.lock:
            setattr(self, what, getattr(self, what) + 1)

    def problem(self, text: str) -> None:
        with self.lock:
            self.problems.append(text)

    def copies(
        self,
    ) -> tuple[dict[tuple[str, int], tuple[int, str]], dict[tuple[str, int | None], Any]]:
        with self.lock:
            return dict(self.acks), dict(self.seen)


# --- tables ---------------------------------------------------------------------------------
OPTIONS: dict[str, Callable[[random.Random], dict[str, Any]]] = {
    "stop-thief": lambda r: {"win_amount": r.choice([500, 1000, 2500])},
    "manhunt": lambda r: {"crime": r.choice(["robbery", "murder", "swindle"])},
    "kojak": lambda r: {"version": r.choice(["fast", "advanced"])},
    "columbo": lambda r: {"advanced": r.random() < 0.5, "max_turns": 300},
}


@dataclass
class Table:
    id: str
    game: str
    kind: str  # "bots", "mixed" (one client seat) or "humans" (every seat a client's)
    owner: str
    tokens: dict[int, str]  # the clients' seats
    finished: bool = False


def table_body(rng: random.Random, game: str, kind: str) -> dict[str, Any]:
    """A table of `game`: random players, seats and options; at least one strong bot among
    random players, so that the games end."""
    game_spec = sleuth.spec(game)
    levels = bot_levels(game)
    players = 2 if kind == "humans" else rng.randint(game_spec.min_players, 4)
    strong = {"kind": "bot", "level": levels[-1]}
    if kind == "humans":
        seats = [{"kind": "human"} for _ in range(players)]
    else:
        first = strong if kind == "bots" else {"kind": "human"}
        others = levels if kind == "bots" else levels[1:] or levels
        seats = [first] + [{"kind": "bot", "level": rng.choice(others)} for _ in range(players - 1)]
        if kind == "mixed" and len(seats) > 1:
            seats[1] = strong
        rng.shuffle(seats)
    body = {"game": game, "players": players, "seats": seats, "options": OPTIONS[game](rng)}
    if rng.random() < 0.5:
        body["seed"] = rng.randrange(2**128)  # the rest draw a secret one
    return body


def patiently(send: Callable[[], httpx.Response]) -> httpx.Response:
    """`send()`, again after the wait a 429 asks for: all the test's clients share one
    address, and the server limits what one address may do."""
    while True:
        r = send()
        if r.status_code != 429:
            return r
        time.sleep(retry_after(r))


def retry_after(r: httpx.Response) -> float:
    return min(float(r.headers.get("Retry-After", 1)), 2.0)


def join(http: httpx.Client, created: dict[str, Any], seat: int) -> str:
    """Claim a human seat the way a page that got its `join_url` does: with the seat's
    invite (seats are by invitation), as the link carries it after `#invite=`."""
    url = created["seats"][seat]["join_url"]
    invite = created["seats"][seat].get("invite") or url.partition("#invite=")[2]
    body = {"seat": seat, "invite": invite}
    r = patiently(lambda: http.post(f"/api/tables/{created['id']}/join", json=body))
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    return token


def create(http: httpx.Client, rng: random.Random, game: str, kind: str) -> Table:
    body = table_body(rng, game, kind)
    r = patiently(lambda: http.post("/api/tables", json=body))
    assert r.status_code == 201, r.text
    created: dict[str, Any] = r.json()
    humans = [s["seat"] for s in created["seats"] if s["kind"] == "human"]
    tokens = {seat: join(http, created, seat) for seat in humans}
    return Table(created["id"], game, kind, created["owner_token"], tokens)


# --- the clients ----------------------------------------------------------------------------
class Player(threading.Thread):
    """Plays a table's client seats at random over HTTP until told to stop, riding out every
    crash. In a burst, one version is submitted from several threads at once."""

    def __init__(
        self,
        url: str,
        table: Table,
        seed: int,
        ledger: Ledger,
        stop: threading.Event,
        burst: threading.Event,
    ) -> None:
        super().__init__(name=f"player-{table.id}", daemon=True)
        self.url, self.table, self.ledger = url, table, ledger
        self.rng = random.Random(seed)
        self.stop, self.burst = stop, burst
        self.seat = min(table.tokens)

    def run(self) -> None:
        local = threading.local()
        clients: list[httpx.Client] = []

        def own_client() -> None:
            local.http = httpx.Client(base_url=self.url, timeout=10)
            clients.append(local.http)

        def post(token: str, action: dict[str, Any], version: int) -> httpx.Response | None:
            try:
                return self.send(local.http, token, action, version)
            except httpx.TransportError:
                return None  # the server died under it

        with (
            httpx.Client(base_url=self.url, timeout=10) as http,
            ThreadPoolExecutor(BURST, initializer=own_client) as pool,
        ):
            while not self.stop.is_set():
                try:
                    if not self.step(http, pool, post):
                        break
                except httpx.TransportError:
                    time.sleep(0.05)  # the server is down: wait for it to come back
        for client in clients:
            client.close()

    def send(
        self, http: httpx.Client, token: str, action: dict[str, Any], version: int
    ) -> httpx.Response:
        r = http.post(
            f"/api/tables/{self.table.id}/actions",
            json={"action": action, "version": version},
            headers=bearer(token),
        )
        if r.status_code == 200:
            if r.json() != {"version": version + 1}:
                self.ledger.problem(f"{self.table.id}: acted on {version}, answer {r.text}")
            self.ledger.ack(self.table.id, version, self.seat, action)
        elif r.status_code >= 500:
            self.ledger.problem(f"{self.table.id}: {r.status_code} {r.text}")
        return r

    def step(
        self,
        http: httpx.Client,
        pool: ThreadPoolExecutor,
        post: Callable[[str, dict[str, Any], int], httpx.Response | None],
    ) -> bool:
        """One look at the table and, on a client seat's turn, one action (or a burst)."""
        tid, token = self.table.id, self.table.tokens[self.seat]
        r = http.get(f"/api/tables/{tid}/view", headers=bearer(token))
        if r.status_code != 200:
            self.ledger.problem(f"{tid}: view {r.status_code} {r.text}")
            time.sleep(0.1)
            return True
        v = r.json()
        self.ledger.saw(tid, self.seat, v["version"], v["view"])
        if v["status"] == "finished":
            return False
        mover = v["to_move"]
        if mover != self.seat and mover in self.table.tokens:
            self.seat = mover  # hot seat: the next look is for that seat
            return True
        if mover != self.seat or not v["legal"]:
            time.sleep(0.01)  # a bot's turn
            return True
        version = v["version"]
        if not self.burst.is_set():
            r = self.send(http, token, self.rng.choice(v["legal"]), version)
            if r.status_code == 429:  # this address's share of actions is spent: wait
                self.ledger.count("limited")
                time.sleep(retry_after(r))
            elif r.status_code != 200:
                self.ledger.problem(f"{tid}: a current, legal action got {r.text}")
            return True
        actions = [self.rng.choice(v["legal"]) for _ in range(BURST)]
        self.ledger.bursting.set()
        answers = list(pool.map(lambda a: post(token, a, version), actions))
        self.ledger.bursting.clear()
        got = [a for a in answers if a is not None]
        accepted = [a for a in got if a.status_code == 200]
        refused = [a for a in got if a.status_code != 200]
        with self.ledger.lock:
            self.ledger.bursts += 1
        limited = any(a.status_code == 429 for a in got)
        if len(accepted) > 1 or (len(got) == BURST and not accepted and not limited):
            self.ledger.problem(f"{tid}: {len(accepted)} of {BURST} accepted at {version}")
        for a in refused:
            if a.status_code == 429:
                self.ledger.count("limited")
                time.sleep(retry_after(a))
            elif a.status_code == 409 and a.json().get("error") == "stale_version":
                self.ledger.count("stale")
            else:
                self.ledger.problem(f"{tid}: a burst's other submission got {a.text}")
        return True


# --- checking the database --------------------------------------------------------------------
@dataclass
class Stored:
    """One table as the database holds it."""

    record: sleuth.Record
    seats: list[int]
    status: str


def read_database(path: Path) -> tuple[dict[str, Stored], int, list[str]]:
    """Every table with its actions, how many actions were set aside, and any gaps in numbers.

    Read only: the server's own start-up must find the file just as the crash left it.
    """
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        tables = {
            tid: Stored(sleuth.Record(game, players, int(digits), json.loads(options)), [], status)
            for tid, game, players, digits, options, status in db.execute(
                "SELECT id, game, players, seed_digits, options, status FROM tables"
            )
        }
        gaps: list[str] = []
        for tid, number, seat, action in db.execute(
            "SELECT table_id, number, seat, action FROM actions ORDER BY table_id, number"
        ):
            stored = tables[tid]
            if number != len(stored.record.actions):
                gaps.append(f"{tid}: action {number} stored after {len(stored.record.actions)}")
            stored.record.actions.append(json.loads(action))
            stored.seats.append(seat)
        (set_aside,) = db.execute("SELECT count(*) FROM set_aside_actions").fetchone()
    return tables, int(set_aside), gaps


def lost_acks(stored: dict[str, Stored], acks: dict[tuple[str, int], tuple[int, str]]) -> list[str]:
    """Every acknowledged action missing from storage, or stored differently."""
    lost = []
    for (tid, number), (seat, action) in sorted(acks.items()):
        table = stored.get(tid)
        if table is None or number >= len(table.record.actions):
            lost.append(f"{tid}: acknowledged action {number} {action} is not stored")
        elif (table.seats[number], canon(table.record.actions[number])) != (seat, action):
            got = canon(table.record.actions[number])
            lost.append(f"{tid}: action {number} is {got} by {table.seats[number]}, not {action}")
    return lost


def check_storage(
    path: Path, ledger: Ledger, verified: dict[str, tuple[Any, ...]]
) -> dict[str, Stored]:
    """The database of a dead server: whole, every acknowledgement in it, every table's
    actions replaying, and every view a client was last shown rebuilt exactly from them.

    One replay a table, stepping through its actions; a table whose stored actions and
    views shown are as `verified` last time is not replayed again."""
    stored, set_aside, gaps = read_database(path)
    acks, seen = ledger.copies()
    assert not gaps, gaps
    assert set_aside == 0, f"{set_aside} stored actions were set aside"
    assert not lost_acks(stored, acks), lost_acks(stored, acks)
    shown: dict[str, list[tuple[int, int | None, dict[str, Any]]]] = {}
    for (tid, seat), (version, view) in seen.items():
        shown.setdefault(tid, []).append((version, seat, view))
    for tid, table in stored.items():
        record, views = table.record, sorted(shown.get(tid, []), key=lambda v: v[0])
        key = (len(record.actions), *((version, seat) for version, seat, _ in views))
        if verified.get(tid) == key:
            continue
        assert all(v <= len(record.actions) for v, _, _ in views), f"{tid}: showed unstored"
        state = sleuth.new_game(record.game, record.players, record.seed, **record.options)
        for number in range(len(record.actions) + 1):
            while views and views[0][0] == number:
                _, seat, view = views.pop(0)
                again = as_sent(state.view(seat))
                assert again == view, differ(record, number, seat, view, again)
            if number < len(record.actions):
                state.apply(record.actions[number])  # IllegalAction: a stored one not replaying
        verified[tid] = key
    return stored


def differ(record: sleuth.Record, version: int, seat: int | None, shown: Any, again: Any) -> str:
    """Words for a view shown that the stored actions do not give back."""
    keys = sorted(k for k in set(shown) | set(again) if shown.get(k) != again.get(k))
    parts = "; ".join(f"{k}: shown {shown.get(k)!r}, replayed {again.get(k)!r}" for k in keys)
    return (
        f"{record.game} ({record.players} players, seed {record.seed}, options "
        f"{record.options}): seat {seat}'s view at version {version} is not the replay's: {parts}"
    )


def check_restarted(http: httpx.Client, tables: list[Table], stored: dict[str, Stored]) -> None:
    """The server started again on the file: every table back, at least where it was."""
    for table in tables:
        r = http.get(f"/api/tables/{table.id}")
        assert r.status_code == 200, r.text
        summary = r.json()
        assert "damage" not in summary, summary["damage"]
        assert summary["version"] >= len(stored[table.id].record.actions), table.id


def check_log(life: str) -> None:
    """The server reported no error and no refused bot move (a crash should leave no trace)."""
    bad = [line for line in life.splitlines() if " ERROR " in line or " WARNING " in line]
    assert "Traceback" not in life and not bad, life


def finish_all(http: httpx.Client, tables: list[Table]) -> None:
    """Hand every client seat of an unfinished game to the game's strongest bot."""
    for table in tables:
        for seat in table.tokens:
            r = http.post(
                f"/api/tables/{table.id}/seats/{seat}/bot",
                json={"level": bot_levels(table.game)[-1]},
                headers=bearer(table.owner),
            )
            finished = r.status_code == 409 and r.json()["error"] == "finished"
            assert r.status_code == 200 or finished, r.text


def wait_finished(http: httpx.Client, tables: list[Table], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    for table in tables:
        while http.get(f"/api/tables/{table.id}").json()["status"] != "finished":
            assert time.monotonic() < deadline, f"{table.id} ({table.game}) did not finish"
            time.sleep(0.05)
        table.finished = True


def check_finished(http: httpx.Client, table: Table, stored: Stored) -> None:
    """A finished game: its record is what storage holds and replays to every view shown now."""
    answer = http.get(f"/api/tables/{table.id}/replay")
    assert answer.status_code == 200, answer.text
    assert "damage" not in answer.json()["table"], answer.json()["table"]
    record = sleuth.Record.from_json(answer.json()["record"])
    assert record.seed == stored.record.seed and record.options == stored.record.options
    assert [canon(a) for a in record.actions] == [canon(a) for a in stored.record.actions]
    again = sleuth.replay(record)
    assert again.over
    spectator = http.get(f"/api/tables/{table.id}/view").json()
    assert spectator["version"] == len(record.actions)
    assert as_sent(again.view(None)) == spectator["view"], table.id
    for seat, token in table.tokens.items():
        mine = http.get(f"/api/tables/{table.id}/view", headers=bearer(token)).json()
        assert as_sent(again.view(seat)) == mine["view"], f"{table.id} seat {seat}"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Crashable]:
    srv = Crashable(tmp_path / "sleuth.sqlite3")
    yield srv
    srv.stop()


def test_sigkill_at_random_moments_loses_no_acknowledged_action(server: Crashable) -> None:
    seed = int(os.environ.get("SLEUTH_CRASH_SEED") or secrets.randbelow(2**32))
    print(f"crash test seed {seed}: SLEUTH_CRASH_SEED={seed} repeats its choices")
    rng = random.Random(seed)  # the tables: how many are made depends on timing too
    schedule = random.Random(seed + 1)  # the kills: when, and at what kind of moment
    ledger = Ledger()
    stop, burst = threading.Event(), threading.Event()
    tables: list[Table] = []
    players: list[Player] = []
    moments: list[str] = []
    downtimes: list[tuple[float, float]] = []  # seconds checking the file, and restarting
    verified: dict[str, tuple[Any, ...]] = {}
    botted: set[str] = set()  # tables with bot seats
    bot_games: list[int] = []  # of them, those not over at each kill
    started = time.monotonic()

    def add(http: httpx.Client, game: str, kind: str) -> None:
        table = create(http, rng, game, kind)
        tables.append(table)
        if kind != "humans":
            botted.add(table.id)
        if table.tokens:
            player = Player(server.url, table, rng.randrange(2**32), ledger, stop, burst)
            players.append(player)
            player.start()

    def crash(moment: str) -> None:
        """SIGKILL now, check the file, start again, check the API."""
        down = time.monotonic()
        server.kill()
        burst.clear()
        moments.append(moment)
        check_log(server.lives[-1])
        stored = check_storage(server.database, ledger, verified)
        bot_games.append(sum(t.id in botted and stored[t.id].status != "finished" for t in tables))
        checked = time.monotonic()
        server.start()
        with httpx.Client(base_url=server.url, timeout=10) as http:
            check_restarted(http, tables, stored)
        downtimes.append((checked - down, time.monotonic() - checked))

    server.start()
    games = sleuth.game_names()
    with httpx.Client(base_url=server.url, timeout=10) as http:
        for game in games:
            for kind in ("bots", "mixed", "humans"):
                add(http, game, kind)
    for _ in range(KILLS_PLAYING):
        with httpx.Client(base_url=server.url, timeout=10) as http:
            for table in tables:  # finished bot games make way for new ones
                if table.finished or table.tokens:
                    continue
                if http.get(f"/api/tables/{table.id}").json()["status"] == "finished":
                    table.finished = True
                    if len(tables) < TABLES_MAX:
                        add(http, table.game, "bots")
            if schedule.random() < 0.5:
                burst.set()  # the clients submit in bursts until the next kill
            time.sleep(schedule.uniform(0.2, 1.5))
            moment = schedule.choice(["any", "in a burst", "bots starting"])
            if moment == "in a burst":
                burst.set()
                ledger.bursting.clear()
                ledger.bursting.wait(5)
                time.sleep(schedule.uniform(0.0, 0.01))
            elif moment == "bots starting":
                for game in schedule.sample(games, 2):
                    add(http, game, "bots")
                time.sleep(schedule.uniform(0.0, 0.2))
        crash(moment)

    stop.set()
    for player in players:
        player.join(30)
        assert not player.is_alive(), f"{player.name} is stuck"
    with httpx.Client(base_url=server.url, timeout=10) as http:
        finish_all(http, tables)
    botted.update(t.id for t in tables)
    for _ in range(KILLS_FINISHING):
        time.sleep(schedule.uniform(0.05, 0.5))
        crash("bots finishing")
    with httpx.Client(base_url=server.url, timeout=10) as http:
        wait_finished(http, tables, timeout=60)
        server_stored, _, _ = read_database(server.database)
        for table in tables:
            check_finished(http, table, server_stored[table.id])
    server.stop()
    check_log(server.lives[-1])
    stored = check_storage(server.database, ledger, verified)
    assert not ledger.problems, ledger.problems

    acks, _ = ledger.copies()
    assert len(acks) > 100, "the clients hardly played"
    actions = sum(len(s.record.actions) for s in stored.values())
    print(
        f"crash test seed {seed}: {len(moments)} SIGKILLs survived ({', '.join(moments)}); "
        f"{len(acks)} acknowledged actions checked, 0 lost; {len(tables)} games of "
        f"{len(games)} kinds finished with exact replays ({actions} actions); "
        f"{ledger.bursts} bursts of {BURST} ({ledger.stale} stale submissions refused, "
        f"{ledger.limited} rate-limited); {min(bot_games)}-{max(bot_games)} games with bots "
        f"in play at each kill; "
        f"{sum(c for c, _ in downtimes):.1f} s checking the file, "
        f"{sum(r for _, r in downtimes):.1f} s restarting, "
        f"{time.monotonic() - started:.0f} s in all"
    )


def test_the_check_notices_an_acknowledged_action_lost_or_changed() -> None:
    """The check the crash test rests on: it must not pass a database that lost anything."""
    state = sleuth.new_game("manhunt", 2, seed=3)
    seats = []
    for _ in range(4):
        seats.append(state.to_move)
        state.apply(state.legal_actions()[-1])
    record = state.record()
    acks = {("t", n): (seats[n], canon(a)) for n, a in enumerate(record.actions)}

    def stored(actions: list[dict[str, Any]], at: list[Any]) -> dict[str, Stored]:
        return {"t": Stored(sleuth.Record("manhunt", 2, 3, {}, actions), at, "playing")}

    assert lost_acks(stored(record.actions, seats), acks) == []
    assert len(lost_acks(stored(record.actions[:-1], seats[:-1]), acks)) == 1
    assert len(lost_acks({}, acks)) == len(acks)
    assert len(lost_acks(stored(record.actions, [1 - s for s in seats]), acks)) == len(acks)
    changed = [dict(a) for a in record.actions]
    changed[2]["spy"] = True  # one more field: another action
    assert len(lost_acks(stored(changed, seats), acks)) == 1
    assert canon({"kind": "move", "to": 1}) != canon({"kind": "move", "to": True})
