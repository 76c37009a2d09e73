"""Per-client rate limits: token buckets keyed by the client's address, and the middleware.

Each kind of request draws from its own bucket per client: new tables, scanner
and companion sessions (`creates`), actions, scanner presses and companion
actions and seats (`actions`, over HTTP and the WebSocket alike), lookups of
tables or sessions that do not exist (`misses`: each costs a database read) and
new WebSockets (`sockets`); `open_sockets`
caps the WebSockets one client holds open at once. The defaults are far above
anything a person or the test suite does; a refusal is 429 `rate_limited`
with `Retry-After`, and changes nothing.

Several processes on one database (sleuth/server/cluster.py) share each limit: each
process allows its share, the limit divided by the processes serving (`processes`),
so a client spread over them by a balancer gets the limit once, not once a process.
"""

from __future__ import annotations

import ipaddress
import math
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, fields, replace
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from sleuth.server.errors import ApiError, refuse
from sleuth.server.upkeep import Chore

Clock = Callable[[], float]


@dataclass(frozen=True)
class Rate:
    """A token bucket's shape: up to `burst` at once, refilled at `per_second`."""

    burst: float
    per_second: float

    def __str__(self) -> str:
        return f"{self.burst:g}/{self.per_second:g}"


@dataclass(frozen=True)
class Limits:
    """What one client (one address) may do. `enabled=False` turns every limit off."""

    creates: Rate = Rate(60, 0.5)  # 60 tables at once, then one every 2 s
    actions: Rate = Rate(600, 60)  # far beyond a hot-seat table played by hand
    misses: Rate = Rate(120, 10)  # requests for tables that do not exist
    sockets: Rate = Rate(120, 2)  # new WebSocket connections
    chat: Rate = Rate(8, 0.5)  # chat lines, per connection: 8 at once, then one every 2 s
    open_sockets: int = 32  # WebSockets open at once
    enabled: bool = True

    def with_override(self, text: str) -> Limits:
        """This with one limit changed, from `KIND=BURST/PER_SECOND` (or `open_sockets=N`)."""
        name, _, value = text.partition("=")
        name = name.strip().replace("-", "_")
        known = {f.name for f in fields(self)} - {"enabled"}
        if name not in known:
            raise ValueError(f"no limit called {name!r}; known: {', '.join(sorted(known))}")
        if name == "open_sockets":
            if not value.strip().isdigit():
                raise ValueError("open_sockets takes a whole number")
            return replace(self, open_sockets=int(value))
        match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*/\s*(\d+(?:\.\d+)?)\s*", value)
        if match is None:
            raise ValueError(f"{name} takes BURST/PER_SECOND, such as 60/0.5")
        rates: dict[str, Any] = {name: Rate(float(match[1]), float(match[2]))}
        return replace(self, **rates)

    def describe(self) -> str:
        if not self.enabled:
            return "rate limits off"
        return (
            f"creates {self.creates}, actions {self.actions}, misses {self.misses}, "
            f"sockets {self.sockets}, chat {self.chat} a connection (burst/per second), "
            f"open sockets {self.open_sockets}"
        )


class Bucket:
    """Tokens that refill continuously up to a burst."""

    __slots__ = ("rate", "tokens", "stamp")

    def __init__(self, rate: Rate, now: float) -> None:
        self.rate = rate
        self.tokens = rate.burst
        self.stamp = now

    def _refill(self, now: float) -> None:
        self.tokens = min(self.rate.burst, self.tokens + (now - self.stamp) * self.rate.per_second)
        self.stamp = now

    def wait(self, now: float, cost: float = 1.0) -> float:
        """Seconds until `cost` tokens are there (0: there now)."""
        self._refill(now)
        if self.tokens >= cost:
            return 0.0
        if self.rate.per_second <= 0:
            return math.inf
        return (cost - self.tokens) / self.rate.per_second

    def take(self, now: float, cost: float = 1.0) -> float:
        """Take `cost` tokens if they are there: 0.0; else the seconds to wait (nothing taken)."""
        wait = self.wait(now, cost)
        if wait == 0.0:
            self.tokens -= cost
        return wait

    def full(self, now: float) -> bool:
        self._refill(now)
        return self.tokens >= self.rate.burst


def client_key(scope: Scope) -> str:
    """Who a request comes from: its address (an IPv6 client by its /64, which one holds)."""
    client = scope.get("client")
    host = str(client[0]) if client else "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{address}/64", strict=False))
    return str(address)


MAX_CLIENTS = 10_000
"""Buckets kept before the full ones (clients at rest) are forgotten."""


