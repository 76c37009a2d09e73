"""`sleuth serve`: the web app on this machine."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on"),
    port: int = typer.Option(8000, min=1, max=65535, help="Port to listen on"),
    db: str = typer.Option(
        "sleuth.sqlite3", help="SQLite file, or any SQLAlchemy database URL (e.g. postgresql://...)"
    ),
    bot_delay: float | None = typer.Option(
        None,
        min=0.0,
        help="Seconds a bot waits before it acts at tables that chose no pace "
        "(default: the normal pace, 1.2)",
    ),
    ws_compression: bool = typer.Option(
        False, help="Compress WebSocket messages (less traffic, several times the CPU)"
    ),
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allowed-host",
            help="A name the server answers to (besides localhost, --host and any IP address); "
            "repeatable; '*.example.org' for subdomains, '*' for any",
        ),
    ] = None,
    api_docs: bool = typer.Option(
        False, help="Serve FastAPI's /docs and /redoc pages (they load scripts from a CDN)"
    ),
    rate_limits: bool = typer.Option(True, help="Limit what one client may do (docs/server.md)"),
    limit: Annotated[
        list[str] | None,
        typer.Option(
            "--limit",
            help="Change one per-client limit: creates|actions|misses|sockets=BURST/PER_SECOND, "
            "or open_sockets=N; repeatable",
        ),
    ] = None,
    header_timeout: float = typer.Option(
        10.0, min=0.5, help="Seconds a client has to send a request's headers"
    ),
    max_connections: int = typer.Option(
        1000, min=1, help="Connections served at once (more are answered 503)"
    ),
    connections_per_address: int = typer.Option(
        128,
        min=1,
        help="HTTP connections one client address may hold at once (more are closed at once; "
        "raise it behind a proxy on another address)",
    ),
    bot_threads: int = typer.Option(
        2, min=1, help="Bots thinking at once (in threads of their own; more wait their turn)"
    ),
    idle_seconds: float = typer.Option(
        600.0, min=1.0, help="Tables, scanner and companion sessions unused this long leave memory"
    ),
    expire_seconds: float = typer.Option(
        7200.0,
        min=1.0,
        help="Tables untouched this long, no seat connected, go to bots and play out",
    ),
) -> None:
    """Serve the games in the browser (SQLite by default: nothing else to install)."""
    import logging

    import uvicorn

    from sleuth.server.app import create_app
    from sleuth.server.limits import Limits
    from sleuth.server.protocol import guarded_protocol

    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    url = db if "://" in db else f"sqlite:///{Path(db).resolve()}"
    limits = Limits(enabled=rate_limits)
    try:
        for override in limit or []:
            limits = limits.with_override(override)
    except ValueError as err:
        raise typer.BadParameter(str(err), param_hint="--limit") from None
    hosts = allowed_hosts(host, allowed_host or [])
    typer.echo(f"sleuth: open http://{host}:{port}/ in a browser (database: {url})")
    typer.echo(f"sleuth: answering to {', '.join(hosts)} and any IP address; {limits.describe()}")
    from sleuth.commands.lan import phone_lines

    for line in phone_lines(host, port, WILDCARDS):
        typer.echo(line)
    app = create_app(
        url,
        bot_delay=bot_delay,
        allowed_hosts=hosts,
        limits=limits,
        api_docs=api_docs,
        idle_seconds=idle_seconds,
        bot_threads=bot_threads,
        expire_seconds=expire_seconds,
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
        ws_per_message_deflate=ws_compression,
        http=guarded_protocol(header_timeout, connections_per_address),
        timeout_keep_alive=5,
        limit_concurrency=max_connections,
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
