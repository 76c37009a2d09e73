"""`sleuth rules GAME`: how to play a game, in the terminal."""

from __future__ import annotations

from argparse import ArgumentParser, Namespace

from sleuth.commands.base import Command, UsageError


def add_arguments(parser: ArgumentParser) -> None:
    parser.add_argument("game", metavar="GAME", help="The game (see `sleuth games`).")


def run(args: Namespace) -> None:
    from rich.console import Console
    from rich.markdown import Markdown

    import sleuth

    try:
        text = sleuth.spec(args.game).guide()
    except sleuth.IllegalAction as err:
        raise UsageError(str(err), "GAME") from None
    if text is None:
        raise UsageError(f"{args.game} has no guide yet", "GAME")
    Console().print(Markdown(text))


COMMAND = Command(
    "How to play a game, in the project's own words (the same text as the browser's).",
    add_arguments,
    run,
)
