"""The HTTP API (docs/server.md): games, tables, seats, views, actions and replays."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal
from urllib.parse import quote

from fastapi import APIRouter, Depends, Path, Query, Request, Response, Security
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel

import sleuth
from sleuth.bots import bot_levels, default_level, level_line
from sleuth.core import CorruptRecord, Record
from sleuth.core.actions import JSONValue
from sleuth.core.tutorial import TutorialError, load_script
from sleuth.lab.results import parse
from sleuth.server.errors import ApiError
from sleuth.server.lobby import LiveTable, Lobby, off_loop
from sleuth.server.memory import listing_page
from sleuth.server.messages import (
    ActionRequest,
    BotRequest,
    GameUpload,
    HumanRequest,
    JoinRequest,
    NewTable,
    PaceRequest,
    UndoRequest,
)
from sleuth.server.present import picture

router = APIRouter(prefix="/api")
# Handlers that read a game are `async def`: they run on the event loop, the only thread that
# ever touches a game state, so a view never sees half an action.
bearer = HTTPBearer(auto_error=False, description="A seat's token, or the table owner's")

PAGE = 50
"""Tables a lobby listing holds unless asked for fewer."""
MAX_PAGE = 200

TableId = Annotated[
    str, Path(max_length=64, pattern=r"^[A-Za-z0-9_-]+$", description="The table's id")
]


class SeatCreated(BaseModel):
    seat: int
    kind: str
    join_url: str | None = None
    invite: str | None = None  # human seats: shown only here, and inside `join_url`


class SeatGiven(BaseModel):
    seat: int
    invite: str
    join_url: str
    table: dict[str, JSONValue]


class TableCreated(BaseModel):
    id: str
    owner_token: str
    url: str
    seats: list[SeatCreated]


class TutorialCreated(TableCreated):
    learner: int  # the seat to join: the one the coach walks through the game


class Joined(BaseModel):
    seat: int
    token: str
    name: str


class Accepted(BaseModel):
    version: int


class Rematch(BaseModel):
    table: str
    url: str
    seat: int
    token: str


async def get_lobby(request: Request) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


LobbyDep = Annotated[Lobby, Depends(get_lobby)]
Credentials = Annotated[HTTPAuthorizationCredentials | None, Security(bearer)]


def token_of(credentials: HTTPAuthorizationCredentials | None) -> str | None:
    return credentials.credentials if credentials is not None else None


async def get_table(table_id: TableId, lobby: LobbyDep, request: Request) -> LiveTable:
    table = await lobby.table(table_id)
    request.app.state.sweeper.touch(table_id)  # in use: not evicted from memory yet
    return table


TableDep = Annotated[LiveTable, Depends(get_table)]


@router.get("/games")
def list_games() -> list[dict[str, JSONValue]]:
    """Every game this server offers: names, seats, options, bot levels (with a line on
    how each plays, and the default one)."""
    return [
        {
            **sleuth.spec(name).describe(),
            "bot_levels": bot_levels(name),
            "default_bot_level": default_level(name),
            "bot_level_lines": {level: level_line(name, level) for level in bot_levels(name)},
            "tutorial": tutorial_line(name),
        }
        for name in sleuth.game_names()
    ]


def tutorial_line(name: str) -> dict[str, JSONValue] | None:
    """A game's guided first game, as the lobby offers it (None: it has none, or its script
    cannot be used, which `create_tutorial` then says)."""
    try:
        script = load_script(name)
    except TutorialError:
        return None
    if script is None:
        return None
    return {"title": script.title, "steps": len(script.steps), "players": script.players}


class TutorialRequest(BaseModel):
    pace: Literal["slow", "normal", "fast", "instant"] | None = None


@router.post("/games/{game}/tutorial", status_code=201, response_model_exclude_none=True)
async def start_tutorial(
    game: Annotated[str, Path(max_length=64)],
    lobby: LobbyDep,
    body: TutorialRequest | None = None,
) -> TutorialCreated:
    """A guided first game: a table set up by the game's tutorial (seed, options, seats),
    whose learner's seat is coached step by step. Join the `learner` seat with its invite."""
    made = await lobby.create_tutorial(game, (body or TutorialRequest()).pace)
    return TutorialCreated.model_validate(made)


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
        open_seats=body.open_seats,
        pace=body.pace,
        undo=body.undo,
        spectator_chat=body.spectator_chat,
    )
    return TableCreated.model_validate(created)


@router.post("/replays", status_code=201)
async def bring_in_a_game(body: GameUpload, lobby: LobbyDep) -> dict[str, JSONValue]:
    """A finished game from a file (a terminal save's or a tournament's record): replayed
    through the engine, refused with the first action that does not replay, else stored as
    a finished table whose replay is at the answer's `url`."""
    if body.record is not None:
        record = Record(**body.record.model_dump())
    else:
        record = one_game_of(body.results or "", body.number or 0)
    return await lobby.import_finished(record)


def one_game_of(results: str, number: int) -> Record:
    """Game `number` of a tournament's results file (its text), as a record."""
    try:
        games = parse(results, "the results file")
    except ValueError as err:
        raise ApiError(400, "bad_record", str(err)) from None
    for game in games:
        if game.number == number:
            try:
                return Record.from_json(game.record)
            except CorruptRecord as err:
                raise ApiError(400, "bad_record", f"game {number}: {err}") from None
    numbers = ", ".join(str(g.number) for g in games[:5]) + (", ..." if len(games) > 5 else "")
    raise ApiError(400, "no_such_game", f"the file has no game {number} (it has {numbers})")


