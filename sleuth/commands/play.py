"""`sleuth play GAME`: a whole game in this terminal, humans (hot-seat) against bots."""

from __future__ import annotations

import sys
from argparse import ArgumentParser, Namespace
from typing import TYPE_CHECKING

from sleuth.commands.base import Command, UsageError
from sleuth.commands.layout import definitions
from sleuth.commands.values import Bounded, repeatable

if TYPE_CHECKING:
    from sleuth.tui.shell import GameShell

LATEST = "-"  # what a bare `--resume` stands for: the latest unfinished save
TABLE = ("players", "bots", "seed", "bot_level", "option")  # what a save already says
# The table's defaults, shown by the help: the parser leaves them None (or []) so that
# `run` can tell an option given from one left out (a save or a tutorial sets its own table).
DEFAULTS: dict[str, object] = {"game": "stop-thief", "players": 3, "bots": 2}


def add_arguments(parser: ArgumentParser) -> None:
    add = parser.add_argument
    add(
        "game",
        nargs="?",
        metavar="GAME",
        help=f"The game to play (see `sleuth games`).  [default: {DEFAULTS['game']}]",
    )
    add(
        "-p",
        "--players",
        type=int,
        help=f"Seats at the table, bots included.  [default: {DEFAULTS['players']}]",
    )
    add(
        "-b",
        "--bots",
        type=int,
        help=f"How many of the seats bots play (the last).  [default: {DEFAULTS['bots']}]",
    )
    add("-s", "--seed", type=int, help="Seed for all chance (replayable).")
    add(
        "--bot-level",
        help="beginner, intermediate or expert (or random); each game's are listed below. "
        "Default: intermediate.",
    )
    add(
        "--bot-delay",
        type=Bounded(float, 0.0),
        default=0.6,
        help="Seconds between a bot's actions, so you can follow.",
    )
    repeatable(
        parser,
        "-o",
        "--option",
        metavar="NAME=VALUE",
        help="A game option as NAME=VALUE (repeatable), e.g. crime=murder; "
        "each game's are listed below.",
    )
    add(
        "-r",
        "--resume",
        nargs="?",
        const=LATEST,
        metavar="FILE",
        help="Go on with a saved game: FILE, or else the latest unfinished one (of GAME, if "
        "named). Games are saved as they go in $XDG_DATA_HOME/sleuth/saves "
        "(~/.local/share/sleuth/saves).",
    )
    add(
        "--tutorial",
        action="store_true",
        help="A guided first game: a coach shows what to do and why, step by step (the "
        "game's own seed, seats and options; not saved).",
    )


def run(args: Namespace) -> int | None:
    import sleuth

    if args.resume is not None and args.resume in sleuth.game_names() and args.game is None:
        args.game, args.resume = args.resume, LATEST  # `--resume kojak`: kojak's latest save
    given = {name for name in (*TABLE, "game") if getattr(args, name) not in (None, [])}
    for name, default in DEFAULTS.items():
        if getattr(args, name) is None:
            setattr(args, name, default)
    if args.tutorial:
        return _tutorial(args, given)
    if args.resume is not None:
        return _resume(args, given)
    return _new(args)


def _new(args: Namespace) -> int | None:
    import random

    import sleuth
    from sleuth.bots import UnknownBot, resolve_level
    from sleuth.tui import app_for, playable, saves

    game, players, bots, bot_level, seed = (
        args.game,
        args.players,
        args.bots,
        args.bot_level,
        args.seed,
    )
    try:
        spec = sleuth.spec(game)
    except sleuth.IllegalAction as err:
        raise UsageError(str(err), "GAME") from None
    if game not in playable():
        raise UsageError(
            f"{game} has no terminal interface yet (try {', '.join(playable())})", "GAME"
        )
    if not spec.min_players <= players <= spec.max_players:
        raise UsageError(
            f"{spec.title} is for {spec.min_players} to {spec.max_players} players, not {players}",
            "--players",
        )
    if not 0 <= bots <= players:
        raise UsageError(f"between 0 and {players} bots, not {bots}", "--bots")
    if bot_level is not None:
        try:
            bot_level = resolve_level(game, bot_level)
        except UnknownBot as err:
            raise UsageError(str(err), "--bot-level") from None
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    options = _options(args.option)
    app_class = app_for(game)
    assert app_class is not None
    try:
        app = app_class(players, bots, seed, bot_level, args.bot_delay, options)
    except (sleuth.IllegalAction, UnknownBot) as err:
        raise UsageError(str(err)) from None
    if not _a_terminal():
        return 2
    app.save_path = saves.new_path(game, seed)
    _run(app)
    return None


