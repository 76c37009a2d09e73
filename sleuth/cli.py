"""The `sleuth` command: the shared commands (sleuth/commands/), then each game's own
(`sleuth <game> ...`) from the `cli` part of its manifest. Names no game.

A game's commands are listed by the words its manifest gives (`GameSpec.commands`); its
`cli` part is imported, and its parsers built, only when one of its commands is the one
run or asked for help, so `sleuth --help` imports no game beyond its manifest and starts
fast (bench/bench_startup.py).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from sleuth.commands import companion, games, play, printing, rules, serve, tournament
from sleuth.commands.base import USAGE, Command, Parser, UsageError, add_command

SHARED: Mapping[str, Command] = {
    "play": play.COMMAND,
    "serve": serve.COMMAND,
    "games": games.COMMAND,
    "rules": rules.COMMAND,
    "tournament": tournament.COMMAND,
    "print": printing.COMMAND,
    "companion": companion.COMMAND,
}
HELP = "sleuth: classic detective board games to play and study."


class Version(argparse.Action):
    """`--version`: the installed version, looked up only when asked (importlib.metadata
    costs a few milliseconds every run otherwise)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kw: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kw)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        from importlib.metadata import version

        parser.exit(message=f"sleuth {version('sleuth')}\n")


def root(chosen: str | None) -> Parser:
    """The `sleuth` parser, with `chosen` (the command named on the command line) built
    whole, and with it the rest of its game's commands (one import); every other command
    only listed."""
    from sleuth.core import game_names, spec

    parser = Parser(prog="sleuth", description=HELP)
    parser.add_argument("--version", action=Version, help="Say the version and exit.")
    parser.set_defaults(_command=None, _parser=parser)
    subparsers = parser.add_subparsers(title="Commands", metavar="COMMAND", parser_class=Parser)
    listed: list[tuple[bool, str, str | Command]] = [  # (a game's group?, name, words or built)
        (False, name, command if name == chosen else command.help)
        for name, command in SHARED.items()
    ]
    for name in game_names():
        game = spec(name)
        if not game.has("cli"):
            continue
        if game.commands and chosen not in game.commands:
            listed += [(c == name, c, words) for c, words in game.commands.items()]
        else:  # run or asked for, or a manifest that does not list them: import the part
            commands: Mapping[str, Command] = game.load("cli").COMMANDS
            listed += [(c == name, c, built) for c, built in commands.items()]
    # Each game's short commands (`scanner`) before the games' own groups, as Typer listed them;
    # a name already taken keeps its first meaning (a game cannot take over `play`). Only the
    # command chosen gets its arguments: the others are listed, never parsed.
    for _group, name, entry in sorted(listed, key=lambda row: row[0]):
        if name in subparsers.choices:
            continue
        if isinstance(entry, Command):
            add_command(subparsers, name, entry)
        else:
            subparsers.add_parser(name, help=entry, add_help=False)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run `sleuth` with these words (else the command line's); its exit status. A usage
    error exits (SystemExit, status 2), as argparse does."""
    words = sys.argv[1:] if argv is None else argv
    parser = root(next((word for word in words if not word.startswith("-")), None))
    if not words:
        parser.print_help()
        return USAGE
    args, extras = parser.parse_known_args(words)
    said: Parser = args._parser  # the command's own: "sleuth play: error: ..."
    if extras:
        said.intermix(args, extras)
    command: Command | None = args._command
    if command is None:
        parser.print_help()
        return USAGE
    try:
        return command.run(args) or 0
    except UsageError as err:
        said.error(str(err))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
