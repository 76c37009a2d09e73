"""What every `sleuth` command is made of, on the standard library's argparse.

A command is a `Command`: its one-line help (what the command above it lists), how it
adds its arguments to its parser, and what runs it. The parser, its help layout (each
option's default and range shown as `[default: 3; x>=1]`) and the errors are shared here,
so each command module says only what is its own. Light to import: argparse and
dataclasses, nothing a command needs to run (bench/bench_startup.py).
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

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
        self.add_argument(
            "-h", "--help", action="help", help="Show this message and exit."
        )  # fmt: skip

    def format_help(self) -> str:
        text = super().format_help()
        return text + "\n" + self.more_help() if self.more_help else text

    def error(self, message: str) -> NoReturn:
        """The error, then where help is; not argparse's whole usage first (`serve`'s is
        eleven lines that would bury the one that matters)."""
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


# --- values ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Bounded:
    """A number type with limits (`--port`, 1 to 65535): argparse checks it, help shows it."""

    kind: type[int] | type[float]
    low: float | None = None
    high: float | None = None

    def __call__(self, text: str) -> int | float:
        try:
            value = self.kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a valid {self.kind.__name__}"
            ) from None
        if (self.low is not None and value < self.low) or (
            self.high is not None and value > self.high
        ):
            raise argparse.ArgumentTypeError(f"{text} is not in the range {self.range}")
        return value

    @property
    def range(self) -> str:
        """As Typer showed it: `1<=x<=65535`, `x>=0.0`."""
        if self.high is None:
            return f"x>={self.kind(self.low or 0)}"
        low = "" if self.low is None else f"{self.kind(self.low)}<="
        return f"{low}x<={self.kind(self.high)}"


class OnOff(argparse.BooleanOptionalAction):
    """`--x/--no-x`, its default shown by the shared layout (`[default: no-x]`), not by
    argparse's own " (default: False)"."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kw: Any) -> None:
        words = kw.pop("help", None)
        super().__init__(option_strings, dest, **kw)
        self.help = words


def repeatable(parser: argparse.ArgumentParser, *names: str, **kw: Any) -> None:
    """An option that may be given many times, each value kept in order (none: [])."""
    parser.add_argument(*names, action="append", default=[], **kw)


# --- help ----------------------------------------------------------------------------------------
KINDS = {"int": "INT", "float": "FLOAT", "Path": "PATH"}
WIDTH = 80  # as wide as help was under Typer (click wraps at 80)


class Formatter(argparse.HelpFormatter):
    """Each paragraph wrapped on its own (indented lines kept as they are), and each option's
    default and range after its words."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, max_help_position=34, width=min(WIDTH, terminal_width()) - 2)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n\n".join(wrap(block, width, indent) for block in clean(text).split("\n\n"))

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[Any],
        prefix: str | None = None,
    ) -> None:
        """`Usage:`, capitalised as the sections under it are."""
        super().add_usage(usage, actions, groups, "Usage: " if prefix is None else prefix)

    def _format_action_invocation(self, action: argparse.Action) -> str:
        """`-p, --players PLAYERS`, not argparse's `-p PLAYERS, --players PLAYERS`."""
        if not action.option_strings or action.nargs == 0:
            return super()._format_action_invocation(action)
        value = self._format_args(action, self._get_default_metavar_for_optional(action))
        names = sorted(action.option_strings, key=lambda name: name.startswith("--"))
        return f"{', '.join(names)} {value}"

    def _get_default_metavar_for_optional(self, action: argparse.Action) -> str:
        """The value's kind (`--port INT`), as Typer showed it, not the option's name again."""
        kind = action.type.kind if isinstance(action.type, Bounded) else action.type
        return KINDS.get(getattr(kind, "__name__", ""), "TEXT")

    def _format_action(self, action: argparse.Action) -> str:
        if isinstance(action, argparse._SubParsersAction):  # the commands, without a header
            return "".join(self._format_action(sub) for sub in action._get_subactions())
        return super()._format_action(action)

    def _get_help_string(self, action: argparse.Action) -> str:
        words = action.help or ""
        notes = [f"default: {shown}"] if (shown := default_shown(action)) else []
        if isinstance(action.type, Bounded):
            notes.append(action.type.range)
        return f"{words}  [{'; '.join(notes)}]" if notes else words


def terminal_width() -> int:
    """$COLUMNS, else the terminal's width, else WIDTH: what shutil.get_terminal_size says,
    without importing shutil (its archive modules are a tenth of `sleuth --help`'s time)."""
    import os

    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns if sys.__stdout__ else WIDTH
    except (AttributeError, ValueError, OSError):
        return WIDTH


def default_shown(action: argparse.Action) -> str | None:
    default = action.default
    if isinstance(action, OnOff):
        on, off = action.option_strings[:2]
        return (on if default else off).lstrip("-")
    if default in (None, False, [], argparse.SUPPRESS) or not action.option_strings:
        return None
    return str(default).replace("%", "%%")  # help words are %-formatted


def clean(text: str) -> str:
    """A docstring's text without the indentation of its lines after the first."""
    first, _, rest = text.strip().partition("\n")
    return f"{first}\n{textwrap.dedent(rest)}".strip()


def wrap(block: str, width: int, indent: str) -> str:
    lines = block.splitlines()
    if all(line.startswith(" ") for line in lines):  # an example: kept as written
        return "\n".join(indent + line for line in lines)
    return textwrap.fill(
        " ".join(block.split()), width, initial_indent=indent, subsequent_indent=indent
    )


def definitions(title: str, rows: Iterable[tuple[str, str]]) -> str:
    """A titled two-column list, as the options are shown (for help made by a command)."""
    rows = list(rows)
    first = min(max(len(term) for term, _ in rows), 30) + 4
    out = [f"{title}:"]
    for term, words in rows:
        text = textwrap.wrap(words, WIDTH - 2 - first) or [""]
        if len(term) + 4 > first:
            out.append(f"  {term}")
            out += [" " * first + line for line in text]
        else:
            out.append(f"  {term:{first - 2}}{text[0]}")
            out += [" " * first + line for line in text[1:]]
    return "\n".join(out) + "\n"
