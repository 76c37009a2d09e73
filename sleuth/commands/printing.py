"""`sleuth print GAME -o kit.pdf`: a game's print-and-play kit as a PDF."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def print_kit(
    game: str = typer.Argument(..., help="The game (see `sleuth games`)."),
    out: Annotated[Path, typer.Option("--out", "-o", help="The PDF file to write.")] = Path(
        "kit.pdf"
    ),
    paper: str = typer.Option("a4", "--paper", help="a4 or letter."),
    game_number: int | None = typer.Option(
        None,
        "--game-number",
        help="Kojak: the set of ten games holding this game (1-50 printed, 51 and up generated).",
    ),
    case_set: int | None = typer.Option(
        None, "--case-set", help="Manhunt: the case set to print (its number)."
    ),
) -> None:
    """Make a game's print-and-play kit: its cards, sheets and boards as a PDF to print."""
    import sleuth
    from sleuth.printing.paper import paper_named

    try:
        manifest = sleuth.spec(game)
    except sleuth.IllegalAction as err:
        raise typer.BadParameter(str(err), param_hint="GAME") from None
    if not manifest.has("kit"):
        kits = [name for name in sleuth.game_names() if sleuth.spec(name).has("kit")]
        raise typer.BadParameter(
            f"{manifest.title} has no print-and-play kit yet (these do: {', '.join(kits)})",
            param_hint="GAME",
        )
    try:
        sheet = paper_named(paper)
    except ValueError as err:
        raise typer.BadParameter(str(err), param_hint="--paper") from None
    choices = {
        name: value
        for name, value in (("game_number", game_number), ("case_set", case_set))
        if value is not None
    }
    build = manifest.load("kit")
    try:
        kit = build(sheet, **choices)
    except TypeError:
        given = ", ".join("--" + name.replace("_", "-") for name in choices)
        raise typer.BadParameter(f"{manifest.title}'s kit takes no {given}") from None
    except ValueError as err:
        raise typer.BadParameter(str(err)) from None
    pages = kit.write_pdf(out)
    typer.echo(f"{manifest.title}: wrote {pages} pages ({sheet.name}) to {out}")
