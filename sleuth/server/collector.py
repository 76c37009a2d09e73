"""The cyclic garbage collector, set for a server once it has started.

Its full passes stop every thread, the event loop too, while they walk the heap, and a
server's heap is mostly long-lived: its modules and the tables it serves. Two settings keep
those passes out of the players' way (figures: docs/server.md, "Speed"):
- what start-up made (modules, restored tables) is frozen, out of every later pass;
- a full pass comes after 100 passes of the middle generation instead of 10: every 30 s or
  so at 500 actions a second rather than every 3 s, each as long as before. Python's own
  rule still holds it back until the objects that survived since the last one are a
  quarter of the old ones, so garbage does not pile up (the same peak memory, measured).
"""

from __future__ import annotations

import gc

FULL_PASS_EVERY = 100
"""Middle-generation passes between full ones (Python's default is 10)."""

_SETTLED: list[bool] = []


def settle_collector() -> None:
    """Freeze what start-up made and space the full passes out. Once a process: a server has
    one lobby (tests make many, and need not pay each time). Garbage is collected first, so
    none is kept for good."""
    if _SETTLED:
        return
    _SETTLED.append(True)
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_PASS_EVERY)
