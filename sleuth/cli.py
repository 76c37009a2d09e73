"""The `sleuth` command: the shared commands here and in sleuth/commands/, each game's own
(`sleuth <game> ...`) from the `cli` part of its manifest. Each is built only when it is
run or its help is asked for (sleuth/commands/groups.py), so `sleuth --help` starts fast.
Names no game."""

from __future__ import annotations

import typer

from sleuth.commands import companion, play, printing, rules, serve, tournament
from sleuth.commands.groups import GameCommands, new_app
from sleuth.core import game_names, spec


def list_games() -> None:
    """List the games this installation offers."""
    for name in game_names():
        game = spec(name)
        typer.echo(f"{name:12} {game.title} ({game.min_players}-{game.max_players} players)")


class Sleuth(GameCommands):
    """`sleuth`: these commands, then every game's."""

    shared = {
        "play": play.play,
        "serve": serve.serve,
        "games": list_games,
        "rules": rules.rules,
        "tournament": tournament.tournament,
        "print": printing.print_kit,
        "companion": companion.companion,
    }


app = new_app(
    cls=Sleuth,
    help="sleuth: classic detective board games to play and study.",
    no_args_is_help=True,
)


def show_version(asked: bool) -> None:
    if asked:
        from importlib.metadata import version

        typer.echo(f"sleuth {version('sleuth')}")
        raise typer.Exit()


@app.callback()
def sleuth(
    version: bool = typer.Option(
        False, "--version", is_eager=True, callback=show_version, help="Say the version and exit."
    ),
) -> None:
    """Nothing to do before any command but `--version`. (Typer makes a group of an app with a
    callback: this one registers no commands with Typer, `Sleuth` builds them when looked up.)"""


def main() -> None:
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
