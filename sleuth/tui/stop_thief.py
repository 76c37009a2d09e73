"""Stop Thief in the terminal: humans at one keyboard (hot-seat) against bots, with Textual.

What a human sees is built only from `state.view(seat)` for the seat at the
keyboard and the events that seat may see: the public log for everyone,
private events (a drawn card, a tip) only behind that seat's cover screen.
When the turn passes to another human a full-screen cover asks to pass the
keyboard; while bots play, a table of two or more humans sees only the
public board. Bots are found by level in `sleuth.bots`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Input, RichLog, Static

import sleuth
from sleuth.bots import Bot, make_bot
from sleuth.core import Event, IllegalAction
from sleuth.games.stop_thief.board import Board
from sleuth.games.stop_thief.state import StopThief
from sleuth.tui.board_text import SEAT_STYLES, legend, node_at, render_board
from sleuth.tui.commands import (
    HELP,
    CommandError,
    describe_node,
    legal_summary,
    parse_command,
)
from sleuth.tui.led import led
from sleuth.tui.words import PHASES, Narrator, display_text, money, sound_words, space_label

GAME = "stop-thief"
LOG_LINES = 2000
WIDE_NEEDS = 124  # terminal columns for the wide board (78) beside the panels (46)


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


class CoverScreen(Screen[None]):
    """Hides everything while the keyboard passes to the next detective."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ready", "Ready")]

    def __init__(self, seat: int, name: str) -> None:
        super().__init__()
        self.seat = seat
        self.who = name

    def compose(self) -> ComposeResult:
        text = Text(justify="center")
        text.append("STOP THIEF\n\n", "bold red")
        text.append(f"Pass the keyboard to {self.who}\n\n", "bold")
        text.append("Everyone else, look away: your hand and tips stay secret.\n\n")
        text.append("Press Enter when ready", SEAT_STYLES[self.seat % 4])
        yield Static(text, id="cover-text")

    def action_ready(self) -> None:
        self.dismiss(None)


