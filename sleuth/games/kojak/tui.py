"""The Kojak Detective Game in the terminal: hot-seat players against bots, with Textual.

The table itself (hot seat, bots, the log, the command line) is `sleuth.tui.shell`;
this module is Kojak's part: the board as coloured text (`render_board`, pure: the
white path, the parking lots, the four buildings with what stands out front,
Headquarters with each Kojak, the cars and the moves a player may make), the
turntables as far as anyone has seen them, each player's public pieces, and the
seat's own notebook and Contact Cards (only behind that seat's cover), plus the
commands (`GRAMMAR`: words and readers, pure). Everything on screen comes from
`state.view(seat)` for the seat at the keyboard.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from sleuth.core import Action
from sleuth.games.kojak.board import BUILDINGS, Board, load_board
from sleuth.games.kojak.state import COLOURS, Kojak
from sleuth.games.kojak.words import Narrator, building, hq_space, place
from sleuth.tui.grammar import Command, CommandError, Grammar, Handler, Said, View
from sleuth.tui.shell import GameShell, task

GAME = "kojak"
CELL = 4  # text columns a board unit takes: three for the space, one for the road to the right
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

# --- styles -------------------------------------------------------------------------------------

PLAYER_LETTERS = {"white": "W", "black": "K", "orange": "O", "purple": "P"}
PLAYER_STYLES = {
    "white": Style(bold=True, color="black", bgcolor="#f0f0f0"),
    "black": Style(bold=True, color="white", bgcolor="#202020"),
    "orange": Style(bold=True, color="black", bgcolor="#ff8c1a"),
    "purple": Style(bold=True, color="white", bgcolor="#8e44ad"),
}
BUILDING_HEX = {"red": "#d32f2f", "blue": "#1e63c8", "yellow": "#e0b000", "green": "#2e9b46"}
SHORT = {"movie": "MOVIE", "restaurant": "RESTAURANT", "hotel": "HOTEL", "bus": "BUS STATION"}
PATH_STYLE = Style(color="grey85", bgcolor="grey35")
ROAD_STYLE = Style(color="grey50")
HQ_STYLE = Style(color="#f2c12e", bgcolor="#101a30")
YELLOW_STYLE = Style(bold=True, color="black", bgcolor="#e8d44d")
ROOM_STYLE = Style(bold=True, color="white", bgcolor="#3a4f7a")
LOT_STYLE = Style(bold=True, color="white", bgcolor="grey23")
MARK_STYLE = Style(bold=True, color="black", bgcolor="bright_green")
HQ_LABELS = {"start": "STA", "radio": "RAD", "command": "CMD", "y3": "CPU"}
STATUS_ROW = {"movie": -1}  # where a building shows its front and Badges
LOT_LABELS = {"lot-hq-west": " H ", "lot-hq-east": " H ", "lot-lieutenant": " L "}


def building_style(colour: str, strong: bool = True) -> Style:
    hex_ = BUILDING_HEX.get(colour, "#888888")
    if strong:
        return Style(bold=True, color="black" if colour == "yellow" else "white", bgcolor=hex_)
    return Style(bold=True, color=hex_)


def label(k: int) -> str:
    """The label of the k-th move offered (0 -> "a", 26 -> "A", 52 -> "aa")."""
    if k < len(LETTERS):
        return LETTERS[k]
    return LETTERS[k // len(LETTERS) - 1] + LETTERS[k % len(LETTERS)]


# --- the board as text --------------------------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    """A letter drawn on the board for a player's piece (a car, or his Kojak)."""

    colour: str
    kojak: bool = False  # Kojak's car (lower case) rather than the Detective's

    @property
    def letter(self) -> str:
        letter = PLAYER_LETTERS.get(self.colour, "?")
        return letter.lower() if self.kojak else letter


def cell_of(x: float, y: float) -> tuple[int, int]:
    """(row, first column) of board unit (x, y) in `render_board`'s text."""
    return int(y) - 1, (int(x) - 1) * CELL


