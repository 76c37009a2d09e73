"""What every `sleuth` command is made of, on the standard library's argparse.

A command is a `Command`: its one-line help (what the command above it lists), how it
adds its arguments to its parser, and what runs it. The parser and its errors are shared
here (the help's layout in `layout`, number limits and on/off switches in `values`), so
each command module says only what is its own. Light to import: argparse and dataclasses,
nothing a command needs to run (bench/bench_startup.py).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

from sleuth.commands.layout import Formatter

USAGE = 2  # a command line that cannot be run (argparse's own status, and the shell's)


class UsageError(Exception):
    """A command line that parsed but cannot be run. The command's parser says it as
    argparse says its own errors (`sleuth play: error: argument --players: ...`), status 2."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(f"argument {hint}: {message}" if hint else message)


@dataclass(frozen=True)
class Command:
    """One command: `help` is listed by the command above it; `description` (default:
    `help`) heads its own -h; `more_help`, when given, ends its -h and is made only when
    the help is shown (so what it reads is imported only then)."""

    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int | None]
    description: str | None = None
    more_help: Callable[[], str] | None = None


def group(help: str, commands: Mapping[str, Command]) -> Command:
    """A command made of commands (`sleuth stop-thief track ...`); alone, it shows its help."""

    def add_arguments(parser: argparse.ArgumentParser) -> None:
        add_commands(parser, commands)

    def run(args: argparse.Namespace) -> int:
        args._parser.print_help()
        return USAGE

    return Command(help, add_arguments, run)


def add_commands(
    parser: argparse.ArgumentParser, commands: Mapping[str, Command]
) -> argparse._SubParsersAction[Parser]:
    """The commands, as the parser's subcommands (listed under "Commands")."""
    subparsers = parser.add_subparsers(title="Commands", metavar="COMMAND", parser_class=Parser)
    for name, command in commands.items():
        add_command(subparsers, name, command)
    return subparsers


def add_command(
    subparsers: argparse._SubParsersAction[Parser], name: str, command: Command
) -> Parser:
    sub = subparsers.add_parser(
        name,
        help=command.help,
        description=command.description or command.help,
        more_help=command.more_help,
    )
    command.add_arguments(sub)
    sub.set_defaults(_command=command, _parser=sub)
    return sub


class Parser(argparse.ArgumentParser):
    """argparse's parser with the shared help layout, `-h` worded as before, and an optional
    `more_help` after the options (made when shown)."""

    def __init__(self, *args: Any, more_help: Callable[[], str] | None = None, **kw: Any) -> None:
        kw.setdefault("formatter_class", Formatter)
        kw["add_help"] = False
        super().__init__(*args, **kw)
        self.more_help = more_help
        self._positionals.title, self._optionals.title = "Arguments", "Options"
        self.add_argument("-h", "--help", action="help", help="Show this message and exit.")

    def format_help(self) -> str:
        text = super().format_help()
        return text + "\n" + self.more_help() if self.more_help else text

    def error(self, message: str) -> NoReturn:
        """The error, then where help is; not argparse's whole usage first (`serve`'s runs to
        nine lines that would bury the one that matters)."""
        self.exit(USAGE, f"{self.prog}: error: {message}\nTry '{self.prog} -h' for help.\n")

    def intermix(self, args: argparse.Namespace, extras: list[str]) -> None:
        """Words left over after the options (`scanner --json ON --seed 7 ON`: the second
        ON) go to the command's list of words, if it takes one, as Typer took them;
        anything else is an error."""
        listed = [a for a in self._actions if not a.option_strings and a.nargs in ("*", "+")]
        unknown = [word for word in extras if word.startswith("-") and word != "-"]
        if unknown or not listed:
            self.error(f"unrecognized arguments: {' '.join(unknown or extras)}")
        getattr(args, listed[0].dest).extend(extras)
