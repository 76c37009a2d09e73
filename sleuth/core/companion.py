"""The contract of a companion device: a game's missing part, driven seat by seat.

A game's companion (Kojak's informer codes, Manhunt's Computer and Clue
Scanner) is a `CompanionDevice`; `sleuth.server.companions` stores and serves
any of them, keeping each seat's answers to that seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol


class Refused(ValueError):
    """The device cannot take this action now, or it is malformed: nothing changed.

    The message is written for the player ("you already took an informer at the Hotel").
    """

    def __init__(self, message: str, *, malformed: bool = False) -> None:
        super().__init__(message)
        self.malformed = malformed


class CompanionDevice(Protocol):
    """A game's companion logic: built from settings, driven by seats' actions, replayable.

    `apply` changes nothing when it raises `Refused`, and draws chance only from the
    settings' seed, so that replaying the stored actions rebuilds the device exactly.
    """

    seats: int

    def apply(self, seat: int, action: Mapping[str, Any]) -> dict[str, Any]:
        """Do `action` for `seat`; the answer is for that seat's eyes only."""
        ...

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything `seat` may know now (None: what the whole table may know)."""
        ...


@dataclass(frozen=True)
class TerminalFace:
    """How a game's companion shows in the terminal (`sleuth companion GAME`).

    The terminal shell (`sleuth.tui.companion`) names no game: it takes seats, puts up the
    "pass to ..." cover and stores every action; the game gives its words here. `parse`
    turns a typed line ("take bus") into an action, raising `Refused` with help for the
    player; `seat_text` draws a seat's own view (and the answer to its last action), for its
    eyes only; `table_text` what the whole table may see. `open` companions (nothing secret:
    Columbo's lawn) need no cover. The optional hooks read the table's view (what every
    seat may know), so nothing they say can be a secret: `session_commands`, the commands of
    one session where its settings add some; `cover_text`, a line for the cover.
    """

    spec: Any  # sleuth.server.companions.CompanionSpec (not imported: core stays server-free)
    commands: str  # the typed commands, in one line of help
    defaults: Mapping[str, Any]  # a new session's settings besides `players`
    parse: Callable[[str, Mapping[str, Any]], dict[str, Any]]  # (line, table view) -> action
    seat_text: Callable[[Mapping[str, Any], Mapping[str, Any] | None], str]  # (view, result)
    table_text: Callable[[Mapping[str, Any], Callable[[int], str]], str]  # (view, name of seat)
    open: bool = False
    session_commands: Callable[[Mapping[str, Any]], str] | None = None  # (table view) -> help
    cover_text: Callable[[Mapping[str, Any]], str] | None = None  # (table view) -> a line

    def commands_of(self, table: Mapping[str, Any]) -> str:
        """The typed commands of the session whose table view is `table`, in one line."""
        return self.session_commands(table) if self.session_commands else self.commands
