"""`sleuth stop-thief ...`: Stop Thief helpers for a player at a real or virtual table.

This is the game's `cli` part (`GameSpec`): `COMMANDS` are what it adds to `sleuth`.
Light to import; the notebook and the scanner are imported when a command runs.
"""

from __future__ import annotations

import sys
from argparse import ArgumentParser, Namespace

from sleuth.commands.base import Command, group
from sleuth.commands.values import Bounded, OnOff
from sleuth.games.stop_thief.companion import cli as scanner

USAGE_ERROR = 2  # a token or option that cannot be read (the shell's convention)
NO_THIEF_FITS = 1  # the notes read fine but contradict each other under these odds

TOKEN_HELP = (
    "What the table heard, in order, as the scanner showed it: 1Cr (or Cr1) "
    "a crime in building or street 1-8; 1FL, 1dr, 1GL, 5St, 6Sub (a subway "
    "ride up on street 6), or FL, dr, GL, St, Sub from a scanner that shows "
    "no digit; - or bleep; tip:148; "
    "false:148 a false arrest there; escape:148 an unsuccessful arrest there, "
    "then the 5 or 6 escape clues ('.' ends a run of five early); "
    "new:3Cr a new thief after an arrest. A crime while a thief is at large "
    "is that thief robbing again."
)


def add_track_arguments(parser: ArgumentParser) -> None:
    from sleuth.games.stop_thief.scanner import Odds

    default = Odds()
    chance = Bounded(float, 0.0, 1.0)
    add = parser.add_argument
    add("tokens", nargs="+", metavar="TOKEN", help=TOKEN_HELP)
    add("--odds", action="store_true", help="Print each space's probability too.")
    add(
        "--still",
        type=chance,
        default=default.still,
        help="Chance that a CLUE press leaves him still.",
    )
    add(
        "--escape-six",
        type=chance,
        default=default.six,
        help="Chance that an escape runs six moves, not five.",
    )
    add(
        "--flee",
        action=OnOff,
        default=default.flee,
        help="Escape moves never bring him nearer the space the cops came to.",
    )
    add(
        "--gain",
        action=OnOff,
        default=default.gain,
        help="With --flee, each escape move takes him a space farther where it can "
        "(--no-gain: merely never nearer).",
    )


def track(args: Namespace) -> int | None:
    from sleuth.games.stop_thief.scanner import Odds
    from sleuth.games.stop_thief.tracker import (
        NoteError,
        Tracker,
        TrackerError,
        follow,
        parse_notes,
    )

    try:
        notes = parse_notes(args.tokens)
    except NoteError as err:
        print(f"Error: {err}", file=sys.stderr)
        return USAGE_ERROR
    tracker = Tracker(
        odds=Odds(still=args.still, six=args.escape_six, flee=args.flee, gain=args.gain)
    )
    try:
        follow(notes, tracker)
    except TrackerError as err:
        print(f"Error: {err}", file=sys.stderr)
        return NO_THIEF_FITS
    if args.odds:
        for code, p in tracker.distribution().items():
            print(f"{code} {p:.4f}")
    else:
        for code in tracker.possible_spaces():
            print(str(code))

    return None


TRACK = Command(
    "Where can the thief be? Print the possible arrest codes, one per line.",
    add_track_arguments,
    track,
    description="""Where can the thief be? Print the possible arrest codes, one per line.

    Example: `sleuth stop-thief track 1Cr 1dr 1FL 1dr 1GL` prints 148 (the
    rulebook's tracking example as the real scanner shows it; written without the
    digits, `1Cr dr FL dr GL`, it prints 148 too). The scanner's chance of
    letting him escape does not change where he can be, so it is not an option here.""",
)

# The Crime Scanner: `sleuth stop-thief scanner`, and `sleuth scanner` for short.
COMMANDS = {
    "stop-thief": group(
        "Stop Thief tools: the detective's notebook and the Crime Scanner.",
        {"track": TRACK, "scanner": scanner.COMMAND},
    ),
    "scanner": scanner.COMMAND,
}
