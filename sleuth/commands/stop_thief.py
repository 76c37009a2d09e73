"""`sleuth stop-thief ...`: Stop Thief helpers for a player at a real or virtual table."""

from __future__ import annotations

import typer

app = typer.Typer(no_args_is_help=True)
