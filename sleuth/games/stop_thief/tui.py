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
from sleuth.tui.shell import CoverScreen, GameShell, InfoScreen, task

GAME = "stop-thief"
WIDE_NEEDS = 120  # terminal columns for the wide board (78) beside the panels (42)
WIDE_BOARD = 78  # columns the wide board takes, alone on a compact screen
BIG_SCANNER = 45  # rows from which the scanner's display is drawn in five-row digits
LED_LINE = "bold red1 on grey7"


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
        "play_card": "card 1",
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
    #hand { height: auto; max-height: 14; border: round $success; padding: 0 1; }
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
        if event.kind == "game_over":
            self.routes = [list(r) for r in event.data.get("routes", [])]

    def private_event(self, event: Event) -> None:
        if event.kind == "tip" and event.to is not None:
            self.tips[event.to].append((len(self.narrator.posters), int(event.data["space"])))

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
        if self.size.height >= BIG_SCANNER:
            text.append_text(led(display, dim=dim))
        else:  # a short screen: the display in one line, so the hand below stays in sight
            text.append(f" {display[:3].rjust(3)} ", "dark_red on grey7" if dim else LED_LINE)
            text.append(" on the display", "dim")
        text.append("\n")
        if last is not None:
            who = "ON" if last.get("by") is None else f"Det. {int(last['by']) + 1}"
            if last.get("type") == "escape":
                who = "escape"
            text.append(f"{sound_words(str(last['sound'])).upper()}", "bold")
            text.append(f"  ({who}, clue {len(clues)} of this thief)\n", "dim")
        text.append("Memory, latest first: ", "dim")
        for clue in reversed(clues):
            token = "·" if clue["bleep"] else display_text(str(clue["display"]))
            text.append(token + " ", "dim" if clue["bleep"] else "bold red1")
        self.query_one("#scanner", Static).update(text)

    def draw_status(self, view: Mapping[str, Any]) -> None:
        thief = view["thief"]
        text = Text()
        text.append("WANTED ", "bold white on red3")
        text.append(f" {thief['poster']} · reward {money(thief['reward'])}", "bold")
        text.append(f" · thief {thief['number']} of {thief['of']}\n", "dim")
        turn = int(view["turn"])
        text.append("Turn: ")
        text.append(f" {turn + 1} ", SEAT_STYLES[turn % 4])
        # the seat's number and colour name the detective (▶ below gives the name and bot
        # or you), which keeps this line short enough for the case to fit at 120x40
        text.append(f" {task(view)}")
        if view.get("dice"):
            a, b = view["dice"]
            text.append(f" · dice {a}+{b}={a + b}")
            if view.get("allowance") and view["allowance"] != a + b:
                text.append(f" (up to {view['allowance']})")
        text.append("\n")
        for det in view["detectives"]:
            seat = int(det["seat"])
            text.append("▶" if seat == turn else " ")
            text.append(f" {seat + 1} ", SEAT_STYLES[seat % 4])
            name = str(det["license"])[:16]
            kind = "bot" if seat in self.bots else "you" if seat == self.viewer else ""
            # two lines a detective, each within the 38 columns of the 120-column panel, so
            # the case fits without scrolling (three lines each made it scroll at 120x40)
            text.append(f" {name:16} {kind:3} {money(int(det['money'])):>6}")
            if det["posters"]:
                text.append(f" ★{len(det['posters'])}", "bold yellow")
            text.append(f"\n    {count(det['cards'], 'card')}")
            if not det["licensed"]:
                text.append(" · NO LICENSE", "bold red")
            if det["turns_to_lose"]:
                text.append(" · loses a turn", "yellow")
            # where, short and as typed ('5-01', '4-68nw': what the log calls 'the street
            # beside 4-68'), so a detective's two lines fit and the case need not scroll
            text.append(f" @ {self.short_place(str(det['node']))}\n", "dim")
        text.rstrip()
        self.query_one("#status", Static).update(text)

    def short_place(self, node_id: str) -> str:
        """A piece's square in a few characters: '1-48', '4-68nw', 'ACME', 'subway NE'."""
        if node_id == "acme":
            return "ACME"
        index = self.board.node_by_id.get(node_id)
        if index is None:
            return node_id
        if self.board.nodes[index].kind == "station":
            return "subway " + node_id.removeprefix("subway-").upper()
        return describe_node(self.board, index)

    def draw_hand(self, view: Mapping[str, Any]) -> None:
        panel = self.query_one("#hand", Static)
        if self.viewer is None:
            panel.border_title = "Hands"
            if not self.humans:
                panel.update(Text("Bots only: you are watching. Hands stay hidden.", "dim"))
            else:
                panel.update(Text("Hidden while the keyboard is not yours.", "dim"))
            return
        panel.border_title = f"Your hand — {self.narrator.who(self.viewer)}"
        text = Text()
        for slot, card in enumerate(view.get("hand", []), start=1):
            text.append(f"{slot} ", "bold reverse")
            text.append(f" {card['name']}", "bold")
            text.append(f" (#{card['id']}): {card['text']}\n", "dim")
        tips = [space for number, space in self.tips.get(self.viewer, [])
                if number == len(self.narrator.posters)]  # fmt: skip
        if tips:
            text.append("Tipster: thief seen at " + ", ".join(space_label(s) for s in tips) + "\n",
                        "bold orange_red1")  # fmt: skip
        aid = view.get("notebook")
        if aid:  # the notebook_aid option: what a perfect note-taker would deduce
            text.append_text(notebook_aid(aid["possible"]))
        for note in reversed(self.notes[-4:]):  # newest first: the panel may cut its foot
            text.append(f"» {note}\n", "italic")
        text.rstrip()
        panel.update(text)


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
    text.append(f"Notebook aid: the thief may be at {count(len(likely), 'space')}: ", "bold")
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
