"""The FastAPI application: every router and the static pages, on one database."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse, Response

from sleuth.core import game_names, spec
from sleuth.server import api, guides, ws
from sleuth.server.errors import BodyLimit, install_error_handlers, install_openapi
from sleuth.server.expiry import EXPIRE_SECONDS, Expirer
from sleuth.server.limits import Limits, LimitShare, RateLimit, RateLimiter
from sleuth.server.lobby import BOT_THREADS, Lobby
from sleuth.server.memory import IDLE_SECONDS, Sweeper
from sleuth.server.security import LOCAL_HOSTS, TEST_HOST, HostAndOrigin, SecurityHeaders
from sleuth.server.static import FreshStaticFiles

WEB = Path(__file__).resolve().parent.parent / "web"

log = logging.getLogger("sleuth.server")


def _page(name: str) -> Response:
    path = WEB / name
    if path.is_file():
        return FileResponse(path, media_type="text/html")
    return HTMLResponse(f"<!doctype html><title>sleuth</title><p>{name} is not installed.", 404)


def create_app(
    database_url: str = "sqlite:///sleuth.sqlite3",
    *,
    bot_delay: float | None = None,
    allowed_hosts: Iterable[str] | None = None,
    limits: Limits | None = None,
    api_docs: bool = False,
    idle_seconds: float = IDLE_SECONDS,
    bot_threads: int = BOT_THREADS,
    expire_seconds: float = EXPIRE_SECONDS,
) -> FastAPI:
    """The whole app. `database_url` is any SQLAlchemy URL; `bot_delay` paces bots at tables
    that chose no pace (seconds; None: the normal pace).

    `allowed_hosts`: the names the Host header may carry besides any IP address
    (default: localhost, and the name Starlette's TestClient sends); `limits`:
    the per-client rate limits (`Limits()` by default); `api_docs` serves
    FastAPI's /docs and /redoc pages (they load scripts from a CDN); tables
    and scanner sessions unused for `idle_seconds` leave memory (sleuth/server/memory.py);
    open and running tables untouched for `expire_seconds`, no seat connected, go to bots
    (sleuth/server/expiry.py).
    Tables are restored from the database when the app starts (its lifespan),
    so drive it with `with TestClient(app):` or a real server.
    """
    lobby = Lobby(database_url, bot_delay=bot_delay, bot_threads=bot_threads)
    limiter = RateLimiter(limits or Limits())
    sweeper = Sweeper(lobby, idle_seconds)
    expirer = Expirer(lobby, expire_seconds)

    share = LimitShare(limiter, lobby.serving_processes)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await lobby.open()
        sweeper.start()
        expirer.start()
        if lobby.cluster:  # several processes may serve the database: each takes its share
            try:
                await share.tick()
            except Exception:  # counted again in a moment; never a reason not to serve
                log.exception("the server processes could not be counted")
            share.start()
        try:
            yield
        finally:
            await share.stop()
            await expirer.stop()
            await sweeper.stop()
            await lobby.close()

    docs: dict[str, Any] = {} if api_docs else {"docs_url": None, "redoc_url": None}
    app = FastAPI(
        title="sleuth",
        description="Classic detective board games, played together.",
        lifespan=lifespan,
        **docs,
    )
    app.state.database_url = database_url
    app.state.bot_delay = bot_delay
    app.state.lobby = lobby
    app.state.expirer = expirer
    app.state.limiter = limiter
    app.state.sweeper = sweeper
    app.state.idle_seconds = idle_seconds
    # Added innermost first: headers wrap everything, so refusals carry them too.
    app.add_middleware(BodyLimit)
    app.add_middleware(RateLimit, limiter=limiter)
    hosts = (*LOCAL_HOSTS, TEST_HOST) if allowed_hosts is None else tuple(allowed_hosts)
    app.add_middleware(HostAndOrigin, allowed_hosts=hosts)
    app.add_middleware(SecurityHeaders, docs=api_docs)
    install_error_handlers(app)
    install_openapi(app)

    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(guides.router)
    for name in game_names():  # each game's own pages (a companion device) and files
        manifest = spec(name)
        if manifest.has("routes"):
            app.include_router(manifest.load("routes"))
        if manifest.has("web"):
            # Before the shared /static mount, which would otherwise answer first.
            app.mount(
                f"/static/games/{name}",
                FreshStaticFiles(directory=manifest.folder("web"), check_dir=False),
                name=f"game-{name}",
            )

    @app.get("/", include_in_schema=False)
    def index() -> Response:
        return _page("index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    def table_page(table_id: str) -> Response:
        return _page("table.html")

    @app.get("/t/{table_id}/join/{seat}", include_in_schema=False)
    def join_page(table_id: str, seat: str) -> Response:
        return _page("table.html")

    @app.get("/t/{table_id}/replay", include_in_schema=False)
    def replay_page(table_id: str) -> Response:
        return _page("replay.html" if (WEB / "replay.html").is_file() else "table.html")

    app.mount("/static", FreshStaticFiles(directory=WEB, check_dir=False), name="static")
    return app
