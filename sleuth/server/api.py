"""The HTTP API (docs/server.md): games, tables, seats, views, actions and replays."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Request, Response, Security
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field, StringConstraints

import sleuth
from sleuth.bots import bot_levels
from sleuth.core.actions import JSONValue
from sleuth.server.errors import ApiError
from sleuth.server.lobby import LiveTable, Lobby
from sleuth.server.present import picture

router = APIRouter(prefix="/api")
# Handlers that read a game are `async def`: they run on the event loop, the only thread that
# ever touches a game state, so a view never sees half an action.
bearer = HTTPBearer(auto_error=False, description="A seat's token, or the table owner's")

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]
TableId = Annotated[str, Path(max_length=64, description="The table's id")]


class Strict(BaseModel):
    """Request bodies: exact JSON types, no unknown fields."""

    model_config = ConfigDict(extra="forbid", strict=True)


class SeatRequest(Strict):
    kind: Literal["human", "bot"] = "human"
    level: str | None = Field(default=None, max_length=40, description="Bot level (bots only)")
    name: Name | None = None


class NewTable(Strict):
    game: str = Field(max_length=64, examples=["stop-thief"])
    players: int = Field(ge=1, le=16)
    seed: int | None = Field(
        default=None,
        ge=0,
        lt=2**128,
        description="Omit for a secret random one; a chosen seed is shown to every seat",
    )
    options: dict[str, Any] = Field(default_factory=dict, description="The game's options")
    seats: list[SeatRequest] | None = Field(
        None, max_length=16, description="One per player; omitted: every seat human"
    )
    turn_seconds: float | None = Field(
        None, gt=0, le=86400, description="A bot plays for a human idle this long"
    )


class JoinRequest(Strict):
    seat: int | None = Field(default=None, ge=0, description="Omit for the first free human seat")
    name: Name | None = None


class ActionRequest(Strict):
    action: dict[str, Any] = Field(examples=[{"kind": "roll"}])
    version: int = Field(ge=0, description="The number of actions accepted so far")
    seat: int | None = Field(default=None, description="If given, must be the token's own seat")


class BotRequest(Strict):
    level: str | None = Field(
        default=None, max_length=40, description="Omit for the strongest level"
    )


class SeatCreated(BaseModel):
    seat: int
    kind: str
    join_url: str | None = None


class TableCreated(BaseModel):
    id: str
    owner_token: str
    url: str
    seats: list[SeatCreated]


class Joined(BaseModel):
    seat: int
    token: str
    name: str


class Accepted(BaseModel):
    version: int


async def get_lobby(request: Request) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


LobbyDep = Annotated[Lobby, Depends(get_lobby)]
Credentials = Annotated[HTTPAuthorizationCredentials | None, Security(bearer)]


def token_of(credentials: HTTPAuthorizationCredentials | None) -> str | None:
    return credentials.credentials if credentials is not None else None


async def get_table(table_id: TableId, lobby: LobbyDep) -> LiveTable:
    return await lobby.table(table_id)


TableDep = Annotated[LiveTable, Depends(get_table)]


@router.get("/games")
def list_games() -> list[dict[str, JSONValue]]:
    """Every game this server offers: names, seats, options and bot levels."""
    return [
        {**sleuth.spec(name).describe(), "bot_levels": bot_levels(name)}
        for name in sleuth.game_names()
    ]


@router.get(
    "/games/{game}/board.svg",
    response_class=Response,
    responses={200: {"content": {"image/svg+xml": {}}}},
)
def board_picture(game: Annotated[str, Path(max_length=64)]) -> Response:
    """The game's board as SVG, drawn from the engine's data."""
    if game not in sleuth.game_names():
        raise ApiError(404, "not_found", f"no game called {game!r}")
    svg = picture(game)
    if svg is None:
        raise ApiError(404, "not_found", f"{game} has no board picture")
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})


@router.post("/tables", status_code=201, response_model_exclude_none=True)
async def create_table(body: NewTable, lobby: LobbyDep) -> TableCreated:
    """Set a table: the game, its seats (humans join later, bots sit at once) and options."""
    seats = None
    if body.seats is not None:
        seats = [(s.kind, s.level, s.name) for s in body.seats]
    created = await lobby.create(
        body.game,
        body.players,
        seats,
        seed=body.seed,
        options=body.options,
        turn_seconds=body.turn_seconds,
    )
    return TableCreated.model_validate(created)


@router.get("/tables")
async def list_tables(lobby: LobbyDep) -> list[dict[str, JSONValue]]:
    """Open and running tables, newest first."""
    return lobby.listing()


@router.get("/tables/{table_id}")
async def table_summary(table: TableDep) -> dict[str, JSONValue]:
    """One table: game, status, seats, version, whose turn."""
    async with table.lock:  # never mid-action: an action is only seen once it is stored
        return table.summary()


@router.post("/tables/{table_id}/join")
async def join_table(table: TableDep, lobby: LobbyDep, body: JoinRequest | None = None) -> Joined:
    """Claim a free human seat. The token in the answer is shown only this once."""
    body = body or JoinRequest()
    return Joined.model_validate(await lobby.join(table, body.seat, body.name))


@router.get("/tables/{table_id}/view")
async def seat_view(
    table: TableDep, lobby: LobbyDep, credentials: Credentials
) -> dict[str, JSONValue]:
    """The token's seat's view (a spectator's without a token), with the version to act on."""
    seat = lobby.seat_of(table, token_of(credentials))
    async with table.lock:  # never mid-action: an action is only seen once it is stored
        return table.seat_view(seat)


@router.post("/tables/{table_id}/actions")
async def take_action(
    body: ActionRequest, table: TableDep, lobby: LobbyDep, credentials: Credentials
) -> Accepted:
    """Act for the token's seat. Refused (and nothing changes) unless `version` is current."""
    seat = lobby.acting_seat(table, token_of(credentials), body.seat)
    return Accepted(version=await lobby.act(table, seat, body.action, body.version))


@router.post("/tables/{table_id}/seats/{seat}/bot")
async def seat_to_bot(
    seat: int,
    table: TableDep,
    lobby: LobbyDep,
    credentials: Credentials,
    body: BotRequest | None = None,
) -> dict[str, JSONValue]:
    """A bot takes over a seat (owner token, or the seat's own token to leave the table)."""
    await lobby.to_bot(table, seat, (body or BotRequest()).level, token_of(credentials))
    return table.summary()


@router.get("/tables/{table_id}/replay")
async def table_replay(table: TableDep, lobby: LobbyDep) -> dict[str, JSONValue]:
    """A finished game: its record (which replays it) and every event, all revealed."""
    return lobby.replay_of(table)
