"""`sleuth rules GAME`: how to play a game, in the terminal."""

from __future__ import annotations

import typer


def rules(
    game: str = typer.Argument(..., help="The game (see `sleuth games`)."),
) -> None:
    """How to play a game, in the project's own words (the same text as the browser's)."""
    from rich.console import Console
    from rich.markdown import Markdown

    import sleuth

    try:
        text = sleuth.spec(game).guide()
    except sleuth.IllegalAction as err:
        raise typer.BadParameter(str(err), param_hint="GAME") from None
    if text is None:
        raise typer.BadParameter(f"{game} has no guide yet", param_hint="GAME")
    Console().print(Markdown(text))
