"""Tables in play: seats and tokens, accepting actions, bots and turn timers, telling the seats.

The lobby is the server's only authority and knows no game by name. Every
change to a table runs under that table's lock, in one order: check, store
(committed), change the game in memory, then tell every connected seat (each
its own view and only the events it may see). HTTP and WebSocket handlers
both call the methods here; refusals are `ApiError`s and change nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any, Literal, TypeVar

from sqlalchemy.exc import IntegrityError

from sleuth.bots import Bot, bot_levels, make_bot
from sleuth.core import Action, GameState, IllegalAction, replay, spec
from sleuth.core.actions import JSONValue
from sleuth.core.game import Narrating, new_game
from sleuth.server.errors import ApiError
from sleuth.server.present import narrator, say
from sleuth.server.store import Store, StoredTable, TableRow, Writer, now

log = logging.getLogger("sleuth.server")

T = TypeVar("T")
SeatKind = Literal["human", "bot"]
OUTBOX_LIMIT = 1000
"""Messages waiting for one slow client before it is dropped (it reconnects and resumes)."""


def new_seed() -> int:
    """A table's seed: 128 bits from the operating system's secure source.

    The seed decides every hidden card and move, so it must be beyond guessing
    from what the game shows, and it is never sent before the game ends.
    """
    return secrets.randbits(SEED_BITS)


SEED_BITS = 128


def bot_seed(table_seed: int, seat: int) -> int:
    """A bot's own seed, from the table's by a one-way hash: its play tells nothing of it."""
    digest = hashlib.sha256(f"sleuth-bot:{table_seed}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _replay_as_far_as_possible(
    row: TableRow, actions: list[dict[str, JSONValue]]
) -> tuple[GameState, tuple[int, str] | None]:
    """The game after every stored action that replays, and (number, why) of the first that not."""
    state = new_game(row.game, row.players, row.seed, **row.options)
    for number, action in enumerate(actions):
        try:
            state.apply(action)
        except Exception as err:  # an illegal action, or a bug: either way it stops here
            return state, (number, f"{type(err).__name__}: {err}")
    return state, None


def fixed_choices(game: str, options: dict[str, JSONValue], seed_fixed: bool) -> list[str]:
    """What the table's creator chose that can decide hidden cards, in words for every seat."""
    told: list[str] = []
    if seed_fixed:
        told.append("The table's creator chose the seed, which decides every hidden card and move.")
    for option in spec(game).describe()["options"]:
        secret = option.get("secret")
        if secret and options.get(option["name"], option["default"]) != option["default"]:
            told.append(f"{option['name']} = {options[option['name']]}: {secret}")
    return told


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _same(stored: JSONValue, token_digest: str) -> bool:
    return isinstance(stored, str) and hmac.compare_digest(stored, token_digest)


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


@dataclass
class Seat:
    """One chair at a table: who sits there and how they prove it."""

    kind: SeatKind
    name: str
    level: str | None = None
    token_hash: str | None = None
    claimed: bool = False

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "kind": self.kind,
            "name": self.name,
            "level": self.level,
            "token_hash": self.token_hash,
            "claimed": self.claimed,
        }

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Seat:
        kind = data["kind"]
        if kind not in ("human", "bot"):
            raise ValueError(f"unknown seat kind {kind!r}")
        return cls(
            kind=kind,
            name=str(data["name"]),
            level=None if data.get("level") is None else str(data["level"]),
            token_hash=None if data.get("token_hash") is None else str(data["token_hash"]),
            claimed=bool(data.get("claimed")),
        )

    def public(self, number: int) -> dict[str, JSONValue]:
        return {
            "seat": number,
            "kind": self.kind,
            "name": self.name,
            "level": self.level,
            "claimed": self.claimed,
        }