def render_board(
    board: Board,
    view: Mapping[str, Any] | None = None,
    marks: Mapping[str, str] | None = None,
) -> Text:
    """The board: path, lots, buildings, Headquarters, cars, Kojaks and labelled marks.

    view: a seat's (or everyone's) view, for the pieces and the turntables out front.
    marks: place or Headquarters space -> a short label (the moves a player may make).
    """
    width, height = (board.width - 2) * CELL + 1, board.height - 2
    grid: list[list[tuple[str, Style | None]]] = [[(" ", None)] * width for _ in range(height)]

    def put(row: int, col: int, text: str, style: Style | None) -> None:
        for k, ch in enumerate(text):
            if 0 <= row < height and 0 <= col + k < width:
                grid[row][col + k] = (ch, style)

    def put_pieces(row: int, col: int, pieces: Sequence[Piece]) -> None:
        shown = list(pieces) if len(pieces) <= 3 else [*pieces[:2]]
        put(row, col, "   ", PLAYER_STYLES[shown[0].colour])
        start = col + (3 - len(shown) - (len(pieces) > 3)) // 2
        for k, piece in enumerate(shown):
            put(row, start + k, piece.letter, PLAYER_STYLES[piece.colour])
        if len(pieces) > 3:
            put(row, start + 2, "+", PLAYER_STYLES[shown[0].colour])

    view = view or {}
    marks = marks or {}
    cars: dict[str, list[Piece]] = {}
    kojaks: dict[str, list[Piece]] = {}
    badges: dict[str, list[Piece]] = {}
    for p in view.get("pieces", []):
        colour = str(p["colour"])
        for car in ("detective", "kojak"):
            where = p["cars"][car]
            if where is not None:
                cars.setdefault(str(where), []).append(Piece(colour, car == "kojak"))
        if p["kojak"] is not None:
            kojaks.setdefault(str(p["kojak"]), []).append(Piece(colour, kojak=True))
        if p["badge"] is not None:
            badges.setdefault(str(p["badge"]), []).append(Piece(colour))

    # Headquarters: its ground first, then its spaces.
    x0, y0, x1, y1 = board.hq_box
    for y in range(int(y0 + 0.5), int(y1 + 0.5)):
        row, col = cell_of(x0 + 0.5, y)
        put(row, col, " " * (int(x1 - x0) * CELL - 1), HQ_STYLE)
    row, col = cell_of(x0 + 0.5, y0 + 0.5)
    put(row + 3, col, "HQ", HQ_STYLE)
    for space in board.hq.values():
        row, col = cell_of(space.x, space.y)
        if space.id in marks:
            put(row, col, f"{marks[space.id]:^3}"[:3], MARK_STYLE)
        elif space.id in kojaks:
            put_pieces(row, col, kojaks[space.id])
        elif space.kind in ("start", "radio", "command", "computer"):
            put(row, col, HQ_LABELS.get(space.id, space.id[:3].upper()), ROOM_STYLE)
        elif space.kind == "yellow":
            put(row, col, " · ", YELLOW_STYLE)
        else:
            put(row, col, " · ", HQ_STYLE)

    # The buildings: a name, and by it the informer out front and the Badges on the roof.
    tables = view.get("turntables", {})
    for b in board.buildings.values():
        row, col = cell_of(b.x, b.y)
        put(row, col, SHORT[b.id], building_style(b.colour))
        table = tables.get(b.id)
        under = row + STATUS_ROW.get(b.id, 1)
        if table is not None:
            front = "●" if table["out_front"] else "○"
            put(under, col, front, building_style(b.colour, strong=False))
        for k, piece in enumerate(badges.get(b.id, [])):
            put(under, col + 2 + k, "★", PLAYER_STYLES[piece.colour])

    # The path and the lots, with the roads between them.
    places: dict[str, tuple[float, float]] = dict(board.path)
    places.update({lot.id: (lot.x, lot.y) for lot in board.lots.values()})
    at = {(int(px), int(py)): p for p, (px, py) in places.items()}
    for p, (px, py) in places.items():
        row, col = cell_of(px, py)
        right = at.get((int(px) + 1, int(py)))
        if right is not None and right in board.neighbours[p]:
            put(row, col + 3, "─", ROAD_STYLE)
        if p in marks:
            put(row, col, f"{marks[p]:^3}"[:3], MARK_STYLE)
        elif p in cars:
            put_pieces(row, col, cars[p])
        elif p in board.lots:
            lot = board.lots[p]
            if lot.building is not None:
                colour = board.buildings[lot.building].colour
                put(row, col, " P ", building_style(colour))
            else:
                put(row, col, LOT_LABELS.get(p, " P "), LOT_STYLE)
        else:
            put(row, col, " · ", PATH_STYLE)

    text = Text(no_wrap=True)
    for r, line in enumerate(grid):
        run, look = "", line[0][1]
        for ch, seen in line:
            if seen is not look:
                text.append(run, look or "")
                run, look = "", seen
            run += ch
        text.append(run.rstrip() if look is None else run, look or "")
        if r < height - 1:
            text.append("\n")
    return text


