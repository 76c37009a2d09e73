"""How `sleuth`'s help is laid out: each paragraph wrapped on its own, options as
`-p, --players INT`, each with its default and range (`[default: 8000; 1<=x<=65535]`), the
commands listed under "Commands", as the help read under Typer."""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Iterable
from typing import Any

from sleuth.commands.values import Bounded, OnOff

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
    if default is None or default is False or default == [] or default is argparse.SUPPRESS:
        return None  # (identity: a default of 0 is shown, though 0 == False)
    if not action.option_strings:
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