class RateLimiter:
    """Every client's buckets and open WebSockets."""

    def __init__(self, limits: Limits, clock: Clock = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self.buckets: dict[tuple[str, str], Bucket] = {}
        self.open_sockets: dict[str, int] = {}
        self.processes: int
        self._rates: dict[str, Rate]  # this process's share of each rate
        self._socket_cap: int
        self.share(1)

    def share(self, processes: int) -> None:
        """Allow this process's share of each limit, of `processes` serving the same database."""
        self.processes = max(1, processes)
        self._rates = {
            f.name: Rate(rate.burst / self.processes, rate.per_second / self.processes)
            for f in fields(self.limits)
            if isinstance(rate := getattr(self.limits, f.name), Rate)
        }
        self._socket_cap = max(1, math.ceil(self.limits.open_sockets / self.processes))

    def _bucket(self, kind: str, client: str) -> Bucket:
        key = (kind, client)
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= MAX_CLIENTS:
                self.forget_idle()
            bucket = Bucket(self._rates[kind], self.clock())
            self.buckets[key] = bucket
        else:
            bucket.rate = self._rates[kind]  # the share may have changed since
        return bucket

    def forget_idle(self) -> None:
        """Drop the buckets that are full again: a client at rest costs no memory."""
        now = self.clock()
        for key in [k for k, b in self.buckets.items() if b.full(now)]:
            del self.buckets[key]

    def take(self, kind: str, client: str) -> None:
        """Count one `kind` request by `client`, or raise 429 (nothing counted)."""
        if not self.limits.enabled:
            return
        wait = self._bucket(kind, client).take(self.clock())
        if wait:
            raise too_many(kind, wait)

    def check(self, kind: str, client: str) -> None:
        """Raise 429 if `client` has no `kind` token left, without taking one."""
        if not self.limits.enabled:
            return
        wait = self._bucket(kind, client).wait(self.clock())
        if wait:
            raise too_many(kind, wait)

    def spend(self, kind: str, client: str) -> None:
        """Take a token after the fact (a miss is known only once answered); may go below 0."""
        if self.limits.enabled:
            bucket = self._bucket(kind, client)
            bucket.wait(self.clock())
            bucket.tokens -= 1

    def open_socket(self, client: str) -> None:
        """One more WebSocket for `client`, or 429 if it holds too many or opens them too fast."""
        if not self.limits.enabled:
            return
        if self.open_sockets.get(client, 0) >= self._socket_cap:
            raise ApiError(
                429,
                "rate_limited",
                f"at most {self._socket_cap} connections at once: close some tabs",
            )
        self.take("sockets", client)
        self.open_sockets[client] = self.open_sockets.get(client, 0) + 1

    def close_socket(self, client: str) -> None:
        if not self.limits.enabled:
            return
        left = self.open_sockets.get(client, 0) - 1
        if left > 0:
            self.open_sockets[client] = left
        else:
            self.open_sockets.pop(client, None)


SHARE_SECONDS = 5.0
"""How often a process of several counts them again to set its share of the limits."""


class LimitShare(Chore):
    """Keep a limiter's share right while processes join and leave: `count` says how many
    serve the database now."""

    name = "limit share"

    def __init__(self, limiter: RateLimiter, count: Callable[[], Awaitable[int]]) -> None:
        super().__init__()
        self.limiter = limiter
        self.count = count

    def default_period(self) -> float:
        return SHARE_SECONDS

    async def tick(self) -> None:
        self.limiter.share(await self.count())


WORDS = {
    "creates": "new tables",
    "actions": "actions",
    "misses": "requests for unknown tables",
    "sockets": "new connections",
    "chat": "chat messages",
}


def too_many(kind: str, wait: float) -> ApiError:
    seconds = 1 if math.isinf(wait) else max(1, math.ceil(wait))
    err = ApiError(
        429, "rate_limited", f"too many {WORDS.get(kind, kind)}: try again in {seconds} s"
    )
    err.headers = {"Retry-After": str(seconds)}
    return err


_TABLE_POST = re.compile(r"^/api/tables/[^/]+/(actions|undo)$")
_SCANNER_PRESS = re.compile(r"^/api/scanner/sessions/[^/]+/presses$")
_CREATES = {"/api/tables", "/api/replays", "/api/scanner/sessions"}
_LOOKUP = re.compile(r"^/(api/tables|api/scanner/sessions|ws/tables)/[^/]+")

# The companions' sessions (sleuth/server/companions.py), whatever the game.
_COMPANION_CREATE = re.compile(r"^/api/companions/[^/]+/sessions$")
_COMPANION_POST = re.compile(r"^/api/companions/[^/]+/sessions/[^/]+/(actions|seats)$")
_COMPANION_LOOKUP = re.compile(r"^/api/companions/[^/]+/sessions/[^/]+")


def kind_of(method: str, path: str) -> str | None:
    """The bucket an HTTP request draws from before it is served, if any."""
    if method != "POST":
        return None
    if path in _CREATES or _COMPANION_CREATE.match(path):
        return "creates"
    if _TABLE_POST.match(path) or _SCANNER_PRESS.match(path) or _COMPANION_POST.match(path):
        return "actions"
    return None


class RateLimit:
    """ASGI middleware: the per-client limits for HTTP requests and WebSocket connections.

    WebSocket *messages* (actions sent on an open socket) are counted by the
    socket handler itself, from the same `RateLimiter` (`app.state.limiter`).
    """

    def __init__(self, app: ASGIApp, limiter: RateLimiter) -> None:
        self.app = app
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self._socket(scope, receive, send)
            return
        if scope["type"] != "http" or not self.limiter.limits.enabled:
            await self.app(scope, receive, send)
            return
        client = client_key(scope)
        path: str = scope.get("path", "")
        lookup = _LOOKUP.match(path) is not None or _COMPANION_LOOKUP.match(path) is not None
        try:
            kind = kind_of(scope.get("method", ""), path)
            if kind is not None:
                self.limiter.take(kind, client)
            if lookup:
                self.limiter.check("misses", client)
        except ApiError as err:
            await refuse(scope, send, err)
            return
        if not lookup:
            await self.app(scope, receive, send)
            return

        async def watch(message: Message) -> None:
            if message["type"] == "http.response.start" and message.get("status") == 404:
                self.limiter.spend("misses", client)
            await send(message)

        await self.app(scope, receive, watch)

    async def _socket(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = client_key(scope)
        try:
            self.limiter.check("misses", client)
            self.limiter.open_socket(client)
        except ApiError as err:
            await refuse(scope, send, err)
            return
        try:
            await self.app(scope, receive, send)
        finally:
            self.limiter.close_socket(client)
