#!/usr/bin/env python3
"""How fast is the server? Run by hand:  .venv/bin/python bench/bench_server.py

Starts `python -m sleuth serve` (bot delay 0, a fresh SQLite file, full syncs)
on a free loopback port, sets up Stop Thief tables whose every seat is a
WebSocket client (plus one spectator a table), and lets the clients play at
bot speed: the seat to move answers each update at once with a random legal
action. Prints accepted actions a second over all tables, and the latency from
sending an action to the moment every client of that table (every seat and the
spectator) has its update: p50, p99 and max, plus the p50/p99 of single
deliveries.

Bounded in count and time: --tables N (default 20, at most 200), --players N
(2-4, default 3), --seconds S (default 10, at most 120), --bot-seats N (seats
a table leaves to server bots; their actions count, not their latency),
--rate R (pace the tables so that together they offer at most R actions a
second, each table at most one action every tables/R seconds: latency at a
stated load rather than at saturation, where it is only the queue), --url URL
(measure a server already running instead), --ws-compression
(start the server with permessage-deflate on), --db-dir DIR (put the database
there: /dev/shm takes the disk's syncs out of the figures), --game NAME (any
game; Stop Thief by default). It also prints the bytes of each update and
snapshot the clients got, and (for a server it started) the server's CPU time
per accepted action.

--open-big stores a finished Stop Thief game of about 3000 actions before the
server starts and, halfway through the run, a separate process opens it as a
visitor would (the table, a spectator's snapshot, the replay) while pinging
another table every 5 ms: the longest ping round trip while it opens, against
the pings before, shows how long the opening stalled every other table.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

import sleuth

PLAYERS = {"stop-thief": 3, "manhunt": 2, "kojak": 3, "columbo": 3}
BIG_ID = "big-game"  # the stored game --open-big opens


@dataclass
class Stats:
    sent: dict[tuple[str, int], float] = field(default_factory=dict)  # (table, version) -> t
    arrivals: dict[tuple[str, int], list[float]] = field(default_factory=dict)
    all_seats: list[float] = field(default_factory=list)  # action -> last client updated
    single: list[float] = field(default_factory=list)  # action -> one client updated
    versions: dict[str, int] = field(default_factory=dict)  # table -> highest version seen
    update_bytes: list[int] = field(default_factory=list)
    snapshot_bytes: list[int] = field(default_factory=list)
    errors: int = 0
    elapsed: float = 0.0
    cpu: float | None = None  # the server's CPU seconds over the run (a server it started)
    handshakes: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(32))
    # --rate: each table's next action may go no sooner than its slot (table -> time)
    interval: float = 0.0
    slots: dict[str, float] = field(default_factory=dict)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(database: Path, compression: bool) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "sleuth", "serve", "--port", str(port),
               "--db", str(database), "--bot-delay", "0",
               "--ws-compression" if compression else "--no-ws-compression"]  # fmt: skip
    helped = subprocess.run([*command[:4], "--help"], capture_output=True, text=True).stdout
    if "--no-rate-limits" in helped:  # every client here is one address: a load, not abuse
        command.append("--no-rate-limits")
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"{url}/api/games", timeout=1).raise_for_status()
            return process, url
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user and system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def set_table(
    http: httpx.AsyncClient, game: str, players: int, bot_seats: int, seed: int
) -> tuple[str, list[tuple[int, str]]]:
    seats = [{"kind": "human"}] * (players - bot_seats) + [
        {"kind": "bot", "level": "random"}
    ] * bot_seats
    r = await http.post(
        "/api/tables", json={"game": game, "players": players, "seed": seed, "seats": seats}
    )
    r.raise_for_status()
    created = r.json()
    tid = created["id"]
    invites = {s["seat"]: s["invite"] for s in created["seats"] if s.get("invite")}
    tokens = []
    for seat in range(players - bot_seats):
        body = {"seat": seat, **({"invite": invites[seat]} if seat in invites else {})}
        j = await http.post(f"/api/tables/{tid}/join", json=body)
        j.raise_for_status()
        tokens.append((seat, j.json()["token"]))
    return tid, tokens


async def client(
    url: str,
    tid: str,
    seat: int | None,
    token: str | None,
    watchers: int,
    stats: Stats,
    stop_at: float,
    rng: random.Random,
) -> None:
    ws_url = url.replace("http://", "ws://") + f"/ws/tables/{tid}"
    async with stats.handshakes:  # the server lets one address open only so many at once
        connection = await connect(ws_url, max_size=None)
    async with connection as ws:
        await ws.send(json.dumps({"type": "hello", **({"token": token} if token else {})}))
        while time.monotonic() < stop_at:
            try:
                text = await asyncio.wait_for(
                    ws.recv(), timeout=max(0.01, stop_at - time.monotonic())
                )
            except TimeoutError:
                break
            now = time.perf_counter()
            message = json.loads(text)
            kind = message["type"]
            if kind == "error":
                stats.errors += 1
                continue
            if kind not in ("snapshot", "update"):
                continue
            version = message["version"]
            (stats.update_bytes if kind == "update" else stats.snapshot_bytes).append(
                len(text.encode()) if isinstance(text, str) else len(text)
            )
            if kind == "update":
                key = (tid, version)
                got = stats.arrivals.setdefault(key, [])
                got.append(now)
                if key in stats.sent:
                    stats.single.append(now - stats.sent[key])
                    if len(got) == watchers:
                        stats.all_seats.append(now - stats.sent[key])
                stats.versions[tid] = max(stats.versions.get(tid, 0), version)
            if seat is not None and message["legal"] and message["to_move"] == seat:
                await act(ws, tid, message, stats, rng)


async def act(
    ws: ClientConnection, tid: str, message: dict[str, Any], stats: Stats, rng: random.Random
) -> None:
    version = message["version"]
    if stats.interval:  # paced: wait for this table's slot, then book the next one
        now = time.perf_counter()
        slot = stats.slots.setdefault(tid, now + rng.uniform(0, stats.interval))
        if slot > now:
            await asyncio.sleep(slot - now)
        stats.slots[tid] = max(slot, now) + stats.interval
    stats.sent[(tid, version + 1)] = time.perf_counter()
    action = rng.choice(message["legal"])
    await ws.send(
        json.dumps({"type": "action", "id": version, "action": action, "version": version})
    )


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(values: list[float], q: float) -> str:
    return f"{pct(values, q) * 1000:.1f}" if values else "-"


async def run(args: argparse.Namespace, url: str, server_pid: int | None) -> Stats:
    stats = Stats(interval=args.tables / args.rate if args.rate else 0.0)
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        tables = [
            await set_table(http, args.game, args.players, args.bot_seats, seed)
            for seed in range(args.tables)
        ]
    if args.open_big:
        opener = multiprocessing.get_context("spawn").Process(
            target=open_big, args=(url, tables[0][0], args.seconds / 2), daemon=True
        )
        opener.start()
    cpu_before = cpu_seconds(server_pid) if server_pid else None
    start = time.monotonic()
    stop_at = start + args.seconds
    tasks = []
    for n, (tid, tokens) in enumerate(tables):
        watchers = len(tokens) + 1
        for seat, token in tokens:
            rng = random.Random(n * 10 + seat)
            tasks.append(client(url, tid, seat, token, watchers, stats, stop_at, rng))
        tasks.append(client(url, tid, None, None, watchers, stats, stop_at, random.Random(0)))
    await asyncio.gather(*tasks)
    stats.elapsed = time.monotonic() - start
    if server_pid and cpu_before is not None:
        stats.cpu = cpu_seconds(server_pid) - cpu_before
    if args.open_big:
        opener.join(60)
    return stats


# --- the big stored game, and opening it while the others play -------------------------------
def store_big_game(database: Path, actions: int = 3000) -> int:
    """Store a finished Stop Thief game of `actions` or a few more, played at random. Its length."""
    from sleuth.server.store import Store, TableRow

    for seed in range(1000):
        state = sleuth.new_game("stop-thief", players=3, seed=seed)
        rng = random.Random(seed)
        moves: list[tuple[int, dict[str, Any]]] = []
        while not state.over and len(moves) < actions * 1.3:
            seat = state.to_move
            assert seat is not None
            action = rng.choice(state.legal_actions())
            state.apply(action)
            moves.append((seat, action.to_json()))
        if state.over and len(moves) >= actions:
            break
    else:  # pragma: no cover
        raise SystemExit("no seed gave a long enough game")
    seats = [{"kind": "human", "name": f"P{n}", "level": None, "token_hash": None,
              "claimed": True} for n in range(3)]  # fmt: skip
    store = Store(f"sqlite:///{database}")
    store.create_schema()
    row = TableRow(id=BIG_ID, game="stop-thief", players=3, seed=seed,
                   options=state.record().options, seats=seats, owner_hash="",
                   status="finished")  # fmt: skip
    store.insert_table(row)
    store.append_actions([(BIG_ID, n, seat, a) for n, (seat, a) in enumerate(moves)])
    store.close()
    return len(moves)


def open_big(url: str, other_table: str, after: float) -> None:
    """In a process of its own: ping `other_table` every 5 ms; after `after` seconds open the
    big game (its table, a spectator's snapshot, its replay) and print what the pings saw."""
    asyncio.run(_open_big(url, other_table, after))


async def _open_big(url: str, other_table: str, after: float) -> None:
    ws_url = url.replace("http://", "ws://")
    pings: list[tuple[float, float]] = []  # (sent, round trip)
    phases: list[tuple[str, float, float]] = []
    done = asyncio.Event()

    async def ping(ws: ClientConnection) -> None:
        n = 0
        while not done.is_set():
            n += 1
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "ping", "id": n}))
            while json.loads(await ws.recv()).get("type") != "pong":
                pass
            pings.append((sent, time.perf_counter() - sent))
            await asyncio.sleep(0.005)

    async def phase(name: str, work: Any) -> None:
        began = time.perf_counter()
        await work
        phases.append((name, began, time.perf_counter()))

    async def snapshot() -> None:
        async with connect(f"{ws_url}/ws/tables/{BIG_ID}", max_size=None) as big:
            await big.send(json.dumps({"type": "hello"}))
            message = json.loads(await big.recv())
            assert message["type"] == "snapshot", message

    async with connect(f"{ws_url}/ws/tables/{other_table}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        await ws.recv()
        pinger = asyncio.get_running_loop().create_task(ping(ws))
        await asyncio.sleep(after)
        async with httpx.AsyncClient(base_url=url, timeout=60) as http:
            await phase("restore (GET table)", http.get(f"/api/tables/{BIG_ID}"))
            await phase("snapshot (hello)", snapshot())
            await phase("replay (GET replay)", http.get(f"/api/tables/{BIG_ID}/replay"))
        await asyncio.sleep(0.5)
        done.set()
        await pinger
    first = phases[0][1]
    before = [rtt for sent, rtt in pings if sent < first - 0.05]
    print(f"opening the stored game ({BIG_ID}), pinging another table every 5 ms:")
    print(f"  pings before it: {len(before)}, round trip p50 {ms(before, 0.5)} ms, "
          f"p99 {ms(before, 0.99)} ms, max {ms(before, 1.0)} ms")  # fmt: skip
    for name, began, ended in phases:
        # a ping sent up to one round trip before the phase began can be held up by it
        during = [rtt for sent, rtt in pings if began - 0.05 <= sent <= ended]
        print(f"  {name}: took {(ended - began) * 1000:.0f} ms; longest ping round trip "
              f"meanwhile {ms(during, 1.0)} ms ({len(during)} pings)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--game", default="stop-thief", choices=sorted(PLAYERS))
    parser.add_argument("--players", type=int, default=None, help="default: 3 (Manhunt 2)")
    parser.add_argument("--open-big", action="store_true", help="open a stored 3000-action game")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--bot-seats", type=int, default=0)
    parser.add_argument(
        "--rate", type=float, default=None, help="offer at most this many actions/s in all"
    )
    parser.add_argument("--url", default=None)
    parser.add_argument("--ws-compression", action="store_true")
    parser.add_argument(
        "--db-dir", default=None, help="where the SQLite file goes (tmpfs: no disk)"
    )
    args = parser.parse_args()
    args.tables = max(1, min(args.tables, 200))
    args.players = max(2, min(args.players or PLAYERS[args.game], 4))
    args.seconds = max(1.0, min(args.seconds, 120.0))
    args.bot_seats = max(0, min(args.bot_seats, args.players - 1))

    process = None
    with tempfile.TemporaryDirectory(dir=args.db_dir) as tmp:
        url = args.url
        if url is None:
            database = Path(tmp) / "bench.sqlite3"
            if args.open_big:
                print(f"stored a finished game of {store_big_game(database)} actions")
            process, url = start_server(database, args.ws_compression)
        elif args.open_big:
            raise SystemExit("--open-big needs a server this starts (it stores the game first)")
        try:
            # The clients' own collector must not pause the measuring: a full pass over
            # the recorded times took 50-60 ms, which showed up as the server's latency.
            gc.disable()
            stats = asyncio.run(run(args, url, process.pid if process else None))
            gc.enable()
        finally:
            if process is not None:
                process.terminate()
                process.wait(10)
    elapsed = stats.elapsed
    actions = sum(stats.versions.values())
    clients = args.tables * (args.players - args.bot_seats + 1)
    print(
        f"{args.game}: {args.tables} tables x {args.players} players ({args.bot_seats} bot "
        f"seats), {clients} WebSocket clients, {elapsed:.1f} s"
        + (f", paced to at most {args.rate:g} actions/s" if args.rate else ", unpaced")
    )
    print(f"accepted actions: {actions} ({actions / elapsed:.0f}/s), errors: {stats.errors}")
    if stats.cpu is not None and actions:
        print(f"server CPU: {stats.cpu:.1f} s, {stats.cpu / actions * 1000:.2f} ms per action")
    mine = time.process_time()  # the clients are one Python process too: are they the limit?
    print(f"these clients' CPU: {mine:.1f} s ({mine / elapsed * 100:.0f}% of one core)")
    if stats.update_bytes:
        sizes = [float(n) for n in stats.update_bytes]
        print(
            f"update bytes: mean {statistics.fmean(sizes):.0f}, p99 {pct(sizes, 0.99):.0f}, "
            f"max {max(sizes):.0f} ({len(sizes)} updates); snapshot bytes: mean "
            f"{statistics.fmean(stats.snapshot_bytes):.0f}"
        )
    print(
        f"action -> every client of the table updated: p50 {ms(stats.all_seats, 0.5)} ms, "
        f"p99 {ms(stats.all_seats, 0.99)} ms, max {ms(stats.all_seats, 1.0)} ms "
        f"({len(stats.all_seats)} actions)"
    )
    print(
        f"action -> one client updated: p50 {ms(stats.single, 0.5)} ms, "
        f"p99 {ms(stats.single, 0.99)} ms"
    )
    if stats.all_seats:
        print(f"mean all-clients latency {statistics.fmean(stats.all_seats) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
