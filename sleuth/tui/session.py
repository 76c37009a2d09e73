"""The parts of a terminal session around the game: the command line with its history, and
the question before leaving (the game is saved as it goes, so leaving loses nothing)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Input, Static

HISTORY = 200  # commands the Up arrow can bring back


class CommandLine(Input):
    """The command line. Up and Down walk through the commands sent before, as in a shell;
    going Down past the newest brings back what was being typed; Escape clears it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "older", "Previous command", show=False),
        Binding("down", "newer", "Next command", show=False),
        Binding("escape", "forget", "Clear the line", show=False),
    ]

    def __init__(self, placeholder: str = "", id: str | None = None) -> None:
        super().__init__(placeholder=placeholder, id=id)
        self.history: list[str] = []
        self.back = 0  # how far back in the history the line shows (0: the draft)
        self.draft = ""

    def remember(self, command: str) -> None:
        """Keep a sent command (not a blank one, nor the same one twice running)."""
        command = command.strip()
        if command and (not self.history or self.history[-1] != command):
            self.history.append(command)
            del self.history[:-HISTORY]
        self.back = 0
        self.draft = ""

    def action_older(self) -> None:
        if self.back >= len(self.history):
            return
        if self.back == 0:
            self.draft = self.value
        self.back += 1
        self._show(self.history[-self.back])

    def action_newer(self) -> None:
        if self.back == 0:
            return
        self.back -= 1
        self._show(self.history[-self.back] if self.back else self.draft)

    def action_forget(self) -> None:
        """Escape: clear the line (a command a click put there, or a mistyped one)."""
        self.back = 0
        self.draft = ""
        self._show("")

    def _show(self, text: str) -> None:
        self.value = text
        self.cursor_position = len(text)


def resume_words(path: Path | None, over: bool) -> str:
    """How to come back to this game, for the question before leaving and the last words."""
    if path is None:
        return "This game is not saved: leaving ends it."
    if over:
        return f"The game is over; its record is saved in {path}."
    command = f"{os.environ.get('SLEUTH_COMMAND') or 'sleuth'} play --resume"  # bin/sleuth sets it
    return f"The game is saved in {path}.\nTo go on with it: {command} (or: {command} {path})"


class QuitScreen(ModalScreen[bool]):
    """Asks before leaving: y (or Ctrl+Q again) leaves; n, Escape or Enter go back to the game,
    so a key pressed by reflex never ends the game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Leave"),
        Binding("n,escape,enter", "answer(False)", "Stay"),
    ]

    def __init__(self, path: Path | None, over: bool) -> None:
        super().__init__()
        self.path = path
        self.over = over

    def compose(self) -> ComposeResult:
        text = Text()
        text.append("Leave the game?\n\n", "bold")
        text.append(resume_words(self.path, self.over) + "\n\n")
        text.append("y (or Ctrl+Q again): leave · n, Esc or Enter: keep playing", "bold")
        yield Static(text, id="quit-text")

    def action_answer(self, leave: bool) -> None:
        self.dismiss(leave)


__all__ = ["CommandLine", "QuitScreen", "resume_words"]
