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
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property, partial
from typing import Any, Literal, TypeVar

from sqlalchemy.exc import IntegrityError

from sleuth.bots import Bot, UnknownBot, default_level, make_bot, resolve_level
from sleuth.core import Action, Event, GameState, IllegalAction, Record, replay, spec
from sleuth.core.actions import JSONValue
from sleuth.core.coach import Coach
from sleuth.core.game import Narrating, game_names, new_game
from sleuth.core.tutorial import TutorialError, load_script
from sleuth.server import imports
from sleuth.server.breath import let_the_loop_in
from sleuth.server.cluster import LEASE_SECONDS, Leases, Listener, serving_processes
from sleuth.server.collector import settle_collector
from sleuth.server.errors import ApiError
from sleuth.server.faults import StorageError
from sleuth.server.limits import Bucket
from sleuth.server.pace import DEFAULT_PACE, PACE_SECONDS, pace_seconds
from sleuth.server.patch import Memo, diff
from sleuth.server.present import narrator, say
from sleuth.server.replays import ReplayBook, ReplayShelf
from sleuth.server.store import (
    CHANNEL,
    ActionGap,
    ChatLine,
    SeatsChanged,
    Store,
    StoredTable,
    TableRow,
    UndoClash,
    Writer,
    is_postgres,
    now,
)

log = logging.getLogger("sleuth.server")

SEAT_TRIES = 3  # a seat change decided again after another process changed the seats

T = TypeVar("T")
SeatKind = Literal["human", "bot"]
OUTBOX_LIMIT = 1000
"""Messages waiting for one slow client before it is dropped (it reconnects and resumes)."""
EVENT_SLICE = 100
"""Events encoded at once in a snapshot (about half a millisecond of holding the GIL)."""
CHAT_HISTORY = 50
"""Chat lines a table keeps in memory and sends to whoever joins (the rest stay stored)."""
BACKOFF_FIRST, BACKOFF_MAX = 0.5, 60.0
"""Seconds a bot waits after its action could not be stored, doubling each time up to the max."""


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


BOT_THREADS = 2
"""Bots thinking at once, in their own threads: more cannot run faster under the GIL on a
small machine, and bots never take the threads that views, snapshots and restores use."""


async def off_loop(fn: Callable[..., T], *args: Any, pool: Executor | None = None) -> T:
    """`fn(*args)` in a worker thread (of `pool`, else asyncio's default one), so that slow
    work at one table stalls no other.

    Game states are changed only on the event loop, under their table's lock; work
    that reads one in a thread holds that lock. So if the caller is cancelled
    meanwhile, this still waits for the thread to finish before passing the
    cancellation on: the lock is not let go while the thread still reads.
    """
    future: asyncio.Future[T]
    if pool is None:
        future = asyncio.ensure_future(asyncio.to_thread(fn, *args))
    else:
        future = asyncio.get_running_loop().run_in_executor(pool, fn, *args)
    try:
        return await asyncio.shield(future)
    except asyncio.CancelledError:
        await asyncio.wait([future])
        raise


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
        let_the_loop_in()
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


def _level(game: str, level: str | None, code: str) -> str:
    """The bot level a seat gets: the one named (old names accepted), or the default."""
    if not level:
        return default_level(game)
    try:
        return resolve_level(game, level)
    except UnknownBot as err:
        raise ApiError(400, code, str(err)) from None


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _same(stored: JSONValue, token_digest: str) -> bool:
    return isinstance(stored, str) and hmac.compare_digest(stored, token_digest)


def invite_url(table_id: str, seat: int, invite: str) -> str:
    """A seat's join link. The invite rides in the fragment, which a browser never sends to
    any server (nor in a Referer header), so it stays out of access logs."""
    return f"/t/{table_id}?seat={seat}#invite={invite}"


def seat_label(game: str, seat: int) -> str:
    """A seat's name when nobody chose one: "Detective 2"."""
    return f"{spec(game).seat_names.capitalize()} {seat + 1}"


def dumps(message: JSONValue) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def _without_legal(view: dict[str, JSONValue]) -> dict[str, JSONValue]:
    """A view as patches see it: the legal actions (some views carry them) go beside it."""
    if "legal" not in view:
        return view
    return {key: value for key, value in view.items() if key != "legal"}


def _whole(view: dict[str, JSONValue]) -> dict[str, JSONValue]:
    """A patch operation replacing the whole view (for a seat whose last view is unknown)."""
    return {"op": "replace", "path": "", "value": view}


