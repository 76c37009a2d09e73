"""Stop Thief in the terminal: humans at one keyboard (hot-seat) against bots, with Textual.

What a human sees is built only from `state.view(seat)` for the seat at the
keyboard and the events that seat may see: the public log for everyone,
private events (a drawn card, a tip) only behind that seat's cover screen.
The table itself (hot seat, bots, log, command line) is `sleuth.tui.shell`;
this module is Stop Thief's panels and commands.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.message import Message
from textual.widgets import Static

from sleuth.core import Event
from sleuth.core.prompt import count
from sleuth.games.stop_thief.board import Board
from sleuth.games.stop_thief.board_text import (
    SEAT_STYLES,
    layout,
    legend,
    node_at,
    render_board,
)
from sleuth.games.stop_thief.command_line import GRAMMAR, HELP, describe_node, legal_summary
from sleuth.games.stop_thief.companion.led import led
from sleuth.games.stop_thief.state import StopThief
from sleuth.games.stop_thief.words import (
    Narrator,
    display_text,
    money,
    node_label,
    sound_words,
    space_label,
)
from sleuth.tui.grammar import Command
from sleuth.tui.shell import CoverScreen, GameShell, InfoScreen

GAME = "stop-thief"
WIDE_NEEDS = 120  # terminal columns for the wide board (78) beside the panels (42)
WIDE_BOARD = 78  # columns the wide board takes, alone on a compact screen
BIG_SCANNER = 45  # rows from which the scanner's display is drawn in five-row digits
LED_LINE = "bold red1 on grey7"
PANEL_TEXT = 38  # columns of text in a panel beside the wide board at 120 columns
MEMORY_SHOWN = 10  # the latest clues the scanner's memory line shows: two lines at most


class BoardView(Static):
    """The board. Clicking a square puts it on the command line."""

    class Picked(Message):
        def __init__(self, node: int) -> None:
            super().__init__()
            self.node = node

    def __init__(self, board: Board, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.board = board
        self.wide = True

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        node = node_at(self.board, offset.x, offset.y, self.wide)
        if node is not None:
            self.post_message(self.Picked(node))


class StopThiefApp(GameShell):
    """A whole game of Stop Thief: `players` seats, the last `bots` of them played by bots."""

    TITLE = "Stop Thief"
    GAME = GAME
    COVER_TITLE = "STOP THIEF"
    COVER_SECRET = "your hand and tips"
    PLACEHOLDER = "command (help, legal, c, r, m 1-48, a 1-48, e)"
    HELP = HELP
    GRAMMAR = GRAMMAR
    COMPACT_WIDTH = WIDE_NEEDS
    PANELS_TAB = "Case & hand"
    RING = frozenset({"clue", "new_thief"})
    TYPED = {
        "pay_fine": "pay",
        "clue": "c",
        "roll": "r",
        "move": "m <space> or click a green square",
        "ride": "ride <station>",
        "arrest": "a <space>",
        "end_turn": "e",
        "play_card": "card <1-3>",
    }
    CSS = (
        GameShell.CSS
        + """
    #board-pane { width: 78; }
    #board-pane.narrow { width: 40; }
    #legend { dock: bottom; width: 76; height: auto; background: $background; }
    #board-pane.narrow #legend { width: 38; }
    #scanner { height: auto; border: round $error; padding: 0 1; }
    #status { height: auto; border: round $accent; padding: 0 1; }
    #hand { height: auto; border: round $success; padding: 0 1; }
    """
    )
    state: StopThief
    narrator: Narrator

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
        assert isinstance(self.state, StopThief)
        self.board: Board = self.state.board  # public and fixed: never the thief or the scanner
        self.tips: dict[int, list[tuple[int, int]]] = {seat: [] for seat in self.humans}
        self.drawn: dict[int, int] = {}  # the card each human drew in his turn going on
        self.wide = True
        self.chose_zoom = False  # the player's `zoom` overrides the automatic choice
        self.routes: list[list[int]] = []
        self.final_words: list[str] = []

    # --- layout -----------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        yield BoardView(self.board, id="board")
        yield Static(legend(), id="legend")

    def compose_panels(self) -> ComposeResult:
        # the hand before the case: it is what a turn is played with, and the case's money and
        # places (also on the board) are what gives way when the panels must scroll
        yield Static(id="scanner")
        yield Static(id="hand")
        yield Static(id="status")

    def mounted(self) -> None:
        self.query_one("#scanner", Static).border_title = "Crime Scanner"
        self.query_one("#status", Static).border_title = "The case"
        self.query_one("#hand", Static).border_title = "Your hand"
        self.wide = self.size.width >= WIDE_NEEDS
        self.query_one("#board-pane").set_class(not self.wide, "narrow")
        self.query_one("#legend", Static).update(legend(self.wide))

    # --- the game's words -------------------------------------------------------------------
    def make_narrator(self) -> Narrator:
        return Narrator()

    def who(self, seat: int | None) -> str:
        return self.narrator.who(seat)

    def seat_style(self, seat: int) -> str:
        return SEAT_STYLES[seat % 4]

    def public_event(self, event: Event) -> None:
        if event.kind == "turn":  # a card drawn is new until its holder's next turn
            self.drawn.pop(int(event.data["seat"]), None)
        if event.kind == "game_over":
            self.routes = [list(r) for r in event.data.get("routes", [])]

    def private_event(self, event: Event) -> None:
        if event.kind == "tip" and event.to is not None:
            self.tips[event.to].append((len(self.narrator.posters), int(event.data["space"])))
        if event.kind == "card_drawn" and event.to is not None:
            self.drawn[event.to] = int(event.data["card"]["id"])

    def game_over_text(self) -> Text:
        state = self.state
        text = Text()
        winners = state.winners
        view = state.view(None)
        dets = view["detectives"]
        names = " and ".join(self.narrator.who(s) for s in winners) or "Nobody"
        text.append(f"{names} {'win' if len(winners) > 1 else 'wins'}!\n\n", "bold green")
        for det in sorted(dets, key=lambda d: -int(d["money"])):
            posters = ", ".join(det["posters"]) or "no posters"
            text.append(f"  {self.narrator.who(det['seat'])}: {money(det['money'])} ({posters})\n")
        text.append("\nThe thieves' true routes (gold on the board: the last thief's):\n", "bold")
        self.final_words = self.narrator.routes(self.routes)
        for line in self.final_words:
            text.append(f"\n{line}\n")
        return text

    # --- input ------------------------------------------------------------------------------
    def meta(self, command: Command) -> None:
        if command.meta == "zoom":
            self.chose_zoom = True
            self.set_wide(not self.wide)

    def legal_text(self, view: Mapping[str, Any]) -> str:
        return legal_summary(view.get("legal", []), view.get("hand", [])).replace(" | ", "\n")

    def on_board_view_picked(self, message: BoardView.Picked) -> None:
        place = describe_node(self.board, message.node)
        phase = self.state.view(None)["phase"]
        node = self.board.nodes[message.node]
        if phase == "after" and node.code is not None:
            verb = "a"
        elif node.kind == "station" and phase != "move":
            verb = "ride"
        else:
            verb = "m"
        where = node_label(node.id)
        self.offer(f"{verb} {place}", where[0].upper() + where[1:])

    # --- drawing ----------------------------------------------------------------------------
    def laid_out(self) -> None:
        """The wide board beside the panels, or alone on a compact screen when it fits; the
        narrow one otherwise."""
        if not self.chose_zoom:
            width = self.size.width
            self.set_wide(width >= WIDE_NEEDS or (self.compact and width >= WIDE_BOARD))
        self.redraw()  # the scanner's display is drawn by the screen's height

    def set_wide(self, wide: bool) -> None:
        if wide == self.wide:
            return
        self.wide = wide
        self.query_one("#board-pane").set_class(not wide, "narrow")
        self.query_one("#legend", Static).update(legend(wide))
        self.followed = None
        self.redraw()

    def draw(self, view: Mapping[str, Any]) -> None:
        self.draw_board(view)
        self.draw_scanner(view)
        self.draw_status(view)
        self.draw_hand(view)

    def draw_board(self, view: Mapping[str, Any]) -> None:
        pieces: dict[str, list[int]] = {}
        for det in view["detectives"]:
            pieces.setdefault(str(det["node"]), []).append(int(det["seat"]))
        marks: list[str] = []
        if self.my_turn(view):
            for action in view.get("legal", []):
                if action["kind"] in ("move", "ride"):
                    marks.append(str(action["to"]))
                elif action["kind"] == "arrest":
                    marks.append(str(action["space"]))
        tips: list[int] = []
        if self.viewer is not None and self.viewer in self.tips:
            current = len(self.narrator.posters)
            tips = [space for number, space in self.tips[self.viewer] if number == current]
        route = self.routes[-1] if self.routes else []
        board = self.query_one("#board", BoardView)
        board.wide = self.wide
        board.update(render_board(self.board, pieces, marks, route, tips, wide=self.wide))
        self.follow_piece(view, marks)

    def follow_piece(self, view: Mapping[str, Any], marks: list[str]) -> None:
        """When the board is taller than its pane (a compact screen), scroll it so that the
        detective whose turn it is, and the squares he may reach, are in sight, as the
        browser's zoom does; only when the game moved, so the wheel is not fought."""
        if not self.new_position():
            return
        lay = layout(self.board)
        turn = int(view["turn"])
        here = next(str(d["node"]) for d in view["detectives"] if int(d["seat"]) == turn)
        rows = [lay.node_cells[self.board.node_by_id[node]][0][0]
                for node in [here, *marks] if node in self.board.node_by_id]  # fmt: skip
        pane = self.query_one("#board-pane")
        height = pane.scrollable_content_region.height
        if not rows or height <= 0:
            return
        top, bottom = min(rows), max(rows)
        mine = rows[0]
        if bottom - top >= height:  # not all in sight: the piece, and as much around it
            top = bottom = mine
        pane.scroll_to(y=max(0, (top + bottom) // 2 - height // 2), animate=False)

    def draw_scanner(self, view: Mapping[str, Any]) -> None:
        clues: list[Mapping[str, Any]] = view["clues"]
        last = clues[-1] if clues else None
        text = Text(no_wrap=False)
        display, dim = str(view["scanner"]["display"]), bool(last and last["bleep"])
        sound = "" if last is None else sound_words(str(last["sound"])).upper()
        if self.size.height >= BIG_SCANNER:
            text.append_text(led(display, dim=dim))
            text.append("\n")
            if last is not None:
                text.append(sound, "bold")
                text.append(f"  ({clue_source(last, len(clues))})\n", "dim")
        else:  # a short screen: the display and the sound in one line, so all below stays in sight
            text.append(f" {display[:3].rjust(3)} ", "dark_red on grey7" if dim else LED_LINE)
            if sound:
                text.append(f"  {sound}", "bold")
                who = clue_source(last) if last is not None else ""
                if len(text) + len(who) + 2 <= PANEL_TEXT:  # who set it off, where it fits
                    text.append(f"  {who}", "dim")
            else:
                text.append("  on the display", "dim")
            text.append("\n")
        # the latest clues: a thief heard 20 to 40 times filled four lines; the rest are logged
        text.append("Memory, latest first: ", "dim")
        for clue in reversed(clues[-MEMORY_SHOWN:]):
            token = "·" if clue["bleep"] else display_text(str(clue["display"]))
            text.append(token + " ", "dim" if clue["bleep"] else "bold red1")
        if len(clues) > MEMORY_SHOWN:
            text.append(f"+{len(clues) - MEMORY_SHOWN} earlier", "dim")
        self.query_one("#scanner", Static).update(text)

    def draw_status(self, view: Mapping[str, Any]) -> None:
        """The case in a line for the thief, one for the dice and one for each detective, every
        line within the 38 columns of the 120-column panel (a detective's row 37 at most), so
        that with four detectives the case, the scanner and the hand are all in sight at
        120x40 (issue 13). What the seat to move is asked to do is on the status line below."""
        thief = view["thief"]
        text = Text()
        text.append("WANTED ", "bold white on red3")
        text.append(f" {thief['poster']} {money(thief['reward'])}\n", "bold")
        text.append(f"Thief {thief['number']} of {thief['of']}")
        if view.get("dice"):
            a, b = view["dice"]
            text.append(f" · dice {a}+{b}={a + b}")
            if view.get("allowance") and view["allowance"] != a + b:
                text.append(f", up to {view['allowance']}")
        turn = int(view["turn"])
        for det in view["detectives"]:
            seat = int(det["seat"])
            text.append("\n▶" if seat == turn else "\n ")
            text.append(f" {seat + 1} ", SEAT_STYLES[seat % 4])
            # the first name (at most 9 letters) names him beside the seat's number and colour;
            # no card count: a hand always holds 3 (ST-CARDS-07)
            name = str(det["license"]).split()[0][:9]
            kind = "bot" if seat in self.bots else "you" if seat == self.viewer else ""
            text.append(f"{name:9} {kind:3} {money(int(det['money'])):>6} ")
            place = self.short_place(str(det["node"]))
            if det["posters"]:
                text.append(f"{place:9}")
                text.append(f" ★{len(det['posters'])}", "bold yellow")
            else:
                text.append(place)
            # the rare states get a line of their own rather than widening every row
            if not det["licensed"]:
                text.append("\n     NO LICENSE", "bold red")
            if det["turns_to_lose"]:
                text.append("\n     " if det["licensed"] else " · ")
                text.append("loses a turn", "yellow")
        self.query_one("#status", Static).update(text)

    def short_place(self, node_id: str) -> str:
        """A piece's square in at most 9 characters: '1-48', '4-68nw', 'ACME', 'subway NE',
        'subway CE' (the station's letters on the board, which `ride` takes)."""
        if node_id == "acme":
            return "ACME"
        index = self.board.node_by_id.get(node_id)
        if index is None:
            return node_id
        if self.board.nodes[index].kind == "station":
            return "subway " + node_id.removeprefix("subway-")[:2].upper()
        return describe_node(self.board, index)

    def draw_hand(self, view: Mapping[str, Any]) -> None:
        """Each card's name on a line (the slot to type before it), what it does under it. The
        private lines the seat was told are all here already (the cards dealt or drawn, a
        tip), so the hand shows no notes: a drawn card is marked new, a tip has its line."""
        panel = self.query_one("#hand", Static)
        if self.viewer is None:
            panel.border_title = "Hands"
            if not self.humans:
                panel.update(Text("Bots only: you are watching. Hands stay hidden.", "dim"))
            else:
                panel.update(Text("Hidden while the keyboard is not yours.", "dim"))
            return
        first = str(view["detectives"][self.viewer]["license"]).split()[0]  # as in the case
        panel.border_title = f"Your hand — {self.narrator.short(self.viewer)} ({first})"
        text = Text()
        drawn = self.drawn.get(self.viewer)
        for slot, card in enumerate(view.get("hand", []), start=1):
            text.append(f"{slot} ", "bold reverse")
            text.append(f" {card['name']}\n", "bold")
            if card["id"] == drawn:
                text.append("new: ", "bold green")
            text.append(f"{card['text']}\n", "dim")
        tips = [space for number, space in self.tips.get(self.viewer, [])
                if number == len(self.narrator.posters)]  # fmt: skip
        if tips:
            text.append("Tipster: thief seen at " + ", ".join(space_label(s) for s in tips) + "\n",
                        "bold orange_red1")  # fmt: skip
        aid = view.get("notebook")
        if aid:  # the notebook_aid option: what a perfect note-taker would deduce
            text.append_text(notebook_aid(aid["possible"]))
        text.rstrip()
        panel.update(text)


def clue_source(clue: Mapping[str, Any], number: int = 0) -> str:
    """Who set the latest clue off, and its place among this thief's: 'Det. 2, clue 3 of this
    thief' (31 characters at most), or only who ('Det. 2', 'ON', 'escape')."""
    who = "ON" if clue.get("by") is None else f"Det. {int(clue['by']) + 1}"
    if clue.get("type") == "escape":
        who = "escape"
    return f"{who}, clue {number} of this thief" if number else who


AID_SHOWN = 8  # the likeliest spaces the notebook aid names


def notebook_aid(possible: Mapping[str, float]) -> Text:
    """The notebook aid in words: where the thief may be, the likeliest spaces first, each with
    its chance (the browser draws the same as circles sized by chance)."""
    likely = sorted(((p, int(code)) for code, p in possible.items() if p > 0), reverse=True)
    text = Text()
    if not likely:
        return text
    if len(likely) == 1:
        text.append(f"Notebook aid: the thief must be at {space_label(likely[0][1])}\n", "bold")
        return text
    # short words before the spaces, so that the aid takes a line fewer of the panel
    text.append(f"Notebook aid ({count(len(likely), 'space')}): ", "bold")
    shown = [f"{space_label(code)} {p:.0%}" if p >= 0.005 else f"{space_label(code)} <1%"
             for p, code in likely[:AID_SHOWN]]  # fmt: skip
    more = len(likely) - AID_SHOWN
    text.append(", ".join(shown) + (f" and {more} more" if more > 0 else "") + "\n")
    return text


def run(
    players: int = 3,
    bots: int = 2,
    seed: int = 0,
    bot_level: str | None = None,
    bot_delay: float = 0.6,
    options: Mapping[str, Any] | None = None,
) -> None:
    """Play a game in this terminal until it ends or the players quit."""
    StopThiefApp(players, bots, seed, bot_level, bot_delay, options).run()


__all__ = ["BoardView", "CoverScreen", "InfoScreen", "StopThiefApp", "run"]
