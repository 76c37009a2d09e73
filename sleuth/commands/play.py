"""`sleuth play GAME`: a whole game in this terminal, humans (hot-seat) against bots."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from typer.core import TyperCommand

import sleuth

if TYPE_CHECKING:
    from typer._click import Context, HelpFormatter

    from sleuth.tui.shell import GameShell

LATEST = "-"  # what a bare `--resume` stands for: the latest unfinished save
TABLE = ("players", "bots", "seed", "bot_level", "option")  # what a save already says


def play(
    ctx: typer.Context,
    game: str = typer.Argument("stop-thief", help="The game to play (see `sleuth games`)."),
    players: int = typer.Option(3, "--players", "-p", help="Seats at the table, bots included."),
    bots: int = typer.Option(2, "--bots", "-b", help="How many of the seats bots play (the last)."),
    seed: int | None = typer.Option(None, "--seed", "-s", help="Seed for all chance (replayable)."),
    bot_level: str | None = typer.Option(
        None,
        "--bot-level",
        help="beginner, intermediate or expert (or random); each game's are listed below. "
        "Default: intermediate.",
    ),
    bot_delay: float = typer.Option(
        0.6, "--bot-delay", min=0.0, help="Seconds between a bot's actions, so you can follow."
    ),
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            help="A game option as NAME=VALUE (repeatable), e.g. crime=murder; "
            "each game's are listed below.",
        ),
    ] = None,
    resume: str | None = typer.Option(
        None,
        "--resume",
        "-r",
        metavar="[FILE]",
        help="Go on with a saved game: FILE, or else the latest unfinished one (of GAME, if "
        "named). Games are saved as they go in $XDG_DATA_HOME/sleuth/saves "
        "(~/.local/share/sleuth/saves).",
    ),
    tutorial: bool = typer.Option(
        False,
        "--tutorial",
        help="A guided first game: a coach shows what to do and why, step by step (the "
        "game's own seed, seats and options; not saved).",
    ),
) -> None:
    """Play a game in the terminal: humans take the first seats, bots the rest."""
    if tutorial:
        _tutorial(ctx, game, bot_delay, resume is not None)
        return
    if resume is not None:
        _resume(ctx, resume, game, bot_delay)
        return
    import random

    from sleuth.bots import UnknownBot, resolve_level
    from sleuth.tui import app_for, playable, saves

    try:
        spec = sleuth.spec(game)
    except sleuth.IllegalAction as err:
        raise typer.BadParameter(str(err), param_hint="GAME") from None
    if game not in playable():
        raise typer.BadParameter(
            f"{game} has no terminal interface yet (try {', '.join(playable())})",
            param_hint="GAME",
        )
    if not spec.min_players <= players <= spec.max_players:
        raise typer.BadParameter(
            f"{spec.title} is for {spec.min_players} to {spec.max_players} players, not {players}",
            param_hint="--players",
        )
    if not 0 <= bots <= players:
        raise typer.BadParameter(f"between 0 and {players} bots, not {bots}", param_hint="--bots")
    if bot_level is not None:
        try:
            bot_level = resolve_level(game, bot_level)
        except UnknownBot as err:
            raise typer.BadParameter(str(err), param_hint="--bot-level") from None
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    options = _options(option or [])
    app_class = app_for(game)
    assert app_class is not None
    try:
        app = app_class(players, bots, seed, bot_level, bot_delay, options)
    except (sleuth.IllegalAction, UnknownBot) as err:
        raise typer.BadParameter(str(err)) from None
    _need_a_terminal()
    app.save_path = saves.new_path(game, seed)
    _run(app)


def _tutorial(ctx: Context, game: str, bot_delay: float, resuming: bool) -> None:
    """`--tutorial`: the game's guided first game (sleuth.core.tutorial), coached."""
    from sleuth.core.tutorial import TutorialError, load_script
    from sleuth.tui import app_for

    mixed = [name for name in TABLE if _given(ctx, name)] + (["resume"] if resuming else [])
    if mixed:
        flags = ", ".join("--" + name.replace("_", "-") for name in mixed)
        raise typer.BadParameter(
            f"a guided game sets up its own table; leave out {flags}", param_hint="--tutorial"
        )
    try:
        script = load_script(game) if game in sleuth.game_names() else None
    except TutorialError as err:
        raise typer.BadParameter(str(err), param_hint="--tutorial") from None
    app_class = app_for(game)
    if script is None or app_class is None:
        raise typer.BadParameter(
            f"{game} has no guided first game in the terminal yet", param_hint="--tutorial"
        )
    app = app_class.tutorial(script, bot_delay)
    _need_a_terminal()
    _run(app)


