"""`sleuth scanner`: a stand-in for a dead 1979 Crime Scanner.

Three ways to use it:

- `sleuth scanner --json [--reveal] [--seed N] PRESS...` runs the presses
  with no interface and prints one JSON object a line, one per press, e.g.
  `sleuth scanner --seed 7 --json ON ON CLUE TIP ARREST 1 4 8`. A script
  cannot hold TIP down: the next press lets it go first (its own line, marked
  `"auto": true`), as any key does on the terminal unit; TIP_RELEASE lets go
  on purpose.
  A refused press prints `{"press": ..., "error": ...}` and changes nothing;
  the run goes on with the next press (the unit ignored it, so the presses
  after it still mean what they meant), and the command exits with status 1
  at the end so that a script notices. A name that is no button at all is a
  usage error, found before anything runs (status 2).
- `sleuth scanner --terminal` is the unit in the terminal: keys for the
  buttons, the LED display drawn big, each sound as words and the bell.
- `sleuth scanner` alone starts the local server (`sleuth serve`, offline:
  no CDN, no web fonts) and opens the scanner page at `/scanner` in the
  browser: a 1979 unit to keep beside a real board, with its sounds, a
  caption for each sound, and the thief's route revealed after the game (see
  docs/stop-thief/scanner.md). `--host 0.0.0.0` lets a phone on the same
  network open it. With --seed or odds options the page starts a new scanner
  with them; without, it resumes the last one this browser used.

Without --seed a seed is drawn at random: --json and --terminal tell it on
standard error (the terminal shows it in its title), the page in its
settings, so any run can be repeated exactly.
"""

from __future__ import annotations

import json
import sys
from argparse import ArgumentParser, Namespace
from typing import TYPE_CHECKING

from sleuth.commands.base import Command, UsageError
from sleuth.commands.values import Bounded, OnOff

if TYPE_CHECKING:
    from textual.app import App

    from sleuth.games.stop_thief.device import CrimeScannerDevice
    from sleuth.games.stop_thief.scanner import Odds

PLAIN_HELP = """\
The Crime Scanner page runs until you press Ctrl+C. Also:

  sleuth scanner --terminal            play the scanner in this terminal
  sleuth scanner --json ON ON CLUE     script presses, one JSON line per press

See `sleuth scanner --help` for the options."""

KEYS_HELP = "o ON   f OFF   c CLUE   t TIP (any key hides it)   a ARREST   0-9 numbers   q quit"


# --- the command ----------------------------------------------------------------------------
SCANNER_PORT = 8001
"""The scanner's own port: `sleuth serve` (and bin/play) keep 8000."""
GAME_PORT = 8000
"""Where `sleuth serve` listens by default; it serves the scanner page too, at /scanner."""


def add_arguments(parser: ArgumentParser) -> None:
    from sleuth.games.stop_thief.scanner import Odds

    add = parser.add_argument
    add(
        "presses",
        nargs="*",
        metavar="PRESS",
        help="Buttons to press in order (with --json): ON OFF CLUE TIP TIP_RELEASE ARREST 0-9.",
    )
    add("--seed", type=int, help="Seed for all chance; drawn at random when omitted.")
    add(
        "--json",
        dest="as_json",
        action="store_true",
        help="Run PRESS... and print one JSON object a press.",
    )
    add(
        "--reveal",
        action=OnOff,
        default=False,
        help="With --json: add the thief's true space after each press.",
    )
    add("--terminal", action=OnOff, default=False, help="Play the scanner in this terminal.")
    chance = Bounded(float, 0.0, 1.0)
    add(
        "--still",
        type=chance,
        default=Odds.still,
        help="Chance that CLUE leaves the thief still (a bleep).",
    )
    add(
        "--escape",
        type=chance,
        default=Odds.escape,
        help="Chance he escapes an arrest at his true space.",
    )
    add("--six", type=chance, default=Odds.six, help="Chance an escape runs six moves, not five.")
    add(
        "--digits",
        action=OnOff,
        default=Odds.digits,
        help="With --json or --terminal: every clue shows his building or street digit, "
        "as the real unit did (--no-digits: only a crime does).",
    )
    add(
        "--host",
        default="127.0.0.1",
        help="The page: address to listen on (0.0.0.0 to reach it from a phone).",
    )
    add(
        "--port",
        type=int,
        default=SCANNER_PORT,
        help="The page: port to listen on (the game server's own port, 8000, is left to "
        "`sleuth serve`; if it runs there, its scanner page is opened instead).",
    )
    add(
        "--db",
        default="sleuth.sqlite3",
        help="The page: SQLite file or SQLAlchemy URL keeping the scanners.",
    )
    add(
        "--open",
        dest="open_browser",
        action=OnOff,
        default=True,
        help="The page: open it in the browser.",
    )