@dataclass
class Seat:
    """One chair at a table: who sits there and how they prove it."""

    kind: SeatKind
    name: str
    level: str | None = None
    token_hash: str | None = None
    claimed: bool = False
    invite_hash: str | None = None  # sha256 of the seat's invite; joining needs the invite

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "kind": self.kind,
            "name": self.name,
            "level": self.level,
            "token_hash": self.token_hash,
            "claimed": self.claimed,
            "invite_hash": self.invite_hash,
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
            invite_hash=None if data.get("invite_hash") is None else str(data["invite_hash"]),
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
        self.chat_bucket: Bucket | None = None  # this connection's chat limit, once it writes

    def send(self, text: str) -> None:
        if len(self._outbox) >= OUTBOX_LIMIT:
            self.dropped = True
        else:
            self._outbox.append(text)
        self._ready.set()

    @property
    def pending(self) -> int:
        return len(self._outbox)

    def drop(self) -> None:
        """End the connection: its writer closes the socket (the client may say hello again)."""
        self.dropped = True
        self._ready.set()

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
        self.seats_version = row.seats_version  # the stored seats' version (store.update_table)
        self.rematch = row.rematch  # the table its players went on to (Lobby.rematch)
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
        # The view (less `legal`) each watched seat's subscribers hold: updates are patches
        # against it. One per seat, so any number of spectators cost one diff.
        self.sent: dict[int | None, dict[str, JSONValue]] = {}
        self.bots: dict[tuple[int, str], Bot] = {}
        self.changed = asyncio.Event()
        self.driver: asyncio.Task[None] | None = None
        self.stand_in: int | None = None  # a human seat a bot plays until its turn ends
        self.seed_fixed = row.seed_fixed
        # A guided first game's seed is the lesson's, for its one person: nobody to warn.
        self.fixed = [] if row.tutorial else fixed_choices(self.game, self.options, self.seed_fixed)
        self.damage: dict[str, JSONValue] | None = None  # an action that no longer replayed
        self.open_seats = row.open_seats  # anyone may take a free seat, without its invite
        self.pace = row.pace  # how fast its bots play; None: the server's default
        self.read_only: str | None = None  # why nothing more can be stored for this table
        self.undo = row.undo  # a player may take back a move within his turn
        self.spectator_chat = row.spectator_chat  # spectators may write in the chat
        self.chat: deque[ChatLine] = deque(maxlen=CHAT_HISTORY)  # the last lines, oldest first
        self.tutorial = row.tutorial
        # A guided first game's coach: it works everything out from the game's history, so
        # a table read back, an undo or another process's action needs nothing more.
        script = load_script(self.game) if row.tutorial else None
        self.coach: Coach | None = None if script is None else Coach(script)

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
            let_the_loop_in()  # a restored game's thousands of events are told in a worker

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
            open_seats=self.open_seats,
            pace=self.pace,
            undo=self.undo,
            spectator_chat=self.spectator_chat,
            tutorial=self.tutorial,
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
            "open_seats": self.open_seats,
            "pace": self.pace,
            "undo": self.undo,
            "spectator_chat": self.spectator_chat,
            "rematch": self.rematch,
            "tutorial": self.tutorial,
            **({"damage": self.damage} if self.damage else {}),
            **({"read_only": self.read_only} if self.read_only else {}),
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
            let_the_loop_in()  # a snapshot's thousands of events are made in a worker
        return out

    def undo_open(self, seat: int | None) -> bool:
        """Whether `seat` may take back its last action now (docs/server.md, "Undo"): the
        table allows it, a person (not a bot, nor a bot standing in) plays the seat, and the
        game says the action can be taken back (`GameState.can_undo`)."""
        return (
            self.undo
            and seat is not None
            and self.status == "playing"
            and self.seats[seat].kind == "human"
            and self.stand_in != seat
            and self.state.can_undo(seat)
        )

    def coaching(self, seat: int | None) -> dict[str, JSONValue]:
        """The coach panel `seat` is sent beside its view at a tutorial table (only the
        learner's seat has one: other seats and spectators get nothing, not even a key)."""
        advice = None if self.coach is None else self.coach.advice(self.state, seat)
        return {} if advice is None else {"coach": advice}

    def legal_json(self, seat: int | None) -> list[dict[str, JSONValue]]:
        if seat is None or self.status != "playing" or self.state.to_move != seat:
            return []
        return [a.to_json() for a in self.state.legal_actions()]

    def _legal_from(self, view: dict[str, JSONValue], seat: int | None) -> JSONValue:
        """`legal_json`, taken from `view` when the game put the same list there (every game
        does, for the seat to move): encoding every legal action twice was a tenth of an
        update's cost."""
        mine = seat is not None and self.status == "playing" and self.state.to_move == seat
        if mine and "legal" in view:
            return view["legal"]
        legal: JSONValue = self.legal_json(seat)
        return legal

    def seat_view(self, seat: int | None) -> dict[str, JSONValue]:
        """A seat's whole view, as `GET .../view`, snapshots and updates carry it."""
        view = self.state.view(seat)
        return {
            "version": self.version,
            "seat": seat,
            "status": self.status,
            "to_move": self.state.to_move,
            "legal": self._legal_from(view, seat),
            "undo": self.undo_open(seat),
            "view": view,
            **self.coaching(seat),
        }

    def seat_view_bytes(self, seat: int | None) -> bytes:
        """`seat_view` encoded, for `GET .../view`: a worker thread calls this (under the lock)."""
        return dumps(self.seat_view(seat)).encode()

    def snapshot(
        self, seat: int | None, undone: dict[str, JSONValue] | None = None
    ) -> dict[str, JSONValue]:
        """Everything `seat` may see now, for a hello (or after an undo: `undone` says who
        took back what). Its view becomes the one the seat's subscribers hold: send it
        before the next action, as later updates patch it."""
        told = self.seat_view(seat)
        self.sent[seat] = _without_legal(told["view"])
        return {
            "type": "snapshot",
            **told,
            "events": self.events_json(seat, past=True),
            "table": self.summary(),
            "chat": [line.to_json() for line in self.chat],
            **({"undone": undone} if undone is not None else {}),
        }

    def snapshot_text(self, seat: int | None, undone: dict[str, JSONValue] | None = None) -> str:
        """The snapshot, encoded: slow for a big game, so a worker thread calls this (under the
        lock). Its events are encoded a slice at a time: one `json.dumps` holds the GIL until
        it is done (some 20 ms for 6000 events), so between slices the event loop gets its turn.
        """
        message = self.snapshot(seat, undone)
        events: list[JSONValue] = message.pop("events")
        slices = []
        for i in range(0, len(events), EVENT_SLICE):
            slices.append(dumps(events[i : i + EVENT_SLICE])[1:-1])
            let_the_loop_in()
        return f'{dumps(message)[:-1]},"events":[{",".join(slices)}]}}'

    def update(
        self,
        seat: int | None,
        start: int,
        whole: dict[str, JSONValue] | None = None,
        memo: Memo | None = None,
    ) -> dict[str, JSONValue]:
        """What `seat`'s subscribers are told of an action: the events from log index `start`
        it may see, and what changed in its view as a JSON Patch (RFC 6902) against the view
        it was sent last. The legal actions travel beside it, once, never inside the patch.

        `whole` is the seat's view if already built (`tell` builds every seat's at once),
        and `memo` the diff's memory of parts shared between the views told together."""
        if whole is None:
            whole = self.state.view(seat)
        view = _without_legal(whole)
        before = self.sent.get(seat)
        self.sent[seat] = view
        patch = diff(before, view, memo) if before is not None else [_whole(view)]
        return {
            "type": "update",
            "version": self.version,
            "seat": seat,
            "status": self.status,
            "to_move": self.state.to_move,
            "legal": self._legal_from(whole, seat),
            "undo": self.undo_open(seat),
            **self.coaching(seat),
            "patch": patch,
            "events": self.events_json(seat, start),
        }

    def tell(self, start: int) -> None:
        """Send every subscriber its update for the events from log index `start`: one view,
        diff and encoding per seat watched, however many sockets watch it. The views are
        built together, so the parts they share are built and diffed once."""
        watched = list(dict.fromkeys(sub.seat for sub in self.subscribers))
        views = self.state.views(watched)
        memo = Memo()
        texts = {seat: dumps(self.update(seat, start, views[seat], memo)) for seat in watched}
        for sub in list(self.subscribers):
            sub.send(texts[sub.seat])
        for seat in [s for s in self.sent if s not in texts]:
            del self.sent[seat]  # nobody watches it now; whoever comes gets a snapshot first

    def tell_chat(self, line: ChatLine) -> None:
        """Keep a chat line and send it to every subscriber (the same text for all)."""
        if any(known.id == line.id for known in self.chat):
            return  # heard already (from the store, or from another process's note)
        self.chat.append(line)
        text = dumps({"type": "chat", "line": line.to_json()})
        for sub in list(self.subscribers):
            sub.send(text)

    def tell_table(self) -> None:
        """Tell every subscriber that the seats or the status changed."""
        text = dumps({"type": "table", "table": self.summary()})
        for sub in list(self.subscribers):
            sub.send(text)


