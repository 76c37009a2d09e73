"""`sleuth serve`: the web app on this machine."""

from __future__ import annotations

from argparse import ArgumentParser, Namespace

from sleuth.commands.base import Command, UsageError
from sleuth.commands.values import Bounded, OnOff, repeatable


def add_arguments(parser: ArgumentParser) -> None:
    add = parser.add_argument
    add("--host", default="127.0.0.1", help="Address to listen on")
    add("--port", type=Bounded(int, 1, 65535), default=8000, help="Port to listen on")
    add(
        "--db",
        default="sleuth.sqlite3",
        help="SQLite file, or any SQLAlchemy database URL (e.g. postgresql://...)",
    )
    add(
        "--bot-delay",
        type=Bounded(float, 0.0),
        help="Seconds a bot waits before it acts at tables that chose no pace "
        "(default: the normal pace, 1.2)",
    )
    add(
        "--ws-compression",
        action=OnOff,
        default=False,
        help="Compress WebSocket messages (less traffic, several times the CPU)",
    )
    repeatable(
        parser,
        "--allowed-host",
        help="A name the server answers to (besides localhost, --host and any IP address); "
        "repeatable; '*.example.org' for subdomains, '*' for any",
    )
    add(
        "--api-docs",
        action=OnOff,
        default=False,
        help="Serve FastAPI's /docs and /redoc pages (they load scripts from a CDN)",
    )
    add(
        "--rate-limits",
        action=OnOff,
        default=True,
        help="Limit what one client may do (docs/server.md)",
    )
    repeatable(
        parser,
        "--limit",
        help="Change one per-client limit: creates|actions|misses|sockets=BURST/PER_SECOND, "
        "or open_sockets=N; repeatable",
    )
    add(
        "--header-timeout",
        type=Bounded(float, 0.5),
        default=10.0,
        help="Seconds a client has to send a request's headers",
    )
    add(
        "--max-connections",
        type=Bounded(int, 1),
        default=1000,
        help="Connections served at once (more are answered 503)",
    )
    add(
        "--connections-per-address",
        type=Bounded(int, 1),
        default=128,
        help="HTTP connections one client address may hold at once (more are closed at once; "
        "raise it behind a proxy on another address)",
    )
    add(
        "--bot-threads",
        type=Bounded(int, 1),
        default=2,
        help="Bots thinking at once (in threads of their own; more wait their turn)",
    )
    add(
        "--idle-seconds",
        type=Bounded(float, 1.0),
        default=600.0,
        help="Tables, scanner and companion sessions unused this long leave memory",
    )
    add(
        "--expire-seconds",
        type=Bounded(float, 1.0),
        default=7200.0,
        help="Tables untouched this long, no seat connected, go to bots and play out",
    )


def run(args: Namespace) -> None:
    import logging
    from pathlib import Path

    import uvicorn

    from sleuth.server.app import create_app
    from sleuth.server.limits import Limits
    from sleuth.server.protocol import guarded_protocol

    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    host, port, db, limit = args.host, args.port, args.db, args.limit
    url = db if "://" in db else f"sqlite:///{Path(db).resolve()}"
    limits = Limits(enabled=args.rate_limits)
    try:
        for override in limit:
            limits = limits.with_override(override)
    except ValueError as err:
        raise UsageError(str(err), "--limit") from None
    hosts = allowed_hosts(host, args.allowed_host)
    print(f"sleuth: open http://{host}:{port}/ in a browser (database: {url})")
    print(f"sleuth: answering to {', '.join(hosts)} and any IP address; {limits.describe()}")
    from sleuth.commands.lan import phone_lines

    for line in phone_lines(host, port, WILDCARDS):
        print(line)
    app = create_app(
        url,
        bot_delay=args.bot_delay,
        allowed_hosts=hosts,
        limits=limits,
        api_docs=args.api_docs,
        idle_seconds=args.idle_seconds,
        bot_threads=args.bot_threads,
        expire_seconds=args.expire_seconds,
    )
    from sleuth.commands.lan import phone_url

    # The companions' pages show their session's link for phones on this address.
    app.state.phone_url = phone_url(host, port, WILDCARDS)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=1024 * 1024,  # the app refuses anything over 64 KiB in words; this, by closing
        ws_per_message_deflate=args.ws_compression,
        http=guarded_protocol(args.header_timeout, args.connections_per_address),
        timeout_keep_alive=5,
        limit_concurrency=args.max_connections,
    )


COMMAND = Command(
    "Serve the games in the browser (SQLite by default: nothing else to install).",
    add_arguments,
    run,
)


WILDCARDS = ("", "0.0.0.0", "::")


def allowed_hosts(host: str, extra: list[str]) -> list[str]:
    """The names the Host header may carry: localhost, --host, --allowed-host, and, when
    listening on every address, this machine's own names."""
    import socket

    names = ["localhost", "127.0.0.1", "::1"]
    if host in WILDCARDS:
        names += [socket.gethostname(), socket.getfqdn()]
    else:
        names.append(host)
    names += extra
    return list(dict.fromkeys(n.lower() for n in names if n))
