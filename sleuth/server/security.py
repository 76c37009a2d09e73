"""Headers and origins: strict browser headers on every answer, the Host and Origin checked.

The pages keep seat tokens in localStorage, so no other site may frame them,
run script on their origin or act through a visitor's browser:

- every HTTP answer carries a Content-Security-Policy (scripts, styles and
  connections from this origin only; no framing), `X-Frame-Options: DENY`,
  `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer`;
- the Host header must name this server (DNS rebinding: another site's name
  pointed at this address): a listed name, or any IP address;
- a POST (or any method that changes something) and a WebSocket upgrade that
  carry an Origin must come from this same origin, else 403 `bad_origin`.
  Requests without one (programs, curl) pass: only browsers send it, and
  they always do on such requests.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from sleuth.server.errors import ApiError, refuse

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
"""Names every server answers to (any IP address is accepted as well: see `host_allowed`)."""

TEST_HOST = "testserver"
"""The name Starlette's TestClient sends: `create_app` accepts it unless told its own list."""

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

API_DOCS = ("/docs", "/docs/oauth2-redirect", "/redoc")
"""FastAPI's documentation pages (off unless `sleuth serve --api-docs`): they load CDN scripts."""


def csp(host: str) -> str:
    """The Content-Security-Policy of every answer, for a page served as `host`."""
    # 'self' covers ws: of the same host in current browsers; named too for older ones.
    sockets = f" ws://{host} wss://{host}" if host else ""
    return (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        f"connect-src 'self'{sockets}; font-src 'self'; object-src 'none'; "
        "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )


DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
    "font-src 'self' https://fonts.gstatic.com; img-src 'self' data: https://fastapi.tiangolo.com "
    "https://cdn.redoc.ly; worker-src blob:; connect-src 'self'; frame-ancestors 'none'"
)
"""What /docs and /redoc need when they are turned on: FastAPI's pages inline a script."""


def page_headers(host: str, path: str = "", *, docs: bool = False) -> dict[str, str]:
    """The headers every HTTP answer carries (`docs`: FastAPI's pages are served)."""
    return {
        "Content-Security-Policy": DOCS_CSP if docs and path in API_DOCS else csp(_clean(host)),
        "X-Frame-Options": "DENY",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cross-Origin-Opener-Policy": "same-origin",
    }


def _clean(host: str) -> str:
    """A Host header fit to be echoed in a header (it was checked already; this is belt)."""
    return "".join(c for c in host if c.isalnum() or c in ".-:[]")[:255]


class SecurityHeaders:
    """ASGI middleware: `page_headers` on every HTTP answer (pages, files, API, errors)."""

    def __init__(self, app: ASGIApp, docs: bool = False) -> None:
        self.app = app
        self.docs = docs

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = Headers(scope=scope).get("host", "")
        extra = [
            (k.lower().encode(), v.encode())
            for k, v in page_headers(host, scope["path"], docs=self.docs).items()
        ]

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", [])}
                headers = list(message.get("headers", []))
                headers += [(k, v) for k, v in extra if k not in names]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


def split_host(host: str) -> tuple[str, str]:
    """A Host header's name and port ("" if none): "[::1]:8000" -> ("::1", "8000")."""
    host = host.strip().lower()
    if host.startswith("["):
        name, _, rest = host[1:].partition("]")
        return name, rest.removeprefix(":")
    if host.count(":") == 1:
        name, _, port = host.partition(":")
        return name, port
    return host, ""


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def host_allowed(host: str, allowed: Iterable[str]) -> bool:
    """Whether a Host header names this server.

    An IP address always does: rebinding needs a name the attacker controls, and a
    browser that sends an address got it from its own address bar. "*" allows any
    name; "*.example.org" the subdomains of example.org.
    """
    name, port = split_host(host)
    if not name or (port and not port.isdigit()):
        return False
    if _is_address(name):
        return True
    name = name.rstrip(".")
    for pattern in allowed:
        pattern = pattern.strip().lower()
        if pattern == "*" or pattern == name:
            return True
        if pattern.startswith("*.") and name.endswith(pattern[1:]):
            return True
    return False


DEFAULT_PORTS = {"http": "80", "https": "443", "ws": "80", "wss": "443"}


def same_origin(origin: str, host: str, scheme: str) -> bool:
    """Whether an Origin header is this server's own origin (scheme, name and port)."""
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return False  # "null" (a sandboxed frame, a file), or nonsense
    try:
        origin_port = str(parts.port or DEFAULT_PORTS[parts.scheme])
    except ValueError:
        return False
    name, port = split_host(host)
    own_scheme = {"ws": "http", "wss": "https"}.get(scheme, scheme)
    return (
        parts.scheme == own_scheme
        and parts.hostname == name
        and origin_port == (port or DEFAULT_PORTS.get(own_scheme, ""))
    )


class HostAndOrigin:
    """ASGI middleware: refuse a Host that is not this server's (400), and a state-changing
    request or a WebSocket upgrade from another origin (403)."""

    def __init__(self, app: ASGIApp, allowed_hosts: Iterable[str]) -> None:
        self.app = app
        self.allowed = tuple(allowed_hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        host = headers.get("host", "")
        if not host_allowed(host, self.allowed):
            await refuse(
                scope, send, ApiError(400, "bad_host", "this server does not answer to that name")
            )
            return
        origin = headers.get("origin")
        checked = scope["type"] == "websocket" or scope.get("method") not in SAFE_METHODS
        if checked and origin is not None and not same_origin(origin, host, scope["scheme"]):
            await refuse(
                scope, send, ApiError(403, "bad_origin", "requests from other sites are refused")
            )
            return
        await self.app(scope, receive, send)