class Lobby:
    """Every live table, the store behind them, and the bots that play on the server."""

    def __init__(
        self,
        database_url: str,
        *,
        bot_delay: float | None = None,
        bot_threads: int = BOT_THREADS,
    ) -> None:
        self.store = Store(database_url)
        # The pause before a bot action at a table that chose no pace (tests set 0).
        self.bot_delay = PACE_SECONDS[DEFAULT_PACE] if bot_delay is None else bot_delay
        self.bot_threads = bot_threads
        self._bot_pool: ThreadPoolExecutor | None = None  # made when a bot first thinks
        self.tables: dict[str, LiveTable] = {}
        self.broken: dict[str, str] = {}  # table id -> why it could not be restored
        # Unfinished tables left out of memory while idle (sleuth.server.memory), by id: their
        # summaries, for the listing. Nothing changes one until it is read back.
        self.resting: dict[str, dict[str, JSONValue]] = {}
        self._writer = Writer(self.store)
        self._open = False
        self._store_failures: dict[str, int] = {}  # table id -> bot actions refused in a row
        # Several processes on one PostgreSQL database (sleuth/server/cluster.py): each hears
        # the others' commits, and runs the bots only of the tables whose lease it holds.
        self.cluster = is_postgres(self.store.engine)
        self._leases: Leases | None = None
        self._listener: Listener | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[None]] = set()  # catching up, kept until done

    # --- life --------------------------------------------------------------------------------
    async def open(self) -> None:
        """Create the schema if needed and rebuild every unfinished table from its actions."""
        if self._open:
            return
        self._open = True
        await self._db(self.store.open)  # a damaged or read-only database is said, not raised
        if self.cluster:
            # Listening before the tables are read: nothing stored meanwhile goes unheard.
            self._loop = asyncio.get_running_loop()
            self._leases = Leases(self.store.engine)
            self._listener = Listener(self.store.url, CHANNEL, self._heard, self._missed)
            await asyncio.to_thread(self._listener.start)
        ids = await self._db(self.store.unfinished_ids)
        restored = 0
        for table_id in ids:
            try:
                stored = await self._db(self.store.load, table_id)
                if stored is None:
                    continue
                if table_id in self.tables:
                    continue  # another process made it and said so: already read
                table = await self._restore(stored)
            except Exception as err:  # a bad row must never stop the server
                self.broken[table_id] = f"{type(err).__name__}: {err}"
                log.error("table %s could not be restored and is skipped: %s", table_id, err)
                continue
            if table.state.over and table.status != "finished":
                table.status = "finished"  # the server stopped between the last action and this
                try:
                    await self._db(self.store.update_table, table.id, status="finished")
                except StorageError as err:  # start-up marks it again next time
                    log.error("table %s: could not store that the game is over: %s", table.id, err)
            if table.id in self.tables:
                continue
            self.tables[table.id] = table
            self._start(table)
            restored += 1
        if ids:
            log.info("restored %d of %d unfinished tables", restored, len(ids))
        settle_collector()  # start-up is over: what it made lives on

    async def serving_processes(self) -> int:
        """How many server processes serve this lobby's database (1 unless a cluster's)."""
        if not self.cluster:
            return 1
        return await asyncio.to_thread(serving_processes, self.store.engine)

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
        if self._listener is not None:
            await asyncio.to_thread(self._listener.close)
        if self._leases is not None:
            self._leases.close()
        self._writer.close()
        self.store.close()
        if self._bot_pool is not None:
            self._bot_pool.shutdown(wait=False, cancel_futures=True)
            self._bot_pool = None
        self._open = False

    @property
    def bot_pool(self) -> ThreadPoolExecutor:
        """The bots' own threads (`bot_threads` of them): a crowd of thinking bots waits for
        these, never for the threads that serve views and snapshots."""
        if self._bot_pool is None:
            self._bot_pool = ThreadPoolExecutor(self.bot_threads, thread_name_prefix="sleuth-bot")
        return self._bot_pool

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
        if stored.unreadable and row.status == "finished":
            raise ValueError(stored.unreadable)  # a replay of part of a game would mislead
        state, failed = await off_loop(_replay_as_far_as_possible, row, stored.actions)
        table = await off_loop(LiveTable, row, state)  # it puts every past event into words
        try:
            table.chat.extend(await self._db(self.store.recent_chat, row.id, CHAT_HISTORY))
        except Exception as err:  # a damaged chat never keeps the game from being served
            log.error("table %s: its chat cannot be read (%s); it starts empty", row.id, err)
        if stored.unreadable:
            # Rows past the damage may be there still: serve what reads, store nothing more.
            table.read_only = (
                "the database is damaged where this table's moves are kept "
                f"({len(stored.actions)} read back): it is shown as it stands and takes no "
                "more moves"
            )
            log.error("table %s: %s; %s", row.id, stored.unreadable, table.read_only)
            return table
        failed = failed or stored.bad
        if failed is not None:
            number, why = failed
            try:
                moved = await self._db(self.store.set_aside, row.id, number, why)
            except StorageError as err:
                table.read_only = f"a stored move does not replay and cannot be set aside: {err}"
                log.error("table %s: action %d does not replay (%s): %s", row.id, number, why, err)
                return table
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
        if table_id in self.tables:  # read meanwhile by another request (or a notification)
            return self.tables[table_id]
        self.tables[table_id] = table
        self.resting.pop(table_id, None)
        self._start(table)
        if self.cluster:
            # What another process changed while this one was reading the table went unheard
            # (its notes find no table in memory): read its seats, actions and chat again,
            # before this request changes anything on a stale copy.
            await self.reseat(table)
            await self.resync(table)
            await self.hear_chat(table)
        return table

    def rest(self, table_id: str) -> None:
        """Leave an idle table out of memory (storage keeps it; `table` reads it back): its
        driver, which only waits for a change, stops; an unfinished one stays listed."""
        table = self.tables.pop(table_id)
        if table.driver is not None and not table.driver.done():
            _cancel(table.driver)
        if table.status != "finished":
            self.resting[table_id] = table.summary()

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
        open_seats: bool = False,
        pace: str | None = None,
        undo: bool | None = None,
        spectator_chat: bool = False,
        tutorial: bool = False,
    ) -> dict[str, JSONValue]:
        """A new table; `seats` as (kind, level, name), all human if None. A `tutorial`
        table (`create_tutorial`) is coached.

        Each human seat gets its own invite, shown only in this answer (in its
        `join_url`); joining needs it unless `open_seats`. `undo` lets players take back a
        move within their turn; None: yes at a table of one person (and bots), else no.
        """
        try:
            game_spec = spec(game)
        except IllegalAction as err:
            raise ApiError(400, "unknown_game", str(err)) from None
        if pace is not None and pace not in PACE_SECONDS:
            raise ApiError(
                400, "bad_table", f"no pace {pace!r}; choose one of {', '.join(PACE_SECONDS)}"
            )
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
        chairs: list[Seat] = []
        invites: dict[int, str] = {}
        for number, (kind, level, name) in enumerate(wanted):
            label = f"{game_spec.seat_names.capitalize()} {number + 1}"
            if kind == "bot":
                level = _level(game, level, "bad_table")
                chairs.append(Seat("bot", name or f"{label} ({level} bot)", level, claimed=True))
            else:
                invites[number] = new_token()
                chairs.append(Seat("human", name or label, invite_hash=token_hash(invites[number])))
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
            open_seats=open_seats,
            pace=pace,
            undo=undo if undo is not None else sum(s.kind == "human" for s in chairs) <= 1,
            spectator_chat=spectator_chat,
            tutorial=tutorial,
        )
        await self._store_new(row)
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
                    **(
                        {"join_url": invite_url(table.id, n, invites[n]), "invite": invites[n]}
                        if n in invites
                        else {}
                    ),
                }
                for n, s in enumerate(table.seats)
            ],
        }

    async def _store_new(
        self, row: TableRow, actions: list[tuple[int, dict[str, JSONValue]]] | None = None
    ) -> None:
        """Store a new table (and its actions, if it comes with any) under a fresh random id."""
        for _attempt in range(5):
            row.id = secrets.token_urlsafe(6)
            try:
                await self._db(self.store.insert_table, row, actions)
                return
            except IntegrityError:
                continue
            except StorageError as err:
                raise ApiError(503, "storage", f"the table could not be saved: {err}") from None
        raise ApiError(500, "server", "could not find a free table id")  # pragma: no cover

    async def import_finished(self, record: Record) -> dict[str, JSONValue]:
        """A finished game from a file (imports.py): replayed, then stored as a finished
        table whose replay anyone with its link may watch."""
        checked = await asyncio.to_thread(imports.check, record)
        words = spec(record.game).seat_names.capitalize()
        row = TableRow(
            id="",
            game=record.game,
            players=record.players,
            seed=record.seed,
            options=checked.state.record().options,
            # Taken seats with nobody to join: the game is over.
            seats=[
                Seat("human", f"{words} {n + 1}", claimed=True).to_json()
                for n in range(record.players)
            ],
            owner_hash=imports.new_owner_hash(),
            status="finished",
            seed_fixed=True,
        )
        await self._store_new(row, list(zip(checked.movers, record.actions, strict=True)))
        return {"id": row.id, "url": f"/t/{row.id}/replay", "actions": len(record.actions)}

    async def create_tutorial(self, game: str, pace: str | None = None) -> dict[str, JSONValue]:
        """A guided first game of `game`: its tutorial's seed, options and seats (the learner's
        a human seat to join with its invite, the others bots that follow the script)."""
        try:
            script = load_script(game) if game in game_names() else None
        except TutorialError as err:
            log.error("the %s tutorial cannot be used: %s", game, err)
            raise ApiError(500, "tutorial", f"the {game} tutorial cannot be used: {err}") from None
        if script is None:
            raise ApiError(404, "no_tutorial", f"{game!r} has no guided first game")
        seats: list[tuple[SeatKind, str | None, str | None]] = [
            ("human", None, None) if seat == script.learner else ("bot", script.bots[seat], None)
            for seat in range(script.players)
        ]
        made = await self.create(
            game,
            script.players,
            seats,
            seed=script.seed,
            options=dict(script.options),
            pace=pace,
            undo=True,
            tutorial=True,
        )
        return {**made, "learner": script.learner}

    async def join(
        self,
        table: LiveTable,
        seat: int | None = None,
        name: str | None = None,
        invite: str | None = None,
    ) -> dict[str, JSONValue]:
        """Claim a free human seat; the token is shown once.

        The seat is the invite's (which must match `seat` if both are given); at a
        table with open seats an invite is not needed, and without one the seat is
        `seat` or the first free one.
        """
        for attempt in range(SEAT_TRIES):
            try:
                return await asyncio.shield(self._join(table, seat, name, invite))
            except ApiError as err:
                # Another process changed other seats first: they are read again, so decide
                # again (the person's own seat may well still be free).
                if err.code != "seats_changed" or attempt == SEAT_TRIES - 1:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    async def _join(
        self, table: LiveTable, seat: int | None, name: str | None, invite: str | None
    ) -> dict[str, JSONValue]:
        async with table.lock:
            if table.status == "finished":
                raise ApiError(409, "finished", "this game is over")
            if seat is not None and not 0 <= seat < table.players:
                raise ApiError(400, "no_such_seat", f"seats are numbered 0 to {table.players - 1}")
            if invite is not None:
                digest = token_hash(invite)
                invited = [n for n, s in enumerate(table.seats) if _same(s.invite_hash, digest)]
                if not invited:
                    raise ApiError(
                        403,
                        "bad_invite",
                        "that invite is for no seat at this table (the owner may have sent a "
                        "new one)",
                    )
                if seat is not None and seat != invited[0]:
                    raise ApiError(
                        403, "bad_invite", f"that invite is for seat {invited[0]}, not seat {seat}"
                    )
                seat = invited[0]
            elif not table.open_seats:
                raise ApiError(
                    403,
                    "invite_needed",
                    "seats at this table are by invitation: open the link its creator sent you",
                )
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
            claimed = Seat(
                "human", name or chair.name, None, token_hash(token), True, chair.invite_hash
            )
            await self._change_seats(table, {seat: claimed})
        return {"seat": seat, "token": token, "name": claimed.name}

    async def rematch(self, table: LiveTable, token: str | None) -> dict[str, JSONValue]:
        """Play again: the same seats at a new table (the same game, options and bots, a new
        seed), made by the first player of the finished game who asks. Each player who asks,
        with his token for this table, gets the same seat there and a token of its own."""
        if token is None:
            raise ApiError(401, "no_token", "send your seat's token: Authorization: Bearer <token>")
        seat = self.seat_of(table, token)
        if seat is None or table.seats[seat].kind != "human":
            raise ApiError(403, "not_a_seat", "only the players of this game can play it again")
        if table.status != "finished":
            raise ApiError(409, "not_finished", "play again once this game is over")
        async with table.lock:
            if table.rematch is None:
                created = await self.create(
                    table.game,
                    table.players,
                    [
                        ("bot", s.level, None) if s.kind == "bot" else ("human", None, s.name)
                        for s in table.seats
                    ],
                    options=dict(table.options),
                    turn_seconds=table.turn_seconds,
                    pace=table.pace,
                    undo=table.undo,
                    spectator_chat=table.spectator_chat,
                )
                rematch = str(created["id"])
                try:
                    await self._db(self.store.update_table, table.id, rematch=rematch)
                except StorageError as err:
                    raise ApiError(
                        503, "storage", f"the new table could not be noted: {err}"
                    ) from None
                table.rematch = rematch
                table.tell_table()
        again = await self.table(table.rematch)
        async with again.lock:
            chair = again.seats[seat]
            if chair.claimed:
                raise ApiError(409, "seat_taken", "your seat at the new table is taken already")
            token = new_token()
            claimed = Seat("human", chair.name, None, token_hash(token), True, chair.invite_hash)
            await self._change_seats(again, {seat: claimed})
        return {"table": again.id, "url": f"/t/{again.id}", "seat": seat, "token": token}

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
        level = _level(table.game, level, "bad_level")
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

    async def to_human(
        self, table: LiveTable, seat: int, name: str | None, token: str | None
    ) -> dict[str, JSONValue]:
        """Give a seat (a bot's, or a person's) to someone new, by a fresh invite: owner only.

        The seat's old invite and its old token stop acting for it at once. The
        answer carries the new invite, shown only this once, and its join link.
        """
        if token is None:
            raise ApiError(401, "no_token", "send the owner token: Authorization: Bearer <token>")
        if not 0 <= seat < table.players:
            raise ApiError(404, "no_such_seat", f"seats are numbered 0 to {table.players - 1}")
        if not self.is_owner(table, token):
            self.seat_of(table, token)  # an unknown token is 401, as everywhere
            raise ApiError(403, "not_owner", "only the table's owner can give a seat to someone")
        return await asyncio.shield(self._to_human(table, seat, name))

    async def _to_human(
        self, table: LiveTable, seat: int, name: str | None
    ) -> dict[str, JSONValue]:
        async with table.lock:
            if table.status == "finished":
                raise ApiError(409, "finished", "this game is over")
            invite = new_token()
            label = name or seat_label(table.game, seat)
            fresh = Seat("human", label, invite_hash=token_hash(invite))
            await self._change_seats(table, {seat: fresh})
            # Sockets that said hello with the seat's old token: they may no longer act for
            # it (a socket acts for the seat it said hello as) nor see it.
            for sub in [s for s in table.subscribers if s.seat == seat]:
                sub.seat = None
                table.subscribers.discard(sub)
                sub.drop()
            summary = table.summary()
        return {
            "seat": seat,
            "invite": invite,
            "join_url": invite_url(table.id, seat, invite),
            "table": summary,
        }

    async def set_pace(self, table: LiveTable, pace: str, token: str | None) -> None:
        """Change how fast the table's bots play: the owner only, at any time before the end."""
        if token is None:
            raise ApiError(401, "no_token", "send the owner token: Authorization: Bearer <token>")
        if not self.is_owner(table, token):
            self.seat_of(table, token)  # an unknown token is 401, as everywhere
            raise ApiError(403, "not_owner", "only the table's owner can change the bots' pace")
        if pace not in PACE_SECONDS:
            raise ApiError(
                400, "bad_pace", f"no pace {pace!r}; choose one of {', '.join(PACE_SECONDS)}"
            )
        await asyncio.shield(self._set_pace(table, pace))

    async def _set_pace(self, table: LiveTable, pace: str) -> None:
        async with table.lock:
            if table.status == "finished":
                raise ApiError(409, "finished", "this game is over")
            if table.read_only:
                raise ApiError(503, "storage", table.read_only)
            try:
                await self._db(self.store.update_table, table.id, pace=pace)
            except StorageError as err:
                raise ApiError(503, "storage", f"the pace could not be saved: {err}") from None
            table.pace, table.updated = pace, now()
            table.tell_table()
            table.changed.set()  # a bot waiting at the old pace starts its wait again

    async def hand_to_bots(self, table: LiveTable, still: Callable[[LiveTable], bool]) -> bool:
        """Give every human seat to a bot and play on at the instant pace (an abandoned
        table, sleuth.server.expiry), if `still(table)` holds under the lock; done or not."""
        async with table.lock:
            if not still(table):
                return False
            level = default_level(table.game)
            changes = {
                n: Seat("bot", s.name, level, s.token_hash, True)
                for n, s in enumerate(table.seats)
                if s.kind == "human"
            }
            try:
                await self._db(self.store.update_table, table.id, pace="instant")
            except StorageError as err:
                raise ApiError(503, "storage", f"the pace could not be saved: {err}") from None
            table.pace = "instant"
            await self._change_seats(table, changes)
        return True

    async def _change_seats(self, table: LiveTable, changes: dict[int, Seat]) -> None:
        """Store new seats (and the status they imply), then apply and tell. Holds the lock."""
        if table.read_only:
            raise ApiError(503, "storage", table.read_only)
        seats = [changes.get(n, s) for n, s in enumerate(table.seats)]
        status = table.status
        if status == "open" and all(s.claimed for s in seats):
            status = "playing"
        try:
            await self._db(
                self.store.update_table,
                table.id,
                seats=[s.to_json() for s in seats],
                seats_version=table.seats_version,
                status=status,
            )
        except SeatsChanged:
            # Another process changed them first (two people taking the last free seat at
            # once): read what it stored, and let this request be made again on that.
            await self._reseat_locked(table)
            raise ApiError(
                409, "seats_changed", "someone changed the seats just now: look again and retry"
            ) from None
        except StorageError as err:
            raise ApiError(503, "storage", f"the seats could not be saved: {err}") from None
        table.seats, table.status, table.updated = seats, status, now()
        table.seats_version += 1
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
        not applied. A bot whose action could not be stored waits before it is told
        (longer each time in a row): a table whose storage fails never spins.
        """
        try:
            accepted = await asyncio.shield(self._act(table, seat, action, version, by_bot))
        except ApiError as err:
            if by_bot and err.code == "storage":
                failures = min(self._store_failures.get(table.id, 0) + 1, 16)
                self._store_failures[table.id] = failures
                await asyncio.sleep(min(BACKOFF_MAX, BACKOFF_FIRST * 2 ** (failures - 1)))
            raise
        self._store_failures.pop(table.id, None)
        return accepted

    async def _act(
        self, table: LiveTable, seat: int, action: JSONValue, version: int, by_bot: bool
    ) -> int:
        async with table.lock:
            cannot_store = table.read_only or self.store.refusing
            if cannot_store:  # said before the game is touched: nothing to take back
                raise ApiError(503, "storage", f"the action could not be saved: {cannot_store}")
            if table.status == "open":
                raise ApiError(409, "not_started", "the game starts once every seat is taken")
            chair = table.seats[seat]
            if chair.kind == "bot" and not by_bot:
                raise ApiError(403, "bot_seat", f"a bot plays seat {seat} now")
            if by_bot and chair.kind == "human" and table.stand_in != seat:
                raise ApiError(409, "stale_version", f"seat {seat} was given to a person")
            if self.cluster and version > table.version:
                await self._catch_up_locked(table)  # another process stored it; not heard yet
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
            if table.coach is not None and not by_bot:
                verdict = table.coach.judge(state, move)
                if not verdict.accepted:  # the lesson asks for its own step: say why
                    raise ApiError(409, "off_script", verdict.words)
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
                await self._store_action(table, number, seat, move)
            except _Gap:
                # Another process took back the action before this one: read the table again.
                await self._resync_locked(table)
                raise ApiError(
                    409, "stale_version", "a move was taken back meanwhile: reload"
                ) from None
            except _Clash:
                # A row is already stored at this number. Another process's action is applied
                # (and this one refused); a row that is no action is set aside, and this
                # action stored in its place, once.
                await self._catch_up_locked(table)
                state = table.state
                if table.version != number:
                    raise ApiError(
                        409, "stale_version", "another action was stored first: reload"
                    ) from None
                state.apply(move)  # it applied to this same state a moment ago
                try:
                    await self._store_action(table, number, seat, move)
                except _Clash:  # say so, never loop on it
                    log.error(
                        "table %s: action %d could not be stored: the database refuses it",
                        table.id,
                        number,
                    )
                    raise ApiError(
                        503,
                        "storage",
                        f"the action could not be saved: action {number} cannot be stored: "
                        "the database refuses it",
                    ) from None
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

    async def _store_action(self, table: LiveTable, number: int, seat: int, move: Action) -> None:
        """Store action `number` (already applied), or take it back and raise.

        Not stored means it did not happen: the game is put back before anyone is
        told (the lock is held and every reader takes it: nobody saw the change).
        A row already at that number raises `_Clash`; other failures `ApiError`.
        """
        try:
            await asyncio.wrap_future(self._writer.append(table.id, number, seat, move.to_json()))
            return
        except BaseException as err:
            await self._take_back(table, number)
            if isinstance(err, IntegrityError):
                raise _Clash from None
            if isinstance(err, ActionGap):
                raise _Gap from None
            if not isinstance(err, Exception):
                raise
            if isinstance(err, StorageError):
                log.error("table %s: action %d could not be stored: %s", table.id, number, err)
                raise ApiError(503, "storage", f"the action could not be saved: {err}") from None
            log.exception("table %s: action %d could not be stored", table.id, number)
            raise ApiError(503, "storage", "the action could not be saved: try again") from None

    # --- other writers: the rows this process did not store ---------------------------------
    async def catch_up(self, table: LiveTable) -> None:
        """Apply the actions stored for `table` since this process last read them."""
        async with table.lock:
            await self._catch_up_locked(table)

    async def _catch_up_locked(self, table: LiveTable) -> None:
        """Apply, in order, the stored actions past the game in memory; tell who watches.

        Another process on the same database stored them (or a person, or a program): a
        row that is an action the game allows is applied like one of ours. One that is
        not (not JSON, not legal there) would stop the table for ever: it and any after
        it are set aside (kept, in `set_aside_actions`), and the table plays on.
        """
        if table.read_only:
            return
        rows = await asyncio.to_thread(self.store.actions_from, table.id, table.version)
        state = table.state
        for number, stored in rows:
            if number != table.version:
                break  # rows are committed whole, so a gap is a row another process set aside
            start = len(state.log)
            why = _not_applied(state, stored)
            if why is not None:
                await self._set_aside_foreign(table, number, f"found at action {number}: {why}")
                break
            table.updated = now()
            table.narrate()
            if table.stand_in is not None and state.to_move != table.stand_in:
                table.stand_in = None
            if state.over and table.status != "finished":
                table.status = "finished"  # the process that stored the last action marks it
            table.tell(start)  # one update an action: versions go up by one, as the page expects
            table.changed.set()

    async def _set_aside_foreign(self, table: LiveTable, number: int, why: str) -> None:
        try:
            moved = await self._db(self.store.set_aside, table.id, number, why)
        except StorageError as err:
            log.error(
                "table %s: action %d (%s) cannot be set aside: %s", table.id, number, why, err
            )
            return
        log.error(
            "table %s: %d stored row(s) from action %d on are no action the game allows (%s): "
            "set aside (kept in set_aside_actions); the table plays on",
            table.id,
            moved,
            number,
            why,
        )

    async def reseat(self, table: LiveTable) -> None:
        """Read the table's seats and status again: another process changed them."""
        async with table.lock:
            await self._reseat_locked(table)

    async def _reseat_locked(self, table: LiveTable) -> None:
        row = await asyncio.to_thread(self.store.row_of, table.id)
        if row is None:
            return
        seats = [Seat.from_json(s) for s in row.seats]
        table.seats_version = row.seats_version
        if seats == table.seats and row.status == table.status:
            return
        for number, (old, new) in enumerate(zip(table.seats, seats, strict=True)):
            if old.token_hash != new.token_hash:  # given to someone else: old sockets go
                for sub in [s for s in table.subscribers if s.seat == number]:
                    sub.seat = None
                    table.subscribers.discard(sub)
                    sub.drop()
        table.seats = seats
        if table.status != "finished":
            table.status = row.status
        table.updated = row.updated
        table.tell_table()
        table.changed.set()

    def _heard(self, payload: str) -> None:
        """A notification from another process (on the listener's thread)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._on_note, payload)

    def _missed(self) -> None:
        """The listener reconnected: notifications may have been lost, so read everything."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._on_everything)

    def _on_note(self, payload: str) -> None:
        table_id, _, what = payload.partition(" ")
        table = self.tables.get(table_id)
        if table is None:
            # A new table, or one resting out of memory that another process changed: read
            # it (again), so its listing is current and its bots run here if this process
            # holds its lease.
            if what == "new" or table_id in self.resting:
                self._spawn(self._adopt(table_id))
            return
        if what == "seats":
            self._spawn(self.reseat(table))
        elif what == "undo":
            self._spawn(self.resync(table))
        elif what == "chat":
            self._spawn(self.hear_chat(table))
        elif what.isdigit() and int(what) >= table.version:
            self._spawn(self.catch_up(table))

    def _on_everything(self) -> None:
        for table in list(self.tables.values()):
            self._spawn(self.reseat(table))
            self._spawn(self.resync(table))
            self._spawn(self.hear_chat(table))

    async def _adopt(self, table_id: str) -> None:
        """Load a table another process made, so its bots go on if that process dies."""
        with contextlib.suppress(ApiError):
            await self.table(table_id)

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

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

    # --- chat and undo (docs/server.md, "Table chat" and "Undo") ----------------------------
    async def say(self, table: LiveTable, seat: int | None, text: str) -> ChatLine:
        """Store a chat line from `seat` (None: a spectator, if the table lets them), then send
        it to everyone at the table. `text` was checked already (`messages.ChatText`)."""
        if seat is None and not table.spectator_chat:
            raise ApiError(
                403, "chat_closed", "spectators may not write at this table: join a seat to chat"
            )
        name = "spectator" if seat is None else table.seats[seat].name
        return await asyncio.shield(self._say(table, seat, name, text))

    async def _say(self, table: LiveTable, seat: int | None, name: str, text: str) -> ChatLine:
        async with table.lock:  # after a hello's snapshot, never in the gap before it subscribes
            if table.read_only:
                raise ApiError(503, "storage", table.read_only)
            try:
                line = await self._db(self.store.add_chat, table.id, seat, name, text)
            except StorageError as err:
                raise ApiError(503, "storage", f"the message could not be saved: {err}") from None
            table.tell_chat(line)
            return line

    async def undo(self, table: LiveTable, seat: int, version: int) -> int:
        """Take back `seat`'s last action, if the table allows it and the game says it can be
        (`LiveTable.undo_open`), against `version`; return the new version.

        Storage forgets the action (the table stays options + seed + actions), the game is
        rebuilt without it, the chat keeps a note of what was taken back, and every
        socket gets a fresh snapshot. Bots never undo.
        """
        return await asyncio.shield(self._undo(table, seat, version))

    async def _undo(self, table: LiveTable, seat: int, version: int) -> int:
        async with table.lock:
            cannot_store = table.read_only or self.store.refusing
            if cannot_store:
                raise ApiError(503, "storage", f"the move could not be taken back: {cannot_store}")
            if table.status == "open":
                raise ApiError(409, "not_started", "the game starts once every seat is taken")
            if table.status == "finished":
                raise ApiError(409, "finished", "this game is over")
            if not table.undo:
                raise ApiError(403, "undo_off", "this table's creator did not allow taking back")
            if table.seats[seat].kind == "bot":
                raise ApiError(403, "bot_seat", f"a bot plays seat {seat} now")
            if self.cluster and version > table.version:
                await self._catch_up_locked(table)
            if version != table.version:
                raise ApiError(
                    409,
                    "stale_version",
                    f"the game has moved on (version {table.version}, not {version}): reload",
                )
            if not table.undo_open(seat):
                raise ApiError(
                    409,
                    "cannot_undo",
                    "there is nothing of yours to take back now: only a move in your turn "
                    "still going on, that drew no chance and showed nothing hidden",
                )
            number = table.version - 1
            rebuilt, words_of, texts = await off_loop(_rebuilt, table, number)
            words = " ".join(table.texts[len(rebuilt.log) :]) or "a move"
            note = (seat, table.seats[seat].name, f"took back: {words}")
            try:
                line = await self._db(self.store.take_back, table.id, number, note)
            except UndoClash:
                await self._resync_locked(table)
                raise ApiError(409, "stale_version", "the game has moved on: reload") from None
            except StorageError as err:
                raise ApiError(503, "storage", f"the move could not be taken back: {err}") from None
            table.state, table.narrator, table.texts = rebuilt, words_of, texts
            table.updated = now()
            await self._told_undo(table, line)
            table.changed.set()
            return table.version

    async def _told_undo(self, table: LiveTable, line: ChatLine) -> None:
        table.tell_chat(line)
        await self._tell_again(table, {"seat": line.seat, "name": line.name, "text": line.text})

    async def _tell_again(self, table: LiveTable, undone: dict[str, JSONValue] | None) -> None:
        """Send every subscriber a fresh snapshot (after an undo, which no patch can say), with
        `undone` beside it; each made once a seat, in a worker thread (the lock is held)."""
        texts: dict[int | None, str] = {}
        for sub in list(table.subscribers):
            if sub.seat not in texts:
                texts[sub.seat] = await off_loop(table.snapshot_text, sub.seat, undone)
            sub.send(texts[sub.seat])
        for seat in [s for s in table.sent if s not in texts]:
            del table.sent[seat]

    async def resync(self, table: LiveTable) -> None:
        """Read the table's actions again: another process took one back (or stored more)."""
        async with table.lock:
            await self._resync_locked(table)

    async def _resync_locked(self, table: LiveTable) -> None:
        if table.read_only:
            return
        rows = await asyncio.to_thread(self.store.actions_from, table.id, 0)
        if len(rows) >= table.version:
            await self._catch_up_locked(table)
            return
        rebuilt, words_of, texts = await off_loop(_rebuilt, table, len(rows))
        table.state, table.narrator, table.texts = rebuilt, words_of, texts
        table.updated = now()
        lines = await asyncio.to_thread(self.store.recent_chat, table.id, CHAT_HISTORY)
        fresh = [line for line in lines if all(k.id != line.id for k in table.chat)]
        for line in fresh:
            table.tell_chat(line)
        note = next((line for line in reversed(fresh) if line.kind == "undo"), None)
        await self._tell_again(
            table,
            None if note is None else {"seat": note.seat, "name": note.name, "text": note.text},
        )
        table.changed.set()

    async def hear_chat(self, table: LiveTable) -> None:
        """Send the chat lines another process stored (a note carries no text: read them)."""
        lines = await asyncio.to_thread(self.store.recent_chat, table.id, CHAT_HISTORY)
        async with table.lock:
            for line in lines:
                table.tell_chat(line)

    # --- bots and the turn timer --------------------------------------------------------------
    def _start(self, table: LiveTable) -> None:
        """Start the table's one driver task, unless it runs already or the game is over."""
        if table.state.over or (table.driver is not None and not table.driver.done()):
            return
        table.driver = asyncio.get_running_loop().create_task(
            self._drive(table), name=f"sleuth-table-{table.id}"
        )

    async def _drive(self, table: LiveTable) -> None:
        """Play the bot seats, and stand in for humans who let the turn timer run out.

        With several processes, only the one holding the table's lease does: the others
        ask again every `LEASE_SECONDS`, so a dead process's tables are taken over."""
        while not table.state.over:
            try:
                if self._leases is not None and not await asyncio.to_thread(
                    self._leases.take, table.id
                ):
                    table.changed.clear()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(table.changed.wait(), LEASE_SECONDS)
                    continue
                await self._drive_once(table)
            except Exception:  # keep the table alive whatever went wrong
                log.exception("table %s: the bot driver tripped", table.id)
                await asyncio.sleep(1.0)
        if self._leases is not None:
            await asyncio.to_thread(self._leases.give_up, table.id)

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
        table.changed.clear()
        with contextlib.suppress(TimeoutError):  # the table's pace: time to follow each action
            await asyncio.wait_for(table.changed.wait(), pace_seconds(table.pace, self.bot_delay))
            return  # something changed meanwhile (an action, the seats, the pace): look again
        if table.version != version or table.state.to_move != seat:
            return  # someone acted meanwhile (a human back in time, or a change of seats)
        chair = table.seats[seat]
        level = chair.level if chair.kind == "bot" and chair.level else default_level(table.game)
        bot = table.bots.get((seat, level))
        if bot is None:
            bot = make_bot(table.game, level, seed=bot_seed(table.seed, seat))
            table.bots[(seat, level)] = bot
        # The bot thinks in a worker thread; the lock keeps the state still meanwhile (a
        # clone instead would cost more than most decisions: up to 0.1 s for a long game).
        async with table.lock:
            if table.version != version or table.state.to_move != seat:
                return
            scripted = None if table.coach is None else table.coach.scripted(table.state, seat)
            try:
                choice = scripted or await off_loop(
                    bot.choose, table.state, seat, pool=self.bot_pool
                )
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
    @cached_property
    def replays(self) -> ReplayShelf:
        return ReplayShelf()

    async def _replay_book(self, table: LiveTable) -> ReplayBook:
        """A finished table's replay book (built off the loop the first time). Unfinished: 409."""
        if table.status != "finished":
            raise ApiError(409, "not_finished", "replays are shown once the game is over")
        seat_word = spec(table.game).seat_names.capitalize()
        state = table.state  # finished: it changes no more

        def source() -> tuple[Record, list[Event], list[str], str]:
            return state.record(), list(state.log), list(table.texts), seat_word

        return await self.replays.book(table.id, source)

    async def replay_of(self, table: LiveTable) -> bytes:
        """A finished table's summary, record and every event (private ones too) as JSON,
        each event with its words and its step (the number of actions before it)."""
        book = await self._replay_book(table)
        return await self.replays.whole(book, table.summary())

    async def replay_step(self, table: LiveTable, step: int) -> bytes:
        """One step of a finished table's replay as JSON: `{step, of, revealed, events}`."""
        book = await self._replay_book(table)
        if not 0 <= step <= book.steps:
            raise ApiError(404, "no_such_step", f"this replay has steps 0 to {book.steps}")
        return await self.replays.answer(book, step)


