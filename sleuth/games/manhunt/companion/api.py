"""Manhunt's companion page (`/companion/manhunt`) and API (`/api/companions/manhunt/...`).

The shared companion server (`sleuth.server.companions`) stores, serves and
guards the sessions; this module says what a new session needs and draws its
secret seed (from which the device draws the Scanner Card and every spin).
"""

from __future__ import annotations

import secrets
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from sleuth.games.manhunt.cases import CARDS, CRIMES
from sleuth.games.manhunt.companion.device import MAX_PLAYERS, MIN_PLAYERS, ManhuntCompanion
from sleuth.server.companions import CompanionSpec, companion_router

CASE_SET_LIMIT = 2**31  # a generated case set's number, as `sleuth print manhunt --case-set`


class NewSession(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    crime: str = Field(pattern=f"^({'|'.join(CRIMES)})$")
    players: int = Field(ge=MIN_PLAYERS, le=MAX_PLAYERS)
    card: int = Field(default=0, ge=0, le=CARDS)  # 0: drawn in secret
    case_set: int = Field(default=0, ge=0, lt=CASE_SET_LIMIT)  # 0: the printed cards


def prepare(body: BaseModel) -> dict[str, Any]:
    assert isinstance(body, NewSession)
    # Drawn from the operating system's secure source: the card and the spins follow from it.
    return {**body.model_dump(), "seed": secrets.randbits(64)}


SPEC = CompanionSpec("manhunt", NewSession, ManhuntCompanion, prepare)
router = companion_router(SPEC)