def _tutorial(args: Namespace, given: set[str]) -> int | None:
    """`--tutorial`: the game's guided first game (sleuth.core.tutorial), coached."""
    import sleuth
    from sleuth.core.tutorial import TutorialError, load_script
    from sleuth.tui import app_for

    game = args.game
    mixed = [name for name in TABLE if name in given] + (["resume"] if args.resume else [])
    if mixed:
        flags = ", ".join("--" + name.replace("_", "-") for name in mixed)
        raise UsageError(f"a guided game sets up its own table; leave out {flags}", "--tutorial")
    try:
        script = load_script(game) if game in sleuth.game_names() else None
    except TutorialError as err:
        raise UsageError(str(err), "--tutorial") from None
    app_class = app_for(game)
    if script is None or app_class is None:
        raise UsageError(f"{game} has no guided first game in the terminal yet", "--tutorial")
    app = app_class.tutorial(script, args.bot_delay)
    if not _a_terminal():
        return 2
    _run(app)
    return None


def _resume(args: Namespace, given: set[str]) -> int | None:
    """`--resume [FILE]`: the save replayed to where it was (a bad one is refused, untouched)."""
    from pathlib import Path

    from sleuth.tui import app_for, saves

    mixed = [name for name in TABLE if name in given]
    if mixed:
        flags = ", ".join("--" + name.replace("_", "-") for name in mixed)
        raise UsageError(
            f"a resumed game keeps the table it was saved with; leave out {flags}", "--resume"
        )
    try:
        named = args.game if "game" in given else None
        path = saves.latest(named) if args.resume == LATEST else Path(args.resume)
        saved = saves.read(path)
        app_class = app_for(saved[0].record.game)
        if app_class is None:
            raise saves.BadSave(f"{path}: its game cannot be played in the terminal")
        app = app_class.resume(path, args.bot_delay, saved)
    except saves.BadSave as err:
        raise UsageError(str(err), "--resume") from None
    if not _a_terminal():
        return 2
    _run(app)
    return None


def _a_terminal() -> bool:
    if sys.stdin.isatty() and sys.stdout.isatty():
        return True
    # Textual would wait for keys that can never come; say so and stop instead.
    print(
        "sleuth play: needs a terminal to play in (standard input or output is not one). "
        "For scripted games use Python: sleuth.new_game(...).",
        file=sys.stderr,
    )
    return False


def _run(app: GameShell) -> None:
    """Play until the game ends or the players leave; then say how to come back to it."""
    import sleuth
    from sleuth.tui.session import resume_words

    app.run()
    state = app.state
    title = sleuth.spec(state.name).title
    print(f"{title}, seed {state.seed}. Thanks for playing.")
    print(resume_words(app.save_path, state.over))


def _options(given: list[str]) -> dict[str, object]:
    """NAME=VALUE pairs; a VALUE that reads as JSON (true, 3, 0.5) is taken as such."""
    import json

    options: dict[str, object] = {}
    for pair in given:
        name, sep, text = pair.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"write an option as NAME=VALUE, not {pair!r}", "--option")
        try:
            value: object = json.loads(text)
        except ValueError:
            value = text
        options[name.strip()] = value if isinstance(value, bool | int | float) else text
    return options


def every_games_choices() -> str:
    """The end of `sleuth play -h`: every game's bot levels and options (-o NAME=VALUE), read
    from the bot registry and each game's options class only when the help is shown."""
    import sleuth
    from sleuth.bots import bot_levels, default_level, level_line
    from sleuth.core.options import describe_options

    sections = []
    for name in sleuth.game_names():
        default = default_level(name)
        levels = [
            (level, level_line(name, level) + ("  [default]" if level == default else ""))
            for level in bot_levels(name)
        ]
        sections.append(definitions(f"Bot levels for {name} (--bot-level)", levels))
        rows = []
        for option in describe_options(sleuth.spec(name).options_type):
            choices = option.get("choices")
            kind = "|".join(map(str, choices)) if choices else option["type"]
            value = option["default"]
            shown = str(value).lower() if isinstance(value, bool) else str(value)
            shown = shown or '""'
            rows.append((f"{option['name']}=<{kind}>", f"{option['help']}  [default: {shown}]"))
        if rows:
            sections.append(definitions(f"Options for {name} (-o NAME=VALUE)", rows))
    return "\n".join(sections)


COMMAND = Command(
    "Play a game in the terminal: humans take the first seats, bots the rest.",
    add_arguments,
    run,
    more_help=every_games_choices,
)
