"""Columbo's lawn tracker page (`/companion/columbo`) and API (`/api/companions/columbo/...`),
through the shared companion server (`sleuth.server.companions`)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from sleuth.games.columbo.companion.device import (
    MAX_PLACES,
    MAX_PLAYERS,
    MIN_PLACES,
    MIN_PLAYERS,
    LawnTracker,
)
from sleuth.server.companions import CompanionSpec, companion_router


class NewSession(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    players: int = Field(ge=MIN_PLAYERS, le=MAX_PLAYERS)
    places: int = Field(default=24, ge=MIN_PLACES, le=MAX_PLACES)


def prepare(body: BaseModel) -> dict[str, Any]:
    return body.model_dump()


SPEC = CompanionSpec("columbo", NewSession, LawnTracker, prepare)
router = companion_router(SPEC)
