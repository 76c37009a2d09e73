"""The `sleuth` command: the shared commands here and in sleuth/commands/, each game's own
(`sleuth <game> ...`) from the `cli` part of its manifest. Names no game."""

from __future__ import annotations

import typer

from sleuth.commands import play, serve
from sleuth.core import game_names, spec

app = typer.Typer(
    help="sleuth: classic detective board games to play and study.",
    no_args_is_help=True,
    add_completion=False,
)
app.command("play")(play.play)
app.command("serve")(serve.serve)


@app.command("games")
def list_games() -> None:
    """List the games this installation offers."""
    for name in game_names():
        game = spec(name)
        typer.echo(f"{name:12} {game.title} ({game.min_players}-{game.max_players} players)")


def _add_game_commands() -> None:
    """Each game's command group, and the commands it offers at the top level too."""
    for name in game_names():
        manifest = spec(name)
        if not manifest.has("cli"):
            continue
        module = manifest.load("cli")
        app.add_typer(
            module.app, name=name, help=module.app.info.help or f"{manifest.title} tools."
        )
        for command, function in getattr(module, "TOP_LEVEL", {}).items():
            app.command(command)(function)


_add_game_commands()


def main() -> None:
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
