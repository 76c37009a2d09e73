"""A companion session in the terminal (`sleuth companion GAME`): seats on one keyboard.

The same sessions as the phones' pages (`sleuth.server.companions`), in the same
database: every accepted action is an event there, so a session started here can be
resumed here or shared with phones on `sleuth serve --db` of the same file. This
terminal holds the seats whose tokens it keeps (`TokenFile`, in the user's data
folder, never in the database, which keeps only their hashes). With several seats
it shows a "pass to ..." cover: a seat's screen, and the answer to its last action,
are drawn only while that seat has it open, and wiped when it is passed on.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Header, Input, Static

from sleuth.core.companion import Refused, TerminalFace
from sleuth.server.companions import CompanionStore, Conflict, Session

POLL_SECONDS = 2.0  # how often the screen looks for phones' actions
COVER = "Secrets stay hidden until their player asks:"


def token_dir() -> Path:
    """`$XDG_DATA_HOME/sleuth/companions` (by default `~/.local/share/sleuth/companions`)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "sleuth" / "companions"


class TokenFile:
    """The seat tokens this terminal holds for one session, kept readable by this user only."""

    def __init__(self, game: str, sid: str, folder: Path | None = None) -> None:
        self.path = (folder or token_dir()) / f"{game}-{sid}.json"

    def load(self) -> dict[int, str]:
        try:
            data = json.loads(self.path.read_text())
        except FileNotFoundError:
            return {}
        return {int(seat): str(token) for seat, token in data["seats"].items()}

    def host(self) -> str | None:
        """The session's host token, when this terminal made the session."""
        try:
            return json.loads(self.path.read_text()).get("host")  # type: ignore[no-any-return]
        except FileNotFoundError:
            return None

    def save(self, tokens: Mapping[int, str], host: str | None = None) -> None:
        host = host or self.host()  # kept from an earlier save
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(dir=self.path.parent, prefix=".tokens-")
        seats = {str(s): t for s, t in sorted(tokens.items())}
        with os.fdopen(fd, "w") as out:  # mkstemp makes it 0600
            json.dump({"seats": seats, **({"host": host} if host else {})}, out)
        os.replace(temp, self.path)


