"""The terminal's command line, read the same way in every game: a verb, then what follows.

A game's `Grammar` holds only what is its own: its words (each naming a verb), the verbs
that take nothing after them (each one action), the verbs that read what follows (a
handler each) with what to say when nothing does, and its own requests to its app (zoom,
the clue sheet). The skeleton is here once: an empty line, an unknown word, the shared
requests (help, legal, quit, undo), a verb that takes nothing given something, a verb
that needs something given nothing (a request ignores words after it: "help me"). `parse`
is a pure function of the typed text and the seat's view; bad input raises `CommandError`
with words for the status line. It imports no UI framework, so a game's command module
may use it without pulling Textual in.

    >>> from sleuth.core import Action
    >>> g = Grammar(words={"r": "roll"}, simple={"roll": Action.of("roll")})
    >>> g.parse("r", {}).action
    Action(kind='roll', params=())
    >>> g.parse("?", {}).meta
    'help'
    >>> g.typed_for(Action.of("roll"), {})
    'r'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sleuth.core import Action

View = Mapping[str, Any]

# The requests every game's command line takes, said once (the shell carries them out).
SHARED: Mapping[str, str] = {
    "help": "help", "h": "help", "?": "help",
    "legal": "legal", "l": "legal", "moves": "legal",
    "quit": "quit", "q": "quit", "exit": "quit",
    "undo": "undo",
}  # fmt: skip


class CommandError(ValueError):
    """Input that is not a command, or names something that does not exist."""


@dataclass(frozen=True)
class Command:
    """Either an action for the game or a request to the interface (with its argument)."""

    action: Action | None = None
    meta: str | None = None
    arg: str = ""


@dataclass(frozen=True)
class Said:
    """A command line's verb as typed (`head`) and the words after it (never none)."""

    head: str
    args: tuple[str, ...]
    needs: str  # what the verb wants after it, in the words its game says that

    @property
    def rest(self) -> str:
        """Everything after the verb, as one phrase ("Mr. Smith")."""
        return " ".join(self.args)

    def one(self, what: str = "one thing after it") -> str:
        """The one word after the verb; more than one is refused, saying what it takes."""
        if len(self.args) > 1:
            raise CommandError(f"'{self.head}' takes {what}: {self.needs}")
        return self.args[0]


Handler = Callable[[Said, View], "Action | Command"]
Typed = Callable[[Action, View], str | None]


def _untyped(action: Action, view: View) -> str | None:
    return None


@dataclass(frozen=True)
class Grammar:
    """One game's commands; `parse` reads a line with them (see the module's docstring)."""

    words: Mapping[str, str]  # a word as typed (lower case) -> its verb; SHARED are added
    simple: Mapping[str, Action] = field(default_factory=dict)  # verb -> action, nothing after
    verbs: Mapping[str, Handler] = field(default_factory=dict)  # verb -> reads what follows
    needs: Mapping[str, str] = field(default_factory=dict)  # verb -> what to say if nothing
    metas: frozenset[str] = frozenset()  # the game's own requests to its app ("zoom")
    bare_number: str | None = None  # the verb a number typed alone stands for
    typed: Typed = _untyped  # the line that takes an action with words after its verb
    alone: Mapping[Action, str] = field(init=False, repr=False)  # see `typed_for`

    def __post_init__(self) -> None:
        # A word said twice or a verb nobody reads is a mistake in the game's table: say so
        # when the game is imported rather than when a player types it.
        shared = set(self.words) & set(SHARED)
        if shared:
            raise ValueError(f"words every game shares, said again: {sorted(shared)}")
        known = set(self.simple) | set(self.verbs) | self.metas
        unread = set(self.words.values()) - known
        if unread:
            raise ValueError(f"verbs with no meaning: {sorted(unread)}")
        wordless = set(self.verbs) - set(self.needs)
        if wordless:
            raise ValueError(f"verbs with no words for what they need: {sorted(wordless)}")
        alone: dict[Action, str] = {}
        for word, verb in self.words.items():
            if verb in self.simple:
                alone.setdefault(self.simple[verb], word)
        object.__setattr__(self, "alone", alone)

    def typed_for(self, action: Action, view: View) -> str | None:
        """The command line `parse` reads as `action` (what a tutorial's coach shows), None if
        there is none: an action a verb takes alone is the first word listed for that verb
        ("r" before "roll"); any other is what the game's `typed` says."""
        return self.alone.get(action) or self.typed(action, view)

    def parse(self, text: str, view: View) -> Command:
        """Read one command line against a seat's view. Raises CommandError if it makes no
        sense; the game is never touched."""
        words = text.strip().split()
        if not words:
            raise CommandError("type a command, or 'help'")
        head, args = words[0], tuple(words[1:])
        verb = SHARED.get(head.lower()) or self.words.get(head.lower())
        if head.isdecimal() and not args and self.bare_number is not None:
            verb, args = self.bare_number, (head,)
        if verb is None:
            raise CommandError(f"unknown command {head!r}; type 'help' for the list")
        if verb in SHARED.values() or verb in self.metas:
            return Command(meta=verb)
        if verb in self.simple:
            if args:
                raise CommandError(f"'{head}' takes nothing after it")
            return Command(self.simple[verb])
        if not args:
            raise CommandError(self.needs[verb])
        read = self.verbs[verb](Said(head, args, self.needs[verb]), view)
        return read if isinstance(read, Command) else Command(read)


__all__ = ["SHARED", "Command", "CommandError", "Grammar", "Handler", "Said", "Typed", "View"]
