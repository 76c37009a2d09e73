"""Companions with seats: a game's missing part on phones beside a real board, shared here.

A companion session is one device (Kojak's informer codes and Solution Book,
Manhunt's Computer and Clue Scanner, ...) that several people use from their
phones, each phone holding one or more seats. The game's package gives the
device (`CompanionDevice`: pure, seeded, no storage); this module stores it,
serves it and keeps each seat's secrets to that seat's token, the way the
online tables do. It names no game: each game's `companion.api` builds its
router with `companion_router(CompanionSpec(...))`.

Storage is event-sourced like the Crime Scanner's: `companion_sessions` holds a
session's game and settings (its secret seed among them), `companion_events`
every accepted event in order (a seat taken, with its token's SHA-256; an
action, with the seat that sent it). A session is rebuilt by replaying its
events, so a reload or a restart resumes exactly where it was. A refused
action is never stored and changes nothing.

| method and path | answer |
| --- | --- |
| `GET /companion/{game}` | the page (`?session=ID` opens one) |
| `POST /api/companions/{game}/sessions` (the game's settings) | 201: the new session |
| `GET /api/companions/{game}/sessions/{id}` | what the token's seat may know (no token: all) |
| `POST .../sessions/{id}/seats` (`{seat, name}`) | 201: `{seat, name, token}`, the token once |
| `POST .../sessions/{id}/actions` (`{action, version?}`) | `{version, result, session}` |
| `POST .../sessions/{id}/seats/{n}/reissue` (host token) | 201: `{seat, name, token}`, anew |

Creating a session answers its `host_token` once (stored only hashed, in
`companion_hosts`). With it the host re-issues a taken seat's token for a phone
that lost its storage; the seat's old token stops working at once (a "reissue"
event), so a seat's secrets still reach exactly one holder.

The answer to an action (`result`) is the acting seat's alone.

A seat's token goes in `Authorization: Bearer ...`. Errors are `{"error": code,
"message": words}`: 400 `refused` (the device cannot take that now; nothing
changed) or `malformed`, 401 `no_token`, 403 `not_your_seat`, 404 `not_found`,
403 `not_host`, 409 `seat_taken` or `stale_version` (a `version` sent was not the session's, or
another server process on the same database stored an event first).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request, Security
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlalchemy import (
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from sleuth.core.companion import CompanionDevice, Refused
from sleuth.server.store import make_engine

PAGE = Path(__file__).resolve().parent.parent / "web" / "companion.html"
IDLE_SECONDS = 600.0
"""How long a session stays in memory unused (it is rebuilt from storage when asked for)."""
NAME_LIMIT = 24

metadata = MetaData()
sessions_table = Table(
    "companion_sessions",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("settings", Text, nullable=False),  # JSON, the secret seed among them
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
)
events_table = Table(
    "companion_events",
    metadata,
    Column("session_id", String(32), ForeignKey("companion_sessions.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("kind", String(16), nullable=False),  # "seat" (taken), "reissue" or "action"
    Column("body", Text, nullable=False),  # JSON: {name, token_hash}, {token_hash} or the action
    Column("time", DateTime(timezone=True), nullable=False),
)
hosts_table = Table(  # a table of its own, so that databases made before it keep working
    "companion_hosts",
    metadata,
    Column("session_id", String(32), ForeignKey("companion_sessions.id"), primary_key=True),
    Column("token_hash", String(64), nullable=False),  # the creator's token, hashed
)


@dataclass(frozen=True)
class CompanionSpec:
    """What a game gives to be served as a companion."""

    game: str  # the game's name, in its paths: /companion/{game}
    settings: type[BaseModel]  # the body of a new session, strict
    make: Callable[[dict[str, Any]], CompanionDevice]  # a device from stored settings
    # Stored settings from a checked body: the game draws its secrets here (a seed, a card).
    prepare: Callable[[BaseModel], dict[str, Any]]


class Conflict(Exception):
    """Another process stored an event of this session first: nothing of this one was kept."""


def qr_svg(text: str) -> str:
    """`text` as a QR code in SVG (segno: small, dependency-free, made for the job)."""
    import io

    import segno

    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=6, border=2, xmldecl=False)
    return out.getvalue().decode()


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


# --- one session in memory ------------------------------------------------------------------
@dataclass
class Seat:
    name: str
    token_hash: str


@dataclass
class Session:
    id: str
    game: str
    settings: dict[str, Any]
    created: datetime
    device: CompanionDevice
    seats: dict[int, Seat] = field(default_factory=dict)
    version: int = 0  # events stored so far
    host_hash: str | None = None  # the creator's token, hashed (none for older sessions)

    def is_host(self, token: str | None) -> bool:
        if not token or not self.host_hash:
            return False
        return hmac.compare_digest(self.host_hash, hash_token(token))

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token holds here (None: no token, or not one of this session's)."""
        if not token:
            return None
        digest = hash_token(token)
        for number, seat in self.seats.items():
            if hmac.compare_digest(seat.token_hash, digest):
                return number
        return None

    def take_seat(self, seat: int, name: str, token_hash: str) -> None:
        if not 0 <= seat < self.device.seats:
            raise Refused(f"this session has seats 0 to {self.device.seats - 1}, not {seat}")
        if seat in self.seats:
            raise Refused(f"seat {seat} is taken, by {self.seats[seat].name}")
        if not name.strip():
            raise Refused("a seat needs a name", malformed=True)
        self.seats[seat] = Seat(name.strip()[:NAME_LIMIT], token_hash)
        self.version += 1

    def reissue(self, seat: int, token_hash: str) -> None:
        """Give `seat` a new token: the old one stops working (a phone that lost it)."""
        if seat not in self.seats:
            raise Refused(f"seat {seat} is free: take it rather than re-issue it")
        self.seats[seat].token_hash = token_hash
        self.version += 1

    def act(self, seat: int, action: Mapping[str, Any]) -> dict[str, Any]:
        result = self.device.apply(seat, action)
        self.version += 1
        return result

    def summary(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know: the device's view, the seats, and whose this answer is."""
        return {
            "id": self.id,
            "game": self.game,
            "version": self.version,
            "seat": seat,
            "seats": [
                {
                    "seat": n,
                    "name": self.seats[n].name if n in self.seats else None,
                    "taken": n in self.seats,
                }
                for n in range(self.device.seats)
            ],
            "view": self.device.view(seat),
        }


# --- storage ----------------------------------------------------------------------------------
class CompanionStore:
    """One game's companion sessions in the app's database, rebuilt devices cached in memory."""

    def __init__(
        self,
        spec: CompanionSpec,
        database_url: str,
        idle_seconds: float = IDLE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.spec = spec
        self.engine = make_engine(database_url)
        metadata.create_all(self.engine)
        self.lock = threading.RLock()
        self.cache: dict[str, Session] = {}
        self.used: dict[str, float] = {}
        self.idle_seconds = idle_seconds
        self.clock = clock

    def _use(self, sid: str) -> None:
        now = self.clock()
        self.used[sid] = now
        for other in [s for s, t in self.used.items() if now - t >= self.idle_seconds]:
            self.cache.pop(other, None)  # leaves memory, never storage
            self.used.pop(other, None)

    def create(self, settings: dict[str, Any]) -> Session:
        return self.open(settings)[0]

    def open(self, settings: dict[str, Any]) -> tuple[Session, str]:
        """A new session and its host token (given once, stored only as a hash): the host
        may re-issue a seat's link to a phone that lost it."""
        device = self.spec.make(settings)  # raises before anything is stored
        with self.lock:
            sid = secrets.token_urlsafe(9)
            host = secrets.token_urlsafe(24)
            host_hash = hash_token(host)
            now = _now()
            with self.engine.begin() as db:
                db.execute(
                    insert(sessions_table).values(
                        id=sid,
                        game=self.spec.game,
                        settings=json.dumps(settings),
                        created=now,
                        updated=now,
                    )
                )
                db.execute(insert(hosts_table).values(session_id=sid, token_hash=host_hash))
            session = Session(sid, self.spec.game, settings, now, device, host_hash=host_hash)
            self.cache[sid] = session
            self._use(sid)
            return session, host

    def get(self, sid: str) -> Session | None:
        """The session, rebuilt by replaying its events if it is not in memory."""
        with self.lock:
            with self.engine.connect() as db:
                cached = self.cache.get(sid)
                if cached is not None:
                    # Another process on the same database may have added events since.
                    stored = db.execute(
                        select(func.count())
                        .select_from(events_table)
                        .where(events_table.c.session_id == sid)
                    ).scalar_one()
                    if stored == cached.version:
                        self._use(sid)
                        return cached
                row = db.execute(
                    select(sessions_table).where(
                        sessions_table.c.id == sid, sessions_table.c.game == self.spec.game
                    )
                ).first()
                if row is None:
                    return None
                events = db.execute(
                    select(events_table.c.seat, events_table.c.kind, events_table.c.body)
                    .where(events_table.c.session_id == sid)
                    .order_by(events_table.c.number)
                ).all()
                host = db.execute(
                    select(hosts_table.c.token_hash).where(hosts_table.c.session_id == sid)
                ).scalar_one_or_none()
            settings = json.loads(row.settings)
            created = row.created if row.created.tzinfo else row.created.replace(tzinfo=UTC)
            session = Session(sid, self.spec.game, settings, created, self.spec.make(settings),
                              host_hash=host)  # fmt: skip
            for seat, kind, body in events:  # accepted once, so accepted again
                data = json.loads(body)
                if kind == "seat":
                    session.take_seat(seat, data["name"], data["token_hash"])
                elif kind == "reissue":
                    session.reissue(seat, data["token_hash"])
                else:
                    session.act(seat, data)
            self.cache[sid] = session
            self._use(sid)
            return session

    def _store(self, session: Session, seat: int, kind: str, body: Mapping[str, Any]) -> None:
        try:
            with self.engine.begin() as db:
                db.execute(
                    insert(events_table).values(
                        session_id=session.id,
                        number=session.version - 1,
                        seat=seat,
                        kind=kind,
                        body=json.dumps(body),
                        time=_now(),
                    )
                )
                db.execute(
                    update(sessions_table)
                    .where(sessions_table.c.id == session.id)
                    .values(updated=_now())
                )
        except IntegrityError:
            self.cache.pop(session.id, None)  # another process stored this number first
            raise Conflict("another phone acted first: look again and retry") from None
        except Exception:
            self.cache.pop(session.id, None)  # memory ran ahead of the database: rebuild
            raise

    def take_seat(self, session: Session, seat: int, name: str) -> str:
        """Give `seat` to `name`; its token (stored only as a hash). Raises Refused."""
        with self.lock:
            token = secrets.token_urlsafe(24)
            digest = hash_token(token)
            session.take_seat(seat, name, digest)
            self._store(session, seat, "seat", {"name": session.seats[seat].name,
                                                "token_hash": digest})  # fmt: skip
            return token

    def reissue(self, session: Session, seat: int) -> str:
        """A new token for a taken seat, the old one void from now on. Raises Refused."""
        with self.lock:
            token = secrets.token_urlsafe(24)
            digest = hash_token(token)
            session.reissue(seat, digest)
            self._store(session, seat, "reissue", {"token_hash": digest})
            return token

    def act(self, session: Session, seat: int, action: Mapping[str, Any]) -> dict[str, Any]:
        """Do and store `action` for `seat`. Raises Refused (nothing stored, nothing changed)."""
        with self.lock:
            result = session.act(seat, action)
            self._store(session, seat, "action", action)
            return result


_stores_lock = threading.Lock()


def store_for(request: Request, spec: CompanionSpec) -> CompanionStore:
    """The app's store for `spec`'s game, made on first use from `app.state.database_url`."""
    state = request.app.state
    with _stores_lock:
        stores: dict[str, CompanionStore] | None = getattr(state, "companion_stores", None)
        if stores is None:
            stores = state.companion_stores = {}
        if spec.game not in stores:
            idle = getattr(state, "idle_seconds", IDLE_SECONDS)
            stores[spec.game] = CompanionStore(spec, state.database_url, idle)
        return stores[spec.game]


# --- the API --------------------------------------------------------------------------------
bearer = HTTPBearer(auto_error=False, description="A companion seat's token")


def error(status: int, code: str, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": code, "message": message, **extra}, status_code=status)


class TakeSeat(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    seat: int = Field(ge=0, le=15)
    name: str = Field(min_length=1, max_length=NAME_LIMIT)


class Act(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    action: dict[str, str | int] = Field(max_length=8)
    version: int | None = Field(default=None, ge=0)


def companion_router(spec: CompanionSpec) -> APIRouter:
    """The page and the API of one game's companion."""
    router = APIRouter(tags=[f"{spec.game} companion"])
    base = f"/api/companions/{spec.game}/sessions"

    def missing(sid: str) -> JSONResponse:
        return error(404, "not_found", f"there is no {spec.game} companion session {sid!r}")

    def token_of(credentials: HTTPAuthorizationCredentials | None) -> str | None:
        return credentials.credentials if credentials is not None else None

    @router.get(f"/companion/{spec.game}", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(PAGE, media_type="text/html", headers={"Cache-Control": "no-cache"})

    @router.get(f"{base}/{{sid}}/share", response_model=None)
    def share(sid: str, request: Request, picture: bool = False) -> Any:
        """The session's page for another phone: `{url}`, or with `picture` its QR code (SVG).
        On `serve --host 0.0.0.0` the link uses this machine's network address, which a phone
        can reach even when the page itself was opened as localhost."""
        if store_for(request, spec).get(sid) is None:
            return missing(sid)
        base_url = getattr(request.app.state, "phone_url", None) or str(request.base_url)
        url = f"{base_url.rstrip('/')}/companion/{spec.game}?session={sid}"
        if not picture:
            return {"url": url}
        return Response(qr_svg(url), media_type="image/svg+xml",
                        headers={"Cache-Control": "no-store"})  # fmt: skip

    @router.post(base, status_code=201, response_model=None)
    def create(body: dict[str, Any], request: Request) -> dict[str, Any] | JSONResponse:
        try:
            checked = spec.settings.model_validate(body)
        except ValidationError as err:
            first = err.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "body"
            return error(400, "malformed", f"{where}: {first['msg']}")
        try:
            session, host = store_for(request, spec).open(spec.prepare(checked))
        except (Refused, ValueError) as err:
            return error(400, "malformed", str(err))
        return {**session.summary(None), "host_token": host}

    @router.get(f"{base}/{{sid}}", response_model=None)
    def read(
        sid: str,
        request: Request,
        credentials: HTTPAuthorizationCredentials | None = Security(bearer),  # noqa: B008
    ) -> dict[str, Any] | JSONResponse:
        sessions = store_for(request, spec)
        with sessions.lock:  # never a view of half an action (handlers run on several threads)
            session = sessions.get(sid)
            if session is None:
                return missing(sid)
            token = token_of(credentials)
            seat = session.seat_of(token)
            if token and seat is None:
                return error(403, "not_your_seat", "that token holds no seat of this session")
            return session.summary(seat)

    @router.post(f"{base}/{{sid}}/seats", status_code=201, response_model=None)
    def take(sid: str, body: TakeSeat, request: Request) -> dict[str, Any] | JSONResponse:
        sessions = store_for(request, spec)
        with sessions.lock:
            session = sessions.get(sid)
            if session is None:
                return missing(sid)
            if body.seat in session.seats:
                return error(409, "seat_taken", f"seat {body.seat} is taken")
            try:
                token = sessions.take_seat(session, body.seat, body.name)
            except Refused as err:
                return error(400, "malformed" if err.malformed else "refused", str(err))
            except Conflict as err:
                return error(409, "stale_version", str(err))
            return {"seat": body.seat, "name": session.seats[body.seat].name, "token": token}

    @router.post(f"{base}/{{sid}}/seats/{{seat}}/reissue", status_code=201, response_model=None)
    def reissue(
        sid: str,
        seat: int,
        request: Request,
        credentials: HTTPAuthorizationCredentials | None = Security(bearer),  # noqa: B008
    ) -> dict[str, Any] | JSONResponse:
        """The host gives a taken seat a new token (its phone lost it): the old one stops
        working, so the seat's secrets go to whoever holds the new link, and to no one else."""
        sessions = store_for(request, spec)
        with sessions.lock:
            session = sessions.get(sid)
            if session is None:
                return missing(sid)
            token = token_of(credentials)
            if not token:
                return error(401, "no_token", "re-issue with the session's host token")
            if not session.is_host(token):
                return error(403, "not_host", "only the phone that made the session re-issues")
            if not 0 <= seat < session.device.seats:
                return error(404, "not_found", f"this session has no seat {seat}")
            try:
                fresh = sessions.reissue(session, seat)
            except Refused as err:
                return error(400, "refused", str(err))
            except Conflict as err:
                return error(409, "stale_version", str(err))
            return {"seat": seat, "name": session.seats[seat].name, "token": fresh}

    @router.post(f"{base}/{{sid}}/actions", response_model=None)
    def act(
        sid: str,
        body: Act,
        request: Request,
        credentials: HTTPAuthorizationCredentials | None = Security(bearer),  # noqa: B008
    ) -> dict[str, Any] | JSONResponse:
        sessions = store_for(request, spec)
        with sessions.lock:
            session = sessions.get(sid)
            if session is None:
                return missing(sid)
            token = token_of(credentials)
            if not token:
                return error(401, "no_token", "act with your seat's token")
            seat = session.seat_of(token)
            if seat is None:
                return error(403, "not_your_seat", "that token holds no seat of this session")
            if body.version is not None and body.version != session.version:
                return error(
                    409, "stale_version",
                    f"the session is at version {session.version}, not {body.version}",
                    version=session.version,
                )  # fmt: skip
            try:
                result = sessions.act(session, seat, body.action)
            except Refused as err:
                code = "malformed" if err.malformed else "refused"
                return error(400, code, str(err), version=session.version)
            except Conflict as err:
                return error(409, "stale_version", str(err))
            return {"version": session.version, "result": result, "session": session.summary(seat)}

    return router
