"""Manhunt in the terminal: detectives at one keyboard (hot-seat) against bots, with Textual.

The table itself (hot seat, bots, the log, the command line) is `sleuth.tui.shell`;
this module is Manhunt's part: the city as coloured text (`render_board`, pure),
the Computer's three dials after each spin, the cars and what each side has
written, the seat's own Handbook and Clue Sheet with its suspects crossed out
(only behind that seat's cover), and its commands (`GRAMMAR`: words and readers, pure).
Everything on screen comes from `state.view(seat)` for the seat at the keyboard.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Static

from sleuth.core import Action, Event
from sleuth.games.manhunt.board import Board, load_board
from sleuth.games.manhunt.state import COLOURS, Manhunt
from sleuth.games.manhunt.svg import CAR_COLOURS, PLACE_COLOURS
from sleuth.games.manhunt.words import BADGE_NAMES, Narrator, place_name, space_name
from sleuth.tui.grammar import Command, CommandError, Grammar, Handler, Said, View
from sleuth.tui.shell import GameShell, task

GAME = "manhunt"
WIDE_NEEDS = 122  # terminal columns for the wide board (76) beside the panels (46)
WIDE_BOARD, NARROW_BOARD = 78, 53  # the board pane's columns

# --- the board as text --------------------------------------------------------------------------

CAR_LETTERS = {"green": "G", "red": "R", "blue": "B", "yellow": "Y", "white": "W", "black": "K"}
CAR_STYLES = {
    name: Style(bold=True, color="black" if name in ("yellow", "white") else "white", bgcolor=hex_)
    for name, hex_ in CAR_COLOURS.items()
}
ROAD_STYLE = Style(color="grey62", bgcolor="grey27")
STREET_STYLE = Style(color="grey42")
BADGE_STYLE = Style(bold=True, color="#f2c12e", bgcolor="#1b2a4a")
HQ_STYLE = Style(color="#f2c12e", bgcolor="#101a30")
MARK_STYLE = Style(bold=True, color="black", bgcolor="bright_green")
SHORT_NAMES = {"Scene of Crime": "SCENE", "Witness": "WITNESS", "Crime Lab": "LAB"}
BADGE_LETTERS = {"hq-n": "N", "hq-w": "W", "hq-e": "E", "hq-s": "S"}
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _tint(hex_: str, share: float = 0.28) -> str:
    """A dark version of a colour, for the ground of a place's block."""
    r, g, b = (int(hex_[i : i + 2], 16) for i in (1, 3, 5))
    return f"#{int(r * share):02x}{int(g * share):02x}{int(b * share):02x}"


def _place_style(colour: str) -> Style:
    hex_ = PLACE_COLOURS.get(colour, "#888888")
    return Style(bold=True, color="black" if colour == "yellow" else "white", bgcolor=hex_)


