#!/usr/bin/env python3
"""How long does opening a big stored game hold up the event loop? Run by hand:

    .venv/bin/python bench/bench_stall.py [--actions 3000] [--tables 5]

Stores a finished Stop Thief game of about `--actions` actions, starts the app in
this process (FastAPI's TestClient: the standard asyncio loop in a thread of its
own) with `--tables` other tables whose bots play meanwhile, then opens the big
game as a visitor would: its table (restored from storage), a spectator's
snapshot over the WebSocket, its replay. For each step it prints the longest
single stretch the event loop spent in one callback, in the loop thread's own
CPU time, so other processes on the machine do not blur it: nothing else on the
loop (no other table) can run during such a stretch. Worker threads are not
counted: they share the GIL with the loop, but it gets its turn every switch
interval (`sys.getswitchinterval()`, printed). It also prints the wall-clock
lag of a 1 ms ticker on the loop, which machine load does blur.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_server import BIG_ID, store_big_game  # noqa: E402

from sleuth.server.app import create_app  # noqa: E402


def make_app(url: str) -> Any:
    """The app, its rate limits off where it has them (one address makes every table here)."""
    if "limits" not in inspect.signature(create_app).parameters:
        return create_app(url, bot_delay=0.01)
    from sleuth.server.limits import Limits

    return create_app(url, bot_delay=0.01, limits=Limits(enabled=False))


class LoopWatch:
    """The longest callback on the loop thread (its CPU time), since the last `reset`."""

    def __init__(self) -> None:
        self.longest = 0.0
        self.where = ""
        self.loop_thread: int | None = None
        self._run: Callable[..., Any] = asyncio.events.Handle._run

    def install(self) -> None:
        watch = self
        original = self._run

        def timed(handle: asyncio.events.Handle) -> None:
            if threading.get_ident() != watch.loop_thread:
                return original(handle)
            began = time.thread_time()
            try:
                return original(handle)
            finally:
                took = time.thread_time() - began
                if took > watch.longest:
                    watch.longest, watch.where = took, repr(handle)[:120]

        asyncio.events.Handle._run = timed  # type: ignore[method-assign]

    def reset(self) -> None:
        self.longest, self.where = 0.0, ""


async def ticker(lags: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        began = time.perf_counter()
        await asyncio.sleep(0.001)
        lags.append(time.perf_counter() - began - 0.001)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--tables", type=int, default=5, help="bot tables playing meanwhile")
    args = parser.parse_args()
    watch = LoopWatch()
    with tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp) / "stall.sqlite3"
        length = store_big_game(database, max(100, min(args.actions, 20_000)))
        print(f"a finished game of {length} actions; switch interval "
              f"{sys.getswitchinterval() * 1000:g} ms")  # fmt: skip
        with TestClient(make_app(f"sqlite:///{database}")) as client:
            watch.loop_thread = client.portal.call(threading.get_ident)
            watch.install()
            for seed in range(max(0, min(args.tables, 100))):
                body = {"game": "stop-thief", "players": 3, "seed": seed,
                        "seats": [{"kind": "bot", "level": "random"}] * 3}  # fmt: skip
                assert client.post("/api/tables", json=body).status_code == 201
            lags: list[float] = []
            stop = asyncio.Event()
            client.portal.start_task_soon(ticker, lags, stop)
            time.sleep(1.0)

            def step(name: str, work: Callable[[], Any]) -> None:
                watch.reset()
                lags.clear()
                began = time.perf_counter()
                work()
                took = time.perf_counter() - began
                late = sorted(lags) or [0.0]  # a busy machine blurs the max, less the median
                print(f"  {name}: {took * 1000:.0f} ms; longest callback on the loop "
                      f"{watch.longest * 1000:.1f} ms CPU; ticker lag p50 "
                      f"{late[len(late) // 2] * 1000:.1f} ms, p90 "
                      f"{late[len(late) * 9 // 10] * 1000:.1f} ms, max {late[-1] * 1000:.1f} ms "
                      f"({len(lags)} ticks; {watch.where})")  # fmt: skip

            def snapshot() -> None:
                with client.websocket_connect(f"/ws/tables/{BIG_ID}") as ws:
                    ws.send_json({"type": "hello"})
                    assert ws.receive_json()["type"] == "snapshot"

            step("background (1 s of the bot tables)", lambda: time.sleep(1.0))
            step("restore (GET table)", lambda: client.get(f"/api/tables/{BIG_ID}"))
            step("snapshot (hello)", snapshot)
            step("replay (GET replay)", lambda: client.get(f"/api/tables/{BIG_ID}/replay"))
            client.portal.call(stop.set)


if __name__ == "__main__":
    main()