def run(args: Namespace) -> int | None:
    from sleuth.games.stop_thief.device import CrimeScannerDevice, RefusedPress, normalise
    from sleuth.games.stop_thief.scanner import Odds

    presses = [p for arg in args.presses for p in arg.replace(",", " ").split()]
    as_json, terminal, seed = args.as_json, args.terminal, args.seed
    still, escape, six = args.still, args.escape, args.six
    if as_json and terminal:
        raise UsageError("choose one of --json and --terminal")
    if presses and not as_json:
        raise UsageError("add --json to run presses (or use --terminal to play)")
    if not as_json and not terminal:
        odds = Odds(still=still, escape=escape, six=six)
        serve_page(args.host, args.port, args.db, page_query(seed, odds), args.open_browser)
        return None
    try:
        names = [normalise(p) for p in presses]
    except RefusedPress as err:
        raise UsageError(str(err), "PRESS") from None
    if seed is None:
        import secrets  # imported where used, like the networking below: --json starts fast

        seed = secrets.randbelow(2**31)
        print(f"seed: {seed}", file=sys.stderr)
    odds = Odds(still=still, escape=escape, six=six, digits=args.digits)
    device = CrimeScannerDevice(seed, odds)
    if terminal:
        terminal_app(device).run()
        return None
    refused = run_json(device, names, args.reveal)
    return 1 if refused else None


COMMAND = Command(
    "The Stop Thief Crime Scanner, for players whose 1979 unit has died.", add_arguments, run
)


# --- the page --------------------------------------------------------------------------------
def page_query(seed: int | None, odds: Odds) -> str:
    """The page's query string: settings for a new scanner, or '' to resume the last one."""
    from urllib.parse import urlencode

    from sleuth.games.stop_thief.scanner import Odds

    query: dict[str, str] = {}
    if seed is not None:
        query["seed"] = str(seed)
    for name in ("still", "escape", "six"):
        if getattr(odds, name) != getattr(Odds(), name):
            query[name] = repr(getattr(odds, name))
    if query:
        query["new"] = "1"
    return urlencode(query)


def _answers(url: str) -> bool:
    """Does a sleuth server with the scanner page answer at `url`?"""
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(f"{url}/api/scanner/sessions/-", timeout=1) as reply:
            return bool(reply.status < 500)
    except urllib.error.HTTPError as err:
        return err.code == 404 and "not_found" in err.read().decode(errors="replace")
    except OSError:
        return False


def _port_free(host: str, port: int) -> bool:
    import socket

    with socket.socket() as s:
        try:
            s.bind((host, port))
        except OSError:
            return False
        return True