def target_label(k: int) -> str:
    """The label of the k-th place a move may stop (0 -> "a", 26 -> "A", 52 -> "aa")."""
    if k < len(LETTERS):
        return LETTERS[k]
    return LETTERS[k // len(LETTERS) - 1] + LETTERS[k % len(LETTERS)]


@dataclass(frozen=True)
class Layout:
    """Where each space is drawn, precomputed once per board and size."""

    width: int
    height: int
    cells: dict[str, tuple[int, int]]  # space id -> (row, centre column)
    at: dict[tuple[int, int], str]  # (row, column) -> the space drawn there
    wide: bool


def _half_up(value: float) -> int:
    return int(value + 0.5)


@cache
def layout(board: Board, wide: bool = True) -> Layout:
    sx, sy = (3.0, 1.0) if wide else (2.0, 2 / 3)
    cells: dict[str, tuple[int, int]] = {}
    at: dict[tuple[int, int], str] = {}
    for space in board.spaces:
        row, col = _half_up(space.y * sy), 1 + _half_up(space.x * sx)
        cells[space.id] = (row, col)
        for c in (col - 1, col, col + 1):
            at[(row, c)] = space.id
    width = 1 + _half_up(24 * sx) + 2
    height = _half_up(24 * sy) + 1
    return Layout(width, height, cells, at, wide)


def space_at(board: Board, x: int, y: int, wide: bool = True) -> str | None:
    """The space drawn at column x, row y of `render_board`'s text, if any."""
    return layout(board, wide).at.get((y, x))


def render_board(
    board: Board,
    cars: Mapping[str, Sequence[int]] | None = None,
    marks: Mapping[str, str] | None = None,
    wide: bool = True,
) -> Text:
    """The city: roads and their spaces, places, Headquarters, cars, and labelled marks.

    cars: space id -> seats whose cars stand there. marks: space id -> a short label
    drawn on it (the moves a player may make, the Badge spaces to choose from).
    """
    lay = layout(board, wide)
    grid: list[list[tuple[str, Style | None]]] = [
        [(" ", None)] * lay.width for _ in range(lay.height)
    ]

    def put(row: int, col: int, text: str, style: Style | None) -> None:
        for k, ch in enumerate(text):
            if 0 <= row < lay.height and 0 <= col + k < lay.width:
                grid[row][col + k] = (ch, style)

    sx, sy = (3.0, 1.0) if wide else (2.0, 2 / 3)

    def box(r0: int, c0: int, r1: int, c1: int) -> tuple[int, int, int, int]:
        """Rows and columns inside the streets around blocks (r0, c0) to (r1, c1)."""
        top, bottom = _half_up(6 * r0 * sy) + 1, _half_up(6 * (r1 + 1) * sy) - 1
        left, right = 1 + _half_up(6 * c0 * sx) + 2, 1 + _half_up(6 * (c1 + 1) * sx) - 2
        return top, left, bottom, right

    def fill(area: tuple[int, int, int, int], style: Style, lines: Sequence[str]) -> None:
        top, left, bottom, right = area
        for row in range(top, bottom + 1):
            put(row, left, " " * (right - left + 1), style)
        start = top + (bottom - top + 1 - len(lines)) // 2
        for k, line in enumerate(lines):
            text = line[: right - left + 1]
            put(start + k, left + (right - left + 1 - len(text)) // 2, text, style)

    for place in board.places.values():
        hex_ = PLACE_COLOURS.get(place.colour, "#888888")
        kind, number = place.name.rsplit(" ", 1)
        name = kind.upper() if wide else SHORT_NAMES.get(kind, kind.upper())
        style = Style(bold=True, color=hex_, bgcolor=_tint(hex_))
        fill(box(*place.block, *place.block), style, [name, f"— {number} —"])
    rows = [r for r, _ in board.hq_blocks]
    cols = [c for _, c in board.hq_blocks]
    hq = box(min(rows), min(cols), max(rows), max(cols))
    fill(hq, HQ_STYLE, ["M A N H U N T", "", "HEADQUARTERS"] if wide else ["MANHUNT", "HQ"])

    for u, near in enumerate(board.neighbours):
        for v in near:
            if u > v:
                continue
            (ra, ca), (rb, cb) = lay.cells[board.spaces[u].id], lay.cells[board.spaces[v].id]
            if ra == rb:
                lo, hi = sorted((ca, cb))
                put(ra, lo + 2, "─" * max(0, hi - lo - 3), STREET_STYLE)
            elif ca == cb:
                lo, hi = sorted((ra, rb))
                for row in range(lo + 1, hi):
                    put(row, ca, "│", STREET_STYLE)

    cars = cars or {}
    marks = marks or {}
    for space in board.spaces:
        row, col = lay.cells[space.id]
        if space.id in marks:
            label = marks[space.id]
            if space.place is not None and len(label) == 1:
                label += str(space.place)  # a lit place keeps its number: "c1"
            put(row, col - 1, f"{label:^3}"[:3], MARK_STYLE)
            continue
        seats = list(cars.get(space.id, ()))
        if seats:
            letters = [CAR_LETTERS[COLOURS[s % len(COLOURS)]] for s in seats][:3]
            start = col - 1 + (3 - len(letters)) // 2
            first = CAR_STYLES[COLOURS[seats[0] % len(COLOURS)]]
            put(row, col - 1, "   ", first)
            for k, (letter, seat) in enumerate(zip(letters, seats, strict=False)):
                put(row, start + k, letter, CAR_STYLES[COLOURS[seat % len(COLOURS)]])
            continue
        if space.kind == "badge":
            put(row, col - 1, " ★ ", BADGE_STYLE)
        elif space.kind == "place" and space.place is not None:
            put(row, col - 1, f" {space.place} ", _place_style(board.places[space.place].colour))
        else:
            put(row, col - 1, " · ", ROAD_STYLE)

    text = Text(no_wrap=True)
    for r, line in enumerate(grid):
        run, look = "", line[0][1]
        for ch, seen in line:  # one span a run of one style: far fewer to draw
            if seen is not look:
                text.append(run, look or "")
                run, look = "", seen
            run += ch
        text.append(run, look or "")
        if r < lay.height - 1:
            text.append("\n")
    return text


def legend() -> Text:
    """What the board's marks mean; it wraps under the narrow board."""
    text = Text()
    text.append(" · ", ROAD_STYLE)
    text.append(" road  ")
    text.append(" 3 ", _place_style("green"))
    text.append(" place  ")
    text.append(" ★ ", BADGE_STYLE)
    text.append(" Badge (HQ)  ")
    text.append(" G ", CAR_STYLES["green"])
    text.append(" car  ")
    text.append(" a ", MARK_STYLE)
    text.append(" you may stop here")
    return text


# --- commands -----------------------------------------------------------------------------------

HELP = """\
Commands (one per line, then Enter):
  s            spin the Computer (all three dials; the game reads the one that counts)
  m b          move to the space lit with the letter b (also: m 1a, m hq-n)
  p n          place your car on a Badge space: p n, p w, p e, p s
  confer red   stopped on several opponents' cars: choose whom to confer with
  call red     on a Badge space: call an opponent's car back to Headquarters
  nocall       ...or don't
  ask 5        ask for one flap, 3 to 8, when the red dial lets you (also just: 5)
  accuse R7    name the culprit (instead of spinning, or after a clue in your turn;
               once both Scenes are written). Wrong, and you are out of the game!
  end          after a clue in your turn: end the turn without accusing
  record R7    a suspect's record, row by row       readout   the whole Read Out
  legal        what you may do now                  help      this text
  zoom         switch between the wide and the narrow board
  undo         take back your move, conferring or call, before you spin
  quit         leave, after asking (also Ctrl+Q); the game is saved
Click a lit space on the board to put its move on the command line.
Your Handbook and Clue Sheet (right) show what you have learned; suspects whose
record does not match are crossed out."""


WORDS: dict[str, str] = {
    "s": "spin", "spin": "spin",
    "m": "move", "move": "move", "go": "move",
    "p": "place", "place": "place",
    "confer": "confer", "meet": "confer",
    "call": "call", "c": "call",
    "nocall": "no_call", "no_call": "no_call", "no": "no_call", "pass": "no_call",
    "end": "end", "done": "end",
    "ask": "ask", "flap": "ask",
    "accuse": "accuse", "a": "accuse",
    "record": "record", "r": "record", "suspect": "record",
    "readout": "readout", "ro": "readout",
    "zoom": "zoom", "z": "zoom",
}  # fmt: skip
BADGES = {"n": "hq-n", "north": "hq-n", "w": "hq-w", "west": "hq-w", "e": "hq-e", "east": "hq-e",
          "s": "hq-s", "south": "hq-s"}  # fmt: skip


def move_targets(view: Mapping[str, Any]) -> dict[str, str]:
    """Label -> space id of every move the view's legal actions allow (a, b, c, ...)."""
    moves = [str(a["to"]) for a in view.get("legal", []) if a["kind"] == "move"]
    return {target_label(k): space for k, space in enumerate(moves)}


def _read_record(said: Said, view: View) -> Command:
    return Command(meta="record", arg=_suspect(said.rest, view))


def _accuse(said: Said, view: View) -> Action:
    return Action.of("accuse", suspect=_suspect(said.rest, view))


def _move(said: Said, view: View) -> Action:
    return Action.of("move", to=_space(said.one(), view))


def _place(said: Said, view: View) -> Action:
    arg = said.one()
    badge = BADGES.get(arg.lower(), arg.lower())
    if badge not in BADGE_NAMES:
        raise CommandError(f"there is no Badge space {arg!r}: p n, p w, p e or p s")
    return Action.of("place", badge=badge)


def _car(kind: str) -> Handler:
    """How `call` and `confer` read whose car."""

    def read(said: Said, view: View) -> Action:
        return Action.of(kind, seat=_seat(said.one(), view))

    return read


def typed_for(action: Action, view: Mapping[str, Any]) -> str | None:
    """The command line `GRAMMAR` reads as `action` when its verb takes words after it
    (`Grammar.typed_for` types the rest)."""
    if action.kind == "place":
        return f"p {str(action.get('badge')).removeprefix('hq-')}"
    if action.kind in ("call", "confer"):
        return f"{action.kind} {COLOURS[int(action.get('seat'))]}"
    if action.kind == "accuse":
        return f"accuse {action.get('suspect')}"
    if action.kind == "ask":
        return f"ask {action.get('flap')}"
    if action.kind == "move":
        mark = next((k for k, to in move_targets(view).items() if to == action.get("to")), None)
        return None if mark is None else f"m {mark}"
    return None


NEEDS = {
    "move": "say where: 'm b' (a letter lit on the board) or a space, 'm 1a'",
    "place": "say which Badge space: p n, p w, p e or p s",
    "call": "say whose car: 'call red'",
    "confer": "say whose car: 'confer red'",
    "ask": "say which flap, 3 to 8: 'ask 5'",
    "accuse": "name the suspect: 'accuse R7'",
    "record": "name the suspect: 'record R7'",
}


def _ask(said: Said, view: View) -> Action:
    arg = said.one()
    if not arg.isdecimal():
        raise CommandError(f"a flap is a number from 3 to 8, not {arg!r}")
    return Action.of("ask", flap=int(arg))


def _space(arg: str, view: Mapping[str, Any]) -> str:
    targets = move_targets(view)
    if arg in targets:
        return targets[arg]
    board = load_board()
    key = BADGES.get(arg.lower(), arg)
    if key in board.index:
        return key
    if key.lower() in board.index:
        return key.lower()
    lit = f" (lit now: {', '.join(targets)})" if targets else ""
    raise CommandError(f"there is no space {arg!r}: name a letter lit on the board{lit}")


def _seat(arg: str, view: Mapping[str, Any]) -> int:
    players = int(view.get("players", len(COLOURS)))
    word = arg.lower()
    if word.isdecimal() and 1 <= int(word) <= players:
        return int(word) - 1
    for seat, colour in enumerate(COLOURS[:players]):
        if word in (colour, CAR_LETTERS[colour].lower()):
            return seat
    names = ", ".join(COLOURS[:players])
    raise CommandError(f"there is no {arg!r} car: name one by colour ({names})")


def _suspect(arg: str, view: Mapping[str, Any]) -> str:
    suspects: list[Mapping[str, Any]] = view.get("case", {}).get("suspects", [])
    word = arg.strip().lower()
    for suspect in suspects:
        if word in (str(suspect["number"]).lower(), str(suspect["name"]).lower()):
            return str(suspect["number"])
    first, last = (suspects[0]["number"], suspects[-1]["number"]) if suspects else ("", "")
    raise CommandError(f"there is no suspect {arg!r} in this case book ({first} to {last})")


GRAMMAR = Grammar(
    words=WORDS,
    simple={verb: Action.of(verb) for verb in ("spin", "no_call", "end")},
    verbs={"record": _read_record, "accuse": _accuse, "move": _move, "place": _place,
           "call": _car("call"), "confer": _car("confer"), "ask": _ask},
    needs=NEEDS,
    metas=frozenset({"zoom", "readout"}),
    bare_number="ask",  # a number alone: the flap to ask for
    typed=typed_for,
)  # fmt: skip
parse_command = GRAMMAR.parse


def legal_summary(view: Mapping[str, Any]) -> str:
    """What the seat to move may do, in the words the commands use, one thing a line."""
    lines: list[str] = []
    moves = move_targets(view)
    if moves:
        lines.append(
            "m <letter>: "
            + ", ".join(f"{label} {space_name(space)}" for label, space in moves.items())
        )
    accuse = False
    for action in view.get("legal", []):
        kind = action["kind"]
        if kind == "spin":
            lines.append("s: spin the Computer")
        elif kind == "place":
            letter = BADGE_LETTERS[str(action["badge"])].lower()
            lines.append(f"p {letter}: start on {space_name(str(action['badge']))}")
        elif kind in ("call", "confer"):
            colour = COLOURS[int(action["seat"])]
            what = "call it to Headquarters" if kind == "call" else "confer with it"
            lines.append(f"{kind} {colour}: the {colour.title()} car, {what}")
        elif kind == "no_call":
            lines.append("nocall: call nobody; the turn ends")
        elif kind == "end":
            lines.append("end: end your turn without accusing")
        elif kind == "ask":
            lines.append(
                f"ask {action['flap']}: flap {action['flap']} ({place_name(action['flap'])})"
            )
        elif kind == "accuse":
            accuse = True
    if accuse:
        lines.append("accuse <suspect>: name the culprit (wrong, and you are out)")
    return "\n".join(lines) if lines else "nothing: it is not your turn"


# --- the app ------------------------------------------------------------------------------------

DIALS = (  # (the view's key, the spin's key, the heading, its colour, the width)
    ("numbered", "number", "NUMBERED", "#ef7d1a", 10),
    ("line", "line", "YELLOW", "#e0b000", 12),
    ("signal", "signal", "RED", "#d32f2f", 12),
)
SPIN_FRAMES = 8


class BoardView(Static):
    """The city. Clicking a space posts it."""

    class Picked(Message):
        def __init__(self, space: str) -> None:
            super().__init__()
            self.space = space

    def __init__(self, board: Board, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.board = board
        self.wide = True

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        space = space_at(self.board, offset.x, offset.y, self.wide)
        if space is not None:
            self.post_message(self.Picked(space))


class ManhuntApp(GameShell):
    """A whole game of Manhunt: `players` seats, the last `bots` of them played by bots."""

    TITLE = "Manhunt"
    GAME = GAME
    COVER_TITLE = "MANHUNT"
    COVER_SECRET = "your Handbook and Clue Sheet"
    PLACEHOLDER = "command (help, legal, s, m b, ask <flap>, accuse <suspect>)"
    HELP = HELP
    GRAMMAR = GRAMMAR
    COMPACT_WIDTH = NARROW_BOARD + 44  # the board pane beside panels of 42 columns or more
    PANELS_TAB = "Computer & handbook"
    RING: ClassVar[frozenset[str]] = frozenset({"verdict"})
    TYPED: ClassVar[Mapping[str, str]] = {
        "place": "p n, p w, p e or p s (lit on the board)",
        "spin": "s",
        # Forms, not examples: an example suspect beside a lesson's "accuse R1" misled.
        "accuse": "accuse <suspect>",
        "move": "m <letter lit on the board>, or click it",
        "confer": "confer <colour>",
        "call": "call <colour>",
        "no_call": "nocall",
        "end": "end",
        "ask": "ask <flap, 3-8>",
    }
    CSS = (
        GameShell.CSS
        + """
    #board-pane { width: 78; }
    #board-pane.narrow { width: 53; }
    #legend { width: 76; height: auto; }
    #board-pane.narrow #legend { width: 51; }  /* two lines under the narrow board */
    #computer { height: auto; border: round $warning; padding: 0 1; }
    #status { height: auto; border: round $accent; padding: 0 1; }
    #handbook { height: auto; border: round $success; padding: 0 1; }
    """
    )
    state: Manhunt

    def __init__(
        self,
        players: int = 2,
        bots: int = 1,
        seed: int = 0,
        bot_level: str | None = None,
        bot_delay: float = 0.6,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(players, bots, seed, bot_level, bot_delay, options)
        assert isinstance(self.state, Manhunt)
        self.board: Board = self.state.board
        self.wide = True
        self.chose_zoom = False
        self.spinning = 0  # frames of the dials' spin still to show
        self.spin_timer: Timer | None = None
        self.dice = random.Random(seed)  # the spinning dials' blur, never the game's chance

    # --- layout -----------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        yield BoardView(self.board, id="board")
        yield Static(legend(), id="legend")

    def compose_panels(self) -> ComposeResult:
        yield Static(id="computer")
        yield Static(id="status")
        yield Static(id="handbook")

    def mounted(self) -> None:
        self.query_one("#computer", Static).border_title = "The Computer"
        self.query_one("#status", Static).border_title = "The detectives"
        self.query_one("#handbook", Static).border_title = "Handbook"
        self.wide = self.size.width >= WIDE_NEEDS
        self.query_one("#board-pane").set_class(not self.wide, "narrow")
        self.query_one("#board", BoardView).wide = self.wide

    # --- words ------------------------------------------------------------------------------
    def make_narrator(self) -> Narrator:
        return Narrator()

    def who(self, seat: int | None) -> str:
        return "nobody" if seat is None else COLOURS[seat % len(COLOURS)].title()

    def seat_style(self, seat: int) -> str:
        style = CAR_STYLES[COLOURS[seat % len(COLOURS)]]
        return str(style)

    def public_event(self, event: Event) -> None:
        if event.kind == "spin" and self.bot_delay > 0 and self.is_running:
            self.start_spin()

    def start_spin(self) -> None:
        """Turn the dials for a moment before they show the reading."""
        self.spinning = SPIN_FRAMES
        if self.spin_timer is None:
            self.spin_timer = self.set_interval(0.06, self._spin_frame)

    def _spin_frame(self) -> None:
        self.spinning -= 1
        if self.spinning <= 0 and self.spin_timer is not None:
            self.spin_timer.stop()
            self.spin_timer = None
        self.draw_computer(self.state.view(None))

    def game_over_text(self) -> Text:
        view = self.state.view(None)
        text = Text()
        winners = view["winners"]
        names = " and ".join(self.who(s) for s in winners)
        if winners:
            text.append(f"{names} {'win' if len(winners) > 1 else 'wins'}!\n\n", "bold green")
        else:
            text.append("Nobody wins: every detective accused wrongly.\n\n", "bold red")
        reveal = view["reveal"]
        culprit = reveal["culprit"]
        text.append("The culprit: ", "bold")
        text.append(f"{culprit['number']} {culprit['name']}", "bold red")
        text.append(f"  (Scanner Card {reveal['card']}, holes {reveal['holes']})\n\n")
        record = _record(view, str(culprit["number"]))
        for row, clue in record:
            text.append(f"  {row}  {clue}\n")
        text.append("\n")
        for side in view["sides"]:
            seats = " and ".join(self.who(s) for s in side["seats"])
            rows = " ".join(str(r) for r in side["rows"]) or "none"
            out = "  (out: accused wrongly)" if side["out"] else ""
            text.append(f"  {seats}: rows written {rows}{out}\n")
        return text

    # --- input ------------------------------------------------------------------------------
    def meta(self, command: Command) -> None:
        from sleuth.tui.shell import InfoScreen

        view = self.state.view(self.viewer)
        if command.meta == "zoom":
            self.chose_zoom = True
            self.set_wide(not self.wide)
        elif command.meta == "readout":
            self.push_screen(InfoScreen(_readout(view), f"The Read Out: {view['crime'].title()}"))
        elif command.meta == "record":
            number = command.arg
            text = Text()
            for row, clue in _record(view, number):
                text.append(f"{row}  {clue}\n")
            name = next(s["name"] for s in view["case"]["suspects"] if s["number"] == number)
            self.push_screen(InfoScreen(text, f"{number} {name}: the record"))

    def legal_text(self, view: Mapping[str, Any]) -> str:
        return legal_summary(view)

    def on_board_view_picked(self, message: BoardView.Picked) -> None:
        view = self.state.view(self.viewer)
        place = space_name(message.space)
        place = place[0].upper() + place[1:]
        targets = {space: label for label, space in move_targets(view).items()}
        if message.space in targets:
            self.offer(f"m {targets[message.space]}", place)
        elif view["phase"] == "place" and message.space in BADGE_LETTERS:
            self.offer(f"p {BADGE_LETTERS[message.space].lower()}", place)
        elif not self.my_turn(view):
            self.offer("", place)  # says whose turn it is
        else:
            self.say(f"✗ {place}: not a space you may go to now. {view['prompt']['words']}", True)

    # --- drawing ----------------------------------------------------------------------------
    def laid_out(self) -> None:
        """The wide board beside the panels, or alone on a compact screen where it fits."""
        if not self.chose_zoom:
            width, height = self.size
            # alone on a compact screen: the wide board only if it fits whole (tabs, the
            # status and command lines take 5 rows), else the narrow one, which does at 80x24
            fits = width >= WIDE_BOARD and height - 5 >= layout(self.board, True).height + 1
            self.set_wide(width >= WIDE_NEEDS or (self.compact and fits))

    def set_wide(self, wide: bool) -> None:
        if wide == self.wide:
            return
        self.wide = wide
        self.query_one("#board-pane").set_class(not wide, "narrow")
        self.query_one("#board", BoardView).wide = wide
        self.redraw()

    def draw(self, view: Mapping[str, Any]) -> None:
        self.draw_board(view)
        self.draw_computer(view)
        self.draw_status(view)
        self.draw_handbook(view)

    def marks(self, view: Mapping[str, Any]) -> dict[str, str]:
        if not self.my_turn(view):
            return {}
        marks = {space: label for label, space in move_targets(view).items()}
        for action in view.get("legal", []):
            if action["kind"] == "place":
                marks[str(action["badge"])] = BADGE_LETTERS[str(action["badge"])]
        return marks

    def draw_board(self, view: Mapping[str, Any]) -> None:
        cars: dict[str, list[int]] = {}
        for car in view["cars"]:
            if car["space"] is not None:
                cars.setdefault(str(car["space"]), []).append(int(car["seat"]))
        board = self.query_one("#board", BoardView)
        board.update(render_board(self.board, cars, self.marks(view), wide=self.wide))

    def draw_computer(self, view: Mapping[str, Any]) -> None:
        spin = view.get("spin")
        text = Text(no_wrap=True)
        read = set(spin["read"]) if spin else set()
        for _, _, name, colour, width in DIALS:
            text.append(f"{name:^{width}}  ", f"bold {colour}")
        text.append("\n")
        dials = view.get("computer", {})
        for key, field, _, colour, width in DIALS:
            if self.spinning > 0:
                faces = dials.get(key, {}).get("faces", ["?"])
                face = "◐◓◑◒"[self.spinning % 4] + " " + str(self.dice.choice(faces))
                style = f"bold black on {colour}"
            elif spin is None:
                face, style = "—", "dim"
            else:
                face = str(spin[field])
                style = f"bold black on {colour}" if key in read else f"{colour} on grey15"
            text.append(f"{face:^{width}}", style)
            text.append("  ")
        text.append("\n")
        if spin is None:
            text.append("Nobody has spun yet.", "dim")
        elif self.spinning > 0:
            text.append(f"{self.who(spin['seat'])} spins…", "italic")
        else:
            names = {"numbered": "NUMBERED", "line": "yellow", "signal": "red"}
            dials_read = " and ".join(names[d] for d in spin["read"]) or "nothing"
            text.append(f"{self.who(spin['seat'])}'s spin: read the {dials_read} dial", "dim")
            if len(spin["read"]) == 2:
                text.append("s", "dim")
        self.query_one("#computer", Static).update(text)

    def draw_status(self, view: Mapping[str, Any]) -> None:
        text = Text()
        turn = int(view["turn"])
        text.append("Turn: ")
        text.append(f" {self.who(turn)} ", CAR_STYLES[COLOURS[turn % len(COLOURS)]])
        if turn in self.bots:
            text.append(" (bot)", "dim")
        words = task(view)
        if view["to_move"] is not None and view["to_move"] != turn:
            words = f"{self.who(view['to_move'])} to {words}"
        text.append(f" — {words}\n")
        sides = {int(s["side"]): s for s in view["sides"]}
        for car in view["cars"]:
            seat = int(car["seat"])
            side = sides[int(car["side"])]
            text.append("▶" if seat == turn and not view["over"] else " ")
            text.append(f" {CAR_LETTERS[car['colour']]} ", CAR_STYLES[car["colour"]])
            kind = "bot" if seat in self.bots else "you" if seat == self.viewer else ""
            text.append(f" {self.who(seat):7}{kind:4}")
            if side["out"]:
                text.append("out of the game\n", "bold red")
                continue
            rows = " ".join(str(r) for r in side["rows"]) or "—"
            text.append(f"rows {rows:15}", "bold" if side["rows"] else "dim")
            if car["waiting"]:
                text.append(" OFF LINE", "yellow")
            where = space_name(car["space"])
            text.append(f"\n        @ {where}\n", "dim")
        exchange = view.get("exchange")
        if exchange and exchange.get("asker") is not None:
            text.append(
                f"Exchange: {self.who(exchange['asker'])} asks {self.who(exchange['asked'])} "
                "for one flap, 3 to 8",
                "bold",
            )
        text.rstrip()
        self.query_one("#status", Static).update(text)

    def draw_handbook(self, view: Mapping[str, Any]) -> None:
        panel = self.query_one("#handbook", Static)
        book = view.get("handbook")
        if self.viewer is None or book is None:
            panel.border_title = "Handbooks"
            if self.state.over:
                panel.update(Text("The game is over: see the culprit in the log.", "dim"))
            elif not self.humans:
                panel.update(Text("Bots only: you are watching. Handbooks stay hidden.", "dim"))
            else:
                panel.update(Text("Hidden while the keyboard is not yours.", "dim"))
            return
        panel.border_title = f"Your Handbook & Clue Sheet — {self.who(self.viewer)}"
        text = Text(no_wrap=False)
        text.append(f"{view['crime'].title()}  ", "bold")
        side = next(s for s in view["sides"] if self.viewer in s["seats"])
        if side["next_scene"] is not None:
            text.append(f"next: {place_name(side['next_scene'])}\n", "yellow")
        else:
            text.append("both Scenes written: you may accuse\n", "green")
        for row in book["rows"]:
            known = row["hole"] is not None
            text.append(f"{row['row']} ", "bold")
            text.append(f"{row['topic'][:12]:12} ", "" if known else "dim")
            text.append(row["flap"], "bold" if known else "dim")
            if known:
                text.append(f" {row['hole']} {row['clue']}", "bold cyan")
                how = row.get("learned", {})
                if how.get("how") == "shown":
                    text.append(f" (from {self.who(how.get('by'))})", "dim")
            text.append("\n")
        suspects = book.get("suspects")
        if suspects is not None:
            left = [s for s in suspects if not s["crossed"]]
            if len(left) == 1:  # say who, not only how many
                only = f"{left[0]['number']} {left[0]['name']}"
                text.append(f"Suspects: only {only} is left\n", "bold yellow")
            elif len(left) < len(suspects):
                crossed = len(suspects) - len(left)
                text.append(f"Suspects: {len(left)} left", "bold")
                text.append(f" ({crossed} crossed out; 'readout' has them all)\n", "dim")
            else:
                text.append(f"Suspects: {len(left)} left\n", "bold")
            # Once some are crossed out, only those left are listed: a list of all 32 would
            # push the ones that matter below the panel's fold (seen at 120x40).
            shown = left if left and len(left) < len(suspects) else suspects
            labels = [f"{s['number']} {s['name']}" for s in shown]
            width = max(len(label) for label in labels) + 2
            board = 0 if self.compact else WIDE_BOARD if self.wide else NARROW_BOARD
            room = self.size.width - board - 6
            columns = max(1, room // width)
            for k, (suspect, label) in enumerate(zip(shown, labels, strict=True)):
                if suspect["crossed"]:
                    text.append(label, "dim strike")
                else:
                    text.append(label, "bold yellow" if len(left) == 1 else "bold")
                last = k % columns == columns - 1 or k == len(labels) - 1
                text.append("\n" if last else " " * (width - len(label)))
        else:
            text.append("Suspects: cross them out yourself ('record R7', 'readout').\n", "dim")
        if book.get("accusation"):
            text.append(f"You wrote down: {book['accusation']}\n", "bold")
        if book.get("culprit_read"):
            text.append(f"The card named {book['culprit_read']} (keep it secret)\n", "bold red")
        for note in reversed(self.notes[-3:]):  # newest first: the panel may cut its foot
            text.append(f"» {note}\n", "italic")
        text.rstrip()
        panel.update(text)


def _record(view: Mapping[str, Any], number: str) -> list[tuple[int, str]]:
    """A suspect's record: each row's clue, by the Read Out."""
    case = view["case"]
    suspect = next(s for s in case["suspects"] if s["number"] == number)
    return [
        (row["row"], f"{row['topic']}: {clue}")
        for row, clue in zip(case["readout"], suspect["clues"], strict=True)
    ]


def _readout(view: Mapping[str, Any]) -> Text:
    text = Text()
    for row in view["case"]["readout"]:
        text.append(f"{row['row']} {place_name(row['row']):17} {row['topic']}\n", "bold")
        text.append(
            "   " + "   ".join(f"{x} {c}" for x, c in zip("ABCD", row["clues"], strict=True))
        )
        text.append("\n")
    return text


def run(
    players: int = 2,
    bots: int = 1,
    seed: int = 0,
    bot_level: str | None = None,
    bot_delay: float = 0.6,
    options: Mapping[str, Any] | None = None,
) -> None:
    """Play a game in this terminal until it ends or the players quit."""
    ManhuntApp(players, bots, seed, bot_level, bot_delay, options).run()


__all__ = [
    "BoardView",
    "Command",
    "CommandError",
    "ManhuntApp",
    "legal_summary",
    "parse_command",
    "render_board",
    "run",
    "space_at",
]
