"""The `sleuth` command. Each group of subcommands lives in sleuth/commands/."""

from __future__ import annotations

import typer

from sleuth.commands import play, scanner, serve, stop_thief

app = typer.Typer(
    help="sleuth: classic detective board games to play and study.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(stop_thief.app, name="stop-thief", help="Stop Thief tools: the detective's notebook.")
app.command("scanner")(scanner.scanner)
app.command("play")(play.play)
app.command("serve")(serve.serve)


@app.command("games")
def list_games() -> None:
    """List the games this installation offers."""
    import sleuth

    for name in sleuth.games():
        spec = sleuth.spec(name)
        typer.echo(f"{name:12} {spec.title} ({spec.min_players}-{spec.max_players} players)")


if __name__ == "__main__":  # pragma: no cover
    app()
