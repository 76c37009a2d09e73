"""Upkeep the server does every so often on its event loop (the memory sweep, table expiry)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

log = logging.getLogger("sleuth.server")


class Chore:
    """A piece of upkeep: `tick` every `period` seconds from `start` until `stop`. A tick that
    fails is logged and the next one runs as usual: upkeep never stops the server."""

    name = "upkeep"

    def __init__(self) -> None:
        self.task: asyncio.Task[None] | None = None

    async def tick(self) -> None:
        raise NotImplementedError

    def default_period(self) -> float:
        raise NotImplementedError

    def start(self, every: float | None = None) -> None:
        period = every if every is not None else self.default_period()
        self.task = asyncio.get_running_loop().create_task(
            self._run(period), name=f"sleuth-{self.name}"
        )

    async def _run(self, period: float) -> None:
        while True:
            await asyncio.sleep(period)
            try:
                await self.tick()
            except Exception:
                log.exception("the %s tripped", self.name)

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
            self.task = None
