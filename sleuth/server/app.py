"""The FastAPI application: every router and the static pages, on one database."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

import sleuth
from sleuth.core.actions import JSONValue

WEB = Path(__file__).resolve().parent.parent / "web"


def create_app(
    database_url: str = "sqlite:///sleuth.sqlite3", *, bot_delay: float = 0.4
) -> FastAPI:
    """The whole app. `database_url` is any SQLAlchemy URL; `bot_delay` paces bots (seconds)."""
    app = FastAPI(title="sleuth", description="Classic detective board games, played together.")
    app.state.database_url = database_url
    app.state.bot_delay = bot_delay

    @app.get("/api/games")
    def list_games() -> list[dict[str, JSONValue]]:
        """Every game this server offers, with its options."""
        return [sleuth.spec(name).describe() for name in sleuth.games()]

    app.mount("/static", StaticFiles(directory=WEB), name="static")
    return app