def legend() -> Text:
    text = Text(no_wrap=True)
    text.append(" · ", PATH_STYLE)
    text.append(" path ")
    text.append(" P ", building_style("red"))
    text.append(" lot ")
    text.append(" H ", LOT_STYLE)
    text.append(" HQ lot ")
    text.append(" L ", LOT_STYLE)
    text.append(" Lieutenant\n")
    text.append(" W ", PLAYER_STYLES["white"])
    text.append(" Detective's car ")
    text.append(" w ", PLAYER_STYLES["white"])
    text.append(" Kojak's car or Kojak\n")
    text.append("★", PLAYER_STYLES["white"])
    text.append(" Badge ")
    text.append("●", "bold")
    text.append(" informer out front ")
    text.append(" a ", MARK_STYLE)
    text.append(" a move")
    return text


def ring(table: Mapping[str, Any]) -> Text:
    """A turntable's slots from the front round, as far as they have been seen."""
    text = Text(no_wrap=True)
    seen: list[bool | None] = list(table["seen"])
    front = int(table["front"])
    for k in range(len(seen)):
        slot = seen[(front + k) % len(seen)]
        mark = "?" if slot is None else "●" if slot else "○"
        if k == 0:
            text.append(f"[{mark}]", "bold")
        else:
            text.append(f" {mark}", "" if slot is not None else "dim")
    return text


# --- commands -----------------------------------------------------------------------------------

HELP = """\
Commands (one per line, then Enter). Kojak works at Headquarters; his Detective drives.
  park w | park e    set-up: park your Detective's car at the west or east HQ lot
  badge hotel        put your Badge on a roof (set-up), or move it (Radio Room)
  r                  roll the dice (roll)
  d a                drive to the place lit 'a' on the board (any car: d, k, m, go)
  d lot-movie        drive the Detective's car there (also: d movie)
  k movie            drive Kojak's car (once he has left Headquarters)
  j radio | j cmd    fast game: Kojak jumps into the Radio or Command Room
  c                  advanced game: draw an Action Card (draw); then
  w a | w radio      walk Kojak to a lit Headquarters space (w computer, w h5)
  stay               Kojak stays in his room and uses it again
  t hotel 2          Command Room: turn a turntable 1 or 2 spaces (fast game: t 2)
  take               take the informer out front: his code goes in your notebook
                     (your Badge on that roof, your Detective's car in its lot,
                     an informer out front; one informer from each building)
  arrest             both cars in one building's lot: make the arrest (wrong: you are out)
  leave              Kojak leaves Headquarters for his car (2 informer cards needed)
  end                end your turn (decline the room, or skip the clue)
  sheet              the clue sheet: every statement and the building it clears
  legal              what you may do now             help   this text
  undo               take back a move of yours, while your turn goes on
  quit               leave, after asking (also Ctrl+Q); the game is saved
Buildings: movie (m, red), restaurant (rest, diner, blue), hotel (h, yellow),
bus (b, green). Turntables read from the front: [●] informer out front, ● seen,
○ empty, ? not seen yet. Your notebook (right) shows the codes you took."""


