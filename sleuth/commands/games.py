"""`sleuth games`: the games this installation offers."""

from __future__ import annotations

from argparse import ArgumentParser, Namespace

from sleuth.commands.base import Command


def add_arguments(parser: ArgumentParser) -> None:
    """No arguments."""


def run(args: Namespace) -> None:
    from sleuth.core import game_names, spec

    for name in game_names():
        game = spec(name)
        print(f"{name:12} {game.title} ({game.min_players}-{game.max_players} players)")


COMMAND = Command("List the games this installation offers.", add_arguments, run)
