"""Columbo in the terminal: detectives at one keyboard (hot-seat) against bots, with Textual.

The table itself (hot seat, bots, the log, the command line) is `sleuth.tui.shell`;
this module is Columbo's part: the house as coloured text (`render_board`, pure:
the six numbered rooms with their pile sizes, the Living Room, the hallways, the
DOOR TO spaces and the pieces), the dice, the lawn as a field of numbered card
backs, the detectives with the sets they laid down, the seat's own hand (only
behind that seat's cover), and its commands (`GRAMMAR`: words and readers, pure).

Everything on screen comes from `state.view(seat)` for the seat at the keyboard
and the events that seat may see. A face-down lawn card is never named on screen:
the view holds only its place; a discard shown to all (and a naming said aloud) is
named once, under the lawn, until the next thing happens; the log keeps only what
may be remembered in writing (the event told later, `Event.later`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from sleuth.core import Action
from sleuth.core.prompt import count
from sleuth.games.columbo.board import LIVING_ROOM, Board, load_board
from sleuth.games.columbo.cards import NAMED_WITHOUT_SHOWING, load_pack
from sleuth.games.columbo.state import Columbo
from sleuth.games.columbo.words import Narrator, lawn_number, money, place_words
from sleuth.tui.grammar import Command, CommandError, Grammar, Handler, Said, View
from sleuth.tui.shell import GameShell, InfoScreen, task

GAME = "columbo"
CELL = 3  # characters per board square
LETTERS = "abcdefghijkmnopqrstuvwxyz"  # no "l": it reads like the Living Room's "lr"

SEAT_COLOURS = ("#d32f2f", "#1976d2", "#388e3c", "#f9a825")
SEAT_STYLES = tuple(
    Style(bold=True, color="black" if k == 3 else "white", bgcolor=c)
    for k, c in enumerate(SEAT_COLOURS)
)
HALL_STYLE = Style(color="grey62", bgcolor="grey23")
DOOR_STYLE = Style(bold=True, color="#f2c12e", bgcolor="grey23")
ROOM_STYLE = Style(color="white", bgcolor="#3b2a1a")
CLOSED_STYLE = Style(color="grey42", bgcolor="grey15")
LIVING_STYLE = Style(color="white", bgcolor="#1b3a2a")
MARK_STYLE = Style(bold=True, color="black", bgcolor="bright_green")
BACK_STYLE = Style(bold=True, color="#f2c12e", bgcolor="#1b2a4a")
GROUP_STYLES = {
    "figure": "bold #e57373",
    "weapon": "bold #64b5f6",
    "motive": "bold #ffb74d",
    "columbo": "bold #aed581",
    "mystery": "bold magenta",
    "no-clue": "dim",
}


def seat_label(seat: int) -> str:
    return f"Detective {seat + 1}"


def target_label(k: int) -> str:
    """The label of the k-th hallway square a move may end on (a, b, ..., then aa, ab...)."""
    if k < len(LETTERS):
        return LETTERS[k]
    return LETTERS[k // len(LETTERS) - 1] + LETTERS[k % len(LETTERS)]


# --- the board as text --------------------------------------------------------------------------


def _room_box(board: Board, room: int) -> tuple[int, int, int, int]:
    """(top row, left column, bottom row, right column) of a room, in characters."""
    cells = board.nodes[board.room_node[room]].cells
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    return min(ys), min(xs) * CELL, max(ys), (max(xs) + 1) * CELL - 1


def render_board(
    board: Board,
    view: Mapping[str, Any],
    marks: Mapping[str, str] | None = None,
) -> Text:
    """The house: rooms with their piles, the Living Room, the hallways, DOOR TO spaces, pieces.

    marks: node id -> a short label drawn on it (where the seat to move may go).
    """
    marks = marks or {}
    width, height = board.width * CELL, board.height
    grid: list[list[tuple[str, Style | None]]] = [[(" ", None)] * width for _ in range(height)]

    def put(row: int, col: int, text: str, style: Style | None) -> None:
        for k, ch in enumerate(text):
            if 0 <= row < height and 0 <= col + k < width:
                grid[row][col + k] = (ch, style)

    pieces: dict[str, list[int]] = {}
    for det in view["detectives"]:
        pieces.setdefault(str(det["at"]), []).append(int(det["seat"]))
    piles = {int(r["room"]): r for r in view["rooms"]}
    lawn = sum(1 for place in view["lawn"] if place is not None)

    for room in (LIVING_ROOM, 1, 2, 3, 4, 5, 6):
        top, left, bottom, right = _room_box(board, room)
        node_id = board.nodes[board.room_node[room]].id
        span = right - left + 1
        if room == LIVING_ROOM:
            style = LIVING_STYLE
            lines = ["LIVING ROOM", f"lawn: {lawn} face down"]
        elif piles[room]["in_play"]:
            style = ROOM_STYLE
            cards = int(piles[room]["cards"])
            lines = [f"ROOM {room}", f"{cards} card{'s' if cards != 1 else ''}"]
        else:
            style = CLOSED_STYLE
            lines = [f"ROOM {room}", "closed"]
        for row in range(top, bottom + 1):
            put(row, left, " " * span, style)
        rows = list(range(top, bottom + 1))
        start = rows[0] + (1 if len(rows) > 4 else 0)
        for k, line in enumerate(lines):
            put(
                start + k,
                left + (span - len(line)) // 2,
                line,
                Style.chain(style, Style(bold=k == 0)),
            )
        seats = pieces.get(node_id, [])
        if seats:
            row = start + len(lines)
            labels = [f" {s + 1} " for s in seats]
            col = left + (span - sum(len(x) for x in labels) - len(labels) + 1) // 2
            for seat, label in zip(seats, labels, strict=True):
                put(row, col, label, SEAT_STYLES[seat % len(SEAT_STYLES)])
                col += len(label) + 1
        if node_id in marks:
            label = f" m {marks[node_id]} "
            if room == LIVING_ROOM:  # over the lawn count (the lawn has its own panel)
                label = f"{label:^{span - 2}}"
            row = bottom if room != LIVING_ROOM else top + 1
            put(row, left + (span - len(label)) // 2, label, MARK_STYLE)

    for node in board.nodes:
        if node.kind == "room":
            continue
        x, y = node.cells[0]
        col = x * CELL
        if node.id in marks:
            put(y, col, f"{marks[node.id]:^3}"[:3], MARK_STYLE)
            continue
        seats = pieces.get(node.id, [])
        if seats:
            digits = "".join(str(s + 1) for s in seats)[:3]
            put(y, col, f"{digits:^3}", SEAT_STYLES[seats[0] % len(SEAT_STYLES)])
            continue
        if node.kind == "door":
            assert node.room is not None
            put(y, col, "DL " if node.room == LIVING_ROOM else f"D{node.room} ", DOOR_STYLE)
        else:
            put(y, col, " · ", HALL_STYLE)

    text = Text(no_wrap=True)
    for r, cells in enumerate(grid):
        run, look = "", cells[0][1]
        for ch, seen in cells:
            if seen is not look:
                text.append(run, look or "")
                run, look = "", seen
            run += ch
        text.append(run, look or "")
        if r < height - 1:
            text.append("\n")
    return text


def legend() -> Text:
    text = Text(no_wrap=True)
    text.append(" · ", HALL_STYLE)
    text.append(" hallway ")
    text.append("D3 ", DOOR_STYLE)
    text.append(" DOOR TO room 3 ")
    text.append(" 1 ", SEAT_STYLES[0])
    text.append(" detective ")
    text.append(" a ", MARK_STYLE)
    text.append(" you may go")
    return text


def render_lawn(view: Mapping[str, Any], per_row: int = 8) -> Text:
    """The lawn: a numbered card back for every face-down card, a dot for an empty place."""
    text = Text(no_wrap=True)
    places = list(view["lawn"])
    if not places:
        text.append("Nothing on the lawn yet.", "dim")
        return text
    for place, card in enumerate(places):
        if card is None:
            text.append(f" {lawn_number(place):>2}· ", "dim")
        else:
            text.append(f"▒{lawn_number(place):>2}▒", BACK_STYLE)
            text.append(" ")
        if place % per_row == per_row - 1 and place < len(places) - 1:
            text.append("\n")
    return text


# --- commands -----------------------------------------------------------------------------------

HELP = """\
Commands (one per line, then Enter). Detectives are numbered 1-4, your cards as listed
under "Your cards", lawn places as numbered on the lawn.
  r               roll the dice
  m b             move to the hallway square lit with the letter b
  m 3 / m lr      go into Room 3 / the Living Room (by count, or straight there
                  on 7, 11 or doubles)
  t               take the top card of the room you are in (also: take, draw)
  x 4             discard your card 4 onto the lawn (also: discard 4)
  demand 2 rope   challenge Detective 2: show your Rope card and demand another
                  (also: challenge; 'demand 2 5' shows your card 5;
                  'demand 2 motive' or 'demand 2 mystery' shows nothing)
  give 3          give the card asked for (your card 3), or a No Clue card
  pass            ask for nothing in return
  exchange 6      give a card back after receiving one at seven
  name 4 rope     point at lawn place 4: "This is a part of the Rope." (shows your
                  Rope card; also: search; 'name 4 motive', 'name 4 mystery')
  lay 2           lay your card 2 in the place you named wrongly
  e               end your turn (also: end, stop)
  legal           what you may do now, in commands       help   this text
  undo            take back your move or jump, while your turn goes on
  quit            leave, after asking (also Ctrl+Q); the game is saved
