"""Kojak's companion page (`/companion/kojak`) and API (`/api/companions/kojak/...`).

The shared companion server (`sleuth.server.companions`) stores, serves and
guards the sessions; this module says what a new session needs and where a
generated case is drawn.
"""

from __future__ import annotations

import secrets
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from sleuth.games.kojak.cases import HIGHEST, PRINTED
from sleuth.games.kojak.companion.device import MAX_PLAYERS, MIN_PLAYERS, KojakCompanion
from sleuth.games.kojak.options import VERSIONS
from sleuth.server.companions import CompanionSpec, companion_router

GENERATED_LIMIT = HIGHEST  # the highest game number, as the game's options allow


class NewSession(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    game: int = Field(ge=0, le=GENERATED_LIMIT)  # 0: a generated case, its number drawn here
    players: int = Field(ge=MIN_PLAYERS, le=MAX_PLAYERS)
    version: str = Field(default="fast", pattern=f"^({'|'.join(VERSIONS)})$")
    contacts: bool = False  # count the advanced game's Contact Cards (a box without them)


def prepare(body: BaseModel) -> dict[str, Any]:
    assert isinstance(body, NewSession)
    game = body.game or PRINTED + 1 + secrets.randbelow(GENERATED_LIMIT - PRINTED)
    return {"game": game, "players": body.players, "version": body.version,
            "contacts": body.contacts}  # fmt: skip


SPEC = CompanionSpec("kojak", NewSession, KojakCompanion, prepare)
router = companion_router(SPEC)