class CompanionTerminal(App[None]):
    """One companion session, the seats in `tokens` played on this terminal."""

    CSS = """
    #seats { height: auto; color: $text-muted; margin: 0 1; }
    #cover { height: auto; margin: 1 1; padding: 1 2; border: heavy $accent; }
    #cover-buttons { height: auto; }
    #cover Button { margin: 0 1 0 0; }
    #screen { height: auto; margin: 1 1; padding: 0 1; border: round $success; }
    #screen-head { height: auto; }
    #screen-name { width: 1fr; text-style: bold; }
    #mine { height: auto; }
    #command { width: 100%; }
    #table { height: auto; margin: 0 1; padding: 0 1; border: round $panel; }
    #problem { height: auto; margin: 0 1; color: $error; }
    #help { height: auto; margin: 0 1; color: $text-muted; }
    """
    BINDINGS = [("escape", "hide", "Hide and pass on"), ("ctrl+q", "quit", "Quit")]

    def __init__(
        self, face: TerminalFace, store: CompanionStore, sid: str, tokens: TokenFile
    ) -> None:
        super().__init__()
        self.face, self.store, self.sid, self.token_file = face, store, sid, tokens
        self.tokens = tokens.load()
        self.shown: int | None = None
        self.results: dict[int, dict[str, Any]] = {}
        self.title = f"{face.spec.game.title()} companion"
        self.sub_title = f"session {sid}"

    # --- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="seats", markup=False)
        with Vertical(id="cover"):
            yield Static(COVER, id="cover-note", markup=False)
            yield Horizontal(id="cover-buttons")
        with Vertical(id="screen"):
            with Horizontal(id="screen-head"):
                yield Static(id="screen-name", markup=False)
                yield Button("Done: hide and pass on", id="hide")
            yield Static(id="mine", markup=False)
            yield Input(id="command")
        yield Static(id="table", markup=False)
        yield Static(id="problem", markup=False)
        yield Static(id="help", markup=False)

    async def on_mount(self) -> None:
        with self.store.lock:  # the session's commands: its settings never change
            commands = self.face.commands_of(self.session().summary(None)["view"])
        self.query_one("#command", Input).placeholder = commands
        self.query_one("#help", Static).update(f"Type: {commands}. Esc hides, Ctrl+Q quits.")
        await self._cover_buttons()
        self.draw()
        self._focus_cover()
        self.set_interval(POLL_SECONDS, self.draw)

    def _focus_cover(self) -> None:
        """With the cover up, Enter passes to the first seat here (Tab to the others): no key
        should fall on nothing, as the first Enter did at 80x24."""
        buttons = self.query("#cover-buttons Button")
        if self.query_one("#cover").display and buttons:
            buttons.first().focus()

    def session(self) -> Session:
        session = self.store.get(self.sid)
        if session is None:
            raise LookupError(f"there is no {self.face.spec.game} companion session {self.sid!r}")
        return session

    def held(self) -> list[int]:
        return sorted(self.tokens)

    def name_of(self, seat: int) -> str:
        found = self.session().seats.get(seat)
        return found.name if found else f"Seat {seat + 1}"

    async def _cover_buttons(self) -> None:
        box = self.query_one("#cover-buttons", Horizontal)
        await box.remove_children()
        await box.mount_all(
            Button(f"Pass to {self.name_of(s)}", id=f"pass-{s}", variant="primary")
            for s in self.held()
        )

    # --- drawing --------------------------------------------------------------------------
    def draw(self) -> None:
        with self.store.lock:
            session = self.session()
            for seat in self.held():  # a seat re-issued to another device is no longer ours
                if session.seat_of(self.tokens[seat]) != seat:
                    del self.tokens[seat]
                    self.results.pop(seat, None)
                    self.token_file.save(self.tokens)
            if self.shown not in self.tokens:
                self.shown = None
            if self.shown is None and (len(self.tokens) == 1 or (self.face.open and self.tokens)):
                self.shown = self.held()[0]
            table = session.summary(None)
            mine = session.summary(self.shown) if self.shown is not None else None
        seats = [
            f"{s['seat'] + 1}. {s['name'] or 'free'}"
            + (" (here)" if s["seat"] in self.tokens else "")
            for s in table["seats"]
        ]
        self.query_one("#seats", Static).update("Seats: " + " · ".join(seats))
        covered = mine is None
        self.query_one("#cover").display = covered and bool(self.tokens)
        cover = self.face.cover_text(table["view"]) if self.face.cover_text else ""
        self.query_one("#cover-note", Static).update(f"{cover}\n{COVER}" if cover else COVER)
        self.query_one("#screen").display = not covered
        self.query_one("#hide").display = len(self.tokens) > 1 and not self.face.open
        if mine is None:
            self.query_one("#screen-name", Static).update("")
            self.query_one("#mine", Static).update("")  # wiped, not only hidden
        else:
            assert self.shown is not None
            self.query_one("#screen-name", Static).update(f"{self.name_of(self.shown)}'s screen")
            text = self.face.seat_text(mine["view"], self.results.get(self.shown))
            self.query_one("#mine", Static).update(text)
        table_text = self.face.table_text(table["view"], self.name_of)
        self.query_one("#table", Static).update(table_text or "Nothing has happened yet.")

    def problem(self, message: str) -> None:
        self.query_one("#problem", Static).update(message)

    # --- input ----------------------------------------------------------------------------
    def on_button_pressed(self, event: Button.Pressed) -> None:
        button = event.button.id or ""
        if button.startswith("pass-"):
            self.shown = int(button.removeprefix("pass-"))
            self.problem("")
            self.draw()
            self.query_one("#command", Input).focus()
        elif button == "hide":
            self.action_hide()

    def action_hide(self) -> None:
        if self.shown is None or self.face.open:
            return
        self.results.pop(self.shown, None)  # the next holder sees none of it
        self.shown = None
        self.query_one("#command", Input).value = ""
        self.problem("")
        self.draw()
        self._focus_cover()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.input.value = ""
        seat = self.shown
        if seat is None:
            return
        try:
            with self.store.lock:
                session = self.session()
                if session.seat_of(self.tokens.get(seat)) != seat:
                    raise Refused("this seat was given to another device")
                action = self.face.parse(event.value, session.device.view(seat))
                self.results[seat] = self.store.act(session, seat, action)
        except (Refused, Conflict) as err:
            self.problem(str(err))
        else:
            self.problem("")
        self.draw()