class _Clash(Exception):
    """A row is already stored at the number of the action being stored."""


class _Gap(Exception):
    """The action before the one being stored is no longer stored (taken back elsewhere)."""


def _rebuilt(table: LiveTable, actions: int) -> tuple[GameState, Narrating, list[str]]:
    """The table's game after its first `actions` actions, a narrator fed its log, and the
    log in words (in a worker thread: a long game takes a while). The game is options +
    seed + actions: nothing else rebuilds it, and an action that drew no chance leaves no
    trace in what comes after it."""
    state = replay(table.state.record(), actions)
    words = narrator(table.game)
    return state, words, [say(words, event) for event in state.log]


def _not_applied(state: GameState, stored: Any) -> str | None:
    """Apply a stored action (as read back) to `state`; None if it was, else why not.

    A refused action leaves the state as it was (the engine's promise)."""
    try:
        action = json.loads(stored) if isinstance(stored, str) else stored
        move = Action.from_json(action)
    except (ValueError, IllegalAction) as err:
        return f"not an action ({err}): {str(stored)[:80]!r}"
    if state.over or not state.is_legal(move):
        return f"not an action the game allows there: {str(stored)[:80]!r}"
    try:
        state.apply(move)
    except Exception as err:
        return f"{type(err).__name__}: {err}"
    return None


__all__ = ["LiveTable", "Lobby", "Seat", "Subscriber"]


def _cancel(task: asyncio.Task[None]) -> None:
    """Cancel a task from its own loop or from any other thread (a task's `cancel` alone, from
    another thread, may not wake its loop until something else does)."""
    loop = task.get_loop()
    try:
        here = asyncio.get_running_loop()
    except RuntimeError:
        here = None
    if here is loop:
        task.cancel()
    else:
        loop.call_soon_threadsafe(task.cancel)
