"""The terminal table every game shares: hot-seat humans against bots, with Textual.

`GameShell` runs a whole game at one keyboard: it makes the state and the bots,
lets bots play (after a short delay, so people can follow), raises a full-screen
cover when the keyboard passes to another human, words every event through the
game's narrator (public events in the shared log, private ones only behind their
seat's cover), reads the command line (bad input gets a message and changes
nothing), lists the legal moves and shows the end of the game.

A game supplies only what is its own, by overriding the hooks at the bottom of
the class: its panels (`compose_board`, `compose_panels`, `draw`), its commands
(`GRAMMAR`, read by the skeleton in `sleuth.tui.grammar`; `TYPED`: what to type for
each kind of action), and its words for the legal moves, help and the end. The status
line says the game's own prompt (`view["prompt"]`, the same words the browser shows).
What a human sees is built only from `state.view(seat)` for the seat at the keyboard
and the events that seat may see.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Self

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical, VerticalScroll
from textual.markup import escape
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Input, RichLog, Static, Tab, Tabs

import sleuth
from sleuth.bots import Bot, default_level, make_bot
from sleuth.core import Action, Event, GameState, IllegalAction
from sleuth.core.coach import Coach
from sleuth.core.game import Narrating
from sleuth.core.tutorial import Script
from sleuth.tui import saves
from sleuth.tui.grammar import Command, Grammar
from sleuth.tui.pages import fit_columns
from sleuth.tui.session import CommandLine, QuitScreen

LOG_LINES = 2000
MESSAGE_ROWS = 2  # the message line's height: a longer message is cut, whole in the log
CUT = " … (whole in the log)"
NOTES = 8  # private lines kept for the seat at the keyboard
SHOWN_PAUSE = 4  # bot delays a bot waits after something shown only for the moment


VIEWS = ("board", "panels", "log")  # what a compact screen shows one at a time
SCREEN_KEYS = """

Keys (the keyboard stays on the command line):
  Up / Down    earlier commands            PageUp / PageDown   scroll
  Escape       clear the command line
  F2 F3 F4     on a small screen: the board, the panels, the log (Tab: the next one)
  Ctrl+Q       leave, after asking"""


class Pane(ScrollableContainer, can_focus=False):
    """A pane that scrolls (wheel, scroll bar) but never takes the keyboard: every key is for
    the command line, and a click on the board must not leave typed commands nowhere."""


class PanelsPane(VerticalScroll, can_focus=False):
    """The game's panels above the log, scrolling when they are taller than their share."""