@router.get("/tables")
async def list_tables(
    lobby: LobbyDep,
    response: Response,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE, description="Tables in one page")] = PAGE,
    before: Annotated[
        datetime | None,
        Query(description="Only tables created before this (the last `created` of a page)"),
    ] = None,
) -> list[dict[str, JSONValue]]:
    """Open and running tables, newest first, a page at a time (`Link: rel="next"` if more)."""
    page, more = listing_page(lobby, limit, before)
    if more and page:
        after = quote(str(page[-1]["created"]))
        response.headers["Link"] = f'</api/tables?limit={limit}&before={after}>; rel="next"'
    return page


@router.get("/tables/{table_id}")
async def table_summary(table: TableDep) -> dict[str, JSONValue]:
    """One table: game, status, seats, version, whose turn."""
    async with table.lock:  # never mid-action: an action is only seen once it is stored
        return table.summary()


@router.post("/tables/{table_id}/join")
async def join_table(table: TableDep, lobby: LobbyDep, body: JoinRequest) -> Joined:
    """Claim a human seat with its invite (any free one at a table with open seats). The body
    is required: a bodyless POST, such as another site's form can send, joins nothing. The
    token in the answer is shown only this once."""
    joined = await lobby.join(table, body.seat, body.name, body.invite)
    return Joined.model_validate(joined)


@router.get(
    "/tables/{table_id}/view",
    response_class=Response,
    responses={200: {"content": {"application/json": {"schema": {"type": "object"}}}}},
)
async def seat_view(table: TableDep, lobby: LobbyDep, credentials: Credentials) -> Response:
    """The token's seat's view (a spectator's without a token), with the version to act on."""
    seat = lobby.seat_of(table, token_of(credentials))
    async with table.lock:  # never mid-action: an action is only seen once it is stored
        # Made and encoded in a worker thread (a big view takes a while); the lock keeps
        # the game still meanwhile.
        body = await off_loop(table.seat_view_bytes, seat)
    return Response(body, media_type="application/json")


@router.post("/tables/{table_id}/actions")
async def take_action(
    body: ActionRequest, table: TableDep, lobby: LobbyDep, credentials: Credentials
) -> Accepted:
    """Act for the token's seat. Refused (and nothing changes) unless `version` is current."""
    seat = lobby.acting_seat(table, token_of(credentials), body.seat)
    return Accepted(version=await lobby.act(table, seat, body.action, body.version))


@router.post("/tables/{table_id}/undo")
async def take_back(
    body: UndoRequest, table: TableDep, lobby: LobbyDep, credentials: Credentials
) -> Accepted:
    """Take back the token's seat's last action, where the table allows it and the game says
    it can be (its own move in the turn still going on, that drew no chance and showed
    nothing hidden). `version` must be current; the answer is the version after it."""
    seat = lobby.acting_seat(table, token_of(credentials), body.seat)
    return Accepted(version=await lobby.undo(table, seat, body.version))


@router.post("/tables/{table_id}/rematch")
async def play_again(table: TableDep, lobby: LobbyDep, credentials: Credentials) -> Rematch:
    """Play a finished game again with the same seats: the first player to ask makes the new
    table (same game, options and bots, a new seed); each player who asks, with his seat's
    token here, gets the same seat there and its token (shown only this once)."""
    return Rematch.model_validate(await lobby.rematch(table, token_of(credentials)))


@router.post("/tables/{table_id}/seats/{seat}/bot")
async def seat_to_bot(
    seat: Annotated[int, Path(ge=0, le=64)],
    table: TableDep,
    lobby: LobbyDep,
    credentials: Credentials,
    body: BotRequest | None = None,
) -> dict[str, JSONValue]:
    """A bot takes over a seat (owner token, or the seat's own token to leave the table)."""
    await lobby.to_bot(table, seat, (body or BotRequest()).level, token_of(credentials))
    return table.summary()


@router.post("/tables/{table_id}/seats/{seat}/human", response_model_exclude_none=True)
async def seat_to_human(
    seat: Annotated[int, Path(ge=0, le=64)],
    table: TableDep,
    lobby: LobbyDep,
    credentials: Credentials,
    body: HumanRequest | None = None,
) -> SeatGiven:
    """Give a seat (a bot's or a person's) to someone new: owner token only. The answer's
    invite, shown only this once, replaces the seat's old one; the seat's old token stops
    acting for it."""
    name = (body or HumanRequest()).name
    return SeatGiven.model_validate(await lobby.to_human(table, seat, name, token_of(credentials)))


@router.post("/tables/{table_id}/pace")
async def table_pace(
    body: PaceRequest, table: TableDep, lobby: LobbyDep, credentials: Credentials
) -> dict[str, JSONValue]:
    """Change how fast the table's bots play (slow, normal, fast, instant): owner token only."""
    await lobby.set_pace(table, body.pace, token_of(credentials))
    return table.summary()


@router.get("/tables/{table_id}/replay", response_class=Response)
async def table_replay(
    table: TableDep,
    lobby: LobbyDep,
    step: Annotated[
        int | None,
        Query(ge=0, description="One step: the game after this many actions, all revealed"),
    ] = None,
) -> Response:
    """A finished game: `{table, record, events}`, its record (which replays it) and every
    event, all revealed; or, with `step`, `{step, of, revealed, events}`: the engine's
    `reveal()` of the game after `step` actions and the events of that step. Both are
    encoded off the event loop (a long game's events take a while)."""
    answer = await (lobby.replay_of(table) if step is None else lobby.replay_step(table, step))
    return Response(answer, media_type="application/json")
