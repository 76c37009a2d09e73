"""`sleuth print GAME -o kit.pdf`: a game's print-and-play kit as a PDF."""

from __future__ import annotations

from argparse import ArgumentParser, Namespace

from sleuth.commands.base import Command, UsageError


def add_arguments(parser: ArgumentParser) -> None:
    from pathlib import Path  # here, not on import: `sleuth --help` does without it

    parser.add_argument("game", metavar="GAME", help="The game (see `sleuth games`).")
    add = parser.add_argument
    add("--out", "-o", type=Path, default=Path("kit.pdf"), help="The PDF file to write.")
    add("--paper", default="a4", help="a4 or letter.")
    add(
        "--game-number",
        type=int,
        help="Kojak: the set of ten games holding this game (1-50 printed, 51 and up generated).",
    )
    add("--case-set", type=int, help="Manhunt: the case set to print (its number).")


def run(args: Namespace) -> None:
    import sleuth
    from sleuth.printing.paper import paper_named

    try:
        manifest = sleuth.spec(args.game)
    except sleuth.IllegalAction as err:
        raise UsageError(str(err), "GAME") from None
    if not manifest.has("kit"):
        kits = [name for name in sleuth.game_names() if sleuth.spec(name).has("kit")]
        raise UsageError(
            f"{manifest.title} has no print-and-play kit yet (these do: {', '.join(kits)})",
            "GAME",
        )
    try:
        sheet = paper_named(args.paper)
    except ValueError as err:
        raise UsageError(str(err), "--paper") from None
    choices = {
        name: value
        for name, value in (("game_number", args.game_number), ("case_set", args.case_set))
        if value is not None
    }
    build = manifest.load("kit")
    try:
        kit = build(sheet, **choices)
    except TypeError:
        given = ", ".join("--" + name.replace("_", "-") for name in choices)
        raise UsageError(f"{manifest.title}'s kit takes no {given}") from None
    except ValueError as err:
        raise UsageError(str(err)) from None
    pages = kit.write_pdf(args.out)
    print(f"{manifest.title}: wrote {pages} pages ({sheet.name}) to {args.out}")


COMMAND = Command(
    "Make a game's print-and-play kit: its cards, sheets and boards as a PDF to print.",
    add_arguments,
    run,
)
