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
--url URL (measure a server already running instead), --ws-compression
(start the server with permessage-deflate on), --db-dir DIR (put the database
there: /dev/shm takes the disk's syncs out of the figures).
"""

from __future__ import annotations

import argparse
import asyncio
import json
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


@dataclass
class Stats:
    sent: dict[tuple[str, int], float] = field(default_factory=dict)  # (table, version) -> t
    arrivals: dict[tuple[str, int], list[float]] = field(default_factory=dict)
    all_seats: list[float] = field(default_factory=list)  # action -> last client updated
    single: list[float] = field(default_factory=list)  # action -> one client updated
    versions: dict[str, int] = field(default_factory=dict)  # table -> highest version seen
    errors: int = 0
    elapsed: float = 0.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(database: Path, compression: bool) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    process = subprocess.Popen(
        [sys.executable, "-m", "sleuth", "serve", "--port", str(port),
         "--db", str(database), "--bot-delay", "0",
         "--ws-compression" if compression else "--no-ws-compression"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"{url}/api/games", timeout=1).raise_for_status()
            return process, url
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


async def set_table(
    http: httpx.AsyncClient, players: int, bot_seats: int, seed: int
) -> tuple[str, list[tuple[int, str]]]:
    seats = [{"kind": "human"}] * (players - bot_seats) + [
        {"kind": "bot", "level": "random"}
    ] * bot_seats
    r = await http.post(
        "/api/tables", json={"game": "stop-thief", "players": players, "seed": seed, "seats": seats}
    )
    r.raise_for_status()
    tid = r.json()["id"]
    tokens = []
    for seat in range(players - bot_seats):
        j = await http.post(f"/api/tables/{tid}/join", json={"seat": seat})
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
    async with connect(ws_url, max_size=None) as ws:
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
    stats.sent[(tid, version + 1)] = time.perf_counter()
    action = rng.choice(message["legal"])
    await ws.send(
        json.dumps({"type": "action", "id": version, "action": action, "version": version})
    )


def ms(values: list[float], q: float) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:.1f}"


async def run(args: argparse.Namespace, url: str) -> Stats:
    stats = Stats()
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        tables = [
            await set_table(http, args.players, args.bot_seats, seed) for seed in range(args.tables)
        ]
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
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--bot-seats", type=int, default=0)
    parser.add_argument("--url", default=None)
    parser.add_argument("--ws-compression", action="store_true")
    parser.add_argument(
        "--db-dir", default=None, help="where the SQLite file goes (tmpfs: no disk)"
    )
    args = parser.parse_args()
    args.tables = max(1, min(args.tables, 200))
    args.players = max(2, min(args.players, 4))
    args.seconds = max(1.0, min(args.seconds, 120.0))
    args.bot_seats = max(0, min(args.bot_seats, args.players - 1))

    process = None
    with tempfile.TemporaryDirectory(dir=args.db_dir) as tmp:
        url = args.url
        if url is None:
            process, url = start_server(Path(tmp) / "bench.sqlite3", args.ws_compression)
        try:
            stats = asyncio.run(run(args, url))
        finally:
            if process is not None:
                process.terminate()
                process.wait(10)
    elapsed = stats.elapsed
    actions = sum(stats.versions.values())
    clients = args.tables * (args.players - args.bot_seats + 1)
    print(
        f"{args.tables} tables x {args.players} players ({args.bot_seats} bot seats), "
        f"{clients} WebSocket clients, {elapsed:.1f} s"
    )
    print(f"accepted actions: {actions} ({actions / elapsed:.0f}/s), errors: {stats.errors}")
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