WORDS: dict[str, str] = {
    "park": "park", "p": "park",
    "badge": "badge", "bg": "badge",
    "r": "roll", "roll": "roll",
    "d": "drive", "drive": "drive", "m": "move", "move": "move", "go": "move",
    "k": "kojak_car", "kc": "kojak_car",
    "j": "jump", "jump": "jump",
    "radio": "radio", "command": "command", "cmd": "command",
    "c": "draw", "draw": "draw", "card": "draw",
    "w": "walk", "walk": "walk",
    "stay": "stay", "s": "stay",
    "t": "turn", "turn": "turn",
    "take": "take", "informer": "take",
    "arrest": "arrest",
    "leave": "leave_hq", "leave_hq": "leave_hq",
    "end": "end_turn", "e": "end_turn", "done": "end_turn", "pass": "end_turn",
    "sheet": "sheet", "case": "sheet",
}  # fmt: skip
BUILDING_WORDS: dict[str, str] = {
    "movie": "movie", "movies": "movie", "m": "movie", "red": "movie", "cinema": "movie",
    "restaurant": "restaurant", "rest": "restaurant", "diner": "restaurant",
    "blue": "restaurant",
    "hotel": "hotel", "h": "hotel", "yellow": "hotel",
    "bus": "bus", "b": "bus", "green": "bus", "station": "bus",
}  # fmt: skip
LOTS = {"w": "lot-hq-west", "west": "lot-hq-west", "e": "lot-hq-east", "east": "lot-hq-east"}
ROOM_WORDS = {"radio": "radio", "r": "radio", "rad": "radio", "command": "command",
              "c": "command", "cmd": "command"}  # fmt: skip
SIMPLE = {
    **{verb: Action.of(verb) for verb in ("roll", "draw", "stay", "take", "arrest", "leave_hq",
                                          "end_turn")},
    **{room: Action.of("jump", room=room) for room in ("radio", "command")},
}  # fmt: skip
NEEDS = {
    "park": "say which Headquarters lot: park w or park e",
    "badge": "say which building: badge hotel",
    "drive": "say where: 'd a' (a letter lit on the board) or a place, 'd movie'",
    "move": "say where: 'm a' (a letter lit on the board)",
    "kojak_car": "say where Kojak's car goes: 'k a' or 'k movie'",
    "jump": "say which room: j radio or j command",
    "walk": "say where Kojak goes: 'w a' (lit in Headquarters) or 'w radio'",
    "turn": "say which turntable and how far: 't hotel 2' (fast game: 't 2')",
}


def move_targets(view: Mapping[str, Any]) -> dict[str, Action]:
    """Label -> move of every drive or walk the view's legal actions allow (a, b, c, ...)."""
    moves = [Action.from_json(a) for a in view.get("legal", []) if a["kind"] in ("drive", "walk")]
    return {label(k): action for k, action in enumerate(moves)}


def board_marks(view: Mapping[str, Any]) -> dict[str, str]:
    """Place -> the letters lit there. Both cars may reach one place: its mark shows both
    letters ("ej"), as `legal` lists both, instead of hiding one of them."""
    marks: dict[str, str] = {}
    for name, action in move_targets(view).items():
        to = str(action["to"])
        marks[to] = marks.get(to, "") + name
    return marks


def _park(said: Said, view: View) -> Action:
    arg = said.one()
    lot = LOTS.get(arg.lower(), arg.lower())
    if lot not in LOTS.values():
        raise CommandError(f"there is no Headquarters lot {arg!r}: park w or park e")
    return Action.of("park", lot=lot)


def _badge(said: Said, view: View) -> Action:
    return Action.of("badge", building=_building(said.one()))


def _jump(said: Said, view: View) -> Action:
    arg = said.one()
    room = ROOM_WORDS.get(arg.lower())
    if room is None:
        raise CommandError(f"there is no room {arg!r}: j radio or j command")
    return Action.of("jump", room=room)


def _go(verb: str) -> Handler:
    """How `verb` (drive, move, kojak_car, walk) reads where: a letter lit on the board, else a
    place (walk: a Headquarters space)."""

    def read(said: Said, view: View) -> Action:
        arg = said.one()
        targets = move_targets(view)
        if arg in targets:
            action = targets[arg]
            if (verb == "walk") != (action.kind == "walk"):
                wanted = "w" if action.kind == "walk" else "d"
                raise CommandError(f"'{arg}' is a move for '{wanted} {arg}'")
            return action
        if verb == "walk":
            return Action.of("walk", to=_hq_space(arg, targets))
        car = "kojak" if verb == "kojak_car" else "detective"
        return Action.of("drive", car=car, to=_place(arg, targets))

    return read


def typed_for(action: Action, view: Mapping[str, Any]) -> str | None:
    """The command line `GRAMMAR` reads as `action` when its verb takes words after it
    (`Grammar.typed_for` types the rest)."""
    if action.kind == "park":
        return "park w" if action.get("lot") == "lot-hq-west" else "park e"
    if action.kind == "badge":
        return f"badge {action.get('building')}"
    if action.kind == "turn":
        return f"t {action.get('building')} {action.get('spaces')}"
    for mark, move in move_targets(view).items():
        if move == action:
            return f"{'w' if action.kind == 'walk' else 'd'} {mark}"
    return None