class Log(RichLog, can_focus=False):
    """The shared log; scrolled with the wheel, never focused (see `Pane`).

    A RichLog wraps each line once, at the width it has when written: hidden (a compact
    screen showing the board) it would wrap at its minimum, and a resize would leave old
    lines cut or narrow. So it keeps its lines and wraps them all again whenever its width
    changes, and writes nothing while it has no width."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.source: list[Text] = []
        self.wrapped_at = 0  # the width the lines shown were wrapped at
        self.behind = False  # lines kept but not written (hidden, or before a resize)

    def add(self, line: Text) -> None:
        self.source.append(line)
        del self.source[:-LOG_LINES]
        width = self.scrollable_content_region.width
        if width == self.wrapped_at and width > 0 and self.display and not self.behind:
            self.write(line)
        else:  # the next resize (or showing it again) wraps it with the rest
            self.behind = True

    def reset(self) -> None:
        self.source = []
        self.behind = False
        self.clear()

    def on_resize(self, event: events.Resize) -> None:
        self.catch_up()

    def catch_up(self) -> None:
        """Write the kept lines again, wrapped at the width there is now, if it changed or
        lines were kept while the log could not show them."""
        width = self.scrollable_content_region.width
        if width <= 0 or (width == self.wrapped_at and not self.behind):
            return
        self.wrapped_at = width
        self.behind = False
        self.clear()
        for line in self.source:
            self.write(line, scroll_end=False)
        self.call_after_refresh(self.scroll_end, animate=False, immediate=True)


class ViewTabs(Tabs, can_focus=False):
    """On a small screen, which part is shown: the board, the panels or the log. Clicked, or
    F2/F3/F4 or Tab; never focused, so typing stays on the command line."""


def task(view: Mapping[str, Any]) -> str:
    """What the seat to move is asked to do, in public words, for status panels: "roll the dice"."""
    prompt = view.get("prompt")
    return str(prompt["task"]) if prompt else "the game is over"


class CoverScreen(Screen[None]):
    """Hides everything while the keyboard passes to the next player."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ready", "Ready")]

    def __init__(
        self,
        seat: int,
        name: str,
        title: str = "SLEUTH",
        secret: str = "what you hold",
        style: str = "bold",
    ) -> None:
        super().__init__()
        self.seat = seat
        self.who = name
        self.heading = title
        self.secret = secret
        self.style = style

    def compose(self) -> ComposeResult:
        text = Text(justify="center")
        text.append(f"{self.heading}\n\n", "bold red")
        text.append(f"Pass the keyboard to {self.who}\n\n", "bold")
        text.append(f"Everyone else, look away: {self.secret} stay secret.\n\n")
        text.append("Press Enter when ready", self.style)
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

    def __init__(self, body: Text | str, title: str, *, prose: bool = True) -> None:
        super().__init__()
        self.body = body
        self.heading = title
        self.prose = prose  # False: a list, whose lines are never run on into one another

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="info-box") as box:
            box.border_title = self.heading
            box.border_subtitle = "Enter or Esc: back to the board · q: quit"
            yield Static(self.body, id="info-text")

    def on_resize(self, event: events.Resize) -> None:
        """A page of plain text (help, `legal`) is laid out for the width it has: two commands
        side by side go on two lines on a narrow screen, long words run on under their own
        column (sleuth.tui.pages)."""
        self.call_after_refresh(self.fit)

    def fit(self) -> None:
        if isinstance(self.body, str):
            page = self.query_one("#info-text", Static)
            page.update(Text(fit_columns(self.body, page.content_region.width, prose=self.prose)))

    def action_close(self) -> None:
        self.dismiss(None)