class InfoScreen(ModalScreen[None]):
    """A page of text over the game (help, the end of the game). Enter or Escape closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("enter", "close", "Close"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, body: Text | str, title: str) -> None:
        super().__init__()
        self.body = body
        self.heading = title

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="info-box") as box:
            box.border_title = self.heading
            box.border_subtitle = "Enter or Esc: back to the board · q: quit"
            yield Static(self.body, id="info-text")

    def action_close(self) -> None:
        self.dismiss(None)


class StopThiefApp(App[None]):
    """A whole game of Stop Thief: `players` seats, the last `bots` of them played by bots."""

    TITLE = "Stop Thief"
    CSS = """
    Screen { layout: vertical; }
    #top { height: 1fr; }
    #board-pane { width: 78; height: 100%; scrollbar-size: 1 1; }
    #board-pane.narrow { width: 40; }
    #board-pane.narrow #legend { display: none; }
    #board { width: auto; height: auto; }
    #legend { width: auto; height: 2; }
    #side { width: 1fr; min-width: 44; }
    #scanner { height: auto; border: round $error; padding: 0 1; }
    #status { height: auto; border: round $accent; padding: 0 1; }
    #hand { height: auto; max-height: 14; border: round $success; padding: 0 1; }
    #log { height: 1fr; min-height: 8; border: round $secondary; }
    #message { height: 1; padding: 0 1; }
    #command { height: 1; border: none; padding: 0 1; background: $boost; }
    CoverScreen { align: center middle; background: $background; }
    #cover-text { width: 70; border: heavy $error; padding: 2 4; text-align: center; }
    InfoScreen { align: center middle; }
    #info-box { width: 90%; height: auto; max-height: 90%; border: heavy $warning;
                padding: 1 2; background: $surface; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "quit", "Quit", priority=True)]

    def __init__(
        self,
        players: int = 3,
        bots: int = 2,
        seed: int = 0,
        bot_level: str = "detective",
        bot_delay: float = 0.6,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__()
        if not 0 <= bots <= players:
            raise IllegalAction(f"there are {players} seats, so 0 to {players} bots, not {bots}")
        state = sleuth.new_game(GAME, players=players, seed=seed, **dict(options or {}))
        assert isinstance(state, StopThief)
        self.state = state
        self.board: Board = state.board  # public and fixed: never the thief or the scanner
        self.humans: list[int] = list(range(players - bots))
        self.bots: dict[int, Bot] = {
            seat: make_bot(GAME, bot_level, seed=seed * 101 + seat + 1)
            for seat in range(players - bots, players)
        }
        self.bot_delay = bot_delay
        self.narrator = Narrator()
        # The seat whose secrets the screen may show: the one human at a table of one,
        # otherwise the human who last passed the cover (None while bots play).
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.unseen: dict[int, list[str]] = {seat: [] for seat in self.humans}
        self.notes: list[str] = []  # private lines for the viewer, shown in the hand panel
        self.tips: dict[int, list[tuple[int, int]]] = {seat: [] for seat in self.humans}
        self.log_lines: list[str] = []  # the shared log, public events only
        self.message = ""
        self.wide = True
        self.chose_zoom = False  # the player's `zoom` overrides the automatic choice
        self.bot_timer: Timer | None = None
        self.routes: list[list[int]] = []
        self.final_words: list[str] = []

    # --- layout -----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            with ScrollableContainer(id="board-pane"):
                yield BoardView(self.board, id="board")
                yield Static(legend(), id="legend")
            with VerticalScroll(id="side"):
                yield Static(id="scanner")
                yield Static(id="status")
                yield Static(id="hand")
                yield RichLog(id="log", wrap=True, max_lines=LOG_LINES, markup=False)
        yield Static(id="message")
        yield Input(placeholder="command (help, legal, c, r, m 1-48, a 1-48, e)", id="command")

    def on_mount(self) -> None:
        self.query_one("#scanner", Static).border_title = "Crime Scanner"
        self.query_one("#status", Static).border_title = "The case"
        self.query_one("#hand", Static).border_title = "Your hand"
        self.query_one("#log", RichLog).border_title = "What happened"
        self.wide = self.size.width >= WIDE_NEEDS
        self.query_one("#board-pane").set_class(not self.wide, "narrow")
        self.take_in(self.state.log)
        self.proceed()

    # --- the flow of the game ---------------------------------------------------------------
    def proceed(self) -> None:
        """After every change: let bots play, raise the cover for the next human, or finish."""
        state = self.state
        if state.over:
            self.viewer = self.viewer if len(self.humans) <= 1 else None
            self.redraw()
            self.show_game_over()
            return
        seat = state.to_move
        assert seat is not None
        if seat in self.bots:
            if len(self.humans) > 1:
                self.viewer = None
            self.redraw()
            if self.bot_delay <= 0:
                self.play_bots_now()
            elif self.bot_timer is None:
                self.bot_timer = self.set_timer(self.bot_delay, self.bot_step)
            return
        if seat != self.viewer:
            self.viewer = None
            self.message = ""
            self.redraw()
            self.push_screen(CoverScreen(seat, self.narrator.who(seat)), self._uncover_for(seat))
            return
        self.redraw()
        self.query_one("#command", Input).focus()

    def _uncover_for(self, seat: int) -> Callable[[None], None]:
        def uncover(_: None) -> None:
            self.viewer = seat
            self.notes = self.unseen[seat][-8:]
            self.unseen[seat] = []
            self.redraw()
            self.query_one("#command", Input).focus()

        return uncover

    def bot_step(self) -> None:
        self.bot_timer = None
        if self.state.over or self.state.to_move not in self.bots:
            return
        self.take_in(self.bot_move())
        self.proceed()

    def play_bots_now(self) -> None:
        """With no delay: every bot decision until a human must act or the game ends."""
        clues = False
        while not self.state.over and self.state.to_move in self.bots:
            new_events = self.bot_move()
            clues = clues or any(e.kind in ("clue", "new_thief") for e in new_events)
            self.take_in(new_events, bell=False)
        if clues:
            self.bell()
        self.proceed()

    def bot_move(self) -> list[Event]:
        seat = self.state.to_move
        assert seat is not None
        try:
            return self.state.apply(self.bots[seat].choose(self.state, seat))
        except IllegalAction as err:  # a bot's mistake must not stop the table
            fallback = self.state.legal_actions()[0]
            self.write_log(f"(Bot {seat + 1} erred: {err}; it does '{fallback}' instead.)")
            return self.state.apply(fallback)

    def take_in(self, new_events: Sequence[Event], bell: bool = True) -> None:
        """Word each event for those allowed to see it: the log, or one human's notes."""
        ring = False
        for event in new_events:
            if event.to is None:
                self.write_log(self.narrator.say(event))
                ring = ring or event.kind in ("clue", "new_thief")
                if event.kind == "game_over":
                    self.routes = [list(r) for r in event.data.get("routes", [])]
            elif event.to in self.unseen:
                line = self.narrator.say(event)
                if event.kind == "tip":
                    self.tips[event.to].append(
                        (len(self.narrator.posters), int(event.data["space"]))
                    )
                if event.to == self.viewer:
                    self.notes = [*self.notes, line][-8:]
                else:
                    self.unseen[event.to].append(line)
            # a bot's private events are never shown
        if ring and bell:
            self.bell()

    def write_log(self, line: str) -> None:
        self.log_lines.append(line)
        del self.log_lines[:-LOG_LINES]
        log = self.query_one("#log", RichLog)
        if line.startswith("──"):
            log.write(Text(line, "bold"))
        else:
            log.write(line)

    def show_game_over(self) -> None:
        if self.final_words:
            return
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
        self.push_screen(InfoScreen(text, "Game over"))

    # --- input ------------------------------------------------------------------------------
    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value
        event.input.value = ""
        self.run_command(text)

    def run_command(self, text: str) -> None:
        """Carry out one command line for the human at the keyboard (also what the tests call)."""
        state = self.state
        seat = self.viewer
        hand = state.view(seat)["hand"] if seat is not None else []
        try:
            command = parse_command(text, self.board, hand, state.players)
        except CommandError as err:
            self.say(f"✗ {err}", error=True)
            return
        if command.meta == "help":
            self.push_screen(InfoScreen(HELP, "Help"))
            return
        if command.meta == "quit":
            self.exit()
            return
        if command.meta == "zoom":
            self.chose_zoom = True
            self.set_wide(not self.wide)
            return
        if state.over:
            self.say("The game is over: 'quit' to leave.", error=True)
            return
        if seat is None or state.to_move != seat:
            who = self.narrator.who(state.to_move)
            self.say(f"✗ Wait: it is {who}'s turn.", error=True)
            return
        if command.meta == "legal":
            summary = legal_summary(state.view(seat).get("legal", []), hand)
            self.push_screen(InfoScreen(summary.replace(" | ", "\n"), "What you may do now"))
            return
        action = command.action
        assert action is not None
        try:
            new_events = state.apply(action)
        except IllegalAction as err:
            self.say(f"✗ {err}", error=True)
            return
        self.message = ""
        self.take_in(new_events)
        self.proceed()

    def say(self, message: str, error: bool = False) -> None:
        self.message = message
        self.query_one("#message", Static).update(Text(message, "bold red" if error else ""))

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
        command = self.query_one("#command", Input)
        command.value = f"{verb} {place}"
        command.cursor_position = len(command.value)
        command.focus()

    # --- drawing ----------------------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        """A terminal too narrow for the wide board and the panels gets the narrow board."""
        if not self.chose_zoom:
            self.set_wide(event.size.width >= WIDE_NEEDS)

    def set_wide(self, wide: bool) -> None:
        if wide == self.wide:
            return
        self.wide = wide
        self.query_one("#board-pane").set_class(not wide, "narrow")
        self.redraw()

    def redraw(self) -> None:
        """Draw every panel from the viewer's view (None: what everyone may see)."""
        view = self.state.view(self.viewer)
        self.draw_board(view)
        self.draw_scanner(view)
        self.draw_status(view)
        self.draw_hand(view)
        if not self.message:
            self.query_one("#message", Static).update(self.hint(view))

    def my_turn(self, view: Mapping[str, Any]) -> bool:
        return self.viewer is not None and view["to_move"] == self.viewer

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

    def draw_scanner(self, view: Mapping[str, Any]) -> None:
        clues: list[Mapping[str, Any]] = view["clues"]
        last = clues[-1] if clues else None
        text = Text(no_wrap=False)
        text.append_text(led(str(view["scanner"]["display"]), dim=bool(last and last["bleep"])))
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
        phase = str(view["phase"])
        text.append("Turn: ")
        text.append(f" {turn + 1} ", SEAT_STYLES[turn % 4])
        text.append(f" {self.narrator.who(turn)}")
        if turn in self.bots:
            text.append(" (bot)", "dim")
        text.append(f" — {PHASES.get(phase, phase)}")
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
            text.append(f" {name:16} {kind:3} {money(int(det['money'])):>6}")
            text.append(
                "  License" if det["licensed"] else "  NO LICENSE",
                "" if det["licensed"] else "bold red",
            )
            text.append(f"  {det['cards']} cards")
            if det["posters"]:
                text.append(f"  ★{len(det['posters'])}", "bold yellow")
            if det["turns_to_lose"]:
                text.append("  loses a turn", "yellow")
            text.append(
                f"  @ {describe_node(self.board, self.board.node_by_id[det['node']])}\n", "dim"
            )
        text.rstrip()
        self.query_one("#status", Static).update(text)

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
        for note in self.notes[-4:]:
            text.append(f"» {note}\n", "italic")
        text.rstrip()
        panel.update(text)

    def hint(self, view: Mapping[str, Any]) -> Text:
        """The status line when there is no message: what the player at the keyboard can do."""
        if view["over"]:
            return Text("Game over. Type 'quit' to leave.", "bold")
        seat = view["to_move"]
        if seat in self.bots:
            return Text(f"{self.narrator.who(seat)} (bot) is thinking…", "dim")
        if not self.my_turn(view):
            return Text("")
        phase = view["phase"]
        hints = {
            "fine": "Pay the fine to get your License back: pay",
            "clue": "Press CLUE: c   (or play a card first: card 1)",
            "roll": "Roll the dice: r",
            "move": f"Move up to {view.get('allowance') or 'anywhere'}: m <space> or click a "
            "green square",
            "after": "Arrest: a <space> · ride <station> · end your turn: e",
        }
        return Text(f"{self.narrator.who(seat)}: {hints.get(phase, '')}   (help · legal)")


def run(
    players: int = 3,
    bots: int = 2,
    seed: int = 0,
    bot_level: str = "detective",
    bot_delay: float = 0.6,
    options: Mapping[str, Any] | None = None,
) -> None:
    """Play a game in this terminal until it ends or the players quit."""
    StopThiefApp(players, bots, seed, bot_level, bot_delay, options).run()


__all__ = ["BoardView", "CoverScreen", "InfoScreen", "StopThiefApp", "run"]