def _building(arg: str) -> str:
    found = BUILDING_WORDS.get(arg.lower())
    if found is None:
        raise CommandError(f"there is no building {arg!r}: movie, restaurant, hotel or bus")
    return found


def _turn(said: Said, view: View) -> Action:
    args = said.args
    if len(args) > 2:
        raise CommandError("'t' takes a building and 1 or 2: 't hotel 2'")
    spaces_word = args[-1]
    if spaces_word not in ("1", "2"):
        raise CommandError(f"a turntable turns 1 or 2 spaces, not {spaces_word!r}")
    if len(args) == 2:
        where = _building(args[0])
    else:
        me = _me(view)
        if me is None or me["badge"] is None:
            raise CommandError("say which turntable: 't hotel 2'")
        where = str(me["badge"])
    return Action.of("turn", building=where, spaces=int(spaces_word))


def _me(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    seat = view.get("seat")
    pieces: list[Mapping[str, Any]] = view.get("pieces", [])
    return pieces[seat] if isinstance(seat, int) and 0 <= seat < len(pieces) else None


def _lit(targets: Mapping[str, Action]) -> str:
    return f" (lit now: {', '.join(targets)})" if targets else ""


def _place(arg: str, targets: Mapping[str, Action]) -> str:
    board = load_board()
    word = arg.lower()
    if word in BUILDING_WORDS:
        return board.lot_of[BUILDING_WORDS[word]]
    if word in ("hq-west", "hq-east", "west", "east"):
        return f"lot-hq-{word.removeprefix('hq-')}"
    if word in ("lieutenant", "lt"):
        return board.lieutenant
    if word in board.path or word in board.lots:
        return word
    raise CommandError(f"there is no place {arg!r}: name a letter lit on the board{_lit(targets)}")


def _hq_space(arg: str, targets: Mapping[str, Action]) -> str:
    board = load_board()
    word = {"computer": board.computer, "cpu": board.computer, "cmd": "command"}.get(
        arg.lower(), arg.lower()
    )
    if word in board.hq:
        return word
    raise CommandError(f"there is no Headquarters space {arg!r}{_lit(targets)}")


GRAMMAR = Grammar(
    words=WORDS,
    simple=SIMPLE,
    verbs={"park": _park, "badge": _badge, "jump": _jump, "turn": _turn,
           **{verb: _go(verb) for verb in ("drive", "move", "kojak_car", "walk")}},
    needs=NEEDS,
    metas=frozenset({"sheet"}),
    typed=typed_for,
)  # fmt: skip
parse_command = GRAMMAR.parse


def describe(action: Mapping[str, Any]) -> str:
    """One legal action in the words the commands use."""
    kind = action["kind"]
    if kind == "park":
        side = "w" if action["lot"] == "lot-hq-west" else "e"
        return f"park {side}: park your Detective's car in {place(action['lot'])}"
    if kind == "badge":
        return f"badge {action['building']}: your Badge on {building(action['building'])}"
    if kind == "jump":
        return f"j {action['room']}: Kojak jumps into {hq_space(action['room'])}"
    if kind == "turn":
        spaces = action["spaces"]
        return (
            f"t {action['building']} {spaces}: turn {building(action['building'])}'s "
            f"turntable {spaces} space{'s' if spaces > 1 else ''}"
        )
    return {
        "roll": "r: roll the dice",
        "draw": "c: draw an Action Card for Kojak",
        "stay": "stay: Kojak stays in his room and uses it again",
        "take": "take: take the informer out front (his code goes in your notebook)",
        "arrest": "arrest: make the arrest here (wrong, and you are out)",
        "leave_hq": "leave: Kojak leaves Headquarters for his car",
        "end_turn": "end: end your turn",
    }.get(kind, str(Action.from_json(action)))


def legal_summary(view: Mapping[str, Any]) -> str:
    """What the seat to move may do, in the words the commands use, one thing a line."""
    lines: list[str] = []
    targets = move_targets(view)
    if targets:
        parts = []
        for name, action in targets.items():
            if action.kind == "walk":
                parts.append(f"{name} {hq_space(action['to'])}")
            else:
                car = "Kojak's car" if action["car"] == "kojak" else "Detective"
                parts.append(f"{name} {car} to {place(action['to'])}")
        verb = "w" if next(iter(targets.values())).kind == "walk" else "d"
        lines.append(f"{verb} <letter>: " + "; ".join(parts))
    for action in view.get("legal", []):
        if action["kind"] not in ("drive", "walk"):
            lines.append(describe(action))
    return "\n".join(lines) if lines else "nothing: it is not your turn"


# --- the app ------------------------------------------------------------------------------------


class BoardView(Static):
    """The board."""


class KojakApp(GameShell):
    """A whole game of Kojak: `players` seats, the last `bots` of them played by bots."""

    TITLE = "Kojak"
    GAME = GAME
    COVER_TITLE = "KOJAK"
    COVER_SECRET = "your notebook and Contact Cards"
    PLACEHOLDER = "command (help, legal, r, d a, take, arrest, end)"
    HELP = HELP
    GRAMMAR = GRAMMAR
    COMPACT_WIDTH = 97  # the board pane beside panels of 42 columns or more
    PANELS_TAB = "Detectives & notebook"
    RING: ClassVar[frozenset[str]] = frozenset({"arrest"})
    TYPED: ClassVar[Mapping[str, str]] = {
        "park": "park w or park e",
        "badge": "badge <building>",
        "take": "take",
        "arrest": "arrest",
        "roll": "r",
        "jump": "j radio|cmd",
        "draw": "c",
        "stay": "stay",
        "leave_hq": "leave",
        "drive": "d <letter lit on the board>",
        "walk": "w <letter lit in Headquarters>",
        "turn": "t <building> 1|2",
        "end_turn": "end",
    }
    CSS = (
        GameShell.CSS
        + """
    #board-pane { width: 55; }
    #legend { width: auto; height: 3; }
    #turntables { height: auto; border: round $warning; padding: 0 1; }
    #status { height: auto; border: round $accent; padding: 0 1; }
    #notebook { height: auto; border: round $success; padding: 0 1; }
    """
    )
    state: Kojak

    def __init__(
        self,
        players: int = 2,
        bots: int = 1,
        seed: int = 0,
        bot_level: str | None = None,
        bot_delay: float = 0.6,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        opts = dict(options or {})
        if "advanced" in opts:  # -o advanced=true: a short way to say version=advanced
            advanced = opts.pop("advanced")
            opts.setdefault("version", "advanced" if advanced in (True, "true", 1) else "fast")
        super().__init__(players, bots, seed, bot_level, bot_delay, opts)
        assert isinstance(self.state, Kojak)
        self.board: Board = self.state.board

    # --- layout -----------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        yield BoardView(id="board")
        yield Static(legend(), id="legend")
        yield Static(id="turntables")

    def compose_panels(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="notebook")

    def mounted(self) -> None:
        self.query_one("#turntables", Static).border_title = "Turntables (from the front)"
        self.query_one("#status", Static).border_title = "The detectives"
        self.query_one("#notebook", Static).border_title = "Notebook"

    # --- words ------------------------------------------------------------------------------
    def make_narrator(self) -> Narrator:
        return Narrator()

    def who(self, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        return f"Player {seat + 1} ({COLOURS[seat % len(COLOURS)]})"

    def seat_style(self, seat: int) -> str:
        return str(PLAYER_STYLES[COLOURS[seat % len(COLOURS)]])

    def game_over_text(self) -> Text:
        view = self.state.view(None)
        text = Text()
        winners = view["winners"]
        if winners:
            text.append(f"{self.who(winners[0])} wins!\n\n", "bold green")
        else:
            text.append("Nobody wins: every player made a wrong arrest.\n\n", "bold red")
        reveal = view["reveal"]
        text.append(f"{reveal['criminal']} was hiding in ", "bold")
        text.append(f"{building(reveal['hideout'])}.\n\n", "bold red")
        statements = {s["code"]: s for s in view["case"]["statements"]}
        for b, code in reveal["codes"].items():
            said = statements[code]
            text.append(f"  {building(b)}'s informers: code {code}: ", "bold")
            text.append(f"{said['text']}\n")
        text.append("\n")
        for p in view["pieces"]:
            taken = ", ".join(building(b) for b in p["informers"]) or "none"
            out = f"  (out: arrested at {building(p['accused'])})" if p["out"] else ""
            text.append(f"  {self.who(p['seat'])}: informers {taken}{out}\n")
        return text

    # --- input ------------------------------------------------------------------------------
    def meta(self, command: Command) -> None:
        from sleuth.tui.shell import InfoScreen

        if command.meta == "sheet":
            view = self.state.view(self.viewer)
            self.push_screen(InfoScreen(clue_sheet(view), f"Game {view['case']['game']}"))
        else:
            super().meta(command)

    def legal_text(self, view: Mapping[str, Any]) -> str:
        return legal_summary(view)

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, view: Mapping[str, Any]) -> None:
        marks = board_marks(view) if self.my_turn(view) else {}
        self.query_one("#board", BoardView).update(render_board(self.board, view, marks))
        self.draw_turntables(view)
        self.draw_status(view)
        self.draw_notebook(view)
        self.follow(view)

    def follow(self, view: Mapping[str, Any]) -> None:
        """On a compact screen the turntables lie below the board: bring them into sight when
        the viewer may take an informer or turn a turntable, else the board in his turn;
        only when the game moved, so PageUp/PageDown are not fought."""
        if not self.compact or not self.my_turn(view) or not self.new_position():
            return
        pane = self.query_one("#board-pane")
        kinds = {str(choice["kind"]) for choice in view["prompt"]["choices"]}
        if kinds & {"take", "turn"}:
            self.call_after_refresh(pane.scroll_end, animate=False)
        else:
            pane.scroll_home(animate=False)

    def draw_turntables(self, view: Mapping[str, Any]) -> None:
        text = Text(no_wrap=True)
        badges: dict[str, list[str]] = {}
        for p in view["pieces"]:
            if p["badge"] is not None:
                badges.setdefault(str(p["badge"]), []).append(str(p["colour"]))
        for b in BUILDINGS:
            table = view["turntables"][b]
            name = self.board.buildings[b].name
            text.append(f"{name:12}", building_style(str(table["colour"]), strong=False))
            text.append_text(ring(table))
            text.append(f"  {table['informers']} left ", "dim")
            for colour in badges.get(b, []):
                text.append("★", PLAYER_STYLES[colour])
            text.append("\n")
        text.rstrip()
        self.query_one("#turntables", Static).update(text)

    def draw_status(self, view: Mapping[str, Any]) -> None:
        text = Text()
        turn = int(view["turn"])
        text.append(f"Game {view['case']['game']}: {view['case']['title']} ", "bold")
        text.append(f"({view['version']})\n", "dim")
        text.append("Turn: ")
        colour = COLOURS[turn % len(COLOURS)]
        text.append(f" {self.who(turn)} ", PLAYER_STYLES[colour])
        if turn in self.bots:
            text.append(" (bot)", "dim")
        text.append(f" — {task(view)}\n")
        dice = view.get("dice")
        if dice:
            text.append("Dice: ")
            text.append(" ".join(f"[{d}]" for d in dice), "bold")
            text.append(f" = {sum(dice)}  ")
        if view.get("action_card") is not None:
            text.append("Action Card: ")
            text.append(f"[{view['action_card']}]", "bold")
        if dice or view.get("action_card") is not None:
            text.append("\n")
        piles = view.get("piles")
        if piles:
            text.append(f"Piles: {piles['action']} Action, {piles['contact']} Contact\n", "dim")
        for p in view["pieces"]:
            seat = int(p["seat"])
            pc = str(p["colour"])
            text.append("▶" if seat == turn and not view["over"] else " ")
            text.append(f" {PLAYER_LETTERS[pc]} ", PLAYER_STYLES[pc])
            kind = "bot" if seat in self.bots else "you" if seat == self.viewer else ""
            text.append(f" {self.who(seat)} {kind}\n")
            if p["out"]:
                text.append(f"    out: arrested at {building(p['accused'])}\n", "bold red")
                continue
            kojak = hq_space(p["kojak"]) if p["kojak"] else "out of HQ"
            text.append(f"    Kojak: {kojak}\n", "dim")
            det = place(p["cars"]["detective"]) if p["cars"]["detective"] else "not parked"
            text.append(f"    Detective: {det}; Kojak's car: {place(p['cars']['kojak'])}\n", "dim")
            badge = building(p["badge"]) if p["badge"] else "no Badge yet"
            held = [str(self.board.colour_of[b]) for b in p["informers"]]
            text.append(f"    Badge: {badge}; informers: ", "dim")
            for bc in held:
                text.append("● ", building_style(bc, strong=False))
            text.append(f"{len(held)}", "bold" if held else "dim")
            if view["version"] == "advanced":
                text.append(f"; {p['contacts']} Contact Cards", "dim")
            text.append("\n")
        text.rstrip()
        self.query_one("#status", Static).update(text)

    def draw_notebook(self, view: Mapping[str, Any]) -> None:
        panel = self.query_one("#notebook", Static)
        book = view.get("notebook")
        if self.viewer is None or book is None:
            panel.border_title = "Notebooks"
            if self.state.over:
                panel.update(Text("The game is over: see the hide-out in the log.", "dim"))
            elif not self.humans:
                panel.update(Text("Bots only: you are watching. Notebooks stay hidden.", "dim"))
            else:
                panel.update(Text("Hidden while the keyboard is not yours.", "dim"))
            return
        panel.border_title = f"Your notebook — {self.who(self.viewer)}"
        text = Text()
        text.append(f"Find {view['case']['criminal']}. ", "bold")
        text.append("('sheet': every statement)\n", "dim")
        circled = set(book["circled"])
        suspects = set(book["suspects"])
        text.append("Buildings: ")
        for b in view["case"].get("row", BUILDINGS):  # the order printed on the sheet
            name = self.board.buildings[b].name
            if b in circled:
                text.append(f"✕({name})", "dim strike")
            elif b not in suspects:
                text.append(name, "dim strike red")
            else:
                text.append(name, "bold yellow" if len(suspects) == 1 else "bold")
            text.append("  ")
        text.append("\n")
        # One row at 120x40 (it wrapped to two and pushed the second code below the fold).
        text.append("✕(…) ruled out by your codes · struck red: a wrong arrest\n", "dim")
        if len(suspects) == 1:
            text.append(f"Only {building(next(iter(suspects)))} is left!\n", "bold green")
        # The codes come after what they add up to: a long list must not push the buildings
        # still suspected below the panel's fold (seen at 120x40 with three codes).
        for clue in book["clues"]:
            # Labelled with the building it clears; where it was heard comes after, dim.
            text.append(f"Code {clue['code']} ", "bold cyan")
            text.append(f"rules out {building(clue['clears'])}: ", "bold")
            text.append(f"{clue['statement']} ")
            text.append(f"(heard at {building(clue['building'])})\n", "dim")
        if not book["clues"]:
            text.append("No codes yet: take informers to get them.\n", "dim")
        if "contacts" in view:
            cards = ", ".join(
                "any" if c == "any" else self.board.buildings[c].name for c in view["contacts"]
            )
            text.append(f"Contact Cards: {cards or 'none'}\n", "bold")
        solution = view.get("solution")
        if solution:
            text.append(
                f"The Solution Book: {solution['criminal']} hides in "
                f"{building(solution['hideout'])} (keep it secret)\n",
                "bold red",
            )
        for note in reversed(self.notes[-3:]):  # newest first: the panel may cut its foot
            text.append(f"» {note}\n", "italic")
        text.rstrip()
        panel.update(text)


def clue_sheet(view: Mapping[str, Any]) -> Text:
    """The public clue sheet: the statements by code, each with the building it clears."""
    case = view["case"]
    text = Text()
    text.append(f"{case['title']}: find {case['criminal']}\n", "bold")
    games = ", ".join(str(g) for g in case["games"])
    text.append(f"Game {case['game']}: the sheet for games {games}", "dim")
    text.append(f", informer set {case['informer_set']}\n\n", "dim")
    for s in case["statements"]:
        text.append(f"{s['code']}  ", "bold cyan")
        text.append(f"{s['text']} ")
        text.append(f"(circle {building(s['clears'])})\n", "dim")
    row = " · ".join(building(b).removeprefix("the ") for b in case.get("row", BUILDINGS))
    text.append(f"\nAt the foot of the sheet: {row}\n", "dim")
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
    KojakApp(players, bots, seed, bot_level, bot_delay, options).run()


__all__ = [
    "Command",
    "CommandError",
    "KojakApp",
    "clue_sheet",
    "legal_summary",
    "move_targets",
    "parse_command",
    "render_board",
    "run",
]
