"""The Crime Scanner companion page (`/scanner`) and its API (`/api/scanner/...`).

A scanner session is one Crime Scanner on a table beside a real Stop Thief
board: its seed, its odds and the presses it accepted. The device logic stays
in `sleuth.games.stop_thief.device`; the page only sends presses and draws
the results. Storage is event-sourced like the tables: `scanner_sessions`
holds a session's seed and odds, `scanner_presses` every accepted press in
order, and a device is rebuilt by replaying them, so a reload or a server
restart resumes exactly where the scanner was. A refused press is never
stored and changes nothing.

| method and path | body | answer |
| --- | --- | --- |
| `GET /scanner` | | the page (`?session=ID` resumes; `?seed=&still=&escape=&six=` starts one) |
| `POST /api/scanner/sessions` | `{seed?, still?, escape?, six?}` | the new session |
| `GET /api/scanner/sessions/{id}` | | seed, odds, version, state, the last result |
| `POST /api/scanner/sessions/{id}/presses` | `{button, version?}` | `{version, result, state}` |
| `GET /api/scanner/sessions/{id}/reveal` | | every thief's true route (spoilers) |
| `GET /api/scanner/sessions/{id}/board.svg` | `?thief=N` | the board with that route drawn |

Errors are `{"error": code, "message": words}`: 400 `refused` (the unit cannot
take that press now; the message says why, and the answer carries the unchanged
`state` and `version`) or `malformed`, 404 `not_found`, 409 `stale_version` (a
`version` was sent and another press came first).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    func,
    insert,
    select,
    update,
)

from sleuth.games.stop_thief.device import CrimeScannerDevice, RefusedPress, Result, normalise
from sleuth.games.stop_thief.scanner import Odds, Step
from sleuth.games.stop_thief.svg import board_svg
from sleuth.server.store import add_missing_columns, make_engine

PAGE = Path(__file__).resolve().parent.parent / "web" / "scanner" / "index.html"
SEED_LIMIT = 2**128

metadata = MetaData()
sessions_table = Table(
    "scanner_sessions",
    metadata,
    Column("id", String(32), primary_key=True),
    # 128-bit seeds fit no SQL integer: decimal digits in `seed_digits` (`seed`: older rows).
    Column("seed", BigInteger, nullable=False),
    Column("seed_digits", String(48), nullable=True),
    Column("seed_fixed", Boolean, nullable=True),
    Column("still", Float, nullable=False),
    Column("escape", Float, nullable=False),
    Column("six", Float, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
)
presses_table = Table(
    "scanner_presses",
    metadata,
    Column("session_id", String(32), ForeignKey("scanner_sessions.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("button", String(16), nullable=False),
    Column("time", DateTime(timezone=True), nullable=False),
)


# --- one session in memory ------------------------------------------------------------------
@dataclass
class Thief:
    """One thief of a session, for the reveal: his true route and how he ended."""

    route: list[Step]
    arrested: bool = False


@dataclass
class Session:
    """A device rebuilt from its seed, odds and accepted presses."""

    id: str
    seed: int
    odds: Odds
    created: datetime
    device: CrimeScannerDevice
    seed_fixed: bool = False  # chosen by whoever started it (then shown), else drawn and secret
    version: int = 0  # accepted presses so far
    last: Result | None = None
    thieves: list[Thief] = field(default_factory=list)

    def apply(self, button: str) -> Result:
        """Press one button (RefusedPress leaves everything as it was) and note any new thief."""
        result = self.device.press(button)
        self.version += 1
        self.last = result
        route = self.device.scanner.route
        if route and (not self.thieves or self.thieves[-1].route is not route):
            self.thieves.append(Thief(route))  # the same list grows as he moves
        if result.outcome == "successful" and result.mode == "game" and self.thieves:
            self.thieves[-1].arrested = True
        return result

    def state(self) -> dict[str, object]:
        """What the page needs to draw the unit (never the thief's space)."""
        d = self.device
        return {
            "display": d.display,
            "flashing": d.flashing,
            "mode": d.mode,
            "tip_held": d.tip_held,
            "entry": d.entry,
            "at_large": d.at_large,
            "memory": len(d.scanner.memory) if d.mode == "game" else 0,
            "thieves": len(self.thieves),
        }

    def summary(self) -> dict[str, object]:
        return {
            "id": self.id,
            # A drawn seed is the thief's whole route: told only with the reveal.
            "seed": self.seed if self.seed_fixed else None,
            "odds": {"still": self.odds.still, "escape": self.odds.escape, "six": self.odds.six},
            "version": self.version,
            "created": self.created.isoformat(),
            "state": self.state(),
            "last": self.last.to_json() if self.last else None,
        }

    def reveal(self) -> dict[str, object]:
        thieves = []
        for number, thief in enumerate(self.thieves, start=1):
            current = thief is self.thieves[-1] and self.device.at_large
            status = "at large" if current else "arrested" if thief.arrested else "gone"
            thieves.append(
                {
                    "number": number,
                    "status": status,
                    "route": [step.space for step in thief.route],
                    "clues": [step.clue.display.strip() for step in thief.route],
                    "crimes": sum(step.crime for step in thief.route),
                }
            )
        return {"id": self.id, "seed": self.seed, "thief": self.device.thief, "thieves": thieves}


def _now() -> datetime:
    return datetime.now(UTC)


# --- storage ----------------------------------------------------------------------------------
IDLE_SECONDS = 600.0
"""How long a session stays in memory unused (it is rebuilt from storage when asked for)."""


class ScannerStore:
    """Scanner sessions in the app's database, with rebuilt devices cached in memory.

    A session unused for `idle_seconds` leaves memory (never storage): the
    cache is swept now and then as sessions are asked for.
    """

    def __init__(
        self,
        database_url: str,
        idle_seconds: float = IDLE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.engine = make_engine(database_url)
        metadata.create_all(self.engine)
        add_missing_columns(
            self.engine,
            {"scanner_sessions": {"seed_digits": "VARCHAR(48)", "seed_fixed": "BOOLEAN"}},
        )
        self.lock = threading.RLock()
        self.cache: dict[str, Session] = {}
        self.idle_seconds = idle_seconds
        self.clock = clock
        self.used: dict[str, float] = {}  # session id -> last asked for
        self._swept = clock()

    def _use(self, sid: str) -> None:
        """Note `sid` in use, and sweep idle sessions out of memory every so often."""
        now = self.clock()
        self.used[sid] = now
        if now - self._swept >= min(60.0, self.idle_seconds / 4):
            self.evict_idle()

    def evict_idle(self) -> list[str]:
        """Drop every session unused for `idle_seconds` from memory; their ids."""
        with self.lock:
            now = self.clock()
            self._swept = now
            gone = [s for s in self.cache if now - self.used.get(s, 0.0) >= self.idle_seconds]
            for sid in gone:
                del self.cache[sid]
                self.used.pop(sid, None)
            return gone

    def create(self, seed: int, odds: Odds, *, fixed: bool = False) -> Session:
        with self.lock:
            sid = secrets.token_urlsafe(9)
            now = _now()
            with self.engine.begin() as db:
                db.execute(
                    insert(sessions_table).values(
                        id=sid,
                        seed=0,
                        seed_digits=str(seed),
                        seed_fixed=fixed,
                        still=odds.still,
                        escape=odds.escape,
                        six=odds.six,
                        created=now,
                        updated=now,
                    )
                )
            session = Session(sid, seed, odds, now, CrimeScannerDevice(seed, odds), fixed)
            self.cache[sid] = session
            self._use(sid)
            return session

    def get(self, sid: str) -> Session | None:
        """The session, rebuilt from the database by replaying its presses if not in memory."""
        with self.lock:
            if sid in self.cache:
                self._use(sid)
                return self.cache[sid]
            with self.engine.connect() as db:
                row = db.execute(select(sessions_table).where(sessions_table.c.id == sid)).first()
                if row is None:
                    return None
                presses = db.execute(
                    select(presses_table.c.button)
                    .where(presses_table.c.session_id == sid)
                    .order_by(presses_table.c.number)
                ).scalars()
                odds = Odds(still=row.still, escape=row.escape, six=row.six)
                created = row.created if row.created.tzinfo else row.created.replace(tzinfo=UTC)
                seed = int(row.seed_digits) if row.seed_digits else int(row.seed)
                device = CrimeScannerDevice(seed, odds)
                session = Session(sid, seed, odds, created, device, bool(row.seed_fixed))
                for button in presses:
                    session.apply(button)  # accepted once, so accepted again: same seed, same run
            self.cache[sid] = session
            self._use(sid)
            return session

    def press(self, session: Session, button: str) -> Result:
        """Press and store. Raises RefusedPress (nothing stored, nothing changed)."""
        with self.lock:
            result = session.apply(button)
            try:
                with self.engine.begin() as db:
                    db.execute(
                        insert(presses_table).values(
                            session_id=session.id,
                            number=session.version - 1,
                            button=result.press,
                            time=_now(),
                        )
                    )
                    db.execute(
                        update(sessions_table)
                        .where(sessions_table.c.id == session.id)
                        .values(updated=_now())
                    )
            except Exception:
                self.cache.pop(session.id, None)  # memory ran ahead of the database: rebuild
                raise
            return result

    def count(self) -> int:
        with self.engine.connect() as db:
            return int(db.execute(select(func.count()).select_from(sessions_table)).scalar_one())


_store_lock = threading.Lock()


def store(request: Request) -> ScannerStore:
    """The app's scanner store, made on first use from `app.state.database_url`."""
    state = request.app.state
    with _store_lock:
        existing: ScannerStore | None = getattr(state, "scanner_store", None)
        if existing is None:
            existing = ScannerStore(
                state.database_url, getattr(state, "idle_seconds", IDLE_SECONDS)
            )
            state.scanner_store = existing
        return existing


# --- the API --------------------------------------------------------------------------------
router = APIRouter(tags=["scanner"])


def error(status: int, code: str, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": code, "message": message, **extra}, status_code=status)


def _missing(sid: str) -> JSONResponse:
    return error(404, "not_found", f"there is no scanner session {sid!r}")


class NewSession(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # as strict as the table API

    seed: int | None = Field(default=None, ge=0, lt=SEED_LIMIT)
    still: float | None = Field(default=None, ge=0.0, le=1.0)
    escape: float | None = Field(default=None, ge=0.0, le=1.0)
    six: float | None = Field(default=None, ge=0.0, le=1.0)


class Press(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    button: str = Field(max_length=16)
    version: int | None = Field(default=None, ge=0)


@router.get("/scanner", include_in_schema=False)
def scanner_page() -> FileResponse:
    """The Crime Scanner page, for use beside a real Stop Thief board."""
    return FileResponse(PAGE, media_type="text/html", headers={"Cache-Control": "no-cache"})


@router.post("/api/scanner/sessions", status_code=201, response_model=None)
def create_session(body: NewSession, request: Request) -> dict[str, object] | JSONResponse:
    """A new scanner, switched off. Without a seed one is drawn at random."""
    # Drawn: 128 bits from the operating system's secure source, beyond guessing.
    seed = secrets.randbits(128) if body.seed is None else body.seed
    defaults = Odds()
    chances = {
        "still": defaults.still if body.still is None else body.still,
        "escape": defaults.escape if body.escape is None else body.escape,
        "six": defaults.six if body.six is None else body.six,
    }
    for name, value in chances.items():
        if not 0.0 <= value <= 1.0:
            return error(400, "malformed", f"the chance {name} must be from 0 to 1, not {value}")
    odds = Odds(still=chances["still"], escape=chances["escape"], six=chances["six"])
    session = store(request).create(seed, odds, fixed=body.seed is not None)
    return session.summary()


@router.get("/api/scanner/sessions/{sid}", response_model=None)
def get_session(sid: str, request: Request) -> dict[str, object] | JSONResponse:
    """A session's seed, odds and what the unit shows now (never where the thief is)."""
    session = store(request).get(sid)
    return _missing(sid) if session is None else session.summary()


@router.post("/api/scanner/sessions/{sid}/presses", response_model=None)
def press(sid: str, body: Press, request: Request) -> dict[str, object] | JSONResponse:
    """Press one button: ON OFF CLUE TIP TIP_RELEASE ARREST 0-9."""
    scanners = store(request)
    with scanners.lock:
        session = scanners.get(sid)
        if session is None:
            return _missing(sid)
        if body.version is not None and body.version != session.version:
            return error(
                409,
                "stale_version",
                f"the scanner has taken {session.version} presses, not {body.version}: "
                "another press came first",
                version=session.version,
            )
        try:
            button = normalise(body.button)
            result = scanners.press(session, button)
        except RefusedPress as err:
            return error(
                400, "refused", str(err), press=body.button, version=session.version,
                state=session.state(),
            )  # fmt: skip
        return {"version": session.version, "result": result.to_json(), "state": session.state()}


@router.get("/api/scanner/sessions/{sid}/reveal", response_model=None)
def reveal(sid: str, request: Request) -> dict[str, object] | JSONResponse:
    """Spoilers: every thief of this session, his true route and where he is now."""
    session = store(request).get(sid)
    return _missing(sid) if session is None else session.reveal()


@router.get("/api/scanner/sessions/{sid}/board.svg", response_model=None)
def reveal_board(sid: str, request: Request, thief: int | None = None) -> Response:
    """The board with a thief's true route drawn (the latest thief by default)."""
    session = store(request).get(sid)
    if session is None:
        return _missing(sid)
    if not session.thieves:
        picture = board_svg()
    else:
        number = len(session.thieves) if thief is None else thief
        if not 1 <= number <= len(session.thieves):
            return error(404, "not_found", f"this session has no thief {number}")
        route = [step.space for step in session.thieves[number - 1].route]
        picture = board_svg(path=route, possible={route[-1]: 1.0})
    return Response(str(picture), media_type="image/svg+xml", headers={"Cache-Control": "no-store"})