Win: a complete figure + a complete weapon + a Motive card, or Columbo's six
parts + "It's A Mystery To Me". Complete figures and weapons go down face up."""


WORDS: dict[str, str] = {
    "r": "roll", "roll": "roll", "throw": "roll",
    "m": "move", "move": "move", "go": "move", "j": "move", "jump": "move",
    "t": "draw", "take": "draw", "draw": "draw",
    "x": "discard", "discard": "discard", "d": "discard",
    "demand": "demand", "challenge": "demand", "ch": "demand", "accuse": "demand",
    "give": "give", "g": "give", "answer": "give",
    "pass": "pass", "p": "pass",
    "exchange": "exchange", "return": "exchange", "ex": "exchange",
    "name": "name", "search": "name", "n": "name",
    "lay": "lay",
    "e": "end_turn", "end": "end_turn", "stop": "end_turn", "done": "end_turn",
}  # fmt: skip
LIVING_WORDS = ("lr", "living", "living-room", "0", "l")


def move_targets(view: Mapping[str, Any]) -> dict[str, str]:
    """Label -> node id of every hallway square the legal moves may end on (a, b, c, ...)."""
    board = load_board()
    squares: list[str] = []
    for action in view.get("legal", []):
        if action["kind"] in ("move", "jump"):
            node = board.nodes[board.node_by_id[str(action["to"])]]
            if node.kind != "room" and node.id not in squares:
                squares.append(node.id)
    return {target_label(k): node for k, node in enumerate(squares)}


def room_targets(view: Mapping[str, Any]) -> dict[str, str]:
    """Room node id -> "3" or "lr" for every room a legal move or jump reaches."""
    board = load_board()
    rooms: dict[str, str] = {}
    for action in view.get("legal", []):
        if action["kind"] in ("move", "jump"):
            node = board.nodes[board.node_by_id[str(action["to"])]]
            if node.kind == "room":
                rooms[node.id] = "lr" if node.room == LIVING_ROOM else str(node.room)
    return rooms


def _go(said: Said, view: View) -> Action:
    if len(said.args) == 2 and said.args[0].lower() in ("room", "living"):
        return _move(said.rest, view)  # "m room 3", "m living room"
    return _move(said.one(), view)


def _with_card(kind: str) -> Handler:
    """How discard, give, exchange and lay read which card of the hand."""

    def read(said: Said, view: View) -> Action:
        return Action.of(kind, card=_hand_card(said.one("one card number"), view))

    return read


def _demand(said: Said, view: View) -> Action:
    if len(said.args) < 2:
        raise CommandError(said.needs)
    target = _seat(said.args[0], view)
    return Action.of("demand", target=target, **_evidence(said.args[1:], view))


def _name(said: Said, view: View) -> Action:
    if len(said.args) < 2:
        raise CommandError(said.needs)
    place = _place(said.args[0], view)
    return Action.of("name", place=place, **_evidence(said.args[1:], view))


def typed_for(action: Action, view: Mapping[str, Any]) -> str | None:
    """The command line `GRAMMAR` reads as `action` when its verb takes words after it
    (`Grammar.typed_for` types the rest)."""
    hand = [int(c["id"]) for c in view.get("hand") or []]
    if action.kind in ("discard", "give", "exchange", "lay"):
        card = action.get("card")
        return (
            f"{'x' if action.kind == 'discard' else action.kind} {hand.index(card) + 1}"
            if card in hand
            else None
        )
    if action.kind in ("move", "jump"):
        to = str(action.get("to"))
        room = room_targets(view).get(to)
        if room is not None:
            return f"m {room}"
        mark = next((k for k, node in move_targets(view).items() if node == to), None)
        return None if mark is None else f"m {mark}"
    if action.kind in ("name", "demand"):
        what = action.get("evidence")
        shown = action.get("show")
        if what is None:
            if shown not in hand:
                return None
            what = str(hand.index(shown) + 1)
        where = (
            f"{int(action.get('place')) + 1}"
            if action.kind == "name"
            else f"{int(action.get('target')) + 1}"
        )
        return f"{action.kind} {where} {what}"
    return None


NEEDS = {
    "move": "say where: 'm b' (a letter lit on the board), 'm 3' (a room) or 'm lr'",
    "discard": "say which of your cards: 'x 4'",
    "give": "say which of your cards: 'give 3'",
    "exchange": "say which of your cards: 'exchange 6'",
    "lay": "say which of your cards: 'lay 2'",
    "demand": "say whom and what: 'demand 2 rope', 'demand 2 5' or 'demand 2 motive'",
    "name": "say where and what: 'name 4 rope', 'name 4 5' or 'name 4 motive'",
}


def _move(arg: str, view: Mapping[str, Any]) -> Action:
    board = load_board()
    word = arg.strip().lower()
    node_id: str | None = None
    targets = move_targets(view)
    if word in targets:
        node_id = targets[word]
    elif word in LIVING_WORDS or word == "living room":
        node_id = "living-room"
    elif word.removeprefix("room").strip().removeprefix("-").isdecimal():
        number = int(word.removeprefix("room").strip().removeprefix("-"))
        if not 1 <= number <= 6:
            raise CommandError(f"the rooms are numbered 1 to 6, not {number}")
        node_id = f"room-{number}"
    elif word in board.node_by_id:
        node_id = word
    if node_id is None:
        lit = f" (lit now: {', '.join(targets)})" if targets else ""
        raise CommandError(
            f"there is no square {arg!r}: name a letter lit on the board{lit}, a room or 'lr'"
        )
    for action in view.get("legal", []):
        if action["kind"] in ("move", "jump") and action["to"] == node_id:
            return Action.of(str(action["kind"]), to=node_id)
    return Action.of("move", to=node_id)  # not legal now: the game says why


def _hand(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    hand: list[Mapping[str, Any]] | None = view.get("hand")
    if hand is None:
        raise CommandError("your cards are hidden: it is not your turn at the keyboard")
    return hand


def _hand_card(arg: str, view: Mapping[str, Any]) -> int:
    hand = _hand(view)
    if not arg.isdecimal() or not 1 <= int(arg) <= len(hand):
        raise CommandError(f"name one of your cards by its number, 1 to {len(hand)}, not {arg!r}")
    return int(hand[int(arg) - 1]["id"])


def _seat(arg: str, view: Mapping[str, Any]) -> int:
    players = int(view["players"])
    word = arg.lower().removeprefix("d").removeprefix("etective")
    if word.isdecimal() and 1 <= int(word) <= players:
        return int(word) - 1
    raise CommandError(f"there is no detective {arg!r}: they are numbered 1 to {players}")


def _place(arg: str, view: Mapping[str, Any]) -> int:
    lawn = list(view["lawn"])
    place = int(arg) - 1 if arg.isdecimal() else -1  # people count the places from 1
    if not 0 <= place < len(lawn) or lawn[place] is None:
        down = [str(lawn_number(p)) for p, card in enumerate(lawn) if card is not None]
        where = f" (cards lie at {', '.join(down)})" if down else " (the lawn is empty)"
        raise CommandError(f"there is no card at lawn place {arg!r}{where}")
    return place


def _simple(words: str) -> str:
    return re.sub(r"[^a-z]", "", words.lower())


def _evidence(args: Sequence[str], view: Mapping[str, Any]) -> dict[str, Any]:
    """What a demand or a naming is about: a card of the hand to show, or motive / mystery."""
    pack = load_pack()
    arg = " ".join(args)
    word = _simple(arg)
    hand = _hand(view)
    if arg.isdecimal():
        if not 1 <= int(arg) <= len(hand):
            raise CommandError(f"you have cards 1 to {len(hand)}, not {arg}")
        card = hand[int(arg) - 1]
        if card["kind"] in NAMED_WITHOUT_SHOWING:
            return {"evidence": card["kind"]}
        if card["kind"] == "no-clue":
            raise CommandError('a "No Clue" card cannot be asked for or named')
        return {"show": int(card["id"])}
    for kind in NAMED_WITHOUT_SHOWING:
        if word and (word in _simple(kind) or word in _simple(pack.titles[kind])):
            return {"evidence": kind}
    kinds = [
        k
        for k, title in pack.titles.items()
        if word and (word == _simple(k) or _simple(title).startswith(word) or word in _simple(k))
    ]
    kinds = [k for k in kinds if k not in NAMED_WITHOUT_SHOWING]
    if not kinds or kinds == ["no-clue"]:
        raise CommandError(
            f"{arg!r} is not a kind you can name: a figure, a weapon, columbo, motive or mystery"
        )
    for card in hand:
        if card["kind"] in kinds:
            return {"show": int(card["id"])}
    title = pack.titles[kinds[0]]
    raise CommandError(f"you hold no {title} card to show: you must show one to ask for its kind")


GRAMMAR = Grammar(
    words=WORDS,
    simple={verb: Action.of(verb) for verb in ("roll", "draw", "pass", "end_turn")},
    verbs={"move": _go, "demand": _demand, "name": _name,
           **{kind: _with_card(kind) for kind in ("discard", "give", "exchange", "lay")}},
    needs=NEEDS,
    typed=typed_for,
)  # fmt: skip
parse_command = GRAMMAR.parse


def legal_summary(view: Mapping[str, Any]) -> str:
    """What the seat to move may do, in the words the commands use, one thing a line."""
    legal: list[Mapping[str, Any]] = view.get("legal", [])
    hand = view.get("hand") or []
    number = {int(c["id"]): k + 1 for k, c in enumerate(hand)}
    names = {int(c["id"]): str(c["name"]) for c in hand}
    lines: list[str] = []
    moves = move_targets(view)
    if moves:
        lines.append(
            "m <letter>: "
            + ", ".join(f"{label} ({place_words(node)})" for label, node in moves.items())
        )
    rooms = room_targets(view)
    if rooms:
        lines.append("m " + " / m ".join(rooms.values()) + ": into that room")
    kinds = {str(a["kind"]) for a in legal}
    if "roll" in kinds:
        lines.append("r: roll the dice")
    if "draw" in kinds:
        lines.append("t: take the top card of this room")
    for verb, words in (
        ("discard", "x"),
        ("give", "give"),
        ("exchange", "exchange"),
        ("lay", "lay"),
    ):
        cards = [int(a["card"]) for a in legal if a["kind"] == verb]
        if cards:
            lines.append(f"{words} <card>: " + ", ".join(f"{number[c]} {names[c]}" for c in cards))
    for verb, key, what in (("demand", "target", "detective"), ("name", "place", "lawn place")):
        acts = [a for a in legal if a["kind"] == verb]
        if not acts:
            continue
        who = sorted({int(a[key]) for a in acts})
        shown = sorted({number[int(a["show"])] for a in acts if "show" in a})
        evidence = sorted({str(a["evidence"]) for a in acts if "evidence" in a})
        labels = [str(w + 1) for w in who]  # detectives and lawn places both count from 1
        line = f"{verb} <{what}> <card or kind>: {what}s {', '.join(labels)}; "
        line += ", ".join([*(f"{n} {names[hand[n - 1]['id']]}" for n in shown), *evidence])
        lines.append(line)
    if "pass" in kinds:
        lines.append("pass: ask for nothing in return")
    if "end_turn" in kinds:
        lines.append("e: end your turn")
    return "\n".join(lines) if lines else "nothing: it is not your turn"


# --- the app ------------------------------------------------------------------------------------

DIE_FACES = "⚀⚁⚂⚃⚄⚅"


class ColumboApp(GameShell):
    """A whole game of Columbo: `players` seats, the last `bots` of them played by bots."""

    TITLE = "Columbo"
    GAME = GAME
    COVER_TITLE = "COLUMBO"
    COVER_SECRET = "your Evidence Cards"
    PLACEHOLDER = "command (help, legal, r, m b, m 3, t, x 4, demand 2 rope, name 4 motive)"
    HELP = HELP
    GRAMMAR = GRAMMAR
    COMPACT_WIDTH = 107  # the board pane beside panels of 42 columns or more
    PANELS_TAB = "Dice & cards"
    RING: ClassVar[frozenset[str]] = frozenset({"game_over"})
    TYPED: ClassVar[Mapping[str, str]] = {
        "roll": "r",
        "move": "m <letter lit on the board>, m <room> or m lr",
        "jump": "m <room> or m lr",
        "draw": "t",
        "demand": "demand <detective> <card>",
        "name": "name <place> <card>",
        "discard": "x <card number>",
        "lay": "lay <card number>",
        "give": "give <card number>",
        "pass": "pass",
        "exchange": "exchange <card number>",
        "end_turn": "e",
    }
    CSS = (
        GameShell.CSS
        + """
    #board-pane { width: 65; }
    #legend { width: auto; height: 1; }
    #dice { height: auto; border: round $warning; padding: 0 1; }
    #status { height: auto; border: round $accent; padding: 0 1; }
    #lawn { height: auto; border: round $success; padding: 0 1; }
    #hand { height: auto; border: round $error; padding: 0 1; }
    """
    )
    state: Columbo

    def __init__(
        self,
        players: int = 3,
        bots: int = 2,
        seed: int = 0,
        bot_level: str | None = None,
        bot_delay: float = 0.6,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(players, bots, seed, bot_level, bot_delay, options)
        assert isinstance(self.state, Columbo)
        self.board: Board = self.state.board

    # --- layout -----------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        yield Static(id="board")
        yield Static(legend(), id="legend")
        yield Static(id="lawn")

    def compose_panels(self) -> ComposeResult:
        # The hand before the detectives: when the panels outgrow their share of the screen
        # the last one is cut, and a player must always see his own cards (seen at 120x40).
        yield Static(id="dice")
        yield Static(id="hand")
        yield Static(id="status")

    def mounted(self) -> None:
        self.query_one("#dice", Static).border_title = "The dice"
        self.query_one("#status", Static).border_title = "The detectives"
        self.query_one("#lawn", Static).border_title = "The lawn"

    # --- words ------------------------------------------------------------------------------
    def make_narrator(self) -> Narrator:
        return Narrator()

    def who(self, seat: int | None) -> str:
        return "nobody" if seat is None else seat_label(seat)

    def seat_style(self, seat: int) -> str:
        return str(SEAT_STYLES[seat % len(SEAT_STYLES)])

    def legal_text(self, view: Mapping[str, Any]) -> str:
        return legal_summary(view)

    def game_over_text(self) -> Text:
        view = self.state.view(None)
        text = Text()
        winners = view["winners"]
        if winners:
            names = " and ".join(self.who(s) for s in winners)
            text.append(f"{names} {'win' if len(winners) > 1 else 'wins'}!\n\n", "bold green")
        else:
            text.append("Nobody wins: the case went cold.\n\n", "bold red")
        if self.log_lines:
            text.append(self.log_lines[-1] + "\n\n")
        rewards = view.get("rewards")
        if rewards:
            text.append("Rewards\n", "bold")
            for seat, items in enumerate(rewards):
                parts = ", ".join(f"{k} {money(v)}" for k, v in items.items() if k != "total" and v)
                text.append(f"  {self.who(seat)}: {money(items['total'])}  ({parts or '—'})\n")
        for det in view["detectives"]:
            sets = ", ".join(self._set_name(s) for s in det["table"]) or "nothing laid down"
            text.append(f"  {self.who(int(det['seat']))}: {sets}\n")
        return text

    @staticmethod
    def _set_name(cards: Sequence[Mapping[str, Any]]) -> str:
        return load_pack().titles.get(str(cards[0]["kind"]), str(cards[0]["kind"]))

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, view: Mapping[str, Any]) -> None:
        marks: dict[str, str] = {}
        if self.my_turn(view):
            marks = {node: label for label, node in move_targets(view).items()}
            marks.update(room_targets(view))
        self.query_one("#board", Static).update(render_board(self.board, view, marks))
        self.draw_lawn(view)
        self.follow(view)
        self.draw_dice(view)
        self.draw_status(view)
        self.draw_hand(view)

    def follow(self, view: Mapping[str, Any]) -> None:
        """On a compact screen the lawn lies below the board: bring it into sight while a card
        is shown there for the moment (a discard shown to all, then face down), else the
        board while it is the viewer's turn; only when the game moved, so PageUp/PageDown
        are not fought."""
        if not self.compact or not self.new_position():
            return
        pane = self.query_one("#board-pane")
        if self.moment_lines():
            self.call_after_refresh(pane.scroll_end, animate=False)
        elif self.my_turn(view):
            pane.scroll_home(animate=False)

    def draw_lawn(self, view: Mapping[str, Any]) -> None:
        text = render_lawn(view)
        aside = len(view["aside"])
        if aside:
            plural = "s" if aside != 1 else ""
            text.append(f'\n{aside} "No Clue" card{plural} out of the game', "dim")
        for line in self.moment_lines():  # a discard shown to all: here once, then gone
            text.append(f"\nShown now: {line}", "bold yellow")
        search = view.get("search")
        if search:
            text.append(f"\nSearching: {search['found']} found this turn", "bold")
            if search.get("turned") is not None:
                place = lawn_number(search["place"])
                text.append(f"; turned over at place {place}: {search['turned']['name']}")
        self.query_one("#lawn", Static).update(text)

    def draw_dice(self, view: Mapping[str, Any]) -> None:
        text = Text(no_wrap=True)
        turn = int(view["turn"])
        text.append(f"Turn {view['number']}: ")
        text.append(f" {self.who(turn)} ", SEAT_STYLES[turn % len(SEAT_STYLES)])
        if turn in self.bots:
            text.append(" (bot)", "dim")
        text.append("\n")
        dice = view.get("dice")
        if dice:
            a, b = dice
            text.append(
                f"{DIE_FACES[a - 1]} {a} + {DIE_FACES[b - 1]} {b} = {view['total']}", "bold"
            )
            if view.get("special"):
                text.append("  7, 11 or doubles!", "bold yellow")
        else:
            text.append("not rolled yet", "dim")
        words = task(view)
        if view["to_move"] is not None and view["to_move"] != turn:
            words = f"{self.who(view['to_move'])} to {words}"
        text.append(f"\nNow: {words}")
        if view.get("endgame"):
            text.append("\nEnd phase: the rooms are empty; all in the Living Room", "yellow")
        ch = view.get("challenge")
        if ch:
            shown = f", showing {ch['shown']['name']}" if ch.get("shown") else ""
            lead = "counter-demand" if ch["counter"] else "demand"
            title = load_pack().titles.get(str(ch["kind"]), str(ch["kind"]))
            text.append(
                f"\n{lead.title()}: {self.who(ch['by'])} asks {self.who(ch['target'])}"
                f" for {title}{shown}",
                "bold",
            )
        self.query_one("#dice", Static).update(text)

    def draw_status(self, view: Mapping[str, Any]) -> None:
        text = Text()
        turn = int(view["turn"])
        for det in view["detectives"]:
            seat = int(det["seat"])
            text.append("▶" if seat == turn and not view["over"] else " ")
            text.append(f" {seat + 1} ", SEAT_STYLES[seat % len(SEAT_STYLES)])
            kind = " bot" if seat in self.bots else " you" if seat == self.viewer else ""
            text.append(f" {self.who(seat)}{kind}: {count(det['cards'], 'card')}")
            text.append(f" @ {place_words(str(det['at']))}\n", "dim")
            for cards in det["table"]:
                text.append(f"     laid down: {self._set_name(cards)}\n", "bold green")
        removed = view.get("removed") or []
        if removed:
            sets = [c for c in removed if c["group"] in ("figure", "weapon")]
            titles = sorted({self._set_name([c]) for c in sets})
            if titles:
                text.append(f"Out of the pack: {', '.join(titles)}", "dim")
        text.rstrip()
        self.query_one("#status", Static).update(text)

    def draw_hand(self, view: Mapping[str, Any]) -> None:
        panel = self.query_one("#hand", Static)
        hand = view.get("hand")
        if self.viewer is None or hand is None:
            panel.border_title = "Cards in hand"
            if self.state.over:
                panel.update(Text("The game is over.", "dim"))
            elif not self.humans:
                panel.update(Text("Bots only: you are watching. Hands stay hidden.", "dim"))
            else:
                panel.update(Text("Hidden while the keyboard is not yours.", "dim"))
            return
        panel.border_title = f"Your cards — {self.who(self.viewer)}"
        text = Text()
        drawn = view.get("drawn")
        for k, card in enumerate(hand):
            text.append(f"{k + 1:>2} ", "bold")
            text.append(str(card["name"]), GROUP_STYLES.get(str(card["group"]), ""))
            if drawn is not None and card["id"] == drawn["id"]:
                text.append("  ← just drawn", "italic")
            text.append("\n")
        for note in reversed(self.notes[-3:]):  # newest first: the panel may cut its foot
            text.append(f"» {note}\n", "italic")
        text.rstrip()
        panel.update(text)


def run(
    players: int = 3,
    bots: int = 2,
    seed: int = 0,
    bot_level: str | None = None,
    bot_delay: float = 0.6,
    options: Mapping[str, Any] | None = None,
) -> None:
    """Play a game in this terminal until it ends or the players quit."""
    ColumboApp(players, bots, seed, bot_level, bot_delay, options).run()


__all__ = [
    "ColumboApp",
    "Command",
    "CommandError",
    "InfoScreen",
    "legal_summary",
    "move_targets",
    "parse_command",
    "render_board",
    "render_lawn",
    "room_targets",
    "run",
]
