"""Long work in a worker thread gives the event loop its turn often.

Under the GIL a busy worker thread keeps the event loop waiting each time it
wakes (from `epoll`, say) for up to the interpreter's switch interval, 5 ms, before
the worker is made to let go; a loop waking hundreds of times a second then spends
most of its time waiting. A worker that lets go by itself every `BREATH` seconds
(`time.sleep(0)` releases the GIL, and a waiting loop thread takes it) keeps that
wait short: measured with a 3000-action replay in a thread, a 1 ms ticker on the loop
was late by 6-8 ms at the median without it, 0.2 ms with it (docs/server.md "Speed").
"""

from __future__ import annotations

import asyncio
import threading
import time

BREATH = 0.0005
"""Seconds of work in a worker thread between two moments it lets the event loop in."""

_last = threading.local()


def let_the_loop_in() -> None:
    """Give up the GIL a moment if this worker thread has kept it `BREATH` seconds since it
    last did. A no-op on the event loop's own thread (it has nobody to wait for)."""
    now = time.perf_counter()
    if now - getattr(_last, "at", 0.0) < BREATH:
        return
    if asyncio._get_running_loop() is None:
        time.sleep(0)
    _last.at = time.perf_counter()
