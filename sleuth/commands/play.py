"""`sleuth play GAME`: a whole game in this terminal, humans (hot-seat) against bots."""

from __future__ import annotations

import typer

import sleuth


def play(
    game: str = typer.Argument("stop-thief", help="The game to play (see `sleuth games`)."),
    players: int = typer.Option(3, "--players", "-p", help="Seats at the table, bots included."),
    bots: int = typer.Option(2, "--bots", "-b", help="How many of the seats bots play (the last)."),
    seed: int | None = typer.Option(None, "--seed", "-s", help="Seed for all chance (replayable)."),
    bot_level: str = typer.Option("detective", "--bot-level", help="random or detective."),
    bot_delay: float = typer.Option(
        0.6, "--bot-delay", min=0.0, help="Seconds between a bot's actions, so you can follow."
    ),
) -> None:
    """Play a game in the terminal: humans take the first seats, bots the rest."""
    import random

    from sleuth.bots import UnknownBot, bot_levels

    try:
        sleuth.spec(game)
    except sleuth.IllegalAction as err:
        raise typer.BadParameter(str(err), param_hint="GAME") from None
    if game != "stop-thief":
        raise typer.BadParameter(f"{game} has no terminal interface yet", param_hint="GAME")
    if not 0 <= bots <= players:
        raise typer.BadParameter(f"between 0 and {players} bots, not {bots}", param_hint="--bots")
    if bot_level not in bot_levels(game):
        levels = ", ".join(bot_levels(game))
        raise typer.BadParameter(f"choose one of {levels}", param_hint="--bot-level")
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    from sleuth.tui.stop_thief import StopThiefApp

    try:
        app = StopThiefApp(players, bots, seed, bot_level, bot_delay)
    except (sleuth.IllegalAction, UnknownBot) as err:
        raise typer.BadParameter(str(err)) from None
    app.run()
    typer.echo(f"Stop Thief, seed {seed}. Thanks for playing.")