class Subscriber:
    """One connected client (a WebSocket) watching one table as one seat, or as a spectator.

    The lobby only ever queues finished JSON texts here, in order, without
    waiting; the socket's own writer task sends them.
    """

    def __init__(self) -> None:
        self.seat: int | None = None
        self.table: LiveTable | None = None
        self._outbox: deque[str] = deque()
        self._ready = asyncio.Event()
        self.dropped = False

    def send(self, text: str) -> None:
        if len(self._outbox) >= OUTBOX_LIMIT:
            self.dropped = True
        else:
            self._outbox.append(text)
        self._ready.set()

    @property
    def pending(self) -> int:
        return len(self._outbox)

    async def next(self) -> str | None:
        """The next text to send, or None once the client fell too far behind."""
        while not self._outbox:
            if self.dropped:
                return None
            self._ready.clear()
            await self._ready.wait()
        return None if self.dropped else self._outbox.popleft()


class LiveTable:
    """A table in memory: its stored row, the game rebuilt from its actions, who is watching."""

    def __init__(self, row: TableRow, state: GameState) -> None:
        self.id = row.id
        self.game = row.game
        self.players = row.players
        self.seed = row.seed
        self.options = row.options
        self.seats = [Seat.from_json(s) for s in row.seats]
        if len(self.seats) != self.players:
            raise ValueError(f"{len(self.seats)} seats for {self.players} players")
        self.owner_hash = row.owner_hash
        self.status = row.status
        self.created: datetime = row.created
        self.updated: datetime = row.updated
        self.turn_seconds = row.turn_seconds
        self.state = state
        self.narrator: Narrating = narrator(self.game)
        self.texts: list[str] = []
        self.narrate()
        self.lock = asyncio.Lock()
        self.subscribers: set[Subscriber] = set()
        self.bots: dict[tuple[int, str], Bot] = {}
        self.changed = asyncio.Event()
        self.driver: asyncio.Task[None] | None = None
        self.stand_in: int | None = None  # a human seat a bot plays until its turn ends
        self.seed_fixed = row.seed_fixed
        self.fixed = fixed_choices(self.game, self.options, self.seed_fixed)
        self.damage: dict[str, JSONValue] | None = None  # an action that no longer replayed

    @property
    def version(self) -> int:
        """The number of accepted actions."""
        return len(self.state.history)

    @property
    def title(self) -> str:
        return spec(self.game).title

    def narrate(self) -> None:
        """Put every event logged since the last call into words (one narrator, in order)."""
        log_ = self.state.log
        while len(self.texts) < len(log_):
            self.texts.append(say(self.narrator, log_[len(self.texts)]))

    def row(self) -> TableRow:
        return TableRow(
            id=self.id,
            game=self.game,
            players=self.players,
            seed=self.seed,
            options=self.options,
            seats=[s.to_json() for s in self.seats],
            owner_hash=self.owner_hash,
            status=self.status,
            created=self.created,
            updated=self.updated,
            turn_seconds=self.turn_seconds,
            seed_fixed=self.seed_fixed,
        )

    # --- what goes out --------------------------------------------------------------------
    def summary(self) -> dict[str, JSONValue]:
        return {
            "id": self.id,
            "game": self.game,
            "title": self.title,
            "players": self.players,
            "status": self.status,
            "seats": [seat.public(n) for n, seat in enumerate(self.seats)],
            "version": self.version,
            "to_move": self.state.to_move,
            "winners": self.state.winners,
            "turn_seconds": self.turn_seconds,
            "created": self.created.isoformat(),
            "updated": self.updated.isoformat(),
            "url": f"/t/{self.id}",
            "fixed": list(self.fixed),
            **({"damage": self.damage} if self.damage else {}),
        }

    def events_json(
        self, seat: int | None, start: int = 0, *, past: bool = False
    ) -> list[dict[str, JSONValue]]:
        """The events logged from index `start` that `seat` may see, each with its words.

        With `past` (a snapshot re-telling history) fleeting data is left out: a
        discard shown face up once is not shown again to whoever reconnects.
        """
        out: list[dict[str, JSONValue]] = []
        for index, event in enumerate(self.state.log[start:], start):
            if not event.visible_to(seat):
                continue
            if past and event.fleeting:
                told = event.later()
                out.append({**told.to_json(), "text": say(self.narrator, told)})
            else:
                out.append({**event.to_json(), "text": self.texts[index]})
        return out

    def legal_json(self, seat: int | None) -> list[dict[str, JSONValue]]:
        if seat is None or self.status != "playing" or self.state.to_move != seat:
            return []
        return [a.to_json() for a in self.state.legal_actions()]

    def seat_view(self, seat: int | None) -> dict[str, JSONValue]:
        """A seat's whole view, as `GET .../view`, snapshots and updates carry it."""
        return {
            "version": self.version,
            "seat": seat,
            "status": self.status,
            "to_move": self.state.to_move,
            "legal": self.legal_json(seat),
            "view": self.state.view(seat),
        }

    def snapshot(self, seat: int | None) -> dict[str, JSONValue]:
        return {
            "type": "snapshot",
            **self.seat_view(seat),
            "events": self.events_json(seat, past=True),
            "table": self.summary(),
        }

    def tell(self, start: int) -> None:
        """Send every subscriber its update: new view and the events from log index `start`."""
        texts: dict[int | None, str] = {}
        for sub in list(self.subscribers):
            if sub.seat not in texts:
                message = {"type": "update", **self.seat_view(sub.seat)}
                message["events"] = self.events_json(sub.seat, start)
                texts[sub.seat] = dumps(message)
            sub.send(texts[sub.seat])

    def tell_table(self) -> None:
        """Tell every subscriber that the seats or the status changed."""
        text = dumps({"type": "table", "table": self.summary()})
        for sub in list(self.subscribers):
            sub.send(text)


