"""`sleuth tournament GAME --bots a,b`: seeded bot-against-bot games, summed up."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def tournament(
    game: str = typer.Argument(..., help="The game (see `sleuth games`)."),
    bots: str = typer.Option(
        ..., "--bots", help="The bots taking part, by level, comma-separated: random,expert."
    ),
    games: int = typer.Option(100, "--games", "-n", min=1, help="How many games to play."),
    players: int = typer.Option(2, "--players", "-p", help="Seats at each table."),
    seed: int = typer.Option(0, "--seed", "-s", help="The first game's seed (then one up each)."),
    workers: int | None = typer.Option(
        None, "--workers", "-j", min=1, help="Processes to play on; default: every core."
    ),
    backend: str = typer.Option(
        "local", "--backend", help="local (this machine's cores) or ray (a Ray cluster)."
    ),
    address: str | None = typer.Option(
        None, "--address", help="With --backend ray: the cluster's address; default: start one."
    ),
    max_actions: int = typer.Option(
        20_000, "--max-actions", min=1, help="A game still going after this many actions stops."
    ),
    out: Annotated[
        Path | None,
        typer.Option(help="Save every game (seed, seats, winners, record) as this CSV file."),
    ] = None,
    plot: Annotated[
        Path | None, typer.Option(help="Draw the results to PATH.png and PATH.svg.")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A game option as NAME=VALUE (repeatable)."),
    ] = None,
) -> None:
    """Play bots against each other in seeded games and report win rates, seats and ratings.

    Every seating of the bots is played in turn, game after game, each with its own seed,
    so the same command gives the same results on any number of processes.
    """
    from rich.console import Console
    from rich.markdown import Markdown
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    import sleuth
    from sleuth.commands.play import _options
    from sleuth.lab.report import plot as draw
    from sleuth.lab.report import summarise
    from sleuth.lab.results import save
    from sleuth.lab.tournament import GameResult, Tournament, run

    entrants = tuple(b.strip() for b in bots.split(",") if b.strip())
    plan = Tournament(
        game=game,
        bots=entrants,
        games=games,
        players=players,
        seed=seed,
        options=_options(option or []),
        max_actions=max_actions,
    )
    try:
        plan.check()
    except (sleuth.IllegalAction, ValueError) as err:
        raise typer.BadParameter(str(err)) from None
    console = Console(stderr=True)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(f"{game}: {' v '.join(entrants)}", total=games)

        def advance(_: GameResult) -> None:
            bar.advance(task)

        try:
            results = run(plan, workers, advance, backend=backend, address=address)
        except ValueError as err:
            raise typer.BadParameter(str(err), param_hint="--backend") from None
    summary = summarise(results)
    Console().print(Markdown(summary.table()))
    if out is not None:
        save(results, out)
        typer.echo(f"Saved {len(results)} games to {out}")
    if plot is not None:
        for suffix in (".png", ".svg"):
            draw(summary, plot.with_suffix(suffix))
        typer.echo(f"Drew {plot.with_suffix('.png')} and {plot.with_suffix('.svg')}")
