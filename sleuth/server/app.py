"""The FastAPI application: every router and the static pages, on one database."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

from sleuth.core import game_names, spec
from sleuth.server import api, ws
from sleuth.server.errors import BodyLimit, install_error_handlers
from sleuth.server.lobby import Lobby

WEB = Path(__file__).resolve().parent.parent / "web"


def _page(name: str) -> Response:
    path = WEB / name
    if path.is_file():
        return FileResponse(path, media_type="text/html")
    return HTMLResponse(f"<!doctype html><title>sleuth</title><p>{name} is not installed.", 404)


def create_app(
    database_url: str = "sqlite:///sleuth.sqlite3", *, bot_delay: float = 0.4
) -> FastAPI:
    """The whole app. `database_url` is any SQLAlchemy URL; `bot_delay` paces bots (seconds).

    Tables are restored from the database when the app starts (its lifespan),
    so drive it with `with TestClient(app):` or a real server.
    """
    lobby = Lobby(database_url, bot_delay=bot_delay)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await lobby.open()
        try:
            yield
        finally:
            await lobby.close()

    app = FastAPI(
        title="sleuth",
        description="Classic detective board games, played together.",
        lifespan=lifespan,
    )
    app.state.database_url = database_url
    app.state.bot_delay = bot_delay
    app.state.lobby = lobby
    app.add_middleware(BodyLimit)
    install_error_handlers(app)

    app.include_router(api.router)
    app.include_router(ws.router)
    for name in game_names():  # each game's own pages (a companion device) and files
        manifest = spec(name)
        if manifest.has("routes"):
            app.include_router(manifest.load("routes"))
        if manifest.has("web"):
            # Before the shared /static mount, which would otherwise answer first.
            app.mount(
                f"/static/games/{name}",
                StaticFiles(directory=manifest.folder("web"), check_dir=False),
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

    app.mount("/static", StaticFiles(directory=WEB, check_dir=False), name="static")
    return app