class GameShell(App[None]):
    """A whole game at one keyboard: `players` seats, the last `bots` of them played by bots."""

    GAME: ClassVar[str] = ""
    BOT_LEVEL: ClassVar[str | None] = None  # None: the default level (intermediate)
    COVER_TITLE: ClassVar[str] = "SLEUTH"
    COVER_SECRET: ClassVar[str] = "your secrets"
    PLACEHOLDER: ClassVar[str] = "command (help, legal)"
    HELP: ClassVar[str] = "help, legal, quit"
    RING: ClassVar[frozenset[str]] = frozenset()  # public events that ring the bell
    TYPED: ClassVar[Mapping[str, str]] = {}  # what to type for each kind of action, shortly
    GRAMMAR: ClassVar[Grammar | None] = None  # the game's commands (sleuth.tui.grammar)
    # Below this many columns or rows the board and the panels no longer fit side by side:
    # the screen shows one of board, panels and log at a time, under tabs (`compact`).
    COMPACT_WIDTH: ClassVar[int] = 100
    COMPACT_HEIGHT: ClassVar[int] = 30
    PANELS_TAB: ClassVar[str] = "Panels"  # the compact screen's tab for the game's panels
    CSS = """
    Screen { layout: vertical; }
    #views { display: none; height: 2; }
    #top { height: 1fr; }
    #board-pane { height: 100%; scrollbar-size: 1 1; }
    #board { width: auto; height: auto; }
    #side { width: 1fr; min-width: 40; }
    #panels { height: auto; max-height: 75%; scrollbar-size: 1 1; }
    #log { height: 1fr; min-height: 6; border: round $secondary; }
    /* Under a coach (up to eight rows) the log, which tells what the coach does, gives
       the panels more of its share: at 120x40 Stop Thief's case panel lost its last rows. */
    Screen.coached #panels { max-height: 80%; }
    Screen.compact #views { display: block; }
    Screen.compact #board-pane { width: 100%; }
    Screen.compact #side { width: 100%; min-width: 0; }
    Screen.compact.show-board #side { display: none; }
    Screen.compact.show-panels #board-pane { display: none; }
    Screen.compact.show-log #board-pane { display: none; }
    Screen.compact.show-panels #log { display: none; }
    Screen.compact.show-panels #panels { height: 1fr; max-height: 100%; }
    Screen.compact.show-log #panels { display: none; }
    #message { height: 2; padding: 0 1; }  /* fixed (MESSAGE_ROWS): a long error wraps, cut */
    #command { height: 1; border: none; padding: 0 1; background: $boost; }
    /* The coach's box grows to its words (at 8 rows a step's "Why:" line was cut). */
    #coach { height: auto; max-height: 50%; border: round $primary; padding: 0 1;
             border-subtitle-align: left; }
    CoverScreen { align: center middle; background: $background; }
    #cover-text { width: 70; border: heavy $error; padding: 2 4; text-align: center; }
    InfoScreen { align: center middle; }
    #info-box { width: 90%; height: auto; max-height: 90%; border: heavy $warning;
                padding: 1 2; background: $surface; }
    QuitScreen { align: center middle; }
    #quit-text { width: 80%; max-width: 90; height: auto; border: heavy $error; padding: 1 2;
                 background: $surface; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("f2", "show('board')", "Board", show=False),
        Binding("f3", "show('panels')", "Panels", show=False),
        Binding("f4", "show('log')", "Log", show=False),
        Binding("tab", "next_view", "Next view", show=False, priority=True),
        Binding("pageup", "page(-1)", "Scroll up", show=False),
        Binding("pagedown", "page(1)", "Scroll down", show=False),
    ]

    def __init__(
        self,
        players: int,
        bots: int,
        seed: int = 0,
        bot_level: str | None = None,
        bot_delay: float = 0.6,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__()
        if not 0 <= bots <= players:
            raise IllegalAction(f"there are {players} seats, so 0 to {players} bots, not {bots}")
        self.state: GameState = sleuth.new_game(
            self.GAME, players=players, seed=seed, **dict(options or {})
        )
        level = bot_level or self.BOT_LEVEL or default_level(self.GAME)
        self.bot_level = level
        self.humans: list[int] = list(range(players - bots))
        self.bots: dict[int, Bot] = {
            seat: make_bot(self.GAME, level, seed=seed * 101 + seat + 1)
            for seat in range(players - bots, players)
        }
        self.bot_delay = bot_delay
        self.narrator: Narrating = self.make_narrator()
        # The seat whose secrets the screen may show: the one human at a table of one,
        # otherwise the human who last passed the cover (None while bots play).
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.unseen: dict[int, list[str]] = {seat: [] for seat in self.humans}
        self.notes: list[str] = []  # private lines for the viewer
        self.log_lines: list[str] = []  # the shared log, public events only
        # Lines with data shown only as it happens (Event.fleeting), for the latest batch of
        # events: on screen until the next batch, never in the log or the notes.
        self.moment: list[tuple[int | None, str]] = []  # (the seat it is for, or None: all)
        self.message = ""
        self.bot_timer: Timer | None = None
        self.over_shown = False
        # The save this game is kept in as it goes (None: not saved), and how far it is written.
        self.save_path: Path | None = None
        self.saved_actions = -1
        self.resumed = False
        self.holding = False  # the screen stays with a human who just learned a secret
        self.compact = False  # one of board, panels, log at a time (a small terminal)
        self.showing = "board"  # which of them, when compact
        self.unread = 0  # log lines written while the compact screen showed something else
        self.followed: tuple[int, int | None] | None = None  # see `new_position`
        # A guided first game's coach (`tutorial`), and the position whose suggestion was last
        # put on the command line (so what the learner types is never overwritten).
        self.coach: Coach | None = None
        self.suggested_at = -1

    @classmethod
    def tutorial(cls, script: Script, bot_delay: float = 0.6) -> Self:
        """The guided first game of `script` (sleuth.core.tutorial): its seed and options, the
        learner at the keyboard, the other seats bots that follow the script (then play by
        their levels). Not saved: a resumed lesson would have lost its coach."""
        if script.learner != 0:
            raise IllegalAction("the terminal seats its one person first: a tutorial's learner")
        app = cls(script.players, script.players - 1, script.seed, None, bot_delay, script.options)
        for seat, level in script.bots.items():
            app.bots[seat] = make_bot(cls.GAME, level, seed=script.seed * 101 + seat + 1)
        app.coach = Coach(script)
        return app

    @classmethod
    def resume(
        cls, path: Path, bot_delay: float = 0.6, saved: tuple[saves.Table, GameState] | None = None
    ) -> Self:
        """The game saved at `path` (`saved`: as already read), replayed to where it was, going
        on saving there. Raises saves.BadSave (changing nothing) if it cannot be read or
        replayed."""
        table, state = saved or saves.read(path)
        record = table.record
        app = cls(record.players, table.bots, record.seed, table.bot_level, bot_delay,
                  record.options)  # fmt: skip
        app.state = state
        app.save_path = path
        app.saved_actions = len(state.history)
        app.resumed = True
        return app

    def keep(self) -> None:
        """Write the save if the game moved since it was last written (a failure is said once
        on the status line, and play goes on)."""
        if self.save_path is None or self.saved_actions == len(self.state.history):
            return
        table = saves.Table(self.state.record(), len(self.bots), self.bot_level, self.state.over)
        try:
            saves.write(self.save_path, table)
        except OSError as err:
            self.say(f"✗ The game could not be saved ({err}); it goes on unsaved.", error=True)
            self.save_path = None
            return
        self.saved_actions = len(self.state.history)

    # --- layout -----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield ViewTabs(
            Tab("Board F2", id="view-board"),
            Tab(f"{self.PANELS_TAB} F3", id="view-panels"),
            Tab("Log F4", id="view-log"),
            id="views",
        )
        with Horizontal(id="top"):
            with Pane(id="board-pane"):
                yield from self.compose_board()
            with Vertical(id="side"):
                with PanelsPane(id="panels"):
                    yield from self.compose_panels()
                # min_width: RichLog wraps at no fewer than 78 columns by default, so a narrower
                # panel cut the ends of long lines off; wrap at the width there is.
                yield Log(id="log", wrap=True, max_lines=LOG_LINES, markup=False, min_width=20)
        if self.coach is not None:  # under everything, so a compact screen's tabs never hide it
            yield Static(id="coach")
        yield Static(id="message")
        yield CommandLine(placeholder=self.PLACEHOLDER, id="command")

    def on_mount(self) -> None:
        self.query_one("#log", RichLog).border_title = "What happened"
        if self.coach is not None:
            self.query_one("#coach", Static).border_title = "Coach"
        self.mounted()
        self.fit_layout(self.size.width, self.size.height)
        self.take_in(self.state.log)
        if self.resumed:
            self.moment = []  # what was shown for a moment then is not shown again
            self.write_log(f"── Resumed from {self.save_path} ──")
        self.proceed()

    def on_resize(self, event: events.Resize) -> None:
        self.fit_layout(event.size.width, event.size.height)

    def fit_layout(self, width: int, height: int) -> None:
        """Side by side when the board and the panels fit, else one at a time under tabs."""
        compact = width < self.COMPACT_WIDTH or height < self.COMPACT_HEIGHT
        main = self.screen_stack[0] if self.screen_stack else None
        if main is None:
            return
        self.compact = compact
        main.set_class(compact, "compact")
        main.set_class(self.coach is not None, "coached")
        self.show(self.showing)
        self.laid_out()

    def show(self, view: str) -> None:
        """Show one of the board, the panels or the log on a compact screen."""
        self.showing = view
        main = self.screen_stack[0]
        for name in VIEWS:
            main.set_class(name == view, f"show-{name}")
        tabs = self.query_one("#views", ViewTabs)
        if tabs.active != f"view-{view}":
            tabs.active = f"view-{view}"
        if view == "log" or not self.compact:
            self.unread = 0
        self.label_log_tab()
        if view == "log":
            self.call_after_refresh(self.query_one("#log", Log).catch_up)
            self.follow_log()

    def follow_log(self) -> None:
        """Scroll the log to its newest line once the screen is drawn. Written while a cover
        was up, the log did not follow by itself (its scroll waits for a refresh of its
        screen, measured before the new lines)."""
        log = self.query_one("#log", Log)
        self.call_after_refresh(log.scroll_end, animate=False, immediate=True)

    def label_log_tab(self) -> None:
        tab = self.query_one("#view-log", Tab)
        tab.label = f"Log ({self.unread} new) F4" if self.unread else "Log F4"

    def action_show(self, view: str) -> None:
        self.show(view)

    def action_next_view(self) -> None:
        self.show(VIEWS[(VIEWS.index(self.showing) + 1) % len(VIEWS)])

    def action_page(self, direction: int) -> None:
        """PageUp/PageDown scroll what is shown (on a compact screen) or the log (beside the
        board), since no pane takes the keyboard from the command line."""
        name = {"board": "#board-pane", "panels": "#panels"}.get(self.showing, "#log")
        pane = self.query_one(name if self.compact else "#log")
        pane.scroll_to(y=pane.scroll_y + direction * max(1, pane.size.height - 2), animate=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The view keys work only on a compact screen with no page over it; elsewhere Tab
        does what it always does."""
        if action in ("show", "next_view"):
            return self.compact and self.screen is self.screen_stack[0]
        return True

    def on_tabs_tab_activated(self, event: Tabs.TabActivated) -> None:
        if event.tabs.id == "views" and event.tab.id:
            view = event.tab.id.removeprefix("view-")
            if view != self.showing:
                self.show(view)

    # --- the flow of the game ---------------------------------------------------------------
    def proceed(self) -> None:
        """After every change: let bots play, raise the cover for the next human, or finish."""
        state = self.state
        self.keep()
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
                pause = self.bot_delay * (SHOWN_PAUSE if self.moment else 1)
                self.bot_timer = self.set_timer(pause, self.bot_step)
            return
        if seat != self.viewer:
            self.viewer = None
            self.message = ""
            self.redraw()
            self.push_screen(
                CoverScreen(
                    seat, self.who(seat), self.COVER_TITLE, self.COVER_SECRET, self.seat_style(seat)
                ),
                self._uncover_for(seat),
            )
            return
        self.redraw()
        self.query_one("#command", Input).focus()

    def _uncover_for(self, seat: int) -> Callable[[None], None]:
        def uncover(_: None) -> None:
            self.viewer = seat
            self.notes = self.unseen[seat][-NOTES:]
            self.unseen[seat] = []
            self.redraw()
            self.follow_log()
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
        ring = False
        while not self.state.over and self.state.to_move in self.bots:
            new_events = self.bot_move()
            ring = ring or any(e.kind in self.RING and e.to is None for e in new_events)
            self.take_in(new_events, bell=False)
        if ring:
            self.bell()
        self.proceed()

    def bot_move(self) -> list[Event]:
        seat = self.state.to_move
        assert seat is not None
        scripted = None if self.coach is None else self.coach.scripted(self.state, seat)
        try:
            return self.state.apply(scripted or self.bots[seat].choose(self.state, seat))
        except IllegalAction as err:  # a bot's mistake must not stop the table
            fallback = self.state.legal_actions()[0]
            self.write_log(f"(Bot {seat + 1} erred: {err}; it does '{fallback}' instead.)")
            return self.state.apply(fallback)

    def take_in(self, new_events: Sequence[Event], bell: bool = True) -> None:
        """Word each event for those allowed to see it: the log, or one human's notes.

        What an event shows only for the moment (its fleeting data, e.g. a discard shown to
        all before it goes face down) is worded in full in `moment`, for this batch only;
        the log and the notes keep the event as told later, without it."""
        ring = False
        self.moment = []
        for event in new_events:
            told = event.later()
            if event.to is None:
                self.write_log(self.narrator.say(told))
                if told is not event:
                    self.moment.append((None, self.narrator.say(event)))
                ring = ring or event.kind in self.RING
                self.public_event(event)
            elif event.to in self.unseen:
                line = self.narrator.say(told)
                self.private_event(event)
                if event.to == self.viewer:
                    self.notes = [*self.notes, line][-NOTES:]
                    if told is not event:
                        self.moment.append((event.to, self.narrator.say(event)))
                else:
                    self.unseen[event.to].append(line)
            # a bot's private events are never shown
        if ring and bell:
            self.bell()

    def write_log(self, line: str) -> None:
        self.log_lines.append(line)
        del self.log_lines[:-LOG_LINES]
        if self.compact and self.showing != "log":
            self.unread += 1
            self.label_log_tab()
        self.query_one("#log", Log).add(Text(line, "bold" if line.startswith("──") else ""))

    def show_game_over(self) -> None:
        if self.over_shown:
            return
        self.over_shown = True
        self.push_screen(InfoScreen(self.game_over_text(), "Game over"))

    # --- input ------------------------------------------------------------------------------
    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value
        event.input.value = ""
        if isinstance(event.input, CommandLine):
            event.input.remember(text)
        if self.holding and not text.strip():
            self.holding = False
            self.message = ""
            self.proceed()
            return
        self.run_command(text)

    def run_command(self, text: str) -> None:
        """Carry out one command line for the human at the keyboard (also what the tests call)."""
        state = self.state
        seat = self.viewer
        try:
            command = self.parse(text, state.view(seat))
        except ValueError as err:
            self.say(f"✗ {err}", error=True)
            return
        if command.meta == "undo":
            self.take_back()
            return
        if command.meta == "help":
            self.push_screen(InfoScreen(self.HELP + SCREEN_KEYS, "Help"))
            return
        if command.meta == "quit":
            self.ask_to_leave()
            return
        if command.meta not in (None, "legal"):
            self.meta(command)
            return
        if state.over:
            self.say("The game is over: 'quit' to leave.", error=True)
            return
        if seat is None or state.to_move != seat:
            who = self.who(state.to_move)
            if self.holding:
                self.say(f"✗ Press Enter on an empty line to pass the keyboard to {who}.", True)
            else:
                self.say(f"✗ Wait: it is {who}'s turn.", error=True)
            return
        if command.meta == "legal":
            summary = self.legal_text(state.view(seat))
            self.push_screen(InfoScreen(summary, "What you may do now", prose=False))
            return
        action = command.action
        assert action is not None
        if self.coach is not None and state.is_legal(action):
            verdict = self.coach.judge(state, action)
            if not verdict.accepted:  # the lesson asks for its own step: the coach says why
                self.say(f"Coach: {verdict.words}", error=True)
                return
        try:
            new_events = state.apply(action)
        except IllegalAction as err:
            self.say(f"✗ {err}", error=True)
            return
        self.message = ""
        self.take_in(new_events)
        self.acted(new_events)
        if not self.hold_for(seat, new_events):
            self.proceed()

    def take_back(self) -> None:
        """`undo`: take back the viewer's last action when the game allows it (his own, in his
        turn still going on, that drew no chance and told no one a secret: `can_undo`), as
        the browser's Undo does. The game becomes the one replayed without it."""
        state, seat = self.state, self.viewer
        if self.holding or seat is None or state.over or not state.can_undo(seat):
            self.say(
                "✗ There is nothing of yours to take back now: only a move in your turn still "
                "going on, that drew no chance and showed nothing hidden.",
                error=True,
            )
            return
        again = sleuth.replay(state.record(), upto=len(state.history) - 1)
        gone = len(state.log) - len(again.log)  # public events, one log line each
        kept, undone = self.log_lines[: len(self.log_lines) - gone], self.log_lines[-gone:]
        self.state = again
        self.log_lines = []
        self.query_one("#log", Log).reset()
        for line in kept:
            self.write_log(line)
        self.write_log(f"({self.who(seat)} took back: {' '.join(undone) or 'a move'})")
        self.moment = []
        self.message = ""
        self.proceed()

    def hold_for(self, seat: int, new_events: Sequence[Event]) -> bool:
        """After a human's action told him a secret (a code taken, a probe's answer, a card
        drawn) and the keyboard passes on, keep his screen until he presses Enter, so he
        sees it now rather than on his next turn. True if held."""
        state = self.state
        told = any(event.to == seat for event in new_events)
        if len(self.humans) < 2 or state.over or state.to_move == seat or not told:
            return False
        self.holding = True
        self.keep()
        self.redraw()
        self.query_one("#command", Input).placeholder = "Enter: pass the keyboard"
        self.say(
            f"{self.who(seat)}: see what you learned, then press Enter to pass the keyboard "
            f"to {self.who(state.to_move)}."
        )
        return True

    async def action_quit(self) -> None:
        """Ctrl+Q, or q in a dialog: ask first."""
        self.ask_to_leave()

    def ask_to_leave(self) -> None:
        """Ask before leaving (the question says how to come back); Ctrl+Q again leaves."""
        if isinstance(self.screen, QuitScreen):
            self.screen.dismiss(True)
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.exit()

        self.push_screen(QuitScreen(self.save_path, self.state.over), answered)

    def say(self, message: str, error: bool = False) -> None:
        """Show `message` on the message line; one too long for its rows is cut there and
        written whole to the log, so the panels above never give up rows to it."""
        self.message = message
        line = self.query_one("#message", Static)
        width = max(20, (line.content_size.width or self.size.width - 2))
        rows = Text(message).wrap(self.console, width)
        if len(rows) > MESSAGE_ROWS:  # the rows as wrapped, the last one cut to end with CUT
            kept = [row.plain.rstrip() for row in rows[:MESSAGE_ROWS]]
            kept[-1] = kept[-1][: width - len(CUT)].rstrip() + CUT
            message = "\n".join(kept)
            self.write_log(self.message)
        line.update(Text(message, "bold red" if error else ""))

    def offer(self, command: str, place: str) -> None:
        """A click on `place` on the board, standing for `command`: put on the command line
        to check and send when it may be done now, else say why not (the game's own words)
        and leave the line as it was. Either way the keyboard stays on the command line."""
        state, seat = self.state, self.viewer
        self.query_one("#command", Input).focus()
        if state.over:
            self.say(f"✗ {place}: the game is over.", error=True)
            return
        if seat is None or state.to_move != seat:
            self.say(f"✗ {place}: wait, it is {self.who(state.to_move)}'s turn.", error=True)
            return
        try:
            action = self.parse(command, state.view(seat)).action
        except ValueError as err:
            self.say(f"✗ {place}: {err}", error=True)
            return
        why = state.refusal(action) if action is not None else None
        if why:
            self.say(f"✗ {place}: {why}", error=True)
            return
        self.put_command(command)
        self.say(f"{place}: Enter sends '{command}' (Escape clears it).")

    def put_command(self, command: str) -> None:
        """Put a command on the command line for the player to check and send."""
        line = self.query_one("#command", Input)
        line.value = command
        line.cursor_position = len(command)
        line.focus()

    # --- drawing ----------------------------------------------------------------------------
    def redraw(self) -> None:
        """Draw every panel from the viewer's view (None: what everyone may see)."""
        view = self.state.view(self.viewer)
        self.draw(view)
        self.draw_coach(view)
        if not self.message:
            self.query_one("#message", Static).update(self.hint(view))
        # The empty command line's grey text offers only what may be typed now.
        forms = self.typed_now(view)
        self.query_one("#command", Input).placeholder = (
            f"command: {' · '.join([*forms, 'help'])}" if forms else "command (help, quit)"
        )

    def new_position(self) -> bool:
        """True once for each new position or viewer: a game scrolls its board to what matters
        then, and not at every redraw, which would fight the player's own scrolling."""
        key = (len(self.state.history), self.viewer)
        if key == self.followed:
            return False
        self.followed = key
        return True

    def draw_coach(self, view: Mapping[str, Any]) -> None:
        """The coach panel (a tutorial's learner only): what to do and why, the command that
        does it, which is also put on the command line once per step, ready for Enter."""
        if self.coach is None:
            return
        advice = self.coach.advice(self.state, self.viewer)
        panel = self.query_one("#coach", Static)
        if advice is None:
            panel.update("")
            panel.border_title, panel.border_subtitle = "Coach", None
            return
        # The lesson and step head the border and the command to type closes it: the rows
        # inside are the coach's words (at 120x40 the head and the Type line cost the panels
        # above two rows, or the words their end).
        done = advice["state"] == "finished"
        step = "done" if done else f"step {advice['step']} of {advice['steps']}"
        panel.border_title = f"Coach · [b]{escape(str(advice['title']))}[/b]  ({step})"
        panel.border_subtitle = None
        text = Text()
        if advice["note"]:
            text.append(f"{advice['note']}\n", "green")
        # A paragraph starts on a new row, with no blank row between: at 120x40 that blank row
        # cost the first steps' "Why:" line, or the panels above a row.
        text.append(re.sub(r"\n\s*\n", "\n", str(advice["words"])))
        suggest = advice["suggest"]
        if advice["state"] == "act" and isinstance(suggest, dict):
            typed = self.typed_for(Action.from_json(suggest), view)
            if typed:
                panel.border_subtitle = f"Type: [b reverse]{escape(typed)}[/]  " + (
                    "(put on the command line: Enter sends it)"
                )
                if self.suggested_at != len(self.state.history):
                    self.suggested_at = len(self.state.history)
                    self.put_command(typed)
        guide = advice["guide"]
        if isinstance(guide, dict):
            text.append(f"\nWhy: “{guide['title']}” in `sleuth rules {self.GAME}`", "dim")
        panel.update(text)

    def moment_lines(self) -> list[str]:
        """The lines of the latest batch shown only for the moment that the viewer may see."""
        return [line for seat, line in self.moment if seat is None or seat == self.viewer]

    def my_turn(self, view: Mapping[str, Any]) -> bool:
        return self.viewer is not None and view["to_move"] == self.viewer

    # --- what each game supplies ------------------------------------------------------------
    def make_narrator(self) -> Narrating:
        """The words for events: the `words` part of the game's manifest."""
        made: Narrating = sleuth.spec(self.GAME).load("words")()
        return made

    def who(self, seat: int | None) -> str:
        """A seat in words."""
        return "nobody" if seat is None else f"Player {seat + 1}"

    def seat_style(self, seat: int) -> str:
        return "bold"

    def compose_board(self) -> ComposeResult:
        """The left pane (the board)."""
        yield Static(id="board")

    def compose_panels(self) -> ComposeResult:
        """The panels above the log on the right."""
        yield from ()

    def mounted(self) -> None:
        """Once the widgets exist (set border titles, pick a layout)."""

    def laid_out(self) -> None:
        """After the layout was chosen for the screen's size (`compact` says which): a game may
        pick its board's size here."""

    def draw(self, view: Mapping[str, Any]) -> None:
        """Draw the game's panels from `view` (the viewer's, or a spectator's)."""

    def parse(self, text: str, view: Mapping[str, Any]) -> Command:
        """Read a command line with the game's `GRAMMAR`; raise ValueError (with words for the
        player) if it is bad."""
        if self.GRAMMAR is None:
            raise ValueError("this game has no commands")
        return self.GRAMMAR.parse(text, view)

    def meta(self, command: Command) -> None:
        """A game's own request (zoom, a record, ...)."""
        self.say(f"✗ unknown command {command.meta!r}", error=True)

    def hint(self, view: Mapping[str, Any]) -> Text:
        """The status line when there is no message: the game's prompt for the seat shown (what
        it is asked to do, or whom it waits for), with what to type for each choice open now."""
        prompt = view.get("prompt")
        if view["over"] or not prompt:
            return Text("Game over. Type 'quit' to leave.", "bold")
        seat = view["to_move"]
        if seat in self.bots:
            return Text(f"{self.who(seat)} (bot) is thinking: {prompt['task']}…", "dim")
        if not self.my_turn(view):
            return Text(str(prompt["words"]), "dim")
        undo = ["undo"] if self.viewer is not None and self.state.can_undo(self.viewer) else []
        keys = " · ".join([*self.typed_now(view), *undo, "help", "legal"])
        return Text(f"{self.who(seat)}: {prompt['words']}   ({keys})")

    def typed_now(self, view: Mapping[str, Any]) -> list[str]:
        """What the viewer may type now, one form per open choice (`TYPED`), each once; a form
        whose alternatives another already offers ("m <room> or m lr" beside "m <letter>,
        m <room> or m lr") is left out."""
        prompt = view.get("prompt")
        if not prompt or view["over"] or not self.my_turn(view):
            return []
        typed = [self.TYPED.get(str(c["kind"])) for c in prompt["choices"]]
        forms = list(dict.fromkeys(t for t in typed if t))
        ways = {form: set(re.split(r", | or ", form)) for form in forms}
        return [f for f in forms if not any(ways[f] < ways[other] for other in forms)]

    def typed_for(self, action: Action, view: Mapping[str, Any]) -> str | None:
        """The command line that takes `action` (the coach shows it); None if none does."""
        return None if self.GRAMMAR is None else self.GRAMMAR.typed_for(action, view)

    def legal_text(self, view: Mapping[str, Any]) -> str:
        return "\n".join(str(Action.from_json(a)) for a in view.get("legal", []))

    def game_over_text(self) -> Text:
        winners = self.state.winners
        names = " and ".join(self.who(s) for s in winners) or "Nobody"
        return Text(f"{names} {'win' if len(winners) > 1 else 'wins'}!", "bold green")

    def public_event(self, event: Event) -> None:
        """Each public event, after it is in the log."""

    def private_event(self, event: Event) -> None:
        """Each private event to a human seat (whether or not it is at the keyboard)."""

    def acted(self, events: Sequence[Event]) -> None:
        """After a human's action was accepted, before the game moves on."""


__all__ = ["CoverScreen", "GameShell", "InfoScreen", "task"]
