"""`sleuth tournament GAME --bots a,b`: seeded bot-against-bot games, summed up."""

from __future__ import annotations

from argparse import ArgumentParser, Namespace

from sleuth.commands.base import Command, UsageError
from sleuth.commands.values import Bounded, repeatable


def add_arguments(parser: ArgumentParser) -> None:
    from pathlib import Path  # here, not on import: `sleuth --help` does without it

    add = parser.add_argument
    add("game", metavar="GAME", help="The game (see `sleuth games`).")
    add(
        "--bots",
        required=True,
        help="The bots taking part, by level, comma-separated: random,expert.",
    )
    add("--games", "-n", type=Bounded(int, 1), default=100, help="How many games to play.")
    add("--players", "-p", type=int, default=2, help="Seats at each table.")
    add("--seed", "-s", type=int, default=0, help="The first game's seed (then one up each).")
    add(
        "--workers",
        "-j",
        type=Bounded(int, 1),
        help="Processes to play on; default: every core.",
    )
    add("--backend", default="local", help="local (this machine's cores) or ray (a Ray cluster).")
    add("--address", help="With --backend ray: the cluster's address; default: start one.")
    add(
        "--max-actions",
        type=Bounded(int, 1),
        default=20_000,
        help="A game still going after this many actions stops.",
    )
    add("--out", type=Path, help="Save every game (seed, seats, winners, record) as this CSV file.")
    add("--plot", type=Path, help="Draw the results to PATH.png and PATH.svg.")
    repeatable(parser, "--option", "-o", help="A game option as NAME=VALUE (repeatable).")


def run(args: Namespace) -> None:
    from rich.console import Console
    from rich.markdown import Markdown
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    import sleuth
    from sleuth.commands.play import _options
    from sleuth.lab.report import plot as draw
    from sleuth.lab.report import summarise
    from sleuth.lab.results import save
    from sleuth.lab.tournament import GameResult, Tournament
    from sleuth.lab.tournament import run as play_all

    entrants = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    plan = Tournament(
        game=args.game,
        bots=entrants,
        games=args.games,
        players=args.players,
        seed=args.seed,
        options=_options(args.option),
        max_actions=args.max_actions,
    )
    try:
        plan.check()
    except (sleuth.IllegalAction, ValueError) as err:
        raise UsageError(str(err)) from None
    console = Console(stderr=True)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(f"{args.game}: {' v '.join(entrants)}", total=args.games)

        def advance(_: GameResult) -> None:
            bar.advance(task)

        try:
            results = play_all(
                plan, args.workers, advance, backend=args.backend, address=args.address
            )
        except ValueError as err:
            raise UsageError(str(err), "--backend") from None
    summary = summarise(results)
    Console().print(Markdown(summary.table()))
    out, plot = args.out, args.plot
    if out is not None:
        save(results, out)
        print(f"Saved {len(results)} games to {out}")
    if plot is not None:
        for suffix in (".png", ".svg"):
            draw(summary, plot.with_suffix(suffix))
        print(f"Drew {plot.with_suffix('.png')} and {plot.with_suffix('.svg')}")


COMMAND = Command(
    "Play bots against each other in seeded games and report win rates, seats and ratings.",
    add_arguments,
    run,
    description="""Play bots against each other in seeded games and report win rates, seats and
    ratings.

    Every seating of the bots is played in turn, game after game, each with its own seed,
    so the same command gives the same results on any number of processes.""",
)
