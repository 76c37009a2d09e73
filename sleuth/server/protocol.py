"""Uvicorn's HTTP protocol with a deadline for headers and a cap on connections per client.

Uvicorn closes a keep-alive connection idle for `timeout_keep_alive`, but any
byte resets that timer, and a connection that never finishes its headers has
no deadline at all: a thousand of them hold a thousand sockets. Here every
request's headers must be complete `header_seconds` after the connection
opened (or after the previous answer), and one client address holds at most
`per_client` connections at once (a WebSocket counts until it upgrades; the
app caps open WebSockets itself).
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol

HEADER_SECONDS = 10.0
PER_CLIENT = 128


def guarded_protocol(
    header_seconds: float = HEADER_SECONDS, per_client: int = PER_CLIENT
) -> type[asyncio.Protocol]:
    """A protocol class for `uvicorn.run(http=...)`, with these limits and its own counts."""
    base: Any = AutoHTTPProtocol
    counts: dict[str, int] = {}

    class Guarded(base):  # type: ignore[misc]
        _deadline: asyncio.TimerHandle | None = None
        _waiting_for: object = None
        _counted: str | None = None

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            client = self.client[0] if self.client else None
            if client is not None:
                if counts.get(client, 0) >= per_client:
                    transport.close()  # too many at once from one address
                    return
                counts[client] = counts.get(client, 0) + 1
                self._counted = client
            self._arm()

        def _arm(self) -> None:
            self._disarm()
            self._waiting_for = self.cycle  # headers are in once a new cycle replaces this
            self._deadline = self.loop.call_later(header_seconds, self._late)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _late(self) -> None:
            self._deadline = None
            transport = self.transport
            if transport.is_closing() or transport.get_protocol() is not self:
                return  # closed already, or upgraded to a WebSocket
            cycle = self.cycle
            if cycle is self._waiting_for and (cycle is None or cycle.response_complete):
                transport.close()  # no complete request in time

        def _uncount(self) -> None:
            if self._counted is not None:
                left = counts.get(self._counted, 1) - 1
                if left > 0:
                    counts[self._counted] = left
                else:
                    counts.pop(self._counted, None)
                self._counted = None

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()  # the next request's headers have a deadline too

        def handle_websocket_upgrade(self, *args: Any) -> None:
            self._disarm()
            self._uncount()  # the socket is the app's to limit from here
            super().handle_websocket_upgrade(*args)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            self._uncount()
            super().connection_lost(exc)

    Guarded.__name__ = Guarded.__qualname__ = f"Guarded{base.__name__}"
    return Guarded