def _resume(ctx: Context, given: str, game: str, bot_delay: float) -> None:
    """`--resume [FILE]`: the save replayed to where it was (a bad one is refused, untouched)."""
    from sleuth.tui import app_for, saves

    mixed = [name for name in TABLE if _given(ctx, name)]
    if mixed:
        flags = ", ".join("--" + name.replace("_", "-") for name in mixed)
        raise typer.BadParameter(
            f"a resumed game keeps the table it was saved with; leave out {flags}",
            param_hint="--resume",
        )
    try:
        named = game if _given(ctx, "game") else None
        path = saves.latest(named) if given == LATEST else Path(given)
        saved = saves.read(path)
        app_class = app_for(saved[0].record.game)
        if app_class is None:
            raise saves.BadSave(f"{path}: its game cannot be played in the terminal")
        app = app_class.resume(path, bot_delay, saved)
    except saves.BadSave as err:
        raise typer.BadParameter(str(err), param_hint="--resume") from None
    _need_a_terminal()
    _run(app)


def _given(ctx: Context, name: str) -> bool:
    """Whether the command line gave this parameter (rather than its default)."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name != "DEFAULT"


def _need_a_terminal() -> None:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        # Textual would wait for keys that can never come; say so and stop instead.
        typer.echo(
            "sleuth play: needs a terminal to play in (standard input or output is not one). "
            "For scripted games use Python: sleuth.new_game(...).",
            err=True,
        )
        raise typer.Exit(2)


def _run(app: GameShell) -> None:
    """Play until the game ends or the players leave; then say how to come back to it."""
    from sleuth.tui.session import resume_words

    app.run()
    state = app.state
    title = sleuth.spec(state.name).title
    typer.echo(f"{title}, seed {state.seed}. Thanks for playing.")
    typer.echo(resume_words(app.save_path, state.over))


def _options(given: list[str]) -> dict[str, object]:
    """NAME=VALUE pairs; a VALUE that reads as JSON (true, 3, 0.5) is taken as such."""
    import json

    options: dict[str, object] = {}
    for pair in given:
        name, sep, text = pair.partition("=")
        if not sep or not name.strip():
            raise typer.BadParameter(
                f"write an option as NAME=VALUE, not {pair!r}", param_hint="--option"
            )
        try:
            value: object = json.loads(text)
        except ValueError:
            value = text
        options[name.strip()] = value if isinstance(value, bool | int | float) else text
    return options


class PlayCommand(TyperCommand):
    """`sleuth play`, whose help ends with every game's bot levels and options
    (-o NAME=VALUE), read from the bot registry and each game's options class when the
    help is shown, and whose `--resume` may go without its FILE (then it means the
    latest save)."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, bare_resume(args))

    def format_epilog(self, ctx: Context, formatter: HelpFormatter) -> None:
        from sleuth.bots import bot_levels, default_level, level_line
        from sleuth.core.options import describe_options

        for name in sleuth.game_names():
            default = default_level(name)
            with formatter.section(f"Bot levels for {name} (--bot-level)"):
                formatter.write_dl(
                    [
                        (
                            level,
                            level_line(name, level) + ("  [default]" if level == default else ""),
                        )
                        for level in bot_levels(name)
                    ]
                )
            rows = []
            for option in describe_options(sleuth.spec(name).options_type):
                choices = option.get("choices")
                kind = "|".join(map(str, choices)) if choices else option["type"]
                default = option["default"]
                shown = str(default).lower() if isinstance(default, bool) else str(default)
                shown = shown or '""'
                rows.append((f"{option['name']}=<{kind}>", f"{option['help']}  [default: {shown}]"))
            if rows:
                with formatter.section(f"Options for {name} (-o NAME=VALUE)"):
                    formatter.write_dl(rows)


def bare_resume(args: list[str]) -> list[str]:
    """`--resume` (or `-r`) followed by nothing, by another option or by a game's name gets
    LATEST as its value; anything else after it is its FILE."""
    out: list[str] = []
    for number, arg in enumerate(args):
        out.append(arg)
        if arg in ("--resume", "-r"):
            following = args[number + 1] if number + 1 < len(args) else None
            if following is None or following.startswith("-") or following in sleuth.game_names():
                out.append(LATEST)
    return out


play.command_class = PlayCommand  # type: ignore[attr-defined]  # read by function_command
