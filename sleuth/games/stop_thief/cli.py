"""`sleuth stop-thief ...`: Stop Thief helpers for a player at a real or virtual table."""

from __future__ import annotations

from typing import Annotated

import typer

from sleuth.games.stop_thief.companion.cli import scanner
from sleuth.games.stop_thief.scanner import Odds
from sleuth.games.stop_thief.tracker import NoteError, Tracker, TrackerError, follow, parse_notes

app = typer.Typer(
    no_args_is_help=True, help="Stop Thief tools: the detective's notebook and the Crime Scanner."
)

DEFAULT = Odds()

USAGE_ERROR = 2  # a token or option that cannot be read (the shell's convention)
NO_THIEF_FITS = 1  # the notes read fine but contradict each other under these odds


@app.command("track")
def track(
    tokens: Annotated[
        list[str],
        typer.Argument(
            metavar="TOKEN",
            help=(
                "What the table heard, in order, as the scanner showed it: 1Cr (or Cr1) "
                "a crime in building or street 1-8; 1FL, 1dr, 1GL, 5St, 6Sub (a subway "
                "ride up on street 6), or FL, dr, GL, St, Sub from a scanner that shows "
                "no digit; - or bleep; tip:148; "
                "false:148 a false arrest there; escape:148 an unsuccessful arrest there, "
                "then the 5 or 6 escape clues ('.' ends a run of five early); "
                "new:3Cr a new thief after an arrest. A crime while a thief is at large "
                "is that thief robbing again."
            ),
        ),
    ],
    odds: Annotated[
        bool, typer.Option("--odds", help="Print each space's probability too.")
    ] = False,
    still: Annotated[
        float,
        typer.Option(min=0.0, max=1.0, help="Chance that a CLUE press leaves him still."),
    ] = DEFAULT.still,
    escape_six: Annotated[
        float,
        typer.Option(min=0.0, max=1.0, help="Chance that an escape runs six moves, not five."),
    ] = DEFAULT.six,
    flee: Annotated[
        bool,
        typer.Option(help="Escape moves never bring him nearer the space the cops came to."),
    ] = DEFAULT.flee,
    gain: Annotated[
        bool,
        typer.Option(
            help="With --flee, each escape move takes him a space farther where it can "
            "(--no-gain: merely never nearer)."
        ),
    ] = DEFAULT.gain,
) -> None:
    """Where can the thief be? Print the possible arrest codes, one per line.

    Example: `sleuth stop-thief track 1Cr 1dr 1FL 1dr 1GL` prints 148 (the
    rulebook's tracking example as the real scanner shows it; written without the
    digits, `1Cr dr FL dr GL`, it prints 148 too). The scanner's chance of
    letting him escape does not change where he can be, so it is not an option here.
    """
    try:
        notes = parse_notes(tokens)
    except NoteError as err:
        typer.echo(f"Error: {err}", err=True)
        raise typer.Exit(USAGE_ERROR) from None
    tracker = Tracker(odds=Odds(still=still, six=escape_six, flee=flee, gain=gain))
    try:
        follow(notes, tracker)
    except TrackerError as err:
        typer.echo(f"Error: {err}", err=True)
        raise typer.Exit(NO_THIEF_FITS) from None
    if odds:
        for code, p in tracker.distribution().items():
            typer.echo(f"{code} {p:.4f}")
    else:
        for code in tracker.possible_spaces():
            typer.echo(str(code))


# The Crime Scanner: `sleuth stop-thief scanner`, and `sleuth scanner` for short.
app.command("scanner")(scanner)
TOP_LEVEL = {"scanner": scanner}