class Lobby:
    """Every live table, the store behind them, and the bots that play on the server."""

    def __init__(self, database_url: str, *, bot_delay: float = 0.4) -> None:
        self.store = Store(database_url)
        self.bot_delay = bot_delay
        self.tables: dict[str, LiveTable] = {}
        self.broken: dict[str, str] = {}  # table id -> why it could not be restored
        self._writer = Writer(self.store)
        self._open = False

    # --- life --------------------------------------------------------------------------------
    async def open(self) -> None:
        """Create the schema if needed and rebuild every unfinished table from its actions."""
        if self._open:
            return
        self._open = True
        await self._db(self.store.create_schema)
        ids = await self._db(self.store.unfinished_ids)
        restored = 0
        for table_id in ids:
            try:
                stored = await self._db(self.store.load, table_id)
                if stored is None:
                    continue
                table = await self._restore(stored)
            except Exception as err:  # a bad row must never stop the server
                self.broken[table_id] = f"{type(err).__name__}: {err}"
                log.error("table %s could not be restored and is skipped: %s", table_id, err)
                continue
            if table.state.over and table.status != "finished":
                table.status = "finished"  # the server stopped between the last action and this
                await self._db(self.store.update_table, table.id, status="finished")
            self.tables[table.id] = table
            self._start(table)
            restored += 1
        if ids:
            log.info("restored %d of %d unfinished tables", restored, len(ids))

    async def close(self) -> None:
        drivers = [t.driver for t in self.tables.values() if t.driver is not None]
        for task in drivers:
            task.cancel()
        for task in drivers:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for table in list(self.tables.values()):
            async with table.lock:
                pass  # let an action already being stored finish
        self._writer.close()
        self.store.close()
        self._open = False

    async def _db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a store call on the writer thread (one at a time, in order)."""
        result: T = await asyncio.wrap_future(self._writer.call(partial(fn, *args, **kwargs)))
        return result

    async def _restore(self, stored: StoredTable) -> LiveTable:
        """The live table a stored one describes, its game replayed off the event loop.

        If an action no longer replays, the table plays on from the action before it:
        the rows from that one on are set aside in storage (kept, not lost) and the
        table says which action failed and why (`damage` in its summary).
        """
        row = stored.row
        state, failed = await asyncio.to_thread(_replay_as_far_as_possible, row, stored.actions)
        table = LiveTable(row, state)
        if failed is not None:
            number, why = failed
            moved = await self._db(self.store.set_aside, row.id, number, why)
            table.damage = {"action": number, "why": why, "set_aside": moved}
            log.error(
                "table %s: action %d does not replay (%s); %d action(s) set aside, "
                "the table plays on from there",
                row.id,
                number,
                why,
                moved,
            )
        return table

    # --- finding tables ----------------------------------------------------------------------
    async def table(self, table_id: str) -> LiveTable:
        """A table by id: live, or a finished one read back from the store."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if table_id in self.broken:
            raise ApiError(
                404,
                "corrupt",
                f"table {table_id} could not be restored from storage: {self.broken[table_id]}",
            )
        if len(table_id) > 64:
            raise ApiError(404, "not_found", "there is no such table")
        try:
            stored = await self._db(self.store.load, table_id)
        except Exception as err:
            log.error("table %s could not be read: %s", table_id, err)
            raise ApiError(
                404, "corrupt", f"table {table_id} could not be restored from storage"
            ) from None
        if stored is None:
            raise ApiError(404, "not_found", "there is no such table")
        try:
            table = await self._restore(stored)
        except Exception as err:
            self.broken[table_id] = str(err)
            log.error("table %s could not be restored: %s", table_id, err)
            raise ApiError(
                404, "corrupt", f"table {table_id} could not be restored from storage"
            ) from None
        self.tables[table_id] = table
        self._start(table)
        return table

    def listing(self) -> list[dict[str, JSONValue]]:
        """Open and running tables, newest first."""
        live = [t for t in self.tables.values() if t.status in ("open", "playing")]
        live.sort(key=lambda t: t.created, reverse=True)
        return [t.summary() for t in live]

    # --- tokens ------------------------------------------------------------------------------
    def seat_of(self, table: LiveTable, token: str | None) -> int | None:
        """The seat a token holds; None for no token (a spectator). Unknown tokens: 401."""
        if token is None:
            return None
        digest = token_hash(token)
        for number, seat in enumerate(table.seats):
            if _same(seat.token_hash, digest):
                return number
        if _same(table.owner_hash, digest):
            return None  # the owner watches as a spectator unless it also holds a seat
        raise ApiError(401, "bad_token", "that token belongs to no seat at this table")

    def is_owner(self, table: LiveTable, token: str | None) -> bool:
        return token is not None and _same(table.owner_hash, token_hash(token))

    def acting_seat(self, table: LiveTable, token: str | None, claimed: int | None = None) -> int:
        """The seat a token may act for (and must, if the request names one)."""
        if token is None:
            raise ApiError(401, "no_token", "send your seat's token: Authorization: Bearer <token>")
        seat = self.seat_of(table, token)
        if seat is None:
            raise ApiError(403, "not_a_seat", "the owner token runs the table; join a seat to play")
        if claimed is not None and claimed != seat:
            raise ApiError(403, "not_your_seat", f"your token is for seat {seat}, not {claimed}")
        return seat

    # --- making and joining tables -----------------------------------------------------------
    async def create(
        self,
        game: str,
        players: int,
        seats: list[tuple[SeatKind, str | None, str | None]] | None,
        *,
        seed: int | None = None,
        options: dict[str, JSONValue] | None = None,
        turn_seconds: float | None = None,
    ) -> dict[str, JSONValue]:
        """A new table; `seats` as (kind, level, name), all human if None."""
        try:
            game_spec = spec(game)
        except IllegalAction as err:
            raise ApiError(400, "unknown_game", str(err)) from None
        seed_fixed = seed is not None
        if seed is None:
            seed = new_seed()
        try:
            state = new_game(game, players, seed, **(options or {}))
        except IllegalAction as err:
            raise ApiError(400, "bad_table", str(err)) from None
        wanted = seats if seats is not None else [("human", None, None)] * players
        if len(wanted) != players:
            raise ApiError(400, "bad_table", f"{players} players need {players} seats")
        levels = bot_levels(game)
        chairs: list[Seat] = []
        for number, (kind, level, name) in enumerate(wanted):
            label = f"{game_spec.seat_names.capitalize()} {number + 1}"
            if kind == "bot":
                level = level or levels[-1]
                if level not in levels:
                    raise ApiError(
                        400, "bad_table", f"no {level!r} bot; choose one of {', '.join(levels)}"
                    )
                chairs.append(Seat("bot", name or f"{label} ({level} bot)", level, claimed=True))
            else:
                chairs.append(Seat("human", name or label))
        owner = new_token()
        status = "playing" if all(s.claimed for s in chairs) else "open"
        row = TableRow(
            id="",
            game=game,
            players=players,
            seed=seed,
            options=state.record().options,
            seats=[s.to_json() for s in chairs],
            owner_hash=token_hash(owner),
            status=status,
            turn_seconds=turn_seconds,
            seed_fixed=seed_fixed,
        )
        for _attempt in range(5):
            row.id = secrets.token_urlsafe(6)
            try:
                await self._db(self.store.insert_table, row)
                break
            except IntegrityError:
                continue
        else:  # pragma: no cover - five clashes of 48 random bits
            raise ApiError(500, "server", "could not find a free table id")
        table = LiveTable(row, state)
        self.tables[table.id] = table
        self._start(table)
        return {
            "id": table.id,
            "owner_token": owner,
            "url": f"/t/{table.id}",
            "seats": [
                {
                    "seat": n,
                    "kind": s.kind,
                    **({"join_url": f"/t/{table.id}?seat={n}"} if s.kind == "human" else {}),
                }
                for n, s in enumerate(table.seats)
            ],
        }

    async def join(
        self, table: LiveTable, seat: int | None = None, name: str | None = None
    ) -> dict[str, JSONValue]:
        """Claim a free human seat (the first, unless one is named); the token is shown once."""
        return await asyncio.shield(self._join(table, seat, name))

    async def _join(
        self, table: LiveTable, seat: int | None, name: str | None
    ) -> dict[str, JSONValue]:
        async with table.lock:
            if table.status == "finished":
                raise ApiError(409, "finished", "this game is over")
            if seat is None:
                free = [n for n, s in enumerate(table.seats) if s.kind == "human" and not s.claimed]
                if not free:
                    raise ApiError(409, "table_full", "every seat at this table is taken")
                seat = free[0]
            if not 0 <= seat < table.players:
                raise ApiError(400, "no_such_seat", f"seats are numbered 0 to {table.players - 1}")
            chair = table.seats[seat]
            if chair.kind != "human":
                raise ApiError(409, "seat_taken", f"a bot plays seat {seat}")
            if chair.claimed:
                raise ApiError(409, "seat_taken", f"seat {seat} is already taken")
            token = new_token()
            claimed = Seat("human", name or chair.name, None, token_hash(token), True)
            await self._change_seats(table, {seat: claimed})
        return {"seat": seat, "token": token, "name": claimed.name}

    async def to_bot(
        self, table: LiveTable, seat: int, level: str | None, token: str | None
    ) -> None:
        """A bot takes a seat over (asked by the owner, or by the seat's own player leaving)."""
        if token is None:
            raise ApiError(401, "no_token", "send the owner token: Authorization: Bearer <token>")
        if not 0 <= seat < table.players:
            raise ApiError(404, "no_such_seat", f"seats are numbered 0 to {table.players - 1}")
        owner = self.is_owner(table, token)
        if not owner and self.seat_of(table, token) != seat:
            raise ApiError(403, "not_owner", "only the table's owner or the seat's player can")
        levels = bot_levels(table.game)
        level = level or levels[-1]
        if level not in levels:
            raise ApiError(400, "bad_level", f"no {level!r} bot; choose one of {', '.join(levels)}")
        await asyncio.shield(self._to_bot(table, seat, level))

    async def _to_bot(self, table: LiveTable, seat: int, level: str) -> None:
        async with table.lock:
            if table.status == "finished":
                raise ApiError(409, "finished", "this game is over")
            chair = table.seats[seat]
            if chair.kind == "bot":
                raise ApiError(409, "already_bot", f"a bot already plays seat {seat}")
            # The leaver's token still shows the seat's view; it can no longer act.
            await self._change_seats(
                table, {seat: Seat("bot", chair.name, level, chair.token_hash, True)}
            )

    async def _change_seats(self, table: LiveTable, changes: dict[int, Seat]) -> None:
        """Store new seats (and the status they imply), then apply and tell. Holds the lock."""
        seats = [changes.get(n, s) for n, s in enumerate(table.seats)]
        status = table.status
        if status == "open" and all(s.claimed for s in seats):
            status = "playing"
        await self._db(
            self.store.update_table, table.id, seats=[s.to_json() for s in seats], status=status
        )
        table.seats, table.status, table.updated = seats, status, now()
        table.tell_table()
        table.changed.set()

    # --- playing -------------------------------------------------------------------------------
    async def act(
        self,
        table: LiveTable,
        seat: int,
        action: JSONValue,
        version: int,
        *,
        by_bot: bool = False,
    ) -> int:
        """Accept one action for `seat` against `version`: store it, apply it, tell everyone.

        Shielded: a caller that goes away mid-way cannot leave an action stored but
        not applied.
        """
        return await asyncio.shield(self._act(table, seat, action, version, by_bot))

    async def _act(
        self, table: LiveTable, seat: int, action: JSONValue, version: int, by_bot: bool
    ) -> int:
        async with table.lock:
            if table.status == "open":
                raise ApiError(409, "not_started", "the game starts once every seat is taken")
            chair = table.seats[seat]
            if chair.kind == "bot" and not by_bot:
                raise ApiError(403, "bot_seat", f"a bot plays seat {seat} now")
            if version != table.version:
                raise ApiError(
                    409,
                    "stale_version",
                    f"the game has moved on (version {table.version}, not {version}): reload",
                )
            state = table.state
            if state.over:
                raise ApiError(400, "illegal", "the game is over")
            if state.to_move != seat:
                raise ApiError(403, "not_your_turn", f"it is seat {state.to_move}'s turn")
            try:
                move = action if isinstance(action, Action) else Action.from_json(action)
            except IllegalAction as err:
                raise ApiError(400, "malformed", str(err)) from None
            if not state.is_legal(move):
                raise ApiError(400, "illegal", self._why_not(state, move))
            number = table.version
            start = len(state.log)
            # Applied first, stored second: only an action the game carried out is ever
            # stored. A failed apply leaves the state as it was (the engine's promise).
            try:
                state.apply(move)
            except IllegalAction as err:
                raise ApiError(400, "illegal", str(err)) from None
            except Exception:
                log.exception("table %s: a legal action failed to apply; nothing stored", table.id)
                raise ApiError(500, "server", "the server could not carry that out") from None
            try:
                await asyncio.wrap_future(
                    self._writer.append(table.id, number, seat, move.to_json())
                )
            except BaseException as err:
                # Not stored, so it did not happen: take it back before anyone is told.
                # (The lock is held and every reader takes it: nobody saw the change.)
                await self._take_back(table, number)
                if isinstance(err, IntegrityError):
                    raise ApiError(
                        409, "stale_version", "another action was stored first: reload"
                    ) from None
                if not isinstance(err, Exception):
                    raise
                log.exception("table %s: action %d could not be stored", table.id, number)
                raise ApiError(503, "storage", "the action could not be saved: try again") from None
            table.updated = now()
            table.narrate()
            if not by_bot and table.stand_in == seat:
                table.stand_in = None  # the human is back
            if state.to_move != table.stand_in:
                table.stand_in = None
            if state.over:
                table.status = "finished"
                try:
                    await self._db(self.store.update_table, table.id, status="finished")
                except Exception:  # the action is stored: start-up will mark the table finished
                    log.exception("table %s: could not store that the game is over", table.id)
            table.tell(start)
            table.changed.set()
            return table.version

    async def _take_back(self, table: LiveTable, version: int) -> None:
        """Rebuild the table's game as it stood at `version` (an action that was not stored)."""
        record = table.state.record()
        table.state = await asyncio.to_thread(replay, record, version)

    @staticmethod
    def _why_not(state: GameState, move: Action) -> str:
        """The engine's own words for a refused action (apply raises them and changes nothing)."""
        try:
            state.apply(move)
        except IllegalAction as err:
            return str(err)
        raise RuntimeError("an action the state called illegal was applied")  # pragma: no cover

    # --- bots and the turn timer --------------------------------------------------------------
    def _start(self, table: LiveTable) -> None:
        """Start the table's one driver task, unless it runs already or the game is over."""
        if table.state.over or (table.driver is not None and not table.driver.done()):
            return
        table.driver = asyncio.get_running_loop().create_task(
            self._drive(table), name=f"sleuth-table-{table.id}"
        )

    async def _drive(self, table: LiveTable) -> None:
        """Play the bot seats, and stand in for humans who let the turn timer run out."""
        while not table.state.over:
            try:
                await self._drive_once(table)
            except Exception:  # keep the table alive whatever went wrong
                log.exception("table %s: the bot driver tripped", table.id)
                await asyncio.sleep(1.0)

    async def _drive_once(self, table: LiveTable) -> None:
        """One step: a bot's action, or waiting for a change (or for the turn timer)."""
        table.changed.clear()
        seat = table.state.to_move
        timeout: float | None = None
        if table.status == "playing" and seat is not None:
            if table.seats[seat].kind == "bot" or table.stand_in == seat:
                await self._bot_turn(table, seat)
                return
            timeout = table.turn_seconds
        try:
            await asyncio.wait_for(table.changed.wait(), timeout)
        except TimeoutError:
            if seat is not None and table.state.to_move == seat:
                log.info("table %s: seat %d ran out of time; a bot stands in", table.id, seat)
                table.stand_in = seat

    async def _bot_turn(self, table: LiveTable, seat: int) -> None:
        version = table.version
        await asyncio.sleep(self.bot_delay)
        if table.version != version or table.state.to_move != seat:
            return  # someone acted meanwhile (a human back in time, or a change of seats)
        chair = table.seats[seat]
        level = chair.level if chair.kind == "bot" and chair.level else bot_levels(table.game)[-1]
        bot = table.bots.get((seat, level))
        if bot is None:
            bot = make_bot(table.game, level, seed=bot_seed(table.seed, seat))
            table.bots[(seat, level)] = bot
        try:
            choice = bot.choose(table.state, seat)
        except Exception:
            log.exception("table %s: the %s bot failed; it plays at random", table.id, level)
            choice = secrets.choice(table.state.legal_actions())
        try:
            await self.act(table, seat, choice, version, by_bot=True)
        except ApiError as err:
            if err.status >= 500 or err.code in ("illegal", "malformed"):
                log.warning("table %s: bot move %s refused: %s", table.id, choice, err.message)
                await asyncio.sleep(max(self.bot_delay, 0.05))  # never spin on a broken bot

    # --- finished games --------------------------------------------------------------------
    def replay_of(self, table: LiveTable) -> dict[str, JSONValue]:
        """A finished table's record and every event, private ones too, with their words."""
        if table.status != "finished":
            raise ApiError(409, "not_finished", "replays are shown once the game is over")
        seat_word = spec(table.game).seat_names.capitalize()
        events = []
        for event, text in zip(table.state.log, table.texts, strict=True):
            if event.to is not None:
                text = f"({seat_word} {event.to + 1}) {text}"
            events.append({**event.to_json(), "text": text})
        return {
            "table": table.summary(),
            "record": table.state.record().to_json(),
            "events": events,
        }


__all__ = ["LiveTable", "Lobby", "Seat", "Subscriber"]