def _lan_address() -> str | None:
    """This machine's address on the local network (no packet is sent), if it has one."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: routing only, nothing goes out
            address = str(s.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("127.") else address


def serve_page(host: str, port: int, db: str, query: str, open_browser: bool) -> None:
    """Serve the scanner page on this machine (until Ctrl+C) and open it in the browser."""
    import socket
    import threading
    import webbrowser

    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    suffix = f"/scanner?{query}" if query else "/scanner"
    if port == SCANNER_PORT and not _port_free(host, GAME_PORT):
        port = GAME_PORT  # a game server may be there: its page is the same, share it
    if not _port_free(host, port):
        if _answers(f"http://{shown}:{port}"):  # `sleuth serve` is running there already
            page = f"http://{shown}:{port}{suffix}"
            print(f"sleuth scanner: already served at {page}")
            if open_browser:
                webbrowser.open(page)
            return
        if port == GAME_PORT:
            port = SCANNER_PORT  # something else holds 8000: the scanner's own port
        if not _port_free(host, port):
            with socket.socket() as s:
                s.bind((host, 0))
                port = int(s.getsockname()[1])
    from pathlib import Path

    import uvicorn

    from sleuth.server.app import create_app

    url = db if "://" in db else f"sqlite:///{Path(db).resolve()}"
    page = f"http://{shown}:{port}{suffix}"
    print(f"sleuth scanner: open {page}  (database: {url})")
    if host in ("0.0.0.0", "::") and (lan := _lan_address()):
        print(f"  on a phone on this network: http://{lan}:{port}{suffix}")
    print(PLAIN_HELP)
    if open_browser:
        threading.Timer(1.0, webbrowser.open, [page]).start()
    uvicorn.run(create_app(url), host=host, port=port, log_level="warning")


def run_json(device: CrimeScannerDevice, presses: list[str], reveal: bool) -> int:
    """Press each button, print one JSON line each; return how many presses were refused.

    A script cannot hold a button down: a TIP is let go by the next press, as a key
    does on the terminal unit, and the release prints its own line (`"auto": true`)
    before that press's. TIP_RELEASE still lets go on purpose, and OFF needs no release.
    """
    from sleuth.games.stop_thief.device import RefusedPress

    refused = 0
    for press in presses:
        if device.tip_held and press not in ("TIP_RELEASE", "OFF"):
            release = device.press("TIP_RELEASE").to_json(reveal)
            _write({**release, "auto": True})
        line: dict[str, object]
        try:
            line = device.press(press).to_json(reveal)
        except RefusedPress as err:
            refused += 1
            line = {"press": press, "error": str(err), "display": device.display}
            if reveal:
                line["thief"] = device.thief
        _write(line)
    sys.stdout.flush()
    return refused


def _write(line: dict[str, object]) -> None:
    sys.stdout.write(json.dumps(line) + "\n")


# --- the terminal device ----------------------------------------------------------------------
KEY_BUTTONS = {"o": "ON", "f": "OFF", "c": "CLUE", "t": "TIP", "a": "ARREST"}


def terminal_app(device: CrimeScannerDevice) -> App[None]:
    """The scanner as a Textual app. Textual is imported here, so `sleuth` starts fast.

    Keys: o ON, f OFF, c CLUE, t TIP, a ARREST, 0-9 numbers, q quit. A terminal
    cannot tell when a key is let go, so t holds TIP down and the next key,
    whatever it is, releases it (that key does nothing else). OFF with a thief
    at large asks for f a second time, because it loses the thief for good.
    """
    from textual import events
    from textual.app import App, ComposeResult
    from textual.widgets import Header, Static

    from sleuth.games.stop_thief.companion.led import seven_segment
    from sleuth.games.stop_thief.device import BUTTONS, RefusedPress, Result

    class ScannerTerminal(App[None]):
        TITLE = "Stop Thief Crime Scanner"
        CSS = """
        Screen { align: center middle; }
        #led { width: auto; height: auto; padding: 1 3; background: #1a0000; color: #ff2a1a;
               text-style: bold; border: heavy #550000; }
        #sound { width: 80%; height: auto; margin-top: 1; text-align: center; color: $warning; }
        #words { width: 80%; height: auto; text-align: center; }
        #note { width: 80%; height: auto; text-align: center; color: $error; }
        #keys { width: 80%; height: auto; margin-top: 1; text-align: center; color: $text-muted; }
        """

        def __init__(self, device: CrimeScannerDevice) -> None:
            super().__init__()
            self.device = device
            self.sub_title = f"seed {device.seed}"
            self.last: Result | None = None
            self.note = ""
            self.confirm_off = False
            self.blink_off = False  # the dark half of a flashing display
            self.caption = ""  # what the unit last said

        def compose(self) -> ComposeResult:
            yield Header()
            yield Static(id="led", markup=False)
            yield Static(id="sound", markup=False)
            yield Static(id="words", markup=False)
            yield Static(id="note", markup=False)
            yield Static(KEYS_HELP, id="keys", markup=False)

        def on_mount(self) -> None:
            self.set_interval(0.5, self._blink)
            self.show()

        def _blink(self) -> None:
            self.blink_off = self.device.flashing and not self.blink_off
            # The timer can fire once more while the app closes and its widgets are gone.
            for led in self.query("#led").results(Static):
                led.update(self.led_text())

        def led_text(self) -> str:
            """The LED as drawn now (blank in the dark half of a flash)."""
            return seven_segment("   " if self.blink_off else self.device.display)

        def show(self) -> None:
            self.blink_off = False
            self.query_one("#led", Static).update(self.led_text())
            last = self.last
            sounds = " · ".join(s.upper() for s in last.sounds) if last and last.sounds else ""
            self.query_one("#sound", Static).update(f"♪ {sounds}" if sounds else "")
            words = last.caption if last else self.idle_words()
            self.query_one("#words", Static).update(words)
            self.query_one("#note", Static).update(self.note)

        def idle_words(self) -> str:
            """The caption when the last press made none (a refused one): what the unit last
            said while it is on, or how to switch it on while it is off."""
            if self.device.mode == "off":
                return "Press o to switch the scanner on."
            return self.caption

        def press(self, button: str) -> None:
            self.note = ""
            try:
                self.last = self.device.press(button)
            except RefusedPress as err:
                self.note = f"{button}: {err}"
                self.last = None
            else:
                self.caption = self.last.caption
                if self.last.sounds:
                    self.bell()
            self.show()

        def on_key(self, event: events.Key) -> None:
            event.stop()
            event.prevent_default()
            key = event.character or event.key
            if self.device.tip_held:  # any key lets go of TIP
                self.press("TIP_RELEASE")
                return
            if key == "q":
                self.exit()
                return
            confirming, self.confirm_off = self.confirm_off, False
            if key == "f" and self.device.at_large and not confirming:
                self.confirm_off = True
                self.note = "Press f again to switch off: this thief will be lost."
                self.show()
                return
            button = KEY_BUTTONS.get(key) or (key if key in BUTTONS and key.isdigit() else None)
            if button is None:
                self.note = f"{key!r} is no button. {KEYS_HELP}"
                self.show()
                return
            self.press(button)

    return ScannerTerminal(device)
