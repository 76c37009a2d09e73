"""The groups the `sleuth` command is made of, and the settings they share.

The top-level group builds a command only when it is looked up (to run it, or to
show its own help), click's lazy-group pattern, so `sleuth --help` stays quick:

* its own commands are functions, listed by their docstrings: Typer reads their
  options from their signatures only when one is looked up;
* a game's commands live in the `cli` part of its manifest, and the manifest's
  `commands` gives their names and one-line help, so they are listed without
  importing the part or anything it needs. A game whose manifest does not list
  them has its part imported to list them.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

import typer
from typer.core import TyperCommand, TyperGroup
from typer.main import get_command

from sleuth.core import GameSpec, game_names, spec

if TYPE_CHECKING:
    from typer._click import Command, Context, HelpFormatter

WHOLE = 10_000  # a "limit" no first sentence reaches

Build = Callable[[], dict[str, "Command"]]
"""Builds some of a group's commands, by name (a game's all at once: one import)."""


def new_app(**settings: Any) -> typer.Typer:
    """A Typer app with the settings all of `sleuth` shares.

    Plain help, not Rich's: importing Rich's help formatting (Markdown, Pygments) costs
    more than starting the interpreter three times (bench/bench_startup.py). No
    `--install-completion`: the command never offered it.
    """
    settings.setdefault("cls", PlainGroup)
    settings.setdefault("context_settings", HELP_OPTIONS)
    return typer.Typer(rich_markup_mode=None, add_completion=False, **settings)


HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}
"""`-h` as well as `--help`, as command-line tools usually answer."""


class PlainGroup(TyperGroup):
    """A group whose help lists each command with its first sentence whole, wrapped as
    Rich would show it, rather than cut to one line with "..."."""

    def format_commands(self, ctx: Context, formatter: HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit=WHOLE)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def function_command(name: str, function: Callable[..., Any]) -> dict[str, Command]:
    """A function as a command, its options read from its signature now."""
    holder = new_app()
    holder.command(name, cls=getattr(function, "command_class", None))(function)
    return {name: get_command(holder)}


def game_commands(game: GameSpec) -> dict[str, Command]:
    """Every command the game's `cli` part adds, imported now: its TOP_LEVEL ones, then its
    own group under the game's name."""
    module = game.load("cli")
    holder = new_app()  # gives the game's commands the shared settings
    words = module.app.info.help or f"{game.title} tools."
    holder.add_typer(module.app, name=game.name, help=words, cls=PlainGroup)
    for name, function in getattr(module, "TOP_LEVEL", {}).items():
        holder.command(name)(function)
    group = get_command(holder)
    assert isinstance(group, TyperGroup)
    return dict(group.commands)


class GameCommands(PlainGroup):
    """The top-level group: its own commands (`shared`, set by a subclass), then every
    game's, each built the first time it is looked up."""

    shared: ClassVar[Mapping[str, Callable[..., Any]]] = {}

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self._pending: dict[str, Build] = {}  # listed, not built yet: how to build each
        self._listing = False
        for name, function in self.shared.items():
            self._list(name, inspect.getdoc(function), partial(function_command, name, function))
        games: list[tuple[GameSpec, str, str, Build]] = []
        for name in game_names():
            game = spec(name)
            if not game.has("cli"):
                continue
            if game.commands:
                imports: Build = partial(game_commands, game)  # one import builds them all
                games.extend((game, c, words, imports) for c, words in game.commands.items())
            else:  # a manifest that does not list them: import the part to know them
                for command, built in game_commands(game).items():
                    self.commands[command] = built
        # Typer lists plain commands before groups: the same order as if all were imported
        for _game, command, words, build in sorted(games, key=lambda row: row[1] == row[0].name):
            self._list(command, words, build)

    def _list(self, name: str, words: str | None, build: Build) -> None:
        self.commands[name] = TyperCommand(
            name, help=words, rich_markup_mode=None, context_settings=HELP_OPTIONS
        )
        self._pending[name] = build

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        build = self._pending.get(cmd_name)
        if build is not None and not self._listing:
            self._build(build)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: Context, formatter: HelpFormatter) -> None:
        """The commands, each not built yet by the words it was listed with."""
        self._listing = True
        try:
            super().format_commands(ctx, formatter)
        finally:
            self._listing = False

    def _build(self, build: Build) -> None:
        commands = build()
        listed = {name for name, b in self._pending.items() if b is build}
        if listed - set(commands):
            raise RuntimeError(f"listed but not offered: {sorted(listed - set(commands))}")
        for name in listed:
            del self._pending[name]
        self.commands.update(commands)
