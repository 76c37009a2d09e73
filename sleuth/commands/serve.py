"""`sleuth serve`: the web app on this machine."""

from __future__ import annotations

import logging
from pathlib import Path

import typer


def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on"),
    port: int = typer.Option(8000, help="Port to listen on"),
    db: str = typer.Option(
        "sleuth.sqlite3", help="SQLite file, or any SQLAlchemy database URL (e.g. postgresql://...)"
    ),
    bot_delay: float = typer.Option(0.4, min=0.0, help="Seconds a bot waits before it acts"),
    ws_compression: bool = typer.Option(
        False, help="Compress WebSocket messages (less traffic, several times the CPU)"
    ),
) -> None:
    """Serve the games in the browser (SQLite by default: nothing else to install)."""
    import uvicorn

    from sleuth.server.app import create_app

    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    url = db if "://" in db else f"sqlite:///{Path(db).resolve()}"
    typer.echo(f"sleuth: open http://{host}:{port}/ in a browser (database: {url})")
    uvicorn.run(
        create_app(url, bot_delay=bot_delay),
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=1024 * 1024,  # the app refuses anything over 64 KiB in words; this, by closing
        ws_per_message_deflate=ws_compression,
    )
